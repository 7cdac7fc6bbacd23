"""Rule settings and the three presets.

A :class:`Rules` object is an immutable record of every knob ``RULES.md``
names.  The presets are found by name; a custom rule set is a preset with
fields replaced:

>>> import dominolab as dl
>>> r = dl.variant("all-fives")
>>> r.hand_size(3), r.target(2), r.spinners.value
(7, 250, 'first-double')
>>> r.replace(spinner_sides_first=False).name
'all-fives (custom)'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from operator import index
from typing import Any

from .errors import InvalidRules, UnknownVariant, is_whole

__all__ = [
    "Rules",
    "SpinnerRule",
    "LeaderRule",
    "SettlementRule",
    "BlockRule",
    "TargetCheck",
    "FIVE_UP",
    "ALL_FIVES",
    "DOMINOS_CC",
    "DRAW",
    "BLOCK",
    "VARIANTS",
    "LINE_GAMES",
    "PRESETS",
    "variant",
]


class SpinnerRule(StrEnum):
    """Which doubles become spinners (branching doubles)."""

    EVERY_DOUBLE = "every-double"  #: five-up: every double, on any branch
    FIRST_DOUBLE = "first-double"  #: all-fives, dominos-cc: only the round's first double
    NONE = "none"  #: no spinner at all (a plain line game)


class LeaderRule(StrEnum):
    """Who leads a round (the first one, and any round after a blocked round)."""

    LOT = "lot"  #: a neutral lot, repeated among ties
    HIGHEST_DOUBLE = "highest-double"  #: the highest double, else the heaviest tile, must lead


class SettlementRule(StrEnum):
    """What happens to the tiles left in hand at the end of a round."""

    DEDUCT_EACH = "deduct-each"  #: five-up: every seat loses round5(own pips), nobody is paid
    POOLED = "pooled"  #: all-fives: winner gets round5(all opponents' pips pooled)
    EACH_RIVAL = "each-rival"  #: dominos-cc: winner gets the sum of round5(each rival's pips)
    OPPONENTS_PIPS = "opponents-pips"  #: draw, block: winner gets the opponents' pips, not rounded


class BlockRule(StrEnum):
    """Who wins a blocked round."""

    NO_WINNER = "no-winner"  #: five-up: a blocked round has no winner
    LOWEST_TOTAL = "lowest-total"  #: all-fives: lowest pips (sides combined); ties as the preset says
    LOWEST_THEN_FEWER = "lowest-then-fewer"  #: dominos-cc: lowest pips, then fewer tiles


class TargetCheck(StrEnum):
    """When the target is tested."""

    AFTER_ROUND = "after-round"  #: five-up: only once a round is settled
    INSTANT = "instant"  #: the instant a side reaches it, even in mid-round


#: the settings that are true or false
_SWITCHES = (
    "partnerships",
    "winner_leads_next",
    "spinner_sides_first",
    "three_player_split",
    "placement_scoring",
    "drawing",
    "muggins",
)
#: settings added after the record format's first version, with the value every rule set
#: had before them: a record names them only when they differ, so older records stay
#: byte-identical (GAME-RECORD.md)
LATER_SETTINGS: dict[str, Any] = {"placement_scoring": True, "drawing": True, "muggins": False}


def _whole(x: Any) -> int:
    """``x`` as an int if it is a whole number (not a bool, not 9.5); else TypeError."""
    if isinstance(x, bool):
        raise TypeError("a bool is not a count")
    return index(x)


@dataclass(frozen=True)
class Rules:
    """Every rule setting of a game.  Immutable; use :meth:`replace`.

    Scores are kept in the *score unit*: raw pips divided by
    ``score_divisor`` (5 in five-up, whose unit is the shown point, else 1).
    ``targets`` are in that unit.
    """

    name: str
    hand_sizes: tuple[tuple[int, int], ...]  #: (players, tiles dealt to each)
    targets: tuple[tuple[int, int], ...]  #: (players, target in the score unit)
    spinners: SpinnerRule
    leader: LeaderRule
    settlement: SettlementRule
    block: BlockRule
    target_check: TargetCheck
    score_divisor: int = 1
    partnerships: bool = True  #: at 4 players, seats {0,2} and {1,3} score together
    winner_leads_next: bool = True  #: the seat that played its last tile leads next
    #: both line slots before either branch opens (five-up, all-fives); dominos-cc opens them at once
    spinner_sides_first: bool = True
    three_player_split: bool = False  #: all-fives: two tied of three split the third hand
    #: a count that is a positive multiple of 5 scores; False in the line games (draw, block)
    placement_scoring: bool = True
    #: a seat that cannot play draws from the boneyard; False in block: it passes, and the
    #: undealt tiles stay out of play
    drawing: bool = True
    #: placement points are claimed, not scored by themselves (see :mod:`dominolab.muggins`)
    muggins: bool = False
    min_players: int = 2
    max_players: int = 4
    preset: str = field(default="", compare=False, repr=False)

    def __post_init__(self) -> None:
        for name in ("hand_sizes", "targets"):
            value = getattr(self, name)
            try:
                pairs = value.items() if isinstance(value, Mapping) else value
                object.__setattr__(self, name, tuple(sorted((_whole(p), _whole(n)) for p, n in pairs)))
            except (TypeError, ValueError):
                raise InvalidRules(
                    f"{name} must map player counts to whole numbers, e.g. {{2: 9, 3: 7, 4: 5}};"
                    f" got {value!r}"
                ) from None
        if not isinstance(self.name, str):
            raise InvalidRules(f"name must be a string, not {self.name!r}")
        for name in _SWITCHES:
            if type(getattr(self, name)) is not bool:
                raise InvalidRules(f"{name} must be true or false, not {getattr(self, name)!r}")
        for name in ("score_divisor", "min_players", "max_players"):
            if not is_whole(getattr(self, name)):
                raise InvalidRules(f"{name} must be a whole number, not {getattr(self, name)!r}")
        if self.score_divisor not in (1, 5):
            raise InvalidRules(f"score_divisor must be 1 (raw) or 5 (shown), not {self.score_divisor!r}")
        if not 2 <= self.min_players <= self.max_players <= 4:
            raise InvalidRules(f"players must lie within 2..4, got {self.min_players}..{self.max_players}")
        for players in range(self.min_players, self.max_players + 1):
            n = dict(self.hand_sizes).get(players)
            if n is None or n < 1 or n * players > 28:
                raise InvalidRules(f"hand size for {players} players must be 1..{28 // players}, got {n!r}")
            t = dict(self.targets).get(players)
            if t is None or t <= 0:
                raise InvalidRules(f"target for {players} players must be positive, got {t!r}")
        if self.muggins and not self.placement_scoring:
            raise InvalidRules(
                f"muggins claims the points of placements, and in {self.name} placements score "
                "nothing: muggins needs placement_scoring"
            )
        for name, enum in (
            ("spinners", SpinnerRule),
            ("leader", LeaderRule),
            ("settlement", SettlementRule),
            ("block", BlockRule),
            ("target_check", TargetCheck),
        ):
            value = getattr(self, name)
            if not isinstance(value, enum):
                try:
                    object.__setattr__(self, name, enum(value))
                except ValueError:
                    known = ", ".join(e.value for e in enum)
                    raise InvalidRules(f"{name} must be one of {known}; got {value!r}") from None

    # -- derived facts -------------------------------------------------------

    @property
    def unit(self) -> str:
        """``"shown"`` (raw / 5) or ``"raw"``."""
        return "shown" if self.score_divisor == 5 else "raw"

    @property
    def spinner_text(self) -> str:
        """Which doubles are spinners and when their branches open, in words.

        >>> variant("dominos-cc").spinner_text
        'the first double is the spinner; its branches open as soon as it is placed'
        >>> variant("five-up").spinner_text
        'every double is a spinner; its branches open once both line slots are taken'
        """
        which = {
            SpinnerRule.EVERY_DOUBLE: "every double is a spinner",
            SpinnerRule.FIRST_DOUBLE: "the first double is the spinner",
            SpinnerRule.NONE: "no double is a spinner",
        }[self.spinners]
        if self.spinners is SpinnerRule.NONE:
            return which
        when = "once both line slots are taken" if self.spinner_sides_first else "as soon as it is placed"
        return f"{which}; its branches open {when}"

    def hand_size(self, players: int) -> int:
        """Tiles dealt to each seat."""
        self.check_players(players)
        return dict(self.hand_sizes)[players]

    def target(self, players: int) -> int:
        """The target in the score unit."""
        self.check_players(players)
        return dict(self.targets)[players]

    def check_players(self, players: int) -> None:
        """Raise :class:`InvalidRules` unless ``players`` is allowed."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise InvalidRules(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, not {players!r}"
            )

    def sides(self, players: int, partnerships: bool | None = None) -> tuple[tuple[int, ...], ...]:
        """The seats of each scoring side.

        >>> variant("five-up").sides(4)
        ((0, 2), (1, 3))
        >>> variant("dominos-cc").sides(3)
        ((0,), (1,), (2,))
        """
        self.check_players(players)
        together = self.partnerships if partnerships is None else partnerships
        if players == 4 and together:
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(players))

    def points(self, raw: int) -> int:
        """Raw placement points in the score unit (the sum must be a multiple of 5)."""
        return raw // self.score_divisor

    def replace(self, **changes: Any) -> Rules:
        """A copy with fields replaced; it is named ``<preset> (custom)`` unless named.

        >>> variant("five-up").replace(score_divisor=1).unit
        'raw'
        """
        fields = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(changes) - fields)
        if unknown:
            raise InvalidRules(
                f"unknown rule setting(s) {', '.join(unknown)}; known: {', '.join(sorted(fields))}"
            )
        if "name" not in changes:
            base = self.preset or self.name
            changes["name"] = f"{base} (custom)"
        return dataclasses.replace(self, **changes)

    def at_table(self, partnerships: bool | None = None, muggins: bool | None = None) -> Rules:
        """These rules with a table's choices: partnerships at four players, and the muggins
        call.  A choice is not a rule change: the rules keep their name (a preset stays the
        preset in records and pictures).  ``None`` keeps the setting as it is.

        >>> r = variant("dominos-cc").at_table(partnerships=True, muggins=True)
        >>> r.name, r.partnerships, r.muggins
        ('dominos-cc', True, True)
        """
        changes: dict[str, Any] = {}
        if partnerships is not None and partnerships != self.partnerships:
            changes["partnerships"] = partnerships
        if muggins is not None and muggins != self.muggins:
            changes["muggins"] = muggins
        return self.replace(**changes, name=self.name) if changes else self

    def to_dict(self) -> dict[str, Any]:
        """The settings as plain JSON-ready values (for game records).

        Settings added after the record format's first version are left out when
        they have the value every earlier rule set had (``placement_scoring`` true,
        ``drawing`` true), so the records of the fives games do not change.
        """
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.name == "preset":
                continue
            v = getattr(self, f.name)
            if f.name in LATER_SETTINGS and v == LATER_SETTINGS[f.name]:
                continue
            if isinstance(v, StrEnum):
                v = v.value
            elif f.name in ("hand_sizes", "targets"):
                v = {str(k): n for k, n in v}
            out[f.name] = v
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Inverse of :meth:`to_dict`; missing fields are taken from the named preset."""
        if not isinstance(data, dict):
            raise InvalidRules(f"rules must be an object, not {type(data).__name__}")
        base_name = str(data.get("name", "")).removesuffix(" (custom)")
        base = _REGISTRY.get(base_name, ALL_FIVES)
        # a later setting is written only when it differs from the value it had before it
        # was a setting (to_dict): absent, it has that value, whichever preset is named
        kw: dict[str, Any] = {k: v for k, v in LATER_SETTINGS.items() if k not in data}
        fields = {f.name for f in dataclasses.fields(cls)} - {"preset"}
        for k, v in data.items():
            if k not in fields:
                continue  # lenient: unknown keys are ignored
            if k in ("hand_sizes", "targets"):
                if not isinstance(v, dict):
                    raise InvalidRules(f"rules.{k} must map player counts to numbers")
                try:
                    v = tuple(sorted((int(p), n) for p, n in v.items()))  # JSON keys are strings
                except (TypeError, ValueError):
                    raise InvalidRules(f"rules.{k} must map player counts to numbers") from None
            kw[k] = v
        rules = dataclasses.replace(base, **kw)
        if rules == base:
            return base
        return rules


FIVE_UP = Rules(
    name="five-up",
    preset="five-up",
    hand_sizes=((2, 5), (3, 5), (4, 5)),
    targets=((2, 61), (3, 61), (4, 61)),
    spinners=SpinnerRule.EVERY_DOUBLE,
    leader=LeaderRule.LOT,
    settlement=SettlementRule.DEDUCT_EACH,
    block=BlockRule.NO_WINNER,
    target_check=TargetCheck.AFTER_ROUND,
    score_divisor=5,
)

ALL_FIVES = Rules(
    name="all-fives",
    preset="all-fives",
    hand_sizes=((2, 9), (3, 7), (4, 5)),
    targets=((2, 250), (3, 200), (4, 200)),
    spinners=SpinnerRule.FIRST_DOUBLE,
    leader=LeaderRule.LOT,
    settlement=SettlementRule.POOLED,
    block=BlockRule.LOWEST_TOTAL,
    target_check=TargetCheck.INSTANT,
    three_player_split=True,
)

DOMINOS_CC = Rules(
    name="dominos-cc",
    preset="dominos-cc",
    hand_sizes=((2, 7), (3, 6), (4, 5)),
    targets=((2, 150), (3, 150), (4, 150)),
    spinners=SpinnerRule.FIRST_DOUBLE,
    leader=LeaderRule.HIGHEST_DOUBLE,
    settlement=SettlementRule.EACH_RIVAL,
    block=BlockRule.LOWEST_THEN_FEWER,
    target_check=TargetCheck.INSTANT,
    partnerships=False,
    winner_leads_next=False,
    spinner_sides_first=False,
)

#: The Block game: the plain line game, no scoring while placing, no drawing.
BLOCK = Rules(
    name="block",
    preset="block",
    hand_sizes=((2, 7), (3, 5), (4, 5)),
    targets=((2, 100), (3, 100), (4, 100)),
    spinners=SpinnerRule.NONE,
    leader=LeaderRule.HIGHEST_DOUBLE,
    settlement=SettlementRule.OPPONENTS_PIPS,
    block=BlockRule.LOWEST_TOTAL,
    target_check=TargetCheck.AFTER_ROUND,
    partnerships=False,
    placement_scoring=False,
    drawing=False,
)

#: The Draw game: the Block game with a boneyard to draw from, as in the fives games.
DRAW = BLOCK.replace(name="draw", preset="draw", drawing=True)

_REGISTRY: dict[str, Rules] = {r.name: r for r in (FIVE_UP, ALL_FIVES, DOMINOS_CC, DRAW, BLOCK)}
_ALIASES = {
    "fiveup": "five-up",
    "five up": "five-up",
    "allfives": "all-fives",
    "all fives": "all-fives",
    "punta de cinco": "all-fives",
    "muggins": "dominos-cc",
    "dominos.cc": "dominos-cc",
    "dominoscc": "dominos-cc",
    "draw game": "draw",
    "block game": "block",
}

#: The three fives games, in the order their sources are numbered.
VARIANTS: tuple[str, ...] = ("five-up", "all-fives", "dominos-cc")
#: The plain line games beyond the sources (``dominos-cc`` names them as its other modes).
LINE_GAMES: tuple[str, ...] = ("draw", "block")
#: Every preset: the fives games, then the line games.
PRESETS: tuple[str, ...] = VARIANTS + LINE_GAMES


def variant(name: str | Rules) -> Rules:
    """The preset called ``name`` (a few aliases are accepted).

    >>> variant("Five-Up").name
    'five-up'
    >>> variant("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dominolab.errors.UnknownVariant: unknown variant 'chess'; known: five-up, all-fives, ..., block
    """
    if isinstance(name, Rules):
        return name
    key = str(name).strip().lower().replace("_", "-")
    key = _ALIASES.get(key, key)
    try:
        return _REGISTRY[key]
    except KeyError:
        raise UnknownVariant(f"unknown variant {name!r}; known: {', '.join(PRESETS)}") from None
