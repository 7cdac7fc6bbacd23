"""Free placement on one layout: the playground's state, without a screen.

:class:`Sandbox` is what :class:`dominolab.widgets.Playground` shows: a layout, the hand of
tiles you may place on it, the tile picked, undo and redo, and a quiz switch that hides the
count — each action answered with what the playground says (:class:`~dominolab.table.Said`).

>>> s = Sandbox("all-fives")
>>> s.select("1|4").text
"1|4 selected: click the centre point (or 'place') to lead it."
>>> s.click_point("lead").text
'1|4 leads: 4 + 1 = 5 → 5 points.'
>>> s.select("0|0").ok
False
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import words
from .board import LEAD, Board, Placement, clicked_point
from .errors import DominolabError
from .presets import variant
from .rules import Rules
from .table import Said
from .tiles import DOUBLE_SIX, Tile, TileLike, tiles


class Sandbox:
    """Free placement on one layout of ``rules``: ``hand`` (default: every tile not on the
    layout), ``moves`` to start the layout with (``[(tile, at), …]``), ``quiz`` to hide the
    count.  A refused action is said and changes nothing."""

    def __init__(
        self,
        rules: Rules | str = "all-fives",
        hand: Sequence[TileLike] | None = None,
        moves: Sequence[tuple[TileLike, Any]] = (),
        *,
        quiz: bool = False,
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
        self.said = Said("")

    def _initial_hand(self) -> list[Tile]:
        return [t for t in (self._given_hand or DOUBLE_SIX) if t not in self.board]

    @property
    def message(self) -> str:
        """What the playground says now."""
        return self.said.text

    def say(self, text: str, ok: bool | None = True) -> Said:
        self.said = Said(text, ok)
        return self.said

    def _unit(self, n: int) -> str:
        return words.points(n, self.board.rules.unit)

    # -- what clicks do -------------------------------------------------------------

    def select(self, tile: TileLike) -> Said:
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
            return self.say(words.widget("selected lead", tile=t))
        return self.say(words.widget_selected(t, len(self.board.placements_for(t))))

    def click_point(self, point: str) -> Said:
        """A click on an open point of the board (``"1|4:high"``, or ``"lead"``)."""
        if self.selected is None:
            return self.say(words.widget("pick first then click"), ok=False)
        self.place(self.selected, clicked_point(point))
        return self.said

    def place_selected(self, at: str | None) -> Said:
        """The tile picked on the point ``at`` chosen in a list (``None``: none chosen)."""
        if self.selected is None:
            return self.say(words.widget("pick first"), ok=False)
        if at is None and not self.board.is_empty:
            return self.say(words.widget("choose where"), ok=False)
        self.place(self.selected, clicked_point(at))
        return self.said

    def place(self, tile: TileLike, at: Any = None) -> Placement | None:
        """Place a tile; a refusal is said and changes nothing."""
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
            self.say(words.widget_placed(t, p.at, self.board.ends_text()))
        elif self.quiz:
            self.say(words.widget_placed(t, p.at, None))
        else:
            self.say(words.widget_placed(t, p.at, f"{self.board.equation()} → {self._unit(p.points)}"))
        return p

    def undo(self) -> Said:
        if self.board.is_empty:
            return self.say(words.widget("nothing to undo"), ok=False)
        p = self.board.undo()
        self._redo.append(p)
        self.hand.append(p.tile)
        self.hand.sort()
        self.selected = None
        return self.say(words.widget("took back", tile=p.tile))

    def redo(self) -> Said:
        if not self._redo:
            return self.say(words.widget("nothing to redo"), ok=False)
        p = self._redo.pop()
        redo = list(self._redo)
        if self.place(p.tile, p.at) is not None:
            self._redo = redo
        return self.said

    def reset(self) -> Said:
        """Back to the layout and hand it started with."""
        self.board.clear()
        for t, at in self._start:
            self.board.play(t, at)
        self.hand = self._initial_hand()
        self.selected = None
        self._redo.clear()
        return self.say(words.widget("back to start"))

    def set_rules(self, name: str | Rules) -> Said:
        """Replay the layout under other rules; a placement they refuse is said, and stops
        the replay there."""
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
        self.hand = self._initial_hand()
        self.selected = None
        self._redo.clear()
        return self.say(words.widget("rules now", game=board.rules.name) + refused, ok=not refused)

    def set_quiz(self, on: bool) -> Said:
        self.quiz = bool(on)
        return self.say(words.widget("quiz on" if self.quiz else "quiz off"))

    def check(self, answer: int) -> bool:
        """Check a count typed by the learner (quiz mode)."""
        right = self.board.end_sum()
        if answer == right:
            pts = self.board.rules.points(self.board.score())
            self.say(words.widget("count right", equation=self.board.equation(), points=self._unit(pts)))
            return True
        self.say(words.widget("count wrong", answer=answer), ok=False)
        return False

    # -- what the screen shows --------------------------------------------------------

    def playable(self) -> list[Tile]:
        """The tiles of the hand that can be placed now."""
        b = self.board
        return [t for t in self.hand if b.is_empty or b.placements_for(t)]

    def choices(self) -> list[tuple[str, str]]:
        """Where the tile picked may go, as ``(label, point)`` for a list: the lead, or each
        open point with its value and (not in a quiz) what it would score."""
        b, t = self.board, self.selected
        if t is None:
            return []
        if b.is_empty:
            return [(words.widget("lead it"), LEAD)]
        out = []
        for p in b.placements_for(t):
            # quiz mode hides the count everywhere, this list included
            label = f"{p} ({p.value})" if self.quiz else f"{p} ({p.value}) → {self._unit(b.points_for(t, p))}"
            out.append((label, str(p)))
        return out
