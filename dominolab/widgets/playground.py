"""The playground: place tiles with the mouse and watch the count."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from .. import words
from ..board import LEAD, Placement
from ..presets import PRESETS, VARIANTS
from ..rules import Rules
from ..sandbox import Sandbox
from ..tiles import TileLike
from .base import _Displayable, _projected, _said, _tiles_text
from .figure import figures_together
from .views import BoardView, HandView, _count_panel


class Playground(_Displayable):
    """Free placement on one layout.

    ``Playground(rules="all-fives", hand=None, moves=(), quiz=False)``: the hand is
    every tile not on the layout unless given; ``moves`` starts the layout.  What it shows
    is a :class:`dominolab.Sandbox` (``.sandbox``), which a script drives without a notebook.
    """

    def __init__(
        self,
        rules: Rules | str = "all-fives",
        hand: Sequence[TileLike] | None = None,
        moves: Sequence[tuple[TileLike, Any]] = (),
        *,
        quiz: bool = False,
        theme: str | None = None,
        scale: float = 40.0,
        legend: bool | None = None,
    ) -> None:
        #: the layout, the hand, the tile picked, undo and redo: what this widget shows
        self.sandbox = Sandbox(rules, hand, moves, quiz=quiz)
        self.board_view = BoardView(self.board, theme=theme, scale=scale, show_counts=not quiz, legend=legend)
        self.hand_view = HandView(self.hand, theme=theme, scale=0.75 * scale)
        self.board_view.on_point = self.click_point
        self.hand_view.on_tile = self.select
        self.preset = w.Dropdown(
            options=list(PRESETS),
            value=self.board.rules.preset or VARIANTS[1],
            description=words.widget("rules"),
        )
        self.points = w.Select(
            options=[], rows=4, description=words.widget("put it on"), layout=w.Layout(width="320px")
        )
        self.place_button = w.Button(description=words.widget("place"), button_style="primary", icon="check")
        self.undo_button = w.Button(description=words.widget("undo"), icon="undo")
        self.redo_button = w.Button(description=words.widget("redo"), icon="repeat")
        self.reset_button = w.Button(description=words.widget("reset"), icon="refresh")
        self.quiz_toggle = w.ToggleButton(value=quiz, description=words.widget("quiz"), icon="question")
        self.answer = w.IntText(
            value=0, description=words.widget("your count"), layout=w.Layout(width="180px")
        )
        self.check_button = w.Button(description=words.widget("check"))
        self.panel = w.HTML()
        self.message_line = w.HTML(layout=w.Layout(min_height="1.6em"))
        self.message_line.add_class("dominolab-message")
        self.preset.observe(lambda ch: self.set_rules(ch["new"]), names="value")
        self.place_button.on_click(lambda _: self.place_selected())
        self.undo_button.on_click(lambda _: self.undo())
        self.redo_button.on_click(lambda _: self.redo())
        self.reset_button.on_click(lambda _: self.reset())
        self.quiz_toggle.observe(lambda ch: self.set_quiz(ch["new"]), names="value")
        self.check_button.on_click(lambda _: self.check(self.answer.value))
        quiz_box = w.HBox([self.quiz_toggle, self.answer, self.check_button])
        self.widget = w.VBox(
            [
                w.HBox([self.preset, self.undo_button, self.redo_button, self.reset_button]),
                self.hand_view.fig,
                w.HBox([self.points, self.place_button]),
                self.message_line,
                self.board_view.fig,
                w.HBox([self.panel, quiz_box]),
            ]
        )
        self.widget.add_class("dominolab-playground")
        _projected(self.widget)
        self._refresh()

    # -- the sandbox's state, as the widget's own -------------------------------------

    board = property(lambda self: self.sandbox.board, doc="The layout.")
    hand = property(lambda self: self.sandbox.hand, doc="The tiles you may place.")
    selected = property(lambda self: self.sandbox.selected, doc="The tile picked, if any.")
    quiz = property(lambda self: self.sandbox.quiz, doc="Whether the count is hidden (a quiz).")
    message = property(lambda self: self.sandbox.message, doc="What the playground says now.")

    # -- what clicks do -------------------------------------------------------------

    def say(self, text: str, ok: bool = True) -> None:
        self.sandbox.say(text, ok)
        self.message_line.value = _said(text, ok)

    def _shown(self, redraw: bool = True) -> None:
        """What the sandbox said, in the message line; the layout and hand redrawn."""
        said = self.sandbox.said
        self.message_line.value = _said(said.text, said.ok)
        if redraw:
            self._refresh()

    def select(self, tile: TileLike) -> None:
        """Pick a tile of the hand: its legal points light up (a refusal says why)."""
        self._shown(self.sandbox.select(tile).ok is not False)

    def click_point(self, point: str) -> None:
        """A click on an open point of the board (``"1|4:high"``, or ``"lead"``)."""
        self._shown(self.sandbox.click_point(point).ok is not False)

    def place_selected(self) -> None:
        """The 'place' button: the selected tile on the point chosen in the list."""
        self._shown(self.sandbox.place_selected(self.points.value).ok is not False)

    def place(self, tile: TileLike, at: Any = None) -> Placement | None:
        """Place a tile; a refusal is said in the message line and changes nothing."""
        p = self.sandbox.place(tile, at)
        self._shown(p is not None)
        return p

    def undo(self) -> None:
        self._shown(self.sandbox.undo().ok is not False)

    def redo(self) -> None:
        self._shown(self.sandbox.redo().ok is not False)

    def reset(self) -> None:
        self.sandbox.reset()
        self._shown()

    def set_rules(self, name: str | Rules) -> None:
        """Replay the layout under other rules; a placement they refuse is said, and stops the replay."""
        said = self.sandbox.set_rules(name)
        rules = self.board.rules
        if self.preset.value != rules.preset and rules.preset in PRESETS:
            self.preset.value = rules.preset  # (its observer replays the same layout: the same result)
        self.sandbox.said = said
        self._shown()

    def set_quiz(self, on: bool) -> None:
        self.sandbox.set_quiz(on)
        if self.quiz_toggle.value != self.quiz:
            self.quiz_toggle.value = self.quiz
        self._shown()

    def check(self, answer: int) -> bool:
        """Check a count typed by the learner (quiz mode)."""
        right = self.sandbox.check(answer)
        self._shown(redraw=False)
        return right

    # -- drawing ---------------------------------------------------------------------

    def _refresh(self) -> None:
        sb = self.sandbox
        with figures_together():
            self.board_view.update(sb.board, highlight=sb.selected, show_counts=not sb.quiz)
            self.hand_view.update(
                sb.hand,
                selected=sb.selected,
                playable=sb.playable(),
                title=words.widget("hand click", tiles=_tiles_text(len(sb.hand))),
            )
        opts = sb.choices()
        self.points.options = opts
        if opts:
            self.points.value = LEAD if sb.board.is_empty else opts[0][1]
        self.panel.value = _count_panel(sb.board, hidden=sb.quiz)
