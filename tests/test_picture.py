"""The board picture: tiles never overlap, every tile is drawn once, the markers are
the engine's contributions and open points one for one, the title is the seed's equation."""

import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from seedtext import moves, positions

import dominolab as dl
from dominolab.examples import example_board
from dominolab.geometry import boxes_overlap, layout, marker_clear
from dominolab.picture import figure_dict, markers
from dominolab.settlement import tally_strokes

RULES = [dl.variant(n) for n in dl.PRESETS]


def random_board(rules, data, doubles_first=False):
    b = dl.Board(rules)
    b.play(data.draw(st.sampled_from(dl.DOUBLE_SIX)))
    while True:
        mv = [(t, p) for t in dl.DOUBLE_SIX for p in b.placements_for(t)]
        if not mv:
            return b
        if doubles_first and any(t.is_double for t, _ in mv) and data.draw(st.booleans()):
            mv = [m for m in mv if m[0].is_double]
        t, at = data.draw(st.sampled_from(mv))
        b.play(t, at)
        if data.draw(st.integers(0, 30)) == 0:
            return b


def touching(a, b):
    """Two rectangles that share a stretch of edge and do not overlap."""
    return not boxes_overlap(a, b) and boxes_overlap(a, b, margin=1e-6)


def check_picture(b):
    geo = layout(b)
    # every tile of the layout drawn exactly once
    assert [x.tile for x in geo.boxes] == b.tiles
    rects = [x.rect for x in geo.boxes]
    for i in range(len(rects)):
        for j in range(i + 1, len(rects)):
            assert not boxes_overlap(rects[i], rects[j]), (geo.boxes[i].tile, geo.boxes[j].tile)
    # markers: filled = contributions, hollow = open points not carrying a number
    ms = markers(b, geo.by_tile)
    assert Counter((m.tile, m.value) for m in ms if m.filled) == Counter(map(tuple, b.contributions()))
    opens = {(p.tile, p.slot, p.value) for p in b.open_points()}
    assert {(m.tile, m.slot, m.point) for m in ms if m.open} == opens
    assert len([m for m in ms if m.open]) == len(opens)
    # the figure's traces carry the same markers
    fig = figure_dict(b)
    counted = next(t for t in fig["data"] if t["name"] == "counted")
    # (a line game counts no end: every open point is drawn hollow, none carries a number)
    shown = b.contributions() if b.rules.placement_scoring else []
    assert sorted(map(int, counted["text"])) == sorted(c.value for c in shown)
    hollow = next(t for t in fig["data"] if t["name"] == "open")
    clickable = {c for c in counted["customdata"] if c} | set(hollow["customdata"])
    assert clickable == {f"{p.tile}:{p.slot}" for p in b.open_points()}
    tiles = next(t for t in fig["data"] if t["name"] == "tiles")
    assert tiles["customdata"] == [str(t) for t in b.tiles]
    # pips: one dot per pip of every tile
    pips = next(t for t in fig["data"] if t["name"] == "pips")
    assert len(pips["x"]) == sum(t.pips for t in b.tiles)
    # no tile is set apart: every tile touches the tile it joins
    assert not [x.tile for x in geo.boxes if x.connector is not None]
    for x in geo.boxes[1:]:
        parent = geo.by_tile[b.parent(x.tile)]
        assert touching(x.rect, parent.rect), (x.tile, parent.tile)
    # aspect ratio fixed
    assert fig["layout"]["yaxis"]["scaleanchor"] == "x" and fig["layout"]["yaxis"]["scaleratio"] == 1
    # a marker stays beside the end it belongs to, even when moved off a tile
    for m in ms:
        p, _ = geo.by_tile[m.tile].anchors[m.slot]
        assert (m.x - p[0]) ** 2 + (m.y - p[1]) ** 2 <= 1.6**2, m


@settings(max_examples=150, deadline=None)
@given(rules=st.sampled_from(RULES), data=st.data())
def test_random_layouts_draw_cleanly(rules, data):
    check_picture(random_board(rules, data))


@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_five_up_layouts_with_many_spinners_and_long_lines_draw_cleanly(data):
    b = random_board(dl.variant("five-up"), data, doubles_first=True)
    check_picture(b)


def test_a_long_line_turns_corners_and_stays_without_overlap():
    b = dl.Board(dl.variant("all-fives").replace(spinners="none"))
    chain = ["0|0", "0|1", "1|1", "1|2", "2|2", "2|3", "3|3", "3|4", "4|4", "4|5", "5|5", "5|6", "6|6"]
    b.play(chain[0])
    for t in chain[1:]:
        b.play(t, b.placements_for(t)[0])
    check_picture(b)
    geo = layout(b)
    assert len({x.axis for x in geo.boxes}) > 1  # it turned
    x0, y0, x1, y1 = geo.bounds
    assert x1 - x0 < 24


@pytest.mark.parametrize("pos", positions(), ids=lambda p: f"{p.placed}-{p.total}")
def test_the_seed_figures_drawn_step_by_step(pos):
    b = dl.Board("all-fives")
    for t, at in moves(pos):
        b.play(t, at)
        check_picture(b)
    fig = dl.draw(b)
    # the title is the seed's equation and the placement's points
    assert fig.layout.title.text == f"{pos.equation} → {pos.points} point{'s' if pos.points != 1 else ''}"
    ms = markers(b)
    assert sorted((str(m.tile), m.value) for m in ms if m.filled) == sorted(pos.contributions)
    hollow = sorted((str(m.tile), m.slot, m.point) for m in ms if not m.filled)
    counted_slots = {(str(m.tile), m.slot) for m in ms if m.filled}
    assert hollow == sorted(p for p in pos.open_points if (p[0], p[1]) not in counted_slots)
    # spinners outlined in orange
    orange = [
        s
        for s in fig.layout.shapes
        if s.type == "path" and s.line.color == dl.picture.THEMES["light"].spinner
    ]
    assert sum(s.path.count("Z") for s in orange) == len(pos.spinners)  # a subpath a spinner


def test_options_highlight_quiz_last_and_theme():
    b = dl.Board("all-fives")
    b.play("3|3")
    b.play("3|5", "3|3:line-a")
    b.play("1|3", "3|3:line-b")
    fig = figure_dict(b, highlight="3|6", show_counts=False, theme="dark")
    assert fig["layout"]["title"]["text"] == "What is the count?"
    # quiz: every end and open point wears the same "?" (a hollow ring would say "counts nothing")
    counted = next(t for t in fig["data"] if t["name"] == "counted")
    hollow = next(t for t in fig["data"] if t["name"] == "open")
    assert set(counted["text"]) == {"?"} and hollow["x"] == []
    assert sorted(c for c in counted["customdata"] if c) == [
        "1|3:low",
        "3|3:branch-a",
        "3|3:branch-b",
        "3|5:high",
    ]
    green = dl.picture.THEMES["dark"].highlight
    rings = [
        c
        for c, col in zip(counted["customdata"], counted["marker"]["line"]["color"], strict=True)
        if col == green
    ]
    assert sorted(rings) == ["3|3:branch-a", "3|3:branch-b"]
    assert fig["layout"]["paper_bgcolor"] == dl.picture.THEMES["dark"].paper
    last = [
        s for s in fig["layout"]["shapes"] if s.get("line", {}).get("color") == dl.picture.THEMES["dark"].last
    ]
    assert len(last) == 1


def test_five_up_title_in_shown_points():
    b = dl.Board("five-up")
    b.play("5|5")
    assert dl.draw(b).layout.title.text == "10 = 10 → 2 shown points"


def test_rich_display_of_a_board():
    b = dl.Board("all-fives")
    b.play("1|4")
    bundle = b._repr_mimebundle_()
    assert "application/vnd.plotly.v1+json" in bundle and "[1|4]" in bundle["text/plain"]


def test_hand_picture_marks_playable_and_selected():
    fig = dl.draw_hand(["1|4", "6|6", "0|0"], selected="6|6", playable=["1|4", "6|6"])
    assert list(fig.data[0].customdata) == ["1|4", "6|6", "0|0"]

    def outlined(kind):  # the tiles around which an edge of that kind is shown
        return {
            str(t)
            for t, cx in zip(fig.data[0].customdata, fig.data[0].x, strict=True)
            for e in fig.layout.shapes
            if e.name == kind and e.visible is not False and abs((e.x0 + e.x1) / 2 - cx) < 1e-9
        }

    assert outlined("playable") == {"1|4"}  # the selected tile is drawn as selected, not playable
    assert outlined("selected") == {"6|6"}
    assert outlined("edge") == set()  # the other tiles' edges are hidden
    edges = [e for e in fig.layout.shapes if e.name in ("playable", "selected", "edge")]
    assert len(edges) == 3  # one per tile, whatever is selected: a selection only shows or hides them
    plain = dl.draw_hand(["1|4", "6|6"])
    assert {e.name for e in plain.layout.shapes if e.visible is not False} == {None}


def test_hand_picture_draws_its_tiles_and_pips_as_three_shapes_whatever_its_size():
    # the bodies, the dividers and the pips are one path each, a subpath a tile or a pip (fewer
    # parts to draw at each placement: a trace of markers styled each pip on its own); each
    # tile keeps an edge of its own, so a pick only shows or hides edges; the one trace is the
    # tiles' click targets
    for n in (1, 7, 26):
        hand = [str(t) for t in dl.DOUBLE_SIX[1 : n + 1]]  # (0|1 first: a hand with pips)
        fig = dl.draw_hand(hand)
        shapes = fig.layout.shapes
        tiles = [s for s in shapes if s.name is None]
        assert len(tiles) == 3
        bodies, dividers, pips = tiles
        assert bodies.path.count("Z") == n and dividers.path.count("M") == n
        assert pips.path.count("M") == sum(dl.Tile(t).pips for t in hand) and pips.fillcolor
        assert len([s for s in shapes if s.name is not None]) == n
        assert [t.name for t in fig.data] == ["tiles"]
    assert [s for s in dl.draw_hand([]).layout.shapes] == []
    assert len(dl.draw_hand(["0|0"]).layout.shapes) == 3  # blanks: no pips, no pips' shape


def test_hand_picture_fits_its_pixels_exactly():
    # the x and y ranges have one scale in pixels (plotly.js would refit a mismatch at each draw)
    for hand in (["1|4"], ["1|4", "6|6", "0|0"], [str(t) for t in dl.DOUBLE_SIX[:20]]):
        fig = dl.draw_hand(hand)
        lay = fig.layout
        (x0, x1), (y0, y1) = lay.xaxis.range, lay.yaxis.range
        pw = lay.width - lay.margin.l - lay.margin.r
        ph = lay.height - lay.margin.t - lay.margin.b
        assert pw / (x1 - x0) == pytest.approx(ph / (y1 - y0), rel=1e-9)


@pytest.mark.parametrize(
    ("points", "unit", "expected"),
    [
        (135, "raw", (2, 7, 0)),
        (50, "raw", (1, 0, 0)),
        (4, "raw", (0, 0, 4)),
        (27, "shown", (2, 7, 0)),
        (12.5, "raw", (0, 2, 2.5)),
        (-3, "shown", (0, 0, 0)),
    ],
)
def test_paper_tally_one_stroke_per_five_raw_ten_strokes_a_symbol(points, unit, expected):
    assert tally_strokes(points, unit) == expected


def test_tally_figure_draws_the_big_x_then_small_xs():
    fig = dl.draw_tally(135)
    assert len(fig.layout.shapes) == 27  # 2 full symbols of 10 strokes + 7 strokes
    assert "135 raw points" in fig.layout.title.text
    assert len(dl.draw_tally(7, unit="shown").layout.shapes) == 7


def test_rich_display_of_a_game_and_a_hand():
    g = dl.Game("all-fives", 2, seed=1)
    g.apply(g.legal_actions()[0])
    bundle = g._repr_mimebundle_()
    assert "application/vnd.plotly.v1+json" in bundle and bundle["text/plain"] == str(g)
    assert "seat" in g.figure().layout.title.text
    h = dl.hand("6|6 1|4")
    assert h._repr_mimebundle_()["text/plain"] == "Hand('6|6 1|4')"


@pytest.mark.parametrize(
    "board",
    [
        pytest.param(lambda: dl.largest("five-up", "score").board, id="five-up-75"),
        pytest.param(lambda: dl.largest("all-fives", "count").board, id="all-fives-36"),
        pytest.param(lambda: dl.largest("all-fives", "score").board, id="all-fives-35"),
        *(pytest.param(lambda n=n: example_board(n), id=n) for n in ("seed", "all-fives", "five-up")),
    ],
)
def test_markers_move_off_tiles_and_each_other(board):
    b = board()
    geo = layout(b)
    rects = [x.rect for x in geo.boxes]
    ms = markers(b, geo.by_tile)
    for i, m in enumerate(ms):
        others = [(n.x, n.y) for n in ms[:i]]
        assert marker_clear((m.x, m.y), rects, others), (m.tile, m.slot)


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda: dl.draw(dl.Board("all-fives"), theme="neon"), "unknown theme 'neon'; known: light, dark"),
        (lambda: dl.draw(dl.Board("all-fives"), scale=0), "scale must be a positive number"),
        (lambda: dl.draw_hand(["1|4"], scale="big"), "scale must be a positive number"),
        (lambda: dl.draw_tally("x"), "cannot tally 'x'"),
        (lambda: dl.draw(dl.Board("all-fives"), min_size=(600,)), "min_size is (width, height) in pixels"),
        (lambda: dl.draw(dl.Board("all-fives"), min_size=(600, -1)), "two whole numbers 0 or more"),
    ],
)
def test_pictures_refuse_bad_options_with_a_clear_error(make, says):
    with pytest.raises(dl.DominolabError, match=re.escape(says)):
        make()


@pytest.mark.parametrize(
    ("points", "unit", "says"),
    [("x", "raw", "cannot tally 'x'"), (float("inf"), "raw", "cannot tally inf"), (5, "cm", "unit must be")],
)
def test_tally_strokes_refuses_what_is_not_a_score_or_a_unit(points, unit, says):
    with pytest.raises(dl.DominolabError, match=says):
        tally_strokes(points, unit)


def test_a_legend_explains_every_symbol_of_the_board_and_only_those_that_apply():
    b = dl.Board("all-fives")
    for t, at in dl.examples.SEED_SEQUENCE[:6]:
        b.play(t, at)
    plain = dl.figure_dict(b)
    keyed = dl.figure_dict(b, legend=True)
    (note,) = keyed["layout"]["annotations"]
    for words in ("an end counted", "counts nothing now", "a spinner", "placed last", "may go"):
        assert words in note["text"]
    assert plain["layout"]["annotations"] == [] and keyed["layout"]["height"] > plain["layout"]["height"]
    line = dl.Board("block")
    line.play("6|6")
    (note,) = dl.figure_dict(line, legend=True)["layout"]["annotations"]
    assert "spinner" not in note["text"] and "an end counted" not in note["text"]  # neither exists there
    (note,) = dl.figure_dict(b, legend=True, show_counts=False)["layout"]["annotations"]
    assert "an end counted" not in note["text"] and "a ?" in note["text"]  # a quiz shows no numbers
    assert "counts nothing" not in note["text"]


def test_a_spinner_placed_last_keeps_both_outlines():
    b = dl.Board("all-fives")
    b.play("3|5")
    b.play("3|3", "3|5:low")  # the spinner, and the last tile
    th = dl.picture.THEMES["light"]
    colors = [s.get("line", {}).get("color") for s in dl.figure_dict(b)["layout"]["shapes"]]
    assert colors.count(th.spinner) == 1 and colors.count(th.last) == 1


def test_a_small_board_with_its_key_is_as_wide_as_the_key():
    """The key is written under the board: a two-tile layout must not cut its lines off."""
    import re

    b = dl.Board("all-fives")
    b.play("1|4")
    b.play("1|1", "1|4:low")
    d = dl.figure_dict(b, legend=True)
    key = d["layout"]["annotations"][0]["text"].split("<br>")
    longest = max(len(re.sub(r"<[^>]+>", "", line)) for line in key)
    assert d["layout"]["width"] >= 7 * longest + 40
    assert dl.figure_dict(b)["layout"]["width"] < d["layout"]["width"]  # only the key widens it


@pytest.mark.parametrize(
    ("largest", "tiles"), [(("five-up", "score"), 24), (("all-fives", "count"), 9)], ids=["75", "36"]
)
def test_the_largest_layouts_bend_their_arms_and_no_tile_is_detached(largest, tiles):
    """Tutorial 03's 75-point five-up layout and the 36 count: no two tiles overlap and
    every tile touches the tile it joins (no dotted connector)."""
    b = dl.largest(*largest).board
    assert len(b.tiles) == tiles
    check_picture(b)
    assert not [s for s in figure_dict(b)["layout"]["shapes"] if s.get("line", {}).get("dash") == "dot"]


def test_crowded_five_up_layouts_of_every_tile_have_no_detached_tile():
    """Whole rounds' layouts of all 28 tiles in five-up (every double a spinner) are the
    crowded ones: seeded boards that the first, greedy layout could not fit."""
    import random

    rng = random.Random(2026)
    searched = 0
    for _ in range(150):
        b = dl.Board("five-up")
        b.play(rng.choice(dl.DOUBLE_SIX))
        while mv := [(t, p) for t in dl.DOUBLE_SIX for p in b.placements_for(t)]:
            b.play(*rng.choice(mv))
        check_picture(b)
        searched += len(b.tiles) > 20
    assert searched > 50


def test_the_green_ring_of_a_terminal_double_is_on_its_free_side_with_the_pips_to_match():
    """A 4|4 at an end adds 8, but a tile placed there must show a 4: the ring says 4."""
    b = dl.Board("all-fives")
    b.play("1|4")
    b.play("4|4", "1|4:high")
    fig = figure_dict(b, highlight="4|6")
    ring = next(t for t in fig["data"] if t["name"] == "target")
    assert ring["text"] == ["4"] and ring["customdata"] == ["4|4:line-b"]
    assert ring["marker"]["line"]["color"] == dl.picture.THEMES["light"].highlight
    counted = next(t for t in fig["data"] if t["name"] == "counted")
    assert sorted(counted["text"]) == ["1", "8"]
    assert dl.picture.THEMES["light"].highlight not in counted["marker"]["line"]["color"]
    (x, y) = ring["x"][0], ring["y"][0]
    box = layout(b).by_tile[dl.Tile("4|4")]
    p, d = box.anchors["line-b"]
    assert (x, y) == (p[0] + 0.5 * d[0], p[1] + 0.5 * d[1])  # where the 4 will lie
    # a non-double's number is the pips to match: its ring stays on the number
    fig = figure_dict(b, highlight="1|6")
    counted = next(t for t in fig["data"] if t["name"] == "counted")
    assert dl.picture.THEMES["light"].highlight in counted["marker"]["line"]["color"]
    assert next(t for t in fig["data"] if t["name"] == "target")["x"] == []


def test_the_seats_picture_puts_partners_opposite_and_play_clockwise():
    f = dl.draw_seats(4)
    (a, b) = f.data
    assert (a.name, b.name) == ("Seats 0+2", "Seats 1+3")
    # partners opposite: their seats' positions are mirror images through the table's centre
    assert (a.x[0], a.y[0]) == (-a.x[1], -a.y[1]) and (b.x[0], b.y[0]) == (-b.x[1], -b.y[1])
    assert len(f.layout.annotations) == 4  # one arrow per seat, to seat + 1
    assert [t.name for t in dl.draw_seats(4, partnerships=False).data] == [
        "Seat 0",
        "Seat 1",
        "Seat 2",
        "Seat 3",
    ]
    assert len(dl.draw_seats(3).data) == 3


@pytest.mark.parametrize("legend", [False, True])
def test_a_narrow_layouts_title_and_key_fit_its_picture_at_the_boards_own_scale(legend):
    """Issue 33, item 7: a narrow layout's long title was cut at both ends ('⁾ + 4 + 6 = 10 →
    2 shown points'), and a picture wider than its layout (a long title or key) left plotly.js
    to fit the ranges to the box, which a redraw in place did by cropping.  The picture is as
    wide as its title and key, and its x range widens with it at the board's own scale."""
    from dominolab.picture import figure_dict

    b = dl.Board("five-up")
    b.play("4|4")
    b.play("4|6", "4|4:line-a")
    d = figure_dict(b, scale=24, legend=legend)
    lay = d["layout"]
    title = lay["title"]["text"]
    assert lay["width"] - 40 >= 0.56 * lay["title"]["font"]["size"] * len(title)
    (x0, x1), (y0, y1) = lay["xaxis"]["range"], lay["yaxis"]["range"]
    x_scale = (lay["width"] - lay["margin"]["l"] - lay["margin"]["r"]) / (x1 - x0)
    y_scale = (lay["height"] - lay["margin"]["t"] - lay["margin"]["b"]) / (y1 - y0)
    assert abs(x_scale - y_scale) < 0.02 * y_scale


def test_a_widgets_board_keeps_its_room_from_the_empty_layout_on_at_the_boards_own_scale():
    """Issue 33, item 9: the playground's and the hot seat's boards started as a postage stamp
    (about 410 x 280 and 270 x 200 px) and grew as tiles came.  With ``min_size`` the picture
    is at least that large from the empty layout on, its ranges widened at the board's scale
    (the box and the ranges agree: nothing for plotly.js to fit)."""
    from dominolab.picture import figure_dict

    b = dl.Board("all-fives")
    sizes = []
    for t, at in [("5|5", None), ("0|5", "5|5:line-a"), ("4|5", "5|5:line-b")]:
        b.play(t, at) if at else b.play(t)
        for board in (dl.Board("all-fives"), b):
            lay = figure_dict(board, scale=36, min_size=(600, 320))["layout"]
            (x0, x1), (y0, y1) = lay["xaxis"]["range"], lay["yaxis"]["range"]
            x_scale = (lay["width"] - lay["margin"]["l"] - lay["margin"]["r"]) / (x1 - x0)
            y_scale = (lay["height"] - lay["margin"]["t"] - lay["margin"]["b"]) / (y1 - y0)
            assert abs(x_scale - y_scale) < 0.02 * y_scale
            assert lay["width"] >= 600 and lay["height"] >= 320
            sizes.append((lay["width"], lay["height"]))
    assert len(set(sizes)) == 1  # a small layout does not change the picture's size


@pytest.mark.parametrize("name", ["five-up", "all-fives", "dominos-cc", "draw", "block", "fives-and-threes"])
def test_an_empty_layouts_title_says_which_tile_may_lead_in_its_game(name):
    """A bare layout (no hands known: an exercise's empty table) says what its game allows: any
    tile where a lot chooses the leader, the highest double held where the rules make it lead
    (it said 'any tile' in dominos-cc, whose exercise asks which tile must lead)."""
    title = dl.figure_dict(dl.Board(name))["layout"]["title"]["text"]
    if dl.preset(name).leader is dl.LeaderRule.HIGHEST_DOUBLE:
        assert title == "Empty layout: the highest double held leads (with none, the heaviest tile)"
    else:
        assert title == "Empty layout: the lead may be any tile"
