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

from dataclasses import dataclass

from .errors import DominolabError
from .presets import PRESETS, variant
from .rules import Rules

__all__ = ["Rule", "RULE_CATALOGUE", "rule", "catalogue_markdown", "settings", "rules_for"]


@dataclass(frozen=True)
class Rule:
    """One rule: its id, the rules page's section, the rule in a sentence, the lesson (a
    notebook of ``tutorials/``, or ``notebooks/``) and the exercise that teach it."""

    id: str
    section: str
    text: str
    lesson: str
    exercise: str


_L1, _L1A, _L2, _L3, _L4, _L5, _L5A, _L6 = (
    "01-tiles-hands-and-the-line.ipynb",
    "01a-the-line-game-block-and-draw.ipynb",
    "02-counting-the-ends.ipynb",
    "03-spinners-and-branches.ipynb",
    "04-drawing-passing-and-blocked-rounds.ipynb",
    "05-settling-a-round.ipynb",
    "05a-a-whole-round-of-each-game.ipynb",
    "06-winning-the-game.ipynb",
)
_DRILL = "../notebooks/muggins-drill.ipynb"
_TILES, _SPIN, _COUNT, _R5, _ROUND, _SETTLE, _END, _PAPER, _LINE, _MUG = (
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
)

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
    Rule("spinner.every-double", _SPIN, "five-up: every double is a spinner.", _L3, "t7-second-double"),
    Rule(
        "spinner.first-double",
        _SPIN,
        "all-fives, dominos-cc: only the round's first double is the spinner.",
        _L3,
        "t3-spinner",
    ),
    Rule(
        "spinner.after-sides",
        _SPIN,
        "five-up, all-fives: a spinner's branches open once both line slots are taken.",
        _L3,
        "t3-five-up-open",
    ),
    Rule(
        "spinner.at-once",
        _SPIN,
        "dominos-cc: a spinner's branches are open as soon as it is placed.",
        _L3,
        "t3-open",
    ),
    Rule(
        "count.ends",
        _COUNT,
        "After every placement, add up the free halves of the ends.",
        _L2,
        "t2-can-score",
    ),
    Rule(
        "count.terminal-double",
        _COUNT,
        "A double at an end (crosswise, a line slot free) counts both halves.",
        _L2,
        "t2-terminal",
    ),
    Rule(
        "count.internal-double",
        _COUNT,
        "A double with both line slots taken counts nothing.",
        _L2,
        "t2-internal",
    ),
    Rule(
        "count.multiple-of-5",
        _COUNT,
        "Only a positive multiple of 5 scores, for the side that placed.",
        _L2,
        "t2-can-score",
    ),
    Rule(
        "count.shown-points", _COUNT, "five-up shows scores as the raw count divided by 5.", _L6, "t7-shown"
    ),
    Rule(
        "count.last-tile",
        _COUNT,
        "A hand's last tile is counted and scores before the round is settled.",
        _L5A,
        "t5a-last-tile",
    ),
    Rule(
        "round5",
        _R5,
        "Tiles left in hand are counted in pips and rounded to the nearest 5 (1–2 down, 3–4 up).",
        _L5,
        "t5-round5",
    ),
    Rule(
        "deal", _ROUND, "Each preset deals its own number of tiles; the rest is the boneyard.", _L1, "t1-deal"
    ),
    Rule(
        "lead.lot",
        _ROUND,
        "five-up, all-fives: a lot picks the leader, who may lead any tile.",
        _L5A,
        "t5a-after-block",
    ),
    Rule(
        "lead.dominos-cc",
        _ROUND,
        "dominos-cc: the highest double leads every round, else the heaviest tile (3|6 before 4|5).",
        _L5A,
        "t5a-cc-lead",
    ),
    Rule(
        "lead.next",
        _ROUND,
        "five-up, all-fives: the seat that played its last tile leads next; after a block, a new lot.",
        _L5A,
        "t5a-after-block",
    ),
    Rule("turn.must-play", _ROUND, "A player who can play must play.", _L4, "t4-actions"),
    Rule(
        "turn.draw",
        _ROUND,
        "Otherwise draw one tile at a time; a drawn tile that plays is placed at once.",
        _L4,
        "t4-draws",
    ),
    Rule("turn.pass", _ROUND, "With the boneyard empty and nothing that plays, pass.", _L4, "t1a-stuck"),
    Rule(
        "end.domino",
        _ROUND,
        "A round ends when a player places the last tile of the hand.",
        _L5A,
        "t5-pooled",
    ),
    Rule(
        "end.blocked",
        _ROUND,
        "A round is blocked when the boneyard is empty and nobody can play.",
        _L4,
        "t5-blocked-cc",
    ),
    Rule("blocked.five-up", _ROUND, "five-up: a blocked round has no winner.", _L5, "t5a-five-up-blocked"),
    Rule(
        "blocked.all-fives",
        _ROUND,
        "all-fives: the lowest total wins a blocked round (partners add up; a tie "
        "at 2 or 4 players pays nothing).",
        _L5,
        "t5-blocked-partners",
    ),
    Rule(
        "blocked.dominos-cc",
        _ROUND,
        "dominos-cc: the lowest total wins a blocked round, then fewer tiles.",
        _L5,
        "t5-blocked-cc",
    ),
    Rule(
        "settle.five-up",
        _SETTLE,
        "five-up: every seat loses round5(its own pips) / 5; scores can go below 0.",
        _L5,
        "t5a-five-up-blocked",
    ),
    Rule(
        "settle.all-fives",
        _SETTLE,
        "all-fives: the winner receives round5 of all opponents' pips pooled.",
        _L5,
        "t5-pooled",
    ),
    Rule(
        "settle.split",
        _SETTLE,
        "all-fives, 3 players: two seats tied for the lowest split round5 of the third hand.",
        _L5,
        "t5-split",
    ),
    Rule(
        "settle.dominos-cc",
        _SETTLE,
        "dominos-cc: the winner receives round5 of each rival, each rounded apart.",
        _L5,
        "t5-each",
    ),
    Rule(
        "end.five-up",
        _END,
        "five-up: 61 is checked only after a round is settled; a tie at the top plays on.",
        _L6,
        "t6-five-up",
    ),
    Rule(
        "end.instant",
        _END,
        "all-fives, dominos-cc: the game ends the instant a side reaches the target.",
        _L6,
        "t6-over",
    ),
    Rule(
        "tally",
        _PAPER,
        "On paper, one stroke per 5 raw points; ten strokes make an X of 50.",
        _L6,
        "t6-strokes",
    ),
    Rule(
        "line.lead",
        _LINE,
        "Draw and Block: the highest double leads, else the heaviest tile.",
        _L1A,
        "t1a-leader",
    ),
    Rule(
        "line.settle",
        _LINE,
        "Draw and Block: the domino's seat takes its opponents' pips, unrounded.",
        _L1A,
        "t1a-domino",
    ),
    Rule(
        "muggins",
        _MUG,
        "With muggins, the placer claims its points; a short claim lets the next seat take them.",
        _DRILL,
        "mug-lead-double",
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
    rows = ["| rule | id | taught in | exercise |", "|---|---|---|---|"]
    for r in RULE_CATALOGUE:
        lesson = r.lesson.removesuffix(".ipynb").removeprefix("../notebooks/")
        text = r.text.replace("|", "\\|")  # a tile's bar would end the table's cell
        rows.append(f"| {text} | `{r.id}` | [{lesson}]({r.lesson}) | `{r.exercise}` |")
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


#: sections of the catalogue that are not part of a scoring preset's rules (switches, other games)
_NOT_A_PRESETS_RULE = ("The Draw and Block games", "Muggins")


def rules_for(preset: str) -> list[tuple[str, str]]:
    """The catalogue's rules that hold in ``preset``, as ``(section, rule)`` in the page's
    order; a rule written for some presets ("five-up, all-fives: …") keeps only its words.

    >>> [text for _, text in rules_for("dominos-cc") if "spinner" in text][1]
    "A spinner's branches are open as soon as it is placed."
    """
    name = variant(preset).preset
    out = []
    for r in RULE_CATALOGUE:
        if r.section in _NOT_A_PRESETS_RULE:
            continue
        head, sep, rest = r.text.partition(": ")
        named = [x for x in head.split(", ") if x in PRESETS] if sep else []
        first = r.text.split(" ", 1)[0]
        if first in PRESETS:  # "five-up shows scores as …": that preset's alone
            if first == name:
                out.append((r.section, r.text))
        elif not named:
            out.append((r.section, r.text))
        elif name in named:
            others = [x for x in head.split(", ") if x not in PRESETS]  # "3 players"
            text = (", ".join(others) + ": " if others else "") + rest
            out.append((r.section, text[0].upper() + text[1:]))
    return out
