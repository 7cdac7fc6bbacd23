"""Reading a learner's typed answers: one reader for every exercise.

A learner writes ``15``, ``"15 points"``, ``"2,5"``, ``"5/2"``, ``"-3"``, ``"seat 1"``,
``"Seats 0+2"``, ``"[4|1]"``, ``"yes"``; each reader turns one kind of answer into the engine's
value, or refuses it with a sentence that says how to write it.

>>> read_number(" 15 points "), read_number("2,5"), read_number("5/2"), read_number("nothing")
(Fraction(15, 1), Fraction(5, 2), Fraction(5, 2), Fraction(0, 1))
>>> read_seats("Seats 0+2"), read_seats("seat 1"), read_yes_no("Yes!")
((0, 2), (1,), True)
>>> read_tile(7)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
dominolab.errors.DominolabError: put the tile in quotes, like '2|5': without them ... the number 7)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from . import words
from .errors import DominolabError
from .tiles import Tile

__all__ = ["read_number", "read_tile", "read_seats", "read_yes_no", "read_choice", "words_of"]

#: words that mean the number 0
_ZERO = {"none", "no", "nothing", "zero", "nobody", "nil", "0"}
#: a number as people write it: a sign, digits, a decimal point or comma, or a fraction a/b
_NUMBER = re.compile(r"^([+\-−]?)\s*(\d+(?:[.,]\d+)?)(?:\s*/\s*(\d+))?")
_YES = {"yes", "y", "true", "yep", "sure", "it is", "yes it is", "si", "sí"}
_NO = {"no", "n", "false", "nope", "it is not", "no it is not", "not"}


def words_of(text: str) -> list[str]:
    """The words of ``text``, lower case, without punctuation (a tile's bar and a seat's plus
    are kept).

    >>> words_of("A new lot!")
    ['a', 'new', 'lot']
    """
    return re.findall(r"[\w|+]+", str(text).lower().replace("-", " "))


def read_number(answer: Any) -> Fraction:
    """A number as a learner writes it: ``15``, ``"15 points"``, ``" 3 shown points"``,
    ``"-3"``, ``"2.5"``, ``"2,5"``, ``"5/2"``; ``"none"``, ``"nothing"`` or ``"zero"`` is 0."""
    if isinstance(answer, bool):
        raise DominolabError(words.feedback("a number", value=repr(answer)))
    if isinstance(answer, int | Fraction):
        return Fraction(answer)
    if isinstance(answer, float):
        return Fraction(answer).limit_denominator(1000)
    text = str(answer).strip().lower()
    if " ".join(words_of(text)) in _ZERO:
        return Fraction(0)
    m = _NUMBER.match(text)
    if m is None:
        raise DominolabError(words.feedback("a number", value=repr(answer)))
    sign, digits, below = m.groups()
    value = Fraction(digits.replace(",", "."))
    if below is not None:
        if int(below) == 0:
            raise DominolabError(words.feedback("divides by zero", value=repr(answer)))
        value /= int(below)
    return -value if sign in ("-", "−") else value


def read_tile(answer: Any) -> Tile:
    """A tile in any spelling lesson 1 promises (``"1|4"``, ``"[4|1]"``, ``"1-4"``); a number
    is a tile typed without quotes, which Python has already turned into a calculation."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        return _unquoted(answer)
    return Tile(answer)


def _unquoted(n: int) -> Tile:
    raise DominolabError(words.feedback("quotes", n=n))


def read_seats(answer: Any) -> tuple[int, ...]:
    """Seats as a learner names them: ``1``, ``"seat 1"``, ``"Seats 0+2"``, ``"0 and 2"``,
    ``(0, 2)``; sorted."""
    if isinstance(answer, bool):
        raise DominolabError(words.feedback("a seat", value=repr(answer)))
    if isinstance(answer, int):
        return (answer,)
    if isinstance(answer, tuple | list):
        return tuple(sorted(int(x) for x in answer))
    got = re.findall(r"\d+", str(answer))
    if not got:
        raise DominolabError(words.feedback("seats", value=repr(answer)))
    return tuple(sorted(int(x) for x in got))


def read_yes_no(answer: Any) -> bool:
    """``yes``/``no`` (and ``true``/``false``, ``y``/``n``) as a learner writes them."""
    if isinstance(answer, bool):
        return answer
    said = " ".join(words_of(str(answer)))
    if said in _YES:
        return True
    if said in _NO:
        return False
    raise DominolabError(words.feedback("yes or no", value=repr(answer)))


def read_choice(
    answer: Any, choices: Iterable[str], filler: Iterable[str] = ("a", "the", "by")
) -> str | None:
    """The choice ``answer`` names, compared as whole words (``"a new lot"`` is ``"new lot"``;
    ``"not a lot"`` is no choice at all), or ``None``.

    >>> read_choice("A new lot", ["new lot", "last tile"]), read_choice("not a lot", ["lot"])
    ('new lot', None)
    """
    skip = set(filler)
    said = [w for w in words_of(str(answer)) if w not in skip]
    for c in choices:
        if said == [w for w in words_of(c) if w not in skip]:
            return c
    return None
