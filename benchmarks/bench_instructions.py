"""Instructions per round, counted by valgrind's callgrind: the same figure whatever else
the machine is doing, so two versions of the engine can be compared on a noisy machine.

Run: python benchmarks/bench_instructions.py   (needs valgrind; takes about two minutes)
Prints instructions per random 2-player all-fives round, in-process and through
``simulate`` with records written, after subtracting the cost of ``import dominolab``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile

GAMES = 300  # enough for the record writer's caches to be warm, as in any long run

IMPORT_ONLY = "import dominolab"
IN_PROCESS = f"""
import dominolab as dl
print(sum(len(dl.play_game("all-fives", 2, ["random", "random"], seed=s).rounds) for s in range({GAMES})))
"""
WITH_RECORDS = f"""
import os, tempfile
import dominolab as dl
out = os.path.join(tempfile.gettempdir(), "bench-instructions.jsonl")
res = dl.simulate("all-fives", 2, "random", {GAMES}, seed=0, out=out)
print(len(res.rounds))
"""


def instructions(code: str) -> tuple[int, str]:
    """(instructions executed, what the program printed)."""
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "callgrind.out")
        p = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
        )
    m = re.search(r"Collected : (\d+)", p.stderr)
    if m is None:
        raise SystemExit(f"could not read callgrind's count:\n{p.stderr[-500:]}")
    return int(m.group(1)), p.stdout.strip()


def main() -> None:
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    base, _ = instructions(IMPORT_ONLY)
    for label, code in (("in-process", IN_PROCESS), ("simulate + records", WITH_RECORDS)):
        n, printed = instructions(code)
        rounds = int(printed.splitlines()[-1])
        print(f"{label:<20} {(n - base) / rounds / 1000:>8,.0f} k instructions per round ({rounds} rounds)")


if __name__ == "__main__":
    main()
