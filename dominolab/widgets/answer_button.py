"""A record as JSON, and the button that shows an exercise's answer."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from .. import words
from .base import _Displayable, _esc


class AnswerButton(_Displayable):
    """A button that shows an answer only when asked, so a notebook run from top to bottom
    (or a stored output) does not give it away.  See :func:`answer_button`."""

    def __init__(self, answer: Any, label: str | None = None) -> None:
        self.answer = answer
        self.label = words.widget("show answer") if label is None else label
        self.shown = False
        self.button = w.Button(description=self.label, icon="eye", layout=w.Layout(width="auto"))
        self.output = w.Output()
        self.button.on_click(lambda _: self.toggle())
        self.widget = w.VBox([self.button, self.output])
        self.widget.add_class("dominolab-answer")

    def toggle(self) -> None:
        """Show the answer (worked out now, not before), or hide it again."""
        self.output.outputs = ()  # (clear_output() only works inside a kernel)
        self.shown = not self.shown
        self.button.description = words.widget("hide answer") if self.shown else self.label
        if not self.shown:
            return
        value = self.answer
        if hasattr(value, "reveal") and callable(value.reveal):
            value = value.reveal()
        elif callable(value):
            value = value()
        if isinstance(value, str):
            self.output.append_display_data(w.HTML(f"<pre style='white-space:pre-wrap'>{_esc(value)}</pre>"))
        else:
            self.output.append_display_data(value)


def answer_button(answer: Any, label: str | None = None) -> AnswerButton:
    """A "show the answer" button for a puzzle or an exercise.

    ``answer`` is an exercise or puzzle (its ``reveal()`` is shown), a text, or a function
    called on the click (so nothing is worked out, printed or stored before the learner asks).

    >>> import dominolab as dl
    >>> b = dl.answer_button(lambda: "15")
    >>> b.toggle(); b.shown
    True
    """
    return AnswerButton(answer, label)
