"""One play under several rule sets side by side: the comparison's state, without a screen.

:class:`Comparison` is what :class:`dominolab.widgets.VariantComparison` shows: one sequence
of placements played under each preset (by default every fives game), what each placement
scores there, where a preset refuses a placement and why (its layout stops there), and —
given the hands left at the end — the settlement of the same hands under each preset.

>>> c = Comparison([("5|5", None), ("5|0", "5|5:line-a")], presets=["five-up", "all-fives"])
>>> c.total("five-up"), c.total("all-fives")
(4, 20)
>>> c.board_at("all-fives", 1).tiles
[Tile('5|5')]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import words
from .board import Board, Placement
from .errors import DominolabError
from .presets import FIVES_GAMES
from .settlement import Settlement, settle
from .tiles import Tile, TileLike

__all__ = ["Comparison"]


class Comparison:
    """``moves`` (``[(tile, at), …]``, ``at`` as :meth:`Board.play` takes it; ``None`` for
    the lead) played under each of ``presets``; ``hands`` (the hands left at the end, one a
    seat) settled under each, ``domino_seat`` the seat that went out (``None``: the round
    was blocked).

    ``results[preset]`` holds each placement's :class:`~dominolab.Placement`, up to the first
    one the preset refuses, whose reason (a string) ends the list."""

    def __init__(
        self,
        moves: Sequence[tuple[TileLike, Any]],
        hands: Sequence[Sequence[TileLike]] | None = None,
        *,
        domino_seat: int | None = None,
        presets: Sequence[str] = FIVES_GAMES,
    ) -> None:
        if isinstance(presets, str):
            presets = [presets]
        if not presets:
            raise DominolabError(words.widget("compare none"))
        self.moves = [(Tile(t), at) for t, at in moves]
        self.presets = list(presets)
        self.hands = hands
        self.domino_seat = domino_seat
        self.results: dict[str, list[Placement | str]] = {}
        for name in self.presets:
            b = Board(name)
            steps: list[Placement | str] = []
            for t, at in self.moves:
                reason = b.why_not(t, at)
                if reason is not None:
                    steps.append(reason)
                    break
                steps.append(b.play(t, at))
            self.results[name] = steps
        placed = [t for t, _ in self.moves]
        #: the hands settled under each preset (empty without ``hands``)
        self.settlements: dict[str, Settlement] = (
            {}
            if hands is None
            else {n: settle(n, hands, domino_seat=domino_seat, layout=placed) for n in self.presets}
        )

    def _count(self, k: int | None) -> int:
        n = len(self.moves)
        if k is None:
            return n
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k <= n:
            raise DominolabError(words.widget("compare step", k=repr(k), n=n))
        return k

    def refusal(self, preset: str, k: int | None = None) -> tuple[Tile, Any, str] | None:
        """The placement ``preset`` refused among the first ``k`` (default: all), as
        ``(tile, point, why)``; ``None`` if it refused none."""
        steps = self.results[preset]
        for i, r in enumerate(steps[: self._count(k)]):
            if isinstance(r, str):
                t, at = self.moves[i]
                return (t, at, r)
        return None

    def board_at(self, preset: str, k: int | None = None) -> Board:
        """``preset``'s layout after the first ``k`` placements (default: all), up to the one
        it refused."""
        b = Board(preset)
        for r in self.results[preset][: self._count(k)]:
            if isinstance(r, str):
                break
            b.play(r.tile, r.at)
        return b

    def total(self, preset: str, k: int | None = None) -> int:
        """The placement points under ``preset`` after ``k`` placements (in its unit)."""
        steps = self.results[preset][: self._count(k)]
        return sum(r.points for r in steps if not isinstance(r, str))

    def step(self, preset: str, i: int) -> Placement | str | None:
        """What placement ``i`` (from 0) did under ``preset``: its placement, the reason it
        was refused, or ``None`` when an earlier one was refused."""
        steps = self.results[preset]
        return steps[i] if i < len(steps) else None
