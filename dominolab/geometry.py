"""Where each tile of a layout lies on the table: a pure function of the board.

The lead sits at the origin; lines run east and west, a spinner's branches
north and south.  A long line turns corners (clockwise, then back, as people
lay dominoes on a table).  Every tile touches the tile it joins and no two
tiles overlap: where the first fit leaves a tile no room, the layout is
searched again arm by arm, bending earlier arms (see :func:`layout`).

Units: a tile is 2 x 1 (a half is a unit square); doubles lie crosswise.

>>> import dominolab as dl
>>> b = dl.Board("all-fives"); _ = b.play("1|4"); _ = b.play("4|4", "1|4:high")
>>> g = layout(b)
>>> g.boxes[0].rect, g.boxes[1].rect
((-1.0, -0.5, 1.0, 0.5), (1.0, -1.0, 2.0, 1.0))
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from .board import Board
from .tiles import Tile

__all__ = ["Vec", "TileBox", "Layout", "layout", "lay_out", "boxes_overlap"]

Vec = tuple[float, float]

XLIM = 9.0  # a horizontal line turns before its far end passes |x| = XLIM
YLIM = 7.0  # a vertical branch turns before |y| = YLIM
MARGIN = 0.12  # the least gap between tiles that are not joined


def _add(a: Vec, b: Vec, k: float = 1.0) -> Vec:
    return (a[0] + k * b[0], a[1] + k * b[1])


def _left(d: Vec) -> Vec:
    return (-d[1], d[0])


def _right(d: Vec) -> Vec:
    return (d[1], -d[0])


@dataclass(frozen=True)
class TileBox:
    """One placed tile on the table.

    ``halves`` are the centres of its two half squares with their pips (for a
    non-double: the half that connects first); ``axis`` the direction along
    its length; ``anchors`` maps each slot to the point where a tile joins it
    and the direction it would run.
    """

    tile: Tile
    center: Vec
    axis: Vec
    crosswise: bool
    halves: tuple[tuple[Vec, int], tuple[Vec, int]]
    anchors: dict[str, tuple[Vec, Vec]]
    since_turn: int = 99  #: tiles laid since the chain last turned
    sense: int = 0  #: +1 left, -1 right: the sense of the last turn
    connector: tuple[Vec, Vec] | None = None  #: set when the tile had to be set apart

    @property
    def rect(self) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)``."""
        along = 1.0 if not self.crosswise else 0.5
        across = 0.5 if not self.crosswise else 1.0
        ax = self.axis
        hx = abs(ax[0]) * along + abs(ax[1]) * across
        hy = abs(ax[1]) * along + abs(ax[0]) * across
        cx, cy = self.center
        return (cx - hx, cy - hy, cx + hx, cy + hy)

    def marker_spots(self, slot: str) -> list[Vec]:
        """Places for the marker of ``slot``, best first: just outside the end, then
        beside it, then further out (for when another tile lies where it would go)."""
        p, d = self.anchors[slot]
        out = _add(p, d, 0.42)
        side = _left(d)
        back = _add(p, d, -0.25)  # beside the tile itself, past its corner
        return [
            out,
            _add(out, side, 0.5),
            _add(out, side, -0.5),
            _add(p, d, 0.85),
            _add(back, side, 0.8),
            _add(back, side, -0.8),
            _add(out, side, 1.0),
            _add(out, side, -1.0),
            _add(back, side, 1.3),
            _add(back, side, -1.3),
        ]


@dataclass
class Layout:
    """The boxes of every tile, in placement order, and the picture's bounds."""

    boxes: list[TileBox] = field(default_factory=list)
    by_tile: dict[Tile, TileBox] = field(default_factory=dict)

    def turned(self) -> Layout:
        """The same layout a quarter turn clockwise (a tall layout on a wide screen)."""

        def q(v: Vec) -> Vec:
            return (v[1], -v[0])

        out = Layout()
        for b in self.boxes:
            box = TileBox(
                b.tile,
                q(b.center),
                q(b.axis),
                b.crosswise,
                ((q(b.halves[0][0]), b.halves[0][1]), (q(b.halves[1][0]), b.halves[1][1])),
                {slot: (q(p), q(d)) for slot, (p, d) in b.anchors.items()},
                b.since_turn,
                b.sense,
                None if b.connector is None else (q(b.connector[0]), q(b.connector[1])),
            )
            out.boxes.append(box)
            out.by_tile[box.tile] = box
        return out

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        if not self.boxes:
            return (-2.0, -2.0, 2.0, 2.0)
        rs = [b.rect for b in self.boxes]
        return (min(r[0] for r in rs), min(r[1] for r in rs), max(r[2] for r in rs), max(r[3] for r in rs))


MARKER_RADIUS = 0.27  #: a marker's radius in tile units (a tile is 2 by 1)


def marker_clear(spot: Vec, rects: list[tuple[float, float, float, float]], taken: list[Vec]) -> bool:
    """True if a marker at ``spot`` covers no tile and no marker already placed."""
    r = MARKER_RADIUS
    for x0, y0, x1, y1 in rects:
        dx = max(x0 - spot[0], 0.0, spot[0] - x1)
        dy = max(y0 - spot[1], 0.0, spot[1] - y1)
        if dx * dx + dy * dy < r * r:
            return False
    return all((spot[0] - q[0]) ** 2 + (spot[1] - q[1]) ** 2 >= (2 * r) ** 2 for q in taken)


def boxes_overlap(a: tuple[float, ...], b: tuple[float, ...], margin: float = 0.0) -> bool:
    """True if two rectangles overlap (touching edges do not count)."""
    eps = 1e-9
    return (
        a[0] < b[2] + margin - eps
        and b[0] < a[2] + margin - eps
        and a[1] < b[3] + margin - eps
        and b[1] < a[3] + margin - eps
    )


def _double_box(t: Tile, p: Vec, d: Vec, since: int, sense: int, lead: bool = False) -> TileBox:
    c = p if lead else _add(p, d, 0.5)
    left = _left(d)
    anchors = {
        "line-a": (_add(c, d, -0.5), (-d[0], -d[1])),
        "line-b": (_add(c, d, 0.5), d),
        "branch-a": (_add(c, left, 1.0), left),
        "branch-b": (_add(c, left, -1.0), (-left[0], -left[1])),
    }
    halves = ((_add(c, left, 0.5), t.low), (_add(c, left, -0.5), t.high))
    return TileBox(t, c, d, True, halves, anchors, since, sense)


def _double_along(t: Tile, p: Vec, d_in: Vec, d_out: Vec, since: int, sense: int) -> TileBox:
    """A double laid lengthwise (only where there is no room across): its line runs on from
    its far end, its branches leave from the middles of its long sides."""
    c0 = _add(p, d_in, 0.5)
    c1 = _add(c0, d_out, 1.0)
    center = _add(c0, d_out, 0.5)
    left = _left(d_out)
    anchors = {
        "line-a": (p, (-d_in[0], -d_in[1])),
        "line-b": (_add(c1, d_out, 0.5), d_out),
        "branch-a": (_add(center, left, 0.5), left),
        "branch-b": (_add(center, left, -0.5), (-left[0], -left[1])),
    }
    return TileBox(
        t, center, d_out, False, ((c0, t.low), (c1, t.low)), anchors, 0 if d_out != d_in else since, sense
    )


def _line_box(
    t: Tile, near_val: int, p: Vec, d_in: Vec, d_out: Vec, since: int, sense: int, own: str | None
) -> TileBox:
    c0 = _add(p, d_in, 0.5)
    c1 = _add(c0, d_out, 1.0)
    center = _add(c0, d_out, 0.5)
    far_val = t.other(near_val) if not t.is_double else near_val
    far_slot = "high" if own == "low" else "low"
    anchors = {far_slot: (_add(c1, d_out, 0.5), d_out)}
    if own is not None:
        anchors[own] = (_add(c0, d_out, -0.5), (-d_out[0], -d_out[1]))
    return TileBox(t, center, d_out, False, ((c0, near_val), (c1, far_val)), anchors, since, sense)


def layout(board: Board) -> Layout:
    """Lay out every tile of ``board``: :func:`lay_out`, remembered for the last layouts asked
    (a widget draws the same layout again at every click that does not place a tile)."""
    key = tuple((t, board.connection(t)) for t in board.tiles)
    out = _remembered(key, board)
    return Layout(list(out.boxes), dict(out.by_tile))  # a copy: the caller may change it


_REMEMBERED: dict[tuple[object, ...], Layout] = {}


def _remembered(key: tuple[object, ...], board: Board) -> Layout:
    out = _REMEMBERED.get(key)
    if out is None:
        if len(_REMEMBERED) >= 256:
            _REMEMBERED.pop(next(iter(_REMEMBERED)))  # the oldest first
        out = _REMEMBERED[key] = lay_out(board)
    return out


def lay_out(board: Board) -> Layout:
    """Lay out every tile of ``board`` (deterministic): every tile touches the tile it joins.

    Each tile is first laid in the order it was played, at the first place that fits
    (straight on, or round a corner), so a layout that grows by a tile keeps its shape.
    When some tile finds no such place, the layout is searched again arm by arm (the
    biggest arm first), undoing earlier turns until every tile fits; then again with the
    arms taken in other orders, then letting tiles that are not joined touch, and last
    letting a double with no room across lie along its line.  Only if all that fails is
    a tile set apart and joined by a dotted connector (no board of 20,000 random whole
    rounds needed it; ``tests/test_picture.py`` lays out hundreds).
    """
    if not board.tiles:
        return Layout()
    out = _lay(board, board.tiles, XLIM, YLIM, budget=0)
    if out is None:
        for attempt in range(SEARCH_ATTEMPTS):
            xlim, ylim = SEARCH_LIMITS[attempt % len(SEARCH_LIMITS)]
            shake = random.Random(attempt) if attempt >= len(SEARCH_LIMITS) else None
            margin = MARGIN if attempt < SEARCH_ATTEMPTS // 3 else 0.0  # then tiles may touch,
            lengthwise = attempt >= 2 * SEARCH_ATTEMPTS // 3  # then doubles may lie along the line
            order = _tree_order(board, shake)
            out = _lay(
                board, order, xlim, ylim, SEARCH_BUDGET, shake=shake, margin=margin, lengthwise=lengthwise
            )
            if out is not None:
                break
        else:  # pragma: no cover - kept as a last resort
            out = _lay(board, board.tiles, XLIM, YLIM, budget=0, set_apart=True)
            assert out is not None
    out.boxes = [out.by_tile[t] for t in board.tiles]  # in the order they were played
    return out


SEARCH_ATTEMPTS = 90
SEARCH_BUDGET = 400  #: places tried by the arm-by-arm search before it gives up on its limits
OUTWARD = float("inf")  #: as a limit: no corners at the table's edge, every arm runs outwards
SEARCH_LIMITS = ((XLIM, YLIM), (XLIM + 4, YLIM + 4), (OUTWARD, OUTWARD))


def _norm(v: Vec) -> float:
    return v[0] * v[0] + v[1] * v[1]


def _tree_order(board: Board, shake: random.Random | None = None) -> list[Tile]:
    """The tiles with every arm whole before the next, the biggest arm first."""
    size: dict[Tile, int] = {}

    def count(t: Tile) -> int:
        size[t] = 1 + sum(count(c) for c in board.children(t).values())
        return size[t]

    lead = board.tiles[0]
    count(lead)
    order: list[Tile] = []
    todo = [lead]
    while todo:
        t = todo.pop()
        order.append(t)
        kids = sorted(board.children(t).items(), key=lambda sc: (size[sc[1]], sc[0]))
        if shake is not None:
            shake.shuffle(kids)
        todo.extend(c for _, c in kids)  # popped biggest first
    return order


def _lead_box(lead: Tile) -> TileBox:
    if lead.is_double:
        return _double_box(lead, (0.0, 0.0), (1.0, 0.0), 99, 0, lead=True)
    return TileBox(
        lead,
        (0.0, 0.0),
        (1.0, 0.0),
        False,
        (((-0.5, 0.0), lead.low), ((0.5, 0.0), lead.high)),
        {"low": ((-1.0, 0.0), (-1.0, 0.0)), "high": ((1.0, 0.0), (1.0, 0.0))},
    )


def _lay(
    board: Board,
    order: list[Tile],
    xlim: float,
    ylim: float,
    budget: int,
    set_apart: bool = False,
    shake: random.Random | None = None,
    margin: float = MARGIN,
    lengthwise: bool = False,
) -> Layout | None:
    """The tiles of ``order`` laid one by one, each at its first place that fits.

    ``budget=0``: no going back; a tile that fits nowhere is set apart (``set_apart``) or
    the answer is ``None``.  Otherwise a tile that fits nowhere sends the search back to
    the tile before it for its next place, at most ``budget`` places in all.
    """
    out = Layout()
    lead = order[0]
    out.boxes.append(_lead_box(lead))
    out.by_tile[lead] = out.boxes[0]
    choices: list[Iterator[TileBox] | None] = [None] * len(order)
    parents: list[TileBox | None] = [None] * len(order)
    tried = 0
    i = 1
    while i < len(order):
        if choices[i] is None:
            t = order[i]
            point = board.connection(t)
            assert point is not None
            parent = out.by_tile[point.tile]
            p, d = parent.anchors[point.slot]
            parents[i] = parent
            places = _places(t, point.value, board.connected_at(t), p, d, parent, xlim, ylim, lengthwise)
            if shake is not None:  # the same places in another order (a double across first)
                first, *rest = places
                places = iter(
                    [first, *shake.sample(rest, k=len(rest))]
                    if t.is_double
                    else shake.sample([first, *rest], k=1 + len(rest))
                )
            choices[i] = places
        here, mother = choices[i], parents[i]
        assert mother is not None
        assert here is not None
        found = next((b for b in here if _fits(b, mother, out, margin)), None)
        tried += 1
        if found is None and budget == 0 and set_apart:
            point = board.connection(order[i])
            assert point is not None
            p, d = mother.anchors[point.slot]
            found = _set_apart(order[i], point.value, board.connected_at(order[i]), p, d, out)
        if found is not None:
            out.boxes.append(found)
            out.by_tile[found.tile] = found
            i += 1
            continue
        if budget == 0 or tried > budget:
            return None
        choices[i] = None  # no place left here: the tile before takes its next place
        i -= 1
        if i == 0:
            return None
        gone = out.boxes.pop()
        del out.by_tile[gone.tile]
    return out


def _fits(box: TileBox, parent: TileBox, out: Layout, margin: float = MARGIN) -> bool:
    r = box.rect
    for other in out.boxes:
        m = 0.0 if other is parent else margin
        if boxes_overlap(r, other.rect, m):
            return False
    return True


def _places(
    t: Tile,
    value: int,
    own: str | None,
    p: Vec,
    d: Vec,
    parent: TileBox,
    xlim: float,
    ylim: float,
    lengthwise: bool = False,
) -> Iterator[TileBox]:
    """Where a tile joining at ``p`` (running ``d``) may lie, best first: a double
    crosswise straight on; another tile straight on or round a corner (at the edge of
    the table it turns clockwise, and the next tile turns again to run back)."""
    since = parent.since_turn + 1
    if t.is_double:
        yield _double_box(t, p, d, since, parent.sense)
        if lengthwise:  # no room across: the double lies along the line, as at a corner
            for d_out in (d, _right(d), _left(d)):
                yield _double_along(t, p, d, d_out, since, parent.sense)
        return

    def straight() -> TileBox:
        return _line_box(t, value, p, d, d, since, parent.sense, own)

    def turn(sense: int, done: int = 0) -> TileBox:
        d_out = _left(d) if sense > 0 else _right(d)
        return _line_box(t, value, p, d, d_out, done, sense, own)

    if xlim == OUTWARD:  # away from the lead first: arms fan out and leave room for each other
        yield from sorted((straight(), turn(-1), turn(+1)), key=lambda b: -_norm(b.halves[1][0]))
        return
    far = _add(p, d, 2.0)
    beyond = abs(far[0]) > xlim if d[1] == 0 else abs(far[1]) > ylim
    if parent.since_turn == 0 and parent.sense != 0:
        first = turn(parent.sense, done=1)  # finish the U-turn, then run straight
        yield first
        yield straight()
        yield turn(-parent.sense)
        return
    if beyond:
        yield turn(-1)
        yield straight()
        yield turn(+1)
        return
    yield straight()
    yield turn(-1)
    yield turn(+1)


def _set_apart(t: Tile, value: int, own: str | None, p: Vec, d: Vec, out: Layout) -> TileBox:
    """The nearest free place in the direction of travel, joined by a connector."""
    start = _add(p, d, 1.0)
    step = 0.5
    for ring in range(1, 400):
        cands: list[Vec] = []
        for i in range(-ring, ring + 1):
            for j in (-ring, ring):
                cands.append((start[0] + i * step, start[1] + j * step))
                cands.append((start[0] + j * step, start[1] + i * step))
        cands.sort(key=lambda q: ((q[0] - start[0]) ** 2 + (q[1] - start[1]) ** 2, q))
        for q in cands:
            if t.is_double:
                box = _double_box(t, q, d, 0, 0)
            else:
                box = _line_box(t, value, q, d, d, 0, 0, own)
            if _fits(box, box, out):
                conn_end = box.anchors["line-a" if t.is_double else (own or "low")][0]
                return TileBox(
                    box.tile,
                    box.center,
                    box.axis,
                    box.crosswise,
                    box.halves,
                    box.anchors,
                    0,
                    0,
                    (p, conn_end),
                )
    raise RuntimeError("no free place found")  # pragma: no cover - the plane is unbounded
