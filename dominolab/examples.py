"""Named example positions used by the tutorials, the docs pictures and the demos.

>>> from dominolab.examples import example_board, SEED_SEQUENCE
>>> example_board("seed").end_sum()
8
>>> len(SEED_SEQUENCE)
9
"""

from __future__ import annotations

from .board import Board
from .bots import play_game
from .errors import DominolabError
from .game import Game, RoundState
from .tiles import DOUBLE_SIX

__all__ = ["SEED_SEQUENCE", "EXAMPLES", "example_board", "must_draw_game", "find_round"]

#: The worked sequence of 002_…txt (Punta de Cinco), as RULES.md restates it.
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

_FIVE_UP = (
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

EXAMPLES: dict[str, tuple[str, tuple[tuple[str, str | None], ...]]] = {
    "seed": ("all-fives", SEED_SEQUENCE),
    "all-fives": ("all-fives", SEED_SEQUENCE[:6]),
    # the spinner's branches open at once: four ends, the spinner itself still one of them
    "dominos-cc": (
        "dominos-cc",
        (
            ("5|5", None),
            ("0|5", "5|5:branch-a"),
            ("4|5", "5|5:line-a"),
            ("5|6", "5|5:branch-b"),
            ("6|6", "5|6:high"),
            ("1|6", "6|6:line-b"),
        ),
    ),
    "five-up": ("five-up", _FIVE_UP),
    "spinner-open": ("all-fives", (("3|3", None), ("3|5", "3|3:line-a"), ("1|3", "3|3:line-b"))),
}


def example_board(name: str) -> Board:
    """A fresh board holding the named example (see :data:`EXAMPLES`)."""
    try:
        rules, seq = EXAMPLES[name]
    except KeyError:
        raise DominolabError(f"unknown example {name!r}; known: {', '.join(EXAMPLES)}") from None
    b = Board(rules)
    for tile, at in seq:
        b.play(tile, at)
    return b


def must_draw_game() -> Game:
    """All-fives, 2 players: seat 0 has led 6|6 and seat 1 holds no 6, so it must draw;
    the boneyard starts 4|4, 3|5, 3|6 (the third draw plays)."""
    a = ["6|6", "0|0", "0|1", "0|2", "0|3", "0|4", "0|5", "1|1", "1|2"]
    b = ["1|3", "1|4", "1|5", "2|2", "2|3", "2|4", "2|5", "3|3", "3|4"]
    bone = ["4|4", "3|5", "3|6", "4|5"]
    rest = [str(t) for t in DOUBLE_SIX if t not in set(a + b + bone)]
    g = Game("all-fives", 2, hands=[a, b], boneyard=bone + rest, leader=0)
    g.apply("6|6")
    return g


def find_round(
    rules: str, players: int, end: str = "blocked", *, bots: str = "greedy", start: int = 0, tries: int = 500
) -> tuple[Game, RoundState]:
    """The first seeded game (seeds ``start``, ``start+1``, …) with a round that ended by ``end``
    (``"domino"``, ``"blocked"`` or ``"target"``); returns the game and that round."""
    for seed in range(start, start + tries):
        g = play_game(rules, players, [bots] * players, seed=seed)
        for rs in g.rounds:
            if rs.end_reason == end:
                return g, rs
    raise LookupError(f"no {end} round in {tries} games of {rules}")
