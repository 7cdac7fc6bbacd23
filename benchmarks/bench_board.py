"""Placements per second on the layout: random legal placement sequences, with undo.

Run: python benchmarks/bench_board.py
"""

from __future__ import annotations

import random
import sys

sys.path.insert(0, __import__("os").path.dirname(__file__))
from _util import median_rate  # noqa: E402

import dominolab as dl  # noqa: E402


def sequences(rules: dl.Rules, n: int, seed: int) -> list[list[tuple[dl.Tile, tuple[dl.Tile, str] | None]]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        b = dl.Board(rules)
        seq = [(rng.choice(dl.DOUBLE_SIX), None)]
        b.play(seq[0][0])
        while True:
            mv = [(t, (p.tile, p.slot)) for t in dl.DOUBLE_SIX for p in b.placements_for(t)]
            if not mv:
                break
            t, at = rng.choice(mv)
            b.play(t, at)
            seq.append((t, at))
        out.append(seq)
    return out


def main() -> None:
    print("placements per second (checked play, then undo of the whole layout), median of 5 runs")
    for name in dl.VARIANTS:
        rules = dl.variant(name)
        seqs = sequences(rules, 300, 1)

        def checked(rules: dl.Rules = rules, seqs: list = seqs) -> int:
            n = 0
            for seq in seqs:
                b = dl.Board(rules)
                for t, at in seq:
                    b.play(t, at)
                n += len(seq)
                while not b.is_empty:
                    b.undo()
            return n

        def unchecked(rules: dl.Rules = rules, seqs: list = seqs) -> int:
            n = 0
            for seq in seqs:
                b = dl.Board(rules)
                for t, at in seq:
                    b.push(t, at)
                n += len(seq)
            return n

        rate, _ = median_rate(checked)
        fast, _ = median_rate(unchecked)
        mean_len = sum(map(len, seqs)) / len(seqs)
        print(
            f"  {name:<11} play+undo {rate:>9,.0f}/s   unchecked play {fast:>9,.0f}/s   "
            f"(layouts of {mean_len:.1f} tiles on average)"
        )


if __name__ == "__main__":
    main()
