"""The muggins drill: count fast, claim your points (a view of :class:`dominolab.drill.Drill`)."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from .. import words
from ..drill import Drill
from ..rules import Rules
from .base import _Displayable, _esc, _projected, _said
from .views import BoardView


class MugginsDrill(_Displayable):
    """Counting under time pressure: a layout is shown, you type what the last placement
    scores (0 for nothing) before ``par`` seconds, and a tally keeps your claims right, short,
    too high and slow.  The layouts come from seeded games of greedy bots, so a drill with the
    same ``seed`` shows the same layouts; the engine's count is the answer.  The drill itself
    is a :class:`~dominolab.drill.Drill` (``.drill``); this widget draws it.

    >>> d = MugginsDrill("all-fives", seed=1)
    >>> d.answer() == d.board.rules.points(d.board.score())
    True
    """

    def __init__(
        self,
        rules: Rules | str = "all-fives",
        *,
        seed: int = 0,
        par: float = 10.0,
        legend: bool | None = None,
    ) -> None:
        self.drill = Drill(rules, seed=seed, par=par)
        r = self.drill.rules
        self.board_view = BoardView(self.board, scale=30.0, show_counts=False, legend=legend)
        self.box = w.BoundedIntText(
            value=0,
            min=0,
            max=r.claim_values[-1],
            step=r.claim_step,
            description=words.widget("it scores box"),
        )
        self.claim_button = w.Button(description=words.widget("claim"), icon="check")
        self.next_button = w.Button(description=words.widget("next layout"), icon="step-forward")
        self.message_line = w.HTML(layout=w.Layout(min_height="1.6em"))
        self.score_line = w.HTML()
        self.claim_button.on_click(lambda _: self.claim(int(self.box.value)))
        self.next_button.on_click(lambda _: self.next())
        self.widget = w.VBox(
            [
                self.score_line,
                self.board_view.fig,
                w.HBox([self.box, self.claim_button, self.next_button]),
                self.message_line,
            ]
        )
        self.widget.add_class("dominolab-drill")
        _projected(self.widget)
        self._shown()

    # the drill's state, read through
    rules = property(lambda self: self.drill.rules, doc="The game counted.")
    par = property(lambda self: self.drill.par, doc="The par, in seconds.")
    tally = property(lambda self: self.drill.tally, doc="The claims so far, by verdict.")
    board = property(lambda self: self.drill.board, doc="The layout shown.")
    shown_at = property(lambda self: self.drill.shown_at, doc="When the layout was shown (the clock's time).")

    def answer(self) -> int:
        """What the last placement scores, in the preset's unit (the engine's count)."""
        return self.drill.answer()

    def claim(self, points: Any, seconds: float | None = None) -> str:
        """Claim ``points`` for the layout shown; ``seconds`` is the time taken (default: the
        time since it was shown).  Returns what the drill says (its verdict, or why the claim
        was refused)."""
        said = self.drill.claim(points, seconds)
        self._shown()
        return said.text

    def next(self) -> None:
        """A new layout to count."""
        self.drill.next()
        self._shown()

    def _shown(self) -> None:
        d = self.drill
        self.board_view.update(d.board, show_counts=d.claimed)  # the count, once claimed
        self.claim_button.disabled = d.claimed
        self.message_line.value = _said(d.said.text, d.said.ok) if d.said.text else ""
        self.score_line.value = f"<b>{_esc(d.rules.name)}</b>: " + _esc(d.question())
