"""Rule mutants: break one rule of RULES.md at a time and check that a test fails.

"Every rule has a test that would fail if the rule were broken" is checked here, not
hoped.  Each mutant below changes one line of the engine the way a plausible bug would
(rounding 2 up, counting a joined double once, letting a drawn tile stay in hand, ...).
The script copies the committed tree (``git archive HEAD``) once per mutant, applies
the change, and runs the unit tests (no notebooks, no browser) until the first failure.
A mutant that no test catches is a missing test.

Run: python tests/mutants.py [words ...]   (only the mutants whose name holds a word)
About 15 minutes for all of them; exit status 1 if any mutant survives.
This file is a tool, not a test module: pytest does not collect it.
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import tempfile
import time

#: (name, RULES.md section it breaks, file, [(text, replacement), ...])
MUTANTS: list[tuple[str, str, str, list[tuple[str, str]]]] = [
    ("round5 rounds a remainder of 2 up", "round5", "dominolab/settlement.py",
     [("5 * ((n + 2) // 5)", "5 * ((n + 3) // 5)")]),
    ("only multiples of 10 score", "placement score", "dominolab/rules.py",
     [("            if count % m == 0:\n                return count\n", "            if count % (2 * m) == 0:\n                return count\n")]),  # noqa: E501
    ("a joined terminal double counts one half", "count", "dominolab/board.py",
     [("adds = 2 * value if t.is_double else t.pips - value", "adds = value if t.is_double else t.pips - value")]),  # noqa: E501
    ("an internal double keeps counting a half", "count", "dominolab/board.py",
     [("return adds - 2 * value if closes else adds", "return adds - value if closes else adds")]),
    ("a covered end keeps counting", "count", "dominolab/board.py",
     [("        return adds - value\n", "        return adds\n")]),
    ("a lead double counts one half", "count", "dominolab/board.py",
     [("return 2 * t.low if t.is_double else t.pips", "return t.low if t.is_double else t.pips")]),
    ("every double a spinner in all-fives and dominos-cc", "Spinners by preset", "dominolab/board.py",
     [("(self._first and not self._spinners)", "self._first")]),
    ("a spinner's branches open at once", "Spinners by preset", "dominolab/board.py",
     [("if parent.spinner and self._sides_first:", "if False:"),
      ("            if not self._sides_first:\n", "            if True:\n")]),
    ("five-up shown points not divided by five", "placement score", "dominolab/board.py",
     [("raw // self._divisor, spinner", "raw, spinner")]),
    ("the instant target needs more than the target", "game end", "dominolab/game.py",
     [("            return mine >= self._target2\n", "            return mine > self._target2\n")]),
    ("five-up ends in mid-round", "game end", "dominolab/game.py",
     [("if self._instant and self._reached(side):", "if self._reached(side):")]),
    ("a tie at the top ends the game", "game end", "dominolab/game.py",
     [("    if list(scores).count(top) == 1:\n", "    if True:\n")]),
    ("a target reached by settlement is not checked", "game end", "dominolab/game.py",
     [("    top = max(scores)\n", "    top = -10**9\n")]),
    ("all-fives ignores a target reached by settlement", "game end", "dominolab/game.py",
     [("after_settlement(self.half_scores, self._target2, self._tied_over)",
       "after_settlement(self.half_scores, self._target2 if not self._instant else 10**9, self._tied_over)")]),  # noqa: E501
    ("after a tie over 61, five-up needs 61 again", "game end", "dominolab/game.py",
     [("if top >= target or tied_over:", "if top >= target:")]),
    ("while the top is tied, a third side reaching the target wins", "game end", "dominolab/game.py",
     [("        if not self._tied_over:\n            return mine >= self._target2\n",
       "        if True:\n            return mine >= self._target2\n")]),
    ("dominos-cc opens its branches only after both sides", "Spinners by preset", "dominolab/presets.py",
     [("    winner_leads_next=False,\n    spinner_sides_first=False,\n", "    winner_leads_next=False,\n")]),  # noqa: E501
    ("the partnerships switch renames the preset", "records", "dominolab/rules.py",
     [("return self.replace(**changes, name=self.name) if changes else self", "return self.replace(**changes) if changes else self")]),  # noqa: E501
    ("a preset record is read by its rules dict", "records", "dominolab/record.py",
     [("            base = base.at_table(partnerships=together)\n", "            pass\n")]),
    ("a drawn tile that plays may stay in hand", "A turn 2", "dominolab/game.py",
     [("            if TILE_BITS[t] & self.board.open_bits:\n                self.drawn = t\n",
       "            if False:\n                self.drawn = t\n")]),
    ("a seat may draw while it can play", "A turn 1", "dominolab/game.py",
     [("        if plays:\n            return plays\n",
       "        if plays:\n            return plays + ([_DRAW_ACTION] if self._boneyard else [])\n")]),
    ("a play that blocks the round is followed by a pass", "A turn 4", "dominolab/game.py",
     [("        elif not self._boneyard and not self._anyone_can_play():\n", "        elif False:\n")]),
    ("the winner of a blocked round leads next", "later leaders", "dominolab/game.py",
     [("last.end_reason is EndReason.DOMINO and last.actions", "last.end_reason is EndReason.BLOCKED and last.actions")]),  # noqa: E501
    ("the seat that played its last tile does not lead next", "later leaders", "dominolab/game.py",
     [("if last is not None and r.winner_leads_next and last.end_reason is EndReason.DOMINO", "if False")]),
    ("equal heaviest tiles broken by the low half", "first leader", "dominolab/game.py",
     [("key=lambda t: (t.is_double, t.pips, t.high)", "key=lambda t: (t.is_double, t.pips, t.low)")]),
    ("the heaviest tile leads before a double", "first leader", "dominolab/game.py",
     [("key=lambda t: (t.is_double, t.pips, t.high)", "key=lambda t: (False, t.pips, t.high)")]),
    ("dominos-cc's leader may lead any tile", "first leader", "dominolab/game.py",
     [("            if self._forced_lead is not None:\n                return", "            if False:\n                return")]),  # noqa: E501
    ("all-fives rounds each rival separately", "settlement", "dominolab/settlement.py",
     [("amount = round5(pooled) // div", "amount = sum(c.rounded for c in rivals) // div")]),
    ("dominos-cc pools the rivals", "settlement", "dominolab/settlement.py",
     [("amount = sum(c.rounded for c in rivals) // div\n", "amount = round5(sum(c.pips for c in rivals)) // div\n")]),  # noqa: E501
    ("five-up deducts unrounded pips", "settlement", "dominolab/settlement.py",
     [("            loss = c.rounded // div\n", "            loss = c.pips // div\n")]),
    ("five-up pools the partners before rounding", "settlement", "dominolab/settlement.py",
     [("            changes[c.side] -= loss\n",
       "            changes[c.side] -= round5(side_pips[c.side]) // div if c.seat == sides[c.side][0] else 0\n")]),  # noqa: E501
    ("the three-player split drops the half point", "settlement", "dominolab/settlement.py",
     [("half = Fraction(pot, 2)", "half = Fraction(pot // 2)")]),
    ("no three-player split", "settlement", "dominolab/settlement.py",
     [("elif r.three_player_split and players == 3", "elif False and players == 3")]),
    ("more tiles breaks the dominos-cc tie", "round winner", "dominolab/settlement.py",
     [("fewest = min(ntiles)", "fewest = max(ntiles)")]),
    ("the highest hand wins a blocked round", "round winner", "dominolab/settlement.py",
     [("low = min(side_pips)", "low = max(side_pips)")]),
    ("partners compared by one hand when blocked", "round winner", "dominolab/settlement.py",
     [("        side_pips[c.side] += c.pips\n", "        side_pips[c.side] = c.pips\n")]),
    ("fives-and-threes counts only its fives", "Fives and Threes: placement score", "dominolab/presets.py",
     [("    count_moduli=(3, 5),\n", "    count_moduli=(5,),\n")]),
    ("a count of both threes and fives scores only the larger", "Fives and Threes: placement score",
     "dominolab/rules.py",
     [("return sum([count // m for m in self.count_moduli if count % m == 0])",
       "return max([count // m for m in self.count_moduli if count % m == 0] or [0])")]),
    ("going out scores no point", "Fives and Threes: going out", "dominolab/game.py",
     [("        if self._going_out and self.goes_out(play.seat):\n            points += self._going_out\n",
       "        if self._going_out and self.goes_out(play.seat):\n            points += 0\n")]),
    ("a partnership round ends when one partner is out", "Fives and Threes: going out", "dominolab/game.py",
     [("if not self.hands[seat] and (not self._both_out or self._side_out(seat)):", "if not self.hands[seat]:")]),  # noqa: E501
    ("a seat that is out is not skipped", "Fives and Threes: going out", "dominolab/game.py",
     [("            while not self.hands[nxt]:\n", "            while False:\n")]),
    ("the going-out point scored by the first partner out", "Fives and Threes: going out",
     "dominolab/game.py",
     [("return not self.hands[seat] and (not self._both_out or self._side_out(seat))",
       "return not self.hands[seat]")]),
    ("the lead goes to the round's winner", "Fives and Threes: later leaders", "dominolab/game.py",
     [("if last is not None and r.lead_passes_left and last.leader is not None:", "if False:")]),
    ("a score past 61 counts", "Fives and Threes: target", "dominolab/game.py",
     [("if self._exact and self.half_scores[side] + 2 * points > self._target2:", "if False:")]),
    ("the going-out point escapes the bust", "Fives and Threes: target", "dominolab/game.py",
     [("        if self._going_out and self.goes_out(play.seat):\n            points += self._going_out\n",
       "        if self._going_out and self.goes_out(play.seat) and not self._exact:\n            points += self._going_out\n")]),  # noqa: E501
    ("fives-and-threes settles the hands left", "Fives and Threes: settlement", "dominolab/presets.py",
     [("    settlement=SettlementRule.NONE,\n", "    settlement=SettlementRule.POOLED,\n")]),
    ("fives-and-threes draws from the boneyard", "Fives and Threes: a turn", "dominolab/presets.py",
     [("    winner_leads_next=False,\n    drawing=False,\n", "    winner_leads_next=False,\n")]),
]  # fmt: skip

TIMEOUT = 600  # seconds per mutant: a suite that hangs on a mutant is reported, not waited for


def run(mutant: tuple[str, str, str, list[tuple[str, str]]], repo: pathlib.Path) -> str:
    name, section, path, changes = mutant
    with tempfile.TemporaryDirectory() as d:
        tree = pathlib.Path(d)
        archive = subprocess.run(["git", "archive", "HEAD"], cwd=repo, capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", str(tree)], input=archive.stdout, check=True)
        source = tree / path
        text = source.read_text()
        for old, new in changes:
            if text.count(old) != 1:
                return f"STALE    {name}: the line to change is no longer in {path} (update tests/mutants.py)"
            text = text.replace(old, new)
        source.write_text(text)
        cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
               "-o", "addopts=-p no:cacheprovider", "tests",
               "--ignore", "tests/test_notebooks.py", "--ignore", "tests/test_browser.py"]  # fmt: skip
        env = dict(os.environ, PYTHONPATH=str(tree))  # the copy's dominolab, not the installed one
        try:
            p = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            return f"TIMEOUT  {name} ({section}): the tests hung for {TIMEOUT} s"
    failed = [x for x in p.stdout.splitlines() if x.startswith(("FAILED", "ERROR"))]
    if p.returncode == 0:
        return f"SURVIVED {name} ({section}): no test failed"
    return f"KILLED   {name} ({section}): {failed[0] if failed else p.stdout.splitlines()[-1:]}"


def main(words: list[str]) -> int:
    repo = pathlib.Path(__file__).resolve().parent.parent
    chosen = [m for m in MUTANTS if not words or any(w in m[0] for w in words)]
    start = time.perf_counter()
    results = []
    for i, m in enumerate(chosen, 1):
        line = run(m, repo)
        results.append(line)
        print(f"[{i}/{len(chosen)}] {line}", flush=True)
    bad = [r for r in results if not r.startswith("KILLED")]
    print(f"{len(chosen) - len(bad)} of {len(chosen)} mutants killed in {time.perf_counter() - start:.0f} s")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
