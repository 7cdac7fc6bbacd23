"""dominolab.Sandbox: the playground's state, driven without a kernel, ipywidgets or plotly
(issue 35: models apart from their widgets)."""

from __future__ import annotations

import dominolab as dl


def test_the_sandbox_module_needs_neither_ipywidgets_nor_plotly(without_front):
    without_front("s = dl.Sandbox('five-up'); s.select('5|5'); s.click_point('lead')")


def test_the_sources_sequence_placed_by_clicks_scores_as_the_engine_counts():
    s = dl.Sandbox("all-fives")
    board = dl.Board("all-fives")
    for tile, at in dl.examples.SEED_SEQUENCE:
        assert s.select(tile).ok
        said = s.click_point("lead" if at is None else str(at))
        p = board.play(tile, at)
        assert said.ok and f"{board.equation()} → {dl.words.points(p.points, 'points')}" in said.text
    assert s.board.tiles == board.tiles and tile not in s.hand


def test_a_refused_action_is_said_and_changes_nothing():
    s = dl.Sandbox("all-fives", moves=[("1|4", None)])
    before = (list(s.board.tiles), list(s.hand), s.selected)
    assert s.select("7|7").ok is False and s.select("1|4").ok is False  # not a tile; on the layout
    assert s.select("2|3").ok is False and "a 2 or a 3" in s.message  # no open end shows either
    assert s.click_point("1|4:low").ok is False  # nothing picked
    assert (list(s.board.tiles), list(s.hand), s.selected) == before
    assert s.place("0|0", "1|4:high") is None and s.said.ok is False
    assert (list(s.board.tiles), list(s.hand), s.selected) == before


def test_undo_redo_and_reset_return_tiles_to_the_hand():
    s = dl.Sandbox("five-up", moves=[("5|5", None)])
    s.select("0|5")
    s.click_point(s.choices()[0][1])
    assert dl.Tile("0|5") not in s.hand
    assert s.undo().ok and dl.Tile("0|5") in s.hand and s.redo().ok and dl.Tile("0|5") not in s.hand
    assert s.redo().ok is False  # nothing left to redo
    s.reset()
    assert list(s.board.tiles) == [dl.Tile("5|5")] and dl.Tile("0|5") in s.hand


def test_other_rules_replay_the_layout_and_say_where_they_refuse_it():
    moves = [("5|5", None), ("0|5", "5|5:line-a"), ("1|5", "5|5:line-b"), ("2|5", "5|5:branch-a")]
    s = dl.Sandbox("five-up", moves=moves)
    said = s.set_rules("all-fives")  # 5|5, the first double, is all-fives' spinner too
    assert said.ok and said.text.startswith(dl.words.widget("rules now", game="all-fives"))
    assert len(s.board) == 4
    said = s.set_rules("draw")  # a line game: no spinner, so 2|5 on the double's side is refused
    assert said.ok is False and len(s.board) == 3 and dl.Tile("2|5") in s.hand


def test_a_quiz_hides_the_count_in_the_choices_and_checks_the_learners_count():
    s = dl.Sandbox("all-fives", moves=[("1|4", None)], quiz=True)
    s.select("4|4")
    assert all("→" not in label for label, _ in s.choices())
    s.click_point("1|4:high")
    assert "→" not in s.message
    assert s.check(s.board.end_sum() + 1) is False and s.said.ok is False
    assert s.check(s.board.end_sum()) is True
