"""The layout: placing tiles, open points, the count, spinners, undo.

>>> import dominolab as dl
>>> b = dl.Board(dl.variant("all-fives"))
>>> b.play("1|4").points
5
>>> b.play("1|1", at=("1|4", "low")).sum
6
>>> b.open_points()
the 1 of 1|1, line-b; the 4 of 1|4
>>> list(b.open_points())[1]
OpenPoint(tile='1|4', slot='high', value=4)
>>> b.contributions()
[Contribution(tile='1|1', value=2), Contribution(tile='1|4', value=4)]
>>> b.spinners
[Tile('1|1')]
>>> b.undo().tile
Tile('1|1')

The count is kept incrementally: a placement and its undo cost O(1) whatever
the size of the layout.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterable, Iterator
from typing import Any, NamedTuple

from . import words
from .errors import DominolabError, IllegalPlacement
from .presets import variant
from .rules import Rules, SpinnerRule
from .tiles import DOUBLE_SIX, PIP_BIT, TILE_BITS, Pictured, Tile, TileLike

__all__ = [
    "SLOTS",
    "OpenPoint",
    "Contribution",
    "CountedEnd",
    "Placement",
    "Board",
    "parse_point",
    "parse_placement",
    "placement_text",
    "point_text",
    "LEAD",
    "clicked_point",
    "count_score",
    "Points",
    "count_change",
]

#: Slot names, in the order they are listed (high before low, as the source text lists them).
SLOTS: tuple[str, ...] = ("high", "low", "line-a", "line-b", "branch-a", "branch-b")
SLOT_RANK = {s: i for i, s in enumerate(SLOTS)}
_LINE = ("line-a", "line-b")
_BRANCH = ("branch-a", "branch-b")
_OTHER_LINE = {"line-a": "line-b", "line-b": "line-a"}


_BIT = PIP_BIT
_mk = tuple.__new__  # builds a NamedTuple from a tuple without its Python-level __new__


class OpenPoint(NamedTuple):
    """A free slot where a tile may connect now, and the pips a tile must show there."""

    tile: Tile
    slot: str
    value: int

    def __repr__(self) -> str:
        return f"OpenPoint(tile={str(self.tile)!r}, slot={self.slot!r}, value={self.value})"

    def __str__(self) -> str:
        return point_text((self.tile, self.slot))

    @property
    def words(self) -> str:
        """The point as a learner says it: ``the 5 of 2|5``; a double's slot is named, since
        its slots all show the same pips (``the 6 of 6|6, line-b``)."""
        return words.open_point(self.value, self.tile, self.slot, self.tile.is_double)


class Points(list[OpenPoint]):
    """A list of open points that prints as words: ``the 5 of 2|5; the 2 of 2|5``
    (what :meth:`Board.open_points` and :meth:`Board.placements_for` return).

    >>> b = Board("all-fives"); _ = b.play("2|5")
    >>> b.open_points()
    the 5 of 2|5; the 2 of 2|5
    >>> b.placements_for("3|4")
    nowhere
    """

    def __repr__(self) -> str:
        return "; ".join(p.words for p in self) or words.nowhere()

    __str__ = __repr__


class Contribution(NamedTuple):
    """A tile that adds to the count, with what it adds."""

    tile: Tile
    value: int

    def __repr__(self) -> str:
        return f"Contribution(tile={str(self.tile)!r}, value={self.value})"


class CountedEnd(NamedTuple):
    """A counted end with its place: ``slot`` is ``None`` for a terminal double
    (which counts both halves), else the free ``low``/``high`` slot."""

    tile: Tile
    slot: str | None
    value: int


class Placement(NamedTuple):
    """What one placement did: the tile, where, the end sum after it, what it scored.

    ``raw`` is the placement score in raw pips, ``points`` in the rules' unit
    (shown points in five-up).  ``spinner`` tells whether the tile became a spinner.
    """

    tile: Tile
    at: OpenPoint | None
    sum: int
    raw: int
    points: int
    spinner: bool = False

    def __str__(self) -> str:
        return words.placement(self.tile, self.at, self.sum, self.points)

    @property
    def notation(self) -> str:
        """The placement as the command line writes it: ``1|1@1|4:low``."""
        return placement_text(self.tile, self.at)


class _Node(NamedTuple):
    """A placed tile in the layout's tree (made with ``_mk``: a plain tuple, no ``__init__``
    to run on every placement).  Only ``used`` changes, in place, as tiles connect to it."""

    tile: Tile
    parent: _Node | None
    parent_slot: str | None
    own: str | None  #: the tile's own slot taken by the connection (None for the lead)
    spinner: bool
    used: dict[str, Tile]  #: slot -> the tile connected there (own slot included)


#: A placement as the board keeps it, and what it changed, so that undo restores it exactly:
#: ``(node, at, sum, raw, points, spinner, sum before, the open point it took (None for the
#: lead), the open points it added)``; its :class:`Placement` is ``_placement(entry)``.  A plain
#: tuple, not a NamedTuple, and no Placement made until one is asked for: a tuple is made from
#: the interpreter's free list, while a NamedTuple's instance costs an allocation of its own
#: (about 4 times the instructions), on every placement of every game a simulation plays.
_Undo = tuple[
    _Node, "OpenPoint | None", int, int, int, bool, int,
    "tuple[tuple[Tile, str], int] | None", "tuple[tuple[Tile, str], ...]",
]  # fmt: skip


def _placement(u: _Undo) -> Placement:
    """The :class:`Placement` an undo entry keeps."""
    return _mk(Placement, (u[0].tile, u[1], u[2], u[3], u[4], u[5]))


def slots_of(tile: Tile, spinner: bool) -> tuple[str, ...]:
    if not tile.is_double:
        return ("low", "high")
    return _LINE + _BRANCH if spinner else _LINE


PointLike = OpenPoint | tuple[TileLike, str] | str | None


def parse_point(at: Any) -> tuple[Tile, str] | None:
    """Read an ``at=`` argument: ``None``, ``("1|4", "low")``, ``"1|4:low"`` or an OpenPoint.

    >>> parse_point("1|4:high")
    (Tile('1|4'), 'high')
    """
    if at is None:
        return None
    if isinstance(at, OpenPoint):
        return (Tile(at.tile), at.slot)
    if isinstance(at, str):
        if ":" not in at:
            raise IllegalPlacement(words.refusal("unreadable point", value=repr(at)))
        t, _, s = at.rpartition(":")
        return (Tile(t), _check_slot(s.strip(), at))
    if isinstance(at, tuple | list) and len(at) == 2:
        return (Tile(at[0]), _check_slot(at[1], at))
    raise IllegalPlacement(words.refusal("not a point", value=repr(at)))


def parse_placement(text: Any) -> tuple[Tile, tuple[Tile, str] | None]:
    """Read a placement in the notation of the command line and the records' text:
    ``"1|4"`` (a lead) or ``"1|1@1|4:low"`` (a tile on an open point); the one reader of it.

    >>> parse_placement("1|1@1|4:low")
    (Tile('1|1'), (Tile('1|4'), 'low'))
    >>> parse_placement("4|1")
    (Tile('1|4'), None)
    """
    if not isinstance(text, str):
        raise IllegalPlacement(words.refusal("unreadable placement", value=repr(text)))
    tile, sep, at = text.strip().partition("@")
    return Tile(tile), (parse_point(at.strip()) if sep else None)


def placement_text(tile: TileLike, at: PointLike = None) -> str:
    """A placement in that notation: ``"1|4"`` for a lead, ``"1|1@1|4:low"``; the one writer.

    >>> placement_text("1|1", ("1|4", "low")), placement_text("4|1")
    ('1|1@1|4:low', '1|4')
    """
    point = parse_point(at)
    t = Tile(tile)
    return str(t) if point is None else f"{t}@{point_text(point)}"


#: The point a click names on an empty layout: the round's lead (every other point is
#: ``"tile:slot"``).  The pictures mark it, the views send it, :func:`clicked_point` reads it.
LEAD = "lead"


def clicked_point(point: PointLike) -> PointLike:
    """A clicked point as the engine takes it: ``None`` for :data:`LEAD` (a lead), else the
    point itself (``"tile:slot"``, or a ``(tile, slot)`` pair).

    >>> clicked_point("lead"), clicked_point("1|4:high")
    (None, '1|4:high')
    """
    return None if point == LEAD else point


def point_text(at: tuple[TileLike, str]) -> str:
    """An open point in that notation: ``"1|4:low"``."""
    return f"{Tile(at[0])}:{at[1]}"


def _check_slot(slot: Any, asked: Any) -> str:
    if slot not in SLOT_RANK:
        raise IllegalPlacement(
            words.refusal("unknown slot", slot=repr(slot), asked=repr(asked), known=", ".join(SLOTS))
        )
    return str(slot)


class Board(Pictured):
    """The layout of one round: a tree of placed tiles with spinners.

    ``Board(rules)`` takes a :class:`~dominolab.Rules` or a preset name.
    :meth:`play` is checked and raises :class:`~dominolab.IllegalPlacement`
    (leaving the board unchanged); :meth:`undo` takes the last placement back.
    """

    def __init__(self, rules: Rules | str = "all-fives") -> None:
        self.rules: Rules = variant(rules)
        self._every = self.rules.spinners is SpinnerRule.EVERY_DOUBLE
        self._first = self.rules.spinners is SpinnerRule.FIRST_DOUBLE
        self._sides_first = self.rules.spinner_sides_first
        self._divisor = self.rules.score_divisor
        self._scoring = self.rules.placement_scoring
        #: what each count scores, by count: the rules' own table (nothing in the line games)
        self._scores = self.rules.score_table
        self._nodes: dict[Tile, _Node] = {}
        # read-only views for the engine's fast paths (the game's legal actions, the searches):
        #: every open point and the pips a tile must show there
        self.open_at: dict[tuple[Tile, str], int] = {}
        #: how many open points show each pip value, for O(1) "does it play?"
        self.open_counts: list[int] = [0] * 7
        #: the same as bits (bit ``v`` set while some open point shows ``v``): a tile plays when
        #: ``TILE_BITS[tile] & board.open_bits`` (one test for both halves)
        self.open_bits: int = 0
        self._sum = 0
        self._stack: list[_Undo] = []
        self._spinners: list[Tile] = []
        #: ``(rank, (tile, slot), value)`` of every open point, kept in order as the layout changes
        self.ranked_points: list[tuple[int, tuple[Tile, str], int]] = []

    # -- reading the layout ------------------------------------------------------

    def __len__(self) -> int:
        return len(self._nodes)

    def __contains__(self, tile: object) -> bool:
        try:
            return Tile(tile) in self._nodes
        except DominolabError:
            return False

    def __iter__(self) -> Iterator[Tile]:
        return iter(self._nodes)

    @property
    def tiles(self) -> list[Tile]:
        """The placed tiles, in the order they were placed."""
        return list(self._nodes)

    @property
    def placements(self) -> list[Placement]:
        """Every placement so far, oldest first (the move stack)."""
        return [_placement(u) for u in self._stack]

    def peek(self) -> Placement | None:
        """The last placement, or ``None`` on an empty board."""
        return _placement(self._stack[-1]) if self._stack else None

    @property
    def is_empty(self) -> bool:
        return not self._nodes

    @property
    def spinners(self) -> list[Tile]:
        """The tiles that are spinners now, in the order they were placed."""
        return list(self._spinners)

    def is_spinner(self, tile: TileLike) -> bool:
        node = self._nodes.get(Tile(tile))
        return bool(node and node.spinner)

    def end_sum(self) -> int:
        """The count: the sum of every contribution, in raw pips."""
        return self._sum

    def open_points(self) -> Points:
        """Every free slot where a tile may connect now (unopened branches excluded)."""
        return Points([_mk(OpenPoint, (k[0], k[1], v)) for _, k, v in self.ranked_points])

    def open_values(self) -> set[int]:
        """The pip values a tile may match somewhere now."""
        return {v for v, n in enumerate(self.open_counts) if n}

    def ends_text(self) -> str:
        """The open points' values in words, in the order of the points: ``"open ends 6 and 0"``.

        >>> b = Board("draw"); _ = b.play("0|6"); b.ends_text()
        'open ends 6 and 0'
        """
        return words.open_ends([op.value for op in self.open_points()])

    def plays(self, tile: TileLike) -> bool:
        """True if ``tile`` matches some open point now (O(1))."""
        t = Tile(tile)
        return t not in self._nodes and bool(TILE_BITS[t] & self.open_bits)

    def counted_ends(self) -> list[CountedEnd]:
        """Every counted end with its slot (``None`` for a terminal double), sorted by tile.

        A double counts both halves while one of its line slots is free; a
        non-double counts each free half.  (The count itself is kept
        incrementally in :meth:`end_sum`; this lists where it comes from.)
        """
        ends = []
        for t in sorted(self._nodes, key=TILE_RANK.__getitem__):
            used = self._nodes[t].used
            if t.is_double:
                if "line-a" not in used or "line-b" not in used:
                    ends.append(_mk(CountedEnd, (t, None, 2 * t.low)))
            else:
                if "high" not in used:
                    ends.append(_mk(CountedEnd, (t, "high", t.high)))
                if "low" not in used:
                    ends.append(_mk(CountedEnd, (t, "low", t.low)))
        return ends

    def contributions(self) -> list[Contribution]:
        """Every tile that adds to the count, with what it adds, sorted by tile.

        A lead non-double is listed twice (each free half); a zero end is listed.
        """
        return [Contribution(t, v) for t, _, v in self.counted_ends()]

    def equation(self) -> str:
        """The count written out, as the source text writes it: ``2 + 5 + 3 = 10``."""
        parts = [str(c.value) for c in self.contributions()]
        return f"{' + '.join(parts) or '0'} = {self._sum}"

    def score(self, total: int | None = None) -> int:
        """Raw points a count scores (:meth:`Rules.raw_score`; always 0 in the line games,
        which do not score while placing)."""
        return self._scores[self._sum if total is None else total]

    def connection(self, tile: TileLike) -> OpenPoint | None:
        """Where ``tile`` was connected (``None`` for the lead)."""
        node = self._node(tile)
        if node.parent is None:
            return None
        assert node.parent_slot is not None
        return OpenPoint(node.parent.tile, node.parent_slot, point_value(node.parent.tile, node.parent_slot))

    def connected_at(self, tile: TileLike) -> str | None:
        """The slot of ``tile`` itself taken by its connection (``None`` for the lead)."""
        return self._node(tile).own

    def slots_taken(self, tile: TileLike) -> frozenset[str]:
        """The slots of ``tile`` that are taken, its own connection included."""
        return frozenset(self._node(tile).used)

    def children(self, tile: TileLike) -> dict[str, Tile]:
        """The tiles connected to ``tile``'s slots, by slot (its own connection excluded)."""
        node = self._node(tile)
        return {s: t for s, t in node.used.items() if s != node.own}

    def slots(self, tile: TileLike) -> tuple[str, ...]:
        """The slots ``tile`` has on this layout (branches only for a spinner)."""
        node = self._node(tile)
        return slots_of(node.tile, node.spinner)

    def parent(self, tile: TileLike) -> Tile | None:
        node = self._node(tile)
        return node.parent.tile if node.parent else None

    def _node(self, tile: TileLike) -> _Node:
        t = Tile(tile)
        try:
            return self._nodes[t]
        except KeyError:
            raise IllegalPlacement(words.refusal("not placed", tile=t, layout=self._layout_text())) from None

    # -- checking ---------------------------------------------------------------

    def placements_for(self, tile: TileLike) -> Points:
        """The open points ``tile`` may take now (``[]`` if it is already placed).

        On an empty board the lead is the only placement: ``[None]`` is not
        returned; use :meth:`play` without ``at``.
        """
        t = Tile(tile)
        if t in self._nodes:
            return Points()
        lo, hi = t.low, t.high
        ops = self.ranked_points
        return Points([_mk(OpenPoint, (k[0], k[1], v)) for _, k, v in ops if v == lo or v == hi])

    def why_not(self, tile: TileLike, at: PointLike = None) -> str | None:
        """The reason a placement is refused, or ``None`` if it is legal."""
        try:
            self._check(tile, at)
        except IllegalPlacement as e:
            return str(e)
        return None

    def can_play(self, tile: TileLike, at: PointLike = None) -> bool:
        """True if :meth:`play` would accept this placement."""
        try:
            self._check(tile, at)
        except DominolabError:
            return False
        return True

    def _check(self, tile: TileLike, at: PointLike) -> tuple[Tile, _Node | None, str | None, int]:
        t = Tile(tile)
        point = parse_point(at)
        if t in self._nodes:
            raise IllegalPlacement(words.refusal("already placed", tile=t, layout=self._layout_text()))
        if point is None:
            if self._nodes:
                raise IllegalPlacement(words.refusal("has a lead", tile=t, first=next(iter(self._nodes))))
            return t, None, None, 0
        pt, slot = point
        if not self._nodes:
            raise IllegalPlacement(words.refusal("must lead", tile=t, at=f"{pt}:{slot}"))
        node = self._nodes.get(pt)
        if node is None:
            raise IllegalPlacement(
                words.refusal(
                    "point not placed", tile=t, at=f"{pt}:{slot}", point=pt, layout=self._layout_text()
                )
            )
        value = self.open_at.get((pt, slot))
        if value is None:
            reason = self._closed_reason(node, slot)
            raise IllegalPlacement(words.refusal("closed", tile=t, at=f"{pt}:{slot}", reason=reason))
        if t.low != value and t.high != value:
            raise IllegalPlacement(words.refusal("no match", tile=t, at=f"{pt}:{slot}", value=value))
        return t, node, slot, value

    def _closed_reason(self, node: _Node, slot: str) -> str:
        t = node.tile
        say = words.refusal
        if slot not in slots_of(t, node.spinner):
            if not t.is_double:
                return say("not a double", tile=t)
            if slot in _BRANCH:
                return say("not a spinner", tile=t)
            return say("double slots", tile=t, slots=", ".join(slots_of(t, node.spinner)))
        if slot in node.used:
            other = node.used[slot]
            if slot == node.own:
                return say("connected by", tile=t, other=other, slot=slot)
            return say("slot taken", tile=t, slot=slot, other=other)
        if slot in _BRANCH:
            free = [s for s in _LINE if s not in node.used]
            both = say("both", first=free[0], last=free[1]) if len(free) == 2 else free[0]
            return say("branches closed", tile=t, free=both)
        return say("slot closed", tile=t, slot=slot)  # pragma: no cover - every case is named above

    # -- playing ----------------------------------------------------------------

    def points_for(self, tile: TileLike, at: PointLike = None) -> int:
        """What this placement would score (in the rules' unit), without placing it."""
        t, node, slot, value = self._check(tile, at)
        return self.rules.points(self.score(self._sum_after(t, node, slot, value)))

    def sum_after(self, tile: TileLike, at: PointLike = None) -> int:
        """The end sum this placement would leave, without placing it."""
        t, node, slot, value = self._check(tile, at)
        return self._sum_after(t, node, slot, value)

    def _sum_after(self, t: Tile, node: _Node | None, slot: str | None, value: int) -> int:
        if node is None:
            return self._sum + count_change(t, None, value, False)
        assert slot is not None
        return self._sum + STEPS[t, (node.tile, slot)][4][_closes(node.tile, slot, node.used)]

    def play(self, tile: TileLike, at: PointLike = None) -> Placement:
        """Place ``tile`` on the open point ``at`` (``None`` for the round's lead).

        Raises :class:`~dominolab.IllegalPlacement` and changes nothing when refused.
        """
        t, node, slot, _ = self._check(tile, at)
        if node is None:
            return self.push(t, None)
        assert slot is not None
        return self.push(t, (node.tile, slot))

    def push(self, t: Tile, key: tuple[Tile, str] | None) -> Placement:
        """Place ``t`` on the open point ``key`` (``None``: the lead) without checking it: the
        fast path of the engine's games and searches, for a placement known to be legal (as
        python-chess's ``push``; :meth:`play` checks).  :meth:`pop` takes it back."""
        return _placement(self._push(t, key))

    def _push(self, t: Tile, key: tuple[Tile, str] | None) -> _Undo:
        """:meth:`push`, returning the board's own entry for the placement (a game reads its
        ``at``, ``sum`` and ``points`` there: no :class:`Placement` is made)."""
        opened = self.open_at
        vcount = self.open_counts
        bits = self.open_bits
        ops = self.ranked_points
        before = total = self._sum
        # (a line game never asks whether the tile is a double: no spinners)
        spinner = (self._every or (self._first and not self._spinners)) and t.is_double
        added: tuple[tuple[Tile, str], ...]
        removed: tuple[tuple[Tile, str], int] | None = None
        if key is None:  # the lead
            node = _mk(_Node, (t, None, None, None, spinner, {}))
            at = None
            total += count_change(t, None, 0, False)
            if t.is_double:
                v = t.low
                added = ((t, "line-a"), (t, "line-b"))
                opened[added[0]] = opened[added[1]] = v
                vcount[v] += 2
                bits |= _BIT[v]
            else:
                lo, hi = t.low, t.high
                added = ((t, "low"), (t, "high"))
                opened[added[0]] = lo
                opened[added[1]] = hi
                vcount[lo] += 1
                vcount[hi] += 1
                bits |= _BIT[lo] | _BIT[hi]
            for k in added:
                insort(ops, _ENTRY[k])
        else:
            pt, slot = key
            parent = self._nodes[pt]
            value = opened.pop(key)
            at, own, k, fv, change, probe, ranked = STEPS[t, key]
            vcount[value] -= 1
            if not vcount[value]:
                bits ^= _BIT[value]
            del ops[bisect_left(ops, probe)]
            removed = (key, value)
            used = parent.used
            closes = pt.is_double and _OTHER_LINE.get(slot) in used  # as _closes says
            total += change[closes]
            used[slot] = t
            if not closes:
                added = (k,)
            else:  # the double's second line slot: it turns internal
                if parent.spinner and self._sides_first:
                    b1, b2 = _BRANCHES[pt]
                    opened[b1] = opened[b2] = value
                    vcount[value] += 2
                    bits |= _BIT[value]
                    insort(ops, _ENTRY[b1])
                    insort(ops, _ENTRY[b2])
                    added = (k, b1, b2)
                else:
                    added = (k,)
            opened[k] = fv
            vcount[fv] += 1
            bits |= _BIT[fv]
            insort(ops, ranked)
            node = _mk(_Node, (t, parent, slot, own, spinner, {own: pt}))
        if spinner:
            self._spinners.append(t)
            if not self._sides_first:
                v = t.low
                branches = _BRANCHES[t]
                opened[branches[0]] = opened[branches[1]] = v
                vcount[v] += 2
                bits |= _BIT[v]
                insort(ops, _ENTRY[branches[0]])
                insort(ops, _ENTRY[branches[1]])
                added += branches
        self._sum = total
        self.open_bits = bits
        self._nodes[t] = node
        raw = self._scores[total]
        entry = (node, at, total, raw, raw // self._divisor, spinner, before, removed, added)
        self._stack.append(entry)
        return entry

    def undo(self) -> Placement:
        """Take the last placement back, exactly; returns it.

        Raises :class:`IllegalPlacement` on an empty board.
        """
        if not self._stack:
            raise IllegalPlacement(words.refusal("empty undo"))
        return _placement(self._undo())

    def _undo(self) -> _Undo:
        """:meth:`undo` on a board known to hold a placement, returning the board's own entry
        for it (no :class:`Placement` made: the engine's games and searches)."""
        entry = self._stack.pop()
        node, before, removed, added = entry[0], entry[6], entry[7], entry[8]
        vcount = self.open_counts
        opened = self.open_at
        ops = self.ranked_points
        bits = self.open_bits
        for k in added:
            v = opened.pop(k)
            vcount[v] -= 1
            if not vcount[v]:
                bits ^= _BIT[v]
            del ops[bisect_left(ops, _PROBE[k])]
        if removed is not None:
            key, value = removed
            opened[key] = value
            vcount[value] += 1
            bits |= _BIT[value]
            insort(ops, _ENTRY[key])
        self.open_bits = bits
        self._sum = before
        if node.parent is not None:
            assert node.parent_slot is not None
            del node.parent.used[node.parent_slot]
        del self._nodes[node.tile]
        if node.spinner:
            self._spinners.pop()
        return entry

    pop = undo  # python-chess spelling

    def clear(self) -> None:
        """Remove every tile."""
        while self._stack:
            self._undo()

    def copy(self) -> Board:
        """An independent board with the same placements (replayed, so exact)."""
        b = Board(self.rules)
        for p in self.placements:
            b.play(p.tile, p.at)
        return b

    # -- text forms -------------------------------------------------------------

    def _layout_text(self) -> str:
        if not self._nodes:
            return words.refusal("empty layout")
        return " ".join(t.bracketed for t in self._nodes)

    def __repr__(self) -> str:
        moves = " ".join(p.notation for p in self.placements)
        return f"<Board {self.rules.name} [{moves}] sum={self._sum}>"

    def __str__(self) -> str:
        tree: list[tuple[int, str | None, Tile, bool]] = []

        def walk(node: _Node, depth: int, via: str | None) -> None:
            tree.append((depth, via, node.tile, node.spinner))
            for s in sorted(node.used, key=SLOT_RANK.__getitem__):
                if s != node.own:
                    walk(self._nodes[node.used[s]], depth + 1, s)

        if self._nodes:
            walk(next(iter(self._nodes.values())), 1, None)
        scoring = self.rules.placement_scoring
        return words.board_summary(
            self.rules.name,
            len(self),
            tree,
            [(str(p), p.value) for p in self.open_points()],
            self.equation() if scoring and self._nodes else None,
            self.rules.points(self.score()) if scoring and self._nodes else None,
        )

    @classmethod
    def of(cls, rules: Rules | str, moves: Iterable[tuple[TileLike, PointLike]] = ()) -> Board:
        """A layout of ``rules`` with the placements ``moves`` made in order (a refused one
        raises).

        >>> Board.of("all-fives", [("1|4", None), ("4|4", "1|4:high")]).equation()
        '1 + 8 = 9'
        """
        b = cls(rules)
        b.play_all(moves)
        return b

    def play_all(self, moves: Iterable[tuple[TileLike, PointLike]]) -> list[Placement]:
        """Play several ``(tile, at)`` placements; on a refusal, the earlier ones stay."""
        return [self.play(t, a) for t, a in moves]


def count_score(total: int, rules: Rules | str = "all-fives") -> int:
    """The raw points a count scores under ``rules`` (by default the fives games': the count
    itself when it is a positive multiple of 5, else nothing): :meth:`Rules.raw_score`, the
    one place of that rule.

    >>> [count_score(n) for n in (10, 12, 0, 35)], count_score(15, "fives-and-threes")
    ([10, 0, 0, 35], 8)
    """
    return variant(rules).raw_score(total)


def count_change(t: Tile, parent: Tile | None, value: int, closes: bool) -> int:
    """What placing ``t`` does to the count: the one place of the counting rule.

    An end counts its free half; a double at an end counts both halves (crosswise) until its
    second line slot is taken; a spinner's branches add only what is placed on them.  So ``t``
    brings its free end (both halves if a double), and the end it covers leaves the count:
    ``value`` from a ``parent`` that is not a double, both halves of a double when ``closes``
    (``t`` takes its second line slot), nothing from a double's first line slot or a branch.
    ``parent`` is ``None`` for the lead, which brings all its pips (a double: both halves).

    >>> count_change(Tile("1|4"), None, 0, False), count_change(Tile("4|4"), Tile("1|4"), 4, False)
    (5, 4)
    >>> count_change(Tile("4|6"), Tile("4|4"), 4, True)   # 4|4 turns internal: +6 - 8
    -2
    """
    if parent is None:
        return 2 * t.low if t.is_double else t.pips
    adds = 2 * value if t.is_double else t.pips - value
    if not parent.is_double:
        return adds - value
    return adds - 2 * value if closes else adds


def _closes(parent: Tile, slot: str | None, used: dict[str, Tile]) -> bool:
    """Whether a tile on ``parent``'s ``slot`` takes a double's second line slot."""
    return parent.is_double and _OTHER_LINE.get(slot or "") in used


def point_value(t: Tile, slot: str) -> int:
    """The pips a tile must show to connect at ``t``'s ``slot``."""
    if t.is_double:
        return t.low
    return t.low if slot == "low" else t.high


#: The order open points are listed in (tiles low first, then slots in SLOTS order), as a rank.
POINT_RANK: dict[tuple[Tile, str], int] = {
    (t, s): i for i, (t, s) in enumerate((t, s) for t in DOUBLE_SIX for s in SLOTS)
}


TILE_RANK: dict[Tile, int] = {t: i for i, t in enumerate(DOUBLE_SIX)}


def _join(t: Tile, value: int) -> tuple[str, tuple[Tile, str], int]:
    """How ``t`` connects to an open point of ``value``: the slot of ``t`` it
    uses, the open point it adds, and that point's value."""
    if t.is_double:
        return ("line-a", (t, "line-b"), value)
    if t.low == value:
        return ("low", (t, "high"), t.high)
    return ("high", (t, "low"), t.low)


#: Each open point's entry in the board's rank-sorted list, and the probe that finds it.
_ENTRY: dict[tuple[Tile, str], tuple[int, tuple[Tile, str], int]] = {
    k: (r, k, point_value(*k)) for k, r in POINT_RANK.items()
}
_PROBE: dict[tuple[Tile, str], tuple[int]] = {k: (r,) for k, r in POINT_RANK.items()}
_BRANCHES = {t: ((t, "branch-a"), (t, "branch-b")) for t in DOUBLE_SIX}


_Step = tuple[
    OpenPoint, str, tuple[Tile, str], int, tuple[int, int], tuple[int], tuple[int, tuple[Tile, str], int]
]


def _step(t: Tile, key: tuple[Tile, str]) -> _Step:
    """What placing ``t`` on the open point ``key`` does: the point taken, ``t``'s slot
    used, the point opened, its pips, the count's change (:func:`count_change`) when the
    placement leaves the parent's end in the count and when it closes the parent double;
    then the point taken as :data:`_PROBE` finds it in the ranked points, and the point
    opened as :data:`_ENTRY` ranks it (so a placement makes one look-up, not three)."""
    value = point_value(*key)
    own, k, fv = _join(t, value)
    change = (count_change(t, key[0], value, False), count_change(t, key[0], value, key[0].is_double))
    return OpenPoint(key[0], key[1], value), own, k, fv, change, _PROBE[key], _ENTRY[k]


#: ``_step`` for every tile and every open point it matches: one look-up per placement.
STEPS = {(t, k): _step(t, k) for t in DOUBLE_SIX for k in POINT_RANK if point_value(*k) in (t.low, t.high)}
