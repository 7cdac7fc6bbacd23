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
        g._push(g.legal_actions()[-1])
    while before:
        g._pop()
        assert snapshot(g) == before.pop()


def brute(g, side_count):
    """Plain minimax by full enumeration (no pruning, no table): the reference."""
    if g.round.is_over or g.is_over:
        return None
    results = []
    for a in g.legal_actions():
        g._push(a)
        results.append(brute_value(g))
        g._pop()
    return results


def brute_value(g):
    if g.round.is_over or g.is_over:
        return g._score2[0] - g._score2[1]
    vals = []
    for a in g.legal_actions():
        g._push(a)
        vals.append(brute_value(g))
        g._pop()
    return max(vals) if g.side_of(g.to_move) == 0 else min(vals)


@pytest.mark.parametrize("seed", range(6))
def test_alpha_beta_agrees_with_plain_minimax_on_small_endgames(seed):
    g = dl.Game("all-fives", 2, seed=seed)
    while len(g.hands[0]) + len(g.hands[1]) > 7 and not g.round.is_over:
        g.apply(g.legal_actions()[0])
    if g.round.is_over:
        pytest.skip("the round ended early")
    e = dl.endgame(g)
    ref = dl.Game._from_position(g.rules, g.board, g.hands, list(g.boneyard), g.to_move, g.scores, g.drawn)
    start = ref._score2[0] - ref._score2[1]
    assert 2 * (e.gains[0] - e.gains[1]) == brute_value(ref) - start
    # the line is legal and reaches those gains
    replay = dl.Game._from_position(g.rules, g.board, g.hands, list(g.boneyard), g.to_move, g.scores, g.drawn)
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
