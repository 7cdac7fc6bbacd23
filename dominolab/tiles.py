"""Tiles of the double-six set and the parser.

A :class:`Tile` is an immutable value that *is* its canonical string, so it
compares equal to ``"1|4"`` and hashes like it:

>>> from dominolab import Tile
>>> t = Tile("[4|1]")
>>> t
Tile('1|4')
>>> t == "1|4", t.low, t.high, t.pips, t.is_double
(True, 1, 4, 5, False)
>>> Tile("6-6").is_double
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from . import words
from .errors import DominolabError, MalformedTile

__all__ = [
    "Pictured",
    "Tile",
    "TileLike",
    "Hand",
    "DOUBLE_SIX",
    "PIP_BIT",
    "TILE_BITS",
    "tile",
    "tiles",
    "hand",
    "pip_total",
]

MAX_PIP = 6

_TILE_RE = re.compile(r"^\s*\[?\s*(\d+)\s*[|\-]\s*(\d+)\s*\]?\s*$")


class Pictured:
    """The engine's values that a notebook shows as a picture: a hand, a layout, a game, the
    answer of a search.  The engine draws nothing: the picture module is handed in at the edge
    (``dominolab/__init__`` sets :attr:`painter` and :attr:`shower`), so no engine module
    imports it, and without plotly a value shows as text.
    """

    #: ``painter(value, **options)``: the value's plotly figure (set by ``dominolab/__init__``)
    painter: ClassVar[Callable[..., Any] | None] = None
    #: ``shower(value, text, include, exclude)``: the value's rich display (the same)
    shower: ClassVar[Callable[[Any, str, Any, Any], dict[str, Any]] | None] = None

    def figure(self, **options: Any) -> Any:
        """The picture (a plotly Figure; see :func:`dominolab.draw` for the options)."""
        if Pictured.painter is None:  # pragma: no cover - set on import of dominolab
            raise DominolabError(words.refusal("needs plotly"))
        return Pictured.painter(self, **options)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        text = repr(self) if isinstance(self, tuple) else str(self)  # a hand is short: its repr
        if Pictured.shower is None:  # pragma: no cover - set on import of dominolab
            return {"text/plain": text}
        return Pictured.shower(self, text, include, exclude)


class Tile(str):
    """A domino tile ``a|b`` with ``0 <= a <= b <= 6``, written low half first.

    ``Tile(x)`` accepts ``"1|4"``, ``"[1|4]"``, ``"4|1"``, ``"1-4"``, a pair
    ``(4, 1)`` or another :class:`Tile`; all 28 tiles are interned, so
    ``Tile("4|1") is Tile("1|4")``.

    >>> Tile((6, 3))
    Tile('3|6')
    >>> Tile("7|1")
    Traceback (most recent call last):
    ...
    dominolab.errors.MalformedTile: cannot read tile '7|1': each half must be a pip count 0..6
    """

    low: int
    high: int
    pips: int
    is_double: bool

    _cache: dict[str, Tile] = {}

    def __new__(cls, value: Any) -> Tile:
        if type(value) is Tile:
            return value
        if isinstance(value, str):
            hit = cls._cache.get(value)
            if hit is not None:
                return hit
            m = _TILE_RE.match(value)
            if m is None:
                raise MalformedTile(words.refusal("unreadable tile", value=repr(value)))
            a, b = int(m.group(1)), int(m.group(2))
        elif isinstance(value, tuple | list) and len(value) == 2:
            a, b = value
            if not (isinstance(a, int) and isinstance(b, int)) or isinstance(a, bool):
                raise MalformedTile(words.refusal("tile halves", value=repr(value)))
        else:
            raise MalformedTile(words.refusal("not a tile", value=repr(value)))
        if not (0 <= a <= MAX_PIP and 0 <= b <= MAX_PIP):
            raise MalformedTile(words.refusal("tile pips", value=repr(value)))
        lo, hi = (a, b) if a <= b else (b, a)
        result = cls._cache[f"{lo}|{hi}"]
        if isinstance(value, str) and len(cls._cache) < 4096:
            cls._cache[value] = result  # remember other spellings too ("4|1", "[1|4]")
        return result

    @classmethod
    def _make(cls, lo: int, hi: int) -> Tile:
        t = str.__new__(cls, f"{lo}|{hi}")
        object.__setattr__(t, "low", lo)
        object.__setattr__(t, "high", hi)
        object.__setattr__(t, "pips", lo + hi)
        object.__setattr__(t, "is_double", lo == hi)
        return t

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    def __repr__(self) -> str:
        return f"Tile({str(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Tile, (str(self),))

    @property
    def halves(self) -> tuple[int, int]:
        """``(low, high)``."""
        return (self.low, self.high)

    def other(self, half: int) -> int:
        """The half opposite ``half``.

        >>> Tile("1|4").other(4)
        1
        """
        if half == self.low:
            return self.high
        if half == self.high:
            return self.low
        raise ValueError(words.refusal("no half", tile=self, half=half))

    @property
    def bracketed(self) -> str:
        """The tile in the ``[1|4]`` notation of the sources."""
        return f"[{self}]"


for _lo in range(MAX_PIP + 1):
    for _hi in range(_lo, MAX_PIP + 1):
        _t = Tile._make(_lo, _hi)
        Tile._cache[str(_t)] = _t

#: The 28 tiles of a double-six set, in order ``0|0, 0|1, …, 6|6``.
DOUBLE_SIX: tuple[Tile, ...] = tuple(Tile._cache.values())
del _lo, _hi, _t

#: Each pip value as a bit (``PIP_BIT[v] == 1 << v``), and each tile's two halves as bits: a
#: tile shows a value of a set of values held as bits when ``TILE_BITS[t] & bits`` (the
#: engine's "does it play?", one test for both halves; :attr:`Board.open_bits`).
PIP_BIT: tuple[int, ...] = tuple(1 << v for v in range(MAX_PIP + 1))
TILE_BITS: dict[Tile, int] = {t: PIP_BIT[t.low] | PIP_BIT[t.high] for t in DOUBLE_SIX}

#: What functions accept as a tile: a Tile, a string such as ``"1|4"``, or a pair.
TileLike = Tile | str | tuple[int, int]


def tile(value: TileLike) -> Tile:
    """Parse one tile (same as ``Tile(value)``)."""
    return Tile(value)


def tiles(values: str | Iterable[TileLike]) -> list[Tile]:
    """Parse several tiles; a string is split on whitespace and commas.

    >>> tiles("1|4 [6|6], 2-0")
    [Tile('1|4'), Tile('6|6'), Tile('0|2')]
    """
    if isinstance(values, str):
        values = [v for v in re.split(r"[\s,]+", values.strip()) if v]
    return [Tile(v) for v in _several(values)]


def _several(values: Any) -> Iterable[Any]:
    """``values`` as an iterable of tiles to read, or MalformedTile if it holds none."""
    if isinstance(values, bytes | bytearray) or not isinstance(values, Iterable):
        raise MalformedTile(words.refusal("not tiles", value=repr(values)))
    return values


class Hand(tuple[Tile, ...], Pictured):
    """A hand of tiles: a tuple that shows itself as a row of tiles in a notebook.

    >>> h = hand("6|6 1|4")
    >>> h, h.pips
    (Hand('6|6 1|4'), 17)
    """

    def __new__(cls, tiles: Iterable[TileLike] = ()) -> Hand:
        return super().__new__(cls, (Tile(t) for t in _several(tiles)))

    @classmethod
    def from_tiles(cls, tiles: Iterable[Tile]) -> Hand:
        """A hand of tiles known to be Tile objects (no parsing)."""
        return tuple.__new__(cls, tiles)

    @property
    def pips(self) -> int:
        return sum(t.pips for t in self)

    def __repr__(self) -> str:
        return f"Hand({' '.join(self)!r})"

    def __str__(self) -> str:
        return " ".join(t.bracketed for t in self)


def hand(values: str | Iterable[TileLike]) -> Hand:
    """A :class:`Hand` from a string (``"1|4 6|6"``) or tiles."""
    return Hand(tiles(values))


def pip_total(hand: Iterable[TileLike]) -> int:
    """The pips of all tiles together.

    >>> pip_total(["1|4", "6|6"])
    17
    """
    return sum(Tile(t).pips for t in hand)
