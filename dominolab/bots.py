"""Bots: small objects that choose an action from a seat's view, and the loop of bot turns.

``random`` and ``greedy``; ``defensive`` (greedy minus the next seat's expected best reply)
and ``expert`` (determinized Monte Carlo) see only their seat's view too: their own hand,
the layout, how many tiles the others hold, the boneyard count, and the public actions.

>>> import dominolab as dl
>>> g = dl.play_game("all-fives", players=2, bots=["greedy", "random"], seed=3)
>>> g.is_over
True

A bot implements ``choose(view) -> Action``; it sees only what its seat may see.
A bot whose choice needs nothing but the legal actions (``random``) may also
offer ``choose_from(actions) -> Action``, which :func:`play_game` then calls
without building a view.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from math import comb

from . import words
from .board import Board, point_text
from .errors import DominolabError, is_whole
from .game import Act, Action, Game, Player, SeatView, bot_action, play_bots
from .rng import choice, shuffle
from .rules import Rules
from .tiles import DOUBLE_SIX, Tile

__all__ = [
    "Player",
    "RandomBot",
    "GreedyBot",
    "BOTS",
    "make_bot",
    "play_game",
    "play_bots",
    "bot_action",
    "bot_seed",
    "explain_choice",
    "muggins_step",
    "DefensiveBot",
    "ExpertBot",
    "unseen_tiles",
    "expected_best_reply",
]


def _check_miss(miss: float) -> float:
    if isinstance(miss, bool) or not isinstance(miss, int | float) or not 0 <= miss <= 1:
        raise DominolabError(words.bot("miss", value=repr(miss)))
    return float(miss)


def muggins_step(view: SeatView, miss: float = 0.0, rng: random.Random | None = None) -> Action | None:
    """A bot's muggins step, or ``None`` when the seat is not making one: the right claim
    for the tile it placed (the engine's count), and a call whenever a claim fell short.
    With a ``miss`` rate, that share of claims is "nothing" and that share of calls is let go.

    >>> import dominolab as dl
    >>> g = dl.Game(dl.variant("all-fives").replace(muggins=True), 2, seed=1)
    >>> _ = g.apply(g.legal_actions()[0])
    >>> muggins_step(g.view()) == dl.Action.claim_(g.rules.points(g.board.score()))
    True
    >>> g.view().claim_due == g.rules.points(g.board.score())
    True
    """
    by_act = {a.act: a for a in view.legal_actions}  # what is owed, read by its act
    if Act.CLAIM not in by_act and Act.MUGGINS not in by_act:
        return None
    slip = miss > 0 and (rng or random).random() < miss
    if Act.CLAIM in by_act:
        due = view.claim_due
        assert due is not None  # a claim is owed by the seat that placed
        return Action.claim_(0 if slip else due)
    return by_act[Act.LET_GO] if slip else by_act[Act.MUGGINS]


class RandomBot:
    """Chooses uniformly among the legal actions, with its own seeded generator; with
    muggins it claims right (but for a ``miss`` rate) and calls every short claim."""

    name = "random"

    def __init__(self, seed: int | None = None, miss: float = 0.0) -> None:
        self.rng = random.Random(seed)
        self.miss = _check_miss(miss)

    def choose(self, view: SeatView) -> Action:
        return muggins_step(view, self.miss, self.rng) or self.choose_from(view.legal_actions)

    def choose_from(self, actions: Sequence[Action]) -> Action:
        """The same choice as :meth:`choose`, from the legal actions alone."""
        return choice(self.rng, actions)

    def __repr__(self) -> str:
        return f"RandomBot(miss={self.miss})" if self.miss else "RandomBot()"


def _greedy_key(view: SeatView, a: Action) -> tuple[int, int]:
    assert a.tile is not None
    points = view.board.points_for(a.tile, a.at)
    if points and view.rules.exact_target:  # points past the target are disregarded: worth 0
        side = next(i for i, seats in enumerate(view.sides) if view.seat in seats)
        if view.scores[side] + points > view.rules.target(view.players):
            points = 0
    return (points, a.tile.pips)


class GreedyBot:
    """Plays the placement with the largest immediate score (where the target must be hit
    exactly, a score that would pass it counts as nothing).

    Ties are broken deterministically: the heavier tile (fewer pips left in
    hand), then the first in the order of ``legal_actions`` (tiles low first,
    open points in the board's order).  Draws and passes when it must.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None, miss: float = 0.0) -> None:
        self.seed = seed  # its moves are deterministic; the seed draws its muggins misses
        self.miss = _check_miss(miss)
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        step = muggins_step(view, self.miss, self.rng)
        if step is not None:
            return step
        acts = view.legal_actions
        if acts[0].act is not Act.PLAY:
            return acts[0]
        return max(acts, key=lambda a: _greedy_key(view, a))

    def __repr__(self) -> str:
        return f"GreedyBot(miss={self.miss})" if self.miss else "GreedyBot()"


def explain_choice(view: SeatView, bot: Player | str = "greedy") -> str:
    """A hint in words: what ``bot`` would do here and what it scores.

    >>> import dominolab as dl
    >>> g = dl.Game("all-fives", 2, hands=[["1|4"] + [f"{a}|6" for a in range(6)] + ["6|6", "2|3"],
    ...     ["0|0", "0|1", "0|2", "0|3", "0|4", "0|5", "1|1", "1|2", "1|3"]], leader=0)
    >>> explain_choice(g.view())
    'greedy would lead 4|6 for 10 (count 10)'
    """
    if not isinstance(view, SeatView):
        raise DominolabError(words.bot("needs a view", value=repr(view)))
    b = make_bot(bot)
    a = b.choose(view)
    if a.act is not Act.PLAY:
        return words.bot("would " + str(a.act), bot=b.name)
    assert a.tile is not None
    board = view.board
    total = board.sum_after(a.tile, a.at)
    pts = board.points_for(a.tile, a.at)
    if a.at is None:
        return words.bot("would lead", bot=b.name, tile=a.tile, points=pts, count=total)
    return words.bot("would play", bot=b.name, tile=a.tile, at=point_text(a.at), points=pts, count=total)


BOTS: dict[str, Callable[..., Player]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}


def make_bot(name: str | Player, seed: int | None = None, *, miss: float = 0.0) -> Player:
    """A bot by name (``random``, ``greedy``); a bot object is returned as it is.  With
    muggins, ``miss`` is the share of claims it gets wrong and of calls it lets go.

    >>> make_bot("greedy", miss=0.3)
    GreedyBot(miss=0.3)
    """
    if not isinstance(name, str):
        if not callable(getattr(name, "choose", None)):
            raise DominolabError(words.bot("not a bot", value=repr(name), known=", ".join(BOTS)))
        return name
    try:
        make = BOTS[name.strip().lower()]
    except KeyError:
        raise DominolabError(words.table("unknown bot", bot=repr(name), known=", ".join(BOTS))) from None
    if not _check_miss(miss):
        return make(seed)
    if make not in (RandomBot, GreedyBot):
        raise DominolabError(words.bot("miss rate", value=repr(name)))
    return make(seed, miss=miss)


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in a game dealt from ``seed`` (every seat's bot has its own
    generator, so one bot's choices do not change another's)."""
    return seed * 31 + seat + 1


def play_game(
    rules: Rules | str,
    players: int = 2,
    bots: Sequence[str | Player] | None = None,
    seed: int | random.Random | None = None,
    *,
    partnerships: bool | None = None,
    max_rounds: int = 10_000,
) -> Game:
    """Play a whole game between bots and return the finished :class:`Game`.

    Each bot named by a string gets its own generator seeded from ``seed``; when ``seed`` is
    a ``random.Random`` (one stream for many games), the game deals from it and each bot's
    seed is drawn from it next.
    """
    if bots is None or isinstance(bots, str):
        names: list[str | Player] = [bots or "random"] * players  # one name for every seat
    else:
        names = list(bots)
    if not is_whole(max_rounds) or max_rounds < 1:
        raise DominolabError(words.bot("max rounds", value=repr(max_rounds)))
    if len(names) != players:
        raise DominolabError(words.simulation("bots per seat", given=len(names), players=players))
    game = Game(rules, players, seed, partnerships=partnerships)
    if isinstance(seed, random.Random):
        seeds: list[int | None] = [seed.getrandbits(64) for _ in names]
    else:
        seeds = [None if seed is None else bot_seed(seed, i) for i in range(players)]
    seats = [make_bot(b, s) for b, s in zip(names, seeds, strict=True)]
    play_bots(game, seats, max_rounds=max_rounds)
    return game


def unseen_tiles(view: SeatView) -> list[Tile]:
    """The tiles this seat cannot see: not in its hand and not on the layout."""
    mine = set(view.hand) | set(view.board.tiles)
    return [t for t in DOUBLE_SIX if t not in mine]


def _best_reply(board: Board, t: Tile) -> int:
    best = 0
    for p in board.placements_for(t):
        pts = board.points_for(t, p)
        if pts > best:
            best = pts
    return best


def expected_best_reply(board: Board, pool: list[Tile], k: int) -> float:
    """The expected best immediate score of a hand of ``k`` tiles drawn uniformly from
    ``pool``: E[max] over the hand, computed exactly from the sorted replies."""
    if k <= 0 or not pool:
        return 0.0
    k = min(k, len(pool))
    values = sorted((_best_reply(board, t) for t in pool), reverse=True)
    n = len(values)
    total = comb(n, k)
    exp = 0.0
    for i, v in enumerate(values):  # tile i is the best of the hand: the other k-1 come after it
        if v == 0:
            break
        exp += v * comb(n - i - 1, k - 1) / total
    return exp


class DefensiveBot:
    """Greedy, minus the best reply the next seat could make, averaged over the tiles
    that seat could hold (the unseen tiles)."""

    name = "defensive"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> Action:
        step = muggins_step(view)  # it claims right and calls every short claim
        if step is not None:
            return step
        acts = view.legal_actions
        if acts[0].act is not Act.PLAY or len(acts) == 1:
            return acts[0]
        board = view.board.copy()  # tries each placement on a copy: the view's layout is the game's
        nxt = (view.seat + 1) % view.players
        pool = unseen_tiles(view)
        k = view.hand_counts[nxt]
        same_side = any(view.seat in s and nxt in s for s in view.sides)
        best, best_key = acts[0], None
        for a in acts:
            assert a.tile is not None
            p = board.play(a.tile, a.at)
            reply = (
                0.0
                if same_side or len(view.hand) == 1
                else expected_best_reply(board, [t for t in pool if t != a.tile], k)
            )
            board.undo()
            key = (p.points - reply, a.tile.pips)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    def __repr__(self) -> str:
        return "DefensiveBot()"


class ExpertBot:
    """Determinized Monte Carlo: for each legal move, sample the unseen tiles into the
    other hands and the boneyard, play the round out with a fast policy, and keep the
    move with the best average (own side's gain minus the best rival's).

    ``playouts`` per move in total, or ``ms`` milliseconds per move (whichever ends
    first).  The clock is read before every playout, so a move runs over ``ms`` by
    one playout at most (a few milliseconds); a world not finished in time is dropped.
    """

    name = "expert"

    def __init__(
        self,
        seed: int | None = None,
        *,
        playouts: int = 240,
        ms: float = 150.0,
        policy: str = "greedy",
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        # a budget of 0 is allowed: with no playout at all, the playout policy decides
        if not is_whole(playouts) or playouts < 0:
            raise DominolabError(words.bot("playouts", value=repr(playouts)))
        if isinstance(ms, bool) or not isinstance(ms, int | float) or not ms >= 0:
            raise DominolabError(words.bot("ms", value=repr(ms)))
        if policy not in ("greedy", "random"):
            raise DominolabError(words.bot("policy", value=repr(policy)))
        self.rng = random.Random(seed)
        self.clock = clock  # seconds; a test may pass a fake one
        self.playouts = playouts
        self.ms = ms
        self.policy = GreedyBot() if policy == "greedy" else RandomBot(seed)

    def choose(self, view: SeatView) -> Action:
        step = muggins_step(view)  # it claims right and calls every short claim
        if step is not None:
            return step
        acts = list(view.legal_actions)
        if len(acts) == 1 or acts[0].act is not Act.PLAY:
            return acts[0]
        clock = self.clock
        deadline = clock() + self.ms / 1000.0
        totals = [0.0] * len(acts)
        worlds = 0
        pool = unseen_tiles(view)
        n = 0
        while n < self.playouts and clock() < deadline:
            world = self._sample(view, pool)
            gains = []
            for a in acts:  # the deadline holds inside a world too: one playout at most runs over
                if clock() >= deadline:
                    break
                gains.append(self._playout(view, world, a))
            if len(gains) < len(acts):
                break  # an unfinished world is dropped, so every move is judged on the same worlds
            for i, x in enumerate(gains):
                totals[i] += x
            worlds += 1
            n += len(acts)
        if not worlds:  # not even one world in the time: the playout policy decides
            return self.policy.choose(view)

        def score(i: int) -> tuple[float, int]:
            t = acts[i].tile
            return (totals[i] / worlds, t.pips if t is not None else 0)

        return acts[max(range(len(acts)), key=score)]

    def _sample(self, view: SeatView, pool: list[Tile]) -> tuple[list[list[Tile]], list[Tile]]:
        tiles = list(pool)
        shuffle(self.rng, tiles)
        hands: list[list[Tile]] = []
        i = 0
        for seat, n in enumerate(view.hand_counts):
            if seat == view.seat:
                hands.append(list(view.hand))
            else:
                hands.append(tiles[i : i + n])
                i += n
        return hands, tiles[i : i + view.boneyard_count]

    def _playout(self, view: SeatView, world: tuple[list[list[Tile]], list[Tile]], first: Action) -> float:
        hands, boneyard = world
        # with muggins, every seat is assumed to claim right: the worlds play without the claims
        rules = view.rules.at_table(muggins=False)
        g = Game.from_position(rules, view.board, hands, boneyard, view.seat, view.scores, view.drawn)
        side = g.side_of(view.seat)
        before = [float(s) for s in g.scores]
        g.push(first)
        play_bots(g, [self.policy] * g.players, until=_round_over, max_actions=400)
        after = [float(s) for s in (g.round.scores or g.scores)]
        gains = [x - y for x, y in zip(after, before, strict=True)]
        rival = max((gains[i] for i in range(len(gains)) if i != side), default=0.0)
        return gains[side] - rival

    def __repr__(self) -> str:
        return f"ExpertBot(playouts={self.playouts}, ms={self.ms})"


def _round_over(g: Game) -> bool:
    return g.round.is_over


BOTS["defensive"] = DefensiveBot
BOTS["expert"] = ExpertBot
