"""Where each tile of a layout lies on the table: a pure function of the board.

The lead sits at the origin; lines run east and west, a spinner's branches
north and south.  A long line turns corners (clockwise, then back, as people
lay dominoes on a table); when no turn fits, the tile is set at the nearest
free place and joined to its point by a connector.  No two tiles ever overlap.

Units: a tile is 2 x 1 (a half is a unit square); doubles lie crosswise.

>>> import dominolab as dl
>>> b = dl.Board("all-fives"); _ = b.play("1|4"); _ = b.play("4|4", "1|4:high")
>>> g = layout(b)
>>> g.boxes[0].rect, g.boxes[1].rect
((-1.0, -0.5, 1.0, 0.5), (1.0, -1.0, 2.0, 1.0))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .board import Board
from .tiles import Tile

__all__ = ["Vec", "TileBox", "Layout", "layout", "boxes_overlap"]

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
    """Lay out every tile of ``board`` (deterministic; O(n^2) in the tiles, n <= 28)."""
    out = Layout()
    tiles = board.tiles
    if not tiles:
        return out
    lead = tiles[0]
    if lead.is_double:
        box = _double_box(lead, (0.0, 0.0), (1.0, 0.0), 99, 0, lead=True)
    else:
        box = TileBox(
            lead,
            (0.0, 0.0),
            (1.0, 0.0),
            False,
            (((-0.5, 0.0), lead.low), ((0.5, 0.0), lead.high)),
            {"low": ((-1.0, 0.0), (-1.0, 0.0)), "high": ((1.0, 0.0), (1.0, 0.0))},
        )
    out.boxes.append(box)
    out.by_tile[lead] = box
    for t in tiles[1:]:
        point = board.connection(t)
        assert point is not None
        parent = out.by_tile[point.tile]
        p, d = parent.anchors[point.slot]
        box = _place(t, point.value, board.connected_at(t), p, d, parent, out)
        out.boxes.append(box)
        out.by_tile[t] = box
    return out


def _fits(box: TileBox, parent: TileBox, out: Layout) -> bool:
    r = box.rect
    for other in out.boxes:
        m = 0.0 if other is parent else MARGIN
        if boxes_overlap(r, other.rect, m):
            return False
    return True


def _place(t: Tile, value: int, own: str | None, p: Vec, d: Vec, parent: TileBox, out: Layout) -> TileBox:
    since = parent.since_turn + 1
    if t.is_double:
        box = _double_box(t, p, d, since, parent.sense)
        if _fits(box, parent, out):
            return box
        return _set_apart(t, value, own, p, d, out)

    def straight() -> TileBox:
        return _line_box(t, value, p, d, d, since, parent.sense, own)

    def turn(sense: int, done: int = 0) -> TileBox:
        d_out = _left(d) if sense > 0 else _right(d)
        return _line_box(t, value, p, d, d_out, done, sense, own)

    far = _add(p, d, 2.0)
    beyond = abs(far[0]) > XLIM if d[1] == 0 else abs(far[1]) > YLIM
    order: list[TileBox] = []
    if parent.since_turn == 0 and parent.sense != 0:
        order.append(turn(parent.sense, done=1))  # finish the U-turn, then run straight
    elif beyond:
        order.append(turn(-1))
    order += [straight(), turn(-1), turn(+1)]
    for box in order:
        if _fits(box, parent, out):
            return box
    return _set_apart(t, value, own, p, d, out)


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
