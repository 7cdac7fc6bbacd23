"""The exceptions dominolab raises, and the argument check they share.  Every exception is a
:class:`ValueError` whose message says what was asked and why it was refused.

>>> is_whole(3), is_whole(True), is_whole(2.0)
(True, False, False)
"""

from __future__ import annotations

from typing import TypeGuard

__all__ = [
    "is_whole",
    "DominolabError",
    "MalformedTile",
    "UnknownVariant",
    "InvalidRules",
    "IllegalPlacement",
    "IllegalAction",
    "InvalidRecord",
]


class DominolabError(ValueError):
    """Base class of every dominolab error."""


class MalformedTile(DominolabError):
    """A tile that cannot be read, such as ``7|1`` or ``abc``."""


class UnknownVariant(DominolabError):
    """A preset name that does not exist; the message lists the known ones."""


class InvalidRules(DominolabError):
    """A rule setting outside what the engine supports."""


class IllegalPlacement(DominolabError):
    """A placement the layout refuses; the board is left unchanged."""


class IllegalAction(DominolabError):
    """A game action (play, draw, pass) that is not legal now; the game is unchanged."""


class InvalidRecord(DominolabError):
    """A game record that is malformed or breaks a rule.

    ``where`` names the game, round, action index and field when known.
    """

    def __init__(self, message: str, where: str = "") -> None:
        self.where = where
        self.reason = message
        super().__init__(f"{where}: {message}" if where else message)


def is_whole(x: object) -> TypeGuard[int]:
    """True for an ``int`` that is not a ``bool``: to Python ``True`` is 1, but it is not a
    seat, a seed or a count a learner meant."""
    return isinstance(x, int) and not isinstance(x, bool)
