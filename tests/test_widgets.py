"""The widgets driven from Python the way the front end drives them: clicks on the
plotly traces (dispatched through plotly's own on_click machinery) and button handlers.
Every widget, every preset, refusals included."""

import json
import re

import pytest

import dominolab as dl
from dominolab.examples import SEED_SEQUENCE
from dominolab.widgets import GameTable, Playground, Replayer, VariantComparison

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def click(trace, customdata):
    """A click on the point of ``trace`` whose customdata is given, as the page reports it
    (plotly.js sets the figure's ``_js2py_pointsCallback``: the trace's and the point's index)."""
    i = list(trace.customdata).index(customdata)
    trace.parent._js2py_pointsCallback = {
        "event_type": "plotly_click",
        "points": {"trace_indexes": [trace._trace_ind], "point_indexes": [i], "xs": [0.0], "ys": [0.0]},
        "device_state": None,
        "selector": None,
    }


def open_trace(view, point):
    for tr in view.fig.data[2:]:
        if point in list(tr.customdata):
            return tr
    raise AssertionError(f"{point} is not clickable: {[list(t.customdata) for t in view.fig.data[2:]]}")


def title(view):
    return view.fig.layout.title.text


@pytest.mark.parametrize("name", dl.FIVES_GAMES)
def test_playground_click_tile_then_point_places_and_updates_picture_and_panel(name):
    pg = Playground(name)
    click(pg.hand_view.fig.data[0], "1|4")
    assert pg.selected == "1|4"
    click(open_trace(pg.board_view, "lead"), "lead")
    assert pg.board.tiles == ["1|4"] and "1|4" not in pg.hand
    assert title(pg.board_view).startswith("4 + 1 = 5 → ")
    click(pg.hand_view.fig.data[0], "1|1")
    hollow = pg.board_view.fig.data[3]
    green = dl.picture.THEMES["light"].highlight
    lit = [c for c, col in zip(hollow.customdata, hollow.marker.line.color, strict=True) if col == green]
    counted = pg.board_view.fig.data[2]
    lit += [c for c, col in zip(counted.customdata, counted.marker.line.color, strict=True) if col == green]
    assert lit == ["1|4:low"]
    click(open_trace(pg.board_view, "1|4:low"), "1|4:low")
    six = "2" if name == "fives-and-threes" else "0"  # 6 scores two threes there, nothing in fives
    assert title(pg.board_view).startswith(f"2 + 4 = 6 → {six}")
    assert "6" in pg.panel.value and "terminal double counts both halves" in pg.panel.value
    assert pg.board.spinners == ([] if name == "fives-and-threes" else ["1|1"])  # no spinner in a line


@pytest.mark.parametrize("name", dl.PRESETS)
def test_playground_refusals_say_why_and_change_nothing(name):
    pg = Playground(name, moves=[("1|4", None)])
    before = (pg.board.tiles, list(pg.hand), title(pg.board_view))
    pg.select("2|3")
    assert "2|3 does not play: no open point shows a 2 or a 3" in pg.message
    pg.click_point("1|4:high")
    assert "Pick a tile from the hand first" in pg.message
    pg.select("1|4")
    assert "already on the layout" in pg.message
    pg.select("9|9")
    assert "cannot read tile" in pg.message
    pg.select("4|6")
    pg.click_point("1|4:low")
    assert "4|6 does not match 1|4:low (1)" in pg.message
    assert (pg.board.tiles, title(pg.board_view)) == (before[0], before[2])
    pg.undo()
    pg.undo()
    assert "Nothing to undo" in pg.message
    pg.redo()
    pg.redo()
    assert "Nothing to redo" in pg.message


def test_playground_keyboard_list_undo_redo_reset():
    pg = Playground("all-fives", moves=[("1|4", None)])
    pg.select("4|4")
    assert [o[1] for o in pg.points.options] == ["1|4:high"]
    pg.place_selected()
    assert pg.board.end_sum() == 9
    pg.undo()
    assert pg.board.end_sum() == 5 and "4|4" in pg.hand
    pg.redo()
    assert pg.board.end_sum() == 9
    pg.reset()
    assert pg.board.tiles == ["1|4"] and len(pg.hand) == 27


def test_playground_given_hand_and_quiz():
    pg = Playground("five-up", hand=["5|5", "0|5"], quiz=True)
    assert pg.hand == ["0|5", "5|5"] or sorted(pg.hand) == ["0|5", "5|5"]
    pg.select("5|5")
    pg.click_point("lead")
    assert title(pg.board_view) == "What is the count?" and "Quiz" in pg.panel.value
    assert pg.check(9) is False and "Not quite" in pg.message
    assert pg.check(10) is True and "10 = 10 → 2 shown points" in pg.message
    pg.set_quiz(False)
    assert title(pg.board_view).startswith("10 = 10")


def test_playground_switching_rules_replays_and_says_what_is_refused():
    pg = Playground("five-up")
    for t, at in [
        ("5|5", None),
        ("0|5", "5|5:line-a"),
        ("4|5", "5|5:line-b"),
        ("5|6", "5|5:branch-a"),
        ("6|6", "5|6:high"),
        ("1|6", "6|6:line-b"),
        ("2|6", "6|6:branch-a"),
    ]:
        pg.place(t, at)
    assert len(pg.board) == 7
    pg.preset.value = "all-fives"  # the dropdown, as a learner changes it
    assert pg.board.rules.name == "all-fives" and len(pg.board) == 6
    assert "6|6 is not a spinner" in pg.message


@pytest.mark.parametrize("name", dl.VARIANTS)
def test_variant_comparison_scores_one_sequence_three_ways(name):
    moves = [
        ("5|5", None),
        ("0|5", "5|5:line-a"),
        ("4|5", "5|5:line-b"),
        ("5|6", "5|5:branch-a"),
        ("6|6", "5|6:high"),
        ("1|6", "6|6:line-b"),
        ("2|6", "6|6:branch-a"),
    ]
    vc = VariantComparison(moves, hands=[[], ["0|1"], ["1|2"]], domino_seat=0)
    fu, af = vc.results["five-up"], vc.results["all-fives"]
    assert len(fu) == 7 and all(isinstance(p, dl.Placement) for p in fu)
    assert isinstance(af[-1], str) and "not a spinner" in af[-1]
    assert fu[0].points == 2 and af[0].points == 10  # 10 raw: 2 shown points in five-up
    assert "refused" in vc.table.value
    for name in dl.VARIANTS:  # each preset's spinner rule, in the engine's words
        assert f"<b>{name}</b>: {dl.variant(name).spinner_text}" in vc.table.value
    assert "five-up" in vc.settlement.value and "pooled" in vc.settlement.value
    vc.step.value = 1
    assert title(vc.views[name]).startswith("10 = 10")
    assert "spinners: 5|5" in vc.labels[name].value


@pytest.mark.parametrize("name", dl.LINE_GAMES)
def test_playground_in_a_line_game_shows_the_open_ends_and_no_points(name):
    pg = Playground(name)
    pg.place("5|5")
    assert title(pg.board_view) == f"open ends 5 and 5<br>{name}: placing scores nothing"
    assert pg.message == "5|5 leads: open ends 5 and 5."
    assert "placing scores nothing" in pg.panel.value and "multiple of 5" not in pg.panel.value
    assert list(pg.board_view.fig.data[2].x) == []  # no end is drawn as counted
    assert pg.place("5|6", "5|5:branch-a") is None and "5|5:branch-a" in pg.message


def test_variant_comparison_of_a_line_game_beside_a_fives_game():
    moves = [("5|5", None), ("0|5", "5|5:line-a"), ("4|5", "5|5:line-b"), ("5|6", "5|5:branch-a")]
    vc = VariantComparison(moves, hands=[[], ["0|1"], ["1|2"]], domino_seat=0, presets=("block", "all-fives"))
    bl, af = vc.results["block"], vc.results["all-fives"]
    assert [p.points for p in bl[:3]] == [0, 0, 0] and [p.points for p in af] == [10, 10, 0, 10]
    assert isinstance(bl[3], str) and isinstance(af[3], dl.Placement)  # block has no spinner
    assert vc.total("block") == 0
    assert "<b>block</b>: no double is a spinner" in vc.table.value
    assert "not rounded" in vc.settlement.value


def test_variant_comparison_of_the_seed_sequence():
    vc = VariantComparison(SEED_SEQUENCE)
    assert vc.total("all-fives") == 5 + 0 + 10 + 5 + 5 + 10 + 15 + 5 + 0
    assert vc.total("dominos-cc") == vc.total("all-fives")
    # five-up: 4|4 and 5|5 are spinners too, so 3|4 on 4|4:line-b ... still legal; scores /5
    assert all(not isinstance(r, str) for r in vc.results["five-up"])


def test_variant_comparison_refuses_final_hands_holding_a_placed_tile():
    # 1|4 leads the seed's layout, so no seat can still hold it when the round is settled
    with pytest.raises(dl.DominolabError, match=re.escape("1|4 is held by seat 1 but is on the layout")):
        VariantComparison(SEED_SEQUENCE, hands=[[], ["1|4"]], domino_seat=0)


@pytest.mark.parametrize("name", dl.PRESETS)
def test_game_table_plays_by_clicks_and_bots_answer(name):
    gt = GameTable(name, 2, seed=5)
    g = gt.game
    if g.to_move != 0:
        gt.run_bots()
    assert g.to_move == 0 or g.is_over
    acts = g.legal_actions()
    a = acts[0]
    if a.act == "play":
        click(gt.hand_view.fig.data[0], str(a.tile))
        if g.board.tiles:  # not a lead: now the point
            if gt.game.to_move == 0 and gt.selected is not None:
                click(open_trace(gt.board_view, f"{a.at[0]}:{a.at[1]}"), f"{a.at[0]}:{a.at[1]}")
    elif a.act == "draw":
        gt.draw_button.click()
    else:
        gt.pass_button.click()
    assert any(line.startswith("seat 0") for line in gt.log)
    n = len(gt.log)
    gt.run_bots()
    assert g.is_over or g.to_move == 0
    if len(gt.log) > n:
        assert any("(greedy)" in line for line in gt.log[n:])


def test_game_table_refusals():
    gt = GameTable("all-fives", 2, seed=5)
    g = gt.game
    if g.to_move == 0:
        gt.next_button.click()
        assert "It is your turn" in gt.message
    else:
        gt.select(g.hands[0][0])
        assert "turn (greedy): press 'next'" in gt.message
        gt.run_bots()
    before = (g.board.tiles, list(g.hands[0]))
    acts = g.legal_actions()
    if acts[0].act == "play" and not g.board.is_empty:
        gt.draw()
        assert "must play when able" in gt.message and "drawing is not allowed" in gt.message
        gt.pass_turn()
        assert "must play when able" in gt.message
        dead = [t for t in g.hands[0] if not g.board.placements_for(t)]
        if dead:
            gt.select(dead[0])
            assert "does not play" in gt.message
        gt.click_point("6|6:line-b")
        assert "Pick a tile" in gt.message
    assert (g.board.tiles, list(g.hands[0])) == before


def test_game_table_drawn_tile_must_be_played():
    a = ["6|6", "0|0", "0|1", "0|2", "0|3", "0|4", "0|5", "1|1", "1|2"]
    b = ["1|3", "1|4", "1|5", "2|2", "2|3", "2|4", "2|5", "3|3", "3|4"]
    rest = [t for t in dl.DOUBLE_SIX if t not in a + b + ["4|4", "3|6"]]
    gt = GameTable("all-fives", 2, seed=1)
    gt.game = dl.Game("all-fives", 2, hands=[b, a], boneyard=["4|4", "3|6", *rest], leader=1)
    gt.game.apply("6|6")  # seat 1 leads the double six; seat 0 holds no 6
    gt._refresh()
    gt.select("1|3")
    assert "Nothing in your hand plays, so draw" in gt.message
    gt.draw_button.click()
    assert "You drew 4|4: it does not play. Draw again." in gt.message
    gt.draw_button.click()
    assert "You drew 3|6: it plays, so place it now" in gt.message and gt.selected == "3|6"
    gt.select("1|3")
    assert "must be placed at once" in gt.message
    gt.pass_turn()
    assert "must be placed" in gt.message
    click(open_trace(gt.board_view, "6|6:line-a"), "6|6:line-a")
    assert gt.game.board.tiles == ["6|6", "3|6"]


def test_game_table_hint_save_and_round_settlement(tmp_path):
    gt = GameTable("dominos-cc", 3, seed=2, bots=["greedy", "random", "greedy"])
    for _ in range(400):
        if gt.game.is_over or len(gt.game.rounds) > 1:
            break
        if gt.game.to_move == 0:
            assert gt.hint().startswith("greedy would")
            acts = gt.game.legal_actions()
            gt._play(acts[0])
        else:
            gt.next()
    assert "Round 1" in gt.settlement.value
    path = gt.save(str(tmp_path / "g.json"))
    assert dl.load_records(path)[0]["variant"] == "dominos-cc"
    assert gt.save(str(tmp_path / "no" / "such" / "dir.json")) == "" and "Cannot save" in gt.message


def test_game_table_new_game_from_controls():
    gt = GameTable("all-fives", 2, seed=1)
    gt.preset.value = "five-up"
    gt.players.value = 4
    gt.partner.value = False
    gt.new_button.click()
    assert gt.game.rules.preset == "five-up" and gt.game.players == 4 and len(gt.game.sides) == 4
    gt.tally.value = True  # the scoreboard as the paper tally
    assert "you" in gt.scoreboard.value


def test_game_table_draws_the_paper_tally_again_only_when_it_changes(monkeypatch):
    """Issue 33, item 10: the tally box was cleared (two messages to the page, and the tally
    drawn again when shown) at every refresh — every click of the table."""
    gt = GameTable("all-fives", 2, seed=1)
    cleared: list[int] = []
    monkeypatch.setattr(gt.tally_box, "clear_output", lambda *a, **k: cleared.append(1))
    gt.hint()
    gt._refresh()
    assert cleared == []  # nothing in it changed
    gt.tally.value = True
    assert cleared == [1]  # switched on: drawn
    gt._refresh()
    assert cleared == [1]
    before = gt.game.scores
    while gt.game.scores == before:  # play on until a score changes: drawn again
        gt._play(gt.game.legal_actions()[0]) if gt.game.to_move == 0 else gt.next()
    assert cleared == [1, 1]
    gt.tally.value = False
    assert cleared == [1, 1, 1]  # switched off: cleared


def test_game_table_enables_only_the_controls_of_the_chosen_player_count():
    gt = GameTable("all-fives", 2, seed=1)
    enabled = lambda: [not b.disabled for b in gt.bot_choice]  # noqa: E731
    assert enabled() == [False, True, False, False]  # seat 0 is you; seats 2 and 3 are not playing
    assert gt.partner.disabled
    gt.players.value = 4
    assert enabled() == [False, True, True, True] and not gt.partner.disabled
    assert gt.partner.value  # all-fives plays in partnerships at four
    gt.preset.value = "dominos-cc"
    assert not gt.partner.value  # dominos-cc: each for themselves, unless switched on
    gt.new_button.click()
    assert gt.game.players == 4 and len(gt.game.sides) == 4
    you_second = GameTable("all-fives", 3, seed=1, seat=1)
    assert [not b.disabled for b in you_second.bot_choice] == [True, False, True, False]


def test_replayer_steps_forward_back_and_by_slider(tmp_path):
    g = dl.play_game("all-fives", 2, ["greedy", "random"], seed=4)
    rec = dl.game_to_record(g)
    p = tmp_path / "g.jsonl"
    dl.dump_records([rec], p)
    for source in (rec, str(p)):
        r = Replayer(source)
        n = sum(len(x["actions"]) + 1 for x in rec["rounds"])
        assert len(r.states) == n
        assert "Round 1: seat" in r.info.value
        r.forward()
        assert r.index == 1 and "action 1" in r.info.value and len(r.board_at(1)) == 1
        r.buttons[3].click()
        assert r.index == n - 1 and "ended by" not in r.info.value
        end = rec["rounds"][-1]["end"]["reason"]  # the last step says how the game ended, in words
        assert (
            "reaches the target: the game ends at once" if end == "target" else "Round over"
        ) in r.info.value
        r.slider.value = 3
        assert r.index == 3 and len(r.board_at(3).tiles) >= 1
        r.back()
        assert r.index == 2
        r.buttons[0].click()
        r.back()
        assert r.index == 0


def test_replayer_refuses_a_bad_file(tmp_path):
    p = tmp_path / "bad.json"
    p.write_text(json.dumps({"format": "x"}))
    with pytest.raises(dl.InvalidRecord):
        Replayer(str(p))


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda: Playground("all-fives", hand=5), "cannot read tiles from 5"),
        (lambda: Playground("all-fives", scale=-1), "scale must be a positive number"),
        (lambda: GameTable("all-fives", players=7), "played by 2 to 4 players, not 7"),
        (lambda: GameTable("all-fives", players=2, seat=3), "seat 3 is not a seat of 2 players"),
    ],
)
def test_widgets_refuse_bad_arguments_with_a_clear_error(make, says):
    with pytest.raises(dl.DominolabError, match=re.escape(says)):
        make()


def test_a_playground_hand_may_be_written_as_a_string():
    assert Playground("all-fives", hand="1|4 6|6").hand == ["1|4", "6|6"]


def test_a_figure_widgets_synced_state_is_always_what_it_shows():
    # a page that connects late (Voila, a reload) draws the synced state, not the edits sent
    # before it: after every interaction the state must be the whole current figure
    pg = Playground("all-fives", moves=dl.examples.SEED_SEQUENCE[:3])
    views = (pg.hand_view.fig, pg.board_view.fig)

    def in_step():
        for fig in views:
            state = fig.to_dict()
            assert fig.state.data == state["data"] and fig.state.layout == state["layout"]

    in_step()
    assert pg.hand_view.fig.state.layout["title"]["text"].startswith("Hand: 25 tiles")
    pg.select("3|4")
    in_step()
    pg.place("3|4", "4|4:line-b")
    in_step()
    pg.undo()
    in_step()
    vc = VariantComparison(dl.examples.SEED_SEQUENCE)
    vc.step.value = 4
    for view in vc.views.values():
        assert view.fig.state.data == view.fig.to_dict()["data"]
        assert len(view.fig.state.data[1]["customdata"]) == 4


def test_each_update_reaches_the_page_through_the_figures_plain_state_model():
    """Issue 32: anywidget drops every message to a model whose module took over 2 s to start
    (a busy page): a hand in a browser test kept the tile just played.  So a figure's own
    (anywidget) model gets no message after it is made; each update goes, whole, to the
    figure's FigureState — a plain ipywidgets model — as one message with a new revision,
    which every view draws; an update that changes nothing sends nothing."""
    import ipywidgets as w

    from dominolab.widgets import FigureState

    pg = Playground("all-fives", moves=dl.examples.SEED_SEQUENCE[:3])
    figs = {"hand": pg.hand_view.fig, "board": pg.board_view.fig}
    sent: dict[str, list[dict]] = {name: [] for name in [*figs, "hand state", "board state"]}
    for name, fig in figs.items():
        assert type(fig.state) is FigureState and isinstance(fig.state, w.Widget)
        assert fig.state.get_state()["_model_name"] == "WidgetModel"  # ipywidgets' own, no anywidget
        assert fig._state_id == fig.state.model_id
        fig._send = lambda msg, buffers=None, name=name: sent[name].append(msg)
        fig.state._send = lambda msg, buffers=None, name=name: sent[f"{name} state"].append(msg["state"])
    before = pg.hand_view.fig.state.revision
    pg.select("3|4")
    pg.place("3|4", "4|4:line-b")
    assert sent["hand"] == [] and sent["board"] == []  # nothing to the anywidget models
    for name, fig in figs.items():
        msgs = sent[f"{name} state"]
        assert msgs, f"the {name} was not sent"
        page = {"data": None, "layout": None}  # what the page's state model holds
        for state in msgs:
            assert "revision" in state and set(state) <= {"data", "layout", "revision"}
            page.update(state)
        whole = fig.to_dict()
        assert page["revision"] == fig.state.revision and page["data"] == whole["data"]
        assert page["layout"] in (None, whole["layout"]) and fig.state.layout == whole["layout"]
    assert pg.hand_view.fig.state.revision == before + 2  # the pick, then the placement
    assert "3|4" not in str(pg.hand_view.fig.state.data)  # the tile left the hand
    n = sum(map(len, sent.values()))
    for fig in figs.values():
        fig.layout.title = fig.layout.title  # nothing changed: nothing sent
    assert sum(map(len, sent.values())) == n
    state = pg.hand_view.fig.state
    pg.hand_view.fig.close()  # the state goes with its figure
    assert state.comm is None


def _record_figure_messages(figs: dict) -> list[tuple[str, dict]]:
    """What the kernel sends, in order: the batch's messages and each figure state's own."""
    from dominolab.widgets import figure_batch

    sent: list[tuple[str, dict]] = []
    figure_batch()._send = lambda msg, buffers=None: sent.append(("batch", msg["content"]))
    for name, fig in figs.items():
        fig.state._send = lambda msg, buffers=None, name=name: sent.append((name, msg["state"]))
    return sent


def test_a_click_changing_the_board_and_the_hand_sends_both_in_one_message_first():
    """Issue 35: the page drew the board, painted it, then took the hand's message (the hand
    10-25 ms after the board).  A click's new states go first in one message of the kernel's
    FigureBatch (the page draws every figure in it in one go), then as each state's own
    message, as before (a page that missed the batch is brought up to date by them)."""
    from dominolab.widgets import figure_batch

    pg = Playground("all-fives", moves=dl.examples.SEED_SEQUENCE[:3])
    figs = {"hand": pg.hand_view.fig, "board": pg.board_view.fig}
    for fig in figs.values():
        assert fig._batch_id == figure_batch().model_id  # the page listens to it
    sent = _record_figure_messages(figs)
    pg.select("3|4")
    pg.place("3|4", "4|4:line-b")
    kinds = [k for k, _ in sent]
    assert kinds == ["batch", "board", "hand"] * 2, kinds  # the pick, then the placement
    for i in (0, 3):
        batch = sent[i][1]["states"]
        own = {name: msg for name, msg in sent[i + 1 : i + 3]}
        assert set(batch) == {figs["board"].state.model_id, figs["hand"].state.model_id}
        for name, fig in figs.items():
            got = batch[fig.state.model_id]
            assert set(got) == {"data", "layout", "revision"}
            assert got["revision"] == own[name]["revision"]  # the same state, twice
            assert got["data"] == own[name].get("data", got["data"])
    for fig in figs.values():  # after both: the page holds the figure as it is
        assert sent[3][1]["states"][fig.state.model_id]["data"] == fig.to_dict()["data"]


def test_figures_together_sends_one_batch_at_the_outermost_and_none_for_one_figure():
    from dominolab.widgets import BoardView, figures_together

    b = dl.Board("all-fives")
    one, two = BoardView(b), BoardView(b)
    sent = _record_figure_messages({"one": one.fig, "two": two.fig})
    b.play("5|5")
    with figures_together():
        one.update(b)  # one figure alone: its own message is as quick, no batch
    assert [k for k, _ in sent] == ["one"]
    sent.clear()
    b.play("5|0", "5|5:line-a")
    with figures_together():
        with figures_together():
            one.update(b)
        assert sent == []  # held until the outermost ends
        two.update(b)
        one.update(b, title="again")  # shown twice: the last state, once
    assert [k for k, _ in sent] == ["batch", "one", "two"]
    assert sent[0][1]["states"][one.fig.state.model_id]["revision"] == one.fig.state.revision == 3
    sent.clear()
    with pytest.raises(RuntimeError), figures_together():
        b.undo()
        one.update(b)
        two.update(b)
        raise RuntimeError("a widget failed halfway")
    assert [k for k, _ in sent] == ["batch", "one", "two"]  # nothing held back for good
    one.update(b, title="after")  # and after it, each figure alone as before
    assert [k for k, _ in sent][-1] == "one"


def test_a_view_sends_nothing_when_nothing_changed_and_one_message_when_something_did():
    from dominolab.widgets import BoardView

    b = dl.Board("all-fives")
    b.play("1|4")
    view = BoardView(b)
    sent = []
    view.fig.state._send = lambda msg, buffers=None: sent.append(msg["state"])
    view.update(b)  # nothing changed: nothing is sent
    assert sent == []
    view.update(b, highlight="1|1")  # the highlight: one message, the whole new figure
    assert len(sent) == 1 and sent[0]["revision"] == view.fig.state.revision
    assert sent[0]["data"] == view.fig.to_dict()["data"]


def test_plotly_s_python_figure_catches_up_with_what_a_view_shows_when_read():
    """A view's update goes to the page without plotly's Python figure (its checks were most
    of a click's time); reading the figure brings it up to date, with nothing sent."""
    from dominolab.widgets import BoardView

    b = dl.Board("all-fives")
    view = BoardView(b)
    sent = []
    view.fig.state._send = lambda msg, buffers=None: sent.append(msg["state"])
    b.play("5|5")
    view.update(b)
    assert len(sent) == 1
    assert "5|5" in str(view.fig.data)  # read: up to date
    assert title(view) == view.shown["layout"]["title"]["text"]
    assert len(sent) == 1  # catching up sent nothing
    with pytest.raises(ValueError, match="traces"):  # a figure of other traces is refused
        view.fig.show_figure({"data": [], "layout": {}})


def test_an_answer_button_works_the_answer_out_only_when_clicked():
    asked = []

    def answer():
        asked.append(1)
        return "15 points"

    b = dl.answer_button(answer)
    assert asked == [] and b.output.outputs == ()  # nothing worked out, nothing shown
    b.button.click()
    assert asked == [1] and b.shown and "15 points" in str(b.output.outputs)
    b.button.click()  # hidden again
    assert not b.shown and b.output.outputs == () and b.button.description == "Show the answer"
    p = dl.make_puzzle(seed=1, difficulty=1)
    shown = dl.answer_button(p)
    shown.toggle()
    assert p.answer in str(shown.output.outputs)


def test_the_puzzles_notebook_does_not_give_its_answers_away():
    import json
    import pathlib

    path = pathlib.Path(__file__).resolve().parent.parent / "notebooks" / "scoring-puzzles.ipynb"
    stored = json.dumps([c.get("outputs", []) for c in json.loads(path.read_text())["cells"]])
    board = dl.example_board("all-fives")
    best = dl.best_placements(board, ["5|5", "2|6", "3|3", "0|2"])[0]
    assert best.reason not in stored and f"{best.tile} on {best.at}" not in stored
    p = dl.make_puzzle(seed=1, difficulty=2)
    assert p.answer not in stored
    assert "largest count in five-up" not in stored


def test_the_game_table_says_when_it_is_your_turn_again_and_what_you_can_do():
    table = GameTable("all-fives", players=2, bots=["greedy", "greedy"], seed=7)
    table.run_bots()
    assert table.game.to_move == table.seat
    if table.game.legal_actions()[0].act is dl.Act.PLAY:
        assert "Your turn" in table.message
    # play on until a bot's move hands the turn back: the message says so
    for _ in range(200):
        g = table.game
        if g.is_over:
            break
        if g.to_move == table.seat:
            a = g.legal_actions()[0]
            table._play(a)
        else:
            table.next()
            if g.to_move == table.seat and not g.is_over and g.drawn is None:
                assert "Your turn" in table.message, table.message
                acts = g.legal_actions()
                if acts[0].act is not dl.Act.PLAY:
                    assert f"so {acts[0].act.value}" in table.message


def test_the_partnership_box_is_unticked_and_disabled_below_four_players():
    table = GameTable("all-fives", players=2)
    assert table.partner.disabled and table.partner.value is False
    table.players.value = 4
    assert not table.partner.disabled and table.partner.value is True  # all-fives plays in partnership
    table.preset.value = "dominos-cc"
    assert table.partner.value is False
    table.players.value = 3
    assert table.partner.disabled and table.partner.value is False


def test_quiz_mode_hides_the_points_in_the_list_of_places_too():
    pg = Playground("all-fives", moves=dl.examples.SEED_SEQUENCE[:3])
    pg.select("3|4")
    assert any("→" in label for label, _ in pg.points.options)  # the count is shown...
    pg.set_quiz(True)
    pg.select("3|4")
    assert pg.points.options and not any("→" in label or "point" in label for label, _ in pg.points.options)


def test_a_double_that_does_not_play_is_explained_with_its_one_number():
    pg = Playground("all-fives", hand=["6|6", "2|3"], moves=[("1|4", None)])
    pg.select("6|6")
    assert "no open point shows a 6 " in pg.message and "a 6 or a 6" not in pg.message
    pg.select("2|3")
    assert "no open point shows a 2 or a 3" in pg.message


def test_a_hand_of_one_tile_says_1_tile():
    pg = Playground("all-fives", hand=["1|4", "2|3"])
    pg.place("1|4")
    assert pg.hand_view.fig.layout.title.text.startswith("Hand: 1 tile ·")


def _place_first_legal_tile(gt):
    a = next(a for a in gt.game.legal_actions() if a.act is dl.Act.PLAY)
    gt.select(a.tile)
    if a.at is not None:
        gt.click_point(f"{a.at[0]}:{a.at[1]}")
    return gt.game.round.actions[-1]


def test_game_table_with_muggins_you_claim_and_a_bot_that_misses_can_be_caught():
    gt = GameTable("all-fives", 2, bots="greedy", seed=3, muggins=True, miss=1.0)
    assert gt.game.rules.muggins and gt.muggins_row.layout.display == ""
    gt.run_bots()  # seat 1 leads and claims nothing for a placement worth 5
    assert gt.board_view.fig.layout.title.text == "What is the count?"  # the board gives nothing away
    assert "claims nothing, but the placement scores 5" in gt.message and "Press Muggins!" in gt.message
    assert not gt.muggins_button.disabled and gt.claim_button.disabled and gt.pass_button.disabled
    assert gt.muggins_button.layout.display == "" == gt.let_go_button.layout.display
    gt.call_muggins()
    assert gt.game.scores == (5, 0) and "calls muggins and takes 5" in gt.message
    assert gt.muggins_button.layout.display == "none"  # gone once there is nothing to call
    rec = _place_first_legal_tile(gt)
    assert "now claim its points" in gt.message and "count" not in gt.message and not gt.claim_button.disabled
    gt.claim(rec.points + 5)
    assert "too much, so nobody scores it" in gt.message and gt.claims == {"right": 0, "short": 0, "over": 1}
    assert "your claims 0 right, 0 short, 1 too high" in gt.scoreboard.value


def test_game_table_with_muggins_a_right_claim_scores_and_a_short_one_is_taken():
    gt = GameTable("all-fives", 2, bots="greedy", seed=3, muggins=True)
    gt.run_bots()  # a greedy bot without a miss rate claims right
    assert gt.game.scores == (0, 5) and "right, and it scores" in gt.message
    before = gt.game.scores
    rec = _place_first_legal_tile(gt)
    gt.claim(rec.points)
    assert gt.claims["right"] == 1 and gt.game.scores[0] == before[0] + rec.points
    gt.nothing_button.click()  # nothing owed now: refused with a reason, nothing changed
    assert "nothing to claim" in gt.message or "turn" in gt.message


def test_game_table_refuses_muggins_where_nothing_is_claimed_and_bad_miss_rates():
    with pytest.raises(dl.DominolabError, match="scores none while placing"):
        GameTable("block", 2, muggins=True)
    with pytest.raises(dl.DominolabError, match="miss is a rate"):
        GameTable("all-fives", 2, muggins=True, miss=2)
    gt = GameTable("all-fives", 2, seed=1)
    assert not gt.game.rules.muggins and gt.muggins_row.layout.display == "none"
    gt.muggins.value = True
    gt.new_game()  # the box starts a muggins game of the same preset
    assert gt.game.rules.muggins and dl.game_to_record(gt.game)["variant"] == "all-fives"


def test_muggins_drill_asks_the_engines_count_and_keeps_a_tally():
    d = dl.MugginsDrill("all-fives", seed=1, par=10)
    assert d.board_view.fig.layout.title.text == "What is the count?"
    text = d.claim(d.answer(), seconds=3.0)
    assert text.startswith("You claim") and "right" in text and d.board.equation() in text
    assert d.tally == {"right": 1, "short": 0, "over": 0, "slow": 0} and d.claim_button.disabled
    d.next()
    assert not d.claim_button.disabled
    d.claim(d.answer() + 5, seconds=12.5)
    assert d.tally == {"right": 1, "short": 0, "over": 1, "slow": 1}
    assert "1 right of 2" in d.score_line.value and "1 over 10 s" in d.score_line.value
    again = dl.MugginsDrill("all-fives", seed=1)
    assert again.board.tiles == dl.MugginsDrill("all-fives", seed=1).board.tiles  # seeded
    assert dl.MugginsDrill("five-up", seed=2).box.max == 20  # shown points


def test_muggins_drill_refuses_a_line_game_and_a_bad_par():
    with pytest.raises(dl.DominolabError, match="nothing to count"):
        dl.MugginsDrill("draw")
    with pytest.raises(dl.DominolabError, match="par is a number of seconds"):
        dl.MugginsDrill("all-fives", par=0)


def test_figures_start_at_once_and_the_page_receives_plotly_once_per_kernel():
    """A figure's front-end module is a small one that starts at once (anywidget gives a model
    2 s to start, then drops its updates); plotly's own module lives once per kernel, gzipped,
    in one PlotlyBundle model, and goes to a page only when a figure of it asks, as a message
    of its own — in no widget's state (carried in every figure, it made a reload restore 27 MB
    for the classroom demo: JupyterLab's widget manager waits 4 s for that reply, then falls
    back to asking model by model — 'model not found' and 9–21 s of 'Loading widget…', issue
    32; even once per kernel it was most of what a reload restored)."""
    import gzip

    import plotly.graph_objects as go
    from ipywidgets.widgets.widget import _remove_buffers

    from dominolab.widgets import FigureWidget, PlotlyBundle, plotly_bundle

    pg = Playground("all-fives")
    other = Playground("five-up")
    bundle = plotly_bundle()
    assert isinstance(bundle, PlotlyBundle) and bundle is plotly_bundle()  # one per kernel
    source = gzip.decompress(bundle.bundle).decode()
    assert "FigureView" in source and len(source) > 1_000_000  # plotly's module, whole
    state, _, buffers = _remove_buffers(bundle.get_state())
    assert buffers == [] and len(json.dumps(state)) < 2_000, "the bundle's state without the module"
    sent: list[tuple[dict, list]] = []
    bundle._send = lambda msg, buffers=None: sent.append((msg, buffers))
    ask = {"method": "custom", "content": {"ask": "bundle"}}  # what the page's first figure sends
    bundle._handle_msg({"content": {"data": ask}, "buffers": []})
    assert sent == [({"method": "custom", "content": {"bundle": "gzip"}}, [bundle.bundle])]  # asked: sent
    del bundle._send
    for fig in (pg.board_view.fig, pg.hand_view.fig, other.board_view.fig):
        assert isinstance(fig, FigureWidget) and isinstance(fig, go.FigureWidget)
        state, _, buffers = _remove_buffers(fig.get_state())
        assert buffers == [] and len(json.dumps(state)) < 50_000, "a figure's state without plotly's module"
        assert state["_bundle_id"] == bundle.model_id  # where the page asks for the module
        esm = state["_esm"]
        assert "async render(" in esm and "globalThis[KEY]" in esm  # evaluated once per page
        assert "DecompressionStream" in esm and 'ask: "bundle"' in esm
    bundle.close()  # closed (Widget.close_all, say): the next figure has a bundle again
    Playground("all-fives")
    assert plotly_bundle() is not bundle and plotly_bundle().comm is not None


def test_a_figures_model_is_born_holding_the_whole_figure(monkeypatch):
    """The comm of a figure opens with the figure in its first message: plotly's widget opened
    it inside ipywidgets' constructor, holding an empty figure, and sent the figure in two
    later messages, so a view drawn in between showed default axes and no traces (issue 32:
    the hot-seat board once stayed so in a browser test)."""
    from ipywidgets.widgets import widget

    opened: list[dict] = []
    create = widget.comm.create_comm

    def record(**args):
        opened.append(args["data"]["state"])
        return create(**args)

    monkeypatch.setattr(widget.comm, "create_comm", record)
    pg = Playground("all-fives")
    figures = [s for s in opened if "_widget_data" in s]
    assert len(figures) == 2  # the hand and the board, each opened once
    for fig in (pg.hand_view.fig, pg.board_view.fig):  # (the hand's title changes later)
        state = next(s for s in figures if len(s["_widget_data"]) == len(fig.data))
        assert [t["name"] for t in state["_widget_data"]] == [t.name for t in fig.data]
        assert state["_widget_layout"]["title"]["text"] != ""
        assert state["_widget_layout"]["xaxis"]["range"] == list(fig.layout.xaxis.range)


def _tiles_shown(view):
    return [str(t) for t in (view.fig.data[0].customdata or ())]  # a hand's one trace


def test_hot_seat_two_people_play_on_one_screen_and_never_see_each_others_tiles():
    """GameTable(humans=[0, 1]): the hand shown is the person's to move; when the turn passes to
    the other person the hand is hidden until they press 'show my hand' (issue 19)."""
    gt = GameTable("all-fives", players=2, seed=3, humans=[0, 1])
    assert gt.bots == {} and not gt.show_button.disabled
    first = gt.game.to_move
    assert _tiles_shown(gt.hand_view) == [] and "pass the screen" in gt.message
    gt.select(gt.game.hands[first][0])  # refused: the screen has not passed yet
    assert "pass the screen" in gt.message and gt.selected is None
    gt.show_hand()
    assert _tiles_shown(gt.hand_view) == [str(t) for t in gt.game.hands[first]]
    played = 0
    while played < 4 and not gt.game.is_over:
        g = gt.game
        if gt.table.screen_waits():
            other = g.to_move
            assert _tiles_shown(gt.hand_view) == []  # the other person's tiles are not on the screen
            gt.show_hand()
            assert _tiles_shown(gt.hand_view) == [str(t) for t in g.hands[other]]
            continue
        a = g.legal_actions()[0]
        if a.act == "play":
            gt.select(a.tile)
            if a.at is not None:
                gt.click_point(f"{a.at[0]}:{a.at[1]}")
            played += 1
        elif a.act == "draw":
            gt.draw()
        else:
            gt.pass_turn()
    assert played == 4 and sum(1 for r in gt.game.round.actions if r.act == "play") >= 4


@pytest.mark.parametrize(
    ("humans", "says"), [([0, 0], "each once"), ([0, 2], "not a seat of 2"), ([], "one seat")]
)
def test_hot_seat_refuses_seats_that_are_not_people_of_the_game(humans, says):
    with pytest.raises(dl.DominolabError, match=says):
        GameTable("all-fives", players=2, humans=humans)


@pytest.fixture
def projector():
    """Projector mode for one test, switched off again whatever happens."""
    dl.projector()
    yield
    dl.projector(False)


def test_projector_mode_draws_large_high_contrast_boards_with_their_key(projector):
    b = dl.largest("five-up", "score").board
    d = dl.figure_dict(b)
    lay = d["layout"]
    assert lay["paper_bgcolor"] == dl.picture.THEMES["projector"].paper
    assert dl.picture.THEMES["projector"].edge == "#000000"
    key = lay["annotations"][0]
    assert "orange outline: a spinner" in key["text"] and key["font"]["size"] >= 22
    assert key["x"] == 1.0 and key["xanchor"] == "left"  # beside the board on a wide screen
    assert lay["title"]["font"]["size"] >= 26
    assert lay["height"] <= dl.display_options().max_height  # no scrolling for the board
    counted = next(t for t in d["data"] if t["name"] == "counted")
    assert counted["textfont"]["size"] >= 0.8 * 22
    dl.projector(False)
    laptop = dl.figure_dict(b)["layout"]
    assert laptop["annotations"] == [] and laptop["paper_bgcolor"] == dl.picture.THEMES["light"].paper
    assert str(dl.display_options()).startswith("Projector mode off")


def test_projector_mode_says_itself_in_the_pages_letters_not_in_monospace():
    """Issue 33, item 9: the classroom page printed 'Projector mode on: tiles ×1.6, …' in small
    monospace.  In a notebook the sentence is HTML, at the size of the mode's words."""
    try:
        on = dl.projector()
        assert on._repr_html_() == f"<p style='font-size:{on.font:g}px'>{str(on)}</p>"
        assert "22px" in on._repr_html_() and "×1.6" in on._repr_html_()
    finally:
        off = dl.projector(False)
    assert str(off) in off._repr_html_() and "13px" in off._repr_html_()


def test_projector_refuses_what_is_not_on_or_off():
    with pytest.raises(dl.DominolabError, match=r"projector\(on\) takes True or False, not 'yes'"):
        dl.projector("yes")
    assert not dl.display_options().on


def test_the_comparison_on_a_projector_shows_one_board_chosen_by_tabs_and_marks_refusals(projector):
    vc = VariantComparison(dl.examples.FIVE_UP_SEQUENCE)
    assert vc.one_board and list(vc.choice.options) == list(dl.FIVES_GAMES)
    assert "dominolab-projector" in vc.widget._dom_classes
    boards = [c for c in vc._board_part.children if isinstance(c, dl.widgets.FigureWidget)]
    assert len(boards) == 1
    refused_at = {n: vc.refusal(n, len(vc.moves)) for n in vc.presets}
    assert refused_at["five-up"] is None and refused_at["all-fives"][1] == "6|6:branch-a"
    for name in dl.FIVES_GAMES:
        vc.choice.value = name
        view = vc.views[name]
        shown = vc.board_at(name, vc.step.value)
        tiles = next(t for t in view.fig.data if t.name == "tiles")
        assert list(tiles.customdata) == [str(t) for t in shown.tiles]
        cross = next(t for t in view.fig.data if t.name == "refused")
        assert len(cross.x) == (0 if refused_at[name] is None else 1)
        assert vc._board_part.children[1] is vc.labels[name]
    vc.step.value = 3  # before the refusal: no cross
    assert not next(t for t in vc.views["all-fives"].fig.data if t.name == "refused").x


def test_the_comparison_side_by_side_marks_a_refusal_on_the_board_too():
    vc = VariantComparison(dl.examples.FIVE_UP_SEQUENCE, legend=True)
    assert not vc.one_board
    af = vc.views["all-fives"].shown
    cross = next(t for t in af["data"] if t["name"] == "refused")
    assert cross["text"] == ["refused"] and "not a spinner" in cross["hovertemplate"][0]
    assert "red cross" in af["layout"]["annotations"][0]["text"]
    fu = vc.views["five-up"].shown
    assert next(t for t in fu["data"] if t["name"] == "refused")["x"] == []
    assert "refused 0|6" in vc.labels["all-fives"].value


def test_settlement_of_typed_in_hands_matches_the_engine_for_every_preset():
    sh = dl.SettleHands()
    assert sh.set_hands(["", "6|6", "0|1"], domino_seat=0)
    for name in dl.FIVES_GAMES:
        want = dl.settle(name, [[], ["6|6"], ["0|1"]], domino_seat=0)
        assert sh.results[name].changes == want.changes
        assert all(line.replace("'", "&#x27;") in sh.columns.value for line in want.lines[:1])
    assert sh.set_hands(["0|2, 1|2", "0|5", "4|6"])  # blocked; commas are read too
    assert (
        sh.results["dominos-cc"].winner
        == dl.settle("dominos-cc", [["0|2", "1|2"], ["0|5"], ["4|6"]], domino_seat=None).winner
    )
    assert "blocked" in sh.message.value
    assert sh.out.label == "nobody: the round was blocked" and sh.domino_seat is None  # shown, not blank


def test_settlement_of_typed_in_hands_refuses_bad_hands_and_keeps_what_it_showed():
    sh = dl.SettleHands([[], ["6|6"], ["0|1"]], domino_seat=0)
    before, shown = dict(sh.results), sh.columns.value
    for hands, seat, says in [
        (["", "6|6 9|9", "0|1"], 0, "seat 1: cannot read tile '9|9'"),
        (["1|2", "6|6", "0|1"], 0, "seat 0 still holds [1|2], so it did not play its last tile"),
        (["", "6|6", "6|6"], 0, "6|6"),
    ]:
        assert not sh.set_hands(hands, seat)
        assert "refused" in sh.message.value and html_text(sh.message.value).count(says) == 1, (
            sh.message.value
        )
        assert sh.results == before and sh.columns.value == shown


def test_settlement_of_typed_in_hands_with_four_players_in_partnerships():
    sh = dl.SettleHands()
    sh.pairs.value = True
    assert not sh.pairs.value or sh.players.value == 4  # partnerships only at four
    assert sh.set_hands(["", "1|2", "0|3", "0|4"], 0)
    assert sh.pairs.disabled is False
    sh.pairs.value = True
    want = dl.settle("all-fives", [[], ["1|2"], ["0|3"], ["0|4"]], domino_seat=0, partnerships=True)
    assert sh.results["all-fives"].changes == want.changes and len(want.changes) == 2


def html_text(s):
    import html

    return html.unescape(re.sub(r"<[^>]+>", "", s))


def test_every_widget_with_a_board_takes_the_legend_option_and_projector_mode_turns_it_on(tmp_path):
    record = dl.game_to_record(dl.play_game("all-fives", 2, ["greedy", "random"], seed=4))

    def views(legend=None):
        kw = {} if legend is None else {"legend": legend}
        return {
            "Playground": Playground("all-fives", moves=SEED_SEQUENCE[:3], **kw).board_view,
            "VariantComparison": VariantComparison(
                SEED_SEQUENCE, presets=["all-fives", "five-up"], **kw
            ).board_view,
            "GameTable": GameTable("all-fives", **kw).board_view,
            "MugginsDrill": dl.MugginsDrill("all-fives", seed=1, **kw).board_view,
            "Replayer": Replayer(record, **kw).board_view,
        }

    def keyed(view):
        return bool(view.shown["layout"]["annotations"])

    assert not any(keyed(v) for v in views().values())
    assert all(keyed(v) for v in views(legend=True).values()), [
        n for n, v in views(True).items() if not keyed(v)
    ]
    dl.projector()
    try:
        assert all(keyed(v) for v in views().values())
        assert not any(keyed(v) for v in views(legend=False).values())
    finally:
        dl.projector(False)


def test_the_comparison_of_the_four_fives_games_lays_two_boards_to_a_row_and_settles_four_ways():
    vc = VariantComparison(
        dl.examples.SEED_SEQUENCE, hands=[[], ["6|6", "0|1"], ["5|6", "0|2"]], domino_seat=0, one_board=False
    )
    assert vc.presets == list(dl.FIVES_GAMES)
    rows = vc._board_part.children
    assert [len(r.children) for r in rows] == [2, 2]
    # the plain line of fives-and-threes refuses the first branch (1|5 on the spinner 1|1)
    tile, at, why = vc.refusal("fives-and-threes", len(vc.moves))
    assert (str(tile), at) == ("1|5", "1|1:branch-a") and "not a spinner" in why
    assert "settled four ways" in vc.settlement.value
    assert "In fives-and-threes the tiles left in hand are not counted" in vc.settlement.value


def test_the_game_tables_log_says_who_leads_each_new_round_and_why():
    t = GameTable("fives-and-threes", players=3, bots="greedy", seed=2)
    for _ in range(400):
        g = t.game
        if len(g.rounds) > 2 or g.is_over:
            break
        if g.to_move != t.seat:
            t.next()
            continue
        a = g.legal_actions()[0]  # the person at seat 0 plays by clicks too
        if a.act is dl.Act.PLAY:
            t.select(a.tile)
            t.click_point(a.at)
        else:
            t.pass_turn()
    said = [x for x in t.log if x.startswith("Round 2:")]
    r2 = t.game.rounds[1]
    assert said == [f"Round 2: seat {r2.leader} leads ({dl.examples.lead_reason('left', r2.leader)})."]
    assert "passes to the left" in said[0]
    r1 = t.game.rounds[0]  # and the first round too, from the start
    why = dl.examples.lead_reason(r1.leader_by, r1.leader)
    assert t.log[1] == f"Round 1: seat {r1.leader} leads ({why})."
    assert "a lot chooses" in t.log[1]


def test_the_game_table_takes_bot_objects_as_play_game_does():
    expert = dl.make_bot("expert", 3)
    t = GameTable("all-fives", players=3, bots=[None, expert, "random"], seed=1)
    assert t.bots[1] is expert and t.bots[2].name == "random"
    assert t.bot_choice[1].value == "expert"
    t.bot_choice[1].value = "greedy"  # the menu changed: that seat's bot is the menu's now
    t.new_game()
    assert t.bots[1].name == "greedy"


def test_the_game_table_reviews_your_game_once_it_is_over():
    t = GameTable("all-fives", players=2, bots="greedy", seed=4)
    assert t.review_button.disabled and t.review() == "" and "when the game is over" in t.message
    for _ in range(3000):
        g = t.game
        if g.is_over:
            break
        if g.to_move != t.seat:
            t.next()
            continue
        a = g.legal_actions()[-1]  # not always the best: the review has something to say
        if a.act is dl.Act.PLAY:
            t.select(a.tile)
            t.click_point(a.at)
        elif a.act is dl.Act.DRAW:
            t.draw()
        else:
            t.pass_turn()
    assert t.game.is_over and not t.review_button.disabled
    text = t.review()
    assert text == dl.review(t.game, seat=0).summary() and "Seat 0 in all-fives" in t.review_box.value
    # the biggest misses, each played again on a board of its own: find the better move
    misses = [m for m in dl.review(t.game, seat=0).biggest(99) if m.act == "play"][:3]
    assert misses and t.challenges is not None and t.challenge_box.children[1] is t.challenges.widget
    for miss in misses:
        q = t.challenges.question
        assert q.task.turn == miss
        move, _, point = miss.best_move.partition("@")
        t.challenges.select(move)
        t.challenges.click_point(point or "lead")
        assert q.solved, t.challenges.message_line.value
        t.challenges.next()
    assert t.challenges.next_button.disabled  # no more misses to play again


def test_the_replayer_shows_a_seats_review_beside_its_moves():
    g = dl.play_game("all-fives", 2, ["random", "greedy"], seed=3)
    rp = Replayer(dl.game_to_record(g), review=0)
    miss = rp.review.biggest(1)[0]
    i = next(k for k, st in enumerate(rp.states) if (st.round, st.index) == (miss.round, miss.index))
    rp.go(i)
    assert f"would have scored {miss.best}" in rp.info.value and "Review of seat 0" in rp.info.value
    rp.go(0)
    assert "Review of seat" not in rp.info.value


def test_the_game_table_keeps_a_finished_rounds_layout_and_says_how_it_ended():
    """Issue 33, item 3: a round's end used to wipe the board at once, and the message did not
    say the round had ended.  The finished layout stays, titled with the round's end, and the
    message says it and what was paid, until the next move."""
    t = GameTable("all-fives", players=2, bots="greedy", seed=3)
    first = t.game.rounds[0]
    for _ in range(300):
        if first.is_over:
            break
        if t.game.to_move != t.seat:
            t.next()
        else:
            _your_move(t)
    assert first.is_over and len(t.game.rounds) == 2 and t.game.board.is_empty
    placed = sum(a.act is dl.Act.PLAY for a in first.actions)
    assert len(t.board_view.shown["data"][1]["x"]) == placed  # the finished layout, every tile
    ended = dl.words.round_over(first.end_reason == "domino", 1)
    assert t.board_view.fig.layout.title.text == ended
    assert ended in t.message and first.settlement.lines[-1] in t.message
    # the next move shows the next round's layout
    if t.game.to_move == t.seat:
        t.select(t.game.hands[t.seat][0])
    else:
        t.next()
    assert t.finished is None and t.board_view.fig.layout.title.text != ended


def test_the_dominos_cc_table_says_on_the_empty_board_which_tile_must_lead():
    """Issue 33, item 4: the empty board said 'the lead may be any tile' while the game refused
    every tile but the highest double."""
    t = GameTable("dominos-cc", players=2, bots="greedy", seed=2)
    g = t.game
    assert g.forced_lead is not None
    title = t.board_view.fig.layout.title.text
    assert title == f"Empty layout: seat {g.to_move} must lead {g.forced_lead}"
    free = GameTable("all-fives", players=2, bots="greedy", seed=2)
    assert free.game.forced_lead is None
    assert free.board_view.fig.layout.title.text == "Empty layout: the lead may be any tile"


def _your_move(t: GameTable) -> None:
    """The person at the table makes one move by clicks (the first legal one)."""
    a = t.game.legal_actions()[0]
    if a.act is dl.Act.PLAY:
        t.select(a.tile)
        if t.game.to_move == t.seat and t.selected is not None:
            t.click_point(a.at if a.at is not None else "lead")
    elif a.act is dl.Act.DRAW:
        t.draw()
    else:
        t.pass_turn()


def test_after_your_move_the_table_says_the_turn_has_passed_and_what_to_press():
    """Issue 33, item 5: the message said only what you played."""
    t = GameTable("all-fives", players=2, bots="greedy", seed=4)
    while t.game.to_move != t.seat:
        t.next()
    while t.game.to_move == t.seat:
        _your_move(t)
    assert t.message.endswith("Seat 1 (greedy) is to move: press 'next'.")
    assert not t.next_button.disabled and not t.run_button.disabled
    t.run_bots()
    assert t.game.to_move == t.seat and t.next_button.disabled and t.run_button.disabled


def test_with_bots_moving_by_themselves_your_move_is_answered_up_to_your_turn():
    t = GameTable("all-fives", players=3, bots="greedy", seed=4, auto=True)
    t.run_bots()
    for _ in range(5):
        if t.game.is_over:
            break
        assert t.game.to_move == t.seat
        _your_move(t)
        assert t.game.is_over or t.game.to_move == t.seat or t.game.drawn is not None


def test_a_hot_seat_of_people_only_shows_no_bot_button_and_no_bot_menu():
    """Issue 33, item 5: in the hot-seat game of the Voilà demo, with no bots, 'next (bot)' and
    'bots play' were enabled and greyed bot menus were shown."""
    t = GameTable("all-fives", players=2, humans=[0, 1], seed=1)
    for b in (t.next_button, t.run_button, t.auto):
        assert b.layout.display == "none"
    assert all(m.layout.display == "none" for m in t.bot_choice)
    bots = GameTable("all-fives", players=3, bots="greedy", seed=1)
    assert [m.layout.display for m in bots.bot_choice] == ["none", None, None, "none"]


def test_the_comparison_names_its_first_board_board_view_as_every_widget_does():
    vc = VariantComparison(SEED_SEQUENCE, presets=["five-up", "all-fives"], one_board=False)
    assert vc.board_view is vc.views["five-up"]
    one = VariantComparison(SEED_SEQUENCE, presets=["five-up", "all-fives"], one_board=True)
    one.choice.value = "all-fives"  # projector mode: the one board, of the rule set chosen
    board = one.board_at("all-fives", len(SEED_SEQUENCE))
    assert one.board_view is one.views["all-fives"] and title(one.board_view).startswith(board.equation())
