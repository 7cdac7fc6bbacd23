"""Argument checks shared by the public functions, so that every one refuses the same things.

>>> is_whole(3), is_whole(True), is_whole(2.0)
(True, False, False)
"""

from __future__ import annotations

from typing import TypeGuard

__all__ = ["is_whole"]


def is_whole(x: object) -> TypeGuard[int]:
    """True for an ``int`` that is not a ``bool``: to Python ``True`` is 1, but it is not a
    seat, a seed or a count a learner meant."""
    return isinstance(x, int) and not isinstance(x, bool)
