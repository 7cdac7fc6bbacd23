"""Rule settings: what a game's rules are made of.

A :class:`Rules` object is an immutable record of every knob ``RULES.md``
names.  The presets (:mod:`dominolab.presets`) are found by name; a custom rule
set is a preset with fields replaced:

>>> import dominolab as dl
>>> r = dl.preset("all-fives")
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
from functools import cached_property
from math import gcd
from operator import index
from typing import Any

from . import words
from .errors import InvalidRules, is_whole

__all__ = [
    "Rules",
    "SpinnerRule",
    "LeaderRule",
    "SettlementRule",
    "BlockRule",
    "TargetCheck",
    "Tally",
    "LATER_SETTINGS",
    "MAX_CLAIM_COUNT",
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
    NONE = "none"  #: fives-and-threes: the hands left are not settled; nobody scores for them


class BlockRule(StrEnum):
    """Who wins a blocked round."""

    NO_WINNER = "no-winner"  #: five-up: a blocked round has no winner
    LOWEST_TOTAL = "lowest-total"  #: all-fives: lowest pips (sides combined); ties as the preset says
    LOWEST_THEN_FEWER = "lowest-then-fewer"  #: dominos-cc: lowest pips, then fewer tiles


class TargetCheck(StrEnum):
    """When the target is tested."""

    AFTER_ROUND = "after-round"  #: five-up: only once a round is settled
    INSTANT = "instant"  #: the instant a side reaches it, even in mid-round


class Tally(StrEnum):
    """How a game's score is kept on paper (the handouts' score sheet, :func:`dominolab.draw_tally`)."""

    STROKES = (
        "strokes"  #: a stroke per 5 raw points (a shown point), a crossed box per 50 (both Pagat sources)
    )
    CRIBBAGE = (
        "cribbage"  #: pegs on a cribbage board: two streets of 30 holes and the game hole (fives-and-threes)
    )


#: the settings that are true or false
_SWITCHES = (
    "partnerships",
    "winner_leads_next",
    "spinner_sides_first",
    "three_player_split",
    "placement_scoring",
    "drawing",
    "muggins",
    "score_by_quotient",
    "partners_both_out",
    "lead_passes_left",
    "exact_target",
)
#: settings added after the record format's first version, with the value every rule set
#: had before them: a record names them only when they differ, so older records stay
#: byte-identical (GAME-RECORD.md)
LATER_SETTINGS: dict[str, Any] = {
    "placement_scoring": True,
    "drawing": True,
    "muggins": False,
    "count_moduli": (5,),
    "score_by_quotient": False,
    "going_out_points": 0,
    "partners_both_out": False,
    "lead_passes_left": False,
    "exact_target": False,
    "tally": "strokes",
}
#: the largest count a claim may be made for (muggins): above any count a layout of the
#: double-six set reaches (five-up's largest is 75)
MAX_CLAIM_COUNT = 100


def _whole(x: Any) -> int:
    """``x`` as an int if it is a whole number (not a bool, not 9.5); else TypeError."""
    if isinstance(x, bool):
        raise TypeError("a bool is not a count")
    return index(x)


@dataclass(frozen=True)
class Rules:
    """Every rule setting of a game.  Immutable; use :meth:`replace`.

    Scores are kept in the *score unit*: raw points divided by
    ``score_divisor`` (5 in five-up, whose unit is the shown point, else 1).
    ``targets`` are in that unit.

    What a count scores is data too: a count that is a positive multiple of one of
    ``count_moduli`` scores the count itself (the fives games: ``(5,)``), or, with
    ``score_by_quotient``, the count divided by each modulus that divides it, added up
    (fives-and-threes: ``(3, 5)``, so 15 scores 5 + 3 = 8):

    >>> from dominolab import preset
    >>> [preset("all-fives").count_points(n) for n in (10, 12, 15)]
    [10, 0, 15]
    >>> [preset("fives-and-threes").count_points(n) for n in (6, 10, 12, 15)]
    [2, 2, 4, 8]
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
    #: a positive count that is a multiple of one of these scores (see the class docstring)
    count_moduli: tuple[int, ...] = (5,)
    #: a scoring count scores count ÷ m for every modulus m dividing it, added up (not the count)
    score_by_quotient: bool = False
    #: points (in the score unit) for playing the last tile of one's hand, scored with that placement
    going_out_points: int = 0
    #: at 4 players in partnership, the round goes on until both seats of one side are out;
    #: a seat with no tiles is skipped
    partners_both_out: bool = False
    #: every round after the first is led by the seat after the last round's leader
    lead_passes_left: bool = False
    #: a score that would take a side past the target is disregarded whole: only exactly
    #: the target wins (checked the instant it is reached)
    exact_target: bool = False
    #: how the score is kept on paper
    tally: Tally = Tally.STROKES

    def __post_init__(self) -> None:
        for name in ("hand_sizes", "targets"):
            value = getattr(self, name)
            try:
                pairs = value.items() if isinstance(value, Mapping) else value
                object.__setattr__(self, name, tuple(sorted((_whole(p), _whole(n)) for p, n in pairs)))
            except (TypeError, ValueError):
                raise InvalidRules(words.refusal("by players", name=name, value=repr(value))) from None
        if not isinstance(self.name, str):
            raise InvalidRules(words.refusal("rules name", value=repr(self.name)))
        for name in _SWITCHES:
            if type(getattr(self, name)) is not bool:
                raise InvalidRules(words.refusal("switch", name=name, value=repr(getattr(self, name))))
        moduli = self.count_moduli
        try:
            moduli = tuple(sorted({_whole(m) for m in moduli}))
        except TypeError:
            moduli = ()
        if not moduli or any(m < 2 for m in moduli):
            raise InvalidRules(words.refusal("moduli", value=repr(self.count_moduli)))
        object.__setattr__(self, "count_moduli", moduli)
        for name in ("score_divisor", "min_players", "max_players", "going_out_points"):
            if not is_whole(getattr(self, name)):
                raise InvalidRules(words.refusal("whole setting", name=name, value=repr(getattr(self, name))))
        if self.score_divisor not in (1, 5):
            raise InvalidRules(words.refusal("divisor", value=repr(self.score_divisor)))
        if self.going_out_points < 0:
            raise InvalidRules(words.refusal("going out points", value=repr(self.going_out_points)))
        if not 2 <= self.min_players <= self.max_players <= 4:
            raise InvalidRules(words.refusal("players range", low=self.min_players, high=self.max_players))
        for players in range(self.min_players, self.max_players + 1):
            n = dict(self.hand_sizes).get(players)
            if n is None or n < 1 or n * players > 28:
                raise InvalidRules(
                    words.refusal("hand size setting", players=players, top=28 // players, value=repr(n))
                )
            t = dict(self.targets).get(players)
            if t is None or t <= 0:
                raise InvalidRules(words.refusal("target setting", players=players, value=repr(t)))
        if self.exact_target and self.target_check != TargetCheck.INSTANT:
            raise InvalidRules(words.refusal("exact target"))
        if self.muggins and not self.placement_scoring:
            raise InvalidRules(words.refusal("muggins needs scoring", game=self.name))
        for name, enum in (
            ("spinners", SpinnerRule),
            ("leader", LeaderRule),
            ("settlement", SettlementRule),
            ("block", BlockRule),
            ("target_check", TargetCheck),
            ("tally", Tally),
        ):
            value = getattr(self, name)
            if not isinstance(value, enum):
                try:
                    object.__setattr__(self, name, enum(value))
                except ValueError:
                    known = ", ".join(e.value for e in enum)
                    raise InvalidRules(
                        words.refusal("one of", name=name, known=known, value=repr(value))
                    ) from None

    # -- derived facts -------------------------------------------------------

    @property
    def unit(self) -> str:
        """``"shown"`` (raw / 5), ``"raw"`` (the count's own pips), or ``"points"`` (scored by
        quotient: counted in threes and fives, fives-and-threes)."""
        if self.score_by_quotient:
            return "points"
        return "shown" if self.score_divisor == 5 else "raw"

    def raw_score(self, count: int) -> int:
        """What a count scores before the unit's divisor: the one place of the scoring rule.

        >>> from dominolab import preset
        >>> [preset("five-up").raw_score(n) for n in (10, 12, 0)], preset("block").raw_score(10)
        ([10, 0, 0], 0)
        """
        if not self.placement_scoring or count <= 0:
            return 0
        if self.score_by_quotient:
            return sum([count // m for m in self.count_moduli if count % m == 0])
        for m in self.count_moduli:
            if count % m == 0:
                return count
        return 0

    def count_points(self, count: int) -> int:
        """What a count scores, in the score unit (five-up: 15 → 3 shown points)."""
        return self.raw_score(count) // self.score_divisor

    @cached_property
    def score_table(self) -> tuple[int, ...]:
        """:meth:`raw_score` of every count a layout can have (at most every pip of the set, 168)."""
        return tuple(self.raw_score(n) for n in range(169))

    @cached_property
    def best_below(self) -> tuple[int, ...]:
        """For every bound ``b`` (0 to 168), the largest raw score of a count at most ``b``
        (the searches' cap on what a layout can still score)."""
        out, best = [], 0
        for x in self.score_table:
            best = max(best, x)
            out.append(best)
        return tuple(out)

    @cached_property
    def claim_values(self) -> tuple[int, ...]:
        """The claims a seat may make under muggins, in the score unit: 0 and every value on
        the grid of what counts score, up to what a count of :data:`MAX_CLAIM_COUNT` scores.

        >>> from dominolab import preset
        >>> c = preset("all-fives").claim_values; c[:3], c[-1]
        ((0, 5, 10), 100)
        >>> c = preset("five-up").claim_values; c[:3], c[-1]
        ((0, 1, 2), 20)
        """
        points = [self.count_points(n) for n in range(MAX_CLAIM_COUNT + 1)]
        step = 0
        for p in points:
            step = gcd(step, p)
        return tuple(range(0, max(points) + 1, step or 1))

    def count_reason(self, count: int) -> str:
        """What ``count`` scores and why, in words (the unit's name is the caller's).

        >>> from dominolab import preset
        >>> preset("all-fives").count_reason(15), preset("all-fives").count_reason(12)
        ('a multiple of 5: it scores 15', 'not a multiple of 5: no score')
        >>> preset("fives-and-threes").count_reason(15)
        'a multiple of 3 and of 5: it scores 15 ÷ 3 + 15 ÷ 5 = 8'
        >>> preset("five-up").count_reason(20)
        'a multiple of 5: it scores 20 raw = 4 shown'
        """
        return words.count_reason(
            moduli=self.count_moduli,
            hits=self._hits(count),
            count=count,
            scored=self.count_points(count) if self.raw_score(count) else 0,
            quotients=self.count_quotients(count),
            shown=self.score_divisor != 1,
            scoring=self.placement_scoring,
        )

    def _hits(self, count: int) -> tuple[int, ...]:
        """The moduli ``count`` is a positive multiple of."""
        return tuple(m for m in self.count_moduli if count > 0 and count % m == 0)

    def count_kind(self, count: int) -> str:
        """What kind of count ``count`` is, for the scoring rule, in words.

        >>> from dominolab import preset
        >>> preset("fives-and-threes").count_kind(15), preset("all-fives").count_kind(12)
        ('a multiple of 3 and of 5', 'not a multiple of 5')
        """
        return words.count_kind(self.count_moduli, self._hits(count), self.placement_scoring)

    def count_quotients(self, count: int) -> str:
        """Where a count scores by quotient, the sum that gives its points (``"15 ÷ 3 + 15 ÷ 5"``);
        else ``""`` (the count itself is the score)."""
        if not self.score_by_quotient:
            return ""
        return words.count_quotients(count, self._hits(count))

    @property
    def claim_step(self) -> int:
        """The step between two claims (:attr:`claim_values`): 5 raw in all-fives, 1 elsewhere."""
        values = self.claim_values
        return values[1] - values[0] if len(values) > 1 else 1

    @property
    def scoring_text(self) -> str:
        """Which counts score and what, in words.

        >>> from dominolab import preset
        >>> preset("all-fives").scoring_text
        'a count that is a multiple of 5 scores the count'
        >>> preset("fives-and-threes").scoring_text
        'a count that is a multiple of 3 scores count ÷ 3, a multiple of 5 scores count ÷ 5; both when both'
        """
        return words.scoring_text(
            self.count_moduli, self.score_by_quotient, self.score_divisor, self.placement_scoring
        )

    @property
    def spinner_text(self) -> str:
        """Which doubles are spinners and when their branches open, in words.

        >>> from dominolab import preset
        >>> preset("dominos-cc").spinner_text
        'the first double is the spinner; its branches open as soon as it is placed'
        >>> preset("five-up").spinner_text
        'every double is a spinner; its branches open once both line slots are taken'
        """
        return words.spinner_text(self.spinners, self.spinner_sides_first)

    @cached_property
    def _by_players(self) -> dict[int, tuple[int, int]]:
        """``players -> (hand size, target)`` for every player count allowed (made once: a
        game asks at every start, and a simulation starts thousands)."""
        sizes, targets = dict(self.hand_sizes), dict(self.targets)
        return {n: (sizes[n], targets[n]) for n in range(self.min_players, self.max_players + 1)}

    def hand_size(self, players: int) -> int:
        """Tiles dealt to each seat."""
        got = self._by_players.get(players) if type(players) is int else None
        if got is None:
            self.check_players(players)  # refused with the reason
            return dict(self.hand_sizes)[players]
        return got[0]

    def target(self, players: int) -> int:
        """The target in the score unit."""
        got = self._by_players.get(players) if type(players) is int else None
        if got is None:
            self.check_players(players)  # refused with the reason
            return dict(self.targets)[players]
        return got[1]

    def check_players(self, players: int) -> None:
        """Raise :class:`InvalidRules` unless ``players`` is allowed."""
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise InvalidRules(
                words.refusal(
                    "player count",
                    game=self.name,
                    low=self.min_players,
                    high=self.max_players,
                    value=repr(players),
                )
            )

    def sides(self, players: int, partnerships: bool | None = None) -> tuple[tuple[int, ...], ...]:
        """The seats of each scoring side.

        >>> from dominolab import preset
        >>> preset("five-up").sides(4)
        ((0, 2), (1, 3))
        >>> preset("dominos-cc").sides(3)
        ((0,), (1,), (2,))
        """
        self.check_players(players)
        together = self.partnerships if partnerships is None else partnerships
        if players == 4 and together:
            return ((0, 2), (1, 3))
        return tuple((s,) for s in range(players))

    def points(self, raw: int) -> int:
        """Raw placement points (a :meth:`raw_score`) in the score unit."""
        return raw // self.score_divisor

    def replace(self, **changes: Any) -> Rules:
        """A copy with fields replaced; it is named ``<preset> (custom)`` unless named.

        >>> from dominolab import preset
        >>> preset("five-up").replace(score_divisor=1).unit
        'raw'
        """
        fields = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(changes) - fields)
        if unknown:
            raise InvalidRules(
                words.refusal("unknown settings", names=", ".join(unknown), known=", ".join(sorted(fields)))
            )
        if "name" not in changes:
            base = self.preset or self.name
            changes["name"] = f"{base} (custom)"
        return dataclasses.replace(self, **changes)

    def at_table(self, partnerships: bool | None = None, muggins: bool | None = None) -> Rules:
        """These rules with a table's choices: partnerships at four players, and the muggins
        call.  A choice is not a rule change: the rules keep their name (a preset stays the
        preset in records and pictures).  ``None`` keeps the setting as it is.

        >>> from dominolab import preset
        >>> r = preset("dominos-cc").at_table(partnerships=True, muggins=True)
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
            elif f.name == "count_moduli":
                v = list(v)
            out[f.name] = v
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Inverse of :meth:`to_dict`; missing fields are taken from the named preset (any
        other name: all-fives)."""
        if not isinstance(data, dict):
            raise InvalidRules(words.refusal("rules object", type=type(data).__name__))
        base_name = str(data.get("name", "")).removesuffix(" (custom)")
        known = _PRESETS  # filled by dominolab.presets, which is made of Rules
        base = known[base_name] if base_name in known else known["all-fives"]
        # a later setting is written only when it differs from the value it had before it
        # was a setting (to_dict): absent, it has that value, whichever preset is named
        kw: dict[str, Any] = {k: v for k, v in LATER_SETTINGS.items() if k not in data}
        fields = {f.name for f in dataclasses.fields(cls)} - {"preset"}
        for k, v in data.items():
            if k not in fields:
                continue  # lenient: unknown keys are ignored
            if k in ("hand_sizes", "targets"):
                if not isinstance(v, dict):
                    raise InvalidRules(words.refusal("rules map", name=k))
                try:
                    v = tuple(sorted((int(p), n) for p, n in v.items()))  # JSON keys are strings
                except (TypeError, ValueError):
                    raise InvalidRules(words.refusal("rules map", name=k)) from None
            if k == "count_moduli" and isinstance(v, list):
                v = tuple(v)
            kw[k] = v
        rules = dataclasses.replace(base, **kw)
        if rules == base:
            return base
        return rules


#: every preset's rules by name: :mod:`dominolab.presets` registers them here, so that
#: :meth:`Rules.from_dict` can fill a record's missing settings without importing it
_PRESETS: dict[str, Rules] = {}
