"""Puzzle solver and generator: ranked placements with reasons, unique seeded puzzles."""

import pytest

import dominolab as dl


def test_best_placements_are_ranked_with_the_reason():
    b = dl.example_board("all-fives")
    ranked = dl.best_placements(b, ["5|5", "2|6", "3|3", "0|2"])
    assert (str(ranked[0].tile), ranked[0].at, ranked[0].points) == ("5|5", "1|5:high", 15)
    assert ranked[0].reason == "5|5 on 1|5:high leaves 2 + 3 + 10 = 15: a multiple of 5, 15 points"
    assert [r.points for r in ranked] == sorted((r.points for r in ranked), reverse=True)
    # every legal placement of the hand is listed once
    assert len(ranked) == sum(len(b.placements_for(t)) for t in ["5|5", "2|6", "3|3", "0|2"])


def test_best_placements_on_an_empty_board_are_leads():
    ranked = dl.best_placements(dl.Board("dominos-cc"), ["5|5", "1|2"])
    assert ranked[0].at is None and ranked[0].points == 10


@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_puzzles_are_seeded_and_have_a_unique_checked_answer(difficulty):
    for seed in range(15):
        p = dl.make_puzzle(seed, difficulty)
        assert p == dl.make_puzzle(seed, difficulty)  # same seed, same puzzle
        b = p.board()
        ranked = dl.best_placements(b, p.hand)
        assert ranked[0].points == p.points > 0
        assert ranked[1].points < p.points if len(ranked) > 1 else True  # unique
        assert p.check(p.answer).right and str(p.check(p.answer)).startswith("Right!")
        for r in ranked[1:]:
            assert p.check(f"{r.tile}@{r.at}").right is False
        if difficulty == 3:
            assert p.points - ranked[1].points <= 5
        assert len(p.hand) == {1: 3, 2: 4, 3: 6}[difficulty]


def test_puzzle_answers_in_other_spellings_and_bad_answers():
    p = dl.make_puzzle(4, 1)
    t, at = p.answer.split("@")
    a, b = t.split("|")
    assert p.check(f"{b}|{a}@{at}").right
    assert "not in the hand" in str(p.check("6|6@" + at)) or "refused" in str(p.check("6|6@" + at))
    assert "cannot be read" in str(p.check("9|9@" + at))
    with pytest.raises(dl.DominolabError, match="difficulty must be 1, 2 or 3"):
        dl.make_puzzle(1, 5)


def test_the_solver_refuses_what_is_not_a_board_a_hand_or_a_seed():
    board = dl.example_board("all-fives")
    with pytest.raises(dl.DominolabError, match="needs a Board"):
        dl.best_placements(5, ["1|4"])
    with pytest.raises(dl.MalformedTile, match="cannot read tiles from 5"):
        dl.best_placements(board, 5)
    with pytest.raises(dl.DominolabError, match="seed must be a whole number"):
        dl.make_puzzle(seed="x")
    assert dl.best_placements(board, "5|5 2|6")[0].reason.startswith("5|5 on 1|5:high")
