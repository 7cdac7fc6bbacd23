"""A tournament between bots, with win rates and 95% confidence intervals (Wilson).

Run: python benchmarks/tournament.py --games 400 --workers 2
Default: expert against greedy in 2-player all-fives, seats swapped every other game.
Also reports the expert's mean and largest time per move.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import dominolab as dl  # noqa: E402


class Timed:
    """Wraps a bot and records how long each of its real choices takes."""

    def __init__(self, bot: dl.Player) -> None:
        self.bot = bot
        self.name = bot.name
        self.times: list[float] = []

    def choose(self, view: dl.SeatView) -> dl.Action:
        t = time.perf_counter()
        a = self.bot.choose(view)
        self.times.append(time.perf_counter() - t)
        return a


def one(args: tuple[str, int, str, str, int]) -> tuple[int, list[float]]:
    variant, players, a, b, seed = args
    flip = seed % 2 == 1
    names = [b, a] if flip else [a, b]
    bots = [Timed(dl.make_bot(n, seed * 7 + i)) for i, n in enumerate(names)]
    g = dl.play_game(variant, players, bots, seed=seed)
    a_seat = 1 if flip else 0
    won = int(g.outcome is not None and g.outcome.winner == g.side_of(a_seat))
    return won, bots[a_seat].times


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--variant", default="all-fives")
    ap.add_argument("--bot", default="expert")
    ap.add_argument("--against", default="greedy")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1000)
    a = ap.parse_args()
    tasks = [(a.variant, 2, a.bot, a.against, a.seed + i) for i in range(a.games)]
    t0 = time.perf_counter()
    wins, times = 0, []
    with ProcessPoolExecutor(a.workers) as pool:
        for k, (w, ts) in enumerate(pool.map(one, tasks, chunksize=4), 1):
            wins += w
            times += ts
            if k % 50 == 0:
                print(f"  {k} games: {wins} wins", flush=True)
    lo, hi = dl.wilson_interval(wins, a.games)
    print(
        f"{a.bot} vs {a.against}, 2-player {a.variant}, {a.games} games (seats alternate): "
        f"{wins} wins = {100 * wins / a.games:.1f}% (95% CI {100 * lo:.1f}–{100 * hi:.1f}%)"
    )
    if times:
        times.sort()
        print(
            f"{a.bot}: {len(times)} decisions, mean {1000 * sum(times) / len(times):.0f} ms, "
            f"median {1000 * times[len(times) // 2]:.0f} ms, 99th percentile "
            f"{1000 * times[int(0.99 * (len(times) - 1))]:.0f} ms, max {1000 * times[-1]:.0f} ms per move"
        )
    print(f"wall time {time.perf_counter() - t0:.0f} s with {a.workers} workers")


if __name__ == "__main__":
    main()
