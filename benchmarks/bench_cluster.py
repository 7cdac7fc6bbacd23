"""Games per second through dl.simulate: one process, the local process pool, and a real
Dask LocalCluster with 1 and 2 workers — the same games in one run, side by side (every run
also checks it got the same result as the first).

Run: python benchmarks/bench_cluster.py [--games 2000]    (needs: pip install -e ".[cluster]")
"""

from __future__ import annotations

import argparse
import time
import warnings
from concurrent.futures import ProcessPoolExecutor

import dominolab as dl


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--variant", default="all-fives")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--chunk", type=int, default=50)
    a = ap.parse_args(argv)
    warnings.filterwarnings("ignore")
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise SystemExit("bench_cluster needs Dask: pip install -e '.[cluster]'") from None
    kw = dict(
        rules=a.variant, players=a.players, bots="greedy", games=a.games, seed=1, chunk=a.chunk, rows=False
    )
    rows: list[tuple[str, float, int]] = []
    first = None

    def timed(label: str, **extra: object) -> None:
        nonlocal first
        t0 = time.perf_counter()
        r = dl.simulate(**kw, **extra)
        dt = time.perf_counter() - t0
        key = (r.wins, r.n_rounds, r.placed, r.paid)
        first = first or key
        assert key == first, f"{label} gave another result"
        rows.append((label, dt, r.n_rounds))

    timed("one process")
    with ProcessPoolExecutor(2) as pool:
        timed("process pool, 2 workers", executor=pool)
    for n in (1, 2):
        with (
            LocalCluster(
                n_workers=n,
                threads_per_worker=1,
                processes=True,
                dashboard_address="127.0.0.1:0",
                host="127.0.0.1",
            ) as cluster,
            Client(cluster) as client,
        ):
            timed(f"Dask LocalCluster, {n} worker{'s' if n > 1 else ''}", executor=client.get_executor())
    base = rows[0][1]
    print(f"{a.games} games of {a.variant}, {a.players} players, greedy bots, chunks of {a.chunk}:")
    for label, dt, _rounds in rows:
        print(f"  {label:<28} {dt:6.2f} s  {a.games / dt:7.0f} games/s  {base / dt:4.2f}x one process")


if __name__ == "__main__":
    main()
