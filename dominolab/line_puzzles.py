"""Puzzles several moves deep: play a round's end with every hand known.

A :class:`LinePuzzle` is a layout, your hand and your rival's (both shown), nothing left to
draw: play to the end of the round so that you gain the most over your rival (your points
minus theirs, the settlement included).  The engine's endgame search
(:func:`~dominolab.endgame`) finds the best result; :class:`LineOnBoard` checks each of your
moves against it as you play them on the board, refuses a move that throws some of it away
(saying how much), and answers each good move with the rival's best reply.  The puzzles are
made so that exactly one first move keeps the best result, and (at difficulty 2) so that it is
not the move that scores most at once.

>>> p = make_line_puzzle(seed=1)
>>> q = LineOnBoard(p)
>>> for move in p.line_for_you():
...     tile, _, point = move.partition("@")
...     _ = q.select(tile); verdict = q.place(point or "lead")
>>> verdict.right, q.solved
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from . import words
from .board import LEAD, Board, clicked_point, parse_placement, placement_text
from .errors import DominolabError, is_whole
from .game import Act, Action, Game
from .onboard import read_pick
from .presets import variant
from .progress import learner_rating, record_attempt, record_solved, stars_for, was_rated
from .puzzles import LEVEL_RATINGS, Checked, first_with_theme, random_layout
from .rating import Rating
from .search import endgame
from .settlement import EndReason, format_score
from .tiles import DOUBLE_SIX, Tile, TileLike

__all__ = [
    "LINE_GOALS",
    "LINE_THEMES",
    "LinePuzzle",
    "LineOnBoard",
    "make_line_puzzle",
    "LINE_LEVEL_RATINGS",
    "line_level_for",
    "line_value",
    "replies",
    "sure_points",
    "turns_value",
    "deny_value",
]

#: the key under which the learner's progress keeps a line puzzle: ``line-all-fives-1-4``
LINE_KEY = "line-"

#: what a line puzzle's best line can show, as :attr:`LinePuzzle.themes` detects it:
#: you go out (``goes-out``: the last tile), the round ends blocked (``blocks``), the
#: settlement gives you more than your placements do (``settlement``)
LINE_THEMES = ("goes-out", "blocks", "settlement")
#: how many seeds :func:`make_line_puzzle` looks through for a puzzle of a theme
LINE_THEME_SEEDS = 300
#: what a line puzzle asks: the most over your rival by the end of the round (``round``); the
#: most your placements can be sure to score in your next two turns, whatever your rival
#: answers (``two-turns``); or to keep your rival from scoring in its next two turns, whatever
#: it plays (``deny``)
LINE_GOALS = ("round", "two-turns", "deny")
#: the keys under which the learner's progress keeps each goal's puzzles: ``turns-all-fives-1-4``
GOAL_KEYS = {"round": LINE_KEY, "two-turns": "turns-", "deny": "deny-"}


#: each difficulty's starting rating: a line puzzle starts a level above the one-move puzzle of
#: its difficulty (a first guess; each rated attempt moves it)
LINE_LEVEL_RATINGS = {1: LEVEL_RATINGS[2], 2: LEVEL_RATINGS[3]}


def line_level_for(rating: Rating) -> int:
    """The line puzzles' difficulty whose starting rating is nearest ``rating`` (the endless
    mode's pick, several moves deep).

    >>> line_level_for(Rating(1500)), line_level_for(Rating(1700)), line_level_for(Rating(2200))
    (1, 2, 2)
    """
    r = Rating.checked(rating).rating
    return min(LINE_LEVEL_RATINGS, key=lambda level: (abs(LINE_LEVEL_RATINGS[level] - r), level))


def line_value(game: Game, action: Action) -> int:
    """Seat 0's result from here to the end of the round if ``action`` is played now and both
    seats then play their best: seat 0's gain minus seat 1's, in half points (exact).  The game
    is left as it was."""
    before = list(game.half_scores)
    game.push(action)
    try:
        now = (game.half_scores[0] - before[0]) - (game.half_scores[1] - before[1])
        if game.round.is_over or game.outcome is not None:
            return now
        rest = endgame(game).gains
        return now + int(2 * rest[0]) - int(2 * rest[1])
    finally:
        game.pop()


def _values(game: Game) -> dict[Action, int]:
    return {a: line_value(game, a) for a in game.legal_actions()}


def sure_points(game: Game, turns: int, seat: int = 0) -> int:
    """The most ``seat``'s placements can be sure to score in its next ``turns`` turns from
    here, whoever is to move: ``seat`` plays its best, the other seat answers to keep them
    lowest (a pass is a turn that scores nothing).  In half points; the game is left as it was."""
    if turns == 0 or game.round.is_over or game.outcome is not None:
        return 0
    mine = game.to_move == seat
    got = []
    for a in game.legal_actions():
        rec = game.push(a)
        try:
            now = 2 * (rec.points or 0) if mine and rec.act is Act.PLAY else 0
            got.append(now + sure_points(game, turns - 1 if mine else turns, seat))
        finally:
            game.pop()
    return max(got) if mine else min(got)


def turns_value(game: Game, action: Action, turns: int = 2) -> int:
    """What seat 0 can be sure to score in its next ``turns`` turns (this one included) if it
    plays ``action`` now (:func:`sure_points`), in half points."""
    rec = game.push(action)
    try:
        now = 2 * (rec.points or 0) if rec.act is Act.PLAY else 0
        return now + sure_points(game, turns - 1)
    finally:
        game.pop()


def deny_value(game: Game, action: Action, turns: int = 2) -> int:
    """Minus what the rival (seat 1) can be sure to score in its next ``turns`` turns if seat 0
    plays ``action`` now (:func:`sure_points`), in half points: 0 when it can be kept from
    scoring at all."""
    game.push(action)
    try:
        return -sure_points(game, turns, seat=1)
    finally:
        game.pop()


@dataclass(frozen=True)
class LinePuzzle:
    """Play to the end of the round, every hand known, for the most over your rival."""

    rules: str
    moves: tuple[tuple[Tile, str | None], ...]
    hand: tuple[Tile, ...]  #: yours (seat 0, to move)
    theirs: tuple[Tile, ...]  #: your rival's (seat 1)
    best: int  #: the best result (:attr:`goal`'s), in half points
    difficulty: int
    seed: int
    _line: tuple[str, ...] = field(default=(), compare=False, repr=False)
    #: ``round``: your gain minus your rival's to the end of the round; ``two-turns``: what your
    #: placements can be sure to score in your next two turns (:data:`LINE_GOALS`)
    goal: str = "round"

    @property
    def question(self) -> str:
        return words.feedback(
            {"round": "line question", "two-turns": "turns question", "deny": "deny question"}[self.goal],
            game=self.rules,
            hand=", ".join(self.hand),
            theirs=", ".join(self.theirs),
            best=_pts(self.best),
        )

    @property
    def ask(self) -> str:
        """The question as asked on the board (the same: it names both hands)."""
        return self.question

    @property
    def key(self) -> str:
        return f"{GOAL_KEYS[self.goal]}{self.rules}-{self.difficulty}-{self.seed}"

    @property
    def start_rating(self) -> Rating:
        """The puzzle's rating before anyone tried it: :data:`LINE_LEVEL_RATINGS` of its
        difficulty, uncertain by 250 (the first attempt on the board moves it, and the
        learner's: solved without a miss wins, a miss loses)."""
        return Rating(LINE_LEVEL_RATINGS[self.difficulty], 250.0)

    def board(self) -> Board:
        return Board.of(self.rules, self.moves)

    def game(self) -> Game:
        """The position: seat 0 to move, nothing to draw (the other tiles are out of play)."""
        return Game.from_position(variant(self.rules), self.board(), [self.hand, self.theirs], [], 0, (0, 0))

    def line_for_you(self) -> tuple[str, ...]:
        """Your moves of one best line (``tile@tile:slot``), the rival answering its best."""
        return tuple(m for m in self._line if m)

    def check(self, answer: Any) -> Checked:
        """The first move alone, written ``tile@tile:slot``: does it keep the best result?"""
        if answer is None:
            return Checked(None, words.feedback("puzzle not answered"))
        try:
            t, at = parse_placement(str(answer))
        except ValueError as e:
            return Checked(False, words.feedback("unreadable answer", error=e))
        q = LineOnBoard(self)
        picked = q.select(t)
        return picked if picked.right is False else q.place(LEAD if at is None else at)

    def reveal(self) -> str:
        key = {"round": "line answer", "two-turns": "turns answer", "deny": "deny answer"}[self.goal]
        return words.feedback(key, line=" ".join(self.line_for_you()))

    def on_board(self, key: str | None = None) -> LineOnBoard:
        """The model that plays this puzzle on the board, move by move."""
        return LineOnBoard(self, key)

    def ending(self) -> Game:
        """The position after the best line (:meth:`line_for_you`, the rival answering its
        best), played to the end of the round."""
        g = self.game()
        for move in self.line_for_you():
            t, at = parse_placement(move)
            g.push(next(a for a in g.legal_actions() if a.tile == t and placement_text(t, a.at) == move))
            replies(g)
        return g

    @property
    def themes(self) -> tuple[str, ...]:
        """What the best line shows, by the engine's own account of how its round ends (never a
        label written by hand), in the order of :data:`LINE_THEMES`: you play your last tile
        (``goes-out``), nobody can play (``blocks``), the settlement gives you more than your
        placements in the line (``settlement``).  A two-turn or a deny puzzle ends before the
        round does: it shows none of them.

        >>> make_line_puzzle(seed=1).themes
        ('goes-out',)
        """
        if self.goal != "round":
            return ()
        g = self.ending()
        rs = g.round
        settled = rs.settlement.changes[0] if rs.settlement is not None else 0
        found = {
            "goes-out": rs.end_reason is EndReason.DOMINO and rs.winner == 0,
            "blocks": rs.end_reason is EndReason.BLOCKED,
            "settlement": settled > 0 and settled > rs.placed[0],
        }
        return tuple(name for name in LINE_THEMES if found[name])


class LineOnBoard:
    """A :class:`LinePuzzle` played on the board, move by move (the model
    :class:`~dominolab.widgets.AnswerOnBoard` draws).  Each move of yours is checked against the
    best result; a good one is answered at once by the rival's best reply (and passes, where
    a seat cannot play).  Solved when the round ends with the best result kept."""

    def __init__(self, task: LinePuzzle, key: str | None = None) -> None:
        self.task = task
        self.key = key
        self.game = task.game()
        self.selected: Tile | None = None
        self.tries = 0
        self.misses = 0
        self.solved = False
        self.played: list[str] = []  #: the line so far, both seats' moves
        #: the turns its goal still counts: yours in a two-turn puzzle, your rival's in a deny
        self.turns_left = 2
        #: the first attempt moves the learner's rating and the puzzle's (a miss loses it, the
        #: line solved without one wins it): ``(before, after)`` of the learner's once rated
        self.rating: tuple[Rating, Rating] | None = None
        self.verdict = Checked(None, self.question)

    @property
    def question(self) -> str:
        return self.task.ask

    @property
    def board(self) -> Board:
        return self.game.board

    @property
    def hand(self) -> list[Tile]:
        return list(self.game.hands[0])

    @property
    def rival_hand(self) -> list[Tile]:
        """Your rival's tiles, shown (every hand is known in a line puzzle)."""
        return list(self.game.hands[1])

    @property
    def stars(self) -> int:
        """Three without a miss, two after one, one after more; none before it is solved."""
        return stars_for(self.misses + 1) if self.solved else 0

    def _say(self, verdict: Checked) -> Checked:
        self.verdict = verdict
        return verdict

    def select(self, tile: TileLike) -> Checked:
        t = read_pick(self.solved, tile)
        if isinstance(t, Checked):
            return self._say(t)
        if t not in self.game.hands[0]:
            return self._say(Checked(False, words.widget("not held", tile=t)))
        where = [a for a in self.game.legal_actions() if a.tile == t]
        if not where:
            return self._say(Checked(False, words.feedback("line does not play", tile=t)))
        self.selected = t
        return self._say(Checked(None, words.widget_selected(t, len(where))))

    def place(self, point: Any) -> Checked:
        if self.solved:
            return self._say(Checked(False, words.onboard("solved already")))
        if self.selected is None:
            return self._say(Checked(False, words.widget("pick first then click")))
        g = self.game
        t, at = self.selected, clicked_point(point)
        why = g.board.why_not(t, at)
        if why is not None:
            return self._say(Checked(False, words.feedback("placement refused", why=why)))
        move = placement_text(t, at)
        action = next(a for a in g.legal_actions() if a.tile == t and placement_text(t, a.at) == move)
        self.selected = None
        self.tries += 1
        goal = self.task.goal
        if goal == "round":
            values = _values(g)
        elif goal == "two-turns":
            values = {a: turns_value(g, a, self.turns_left) for a in g.legal_actions()}
        else:
            values = {a: deny_value(g, a, self.turns_left) for a in g.legal_actions()}
        best, mine = max(values.values()), values[action]
        if mine < best:
            self.misses += 1
            miss = {"round": "line miss", "two-turns": "turns miss", "deny": "deny miss"}[goal]
            if goal == "deny":  # what the rival can be sure of, against what it can be held to
                mine, best = -mine, -best
            said = words.feedback(miss, move=move, value=_pts(mine), best=_pts(best))
            return self._say(Checked(False, said + self._rated(False)))
        g.push(action)
        self.played.append(move)
        if goal == "two-turns":
            self.turns_left -= 1
        replies = self._replies()
        if g.round.is_over or g.outcome is not None or (goal != "round" and self.turns_left <= 0):
            self.solved = True
            if self.key is not None:
                record_solved(self.key, self.misses + 1)
            done = {"round": "line done", "two-turns": "turns done", "deny": "deny done"}[goal]
            return self._say(
                Checked(
                    True,
                    (replies + ". " if replies else "")
                    + words.feedback(done, best=_pts(self.task.best), stars="★" * self.stars)
                    + self._rated(self.misses == 0),
                )
            )
        return self._say(Checked(True, words.feedback("line on") + (f" {replies}." if replies else "")))

    def _rated(self, won: bool) -> str:
        """The first attempt's result, once: the learner's rating and the puzzle's moved
        (Glicko-2, kept with the progress), in words; nothing for a puzzle without a key or
        rated before."""
        if self.key is None or self.rating is not None or was_rated(self.key):
            return ""
        before = learner_rating()
        after, _ = record_attempt(self.key, self.task.start_rating, won)
        self.rating = (before, after)
        return " " + words.onboard("rating moved", before=f"{before.rating:.0f}", after=after)

    def _replies(self) -> str:
        """The rival's best replies (and seat 0's forced passes), in words."""
        said = []
        if self.task.goal == "round":
            done = replies(self.game)
        elif self.turns_left <= 0:
            done = []
        else:
            done, self.turns_left = short_replies(self.game, self.turns_left, self.task.goal)
        for seat, text in done:
            said.append(f"{words.seat(seat)}: {text}")
            self.played.append(text)
        return "; ".join(said)

    def act(self, name: str) -> Checked:
        """A line puzzle is answered by placements only (passes are played for you)."""
        return self._say(Checked(False, words.onboard("not an answer here", name=repr(name))))

    def reveal(self) -> str:
        return self.task.reveal()


def replies(g: Game) -> list[tuple[int, str]]:
    """Play the rival's best replies (and seat 0's forced passes) on ``g`` until seat 0 has a
    choice or the round ends; each as ``(seat, what it did)``."""
    done = []
    while not (g.round.is_over or g.outcome is not None):
        acts = g.legal_actions()
        if g.to_move == 0 and not (len(acts) == 1 and acts[0].act is not Act.PLAY):
            break
        a = acts[0] if len(acts) == 1 else min(acts, key=lambda a: line_value(g, a))
        seat = g.to_move
        g.push(a)
        done.append((seat, _text(a)))
    return done


def short_replies(g: Game, turns: int, goal: str) -> tuple[list[tuple[int, str]], int]:
    """Play the rival's replies of a short ``goal`` on ``g`` — in ``two-turns`` the reply that
    keeps seat 0's next ``turns`` turns lowest, in ``deny`` the one that makes the most the rival
    can be sure of in its own — and seat 0's forced passes, until seat 0 has a choice, the
    goal's turns are played (seat 0's in ``two-turns``, the rival's in ``deny``) or the round
    ends; each as ``(seat, what it did)``, with the turns left."""
    counted = 0 if goal == "two-turns" else 1
    done = []
    while turns > 0 and not (g.round.is_over or g.outcome is not None):
        acts = g.legal_actions()
        seat = g.to_move
        if seat == 0 and not (len(acts) == 1 and acts[0].act is not Act.PLAY):
            break
        if len(acts) == 1:
            a = acts[0]
        elif goal == "two-turns":
            a = min(acts, key=lambda a: _after(g, a, turns))
        else:
            a = max(acts, key=lambda a: _rival_gets(g, a, turns))
        if seat == counted:
            turns -= 1
        g.push(a)
        done.append((seat, _text(a)))
    return done, turns


def _rival_gets(g: Game, a: Action, turns: int) -> int:
    """What the rival scores with ``a`` and can be sure of in its turns after it."""
    rec = g.push(a)
    try:
        now = 2 * (rec.points or 0) if rec.act is Act.PLAY else 0
        return now + sure_points(g, turns - 1, seat=1)
    finally:
        g.pop()


def _after(g: Game, a: Action, turns: int) -> int:
    """What seat 0 can be sure of in its next ``turns`` turns once the rival has played ``a``."""
    g.push(a)
    try:
        return sure_points(g, turns)
    finally:
        g.pop()


def _tile(a: Action) -> Tile:
    assert a.tile is not None
    return a.tile


def _text(a: Action) -> str:
    """A play as ``tile@tile:slot``; any other action as it prints (``pass``)."""
    return placement_text(_tile(a), a.at) if a.act is Act.PLAY else str(a)


def _pts(half: int) -> str:
    return format_score(Fraction(half, 2) if half % 2 else half // 2)


def make_line_puzzle(
    seed: int, difficulty: int = 1, rules: str = "all-fives", theme: str | None = None, goal: str = "round"
) -> LinePuzzle:
    """A seeded line puzzle: a layout of 6 to 12 tiles, three tiles in each hand (four at
    difficulty 2), the other tiles out of play; exactly one first move keeps the best result,
    and at difficulty 2 it is not the move that scores most at once.  ``theme`` (one of
    :data:`LINE_THEMES`): the first puzzle from ``seed`` on whose best line shows it (its
    ``seed`` says which).  ``goal="two-turns"``: score the most you can be sure of in your next
    two turns instead; ``goal="deny"``: keep your rival from scoring in its next two turns
    (:data:`LINE_GOALS`; such puzzles have no themes).

    >>> p = make_line_puzzle(seed=2, difficulty=2)
    >>> len(p.hand), len(p.theirs), p.best % 2 == 0
    (4, 4, True)
    >>> "blocks" in make_line_puzzle(seed=1, theme="blocks").themes
    True
    >>> make_line_puzzle(seed=1, goal="two-turns").key
    'turns-all-fives-1-1'
    """
    if not is_whole(seed):
        raise DominolabError(words.feedback("puzzle seed", value=repr(seed)))
    if difficulty not in (1, 2):
        raise DominolabError(words.feedback("line difficulty", value=repr(difficulty)))
    if goal not in LINE_GOALS:
        raise DominolabError(words.feedback("line goal", value=repr(goal), known=", ".join(LINE_GOALS)))
    if theme is not None and goal != "round":
        raise DominolabError(words.feedback("turns theme", theme=repr(theme)))
    if theme is not None:
        return first_with_theme(
            lambda s: make_line_puzzle(s, difficulty, rules), seed, theme, LINE_THEMES, LINE_THEME_SEEDS
        )
    rng = random.Random(seed * 104_729 + difficulty)
    size = 3 if difficulty == 1 else 4
    for _ in range(5_000):
        b = random_layout(rng, rules, 6, 12)
        rest = [t for t in DOUBLE_SIX if t not in b]
        if len(rest) < 2 * size:
            continue
        dealt = rng.sample(rest, 2 * size)
        hand, theirs = tuple(sorted(dealt[:size])), tuple(sorted(dealt[size:]))
        moves = tuple((p.tile, None if p.at is None else str(p.at)) for p in b.placements)
        g = Game.from_position(b.rules, b, [hand, theirs], [], 0, (0, 0))
        acts = g.legal_actions()
        if len(acts) < 2 or acts[0].act is not Act.PLAY:
            continue
        if goal == "round":
            values = _values(g)
        elif goal == "two-turns":
            values = {a: turns_value(g, a) for a in acts}
        else:
            values = {a: deny_value(g, a) for a in acts}
        best = max(values.values())
        top = [a for a, v in values.items() if v == best]
        if len(top) != 1 or (best < 0 if goal == "deny" else best <= 0):
            continue  # (a deny puzzle: one move, and one only, keeps the rival from scoring)
        if difficulty == 2:
            now = {a: g.board.points_for(_tile(a), a.at) for a in acts}
            if now[top[0]] == max(now.values()):
                continue  # the best line starts with the most points now: not this level's lesson
        line = {"round": _best_line, "two-turns": _best_turns, "deny": _best_deny}[goal](g, top[0])
        if len(line) < 2:
            continue  # one move of yours to the end: not a line
        return LinePuzzle(rules, moves, hand, theirs, best, difficulty, seed, line, goal)
    raise DominolabError(words.feedback("no puzzle"))  # pragma: no cover


def _best_line(g: Game, first: Action) -> tuple[str, ...]:
    """Seat 0's moves of a best line from ``first`` on (the rival answering its best)."""
    h = Game.from_position(g.rules, g.board, g.hands, [], 0, (0, 0))
    mine: list[str] = []
    a = first
    while True:
        h.push(a)
        mine.append(_text(a))
        replies(h)
        if h.round.is_over or h.outcome is not None:
            return tuple(mine)
        values = _values(h)
        a = max(values, key=lambda x: values[x])


def _best_turns(g: Game, first: Action) -> tuple[str, ...]:
    """Seat 0's moves of a best two-turn line from ``first`` on (the rival answering to keep
    them lowest); a forced pass of seat 0 is a turn and is not among them."""
    h = Game.from_position(g.rules, g.board, g.hands, [], 0, (0, 0))
    h.push(first)
    mine = [_text(first)]
    _, turns = short_replies(h, 1, "two-turns")
    if turns and not (h.round.is_over or h.outcome is not None):
        acts = h.legal_actions()
        values = {a: turns_value(h, a, turns) for a in acts}
        mine.append(_text(max(values, key=lambda x: values[x])))
    return tuple(mine)


def _best_deny(g: Game, first: Action) -> tuple[str, ...]:
    """Seat 0's moves of a best deny line from ``first`` on: the rival playing for the most it
    can be sure of, seat 0 keeping it from scoring."""
    h = Game.from_position(g.rules, g.board, g.hands, [], 0, (0, 0))
    h.push(first)
    mine = [_text(first)]
    _, turns = short_replies(h, 2, "deny")
    if turns and not (h.round.is_over or h.outcome is not None):
        values = {a: deny_value(h, a, turns) for a in h.legal_actions()}
        mine.append(_text(max(values, key=lambda x: values[x])))
    return tuple(mine)
