"""The game review (issue 38): every turn of a seat against the most it could have scored then,
from what it could see; muggins claims and calls; the summaries, the chart, the challenge, the
command line."""

import json

import pytest

import dominolab as dl
from dominolab.cli import main

ALL = dl.DOUBLE_SIX


def rest(*hands):
    used = {dl.Tile(t) for h in hands for t in h}
    return [t for t in ALL if t not in used]


def test_greedy_misses_nothing_and_every_turn_is_counted():
    for name in dl.FIVES_GAMES:
        g = dl.play_game(name, 2, ["greedy", "greedy"], seed=5)
        r = dl.review(g, seat=0)
        assert r.missed() == 0 and r.scored() == r.available()
        plays = sum(1 for rs in g.rounds for a in rs.actions if a.seat == 0)
        assert len(r.turns) == plays  # every action of the seat is a turn of the review


def test_a_miss_names_the_better_placement_and_it_really_scores_that_much():
    g = dl.play_game("all-fives", 2, ["random", "greedy"], seed=3)
    r = dl.review(g, seat=0)
    assert r.missed() > 0
    for t in r.biggest(10):
        c = r.challenge(t)
        assert c.check(t.best_move).right  # the engine's own best placement meets the goal
        assert c.goal == t.best and t.missed == t.best - t.scored > 0


def test_a_hand_made_turn_that_scored_nothing_where_15_was_there():
    """Lead 1|4 (5); seat 1 holds 6|6 and 1|6: 1|6 on 1|4:low leaves 4 + 6 = 10, but 6|6 cannot
    go yet; seat 1 plays 1|2 on 1|4:low (4 + 2 = 6: nothing) instead of 1|6 (10)."""
    hands = [
        ["1|4", "0|0", "0|1", "0|2", "0|3", "0|4", "0|5", "0|6", "3|3"],
        ["1|6", "1|2", "2|2", "2|3", "2|4", "2|5", "2|6", "3|4", "3|5"],
    ]
    g = dl.Game("all-fives", 2, hands=hands, boneyard=rest(*hands), leader=0)
    g.apply("1|4")
    g.apply("1|2@1|4:low")
    r = dl.review(g, seat=1)
    (t,) = r.turns
    assert (t.scored, t.best, t.best_move, t.missed) == (0, 10, "1|6@1|4:low", 10)
    assert "1|6 on 1|4:low leaves 4 + 6 = 10" in t.why and "would have scored 10" in str(t)
    c = r.challenge()
    assert c.check("1|6@1|4:low").right
    assert "not legal" in c.check("2|2@1|4:low").text and c.check("2|2@1|4:low").right is False
    assert "not in the hand" in c.check("6|6@1|4:low").text


def test_muggins_a_short_claim_and_a_call_let_go_are_missed_points():
    r = dl.preset("all-fives").replace(muggins=True)
    hands = [
        ["5|5", "0|0", "0|1", "0|2", "0|3", "0|4", "0|6", "1|1", "1|2"],
        ["0|5", "1|3", "1|4", "2|2", "2|3", "2|4", "3|3", "3|4", "4|4"],
    ]
    g = dl.Game(r, 2, hands=hands, boneyard=rest(*hands), leader=0)
    g.apply("5|5")  # count 10
    g.apply("claim 5")  # short
    g.apply("let-go")  # seat 1 lets the 10 go
    g.apply("0|5@5|5:line-a")  # 0 + 10 = 10
    g.apply("claim 10")  # right
    r0, r1 = dl.review(g, seat=0), dl.review(g, seat=1)
    claim = next(t for t in r0.turns if t.act == "claim")
    assert (claim.scored, claim.missed, claim.best_move) == (0, 10, "claim 10")
    let_go = next(t for t in r1.turns if t.act == "let-go")
    assert (let_go.missed, let_go.best_move) == (10, "muggins")
    right = next(t for t in r1.turns if t.act == "claim")
    assert (right.scored, right.missed) == (10, 0)
    assert r1.scored() == 10 and r0.scored() == 0  # points are scored by claims, not twice


@pytest.mark.parametrize("rules", [*dl.FIVES_GAMES, dl.preset("all-fives").replace(muggins=True)], ids=str)
def test_what_the_review_says_a_seat_scored_is_what_the_game_scored_for_it(rules):
    """At two players each side is one seat: the review's points (placements with the going-out
    point, nothing past an exact target; right claims and calls) are the game's own tally."""
    name = rules if isinstance(rules, str) else rules.name
    for seed in range(6):
        bots = [dl.make_bot("random", seed, miss=0.3), dl.make_bot("greedy", seed + 1, miss=0.3)]
        g = dl.play_game(rules, 2, bots, seed=seed)
        for seat in (0, 1):
            assert dl.review(g, seat).scored() == g.placement_points()[seat], (name, seed, seat)


def test_the_summary_and_the_chart_say_the_same():
    g = dl.play_game("five-up", 3, ["random", "greedy", "greedy"], seed=4)
    r = dl.review(g, seat=0)
    text = r.summary()
    assert f"{r.scored()} shown points scored" in text and f"{r.missed()} more were there" in text
    assert "keeping a tile for later may be worth more" in text  # 'best' is said honestly
    fig = dl.charts.review_chart(r)
    scored, avail, marks = fig.data
    assert scored.y[-1] == r.scored() and avail.y[-1] == r.available()
    assert len(marks.x) == sum(1 for t in r.turns if t.missed)
    assert json.loads(json.dumps(r.to_dict()))["missed"] == r.missed()


def test_bad_input_gets_a_clear_error():
    g = dl.play_game("all-fives", 2, "greedy", seed=1)
    with pytest.raises(dl.DominolabError, match="seat 5 is not a seat"):
        dl.review(g, seat=5)
    with pytest.raises(dl.DominolabError, match="review a Game, a game record"):
        dl.review(42)
    with pytest.raises(dl.DominolabError, match="missed no placement"):
        dl.review(dl.play_game("all-fives", 2, "greedy", seed=1), 0).challenge(dl.review(g, 0).turns[0])


def test_the_command_line_reviews_a_record(tmp_path, capsys):
    g = dl.play_game("all-fives", 2, ["random", "greedy"], seed=3)
    path = tmp_path / "game.json"
    path.write_text(dl.game_to_json(g))
    assert main(["review", str(path), "--seat", "0"]) == 0
    out = capsys.readouterr().out
    assert (
        out.startswith("Seat 0 in all-fives, 2 players:") and "Every turn, and how each round ended:" in out
    )
    assert main(["review", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["seat"] == 0
    assert main(["review", str(path), "--seat", "3"]) == 2
    assert "seat 3 is not a seat" in capsys.readouterr().err


def test_the_expert_s_choice_is_a_legal_move_of_the_position_and_said_beside_the_best():
    g = dl.play_game("dominos-cc", 2, ["random", "greedy"], seed=1)
    r = dl.review(g, seat=0, expert=True)
    asked = [t for t in r.turns if t.expert_move is not None]
    assert asked
    for t in asked:
        checked = dl.Challenge(r.rules, t).check(t.expert_move)
        assert "not legal" not in checked.text and "cannot be read" not in checked.text
        assert t.expert_scores <= t.best  # the most points now is the most
    differ = [t for t in asked if t.expert_move != t.best_move]
    assert all("the expert plays" in str(t) for t in differ)


def test_the_review_says_how_each_round_ended_in_the_engines_words():
    g = dl.play_game("all-fives", 2, ["random", "greedy"], seed=3)
    r = dl.review(g, 0)
    assert [n for n, _ in r.ends] == [rs.number for rs in g.rounds]
    text = str(r)
    for rs in g.rounds[:-1]:
        assert rs.settlement.lines[-1] in text
    assert r.to_dict()["ends"][0]["lines"][0] == "Round 1 ends:"
