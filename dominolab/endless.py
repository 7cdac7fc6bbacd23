"""The endless mode: rated puzzles, one after another, each near the learner's rating.

:class:`Endless` deals them: one-move puzzles (:func:`~dominolab.make_puzzle`) at the
difficulty nearest the learner's puzzle rating, or with ``deep=True`` puzzles several moves
deep (:func:`~dominolab.make_line_puzzle`, their goals in turn: the round, two turns, deny),
never one this learner has been rated on before.  Each puzzle's first attempt on the board
moves the learner's rating and the puzzle's (Glicko-2, kept with the progress).

>>> import os, tempfile
>>> os.environ["DOMINOLAB_PROGRESS"] = os.path.join(tempfile.mkdtemp(), "p.json")
>>> e = Endless(seed=1, deep=True)
>>> [e.deal()[1] for _ in range(3)]
['line-all-fives-1-1', 'turns-all-fives-1-2', 'deny-all-fives-1-3']
"""

from __future__ import annotations

from . import words
from .errors import DominolabError, is_whole
from .line_puzzles import LINE_GOALS, LINE_THEMES, LinePuzzle, line_level_for, make_line_puzzle
from .progress import learner_rating, was_rated
from .puzzles import THEMES, Puzzle, level_for, make_puzzle

__all__ = ["Endless"]


class Endless:
    """Deals the endless mode's puzzles (see the module): ``deal()`` gives the next puzzle
    and the key its progress is kept under.

    ``theme``: only puzzles showing it (one of :data:`~dominolab.THEMES`, or of
    :data:`~dominolab.LINE_THEMES` with ``deep``; a theme asks the round's goal only).
    """

    def __init__(
        self, rules: str = "all-fives", seed: int = 1, theme: str | None = None, deep: bool = False
    ) -> None:
        if not is_whole(seed):
            raise DominolabError(words.feedback("puzzle seed", value=repr(seed)))
        if not isinstance(deep, bool):
            raise DominolabError(words.onboard("deep", value=repr(deep)))
        known = LINE_THEMES if deep else THEMES
        if theme is not None and theme not in known:
            raise DominolabError(words.feedback("unknown theme", value=repr(theme), known=", ".join(known)))
        self.rules = rules
        self.theme = theme
        self.deep = deep
        self._seed = seed  #: the seed the next puzzle is looked for from
        self._dealt = 0

    def deal(self) -> tuple[Puzzle | LinePuzzle, str]:
        """The next puzzle not rated before, at the difficulty nearest the learner's rating."""
        while True:  # the seeds are endless; the rated ones are a finite few of them
            p: Puzzle | LinePuzzle
            if self.deep:
                goal = "round" if self.theme is not None else LINE_GOALS[self._dealt % len(LINE_GOALS)]
                level = line_level_for(learner_rating())
                p = make_line_puzzle(self._seed, level, self.rules, theme=self.theme, goal=goal)
            else:
                p = make_puzzle(self._seed, level_for(learner_rating()), self.rules, theme=self.theme)
            self._seed = p.seed + 1
            if not was_rated(p.key):
                self._dealt += 1
                return p, p.key
