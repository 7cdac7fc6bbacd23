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

import time
from collections.abc import Callable
from typing import Any, Protocol

from . import words
from .answers import read_number
from .board import Board, clicked_point, placement_text
from .errors import DominolabError, is_whole
from .progress import (
    best_streak,
    learner_rating,
    record_attempt,
    record_solved,
    record_streak,
    stars_for,
    was_rated,
)
from .puzzles import Checked, make_puzzle
from .rating import Rating
from .tiles import Tile, TileLike

__all__ = ["OnBoard", "Task", "Streak"]


class Task(Protocol):
    """What :class:`OnBoard` asks of a question: its layout, its hand, its question in words
    and its verdict on a placement written ``tile@tile:slot`` (the tile alone for a lead)."""

    @property
    def question(self) -> str: ...

    def board(self) -> Board: ...

    def check(self, answer: Any) -> Checked: ...

    def reveal(self) -> str: ...


def read_pick(solved: bool, tile: TileLike) -> Tile | Checked:
    """The tile a click on the hand picks, or the verdict that refuses it: the task is solved
    already, or what was given is not a tile."""
    if solved:
        return Checked(False, words.onboard("solved already"))
    try:
        return Tile(tile)
    except DominolabError as e:
        return Checked(False, str(e))


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
        t = read_pick(self.solved, tile)
        if isinstance(t, Checked):
            return self._say(t)
        if t not in self.hand:
            key = "on layout" if t in self.board else "not held"
            return self._say(Checked(False, words.widget(key, tile=t)))
        if self.board.is_empty:
            self.selected = t
            return self._say(Checked(None, words.widget("selected lead", tile=t)))
        where = self.board.placements_for(t)
        if not where:
            values = ", ".join(map(str, sorted(self.board.open_values())))
            shows = words.tile_needs(t)
            return self._say(
                Checked(False, words.widget("does not play", tile=t, shows=shows, values=values))
            )
        self.selected = t
        return self._say(Checked(None, words.widget_selected(t, len(where))))

    def act(self, name: str) -> Checked:
        """Answer with a word instead of a placement — ``"draw"``, ``"pass"`` — where the task
        takes one (its ``acts``); checked, counted and kept as a placement is."""
        if self.solved:
            return self._say(Checked(False, words.onboard("solved already")))
        if name not in getattr(self.task, "acts", ()):
            return self._say(Checked(False, words.onboard("not an answer here", name=repr(name))))
        return self._tried(name)

    def answer(self, value: Any) -> Checked:
        """Answer with a number typed in (``25``, ``"25 points"``), where the task takes one
        (its ``takes_number``: a settlement); checked, counted and kept as a placement is.  A
        number that cannot be read is said and not counted as a try."""
        if self.solved:
            return self._say(Checked(False, words.onboard("solved already")))
        if not getattr(self.task, "takes_number", False):
            return self._say(Checked(False, words.onboard("not an answer here", name=repr(value))))
        try:
            read_number(value)
        except DominolabError as e:
            return self._say(Checked(False, str(e)))
        return self._tried(value)

    def _tried(self, answer: Any) -> Checked:
        """A try that is not a placement (a word, a number): checked by the task, counted, and
        a right one kept with the learner's progress."""
        self.tries += 1
        self.selected = None
        verdict = self.task.check(answer)
        if verdict.right:
            self.solved = True
            if self.key is not None:
                record_solved(self.key, self.tries)
            said = words.onboard("solved", verdict=verdict, stars="★" * self.stars)
            return self._say(Checked(True, said))
        return self._say(Checked(False, words.onboard("try again", verdict=verdict, tries=self.tries)))

    def place(self, point: str) -> Checked:
        """Put the selected tile on ``point`` (``"1|4:high"``; ``"lead"`` on an empty layout)
        and ask the task.  Right: it is placed and the tries are kept with the learner's
        progress.  Wrong: the task says why, the layout stays as it was, and the tile is put
        back in the hand."""
        if self.solved:
            return self._say(Checked(False, words.onboard("solved already")))
        if self.selected is None:
            return self._say(Checked(False, words.widget("pick first then click")))
        t, at = self.selected, clicked_point(point)
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


class Streak:
    """Puzzles in a row against the clock (a *timed streak*): solve each scoring puzzle at the
    first try before the time runs out; every three solved, the next ones are a level harder.
    A miss, or an answer after the time is up, ends the streak; the best streak is kept with
    the learner's progress.  Streak puzzles are not rated (that is the endless mode's).

    ``clock`` (seconds, as :func:`time.monotonic`) is for tests.

    >>> import os, tempfile
    >>> os.environ["DOMINOLAB_PROGRESS"] = os.path.join(tempfile.mkdtemp(), "p.json")
    >>> s = Streak(seconds=60, seed=1)
    >>> tile, _, point = s.question.task.answer.partition("@")
    >>> _ = s.select(tile); s.place(point or "lead").right, s.solved, s.ended
    (True, 1, None)
    """

    def __init__(
        self,
        seconds: float = 180,
        seed: int = 1,
        rules: str = "all-fives",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 0 < seconds < 86_400:
            raise DominolabError(words.onboard("streak seconds", value=repr(seconds)))
        if not is_whole(seed):
            raise DominolabError(words.feedback("puzzle seed", value=repr(seed)))
        self.seconds = float(seconds)
        self.rules = rules
        self._clock = clock
        self._seed = seed
        self.solved = 0
        #: why the streak ended: ``"missed"``, ``"time"``, or ``None`` while it goes on
        self.ended: str | None = None
        self.question = self._deal()
        self.started = clock()

    def again(self) -> Streak:
        """A new streak with the same time and game, from the puzzles after this one's (none
        repeated), on the same clock.

        >>> s = Streak(seconds=60, seed=1)
        >>> t = s.again()
        >>> (t.seconds, t.solved, t.question.task.seed > s.question.task.seed)
        (60.0, 0, True)
        """
        return Streak(self.seconds, self._seed, self.rules, self._clock)

    @property
    def level(self) -> int:
        """The difficulty of the puzzles now: 1, then 2 after three solved, 3 after six."""
        return min(3, 1 + self.solved // 3)

    def _deal(self) -> OnBoard:
        p = make_puzzle(self._seed, self.level, self.rules)
        self._seed = p.seed + 1
        return OnBoard(p)  # no key: a streak's puzzles are counted by the streak, not one by one

    def time_left(self) -> float:
        """Seconds left (0 once the time is up)."""
        return max(0.0, self.seconds - (self._clock() - self.started))

    def clock_text(self) -> str:
        """The time left as ``2:05``."""
        left = int(self.time_left() + 0.999)
        return f"{left // 60}:{left % 60:02d}"

    def _over(self) -> Checked | None:
        if self.ended is None and self.time_left() <= 0:
            self.ended = "time"
            best = record_streak(self.solved)
            return Checked(False, words.onboard("streak time", solved=self.solved, best=best))
        if self.ended is not None:
            return Checked(False, words.onboard("streak over"))
        return None

    def select(self, tile: TileLike) -> Checked:
        """Pick a tile of the current puzzle's hand (refused once the streak is over)."""
        over = self._over()
        return over if over is not None else self.question.select(tile)

    def place(self, point: str) -> Checked:
        """Place the picked tile: right, the streak goes on with the next puzzle; a miss ends it
        (with the answer); a click that is not a try (no tile picked, not a legal point) changes
        nothing."""
        over = self._over()
        if over is not None:
            return over
        tries = self.question.tries
        verdict = self.question.place(point)
        if self.question.tries == tries:  # not a try
            return verdict
        if verdict.right:
            self.solved += 1
            self.question = self._deal()
            said = words.onboard("streak on", solved=self.solved, left=self.clock_text())
            return Checked(True, f"{verdict.text} {said}")
        self.ended = "missed"
        best = record_streak(self.solved)
        answer = self.question.task.reveal()
        return Checked(False, words.onboard("streak missed", solved=self.solved, answer=answer, best=best))

    @property
    def best(self) -> int:
        """The learner's best streak so far (this one included once it ended)."""
        return best_streak()
