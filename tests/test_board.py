"""The layout and the count (RULES.md: Vocabulary, Spinners by preset), checked
against the seeds' worked examples and against cases worked by hand."""

import re

import pytest
from seedtext import DOMINOS_CC_SEED, moves, positions, seed_sentence

import dominolab as dl
from dominolab import Board, IllegalPlacement

SEED_POSITIONS = positions()


def test_the_seed_text_yields_all_its_figures():
    # 11 figures in 002_…txt; a parser that silently found none would pass everything below
    assert len(SEED_POSITIONS) == 11


@pytest.mark.parametrize("pos", SEED_POSITIONS, ids=lambda p: f"{p.placed}-{p.total}")
def test_all_fives_seed_figures_step_by_step(pos):
    b = Board("all-fives")
    for t, at in moves(pos):
        p = b.play(t, at)
    assert p.tile == pos.placed
    assert p.sum == b.end_sum() == pos.total
    assert p.points == pos.points
    assert b.equation() == pos.equation
    assert [tuple(c) for c in b.contributions()] == pos.contributions
    assert sorted(map(tuple, b.open_points())) == sorted(pos.open_points)
    assert b.spinners == pos.spinners
    for parent, pslot, child, cslot in pos.connections:
        assert b.connection(child) == (parent, pslot, b.connection(child).value)
        assert b.connected_at(child) == cslot


def test_rules_md_sequence_sums_and_points():
    # RULES.md restates the seed sequence; every sum and score as written there
    seq = [
        ("1|4", None, 5, 5),
        ("1|1", "1|4:low", 6, 0),
        ("4|4", "1|4:high", 10, 10),
        ("3|4", "4|4:line-b", 5, 5),
        ("1|2", "1|1:line-b", 5, 5),
        ("1|5", "1|1:branch-a", 10, 10),
        ("5|5", "1|5:high", 15, 15),
        ("0|5", "5|5:line-b", 5, 5),
        ("1|3", "1|1:branch-b", 8, 0),
    ]
    b = Board("all-fives")
    for t, at, total, points in seq:
        p = b.play(t, at)
        assert (p.sum, p.points) == (total, points), t
    assert b.spinners == ["1|1"]  # 4|4 and 5|5 came later: ordinary doubles


def test_branch_points_are_open_but_count_zero_once_lines_are_full():
    b = Board("all-fives")
    b.play_all([("1|4", None), ("1|1", "1|4:low"), ("4|4", "1|4:high"), ("3|4", "4|4:line-b")])
    b.play("1|2", "1|1:line-b")
    assert ("1|1", "branch-a", 1) in b.open_points() and ("1|1", "branch-b", 1) in b.open_points()
    assert all(c.tile != "1|1" for c in b.contributions())
    assert b.end_sum() == 5


@pytest.mark.parametrize("name", dl.PRESETS)
def test_lead_tile_counts_both_halves(name):
    assert Board(name).play("1|4").sum == 5
    assert Board(name).play("2|2").sum == 4
    assert Board(name).play("2|2").points == 0
    assert Board(name).play("0|0").points == 0


def test_dominos_cc_page_examples():
    # "Extremos 5 y 3: juegas 3|0 sobre el 3 ... suman 5 y te anotas 5"
    b = Board("dominos-cc")
    b.play("3|5")
    assert b.play("0|3", "3|5:low").points == 5
    # "Extremos 6 y 1: juegas 1|4 sobre el 1 ... suman 10"
    b = Board("dominos-cc")
    b.play("1|6")
    assert b.play("1|4", "1|6:low").points == 10
    # "Extremos 4 y 3: juegas el doble 3|3 ... (6) más el 4: suman 10"
    b = Board("dominos-cc")
    b.play("3|4")
    assert b.play("3|3", "3|4:low").points == 10
    # "Extremos 6 y 2: juegas 2|5 sobre el 2 ... suman 11 ... no te anotas nada"
    b = Board("dominos-cc")
    b.play("2|6")
    p = b.play("2|5", "2|6:low")
    assert (p.sum, p.points) == (11, 0)
    # "un 5|5 abre con 10 puntos"; "un 4|4 en el extremo vale 8"
    assert Board("dominos-cc").play("5|5").points == 10
    b = Board("dominos-cc")
    b.play("1|4")
    b.play("4|4", "1|4:high")
    assert dict(b.contributions())["4|4"] == 8


def test_five_up_shows_raw_over_five():
    b = Board("five-up")
    p = b.play("5|5")
    assert (p.sum, p.raw, p.points) == (10, 10, 2)
    b.play("0|5", "5|5:line-a")
    p = b.play("4|5", "5|5:line-b")
    assert (p.sum, p.points) == (4, 0)


def test_five_up_lead_double_is_a_spinner_that_opens_after_both_lines():
    b = Board("five-up")
    b.play("5|5")
    assert b.spinners == ["5|5"]
    assert {p.slot for p in b.open_points()} == {"line-a", "line-b"}
    b.play("0|5", "5|5:line-a")
    assert b.why_not("5|6", "5|5:branch-a") is not None
    p = b.play("4|5", "5|5:line-b")
    assert ("5|5", "branch-a", 5) in b.open_points() and ("5|5", "branch-b", 5) in b.open_points()
    assert p.sum == 0 + 4  # the spinner is internal, its branches count nothing
    p = b.play("5|6", "5|5:branch-a")
    assert (p.sum, p.points) == (10, 2)


def test_five_up_double_on_a_branch_opens_its_own_branches():
    b = Board("five-up")
    b.play_all([("5|5", None), ("0|5", "5|5:line-a"), ("4|5", "5|5:line-b"), ("5|6", "5|5:branch-a")])
    p = b.play("6|6", "5|6:high")
    assert p.spinner and b.spinners == ["5|5", "6|6"]
    assert p.sum == 0 + 4 + 12
    assert not any(o.tile == "6|6" and o.slot.startswith("branch") for o in b.open_points())
    p = b.play("1|6", "6|6:line-b")
    assert (p.sum, p.points) == (0 + 4 + 1, 1)
    assert ("6|6", "branch-a", 6) in b.open_points() and ("6|6", "branch-b", 6) in b.open_points()
    p = b.play("2|6", "6|6:branch-b")
    assert (p.sum, p.points) == (0 + 4 + 1 + 2, 0)


def test_all_fives_later_double_on_a_branch_is_not_a_spinner():
    b = Board("all-fives")
    b.play_all([("5|5", None), ("0|5", "5|5:line-a"), ("4|5", "5|5:line-b"), ("5|6", "5|5:branch-a")])
    p = b.play("6|6", "5|6:high")
    assert not p.spinner and b.spinners == ["5|5"]
    b.play("1|6", "6|6:line-b")
    assert not any(o.tile == "6|6" for o in b.open_points())
    with pytest.raises(IllegalPlacement, match="not a spinner"):
        b.play("2|6", "6|6:branch-a")


def test_first_double_is_the_spinner_even_when_it_is_not_the_lead():
    b = Board("dominos-cc")
    b.play("1|4")
    assert b.play("4|4", "1|4:high").spinner
    assert not b.play("1|1", "1|4:low").spinner
    assert b.spinners == ["4|4"]


def test_undo_of_the_spinner_lets_the_next_double_be_the_spinner():
    b = Board("all-fives")
    b.play("1|4")
    b.play("4|4", "1|4:high")
    b.undo()
    assert b.play("1|1", "1|4:low").spinner


def test_sides_first_switch_off_opens_branches_at_once():
    r = dl.variant("all-fives").replace(spinner_sides_first=False)
    b = Board(r)
    b.play("3|3")
    assert {p.slot for p in b.open_points()} == {"line-a", "line-b", "branch-a", "branch-b"}
    p = b.play("3|5", "3|3:branch-a")
    assert p.sum == 6 + 5  # the double still has free line slots: terminal, counts 6


def test_dominos_cc_spinner_branches_open_as_soon_as_it_is_on_the_table():
    # 004_…txt: "Una vez en la mesa, se pueden colocar fichas por arriba y por abajo además de en
    # los dos extremos de la línea, así que puede haber hasta cuatro extremos abiertos a la vez."
    said = seed_sentence(DOMINOS_CC_SEED, "Una vez en la mesa")
    assert "por arriba y por abajo" in said and "hasta cuatro extremos abiertos a la vez" in said
    b = Board("dominos-cc")
    b.play("5|5")  # the first double: the spinner; above and below are open at once
    assert {(str(p.tile), p.slot) for p in b.open_points()} == {
        ("5|5", "line-a"),
        ("5|5", "line-b"),
        ("5|5", "branch-a"),
        ("5|5", "branch-b"),
    }
    p = b.play("0|5", "5|5:branch-a")  # RULES.md: still terminal, so 10 + 0 = 10 -> 10 points
    assert (p.sum, p.points) == (10, 10)
    b.play("1|5", "5|5:branch-b")
    b.play("2|5", "5|5:line-a")
    # four ends open at once: 5|5:line-b, and the outer halves of 0|5, 1|5, 2|5
    assert len(b.open_points()) == 4 and b.end_sum() == 10 + 0 + 1 + 2
    assert b.play("3|5", "5|5:line-b").sum == 0 + 1 + 2 + 3  # both lines taken: internal


@pytest.mark.parametrize("name", ["five-up", "all-fives"])
def test_five_up_and_all_fives_open_the_branches_only_after_both_line_slots(name):
    b = Board(name)
    b.play("5|5")
    assert b.why_not("0|5", "5|5:branch-a").endswith("(line-a and line-b still free)")


def test_internal_spinner_with_four_started_branches_counts_only_outer_ends():
    b = Board("all-fives")
    b.play_all([("6|6", None), ("5|6", "6|6:line-a"), ("4|6", "6|6:line-b"), ("3|6", "6|6:branch-a")])
    b.play("2|6", "6|6:branch-b")
    assert b.end_sum() == 5 + 4 + 3 + 2


def test_points_for_and_sum_after_do_not_change_the_board():
    b = Board("all-fives")
    b.play("1|4")
    before = (b.open_points(), b.contributions(), b.end_sum(), b.tiles)
    assert b.points_for("1|6", ("1|4", "low")) == 10
    assert b.points_for("4|4", ("1|4", "high")) == 0
    assert b.sum_after("4|4", ("1|4", "high")) == 9
    assert (b.open_points(), b.contributions(), b.end_sum(), b.tiles) == before


def test_at_accepts_tuple_string_and_open_point():
    for at in [("1|4", "low"), "1|4:low", dl.OpenPoint(dl.Tile("1|4"), "low", 1), ["4|1", "low"]]:
        b = Board("all-fives")
        b.play("1|4")
        assert b.play("1|1", at).at == ("1|4", "low", 1)


def test_placements_for_lists_matching_open_points():
    b = Board("all-fives")
    b.play("1|4")
    assert b.placements_for("4|6") == [("1|4", "high", 4)]
    assert b.placements_for("1|4") == []
    assert b.placements_for("2|3") == []
    assert b.placements_for("1|1") == [("1|4", "low", 1)]


# -- bad input: a clear error, nothing changed -----------------------------------------


def _snapshot(b):
    return (b.tiles, b.open_points(), b.counted_ends(), b.end_sum(), b.spinners, len(b.placements))


def _board():
    b = Board("all-fives")
    b.play_all([("1|4", None), ("1|1", "1|4:low")])
    return b


@pytest.mark.parametrize(
    ("tile", "at", "message"),
    [
        ("1|4", "1|1:line-b", "1|4 is already on the layout"),
        ("4|6", "1|1:line-b", r"4\|6 does not match 1\|1:line-b \(1\)"),
        ("1|2", "1|1:branch-a", "branches of spinner 1|1 open only once both line slots"),
        ("1|2", "1|4:low", "1|4:low is already taken by 1|1"),
        ("1|2", "1|1:line-a", "1|1 is connected to 1|4 by its line-a"),
        ("4|5", "1|4:line-b", "1|4 is not a double"),
        ("2|6", "6|6:line-b", "6|6 is not on the layout"),
        ("2|3", None, "the round already has its lead"),
        ("7|1", "1|1:line-b", "cannot read tile '7|1'"),
        ("1|", "1|1:line-b", "cannot read tile '1|'"),
        ("abc", "1|1:line-b", "cannot read tile 'abc'"),
        ("1|2", "1|1:side", "unknown slot 'side'.*known slots: high, low, line-a"),
        ("1|2", "1|1", "cannot read point '1|1'"),
        ("1|2", 42, "cannot read point 42"),
    ],
)
def test_illegal_placement_is_refused_with_a_reason_and_changes_nothing(tile, at, message):
    b = _board()
    before = _snapshot(b)
    with pytest.raises(dl.DominolabError, match=message) as e:
        b.play(tile, at)
    assert isinstance(e.value, ValueError)
    assert _snapshot(b) == before
    assert b.can_play(tile, at) is False


def test_a_placement_on_an_empty_board_needs_no_point():
    with pytest.raises(IllegalPlacement, match=re.escape("layout is empty, so 1|1 must lead")):
        Board("all-fives").play("1|1", "1|4:low")


def test_undo_on_an_empty_board_is_refused():
    with pytest.raises(IllegalPlacement, match="nothing to undo"):
        Board("five-up").undo()


def test_text_forms():
    b = _board()
    assert repr(b) == "<Board all-fives [1|4 1|1@1|4:low] sum=6>"
    s = str(b)
    assert "[1|4]" in s and "[1|1] (spinner)" in s and "count: 2 + 4 = 6 -> 0" in s


def test_copy_is_independent():
    b = _board()
    c = b.copy()
    c.play("1|2", "1|1:line-b")
    assert len(b) == 2 and len(c) == 3


def test_the_placement_notation_reads_back_what_it_writes():
    """One reader (parse_placement) and one writer (placement_text) of 'tile@tile:slot'."""
    from dominolab.board import parse_placement, placement_text

    for t in dl.DOUBLE_SIX:
        assert parse_placement(placement_text(t)) == (t, None)
        for s in dl.SLOTS:
            text = placement_text(t, ("1|4", s))
            assert text == f"{t}@1|4:{s}" and parse_placement(text) == (t, (dl.Tile("1|4"), s))
            assert str(dl.Action.parse(text)) == text
    for bad in ("1|4@", "1|4@1|4", "1|4@1|4:top", "7|7", 14):
        with pytest.raises(dl.DominolabError):
            parse_placement(bad)
