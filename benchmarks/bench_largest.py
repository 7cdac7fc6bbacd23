"""How long dl.largest takes to prove the largest count and score, per preset and method.

Run: python benchmarks/bench_largest.py   (median of 3 runs; the engine search is shown on
the full set only where it finishes quickly, that is with one spinner)
"""

from __future__ import annotations

import os
import sys
import time
from functools import partial

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(__file__))
from _util import median_ms  # noqa: E402

import dominolab as dl  # noqa: E402


def main() -> None:
    print(f"{'variant':<11} {'what':<6} {'method':<7} {'value':>5} {'nodes':>8} {'seconds':>8}")
    for name in dl.VARIANTS:
        one_spinner = dl.variant(name).spinners is not dl.SpinnerRule.EVERY_DOUBLE
        for what in ("count", "score"):
            for method in ("search", "milp") if one_spinner else ("milp",):
                e = dl.largest(name, what, method=method)
                s = median_ms(partial(dl.largest, name, what, method=method), runs=3, warmup=0) / 1000
                print(f"{name:<11} {what:<6} {method:<7} {e.value:>5} {e.nodes:>8,} {s:>8.3f}")
    small = [t for t in dl.DOUBLE_SIX if t.high <= 4]
    for method in ("search", "milp"):
        t = time.perf_counter()
        e = dl.largest("five-up", "count", tiles=small, method=method)
        print(
            f"five-up, double-four set (15 tiles), {method}: {e.value} "
            f"({e.nodes:,} nodes) in {time.perf_counter() - t:.2f} s"
        )


if __name__ == "__main__":
    main()
