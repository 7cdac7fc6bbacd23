"""A game review: every turn of one seat, what it scored and the most it could have scored then.

Chess learners improve by reviewing their own games; this is that for the fives games.  The
game is replayed from its record (every step checked by the rules); at each turn of the seat
reviewed, every legal placement is scored by the engine, and the turn is compared with the
best of them.  "Best" here is honest and narrow: **the most points now**, from what the seat
could see (its hand and the layout) — a turn that scored less is not called a mistake, since
keeping a tile for later may be worth more; :attr:`TurnReview.missed` is only what another
placement would have scored at once.  Under muggins a claim short of the count, and a call
let go, are missed points too.

>>> import dominolab as dl
>>> g = dl.play_game("all-fives", 2, ["random", "greedy"], seed=3)
>>> r = dl.review(g, seat=0)
>>> r.scored() + r.missed() == r.available()
True
>>> print(r.summary().splitlines()[0])  # doctest: +ELLIPSIS
Seat 0 in all-fives, 2 players: ... points scored by placements, ... more were there to take ...
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from . import words
from .board import Board, placement_text
from .errors import DominolabError, is_whole
from .game import Act, Action, Game, RoundState
from .puzzles import Checked, best_placements, read_move
from .record import game_to_record, load_record, replay
from .rules import Rules

__all__ = ["TurnReview", "GameReview", "Challenge", "review"]


@dataclass(frozen=True)
class TurnReview:
    """One turn of the seat reviewed."""

    round: int
    index: int  #: the action's place in its round, from 1
    seat: int
    act: str  #: play, draw, pass, claim, muggins or let-go
    did: str  #: the turn in words: "played 3|4 on 4|4:line-b", "drew 2|5", "claimed 5"
    scored: int  #: points the turn scored (a placement's count, a going-out point; a right claim)
    best: int  #: the most any legal choice would have scored now
    best_move: str | None  #: that choice (tile@tile:slot; a claim "claim N"; "muggins")
    why: str  #: the best choice's reason, in the engine's words
    #: the position before the turn, to play it again (a challenge)
    layout: tuple[tuple[str, str | None], ...] = field(default=(), repr=False)
    hand: tuple[str, ...] = field(default=(), repr=False)
    #: whether :attr:`scored` was scored by this turn (under muggins a placement's points are
    #: scored by its claim: the placement turn compares placements, the claim turn scores)
    counts: bool = True
    #: with ``review(..., expert=True)``: the expert bot's choice here and what it scores now
    #: (it may score less now to score more later)
    expert_move: str | None = None
    expert_scores: int | None = None
    #: the turn's tile and where it went (``"4|4:line-b"``; ``None`` for a lead)
    tile: str | None = None
    at: str | None = None

    @property
    def missed(self) -> int:
        """What the best choice would have scored more, now (never below 0)."""
        return max(self.best - self.scored, 0)

    def __str__(self) -> str:
        return words.review_turn(
            self.round,
            self.index,
            self.did,
            self.scored if self.act == "play" or self.act == "claim" or self.missed else None,
            (self.best_move, self.best, self.why) if self.missed else None,
            (self.expert_move, self.expert_scores or 0, (self.expert_scores or 0) < self.best)
            if self.expert_move is not None and self.expert_move != self.best_move
            else None,
        )


@dataclass(frozen=True)
class GameReview:
    """The review of one seat's game: its turns, and summaries a learner reads."""

    seat: int
    rules: Rules
    players: int
    turns: tuple[TurnReview, ...]
    #: how each round ended, in the engine's words: ``(round, sentences)`` (the settlement)
    ends: tuple[tuple[int, tuple[str, ...]], ...] = ()

    def scored(self) -> int:
        """The points the seat's turns scored (placements, going out, right claims, calls)."""
        return sum(t.scored for t in self.turns if t.counts)

    def missed(self) -> int:
        return sum(t.missed for t in self.turns)

    def available(self) -> int:
        """What the turns would have scored, each at its best (scored + missed).

        >>> import dominolab as dl
        >>> r = dl.review(dl.play_game("all-fives", 2, ["greedy", "greedy"], seed=2), seat=1)
        >>> r.missed(), r.scored() == r.available()  # greedy takes the most points at every turn
        (0, True)
        """
        return self.scored() + self.missed()

    def missed_by_round(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for t in self.turns:
            out[t.round] = out.get(t.round, 0) + t.missed
        return out

    def biggest(self, n: int = 3) -> list[TurnReview]:
        """The ``n`` turns that missed most, largest first (turns that missed nothing left out)."""
        return sorted((t for t in self.turns if t.missed), key=lambda t: (-t.missed, t.round, t.index))[:n]

    def summary(self) -> str:
        """The review in a few lines: the points, the rounds, the biggest misses."""
        lines = [
            words.review_head(
                self.seat,
                self.rules.name,
                self.players,
                words.points(self.scored(), self.rules.unit),
                self.missed(),
            )
        ]
        by_round = {r: m for r, m in self.missed_by_round().items() if m}
        if by_round:
            lines.append(
                words.review("missed by round", rounds=words.review_rounds(sorted(by_round.items())))
            )
        big = self.biggest()
        if big:
            lines.append(words.review("biggest"))
            lines += [f"  {t}" for t in big]
        else:
            lines.append(words.review("no miss"))
        return "\n".join(lines)

    def __str__(self) -> str:
        lines = [self.summary(), "", words.review("every turn")]
        ends = dict(self.ends)
        last = 0
        for t in self.turns:
            for r in range(last + 1, t.round):  # the rounds before this turn's, ended
                lines += [f"    {x}" for x in ends.get(r, ())]
            last = max(last, t.round - 1)
            lines.append(f"  {t}")
        for r in range(last + 1, max(ends, default=0) + 1):
            lines += [f"    {x}" for x in ends.get(r, ())]
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """The review as plain JSON-ready values (``dominolab review --json``)."""
        return {
            "seat": self.seat,
            "rules": self.rules.name,
            "players": self.players,
            "scored": self.scored(),
            "missed": self.missed(),
            "turns": [
                {k: v for k, v in asdict(t).items() if k not in ("layout", "hand")} for t in self.turns
            ],
            "ends": [{"round": r, "lines": list(x)} for r, x in self.ends],
        }

    def challenge(self, turn: TurnReview | int = 0) -> Challenge:
        """A *find the better move* challenge from one of the biggest misses (``0``: the
        biggest) or from a turn of :attr:`turns`: the position restored, and a placement that
        scores at least what was missed (or more) wanted."""
        if not isinstance(turn, TurnReview):
            big = self.biggest(len(self.turns))
            if not is_whole(turn) or not 0 <= turn < len(big):
                raise DominolabError(words.review("turn number", top=len(big) - 1, value=repr(turn)))
            turn = big[turn]
        if turn.act != "play" or not turn.missed:
            raise DominolabError(words.review("nothing missed", turn=turn))
        return Challenge(self.rules, turn)

    def _repr_markdown_(self) -> str:
        return self.summary().replace("\n", "  \n")


@dataclass(frozen=True)
class Challenge:
    """Find the better move: the layout and the hand of a reviewed turn, and a placement wanted
    that scores at least the best points that turn could have scored."""

    rules: Rules
    turn: TurnReview

    @property
    def goal(self) -> int:
        return self.turn.best

    @property
    def hand(self) -> tuple[str, ...]:
        """The hand held at that turn."""
        return self.turn.hand

    def reveal(self) -> str:
        """The better move, with the engine's reason."""
        return words.onboard("challenge answer", move=self.turn.best_move, why=self.turn.why)

    def board(self) -> Board:
        return Board.of(self.rules, self.turn.layout)

    @property
    def question(self) -> str:
        t = self.turn
        return words.challenge_question(t.round, " ".join(t.hand), t.tile, t.at, t.scored, self.goal)

    def check(self, answer: Any) -> Checked:
        """``answer`` is a placement (``"5|5@1|5:high"``); refused at once, in the engine's
        words, when it is not legal or scores less than the goal."""
        b = self.board()
        read = read_move(answer, b, self.turn.hand)
        if isinstance(read, Checked):
            return read
        t, at = read
        b.play(t, at)
        got = b.rules.points(b.score())
        if got >= self.goal:
            move, eq = placement_text(t, at), b.equation()
            return Checked(True, words.review("challenge right", move=move, equation=eq, points=got))
        return Checked(
            False,
            words.review(
                "challenge short",
                move=placement_text(t, at),
                equation=b.equation(),
                points=got,
                goal=self.goal,
            ),
        )


def _source(game: Game | dict[str, Any] | str | Path) -> dict[str, Any]:
    if isinstance(game, Game):
        if not game.rounds:
            raise DominolabError(words.review("no round"))
        return game_to_record(game)
    if isinstance(game, dict):
        return game
    if isinstance(game, str | Path):
        return load_record(game)
    raise DominolabError(words.review("what to review", value=repr(game)))


def _value(g: Game, a: Action) -> int:
    """What a placement scores now, as the game itself scores it (its count's points, the point
    for going out, nothing past an exact target): the placement is pushed on the game — with the
    right claim after it, under muggins — its side's placement points read, and both taken back."""
    side = g.side_of(g.to_move)
    before = g.placement_points()[side]
    g.push(a)
    pushed = 1
    if g.owed_claim is not None:  # muggins: the points are the right claim's
        g.push(Action(Act.CLAIM, claim=g.owed_claim[1]))
        pushed = 2
    after = g.placement_points()[side]
    for _ in range(pushed):
        g.pop()
    return after - before


def _layout(rs: RoundState) -> tuple[tuple[str, str | None], ...]:
    return tuple(
        (str(a.tile), None if a.at is None else f"{a.at.tile}:{a.at.slot}")
        for a in rs.actions
        if a.act is Act.PLAY and a.tile is not None
    )


def review(game: Game | dict[str, Any] | str | Path, seat: int = 0, *, expert: bool = False) -> GameReview:
    """Review ``seat``'s turns in ``game`` (a :class:`Game`, a record, or a record's file).

    Each turn where the seat could place a tile is compared with the placement that would have
    scored most at that moment (from its own hand and the layout: nothing hidden); under
    muggins, each claim with what the placement scored, and each call let go.  ``expert``
    also asks the expert bot (a fixed budget of playouts, so the review is the same every
    time; about a second per ten turns) what it would play, which may score less now to
    score more later.
    """
    record = _source(game)
    players = record.get("players")
    if not is_whole(seat) or not isinstance(players, int) or not 0 <= seat < players:
        raise DominolabError(words.review("seat", seat=repr(seat), players=players))
    turns: list[TurnReview] = []
    pending: dict[str, Any] | None = None  # the seat's choices, read before its action
    rules: Rules | None = None
    ends: list[tuple[int, tuple[str, ...]]] = []
    for step in replay(record):
        g = step.game
        rules = g.rules
        a = step.action
        if a is not None and pending is not None and a.seat == seat:
            turns.append(_turn(pending, a, step.round, step.index, seat))
        pending = None
        rs = g.round
        if a is not None and rs.is_over:  # this action ended the round: how, in the engine's words
            if rs.settlement is not None:
                ends.append((rs.number, (words.review("round ends", n=rs.number), *rs.settlement.lines)))
            else:
                ends.append((rs.number, (words.review("round ends the game", n=rs.number),)))
        if g.is_over or rs.is_over or g.to_move != seat:
            continue
        pending = _choices(g, rs)
        if expert and pending["kind"] == "play" and len(g.legal_actions()) > 1:
            pick = _EXPERT(step.round * 1000 + step.index).choose(g.view())
            pending["expert"] = (str(pick), _value(g, pick))
    assert rules is not None
    return GameReview(seat, rules, players, tuple(turns), tuple(ends))


def _EXPERT(seed: int) -> Any:  # noqa: N802 - a bot's maker, read as a class
    """The expert bot of a review: a fixed budget of playouts and no clock (the same choice
    whatever the machine's load)."""
    from .bots import ExpertBot

    return ExpertBot(seed, playouts=120, ms=float("inf"))


def _choices(g: Game, rs: RoundState) -> dict[str, Any]:
    """What the seat to move could do now, and the most it could score."""
    acts = g.legal_actions()
    owed = g.owed_claim
    if acts and acts[0].act is Act.CLAIM and owed is not None:
        return {
            "kind": "claim",
            "best": owed[1],
            "move": f"claim {owed[1]}",
            "why": words.review("claim why"),
        }
    if acts and acts[0].act is Act.MUGGINS and owed is not None:
        return {
            "kind": "call",
            "best": owed[1],
            "move": "muggins",
            "why": words.review("call why", seat=owed[0], points=owed[1]),
        }
    plays = [x for x in acts if x.act is Act.PLAY]
    if not plays:
        return {"kind": "none", "best": 0, "move": None, "why": ""}
    values = {x: _value(g, x) for x in plays}
    top = max(values.values())
    best = next(x for x in plays if values[x] == top)
    assert best.tile is not None
    ranked = {(r.tile, r.at): r.reason for r in best_placements(g.board, [x.tile for x in plays if x.tile])}
    at = None if best.at is None else f"{best.at[0]}:{best.at[1]}"
    why = ranked.get((best.tile, at), "")
    if top != g.board.points_for(best.tile, best.at) and why:  # the rules' own additions, in words
        why += " " + (words.review("and going out") if top > 0 else words.review("but past the target"))
    return {
        "kind": "play",
        "best": top,
        "move": str(best),
        "why": why,
        "values": {str(x): v for x, v in values.items()},
        "layout": _layout(rs),
        "hand": tuple(str(t) for t in g.hands[g.to_move]),
        "muggins": g.rules.muggins,
    }


def _turn(choices: dict[str, Any], a: Any, rnd: int, index: int, seat: int) -> TurnReview:
    kind = choices["kind"]
    counts = True
    did = words.review_did(str(a.act), a.tile, a.at, a.points)
    if a.act is Act.PLAY:
        move = placement_text(a.tile, None if a.at is None else (a.at.tile, a.at.slot))
        scored = choices.get("values", {}).get(move, a.points or 0)
        counts = not choices.get("muggins", False)
    elif a.act is Act.CLAIM:
        scored = a.points if a.points == choices["best"] else 0
    elif a.act is Act.MUGGINS:
        scored = a.points or 0
    else:
        scored = 0
    best = choices["best"] if kind != "none" else 0
    expert_move, expert_scores = choices.get("expert", (None, None))
    return TurnReview(
        rnd,
        index,
        seat,
        str(a.act),
        did,
        int(scored),
        int(best),
        choices["move"],
        choices["why"],
        choices.get("layout", ()),
        choices.get("hand", ()),
        counts,
        expert_move,
        expert_scores,
        None if a.tile is None else str(a.tile),
        None if a.at is None else f"{a.at.tile}:{a.at.slot}",
    )
