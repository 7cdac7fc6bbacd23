"""Step through a game record."""

from __future__ import annotations

import pathlib
from typing import Any

import ipywidgets as w

from .. import words
from ..board import Board
from ..record import StepView, load_record, steps
from ..review import GameReview
from ..review import review as review_game
from .base import _Displayable, _esc, _projected, _said
from .views import BoardView


class Replayer(_Displayable):
    """Step through a game record: buttons, a slider, every state drawn with the count.

    ``Replayer(record_or_path, game=1)`` takes a record dict or a ``.json``/``.jsonl`` file;
    ``review=seat`` adds the game review of that seat (:func:`dominolab.review`) beside the
    moves: at each of its turns, what it scored against the most it could have, and the better
    move where it missed points.
    """

    def __init__(
        self,
        record: dict[str, Any] | str | pathlib.Path,
        game: int = 1,
        *,
        scale: float = 34.0,
        legend: bool | None = None,
        review: int | None = None,
    ) -> None:
        if isinstance(record, dict):
            self.record = record
        else:
            self.record = load_record(record, game, check=False)
        #: every state of the game, replayed and checked once (the command line's words too)
        self.states: list[StepView] = steps(self.record)
        #: the review of one seat, by (round, action): shown beside that seat's moves
        self.review: GameReview | None = None if review is None else review_game(self.record, review)
        self._turns = {(t.round, t.index): t for t in self.review.turns} if self.review else {}
        self.index = 0
        self.board_view = BoardView(self.board_at(0), scale=scale, legend=legend)
        self.slider = w.IntSlider(
            value=0,
            min=0,
            max=len(self.states) - 1,
            description=words.widget("step"),
            layout=w.Layout(width="600px"),
        )
        self.buttons = [
            w.Button(description=d, layout=w.Layout(width="80px"))
            for d in (
                words.widget("first"),
                words.widget("back"),
                words.widget("forward"),
                words.widget("last"),
            )
        ]
        self.info = w.HTML()
        self.info.add_class("dominolab-replay-info")
        self.buttons[0].on_click(lambda _: self.go(0))
        self.buttons[1].on_click(lambda _: self.back())
        self.buttons[2].on_click(lambda _: self.forward())
        self.buttons[3].on_click(lambda _: self.go(len(self.states) - 1))
        self.slider.observe(lambda ch: self.go(ch["new"]), names="value")
        head = w.HTML(
            f"<b>{_esc(self.record['variant'])}</b>, "
            + _esc(words.widget("players seed", players=self.record["players"], seed=self.record.get("seed")))
        )
        self.widget = w.VBox([head, w.HBox(self.buttons + [self.slider]), self.info, self.board_view.fig])
        self.widget.add_class("dominolab-replayer")
        _projected(self.widget)
        self.go(0)

    def board_at(self, i: int) -> Board:
        return self.states[i].board()

    def go(self, i: int) -> None:
        i = max(0, min(int(i), len(self.states) - 1))
        self.index = i
        if self.slider.value != i:
            self.slider.value = i
            return  # the slider's observer calls go() again
        st = self.states[i]
        self.board_view.update(st.board())
        where = words.widget("round action" if st.index else "round", n=st.round, i=st.index)
        hands = "<br>".join(
            _esc(f"{words.seat(s)}: {' '.join(t.bracketed for t in h) or '—'}")
            for s, h in enumerate(st.hands)
        )
        scores = "<p>" + _esc(words.cli("scores", scores=st.scores_text)) + "</p>"
        turn = self._turns.get((st.round, st.index))
        said = ""
        if turn is not None:
            if turn.missed:
                verdict = words.widget(
                    "review missed", scored=turn.scored, move=turn.best_move, best=turn.best, why=turn.why
                )
            else:
                verdict = words.widget("review best", scored=turn.scored)
            said = _said(words.widget("review of", seat=turn.seat, verdict=verdict), not turn.missed, tag="p")
        self.info.value = f"<p><b>{_esc(where)}</b> {_esc(st.text)}</p>{said}{scores}<small>{hands}</small>"

    def forward(self) -> None:
        self.go(self.index + 1)

    def back(self) -> None:
        self.go(self.index - 1)
