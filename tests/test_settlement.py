"""Round end and settlement per preset (RULES.md: Per preset, settlement row),
worked by hand from the seeds."""

import re
from fractions import Fraction

import pytest

import dominolab as dl
from dominolab import settle


def test_five_up_partners_are_rounded_separately():
    # 000_…txt: "Si ambos compañeros conservan una suma bruta de 3, cada mano se redondea a 5
    # y la pareja pierde en total 2 puntos mostrados. No combines las manos primero."
    s = settle("five-up", [[], ["0|1"], ["1|2"], ["0|3"]], domino_seat=0)
    assert s.changes == (
        -1,
        -1,
    )  # side 0: seat 0 (0) and seat 2 (3 -> 5 -> -1); side 1: 1 -> 0, 3 -> -1
    s = settle("five-up", [["1|2"], [], ["0|3"], []], domino_seat=1)
    assert s.changes == (-2, 0)
    assert "Partners are rounded separately" in str(s)


def test_five_up_remainder_two_deducts_nothing_and_three_deducts_one():
    s = settle("five-up", [[], ["0|2"]], domino_seat=0)
    assert s.changes == (0, 0)
    s = settle("five-up", [[], ["1|2"]], domino_seat=0)
    assert s.changes == (0, -1)


def test_five_up_blocked_round_has_no_winner_and_deducts_from_everyone():
    s = settle("five-up", [["6|6"], ["1|2"], ["0|4"]], domino_seat=None)
    assert s.winner is None and s.reason == "blocked"
    assert s.changes == (-2, -1, -1)


def test_five_up_nobody_is_paid_on_domino():
    s = settle("five-up", [[], ["6|6", "5|5"]], domino_seat=0)
    assert s.winner == 0 and s.changes == (0, -4)


def test_all_fives_winner_collects_the_pooled_pips_rounded_once():
    # 1 + 2 = 3 pooled -> 5; rounding each hand first would give 0 + 0
    s = settle("all-fives", [[], ["0|1"], ["0|2"]], domino_seat=0)
    assert s.winner == 0 and s.changes == (5, 0, 0)
    assert "pooled and rounded once: 1 + 2 = 3 → round5 = 5" in str(s)


def test_all_fives_partnership_domino_pools_both_opponents():
    s = settle("all-fives", [[], ["3|4"], ["6|6"], ["1|1"]], domino_seat=0)
    assert s.winner == 0 and s.changes == (10, 0)  # 7 + 2 = 9 -> 10; partner's 12 not counted


def test_all_fives_blocked_lowest_total_wins_and_collects():
    s = settle("all-fives", [["0|1"], ["2|3"], ["6|6"]], domino_seat=None)
    assert s.winner == 0 and s.changes == (15, 0, 0)  # 5 + 12 = 17 -> 15


def test_all_fives_blocked_partnerships_compare_combined_hands():
    s = settle("all-fives", [["0|1"], ["0|2"], ["5|6"], ["0|3"]], domino_seat=None)
    # side 0: 1 + 11 = 12; side 1: 2 + 3 = 5 -> side 1 wins 12 -> 10
    assert s.winner == 1 and s.changes == (0, 10)


@pytest.mark.parametrize(
    "hands",
    [
        [["1|2"], ["0|3"]],  # 2 players tied at 3
        [["1|2"], ["6|6"], ["5|6"], ["1|1"]],  # sides 3 + 11 = 14 and 12 + 2 = 14
    ],
)
def test_all_fives_tied_minimum_at_two_or_four_players_pays_nothing(hands):
    s = settle("all-fives", hands, domino_seat=None)
    assert s.winner is None and all(c == 0 for c in s.changes)


def test_all_fives_three_players_two_tied_split_the_third_hand():
    # "5 puntos se dividen en 2,5 para cada uno"
    s = settle("all-fives", [["0|2"], ["1|1"], ["1|3"]], domino_seat=None)  # 2 and 2 tie; 4 -> 5
    assert s.winner is None
    assert s.changes == (Fraction(5, 2), Fraction(5, 2), 0)
    assert "split equally: 2.5 each" in str(s)


def test_all_fives_three_way_tie_pays_nothing():
    s = settle("all-fives", [["0|4"], ["1|3"], ["2|2"]], domino_seat=None)  # 4 pips each
    assert s.winner is None and s.changes == (0, 0, 0)


def test_dominos_cc_each_rival_rounded_separately():
    # "13 puntos cuentan como 15 y 12 puntos cuentan como 10"
    s = settle("dominos-cc", [[], ["6|6", "0|1"], ["5|5", "0|2"]], domino_seat=0)
    assert s.changes == (25, 0, 0)
    # pooled would have given round5(25) = 25 too; a case where they differ:
    s = settle("dominos-cc", [[], ["0|3"], ["1|2"]], domino_seat=0)
    assert s.changes == (10, 0, 0)
    assert settle("all-fives", [[], ["0|3"], ["1|2"]], domino_seat=0).changes == (5, 0, 0)


def test_dominos_cc_blocked_lowest_pips_then_fewer_tiles():
    s = settle("dominos-cc", [["0|4", "0|1"], ["2|3"]], domino_seat=None)
    assert s.winner == 1 and s.changes == (0, 5)  # both 5 pips; seat 1 holds one tile
    s = settle("dominos-cc", [["1|4"], ["2|3"]], domino_seat=None)
    assert s.winner is None and s.changes == (0, 0)  # still tied: no winner


@pytest.mark.parametrize(
    ("hands", "layout", "says"),
    [
        ([[], ["0|1"], ["0|1"]], (), "0|1 is held by seat 1 and by seat 2"),
        ([["0|1", "1|0"], []], (), "0|1 is held twice by seat 0"),
        ([[], ["1|4"]], ["1|4", "4|4"], "1|4 is held by seat 1 but is on the layout"),
    ],
)
def test_settlement_refuses_hands_a_set_cannot_deal(hands, layout, says):
    # a double-six set holds one of each tile: a tile in two hands (or in a hand and on the layout)
    # is a typing mistake, refused with the tile named, not settled as if the set had two
    domino = 0 if not hands[0] else None
    with pytest.raises(dl.DominolabError, match=re.escape(f"{says}; a double-six set has one of each tile")):
        settle("all-fives", hands, domino_seat=domino, layout=layout)


def test_settlement_refuses_a_domino_seat_with_tiles():
    with pytest.raises(dl.DominolabError, match="still holds"):
        settle("all-fives", [["0|1"], []], domino_seat=0)


@pytest.mark.parametrize("name", dl.PRESETS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_settlement_explained_later_says_what_settle_says_at_once(name, players):
    # games settle without writing the words (speed); reading .lines writes them then
    for seed in range(3):
        g = dl.play_game(name, players, ["greedy"] * players, seed=seed)
        for rs in g.rounds:
            s = rs.settlement
            if s is None:
                continue
            hands = [c.tiles for c in s.seats]
            now = settle(g.rules, hands, domino_seat=s.domino_seat)
            assert s == now
            assert s.lines == now.lines and s.lines
            assert str(s) == str(now)


def test_settle_without_words_changes_the_same_scores():
    hands = [["0|1"], ["0|2"], ["5|6"]]
    quick = settle("all-fives", hands, domino_seat=None, explain=False)
    assert quick.changes == settle("all-fives", hands, domino_seat=None).changes
    assert "lowest total" in str(quick)


@pytest.mark.parametrize(
    ("hands", "domino", "says"),
    [
        (5, 0, "settle needs one hand (a list of tiles) per seat, not 5"),
        ([[], 7], 0, "cannot read tiles from 7"),
        ([[], ["1|4"]], "0", "domino_seat '0' is not a seat of 2 players"),
        ([[], ["1|4"]], True, "domino_seat True is not a seat of 2 players"),
    ],
)
def test_settlement_refuses_what_is_not_hands_or_a_seat(hands, domino, says):
    with pytest.raises(dl.DominolabError, match=re.escape(says)):
        settle("all-fives", hands, domino_seat=domino)


def test_a_hand_to_settle_may_be_written_as_a_string():
    assert settle("all-fives", [[], "1|4 2|2"], domino_seat=0).changes == (10, 0)
