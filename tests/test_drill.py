"""dominolab.Drill: the muggins drill's state, driven without a kernel, ipywidgets or plotly."""

from __future__ import annotations

import pytest

import dominolab as dl


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_drill_module_needs_neither_ipywidgets_nor_plotly(without_front):
    without_front("d = dl.Drill('all-fives', seed=3); d.claim(d.answer(), 2.0); d.next()")


@pytest.mark.parametrize("name", dl.FIVES_GAMES)
def test_the_answer_is_the_engines_count_of_the_last_placement(name):
    d = dl.Drill(name, seed=4)
    for _ in range(5):
        assert len(d.board) >= 2
        assert d.answer() == d.board.rules.points(d.board.score())
        d.next()


def test_a_claim_is_judged_as_a_muggins_claim_and_counted_in_the_tally():
    clock = Clock()
    d = dl.Drill("all-fives", seed=1, par=10, clock=clock)
    worth = d.answer()
    clock.now += 3.0
    said = d.claim(worth)  # the time taken is read from the clock
    assert (said.ok, said.kind) == (True, "right") and "3.0 s" in said.text
    assert d.board.equation() in said.text and d.claimed
    assert d.tally == {"right": 1, "short": 0, "over": 0, "slow": 0}
    d.next()
    assert not d.claimed and d.message == ""
    said = d.claim(d.answer() + 5, seconds=12.5)
    assert (said.ok, said.kind) == (False, "over") and "over the par of 10 s" in said.text
    assert d.tally == {"right": 1, "short": 0, "over": 1, "slow": 1}
    d.next()
    while d.answer() == 0:  # a layout that scores: a claim of 0 is short
        d.next()
    assert d.claim(0, seconds=1.0).kind == "short"
    assert d.tally["short"] == 1
    assert "1 right of 3" in d.question() and "1 short" in d.question()


def test_one_claim_a_layout_a_second_is_refused_and_counts_nothing():
    d = dl.Drill("five-up", seed=2)
    d.claim(d.answer(), seconds=1.0)
    before = dict(d.tally)
    said = d.claim(d.answer(), seconds=1.0)
    assert said.ok is False and "claimed already" in said.text
    assert d.tally == before


@pytest.mark.parametrize(
    ("name", "claim", "why"),
    [
        ("all-fives", 7, "You cannot claim 7: a claim is a multiple of 5, 0 to 100."),
        ("all-fives", 105, "You cannot claim 105: a claim is a multiple of 5, 0 to 100."),
        ("five-up", 21, "You cannot claim 21: a claim is a whole number of shown points, 0 to 20."),
        ("all-fives", -5, "A claim is a whole number of points, 0 or more, not -5."),
        ("all-fives", "10", "A claim is a whole number of points, 0 or more, not '10'."),
        ("all-fives", True, "A claim is a whole number of points, 0 or more, not True."),
        ("all-fives", 2.5, "A claim is a whole number of points, 0 or more, not 2.5."),
    ],
)
def test_a_claim_the_rules_do_not_allow_is_refused_with_the_rule_and_changes_nothing(name, claim, why):
    d = dl.Drill(name, seed=1)
    board = d.board.tiles
    said = d.claim(claim, seconds=1.0)
    assert (said.ok, said.text) == (False, why)
    assert d.tally == {"right": 0, "short": 0, "over": 0, "slow": 0}
    assert not d.claimed and d.board.tiles == board


def test_the_drill_refuses_the_claim_rule_the_game_refuses():
    # one rule for a claim: the drill and the game refuse the same claims, each in its words
    for name in dl.FIVES_GAMES:
        r = dl.preset(name)
        for claim in (0, 1, 3, 5, 7, 20, 21, 100, 101):
            ok_in_game = claim in r.claim_values
            assert (dl.muggins.claim_refusal(r, claim) is None) is ok_in_game
            assert (dl.muggins.claim_refusal(r, claim, seat=0) is None) is ok_in_game


def test_the_same_seed_gives_the_same_layouts():
    a, b = dl.Drill("all-fives", seed=9), dl.Drill("all-fives", seed=9)
    for _ in range(4):
        assert a.board.tiles == b.board.tiles
        a.next()
        b.next()


@pytest.mark.parametrize("par", [0, -1, True, "10", float("nan")])
def test_a_bad_par_is_refused(par):
    with pytest.raises(dl.DominolabError, match="par is a number of seconds"):
        dl.Drill("all-fives", par=par)


def test_a_line_game_has_nothing_to_count():
    with pytest.raises(dl.DominolabError, match="nothing to count"):
        dl.Drill("block")
