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

from . import words
from .errors import DominolabError
from .presets import PRESETS, variant
from .rules import BlockRule, LeaderRule, Rules, SettlementRule, SpinnerRule, Tally, TargetCheck

__all__ = ["Rule", "RULE_CATALOGUE", "rule", "catalogue_markdown", "settings", "rules_for"]


def _every(r: Rules) -> bool:
    return True


@dataclass(frozen=True)
class Rule:
    """One rule: its id, the rules page's section, the rule in a sentence (:attr:`text`), the lesson (a
    notebook of ``tutorials/``, or ``notebooks/``) and the exercise that teach it, and which
    games it holds in: ``applies``, a question asked of a game's :class:`~dominolab.Rules`
    (never the sentence read back)."""

    id: str
    section: str
    lesson: str
    exercise: str
    applies: Callable[[Rules], bool] = field(default=_every, compare=False, repr=False)

    @property
    def text(self) -> str:
        """The rule in a sentence, in the language in use (the words layer holds it).

        >>> rule("count.internal-double").text
        'A double with both line slots taken counts nothing.'
        """
        return words.rule_text(self.id)

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
        _L1,
        "t1-pips",
    ),
    Rule(
        "layout.match",
        _TILES,
        _L1,
        "t1-after-lead",
    ),
    Rule("layout.notation", _TILES, _L1, "t1-notation"),
    Rule(
        "layout.sides",
        _TILES,
        _L5,
        "t5-blocked-partners",
    ),
    Rule(
        "spinner.every-double",
        _SPIN,
        _L3,
        "t7-second-double",
        lambda r: r.spinners is SpinnerRule.EVERY_DOUBLE,
    ),
    Rule(
        "spinner.first-double",
        _SPIN,
        _L3,
        "t3-spinner",
        lambda r: r.spinners is SpinnerRule.FIRST_DOUBLE,
    ),
    Rule(
        "spinner.after-sides",
        _SPIN,
        _L3,
        "t3-five-up-open",
        lambda r: _spinners(r) and r.spinner_sides_first,
    ),
    Rule(
        "spinner.at-once",
        _SPIN,
        _L3,
        "t3-open",
        lambda r: _spinners(r) and not r.spinner_sides_first,
    ),
    Rule(
        "count.ends",
        _COUNT,
        _L2,
        "t2-can-score",
        _scores,
    ),
    Rule(
        "count.terminal-double",
        _COUNT,
        _L2,
        "t2-terminal",
        _scores,
    ),
    Rule(
        "count.internal-double",
        _COUNT,
        _L2,
        "t2-internal",
        _scores,
    ),
    Rule(
        "count.multiple-of-5",
        _COUNT,
        _L2,
        "t2-can-score",
        lambda r: _scores(r) and r.count_moduli == (5,) and not r.score_by_quotient,
    ),
    Rule(
        "count.shown-points",
        _COUNT,
        _L6,
        "t7-shown",
        lambda r: r.unit == "shown",
    ),
    Rule(
        "count.last-tile",
        _COUNT,
        _L5A,
        "t5a-last-tile",
        lambda r: _scores(r) and _rounds_hands(r),
    ),
    Rule(
        "round5",
        _R5,
        _L5,
        "t5-round5",
        _rounds_hands,
    ),
    Rule(
        "deal",
        _ROUND,
        _L1,
        "t1-deal",
        lambda r: r.drawing,
    ),
    Rule(
        "lead.lot",
        _ROUND,
        _L5A,
        "t5a-after-block",
        lambda r: r.leader is LeaderRule.LOT,
    ),
    Rule(
        "lead.dominos-cc",
        _ROUND,
        _L5A,
        "t5a-cc-lead",
        lambda r: r.leader is LeaderRule.HIGHEST_DOUBLE and not r.winner_leads_next,
    ),
    Rule(
        "lead.next",
        _ROUND,
        _L5A,
        "t5a-after-block",
        lambda r: r.leader is LeaderRule.LOT and r.winner_leads_next,
    ),
    Rule("turn.must-play", _ROUND, _L4, "t4-actions"),
    Rule(
        "turn.draw",
        _ROUND,
        _L4,
        "t4-draws",
        lambda r: r.drawing,
    ),
    Rule(
        "turn.pass",
        _ROUND,
        _L4,
        "t1a-stuck",
        lambda r: r.drawing,
    ),
    Rule(
        "end.domino",
        _ROUND,
        _L5A,
        "t5-pooled",
        lambda r: not r.partners_both_out,
    ),
    Rule(
        "end.blocked",
        _ROUND,
        _L4,
        "t5-blocked-cc",
        lambda r: r.drawing,
    ),
    Rule(
        "blocked.five-up",
        _ROUND,
        _L5,
        "t5a-five-up-blocked",
        lambda r: r.block is BlockRule.NO_WINNER and r.settlement is SettlementRule.DEDUCT_EACH,
    ),
    Rule(
        "blocked.all-fives",
        _ROUND,
        _L5,
        "t5-blocked-partners",
        lambda r: r.block is BlockRule.LOWEST_TOTAL and _scores(r),
    ),
    Rule(
        "blocked.dominos-cc",
        _ROUND,
        _L5,
        "t5-blocked-cc",
        lambda r: r.block is BlockRule.LOWEST_THEN_FEWER,
    ),
    Rule(
        "settle.five-up",
        _SETTLE,
        _L5,
        "t5a-five-up-blocked",
        lambda r: r.settlement is SettlementRule.DEDUCT_EACH,
    ),
    Rule(
        "settle.all-fives",
        _SETTLE,
        _L5,
        "t5-pooled",
        lambda r: r.settlement is SettlementRule.POOLED,
    ),
    Rule(
        "settle.split",
        _SETTLE,
        _L5,
        "t5-split",
        lambda r: r.three_player_split,
    ),
    Rule(
        "settle.dominos-cc",
        _SETTLE,
        _L5,
        "t5-each",
        lambda r: r.settlement is SettlementRule.EACH_RIVAL,
    ),
    Rule(
        "end.five-up",
        _END,
        _L6,
        "t6-five-up",
        lambda r: r.target_check is TargetCheck.AFTER_ROUND and _scores(r),
    ),
    Rule(
        "end.instant",
        _END,
        _L6,
        "t6-over",
        lambda r: r.target_check is TargetCheck.INSTANT,
    ),
    Rule(
        "tally",
        _PAPER,
        _L6,
        "t6-strokes",
        lambda r: r.tally is Tally.STROKES and _scores(r),
    ),
    Rule(
        "line.lead",
        _LINE,
        _L1A,
        "t1a-leader",
        lambda r: not _scores(r),
    ),
    Rule(
        "line.settle",
        _LINE,
        _L1A,
        "t1a-domino",
        lambda r: r.settlement is SettlementRule.OPPONENTS_PIPS,
    ),
    Rule(
        "muggins",
        _MUG,
        _DRILL,
        "mug-lead-double",
        lambda r: r.muggins,
    ),
    Rule(
        "f3.count",
        _F3,
        _L6A,
        "t6a-count",
        lambda r: r.score_by_quotient,
    ),
    Rule(
        "f3.knock",
        _F3,
        _L6A,
        "t6a-knock",
        lambda r: not r.drawing and _scores(r),
    ),
    Rule(
        "f3.going-out",
        _F3,
        _L6A,
        "t6a-partners",
        lambda r: r.going_out_points > 0,
    ),
    Rule(
        "f3.blocked",
        _F3,
        _L6A,
        "t6a-knock",
        lambda r: r.settlement is SettlementRule.NONE,
    ),
    Rule(
        "f3.lead-left",
        _F3,
        _L6A,
        "t6a-lead",
        lambda r: r.lead_passes_left,
    ),
    Rule(
        "f3.exact",
        _F3,
        _L6A,
        "t6a-bust",
        lambda r: r.exact_target,
    ),
    Rule(
        "f3.cribbage",
        _F3,
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
        raise DominolabError(words.refusal("no rule", value=repr(rule_id), ids=", ".join(_BY_ID))) from None


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
    return [(words.section(x.section), x.text) for x in RULE_CATALOGUE if x.applies(r)]
