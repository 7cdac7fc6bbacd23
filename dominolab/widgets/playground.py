"""The playground: place tiles with the mouse and watch the count."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from .. import words
from ..board import LEAD, Board, Placement, clicked_point
from ..errors import DominolabError
from ..picture import ends_text
from ..presets import PRESETS, VARIANTS, variant
from ..rules import Rules
from ..tiles import DOUBLE_SIX, Tile, TileLike, tiles
from .base import _Displayable, _projected, _said, _tiles_text
from .views import BoardView, HandView, _count_panel


class Playground(_Displayable):
    """Free placement on one layout.

    ``Playground(rules="all-fives", hand=None, moves=(), quiz=False)``: the hand is
    every tile not on the layout unless given; ``moves`` starts the layout.
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
        self.board = Board(variant(rules))
        for t, at in moves:
            self.board.play(t, at)
        self._start = [(p.tile, p.at) for p in self.board.placements]
        self._given_hand = None if hand is None else tiles(hand)
        self.hand = self._initial_hand()
        self.selected: Tile | None = None
        self._redo: list[Placement] = []
        self.quiz = quiz
        self.message = ""
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

    def _initial_hand(self) -> list[Tile]:
        if self._given_hand is not None:
            return [t for t in self._given_hand if t not in self.board]
        return [t for t in DOUBLE_SIX if t not in self.board]

    # -- what clicks do -------------------------------------------------------------

    def say(self, text: str, ok: bool = True) -> None:
        self.message = text
        self.message_line.value = _said(text, ok)

    def select(self, tile: TileLike) -> None:
        """Pick a tile of the hand: its legal points light up (a refusal says why)."""
        try:
            t = Tile(tile)
        except DominolabError as e:
            return self.say(str(e), ok=False)
        if t not in self.hand:
            return self.say(words.widget("on layout" if t in self.board else "not held", tile=t), ok=False)
        if not self.board.is_empty and not self.board.placements_for(t):
            values = ", ".join(map(str, sorted(self.board.open_values())))
            shows = words.tile_needs(t)
            return self.say(words.widget("does not play", tile=t, shows=shows, values=values), ok=False)
        self.selected = t
        if self.board.is_empty:
            self.say(words.widget("selected lead", tile=t))
        else:
            self.say(words.widget_selected(t, len(self.board.placements_for(t))))
        self._refresh()

    def click_point(self, point: str) -> None:
        """A click on an open point of the board (``"1|4:high"``, or ``"lead"``)."""
        if self.selected is None:
            return self.say(words.widget("pick first then click"), ok=False)
        self.place(self.selected, clicked_point(point))

    def place_selected(self) -> None:
        """The 'place' button: the selected tile on the point chosen in the list."""
        if self.selected is None:
            return self.say(words.widget("pick first"), ok=False)
        at = self.points.value
        if at is None and not self.board.is_empty:
            return self.say(words.widget("choose where"), ok=False)
        self.place(self.selected, clicked_point(at))

    def place(self, tile: TileLike, at: Any = None) -> Placement | None:
        """Place a tile; a refusal is said in the message line and changes nothing."""
        try:
            t = Tile(tile)
            if t not in self.hand:
                raise DominolabError(words.widget("not in hand", tile=t))
            p = self.board.play(t, at)
        except DominolabError as e:
            self.say(str(e), ok=False)
            return None
        self.hand.remove(t)
        self._redo.clear()
        self.selected = None
        if not self.board.rules.placement_scoring:
            self.say(words.widget_placed(t, p.at, ends_text(self.board)))
        elif self.quiz:
            self.say(words.widget_placed(t, p.at, None))
        else:
            count = f"{self.board.equation()} → {self._unit(p.points)}"
            self.say(words.widget_placed(t, p.at, count))
        self._refresh()
        return p

    def _unit(self, n: int) -> str:
        return words.points(n, self.board.rules.unit)

    def undo(self) -> None:
        if self.board.is_empty:
            return self.say(words.widget("nothing to undo"), ok=False)
        p = self.board.undo()
        self._redo.append(p)
        self.hand.append(p.tile)
        self.hand.sort()
        self.selected = None
        self.say(words.widget("took back", tile=p.tile))
        self._refresh()

    def redo(self) -> None:
        if not self._redo:
            return self.say(words.widget("nothing to redo"), ok=False)
        p = self._redo.pop()
        redo = list(self._redo)
        if self.place(p.tile, p.at) is not None:
            self._redo = redo

    def reset(self) -> None:
        self.board.clear()
        for t, at in self._start:
            self.board.play(t, at)
        self.hand = self._initial_hand()
        self.selected = None
        self._redo.clear()
        self.say(words.widget("back to start"))
        self._refresh()

    def set_rules(self, name: str | Rules) -> None:
        """Replay the layout under other rules; a placement they refuse is said, and stops the replay."""
        moves = [(p.tile, p.at) for p in self.board.placements]
        board = Board(variant(name))
        refused = ""
        for t, at in moves:
            reason = board.why_not(t, at)
            if reason is not None:
                refused = " " + words.widget_refused_under(board.rules.name, t, at, reason, len(board))
                break
            board.play(t, at)
        self.board = board
        self.board_view.options["show_counts"] = not self.quiz
        self.hand = [t for t in (self._given_hand or DOUBLE_SIX) if t not in board]
        self.selected = None
        self._redo.clear()
        if self.preset.value != board.rules.preset and board.rules.preset in PRESETS:
            self.preset.value = board.rules.preset
        self.say(words.widget("rules now", game=board.rules.name) + refused, ok=not refused)
        self._refresh()

    def set_quiz(self, on: bool) -> None:
        self.quiz = bool(on)
        if self.quiz_toggle.value != self.quiz:
            self.quiz_toggle.value = self.quiz
        self.say(words.widget("quiz on" if self.quiz else "quiz off"))
        self._refresh()

    def check(self, answer: int) -> bool:
        """Check a count typed by the learner (quiz mode)."""
        right = self.board.end_sum()
        if answer == right:
            pts = self.board.rules.points(self.board.score())
            self.say(words.widget("count right", equation=self.board.equation(), points=self._unit(pts)))
            return True
        self.say(words.widget("count wrong", answer=answer), ok=False)
        return False

    # -- drawing ---------------------------------------------------------------------

    def _refresh(self) -> None:
        b = self.board
        self.board_view.update(b, highlight=self.selected, show_counts=not self.quiz)
        playable = [t for t in self.hand if b.is_empty or b.placements_for(t)]
        self.hand_view.update(
            self.hand,
            selected=self.selected,
            playable=playable,
            title=words.widget("hand click", tiles=_tiles_text(len(self.hand))),
        )
        if self.selected is None:
            self.points.options = []
        elif b.is_empty:
            self.points.options = [(words.widget("lead it"), LEAD)]
            self.points.value = LEAD
        else:
            opts = []
            for p in b.placements_for(self.selected):
                pts = b.points_for(self.selected, p)
                # quiz mode hides the count everywhere, this list included
                label = f"{p} ({p.value})" if self.quiz else f"{p} ({p.value}) → {self._unit(pts)}"
                opts.append((label, str(p)))
            self.points.options = opts
            self.points.value = opts[0][1] if opts else None
        self.panel.value = _count_panel(b, hidden=self.quiz)
