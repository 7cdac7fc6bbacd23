"""dominolab.Comparison: one play under several rule sets, without a kernel or plotly."""

from __future__ import annotations

import pytest

import dominolab as dl

SEQ = dl.examples.SEED_SEQUENCE


def test_the_comparison_module_needs_neither_ipywidgets_nor_plotly(without_front):
    without_front("c = dl.Comparison(dl.examples.SEED_SEQUENCE); c.total('five-up')")


def test_each_preset_scores_the_placements_as_its_own_board_does():
    c = dl.Comparison(SEQ)
    assert c.presets == list(dl.FIVES_GAMES)
    for name in c.presets:
        b = dl.Board(name)
        points = []
        for t, at in SEQ:
            if b.why_not(t, at) is not None:
                break
            points.append(b.play(t, at).points)
        assert c.total(name) == sum(points)
        assert c.board_at(name).tiles == b.tiles
        for k in range(len(SEQ) + 1):
            assert c.total(name, k) == sum(points[:k])


def test_a_refused_placement_stops_that_presets_layout_and_says_why():
    # a branch off a double that is no spinner: five-up allows it (every double is a spinner),
    # all-fives only on its one spinner
    moves = [
        ("5|5", None),
        ("5|0", "5|5:line-a"),
        ("0|0", "0|5:low"),
        ("0|3", "0|0:line-b"),
        ("0|1", "0|0:branch-a"),
    ]
    c = dl.Comparison(moves, presets=["five-up", "all-fives"])
    assert c.refusal("five-up") is None
    refused = c.refusal("all-fives")
    assert refused is not None and refused[:2] == (dl.Tile("0|1"), "0|0:branch-a")
    assert "0|0 is not a spinner" in refused[2]
    assert c.step("all-fives", 4) == refused[2] and c.step("all-fives", 5) is None
    assert len(c.board_at("all-fives").tiles) == 4 and len(c.board_at("five-up").tiles) == 5
    assert c.refusal("all-fives", 4) is None  # not yet refused after four placements


def test_the_hands_left_are_settled_under_each_preset():
    hands = [[], ["6|6", "3|5"]]
    c = dl.Comparison(SEQ, hands, domino_seat=0, presets=["five-up", "all-fives"])
    placed = [t for t, _ in SEQ]
    for name in c.presets:
        assert c.settlements[name] == dl.settle(name, hands, domino_seat=0, layout=placed)
    assert dl.Comparison(SEQ).settlements == {}


@pytest.mark.parametrize("k", [-1, 99, True, "2", 1.0])
def test_a_bad_step_is_refused(k):
    c = dl.Comparison(SEQ)
    with pytest.raises(dl.DominolabError, match="the step is a number of placements from 0 to 9"):
        c.board_at("five-up", k)


def test_bad_input_is_refused_at_once():
    with pytest.raises(dl.DominolabError, match="at least one preset"):
        dl.Comparison(SEQ, presets=[])
    with pytest.raises(dl.UnknownVariant):
        dl.Comparison(SEQ, presets=["five-down"])
    with pytest.raises(dl.MalformedTile):
        dl.Comparison([("7|1", None)])
