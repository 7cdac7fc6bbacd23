"""Muggins: each placement's points are claimed by the seat that placed the tile.

:data:`MUGGINS_RULES` states the rules as :class:`~dominolab.Game` plays them when
``Rules.muggins`` is on (any preset whose placements score:
``dl.variant("all-fives").replace(muggins=True)``); the rules page says the same.

>>> judge(10, 10), judge(5, 10), judge(15, 10), judge(0, 0)
('right', 'short', 'over', 'right')
"""

from __future__ import annotations

from typing import Literal

from . import words
from .errors import is_whole
from .rules import MAX_CLAIM_COUNT, Rules

__all__ = [
    "MAX_CLAIM_RAW",
    "RULES",
    "MUGGINS_RULES",
    "claim_values",
    "claim_refusal",
    "judge",
    "claim_text",
]

#: the largest claim, in raw points: above any count a layout reaches (five-up's largest is 75)
MAX_CLAIM_RAW = MAX_CLAIM_COUNT

#: the rules of the call, in order
RULES: tuple[str, ...] = (
    "After placing a tile, the seat claims a number of points, in the preset's unit (shown points "
    'in five-up, else raw); 0 says "nothing". A claim is a multiple of 5 raw points (a whole number '
    "of shown points in five-up, of points in fives-and-threes, the going-out point included), "
    "up to what a count of 100 scores.",
    "A claim of exactly what the placement scores scores it, as the placement would without "
    "muggins (and may end the game at once where the target is checked instantly).",
    "A claim above it scores nothing, for anyone.",
    "A claim below it (0 included, when the placement scored) scores nothing for the placer, and "
    "the next seat, always an opponent, decides at once: call muggins and take the placement's "
    "whole points for its side, or let it go.",
    "Only then does the round go on, or end if the tile was the hand's last or nobody can play.",
)
#: :data:`RULES` as a numbered list, one item a line (``dl.MUGGINS_RULES``)
MUGGINS_RULES = "\n".join(f"{i}. {rule}" for i, rule in enumerate(RULES, 1))


def claim_values(rules: Rules | int) -> tuple[int, ...]:
    """The claims a seat may make under ``rules`` (:attr:`Rules.claim_values`); a number is
    the score divisor of a fives game (5: shown points, 1: raw).

    >>> list(claim_values(5))[:4], claim_values(1)[-1]
    ([0, 1, 2, 3], 100)
    """
    if isinstance(rules, Rules):
        return rules.claim_values
    if rules == 5:
        return tuple(range(0, MAX_CLAIM_RAW // 5 + 1))
    return tuple(range(0, MAX_CLAIM_RAW + 1, 5))


def claim_refusal(rules: Rules, claim: object, seat: int | None = None) -> str | None:
    """Why ``claim`` is not a claim a seat may make under ``rules`` (rule 1 above: a multiple
    of the step, 0 to the largest), or ``None`` when it is one; ``seat`` is the seat that
    claims (``None``: you, as in the drill).

    >>> from dominolab import preset
    >>> claim_refusal(preset("all-fives"), 10) is None
    True
    >>> claim_refusal(preset("all-fives"), 7)
    'you cannot claim 7: a claim is a multiple of 5, 0 to 100'
    >>> claim_refusal(preset("five-up"), 3, seat=1) is None
    True
    """
    if not is_whole(claim) or claim < 0:
        return words.refusal("bad claim", claim=repr(claim))
    values = rules.claim_values
    if claim in values:
        return None
    step, top = rules.claim_step, values[-1]
    key = "claim multiple" if step > 1 else "claim whole"
    if rules.unit == "shown" and step == 1:
        key = "claim whole shown"
    if seat is None:
        key = "you " + key
    return words.refusal(key, seat=seat, claim=claim, step=step, top=top)


def judge(claimed: int, points: int) -> Literal["right", "short", "over"]:
    """A claim of ``claimed`` for a placement that scores ``points``: right, short
    (the next seat may call muggins) or over (nobody scores)."""
    if claimed == points:
        return "right"
    return "short" if claimed < points else "over"


def claim_text(who: str, claimed: int, points: int, caller: str, *, you: bool = False) -> str:
    """A claim in words, with what follows from it by the rules above.

    >>> claim_text("Seat 0", 5, 10, "seat 1")  # doctest: +NORMALIZE_WHITESPACE
    'Seat 0 claims 5, but the placement scores 10: nothing for seat 0,
     and seat 1 may call muggins and take the 10.'
    >>> claim_text("", 10, 10, "seat 1", you=True)
    'You claim 10: right, and it scores.'
    """
    return words.claim_text(who, claimed, points, caller, you=you)
