"""Stages: short runs of positions to answer on the board, easy to hard, one topic each.

A stage's position is a :class:`Goal`: a layout, a hand, and a placement wanted that makes the
count score.  The engine says whether it does and why — the goal is never checked by a rule of
this module — and a stage is played with :func:`dominolab.stage_on_board` (each solve kept
with the learner's progress, stars for few tries).

>>> import dominolab as dl
>>> g = dl.STAGES["counting"][1]
>>> print(g.question)
all-fives: place one tile of 0|3, 1|3, 3|4 so that the count scores.
>>> print(g.check("0|3@3|5:low"))
Right! 0|3 on 3|5:low leaves 0 + 10 = 10: a multiple of 5, 10 points
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import words
from .board import Board, placement_text
from .errors import DominolabError
from .puzzles import Checked, Ranked, best_placements, read_move

__all__ = ["Goal", "STAGES", "stage", "stage_key"]


@dataclass(frozen=True)
class Goal:
    """Place one tile of ``hand`` on the layout ``moves`` (of ``rules``) so that the count
    scores."""

    rules: str
    moves: tuple[tuple[str, str | None], ...]
    hand: tuple[str, ...]

    @property
    def question(self) -> str:
        return words.stage("score question", game=self.rules, hand=", ".join(self.hand))

    def board(self) -> Board:
        return Board.of(self.rules, self.moves)

    def placements(self) -> list[Ranked]:
        """Every placement of the hand, with what it scores and why (best first)."""
        return best_placements(self.board(), self.hand)

    def answers(self) -> list[Ranked]:
        """The placements that reach the goal."""
        return [r for r in self.placements() if r.points > 0]

    def check(self, answer: Any) -> Checked:
        """The verdict on a placement ``tile@tile:slot`` (the tile alone for a lead), in the
        engine's words: what it leaves and whether that scores."""
        read = read_move(answer, self.board(), self.hand)
        if isinstance(read, Checked):
            return read
        t, at = read
        move = placement_text(t, at)
        given = next(r for r in self.placements() if placement_text(r.tile, r.at) == move)
        if given.points > 0:
            return Checked(True, words.stage("right", reason=given.reason))
        return Checked(False, words.stage("no score", reason=given.reason))

    def reveal(self) -> str:
        """A placement that reaches the goal, with its reason."""
        best = self.answers()[0]
        return words.stage("answer", reason=best.reason)


def _goal(rules: str, moves: list[tuple[str, str | None]], hand: str) -> Goal:
    return Goal(rules, tuple(moves), tuple(hand.split()))


#: the stages, each a few positions from easy to hard (every position has an answer and a
#: legal placement that misses: tests/test_onboard.py)
STAGES: dict[str, tuple[Goal, ...]] = {
    # the count: add up the ends; a lead counts both its ends; a double at an end counts both halves
    "counting": (
        _goal("all-fives", [], "1|6 2|3 4|6"),
        _goal("all-fives", [("3|5", None), ("5|5", "3|5:high")], "0|3 1|3 3|4"),
        _goal("all-fives", [("2|6", None)], "6|6 2|2 1|2"),
        _goal("all-fives", [("1|4", None), ("4|4", "1|4:high"), ("1|3", "1|4:low")], "3|5 2|3 0|4"),
    ),
    # spinners: in five-up every double is one; in dominos-cc its branches open at once
    "spinners": (
        _goal("five-up", [("4|4", None), ("4|6", "4|4:line-a")], "4|5 2|4 6|6"),
        _goal("dominos-cc", [("4|4", None)], "4|5 2|4 1|4"),
        _goal("all-fives", [("5|5", None), ("0|5", "5|5:line-a"), ("1|5", "5|5:line-b")], "0|6 1|1 4|5"),
    ),
    # fives and threes: a multiple of 3 scores too (a third of it), and no double is a spinner
    "threes": (
        _goal("fives-and-threes", [], "1|2 2|4 1|3"),
        _goal("fives-and-threes", [("2|5", None)], "5|5 1|2 2|3"),
        _goal("fives-and-threes", [("4|6", None), ("6|6", "4|6:high")], "1|4 2|4 0|4"),
        _goal("fives-and-threes", [("3|3", None), ("3|5", "3|3:line-a")], "3|6 1|3 0|3"),
    ),
}


def stage(name: str) -> tuple[Goal, ...]:
    """The positions of stage ``name`` (one of :data:`STAGES`), easy to hard."""
    if name not in STAGES:
        raise DominolabError(words.stage("unknown stage", name=repr(name), known=", ".join(STAGES)))
    return STAGES[name]


def stage_key(name: str, n: int) -> str:
    """The name under which the learner's progress keeps position ``n`` (from 1) of stage
    ``name``: ``stage-counting-1``."""
    return f"stage-{name}-{n}"
