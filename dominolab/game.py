"""Whole games: deals, leaders, turns (play, draw, pass), round end, game end.

>>> import dominolab as dl
>>> g = dl.Game("all-fives", players=2, seed=7)
>>> g.to_move in (0, 1), len(g.hands[0]), g.boneyard_count
(True, 9, 10)
>>> a = g.legal_actions()[0]
>>> print(g.apply(a).act)
play

A game is its history of steps, across rounds: each round's :class:`Deal` and :class:`Lead`
(chance's steps: the shuffle and the lot), then the seats' actions.  :meth:`Game.push` adds a
step (unchecked for an action, as python-chess's ``push``; :meth:`Game.apply` checks) and
:meth:`Game.pop` takes the last one back, exactly, across rounds too:

>>> [type(g.pop()).__name__ for _ in range(3)]
['ActionRecord', 'Lead', 'Deal']
>>> g.is_chance, g.history
(True, [])

Randomness comes only from ``random.Random(seed)`` (or the generator given as ``seed``), through
:meth:`Game.chance_step`; by
default (``auto_deal``) a game takes its chance steps itself.  Tests deal exact hands with
``Game(..., hands=[...], boneyard=[...], leader=0)``; a replay pushes the steps of a record.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any, NamedTuple, Protocol, overload, runtime_checkable

from . import words
from .board import (
    POINT_RANK,
    STEPS,
    Board,
    OpenPoint,
    PointLike,
    parse_placement,
    parse_point,
    placement_text,
    point_text,
)
from .errors import DominolabError, IllegalAction, is_whole
from .muggins import claim_refusal, judge
from .presets import variant
from .rng import randrange, shuffle
from .rules import LeaderRule, Rules, TargetCheck
from .settlement import EndReason, Score, Settlement, format_score, settle_hands, side_of_seats
from .tiles import DOUBLE_SIX, TILE_BITS, Hand, Pictured, Tile, TileLike
from .tiles import tiles as parse_tiles

__all__ = [
    "Act",
    "LeaderBy",
    "Action",
    "ActionRecord",
    "RoundState",
    "GameOutcome",
    "GameEnd",
    "SeatView",
    "Game",
    "Deal",
    "Lead",
    "Step",
    "leader_by_tiles",
    "after_settlement",
    "Player",
    "bot_action",
    "play_bots",
]


class LeaderBy(StrEnum):
    """Why a seat leads a round (the record's ``leader.by``)."""

    LOT = "lot"  #: drawn by lot
    LAST_TILE = "last-tile"  #: it played its last tile in the round before
    HIGHEST_DOUBLE = "highest-double"  #: it holds the highest double (dominos-cc, draw, block)
    HEAVIEST_TILE = "heaviest-tile"  #: nobody holds a double: the heaviest tile
    LEFT = "left"  #: the lead passes to the left: the seat after the last round's leader


class Act(StrEnum):
    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"
    CLAIM = "claim"  #: muggins: the placer claims its placement's points
    MUGGINS = "muggins"  #: muggins: the next seat takes the points a short claim missed
    LET_GO = "let-go"  #: muggins: the next seat does not call


class Action(NamedTuple):
    """A choice for the seat to move: play a tile (``at=None`` leads), draw, or pass; with
    muggins also claim a number of points, call muggins, or let it go.

    >>> Action.parse("1|1@1|4:low")
    Action(act='play', tile='1|1', at=('1|4', 'low'))
    >>> Action.parse("draw"), Action.parse("pass"), Action.parse("claim 10")
    (Action(act='draw'), Action(act='pass'), Action(act='claim', claim=10))
    """

    act: Act
    tile: Tile | None = None
    at: tuple[Tile, str] | None = None
    claim: int | None = None  #: the points claimed (act claim)

    @staticmethod
    def play(tile: TileLike, at: PointLike = None) -> Action:
        return Action(Act.PLAY, Tile(tile), parse_point(at))

    @staticmethod
    def draw() -> Action:
        return Action(Act.DRAW)

    @staticmethod
    def pass_() -> Action:
        return Action(Act.PASS)

    @staticmethod
    def claim_(points: int) -> Action:
        """Claim ``points`` (in the preset's unit; 0 for nothing) for the tile just placed."""
        if not is_whole(points) or points < 0:
            raise IllegalAction(words.refusal("bad claim", claim=repr(points)))
        return Action(Act.CLAIM, claim=int(points))

    @staticmethod
    def parse(text: str | Action) -> Action:
        """``"draw"``, ``"pass"``, ``"1|4"`` (a lead) or ``"1|1@1|4:low"``."""
        if isinstance(text, Action):
            if type(text.act) is Act:
                if text.act is Act.PLAY or text.act is Act.CLAIM or (text.tile is None and text.at is None):
                    return text
                return Action(text.act)  # a draw or a pass names no tile (the record's does)
            try:  # built by hand with a plain string: Action("play", "1|4")
                act = Act(text.act)
            except ValueError:
                raise IllegalAction(words.refusal("unknown act", act=repr(text.act))) from None
            if act is Act.CLAIM:
                return Action.claim_(text.claim)  # type: ignore[arg-type]
            if act is not Act.PLAY:
                return Action(act)
            return Action.play(text.tile, text.at)  # type: ignore[arg-type]
        if not isinstance(text, str):
            raise IllegalAction(words.refusal("unreadable action", text=repr(text)))
        s = text.strip()
        low = s.lower()
        if low in ("draw", "pass", "muggins", "let-go"):
            return Action(Act(low))
        if low.startswith("claim"):
            n = low.removeprefix("claim").strip()
            if not n.isdigit():
                raise IllegalAction(words.refusal("unreadable claim", text=repr(text)))
            return Action.claim_(int(n))
        return Action.play(*parse_placement(s))

    def __str__(self) -> str:
        if self.act is Act.CLAIM:
            return f"claim {self.claim}"
        if self.act is not Act.PLAY:
            return self.act.value
        assert self.tile is not None
        return placement_text(self.tile, self.at)

    def __repr__(self) -> str:
        if self.act is Act.CLAIM:
            return f"Action(act='claim', claim={self.claim!r})"
        if self.act is not Act.PLAY:
            return f"Action(act={self.act.value!r})"
        at = None if self.at is None else (str(self.at[0]), self.at[1])
        return f"Action(act='play', tile={str(self.tile)!r}, at={at!r})"


class ActionRecord(NamedTuple):
    """What an applied action did (the record format's action entry)."""

    seat: int
    act: Act
    tile: Tile | None = None
    at: OpenPoint | None = None
    sum: int | None = None
    points: int | None = None

    def __str__(self) -> str:
        return self.text()

    @property
    def action(self) -> Action:
        """The action that made this record (what a replay pushes: never its words read back).

        >>> ActionRecord(1, Act.CLAIM, points=10).action
        Action(act='claim', claim=10)
        """
        if self.act is Act.PLAY:
            at = None if self.at is None else (self.at.tile, self.at.slot)
            return Action(Act.PLAY, self.tile, at)
        if self.act is Act.CLAIM:
            return Action(Act.CLAIM, claim=self.points)
        return Action(self.act)

    def text(self, count: bool = True, unit: str = "") -> str:
        """The action in words: ``seat 1 plays 3|4 on 4|4:line-b: count 5 → 5``, with the points'
        ``unit`` if given (``"point"`` or ``"shown point"``: ``→ 1 shown point``);
        ``count=False`` leaves a placement's count and points out (a muggins table, where the
        player says them)."""
        return words.action(
            self.seat,
            self.act,
            tile=self.tile,
            at=self.at,
            count=self.sum,
            scored=self.points,
            unit=unit,
            with_count=count,
        )


class Deal(NamedTuple):
    """The chance step that starts a round: each seat's hand, and the undealt tiles in the
    order they are drawn (in block, where nobody draws, the tiles out of play).

    A game deals from its own generator (:meth:`Game.chance_step`); a replay, a test or a
    search pushes a deal of its own.
    """

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]

    def __str__(self) -> str:
        return words.deal(self.hands)


class Lead(NamedTuple):
    """The step that gives a dealt round its leader: the seat, and by which rule (``"lot"``,
    ``"last-tile"``, ``"highest-double"`` or ``"heaviest-tile"``).  Only the lot is chance;
    pushed with ``by=None``, the rules say why."""

    seat: int
    by: LeaderBy | None = None

    def __str__(self) -> str:
        return words.lead(self.seat, self.by)


#: A step of a game's history: a seat's action (as its record), a deal, or a leader chosen.
Step = ActionRecord | Deal | Lead


@dataclass
class RoundState:
    """One round: the deal, the leader, the actions, and how it ended."""

    number: int
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    leader: int | None  #: None until the round's Lead is pushed
    leader_by: LeaderBy | None
    actions: list[ActionRecord] = field(default_factory=list)
    end_reason: EndReason | None = None
    winner: int | None = None
    settlement: Settlement | None = None
    scores: tuple[Score, ...] = ()
    #: for Game.pop: the game's position before the deal, and the scores before the round ended
    before_deal: tuple[Any, ...] | None = field(default=None, repr=False, compare=False)
    before_end: tuple[Any, ...] | None = field(default=None, repr=False, compare=False)
    #: what each scoring action actually scored, by its index, in a game where that is not
    #: its count's points alone (a point for going out; a score past an exact target,
    #: disregarded): Game.pop takes back exactly that
    scored: dict[int, int] = field(default_factory=dict, repr=False, compare=False)
    #: the indices of the actions whose points were disregarded (they would pass an exact target)
    busts: list[int] = field(default_factory=list, repr=False, compare=False)
    #: each side's placement points this round, as scored: the one tally of them (a right
    #: claim or a call under muggins, a going-out point, nothing for a score disregarded)
    placed: list[int] = field(default_factory=list, compare=False)

    @property
    def is_over(self) -> bool:
        return self.end_reason is not None


class GameEnd(StrEnum):
    """Why a game ended: :attr:`GameOutcome.reason`."""

    TARGET = "target"  #: a side reached the target in mid-round (all-fives, dominos-cc)
    AFTER_ROUND = "after-round"  #: a round's settlement decided it (five-up; a settlement's points)


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """The end of a game: the winning side, the final scores, and why it ended."""

    winner: int
    scores: tuple[Score, ...]
    reason: GameEnd
    rounds: int
    #: the seats of each side, to name them as everything else does ("Seats 0+2")
    sides: tuple[tuple[int, ...], ...] = field(default=(), compare=False)

    def __str__(self) -> str:
        """``Seat 0 wins after 6 rounds (the target reached in mid-round); scores: Seat 0 61,
        Seat 1 30``."""
        sides = self.sides or tuple((i,) for i in range(len(self.scores)))
        return words.game_outcome(sides, self.winner, self.scores, self.rounds, self.reason is GameEnd.TARGET)


class SeatView:
    """What one seat may know: its own hand, the layout, the counts of the rest.

    Bots receive only this (the other hands and the boneyard order stay hidden).
    A view is read at once, while the seat is to move: it reads the live game
    (so building one costs nothing a bot does not ask for), and ``board`` is the
    live layout: read it, do not change it (a bot that tries placements, as the defensive
    bot does, tries them on ``board.copy()``).
    """

    __slots__ = ("seat", "legal_actions", "drawn", "board", "rules", "sides", "_game")

    def __init__(self, game: Game, seat: int, legal_actions: Sequence[Action]) -> None:
        self.seat = seat
        self.legal_actions = legal_actions
        mine = seat == game.to_move
        self.drawn = game.drawn if mine else None
        self.board = game.board
        self.rules = game.rules
        self.sides = game.sides
        self._game = game

    @property
    def hand(self) -> Hand:
        """This seat's tiles, low first."""
        return Hand.from_tiles(self._game.hands[self.seat])

    @property
    def hand_counts(self) -> tuple[int, ...]:
        """How many tiles each seat holds."""
        return tuple(len(h) for h in self._game.hands)

    @property
    def boneyard_count(self) -> int:
        return len(self._game._boneyard)

    @property
    def scores(self) -> tuple[Score, ...]:
        return self._game.scores

    @property
    def players(self) -> int:
        return self._game.players

    @property
    def claim_due(self) -> int | None:
        """Under muggins, what a right claim says now for the tile this seat just placed (its
        count's points, and the point for going out where the rules give one); else ``None``."""
        claim = self._game._claim
        return claim[1] if claim is not None and claim[0] == self.seat else None

    @property
    def public_actions(self) -> tuple[tuple[int, str, Tile | None], ...]:
        """This round's actions as this seat saw them: ``(seat, act, tile)``,
        the tile ``None`` for another seat's draw."""
        s = self.seat
        return tuple(
            (r.seat, r.act.value, r.tile if (r.act is not Act.DRAW or r.seat == s) else None)
            for r in self._game.rounds[-1].actions
        )

    def __repr__(self) -> str:
        hand = " ".join(self.hand)
        return f"<SeatView seat {self.seat}: hand {hand}; board {self.board!r}>"


def after_settlement(
    scores: Sequence[Score], target: Score, tied_over: bool = False
) -> tuple[int | None, bool]:
    """The end of a game after a settled round (the rules page, *The end of a game*): the side
    that wins (``None``: play goes on), and whether the top is now tied at or over the target.

    A side alone on top wins when it has the target; once the top was tied over the target,
    the first side alone on top wins, whatever its score.

    >>> after_settlement([63, 63], 61), after_settlement([64, 66], 61), after_settlement([56, 47], 61, True)
    ((None, True), (1, False), (0, True))
    """
    top = max(scores)
    if list(scores).count(top) == 1:
        if top >= target or tied_over:
            return list(scores).index(top), tied_over
        return None, tied_over
    return None, tied_over or top >= target


def leader_by_tiles(hands: Sequence[Sequence[TileLike]]) -> tuple[int, Tile, LeaderBy]:
    """The seat holding the highest double, else the heaviest tile; returns
    ``(seat, tile it must lead, LeaderBy.HIGHEST_DOUBLE | LeaderBy.HEAVIEST_TILE)``.

    Equal pip totals such as ``3|6`` and ``4|5`` are broken by the higher half (``3|6``).

    >>> leader_by_tiles([["3|6", "0|1"], ["4|5"]])
    (0, Tile('3|6'), <LeaderBy.HEAVIEST_TILE: 'heaviest-tile'>)
    >>> leader_by_tiles([["3|6"], ["1|1"]])
    (1, Tile('1|1'), <LeaderBy.HIGHEST_DOUBLE: 'highest-double'>)
    """
    return _leader_of([[x if type(x) is Tile else Tile(x) for x in hand] for hand in hands])


def _leader_of(hands: Sequence[Sequence[Tile]]) -> tuple[int, Tile, LeaderBy]:
    """:func:`leader_by_tiles` of hands of :class:`Tile` (a game's deal): the best lead is
    looked for from the top down (6|6 first), so a deal holding high doubles is read in a
    few tests instead of tile by tile."""
    for t in _BY_LEAD_RANK:
        for seat, hand in enumerate(hands):
            if t in hand:
                return seat, t, LeaderBy.HIGHEST_DOUBLE if t.is_double else LeaderBy.HEAVIEST_TILE
    raise DominolabError(words.refusal("nobody can lead"))


class Game(Pictured):
    """A whole game of a preset for 2–4 players.

    ``Game(rules, players=2, seed=None, partnerships=None, hands=None,
    boneyard=None, leader=None)``: the first round is dealt from
    ``random.Random(seed)`` unless ``hands`` (and optionally ``boneyard`` and
    ``leader``) are given; later rounds are always dealt from the generator.
    ``scores`` starts the sides from given scores instead of zero.

    ``seed`` may also be a ``random.Random`` (as networkx's functions take one): the game
    deals from that generator, which goes on from where it is — one stream for many games, as
    a simulation of thousands of hands may want, with no generator seeded anew for each.  Such
    a game has no seed of its own (``game.seed`` is ``None``; its record keeps the deals).

    >>> import random
    >>> stream = random.Random(7)
    >>> Game("all-fives", 2, seed=stream).rounds[0].hands == Game("all-fives", 2, seed=7).rounds[0].hands
    True
    """

    def __init__(
        self,
        rules: Rules | str = "all-fives",
        players: int = 2,
        seed: int | random.Random | None = None,
        *,
        partnerships: bool | None = None,
        hands: Sequence[Sequence[TileLike]] | None = None,
        boneyard: Sequence[TileLike] | None = None,
        leader: int | None = None,
        scores: Sequence[Score] | None = None,
        start: bool = True,
        auto_deal: bool = True,
    ) -> None:
        if seed is not None and not isinstance(seed, random.Random) and not is_whole(seed):
            raise DominolabError(words.refusal("bad seed", seed=repr(seed)))
        r = variant(rules)
        r.check_players(players)
        if players == 4:
            r = r.at_table(partnerships=partnerships)  # a table choice: the name stays
        self.rules: Rules = r
        self.players: int = players
        self.sides: tuple[tuple[int, ...], ...] = r.sides(players)
        self._side_of = side_of_seats(self.sides)
        #: the seed the game was dealt from (``None``: unseeded, or a generator given)
        self.seed: int | None = None
        if isinstance(seed, random.Random):
            self.rng = seed
        else:
            self.seed = seed
            self.rng = random.Random(seed)
        self.target: int = r.target(players)
        self._hand_size = r.hand_size(players)
        self._target2 = 2 * self.target
        self._instant = r.target_check is TargetCheck.INSTANT
        self._muggins = r.muggins
        self._claims = _claim_actions(r.claim_values) if r.muggins else ()
        self._exact = r.exact_target
        self._going_out = r.going_out_points
        #: the round goes on until both seats of a side are out (partnerships only)
        self._both_out = r.partners_both_out and len(self.sides) < players
        #: what an action scores may differ from its count's points (kept for pop)
        self._special = self._exact or bool(self._going_out) or self._both_out
        self.half_scores: list[int] = [0] * len(self.sides)  # scores in half units, exact
        if scores is not None:  # continue a game from given scores
            if len(scores) != len(self.sides):
                raise IllegalAction(
                    words.refusal("scores per side", given=len(scores), sides=len(self.sides))
                )
            self.half_scores = [int(2 * Fraction(x)) for x in scores]
        #: the scores the game started from (zero, unless ``scores`` were given)
        self.start_scores: tuple[Score, ...] = tuple(_from2(x) for x in self.half_scores)
        #: a settlement left the top tied at or over the target: play goes on, and the first
        #: side alone on top wins (RULES.md, game end); a game continued from tied scores over
        #: the target is in that state from the start
        top = max(self.half_scores)
        self._tied_over: bool = top >= self._target2 and self.half_scores.count(top) > 1
        self.rounds: list[RoundState] = []
        self.outcome: GameOutcome | None = None
        if not start:  # (start_round lays a new one)
            self.board: Board = Board(r)
        self.hands: list[list[Tile]] = []
        self._boneyard: list[Tile] = []  # next drawn at the end (reversed draw order)
        self.to_move: int = 0
        self.drawn: Tile | None = None
        self._placement_points = [0] * len(self.sides)
        self._forced_lead: Tile | None = None
        #: take the chance steps (the next deal, the lot for the leader) from the game's own
        #: generator as soon as they are owed; off, the game waits for them to be pushed
        self.auto_deal = auto_deal
        #: the last legal_actions(): its round, that round's action count then, the actions
        #: (apply() trusts an action of it; pop() forgets it)
        self._legal: tuple[RoundState | None, int, tuple[Action, ...]] = (None, 0, ())
        #: muggins: (the placing seat, the points its placement scores) until it claims, then,
        #: after a short claim, the same until the next seat calls or lets it go
        self._claim: tuple[int, int] | None = None
        self._missed: tuple[int, int] | None = None
        if start:
            self.start_round(hands, boneyard, leader)

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        board: Board,
        hands: Sequence[Sequence[TileLike]],
        boneyard: Sequence[TileLike],
        to_move: int,
        scores: Sequence[Score],
        drawn: Tile | None = None,
    ) -> Game:
        """A game in mid-round from a given position (the world a bot or a search samples for
        the hidden tiles): the layout is copied, the hands and the boneyard (in draw order) are
        taken as given.  Its history starts there: :meth:`pop` goes back no further."""
        g = cls(rules, len(hands), None, start=False, auto_deal=False, scores=scores)
        g.board = board.copy()
        g.hands = [sorted(parse_tiles(h)) for h in hands]
        g._boneyard = list(reversed(parse_tiles(boneyard)))
        g.to_move = to_move
        g.drawn = drawn
        rs = RoundState(1, tuple(tuple(h) for h in g.hands), tuple(g.boneyard), to_move, LeaderBy.LOT)
        rs.placed = [0] * len(g.sides)
        g.rounds.append(rs)
        if g.board.is_empty and rules.leader is LeaderRule.HIGHEST_DOUBLE:
            g._forced_lead = _leader_of(g.hands)[1]
        return g

    # -- properties ------------------------------------------------------------------

    @property
    def scores(self) -> tuple[Score, ...]:
        """Each side's score, in the rules' unit (exact halves as Fractions)."""
        return tuple(_from2(s) for s in self.half_scores)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def round(self) -> RoundState:
        """The current round (or the last one, once the game is over)."""
        return self.rounds[-1]

    @property
    def boneyard_count(self) -> int:
        return len(self._boneyard)

    @property
    def boneyard(self) -> tuple[Tile, ...]:
        """The undealt tiles in draw order (hidden information: not for bots).

        Empty in block, where nobody draws: see :attr:`out_of_play`."""
        return tuple(reversed(self._boneyard))

    @property
    def out_of_play(self) -> tuple[Tile, ...]:
        """The undealt tiles of a game without drawing (block): dealt to nobody and
        never drawn, they stay face down all round (``()`` when the rules draw)."""
        if self.rules.drawing or not self.rounds:
            return ()
        return self.rounds[-1].boneyard

    def side_of(self, seat: int) -> int:
        return self._side_of[seat]

    # -- rounds ----------------------------------------------------------------------

    def start_round(
        self,
        hands: Sequence[Sequence[TileLike]] | None = None,
        boneyard: Sequence[TileLike] | None = None,
        leader: int | None = None,
    ) -> RoundState:
        """Deal a new round (from the generator, or the exact ``hands`` given) and choose its
        leader by the rules: the two chance steps, :class:`Deal` and :class:`Lead`, pushed.
        With ``auto_deal`` the game takes them itself after each round.  Refused as a whole,
        changing nothing, when the deal or the leader breaks a rule."""
        if hands is None:
            if not self.is_chance:
                self.push(Deal((), ()))  # refused with the reason
            if self.rounds and self.rounds[-1].leader is None:
                self.push(Deal((), ()))  # refused with the reason
            self._push_deal(self._random_deal())  # a whole set, shuffled: nothing to check
        else:
            dealt = tuple(tuple(parse_tiles(h)) for h in hands)
            if boneyard is None:
                used = {t for h in dealt for t in h}
                rest = tuple(t for t in DOUBLE_SIX if t not in used)
            else:
                rest = tuple(parse_tiles(boneyard))
            self.push(Deal(dealt, rest))
        try:
            self._push_lead(None if leader is None else Lead(leader))
        except DominolabError:
            self.pop()  # the deal too: nothing changes
            raise
        return self.rounds[-1]

    @property
    def is_chance(self) -> bool:
        """Whether the next step is chance's, not a seat's: a deal (before the first round and
        after each round, while the game goes on) or the leader of a dealt round."""
        if self.outcome is not None:
            return False
        return not self.rounds or self.rounds[-1].is_over or self.rounds[-1].leader is None

    def chance_step(self) -> Deal | Lead:
        """The chance step owed now, drawn from the game's generator: the next :class:`Deal`
        (a shuffle of the 28 tiles), or the round's :class:`Lead` (the lot; a leader by tiles
        or by the last tile is not chance, and comes out the same whatever the generator)."""
        if not self.is_chance:
            raise IllegalAction(self._no_chance())
        rs = self.rounds[-1] if self.rounds else None
        if rs is None or rs.is_over:
            return self._random_deal()
        seat, by, _ = self._choose_leader(None)
        return Lead(seat, by)

    def _random_deal(self) -> Deal:
        n = self._hand_size
        deck = list(DOUBLE_SIX)
        shuffle(self.rng, deck)
        return Deal(
            tuple([tuple(deck[i * n : (i + 1) * n]) for i in range(self.players)]),
            tuple(deck[self.players * n :]),
        )

    def _no_chance(self) -> str:
        if self.outcome is not None:
            return words.refusal("no new round")
        return words.refusal("round going on", n=self.rounds[-1].number)

    def _choose_leader(self, leader: int | None) -> tuple[int, LeaderBy, Tile | None]:
        """The leader of the round just dealt, why, and the tile it must lead (``None``: any);
        ``leader`` is a seat asked for, refused unless the rules allow it."""
        r = self.rules
        dealt = self.rounds[-1].hands
        last = self.rounds[-2] if len(self.rounds) > 1 else None
        if last is not None and r.lead_passes_left and last.leader is not None:
            seat = (last.leader + 1) % self.players
            if leader is not None and leader != seat:
                raise IllegalAction(
                    words.refusal("lead passes left", leader=leader, game=r.name, last=last.leader, seat=seat)
                )
            return seat, LeaderBy.LEFT, None
        if last is not None and r.winner_leads_next and last.end_reason is EndReason.DOMINO and last.actions:
            seat = last.actions[-1].seat
            if leader is not None and leader != seat:
                raise IllegalAction(words.refusal("last tile leads", leader=leader, seat=seat))
            return seat, LeaderBy.LAST_TILE, None
        if r.leader is LeaderRule.HIGHEST_DOUBLE:
            seat, tile, by = _leader_of(dealt)
            if leader is not None and leader != seat:
                key = "highest double leads" if by is LeaderBy.HIGHEST_DOUBLE else "heaviest tile leads"
                raise IllegalAction(words.refusal(key, leader=leader, game=r.name, seat=seat))
            return seat, by, tile
        if leader is not None:
            if not is_whole(leader) or not 0 <= leader < self.players:
                raise IllegalAction(words.refusal("no such leader", leader=leader, players=self.players))
            return leader, LeaderBy.LOT, None
        return randrange(self.rng, self.players), LeaderBy.LOT, None

    # -- the history: push and pop -------------------------------------------------------

    @overload
    def push(self, step: Action) -> ActionRecord: ...
    @overload
    def push(self, step: Deal) -> Deal: ...
    @overload
    def push(self, step: Lead) -> Lead: ...

    def push(self, step: Action | Deal | Lead) -> Step:
        """Push a step onto the game's history and return its record: a seat's action, not
        checked (an action of :meth:`legal_actions`; :meth:`apply` checks), or a chance step,
        always checked (:class:`Deal`, :class:`Lead`).  :meth:`pop` takes it back, across
        rounds too.  With ``auto_deal``, the chance steps a round's end owes follow at once.
        """
        if type(step) is not Action:
            if type(step) is Deal:
                return self._push_deal(self._checked_deal(step))
            if type(step) is Lead:
                return self._push_lead(step)
            raise IllegalAction(words.refusal("not a step", step=repr(step)))
        a: Action = step
        seat = self.to_move
        rs = self.rounds[-1]
        act = a[0]
        if act is _PLAY:
            t = a[1]
            assert t is not None
            p = self.board._push(t, a[2])  # its entry: [1] at, [2] sum, [4] points
            hand = self.hands[seat]
            hand.remove(t)
            self.drawn = None
            rec = _mk(ActionRecord, (seat, _PLAY, t, p[1], p[2], p[4]))
            rs.actions.append(rec)
            if self._special:
                return self._play_special(rs, seat, rec)
            if self._muggins:  # nothing scores until the claim
                self._claim = (seat, p[4])
                return rec
            if p[4] and self._score(rs, seat, p[4]):
                return rec
            self._after_play(rs, seat)
            return rec
        if act in _MUGGINS_ACTS:
            return self._apply_muggins(rs, seat, a)
        if act is _DRAW:
            t = self._boneyard.pop()
            insort(self.hands[seat], t)
            if TILE_BITS[t] & self.board.open_bits:
                self.drawn = t
            rec = _mk(ActionRecord, (seat, _DRAW, t, None, None, None))
            rs.actions.append(rec)
            return rec
        rec = _mk(ActionRecord, (seat, Act.PASS, None, None, None, None))
        rs.actions.append(rec)
        if not self._anyone_can_play():
            self._end_round(rs, None)
        else:
            self.to_move = self._next_seat(seat) if self._both_out else (seat + 1) % self.players
        return rec

    @property
    def history(self) -> list[Step]:
        """Every step of the game so far, oldest first, across rounds: each round's
        :class:`Deal` and :class:`Lead`, then the seats' actions (as their records).  The
        rounds are the one log; this reads it as one list."""
        out: list[Step] = []
        for rs in self.rounds:
            out.append(Deal(rs.hands, rs.boneyard))
            if rs.leader is not None:
                out.append(Lead(rs.leader, rs.leader_by))
            out.extend(rs.actions)
        return out

    def _checked_deal(self, deal: Deal) -> Deal:
        """``deal`` with its tiles read, unless it breaks a rule (refused, nothing changed)."""
        if not self.is_chance:
            raise IllegalAction(self._no_chance())
        if self.rounds and self.rounds[-1].leader is None:
            raise IllegalAction(words.refusal("leader first"))
        n = self._hand_size
        hands = [tuple(Tile(t) for t in h) for h in deal.hands]
        rest = tuple(Tile(t) for t in deal.boneyard)
        if len(hands) != self.players:
            raise IllegalAction(words.refusal("hands per seat", given=len(hands), players=self.players))
        for seat, h in enumerate(hands):
            if len(h) != n:
                raise IllegalAction(
                    words.refusal(
                        "hand size", seat=seat, dealt=len(h), game=self.rules.name, n=n, players=self.players
                    )
                )
        every = [t for h in hands for t in h] + list(rest)
        if len(set(every)) != len(every) or len(every) != 28:
            dup = sorted({t for t in every if every.count(t) > 1})
            missing = sorted(set(DOUBLE_SIX) - set(every))
            raise IllegalAction(
                words.refusal("not the set")
                + (words.refusal("twice", tiles=" ".join(dup)) if dup else "")
                + (words.refusal("missing", tiles=" ".join(missing)) if missing else "")
            )
        return Deal(tuple(hands), rest)

    def _push_deal(self, step: Deal) -> Deal:
        """Push a deal known to be good (checked, or drawn by :meth:`chance_step`)."""
        rest = step.boneyard
        # the board is not kept: pop() lays the last round's placements again (a game keeps no
        # old layouts alive)
        before = (self.hands, self._boneyard, self.to_move, self.drawn, self._claim, self._missed,
                  self._forced_lead)  # fmt: skip
        self.board = Board(self.rules)
        self.hands = [sorted(h) for h in step.hands]  # kept sorted (tiles low first)
        # in block nobody draws: the undealt tiles stay out of play, face down
        self._boneyard = list(reversed(rest)) if self.rules.drawing else []
        self.drawn = None
        self._claim = self._missed = None
        self._forced_lead = None
        rs = RoundState(len(self.rounds) + 1, step.hands, rest, None, None, before_deal=before)
        rs.placed = [0] * len(self.sides)
        self.rounds.append(rs)
        return step

    def _push_lead(self, lead: Lead | None) -> Lead:
        """Push a leader: ``lead``, checked, or ``None`` for the one chance gives now."""
        rs = self.rounds[-1] if self.rounds else None
        if rs is None or rs.leader is not None or self.outcome is not None:
            raise IllegalAction(words.refusal("leader once"))
        seat, by, forced = self._choose_leader(None if lead is None else lead.seat)
        if lead is not None and lead.by is not None and lead.by != by:
            raise IllegalAction(words.refusal("leader chosen by", by=repr(by), asked=repr(lead.by)))
        step = Lead(seat, by)
        rs.leader, rs.leader_by = seat, by
        self.to_move = seat
        self._forced_lead = forced
        return step

    def pop(self) -> Step:
        """Take the last step of the history back, exactly, and return it: an action, or a
        chance step (a deal taken back takes its round away; the generator is not rewound)."""
        if not self.rounds:
            raise IllegalAction(words.refusal("nothing to undo"))
        self._legal = (None, 0, ())
        rs = self.rounds[-1]
        if rs.actions:
            return self._pop_action(rs)
        assert rs.before_deal is not None
        if rs.leader is not None:  # the round's leader
            step = Lead(rs.leader, rs.leader_by)
            rs.leader = rs.leader_by = None
            self._forced_lead = None
            self.to_move = rs.before_deal[2]
            return step
        self.rounds.pop()  # the deal, and its round
        (self.hands, self._boneyard, self.to_move, self.drawn, self._claim, self._missed,
         self._forced_lead) = rs.before_deal  # fmt: skip
        self.board = Board(self.rules)  # the last round's layout, laid again
        for r in self.rounds[-1].actions if self.rounds else ():
            if r.act is Act.PLAY:
                assert r.tile is not None
                self.board._push(r.tile, None if r.at is None else (r.at.tile, r.at.slot))
        return Deal(rs.hands, rs.boneyard)

    def _pop_action(self, rs: RoundState) -> ActionRecord:
        """Take back the last action of round ``rs``: what it did is read from its record and
        the ones before it (the round keeps the scores from before its end)."""
        rec = rs.actions.pop()
        acts = rs.actions
        seat, act = rec.seat, rec.act
        if rs.before_end is not None:  # this action ended the round, or the game
            score2, pp, self._tied_over, self.outcome = rs.before_end
            self.half_scores, self._placement_points = list(score2), list(pp)
            rs.end_reason = rs.winner = rs.settlement = rs.before_end = None
            rs.scores = ()
        # the points the action itself scored (muggins: a right claim, or the call)
        scored = 0
        if self._special:
            scored = rs.scored.pop(len(acts), 0)
            if rs.busts and rs.busts[-1] == len(acts):
                rs.busts.pop()
        elif act is Act.PLAY and not self._muggins:
            scored = rec.points or 0
        elif act is Act.CLAIM and judge(rec.points or 0, acts[-1].points or 0) == "right":
            scored = acts[-1].points or 0
        elif act is Act.MUGGINS:
            scored = rec.points or 0
        if scored:
            side = self._side_of[seat]
            self.half_scores[side] -= 2 * scored
            self._placement_points[side] -= scored
            rs.placed[side] -= scored
        # the tiles, and the turn as it was
        if act is Act.DRAW:
            assert rec.tile is not None
            self.hands[seat].remove(rec.tile)
            self._boneyard.append(rec.tile)
        elif act is Act.PLAY:
            assert rec.tile is not None
            self.board._undo()
            insort(self.hands[seat], rec.tile)
        prev = acts[-1] if acts else None
        self.to_move = seat
        # a drawn tile that plays is placed at once: a play right after the draw of its tile
        after_draw = act is Act.PLAY and prev is not None and prev.act is Act.DRAW and prev.tile == rec.tile
        self.drawn = rec.tile if after_draw else None
        self._claim = (seat, self._owed(prev)) if act is Act.CLAIM and prev is not None else None
        if act is Act.MUGGINS or act is Act.LET_GO:
            assert prev is not None
            self._missed = (prev.seat, self._owed(acts[-2]))  # the short claim, and its placement
        else:
            self._missed = None
        return rec

    def _owed(self, play: ActionRecord) -> int:
        """What the placement just made (``play``) scores, and so what a claim for it must say:
        its count's points, and the point for going out when it ended the round so."""
        points = play.points or 0
        if self._going_out and self.goes_out(play.seat):
            points += self._going_out
        return points

    # -- turns ---------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to move (``[]`` once the game is over, and while
        chance is to move).  Plays come in a fixed order: tiles low first, then the board's
        open points.  The list is kept, so that :meth:`apply` need not check an action of it
        again.
        """
        if self.outcome is not None or not self.rounds:
            return []
        rs = self.rounds[-1]
        if rs.end_reason is not None or rs.leader is None:  # chance is to move
            return []
        plays = self._legal_now()
        self._legal = (rs, len(rs.actions), tuple(plays))
        return plays

    def _legal_now(self) -> list[Action]:
        if self._claim is not None:
            return list(self._claims)
        if self._missed is not None:
            return [_MUGGINS_ACTION, _LET_GO_ACTION]
        board = self.board
        if self.drawn is not None:
            row = _PLAYS_BY_RANK[self.drawn]
            return [a for op in board.ranked_points if (a := row[op[0]]) is not None]
        hand = self.hands[self.to_move]
        if not board.open_at:  # the layout is empty (a placed tile always leaves an end open)
            if self._forced_lead is not None:
                return [_mk(Action, (_PLAY, self._forced_lead, None, None))]
            return [_mk(Action, (_PLAY, t, None, None)) for t in hand]
        bits = board.open_bits
        plays: list[Action] = []
        add = plays.append
        ops = board.ranked_points
        for t in hand:
            if TILE_BITS[t] & bits:
                row = _PLAYS_BY_RANK[t]
                for op in ops:  # a plain loop: a comprehension is a call of its own in 3.11
                    a = row[op[0]]
                    if a is not None:
                        add(a)
        if plays:
            return plays
        return [_DRAW_ACTION] if self._boneyard else [_PASS_ACTION]

    def why_not(self, action: Action | str) -> str | None:
        """The reason ``action`` is refused now, or ``None`` if it is legal."""
        try:
            self.verify(action)
        except DominolabError as e:
            return str(e)
        return None

    def verify(self, action: Action | str) -> Action:
        """Raise :class:`IllegalAction` with the reason unless ``action`` is legal; returns the
        engine's own action.

        The turn rule is :meth:`legal_actions`, and only it: an action is legal when it is one
        of that list.  What follows a refusal only explains it.
        """
        a = Action.parse(action)
        if self.outcome is not None:
            raise IllegalAction(words.refusal("game over", outcome=self.outcome))
        if not self.rounds or self.rounds[-1].is_over:
            raise IllegalAction(words.refusal("no round"))
        legal = self.legal_actions()
        for x in legal:
            if x == a:
                return x
        raise IllegalAction(self._refusal(a, legal))

    def _refusal(self, a: Action, legal: Sequence[Action]) -> str:
        """Why ``a``, which is not among the ``legal`` actions, is refused: the rule it breaks."""
        seat = self.to_move
        if self._claim is not None or self._missed is not None or a.act in _MUGGINS_ACTS:
            return self._muggins_refusal(a)
        hand = self.hands[seat]
        board = self.board
        plays = next((x for x in legal if x.act is Act.PLAY), None)
        say = words.refusal
        if a.act is Act.PLAY:
            assert a.tile is not None
            if self.drawn is not None and a.tile != self.drawn:
                return say("drawn must play", seat=seat, drawn=self.drawn, tile=a.tile)
            if a.tile not in hand:
                return say("tile on layout" if a.tile in board else "tile not held", seat=seat, tile=a.tile)
            if board.is_empty and self._forced_lead is not None and a.tile != self._forced_lead:
                key = "forced lead double" if self._forced_lead.is_double else "forced lead heaviest"
                return say(key, seat=seat, tile=self._forced_lead, game=self.rules.name)
            reason = board.why_not(a.tile, a.at) or say("not legal")
            return say("cannot play", seat=seat, action=a, reason=reason)
        if self.drawn is not None:
            key = "drawn not drawn again" if a.act is Act.DRAW else "drawn not passed"
            return say(key, seat=seat, drawn=self.drawn)
        if plays is not None:
            if plays.at is None:
                play = say("leading", tile=plays.tile)
            else:
                play = say("on", tile=plays.tile, at=point_text(plays.at))
            key = "must play, no draw" if a.act is Act.DRAW else "must play, no pass"
            return say(key, seat=seat, play=play)
        if a.act is Act.DRAW:
            if not self.rules.drawing:
                return say("nobody draws", seat=seat, game=self.rules.name)
            return say("boneyard empty", seat=seat)
        return say("cannot pass", seat=seat, tiles=words.tiles(len(self._boneyard)))

    def _muggins_refusal(self, a: Action) -> str:
        """Why a muggins step, or another action while one is owed, is refused
        (:mod:`dominolab.muggins`): a claim after each placement, then, after a short claim,
        the next seat's call."""
        seat = self.to_move
        say = words.refusal
        if self._claim is not None:
            if a.act is not Act.CLAIM:
                return say("claim first", seat=seat, action=a)
            why = claim_refusal(self.rules, a.claim, seat)
            assert why is not None, "a claim the rules allow is not refused"
            return why
        if self._missed is not None:
            placer, _ = self._missed
            return say("claimed too little", placer=placer, seat=seat, action=a)
        if not self.rules.muggins:
            return say("no muggins", action=a, game=self.rules.name)
        if a.act is Act.CLAIM:
            return say("nothing to claim", seat=seat)
        return say("no call", seat=seat, action=a)

    @overload
    def apply(self, action: Action | str) -> ActionRecord: ...
    @overload
    def apply(self, action: Deal) -> Deal: ...
    @overload
    def apply(self, action: Lead) -> Lead: ...

    def apply(self, action: Action | str | Deal | Lead) -> Step:
        """Push a step after checking it: a legal action of the seat to move (refused with
        :class:`IllegalAction`, nothing changed, otherwise), or a chance step."""
        if type(action) is Action:
            rs, n, legal = self._legal
            # one of the list legal_actions() gave for this very state (``in`` tries identity first)
            if rs is not None and rs is self.rounds[-1] and n == len(rs.actions) and action in legal:
                return self.push(action)
        elif type(action) is Deal or type(action) is Lead:
            return self.push(action)
        return self.push(self.verify(action))  # type: ignore[arg-type]

    def _score(self, rs: RoundState, seat: int, points: int) -> bool:
        """Placement points for ``seat``'s side; whether they ended the game (instant target).
        With an exact target, points that would pass it are disregarded whole."""
        side = self._side_of[seat]
        if self._special:
            if self._exact and self.half_scores[side] + 2 * points > self._target2:
                rs.busts.append(len(rs.actions) - 1)
                return False
            rs.scored[len(rs.actions) - 1] = points
        self.half_scores[side] += 2 * points
        self._placement_points[side] += points
        rs.placed[side] += points
        if self._instant and self._reached(side):
            rs.before_end = (tuple(self.half_scores), tuple(self._placement_points), self._tied_over, None)
            rs.end_reason = EndReason.TARGET
            rs.winner = side
            rs.scores = self.scores
            self.outcome = GameOutcome(side, self.scores, GameEnd.TARGET, rs.number, self.sides)
            return True
        return False

    def _after_play(self, rs: RoundState, seat: int) -> None:
        """After ``seat``'s placement is scored: a domino, a block, or the next seat's turn."""
        if not self.hands[seat] and (not self._both_out or self._side_out(seat)):
            self._end_round(rs, seat)
        elif not self._boneyard and not self._anyone_can_play():
            self._end_round(rs, None)
        else:  # the next seat (one still holding tiles, where partners play until both are out)
            self.to_move = self._next_seat(seat) if self._both_out else (seat + 1) % self.players

    def _next_seat(self, seat: int) -> int:
        """The seat after ``seat`` in turn; where a round goes on until both partners are out,
        the next seat still holding tiles (a seat that is out is skipped)."""
        nxt = (seat + 1) % self.players
        if self._both_out:
            while not self.hands[nxt]:
                nxt = (nxt + 1) % self.players
        return nxt

    def _side_out(self, seat: int) -> bool:
        """Whether every seat of ``seat``'s side has played its last tile."""
        return all(not self.hands[s] for s in self.sides[self._side_of[seat]])

    def goes_out(self, seat: int) -> bool:
        """Whether ``seat``, holding no tiles now, has ended the round by going out: its hand
        is empty and, where a round goes on until both partners are out, so is its partner's."""
        return not self.hands[seat] and (not self._both_out or self._side_out(seat))

    def _play_special(self, rs: RoundState, seat: int, rec: ActionRecord) -> ActionRecord:
        """A placement in a game with a point for going out or an exact target: the going-out
        point is scored with the placement's own points (together, so together they may pass
        an exact target and be disregarded); with muggins, the claim covers both."""
        points = self._owed(rec)
        if self._muggins:
            self._claim = (seat, points)
            return rec
        if points and self._score(rs, seat, points):
            return rec
        self._after_play(rs, seat)
        return rec

    def _apply_muggins(self, rs: RoundState, seat: int, a: Action) -> ActionRecord:
        if a.act is Act.CLAIM:
            assert self._claim is not None and a.claim is not None
            placer, points = self._claim
            self._claim = None
            rec = _mk(ActionRecord, (seat, Act.CLAIM, None, None, None, a.claim))
            rs.actions.append(rec)
            verdict = judge(a.claim, points)
            if verdict == "right" and points and self._score(rs, placer, points):
                return rec
            if verdict == "short":
                self._missed = (placer, points)
                self.to_move = (placer + 1) % self.players  # the next seat, an opponent, may call
                return rec
            self._after_play(rs, placer)
            return rec
        assert self._missed is not None
        placer, points = self._missed
        self._missed = None
        if a.act is Act.MUGGINS:
            rec = _mk(ActionRecord, (seat, Act.MUGGINS, None, None, None, points))
            rs.actions.append(rec)
            if self._score(rs, seat, points):
                return rec
        else:
            rec = _mk(ActionRecord, (seat, Act.LET_GO, None, None, None, None))
            rs.actions.append(rec)
        self._after_play(rs, placer)
        return rec

    def _reached(self, side: int) -> bool:
        """Whether ``side``'s placement ends an instant-target game: it reached the
        target, or, while the top is tied over the target, it is now alone on top."""
        score2 = self.half_scores
        mine = score2[side]
        if not self._tied_over:
            return mine >= self._target2
        for i, x in enumerate(score2):
            if i != side and x >= mine:
                return False
        return True

    def _anyone_can_play(self) -> bool:
        bits = self.board.open_bits
        tb = TILE_BITS
        for h in self.hands:  # plain loops: a generator costs a frame per call
            for t in h:
                if tb[t] & bits:
                    return True
        return False

    def _end_round(self, rs: RoundState, domino_seat: int | None) -> None:
        rs.before_end = (
            tuple(self.half_scores),
            tuple(self._placement_points),
            self._tied_over,
            self.outcome,
        )
        s = settle_hands(
            self.rules, self.sides, self._side_of, [tuple(h) for h in self.hands], domino_seat, None, False
        )
        rs.end_reason = s.reason
        rs.winner = s.winner
        rs.settlement = s
        for i, c in enumerate(s.changes):
            if self._exact and self.half_scores[i] + int(2 * c) > self._target2:
                continue  # an exact target: a settlement past it is disregarded too
            self.half_scores[i] += int(2 * c)
        rs.scores = self.scores
        winner, self._tied_over = after_settlement(self.half_scores, self._target2, self._tied_over)
        if winner is not None:
            self.outcome = GameOutcome(winner, self.scores, GameEnd.AFTER_ROUND, rs.number, self.sides)
            return
        if self.auto_deal:  # the next deal and its leader (chance_step's, without asking again)
            self._push_deal(self._random_deal())
            self._push_lead(None)

    # -- views and text --------------------------------------------------------------

    def view(self, seat: int | None = None, _legal: Sequence[Action] | None = None) -> SeatView:
        """What ``seat`` (default: the seat to move) may see."""
        s = self.to_move if seat is None else seat
        if not is_whole(s) or not 0 <= s < self.players:
            raise IllegalAction(
                words.refusal("no such seat", seat=repr(s), players=self.players, top=self.players - 1)
            )
        if s != self.to_move:
            return SeatView(self, s, ())
        return SeatView(self, s, tuple(self.legal_actions()) if _legal is None else _legal)

    @property
    def owed_claim(self) -> tuple[int, int] | None:
        """Under muggins, while a claim or a call is owed: the seat that placed, and what its
        placement scores (its count's points, and the point for going out where the rules
        give one); else ``None``."""
        return self._claim or self._missed

    @property
    def forced_lead(self) -> Tile | None:
        """The tile the round's leader must lead (the highest double, else the heaviest tile,
        where the rules say so) while the layout is empty; ``None`` when any tile may lead.

        >>> Game("dominos-cc", 2, hands=[["6|6", "0|1", "0|2", "0|3", "0|4", "0|5", "0|6"],
        ...     ["1|1", "1|2", "1|3", "1|4", "1|5", "1|6", "2|2"]]).forced_lead
        Tile('6|6')
        """
        return self._forced_lead if self.board.is_empty else None

    @property
    def owed_step(self) -> Act | None:
        """Under muggins, the step owed now: ``Act.CLAIM`` (the seat that placed says what its
        placement scores), ``Act.MUGGINS`` (the next seat may call a short claim, or let it
        go), else ``None``; :attr:`owed_claim` says by whom and its worth.

        >>> g = Game(variant("all-fives").replace(muggins=True), 2, seed=1)
        >>> g.owed_step is None, str(g.apply(g.legal_actions()[0]).act), str(g.owed_step)
        (True, 'play', 'claim')
        """
        if self._claim is not None:
            return Act.CLAIM
        if self._missed is not None:
            return Act.MUGGINS
        return None

    def placement_points(self) -> tuple[int, ...]:
        """Points each side has scored by placements (the rest came from settlements)."""
        return tuple(self._placement_points)

    def __repr__(self) -> str:
        state = (
            str(self.outcome) if self.outcome else f"round {len(self.rounds)}, seat {self.to_move} to move"
        )
        sc = ", ".join(format_score(x) for x in self.scores)
        scores = "" if self.outcome else f"; scores {sc}"  # the outcome says them
        return f"<Game {self.rules.name} {self.players}p seed={self.seed}: {state}{scores}>"

    def __str__(self) -> str:
        state = str(self.outcome) if self.outcome else words.game_state(len(self.rounds), self.to_move)
        stock = len(self._boneyard) if self.rules.drawing else len(self.out_of_play)
        return words.game_summary(
            self.rules.name,
            self.players,
            self.seed,
            state,
            self.sides,
            self.scores,
            self.hands,
            self.rules.drawing,
            stock,
            str(self.board),
        )


@runtime_checkable
class Player(Protocol):
    """The bot interface."""

    name: str

    def choose(self, view: SeatView) -> Action:
        """Pick one of ``view.legal_actions``."""
        ...


def _chooser(bot: Player, game: Game) -> Callable[[Sequence[Action]], Action]:
    """``bot``'s choice among the legal actions of ``game``'s seat to move: its
    ``choose_from`` when it has one (no view needed), else ``choose`` on a fresh view."""
    quick: Callable[[Sequence[Action]], Action] | None = getattr(bot, "choose_from", None)
    if quick is not None and not game.rules.muggins:  # a claim needs the view's board
        return quick
    return lambda acts: bot.choose(game.view(None, acts))


def bot_action(game: Game, bot: Player, legal: Sequence[Action] | None = None) -> Action:
    """The action ``bot`` takes for the seat to move: the only legal one when there is one,
    else the bot's choice, checked (the engine's own action is returned)."""
    acts = game.legal_actions() if legal is None else legal
    if len(acts) == 1:
        return acts[0]
    return _checked(game, bot, _chooser(bot, game)(acts), acts)


def _checked(game: Game, bot: Player | None, choice: Action, acts: Sequence[Action]) -> Action:
    try:
        return acts[acts.index(choice)]  # the engine's own Action, however the bot built its choice
    except ValueError:
        raise DominolabError(
            words.refusal("bot illegal", bot=repr(bot), choice=choice, why=game.why_not(choice) or "")
        ) from None


def play_bots(
    game: Game,
    bots: Sequence[Player | None],
    *,
    until: Callable[[Game], bool] | None = None,
    max_rounds: int = 10_000,
    max_actions: int | None = None,
) -> Game:
    """The one loop of bot turns: ``bots[seat]`` plays for each seat (``None``: nobody, the
    loop stops there) until the game ends, ``until(game)`` holds, or ``max_actions`` actions
    were applied.  A game that does not end within ``max_rounds`` rounds is an error."""
    choose = [None if b is None else _chooser(b, game) for b in bots]
    legal, apply, rounds = game._legal_now, game.push, game.rounds
    left = -1 if max_actions is None else max_actions
    while game.outcome is None and left:
        if until is not None and until(game):
            break
        if len(rounds) > max_rounds:
            raise DominolabError(words.refusal("endless", rounds=max_rounds))
        seat = game.to_move
        pick = choose[seat]
        rs = rounds[-1]
        # no bot there, or chance to move (Game.is_chance, read inline on this hot path)
        if pick is None or rs.end_reason is not None or rs.leader is None:
            break
        acts = legal()
        if len(acts) == 1:
            apply(acts[0])
        else:
            choice = pick(acts)
            try:
                i = acts.index(choice)
            except ValueError:
                _checked(game, bots[seat], choice, acts)  # raises, saying why
            apply(acts[i])  # the engine's own Action, however the bot built its choice
        left -= 1
    return game


_PLAY = Act.PLAY
_DRAW = Act.DRAW
_mk = tuple.__new__  # builds a NamedTuple from a tuple without its Python-level __new__
_DRAW_ACTION = Action(Act.DRAW)
_PASS_ACTION = Action(Act.PASS)
_MUGGINS_ACTION = Action(Act.MUGGINS)
_LET_GO_ACTION = Action(Act.LET_GO)
_MUGGINS_ACTS = frozenset({Act.CLAIM, Act.MUGGINS, Act.LET_GO})
_CLAIM_ACTIONS: dict[tuple[int, ...], tuple[Action, ...]] = {}


def _claim_actions(values: tuple[int, ...]) -> tuple[Action, ...]:
    """Every claim a seat may make, as actions (:attr:`Rules.claim_values`: raw 0, 5 … 100;
    shown 0 … 20), made once per list of values."""
    if values not in _CLAIM_ACTIONS:
        _CLAIM_ACTIONS[values] = tuple(Action(Act.CLAIM, claim=n) for n in values)
    return _CLAIM_ACTIONS[values]


def _plays_by_rank() -> dict[Tile, list[Action | None]]:
    """For each tile, indexed by an open point's rank: the play of the tile there, or
    ``None`` when the tile's halves do not match that point.  The matches are the
    board's own placement table (a point's pips are fixed by its tile and slot), so
    this is computed once, not per turn."""
    table: dict[Tile, list[Action | None]] = {t: [None] * len(POINT_RANK) for t in DOUBLE_SIX}
    for t, key in STEPS:
        table[t][POINT_RANK[key]] = Action(Act.PLAY, t, key)
    return table


_PLAYS_BY_RANK = _plays_by_rank()
#: each tile's rank for the lead by tiles: doubles above the rest, then the pips, then the
#: higher half (3|6 above 4|5)
_LEAD_RANK: dict[Tile, int] = {
    t: i for i, t in enumerate(sorted(DOUBLE_SIX, key=lambda t: (t.is_double, t.pips, t.high)))
}
#: the tiles from the best lead down: 6|6, 5|5, … 0|0, then 5|6, 4|6, 3|6, 4|5, …
_BY_LEAD_RANK: tuple[Tile, ...] = tuple(sorted(_LEAD_RANK, key=_LEAD_RANK.__getitem__, reverse=True))


def _from2(x: int) -> Score:
    return x // 2 if x % 2 == 0 else Fraction(x, 2)
