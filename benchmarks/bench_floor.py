"""How fast can pure Python play a round at all?  A yardstick for the speed targets.

The issues ask for 15,000 random 2-player all-fives rounds per second in-process.  This
benchmark plays the same kind of game with a *bare loop*: tiles are integers, the open
ends a list, no layout tree, no undo, no action objects, no records, no checks.  It is
NOT a rules implementation, and nothing else uses it: it leaves out the spinner's branches
(a double is only a line tile here), so its rounds are even simpler than the real ones.
What it measures is the floor: the cost of the interpreter doing the least a round needs
(a seeded deal, move generation, a random choice, the count, a settlement).

It runs the bare loop and the engine (``dl.play_game``, random bots) in turn, several
times, so that both see the same spells of this shared machine, and prints the medians
and their ratio.  With ``--instructions`` it also counts instructions per round with
valgrind's callgrind (the same figure whatever the load).

Run: python benchmarks/bench_floor.py [--instructions]
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import time

GAMES = 300
_LO = [a for a in range(7) for b in range(a, 7)]
_HI = [b for a in range(7) for b in range(a, 7)]
_DECK = list(range(28))


def bare_game(seed: int) -> int:
    """One simplified 2-player all-fives game with random play; returns its rounds."""
    rng = random.Random(seed)
    bits = rng.getrandbits
    lo_, hi_ = _LO, _HI
    score = [0, 0]
    rounds = 0
    leader: int | None = None
    while True:
        rounds += 1
        deck = _DECK[:]
        rng.shuffle(deck)
        hands = [deck[:9], deck[9:18]]
        bone = deck[18:]
        if leader is None:
            leader = rng.randrange(2)
        seat = leader
        h = hands[seat]
        t = h.pop(rng.randrange(len(h)))
        lo, hi = lo_[t], hi_[t]
        vc = [0] * 7  # open ends per pip value
        vc[lo] += 1
        vc[hi] += 1
        ends = [[lo, 2], [lo, 0]] if lo == hi else [[lo, 1], [hi, 1]]  # [value, counted times]
        total = 2 * lo if lo == hi else lo + hi
        if total % 5 == 0:
            score[seat] += total
        seat ^= 1
        passes = 0
        winner = None
        while True:
            h = hands[seat]
            plays = []
            for t in h:
                lo, hi = lo_[t], hi_[t]
                if not (vc[lo] or vc[hi]):
                    continue
                for j, e in enumerate(ends):
                    if e[0] == lo or e[0] == hi:
                        plays.append((t, j))
            if not plays:
                if bone:
                    h.append(bone.pop())
                    continue
                passes += 1
                if passes >= 2:
                    break
                seat ^= 1
                continue
            passes = 0
            n = len(plays)
            k = n.bit_length()
            r = bits(k)
            while r >= n:
                r = bits(k)
            t, j = plays[r]
            h.remove(t)
            e = ends[j]
            v = e[0]
            vc[v] -= 1
            total -= v * e[1]
            lo, hi = lo_[t], hi_[t]
            nv = hi if lo == v else lo
            ends[j] = [nv, 2 if lo == hi else 1]
            vc[nv] += 1
            total += 2 * nv if lo == hi else nv
            if total > 0 and total % 5 == 0:
                score[seat] += total
                if score[seat] >= 250:
                    return rounds
            if not h:
                winner = seat
                break
            seat ^= 1
        pips = [sum(lo_[t] + hi_[t] for t in hh) for hh in hands]
        if winner is not None:
            score[winner] += (pips[winner ^ 1] + 2) // 5 * 5
            leader = winner
        else:
            if pips[0] != pips[1]:
                score[0 if pips[0] < pips[1] else 1] += (abs(pips[0] - pips[1]) + 2) // 5 * 5
            leader = None
        if max(score) >= 250:
            return rounds


def bare_rounds() -> int:
    return sum(bare_game(s) for s in range(GAMES))


def engine_rounds() -> int:
    import dominolab as dl

    return sum(len(dl.play_game("all-fives", 2, ["random", "random"], seed=s).rounds) for s in range(GAMES))


def _rate(fn: object) -> float:
    t = time.perf_counter()
    n = fn()  # type: ignore[operator]
    return n / (time.perf_counter() - t)


def main(runs: int = 7) -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, here)
    engine_rounds()  # warm the imports and the engine's tables
    bare, eng = [], []
    for _ in range(runs):
        bare.append(_rate(bare_rounds))
        eng.append(_rate(engine_rounds))
    ratios = sorted(b / e for b, e in zip(bare, eng, strict=True))
    print(f"random 2-player all-fives, {GAMES} games a run, median of {runs} runs taken in turn")
    print(f"  bare loop (no branches, no records): {statistics.median(bare):>8,.0f} rounds/s")
    print(f"  engine (dl.play_game):               {statistics.median(eng):>8,.0f} rounds/s")
    print(f"  bare loop / engine: {statistics.median(ratios):.2f}x (runs: {ratios[0]:.2f}-{ratios[-1]:.2f})")
    if "--instructions" in sys.argv:
        bare_n = bare_rounds()
        engine_n = engine_rounds()
        from bench_instructions import instructions  # callgrind, as the engine's own figure is counted

        setup = f"import sys; sys.path.insert(0, {here!r}); import bench_floor as b"
        bi = instructions(f"{setup}; b.bare_rounds()")[0] - instructions(setup)[0]
        ei = instructions(f"{setup}; b.engine_rounds()")[0] - instructions(f"{setup}; import dominolab")[0]
        print(f"  instructions per round: bare loop {bi / bare_n:,.0f}, engine {ei / engine_n:,.0f}")


if __name__ == "__main__":
    main()
