"""Figure construction time for full layouts (target: well under 30 ms median).

Run: python benchmarks/bench_draw.py
"""

from __future__ import annotations

import os
import random
import sys

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


def main() -> None:
    print("median ms to build the picture of a full layout (30 runs)")
    for name in dl.VARIANTS:
        b = full_board(name, 1)
        d = median_ms(lambda b=b: figure_dict(b))
        f = median_ms(lambda b=b: dl.draw(b))
        print(f"  {name:<11} {len(b):>2} tiles: figure dict {d:6.1f} ms, go.Figure {f:6.1f} ms")


if __name__ == "__main__":
    main()
