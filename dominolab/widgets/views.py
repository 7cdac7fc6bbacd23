"""The board and the hand as figure widgets that redraw in place."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .. import words
from ..board import Board
from ..picture import display_options, ends_text, figure_dict, hand_dict
from ..tiles import TileLike
from .base import _esc
from .figure import _figure_widget


def _trace(fig: Any, name: str) -> Any:
    """The trace of ``fig`` named ``name`` (the pictures name every trace they draw)."""
    return next(t for t in fig.data if t.name == name)


def _clicked(shown: dict[str, Any], points: Any) -> list[Any]:
    """What the points clicked carry (``customdata``: a tile, a point), read from the figure
    dict the page shows — the one clicked."""
    data = shown["data"][points.trace_index].get("customdata") or []
    return [data[i] for i in points.point_inds if i < len(data)]


class BoardView:
    """A plotly ``FigureWidget`` of a board, updated in place; clicks on a point call
    ``on_point("tile:slot")`` (or ``"lead"``) and clicks on a tile ``on_tile("1|4")``."""

    #: a board's room in a widget (pixels): it does not start as a postage stamp and jump as
    #: the first tiles come
    ROOM = (600, 320)

    def __init__(self, board: Board, **options: Any) -> None:
        options.setdefault("display", display_options())  # as it was made, whatever comes later
        options.setdefault("min_size", self.ROOM)
        self.options = options
        self.shown = figure_dict(board, **options)  #: the figure dict the widget shows now
        self.fig = _figure_widget(self.shown)
        self.on_point: Callable[[str], object] | None = None
        self.on_tile: Callable[[str], object] | None = None
        for name in ("counted", "open", "target"):  # the traces of points, by their names
            _trace(self.fig, name).on_click(self._click_point)
        _trace(self.fig, "tiles").on_click(self._click_tile)

    def update(self, board: Board, **options: Any) -> None:
        opts = {**self.options, **options}
        d = figure_dict(board, **opts)
        self.fig.show_figure(d)
        self.shown = d

    def _click_point(self, trace: Any, points: Any, selector: Any) -> None:
        for cd in _clicked(self.shown, points):
            if cd and self.on_point is not None:
                self.on_point(str(cd))

    def _click_tile(self, trace: Any, points: Any, selector: Any) -> None:
        for cd in _clicked(self.shown, points):
            if self.on_tile is not None:
                self.on_tile(str(cd))


class HandView:
    """A hand as clickable tiles: a click calls ``on_tile("1|4")``."""

    def __init__(self, hand: Sequence[TileLike], **options: Any) -> None:
        options.setdefault("display", display_options())
        self.options = options
        self.shown = hand_dict(hand, **options)  #: the figure dict the widget shows now
        self.fig = _figure_widget(self.shown)
        self.on_tile: Callable[[str], object] | None = None
        _trace(self.fig, "tiles").on_click(self._click)

    def update(self, hand: Sequence[TileLike], **options: Any) -> None:
        d = hand_dict(hand, **{**self.options, **options})
        self.fig.show_figure(d)
        self.shown = d

    def _click(self, trace: Any, points: Any, selector: Any) -> None:
        for cd in _clicked(self.shown, points):
            if self.on_tile is not None:
                self.on_tile(str(cd))


def _count_panel(board: Board, hidden: bool = False) -> str:
    """The contributions, the equation and the points, as HTML."""
    if board.is_empty:
        return "<p>" + _esc(words.widget("panel empty")) + "</p>"
    if not board.rules.placement_scoring:
        return (
            "<p>"
            + _esc(words.widget("panel line game", game=board.rules.name, ends=ends_text(board)))
            + "</p>"
        )
    if hidden:
        return "<p>" + _esc(words.widget("panel quiz")) + "</p>"
    rows = []
    for t, slot, v in board.counted_ends():
        why = words.widget("terminal double") if slot is None else words.widget("free end", slot=slot)
        rows.append(
            f"<tr><td>{_esc(t.bracketed)}</td><td>{why}</td><td style='text-align:right'>{v}</td></tr>"
        )
    pts = board.rules.points(board.score())
    unit = board.rules.unit
    total = board.end_sum()
    kind = _esc(board.rules.count_kind(total))  # the rules' own words: fives, or threes and fives
    sums = board.rules.count_quotients(total)
    bold = f"<b>{_esc(words.points(pts, unit))}</b>"
    if not board.score():
        verdict = _esc(words.widget("scores nothing", kind=kind))
    elif board.rules.unit == "shown":
        verdict = _esc(words.widget("it scores", kind=kind, sums="")) + bold + f" ({total} / 5)"
    else:  # "… it scores 10", "… it scores 15 ÷ 3 + 15 ÷ 5 = 8": the number in bold, with its unit
        verdict = _esc(words.widget("it scores", kind=kind, sums=sums + " = " if sums else "")) + bold
    spin = board.spinners
    notes = ""
    if spin:
        text = words.widget_spinners(", ".join(map(str, spin)), len(spin), board.rules.spinner_text)
        notes = f"<br><span style='color:#b35c00'>{_esc(text)}</span>"
    return (
        f"<table><tr><th>{_esc(words.widget('tile'))}</th><th>{_esc(words.widget('adds'))}</th><th></th></tr>"
        + "".join(rows)
        + f"</table><p><b>{_esc(board.equation())}</b>, {verdict}.{notes}</p>"
    )
