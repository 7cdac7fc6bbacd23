"""The block game beside two peers that play it: random hands per second, in one run.

* 2 players, 7 tiles each, 14 out of play: dominolab's ``block`` preset beside OpenSpiel's
  ``python_block_dominoes`` (its pure-Python block game, the same rules);
* 4 players, 7 tiles each (the whole set dealt), in partnership: ``block`` with 7 tiles at four
  beside the PyPI package ``dominoes`` 6.1.0 (its game is that one).

A hand is dealt and played to its end (a domino or a block) with uniformly random legal moves;
the deal is part of the hand in every program.  The peers are installed in a temporary
virtual environment made by this script (never a dependency of the project) and run in a
child process, one after another with dominolab, so all the figures come from one run on one
machine.  Medians of several runs; one core.

    python benchmarks/bench_peers.py                # about a minute, with the install
    python benchmarks/bench_peers.py --venv DIR     # reuse (or make) the peers' venv in DIR
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import textwrap

sys.path.insert(0, os.path.dirname(__file__))
from _util import median_rate  # noqa: E402

import dominolab as dl  # noqa: E402

PEERS = ["dominoes==6.1.0", "open_spiel"]

# what the child process runs in the peers' venv: hands per second, as JSON
PEER_SCRIPT = textwrap.dedent(
    """
    import json, random, statistics, sys, time

    hands, runs = int(sys.argv[1]), int(sys.argv[2])

    def rate(fn):
        rates = []
        for r in range(runs):
            t = time.perf_counter()
            fn(r)
            rates.append(hands / (time.perf_counter() - t))
        return statistics.median(rates)

    def openspiel(r):
        import pyspiel
        from open_spiel.python.games import block_dominoes  # noqa: F401  (registers the game)

        game = pyspiel.load_game("python_block_dominoes")
        rng = random.Random(r)
        for _ in range(hands):
            s = game.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    actions = [a for a, _ in s.chance_outcomes()]
                else:
                    actions = s.legal_actions()
                s.apply_action(rng.choice(actions))

    def dominoes_package(r):
        import dominoes

        random.seed(r)  # the package shuffles with the random module
        for _ in range(hands):
            g = dominoes.Game.new()
            while g.result is None:
                d, left = random.choice(g.valid_moves)
                g.make_move(d, left)

    out = {}
    for name, fn in (("openspiel", openspiel), ("dominoes", dominoes_package)):
        try:
            out[name] = rate(fn)
        except Exception as e:  # a peer that does not run here is reported, not fatal
            out[name] = f"{type(e).__name__}: {e}"
    print(json.dumps(out))
    """
)

FOUR_BY_SEVEN = dl.variant("block").replace(hand_sizes=((2, 7), (3, 7), (4, 7)), partnerships=True)


def dominolab_hands(rules: dl.Rules, players: int, hands: int, seed: int) -> int:
    """Play ``hands`` hands of ``rules`` with random legal moves; returns ``hands``."""
    choice = random.Random(seed).choice
    for k in range(hands):
        g = dl.Game(rules, players, seed=seed * 1_000_003 + k, auto_deal=False)  # one deal a hand
        acts = g.legal_actions()
        while acts:  # [] once the hand is over (the next deal, chance's step, is not taken)
            g.apply(choice(acts))
            acts = g.legal_actions()
    return hands


def peer_venv(where: str) -> str:
    """The peers' venv in ``where`` (made and filled if it is not there); its python."""
    py = os.path.join(where, "bin", "python")
    if not os.path.exists(py):
        subprocess.run([sys.executable, "-m", "venv", where], check=True)
        subprocess.run([py, "-m", "pip", "install", "-q", *PEERS], check=True)
    return py


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000, help="hands per run (default 2000)")
    ap.add_argument("--runs", type=int, default=5, help="runs per figure; the median is shown (default 5)")
    ap.add_argument("--venv", help="the peers' venv folder, reused if present (default: a new temporary one)")
    a = ap.parse_args(argv)
    if a.hands < 1 or a.runs < 1:
        ap.error(f"--hands and --runs must be at least 1 (got {a.hands} and {a.runs})")
    where = a.venv or os.path.join(tempfile.mkdtemp(prefix="dominolab-peers-"), "venv")
    py = peer_venv(where)

    print(f"random hands of block per second, median of {a.runs} runs of {a.hands} hands, one core")
    counter = iter(range(10**9))
    ours2, _ = median_rate(lambda: dominolab_hands(dl.BLOCK_GAME, 2, a.hands, next(counter)), a.runs)
    ours4, _ = median_rate(lambda: dominolab_hands(FOUR_BY_SEVEN, 4, a.hands, next(counter)), a.runs)
    child = subprocess.run(
        [py, "-c", PEER_SCRIPT, str(a.hands), str(a.runs)], check=True, capture_output=True, text=True
    )
    peers = json.loads(child.stdout.strip().splitlines()[-1])

    def line(game: str, ours: float, name: str, theirs: float | str) -> None:
        if isinstance(theirs, str):
            print(f"{game:<28} dominolab {ours:>8,.0f}   {name}: did not run ({theirs})")
        else:
            print(f"{game:<28} dominolab {ours:>8,.0f}   {name} {theirs:>8,.0f}   ratio {ours / theirs:.2f}×")

    line("2 players, 7 each (block)", ours2, "OpenSpiel python_block_dominoes", peers["openspiel"])
    line("4 players, 7 each, partners", ours4, "dominoes 6.1.0", peers["dominoes"])
    print("ratio: dominolab's hands per second over the peer's (above 1: dominolab is faster)")


if __name__ == "__main__":
    main()
