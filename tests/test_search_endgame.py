"""The perfect-information endgame search, and the game's take-back used by searches."""

import itertools

import pytest

import dominolab as dl


def snapshot(g):
    rs = g.round
    return (
        g.board.tiles,
        [list(h) for h in g.hands],
        list(g.boneyard),
        g.to_move,
        g.drawn,
        g.scores,
        g.outcome,
        rs.end_reason,
        rs.winner,
        len(rs.actions),
    )


@pytest.mark.parametrize(("name", "players"), list(itertools.product(dl.PRESETS, (2, 3, 4))))
def test_push_and_pop_restore_the_exact_state(name, players):
    g = dl.Game(name, players, seed=3, auto_deal=False)
    before = []
    while not g.round.is_over and not g.is_over:
        before.append(snapshot(g))
        g.push(g.legal_actions()[-1])
    while before:
        g.pop()
        assert snapshot(g) == before.pop()


def brute(g, side_count):
    """Plain minimax by full enumeration (no pruning, no table): the reference."""
    if g.round.is_over or g.is_over:
        return None
    results = []
    for a in g.legal_actions():
        g.push(a)
        results.append(brute_value(g))
        g.pop()
    return results


def brute_value(g):
    if g.round.is_over or g.is_over:
        return 2 * (g.scores[0] - g.scores[1])
    vals = []
    for a in g.legal_actions():
        g.push(a)
        vals.append(brute_value(g))
        g.pop()
    return max(vals) if g.side_of(g.to_move) == 0 else min(vals)


@pytest.mark.parametrize("seed", range(6))
def test_alpha_beta_agrees_with_plain_minimax_on_small_endgames(seed):
    g = dl.Game("all-fives", 2, seed=seed)
    while len(g.hands[0]) + len(g.hands[1]) > 7 and not g.round.is_over:
        g.apply(g.legal_actions()[0])
    if g.round.is_over:
        pytest.skip("the round ended early")
    e = dl.endgame(g)
    ref = dl.Game.from_position(g.rules, g.board, g.hands, list(g.boneyard), g.to_move, g.scores, g.drawn)
    start = 2 * (ref.scores[0] - ref.scores[1])
    assert 2 * (e.gains[0] - e.gains[1]) == brute_value(ref) - start
    # the line is legal and reaches those gains
    replay = dl.Game.from_position(g.rules, g.board, g.hands, list(g.boneyard), g.to_move, g.scores, g.drawn)
    for a in e.line:
        replay.apply(a)
    assert replay.round.is_over or replay.is_over


def test_three_player_endgame_by_max_n():
    g = dl.Game("dominos-cc", 3, seed=2)
    while sum(map(len, g.hands)) > 7 and not g.round.is_over:
        g.apply(g.legal_actions()[0])
    e = dl.endgame(g)
    assert len(e.gains) == 3 and e.line


def test_a_position_too_large_is_refused_with_a_reason():
    g = dl.Game("all-fives", 2, seed=1)
    with pytest.raises(dl.DominolabError, match="more than 50 positions"):
        dl.endgame(g, max_nodes=50)


@pytest.mark.parametrize("what", [None, "all-fives", 5])
def test_the_endgame_search_refuses_what_is_not_a_game(what):
    with pytest.raises(dl.DominolabError, match="endgame searches a dl.Game"):
        dl.endgame(what)


def whole_state(g):
    """Everything a game is, across rounds: its record, the history, and the live position."""
    return (dl.game_to_json(g), list(g.history), g.board.tiles, [list(h) for h in g.hands],
            list(g.boneyard), g.to_move, g.drawn, g.scores, g.outcome, g.is_chance)  # fmt: skip


@pytest.mark.parametrize("name", dl.PRESETS)
def test_push_and_pop_cross_rounds_back_to_the_first_deal(name):
    """The deal and the leader are steps of the history like plays: a whole game pushed step by
    step (the game takes its chance steps itself) is popped back, step by step, to the start."""
    g = dl.Game(name, 2, seed=4)
    bot = dl.make_bot("greedy")
    states = []
    while not g.is_over and len(g.rounds) < 4:
        states.append((len(g.history), whole_state(g)))
        g.push(dl.bot_action(g, bot))
    assert len(g.rounds) > 1 and any(isinstance(s, dl.Deal) for s in g.history[2:])
    while states:
        n, want = states.pop()
        while len(g.history) > n:
            g.pop()
        assert whole_state(g) == want
    assert [type(s) for s in g.history] == [dl.Deal, dl.Lead]
    g.pop()
    g.pop()
    assert g.history == [] and g.rounds == [] and g.is_chance
    with pytest.raises(dl.IllegalAction, match="nothing to take back"):
        g.pop()


@pytest.mark.parametrize("name", dl.PRESETS)
def test_a_game_is_its_history(name):
    """Replay is 'push each step': a game waiting for its chance steps, given every step of
    another game's history, is that game (its record byte for byte)."""
    g = dl.play_game(name, 3, "greedy", seed=8)
    again = dl.Game(name, 3, seed=None, start=False, auto_deal=False)
    for step in g.history:
        again.apply(step.act and dl.Action(step.act, step.tile, step.at and (step.at.tile, step.at.slot),
                                           step.points if step.act == "claim" else None)
                    if isinstance(step, dl.ActionRecord) else step)  # fmt: skip
    assert dl.game_to_json(again).replace('"seed":null', f'"seed":{g.seed}') == dl.game_to_json(g)
    assert again.history == g.history


def test_chance_steps_are_checked_and_change_nothing_when_refused():
    g = dl.Game("dominos-cc", 2, start=False, auto_deal=False)
    assert g.is_chance and g.legal_actions() == []
    with pytest.raises(dl.IllegalAction, match="once each"):
        g.push(dl.Deal((tuple(dl.DOUBLE_SIX[:7]), tuple(dl.DOUBLE_SIX[:7])), tuple(dl.DOUBLE_SIX[14:])))
    assert g.history == [] and g.rounds == []
    g.push(dl.Deal((tuple(dl.DOUBLE_SIX[:7]), tuple(dl.DOUBLE_SIX[7:14])), tuple(dl.DOUBLE_SIX[14:])))
    assert g.is_chance and g.legal_actions() == []  # the leader is owed
    with pytest.raises(dl.IllegalAction, match="highest double leads"):
        g.push(dl.Lead(0))  # seat 1 holds 2|2, the highest double of these hands
    assert g.push(dl.Lead(1)) == dl.Lead(1, "highest-double")
    assert not g.is_chance and g.legal_actions() == [dl.Action.play("2|2")]
    with pytest.raises(dl.IllegalAction, match="still being played"):
        g.push(g.chance_step())
