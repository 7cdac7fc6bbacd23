"""Fives and Threes, the British pub game (RULES.md, "Fives and Threes"): one test per rule of
its table — the scoring table, no drawing, the lead passing left, going out (with partners),
a blocked round, exactly 61 — and its place in records, bots and the searches."""

import pytest

import dominolab as dl
from dominolab import Game, IllegalAction

F3 = dl.preset("fives-and-threes")
ALL = dl.DOUBLE_SIX

#: RULES.md's scoring table, as the page writes it
TABLE = {3: 1, 5: 1, 6: 2, 9: 3, 10: 2, 12: 4, 15: 8, 18: 6, 20: 4, 21: 7, 24: 8}


def rest(*hands):
    used = {dl.Tile(t) for h in hands for t in h}
    return [t for t in ALL if t not in used]


def position(hands, to_move, scores, *moves):
    """A fives-and-threes game in mid-round: ``moves`` laid, ``hands`` held, nothing to draw."""
    board = dl.Board(F3)
    board.play_all(moves)
    return Game.from_position(F3, board, hands, [], to_move, scores)


@pytest.mark.parametrize(("count", "points"), sorted(TABLE.items()))
def test_a_count_scores_its_threes_and_its_fives_both_when_both(count, points):
    assert F3.count_points(count) == points


@pytest.mark.parametrize("count", [0, 1, 2, 4, 7, 8, 11, 13, 14, 16, 17, 19, 22, 23])
def test_a_count_that_is_no_multiple_of_3_or_5_scores_nothing(count):
    assert F3.count_points(count) == 0


def test_the_count_is_the_two_ends_of_a_plain_line_the_lead_included():
    b = dl.Board(F3)
    assert b.play("5|5").points == 2  # a lead double counts both halves: 10 → 2
    b.play("5|6", "5|5:line-a")  # 10 + 6 = 16 → 0
    assert b.play("0|5", "5|5:line-b").points == 2  # the double is internal now: 6 + 0 = 6
    assert b.play("6|6", "5|6:high").points == 4  # a double at an end: 12 + 0
    p = b.play("0|3", "0|5:low")
    assert (p.sum, p.points) == (15, 8)
    assert b.spinners == [] and len(b.open_points()) == 2  # no spinner: never a branch


def test_tiles_not_dealt_are_out_of_play_and_a_stuck_player_knocks():
    assert tuple(F3.hand_size(p) for p in (2, 3, 4)) == (7, 5, 5)
    g = Game(F3, 2, seed=1)
    assert g.boneyard_count == 0 and len(g.out_of_play) == 14 and g.boneyard == ()
    g2 = position([["1|2"], ["3|4", "0|0"]], 0, (0, 0), ("6|6", None))
    assert g2.legal_actions() == [dl.Action.pass_()]
    assert "nobody draws" in g2.why_not("draw")


def test_the_lead_passes_to_the_left_whoever_won():
    not_the_winner = 0
    for players in (2, 3, 4):
        g = dl.play_game(F3, players, "greedy", seed=players)
        leaders = [r.leader for r in g.rounds]
        assert len(leaders) > 2
        assert all(b == (a + 1) % players for a, b in zip(leaders, leaders[1:], strict=False))
        assert [r.leader_by for r in g.rounds[1:]] == [dl.LeaderBy.LEFT] * (len(leaders) - 1)
        for r, nxt in zip(g.rounds, leaders[1:], strict=False):
            if r.end_reason == "domino" and g.side_of(r.actions[-1].seat) != g.side_of(nxt):
                not_the_winner += 1  # the lead went left, not to the side that went out
    assert not_the_winner


def test_a_leader_not_to_the_left_is_refused():
    g = Game(F3, 3, seed=1, auto_deal=False, leader=0)
    dl.play_bots(g, [dl.GreedyBot()] * 3)
    assert g.is_chance and len(g.rounds) == 1
    g.push(g.chance_step())  # the deal of round 2
    with pytest.raises(IllegalAction, match="the lead passes to the left, from seat 0 to seat 1"):
        g.push(dl.Lead(2))
    assert g.push(dl.Lead(1)) == dl.Lead(1, dl.LeaderBy.LEFT)


def test_going_out_scores_one_point_with_the_last_placement():
    g = position([["0|6"], ["1|2", "1|3"]], 0, (10, 0), ("6|6", None))
    rec = g.apply("0|6@6|6:line-a")
    assert (rec.sum, rec.points) == (12, 4)  # the record keeps the count's points
    assert g.scores == (15, 0) and g.round.end_reason == "domino" and g.round.winner == 0
    assert g.round.settlement.changes == (0, 0)  # no settlement of the hands left
    g.pop()
    assert g.scores == (10, 0) and g.hands[0] == [dl.Tile("0|6")]


def test_a_partnership_round_goes_on_until_both_partners_are_out():
    g = position([["6|6"], ["1|2", "1|3"], ["5|6", "0|5"], ["0|0", "4|4"]], 0, (0, 0))
    g.apply("6|6")  # seat 0 is out; its partner, seat 2, is not
    assert not g.round.is_over and g.scores == (4, 0)  # no going-out point yet
    g.apply("pass")  # seat 1
    g.apply("5|6@6|6:line-a")  # seat 2: 12 + 5 = 17 → 0
    g.apply("pass")  # seat 3
    assert g.to_move == 1  # seat 0, out, is skipped
    g.apply("pass")
    rec = g.apply("0|5@5|6:low")  # seat 2 goes out: 12 + 0 = 12 → 4, and 1 for the side
    assert rec.points == 4 and g.round.end_reason == "domino" and g.round.winner == 0
    assert g.scores == (4 + 4 + 1, 0)


def test_a_blocked_round_scores_no_going_out_point_and_settles_nothing():
    g = position([["6|6", "0|1"], ["1|2", "1|3"]], 0, (0, 0))
    g.apply("6|6")  # 12 → 4; nobody holds a 6: blocked at once
    assert g.round.end_reason == "blocked" and g.round.winner is None
    assert g.scores == (4, 0) and g.round.settlement.changes == (0, 0)


def test_a_score_past_61_is_disregarded_whole_the_going_out_point_with_it():
    g = position([["0|6"], ["1|2", "1|3"]], 0, (58, 30), ("6|6", None))
    g.apply("0|6@6|6:line-a")  # 58 + 4 + 1 = 63
    assert g.scores == (58, 30) and not g.is_over and g.round.end_reason == "domino"
    # without the going-out point the same count would have fitted: 58 + 4 = 62 still passes;
    # at 57 the placement alone fits but the point takes it past: still disregarded whole
    g = position([["0|6"], ["1|2", "1|3"]], 0, (57, 30), ("6|6", None))
    g.apply("0|6@6|6:line-a")  # 57 + 4 + 1 = 62
    assert g.scores == (57, 30)
    g.pop()
    assert g.scores == (57, 30) and g.round.busts == []


def test_a_placement_that_would_pass_61_scores_nothing_and_play_goes_on():
    g = position([["0|6", "1|1"], ["4|6", "1|3"]], 0, (59, 30), ("6|6", None))
    g.apply("0|6@6|6:line-a")  # 12 → 4: 63
    assert g.scores == (59, 30) and g.to_move == 1 and g.round.busts == [0]


def test_the_game_ends_the_instant_a_side_reaches_exactly_61():
    g = position([["0|6", "1|1"], ["4|6", "1|3"]], 0, (57, 30), ("6|6", None))
    g.apply("0|6@6|6:line-a")  # 57 + 4 = 61, in mid-round
    assert g.is_over and g.outcome.winner == 0 and g.scores == (61, 30)
    assert g.outcome.reason is dl.GameEnd.TARGET
    g = position([["0|6"], ["1|2", "1|3"]], 0, (56, 30), ("6|6", None))
    g.apply("0|6@6|6:line-a")  # 56 + 4 + 1 = 61 with the going-out point
    assert g.is_over and g.scores == (61, 30)


def test_muggins_claims_count_in_threes_and_fives_the_going_out_point_included():
    r = F3.replace(muggins=True, name="fives-and-threes")
    assert r.claim_step == 1
    board = dl.Board(r)
    board.play("6|6")
    g = Game.from_position(r, board, [["0|6"], ["1|2", "1|3"]], [], 0, (10, 0))
    g.apply("0|6@6|6:line-a")
    assert g.owed_claim == (0, 5) and g.view().claim_due == 5
    g.apply("claim 4")  # short: the next seat may take the 5
    g.apply("muggins")
    assert g.scores == (10, 5) and g.round.end_reason == "domino"


def test_a_record_of_fives_and_threes_replays_and_checks():
    for players in (2, 3, 4):
        g = dl.play_game(F3, players, "greedy", seed=11)
        rec = dl.game_to_record(g)
        assert rec["variant"] == "fives-and-threes" and dl.check_records([rec]) == []
        *_, last = dl.replay(rec)
        assert last.game.scores == g.scores and dl.game_to_json(last.game) == dl.game_to_json(g)


@pytest.mark.parametrize("bot", ["greedy", "defensive", "expert", "random"])
def test_every_bot_plays_fives_and_threes_to_exactly_61(bot):
    g = dl.play_game(F3, 2, [bot, "greedy"], seed=4)
    assert g.is_over and max(g.scores) == 61


def test_the_greedy_bot_aims_at_threes_and_fives():
    """Holding 3|6 and 1|6 on a lead 6|6, greedy plays 3|6 (12 + 3 = 15 → 8), not 1|6 (13 → 0)."""
    g = position([["1|6", "3|6"], ["0|0", "0|1"]], 0, (0, 0), ("6|6", None))
    choice = dl.GreedyBot().choose(g.view())
    assert choice.tile == dl.Tile("3|6")


def test_the_largest_score_of_a_line_is_searched_in_threes_and_fives():
    best = dl.largest(F3, "score")
    assert best.value == max(TABLE.values()) and F3.raw_score(best.board.end_sum()) == best.value
    with pytest.raises(dl.DominolabError, match="use method='search'"):
        dl.largest(F3, "score", method="milp")


def test_the_exact_target_is_a_general_setting_a_settlement_past_it_is_disregarded_too():
    """Any game may be played to an exact target: all-fives so played never passes 200."""
    r = dl.preset("all-fives").replace(exact_target=True)
    for seed in range(12):
        g = dl.play_game(r, 3, "greedy", seed=seed)
        assert max(g.scores) == 200 and list(g.scores).count(200) == 1
        assert all(max(rs.scores) <= 200 for rs in g.rounds)
        assert dl.check_records([dl.game_to_record(g)]) == []
    with pytest.raises(dl.InvalidRules, match="exact_target needs target_check 'instant'"):
        dl.preset("five-up").replace(exact_target=True)


def test_a_thousand_random_games_keep_the_pub_rules():
    """1,000 seeded games (2, 3 and 4 players, with and without partners; random and greedy
    bots), each scored again from its record by the rules page alone (test_game_properties'
    check: no side ever above 61, the winner at exactly 61, no draw, a round's points the sum of
    its placements and at most one going-out point, the lead passing left)."""
    from test_game_properties import check_game

    for seed in range(250):
        for players, partners in ((2, None), (3, None), (4, True), (4, False)):
            bots = ["random"] * players if seed % 3 else ["greedy"] + ["random"] * (players - 1)
            g = dl.play_game(F3, players, bots, seed=seed, partnerships=partners)
            check_game(g, dl.game_to_record(g))


def test_the_greedy_bot_does_not_aim_past_61():
    """On a lead 1|4, 4|4 scores 3 (1 + 8 = 9) and 1|1 scores 2 (2 + 4 = 6): at 50 greedy takes
    the 3; at 59 the 3 would pass 61 and count for nothing, so it takes the 2 and wins."""
    for score, want in ((50, "4|4"), (59, "1|1")):
        g = position([["1|1", "4|4"], ["0|0", "0|2"]], 0, (score, 0), ("1|4", None))
        assert dl.GreedyBot().choose(g.view()).tile == dl.Tile(want)
