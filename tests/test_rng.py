"""The engine's random helpers make the standard library's choices: a seed deals the same hands either way."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dominolab.rng import choice, randrange, shuffle


@given(seed=st.integers(0, 2**64), n=st.integers(0, 60))
def test_shuffle_makes_the_draws_of_random_shuffle(seed, n):
    ours, theirs = list(range(n)), list(range(n))
    a, b = random.Random(seed), random.Random(seed)
    shuffle(a, ours)
    b.shuffle(theirs)
    assert ours == theirs and a.getstate() == b.getstate()


@given(seed=st.integers(0, 2**64), n=st.integers(1, 70))
def test_choice_makes_the_draw_of_random_choice(seed, n):
    seq = list(range(n))
    a, b = random.Random(seed), random.Random(seed)
    assert [choice(a, seq) for _ in range(5)] == [b.choice(seq) for _ in range(5)]
    assert a.getstate() == b.getstate()


def test_choice_from_nothing_is_refused_like_random_choice():
    with pytest.raises(IndexError, match="empty sequence"):
        choice(random.Random(1), [])


def test_a_generator_of_another_class_keeps_its_own_draws():
    class Fixed(random.Random):
        def random(self):
            return 0.0

    x = list(range(6))
    shuffle(Fixed(1), x)
    y = list(range(6))
    Fixed(1).shuffle(y)
    assert x == y
    assert choice(Fixed(1), "abc") == Fixed(1).choice("abc")


@given(seed=st.integers(0, 2**64), n=st.integers(1, 5000))
def test_randrange_makes_the_draw_of_random_randrange(seed, n):
    a, b = random.Random(seed), random.Random(seed)
    assert [randrange(a, n) for _ in range(5)] == [b.randrange(n) for _ in range(5)]
    assert a.getstate() == b.getstate()


def test_randrange_of_nothing_is_refused_like_random_randrange():
    with pytest.raises(ValueError, match="empty range"):
        randrange(random.Random(1), 0)
