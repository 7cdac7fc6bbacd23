"""The paper tally of both Pagat sources, counted (the drawing is in ``picture``).

One stroke per 5 raw points (one shown point in five-up); ten strokes make a
50-raw (10-shown) symbol: a large X with a small x in each of its four spaces.
"""

from __future__ import annotations

import math
from fractions import Fraction

from .errors import DominolabError

__all__ = ["tally_strokes"]


def tally_strokes(points: float, unit: str = "raw") -> tuple[int, int, float]:
    """``(symbols, strokes, leftover)``: 50-raw symbols, single strokes of 5 raw, and
    the raw points below one stroke.  In ``shown`` units a stroke is 1 shown point.

    >>> tally_strokes(135), tally_strokes(27, unit="shown"), tally_strokes(12.5)
    ((2, 7, 0), (2, 7, 0), (0, 2, 2.5))
    """
    if (
        isinstance(points, bool)
        or not isinstance(points, int | float | Fraction)
        or not math.isfinite(points)
    ):
        raise DominolabError(f"cannot tally {points!r}: give a score (a number of points)")
    if unit not in ("raw", "shown"):
        raise DominolabError(f"unit must be 'raw' or 'shown', not {unit!r}")
    per = 5 if unit == "raw" else 1
    total = max(points, 0)
    strokes = int(total // per)
    left = total - strokes * per
    return strokes // 10, strokes % 10, (int(left) if float(left).is_integer() else left)
