"""Click latency of the playground: from the handler call to the updated figure,
on a 20-tile layout (target: under 50 ms median).

Run: python benchmarks/bench_widgets.py
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time
import warnings

sys.path.insert(0, os.path.dirname(__file__))
warnings.filterwarnings("ignore", category=DeprecationWarning)

import dominolab as dl  # noqa: E402
from dominolab.widgets import Playground  # noqa: E402


def layout_of(name: str, n: int, seed: int) -> list[tuple[dl.Tile, str | None]]:
    rng = random.Random(seed)
    while True:
        b = dl.Board(name)
        b.play(rng.choice(dl.DOUBLE_SIX))
        while len(b) < n:
            mv = [(t, p) for t in dl.DOUBLE_SIX for p in b.placements_for(t)]
            if not mv:
                break
            t, p = rng.choice(mv)
            b.play(t, p)
        if len(b) == n:
            return [(p.tile, None if p.at is None else str(p.at)) for p in b.placements]


def main(runs: int = 40) -> None:
    print(f"playground click latency on a 20-tile layout, median of {runs} clicks")
    for name in dl.VARIANTS:
        moves = layout_of(name, 20, 3)
        pg = Playground(name, moves=moves)
        select, place, undo = [], [], []
        for _ in range(runs):
            tile, point = next((t, p) for t in pg.hand for p in pg.board.placements_for(t))
            t0 = time.perf_counter()
            pg.select(tile)
            t1 = time.perf_counter()
            pg.click_point(str(point))
            t2 = time.perf_counter()
            pg.undo()
            t3 = time.perf_counter()
            select.append(t1 - t0)
            place.append(t2 - t1)
            undo.append(t3 - t2)
        ms = [1000 * statistics.median(x) for x in (select, place, undo)]
        print(f"  {name:<11} select {ms[0]:5.1f} ms   place {ms[1]:5.1f} ms   undo {ms[2]:5.1f} ms")


if __name__ == "__main__":
    main()
