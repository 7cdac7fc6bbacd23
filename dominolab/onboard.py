"""Questions answered on the board: pick a tile of the hand, then the point it goes on.

A *task* is anything with a layout, a hand and a verdict on a placement — a scoring puzzle
(:func:`~dominolab.make_puzzle`), a game review's *find the better move* challenge
(:meth:`~dominolab.GameReview.challenges`).  :class:`OnBoard` keeps the learner's answer as
it is given by clicks: a tile that is not held or does not play is refused at once, with the
engine's reason; a placement that misses the task's goal is refused in the task's own words
and taken back (the layout stays as it was); the right one is placed, and the tries it took
are kept with the learner's progress (three stars for a first try).  The widget
(:class:`dominolab.widgets.AnswerOnBoard`) only draws this model and passes it the clicks.

>>> import os, tempfile
>>> os.environ["DOMINOLAB_PROGRESS"] = os.path.join(tempfile.mkdtemp(), "p.json")
>>> import dominolab as dl
>>> q = dl.OnBoard(dl.make_puzzle(seed=1))
>>> tile, _, point = q.task.answer.partition("@")
>>> q.select(tile).right, q.place(point or "lead").right, q.stars
(None, True, 3)
"""

from __future__ import annotations

from typing import Any, Protocol

from . import words
from .board import Board, placement_text
from .errors import DominolabError
from .progress import learner_rating, record_attempt, record_solved, stars_for, was_rated
from .puzzles import Checked
from .rating import Rating
from .tiles import Tile, TileLike

__all__ = ["OnBoard", "Task"]


class Task(Protocol):
    """What :class:`OnBoard` asks of a question: its layout, its hand, its question in words
    and its verdict on a placement written ``tile@tile:slot`` (the tile alone for a lead)."""

    @property
    def question(self) -> str: ...

    def board(self) -> Board: ...

    def check(self, answer: Any) -> Checked: ...

    def reveal(self) -> str: ...


class OnBoard:
    """A task answered by clicks: :meth:`select` a tile, then :meth:`place` it on a point.

    ``key`` names the task in the learner's progress (none: nothing is kept).  ``board`` is the
    layout as the learner sees it, ``hand`` the tiles they may play, ``selected`` the tile
    picked, ``tries`` the placements checked so far, ``solved`` whether one was right, and
    ``verdict`` the last thing said (a :class:`~dominolab.Checked`).
    """

    def __init__(self, task: Task, key: str | None = None) -> None:
        for need in ("board", "check", "question", "reveal"):
            if not hasattr(task, need):
                raise DominolabError(words.onboard("not a task", value=repr(task), need=need))
        self.task = task
        self.key = key
        self.board = task.board()  # an exercise not answered by a placement says so here
        given = getattr(task, "hand", None)
        if given is None:
            raise DominolabError(words.onboard("not a task", value=repr(task), need="hand"))
        self.hand: list[Tile] = [Tile(t) for t in given if Tile(t) not in self.board]
        self.selected: Tile | None = None
        self.tries = 0
        self.solved = False
        #: a rated task's (a puzzle's) first try moves the learner's rating and the task's:
        #: ``(before, after)`` of the learner's, once tried; ``None`` before, or for a task not rated
        self.rating: tuple[Rating, Rating] | None = None
        self.verdict = Checked(None, self.question)

    @property
    def question(self) -> str:
        """The task's question as asked on the board (without how to write an answer, where
        the task has such a form: ``ask``)."""
        return str(getattr(self.task, "ask", self.task.question))

    @property
    def stars(self) -> int:
        """Three for a first try, two for a second, one after that; none before it is solved."""
        return stars_for(self.tries) if self.solved else 0

    def select(self, tile: TileLike) -> Checked:
        """Pick a tile of the hand.  A tile not held, or one that plays nowhere, is refused
        with the reason; a task solved takes no more tiles."""
        if self.solved:
            return self._say(Checked(False, words.onboard("solved already")))
        try:
            t = Tile(tile)
        except DominolabError as e:
            return self._say(Checked(False, str(e)))
        if t not in self.hand:
            key = "on layout" if t in self.board else "not held"
            return self._say(Checked(False, words.widget(key, tile=t)))
        if self.board.is_empty:
            self.selected = t
            return self._say(Checked(None, words.widget("selected lead", tile=t)))
        where = self.board.placements_for(t)
        if not where:
            values = ", ".join(map(str, sorted(self.board.open_values())))
            shows = (
                words.widget("shows double", low=t.low)
                if t.is_double
                else words.widget("shows", low=t.low, high=t.high)
            )
            return self._say(
                Checked(False, words.widget("does not play", tile=t, shows=shows, values=values))
            )
        self.selected = t
        return self._say(Checked(None, words.widget_selected(t, len(where))))

    def place(self, point: str) -> Checked:
        """Put the selected tile on ``point`` (``"1|4:high"``; ``"lead"`` on an empty layout)
        and ask the task.  Right: it is placed and the tries are kept with the learner's
        progress.  Wrong: the task says why, the layout stays as it was, and the tile is put
        back in the hand."""
        if self.solved:
            return self._say(Checked(False, words.onboard("solved already")))
        if self.selected is None:
            return self._say(Checked(False, words.widget("pick first then click")))
        t, at = self.selected, None if point == "lead" else str(point)
        why = self.board.why_not(t, at)
        if why is not None:  # not a placement at all: said, not counted as a try
            return self._say(Checked(False, words.feedback("placement refused", why=why)))
        self.tries += 1
        verdict = self.task.check(placement_text(t, at))
        self.selected = None
        rated = ""
        start = getattr(self.task, "start_rating", None)
        if self.tries == 1 and self.key is not None and isinstance(start, Rating) and not was_rated(self.key):
            before = learner_rating()
            after, _ = record_attempt(self.key, start, bool(verdict.right))
            self.rating = (before, after)
            rated = " " + words.onboard("rating moved", before=f"{before.rating:.0f}", after=after)
        if verdict.right:
            self.board.play(t, at)
            self.hand.remove(t)
            self.solved = True
            if self.key is not None:
                record_solved(self.key, self.tries)
            said = words.onboard("solved", verdict=verdict, stars="★" * self.stars)
            return self._say(Checked(True, said + rated))
        said = words.onboard("taken back", verdict=verdict, tries=self.tries)
        return self._say(Checked(False, said + rated))

    def reveal(self) -> str:
        """The answer in the task's words (the tries so far stay as they are)."""
        return self.task.reveal()

    def _say(self, verdict: Checked) -> Checked:
        self.verdict = verdict
        return verdict

    def __repr__(self) -> str:
        state = "solved" if self.solved else f"{self.tries} tries"
        return f"<OnBoard {type(self.task).__name__}: {state}>"
