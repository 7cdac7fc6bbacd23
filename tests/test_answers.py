"""The answer reader (issue 36): every natural spelling of a right answer is accepted, every
typical wrong answer refused, and an answer that cannot be read is told how to write it."""

from fractions import Fraction

import pytest

import dominolab as dl

RIGHT = [
    # numbers: with units, spaces, a decimal comma, a fraction
    ("t5-split", "2.5"),
    ("t5-split", "2,5"),
    ("t5-split", "5/2"),
    ("t5-split", " 2.5 points"),
    ("t5-split", 2.5),
    ("t5-split", Fraction(5, 2)),
    ("t5a-five-up-blocked", "3"),
    ("t5a-five-up-blocked", "3 shown points"),
    ("t5a-five-up-blocked", 3),
    ("t2-can-score", "none"),
    ("t2-can-score", "nothing"),
    ("t2-can-score", "0 points"),
    # tiles in every spelling lesson 1 promises
    ("t1a-leader", "4|4"),
    ("t1a-leader", "[4|4]"),
    ("t1a-leader", "4-4"),
    ("t5a-cc-lead", "[1|1]"),
    ("t5a-cc-lead", "1-1"),
    # seats and sides in words or numbers
    ("t6a-partners", "seat 1"),
    ("t6a-partners", "Seat 1"),
    ("t6a-partners", "1"),
    ("t6a-partners", 1),
    ("t5-blocked-partners", "1+3"),
    ("t5-blocked-partners", "seats 1 and 3"),
    ("t5-blocked-partners", "Seats 1+3"),
    ("t5-blocked-partners", (3, 1)),
    # choices as whole words, yes and no
    ("t5a-after-block", "lot"),
    ("t5a-after-block", "a new lot"),
    ("t5a-after-block", "by lot"),
    ("t6-over", "yes"),
    ("t6-over", "Yes!"),
    ("t6-over", True),
    ("t6a-knock", "knock"),
    ("t6a-knock", "I knock"),
    ("t7-second-double", "Five Up"),
    ("t7-second-double", "5 up"),
    ("t4-actions", "Play"),
]

WRONG = [
    ("t5-split", "2"),
    ("t5-split", "5/3"),
    ("t5a-five-up-blocked", "4"),
    ("t5a-five-up-blocked", "-3"),  # the change of score, not what it loses
    ("t1a-leader", "4|5"),
    ("t6a-partners", "seat 2"),
    ("t5-blocked-partners", "0+2"),
    ("t5-blocked-partners", "1"),
    ("t5a-after-block", "not a lot"),  # contains the right word: a substring would pass it
    ("t5a-after-block", "last tile"),
    ("t6-over", "no"),
    ("t6a-knock", "draw"),
    ("t7-second-double", "all-fives"),
    ("t4-actions", "draw"),
]


@pytest.mark.parametrize(("key", "answer"), RIGHT, ids=lambda x: repr(x))
def test_a_right_answer_in_each_natural_form_is_accepted(key, answer):
    checked = dl.exercise(key).check(answer)
    assert checked.right, checked.text


@pytest.mark.parametrize(("key", "answer"), WRONG, ids=lambda x: repr(x))
def test_a_typical_wrong_answer_is_refused(key, answer):
    checked = dl.exercise(key).check(answer)
    assert checked.right is False, checked.text


def test_a_deduction_answered_with_its_sign_is_told_to_mind_the_sign():
    checked = dl.exercise("t5a-five-up-blocked").check("-3")
    assert checked.right is False and "mind the sign" in checked.text


def test_a_tile_typed_without_quotes_is_told_to_put_it_in_quotes():
    """In Python 4|4 is 4 (a bitwise or): the learner is told how to write the tile."""
    checked = dl.exercise("t1a-leader").check(4 | 4)
    assert checked.right is False and "put the tile in quotes" in checked.text


@pytest.mark.parametrize("answer", ["fifteen", "maybe"])
def test_an_answer_that_cannot_be_read_says_how_to_write_it(answer):
    checked = dl.exercise("t6-over" if answer == "maybe" else "t5-round5").check(answer)
    assert checked.right is False and "cannot be read" in checked.text
    assert "yes or no" in checked.text or "write a number" in checked.text


def test_the_readers_directly():
    assert dl.answers.read_number("−3") == -3 and dl.answers.read_number("+4") == 4
    assert dl.answers.read_seats("0 and 2") == (0, 2)
    with pytest.raises(dl.DominolabError, match="divides by zero"):
        dl.answers.read_number("3/0")
    with pytest.raises(dl.DominolabError, match="name the seats"):
        dl.answers.read_seats("nobody here")


def test_feedback_escalates_from_the_hint_to_how_far_off_to_the_answer():
    ex = dl.exercise("t5a-five-up-blocked")  # the answer is 3
    first = ex.check("5").text
    assert "Hint:" in first and "too" not in first and "reveal" not in first
    second = ex.check("5").text
    assert "too high" in second and "reveal" not in second
    third = ex.check("1").text
    assert "too low" in third and "dl.exercise('t5a-five-up-blocked').reveal()" in third
    assert ex.check("3").right
    assert "too" not in ex.check("5").text  # a right answer started the count again
