"""The games dominolab plays: one registry entry per preset.

Each :class:`Preset` holds a game's :class:`~dominolab.Rules`, its title, the names a
learner may call it (the sources' Spanish names included), its family (a *fives* game
scores while placing; a *line* game does not), its sources and its example layout.
Everything that lists the games — the dropdowns, the rules card and the handouts, the
docs' settings table, the comparison, the record check, an exercise reading a game's
name — reads :data:`REGISTRY`; adding a game is adding an entry (``docs/ADDING-A-GAME.md``).

>>> import dominolab as dl
>>> dl.preset("Punta de Cinco").name, dl.preset("5 up").name
('all-fives', 'five-up')
>>> dl.FIVES_GAMES
('five-up', 'all-fives', 'dominos-cc', 'fives-and-threes')
>>> dl.REGISTRY["fives-and-threes"].title
'Fives and Threes'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from . import words
from .errors import UnknownVariant
from .rules import _PRESETS, BlockRule, LeaderRule, Rules, SettlementRule, SpinnerRule, Tally, TargetCheck

__all__ = [
    "Family",
    "Preset",
    "REGISTRY",
    "FIVE_UP",
    "ALL_FIVES",
    "DOMINOS_CC",
    "FIVES_AND_THREES",
    "DRAW_GAME",
    "BLOCK_GAME",
    "FIVES_GAMES",
    "VARIANTS",
    "LINE_GAMES",
    "PRESETS",
    "preset",
    "variant",
    "read_preset",
]


class Family(StrEnum):
    """A game's family: what its placements do."""

    FIVES = "fives"  #: placements score when the count is a multiple of five (or three)
    LINE = "line"  #: the plain line game: placements score nothing, the hands left do


@dataclass(frozen=True)
class Preset:
    """One game of the registry.

    ``names`` are the other spellings a learner or a source uses (compared lower case,
    spaces and hyphens alike); none of them may name a switch such as ``muggins``.
    ``example`` is a short layout of the game, ``(tile, "tile:slot" or None)`` moves,
    that shows what is particular to it.
    """

    rules: Rules
    title: str
    family: Family
    names: tuple[str, ...]
    sources: tuple[str, ...]
    example: tuple[tuple[str, str | None], ...]
    #: one line: what is particular to the game
    summary: str

    @property
    def name(self) -> str:
        return self.rules.name


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

#: The British pub game (RULES.md, "Fives and Threes"): a plain line, counts in threes and
#: fives, no boneyard, a point for going out, exactly 61 on a cribbage board.
FIVES_AND_THREES = Rules(
    name="fives-and-threes",
    preset="fives-and-threes",
    hand_sizes=((2, 7), (3, 5), (4, 5)),
    targets=((2, 61), (3, 61), (4, 61)),
    spinners=SpinnerRule.NONE,
    leader=LeaderRule.LOT,
    settlement=SettlementRule.NONE,
    block=BlockRule.NO_WINNER,
    target_check=TargetCheck.INSTANT,
    winner_leads_next=False,
    drawing=False,
    count_moduli=(3, 5),
    score_by_quotient=True,
    going_out_points=1,
    partners_both_out=True,
    lead_passes_left=True,
    exact_target=True,
    tally=Tally.CRIBBAGE,
)

#: The Block game: the plain line game, no scoring while placing, no drawing.
BLOCK_GAME = Rules(
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
DRAW_GAME = BLOCK_GAME.replace(name="draw", preset="draw", drawing=True)

#: A five-up layout with three spinners; all-fives and dominos-cc refuse its 10th placement (a
#: branch of 6|6, not a spinner there): the comparison's example of a refusal.
_FIVE_UP_LAYOUT: tuple[tuple[str, str | None], ...] = (
    ("3|3", None),
    ("3|5", "3|3:line-a"),
    ("1|3", "3|3:line-b"),
    ("3|6", "3|3:branch-a"),
    ("6|6", "3|6:high"),
    ("2|6", "6|6:line-b"),
    ("0|3", "3|3:branch-b"),
    ("0|0", "0|3:low"),
    ("0|4", "0|0:line-b"),
    ("0|6", "6|6:branch-a"),
    ("5|5", "3|5:high"),
    ("2|5", "5|5:line-b"),
)
#: The worked sequence of 002_…txt (Punta de Cinco), as RULES.md restates it (all-fives'
#: example is its first six placements).
SEED_SEQUENCE: tuple[tuple[str, str | None], ...] = (
    ("1|4", None),
    ("1|1", "1|4:low"),
    ("4|4", "1|4:high"),
    ("3|4", "4|4:line-b"),
    ("1|2", "1|1:line-b"),
    ("1|5", "1|1:branch-a"),
    ("5|5", "1|5:high"),
    ("0|5", "5|5:line-b"),
    ("1|3", "1|1:branch-b"),
)

#: The registry: every preset, in the order the games are listed everywhere (the fives games
#: in the order their sources are numbered, the pub game, then the line games).
REGISTRY: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset(
            FIVE_UP,
            "Five Up",
            Family.FIVES,
            ("five up", "fiveup", "5 up", "5-up"),
            ("seeds/000_6adf70678fa6a799.txt (Five Up, after Pagat)",),
            _FIVE_UP_LAYOUT,
            "every double a spinner; scores shown as raw ÷ 5; tiles left are deducted; 61 after the round",
        ),
        Preset(
            ALL_FIVES,
            "All Fives",
            Family.FIVES,
            ("all fives", "allfives", "punta de cinco", "punta de 5", "fives"),
            ("seeds/002_5888927995087b79.txt (Punta de Cinco / All Fives, after Pagat)",),
            SEED_SEQUENCE[:6],
            "one spinner; the round's winner takes the opponents' pips pooled; 250/200/200 at once",
        ),
        Preset(
            DOMINOS_CC,
            "All Fives on Dominos.cc",
            Family.FIVES,
            ("dominos cc", "dominos.cc", "dominoscc", "dominos-cc.com"),
            ("seeds/004_25421f5eaf4ec4d1.txt (All Fives as played on Dominos.cc)",),
            (
                ("5|5", None),
                ("0|5", "5|5:branch-a"),
                ("4|5", "5|5:line-a"),
                ("5|6", "5|5:branch-b"),
                ("6|6", "5|6:high"),
                ("1|6", "6|6:line-b"),
            ),
            "the highest double leads; each rival's pips rounded separately; 150 at once",
        ),
        Preset(
            FIVES_AND_THREES,
            "Fives and Threes",
            Family.FIVES,
            ("fives and threes", "fives & threes", "5s and 3s", "fives-threes", "threes and fives"),
            (
                "Pagat, Fives and Threes (mirrored as gambiter.com's fives_and_threes)",
                "a Teesdale league's rules page; a rules blog (RULES.md, 'Fives and Threes')",
            ),
            (
                ("5|5", None),
                ("5|6", "5|5:line-a"),
                ("0|5", "5|5:line-b"),
                ("6|6", "5|6:high"),
                ("0|3", "0|5:low"),
            ),
            "a plain line; counts in threes and fives (15 → 8); no drawing; 1 for going out; exactly 61",
        ),
        Preset(
            DRAW_GAME,
            "Draw game",
            Family.LINE,
            ("draw game", "the draw game"),
            ("seeds/004_25421f5eaf4ec4d1.txt (named as Dominos.cc's other modes)",),
            (("6|6", None), ("4|6", "6|6:line-a"), ("1|6", "6|6:line-b")),
            "the plain line game with a boneyard; the winner takes the opponents' pips; 100",
        ),
        Preset(
            BLOCK_GAME,
            "Block game",
            Family.LINE,
            ("block game", "the block game"),
            ("seeds/004_25421f5eaf4ec4d1.txt (named as Dominos.cc's other modes)",),
            (("6|6", None), ("4|6", "6|6:line-a"), ("1|6", "6|6:line-b")),
            "the plain line game without drawing; the winner takes the opponents' pips; 100",
        ),
    )
}

_PRESETS.update({name: p.rules for name, p in REGISTRY.items()})

#: The games that score while placing (the fives family), in the registry's order.
FIVES_GAMES: tuple[str, ...] = tuple(n for n, p in REGISTRY.items() if p.family is Family.FIVES)
#: The three fives games of the sources (the seeds), in the order they are numbered.
VARIANTS: tuple[str, ...] = ("five-up", "all-fives", "dominos-cc")
#: The plain line games beyond the sources (``dominos-cc`` names them as its other modes).
LINE_GAMES: tuple[str, ...] = tuple(n for n, p in REGISTRY.items() if p.family is Family.LINE)
#: Every preset, in the registry's order.
PRESETS: tuple[str, ...] = tuple(REGISTRY)

#: Names that are not games: a switch every fives game takes (``Rules.muggins``)
_SWITCH_NAMES = {"muggins": "muggins switch"}  # the words layer's refusal that says why


def _key(text: str) -> str:
    return " ".join(str(text).strip().lower().replace("_", " ").replace("-", " ").split())


_NAMES: dict[str, str] = {}
for _p in REGISTRY.values():
    for _n in (_p.name, _p.title, *_p.names):
        _NAMES.setdefault(_key(_n), _p.name)


def read_preset(text: object) -> str | None:
    """The preset a learner means by ``text`` (``"Five Up"``, ``"punta de cinco"``,
    ``"fives_and_threes"``), or ``None``.

    >>> read_preset("Five Up"), read_preset(" Punta de 5 "), read_preset("chess")
    ('five-up', 'all-fives', None)
    """
    if not isinstance(text, str):
        return None
    return _NAMES.get(_key(text))


def preset(name: str | Rules) -> Rules:
    """The rules of the preset called ``name`` (any spelling of :data:`REGISTRY`'s names).

    >>> preset("Five-Up").name
    'five-up'
    >>> preset("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dominolab.errors.UnknownVariant: unknown game 'chess'; known: five-up, all-fives, ..., block
    """
    if isinstance(name, Rules):
        return name
    found = read_preset(name)
    if found is None:
        why = _SWITCH_NAMES.get(_key(str(name)))
        if why:
            raise UnknownVariant(words.refusal(why, name=repr(name), known=", ".join(PRESETS)))
        raise UnknownVariant(words.refusal("unknown game", name=repr(name), known=", ".join(PRESETS)))
    return REGISTRY[found].rules


#: The older name of :func:`preset`.
variant = preset
