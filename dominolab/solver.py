"""Questions a learner asks of a position: which placement scores most?

>>> import dominolab as dl
>>> b = dl.Board("all-fives"); _ = b.play("1|4")
>>> best = dl.best_placements(b, ["4|4", "1|6", "2|3"])
>>> best[0].tile, best[0].at, best[0].points
(Tile('1|6'), '1|4:low', 10)
>>> print(best[0].reason)
1|6 on 1|4:low leaves 4 + 6 = 10: a multiple of 5, 10 points
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .board import Board
from .tiles import Tile, TileLike

__all__ = ["Ranked", "best_placements"]


class Ranked(NamedTuple):
    """One placement with what it scores and why."""

    tile: Tile
    at: str | None
    points: int
    sum: int
    reason: str

    def __repr__(self) -> str:
        return (
            f"Ranked(tile={str(self.tile)!r}, at={self.at!r}, points={self.points}, sum={self.sum}, "
            f"reason={self.reason!r})"
        )


def best_placements(board: Board, hand: Iterable[TileLike]) -> list[Ranked]:
    """Every placement of the hand's tiles, best first (points, then the heavier tile).

    Each comes with the reason in words: the count it leaves and whether that scores.
    """
    out: list[Ranked] = []
    tiles = sorted({Tile(t) for t in hand} - set(board.tiles))
    for t in tiles:
        points_list = [None] if board.is_empty else board.placements_for(t)
        for p in points_list:
            board.play(t, p)
            eq = board.equation()
            total = board.end_sum()
            pts = board.rules.points(board.score())
            board.undo()
            where = "leads" if p is None else f"on {p}"
            unit = " shown" if board.rules.unit == "shown" else ""
            why = (
                f"a multiple of 5, {pts}{unit} point{'s' if pts != 1 else ''}"
                if pts
                else "not a positive multiple of 5, no score"
            )
            out.append(
                Ranked(t, None if p is None else str(p), pts, total, f"{t} {where} leaves {eq}: {why}")
            )
    out.sort(key=lambda r: (-r.points, -r.tile.pips))
    return out
