"""Questions a learner asks of a position: which placement scores most?

>>> import dominolab as dl
>>> b = dl.Board("all-fives"); _ = b.play("1|4")
>>> best = dl.best_placements(b, ["4|4", "1|6", "2|3"])
>>> best[0].tile, best[0].at, best[0].points
(Tile('1|6'), '1|4:low', 10)
>>> print(best[0].reason)
1|6 on 1|4:low leaves 4 + 6 = 10: a multiple of 5, 10 points
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, TypeVar

from . import words
from .board import Board, parse_placement, placement_text
from .errors import DominolabError, is_whole
from .rating import Rating
from .tiles import DOUBLE_SIX, Tile, TileLike
from .tiles import tiles as parse_tiles

__all__ = ["Checked", "Ranked", "best_placements", "Puzzle", "make_puzzle", "THEMES", "themes"]


@dataclass(frozen=True)
class Checked:
    """The verdict on an answer; prints as a sentence."""

    right: bool | None
    text: str

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text

    def __bool__(self) -> bool:
        return bool(self.right)


class Ranked(NamedTuple):
    """One placement with what it scores and why."""

    tile: Tile
    at: str | None
    points: int
    sum: int
    reason: str

    def __repr__(self) -> str:
        return (
            f"Ranked(tile={str(self.tile)!r}, at={self.at!r}, points={self.points}, sum={self.sum}, "
            f"reason={self.reason!r})"
        )


def read_move(answer: Any, board: Board, hand: Sequence[str]) -> tuple[Tile, Any] | Checked:
    """A placement answered for ``board`` with a tile of ``hand``: the tile and its point, or
    the verdict that refuses it (not answered, unreadable, not held, not legal) in the engine's
    words."""
    if answer is None:
        return Checked(None, words.review("challenge not answered"))
    try:
        t, at = parse_placement(str(answer))
    except DominolabError as e:
        return Checked(False, words.feedback("unreadable answer", error=e))
    if str(t) not in hand:
        return Checked(False, words.review("not held", tile=t, hand=" ".join(hand)))
    why = board.why_not(t, at)
    if why is not None:
        return Checked(False, words.review("not legal", move=placement_text(t, at), why=why))
    return t, at


def best_placements(board: Board, hand: Iterable[TileLike]) -> list[Ranked]:
    """Every placement of the hand's tiles, best first (points, then the heavier tile).

    Each comes with the reason in words: the count it leaves and whether that scores.
    """
    if not isinstance(board, Board):
        raise DominolabError(words.feedback("needs a board", value=repr(board)))
    out: list[Ranked] = []
    tiles = sorted(set(parse_tiles(hand)) - set(board.tiles))
    for t in tiles:
        points_list = [None] if board.is_empty else board.placements_for(t)
        for p in points_list:
            board.play(t, p)
            eq = board.equation()
            total = board.end_sum()
            pts = board.rules.points(board.score())
            board.undo()
            kind = board.rules.count_kind(total)
            why = words.leaves(t, p, eq, kind, pts, board.rules.unit)
            out.append(Ranked(t, None if p is None else str(p), pts, total, why))
    out.sort(key=lambda r: (-r.points, -r.tile.pips))
    return out


#: what the learner's progress keys of the puzzles begin with (:attr:`Puzzle.key`)
PUZZLE_KEY = "puzzle-"

#: the themes a placement can show, as :func:`themes` detects them
THEMES = ("terminal-double", "covers-double", "new-spinner", "opens-spinner", "muggins-count")


def themes(board: Board, tile: TileLike, at: Any = None) -> tuple[str, ...]:
    """What placing ``tile`` at ``at`` shows, by the engine's own account of the layout before
    and after it (never a label written by hand), in the order of :data:`THEMES`:

    - ``terminal-double``: a double placed at an end, counting both halves;
    - ``covers-double``: it covers a double that counted both halves, which stops counting;
    - ``new-spinner``: the tile becomes a spinner;
    - ``opens-spinner``: a spinner's branches open;
    - ``muggins-count``: the placement scores, and its count holds a double elsewhere on the
      layout counting both halves (not the tile just placed): the part of a count a quick
      counter misses, and claims short, and a muggins rival takes (our reading of the issue's
      "muggins counts": the seeds say only that some tables claim "los puntos que otro
      jugador no vio").

    >>> b = Board("all-fives"); _ = b.play("1|5")
    >>> themes(b, "5|5", "1|5:high")
    ('terminal-double', 'new-spinner')
    >>> b = Board.of("all-fives", [("5|5", None), ("0|5", "5|5:line-a")])
    >>> themes(b, "0|0", "0|5:low")  # 0 + 5 + 5: the 5|5 at the other end counts 10
    ('terminal-double', 'muggins-count')
    """
    before = {(e.tile, e.slot) for e in board.counted_ends()}
    opened = {(p.tile, p.slot) for p in board.open_points()}
    scores = board.points_for(Tile(tile), at) > 0
    placed = board.play(tile, at)
    try:
        after = {(e.tile, e.slot) for e in board.counted_ends()}
        branches = {(p.tile, p.slot) for p in board.open_points() if p.slot.startswith("branch")}
    finally:
        board.undo()
    found = {
        "terminal-double": (placed.tile, None) in after,
        "covers-double": any(slot is None and (t, None) not in after for t, slot in before),
        "new-spinner": placed.spinner,
        "opens-spinner": bool(branches - opened),
        "muggins-count": scores and any(slot is None and t != placed.tile and t.low > 0 for t, slot in after),
    }
    return tuple(name for name in THEMES if found[name])


@dataclass(frozen=True)
class Puzzle:
    """A scoring puzzle: a layout, a hand, and the one placement that scores most."""

    rules: str
    moves: tuple[tuple[Tile, str | None], ...]
    hand: tuple[Tile, ...]
    answer: str  #: "tile@tile:slot" (or the tile alone for a lead)
    points: int
    difficulty: int
    seed: int

    @property
    def question(self) -> str:
        return words.feedback("puzzle question", game=self.rules, hand=", ".join(self.hand))

    @property
    def ask(self) -> str:
        """The question without how to write the answer (on the board, it is two clicks)."""
        return words.feedback("puzzle ask", game=self.rules, hand=", ".join(self.hand))

    def board(self) -> Board:
        return Board.of(self.rules, self.moves)

    def check(self, answer: str | None) -> Checked:
        """The verdict on a placement written ``tile@tile:slot`` (prints as a sentence).

        >>> p = make_puzzle(seed=1, difficulty=1)
        >>> print(p.check(None))  # doctest: +ELLIPSIS
        Not answered yet: replace None with your answer (a placement like '2|6@6|6:line-b') and run...
        >>> p.check(p.answer).right
        True
        """
        if answer is None:
            return Checked(None, words.feedback("puzzle not answered"))
        try:
            b = self.board()
            t, at = parse_placement(str(answer))
            if t not in self.hand:
                return Checked(False, words.feedback("not in the hand", tile=t, hand=", ".join(self.hand)))
            why = b.why_not(t, at)
            if why is not None:
                return Checked(False, words.feedback("placement refused", why=why))
            pts = b.points_for(t, at)
        except ValueError as e:
            return Checked(False, words.feedback("unreadable answer", error=e))
        given = placement_text(t, at)
        if given == self.answer:
            return Checked(True, words.feedback("puzzle right", points=pts))
        return Checked(
            False,
            words.feedback(
                "puzzle legal", points=pts, best=self.points, game=b.rules.name, scoring=b.rules.scoring_text
            ),
        )

    def reveal(self) -> str:
        """The answer in words."""
        return words.feedback("puzzle answer", answer=self.answer, points=self.points)

    @property
    def key(self) -> str:
        """The name under which the learner's progress keeps this puzzle:
        ``puzzle-all-fives-1-4`` (rules, difficulty, seed)."""
        return f"{PUZZLE_KEY}{self.rules}-{self.difficulty}-{self.seed}"

    @property
    def start_rating(self) -> Rating:
        """The puzzle's rating before anyone tried it: :data:`LEVEL_RATINGS` of its difficulty,
        uncertain by 250 (each rated attempt moves it: :func:`~dominolab.record_attempt`)."""
        return Rating(LEVEL_RATINGS[self.difficulty], 250.0)

    @property
    def themes(self) -> tuple[str, ...]:
        """What the answer shows (:func:`themes`): ``("terminal-double",)``, say."""
        t, at = parse_placement(self.answer)
        return themes(self.board(), t, at)


class _Themed(Protocol):
    @property
    def rules(self) -> str: ...
    @property
    def difficulty(self) -> int: ...
    @property
    def themes(self) -> tuple[str, ...]: ...


_P = TypeVar("_P", bound=_Themed)


def first_with_theme(
    make: Callable[[int], _P], seed: int, theme: str, themes: Sequence[str], seeds: int
) -> _P:
    """The first puzzle ``make(s)`` for ``s`` from ``seed`` on whose ``themes`` hold ``theme``
    (one of ``themes``; refused otherwise), looking through ``seeds`` seeds."""
    if theme not in themes:
        raise DominolabError(words.feedback("unknown theme", value=repr(theme), known=", ".join(themes)))
    for s in range(seed, seed + seeds):
        found = make(s)
        if theme in found.themes:
            return found
    raise DominolabError(
        words.feedback("no theme", theme=theme, rules=found.rules, difficulty=found.difficulty, n=seeds)
    )


def random_layout(rng: random.Random, rules: str, low: int, high: int) -> Board:
    """A layout of ``low`` to ``high`` tiles grown at random from a random lead (fewer where no
    tile plays any more): the position a generated puzzle is set on."""
    b = Board(rules)
    b.play(rng.choice(DOUBLE_SIX))
    target = rng.randint(low, high)
    while len(b) < target:
        mv = [(t, p) for t in DOUBLE_SIX for p in b.placements_for(t)]
        if not mv:
            break
        t, p = rng.choice(mv)
        b.play(t, p)
    return b


#: each difficulty's starting rating (a first guess, on the scale of a learner's 1500)
LEVEL_RATINGS = {1: 1200.0, 2: 1500.0, 3: 1800.0}


def level_for(rating: Rating) -> int:
    """The difficulty whose starting rating is nearest ``rating`` (the endless mode's pick).

    >>> level_for(Rating(1500)), level_for(Rating(1000)), level_for(Rating(1700))
    (2, 1, 3)
    """
    r = Rating.checked(rating).rating
    return min(LEVEL_RATINGS, key=lambda level: (abs(LEVEL_RATINGS[level] - r), level))


#: how many seeds ``make_puzzle(theme=...)`` tries, from the seed given, before it gives up
THEME_SEEDS = 2000


def make_puzzle(seed: int, difficulty: int = 1, rules: str = "all-fives", theme: str | None = None) -> Puzzle:
    """A seeded puzzle with a unique best placement.

    ``difficulty`` 1–3: more tiles on the layout, a larger hand, and (at 3) a runner-up
    within 5 points of the best.  ``theme`` (one of :data:`THEMES`): the first puzzle from
    ``seed`` on whose answer shows it (its ``seed`` says which).

    >>> p = make_puzzle(seed=1, theme="terminal-double")
    >>> "terminal-double" in p.themes and p.seed >= 1
    True
    """
    if not is_whole(seed):
        raise DominolabError(words.feedback("puzzle seed", value=repr(seed)))
    if difficulty not in (1, 2, 3):
        raise DominolabError(words.feedback("difficulty", value=repr(difficulty)))
    if theme is not None:
        return first_with_theme(lambda s: make_puzzle(s, difficulty, rules), seed, theme, THEMES, THEME_SEEDS)
    rng = random.Random(seed * 7919 + difficulty)
    layout_size = {1: (2, 4), 2: (4, 8), 3: (7, 12)}[difficulty]
    hand_size = {1: 3, 2: 4, 3: 6}[difficulty]
    for _ in range(10_000):
        b = random_layout(rng, rules, *layout_size)
        rest = [t for t in DOUBLE_SIX if t not in b]
        hand = sorted(rng.sample(rest, min(hand_size, len(rest))))
        ranked = best_placements(b, hand)
        if len(ranked) < 2 or ranked[0].points == 0:
            continue  # one legal placement (or none) asks nothing: a puzzle is a choice
        if len(ranked) > 1 and ranked[1].points == ranked[0].points:
            continue  # not unique
        if difficulty == 3 and (len(ranked) < 2 or ranked[0].points - ranked[1].points > 5):
            continue
        top = ranked[0]
        moves = tuple((p.tile, None if p.at is None else str(p.at)) for p in b.placements)
        answer = placement_text(top.tile, top.at)
        return Puzzle(rules, moves, tuple(hand), answer, top.points, difficulty, seed)
    raise DominolabError(words.feedback("no puzzle"))  # pragma: no cover
