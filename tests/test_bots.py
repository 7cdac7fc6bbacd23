"""The stronger bots see only their seat's view and always choose a legal action."""

from math import comb

import pytest

import dominolab as dl
from dominolab.bots import expected_best_reply, unseen_tiles


def test_expected_best_reply_is_the_exact_expectation_of_the_maximum():
    b = dl.Board("all-fives")
    b.play("1|4")
    pool = [dl.Tile(t) for t in ("1|6", "0|4", "2|3", "3|3")]  # best replies 10, 0, 0, 0
    # a hand of 2 of these 4 tiles holds 1|6 with probability 3/6
    assert expected_best_reply(b, pool, 2) == pytest.approx(10 * comb(3, 1) / comb(4, 2))
    assert expected_best_reply(b, pool, 4) == 10
    assert expected_best_reply(b, pool, 0) == 0


def test_unseen_tiles_are_everything_but_own_hand_and_layout():
    g = dl.Game("all-fives", 2, seed=3)
    v = g.view(g.to_move)
    assert set(unseen_tiles(v)) == set(dl.DOUBLE_SIX) - set(v.hand) - set(g.board.tiles)
    assert set(unseen_tiles(v)) == set(g.hands[1 - g.to_move]) | set(g.boneyard)


@pytest.mark.parametrize("name", dl.PRESETS)
@pytest.mark.parametrize("bot", ["defensive", "expert"])
def test_strong_bots_play_whole_games_legally(name, bot):
    bots = [dl.make_bot(bot, 1), "greedy"]
    if bot == "expert":
        bots[0] = dl.ExpertBot(1, playouts=12, ms=20)
    g = dl.play_game(name, 2, bots, seed=4)  # play_game refuses an illegal choice
    assert g.is_over and dl.check_records([dl.game_to_record(g)]) == []


def test_defensive_avoids_setting_up_an_easy_reply():
    # after the lead 2|2, two 3-point options: the bot prefers the one that leaves the
    # next seat less to score
    g = dl.Game("all-fives", 2, seed=11)
    v = g.view()
    if len(v.legal_actions) > 1:
        a = dl.DefensiveBot().choose(v)
        assert a in v.legal_actions


def test_expert_respects_its_budget_and_is_reproducible():
    g = dl.Game("all-fives", 2, seed=5)
    while len(g.legal_actions()) < 2:
        g.apply(g.legal_actions()[0])
    a1 = dl.ExpertBot(7, playouts=30, ms=10_000).choose(g.view())
    a2 = dl.ExpertBot(7, playouts=30, ms=10_000).choose(g.view())
    assert a1 == a2 and a1 in g.legal_actions()


class _FakeClock:
    """A clock that moves on one millisecond each time it is read (no real timing in tests)."""

    def __init__(self) -> None:
        self.now = 0.0
        self.reads = 0

    def __call__(self) -> float:
        self.reads += 1
        self.now += 0.001
        return self.now


def _spy(bot: dl.ExpertBot, log: list, what) -> None:
    """Log ``what(action)`` before each playout of ``bot``."""
    real = bot._playout

    def playout(view, world, a):
        log.append(what(a))
        return real(view, world, a)

    bot._playout = playout  # type: ignore[method-assign]


def _position_with_choices(seed: int = 5) -> dl.Game:
    g = dl.Game("all-fives", 2, seed=seed)
    while len(g.legal_actions()) < 3:
        g.apply(g.legal_actions()[0])
    return g


def test_expert_reads_the_clock_before_every_playout_so_the_deadline_holds_inside_a_world():
    g = _position_with_choices()
    clock = _FakeClock()
    bot = dl.ExpertBot(1, playouts=10_000, ms=20, clock=clock)
    played: list[float] = []
    _spy(bot, played, lambda a: clock.now)
    a = bot.choose(g.view())
    assert a in g.legal_actions()
    assert played and all(t < 0.001 + 0.020 for t in played)  # no playout starts after the deadline
    assert len(played) < 20


def test_expert_judges_every_move_on_the_same_worlds():
    for seed in range(5, 25):
        g = _position_with_choices(seed)
        n = len(g.legal_actions())
        clock = _FakeClock()
        # reads: 1 sets the deadline, 2 starts world 1, 3..n+2 its playouts, n+3 world 2,
        # n+4 the first playout of world 2; the deadline falls just after it
        bot = dl.ExpertBot(1, playouts=10_000, ms=n + 3.5, clock=clock)
        calls: list = []
        _spy(bot, calls, lambda a: a)
        late = bot.choose(g.view())
        assert len(calls) == n + 1  # world 2 was started, then dropped unfinished
        one_world = dl.ExpertBot(1, playouts=n, ms=10_000).choose(g.view())
        assert late == one_world


def test_expert_without_time_for_one_world_plays_its_policy():
    g = _position_with_choices()
    bot = dl.ExpertBot(1, ms=0)
    assert bot.choose(g.view()) == dl.GreedyBot().choose(g.view())


def test_a_position_for_a_sampled_world_plays_on_by_the_rules():
    g = dl.Game("dominos-cc", 3, seed=2)
    for _ in range(4):
        g.apply(g.legal_actions()[0])
    w = dl.Game.from_position(g.rules, g.board, g.hands, list(g.boneyard), g.to_move, g.scores, g.drawn)
    assert w.legal_actions() == g.legal_actions()
    assert w.board.end_sum() == g.board.end_sum()


@pytest.mark.parametrize(
    ("kwargs", "says"),
    [
        ({"playouts": -1}, "playouts must be a whole number, 0 or more"),
        ({"playouts": 2.5}, "playouts must be a whole number"),
        ({"ms": "fast"}, "ms must be a number of milliseconds per move, 0 or more"),
        ({"ms": -5}, "ms must be a number of milliseconds"),
        ({"ms": float("nan")}, "ms must be a number of milliseconds"),
        ({"policy": "nobody"}, "policy must be 'greedy' or 'random'"),
    ],
)
def test_the_expert_refuses_a_budget_or_policy_it_cannot_use(kwargs, says):
    with pytest.raises(dl.DominolabError, match=says):
        dl.ExpertBot(**kwargs)


def test_a_bot_never_changes_the_layout_its_view_shows():
    """SeatView: the board is the game's live layout, to read only; the defensive bot tries
    its placements on a copy (a layout that refuses every change is never touched)."""

    class ReadOnly(dl.Board):
        def push(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            raise AssertionError("the view's layout was changed")

        play = push

    g = dl.Game("all-fives", 2, seed=3)
    for _ in range(4):
        g.apply(g.legal_actions()[0])
    frozen = g.board.copy()
    frozen.__class__ = ReadOnly  # the same layout, refusing every change
    v = g.view(g.to_move)
    v.board = frozen
    assert dl.DefensiveBot().choose(v) in v.legal_actions
