"""Whole games per second per preset and player count.

Two figures per line:
  * in-process: dl.play_game with random bots, no records (the raw engine speed);
  * simulate+records: the path of `dominolab simulate --out g.jsonl`, i.e. dl.simulate(out=...),
    records written as JSON Lines.
Median of several runs, one process (one core).  Run: python benchmarks/bench_games.py
"""

from __future__ import annotations

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from _util import median_rate  # noqa: E402

import dominolab as dl  # noqa: E402

GAMES = {"five-up": 30, "all-fives": 200, "dominos-cc": 200}  # about 0.3 s a run: medians that settle


def main(runs: int = 5) -> None:
    print(f"rounds/s and games/s, median of {runs} runs (random bots; five-up: greedy)")
    print(f"{'variant':<11} {'players':>7} {'rounds/s':>10} {'games/s':>9} {'rounds/s with records':>22}")
    tmp = tempfile.mkdtemp()
    for name in dl.VARIANTS:
        for players in (2, 3, 4):
            bots = ["greedy"] * players if name == "five-up" else ["random"] * players
            n = GAMES[name]
            counts = {"rounds": 0}

            def play(
                name: str = name, players: int = players, bots: list = bots, n: int = n, counts: dict = counts
            ) -> int:
                rounds = 0
                for seed in range(n):
                    rounds += len(dl.play_game(name, players, bots, seed=seed).rounds)
                counts["rounds"] = rounds
                return rounds

            def with_records(name: str = name, players: int = players, bots: list = bots, n: int = n) -> int:
                res = dl.simulate(name, players, bots, n, seed=0, out=os.path.join(tmp, "g.jsonl"))
                return len(res.rounds)

            rps, _ = median_rate(play, runs)
            gps = rps * n / counts["rounds"]
            rec, _ = median_rate(with_records, runs)
            print(f"{name:<11} {players:>7} {rps:>10,.0f} {gps:>9,.1f} {rec:>22,.0f}")


if __name__ == "__main__":
    main()
