"""Puzzle ratings (issue 38): Glicko-2 as published, kept with the learner's progress, and the
endless mode that serves puzzles near the learner's rating."""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from linekit import played_by_its_line, worse_first

import dominolab as dl
from dominolab.rating import SCALE

PAPER_PLAYER = dl.Rating(1500, 200, 0.06)
PAPER_GAMES = [(dl.Rating(1400, 30), 1), (dl.Rating(1550, 100), 0), (dl.Rating(1700, 300), 0)]


@pytest.fixture(autouse=True)
def _own_progress(tmp_path, monkeypatch):
    monkeypatch.setenv("DOMINOLAB_PROGRESS", str(tmp_path / "progress.json"))


def test_glicko2_gives_the_papers_worked_example():
    """Glickman, "Example of the Glicko-2 system": r' = 1464.06, RD' = 151.52, σ' = 0.05999
    (the paper rounds each step to four places; the exact figures agree to that)."""
    new = dl.glicko2(PAPER_PLAYER, PAPER_GAMES)
    assert new.rating == pytest.approx(1464.06, abs=0.05)
    assert new.deviation == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_the_expected_scores_are_the_papers():
    """The paper's step 3 table: E = 0.639, 0.432, 0.303 against its three opponents."""
    got = [dl.expected_score(PAPER_PLAYER, o) for o, _ in PAPER_GAMES]
    assert got == pytest.approx([0.639, 0.432, 0.303], abs=0.0005)


def test_a_period_without_games_only_widens_the_deviation():
    """Step 6 alone: φ' = sqrt(φ² + σ²); the rating and volatility stay."""
    new = dl.glicko2(PAPER_PLAYER, [])
    want = SCALE * math.sqrt((200 / SCALE) ** 2 + 0.06**2)
    assert (new.rating, new.volatility) == (1500, 0.06)
    assert new.deviation == pytest.approx(want)


def test_a_win_against_an_equal_raises_as_much_as_a_loss_lowers():
    me, equal = dl.Rating(1500, 200), dl.Rating(1500, 200)
    won, lost = dl.glicko2(me, [(equal, 1)]), dl.glicko2(me, [(equal, 0)])
    assert won.rating > 1500 > lost.rating
    assert won.rating - 1500 == pytest.approx(1500 - lost.rating)
    assert dl.glicko2(me, [(equal, 0.5)]).rating == pytest.approx(1500)


@settings(max_examples=300, deadline=None)
@given(
    r=st.floats(800, 2400),
    rd=st.floats(30, 350),
    o=st.floats(800, 2400),
    ord_=st.floats(30, 350),
    s=st.sampled_from([0, 0.5, 1]),
)
def test_one_game_moves_the_rating_toward_the_result_and_narrows_it(r, rd, o, ord_, s):
    me = dl.Rating(r, rd)
    new = dl.glicko2(me, [(dl.Rating(o, ord_), s)])
    expected = dl.expected_score(me, dl.Rating(o, ord_))
    assert all(math.isfinite(x) for x in new)
    if s > expected:
        assert new.rating >= r
    elif s < expected:
        assert new.rating <= r
    widened = SCALE * math.sqrt((rd / SCALE) ** 2 + new.volatility**2)
    assert new.deviation <= widened  # a game only ever adds information


@pytest.mark.parametrize(
    "call",
    [
        lambda: dl.glicko2("1500", []),
        lambda: dl.glicko2((1500, -1), []),
        lambda: dl.glicko2((1500, float("nan")), []),
        lambda: dl.glicko2((True, 200), []),
        lambda: dl.glicko2(PAPER_PLAYER, [(PAPER_GAMES[0][0], 2)]),
        lambda: dl.glicko2(PAPER_PLAYER, [(PAPER_GAMES[0][0], True)]),
        lambda: dl.glicko2(PAPER_PLAYER, [PAPER_GAMES[0][0]]),
        lambda: dl.glicko2(PAPER_PLAYER, PAPER_GAMES, tau=0),
        lambda: dl.record_attempt("puzzle-x", dl.Rating(), won="yes"),
    ],
    ids=["text", "negative", "nan", "bool", "score-2", "score-bool", "no-pair", "tau-0", "won-text"],
)
def test_bad_rating_input_is_refused_saying_what_was_given(call):
    with pytest.raises(dl.DominolabError) as e:
        call()
    assert "not " in str(e.value)


def test_an_attempt_moves_both_ratings_and_they_are_kept():
    start = dl.Rating(1200, 250)
    me, it = dl.record_attempt("puzzle-all-fives-1-1", start, won=True)
    assert me.rating > 1500 and it.rating < 1200
    assert dl.learner_rating() == me and dl.puzzle_rating("puzzle-all-fives-1-1", start) == it
    assert dl.was_rated("puzzle-all-fives-1-1") and not dl.was_rated("puzzle-all-fives-1-2")


def test_solved_exercises_and_ratings_live_side_by_side_in_one_file(tmp_path):
    from dominolab.progress import record_solved

    record_solved("t1-sixes", 1)
    dl.record_attempt("puzzle-all-fives-2-3", dl.Rating(1500, 250), won=False)
    record_solved("t2-count", 2)
    data = json.loads((tmp_path / "progress.json").read_text())
    assert set(data["solved"]) == {"t1-sixes", "t2-count"}
    assert data["rating"][0] < 1500 and "puzzle-all-fives-2-3" in data["puzzles"]


def test_a_progress_file_with_a_broken_rating_is_refused_and_left_as_it_is(tmp_path):
    path = tmp_path / "progress.json"
    path.write_text(json.dumps({"solved": {}, "rating": ["high", 1, 1]}))
    with pytest.raises(dl.DominolabError, match="progress"):
        dl.progress.solved()
    assert dl.learner_rating() == dl.Rating()  # read as no rating yet, never a crash
    dl.record_attempt("puzzle-x", dl.Rating(), won=True)  # rated, but the file is not touched
    assert json.loads(path.read_text())["rating"] == ["high", 1, 1]


def test_a_puzzle_is_rated_on_its_first_try_only_and_once():
    p = dl.make_puzzle(seed=4, difficulty=1)
    wrong = next(r for r in dl.best_placements(p.board(), p.hand) if r.points < p.points)
    q = dl.OnBoard(p, p.key)
    q.select(wrong.tile)
    said = q.place("lead" if wrong.at is None else str(wrong.at))
    assert said.right is False and q.rating is not None
    before, after = q.rating
    assert after.rating < before.rating and "→" in said.text
    tile, _, point = p.answer.partition("@")
    q.select(tile)
    assert q.place(point or "lead").right and dl.learner_rating() == after  # the second try: not rated
    again = dl.OnBoard(p, p.key)  # the same puzzle another day: not rated again
    again.select(tile)
    assert again.place(point or "lead").right and again.rating is None and dl.learner_rating() == after


def test_a_puzzles_start_follows_its_difficulty_and_the_endless_mode_the_learner():
    assert [dl.make_puzzle(1, d).start_rating.rating for d in (1, 2, 3)] == [1200, 1500, 1800]
    assert dl.level_for(dl.Rating(1340)) == 1 and dl.level_for(dl.Rating(1660)) == 3
    q = dl.endless_puzzles(seed=1)
    assert q.question.task.difficulty == 2  # a new learner, 1500
    first = q.question.task
    tile, _, point = first.answer.partition("@")
    q.select(tile)
    q.click_point(point or "lead")
    assert dl.learner_rating().rating > 1500
    for _ in range(3):  # three more solved at once: the rating climbs toward the hard level
        q.next()
        task = q.question.task
        assert task.key != first.key and not dl.was_rated(task.key)
        tile, _, point = task.answer.partition("@")
        q.select(tile)
        q.click_point(point or "lead")
    q.next()
    assert q.question.task.difficulty == dl.level_for(dl.learner_rating()) == 3
    assert "rating" in q.tally.value


def test_a_line_puzzle_is_rated_once_a_miss_loses_it_a_clean_line_wins_it():
    p = dl.make_line_puzzle(seed=3, difficulty=1)
    assert p.start_rating == dl.Rating(dl.LINE_LEVEL_RATINGS[1], 250)
    q = p.on_board(p.key)
    worse = worse_first(p)
    q.select(worse.tile)
    said = q.place(worse.at)
    assert said.right is False and q.rating is not None and "→" in said.text
    before, after = q.rating
    assert after.rating < before.rating and dl.was_rated(p.key)
    assert dl.puzzle_rating(p.key, p.start_rating).rating > p.start_rating.rating  # the puzzle won
    played_by_its_line(p, q)  # then solved: the attempt was the first try, not rated again
    assert q.solved and dl.learner_rating() == after and "→" not in q.verdict.text
    clean = dl.make_line_puzzle(seed=4, difficulty=2, goal="two-turns")
    r = played_by_its_line(clean)
    assert r.solved and r.misses == 0 and r.rating is not None and "→" in r.verdict.text
    assert r.rating[1].rating > after.rating  # solved without a miss: the learner's rating rises
    unkeyed = clean.on_board()  # a puzzle asked without a key (no progress kept): never rated
    worse = worse_first(clean)
    unkeyed.select(worse.tile)
    unkeyed.place(worse.at)
    assert unkeyed.rating is None


def test_the_endless_mode_goes_several_moves_deep_near_the_learners_rating():
    assert dl.line_level_for(dl.Rating(1500)) == 1 and dl.line_level_for(dl.Rating(1700)) == 2
    e = dl.Endless(seed=5, deep=True)
    dealt = [e.deal()[0] for _ in range(3)]
    assert [p.goal for p in dealt] == list(dl.LINE_GOALS)  # the goals in turn
    assert all(isinstance(p, dl.LinePuzzle) and p.difficulty == 1 for p in dealt)  # 1500: level 1
    themed = dl.Endless(seed=1, theme="blocks", deep=True).deal()[0]
    assert themed.goal == "round" and "blocks" in themed.themes
    q = dl.endless_puzzles(seed=2, deep=True)
    first = q.question.task
    for move in first.line_for_you():
        q.select(move.partition("@")[0])
        q.click_point(move.partition("@")[2] or "lead")
    assert q.question.solved and dl.learner_rating().rating > 1500
    q.next()
    assert q.question.task.key != first.key and q.question.task.goal == "two-turns"
    assert "rating" in q.tally.value
    for bad in ("yes", 1, None):
        with pytest.raises(dl.DominolabError, match="deep is True"):
            dl.Endless(deep=bad)  # type: ignore[arg-type]
    with pytest.raises(dl.DominolabError, match="seed"):
        dl.Endless(seed="1")  # type: ignore[arg-type]
    # a theme of the other kind of puzzle is refused when the mode is made, with the themes there are
    with pytest.raises(dl.DominolabError, match="unknown theme 'blocks'; the themes: terminal-double"):
        dl.Endless(theme="blocks")
    with pytest.raises(dl.DominolabError, match="unknown theme 'muggins-count'; the themes: goes-out"):
        dl.Endless(theme="muggins-count", deep=True)


def test_the_rating_words_are_said_in_spanish():
    dl.language("es")
    try:
        p = dl.make_puzzle(seed=2)
        q = dl.OnBoard(p, p.key)
        tile, _, point = p.answer.partition("@")
        q.select(tile)
        text = q.place(point or "lead").text
        assert "Tu puntuación de problemas" in text, text
        with pytest.raises(dl.DominolabError, match="no "):
            dl.glicko2("x", [])
    finally:
        dl.language("en")


class _Clock:
    """A clock the test moves by hand (seconds)."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _solve(s) -> dl.Checked:  # type: ignore[no-untyped-def]
    tile, _, point = s.question.task.answer.partition("@")
    s.select(tile)
    return s.place(point or "lead")


def test_a_streak_goes_on_while_each_puzzle_is_solved_first_time_and_gets_harder_every_three():
    clock = _Clock()
    s = dl.Streak(seconds=120, seed=3, clock=clock)
    levels = []
    for n in range(1, 8):
        levels.append(s.level)
        assert _solve(s).right and s.solved == n and s.ended is None
        clock.now += 5
    assert levels == [1, 1, 1, 2, 2, 2, 3] and s.level == 3
    assert "Streak: 7" in s.question.verdict.text or s.solved == 7


def test_a_miss_ends_the_streak_with_the_answer_and_the_best_is_kept():
    clock = _Clock()
    s = dl.Streak(seconds=120, seed=3, clock=clock)
    _solve(s)
    _solve(s)
    p = s.question.task
    wrong = next(r for r in dl.best_placements(p.board(), p.hand) if r.points < p.points)
    s.select(wrong.tile)
    said = s.place(wrong.at or "lead")
    assert said.right is False and s.ended == "missed" and p.answer in said.text and "2" in said.text
    assert dl.best_streak() == 2 and s.best == 2
    assert s.select(p.hand[0]).right is False and s.solved == 2  # over: nothing more counts
    shorter = dl.Streak(seconds=120, seed=50, clock=clock)
    q = shorter.question.task
    wrong = next(r for r in dl.best_placements(q.board(), q.hand) if r.points < q.points)
    shorter.select(wrong.tile)
    shorter.place(wrong.at or "lead")
    assert dl.best_streak() == 2  # a shorter streak leaves the best as it was


def test_an_answer_after_the_time_is_up_ends_the_streak_and_is_not_counted():
    clock = _Clock()
    s = dl.Streak(seconds=30, seed=3, clock=clock)
    _solve(s)
    clock.now = 31
    said = s.select(s.question.task.answer.partition("@")[0])
    assert said.right is False and s.ended == "time" and s.solved == 1 and "Time is up" in said.text
    assert _solve(s).right is False and s.solved == 1  # nothing counts after
    assert s.clock_text() == "0:00" and dl.best_streak() == 1


def test_a_click_that_is_not_a_try_does_not_end_the_streak():
    s = dl.Streak(seconds=60, seed=3, clock=_Clock())
    said = s.place("lead")  # no tile picked yet
    assert said.right is False and s.ended is None and s.question.tries == 0


@pytest.mark.parametrize("seconds", [0, -5, "60", True, float("inf")])
def test_a_streak_with_a_time_that_is_not_seconds_is_refused(seconds):
    with pytest.raises(dl.DominolabError, match="seconds"):
        dl.Streak(seconds=seconds)


def test_the_streak_widget_plays_by_clicks_and_starts_again():
    w = dl.puzzle_streak(seconds=300, seed=3)
    for _ in range(2):
        tile, _, point = w.question.task.answer.partition("@")
        w.select(tile)
        assert w.click_point(point or "lead").right
    assert "streak 2" in w.tally.value and "Streak: 2" in w.message_line.value
    first = w.streak
    w.next()
    assert w.streak is not first and w.streak.solved == 0 and "streak 0 · best" in w.tally.value


def test_the_progress_map_shows_the_rating_the_best_streak_and_the_deep_puzzles():
    assert "puzzle rating" not in dl.progress_markdown() and "streak" not in dl.progress_markdown()
    p = dl.make_line_puzzle(1)
    q = dl.LineOnBoard(p, p.key)
    for move in p.line_for_you():
        tile, _, point = move.partition("@")
        q.select(tile)
        q.place(point)
    me, _ = dl.record_attempt("puzzle-all-fives-1-1", dl.Rating(1200, 250), won=True)
    s = dl.Streak(seconds=60, seed=3, clock=_Clock())
    _solve(s)
    s.select(s.question.task.hand[0])  # then a miss, or another right answer: end it by the clock
    s._clock.now = 61  # type: ignore[attr-defined]
    s.place("lead")
    shown = dl.progress_markdown()
    assert "| puzzles several moves deep | 1 | ★★★ |" in shown
    assert f"| your puzzle rating | {me} |" in shown and "| your best timed streak | 1 |" in shown
