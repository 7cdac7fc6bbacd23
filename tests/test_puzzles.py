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


def _layout(rules, moves):
    b = dl.Board(rules)
    for t, at in moves:
        b.play(t, at)
    return b


@pytest.mark.parametrize(
    "rules, moves, tile, at, shows",
    [
        ("all-fives", [("1|4", None)], "1|6", "1|4:low", ()),  # a plain placement shows nothing
        ("all-fives", [("1|5", None)], "5|5", "1|5:high", ("terminal-double", "new-spinner")),
        # all-fives has one spinner: a second double at an end counts both halves, no more
        ("all-fives", [("1|5", None), ("5|5", "1|5:high")], "1|1", "1|5:low", ("terminal-double",)),
        # five-up: every double is a spinner
        (
            "five-up",
            [("1|5", None), ("5|5", "1|5:high")],
            "1|1",
            "1|5:low",
            ("terminal-double", "new-spinner"),
        ),
        # the second line slot taken: 3|3 stops counting, and its branches open
        (
            "all-fives",
            [("2|3", None), ("3|3", "2|3:high")],
            "3|4",
            "3|3:line-b",
            ("covers-double", "opens-spinner"),
        ),
        # dominos-cc opens a spinner's branches at once
        (
            "dominos-cc",
            [("2|4", None)],
            "4|4",
            "2|4:high",
            ("terminal-double", "new-spinner", "opens-spinner"),
        ),
        # muggins-count: 0 + 5|5 at the other end (10) = 10 scores; the double elsewhere counts
        # both halves, the part a quick counter misses
        ("all-fives", [("5|5", None), ("1|5", "5|5:line-a")], "0|1", "1|5:low", ("muggins-count",)),
        # ... in five-up too (its spinner 5|5 counts both halves while a line slot is free)
        ("five-up", [("5|5", None), ("1|5", "5|5:line-a")], "0|1", "1|5:low", ("muggins-count",)),
        # not when the placement scores nothing (1 + 5|5's 10 = 11)
        ("all-fives", [("5|5", None), ("1|5", "5|5:line-a")], "1|1", "1|5:low", ("terminal-double",)),
        # not for a 0|0 elsewhere, which counts nothing (0 + 5 = 5 scores)
        ("all-fives", [("0|0", None), ("0|2", "0|0:line-a")], "2|5", "0|2:high", ()),
        # not when the double counting both halves is the tile just placed (terminal-double)
        ("all-fives", [("1|5", None)], "5|5", "1|5:high", ("terminal-double", "new-spinner")),
    ],
)
def test_a_placements_themes_are_what_the_engine_sees_before_and_after_it(rules, moves, tile, at, shows):
    b = _layout(rules, moves)
    before = str(b)
    assert dl.themes(b, tile, at) == shows
    assert str(b) == before  # the layout is left as it was


@pytest.mark.parametrize("theme", dl.THEMES)
@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_a_themed_puzzle_is_the_first_from_its_seed_whose_answer_shows_the_theme(theme, difficulty):
    p = dl.make_puzzle(seed=5, difficulty=difficulty, theme=theme)
    assert theme in p.themes and p == dl.make_puzzle(seed=p.seed, difficulty=difficulty)
    assert all(theme not in dl.make_puzzle(s, difficulty).themes for s in range(5, p.seed))
    assert p.check(p.answer).right


def test_an_unknown_theme_is_refused_with_the_themes_there_are():
    with pytest.raises(dl.DominolabError, match="unknown theme 'blocking'; the themes: terminal-double, "):
        dl.make_puzzle(seed=1, theme="blocking")
