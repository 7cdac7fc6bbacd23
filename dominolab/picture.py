"""Pictures with plotly: the layout that teaches the count, a hand, the paper tally.

Drawn as the source text's figures are: every tile with its pips, the spinner(s)
outlined in orange, a **filled number** on each counted contribution, a
**ring** on each legal continuation that is not counted, and the
equation as the title.

>>> import dominolab as dl
>>> b = dl.Board("all-fives"); _ = b.play("1|4"); _ = b.play("1|1", "1|4:low")
>>> fig = dl.draw(b)  # the same as dominolab.picture.draw
>>> fig.layout.title.text
'2 + 4 = 6 → 0 points'

This module imports plotly; ``import dominolab`` does not (it loads on first use).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import plotly.graph_objects as go

from . import words
from .board import LEAD, Board, parse_point
from .errors import DominolabError
from .geometry import TileBox, Vec, layout, marker_clear
from .presets import variant
from .rules import LeaderRule, Rules, Tally
from .settlement import tally_strokes
from .tiles import Tile, TileLike
from .tiles import tiles as parse_tiles

__all__ = [
    "THEMES",
    "Display",
    "projector",
    "display_options",
    "FIGURE_CONFIG",
    "draw",
    "draw_hand",
    "draw_tally",
    "draw_cribbage",
    "draw_seats",
    "markers",
    "figure_dict",
    "figure_of",
    "figure_bundle",
    "tally_strokes",
]

#: plotly's options for every figure a learner sees: no mode bar (its camera, zoom, box and
#: lasso buttons pop up over the titles on hover and do nothing useful on a domino layout)
FIGURE_CONFIG: dict[str, Any] = {"displayModeBar": False, "displaylogo": False, "scrollZoom": False}


def figure_bundle(
    make_figure: Callable[[], Any], text: str, include: Any = None, exclude: Any = None
) -> dict[str, Any]:
    """The mime bundle of ``make_figure()`` (a plotly figure) with ``text`` as its text form.

    Outside IPython plotly renders nothing, so its JSON is given; without plotly, text only.
    """
    try:
        fig = make_figure()
    except ImportError:
        return {"text/plain": text}
    bundle: dict[str, Any] = fig._repr_mimebundle_(include, exclude) or {
        "application/vnd.plotly.v1+json": fig.to_plotly_json()
    }
    plot = bundle.get("application/vnd.plotly.v1+json")
    if isinstance(plot, dict):
        plot["config"] = {**plot.get("config", {}), **FIGURE_CONFIG}
    bundle["text/plain"] = text
    return bundle


def figure_of(value: Any, **options: Any) -> go.Figure:
    """The picture of an engine value: a layout, a hand, a game (the layout titled with the
    state of the game and the scores) or a largest-count answer (its layout, titled with the
    answer).  ``value.figure(**options)`` calls this (handed in by ``dominolab/__init__``)."""
    from .game import Game
    from .search import Extreme
    from .settlement import side_name

    if isinstance(value, Board):
        return draw(value, **options)
    if isinstance(value, Game):
        g = value
        sc = words.scores(g.sides, g.scores)
        if g.outcome is not None:
            state = words.picture("won", who=side_name(g.sides, g.outcome.winner))
        else:
            state = words.game_state(len(g.rounds), g.to_move)
        b = g.board
        if b.is_empty:
            count = words.picture("empty layout")
        elif not g.rules.placement_scoring:
            count = ends_text(b)
        else:
            count = f"{b.equation()} → {g.rules.points(b.score())}"
        options.setdefault("title", f"{state} · {count}<br><sup>{sc}</sup>")
        return draw(b, **options)
    if isinstance(value, Extreme):
        options.setdefault("title", f"{value.headline}<br><sup>{value.board.equation()}</sup>")
        return draw(value.board, **options)
    return draw_hand(value, **options)


@dataclass(frozen=True)
class Theme:
    paper: str
    table: str
    tile: str
    edge: str
    pip: str
    text: str
    counted: str
    counted_text: str
    hollow: str
    spinner: str
    last: str
    highlight: str
    connector: str


THEMES: dict[str, Theme] = {
    "light": Theme(
        paper="#ffffff",
        table="#eef3ea",
        tile="#fffdf6",
        edge="#3b3b3b",
        pip="#1d1d1d",
        text="#1d1d1d",
        counted="#1f5fbf",
        counted_text="#ffffff",
        hollow="#1f5fbf",
        spinner="#f28c00",
        last="#d62728",
        highlight="#2ca02c",
        connector="#8a8a8a",
    ),
    "dark": Theme(
        paper="#15202b",
        table="#1e2d3b",
        tile="#f4f1e8",
        edge="#0b0b0b",
        pip="#111111",
        text="#e8e8e8",
        counted="#4aa3ff",
        counted_text="#0b1a2a",
        hollow="#4aa3ff",
        spinner="#ffa31a",
        last="#ff5c5c",
        highlight="#4cd964",
        connector="#9aa7b4",
    ),
}

THEMES["projector"] = Theme(  # for a classroom's back row: black on white, strong colours
    paper="#ffffff",
    table="#f3f6ef",
    tile="#ffffff",
    edge="#000000",
    pip="#000000",
    text="#000000",
    counted="#0a47a8",
    counted_text="#ffffff",
    hollow="#0a47a8",
    spinner="#e06600",
    last="#c00000",
    highlight="#008a1f",
    connector="#4a4a4a",
)


@dataclass(frozen=True)
class Display:
    """What pictures and widgets use when an option is not given (see :func:`projector`).

    ``zoom`` multiplies every tile size, ``font`` is the size of the keys' and tables'
    words in pixels, ``one_board`` shows one large board at a time where a widget would
    put several side by side, and ``landscape`` turns a layout taller than wide a quarter,
    for a wide space (a projector's screen, a rules card's column).
    """

    theme: str = "light"
    zoom: float = 1.0
    legend: bool = False
    font: float = 13.0
    max_width: int = 1000
    one_board: bool = False
    max_height: int | None = None
    landscape: bool = False

    @property
    def on(self) -> bool:
        """True in projector mode."""
        return self.one_board

    def __str__(self) -> str:
        if not self.one_board:
            return words.picture("projector off")
        return words.picture("projector on", zoom=f"{self.zoom:g}", font=f"{self.font:g}")

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(str(self))

    def _repr_html_(self) -> str:
        """The sentence in the notebook's own letters, at the words' size (a classroom page
        showed it in small monospace)."""
        return f"<p style='font-size:{self.font:g}px'>{html.escape(str(self))}</p>"


LAPTOP = Display()
PROJECTOR = Display(
    theme="projector",
    zoom=1.6,
    legend=True,
    font=22.0,
    max_width=1800,
    one_board=True,
    max_height=720,
    landscape=True,
)
_display: list[Display] = [LAPTOP]


def display_options() -> Display:
    """The defaults in force: :data:`LAPTOP` or :data:`PROJECTOR`."""
    return _display[0]


def projector(on: bool = True) -> Display:
    """Projector mode for a classroom: large tiles and words, high contrast, every board
    with its legend, one board at a time at full width.  Pictures and widgets made after
    the call use it; ``projector(False)`` goes back.

    >>> import dominolab as dl
    >>> print(dl.projector())
    Projector mode on: tiles ×1.6, 22px words, legends, one board at a time.
    >>> dl.draw(dl.Board("all-fives")).layout.paper_bgcolor, dl.projector(False).on
    ('#ffffff', False)
    """
    if not isinstance(on, bool):
        raise DominolabError(words.picture("projector arg", value=repr(on)))
    _display[0] = PROJECTOR if on else LAPTOP
    return _display[0]


# pip positions in a unit half square, in (across, along) units of 0.25, centred
_PIPS: dict[int, list[tuple[float, float]]] = {
    0: [],
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (-1, 1), (1, -1), (1, 1)],
    5: [(-1, -1), (-1, 1), (0, 0), (1, -1), (1, 1)],
    6: [(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)],
}


def _theme(name: str) -> Theme:
    try:
        return THEMES[name]
    except (KeyError, TypeError):
        raise DominolabError(words.picture("theme", name=repr(name), known=", ".join(THEMES))) from None


def _check_scale(scale: Any) -> None:
    if isinstance(scale, bool) or not isinstance(scale, int | float) or not scale > 0:
        raise DominolabError(words.picture("scale", value=repr(scale)))


def _rounded_rect(x0: float, y0: float, x1: float, y1: float, r: float = 0.14) -> str:
    return (
        f"M {x0 + r},{y0} L {x1 - r},{y0} Q {x1},{y0} {x1},{y0 + r} L {x1},{y1 - r} "
        f"Q {x1},{y1} {x1 - r},{y1} L {x0 + r},{y1} Q {x0},{y1} {x0},{y1 - r} "
        f"L {x0},{y0 + r} Q {x0},{y0} {x0 + r},{y0} Z"
    )


def _joined(
    paths: Sequence[str], line: dict[str, Any], layer: str = "below", fill: str | None = None
) -> dict[str, Any]:
    """Parts drawn alike as one path shape, a part a subpath (plotly.js draws every shape
    again at each redraw: fewer shapes, less to draw)."""
    shape: dict[str, Any] = {"type": "path", "path": " ".join(paths), "line": line, "layer": layer}
    if fill is not None:
        shape["fillcolor"] = fill
    return shape


def _tile_parts(box: TileBox) -> tuple[str, str]:
    """A tile's body (a rounded rectangle) and its divider, as paths: :func:`_joined` draws
    each kind of part of every tile as one shape."""
    x0, y0, x1, y1 = box.rect
    inset = 0.04
    body = _rounded_rect(x0 + inset, y0 + inset, x1 - inset, y1 - inset)
    (c0, _), (c1, _) = box.halves
    mx, my = (c0[0] + c1[0]) / 2, (c0[1] + c1[1]) / 2
    dx, dy = c1[0] - c0[0], c1[1] - c0[1]  # the divider runs across the line joining the halves
    px, py = -dy * 0.36, dx * 0.36
    return body, f"M {mx - px},{my - py} L {mx + px},{my + py}"


def _dots(points: Sequence[Vec], radius: float) -> str:
    """Round dots of ``radius`` at ``points``, as one path: a dot a subpath of two cubic
    curves, a half each (plotly.js's shape paths have no arcs; a half circle drawn as one curve
    is out by under 2% of the radius, a twentieth of a pixel on a pip).

    >>> _dots([(0.0, 0.0)], 1.0)
    'M -1,0 C -1,-1.333 1,-1.333 1,0 C 1,1.333 -1,1.333 -1,0 Z'
    """
    r, h = radius, 4 / 3 * radius  # h: the control points' height that makes a half circle

    def n(v: float) -> str:  # three decimals, no trailing zeros: the path is sent at each change
        return f"{v:.3f}".rstrip("0").rstrip(".") if v else "0"

    return " ".join(
        f"M {n(x - r)},{n(y)} C {n(x - r)},{n(y - h)} {n(x + r)},{n(y - h)} {n(x + r)},{n(y)}"
        f" C {n(x + r)},{n(y + h)} {n(x - r)},{n(y + h)} {n(x - r)},{n(y)} Z"
        for x, y in points
    )


def _pip_points(box: TileBox) -> list[Vec]:
    pts: list[Vec] = []
    (c0, v0), (c1, v1) = box.halves
    ax = (c1[0] - c0[0], c1[1] - c0[1])
    cross = (-ax[1], ax[0])
    for (cx, cy), v in ((c0, v0), (c1, v1)):
        for a, b in _PIPS[v]:
            pts.append((cx + 0.25 * (a * cross[0] + b * ax[0]), cy + 0.25 * (a * cross[1] + b * ax[1])))
    return pts


@dataclass(frozen=True)
class Marker:
    """A marker on the picture: a counted contribution (``filled``) or an open point."""

    x: float
    y: float
    tile: Tile
    slot: str | None
    value: int
    filled: bool
    open: bool  #: a tile may be placed here
    point: int | None = None  #: the pips a tile must show to be placed here


def markers(board: Board, boxes: dict[Tile, TileBox] | None = None) -> list[Marker]:
    """Every marker of the picture, straight from the engine's contributions and open points.

    One filled marker per contribution (at its free end; a terminal double's at
    its first free line slot) and one hollow marker per open point not carrying one.
    """
    by_tile = boxes if boxes is not None else layout(board).by_tile
    rects = [b.rect for b in by_tile.values()]
    taken: list[tuple[float, float]] = []

    def spot(box: TileBox, slot: str) -> tuple[float, float]:
        # just outside the end, unless a tile or another marker is there: then beside it
        spots = box.marker_spots(slot)
        best = next((q for q in spots if marker_clear(q, rects, taken)), spots[0])
        taken.append(best)
        return best

    opens = board.open_points()
    open_value = {(p.tile, p.slot): p.value for p in opens}
    out: list[Marker] = []
    carried: set[tuple[Tile, str]] = set()
    for t, slot, value in board.counted_ends():
        box = by_tile[t]
        if slot is None:  # a terminal double: shown once, at its first free line slot
            free = [p.slot for p in opens if p.tile == t and p.slot in ("line-a", "line-b")]
            s = free[0] if free else "line-b"
        else:
            s = slot
        x, y = spot(box, s)
        carried.add((t, s))
        pv = open_value.get((t, s))
        out.append(Marker(x, y, t, s, value, True, pv is not None, pv))
    for p in opens:
        if (p.tile, p.slot) in carried:
            continue
        x, y = spot(by_tile[p.tile], p.slot)
        out.append(Marker(x, y, p.tile, p.slot, p.value, False, True, p.value))
    return out


def ends_text(board: Board) -> str:
    """The open points' values in words (:meth:`Board.ends_text`)."""
    return board.ends_text()


def _title(board: Board, show_counts: bool) -> str:
    if board.is_empty:  # what the game allows: any tile, or the highest double held
        doubles = board.rules.leader is LeaderRule.HIGHEST_DOUBLE
        return words.picture("double leads" if doubles else "any lead")
    if not board.rules.placement_scoring:  # two short lines
        return ends_text(board) + "<br>" + words.picture("scores nothing", game=board.rules.name)
    if not show_counts:
        return words.picture("what count")
    pts = board.rules.points(board.score())
    return f"{board.equation()} → {words.points(pts, board.rules.unit)}"


def legend_lines(board: Board, th: Theme | None = None, show_counts: bool = True) -> list[str]:
    """The key of a board picture, one line a symbol (plotly's HTML subset, in the theme's
    colours); the counted number only where ends are counted and shown."""
    th = th or _theme("light")
    lines = []
    if not show_counts and board.rules.placement_scoring:  # a quiz: one marker for every point
        lines.append(_key(th.connector, "●", "key quiz"))
    else:
        if board.rules.placement_scoring:
            lines.append(_key(th.counted, "●", "key number"))
        lines.append(_key(th.hollow, "○", "key ring"))
    if board.rules.spinners.value != "none":
        lines.append(_key(th.spinner, "▢", "key spinner"))
    lines.append(_key(th.last, "▢", "key last"))
    lines.append(_key(th.highlight, "◉", "key green"))
    return lines


def _key(colour: str, mark: str, key: str) -> str:
    """One line of a picture's key: the mark in its colour, then what it means."""
    return f"<span style='color:{colour}'>{mark}</span> " + words.picture(key)


def _widened(lo: float, hi: float, have: float, want: float, scale: float) -> tuple[float, float]:
    """The range ``lo``..``hi`` drawn ``have`` pixels long, widened evenly on both sides to
    fill ``want`` pixels at the same ``scale`` (so the picture's box and ranges agree)."""
    spare = (want - have) / scale / 2
    return lo - spare, hi + spare


def figure_dict(
    board: Board,
    *,
    highlight: TileLike | None = None,
    last: bool = True,
    show_counts: bool = True,
    theme: str | None = None,
    scale: float = 42.0,
    max_width: int | None = None,
    title: str | None = None,
    legend: bool | None = None,
    refused: tuple[TileLike, Any, str] | None = None,
    display: Display | None = None,
    min_size: tuple[int, int] = (0, 0),
) -> dict[str, Any]:
    """The picture as a plain plotly figure dict (fast; :func:`draw` wraps it).

    ``legend=True`` adds a key under the board: what a filled number, a hollow ring, the
    orange and red outlines and the green ring mean.  ``refused=(tile, point, reason)``
    marks with a red cross the point where a placement was refused.  ``theme``, ``legend``
    and ``max_width`` default to ``display`` (else :func:`display_options`: projector mode),
    which also zooms ``scale``.  ``min_size=(width, height)``: the picture is at least that
    large (in pixels, within ``max_width``), the board centred at its own scale."""
    shown = display or display_options()
    theme = shown.theme if theme is None else theme
    legend = shown.legend if legend is None else legend
    max_width = shown.max_width if max_width is None else max_width
    th = _theme(theme)
    _check_scale(scale)
    if not (
        isinstance(min_size, tuple)
        and len(min_size) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in min_size)
    ):
        raise DominolabError(words.picture("min size", value=repr(min_size)))
    scale = scale * shown.zoom
    geo = layout(board)
    x0, y0, x1, y1 = geo.bounds
    if shown.landscape and y1 - y0 > 1.25 * (x1 - x0):  # a tall layout turned for a wide space
        geo = geo.turned()
        x0, y0, x1, y1 = geo.bounds
    pad = 1.2
    x0, y0, x1, y1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
    key = legend_lines(board, th, show_counts) if legend else []
    if key and refused is not None:
        key.append(_key(th.last, "✕", "key cross"))
    font = shown.font
    key_w = 40 + int(0.57 * font * max(len(re.sub(r"<[^>]+>", "", line)) for line in key)) if key else 0
    beside = bool(key) and shown.one_board  # a projector's wide screen: the key beside the board
    s = min(scale, (max_width - 40 - (key_w if beside else 0)) / (x1 - x0))
    if shown.max_height is not None:  # the whole board on the screen, without scrolling
        s = min(s, (shown.max_height - 90) / (y1 - y0))
    width = int((x1 - x0) * s) + 40 + (key_w if beside else 0)
    height = int((y1 - y0) * s) + 90
    # as wide as the title, within max_width: a narrow layout's long title ("0 + 4 + 6 = 10 →
    # 2 shown points") was cut at both ends; the x range widens with the figure, at the same
    # scale, so the picture's box and its ranges still agree
    head = title if title is not None else _title(board, show_counts)
    head_font = max(14.0, 0.42 * s, 1.2 * font)
    lines = re.sub(r"<[^>]+>", "\n", head).splitlines() or [""]
    head_w = min(int(0.56 * head_font * max(len(x) for x in lines)) + 41, max_width)
    plot_w = width - (key_w if beside else 0)
    if head_w > plot_w:
        x0, x1 = _widened(x0, x1, plot_w, head_w, s)
        width += head_w - plot_w
        plot_w = head_w
    # at least min_size: a widget's board keeps its room from the first tile on (an empty
    # board was a postage stamp that jumped as tiles came), its ranges widened at its scale
    min_w, min_h = min(min_size[0], max_width), min_size[1]
    if shown.max_height is not None:
        min_h = min(min_h, shown.max_height)
    if min_w > plot_w:
        x0, x1 = _widened(x0, x1, plot_w, min_w, s)
        width += min_w - plot_w
    if min_h > height:
        y0, y1 = _widened(y0, y1, height, min_h, s)
        height = min_h
    spinners = set(board.spinners)
    peek = board.peek()
    last_tile = peek.tile if (last and peek is not None) else None
    shapes: list[dict[str, Any]] = []
    pip_x: list[float] = []
    pip_y: list[float] = []
    hover_x, hover_y, hover_text, hover_tile = [], [], [], []
    contrib: dict[Tile, list[str]] = {}
    for t, slot, v in board.counted_ends():
        contrib.setdefault(t, []).append(
            words.picture("both halves" if slot is None else "slot end", v=v, slot=slot)
        )
    open_by_tile: dict[Tile, list[str]] = {}
    for p in board.open_points():
        open_by_tile.setdefault(p.tile, []).append(f"{p.slot} ({p.value})")
    # Each kind of part is one path, a tile a subpath: the connectors, the bodies of each
    # outline (plain, spinner, last), the dividers, the inner outline of a spinner placed last.
    # The same picture in at most six shapes: plotly.js parses and draws each shape again at
    # every redraw (18 shapes were half of a 9-tile board's redraw in a bare page: 12.6 ms,
    # 9.3 merged)
    connectors: list[str] = []
    bodies: dict[tuple[str, float], list[str]] = {}
    dividers: list[str] = []
    inner: list[str] = []
    for box in geo.boxes:
        t = box.tile
        if box.connector is not None:
            (a, b) = box.connector
            connectors.append(f"M {a[0]},{a[1]} L {b[0]},{b[1]}")
        outline, w = th.edge, 1.4
        if t in spinners:
            outline, w = th.spinner, 4.0
        if t == last_tile and t not in spinners:
            outline, w = th.last, 3.0
        body, divider = _tile_parts(box)
        bodies.setdefault((outline, w), []).append(body)
        dividers.append(divider)
        if t == last_tile and t in spinners:  # both: the orange outline, the red one just inside
            x0_, y0_, x1_, y1_ = box.rect
            i = 0.16
            inner.append(_rounded_rect(x0_ + i, y0_ + i, x1_ - i, y1_ - i, 0.1))
        for px, py in _pip_points(box):
            pip_x.append(px)
            pip_y.append(py)
        hover_x.append(box.center[0])
        hover_y.append(box.center[1])
        lines = [f"<b>{t.bracketed}</b>" + (" — " + words.picture("spinner") if t in spinners else "")]
        if t in contrib:
            lines.append(words.picture("adds", parts=" + ".join(contrib[t])))
        else:
            lines.append(words.picture("adds nothing"))
        lines.append(
            words.picture(
                "open", points=", ".join(open_by_tile[t]) if t in open_by_tile else words.picture("none")
            )
        )
        if t == last_tile:
            lines.append(words.picture("placed last"))
        hover_text.append("<br>".join(lines))
        hover_tile.append(str(t))
    if connectors:
        shapes.append(_joined(connectors, {"color": th.connector, "width": 2, "dash": "dot"}))
    for (outline, w), paths in bodies.items():
        shapes.append(_joined(paths, {"color": outline, "width": w}, fill=th.tile))
    if dividers:
        shapes.append(_joined(dividers, {"color": th.edge, "width": 1.2}))
    if inner:
        shapes.append(_joined(inner, {"color": th.last, "width": 2.5}, "above"))
    data: list[dict[str, Any]] = [
        {
            "type": "scatter",
            "x": pip_x,
            "y": pip_y,
            "mode": "markers",
            "name": "pips",
            "marker": {"size": max(2.0, 0.17 * s), "color": th.pip},
            "hoverinfo": "skip",
            "showlegend": False,
        },
        {
            "type": "scatter",
            "x": hover_x,
            "y": hover_y,
            "mode": "markers",
            "name": "tiles",
            "marker": {"size": 0.9 * s, "color": "rgba(0,0,0,0)", "symbol": "square"},
            "text": hover_text,
            "hovertemplate": "%{text}<extra></extra>",
            "customdata": hover_tile,
            "showlegend": False,
        },
    ]
    ms = markers(board, geo.by_tile)
    if board.is_empty:  # the lead: a hollow point at the centre of the table
        ms.append(Marker(0.0, 0.0, Tile("0|0"), LEAD, 0, False, True, None))
    targets = set()
    if highlight is not None:
        targets = {(p.tile, p.slot) for p in board.placements_for(Tile(highlight))}
        if board.is_empty:
            targets = {(Tile("0|0"), LEAD)}
    counts = show_counts and board.rules.placement_scoring  # a line game counts no end
    # a quiz gives nothing away: every end and open point gets the same "?" marker (a hollow
    # ring would say "this counts nothing")
    quiz = not show_counts and board.rules.placement_scoring

    def marked(m: Marker) -> bool:  # drawn as a filled marker (a number, or a quiz's "?")
        return (m.filled and counts) or (quiz and m.slot != LEAD)

    filled = [m for m in ms if marked(m)]
    hollow = [m for m in ms if not marked(m)]
    # a marker's number is never smaller than the words around it (a projector's back row)
    number = max(9.0, 0.3 * s, 0.8 * font if shown.one_board else 0.0)
    size = max(10.0, 0.5 * s, 1.7 * number if shown.one_board else 0.0)

    def ring(m: Marker) -> str:
        return th.highlight if (m.tile, m.slot) in targets else th.hollow

    # a terminal double's number says what it adds (8), not the pips a tile must match (4):
    # its green ring goes on the double's free side instead, with the 4 in it
    # (the 8 steps aside, out of the ring's way)
    on_double = [m for m in filled if (m.tile, m.slot) in targets and m.tile.is_double and m.filled]
    targets -= {(m.tile, m.slot) for m in on_double}
    ring_at: list[Vec] = []
    for m in on_double:
        at, d = geo.by_tile[m.tile].anchors[m.slot or ""]
        ring_at.append((at[0] + 0.5 * d[0], at[1] + 0.5 * d[1]))
        aside = (at[0] + 0.5 * d[0] - 0.75 * d[1], at[1] + 0.5 * d[1] + 0.75 * d[0])
        filled[filled.index(m)] = replace(m, x=aside[0], y=aside[1])

    data.append(
        {
            "type": "scatter",
            "name": "counted",
            "mode": "markers+text",
            "x": [m.x for m in filled],
            "y": [m.y for m in filled],
            "text": [str(m.value) if counts else "?" for m in filled],
            "textfont": {"color": th.counted_text, "size": number},
            "marker": {
                "size": [size * (1.35 if (m.tile, m.slot) in targets else 1) for m in filled],
                "color": th.counted if counts else th.connector,
                "line": {  # a playable counted end gets a thick green ring (a thin one was missed)
                    "color": [
                        ring(m) if (m.tile, m.slot) in targets else (th.counted if counts else th.connector)
                        for m in filled
                    ],
                    "width": [6 if (m.tile, m.slot) in targets else 3 for m in filled],
                },
            },
            "customdata": [f"{m.tile}:{m.slot}" if m.open else "" for m in filled],
            "hovertemplate": [
                (
                    words.picture("adds to count", tile=m.tile.bracketed, value=m.value)
                    if counts
                    else words.picture("what adds", tile=m.tile.bracketed)
                )
                + ("<br>" + words.picture("takes", at=f"{m.tile}:{m.slot}", point=m.point) if m.open else "")
                + "<extra></extra>"
                for m in filled
            ],
            "showlegend": False,
        }
    )
    data.append(
        {
            "type": "scatter",
            "name": "open",
            "mode": "markers",
            "x": [m.x for m in hollow],
            "y": [m.y for m in hollow],
            "marker": {
                "size": [size * (1.35 if (m.tile, m.slot) in targets else 0.8) for m in hollow],
                "color": [th.highlight if (m.tile, m.slot) in targets else th.table for m in hollow],
                "line": {
                    "color": [ring(m) for m in hollow],
                    "width": [4 if (m.tile, m.slot) in targets else 2.5 for m in hollow],
                },
                "symbol": "circle",
            },
            "customdata": [LEAD if m.slot == LEAD else f"{m.tile}:{m.slot}" for m in hollow],
            "hovertemplate": [
                (
                    words.picture("the lead")
                    if m.slot == LEAD
                    else words.picture("may go here", at=f"{m.tile}:{m.slot}", point=m.point)
                    + ("" if m.filled else " " + words.picture("counts nothing now"))
                )
                + "<extra></extra>"
                for m in hollow
            ],
            "showlegend": False,
        }
    )
    # always there, perhaps empty: a widget updates its traces one for one
    data.append(
        {
            "type": "scatter",
            "name": "target",
            "mode": "markers+text",
            "x": [q[0] for q in ring_at],
            "y": [q[1] for q in ring_at],
            "text": [str(m.point) for m in on_double],
            "textfont": {"color": th.text, "size": number},
            "marker": {
                "size": size * 1.2,
                "color": th.tile,
                "line": {"color": th.highlight, "width": 5},
                "symbol": "circle",
            },
            "customdata": [f"{m.tile}:{m.slot}" for m in on_double],
            "hovertemplate": [
                words.picture("may go here", at=f"{m.tile}:{m.slot}", point=m.point) + "<extra></extra>"
                for m in on_double
            ],
            "showlegend": False,
        }
    )
    # always there, perhaps empty: where a placement was refused (the variant comparison)
    cross: list[tuple[Vec, str]] = []
    if refused is not None:
        cross.append((_refused_spot(refused, geo.by_tile), str(refused[2])))
    data.append(
        {
            "type": "scatter",
            "name": "refused",
            "mode": "markers+text",
            "x": [q[0][0] for q in cross],
            "y": [q[0][1] for q in cross],
            "text": [words.picture("refused") for _ in cross],
            "textposition": "bottom center",
            "textfont": {"color": th.last, "size": 1.1 * number},
            "marker": {
                "size": size * 1.3,
                "color": th.last,
                "symbol": "x-thin",
                "line": {"width": 5, "color": th.last},
            },
            "hovertemplate": [words.picture("refused why", why=why) + "<extra></extra>" for _, why in cross],
            "showlegend": False,
        }
    )
    extra = (int(1.4 * font) * len(key) + 12) if key and not beside else 0
    if key and not beside and key_w > width:  # the key under the board: as wide as its lines
        x0, x1 = _widened(x0, x1, width, key_w, s)
        width = key_w
    fig_layout = {
        "title": {
            "text": head,
            "x": 0.5,
            "font": {"size": head_font, "color": th.text},
        },
        "width": width,
        "height": height + extra,
        "margin": {"l": 20, "r": 20 + (key_w if beside else 0), "t": 60, "b": 30 + extra},
        "annotations": [
            {
                "text": "<br>".join(key),
                "xref": "paper",
                "yref": "paper",
                "x": 1.0 if beside else 0.0,
                "y": 1.0 if beside else 0.0,
                "xshift": 16 if beside else 0,
                "yshift": 0 if beside else -8,
                "xanchor": "left",
                "yanchor": "top",
                "align": "left",
                "showarrow": False,
                "font": {"size": font, "color": th.text},
            }
        ]
        if key
        else [],
        "paper_bgcolor": th.paper,
        "plot_bgcolor": th.table,
        "xaxis": {"range": [x0, x1], "visible": False, "fixedrange": True},
        "yaxis": {
            "range": [y0, y1],
            "visible": False,
            "scaleanchor": "x",
            "scaleratio": 1,
            "fixedrange": True,
        },
        "shapes": shapes,
        "showlegend": False,
        "hovermode": "closest",
        "dragmode": False,
        "template": "none",
    }
    return {"data": data, "layout": fig_layout}


def _refused_spot(refused: tuple[TileLike, Any, str], boxes: dict[Tile, TileBox]) -> Vec:
    """Where a refused placement was asked: just outside the point, else on its tile."""
    point = parse_point(refused[1])
    if point is None:
        return (0.0, 0.0)
    box = boxes.get(Tile(point[0]))
    if box is None:
        return (0.0, 0.0)
    if point[1] in box.anchors:
        p, d = box.anchors[point[1]]
        return (p[0] + 0.6 * d[0], p[1] + 0.6 * d[1])
    return box.center


def draw(board: Board, **options: Any) -> go.Figure:
    """The layout as a :class:`plotly.graph_objects.Figure`.

    Options: ``highlight`` (a tile: its legal points are ringed in green),
    ``last`` (outline the last placement, default on), ``show_counts``
    (False hides the numbers and the equation, for a quiz), ``theme``
    (``"light"``/``"dark"``), ``scale`` (pixels per half tile: larger for a projector),
    ``title`` (replaces the equation), ``legend`` (a key of the symbols under the board).
    """
    return go.Figure(figure_dict(board, **options), skip_invalid=False)


def draw_hand(hand: Sequence[TileLike], **options: Any) -> go.Figure:
    """A hand as a row of upright tiles; ``playable`` tiles get a green edge, the
    ``selected`` one a thick blue edge.  Each tile's ``customdata`` is its name.

    Options: ``selected``, ``playable``, ``theme``, ``scale``, ``title``.
    """
    return go.Figure(hand_dict(hand, **options))


def hand_dict(
    hand: Sequence[TileLike],
    *,
    selected: TileLike | None = None,
    playable: Sequence[TileLike] | None = None,
    theme: str | None = None,
    scale: float = 36.0,
    title: str | None = None,
    per_row: int = 14,
    display: Display | None = None,
) -> dict[str, Any]:
    """The hand picture as a plain plotly figure dict (rows of at most ``per_row`` tiles;
    ``theme`` and the zoom of ``scale`` as ``display`` or :func:`display_options` says)."""
    shown = display or display_options()
    th = _theme(shown.theme if theme is None else theme)
    _check_scale(scale)
    scale = scale * shown.zoom
    tiles = parse_tiles(hand)
    sel = Tile(selected) if selected is not None else None
    ok = {Tile(t) for t in playable} if playable is not None else None
    pips: list[Vec] = []
    cx_list: list[float] = []
    cy_list: list[float] = []
    # The tiles' bodies, their dividers and their pips are one path each (a tile, a pip a
    # subpath): the same picture in three shapes, fewer parts to send and draw (the pips as a
    # trace of markers took a quarter of a placement's redraw: each marker styled on its own,
    # 11.4-11.8 ms against 8.1-8.2 in a bare page, benchmarks/bench_hand_redraw.py).  Each tile
    # has an edge of its own over it, shown or hidden: the selected one, the playable ones.
    # Selecting a tile changes only which edges show and their colour, which plotly.js
    # draws as those shapes alone (a changed path would be a whole new plot); the tiles,
    # their pips and every trace stay as they were
    bodies: list[str] = []
    dividers: list[str] = []
    edges: list[dict[str, Any]] = []
    for i, t in enumerate(tiles):
        cx, cy = (i % per_row) * 1.4, -(i // per_row) * 2.5
        cx_list.append(cx)
        cy_list.append(cy)
        halves = (((cx, cy + 0.5), t.low), ((cx, cy - 0.5), t.high))
        box = TileBox(t, (cx, cy), (0.0, -1.0), False, halves, {})
        body, divider = _tile_parts(box)
        bodies.append(body)
        dividers.append(divider)
        pips.extend(_pip_points(box))
        kind = "selected" if t == sel else "playable" if ok is not None and t in ok else "edge"
        x0, y0, x1, y1 = box.rect
        edges.append(
            {
                "type": "rect",
                "name": kind,
                "x0": x0 + 0.04,
                "y0": y0 + 0.04,
                "x1": x1 - 0.04,
                "y1": y1 - 0.04,
                "line": {
                    "color": th.counted if kind == "selected" else th.highlight,
                    "width": 4.5 if kind == "selected" else 3.0,
                },
                "layer": "above",
                "visible": kind != "edge",
            }
        )
    shapes: list[dict[str, Any]] = []
    if tiles:
        shapes.append(_joined(bodies, {"color": th.edge, "width": 1.4}, fill=th.tile))
        shapes.append(_joined(dividers, {"color": th.edge, "width": 1.2}))
    if pips:  # (a hand of blanks has none)
        # (a pip as wide as 0.17 of a tile, as its marker was)
        shapes.append(_joined([_dots(pips, 0.085)], {"width": 0}, fill=th.pip))
    shapes.extend(edges)
    cols = max(min(len(tiles), per_row), 1)
    rows = max((len(tiles) + per_row - 1) // per_row, 1)
    x0, x1 = -1.0, (cols - 1) * 1.4 + 1.0
    y0, y1 = -(rows - 1) * 2.5 - 1.3, 1.3
    head = title or words.picture("hand", tiles=words.tiles(len(tiles)))
    # at least as wide as its title (a hidden or nearly empty hand has a long one); the x range
    # then fills the width at the tiles' own scale, so the picture's box and its ranges agree
    # and plotly.js has nothing to fit (redrawn in place, it used to fit the y range to a
    # shrinking hand's x range, and cropped the tiles)
    width = max(
        int((x1 - x0) * scale) + 40,
        60 + int((9 if not shown.one_board else 0.62 * shown.font) * len(title or "")),
    )
    spare = (width - 40) / scale - (x1 - x0)
    x0, x1 = x0 - spare / 2, x1 + spare / 2
    # the y range as tall as the plot's whole pixels at that scale: plotly.js, keeping the
    # axes' one scale, would otherwise widen the x range by a fraction of a pixel at every
    # draw, which makes a redraw in the page a whole new plot
    height = int((y1 - y0) * scale) + 60
    spare = (height - 60) / scale - (y1 - y0)
    y0, y1 = y0 - spare / 2, y1 + spare / 2
    return {
        "data": [
            {
                "type": "scatter",
                "name": "tiles",
                "x": cx_list,
                "y": cy_list,
                "mode": "markers",
                "marker": {"size": scale * 0.95, "symbol": "square", "color": "rgba(0,0,0,0)"},
                "customdata": [str(t) for t in tiles],
                "text": [t.bracketed for t in tiles],
                "hovertemplate": "%{text}<extra></extra>",
                "showlegend": False,
            },
        ],
        "layout": {
            "title": {
                "text": head,
                "x": 0.5,
                "font": {"color": th.text, **({"size": shown.font} if shown.one_board else {})},
            },
            "width": width,
            "height": height,
            "margin": {"l": 20, "r": 20, "t": 50, "b": 10},
            "paper_bgcolor": th.paper,
            "plot_bgcolor": th.paper,
            "xaxis": {"range": [x0, x1], "visible": False, "fixedrange": True},
            "yaxis": {"range": [y0, y1], "visible": False, "scaleanchor": "x", "fixedrange": True},
            "shapes": shapes,
            "showlegend": False,
            "dragmode": False,
            "template": "none",
        },
    }


def draw_tally(
    points: float, unit: str | Rules = "raw", *, theme: str = "light", label: str | None = None
) -> go.Figure:
    """The paper tally of both Pagat sources: one stroke per 5 raw points (one
    shown point in five-up); ten strokes make one 50-raw (10-shown) symbol, a
    large X with a small x in each of its four spaces, drawn in that order.

    ``unit`` is ``"raw"``, ``"shown"``, or a game (its rules or its name): the game's own
    way of keeping score, a cribbage board in fives-and-threes (:func:`draw_cribbage`).

    >>> draw_tally(45, "fives-and-threes").layout.title.text.startswith("45 points")
    True
    """
    if unit not in ("raw", "shown"):
        rules = variant(unit)
        if rules.tally is Tally.CRIBBAGE:
            return draw_cribbage(points, rules.target(rules.min_players), theme=theme, label=label)
        unit = "shown" if rules.unit == "shown" else "raw"
    th = _theme(theme)
    symbols, strokes, left = tally_strokes(points, unit)
    shapes: list[dict[str, Any]] = []

    def seg(xa: float, ya: float, xb: float, yb: float, w: float) -> None:
        shapes.append(
            {"type": "line", "x0": xa, "y0": ya, "x1": xb, "y1": yb, "line": {"color": th.text, "width": w}}
        )

    def symbol(cx: float, n: int) -> None:
        # strokes 1-2: the large X; then two per small x, in the top, right, bottom, left spaces
        strokes: list[tuple[float, float, float, float, float]] = [
            (cx - 1, -1, cx + 1, 1, 3),
            (cx - 1, 1, cx + 1, -1, 3),
        ]
        for sx, sy in ((0.0, 0.62), (0.62, 0.0), (0.0, -0.62), (-0.62, 0.0)):
            strokes.append((cx + sx - 0.18, sy - 0.18, cx + sx + 0.18, sy + 0.18, 2))
            strokes.append((cx + sx - 0.18, sy + 0.18, cx + sx + 0.18, sy - 0.18, 2))
        for stroke in strokes[:n]:
            seg(*stroke)

    for i in range(symbols):
        symbol(i * 2.6, 10)
    if strokes:
        symbol(symbols * 2.6, strokes)
    n = symbols + (1 if strokes else 0)
    text = label or words.picture("raw points" if unit == "raw" else "shown points", n=f"{points:g}")
    note = words.picture("stroke raw" if unit == "raw" else "stroke shown")
    if left:
        note += "; " + words.picture("left over", n=f"{left:g}")
    if points < 0:
        note = words.picture("negative", note=note)
    return go.Figure(
        {
            "data": [{"type": "scatter", "x": [], "y": [], "showlegend": False}],
            "layout": {
                "title": {"text": f"{text}<br><sup>{note}</sup>", "x": 0.5, "font": {"color": th.text}},
                "width": max(260, int(n * 2.6 * 40) + 80, 40 + int(5.8 * len(note))),  # the note whole
                "height": 200,
                "margin": {"l": 20, "r": 20, "t": 70, "b": 10},
                "paper_bgcolor": th.paper,
                "plot_bgcolor": th.paper,
                "xaxis": {"range": [-1.4, max(n, 1) * 2.6 - 1.2], "visible": False, "fixedrange": True},
                "yaxis": {"range": [-1.3, 1.3], "visible": False, "scaleanchor": "x", "fixedrange": True},
                "shapes": shapes,
                "template": "none",
            },
        }
    )


def draw_cribbage(
    points: float, target: int = 61, *, theme: str = "light", label: str | None = None
) -> go.Figure:
    """A cribbage board, as pub players keep a fives-and-threes score: a peg moves one hole per
    point along the first street (holes 1–30, left to right, in fives), back along the second
    (31–60) and into the game hole (61).

    >>> f = draw_cribbage(45)
    >>> [t.name for t in f.data]
    ['holes', 'peg']
    """
    if isinstance(points, bool) or not isinstance(points, int | float) or not 0 <= points <= target:
        raise DominolabError(words.picture("peg range", target=target, value=repr(points)))
    if not isinstance(target, int) or target < 3 or target % 2 == 0:
        raise DominolabError(words.picture("odd target", value=repr(target)))
    th = _theme(theme)
    street = (target - 1) // 2

    def hole(h: int) -> tuple[float, float]:
        """Where hole ``h`` is: 0 the start, 1..street the first street, then the second street,
        then the game hole."""
        if h == 0:
            return -1.6, 1.0
        if h == target:
            return -1.6, 0.0
        k = h - 1 if h <= street else 2 * street - h
        return k + 0.8 * (k // 5), 1.0 if h <= street else 0.0

    xs, ys = zip(*(hole(h) for h in range(target + 1)), strict=True)
    peg = hole(int(points))
    width_x = street + 0.8 * ((street - 1) // 5)
    text = label or words.points(points)
    note = words.picture("holes", street=street, target=target)
    return go.Figure(
        {
            "data": [
                {
                    "type": "scatter",
                    "name": "holes",
                    "x": list(xs),
                    "y": list(ys),
                    "mode": "markers",
                    "marker": {"size": 9, "color": th.paper, "line": {"color": th.text, "width": 1.5}},
                    "hoverinfo": "skip",
                    "showlegend": False,
                },
                {
                    "type": "scatter",
                    "name": "peg",
                    "x": [peg[0]],
                    "y": [peg[1]],
                    "mode": "markers+text",
                    "text": [f"{points:g}"],
                    "textposition": "top center" if peg[1] > 0.5 else "bottom center",
                    "textfont": {"color": th.text, "size": 16},
                    "marker": {"size": 17, "color": th.last, "line": {"color": th.text, "width": 1}},
                    "hoverinfo": "skip",
                    "showlegend": False,
                },
            ],
            "layout": {
                "title": {"text": f"{text}<br><sup>{note}</sup>", "x": 0.5, "font": {"color": th.text}},
                "width": max(520, 40 + int(5.8 * len(note))),
                "height": 210,
                "margin": {"l": 20, "r": 20, "t": 70, "b": 20},
                "paper_bgcolor": th.paper,
                "plot_bgcolor": th.table,
                "xaxis": {"range": [-3.2, width_x + 2.4], "visible": False, "fixedrange": True},
                "yaxis": {"range": [-0.7, 1.7], "visible": False, "fixedrange": True},
                "annotations": [
                    {"x": x, "y": y, "text": t, "showarrow": False, "font": {"color": th.text, "size": 11}}
                    for x, y, t in (
                        (-1.6, 1.45, "start"),
                        (-2.6, 0.0, f"{target}"),
                        (hole(street)[0] + 1.5, 1.0, f"{street} ↓"),
                        (hole(street + 1)[0] + 1.5, 0.0, f"{street + 1}"),
                        (width_x / 2, 1.45, "→"),
                        (width_x / 2, -0.45, "←"),
                    )
                ],
                "template": "none",
            },
        }
    )


def draw_seats(
    players: int = 4, partnerships: bool = True, *, rules: Rules | str = "all-fives", theme: str = "light"
) -> go.Figure:
    """The table seen from above: the seats round it, each side in its own colour (at four in
    partnership, partners sit opposite: seats 0+2 and 1+3), and an arrow for the direction of
    play (seat + 1, clockwise).

    >>> [t.name for t in draw_seats(4).data]
    ['Seats 0+2', 'Seats 1+3']
    """
    from .settlement import side_name

    r = variant(rules)
    sides = r.sides(players, partnerships)
    th = _theme(theme)
    colours = ("#1f5fbf", "#d62728", "#2ca02c", "#9467bd")
    # seat 0 at the bottom (the reader's own place), then clockwise: left, top, right
    places = {
        2: [(0.0, -1.0), (0.0, 1.0)],
        3: [(0.0, -1.0), (-0.95, 0.55), (0.95, 0.55)],
        4: [(0.0, -1.0), (-1.0, 0.0), (0.0, 1.0), (1.0, 0.0)],
    }[players]
    data = []
    for i, side in enumerate(sides):
        data.append(
            {
                "type": "scatter",
                "name": side_name(sides, i),
                "x": [places[s][0] for s in side],
                "y": [places[s][1] for s in side],
                "mode": "markers+text",
                "text": [words.seat(s) for s in side],
                "textposition": "middle center",
                "textfont": {"color": "#ffffff", "size": 14},
                "marker": {"size": 62, "color": colours[i % len(colours)]},
                "hoverinfo": "skip",
            }
        )
    arrows = []
    for s in range(players):
        (x0, y0), (x1, y1) = places[s], places[(s + 1) % players]
        arrows.append(
            {
                "x": 0.62 * x1,
                "y": 0.62 * y1,
                "ax": 0.62 * x0,
                "ay": 0.62 * y0,
                "xref": "x",
                "yref": "y",
                "axref": "x",
                "ayref": "y",
                "showarrow": True,
                "arrowhead": 3,
                "arrowsize": 1.4,
                "arrowcolor": th.text,
                "text": "",
            }
        )
    together = " " + words.picture("partners opposite") if any(len(x) > 1 for x in sides) else ""
    return go.Figure(
        {
            "data": data,
            "layout": {
                "title": {
                    "text": words.picture("seats title", players=players, together=together),
                    "x": 0.5,
                    "font": {"color": th.text},
                },
                "width": 420,
                "height": 440,
                "margin": {"l": 20, "r": 20, "t": 80, "b": 20},
                "paper_bgcolor": th.paper,
                "plot_bgcolor": th.paper,
                "showlegend": True,
                "legend": {"orientation": "h", "y": -0.02, "font": {"color": th.text}},
                "xaxis": {"range": [-1.5, 1.5], "visible": False, "fixedrange": True},
                "yaxis": {"range": [-1.5, 1.5], "visible": False, "fixedrange": True, "scaleanchor": "x"},
                "shapes": [
                    {
                        "type": "rect",
                        "x0": -0.55,
                        "y0": -0.55,
                        "x1": 0.55,
                        "y1": 0.55,
                        "fillcolor": th.table,
                        "line": {"color": th.edge},
                        "layer": "below",
                    }
                ],
                "annotations": arrows,
                "template": "none",
            },
        }
    )
