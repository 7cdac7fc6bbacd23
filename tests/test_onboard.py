"""Questions answered on the board (issue 36, item 1): a tile picked, then its point clicked;
a miss refused at once in the engine's words and taken back; the solve kept with stars."""

from __future__ import annotations

import pytest

import dominolab as dl
from dominolab.board import placement_text
from dominolab.progress import solved


@pytest.fixture(autouse=True)
def own_progress(tmp_path, monkeypatch):
    monkeypatch.setenv("DOMINOLAB_PROGRESS", str(tmp_path / "progress.json"))


def _answer(task) -> tuple[str, str]:
    tile, _, point = task.answer.partition("@")
    return tile, point or "lead"


def _a_miss(task):
    """A legal placement of the hand that is not the answer."""
    return next(
        r for r in dl.best_placements(task.board(), task.hand) if placement_text(r.tile, r.at) != task.answer
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("difficulty", [1, 2, 3])
def test_the_puzzles_answer_placed_by_two_clicks_solves_it_at_the_first_try(seed, difficulty):
    task = dl.make_puzzle(seed, difficulty)
    q = dl.OnBoard(task, key=f"p-{difficulty}-{seed}")
    tile, point = _answer(task)
    assert q.select(tile).right is None and q.selected == dl.Tile(tile)
    verdict = q.place(point)
    assert verdict.right and q.solved and q.stars == 3 and "★★★" in verdict.text
    assert len(q.board) == len(task.board()) + 1 and dl.Tile(tile) not in q.hand
    assert q.question == task.ask and "Answer like" not in q.question  # two clicks, no notation
    assert solved()[f"p-{difficulty}-{seed}"]["stars"] == 3
    assert not q.select(q.hand[0]).right and not q.place(point).right  # solved: nothing more


def test_a_legal_miss_is_refused_in_the_puzzles_words_and_taken_back():
    task = dl.make_puzzle(1, 1)
    q = dl.OnBoard(task, key="p")
    miss = _a_miss(task)
    before = [(p.tile, p.at) for p in q.board.placements]
    q.select(miss.tile)
    verdict = q.place(miss.at or "lead")
    assert verdict.right is False and q.tries == 1 and not q.solved
    assert task.check(placement_text(miss.tile, miss.at)).text in verdict.text  # the puzzle's words
    assert "goes back to the hand" in verdict.text
    assert [(p.tile, p.at) for p in q.board.placements] == before and q.selected is None
    assert sorted(q.hand) == sorted(task.hand)
    tile, point = _answer(task)
    q.select(tile)
    assert q.place(point).right and q.stars == 2 and solved()["p"]["tries"] == 2


def test_what_is_no_placement_is_refused_with_its_reason_and_is_not_a_try():
    task = dl.make_puzzle(1, 1)
    q = dl.OnBoard(task)
    held = {str(t) for t in q.hand}
    outside = next(t for t in dl.DOUBLE_SIX if str(t) not in held and t not in q.board)
    on_layout = q.board.placements[0].tile
    assert q.select(outside).text == dl.words.widget("not held", tile=outside)
    assert q.selected is None
    assert q.select(on_layout).right is False and q.selected is None
    assert q.select("7|7").right is False and "7|7" in q.verdict.text
    assert q.place("lead").right is False  # nothing picked yet
    tile, point = _answer(task)
    q.select(tile)
    placed = [str(p.tile) for p in q.board.placements]
    wrong_point = next(
        f"{t}:{slot}" for t in placed for slot in dl.SLOTS if q.board.why_not(tile, f"{t}:{slot}") is not None
    )
    refused = q.place(wrong_point)
    assert refused.right is False and q.tries == 0 and q.selected == dl.Tile(tile)
    assert q.board.why_not(tile, wrong_point) in refused.text  # the engine's reason


def test_a_reviews_challenge_is_answered_on_the_board_too():
    g = dl.play_game("all-fives", 2, ["random", "greedy"], seed=3)
    ch = dl.review(g, seat=0).challenge(0)
    q = dl.OnBoard(ch)
    assert q.verdict.text == ch.question
    tile, _, point = ch.turn.best_move.partition("@")
    q.select(tile)
    assert q.place(point or "lead").right and q.solved
    assert ch.turn.best_move in ch.reveal() and ch.turn.why in ch.reveal()


def test_what_cannot_be_answered_on_the_board_is_refused():
    with pytest.raises(dl.DominolabError, match="cannot be answered on the board"):
        dl.OnBoard("2|5@5|5:high")  # type: ignore[arg-type]


def test_the_widget_draws_the_model_and_passes_it_the_clicks():
    a = dl.puzzles_on_board(difficulty=1, seed=4)
    task = a.question.task
    assert a.answer_button.disabled and a.question.key == "puzzle-all-fives-1-4"
    miss = _a_miss(task)
    a.hand_view.on_tile(str(miss.tile))  # what a click on the hand calls
    assert str(miss.tile) in a.message_line.value
    a.board_view.on_point(miss.at or "lead")
    assert "#b42318" in a.message_line.value and not a.answer_button.disabled
    assert task.answer in a.show_answer() and task.answer in a.answer_box.value
    tile, point = _answer(task)
    a.select(tile)
    assert a.click_point(point).right and "#1a7f37" in a.message_line.value
    assert "1 of 1" in a.tally.value and "★★☆" in a.tally.value
    a.next()
    assert a.question.key == "puzzle-all-fives-1-5" and a.answer_box.value == "" and a.answer_button.disabled
    assert "2" in a.tally.value and len(a.question.board) == len(a.question.task.board())


def test_themed_puzzles_on_board_deal_only_puzzles_of_their_theme():
    """Issue 38, item 2: each puzzle dealt shows the theme, each from a later seed, its key
    naming that seed; an unknown theme is refused before anything is drawn."""
    a = dl.puzzles_on_board(difficulty=2, seed=1, theme="opens-spinner")
    seeds = []
    for _ in range(3):
        task = a.question.task
        assert "opens-spinner" in task.themes and a.question.key == f"puzzle-all-fives-2-{task.seed}"
        seeds.append(task.seed)
        a.next()
    assert seeds == sorted(set(seeds))
    with pytest.raises(dl.DominolabError, match="unknown theme 'spinners'"):
        dl.puzzles_on_board(theme="spinners")


def test_puzzles_on_board_refuses_a_seed_that_is_not_a_whole_number():
    with pytest.raises(dl.DominolabError):
        dl.puzzles_on_board(seed=1.5)  # type: ignore[arg-type]


STAGE_GOALS = [
    (name, i, g)
    for name, goals in dl.STAGES.items()
    for i, g in enumerate(goals, start=1)
    if isinstance(g, dl.stages.Goal)
]


@pytest.mark.parametrize(("name", "n", "goal"), STAGE_GOALS, ids=lambda x: x if isinstance(x, str) else None)
def test_every_stage_position_has_an_answer_the_engine_scores_and_a_miss_that_teaches(name, n, goal):
    """Each position of a stage is answerable (a placement whose count scores, by the engine's
    count) and teaches (a legal placement that misses, refused in the engine's words)."""
    answers, placements = goal.answers(), goal.placements()
    assert answers and len(answers) < len(placements)
    for r in placements:
        b = goal.board()
        b.play(r.tile, r.at)
        scores = b.rules.points(b.score()) > 0  # the engine's own count decides
        verdict = goal.check(placement_text(r.tile, r.at))
        assert verdict.right is scores and r.reason in verdict.text
    assert answers[0].reason in goal.reveal()


def test_a_stage_is_played_on_the_board_to_its_end_and_kept_in_the_progress_map():
    s = dl.stage_on_board("counting")
    goals = dl.stage("counting")
    for n, goal in enumerate(goals, start=1):
        assert s.question.key == f"stage-counting-{n}" and s.question.task is goal
        miss = next(r for r in goal.placements() if r.points == 0)
        s.select(miss.tile)
        assert s.click_point(miss.at or "lead").right is False and "The goal" in s.question.verdict.text
        right = goal.answers()[0]
        s.select(right.tile)
        assert s.click_point(right.at or "lead").right
        s.next()
    assert s.next_button.disabled and "Stage done" in s.message_line.value
    line = next(x for x in dl.progress_markdown().splitlines() if "stage counting" in x)
    assert f"{len(goals)} / {len(goals)}" in line and "★★" in line


@pytest.mark.parametrize(
    ("n", "leads", "by"),
    [
        (1, "4|4", "highest-double"),
        (2, "5|5", "highest-double"),
        (3, "5|6", "heaviest-tile"),
        (4, "3|6", "heaviest-tile"),
    ],
)
def test_the_leads_stage_asks_for_the_tile_the_line_games_rule_leads(n, leads, by):
    """RULES.md, line games: the highest double leads, else the heaviest tile, equal pips broken
    by the higher half (position 4: 3|6 before 4|5).  The deal gives seat 0 the lead; every
    other tile of the hand is refused with the rule, never with the tile that leads."""
    goal = dl.stage("leads")[n - 1]
    assert isinstance(goal, dl.stages.LeadGoal) and goal.game().to_move == 0
    assert goal.answers() == [dl.Tile(leads)] and str(goal.game().round.leader_by) == by
    rule = dl.words.lead_reason(by, 0)
    assert goal.check(leads).right and rule in goal.check(leads).text
    for t in goal.hand:
        if t != leads:
            miss = goal.check(t)
            assert miss.right is False and rule in miss.text and leads not in miss.text
    assert leads in goal.reveal() and (("higher half" in goal.reveal()) is (n == 4))


def test_the_leads_stage_is_played_on_the_board_by_clicks():
    s = dl.stage_on_board("leads")
    for goal in dl.stage("leads"):
        miss = next(t for t in goal.hand if dl.Tile(t) not in goal.answers())
        s.select(miss)
        assert s.click_point("lead").right is False and "may not lead" in s.question.verdict.text
        s.select(str(goal.answers()[0]))
        assert s.click_point("lead").right
        s.next()
    assert s.next_button.disabled


def test_an_unknown_stage_is_refused_with_the_stages_there_are():
    with pytest.raises(dl.DominolabError, match="unknown stage 'dominoes'; the stages: counting, spinners"):
        dl.stage("dominoes")


@pytest.mark.parametrize("key", ["p-best", "p-twenty", "t3-35", "t5a-cc-lead"])
def test_an_exercise_answered_by_a_placement_is_answered_on_the_board_too(key):
    """The exercise's own verdict (its hint on a miss; its explanation and the progress it keeps
    on a right answer) through two clicks."""
    ex = dl.exercise(key)
    q = dl.OnBoard(ex)
    assert q.verdict.text == ex.question and len(q.hand) > 0
    ranked = dl.best_placements(ex.board(), ex.hand)
    miss = next(r for r in ranked if not ex.check(placement_text(r.tile, r.at)).right)
    q.select(miss.tile)
    verdict = q.place(miss.at or "lead")
    assert verdict.right is False and ex.hint in verdict.text and len(q.board) == len(ex.board())
    accepts = ex.accept or (lambda a: a == str(ex.answer()))  # a lead is written as its tile
    right = next(r for r in ranked if accepts(placement_text(r.tile, r.at)))
    q.select(right.tile)
    assert q.place(right.at or "lead").right and key in solved()


def test_an_exercise_not_answered_by_a_placement_is_refused_on_the_board():
    with pytest.raises(dl.DominolabError, match="exercise t1-deal is not answered by a placement"):
        dl.OnBoard(dl.exercise("t1-deal"))


@pytest.mark.parametrize(
    ("n", "right", "wrong"),
    [
        (1, "draw", ["pass"]),
        (2, "pass", ["draw"]),
        (3, "1|3@3|3:line-b", ["draw", "pass"]),
        (4, "pass", ["draw"]),
    ],
)
def test_the_turns_stage_asks_what_the_turn_rule_allows(n, right, wrong):
    """RULES.md, turns: a player who can play must play; one who cannot draws while the
    boneyard holds tiles, in a game that draws; else passes.  Each miss is refused in the
    engine's own words."""
    goal = dl.stage("turns")[n - 1]
    assert goal.check(right).right, goal.check(right).text
    for w in wrong:
        miss = goal.check(w)
        assert miss.right is False and miss.text.removeprefix("Not that: ").rstrip(
            "."
        ) == goal.game().why_not(w)
    assert right.split("@")[0] in goal.reveal()


def test_the_turns_stage_is_played_with_its_buttons_and_clicks():
    s = dl.stage_on_board("turns")
    assert [b.description for b in s.act_buttons] == ["draw", "pass"]
    goal = dl.stage("turns")[0]
    s.act("pass")
    assert "cannot pass" in s.message_line.value and not s.question.solved
    s.act("draw")
    assert s.question.solved and s.stars == [2]
    s.next()
    s.next()
    tile, _, point = dl.stage("turns")[2].reveal().removeprefix("Answer: ").partition("@")
    s.select(tile)
    assert s.click_point(point.split(".")[0]).right
    assert goal.acts == ("draw", "pass") and dl.OnBoard(dl.make_puzzle(1)).act("draw").right is False


SETTLING = list(enumerate(dl.STAGES["settling"], start=1))


@pytest.mark.parametrize(("n", "goal"), SETTLING)
def test_a_settling_position_is_answered_with_the_number_the_engines_settlement_pays(n, goal):
    """The stage 'settling': the number asked is the engine's settlement (what you receive,
    or what seat ``asks`` loses in five-up); a wrong number is refused without the answer in
    it, and names the step it skipped where it skipped one."""
    layout = [t for t, _ in goal.moves]
    st = dl.settle(goal.rules, [[], *map(list, goal.others)], domino_seat=0, layout=layout)
    change = st.changes[goal.asks]
    want = change if goal.asks == 0 else -change
    assert goal.answer() == want and goal.check(f"{want} points").right and goal.check(want).right
    assert str(want) in goal.reveal() and st.lines[-1] in goal.reveal()
    for wrong in range(0, 40):
        if wrong == want:
            continue
        verdict = goal.check(wrong)
        assert verdict.right is False and str(want) not in verdict.text.replace(str(wrong), "")
    assert goal.check("lots").right is False and "number" in goal.check("lots").text


def test_the_settling_stage_names_each_step_a_wrong_number_skips():
    """Rounding (round5), pooling (all-fives) against rounding each rival (dominos-cc), and
    five-up's shown points: each is the miss of at least one position, from the engine's counts."""
    said = set()
    for goal in dl.STAGES["settling"]:
        for wrong in range(0, 40):
            if wrong != goal.answer():
                said.add(goal.check(wrong).text)
    for key, facts in [
        ("settle raw", {}),
        ("settle separately", {"game": "all-fives"}),
        ("settle pooled", {"game": "dominos-cc"}),
        ("settle unit", {"game": "five-up"}),
    ]:
        assert dl.words.stage(key, **facts) in said, key


def test_a_number_typed_on_the_board_is_counted_once_read_and_kept_in_the_progress_map():
    s = dl.stage_on_board("settling")
    goals = dl.stage("settling")
    for n, goal in enumerate(goals, start=1):
        assert s.question.key == f"stage-settling-{n}" and s.question.task is goal
        assert s.answer("a lot").right is False and s.question.tries == 0  # not read: not a try
        assert s.answer(goal.answer() + 5).right is False and s.question.tries == 1
        assert s.answer(f"{goal.answer()} points").right and s.question.solved
        assert s.answer(goal.answer()).right is False  # solved already
        s.next()
    assert s.next_button.disabled
    line = next(x for x in dl.progress_markdown().splitlines() if "stage settling" in x)
    assert f"{len(goals)} / {len(goals)}" in line


def test_a_placement_task_takes_no_number_and_a_settlement_no_click():
    placing = dl.OnBoard(dl.STAGES["counting"][0])
    assert placing.answer(5).right is False and placing.tries == 0
    settling = dl.OnBoard(dl.STAGES["settling"][0])
    assert settling.hand == [] and settling.select("1|2").right is False and settling.tries == 0


ENDING = list(enumerate(dl.STAGES["ending"], start=1))


@pytest.mark.parametrize(("n", "goal"), ENDING)
def test_an_ending_position_is_won_by_exactly_the_placements_the_engine_ends_the_game_with(n, goal):
    """The stage 'ending': you are short of the target; the answers are the placements after
    which the engine's game (the position played on) is over, won by you — in mid-round, as
    all-fives, dominos-cc and fives and threes end; every other placement is refused, saying
    where it leaves you, and an exact target passed says its points are disregarded."""
    rules = dl.variant(goal.rules)
    assert rules.target_check is dl.TargetCheck.INSTANT and goal.score < goal.target
    answers = {placement_text(r.tile, r.at) for r in goal.answers()}
    assert answers and len(answers) < len(goal.placements())
    for r in goal.placements():
        g = goal.game()
        g.apply(dl.Action.play(r.tile, r.at))
        won = g.is_over and g.outcome.winner == 0  # the engine's game decides
        move = placement_text(r.tile, r.at)
        verdict = goal.check(move)
        assert (move in answers) is won and verdict.right is won and r.reason in verdict.text
        if not won:
            assert dl.format_score(g.scores[0]) in verdict.text and str(goal.target) in verdict.text
            if rules.exact_target and goal.score + r.points > goal.target:
                assert "disregarded" in verdict.text
    assert goal.answers()[0].reason in goal.reveal()


def test_the_ending_stage_is_played_on_the_board_to_its_end():
    s = dl.stage_on_board("ending")
    for goal in dl.stage("ending"):
        miss = next(r for r in goal.placements() if r not in goal.answers())
        s.select(miss.tile)
        assert s.click_point(miss.at or "lead").right is False and "short of" in s.question.verdict.text
        right = goal.answers()[0]
        s.select(right.tile)
        assert s.click_point(right.at or "lead").right and s.question.solved
        s.next()
    assert s.next_button.disabled
