"""One play under every fives game side by side, and typed-in hands settled each way."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from .. import words
from ..board import Board, point_text
from ..comparison import Comparison
from ..errors import DominolabError
from ..picture import display_options
from ..presets import FIVES_GAMES, variant
from ..settlement import Settlement, format_score, settle
from ..tiles import Tile, TileLike, tiles
from .base import _Displayable, _esc, _player_counts, _projected, _said
from .figure import figures_together
from .views import BoardView


class VariantComparison(_Displayable):
    """One sequence of placements scored under every fives game (the registry's
    :data:`~dominolab.FIVES_GAMES`: five-up, all-fives, dominos-cc, fives-and-threes), or the
    ``presets`` given.

    A placement one preset refuses (a branch of a double that is not a spinner
    there; any branch in the plain line of fives-and-threes) stops that preset's layout, and
    the table says why.  ``hands`` (final hands, one per seat) adds the settlement of the
    same hands under each preset.  Four boards or more are laid out two to a row.
    """

    def __init__(
        self,
        moves: Sequence[tuple[TileLike, Any]],
        hands: Sequence[Sequence[TileLike]] | None = None,
        *,
        domino_seat: int | None = None,
        presets: Sequence[str] = FIVES_GAMES,
        scale: float = 24.0,
        legend: bool | None = None,
        one_board: bool | None = None,
    ) -> None:
        shown = display_options()
        self.one_board = shown.one_board if one_board is None else bool(one_board)
        #: the placements under each preset, what the boards show (:class:`~dominolab.comparison.Comparison`)
        self.comparison = Comparison(moves, hands, domino_seat=domino_seat, presets=presets)
        self.moves = self.comparison.moves
        self.presets = self.comparison.presets
        self.hands = hands
        self.domino_seat = domino_seat
        self.results = self.comparison.results
        self.step = w.IntSlider(
            value=len(self.moves), min=0, max=len(self.moves), description=words.widget("placements")
        )
        self.labels = {n: w.HTML(f"<b>{n}</b>") for n in self.presets}
        self.table = w.HTML()
        self.settlement = w.HTML()
        self.step.observe(lambda ch: self.show(ch["new"]), names="value")
        k = len(self.moves)
        self.choice: w.ToggleButtons | None
        if self.one_board:
            # one large board at full width, the rule set chosen by tabs (a projector's way)
            self.choice = w.ToggleButtons(
                options=self.presets,
                value=self.presets[0],
                description=words.widget("rule set"),
                style={"button_width": "auto"},  # a long name ("fives-and-threes") whole
            )
            view = BoardView(self.board_at(self.presets[0], k), scale=2 * scale, legend=legend)
            self.views = {n: view for n in self.presets}
            self.choice.observe(lambda ch: self.show(self.step.value), names="value")
            board_part = w.VBox([self.choice, self.labels[self.presets[0]], view.fig])
        else:
            self.choice = None
            self.views = {
                n: BoardView(self.board_at(n, k), scale=scale, max_width=420, legend=legend, min_size=(0, 0))
                for n in self.presets
            }
            # each board under its own line, as wide as the board and wrapped there, with a gap
            # between boards (the lines ran into one another: issue 33, item 7)
            boxes = [
                w.VBox([self.labels[n], self.views[n].fig], layout=w.Layout(margin="0 24px 8px 0"))
                for n in self.presets
            ]
            per_row = 2 if len(boxes) > 3 else len(boxes)  # four boards: two rows of two
            board_part = w.VBox([w.HBox(boxes[i : i + per_row]) for i in range(0, len(boxes), per_row)])
        self._board_part = board_part
        self.widget = _projected(w.VBox([self.step, board_part, self.table, self.settlement]))
        self.widget.add_class("dominolab-comparison")
        self.show(k)
        self.settlement.value = self.settlement_html()

    @property
    def shown(self) -> list[str]:
        """The presets whose boards are on the screen now."""
        return [self.choice.value] if self.choice is not None else self.presets

    @property
    def board_view(self) -> BoardView:
        """The first board on the screen (in projector mode the one board, of the rule set
        chosen), as every widget with a board names it; ``views`` holds one per preset."""
        return self.views[self.shown[0]]

    def refusal(self, preset: str, k: int) -> tuple[Tile, Any, str] | None:
        """The placement ``preset`` refused among the first ``k``, as ``(tile, point, why)``."""
        return self.comparison.refusal(preset, k)

    def board_at(self, preset: str, k: int) -> Board:
        """``preset``'s layout after the first ``k`` placements."""
        return self.comparison.board_at(preset, k)

    def show(self, k: int) -> None:
        with figures_together():  # every board moves in one go
            self._show(k)

    def _show(self, k: int) -> None:
        shown = self.shown
        for n in self.presets:  # each board replayed once: for its picture and its line
            b = self.board_at(n, k)
            why = self.refusal(n, k)
            if n in shown:
                self.views[n].update(b, refused=why)
            spin = ", ".join(map(str, b.spinners)) or words.widget("none yet")
            stop = ""
            if why:
                stop = " · " + _said(words.widget("refused tile", tile=why[0]), ok=False)
            line = words.widget("spinners total", spinners=spin, total=self.total(n, k))
            wrap = "white-space:normal;line-height:1.35"
            self.labels[n].value = f"<div style='{wrap}'><b>{n}</b><br>{_esc(line)}{stop}</div>"
            if self.choice is None:  # side by side: the line wraps at its board's width
                self.labels[n].layout.width = f"{self.views[n].shown['layout']['width']}px"
        if self.choice is not None:  # the chosen rule set's line above its board
            view = self.views[self.choice.value]
            self._board_part.children = (self.choice, self.labels[self.choice.value], view.fig)
        self.table.value = self.table_html(k)

    def total(self, preset: str, k: int | None = None) -> int:
        """The placement points under ``preset`` after ``k`` placements (in its unit)."""
        return self.comparison.total(preset, k)

    def table_html(self, k: int | None = None) -> str:
        k = len(self.moves) if k is None else k
        head = "".join(f"<th>{n}</th>" for n in self.presets)
        rows = []
        for i, (t, at) in enumerate(self.moves[:k]):
            cells = []
            for n in self.presets:
                p = self.comparison.step(n, i)
                if p is None:
                    cells.append("<td>—</td>")
                elif isinstance(p, str):
                    cells.append(_said(words.picture("refused why", why=p), ok=False, tag="td"))
                else:
                    mark = " " + words.widget("(spinner)") if p.spinner else ""
                    got = words.points(p.points, variant(n).unit)
                    cells.append(
                        f"<td>{_esc(words.widget('count cell', count=p.sum, points=got))}{mark}</td>"
                    )
            where = (
                words.widget("lead") if at is None else _esc(at if isinstance(at, str) else point_text(at))
            )
            rows.append(
                f"<tr><td style='white-space:nowrap'>{i + 1}. {_esc(t)} {where}</td>{''.join(cells)}</tr>"
            )
        why = "".join(
            f"<p><b>{n}</b>: {_esc(variant(n).spinner_text)}"
            + (_esc(words.widget("shown as")) if variant(n).unit == "shown" else "")
            + ".</p>"
            for n in self.presets
        )
        return f"<table><tr><th>{_esc(words.widget('placement'))}</th>{head}</tr>{''.join(rows)}</table>{why}"

    def settlement_html(self) -> str:
        if self.hands is None:
            return ""
        parts = []
        for n, s in self.comparison.settlements.items():
            lines = "<br>".join(_esc(x) for x in s.lines)
            parts.append(f"<div style='margin-right:2em'><b>{n}</b><br>{lines}</div>")
        return (
            f"<h4>{_esc(words.widget('settled ways', n=words.number_word(len(parts))))}</h4><div style='display:flex;flex-wrap:wrap'>"  # noqa: E501
            + "".join(parts)
            + "</div>"
        )


BLOCKED = -1  #: the *went out* box's value for "nobody" (a dropdown's None means no choice)


class SettleHands(_Displayable):
    """Type in the hands left at the end of a round and see it settled under each rule set,
    side by side: who won, what each side's score changes by, and why, line by line.

    Each seat's box takes tiles as written everywhere here (``"6|6 0|1"``; empty for a seat
    that went out).  *went out* says who played their last tile, or that the round was
    blocked.  A hand that cannot be read, a tile held twice, or a seat said to have gone
    out that still holds tiles is refused in the message line, and the settlements shown
    stay as they were.

    >>> sh = SettleHands([[], ["6|6"], ["0|1"]], domino_seat=0)
    >>> sh.results["all-fives"].changes[0]
    15
    """

    def __init__(
        self,
        hands: Sequence[Sequence[TileLike] | str] = ((), ("6|6", "0|1"), ("5|6", "0|2")),
        *,
        domino_seat: int | None = 0,
        presets: Sequence[str] = FIVES_GAMES,
        partnerships: bool = False,
    ) -> None:
        self.presets = list(presets)
        for n in self.presets:
            variant(n)  # an unknown preset is refused here, with the known ones named
        self.results: dict[str, Settlement] = {}
        counts = sorted({n for p in self.presets for n in _player_counts(variant(p))})
        self.players = w.Dropdown(
            options=counts,
            value=max(counts[0], min(counts[-1], len(hands))),
            description=words.widget("players"),
        )
        self.boxes = [
            w.Text(description=words.seat(i), placeholder=words.widget("tiles left"), continuous_update=False)
            for i in range(4)
        ]
        self.out = w.Dropdown(description=words.widget("went out"), layout=w.Layout(width="auto"))
        self.pairs = w.Checkbox(
            value=partnerships,
            description=words.widget("partnerships box"),
            layout=w.Layout(width="auto"),
            style={"description_width": "initial"},
        )
        self.message = w.HTML()
        self.columns = w.HTML()
        for i, h in enumerate(hands[:4]):
            self.boxes[i].value = h if isinstance(h, str) else " ".join(str(Tile(t)) for t in h)
        self._seats_changed()
        self.out.value = domino_seat if domino_seat in range(self.players.value) else BLOCKED
        self.players.observe(self._players_changed, names="value")
        for ctrl in (*self.boxes, self.out, self.pairs):
            ctrl.observe(lambda ch: self.settle(), names="value")
        self.widget = _projected(
            w.VBox(
                [
                    w.HTML(f"<b>{_esc(words.widget('hands left'))}</b>"),
                    self.players,
                    w.VBox(self.boxes[:4]),
                    w.HBox([self.out, self.pairs]),
                    self.message,
                    self.columns,
                ]
            )
        )
        self.widget.add_class("dominolab-settle-hands")
        self.settle()

    @property
    def domino_seat(self) -> int | None:
        """The seat said to have gone out, or ``None``: the round was blocked."""
        return None if self.out.value == BLOCKED else int(self.out.value)

    def _players_changed(self, change: Any) -> None:
        self._seats_changed()
        self.settle()

    def _seats_changed(self) -> None:
        n = self.players.value
        for i, box in enumerate(self.boxes):
            box.layout.display = None if i < n else "none"
        keep = self.out.value if self.out.value in range(n) else BLOCKED
        self.out.options = [(words.widget("nobody went out"), BLOCKED)] + [
            (words.seat(i), i) for i in range(n)
        ]
        self.out.value = keep
        self.pairs.disabled = n != 4
        if n != 4:
            self.pairs.value = False

    def set_hands(self, hands: Sequence[str], domino_seat: int | None = None) -> bool:
        """Type ``hands`` (one text per seat) and who went out, as a learner would; True if
        they were settled."""
        with self.widget.hold_sync():
            self.players.value = len(hands)
            for box, text in zip(self.boxes, hands, strict=False):
                box.value = text
            self.out.value = BLOCKED if domino_seat is None else domino_seat
        return self.settle()

    def hands(self) -> list[list[Tile]]:
        """The hands typed in, read (a malformed one raises, naming the seat)."""
        read = []
        for i in range(self.players.value):
            try:
                read.append(tiles(self.boxes[i].value.replace(",", " ").split()))
            except DominolabError as e:
                raise DominolabError(f"{words.seat(i)}: {e}") from None
        return read

    def settle(self) -> bool:
        """Settle the hands typed in under each preset; True if they could be."""
        if self.players.value != 4 and self.pairs.value:  # partnerships are of four players
            self.pairs.value = False
            return self.settle()
        try:
            hands = self.hands()
            pairs = self.pairs.value if self.players.value == 4 else None
            results = {
                n: settle(n, hands, domino_seat=self.domino_seat, partnerships=pairs) for n in self.presets
            }
        except DominolabError as e:
            self.message.value = _said(words.widget("settle refused", why=e), ok=False)
            return False
        self.results = results
        ended = (
            words.widget("settled blocked")
            if self.domino_seat is None
            else words.widget("settled out", seat=self.domino_seat)
        )
        self.message.value = _said(ended)
        cols = []
        for n, st in results.items():
            unit = " " + _esc(words.widget("(shown points)")) if variant(n).unit == "shown" else ""
            lines = "<br>".join(_esc(x) for x in st.lines)
            changes = _esc(words.widget("changes", changes=", ".join(format_score(c) for c in st.changes)))
            cols.append(
                "<div style='flex:1; min-width:16em; margin-right:1.5em; border-top:4px solid #888;"
                f" padding-top:.3em'><b>{_esc(n)}</b>{unit}<br>{lines}<br><b>{changes}</b></div>"
            )
        self.columns.value = "<div style='display:flex; flex-wrap:wrap'>" + "".join(cols) + "</div>"
        return True
