"""The course's map of the rules: every rule of the rules page (docs/RULES.md) has an id, the
lesson that teaches it with a live example, and an exercise that tests it.

>>> from dominolab.catalogue import RULE_CATALOGUE, rule
>>> rule("count.terminal-double").lesson
'02-counting-the-ends.ipynb'

The example is the code cell of the lesson tagged ``rule:<id>``; the exercise is one of
:data:`dominolab.EXERCISES`.  A test checks that each rule has both, and that every section of
the rules page has a rule here; the index notebook prints the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .errors import DominolabError
from .presets import PRESETS, variant
from .rules import BlockRule, LeaderRule, Rules, SettlementRule, SpinnerRule, Tally, TargetCheck

__all__ = ["Rule", "RULE_CATALOGUE", "rule", "catalogue_markdown", "settings", "rules_for"]


def _every(r: Rules) -> bool:
    return True


@dataclass(frozen=True)
class Rule:
    """One rule: its id, the rules page's section, the rule in a sentence, the lesson (a
    notebook of ``tutorials/``, or ``notebooks/``) and the exercise that teach it, and which
    games it holds in: ``applies``, a question asked of a game's :class:`~dominolab.Rules`
    (never the sentence read back)."""

    id: str
    section: str
    text: str
    lesson: str
    exercise: str
    applies: Callable[[Rules], bool] = field(default=_every, compare=False, repr=False)

    @property
    def games(self) -> tuple[str, ...]:
        """The presets the rule holds in, in the registry's order.

        >>> rule("spinner.at-once").games
        ('dominos-cc',)
        """
        return tuple(n for n in PRESETS if self.applies(variant(n)))


_L1, _L1A, _L2, _L3, _L4, _L5, _L5A, _L6, _L6A = (
    "01-tiles-hands-and-the-line.ipynb",
    "01a-the-line-game-block-and-draw.ipynb",
    "02-counting-the-ends.ipynb",
    "03-spinners-and-branches.ipynb",
    "04-drawing-passing-and-blocked-rounds.ipynb",
    "05-settling-a-round.ipynb",
    "05a-a-whole-round-of-each-game.ipynb",
    "06-winning-the-game.ipynb",
    "06a-fives-and-threes.ipynb",
)
_DRILL = "../notebooks/muggins-drill.ipynb"
_TILES, _SPIN, _COUNT, _R5, _ROUND, _SETTLE, _END, _PAPER, _LINE, _MUG, _F3 = (
    "The tiles and the layout",
    "Spinners",
    "The count and what scores",
    "Rounding to five",
    "A round",
    "Settling a round",
    "The end of a game",
    "Keeping score on paper",
    "The Draw and Block games",
    "Muggins",
    "Fives and Threes",
)


def _spinners(r: Rules) -> bool:
    return r.spinners is not SpinnerRule.NONE


def _scores(r: Rules) -> bool:
    return r.placement_scoring


def _rounds_hands(r: Rules) -> bool:
    return r.settlement in (SettlementRule.DEDUCT_EACH, SettlementRule.POOLED, SettlementRule.EACH_RIVAL)


#: Every rule of the rules page, in its order.
RULE_CATALOGUE: tuple[Rule, ...] = (
    Rule(
        "tiles.set",
        _TILES,
        "A double-six set has 28 tiles, every pair a|b with 0 ≤ a ≤ b ≤ 6.",
        _L1,
        "t1-pips",
    ),
    Rule(
        "layout.match",
        _TILES,
        "A tile plays on an open point that shows one of its halves.",
        _L1,
        "t1-after-lead",
    ),
    Rule("layout.notation", _TILES, "A placement is written tile@tile:slot.", _L1, "t1-notation"),
    Rule(
        "layout.sides",
        _TILES,
        "At four players in partnership, seats 0+2 and 1+3 are one side.",
        _L5,
        "t5-blocked-partners",
    ),
    Rule(
        "spinner.every-double",
        _SPIN,
        "Every double is a spinner.",
        _L3,
        "t7-second-double",
        lambda r: r.spinners is SpinnerRule.EVERY_DOUBLE,
    ),
    Rule(
        "spinner.first-double",
        _SPIN,
        "Only the round's first double is the spinner.",
        _L3,
        "t3-spinner",
        lambda r: r.spinners is SpinnerRule.FIRST_DOUBLE,
    ),
    Rule(
        "spinner.after-sides",
        _SPIN,
        "A spinner's branches open once both line slots are taken.",
        _L3,
        "t3-five-up-open",
        lambda r: _spinners(r) and r.spinner_sides_first,
    ),
    Rule(
        "spinner.at-once",
        _SPIN,
        "A spinner's branches are open as soon as it is placed.",
        _L3,
        "t3-open",
        lambda r: _spinners(r) and not r.spinner_sides_first,
    ),
    Rule(
        "count.ends",
        _COUNT,
        "After every placement, add up the free halves of the ends.",
        _L2,
        "t2-can-score",
        _scores,
    ),
    Rule(
        "count.terminal-double",
        _COUNT,
        "A double at an end (crosswise, a line slot free) counts both halves.",
        _L2,
        "t2-terminal",
        _scores,
    ),
    Rule(
        "count.internal-double",
        _COUNT,
        "A double with both line slots taken counts nothing.",
        _L2,
        "t2-internal",
        _scores,
    ),
    Rule(
        "count.multiple-of-5",
        _COUNT,
        "Only a positive multiple of 5 scores, for the side that placed.",
        _L2,
        "t2-can-score",
        lambda r: _scores(r) and r.count_moduli == (5,) and not r.score_by_quotient,
    ),
    Rule(
        "count.shown-points",
        _COUNT,
        "Scores are shown as the raw count divided by 5.",
        _L6,
        "t7-shown",
        lambda r: r.unit == "shown",
    ),
    Rule(
        "count.last-tile",
        _COUNT,
        "A hand's last tile is counted and scores before the round is settled.",
        _L5A,
        "t5a-last-tile",
        lambda r: _scores(r) and _rounds_hands(r),
    ),
    Rule(
        "round5",
        _R5,
        "Tiles left in hand are counted in pips and rounded to the nearest 5 (1–2 down, 3–4 up).",
        _L5,
        "t5-round5",
        _rounds_hands,
    ),
    Rule(
        "deal",
        _ROUND,
        "Each preset deals its own number of tiles; the rest is the boneyard.",
        _L1,
        "t1-deal",
        lambda r: r.drawing,
    ),
    Rule(
        "lead.lot",
        _ROUND,
        "A lot picks the first leader, who may lead any tile.",
        _L5A,
        "t5a-after-block",
        lambda r: r.leader is LeaderRule.LOT,
    ),
    Rule(
        "lead.dominos-cc",
        _ROUND,
        "The highest double leads every round, else the heaviest tile (3|6 before 4|5).",
        _L5A,
        "t5a-cc-lead",
        lambda r: r.leader is LeaderRule.HIGHEST_DOUBLE and not r.winner_leads_next,
    ),
    Rule(
        "lead.next",
        _ROUND,
        "The seat that played its last tile leads next; after a block, a new lot.",
        _L5A,
        "t5a-after-block",
        lambda r: r.leader is LeaderRule.LOT and r.winner_leads_next,
    ),
    Rule("turn.must-play", _ROUND, "A player who can play must play.", _L4, "t4-actions"),
    Rule(
        "turn.draw",
        _ROUND,
        "Otherwise draw one tile at a time; a drawn tile that plays is placed at once.",
        _L4,
        "t4-draws",
        lambda r: r.drawing,
    ),
    Rule(
        "turn.pass",
        _ROUND,
        "With the boneyard empty and nothing that plays, pass.",
        _L4,
        "t1a-stuck",
        lambda r: r.drawing,
    ),
    Rule(
        "end.domino",
        _ROUND,
        "A round ends when a player places the last tile of the hand.",
        _L5A,
        "t5-pooled",
        lambda r: not r.partners_both_out,
    ),
    Rule(
        "end.blocked",
        _ROUND,
        "A round is blocked when the boneyard is empty and nobody can play.",
        _L4,
        "t5-blocked-cc",
        lambda r: r.drawing,
    ),
    Rule(
        "blocked.five-up",
        _ROUND,
        "A blocked round has no winner.",
        _L5,
        "t5a-five-up-blocked",
        lambda r: r.block is BlockRule.NO_WINNER and r.settlement is SettlementRule.DEDUCT_EACH,
    ),
    Rule(
        "blocked.all-fives",
        _ROUND,
        "The lowest total wins a blocked round (partners add up; a tie at 2 or 4 players pays nothing).",
        _L5,
        "t5-blocked-partners",
        lambda r: r.block is BlockRule.LOWEST_TOTAL and _scores(r),
    ),
    Rule(
        "blocked.dominos-cc",
        _ROUND,
        "The lowest total wins a blocked round, then fewer tiles.",
        _L5,
        "t5-blocked-cc",
        lambda r: r.block is BlockRule.LOWEST_THEN_FEWER,
    ),
    Rule(
        "settle.five-up",
        _SETTLE,
        "Every seat loses round5(its own pips) / 5; scores can go below 0.",
        _L5,
        "t5a-five-up-blocked",
        lambda r: r.settlement is SettlementRule.DEDUCT_EACH,
    ),
    Rule(
        "settle.all-fives",
        _SETTLE,
        "The winner receives round5 of all opponents' pips pooled.",
        _L5,
        "t5-pooled",
        lambda r: r.settlement is SettlementRule.POOLED,
    ),
    Rule(
        "settle.split",
        _SETTLE,
        "At 3 players, two seats tied for the lowest split round5 of the third hand.",
        _L5,
        "t5-split",
        lambda r: r.three_player_split,
    ),
    Rule(
        "settle.dominos-cc",
        _SETTLE,
        "The winner receives round5 of each rival, each rounded apart.",
        _L5,
        "t5-each",
        lambda r: r.settlement is SettlementRule.EACH_RIVAL,
    ),
    Rule(
        "end.five-up",
        _END,
        "The target is checked only after a round is settled; a tie at the top plays on.",
        _L6,
        "t6-five-up",
        lambda r: r.target_check is TargetCheck.AFTER_ROUND and _scores(r),
    ),
    Rule(
        "end.instant",
        _END,
        "The game ends the instant a side reaches the target.",
        _L6,
        "t6-over",
        lambda r: r.target_check is TargetCheck.INSTANT,
    ),
    Rule(
        "tally",
        _PAPER,
        "On paper, one stroke per 5 raw points; ten strokes make an X of 50.",
        _L6,
        "t6-strokes",
        lambda r: r.tally is Tally.STROKES and _scores(r),
    ),
    Rule(
        "line.lead",
        _LINE,
        "The highest double leads, else the heaviest tile; the domino's seat leads next.",
        _L1A,
        "t1a-leader",
        lambda r: not _scores(r),
    ),
    Rule(
        "line.settle",
        _LINE,
        "The domino's seat takes its opponents' pips, unrounded.",
        _L1A,
        "t1a-domino",
        lambda r: r.settlement is SettlementRule.OPPONENTS_PIPS,
    ),
    Rule(
        "muggins",
        _MUG,
        "With muggins, the placer claims its points; a short claim lets the next seat take them.",
        _DRILL,
        "mug-lead-double",
        lambda r: r.muggins,
    ),
    Rule(
        "f3.count",
        _F3,
        "A multiple of 3 scores count ÷ 3, a multiple of 5 scores count ÷ 5, both when both (15 → 8).",
        _L6A,
        "t6a-count",
        lambda r: r.score_by_quotient,
    ),
    Rule(
        "f3.knock",
        _F3,
        "Nobody draws: the tiles not dealt are out of play, and a player who cannot play knocks.",
        _L6A,
        "t6a-knock",
        lambda r: not r.drawing and _scores(r),
    ),
    Rule(
        "f3.going-out",
        _F3,
        "Going out scores 1 point with the last tile; at four, the round goes on until both "
        "partners are out.",
        _L6A,
        "t6a-partners",
        lambda r: r.going_out_points > 0,
    ),
    Rule(
        "f3.blocked",
        _F3,
        "A blocked round ends with nothing more scored: the hands left are not counted.",
        _L6A,
        "t6a-knock",
        lambda r: r.settlement is SettlementRule.NONE,
    ),
    Rule(
        "f3.lead-left",
        _F3,
        "The lead passes to the left: each round is led by the seat after the last round's leader.",
        _L6A,
        "t6a-lead",
        lambda r: r.lead_passes_left,
    ),
    Rule(
        "f3.exact",
        _F3,
        "Exactly 61: a score that would pass the target is disregarded whole, the going-out point with it.",
        _L6A,
        "t6a-bust",
        lambda r: r.exact_target,
    ),
    Rule(
        "f3.cribbage",
        _F3,
        "On paper, the score is pegged on a cribbage board: two streets of 30 holes and the game hole.",
        _L6A,
        "t6a-bust",
        lambda r: r.tally is Tally.CRIBBAGE,
    ),
)

_BY_ID = {r.id: r for r in RULE_CATALOGUE}


def rule(rule_id: str) -> Rule:
    """The rule of ``rule_id`` (``"count.terminal-double"``)."""
    try:
        return _BY_ID[rule_id]
    except KeyError:
        raise DominolabError(f"no rule {rule_id!r} in the catalogue; ids: {', '.join(_BY_ID)}") from None


def catalogue_markdown() -> str:
    """The catalogue as a Markdown table: rule, where it is taught, the exercise that tests it."""
    rows = ["| rule | games | id | taught in | exercise |", "|---|---|---|---|---|"]
    for r in RULE_CATALOGUE:
        lesson = r.lesson.removesuffix(".ipynb").removeprefix("../notebooks/")
        text = r.text.replace("|", "\\|")  # a tile's bar would end the table's cell
        games = "all" if r.games == PRESETS else ", ".join(r.games) or "a switch of any fives game"
        rows.append(f"| {text} | {games} | `{r.id}` | [{lesson}]({r.lesson}) | `{r.exercise}` |")
    return "\n".join(rows)


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _counts_that_score(r: Rules) -> str:
    """``"multiples of 5"``, ``"multiples of 3 or 5 (÷ 3 + ÷ 5)"``, ``"none"``."""
    if not r.placement_scoring:
        return "none"
    of = " or ".join(str(m) for m in r.count_moduli)
    if r.score_by_quotient:
        return f"multiples of {of} (" + " + ".join(f"÷ {m}" for m in r.count_moduli) + ")"
    return f"multiples of {of}"


def settings(r: Rules) -> dict[str, str]:
    """A preset's settings in words, as the rules page's table writes them (a test holds
    the page to this; the rules cards print it).

    >>> settings(variant("all-fives"))["target (2 / 3 / 4 players)"]
    '250 / 200 / 200'
    """
    counts = range(r.min_players, r.max_players + 1)
    return {
        "players": f"{r.min_players}–{r.max_players}",
        "tiles dealt (2 / 3 / 4 players)": " / ".join(str(r.hand_size(p)) for p in counts),
        "partnerships at 4 players": _yes(r.partnerships),
        "spinners": r.spinners.value.replace("-", " "),
        "a spinner's branches open": "no spinner"
        if r.spinners.value == "none"
        else ("after both line slots" if r.spinner_sides_first else "at once"),
        "placements score": _yes(r.placement_scoring),
        "a player who cannot play draws": _yes(r.drawing),
        "counts that score": _counts_that_score(r),
        "score unit": {"shown": "shown (raw / 5)", "raw": "raw", "points": "points"}[r.unit],
        "a point for going out": str(r.going_out_points) if r.going_out_points else "no",
        "at 4 in partnership the round ends": "when both partners are out"
        if r.partners_both_out
        else "when one seat is out",
        "target (2 / 3 / 4 players)": " / ".join(str(r.target(p)) for p in counts),
        "target checked": {"after-round": "after the round", "instant": "instantly"}[r.target_check.value],
        "a score past the target": "disregarded" if r.exact_target else "counts",
        "first leader": r.leader.value.replace("-", " "),
        "the last tile's seat leads next": _yes(r.winner_leads_next),
        "the lead passes to the left": _yes(r.lead_passes_left),
        "round settlement": r.settlement.value.replace("-", " "),
        "blocked round won by": {
            "no-winner": "nobody",
            "lowest-total": "lowest total",
            "lowest-then-fewer": "lowest, then fewer tiles",
        }[r.block.value],
        "three-player split": _yes(r.three_player_split),
    }


def rules_for(preset: str | Rules) -> list[tuple[str, str]]:
    """The catalogue's rules that hold in ``preset``, as ``(section, rule)`` in the page's
    order: each rule's own question of the game's :class:`~dominolab.Rules`.

    >>> [text for _, text in rules_for("dominos-cc") if "spinner" in text][1]
    "A spinner's branches are open as soon as it is placed."
    """
    r = variant(preset)
    return [(x.section, x.text) for x in RULE_CATALOGUE if x.applies(r)]
