"""Stronger bots: ``defensive`` and ``expert`` (determinized Monte Carlo).

Both see only their seat's view: their own hand, the layout, how many tiles the
others hold, the boneyard count, and the public actions.

>>> import dominolab as dl
>>> g = dl.play_game("all-fives", 2, ["defensive", "greedy"], seed=2)
>>> g.is_over
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from math import comb

from .board import Board
from .checks import is_whole
from .draws import shuffle
from .errors import DominolabError
from .game import Act, Action, Game, SeatView
from .players import BOTS, GreedyBot, RandomBot, muggins_step, play_bots
from .tiles import DOUBLE_SIX, Tile

__all__ = ["DefensiveBot", "ExpertBot", "unseen_tiles", "expected_best_reply"]


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
        board = view.board
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
            raise DominolabError(f"playouts must be a whole number, 0 or more, not {playouts!r}")
        if isinstance(ms, bool) or not isinstance(ms, int | float) or not ms >= 0:
            raise DominolabError(f"ms must be a number of milliseconds per move, 0 or more, not {ms!r}")
        if policy not in ("greedy", "random"):
            raise DominolabError(f"policy must be 'greedy' or 'random' (how playouts play), not {policy!r}")
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
        rules = view.rules.replace(muggins=False, name=view.rules.name) if view.rules.muggins else view.rules
        g = Game._from_position(rules, view.board, hands, boneyard, view.seat, view.scores, view.drawn)
        side = g.side_of(view.seat)
        before = [float(s) for s in g.scores]
        g._apply(first)
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
