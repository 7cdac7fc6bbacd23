"""Ratings for puzzles and their solvers: the Glicko-2 system, from its published formulas.

A learner has a :class:`Rating` (1500 to start, uncertain by 350); so has every puzzle (its
start set by its difficulty).  Each attempt is a game between the two: solved, the learner
wins.  :func:`glicko2` is Mark Glickman's "Example of the Glicko-2 system", step by
step, and its worked example is a test.

>>> games = [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)]
>>> new = glicko2(Rating(1500, 200, 0.06), games)
>>> round(new.rating, 1), round(new.deviation, 2), round(new.volatility, 4)
(1464.1, 151.52, 0.06)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from . import words
from .errors import DominolabError

__all__ = ["Rating", "glicko2", "expected_score", "TAU", "START"]

#: Glicko-2's scale factor between the rating scale and its own (step 2 of the paper)
SCALE = 173.7178
#: the system constant: how much the volatility may change (the paper suggests 0.3 to 1.2)
TAU = 0.5
#: the convergence tolerance of the volatility's iteration (step 5 of the paper)
EPSILON = 0.000001


class Rating(NamedTuple):
    """A Glicko-2 rating: ``rating`` (1500 is average), ``deviation`` (how uncertain: the true
    rating lies within about two deviations, 95% of the time) and ``volatility`` (how
    erratic the results have been).

    >>> str(Rating(1623.4, 80))
    '1623 ± 160'
    """

    rating: float = 1500.0
    deviation: float = 350.0
    volatility: float = 0.06

    def __str__(self) -> str:
        return f"{self.rating:.0f} ± {2 * self.deviation:.0f}"

    @classmethod
    def checked(cls, value: object) -> Rating:
        """``value`` as a Rating (a Rating, or a sequence of its one to three numbers), or a
        :class:`DominolabError` that says what is wrong with it."""
        if isinstance(value, str | bytes) or not isinstance(value, Iterable):
            raise DominolabError(words.feedback("bad rating", value=repr(value)))
        try:
            parts: tuple[Any, ...] = tuple(value)
            if any(isinstance(x, bool) for x in parts):
                raise TypeError
            r = cls(*(float(x) for x in parts))
        except (TypeError, ValueError):
            raise DominolabError(words.feedback("bad rating", value=repr(value))) from None
        if not all(math.isfinite(x) for x in r) or r.deviation <= 0 or r.volatility <= 0:
            raise DominolabError(words.feedback("bad rating", value=repr(value)))
        return r


#: where every learner starts
START = Rating()


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / math.pi**2)


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The chance that ``player`` beats ``opponent`` (solves the puzzle), by Glicko-2's model.

    >>> round(expected_score(Rating(1500, 200), Rating(1400, 30)), 3)
    0.639
    """
    p, o = Rating.checked(player), Rating.checked(opponent)
    return _e((p.rating - 1500) / SCALE, (o.rating - 1500) / SCALE, o.deviation / SCALE)


def glicko2(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player``'s rating after one rating period of ``games``: ``(opponent, score)`` pairs,
    the score 1 for a win (a puzzle solved), 0 for a loss, 0.5 for a draw.  With no games the
    deviation grows (the paper's step 6 alone).  Nothing given is changed: a new Rating."""
    p = Rating.checked(player)
    played = []
    for pair in games:
        try:
            opponent, score = pair
        except (TypeError, ValueError):
            raise DominolabError(words.feedback("bad game", value=repr(pair))) from None
        if isinstance(score, bool) or score not in (0, 0.5, 1):
            raise DominolabError(words.feedback("bad game score", value=repr(score)))
        played.append((Rating.checked(opponent), float(score)))
    if not (isinstance(tau, int | float) and not isinstance(tau, bool) and 0 < tau <= 2):
        raise DominolabError(words.feedback("bad tau", value=repr(tau)))
    # step 2: to Glicko-2's scale
    mu, phi, sigma = (p.rating - 1500) / SCALE, p.deviation / SCALE, p.volatility
    if not played:
        return Rating(p.rating, SCALE * math.sqrt(phi * phi + sigma * sigma), sigma)
    # steps 3 and 4: the estimated variance from the games, and the estimated improvement
    inv_v = 0.0
    gain = 0.0
    for o, s in played:
        mu_j, phi_j = (o.rating - 1500) / SCALE, o.deviation / SCALE
        g, e = _g(phi_j), _e(mu, mu_j, phi_j)
        inv_v += g * g * e * (1 - e)
        gain += g * (s - e)
    v = 1 / inv_v
    delta = v * gain
    # step 5: the new volatility, by the Illinois algorithm
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / tau**2

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    new_sigma = math.exp(big_a / 2)
    # steps 6 and 7: the new deviation and rating
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    new_mu = mu + new_phi * new_phi * gain
    # step 8: back to the rating scale
    return Rating(SCALE * new_mu + 1500, SCALE * new_phi, new_sigma)
