"""A question answered on the board: a puzzle or a challenge, by two clicks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from .. import words
from ..endless import Endless
from ..errors import DominolabError
from ..line_puzzles import LineOnBoard, make_line_puzzle
from ..onboard import OnBoard, Streak, Task
from ..progress import learner_rating, puzzle_rating
from ..puzzles import Checked, make_puzzle
from ..stages import stage, stage_key
from .base import _Displayable, _esc, _projected, _said
from .figure import figures_together
from .views import BoardView, HandView


def _model(task: Task, key: str | None) -> OnBoard | LineOnBoard:
    """The model a task is answered with: its own (a line puzzle's, move by move) or OnBoard."""
    own = getattr(task, "on_board", None)
    if callable(own):
        model = own(key)
        assert isinstance(model, LineOnBoard)
        return model
    return OnBoard(task, key)


class AnswerOnBoard(_Displayable):
    """Answer a task on the board: click a tile of the hand, then the point it goes on.

    ``AnswerOnBoard(task, key=None, next_task=None)``: ``task`` is a scoring puzzle
    (:func:`~dominolab.make_puzzle`) or a review's challenge; ``key`` keeps the solve in the
    learner's progress; ``next_task`` (a function giving ``(task, key)``) adds a *next* button.
    A wrong placement is refused at once, in the engine's words, and taken back; *show the
    answer* opens after the first try.  The model is :attr:`question` (a
    :class:`~dominolab.OnBoard`); the widget only draws it and passes it the clicks.
    """

    def __init__(
        self,
        task: Task,
        key: str | None = None,
        next_task: Callable[[], tuple[Task, str | None] | None] | None = None,
        *,
        next_words: str | None = None,
        scale: float = 36.0,
        legend: bool | None = None,
    ) -> None:
        self.question = _model(task, key)
        self.next_task = next_task
        self.asked = 1
        self.stars: list[int] = []
        self.prompt = w.HTML()
        self.board_view = BoardView(self.question.board, scale=scale, legend=legend)
        self.hand_view = HandView(self.question.hand, scale=0.75 * scale)
        self.board_view.on_point = self.click_point
        self.hand_view.on_tile = self.select
        #: the rival's hand, where the task shows it (a line puzzle: every hand known); not clicked
        rival = getattr(self.question, "rival_hand", None)
        self.rival_view = None if rival is None else HandView(rival, scale=0.6 * scale)
        self.message_line = w.HTML(layout=w.Layout(min_height="1.6em"))
        self.message_line.add_class("dominolab-message")
        wide = w.Layout(width="auto")  # the words whole, in either language
        self.answer_button = w.Button(
            description=words.onboard("show the answer"), icon="eye", disabled=True, layout=wide
        )
        self.answer_button.on_click(lambda _: self.show_answer())
        self.next_button = w.Button(
            description=next_words or words.onboard("new puzzle"), icon="forward", layout=wide
        )
        self.next_button.on_click(lambda _: self.next())
        self.next_button.layout.display = None if next_task is not None else "none"
        #: a button for each word the task takes as an answer (draw, pass), where it takes one
        self.act_buttons = [
            w.Button(description=words.onboard(f"act {name}"), layout=wide)
            for name in getattr(task, "acts", ())
        ]
        for name, b in zip(getattr(task, "acts", ()), self.act_buttons, strict=True):
            b.on_click(lambda _, name=name: self.act(name))
        #: a box for a number and its button, where the task's answer is one (a settlement)
        self.number_box = w.Text(placeholder="25", layout=w.Layout(width="120px"))
        self.number_button = w.Button(description=words.stage("act answer"), icon="check", layout=wide)
        self.number_button.on_click(lambda _: self.answer(self.number_box.value))
        numbers = bool(getattr(task, "takes_number", False))
        self.answer_box = w.HTML()
        self.tally = w.HTML()
        self.widget = w.VBox(
            [
                self.prompt,
                *([] if self.rival_view is None else [self.rival_view.fig]),
                self.hand_view.fig,
                self.message_line,
                self.board_view.fig,
                *([w.HBox(self.act_buttons)] if self.act_buttons else []),
                *([w.HBox([self.number_box, self.number_button])] if numbers else []),
                w.HBox([self.answer_button, self.next_button, self.tally]),
                self.answer_box,
            ]
        )
        self.widget.add_class("dominolab-on-board")
        _projected(self.widget)
        self._refresh()

    # -- what clicks do ----------------------------------------------------------------

    def select(self, tile: str) -> Checked:
        """A click on a tile of the hand."""
        verdict = self.question.select(tile)
        self._refresh()
        return verdict

    def click_point(self, point: str) -> Checked:
        """A click on an open point of the board (``"1|4:high"``, or ``"lead"``)."""
        verdict = self.question.place(point)
        if verdict.right and self.question.solved:  # (a line puzzle's good move is not the end)
            self.stars.append(self.question.stars)
        self._refresh()
        return verdict

    def act(self, name: str) -> Checked:
        """A press of the task's *draw* or *pass* button."""
        verdict = self.question.act(name)
        if verdict.right and self.question.solved:
            self.stars.append(self.question.stars)
        self._refresh()
        return verdict

    def answer(self, value: object) -> Checked:
        """A number typed in the box and checked (a settlement's answer)."""
        if not isinstance(self.question, OnBoard):  # a line puzzle is answered by moves alone
            return Checked(False, words.onboard("not an answer here", name=repr(value)))
        verdict = self.question.answer(value)
        if verdict.right and self.question.solved:
            self.stars.append(self.question.stars)
        self._refresh()
        return verdict

    def show_answer(self) -> str:
        """The answer in the task's words (open after the first try)."""
        if self.question.tries == 0 and not self.question.solved:
            return ""
        text = self.question.reveal()
        self.answer_box.value = f"<p>{_esc(text)}</p>"
        return text

    def next(self) -> None:
        """The next task, when the widget was given a way to make one."""
        if self.next_task is None:
            return
        dealt = self.next_task()
        if dealt is None:  # the last one was answered: nothing follows
            self.next_button.disabled = True
            self.message_line.value = _said(words.stage("stage done"))
            return
        task, key = dealt
        self.question = _model(task, key)
        self.asked += 1
        self.answer_box.value = ""
        self._refresh()

    # -- drawing -------------------------------------------------------------------------

    def _refresh(self) -> None:
        q = self.question
        how = words.onboard("how number" if getattr(q.task, "takes_number", False) else "how")
        self.prompt.value = f"<b>{_esc(q.question)}</b><br>{_esc(how)}"
        with figures_together():  # the hand, the board (and the rival's hand) drawn in one go
            self._draw_figures()
        verdict = q.verdict
        self.message_line.value = _said(verdict.text, verdict.right)
        self.answer_button.disabled = q.tries == 0 and not q.solved
        done = "".join("★" * s + "☆" * (3 - s) + " " for s in self.stars)
        tally = words.onboard("stars so far", solved=len(self.stars), asked=self.asked, stars=done)
        start = getattr(q.task, "start_rating", None)
        if start is not None and q.key is not None:  # a rated task: the ratings as they stand
            it = puzzle_rating(q.key, start)
            tally += " · " + words.onboard("ratings", me=learner_rating(), it=f"{it.rating:.0f}")
        self.tally.value = _esc(tally)

    def _draw_figures(self) -> None:
        q, picked = self.question, self.question.selected
        left = getattr(q.task, "others", None) if getattr(q.task, "takes_number", False) else None
        if left is not None:  # a settlement: the tiles left in the other hands, seat by seat
            held = "; ".join(
                words.stage("settle holds", seat=i, tiles=words.tiles(len(h))) for i, h in enumerate(left, 1)
            )
            tiles = [t for h in left for t in h]
            self.hand_view.update(tiles, title=words.onboard("tiles left", held=held))
        else:
            # (once solved, nothing more is clicked: the hand is only shown)
            shown = words.widget("hand shown" if q.solved else "hand click", tiles=words.tiles(len(q.hand)))
            self.hand_view.update(q.hand, selected=picked, title=shown)
        self.board_view.update(q.board, highlight=picked)
        rival = getattr(q, "rival_hand", None)
        if rival is not None and self.rival_view is not None:
            self.rival_view.update(rival, title=words.onboard("rival hand", tiles=words.tiles(len(rival))))


def puzzles_on_board(
    difficulty: int = 1, seed: int = 1, rules: str = "all-fives", theme: str | None = None, **options: Any
) -> AnswerOnBoard:
    """Scoring puzzles answered on the board, one after another (*new puzzle* deals the next
    seed); each solve is kept with the learner's progress as ``puzzle-<rules>-<level>-<seed>``.
    ``theme`` (one of :data:`~dominolab.THEMES`): only puzzles whose answer shows it.

    >>> q = puzzles_on_board(difficulty=1, seed=1)
    >>> q.question.task.difficulty, q.question.key
    (1, 'puzzle-all-fives-1-1')
    >>> "covers-double" in puzzles_on_board(theme="covers-double").question.task.themes
    True
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise DominolabError(words.feedback("puzzle seed", value=repr(seed)))
    after = [seed]  # the seed the next puzzle is looked for from

    def deal() -> tuple[Task, str]:
        p = make_puzzle(after[0], difficulty, rules, theme=theme)
        after[0] = p.seed + 1
        return p, p.key

    task, key = deal()
    return AnswerOnBoard(task, key, next_task=deal, **options)


def line_puzzles_on_board(
    difficulty: int = 1,
    seed: int = 1,
    rules: str = "all-fives",
    theme: str | None = None,
    goal: str = "round",
    **options: Any,
) -> AnswerOnBoard:
    """Puzzles several moves deep (:func:`~dominolab.make_line_puzzle`), one after another:
    every hand known, play to the end of the round for the most over your rival; each move is
    checked against the best result and answered by the rival's best reply.  ``theme`` (one
    of :data:`~dominolab.LINE_THEMES`): only puzzles whose best line shows it;
    ``goal="two-turns"``: score the most you can be sure of in your next two turns instead;
    ``goal="deny"``: keep your rival from scoring in its next two turns.

    >>> q = line_puzzles_on_board(seed=1)
    >>> q.question.task.key
    'line-all-fives-1-1'
    >>> "blocks" in line_puzzles_on_board(theme="blocks").question.task.themes
    True
    """
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise DominolabError(words.feedback("puzzle seed", value=repr(seed)))
    after = [seed]

    def deal() -> tuple[Task, str]:
        p = make_line_puzzle(after[0], difficulty, rules, theme=theme, goal=goal)
        after[0] = p.seed + 1
        return p, p.key

    task, key = deal()
    return AnswerOnBoard(task, key, next_task=deal, **options)


def endless_puzzles(
    rules: str = "all-fives", seed: int = 1, theme: str | None = None, deep: bool = False, **options: Any
) -> AnswerOnBoard:
    """Rated puzzles without end (:class:`~dominolab.Endless`): each one at the difficulty
    nearest the learner's puzzle rating (:func:`~dominolab.level_for`), never one rated before;
    its first try moves the learner's rating and the puzzle's (Glicko-2), kept with the
    learner's progress.  ``deep=True``: puzzles several moves deep, their goals in turn.

    >>> import os, tempfile
    >>> os.environ["DOMINOLAB_PROGRESS"] = os.path.join(tempfile.mkdtemp(), "p.json")
    >>> q = endless_puzzles(seed=1)
    >>> q.question.task.difficulty  # a new learner (1500) is served the middle level
    2
    >>> endless_puzzles(seed=1, deep=True).question.task.key
    'line-all-fives-1-1'
    """
    deal = Endless(rules, seed, theme, deep).deal
    task, key = deal()
    return AnswerOnBoard(task, key, next_task=deal, **options)


class StreakOnBoard(AnswerOnBoard):
    """A timed streak (:class:`~dominolab.Streak`) on the board: the puzzles come one after
    another as each is solved; the line under the board says the streak, the best, the level and
    the time left (read at each click); *new streak* starts again."""

    def __init__(self, streak: Streak, **options: Any) -> None:
        self.streak = streak
        super().__init__(streak.question.task, None, next_task=None, **options)
        self.next_button.description = words.onboard("new streak")
        self.next_button.layout.display = None
        self._show(None)

    def select(self, tile: str) -> Checked:
        return self._show(self.streak.select(tile))

    def click_point(self, point: str) -> Checked:
        return self._show(self.streak.place(point))

    def next(self) -> None:
        """A new streak, with the same time, from the next puzzles."""
        self.streak = self.streak.again()
        self.answer_box.value = ""
        self._show(None)

    def _show(self, verdict: Checked | None) -> Checked:
        s = self.streak
        self.question = s.question
        self._refresh()
        if verdict is not None and verdict.right is not None:  # the streak's own words
            self.message_line.value = _said(verdict.text, verdict.right)
        self.answer_button.layout.display = "none"  # a miss shows the answer itself
        self.tally.value = _esc(
            words.onboard("streak tally", solved=s.solved, best=s.best, level=s.level, left=s.clock_text())
        )
        return verdict if verdict is not None else Checked(None, self.question.question)


def puzzle_streak(
    seconds: float = 180, seed: int = 1, rules: str = "all-fives", **options: Any
) -> StreakOnBoard:
    """A timed streak of scoring puzzles answered on the board (:class:`~dominolab.Streak`):
    as many as you can solve at the first try in ``seconds``; harder every three.

    >>> s = puzzle_streak(seconds=120, seed=1)
    >>> s.streak.level, s.streak.solved
    (1, 0)
    """
    return StreakOnBoard(Streak(seconds, seed, rules), **options)


def stage_on_board(name: str, **options: Any) -> AnswerOnBoard:
    """The positions of stage ``name`` (:data:`~dominolab.STAGES`: ``"counting"``,
    ``"spinners"``, ``"threes"``) answered on the board one after another, easy to hard; each
    solve kept with the learner's progress as ``stage-<name>-<n>``.

    >>> s = stage_on_board("counting")
    >>> s.question.key, len(s.question.hand)
    ('stage-counting-1', 3)
    """
    goals = iter(enumerate(stage(name), start=1))

    def deal() -> tuple[Task, str] | None:
        found = next(goals, None)
        if found is None:
            return None
        n, goal = found
        return goal, stage_key(name, n)

    first = deal()
    assert first is not None  # a stage has positions
    return AnswerOnBoard(
        first[0], first[1], next_task=deal, next_words=words.stage("next position"), **options
    )
