"""Property tests over random legal placement sequences for every preset."""

from hypothesis import given, settings
from hypothesis import strategies as st

import dominolab as dl
from dominolab import Board
from dominolab.board import SLOTS

LINE = ("line-a", "line-b")

#: RULES.md, Fives and Threes, "placement score": every count a plain line can have (its two
#: ends, at most 12 + 12) that scores, and what it scores; any other count scores nothing
FIVES_AND_THREES_TABLE = {3: 1, 5: 1, 6: 2, 9: 3, 10: 2, 12: 4, 15: 8, 18: 6, 20: 4, 21: 7, 24: 8}


def reference_count(b: Board) -> tuple[int, list[tuple[str, int]]]:
    """The count straight from RULES.md, walking the layout (independent of the
    engine's incremental bookkeeping)."""
    parts = []
    for t in b.tiles:
        used = set(b.children(t))
        own = b.connected_at(t)
        if own:
            used.add(own)
        if t.is_double:
            if not all(s in used for s in LINE):
                parts.append((t, 2 * t.low))  # terminal double: both halves, once
        else:
            for slot, v in (("high", t.high), ("low", t.low)):
                if slot not in used:
                    parts.append((t, v))
    return sum(v for _, v in parts), sorted(parts)


def reference_open(b: Board) -> set[tuple[str, str, int]]:
    out = set()
    for t in b.tiles:
        used = set(b.children(t)) | ({b.connected_at(t)} - {None})
        for slot in b.slots(t):
            if slot in used:
                continue
            if slot.startswith("branch") and b.rules.spinner_sides_first:
                if not all(s in used for s in LINE):
                    continue
            v = t.low if (t.is_double or slot == "low") else t.high
            out.add((t, slot, v))
    return out


def snapshot(b: Board):
    return (b.tiles, b.open_points(), b.counted_ends(), b.end_sum(), b.spinners, b.placements,
            list(b.open_counts), b.open_bits)  # fmt: skip


RULES = [dl.variant(n) for n in dl.PRESETS] + [
    dl.variant("all-fives").replace(spinner_sides_first=False),
    dl.variant("five-up").replace(spinner_sides_first=False),
]


@settings(max_examples=300, deadline=None)
@given(rules=st.sampled_from(RULES), data=st.data())
def test_random_layouts_keep_every_invariant(rules, data):
    b = Board(rules)
    pool = list(dl.DOUBLE_SIX)
    lead = data.draw(st.sampled_from(pool))
    b.play(lead)
    for _ in range(27):
        moves = [(t, p) for t in dl.DOUBLE_SIX for p in b.placements_for(t)]
        if not moves:
            break
        t, at = data.draw(st.sampled_from(moves))
        before = snapshot(b)
        predicted = b.points_for(t, at)
        p = b.play(t, at)
        assert p.points == predicted
        # the count is the sum of the contributions, and agrees with a walk of the layout
        total, parts = reference_count(b)
        assert b.end_sum() == sum(c.value for c in b.contributions()) == total == p.sum
        assert sorted(map(tuple, b.contributions())) == parts
        assert set(map(tuple, b.open_points())) == reference_open(b)
        # the fast views of the open values (the game's "does it play?") say the same
        values = [op.value for op in b.open_points()]
        assert b.open_counts == [values.count(v) for v in range(7)]
        assert b.open_bits == sum(1 << v for v in set(values))
        assert all(b.plays(x) == (x not in b and bool(set(x.halves) & set(values))) for x in dl.DOUBLE_SIX)
        # listed in a fixed order: tiles as DOUBLE_SIX lists them, then slots as SLOTS does
        listed = [(dl.DOUBLE_SIX.index(op.tile), SLOTS.index(op.slot)) for op in b.open_points()]
        assert listed == sorted(listed)
        # no tile twice; every open point's value is a half of its tile
        assert len(set(b.tiles)) == len(b.tiles)
        assert all(op.value in op.tile.halves for op in b.open_points())
        # unopened or unused branch slots never count
        assert all(c.slot in (None, "low", "high") for c in b.counted_ends())
        # scores: a positive multiple of five, in the rules' unit (fives-and-threes: the
        # rules page's table); never in the line games, which score nothing while placing
        if rules.score_by_quotient:
            assert p.sum <= 24 and p.raw == FIVES_AND_THREES_TABLE.get(p.sum, 0)
        else:
            assert p.raw == (p.sum if rules.placement_scoring and p.sum > 0 and p.sum % 5 == 0 else 0)
        assert p.points * rules.score_divisor == p.raw
        # spinners as the preset says
        doubles = [x for x in b.tiles if x.is_double]
        if rules.spinners is dl.SpinnerRule.EVERY_DOUBLE:
            assert b.spinners == doubles
        elif rules.spinners is dl.SpinnerRule.FIRST_DOUBLE:
            assert b.spinners == doubles[:1]
        else:  # a line game: no spinner, at most two open ends
            assert b.spinners == [] and len(b.open_points()) <= 2
        # undo restores the exact earlier state, then we play again
        if data.draw(st.booleans()):
            assert b.undo() == p
            assert snapshot(b) == before
            b.play(t, at)
    # undo everything back to empty
    while not b.is_empty:
        b.undo()
    assert b.end_sum() == 0 and b.open_points() == [] and b.spinners == []
    assert b.open_counts == [0] * 7 and b.open_bits == 0
