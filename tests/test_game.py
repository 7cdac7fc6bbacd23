"""Turns, drawing, passing, blocked rounds, leaders and game end (RULES.md: A turn,
Per preset)."""

import random
import re
from fractions import Fraction

import pytest

import dominolab as dl
from dominolab import Action, Game, IllegalAction

ALL = dl.DOUBLE_SIX


def rest(*hands):
    used = {dl.Tile(t) for h in hands for t in h}
    return [t for t in ALL if t not in used]


def test_must_play_when_able_so_drawing_is_refused():
    a = ["1|4", "0|0", "0|1", "0|2", "0|3", "0|4", "0|5", "0|6", "1|1"]
    b = ["4|6", "2|2", "2|3", "2|5", "2|6", "3|3", "3|5", "3|6", "5|5"]
    g = Game("all-fives", 2, hands=[a, b], leader=0)
    g.apply("1|4")
    assert g.to_move == 1
    with pytest.raises(IllegalAction, match="must play when able .*drawing is not allowed"):
        g.apply("draw")
    with pytest.raises(IllegalAction, match="must play when able"):
        g.apply("pass")
    assert g.legal_actions() == [Action.play("4|6", "1|4:high")]


def test_draw_one_at_a_time_and_the_drawn_tile_that_plays_is_placed_at_once():
    a = ["1|4", "0|0", "0|1", "0|2", "0|3", "0|4", "0|5", "0|6", "1|1"]
    b = ["2|2", "2|3", "2|5", "2|6", "3|3", "3|5", "3|6", "5|5", "5|6"]
    bone = ["6|6", "2|4", "1|2", "1|3"]  # 6|6 does not play on 1|4; 2|4 does
    bone += rest(a, b, bone)
    g = Game("all-fives", 2, hands=[a, b], boneyard=bone, leader=0)
    g.apply("1|4")
    assert g.legal_actions() == [Action.draw()]
    assert g.apply("draw").tile == "6|6"
    assert g.legal_actions() == [Action.draw()]  # 6|6 does not play: draw again
    assert g.apply("draw").tile == "2|4"
    with pytest.raises(IllegalAction, match=re.escape("drew 2|4, which plays, so it must be placed at once")):
        g.apply("6|6@1|4:high")
    with pytest.raises(IllegalAction, match="must be placed, not another drawn"):
        g.apply("draw")
    assert g.legal_actions() == [Action.play("2|4", "1|4:high")]
    rec = g.apply("2|4@1|4:high")
    assert (rec.sum, rec.points) == (3, 0) and g.to_move == 0
    assert [a.act for a in g.round.actions] == ["play", "draw", "draw", "play"]


def test_pass_only_with_an_empty_boneyard_then_blocked():
    # 2 players, all-fives: 9 + 9 dealt, 10 in the boneyard.  Arrange a lock on 6s.
    a = ["6|6", "0|0", "0|1", "0|2", "0|3", "0|4", "0|5", "1|1", "1|2"]
    b = ["1|3", "1|4", "1|5", "2|2", "2|3", "2|4", "2|5", "3|3", "3|4"]
    bone = rest(a, b)  # contains every x|6 except 6|6 plus 3|5 ... 5|5
    g = Game("all-fives", 2, hands=[a, b], boneyard=bone, leader=0)
    g.apply("6|6")
    # seat 1 has no 6: draws until a 6 arrives
    while g.drawn is None:
        assert g.legal_actions() == [Action.draw()]
        g.apply("draw")
    assert g.why_not("pass") is not None


def test_a_seat_that_draws_the_last_tile_and_cannot_play_passes_before_the_block():
    found = 0
    for seed in range(400):
        g = dl.play_game("all-fives", 4, ["random"] * 4, seed=seed)
        for rs in g.rounds:
            acts = rs.actions
            if rs.end_reason != "blocked" or len(acts) < 2:
                continue
            if acts[-2].act == "draw" and acts[-1].act == "pass":
                # the draw took the last tile; the same seat passed; then the block
                assert acts[-2].seat == acts[-1].seat
                assert sum(a.act == "draw" for a in acts) == len(rs.boneyard)
                found += 1
    assert found > 0


def _nobody_can_play(game):
    return not game.boneyard_count and not any(game.board.plays(t) for h in game.hands for t in h)


@pytest.mark.parametrize(("name", "players"), [("five-up", 4), ("all-fives", 4), ("dominos-cc", 3)])
def test_round_is_blocked_at_once_when_boneyard_empty_and_nobody_can_play(name, players):
    # RULES.md, A turn 4: the round ends at once after the action that leaves nobody able to
    # play, and no passes follow it; a seat that draws the last tile and cannot play passes first.
    # Every blocked round is replayed: after each play or pass the round goes on exactly while
    # someone can still play, and it ends blocked exactly when nobody can.
    last_acts = set()
    for seed in range(60):
        g = dl.play_game(name, players, ["greedy"] * players, seed=seed)
        length = {rs.number: len(rs.actions) for rs in g.rounds if rs.end_reason == "blocked"}
        for step in dl.replay(dl.game_to_record(g)):
            if step.round not in length or step.action is None or step.action.act == "draw":
                continue
            final = step.index == length[step.round]
            assert _nobody_can_play(step.game) == final, (seed, step.round, step.index)
            if final:
                last_acts.add(step.action.act)
    assert last_acts == {"play", "pass"}  # blocks declared after a play and after a pass, both seen


def test_turns_go_clockwise_and_a_turn_is_draws_then_one_play_or_pass():
    g = dl.play_game("all-fives", 3, ["random"] * 3, seed=5)
    for rs in g.rounds:
        seat = rs.leader
        for prev, a in zip([None] + rs.actions[:-1], rs.actions, strict=True):
            if prev is not None and prev.act != "draw":
                seat = (seat + 1) % 3
            assert a.seat == seat


def test_dominos_cc_highest_double_leads_and_must_lead_it():
    hands = [
        ["1|1", "0|1", "0|2", "0|3", "0|4", "0|5", "0|6"],
        ["5|5", "1|2", "1|3", "1|4", "1|5", "1|6", "2|3"],
    ]
    g = Game("dominos-cc", 2, hands=hands)
    assert g.to_move == 1 and g.round.leader_by == "highest-double"
    assert g.legal_actions() == [Action.play("5|5")]
    with pytest.raises(IllegalAction, match=re.escape("must lead 5|5, the highest double")):
        g.apply("1|2")
    with pytest.raises(IllegalAction, match="cannot lead"):
        Game("dominos-cc", 2, hands=hands, leader=0)


def test_dominos_cc_without_doubles_the_heaviest_tile_leads_3_6_before_4_5():
    seat, t, by = dl.leader_by_tiles([["4|5", "0|1"], ["3|6", "0|2"]])
    assert (seat, t, by) == (1, "3|6", "heaviest-tile")
    seat, t, by = dl.leader_by_tiles([["3|6"], ["4|5"]])
    assert (seat, t) == (0, "3|6")
    assert dl.leader_by_tiles([["6|6"], ["0|0"]])[:2] == (0, "6|6")
    assert dl.leader_by_tiles([["5|6"], ["0|0"]])[:2] == (1, "0|0")


@pytest.mark.parametrize("name", ["five-up", "all-fives"])
def test_first_leader_by_lot_then_last_tile_leads_then_lot_after_block(name):
    seen_lot = set()
    for seed in range(30):
        g = dl.play_game(name, 2, ["greedy", "greedy"], seed=seed)
        assert g.rounds[0].leader_by == "lot"
        seen_lot.add(g.rounds[0].leader)
        for prev, rs in zip(g.rounds, g.rounds[1:], strict=False):
            if prev.end_reason == "domino":
                assert rs.leader_by == "last-tile" and rs.leader == prev.actions[-1].seat
            else:
                assert rs.leader_by == "lot"
    assert seen_lot == {0, 1}


def test_dominos_cc_highest_double_leads_every_round():
    g = dl.play_game("dominos-cc", 3, ["greedy"] * 3, seed=2)
    for rs in g.rounds:
        seat, t, by = dl.leader_by_tiles(rs.hands)
        assert (rs.leader, rs.leader_by) == (seat, by)
        assert rs.actions[0].tile == t


def test_all_fives_ends_the_instant_a_placement_reaches_the_target():
    a = ["5|5", "0|0", "0|1", "0|2", "0|3", "0|4", "0|6", "1|1", "1|2"]
    b = ["0|5", "1|3", "1|4", "1|5", "2|2", "2|3", "2|4", "2|5", "3|3"]
    g = Game("all-fives", 2, hands=[a, b], leader=0, scores=[240, 0])
    rec = g.apply("5|5")
    assert rec.points == 10
    assert g.is_over and g.outcome.winner == 0 and g.outcome.reason is dl.GameEnd.TARGET
    assert g.round.end_reason == "target" and g.round.settlement is None
    assert g.scores == (250, 0)
    assert g.legal_actions() == []
    with pytest.raises(IllegalAction, match="the game is over"):
        g.apply("0|5@5|5:line-a")
    r = dl.game_to_record(g)["rounds"][-1]
    assert r["end"] == {"reason": "target", "winner": 0, "settlement": None}


def test_all_fives_three_and_four_player_target_is_200():
    a, b, c = (
        ["5|5", "0|0", "0|1", "0|2", "0|3", "0|4", "0|6"],
        ["0|5", "1|3", "1|4", "1|5", "2|2", "2|3", "2|4"],
        ["1|1", "1|2", "2|5", "3|3", "3|4", "3|5", "3|6"],
    )
    g = Game("all-fives", 3, hands=[a, b, c], leader=0, scores=[190, 0, 0])
    g.apply("5|5")
    assert g.is_over and g.scores[0] == 200


def test_target_reached_on_the_last_tile_ends_by_target_without_settlement():
    # seat 0 holds one tile... use dominos-cc 2 players with 7 tiles: the target test comes first
    g = Game(
        "dominos-cc",
        2,
        hands=[
            ["5|5", "0|1", "0|2", "0|3", "0|4", "0|6", "1|1"],
            ["1|2", "1|3", "1|4", "1|6", "2|2", "2|3", "2|4"],
        ],
        scores=[140, 0],
    )
    g.apply("5|5")
    assert g.is_over and g.round.end_reason == "target" and g.scores == (150, 0)


def _replayed_from(rs, rules, scores):
    """Round ``rs`` dealt and played again, action for action, from the given scores."""
    g = Game(rules, len(rs.hands), hands=rs.hands, boneyard=rs.boneyard, leader=rs.leader, scores=scores)
    for a in rs.actions:
        g.push(g.verify(dl.Action(a.act, a.tile, None if a.at is None else (a.at.tile, a.at.slot))))
    return g


def _placed(rs, side):
    return sum(a.points or 0 for a in rs.actions if a.act == "play" and a.seat == side)


@pytest.mark.parametrize("name", ["all-fives", "dominos-cc"])
def test_a_target_reached_by_settlement_ends_the_game_after_that_round(name):
    # RULES.md, decisions on the targets: reached through settlement -> the game ends after the round
    g0, rs = dl.find_round(name, 2, "domino")
    w = rs.winner
    target = dl.variant(name).target(2)
    pay = rs.settlement.changes[w]
    start = [0, 0]
    start[w] = target - _placed(rs, w) - pay  # the placements stay short; the settlement reaches it
    g = _replayed_from(rs, name, start)
    assert g.is_over and g.outcome.reason is dl.GameEnd.AFTER_ROUND and g.outcome.winner == w
    assert g.scores[w] == target and g.round.end_reason == "domino"  # not "target": no instant end
    start[w] -= 1  # one point short after the settlement: the game goes on
    g = _replayed_from(rs, name, start)
    assert not g.is_over and len(g.rounds) == 2


def test_a_three_player_split_taking_two_seats_over_at_once_ties_plays_on_else_the_higher_wins():
    # all-fives, 3 players: two seats tied for the lowest hand share the third's pips; if that
    # takes both over 200 with equal totals, play continues; if one is higher, it wins
    for seed in range(400):
        g0 = dl.play_game("all-fives", 3, ["greedy"] * 3, seed=seed)
        split = [
            r
            for r in g0.rounds
            if r.settlement is not None and r.winner is None and any(r.settlement.changes)
        ]
        if split:
            rs = split[0]
            break
    else:
        pytest.fail("no split round in 400 games")
    tied = [i for i, c in enumerate(rs.settlement.changes) if c]
    half = rs.settlement.changes[tied[0]]
    start = [0, 0, 0]
    for i in tied:
        start[i] = 200 - _placed(rs, i) - half  # each tied seat lands on exactly 200
    g = _replayed_from(rs, "all-fives", start)
    assert [g.scores[i] for i in tied] == [200, 200]
    assert not g.is_over and len(g.rounds) == 2  # equal at the top: another round is dealt
    start[tied[1]] += 1
    g = _replayed_from(rs, "all-fives", start)
    assert g.is_over and g.outcome.winner == tied[1] and g.outcome.reason == "after-round"


def test_five_up_continues_past_61_until_the_round_is_settled():
    for seed in range(50):
        g = Game("five-up", 2, seed=seed, scores=[60, 0])
        bots = [dl.GreedyBot(), dl.GreedyBot()]
        passed = False
        while len(g.rounds) == 1 and not g.is_over:
            acts = g.legal_actions()
            g.apply(acts[0] if len(acts) == 1 else bots[g.to_move].choose(g.view()))
            if g.rounds[0].is_over:
                break
            if g.scores[0] >= 61:
                passed = True
                assert not g.is_over  # never in mid-round
        if passed:
            rs = g.rounds[0]
            assert rs.is_over and rs.end_reason in ("domino", "blocked")
            if rs.scores[0] >= 61 and rs.scores[0] > rs.scores[1]:
                assert g.is_over and g.outcome.reason == "after-round"
            return
    pytest.fail("no seed passed 61 in mid-round")


def test_five_up_tie_at_the_top_plays_another_whole_round():
    found = 0
    for seed in range(300):
        g = Game("five-up", 2, seed=seed, scores=[65, 65])
        bots = [dl.GreedyBot(), dl.GreedyBot()]
        while len(g.rounds) == 1 and not g.is_over:
            acts = g.legal_actions()
            g.apply(acts[0] if len(acts) == 1 else bots[g.to_move].choose(g.view()))
        s = g.rounds[0].scores
        if s[0] == s[1]:
            assert not g.is_over and len(g.rounds) == 2 and not g.rounds[1].is_over
            found += 1
        else:
            assert g.is_over and g.outcome.winner == (0 if s[0] > s[1] else 1)
    assert found > 0


def test_partnership_switch():
    assert Game("all-fives", 4, seed=1).sides == ((0, 2), (1, 3))
    assert Game("all-fives", 4, seed=1, partnerships=False).sides == ((0,), (1,), (2,), (3,))
    assert Game("dominos-cc", 4, seed=1, partnerships=True).sides == ((0, 2), (1, 3))


@pytest.mark.parametrize("seat", [3, -1, "0", 1.0, True])
def test_a_view_of_a_seat_that_is_not_there_is_refused(seat):
    with pytest.raises(IllegalAction, match="is not a seat of 3 players"):
        Game("all-fives", 3, seed=4).view(seat)


def test_view_hides_other_hands_and_the_boneyard_order():
    g = Game("all-fives", 3, seed=4)
    v = g.view(0)
    assert v.hand == tuple(g.hands[0]) and v.hand_counts == (7, 7, 7) and v.boneyard_count == 7
    assert not hasattr(v, "hands") and not hasattr(v, "boneyard")
    while g.legal_actions()[0].act != "draw":
        g.apply(g.legal_actions()[0])
    seat = g.to_move
    g.apply("draw")
    other = (seat + 1) % 3
    assert g.view(other).public_actions[-1] == (seat, "draw", None)
    assert g.view(seat).public_actions[-1][2] is not None
    # a seat that is not to move sees no legal actions and no drawn tile
    v = g.view(other)
    assert v.legal_actions == () and v.drawn is None and v.players == 3 and v.scores == g.scores


def test_bad_actions_are_refused_with_a_reason_and_change_nothing():
    g = Game("all-fives", 2, seed=9)
    before = (list(map(list, g.hands)), g.board.tiles, g.to_move, g.boneyard_count)
    other = g.hands[1 - g.to_move][0]
    for bad, msg in [
        (f"{other}", "cannot play"),
        ("7|7", "cannot read tile"),
        ("draw", "must play when able"),
        ("pass", "must play when able"),
        (42, "cannot read action"),
    ]:
        with pytest.raises(dl.DominolabError, match=msg):
            g.apply(bad)
    assert (list(map(list, g.hands)), g.board.tiles, g.to_move, g.boneyard_count) == before


def test_dealing_exact_hands_is_checked():
    with pytest.raises(IllegalAction, match="deals 9"):
        Game("all-fives", 2, hands=[["0|0"], ["0|1"]])
    h = [[t for t in ALL[:9]], [t for t in ALL[8:17]]]
    with pytest.raises(IllegalAction, match="twice"):
        Game("all-fives", 2, hands=h)


def test_same_seed_same_game():
    a = dl.game_to_record(dl.play_game("all-fives", 3, ["greedy", "random", "random"], seed=11))
    b = dl.game_to_record(dl.play_game("all-fives", 3, ["greedy", "random", "random"], seed=11))
    assert dl.dumps_record(a) == dl.dumps_record(b)


@pytest.mark.parametrize("seed", ["abc", 1.5, True])
def test_a_seed_that_a_record_cannot_store_is_refused(seed):
    with pytest.raises(dl.DominolabError, match="seed must be a whole number, a random.Random or None"):
        dl.Game("all-fives", 2, seed=seed)
    with pytest.raises(dl.DominolabError, match="seed must be a whole number, a random.Random or None"):
        dl.play_game("all-fives", 2, ["random", "random"], seed=seed)


def test_a_generator_as_seed_deals_from_that_stream_and_goes_on_from_where_it_is():
    """``seed`` may be a ``random.Random``: a simulation's one stream, not a generator seeded
    anew for every game.  The deals are those of the same draws; the game has no seed of its
    own, and its record (seed null) replays from the deals it keeps."""
    stream = random.Random(7)
    first = dl.Game("all-fives", 2, seed=stream)
    assert first.rounds[0].hands == dl.Game("all-fives", 2, seed=7).rounds[0].hands
    assert first.seed is None and first.rng is stream
    # a second game goes on from where the stream is: the deal a game seeded 7 draws next
    second = dl.Game("all-fives", 2, seed=stream)
    assert second.rounds[0].hands == dl.Game("all-fives", 2, seed=7)._random_deal().hands
    assert second.rounds[0].hands != first.rounds[0].hands
    rec = dl.game_to_record(dl.play_game("all-fives", 2, ["random", "random"], seed=random.Random(3)))
    assert rec["seed"] is None
    assert dl.check_records([rec]) == []  # replayed from its deals


def test_greedy_takes_the_largest_immediate_score():
    a = ["1|4", "0|0", "0|1", "0|2", "0|3", "0|4", "0|5", "0|6", "1|1"]
    b = ["1|6", "4|4", "2|2", "2|3", "2|5", "2|6", "3|3", "3|5", "3|6"]
    g = Game("all-fives", 2, hands=[a, b], leader=0)
    g.apply("1|4")
    # 1|6 on low -> 4 + 6 = 10; 4|4 on high -> 1 + 8 = 9
    assert dl.GreedyBot().choose(g.view()) == Action.play("1|6", "1|4:low")
    assert dl.explain_choice(g.view()) == "greedy would play 1|6 on 1|4:low for 10 (count 10)"


def test_an_action_built_by_hand_with_plain_strings_means_what_it_says():
    g = Game(
        "all-fives",
        2,
        hands=[
            ["1|4"] + [f"{a}|6" for a in range(6)] + ["6|6", "2|3"],
            ["0|0", "0|1", "0|2", "0|3", "0|4", "0|5", "1|1", "1|2", "1|3"],
        ],
        leader=0,
    )
    rec = g.apply(Action("play", "1|4"))  # type: ignore[arg-type]
    assert rec.act is dl.Act.PLAY and str(rec.tile) == "1|4"
    with pytest.raises(dl.IllegalAction, match="unknown act 'jump'"):
        g.apply(Action("jump"))  # type: ignore[arg-type]


def test_a_bot_may_answer_with_an_action_built_from_strings():
    class Stringly:
        name = "stringly"

        def choose(self, view):
            a = view.legal_actions[-1]
            return Action(a.act.value, a.tile, a.at)  # type: ignore[arg-type]

    g = dl.play_game("all-fives", 2, [Stringly(), "random"], seed=3)
    plain = [a for rs in g.rounds for a in rs.actions if a.seat == 0]
    assert g.is_over and any(a.act is dl.Act.PLAY for a in plain)


def test_a_bot_that_chooses_an_illegal_action_is_named_with_the_reason():
    class Cheat:
        name = "cheat"

        def choose(self, view):
            return Action.pass_()

        def __repr__(self):
            return "Cheat()"

    with pytest.raises(dl.DominolabError, match=r"bot Cheat\(\) chose pass, which is not legal: .*must play"):
        dl.play_game("all-fives", 2, [Cheat(), Cheat()], seed=1)


# -- RULES.md, game end: a tie at the top over the target plays on until one side is alone on top --

TIE_HANDS = [["0|2", "0|4", "3|6", "4|5", "2|2"], ["2|3", "5|6", "6|6", "1|6", "4|6"]]
TIE_BONE = "2|5 3|4 1|3 2|6 1|2 2|4 1|5 3|3 0|6 1|1 5|5 0|1 4|4 0|0 3|5 0|3 1|4 0|5".split()


def _first_round(hands, boneyard, leader, scores):
    """A hand-made five-up round from ``scores``, every seat playing its first legal action."""
    g = Game("five-up", 2, hands=hands, boneyard=boneyard, leader=leader, scores=scores)
    while len(g.rounds) == 1 and not g.is_over:
        g.apply(g.legal_actions()[0])
    return g


def test_five_up_after_a_tie_over_61_the_first_side_alone_on_top_wins_even_under_61():
    # 62/62 after a settled round; the next round is blocked, scores nothing by placement, and
    # its deductions take both sides under 61 (56/47): the side alone on top wins all the same
    g = _first_round(TIE_HANDS, TIE_BONE, 1, [62, 62])
    rs = g.round
    assert rs.end_reason == "blocked" and all(not a.points for a in rs.actions)
    assert rs.settlement.changes == (-6, -15) and g.scores == (56, 47)
    assert g.is_over and g.outcome.winner == 0 and g.outcome.reason == "after-round"
    assert len(g.rounds) == 1


def test_five_up_the_same_round_without_an_earlier_tie_does_not_end_the_game():
    # from 59/50 (no tie over 61) the same blocked round leaves 53/35: nobody at 61, play goes on
    g = _first_round(TIE_HANDS, TIE_BONE, 1, [59, 50])
    assert g.rounds[0].scores == (53, 35) and not g.is_over


def test_five_up_a_tie_over_61_that_is_tied_again_plays_yet_another_round():
    # 62/62; seat 1 scores 1 shown point by placement (0|1 on 1|5: sum 5), seat 0 goes out,
    # and seat 1 deducts round5(3) / 5 = 1 for the 1|2 it holds: 62/62 again
    hands = [["4|6", "1|5", "3|6", "5|6", "3|5"], ["0|1", "1|2", "0|0", "1|4", "6|6"]]
    bone = "1|3 1|6 3|3 2|4 0|2 2|5 0|6 2|2 2|3 5|5 1|1 0|5 4|4 3|4 2|6 0|4 4|5 0|3".split()
    g = _first_round(hands, bone, 0, [62, 62])
    rs = g.rounds[0]
    assert rs.end_reason == "domino" and rs.scores == (62, 62)  # tied at the top again
    assert not g.is_over and not g.round.is_over  # so a further whole round is dealt


def _all_fives_three():
    a = ["0|5", "0|0", "0|1", "0|2", "0|3", "0|4", "0|6"]
    b = ["1|1", "1|2", "1|3", "1|4", "1|5", "1|6", "2|2"]
    c = ["5|5", "2|3", "2|4", "2|5", "2|6", "3|3", "3|4"]
    return [a, b, c]


def test_all_fives_while_the_top_is_tied_over_200_a_third_seat_reaching_200_below_it_does_not_win():
    # 202.5 / 202.5 / 190 after a three-player split; seat 2 leads 5|5 (10) and reaches 200
    half = Fraction(405, 2)
    g = Game("all-fives", 3, hands=_all_fives_three(), leader=2, scores=[half, half, 190])
    assert g.apply("5|5").points == 10 and g.scores == (half, half, 200)
    assert not g.is_over  # below the tied leaders: play goes on
    # seat 0 scores 10 (5|5 terminal 10 + 0): alone on top, it wins at once
    assert g.apply("0|5@5|5:line-a").points == 10
    assert g.is_over and g.outcome.winner == 0 and g.outcome.reason is dl.GameEnd.TARGET
    assert g.round.end_reason == "target" and g.scores == (half + 10, half, 200)


def test_all_fives_while_the_top_is_tied_a_third_seat_that_passes_the_leaders_wins_at_once():
    half = Fraction(405, 2)
    g = Game("all-fives", 3, hands=_all_fives_three(), leader=2, scores=[half, half, 195])
    g.apply("5|5")
    assert g.is_over and g.outcome.winner == 2 and g.scores == (half, half, 205)


def test_dominos_cc_a_three_way_tie_over_150_is_not_a_win():
    hands = [["0|5", "0|0", "0|1", "0|2", "0|3", "0|4"], ["1|1", "1|2", "1|3", "1|4", "1|5", "1|6"]]
    hands.append(["5|5", "2|3", "2|4", "2|5", "2|6", "3|3"])  # 5|5 is the highest double: seat 2 leads
    g = Game("dominos-cc", 3, hands=hands, scores=[150, 150, 140])
    g.apply("5|5")
    assert g.scores == (150, 150, 150) and not g.is_over
    g.apply("0|5@5|5:line-a")  # 10 + 0 = 10: seat 0 alone on top
    assert g.is_over and g.outcome.winner == 0 and g.scores == (160, 150, 150)


def test_an_action_from_an_older_list_of_legal_actions_is_checked_again():
    # apply() trusts only the list legal_actions() gave for the very state it is in
    g = dl.Game("all-fives", players=2, seed=3)
    legal = g.legal_actions()
    first = legal[0]
    g.apply(first)
    with pytest.raises(dl.IllegalAction, match="cannot play"):
        g.apply(first)  # the same tile again: refused, and nothing changed
    assert len(g.round.actions) == 1


def test_a_plain_tuple_equal_to_a_legal_action_is_checked_not_trusted():
    # ("play", tile, None) == Action(Act.PLAY, tile, None), since a StrEnum equals its string;
    # trusted, it would have been applied as a pass
    g = dl.Game("block", players=2, seed=4)
    lead = g.legal_actions()[0]
    look_alike = ("play", lead.tile, None, None)
    assert look_alike == lead
    with pytest.raises(dl.IllegalAction, match="cannot read action"):
        g.apply(look_alike)  # type: ignore[arg-type]
    assert g.round.actions == [] and g.apply(lead).act is dl.Act.PLAY


def test_one_loop_of_bot_turns_stops_where_asked():
    """dl.play_bots is the one bot-turn loop (play_game, the game table's bots, the expert's
    playouts, the drills): it stops at a seat without a bot, when asked, or after N actions."""
    g = Game("all-fives", 2, seed=5)
    bot = dl.make_bot("greedy")
    dl.play_bots(g, [bot, None])
    assert not g.is_over and g.to_move == 1  # seat 1 has no bot: the loop waits for it
    g2 = Game("all-fives", 2, seed=5)
    dl.play_bots(g2, [bot, bot], max_actions=3)
    assert len(g2.round.actions) == 3
    g3 = dl.play_bots(Game("all-fives", 2, seed=5), [bot, bot], until=lambda g: len(g.board) >= 4)
    assert len(g3.board) == 4
    whole = dl.play_bots(Game("all-fives", 2, seed=5), [bot, bot])
    assert whole.is_over and dl.check_records([dl.game_to_record(whole)]) == []
    assert dl.bot_seed(7, 1) != dl.bot_seed(7, 2) != dl.bot_seed(8, 2)


def test_the_walkthrough_of_a_muggins_game_pushes_the_records_own_actions():
    """It used to read its own English back ('seat 1 claims 10') as a tile, and crash."""
    r = dl.preset("all-fives").replace(muggins=True)
    g = dl.play_game(r, 2, [dl.make_bot("greedy", 1, miss=0.3), dl.make_bot("greedy", 2, miss=0.3)], seed=0)
    for rs in g.rounds:
        lines = dl.walkthrough(g, rs.number)
        claims = [a for a in rs.actions if a.act is dl.Act.CLAIM]
        assert sum("claims" in line for line in lines) == len(claims)


@pytest.mark.parametrize("name", dl.PRESETS)
def test_the_walkthrough_shows_the_layout_every_few_placements_and_after_the_last(name, capsys):
    g = dl.play_game(name, 2, "greedy", seed=3)
    rs = g.rounds[0]
    lines = dl.walkthrough(g, rs.number, boards=3)
    words_only = [x for x in lines if isinstance(x, str)]
    assert words_only == dl.walkthrough(g, rs.number)  # the sentences are the same
    plays = [a for a in rs.actions if a.act is dl.Act.PLAY]
    shown = [x for x in lines if isinstance(x, dl.Board)]
    counts = [len(b) for b in shown]
    expected = sorted({*range(3, len(plays) + 1, 3), len(plays)})
    assert counts == expected  # after every third placement, and after the last
    final = dl.Board(g.rules)
    for a in plays:
        final.play(a.tile, a.at)
    assert shown[-1].tiles == final.tiles
    # each picture comes after the sentence of the placement it shows
    for b in shown:
        i = lines.index(b)
        last = b.placements[-1].tile
        said = [x for x in lines[:i] if isinstance(x, str) and str(last) in x]
        assert said, f"{last} shown before it is said"
    dl.tell(lines)  # outside a notebook a layout is told as text
    assert str(shown[-1]) in capsys.readouterr().out


@pytest.mark.parametrize("boards", [0, -2, True, "3", 1.5])
def test_the_walkthrough_refuses_a_bad_number_of_placements_between_pictures(boards):
    g = dl.play_game("all-fives", 2, "greedy", seed=3)
    with pytest.raises(dl.DominolabError, match="boards is how many placements"):
        dl.walkthrough(g, 1, boards=boards)


def test_the_walkthrough_says_why_each_round_is_led_from_the_rounds_own_lead():
    """Round 2 on is led by the seat that went out (or by a new lot after a block), not 'a lot'
    as the walkthrough used to say of every round (seeds 000 and 002: 'Quien juega su última
    ficha abre la ronda siguiente')."""
    g = dl.play_game("all-fives", 2, "greedy", seed=1)
    seen = set()
    for rs in g.rounds:
        line = next(x for x in dl.walkthrough(g, rs.number) if x.startswith("Who leads"))
        seen.add(rs.leader_by)
        if rs.leader_by is dl.LeaderBy.LAST_TILE:
            assert "played its last tile in the round before" in line
        else:
            assert "a lot chooses" in line
    assert dl.LeaderBy.LAST_TILE in seen


def test_the_walkthrough_of_a_round_led_by_the_last_tile_where_the_highest_double_leads_plays_it():
    """In the line games the highest double leads the first round and the seat that went out
    the next: the walkthrough replayed such a round in a fresh game, whose first round is led
    by the highest double, and refused its own leader (draw, 2 players, seed 7, round 3)."""
    for name, players in (("draw", 2), ("draw", 3), ("block", 4)):
        g = dl.play_game(name, players, ["random"] * players, seed=7)
        led = [rs.number for rs in g.rounds if rs.leader_by is dl.LeaderBy.LAST_TILE]
        assert led, name
        for number in led:
            line = next(x for x in dl.walkthrough(g, number) if x.startswith("Who leads"))
            assert "played its last tile in the round before" in line


def test_a_games_outcome_names_its_sides_as_everything_else_does():
    g = dl.play_game("all-fives", 4, "greedy", seed=1)
    text = str(g.outcome)
    assert text.startswith(("Seats 0+2 win", "Seats 1+3 win")) and "scores: Seats 0+2" in text
    g = dl.play_game("dominos-cc", 3, "greedy", seed=1)
    assert str(g.outcome).startswith(f"Seat {g.outcome.winner} wins")


@pytest.mark.parametrize("width", [40, 88])
def test_tell_wraps_a_walkthrough_at_spaces_within_its_width_and_keeps_every_word(capsys, width):
    """JupyterLab breaks a printed line wider than the page anywhere, mid-word (issue 33, item
    9: lesson 5½'s walls of text): dl.tell wraps each sentence at a space, within ``width``
    columns, its continuation indented, every word kept in order."""
    g, rs = dl.find_round_with("five-up", 2, "domino", ("draw", "pass"), longest=40)
    lines = dl.walkthrough(g, rs.number)
    dl.tell(lines, width)
    out = capsys.readouterr().out.splitlines()
    assert all(len(x) <= width for x in out if " " in x.strip())  # a lone word may not fit
    assert " ".join(out).split() == " ".join(lines).split()
    starts = [x for x in out if any(line.startswith(x) for line in lines)]  # a sentence's first line
    assert len(out) > len(lines) and all(x.startswith("  ") for x in out if x not in starts)


@pytest.mark.parametrize("width", [5, 19, 88.0, True, "88"])
def test_tell_refuses_a_width_that_is_not_a_whole_number_of_columns(width, capsys):
    with pytest.raises(dl.DominolabError, match="width is a whole number of columns"):
        dl.tell(["a line"], width)
    assert capsys.readouterr().out == ""
