"""Tiles [ficha], the double-six set and round5 (RULES.md: Vocabulary)."""

import pytest

import dominolab as dl
from dominolab import MalformedTile, Tile, round5


@pytest.mark.parametrize("text", ["1|4", "[1|4]", "4|1", "1-4", " [ 4 - 1 ] ", (4, 1), (1, 4)])
def test_every_accepted_spelling_reads_to_the_canonical_tile(text):
    t = Tile(text)
    assert t == "1|4" and str(t) == "1|4" and t.low == 1 and t.high == 4
    assert t is Tile("1|4")


@pytest.mark.parametrize("bad", ["7|1", "1|", "abc", "", "1|4|5", "-1|2", (1, 7), (1,), None, 3.5])
def test_malformed_tiles_are_refused_with_the_input_quoted(bad):
    with pytest.raises(MalformedTile) as e:
        Tile(bad)
    assert repr(bad) in str(e.value)
    assert isinstance(e.value, ValueError)


def test_the_double_six_set_has_28_distinct_tiles_with_low_half_first():
    assert len(dl.DOUBLE_SIX) == 28 == len(set(dl.DOUBLE_SIX))
    assert all(t.low <= t.high for t in dl.DOUBLE_SIX)
    assert sum(t.is_double for t in dl.DOUBLE_SIX) == 7
    assert sum(t.pips for t in dl.DOUBLE_SIX) == 168


def test_tiles_are_immutable_and_hash_like_their_string():
    t = Tile("2|5")
    with pytest.raises(AttributeError):
        t.low = 3
    assert {"2|5": 1}[t] == 1
    assert repr(t) == "Tile('2|5')" and eval(repr(t)) is t


def test_tiles_pickle_to_the_same_interned_object():
    import pickle

    assert pickle.loads(pickle.dumps(Tile("3|6"))) is Tile("3|6")


@pytest.mark.parametrize("value", [1, None, 2.5, b"1|4"])
def test_a_hand_of_something_that_holds_no_tiles_is_refused_clearly(value):
    with pytest.raises(MalformedTile, match="cannot read tiles from .*give a string such as"):
        dl.hand(value)
    with pytest.raises(MalformedTile, match="cannot read tiles from"):
        dl.Hand(value)


def test_tiles_helper_splits_on_spaces_and_commas():
    assert dl.tiles("1|4, [6|6] 0-2") == ["1|4", "6|6", "0|2"]


@pytest.mark.parametrize(
    ("n", "r"),
    [
        (12, 10),
        (13, 15),
        (2, 0),
        (3, 5),
        (0, 0),
        (1, 0),
        (4, 5),
        (5, 5),
        (25, 25),
        (27, 25),
        (28, 30),
    ],
)
def test_round5_rounds_remainders_one_two_down_three_four_up(n, r):
    assert round5(n) == r


def test_round5_matches_its_formula_everywhere():
    for n in range(0, 200):
        assert round5(n) == 5 * ((n + 2) // 5)
        assert abs(round5(n) - n) <= 2


@pytest.mark.parametrize("n", ["12", 12.5, None, True])
def test_round5_refuses_what_is_not_a_whole_number_of_pips(n):
    with pytest.raises(dl.DominolabError, match="round5 rounds a whole number of pips"):
        round5(n)
