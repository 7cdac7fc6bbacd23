"""Stages: short runs of positions to answer on the board, easy to hard, one topic each.

A stage's position is a :class:`Goal`: a layout, a hand, and a placement wanted that makes the
count score; a :class:`LeadGoal`: a round dealt, and the tile its game's rule lets you lead; a
:class:`TurnGoal`: play, draw or pass; or a :class:`SettleGoal`: a round over, and what it pays
(a number typed in).
The engine says whether it does and why — the goal is never checked by a rule of this module —
and a stage is played with :func:`dominolab.stage_on_board` (each solve kept
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
from .answers import read_number
from .board import Board, placement_text
from .errors import DominolabError
from .examples import scoring_notes
from .game import Act, Action, Game, LeaderBy
from .presets import variant
from .puzzles import Checked, Ranked, best_placements, read_move
from .settlement import Settlement, format_score, round5, settle
from .tiles import DOUBLE_SIX, Tile

__all__ = ["Goal", "LeadGoal", "TurnGoal", "SettleGoal", "EndGoal", "STAGES", "stage", "stage_key"]


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


@dataclass(frozen=True)
class LeadGoal:
    """Lead a round's first tile: ``hand`` is yours (seat 0), ``others`` the other seats'
    hands (hidden from you, as at the table).  The deal gives you the lead by the game's rule;
    the engine says which tiles that rule lets you lead, and why.

    >>> g = STAGES["leads"][0]
    >>> print(g.check("5|6"))
    5|6 may not lead: the seat holding the highest double leads, and leads that double.
    >>> g.check("4|4").right
    True
    """

    rules: str
    hand: tuple[str, ...]
    others: tuple[tuple[str, ...], ...]

    @property
    def moves(self) -> tuple[tuple[str, str | None], ...]:
        return ()  # the layout is empty: the round begins

    @property
    def question(self) -> str:
        return words.stage("lead question", game=self.rules, hand=", ".join(self.hand))

    def board(self) -> Board:
        return Board(self.rules)

    def game(self) -> Game:
        """The round as dealt, its leader chosen by the game's own rule."""
        return Game(self.rules, 1 + len(self.others), hands=[self.hand, *self.others])

    def answers(self) -> list[Tile]:
        """The tiles the rule lets you lead (the engine's legal actions)."""
        g = self.game()
        return [a.tile for a in g.legal_actions() if a.tile is not None] if g.to_move == 0 else []

    def _reason(self) -> str:
        g = self.game()
        by = g.round.leader_by
        assert by is not None
        reason = words.lead_reason(by, 0)
        lead = self.answers()
        tied = any(Tile(t).pips == lead[0].pips and Tile(t) != lead[0] for t in self.hand) if lead else False
        if by is LeaderBy.HEAVIEST_TILE and tied:
            reason += words.stage("lead tie")  # equal pips: leader_by_tiles breaks the tie
        return reason

    def check(self, answer: Any) -> Checked:
        """The verdict on a lead (``"4|4"``), in the engine's words: may it lead, and why."""
        read = read_move(answer, self.board(), self.hand)
        if isinstance(read, Checked):
            return read
        t, _ = read
        if self.game().why_not(Action.play(t)) is None:
            return Checked(True, words.stage("lead right", tile=t, reason=self._reason()))
        return Checked(False, words.stage("lead miss", tile=t, reason=self._reason()))

    def reveal(self) -> str:
        """The tile that leads, and the rule that says so."""
        return words.stage("lead answer", tile=self.answers()[0], reason=self._reason())


@dataclass(frozen=True)
class TurnGoal:
    """Your turn: play, draw or pass?  ``hand`` is yours (seat 0, to move) on the layout
    ``moves``; ``boneyard`` the tiles left to draw (in draw order; none in block).  The engine's
    turn rule says what you may do, and why not the rest: a seat that can play must play; one
    that cannot draws while the boneyard holds tiles (where the game draws), else passes.

    >>> g = STAGES["turns"][0]
    >>> print(g.check("pass"))
    Not that: seat 0 cannot pass while the boneyard holds 3 tiles: draw.
    >>> g.check("draw").right
    True
    """

    rules: str
    moves: tuple[tuple[str, str | None], ...]
    hand: tuple[str, ...]
    boneyard: tuple[str, ...]

    #: the answers a learner may give besides a placement (the widget's buttons)
    acts: tuple[str, ...] = ("draw", "pass")

    @property
    def question(self) -> str:
        return words.stage("turn question", game=self.rules, hand=", ".join(self.hand))

    def board(self) -> Board:
        return Board.of(self.rules, self.moves)

    def game(self) -> Game:
        """The position: seat 0 to move; seat 1 holds the tiles neither on the layout, in your
        hand nor in the boneyard (out of play in block)."""
        used = (
            {Tile(t) for t in self.hand} | {Tile(t) for t, _ in self.moves} | {Tile(t) for t in self.boneyard}
        )
        other = [t for t in DOUBLE_SIX if t not in used][:7]
        return Game.from_position(
            variant(self.rules), self.board(), [self.hand, other], self.boneyard, 0, (0, 0)
        )

    def answers(self) -> list[Action]:
        """What the turn rule lets you do now (the engine's legal actions)."""
        return self.game().legal_actions()

    def check(self, answer: Any) -> Checked:
        """The verdict on ``"draw"``, ``"pass"`` or a placement ``tile@tile:slot``."""
        g = self.game()
        if answer in self.acts:
            action = Action.draw() if answer == "draw" else Action.pass_()
        else:
            read = read_move(answer, self.board(), self.hand)
            if isinstance(read, Checked):
                return read
            action = Action.play(*read)
        why = g.why_not(action)
        if why is None:
            return Checked(True, words.stage("turn right", reason=self._rule(action)))
        return Checked(False, words.stage("turn miss", why=why))

    def _rule(self, action: Action) -> str:
        key = {Act.PLAY: "rule play", Act.DRAW: "rule draw"}.get(action.act, "rule pass")
        return words.stage(key, game=self.rules)

    def reveal(self) -> str:
        a = self.answers()[0]
        what = placement_text(a.tile, a.at) if a.act is Act.PLAY and a.tile is not None else str(a)
        return words.stage("turn answer", what=what, reason=self._rule(a))


@dataclass(frozen=True)
class SettleGoal:
    """A round over: you (seat 0) played your last tile on the layout ``moves``; ``others``
    are the tiles each other seat still holds.  What does the round pay?  Asked of you where
    the winner collects (the number of points you receive), of seat ``asks`` where every seat
    pays its own tiles (five-up: the shown points it loses).  The answer is typed in, in the
    game's unit; the engine's settlement says what it is, and a miss is told which step of the
    settlement it skipped (rounding, pooling, the unit) without the number.

    >>> g = STAGES["settling"][0]
    >>> print(g.check("22"))
    Not that: the pips are rounded to the nearest 5 first (round5).
    >>> g.check("20 points").right
    True
    """

    rules: str
    moves: tuple[tuple[str, str | None], ...]
    others: tuple[tuple[str, ...], ...]
    asks: int = 0

    #: the answer is a number, typed in (the widget's box)
    takes_number = True
    #: your hand: empty (you went out)
    hand: tuple[str, ...] = ()

    @property
    def question(self) -> str:
        hands = "; ".join(
            words.stage("settle holds", seat=i, tiles=" ".join(h)) for i, h in enumerate(self.others, start=1)
        )
        key = "settle question receive" if self.asks == 0 else "settle question lose"
        return words.stage(key, game=self.rules, hands=words.capital(hands), seat=self.asks)

    def board(self) -> Board:
        return Board.of(self.rules, self.moves)

    def settlement(self) -> Settlement:
        """The engine's settlement of the round."""
        hands = [list(self.hand), *map(list, self.others)]
        return settle(self.rules, hands, domino_seat=0, layout=[t for t, _ in self.moves])

    def answer(self) -> int:
        """What is asked: the points you receive, or the shown points seat ``asks`` loses."""
        change = self.settlement().changes[self.asks]
        return int(change if self.asks == 0 else -change)

    def check(self, answer: Any) -> Checked:
        """The verdict on a number (``25``, ``"25 points"``); a miss says which step of the
        settlement it skipped, never the number."""
        try:
            n = read_number(answer)
        except DominolabError as e:
            return Checked(False, str(e))
        st = self.settlement()
        if n == self.answer():
            return Checked(True, words.stage("settle right", line=words.settled_line(st.lines)))
        return Checked(False, self._why_missed(n, st))

    def _why_missed(self, n: Any, st: Settlement) -> str:
        """Which step a wrong number skipped, from the engine's counts of the hands."""
        rules = variant(self.rules)
        pays = [c for c in st.seats if c.seat != 0] if self.asks == 0 else [st.seats[self.asks]]
        raw = sum(c.pips for c in pays)
        pooled, each = round5(raw), sum(c.rounded for c in pays)
        unit = 5 if rules.unit == "shown" else 1
        if n * unit == raw and raw != self.answer() * unit:
            return words.stage("settle raw")
        if rules.unit == "shown" and n == each and n != self.answer():
            return words.stage("settle unit", game=self.rules)
        if len(pays) > 1 and n * unit == pooled and pooled != each:
            return words.stage("settle pooled", game=self.rules)
        if len(pays) > 1 and n * unit == each and pooled != each:
            return words.stage("settle separately", game=self.rules)
        return words.stage("settle miss", game=self.rules)

    def reveal(self) -> str:
        """The number, and the engine's settlement line by line."""
        return words.stage("settle answer", n=self.answer(), lines=" ".join(self.settlement().lines))


@dataclass(frozen=True)
class EndGoal:
    """The game's end: you (seat 0, to move, two players) have ``score`` of the game's target
    on the layout ``moves``; place one tile of ``hand`` so that the game ends now.  The engine
    plays the placement in the game as it stands and says whether the game is over — in the
    games that end the instant a side reaches the target (all-fives, dominos-cc, fives and
    threes) a placement that scores enough wins at once, in mid-round.

    >>> g = STAGES["ending"][0]
    >>> print(g.check("4|4@1|4:high").text.split("; ")[1])
    you reach 240, short of 250: the game goes on.
    >>> g.check("1|6@1|4:low").right
    True
    """

    rules: str
    moves: tuple[tuple[str, str | None], ...]
    hand: tuple[str, ...]
    score: int

    @property
    def target(self) -> int:
        return variant(self.rules).target(2)

    @property
    def question(self) -> str:
        return words.stage(
            "end question", game=self.rules, score=self.score, target=self.target, hand=", ".join(self.hand)
        )

    def board(self) -> Board:
        return Board.of(self.rules, self.moves)

    def game(self) -> Game:
        """The position: seat 0 to move with ``score``; seat 1, on 0, holds every other tile
        (so no placement of yours blocks the round: only its count can end the game)."""
        used = {Tile(t) for t in self.hand} | {Tile(t) for t, _ in self.moves}
        other = [t for t in DOUBLE_SIX if t not in used]
        return Game.from_position(
            variant(self.rules), self.board(), [self.hand, other], (), 0, (self.score, 0)
        )

    def placements(self) -> list[Ranked]:
        """Every placement of the hand, with what it scores and why (best first)."""
        return best_placements(self.board(), self.hand)

    def _after(self, r: Ranked) -> Game:
        g = self.game()
        g.apply(Action.play(r.tile, r.at))
        return g

    def answers(self) -> list[Ranked]:
        """The placements after which the engine says the game is over, won by you."""
        out = []
        for r in self.placements():
            g = self._after(r)
            if g.is_over and g.outcome is not None and g.outcome.winner == 0:
                out.append(r)
        return out

    def check(self, answer: Any) -> Checked:
        """The verdict on a placement ``tile@tile:slot``: its count, your score after it, and
        whether the game is over."""
        read = read_move(answer, self.board(), self.hand)
        if isinstance(read, Checked):
            return read
        move = placement_text(*read)
        r = next(x for x in self.placements() if placement_text(x.tile, x.at) == move)
        g = self._after(r)
        total = format_score(g.scores[0])
        notes = "".join(" " + n for n in scoring_notes(g))  # the engine's: an exact target passed
        if g.is_over and g.outcome is not None and g.outcome.winner == 0:
            return Checked(True, words.stage("end right", reason=r.reason, total=total, game=self.rules))
        return Checked(
            False, words.stage("end miss", reason=r.reason, total=total, target=self.target) + notes
        )

    def reveal(self) -> str:
        best = self.answers()[0]
        total = format_score(self._after(best).scores[0])
        return words.stage("end answer", reason=best.reason, total=total, target=self.target)


def _goal(rules: str, moves: list[tuple[str, str | None]], hand: str) -> Goal:
    return Goal(rules, tuple(moves), tuple(hand.split()))


def _lead(rules: str, hand: str, other: str) -> LeadGoal:
    return LeadGoal(rules, tuple(hand.split()), (tuple(other.split()),))


def _turn(rules: str, moves: list[tuple[str, str | None]], hand: str, boneyard: str = "") -> TurnGoal:
    return TurnGoal(rules, tuple(moves), tuple(hand.split()), tuple(boneyard.split()))


def _end(rules: str, moves: list[tuple[str, str | None]], hand: str, score: int) -> EndGoal:
    return EndGoal(rules, tuple(moves), tuple(hand.split()), score)


def _settle(rules: str, moves: list[tuple[str, str | None]], *others: str, asks: int = 0) -> SettleGoal:
    return SettleGoal(rules, tuple(moves), tuple(tuple(h.split()) for h in others), asks)


#: the stages, each a few positions from easy to hard (every position has an answer and a
#: legal placement that misses: tests/test_onboard.py)
STAGES: dict[str, tuple[Goal | LeadGoal | TurnGoal | SettleGoal | EndGoal, ...]] = {
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
    # who leads the line games (RULES.md, line games): the highest double, else the heaviest tile,
    # equal pips broken by the higher half; the deal gives seat 0 (you) the lead each time
    "leads": (
        _lead("block", "4|4 5|6 0|1 1|3 2|4 0|5 1|6", "2|2 3|3 4|6 3|5 2|3 0|3 1|2"),
        _lead("draw", "2|2 4|6 5|5 0|1 1|3 2|5 0|6", "3|3 4|4 5|6 1|2 0|4 3|5 1|4"),
        _lead("block", "0|1 0|2 1|3 2|4 0|5 1|4 5|6", "4|6 3|5 2|3 0|3 1|2 0|4 1|6"),
        _lead("draw", "0|1 1|2 2|3 4|5 0|4 1|5 3|6", "2|6 3|5 1|6 2|5 3|4 0|6 1|4"),
    ),
    # a turn (RULES.md, turns): play if you can; else draw while the boneyard holds tiles (where
    # the game draws); else pass
    "turns": (
        _turn("draw", [("6|6", None), ("5|6", "6|6:line-a")], "0|1 1|2 2|3", "3|4 4|4 0|0"),
        _turn("block", [("6|6", None), ("5|6", "6|6:line-a")], "0|1 1|2 2|3"),
        _turn("all-fives", [("3|3", None), ("3|6", "3|3:line-a")], "0|1 1|2 2|4 1|3", "4|4 0|0"),
        _turn("all-fives", [("4|5", None), ("5|5", "4|5:high")], "0|1 1|2 2|3", ""),
    ),
    # settling a round (RULES.md, settlement): the winner collects the rivals' pips, rounded to
    # five — pooled first in all-fives, each rival apart in dominos-cc; in five-up every seat
    # loses its own, rounded, in shown points
    "settling": (
        _settle("all-fives", [("6|6", None), ("5|6", "6|6:line-a")], "3|4 1|2 0|5 1|6"),
        _settle("all-fives", [("6|6", None), ("5|6", "6|6:line-a")], "1|2 3|6", "3|4 0|5"),
        _settle("dominos-cc", [("6|6", None), ("5|6", "6|6:line-a")], "1|2 3|6", "3|4 0|5"),
        _settle("five-up", [("6|6", None), ("5|6", "6|6:line-a")], "1|3 2|4 4|5", asks=1),
    ),
    # the game's end (RULES.md, the target): all-fives, dominos-cc and fives and threes end the
    # instant a side reaches the target, in mid-round; a placement that scores enough wins (five-up
    # waits for the round's settlement: the stage "settling" and lesson 6)
    "ending": (
        _end("all-fives", [("1|4", None)], "4|4 1|1 1|6", 240),
        _end("all-fives", [("6|6", None), ("2|6", "6|6:line-a")], "0|2 2|3 3|6", 235),
        _end("dominos-cc", [("4|4", None), ("4|6", "4|4:line-a")], "0|4 1|4 6|6", 130),
        # fives and threes: only exactly 61 wins; points that would pass it are disregarded
        _end("fives-and-threes", [("3|3", None), ("3|6", "3|3:line-a")], "1|6 6|6 0|3", 59),
    ),
    # fives and threes: a multiple of 3 scores too (a third of it), and no double is a spinner
    "threes": (
        _goal("fives-and-threes", [], "1|2 2|4 1|3"),
        _goal("fives-and-threes", [("2|5", None)], "5|5 1|2 2|3"),
        _goal("fives-and-threes", [("4|6", None), ("6|6", "4|6:high")], "1|4 2|4 0|4"),
        _goal("fives-and-threes", [("3|3", None), ("3|5", "3|3:line-a")], "3|6 1|3 0|3"),
    ),
}


def stage(name: str) -> tuple[Goal | LeadGoal | TurnGoal | SettleGoal | EndGoal, ...]:
    """The positions of stage ``name`` (one of :data:`STAGES`), easy to hard."""
    if name not in STAGES:
        raise DominolabError(words.stage("unknown stage", name=repr(name), known=", ".join(STAGES)))
    return STAGES[name]


def stage_key(name: str, n: int) -> str:
    """The name under which the learner's progress keeps position ``n`` (from 1) of stage
    ``name``: ``stage-counting-1``."""
    return f"stage-{name}-{n}"
