"""The board and the hand as figure widgets that redraw in place."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..board import Board
from ..picture import display_options, ends_text, figure_dict, hand_dict
from ..tiles import TileLike
from .base import _esc, _figure_widget, _sync


class BoardView:
    """A plotly ``FigureWidget`` of a board, updated in place; clicks on a point call
    ``on_point("tile:slot")`` (or ``"lead"``) and clicks on a tile ``on_tile("1|4")``."""

    def __init__(self, board: Board, **options: Any) -> None:
        options.setdefault("display", display_options())  # as it was made, whatever comes later
        self.options = options
        self.shown = figure_dict(board, **options)  #: the figure dict the widget shows now
        self.fig = _figure_widget(self.shown)
        self.on_point: Callable[[str], None] | None = None
        self.on_tile: Callable[[str], None] | None = None
        self.fig.data[2].on_click(self._click_point)
        self.fig.data[3].on_click(self._click_point)
        self.fig.data[4].on_click(self._click_point)
        self.fig.data[1].on_click(self._click_tile)

    def update(self, board: Board, **options: Any) -> None:
        opts = {**self.options, **options}
        d = figure_dict(board, **opts)
        _sync(self.fig, d, self.shown)
        self.shown = d

    def _click_point(self, trace: Any, points: Any, selector: Any) -> None:
        for i in points.point_inds:
            cd = trace.customdata[i]
            if cd and self.on_point is not None:
                self.on_point(str(cd))

    def _click_tile(self, trace: Any, points: Any, selector: Any) -> None:
        for i in points.point_inds:
            if self.on_tile is not None:
                self.on_tile(str(trace.customdata[i]))


class HandView:
    """A hand as clickable tiles: a click calls ``on_tile("1|4")``."""

    def __init__(self, hand: Sequence[TileLike], **options: Any) -> None:
        options.setdefault("display", display_options())
        self.options = options
        self.shown = hand_dict(hand, **options)  #: the figure dict the widget shows now
        self.fig = _figure_widget(self.shown)
        self.on_tile: Callable[[str], None] | None = None
        self.fig.data[1].on_click(self._click)

    def update(self, hand: Sequence[TileLike], **options: Any) -> None:
        d = hand_dict(hand, **{**self.options, **options})
        _sync(self.fig, d, self.shown)
        self.shown = d

    def _click(self, trace: Any, points: Any, selector: Any) -> None:
        for i in points.point_inds:
            if self.on_tile is not None:
                self.on_tile(str(trace.customdata[i]))


def _count_panel(board: Board, hidden: bool = False) -> str:
    """The contributions, the equation and the points, as HTML."""
    if board.is_empty:
        return "<p>The layout is empty: any tile may lead, and the lead is counted too.</p>"
    if not board.rules.placement_scoring:
        return (
            f"<p>In {_esc(board.rules.name)} placing scores nothing: {_esc(ends_text(board))}. "
            "A round is scored at its end, by the pips left in the hands.</p>"
        )
    if hidden:
        return "<p><b>Quiz:</b> add up the counted ends yourself, then check your answer.</p>"
    rows = []
    for t, slot, v in board.counted_ends():
        why = "a terminal double counts both halves" if slot is None else f"its free {slot} end"
        rows.append(
            f"<tr><td>{_esc(t.bracketed)}</td><td>{why}</td><td style='text-align:right'>{v}</td></tr>"
        )
    pts = board.rules.points(board.score())
    unit = "shown points" if board.rules.unit == "shown" else "points"
    total = board.end_sum()
    kind = _esc(board.rules.count_kind(total))  # the rules' own words: fives, or threes and fives
    sums = board.rules.count_quotients(total)
    if not board.score():
        verdict = f"{kind}: it scores nothing"
    elif board.rules.unit == "shown":
        verdict = f"{kind}: it scores <b>{pts} {unit}</b> ({total} raw / 5)"
    else:  # "… it scores 10", "… it scores 15 ÷ 3 + 15 ÷ 5 = 8": the number in bold, with its unit
        verdict = f"{kind}: it scores {_esc(sums + ' = ') if sums else ''}<b>{pts} {unit}</b>"
    spin = board.spinners
    notes = ""
    if spin:
        notes = (
            "<br><span style='color:#b35c00'>Spinner"
            + ("s" if len(spin) > 1 else "")
            + f" {', '.join(map(str, spin))}: {board.rules.spinner_text};"
            " an unused branch point counts 0.</span>"
        )
    return (
        "<table><tr><th>tile</th><th>adds</th><th></th></tr>"
        + "".join(rows)
        + f"</table><p><b>{_esc(board.equation())}</b>, {verdict}.{notes}</p>"
    )
