"""How long a learner waits for a puzzle: seconds to make one, by kind and level.

* one-move scoring puzzles (``dl.make_puzzle``), levels 1–3;
* line puzzles several moves deep (``dl.make_line_puzzle``: the endgame search checks every
  first move to the end of the round), levels 1–2, and the two shorter goals (``two-turns``:
  the most you can be sure of in two turns; ``deny``: keep your rival from scoring);
* and, for the review a learner waits for at the end of a game, ``dl.review`` of a seeded
  five-up game of 20 rounds or more (its summary included).

    python benchmarks/bench_puzzles.py [--seeds 40]
"""

from __future__ import annotations

import argparse
import statistics
import time

import dominolab as dl


def seconds(make, seeds: range) -> list[float]:  # type: ignore[no-untyped-def]
    out = []
    for s in seeds:
        t = time.perf_counter()
        make(s)
        out.append(time.perf_counter() - t)
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=40, help="puzzles per kind and level (default 40)")
    a = ap.parse_args(argv)
    if a.seeds < 1:
        ap.error(f"--seeds must be at least 1 (got {a.seeds})")
    seeds = range(1, a.seeds + 1)
    print(f"seconds to make a puzzle, {a.seeds} seeds each: mean, median, slowest")
    kinds = [(f"one move, level {d}", lambda s, d=d: dl.make_puzzle(s, d)) for d in (1, 2, 3)]
    kinds += [(f"several moves, level {d}", lambda s, d=d: dl.make_line_puzzle(s, d)) for d in (1, 2)]
    kinds += [
        (f"{goal}, level {d}", lambda s, d=d, goal=goal: dl.make_line_puzzle(s, d, goal=goal))
        for goal in ("two-turns", "deny")
        for d in (1, 2)
    ]
    for name, make in kinds:
        t = seconds(make, seeds)
        print(f"  {name:<24} {statistics.mean(t):6.3f}  {statistics.median(t):6.3f}  {max(t):6.3f}")
    game = next(
        g for k in range(1, 200) if len((g := dl.play_game("five-up", 2, "greedy", seed=k)).rounds) >= 20
    )
    t = seconds(lambda _: dl.review(game, seat=0).summary(), range(5))
    print(
        f"  review of a {len(game.rounds)}-round game  {statistics.mean(t):6.3f}  "
        f"{statistics.median(t):6.3f}  {max(t):6.3f}   (5 times)"
    )


if __name__ == "__main__":
    main()
