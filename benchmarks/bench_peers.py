"""The block game beside two peers that play it: random hands per second, in one run.

* 2 players, 7 tiles each, 14 out of play: dominolab's ``block`` preset beside OpenSpiel's
  ``python_block_dominoes`` (its pure-Python block game, the same rules);
* 4 players, 7 tiles each (the whole set dealt), in partnership: ``block`` with 7 tiles at four
  beside the PyPI package ``dominoes`` 6.1.0 (its game is that one);
* all-fives, 2 players: rounds of whole games (dominolab, random bots) beside rounds of the PyPI
  package ``all-fives-domino`` 1.0.23 (its ``RandomBrain``; its rounds are its own all-fives).

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
import re
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Callable

import dominolab as dl  # noqa: E402

PEERS = ["dominoes==6.1.0", "open_spiel", "all-fives-domino==1.0.23"]

# what the child process runs in the peers' venv: ``hands seed names``; prints each peer's rate
# (hands, or rounds, per second) as JSON
PEER_SCRIPT = textwrap.dedent(
    """
    import json, random, sys, time

    hands, seed, names = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3].split(",")
    for name, modules in (
        ("openspiel", ["pyspiel", "open_spiel.python.games.block_dominoes"]),
        ("dominoes", ["dominoes"]),
        ("all-fives-domino", ["src.main.game.DominoRound"]),
    ):
        if name in names:  # imported before the clock starts
            for m in modules:
                try:
                    __import__(m)
                except ImportError:
                    pass  # reported below, when the peer is run

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
        return hands

    def dominoes_package(r):
        import dominoes

        random.seed(r)  # the package shuffles with the random module
        for _ in range(hands):
            g = dominoes.Game.new()
            while g.result is None:
                d, left = random.choice(g.valid_moves)
                g.make_move(d, left)
        return hands

    def all_fives_domino(r):
        # its package is called "src"; a Player's score raises GameWinSignal at 305 (never in
        # one round); a round is dealt and played to its end by DominoRound(...).run()
        from src.main.game.Brain import RandomBrain
        from src.main.game.DominoRound import DominoRound
        from src.main.game.Game import Game
        from src.main.game.Player import Player

        random.seed(r)
        rounds = hands // 20  # about 25 times slower than dominolab: fewer rounds, same time
        for _ in range(rounds):
            p1, p2 = Player(RandomBrain(), "a"), Player(RandomBrain(), "b")
            DominoRound(p1, p2, Game(p1, p2)).run()
        return rounds

    out = {}
    peers = {"openspiel": openspiel, "dominoes": dominoes_package, "all-fives-domino": all_fives_domino}
    for name, fn in peers.items():
        if name not in names:
            continue
        try:
            t = time.perf_counter()
            done = fn(seed)
            out[name] = done / max(time.perf_counter() - t, 1e-9)
        except Exception as e:  # a peer that does not run here is reported, not fatal
            out[name] = f"{type(e).__name__}: {e}"
    print(json.dumps(out))
    """
)

FOUR_BY_SEVEN = dl.variant("block").replace(hand_sizes=((2, 7), (3, 7), (4, 7)), partnerships=True)


def dominolab_hands(rules: dl.Rules, players: int, hands: int, seed: int) -> int:
    """Play ``hands`` hands of ``rules`` with random legal moves; returns ``hands``.

    One generator for the run deals every hand and makes every choice, as each peer's loop
    seeds once a run (a generator seeded anew for each hand cost 36k instructions of the
    1,138k a hand took, about 3%, that no peer pays)."""
    stream = random.Random(seed)
    choice = stream.choice
    for _ in range(hands):
        g = dl.Game(rules, players, seed=stream, auto_deal=False)  # one game, one deal, a hand
        acts = g.legal_actions()
        while acts:  # [] once the hand is over (the next deal, chance's step, is not taken)
            g.apply(choice(acts))
            acts = g.legal_actions()
    return hands


def dominolab_rounds(rules: str, games: int, seed: int) -> int:
    """Play ``games`` whole 2-player games of ``rules`` with random bots; returns the rounds."""
    return sum(
        len(dl.play_game(rules, 2, ["random", "random"], seed=seed * 1_000_003 + k).rounds)
        for k in range(games)
    )


def peer_venv(where: str) -> str:
    """The peers' venv in ``where`` (made and filled if it is not there); its python."""
    py = os.path.join(where, "bin", "python")
    if not os.path.exists(py):
        subprocess.run([sys.executable, "-m", "venv", where], check=True)
        subprocess.run([py, "-m", "pip", "install", "-q", *PEERS], check=True)
    return py


def timed(fn: Callable[[], int]) -> float:
    """``fn()``'s count of things done per second."""
    t = time.perf_counter()
    n = fn()
    return n / max(time.perf_counter() - t, 1e-9)


def instructions(cmd: list[str]) -> int:
    """Instructions ``cmd`` executes, counted by valgrind's callgrind (the same whatever the load)."""
    with tempfile.TemporaryDirectory() as d:
        env = dict(os.environ, PYTHONHASHSEED="0")  # the same hashes, the same count
        p = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={d}/out", *cmd],
            capture_output=True, text=True, check=True, env=env,
        )  # fmt: skip
    m = re.search(r"Collected : (\d+)", p.stderr)
    if m is None:
        raise SystemExit(f"could not read callgrind's count:\n{p.stderr[-500:]}")
    return int(m.group(1))


OURS = "import sys; sys.path.insert(0, {here!r}); import bench_peers as b; b.{call}"
GAMES = {  # per figure: dominolab's call for n, the peer, what is counted
    "4 players, 7 each, partners": ("dominolab_hands(b.FOUR_BY_SEVEN, 4, {n}, 1)", "dominoes", "hand"),
    "2 players, 7 each (block)": ("dominolab_hands(b.dl.BLOCK_GAME, 2, {n}, 1)", "openspiel", "hand"),
}


def count_instructions(py: str, n: int) -> None:
    """Instructions per hand, dominolab beside each block peer (n hands minus none)."""
    here = os.path.dirname(os.path.abspath(__file__))
    for game, (call, peer, unit) in GAMES.items():
        ours = [
            instructions([sys.executable, "-c", OURS.format(here=here, call=call.format(n=k))])
            for k in (0, n)
        ]
        theirs = [instructions([py, "-c", PEER_SCRIPT, str(k), "1", peer]) for k in (0, n)]
        o, t = (ours[1] - ours[0]) / n, (theirs[1] - theirs[0]) / n
        print(f"{game:<30} dominolab {o / 1000:>7,.0f}k   {peer} {t / 1000:>7,.0f}k instructions a {unit}"
              f"   ratio {t / o:.2f}×")  # fmt: skip


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=2000, help="hands per run (default 2000)")
    ap.add_argument("--runs", type=int, default=5, help="runs per figure; the median is shown (default 5)")
    ap.add_argument("--venv", help="the peers' venv folder, reused if present (default: a new temporary one)")
    ap.add_argument(
        "--instructions", type=int, metavar="N", help="count instructions over N hands with valgrind instead"
    )
    a = ap.parse_args(argv)
    if a.hands < 1 or a.runs < 1 or (a.instructions is not None and a.instructions < 1):
        ap.error(
            "--hands, --runs and --instructions must be at least 1"
            f" (got {a.hands}, {a.runs}, {a.instructions})"
        )
    where = a.venv or os.path.join(tempfile.mkdtemp(prefix="dominolab-peers-"), "venv")
    py = peer_venv(where)
    if a.instructions is not None:
        count_instructions(py, a.instructions)
        return

    print(
        f"random hands of block (rounds of all-fives) per second, {a.runs} runs of {a.hands} hands, one core"
    )
    print("each run times dominolab, then each peer, in turn; a figure is the median of the runs' figures")
    rates: dict[str, list[float]] = {}
    ratios: dict[str, list[float]] = {}
    failed: dict[str, str] = {}
    for r in range(a.runs):
        ours = {
            "openspiel": timed(lambda r=r: dominolab_hands(dl.BLOCK_GAME, 2, a.hands, r)),
            "dominoes": timed(lambda r=r: dominolab_hands(FOUR_BY_SEVEN, 4, a.hands, r)),
            "all-fives-domino": timed(lambda r=r: dominolab_rounds("all-fives", max(1, a.hands // 10), r)),
        }
        child = subprocess.run(
            [py, "-c", PEER_SCRIPT, str(a.hands), str(r), ",".join(ours)],
            check=True,
            capture_output=True,
            text=True,
        )
        peers = json.loads(child.stdout.strip().splitlines()[-1])
        for name, mine in ours.items():
            theirs = peers[name]
            if isinstance(theirs, str):
                failed[name] = theirs
                continue
            rates.setdefault(name, []).append(mine)
            rates.setdefault(name + " (peer)", []).append(theirs)
            ratios.setdefault(name, []).append(mine / theirs)

    def line(game: str, name: str, label: str) -> None:
        if name in failed:
            print(f"{game:<30} {label}: did not run ({failed[name]})")
            return
        ours, theirs = statistics.median(rates[name]), statistics.median(rates[name + " (peer)"])
        spread = f"{min(ratios[name]):.2f}–{max(ratios[name]):.2f}"
        print(f"{game:<30} dominolab {ours:>8,.0f}   {label} {theirs:>8,.0f}"
              f"   ratio {statistics.median(ratios[name]):.2f}× ({spread})")  # fmt: skip

    line("2 players, 7 each (block)", "openspiel", "OpenSpiel python_block_dominoes")
    line("4 players, 7 each, partners", "dominoes", "dominoes 6.1.0")
    line("all-fives, 2 players (rounds)", "all-fives-domino", "all-fives-domino 1.0.23")
    print(
        "ratio: dominolab's rate over the peer's (above 1: dominolab is faster); the runs' range in brackets"
    )


if __name__ == "__main__":
    main()
