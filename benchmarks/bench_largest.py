"""How long dl.largest takes to prove the largest count and score, per preset and method.

Run: python benchmarks/bench_largest.py   (median of 3 runs; the engine search is shown on
the full set only where it finishes quickly, that is with one spinner)
"""

from __future__ import annotations

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import dominolab as dl  # noqa: E402


def median_seconds(name: str, what: str, method: str, runs: int = 3) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        dl.largest(name, what, method=method)
        times.append(time.perf_counter() - t)
    return sorted(times)[len(times) // 2]


def main() -> None:
    print(f"{'variant':<11} {'what':<6} {'method':<7} {'value':>5} {'nodes':>8} {'seconds':>8}")
    for name in dl.VARIANTS:
        one_spinner = dl.variant(name).spinners is not dl.SpinnerRule.EVERY_DOUBLE
        for what in ("count", "score"):
            for method in ("search", "milp") if one_spinner else ("milp",):
                e = dl.largest(name, what, method=method)
                s = median_seconds(name, what, method)
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
