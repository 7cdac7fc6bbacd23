"""Property tests over thousands of seeded random games, every preset x 2/3/4 players:
tiles conserved, scores change only by legal amounts, every game ends, and
replay(to_record()) reproduces every state."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dominolab as dl

COMBOS = [(v, n) for v in dl.PRESETS for n in (2, 3, 4)]
GAMES_PER_COMBO = 120  # 9 combos: over a thousand whole games, several thousand rounds


def bots_for(variant, n, seed):
    # random play in five-up lasts ~100 rounds (deductions nearly cancel the placements):
    # mix greedy in so the games stay short
    if variant == "five-up":
        return ["greedy"] * n if seed % 2 else ["greedy", "random"] * (n // 2) + ["greedy"] * (n % 2)
    return ["random"] * n if seed % 3 else ["greedy"] + ["random"] * (n - 1)


def check_game(game, record):
    sides = game.sides
    prev = [0] * len(sides)
    step_scores = None
    for step in dl.replay(record):
        g = step.game
        # the 28 tiles are conserved across hands, boneyard and layout
        # (in block the undealt tiles stay out of play and nobody draws them)
        every = [t for h in g.hands for t in h] + list(g.boneyard) + list(g.out_of_play) + g.board.tiles
        assert not (g.boneyard and g.out_of_play)
        assert sorted(every) == sorted(dl.DOUBLE_SIX)
        assert g.board.end_sum() == sum(c.value for c in g.board.contributions())
        if step.action is None:
            step_scores = list(g.scores)
            continue
        a = step.action
        if a.act == "play":
            # a placement scores the count when it is a positive multiple of five, else nothing
            # (and never in the line games, which score nothing while placing); in
            # fives-and-threes, the rules page's table of threes and fives
            if g.rules.score_by_quotient:
                raw = FIVES_AND_THREES_TABLE.get(a.sum, 0)
            else:
                raw = a.sum if g.rules.placement_scoring and a.sum > 0 and a.sum % 5 == 0 else 0
            assert a.points == raw // g.rules.score_divisor
            step_scores[g.side_of(a.seat)] += a.points
        assert a.act != "draw" or g.rules.drawing
    if game.rules.exact_target:
        check_exact_target_game(game, record)
        return
    # round by round: score change = placements + settlement, and settlement obeys settle()
    for r in record["rounds"]:
        placed = [0] * len(sides)
        for a in r["actions"]:
            if a["act"] == "play":
                placed[game.side_of(a["seat"])] += a["points"]
        settlement = r["end"]["settlement"] or [0] * len(sides)
        for i in range(len(sides)):
            assert r["scores"][i] == pytest.approx(prev[i] + placed[i] + settlement[i])
        if r["end"]["reason"] == "domino":
            assert r["end"]["winner"] == game.side_of(r["actions"][-1]["seat"])
        if r["end"]["reason"] == "target":
            assert r is record["rounds"][-1] and r["end"]["settlement"] is None
        prev = r["scores"]
    # the game ended, by the rules of its preset
    assert game.is_over and record["result"]["scores"] == prev
    target = game.rules.target(game.players)
    top = max(prev)
    assert top >= target and prev.count(top) == 1 and record["result"]["winner"] == prev.index(top)
    if game.rules.target_check is dl.TargetCheck.AFTER_ROUND:
        assert all(r["end"]["reason"] != "target" for r in record["rounds"])
        for r in record["rounds"][:-1]:  # no earlier round ended with a single side on top >= target
            s = r["scores"]
            assert max(s) < target or s.count(max(s)) > 1


#: RULES.md, Fives and Threes, "placement score": what each count of a plain line scores
FIVES_AND_THREES_TABLE = {3: 1, 5: 1, 6: 2, 9: 3, 10: 2, 12: 4, 15: 8, 18: 6, 20: 4, 21: 7, 24: 8}


def check_exact_target_game(game, record):
    """Fives and threes, scored again from the record by the rules page alone: each
    placement's points, and 1 more for the play that ends the round by going out (the second
    of a partnership), added together unless they would take the side past 61; no
    settlement; the game ends the instant a side has exactly 61; the lead passes left."""
    target = game.rules.target(game.players)
    scores = [0] * len(game.sides)
    rounds = record["rounds"]
    for k, r in enumerate(rounds):
        assert r["end"]["settlement"] is None or not any(r["end"]["settlement"])
        if k:
            assert r["leader"] == {"seat": (rounds[k - 1]["leader"]["seat"] + 1) % game.players, "by": "left"}
        plays = [a for a in r["actions"] if a["act"] == "play"]
        out = [0] * game.players
        for a in r["actions"]:
            assert a["act"] in ("play", "pass")
            if a["act"] != "play":
                continue
            side = game.side_of(a["seat"])
            out[a["seat"]] += 1
            dealt = game.rules.hand_size(game.players)
            gone_out = all(out[s] == dealt for s in game.sides[side])  # partners both out
            assert not gone_out or a is plays[-1]
            gain = a["points"] + (1 if gone_out else 0)
            assert gain <= 8 + 1
            if scores[side] + gain <= target:
                scores[side] += gain
            assert max(scores) <= target
            if scores[side] == target:
                assert a is plays[-1] and r is rounds[-1] and r["end"]["reason"] in ("target", "domino")
        if r["end"]["reason"] == "domino":  # the round ends when a side is out: both partners
            side = game.side_of(plays[-1]["seat"])
            dealt = game.rules.hand_size(game.players)
            assert all(out[s] == dealt for s in game.sides[side])
        assert r["scores"] == scores, (k, r["scores"], scores)
    assert game.is_over and record["result"]["scores"] == scores
    assert max(scores) == target and scores.count(target) == 1
    assert record["result"]["winner"] == scores.index(target)


@pytest.mark.parametrize(("variant", "players"), COMBOS)
def test_many_seeded_games_keep_every_invariant(variant, players):
    for seed in range(GAMES_PER_COMBO):
        game = dl.play_game(variant, players, bots_for(variant, players, seed), seed=seed)
        record = dl.game_to_record(game)
        check_game(game, record)
        assert dl.loads_records(dl.dumps_record(record)) == [record]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(combo=st.sampled_from(COMBOS), seed=st.integers(0, 2**32 - 1), data=st.data())
def test_hypothesis_games_with_random_legal_choices(combo, seed, data):
    variant, players = combo
    game = dl.Game(variant, players, seed=seed)
    rng_bot = dl.GreedyBot()
    while not game.is_over and len(game.rounds) < 300:
        acts = game.legal_actions()
        assert acts, "a seat to move always has a legal action"
        kinds = {a.act for a in acts}
        assert len(kinds) == 1  # plays, or one draw, or one pass: never a choice between kinds
        if game.drawn is not None:
            assert all(a.tile == game.drawn for a in acts)
        if len(acts) > 1 and data.draw(st.booleans()):
            game.apply(rng_bot.choose(game.view()))
        else:
            game.apply(data.draw(st.sampled_from(acts)))
    if game.is_over:
        check_game(game, dl.game_to_record(game))


def _candidates(g):
    """Every action a learner could ask for now: each tile as a lead and on each open point
    (and on a closed one), a draw, a pass, each claim, a call and a let-go."""
    b = g.board
    points = [(op.tile, op.slot) for op in b.open_points()]
    if not b.is_empty:
        first = b.tiles[0]
        points.append((first, "branch-a"))  # open only on a spinner, once its branches open
    out = [dl.Action.play(t, None) for t in dl.DOUBLE_SIX]
    out += [dl.Action.play(t, p) for t in dl.DOUBLE_SIX for p in points]
    out += [dl.Action.draw(), dl.Action.pass_(), dl.Action(dl.Act.MUGGINS), dl.Action(dl.Act.LET_GO)]
    out += [dl.Action.claim_(n) for n in range(0, 21)]
    return out


@pytest.mark.parametrize("variant,players", COMBOS)
def test_the_turn_rule_is_the_list_of_legal_actions_and_every_refusal_says_why(variant, players):
    """verify() accepts exactly legal_actions() (the one turn rule), every legal placement is one
    the layout accepts, and every refusal names the rule it breaks (never the bare fallback)."""
    import random

    rules = dl.variant(variant)
    for seed in range(4):
        r = rules.replace(muggins=True, name=variant) if rules.placement_scoring and seed % 2 else rules
        g = dl.Game(r, players, seed=seed)
        rng = random.Random(seed)
        bots = [dl.make_bot("greedy", seed, miss=0.3 if r.muggins else 0.0)] * players
        for _ in range(60):
            if g.is_over:
                break
            legal = g.legal_actions()
            assert len(set(legal)) == len(legal)
            for a in _candidates(g):
                reason = g.why_not(a)
                assert (reason is None) == (a in legal), (a, reason)
                if reason is not None:
                    assert "not among the legal actions" not in reason, (a, reason)
                if a in legal and a.act is dl.Act.PLAY and a.at is not None:
                    assert g.board.can_play(a.tile, a.at)
            choice = bots[g.to_move].choose(g.view()) if rng.random() < 0.7 else rng.choice(legal)
            g.apply(choice)
