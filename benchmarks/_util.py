"""Small helpers for the benchmarks: repeat a measurement, print the median."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_rate(fn: Callable[[], int], runs: int = 5) -> tuple[float, list[float]]:
    """Run ``fn`` (which returns a count of things done) ``runs`` times; the median rate per second."""
    rates = []
    for _ in range(runs):
        t = time.perf_counter()
        n = fn()
        rates.append(n / (time.perf_counter() - t))
    return statistics.median(rates), rates


def median_ms(fn: Callable[[], object], runs: int = 30, warmup: int = 3) -> float:
    for _ in range(warmup):
        fn()
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)
