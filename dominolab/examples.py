"""Named example positions used by the tutorials, the docs pictures and the demos.

>>> from dominolab.examples import example_board, SEED_SEQUENCE
>>> example_board("seed").end_sum()
8
>>> len(SEED_SEQUENCE)
9
"""

from __future__ import annotations

from .board import Board

__all__ = ["SEED_SEQUENCE", "EXAMPLES", "example_board"]

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
    "dominos-cc": (
        "dominos-cc",
        (
            ("5|5", None),
            ("0|5", "5|5:line-a"),
            ("4|5", "5|5:line-b"),
            ("5|6", "5|5:branch-a"),
            ("6|6", "5|6:high"),
            ("1|6", "6|6:line-b"),
            ("2|5", "5|5:branch-b"),
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
        raise KeyError(f"unknown example {name!r}; known: {', '.join(EXAMPLES)}") from None
    b = Board(rules)
    for tile, at in seq:
        b.play(tile, at)
    return b
