"""Figure construction time for full layouts (target: well under 30 ms median), and the
layout of many whole rounds: how many need the arm-by-arm search, and what it costs.

Run: python benchmarks/bench_draw.py
"""

from __future__ import annotations

import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from _util import median_ms  # noqa: E402

import dominolab as dl  # noqa: E402
from dominolab.picture import figure_dict  # noqa: E402


def full_board(name: str, seed: int) -> dl.Board:
    rng = random.Random(seed)
    best = None
    for _ in range(30):  # the largest of several random layouts (28 tiles when it can)
        b = dl.Board(name)
        b.play(rng.choice(dl.DOUBLE_SIX))
        while True:
            mv = [(t, p) for t in dl.DOUBLE_SIX for p in b.placements_for(t)]
            if not mv:
                break
            t, p = rng.choice(mv)
            b.play(t, p)
        if best is None or len(b) > len(best):
            best = b
    assert best is not None
    return best


def whole_rounds(n: int, seed: int) -> None:
    """Lay out ``n`` random whole rounds of every preset: the share the first fit could not
    place (they go to the search), and the time per layout."""
    from dominolab import geometry

    rng = random.Random(seed)
    for name in dl.VARIANTS:
        times, searched = [], 0
        for _ in range(n):
            b = dl.Board(name)
            b.play(rng.choice(dl.DOUBLE_SIX))
            while mv := [(t, p) for t in dl.DOUBLE_SIX for p in b.placements_for(t)]:
                b.play(*rng.choice(mv))
            searched += geometry._lay(b, b.tiles, geometry.XLIM, geometry.YLIM, budget=0) is None
            t0 = time.perf_counter()
            geometry.lay_out(b)
            times.append(1000 * (time.perf_counter() - t0))
        times.sort()
        print(
            f"  {name:<11} {n} whole rounds: {100 * searched / n:4.1f}% searched; layout median "
            f"{times[n // 2]:5.2f} ms, 99th percentile {times[int(0.99 * n)]:6.1f} ms, "
            f"worst {times[-1]:6.1f} ms"
        )


def main() -> None:
    print("median ms to build the picture of a full layout (30 runs)")
    for name in dl.VARIANTS:
        b = full_board(name, 1)
        d = median_ms(lambda b=b: figure_dict(b))
        f = median_ms(lambda b=b: dl.draw(b))
        print(f"  {name:<11} {len(b):>2} tiles: figure dict {d:6.1f} ms, go.Figure {f:6.1f} ms")
    print("the layout of random whole rounds (no tile set apart in any)")
    whole_rounds(1000, 2)


if __name__ == "__main__":
    main()
