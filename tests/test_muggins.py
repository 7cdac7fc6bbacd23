"""Muggins (dl.MUGGINS_RULES; docs/RULES.md, Beyond the sources): the placer claims its
placement's points; a right claim scores, one above scores nothing, one below lets the next
seat call muggins and take them.  Records of such games are format version 2."""

import copy
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dominolab as dl
from dominolab import Act, Action

MUG = dl.variant("all-fives").replace(muggins=True)
FIVE_UP_MUG = dl.variant("five-up").replace(muggins=True)

# seat 0 leads 1|4 (count 5); seat 1 answers 4|6 on 1|4:high (count 1 + 6 = 7, nothing)
HANDS = [
    ["1|4", "0|0", "0|2", "0|3", "2|2", "2|3", "3|3", "0|5", "5|5"],
    ["4|6", "1|1", "1|2", "1|3", "1|5", "1|6", "2|4", "2|5", "2|6"],
]


def game(rules=MUG, hands=HANDS, **kw):
    return dl.Game(rules, 2, hands=hands, leader=0, **kw)


def test_a_placement_scores_nothing_until_its_claim():
    g = game()
    rec = g.apply("1|4")
    assert rec.points == 5 and g.scores == (0, 0)  # the record says what it would score
    assert g.to_move == 0 and [a.act for a in g.legal_actions()] == [Act.CLAIM] * 21
    assert g.legal_actions()[0] == Action.claim_(0) and g.legal_actions()[-1] == Action.claim_(100)


def test_a_right_claim_scores_the_placement():
    g = game()
    g.apply("1|4")
    g.apply("claim 5")
    assert g.scores == (5, 0) and g.placement_points() == (5, 0) and g.to_move == 1


def test_a_claim_above_the_points_scores_nothing_for_anyone():
    g = game()
    g.apply("1|4")
    g.apply(Action.claim_(10))
    assert g.scores == (0, 0) and g.to_move == 1
    assert g.legal_actions()[0].act is Act.PLAY  # no call: the next seat simply plays


def test_a_short_claim_lets_the_next_seat_call_muggins_and_take_the_points():
    g = game()
    g.apply("1|4")
    g.apply("claim 0")  # "nothing", for a placement worth 5
    assert g.scores == (0, 0) and g.to_move == 1
    assert [a.act for a in g.legal_actions()] == [Act.MUGGINS, Act.LET_GO]
    rec = g.apply("muggins")
    assert rec.points == 5 and g.scores == (0, 5) and g.placement_points() == (0, 5)
    assert g.to_move == 1 and g.legal_actions()[0].act is Act.PLAY  # then its turn goes on


def test_the_next_seat_may_let_a_short_claim_go():
    g = game()
    g.apply("1|4")
    g.apply("claim 0")
    g.apply("let-go")
    assert g.scores == (0, 0) and g.to_move == 1 and g.legal_actions()[0].act is Act.PLAY


def test_a_claim_of_nothing_for_a_placement_that_scores_nothing_is_right():
    g = game()
    g.apply("1|4")
    g.apply("claim 5")
    g.apply("4|6@1|4:high")  # 1 + 6 = 7
    g.apply("claim 0")
    assert g.scores == (5, 0) and g.to_move == 0 and g.legal_actions()[0].act is Act.DRAW


def test_claims_are_multiples_of_five_raw_or_whole_shown_points_in_five_up():
    g = game()
    g.apply("1|4")
    with pytest.raises(dl.IllegalAction, match="cannot claim 7: a claim is a multiple of 5, 0 to 100"):
        g.apply("claim 7")
    assert len(g.round.actions) == 1  # refused, nothing changed
    f = game(FIVE_UP_MUG, hands=[h[:5] for h in HANDS])
    f.apply("1|4")
    assert [a.claim for a in f.legal_actions()] == list(range(21))  # shown points, 0 to 20
    f.apply("claim 1")  # a count of 5 is 1 shown point
    assert f.scores == (1, 0)


def test_nothing_else_may_happen_while_a_claim_or_a_call_is_owed():
    g = game()
    g.apply("1|4")
    with pytest.raises(dl.IllegalAction, match="must first claim the points of the tile it placed"):
        g.apply("4|6@1|4:high")
    g.apply("claim 0")
    with pytest.raises(dl.IllegalAction, match="first calls muggins or lets it go"):
        g.apply("4|6@1|4:high")
    with pytest.raises(dl.IllegalAction, match="claimed too little"):
        g.apply("claim 5")
    assert len(g.round.actions) == 2 and g.scores == (0, 0)


def test_muggins_steps_are_refused_where_they_do_not_belong():
    g = game()
    with pytest.raises(dl.IllegalAction, match="nothing to claim"):
        g.apply("claim 5")
    g.apply("1|4")
    g.apply("claim 5")
    with pytest.raises(dl.IllegalAction, match="only a claim short"):
        g.apply("muggins")
    plain = dl.Game("all-fives", 2, hands=HANDS, leader=0)
    plain.apply("1|4")
    with pytest.raises(dl.IllegalAction, match="played without muggins"):
        plain.apply("claim 5")
    assert plain.scores == (5, 0)


def test_the_line_games_cannot_be_played_with_muggins():
    with pytest.raises(dl.InvalidRules, match="muggins needs placement_scoring"):
        dl.variant("block").replace(muggins=True)


def test_bad_claims_are_read_with_a_clear_error():
    with pytest.raises(dl.IllegalAction, match="a claim is 'claim N'"):
        Action.parse("claim ten")
    with pytest.raises(dl.IllegalAction, match="0 or more"):
        Action.claim_(-5)
    assert str(Action.parse("claim 15")) == "claim 15" and Action.parse("let-go").act is Act.LET_GO


def test_the_last_tile_is_claimed_and_called_before_the_round_is_settled():
    # one tile each: seat 0's lead ends its hand, but the claim and the call come first
    one = MUG.replace(hand_sizes=((2, 1), (3, 1), (4, 1)))
    g = dl.Game(one, 2, hands=[["1|4"], ["4|6"]], leader=0, auto_deal=False)
    g.apply("1|4")
    assert not g.round.is_over
    g.apply("claim 0")
    assert not g.round.is_over
    g.apply("muggins")  # seat 1 takes the 5, then the round is settled: seat 0 gets 4|6's 10
    assert g.round.end_reason == "domino" and g.round.winner == 0
    assert g.round.settlement.changes == (10, 0) and g.scores == (10, 5)


def test_a_call_that_reaches_the_target_ends_an_instant_game_at_once():
    g = dl.Game(MUG, 2, hands=HANDS, leader=0, scores=(0, 248))
    g.apply("1|4")
    g.apply("claim 0")
    g.apply("muggins")
    assert g.is_over and g.outcome.winner == 1 and g.round.end_reason == "target" and g.scores == (0, 253)


def test_a_right_claim_that_reaches_the_target_ends_the_game():
    g = dl.Game(MUG, 2, hands=HANDS, leader=0, scores=(246, 0))
    g.apply("1|4")
    assert not g.is_over  # nothing scored yet
    g.apply("claim 5")
    assert g.is_over and g.outcome.winner == 0


@pytest.mark.parametrize(("name", "players"), list(itertools.product(dl.FIVES_GAMES, (2, 3, 4))))
def test_bots_that_claim_right_score_as_the_game_without_muggins(name, players):
    plain = dl.play_game(name, players, "greedy", seed=11)
    mug = dl.play_game(dl.variant(name).replace(muggins=True), players, "greedy", seed=11)
    assert mug.scores == plain.scores and mug.outcome.winner == plain.outcome.winner
    acts = [a.act for r in mug.rounds for a in r.actions]
    assert acts.count(Act.CLAIM) == acts.count(Act.PLAY) and Act.MUGGINS not in acts


def test_a_miss_rate_misses_about_that_share_of_claims_and_the_others_call_them():
    misses = scored = calls = 0
    for seed in range(6):
        g = dl.play_game(MUG, 2, ["greedy", dl.make_bot("greedy", seed=seed, miss=0.3)], seed=seed)
        for r in g.rounds:
            for prev, a in itertools.pairwise(r.actions):
                if a.act is Act.CLAIM and a.seat == 1 and prev.points:
                    scored += 1
                    misses += a.points == 0
                calls += a.act is Act.MUGGINS
    assert scored >= 80 and 0.2 < misses / scored < 0.4
    assert calls == misses  # the greedy seat calls every one


def test_make_bot_checks_its_miss_rate():
    with pytest.raises(dl.DominolabError, match="miss is a rate from 0 to 1"):
        dl.make_bot("greedy", miss=1.5)
    with pytest.raises(dl.DominolabError, match="only the random and greedy bots"):
        dl.make_bot("expert", miss=0.2)
    assert repr(dl.make_bot("random", miss=0.25)) == "RandomBot(miss=0.25)"


def muggins_game(seed=3):
    bots = ["random", dl.make_bot("random", seed=1, miss=0.4), dl.make_bot("greedy", seed=2, miss=0.5)]
    return dl.play_game(MUG, 3, bots, seed=seed)


def test_a_muggins_game_is_a_version_2_record_that_replays_and_checks():
    g = muggins_game()
    rec = dl.game_to_record(g)
    assert rec["format"] == dl.FORMAT_MUGGINS and rec["variant"] == "all-fives" and rec["rules"]["muggins"]
    acts = {a["act"] for r in rec["rounds"] for a in r["actions"]}
    assert {"claim", "muggins", "let-go"} <= acts
    assert dl.check_records([rec]) == []
    *_, last = dl.replay(rec)
    assert last.game.scores == g.scores and dl.game_to_json(last.game) == dl.game_to_json(g)


def test_a_game_without_muggins_stays_a_version_1_record_without_the_key():
    rec = dl.game_to_record(dl.play_game("all-fives", 2, "greedy", seed=1))
    assert rec["format"] == dl.FORMAT and "muggins" not in rec["rules"]


def _first(rec, act):
    for i, r in enumerate(rec["rounds"]):
        for k, a in enumerate(r["actions"]):
            if a["act"] == act:
                return i, k
    raise AssertionError(act)


def test_a_record_with_a_wrong_call_or_claim_is_refused_naming_the_field():
    rec = dl.game_to_record(muggins_game())
    i, k = _first(rec, "muggins")
    bad = copy.deepcopy(rec)
    bad["rounds"][i]["actions"][k]["points"] += 5
    (msg,) = dl.check_records([bad])
    assert f"round {i + 1}, action {k + 1}, field 'points': muggins takes the" in msg
    bad = copy.deepcopy(rec)
    bad["rounds"][i]["actions"][k]["act"] = "let-go"  # the scores no longer add up
    assert dl.check_records([bad])
    bad = copy.deepcopy(rec)
    bad["format"] = dl.FORMAT
    (msg,) = dl.check_records([bad])
    assert "field 'format'" in msg and "game-record@2" in msg
    i, k = _first(rec, "claim")
    bad = copy.deepcopy(rec)
    bad["rounds"][i]["actions"][k]["points"] = 7
    (msg,) = dl.check_records([bad])
    assert f"action {k + 1}, field 'points'" in msg and "cannot claim 7" in msg


def test_a_claim_in_a_version_1_record_is_not_an_action_it_knows():
    rec = dl.game_to_record(dl.play_game("all-fives", 2, "greedy", seed=1))
    rec["rounds"][0]["actions"].insert(1, {"seat": 0, "act": "claim", "points": 5})
    (msg,) = dl.check_records([rec])
    assert "'claim' is not play, draw or pass" in msg


def test_push_and_pop_restore_the_claim_and_the_call():
    g = dl.Game(MUG, 2, seed=3, auto_deal=False)
    seen = []
    while not g.round.is_over and not g.is_over:
        seen.append((g.to_move, g.scores, len(g.round.actions), tuple(g.legal_actions())))
        acts = g.legal_actions()
        g.push(acts[0] if acts[0].act is not Act.PLAY else acts[-1])  # claim 0: short claims too
    while seen:
        g.pop()
        assert (g.to_move, g.scores, len(g.round.actions), tuple(g.legal_actions())) == seen.pop()


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    name=st.sampled_from(dl.FIVES_GAMES),
    players=st.integers(2, 4),
    miss=st.sampled_from([0.0, 0.3, 0.6]),  # at 1.0 nothing is scored: five-up would never end
)
def test_every_point_of_a_muggins_game_comes_from_a_right_claim_a_call_or_a_settlement(
    seed, name, players, miss
):
    r = dl.variant(name).replace(muggins=True)
    # greedy bots: random ones seldom score, and five-up only deducts at the end of a round
    bots = [dl.make_bot("greedy", seed=seed + s, miss=miss) for s in range(players)]
    g = dl.play_game(r, players, bots, seed=seed)
    side_of = {s: i for i, side in enumerate(g.sides) for s in side}
    earned = [0] * len(g.sides)
    dealt, target = r.hand_size(players), r.target(players)

    def earn(side, points):  # fives-and-threes: a score past 61 is disregarded whole
        if not (r.exact_target and earned[side] + points > target):
            earned[side] += points

    for rs in g.rounds:
        pending = None
        played = [0] * players
        for a in rs.actions:
            if a.act is Act.PLAY:
                played[a.seat] += 1
                out = all(played[s] == dealt for s in g.sides[side_of[a.seat]])  # partners both out
                pending = (a.seat, a.points + (r.going_out_points if out else 0))
            elif a.act is Act.CLAIM:
                seat, points = pending
                if a.points == points:
                    earn(side_of[seat], points)
            elif a.act is Act.MUGGINS:
                assert pending[1] > 0
                earn(side_of[a.seat], pending[1])
        if rs.settlement is not None:
            earned = [e + c for e, c in zip(earned, rs.settlement.changes, strict=True)]
    assert tuple(earned) == g.scores
    assert dl.check_records([dl.game_to_record(g)]) == []
