"""The Draw and Block games (docs/RULES.md: The line games): no scoring while placing, no
spinner, block without a boneyard to draw from, the winner takes the opponents' pips as
they are, game to 100."""

import re

import pytest

import dominolab as dl
from dominolab import Action, Game, IllegalAction

ALL = dl.DOUBLE_SIX


def replayed(rec):
    """The game a record replays to (every action checked by the rules)."""
    *_, last = dl.replay(rec)
    return last.game


def rest(*hands):
    used = {dl.Tile(t) for h in hands for t in h}
    return [t for t in ALL if t not in used]


# seat 0 holds 6|6, the highest double, and nobody else holds a 6: it leads and the round
# is blocked at once; seat 0 keeps 29 pips in 6 tiles, seat 1 31 pips in 7
LOCK_A = ["6|6", "3|3", "3|4", "2|4", "1|1", "0|1", "2|5"]
LOCK_B = ["0|0", "0|4", "0|5", "2|2", "1|4", "2|3", "1|5"]


@pytest.mark.parametrize("name", ["draw", "block"])
def test_line_games_deal_7_to_two_players_5_to_three_or_four_and_play_to_100(name):
    r = dl.variant(name)
    assert tuple(r.hand_size(p) for p in (2, 3, 4)) == (7, 5, 5)
    assert tuple(r.target(p) for p in (2, 3, 4)) == (100, 100, 100)
    assert r.target_check is dl.TargetCheck.AFTER_ROUND and r.unit == "raw"


@pytest.mark.parametrize("name", ["draw", "block"])
def test_line_games_score_nothing_while_placing_even_on_a_multiple_of_five(name):
    b = dl.Board(name)
    p = b.play("5|5")
    assert b.end_sum() == 10 and (p.raw, p.points) == (0, 0) and b.score() == 0
    assert b.points_for("0|5", b.open_points()[0]) == 0
    fives = dl.Board("all-fives")
    assert fives.play("5|5").points == 10  # the same lead scores in a fives game


@pytest.mark.parametrize("name", ["draw", "block"])
def test_line_games_have_no_spinner_a_double_is_crosswise_with_two_ends(name):
    b = dl.Board(name)
    b.play("5|5")
    assert [op.slot for op in b.open_points()] == ["line-a", "line-b"]
    b.play("0|5", "5|5:line-a")
    b.play("5|6", "5|5:line-b")
    assert b.spinners == [] and len(b.open_points()) == 2  # no branch ever opens
    assert {op.value for op in b.open_points()} == {0, 6}


def test_block_nobody_draws_a_seat_that_cannot_play_passes_with_tiles_out_of_play():
    a = ["6|6", "0|1", "0|2", "0|3", "1|1", "1|2", "1|3"]
    b = ["4|6", "0|0", "2|2", "2|3", "3|3", "0|4", "1|4"]
    g = Game("block", 2, hands=[a, b], boneyard=rest(a, b), leader=0)
    assert g.boneyard_count == 0 and len(g.out_of_play) == 14
    g.apply("6|6")
    g.apply("4|6@6|6:line-a")
    assert g.to_move == 0 and g.legal_actions() == [Action.pass_()]  # no 6 and no 4 in seat 0's hand
    with pytest.raises(IllegalAction, match=re.escape("in block nobody draws")):
        g.apply("draw")
    assert g.hands[0] == sorted(dl.tiles(a[1:])) and len(g.round.actions) == 2  # nothing changed
    g.apply("pass")
    assert g.to_move == 1 and not g.round.is_over


def test_draw_the_same_seat_must_draw_until_a_tile_plays_and_passes_only_on_an_empty_boneyard():
    a = ["6|6", "0|1", "0|2", "0|3", "1|1", "1|2", "1|3"]
    b = ["4|6", "0|0", "2|2", "2|3", "3|3", "0|4", "1|4"]
    bone = ["5|5", "2|6"] + rest(a, b, ["5|5", "2|6"])
    g = Game("draw", 2, hands=[a, b], boneyard=bone, leader=0)
    assert g.boneyard_count == 14 and g.out_of_play == ()
    g.apply("6|6")
    g.apply("4|6@6|6:line-a")
    assert g.legal_actions() == [Action.draw()]
    with pytest.raises(IllegalAction, match="cannot pass while the boneyard holds 14"):
        g.apply("pass")
    assert g.apply("draw").tile == "5|5"  # does not play: draw again
    assert g.apply("draw").tile == "2|6"
    assert g.legal_actions() == [Action.play("2|6", "6|6:line-b")]


def test_block_a_blocked_round_is_won_by_the_lowest_hand_which_takes_the_opponents_pips_unrounded():
    g = Game("block", 2, hands=[LOCK_A, ["3|5"] + LOCK_B[1:]], leader=0, auto_deal=False)
    assert g.round.leader_by == "highest-double"
    g.apply("6|6")  # nobody holds a 6: blocked at once, no pass follows
    rs = g.round
    assert rs.end_reason == "blocked" and [a.act for a in rs.actions] == ["play"]
    s = rs.settlement
    pips = [c.pips for c in s.seats]
    assert pips == [29, 37] and s.winner == 0 and s.changes == (37, 0)  # 37, not round5 = 35
    assert "nobody can play (in block nobody draws)" in str(s)
    assert "not rounded: 37." in str(s)


def test_block_a_blocked_round_tied_on_the_lowest_total_pays_nothing_fewer_tiles_does_not_count():
    g = Game("block", 2, hands=[LOCK_A, LOCK_B], leader=0, auto_deal=False)
    g.apply("6|6")
    s = g.round.settlement
    assert [c.pips for c in s.seats] == [29, 29] and [len(c.tiles) for c in s.seats] == [6, 7]
    assert s.reason == "blocked" and s.winner is None and s.changes == (0, 0)
    assert "tied: nobody wins" in str(s)
    # dominos-cc breaks the same tie by fewer tiles; the line games do not
    cc = dl.settle("dominos-cc", [t.tiles for t in s.seats], domino_seat=None)
    assert cc.winner == 0


@pytest.mark.parametrize("name", ["draw", "block"])
def test_line_games_the_domino_takes_the_opponents_pips_as_they_are(name):
    s = dl.settle(name, [[], ["6|6", "0|1"], ["5|5", "0|3"]], domino_seat=0)
    assert s.winner == 0 and s.changes == (26, 0, 0)  # 13 + 13, where all-fives pays 25, dominos-cc 30
    assert dl.settle("all-fives", [[], ["6|6", "0|1"], ["5|5", "0|3"]], domino_seat=0).changes[0] == 25
    assert "13 + 13 = 26" in str(s) and "Seat 0 receives 26." in str(s)


def test_line_games_in_partnership_the_partners_pips_are_not_paid():
    r = dl.variant("block").replace(partnerships=True, name="block")
    s = dl.settle(r, [[], ["1|2"], ["6|6"], ["0|1"]], domino_seat=0)
    assert s.winner == 0 and s.changes == (4, 0)  # seats 1 and 3 pay 3 + 1; seat 2's 12 pips do not


@pytest.mark.parametrize("name", ["draw", "block"])
def test_line_games_the_highest_double_leads_the_winner_leads_next_after_a_block_the_tiles_again(name):
    kinds, free = set(), 0
    for seed in range(25):
        g = dl.play_game(name, 3, ["greedy"] * 3, seed=seed)
        for i, rs in enumerate(g.rounds):
            prev = g.rounds[i - 1] if i else None
            if prev is not None and prev.end_reason == "domino":
                assert (rs.leader_by, rs.leader) == ("last-tile", prev.actions[-1].seat)
                if rs.actions and rs.actions[0].tile != dl.leader_by_tiles(rs.hands)[1]:
                    free += 1  # any tile may lead then
            else:
                seat, t, by = dl.leader_by_tiles(rs.hands)
                assert (rs.leader, rs.leader_by) == (seat, by) and rs.actions[0].tile == t
            kinds.add(rs.leader_by)
    assert {"highest-double", "last-tile"} <= kinds <= {"highest-double", "heaviest-tile", "last-tile"}
    assert free > 0


def test_line_games_without_a_double_dealt_the_heaviest_tile_leads():
    hands = [["0|1", "0|2", "0|3", "0|4", "5|6"], ["0|5", "0|6", "1|2", "1|3", "1|4"]]
    hands += [["1|5", "1|6", "2|3", "2|4", "2|5"], ["2|6", "3|4", "3|5", "3|6", "4|5"]]
    g = Game("block", 4, hands=hands)
    assert (g.round.leader, g.round.leader_by) == (0, "heaviest-tile")
    with pytest.raises(IllegalAction, match="must lead 5|6, the heaviest tile"):
        g.apply("0|1")
    g.apply("5|6")


def test_line_games_after_a_domino_the_winner_cannot_be_made_to_lead_the_highest_double():
    g = Game("block", 2, hands=[LOCK_A, LOCK_B], leader=0, auto_deal=False)
    g.apply("6|6")  # a tie, no domino: the next round is led by tiles again
    g.start_round(leader=None)
    assert g.round.leader_by in ("highest-double", "heaviest-tile")


def test_line_games_end_after_the_round_that_takes_a_side_to_100():
    g = Game("block", 2, hands=[LOCK_A, ["3|5"] + LOCK_B[1:]], leader=0, scores=[70, 99])
    g.apply("6|6")
    assert g.is_over and g.outcome.winner == 0 and g.scores == (107, 99)
    assert g.outcome.reason == "after-round"


def test_line_games_a_tie_at_the_top_over_100_plays_on():
    g = Game("block", 2, hands=[LOCK_A, ["3|5"] + LOCK_B[1:]], leader=0, scores=[63, 100])
    g.apply("6|6")
    assert g.scores == (100, 100) and not g.is_over and len(g.rounds) == 2


@pytest.mark.parametrize("name", ["draw", "block"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_line_games_play_to_the_end_and_their_records_replay(name, players):
    for seed in range(4):
        g = dl.play_game(name, players, ["greedy"] * players, seed=seed)
        assert g.is_over and max(g.scores) >= 100 and g.placement_points() == (0,) * len(g.sides)
        rec = dl.game_to_record(g)
        assert rec["variant"] == name
        assert rec["rules"]["placement_scoring"] is False
        assert ("drawing" in rec["rules"]) is (name == "block")
        dl.validate_record(rec)
        again = replayed(rec)
        assert again.scores == g.scores and dl.game_to_record(again) == rec


def test_a_block_record_with_a_draw_is_refused_with_the_reason():
    g = dl.play_game("block", 2, ["greedy"] * 2, seed=1)
    rec = dl.game_to_record(g)
    rnd = next(r for r in rec["rounds"] if any(a["act"] == "pass" for a in r["actions"]))
    i = next(k for k, a in enumerate(rnd["actions"]) if a["act"] == "pass")
    rnd["actions"][i] = {"seat": rnd["actions"][i]["seat"], "act": "draw", "tile": rnd["boneyard"][0]}
    with pytest.raises(dl.InvalidRecord, match="nobody draws"):
        replayed(rec)


def test_a_line_board_as_text_names_no_count():
    # a learner of the plain game reads the layout and its ends, not a fives count
    b = dl.Board("block")
    b.play("6|6")
    b.play("2|6", "6|6:line-a")
    text = str(b)
    assert "count:" not in text and "placements score nothing in block" in text
    assert "open: 2|6:low (2), 6|6:line-b (6)" in text
