"""Seeded random choices, exactly as :mod:`random` makes them, for the engine's inner loops.

Deals and random bots draw millions of times in a simulation.  These helpers
make the very same ``getrandbits`` calls as ``random.Random.shuffle``,
``random.Random.choice`` and ``random.Random.randrange(n)`` (the algorithm
CPython has used since 3.2), so a seed deals the same hands and a random bot
makes the same choices, but without the
two Python-level calls the standard library spends on every draw.

>>> import random
>>> a, b = list(range(10)), list(range(10))
>>> random.Random(7).shuffle(a); shuffle(random.Random(7), b)
>>> a == b
True
>>> choice(random.Random(3), "abcdef") == random.Random(3).choice("abcdef")
True
>>> randrange(random.Random(5), 4) == random.Random(5).randrange(4)
True

A generator of another class (one that redefines ``random()``) is left to its
own ``shuffle`` and ``choice``, so its draws are its own too.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

__all__ = ["shuffle", "choice", "randrange"]

T = TypeVar("T")


def shuffle(rng: random.Random, x: MutableSequence[T]) -> None:
    """Shuffle ``x`` in place with the draws of ``rng.shuffle(x)``."""
    if type(rng) is not random.Random:
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    # Random._randbelow(i + 1), written out: a call per draw is what this module saves
    for i, n, k in _steps(len(x)):
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _steps(length: int) -> tuple[tuple[int, int, int], ...]:
    """``(i, i + 1, (i + 1).bit_length())`` for ``i`` from ``length - 1`` down to 1."""
    steps = _STEPS.get(length)
    if steps is None:
        steps = tuple((i, i + 1, (i + 1).bit_length()) for i in range(length - 1, 0, -1))
        if len(_STEPS) < 256:
            _STEPS[length] = steps
    return steps


def choice(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)``, with the same draw."""
    if type(rng) is not random.Random:
        return rng.choice(seq)
    n = len(seq)
    if not n:
        raise IndexError("cannot choose from an empty sequence")
    getrandbits = rng.getrandbits
    k = n.bit_length()  # Random._randbelow(n), written out; not (n - 1): n may be 1
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return seq[r]


def randrange(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for a whole number ``n > 0``, with the same draw."""
    if type(rng) is not random.Random or type(n) is not int or n <= 0:
        return rng.randrange(n)  # its own draws, or its own error
    getrandbits = rng.getrandbits
    k = n.bit_length()  # Random._randbelow(n), written out
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r
