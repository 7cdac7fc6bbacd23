"""End-of-round settlement: who wins a round, and what the tiles left in hand are worth.

One function, :func:`settle`, holds the settlement rules of RULES.md (the three
fives games' and the line games');
it returns a :class:`Settlement` that explains itself line by line.

>>> import dominolab as dl
>>> s = dl.settle("dominos-cc", [[], ["6|6", "0|1"], ["5|5", "0|2"]], domino_seat=0)
>>> s.winner, s.changes
(0, (25, 0, 0))
>>> print(s)
Seat 0 played its last tile and wins the round.
Seat 1 holds [6|6] [0|1] = 13 pips → round5 = 15.
Seat 2 holds [5|5] [0|2] = 12 pips → round5 = 10.
Each rival is rounded separately: 15 + 10 = 25.
Seat 0 receives 25.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import NamedTuple

from . import words
from .errors import DominolabError, is_whole
from .presets import variant
from .rules import BlockRule, Rules, SettlementRule
from .tiles import Tile, TileLike
from .tiles import tiles as parse_tiles

__all__ = [
    "EndReason",
    "Score",
    "SeatCount",
    "Settlement",
    "settle",
    "side_name",
    "format_score",
    "round5",
    "tally_strokes",
]


class EndReason(StrEnum):
    """How a round ends (the record's ``end.reason``)."""

    DOMINO = "domino"  #: a seat played its last tile
    BLOCKED = "blocked"  #: nobody can play
    TARGET = "target"  #: a side reached the target in mid-round (all-fives, dominos-cc)


#: A score: an int, or a Fraction with a half in three-player all-fives.
Score = int | Fraction


class SeatCount(NamedTuple):
    """One seat's tiles left in hand at the end of a round.  (A NamedTuple: made at every
    round's end of every game a simulation plays, it costs a quarter of a frozen dataclass.)"""

    seat: int
    side: int
    tiles: tuple[Tile, ...]
    pips: int

    @property
    def rounded(self) -> int:
        return round5(self.pips)


@dataclass(frozen=True, slots=True)
class Settlement:
    """How a round ended and what each side's score changes by (in the score unit).

    ``reason`` is :attr:`EndReason.DOMINO` or :attr:`EndReason.BLOCKED`; ``winner`` the winning side
    or ``None``; ``changes`` one entry per side; ``lines`` the explanation
    (written on first use: games played by bots by the thousand never pay for
    words nobody reads).
    """

    reason: EndReason
    winner: int | None
    changes: tuple[Score, ...]
    seats: tuple[SeatCount, ...]
    domino_seat: int | None = None
    #: the lines, by the language they were written in
    _lines: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)
    _asked: tuple[Rules, bool | None] | None = field(default=None, compare=False, repr=False)

    @property
    def lines(self) -> tuple[str, ...]:
        """The settlement explained, line by line, in the language in use
        (:func:`dominolab.language`)."""
        lang = words.current_language()
        if lang not in self._lines:
            assert self._asked is not None
            rules, partnerships = self._asked
            hands = [c.tiles for c in self.seats]
            self._lines[lang] = settle(
                rules, hands, domino_seat=self.domino_seat, partnerships=partnerships
            ).lines
        return self._lines[lang]

    def __str__(self) -> str:
        return "\n".join(self.lines)

    def _repr_html_(self) -> str:
        import html

        return "<br>".join(html.escape(x) for x in self.lines)


def side_name(sides: Sequence[Sequence[int]], side: int) -> str:
    """``"Seat 2"``, or ``"Seats 0+2"`` for a partnership (:func:`dominolab.words.side_name`)."""
    return words.side_name(sides, side)


def side_of_seats(sides: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The side of each seat, in seat order: ``((0, 2), (1, 3))`` gives ``(0, 1, 0, 1)``."""
    try:
        return _SIDE_OF[sides]  # type: ignore[index]  # (a game asks at every start)
    except (KeyError, TypeError):  # new, or lists (not kept)
        pass
    of = [0] * sum(len(side) for side in sides)
    for i, side in enumerate(sides):
        for seat in side:
            of[seat] = i
    if type(sides) is tuple and len(_SIDE_OF) < 64:
        _SIDE_OF[sides] = tuple(of)
    return tuple(of)


_SIDE_OF: dict[tuple[tuple[int, ...], ...], tuple[int, ...]] = {}


def format_score(x: Score) -> str:
    """``12``, ``12.5`` (halves are exact Fractions inside the engine)."""
    return words.score(x)


def settle(
    rules: Rules | str,
    hands: Sequence[Sequence[TileLike]],
    *,
    domino_seat: int | None,
    partnerships: bool | None = None,
    explain: bool = True,
    layout: Iterable[TileLike] = (),
) -> Settlement:
    """Settle a round from the hands left: ``domino_seat`` is the seat that played
    its last tile, or ``None`` if the round is blocked.

    >>> settle("all-fives", [["1|2"], ["0|2"], ["1|1"]], domino_seat=None).changes
    (0, Fraction(5, 2), Fraction(5, 2))

    A set has one of each tile, so a tile held twice, or held and also among
    ``layout`` (the tiles placed in the round, when given), is refused.
    ``explain=False`` leaves the words to be written when ``lines`` is first read.
    """
    r = variant(rules)
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise DominolabError(words.refusal("settle hands", hands=repr(hands)))
    players = len(hands)
    sides = r.sides(players, partnerships)
    side_of = side_of_seats(sides)
    held = [tuple(parse_tiles(hand)) for hand in hands]
    _check_one_of_each(held, layout)
    if domino_seat is not None:
        if not is_whole(domino_seat) or not 0 <= domino_seat < players:
            raise DominolabError(words.refusal("domino seat", seat=repr(domino_seat), players=players))
        if held[domino_seat]:
            raise DominolabError(
                words.refusal("still holds", seat=domino_seat, hand=words.hand(held[domino_seat]))
            )
    return settle_hands(r, sides, side_of, held, domino_seat, partnerships, explain)


def _check_one_of_each(held: Sequence[tuple[Tile, ...]], layout: Iterable[TileLike]) -> None:
    """Refuse hands that a double-six set cannot deal: a tile twice, or a tile also placed."""
    owner: dict[Tile, int | None] = {Tile(t): None for t in layout}  # None: on the layout
    for seat, tiles in enumerate(held):
        for t in tiles:
            if t in owner:
                first = owner[t]
                if first is None:
                    why = words.refusal("held and placed", tile=t, seat=seat)
                elif first == seat:
                    why = words.refusal("held twice", tile=t, seat=seat)
                else:
                    why = words.refusal("held by two", tile=t, first=first, seat=seat)
                raise DominolabError(words.refusal("cannot settle", why=why))
            owner[t] = seat


def settle_hands(
    r: Rules,
    sides: tuple[tuple[int, ...], ...],
    side_of: Sequence[int],
    held: Sequence[tuple[Tile, ...]],
    domino_seat: int | None,
    partnerships: bool | None,
    explain: bool,
) -> Settlement:
    """:func:`settle` on checked input: the game calls this directly at every round end."""
    players = len(held)
    counts = tuple(
        [
            # (tuple.__new__: a NamedTuple made without its Python-level __new__, as board.py does)
            tuple.__new__(SeatCount, (seat, side_of[seat], tiles, sum([t.pips for t in tiles])))
            for seat, tiles in enumerate(held)
        ]
    )
    div = r.score_divisor
    lines: list[str] = []
    changes: list[Score] = [0] * len(sides)
    side_pips = [0] * len(sides)
    for c in counts:  # (a plain loop: a generator a side costs a frame each, at every round's end)
        side_pips[c.side] += c.pips
    unit = "shown" if div == 5 else "raw"
    say = words.settlement_line

    if explain:  # (the words' helpers: a game that does not explain never calls them)

        def holds(c: SeatCount, key: str = "holds", **more: object) -> str:
            return say(key, seat=c.seat, held=c.tiles, pips=c.pips, **more)

        def blocked() -> str:
            return say("blocked, empty") if r.drawing else say("blocked, nobody draws", game=r.name)

    winner: int | None = None
    if r.settlement is SettlementRule.NONE:
        if domino_seat is not None:
            winner = side_of[domino_seat]
            if explain:
                partner = len(sides[winner]) > 1 and r.partners_both_out
                lines.append(say("out second, ends" if partner else "out, ends", seat=domino_seat))
        elif explain:
            lines.append(blocked())
        if explain:
            lines.append(say("not counted", game=r.name))
        reason = EndReason.DOMINO if domino_seat is not None else EndReason.BLOCKED
        return _made(reason, winner, changes, counts, lines, domino_seat, r, partnerships, explain)

    if domino_seat is not None:
        winner = side_of[domino_seat]
        if explain:
            lines.append(
                say(
                    "out, wins" if r.settlement is not SettlementRule.DEDUCT_EACH else "out", seat=domino_seat
                )
            )

    if r.settlement is SettlementRule.DEDUCT_EACH:
        if explain and domino_seat is None:
            lines.append(say("blocked, no winner"))
        if explain:
            lines.append(say("each loses"))
        for c in counts:
            loss = c.rounded // div
            changes[c.side] -= loss
            if explain:
                key = "holds, loses" if loss else ("holds, nothing" if c.tiles else "holds none")
                lines.append(holds(c, key, rounded=c.rounded, loss=loss, unit=unit))
        if explain and any(len(s) > 1 for s in sides):
            lines.append(say("partners rounded"))
        if explain:
            for i in range(len(sides)):
                if changes[i]:
                    lines.append(say("side change", sides=sides, side=i, change=changes[i], unit=unit))
                else:
                    lines.append(say("side no change", sides=sides, side=i))
        reason = EndReason.DOMINO if domino_seat is not None else EndReason.BLOCKED
        return _made(reason, winner, changes, counts, lines, domino_seat, r, partnerships, explain)

    if domino_seat is None:
        if explain:
            lines.append(blocked())
        if r.block is BlockRule.NO_WINNER:
            if explain:
                lines.append(say("blocked pays nothing"))
            return _made(EndReason.BLOCKED, None, changes, counts, lines, None, r, partnerships, explain)
        if explain:
            for i, side in enumerate(sides):
                more = ""
                if r.block is BlockRule.LOWEST_THEN_FEWER:
                    more = say("in tiles", ntiles=sum(len(counts[s].tiles) for s in side))
                if len(side) > 1:
                    more += " (" + " + ".join(str(counts[s].pips) for s in side) + ")"
                lines.append(say("side pips", sides=sides, side=i, pips=side_pips[i], more=more))
        low = min(side_pips)
        tied = [i for i, p in enumerate(side_pips) if p == low]
        if len(tied) > 1 and r.block is BlockRule.LOWEST_THEN_FEWER:
            ntiles = [sum(len(counts[s].tiles) for s in sides[i]) for i in tied]
            fewest = min(ntiles)
            still = [i for i, n in zip(tied, ntiles, strict=True) if n == fewest]
            if explain:
                if len(still) == 1:
                    lines.append(say("tie broken", low=low, sides=sides, side=still[0], ntiles=fewest))
                else:
                    lines.append(say("tie stays", low=low))
            tied = still
        if len(tied) == 1:
            winner = tied[0]
            if explain:
                lines.append(say("lowest wins", sides=sides, side=winner))
        elif r.three_player_split and players == 3 and len(sides) == 3 and len(tied) == 2:
            third = next(i for i in range(3) if i not in tied)
            pot = round5(side_pips[third]) // div
            half = Fraction(pot, 2)
            for i in tied:
                changes[i] += half if half.denominator != 1 else int(half)
            if explain:
                lines.append(
                    say(
                        "split",
                        low=low,
                        third=side_pips[third],
                        rounded=round5(side_pips[third]),
                        half=format_score(half),
                    )
                )
            return _made(EndReason.BLOCKED, None, changes, counts, lines, None, r, partnerships, explain)
        else:
            if explain:
                lines.append(say("tied, nothing", low=low))
            return _made(EndReason.BLOCKED, None, changes, counts, lines, None, r, partnerships, explain)

    assert winner is not None
    rivals = [c for c in counts if c.side != winner]
    added = " + ".join(str(c.pips) for c in rivals) if explain else ""
    if r.settlement is SettlementRule.POOLED:
        pooled = sum([c.pips for c in rivals])
        amount = round5(pooled) // div
        if explain:
            lines.extend(holds(c) for c in rivals)
            lines.append(say("pooled", sum=added, total=pooled, rounded=round5(pooled)))
    elif r.settlement is SettlementRule.OPPONENTS_PIPS:
        total = sum([c.pips for c in rivals])
        amount = total // div
        if explain:
            lines.extend(holds(c) for c in rivals)
            lines.append(say("as they are", sum=f"{added} = {total}" if len(rivals) > 1 else str(total)))
    else:  # EACH_RIVAL
        if explain:
            lines.extend(holds(c, "holds, rounded", rounded=c.rounded) for c in rivals)
        amount = sum(c.rounded for c in rivals) // div
        if explain:
            each = " + ".join(str(c.rounded) for c in rivals)
            lines.append(say("each rival", sum=each, total=sum(c.rounded for c in rivals)))
    changes[winner] += amount
    if explain:
        lines.append(say("receives", sides=sides, side=winner, amount=amount, unit=unit))
    reason = EndReason.DOMINO if domino_seat is not None else EndReason.BLOCKED
    return _made(reason, winner, changes, counts, lines, domino_seat, r, partnerships, explain)


def _made(
    reason: EndReason,
    winner: int | None,
    changes: list[Score],
    counts: tuple[SeatCount, ...],
    lines: list[str],
    domino_seat: int | None,
    rules: Rules,
    partnerships: bool | None,
    explain: bool,
) -> Settlement:
    return Settlement(
        reason,
        winner,
        tuple(changes),
        counts,
        domino_seat,
        {words.current_language(): tuple(lines)} if explain else {},
        (rules, partnerships),
    )


def round5(n: int) -> int:
    """Round to the nearest multiple of five, remainders 1–2 down and 3–4 up.

    >>> [round5(n) for n in (12, 13, 2, 3, 0, 25)]
    [10, 15, 0, 5, 0, 25]
    """
    if not is_whole(n):
        raise DominolabError(words.refusal("round5", n=repr(n)))
    return 5 * ((n + 2) // 5)


def tally_strokes(points: float, unit: str = "raw") -> tuple[int, int, float]:
    """``(symbols, strokes, leftover)``: 50-raw symbols, single strokes of 5 raw, and
    the raw points below one stroke.  In ``shown`` units a stroke is 1 shown point.

    >>> tally_strokes(135), tally_strokes(27, unit="shown"), tally_strokes(12.5)
    ((2, 7, 0), (2, 7, 0), (0, 2, 2.5))
    """
    if (
        isinstance(points, bool)
        or not isinstance(points, int | float | Fraction)
        or not math.isfinite(points)
    ):
        raise DominolabError(words.refusal("tally", points=repr(points)))
    if unit not in ("raw", "shown"):
        raise DominolabError(words.refusal("unit", unit=repr(unit)))
    per = 5 if unit == "raw" else 1
    total = max(points, 0)
    strokes = int(total // per)
    left = total - strokes * per
    return strokes // 10, strokes % 10, (int(left) if float(left).is_integer() else left)
