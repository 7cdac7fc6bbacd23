"""Game records (GAME-RECORD.md): round trips, replay, and refusal of bad records."""

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dominolab as dl
from dominolab import InvalidRecord
from dominolab.record import action_to_dict


@pytest.fixture(scope="module")
def record():
    rec = dl.game_to_record(dl.play_game("all-fives", 3, ["greedy", "random", "greedy"], seed=3))
    # the corruption cases below edit round 1's second action as a placement
    assert rec["rounds"][0]["actions"][1]["act"] == "play"
    return rec


def test_record_has_every_field_of_the_format(record):
    assert record["format"] == "dominolab/game-record@1"
    assert set(record) >= {
        "format",
        "variant",
        "rules",
        "players",
        "sides",
        "seed",
        "rounds",
        "result",
    }
    assert record["rules"]["partnerships"] is False and record["sides"] == [[0], [1], [2]]
    r = record["rounds"][0]
    assert set(r) >= {"number", "hands", "boneyard", "leader", "actions", "end", "scores"}
    assert all(len(h) == 7 for h in r["hands"]) and len(r["boneyard"]) == 7
    play = next(a for a in r["actions"] if a["act"] == "play" and a["at"])
    assert set(play) == {"seat", "act", "tile", "at", "sum", "points"}
    assert set(play["at"]) == {"tile", "slot"}
    assert r["actions"][0]["at"] is None
    assert record["result"]["scores"] == record["rounds"][-1]["scores"]


def test_four_player_partnership_record_sides():
    rec = dl.game_to_record(dl.play_game("five-up", 4, ["greedy"] * 4, seed=1))
    assert rec["sides"] == [[0, 2], [1, 3]] and rec["rules"]["partnerships"] is True
    assert rec["variant"] == "five-up"
    # the partnerships switch is a table choice: the preset keeps its name (GAME-RECORD.md)
    rec = dl.game_to_record(dl.play_game("all-fives", 4, ["greedy"] * 4, seed=1, partnerships=False))
    assert rec["sides"] == [[0], [1], [2], [3]] and rec["variant"] == "all-fives"
    assert rec["rules"]["name"] == "all-fives" and rec["rules"]["partnerships"] is False
    assert dl.rules_of(rec) == dl.variant("all-fives").replace(partnerships=False, name="all-fives")
    dl.loads_records(json.dumps(rec))
    rec = dl.game_to_record(dl.play_game("dominos-cc", 4, ["greedy"] * 4, seed=1, partnerships=True))
    assert rec["sides"] == [[0, 2], [1, 3]] and rec["variant"] == "dominos-cc"
    assert dl.check_records([rec]) == []


def test_a_custom_name_on_a_preset_with_only_the_partnerships_switch_changed_is_refused():
    rec = dl.game_to_record(dl.play_game("dominos-cc", 4, ["greedy"] * 4, seed=1, partnerships=True))
    rec["variant"] = rec["rules"]["name"] = "dominos-cc (custom)"
    with pytest.raises(InvalidRecord, match="exactly those of 'dominos-cc' apart from the partnerships"):
        list(dl.replay(rec))


def test_written_and_read_back_is_equal(tmp_path, record):
    for name in ("g.jsonl", "g.json"):
        p = tmp_path / name
        dl.dump_records([record, record], p)
        assert dl.load_records(p) == [record, record]
    p = tmp_path / "one.json"
    dl.dump_records([record], p)
    assert dl.load_records(p) == [record]


def test_same_seed_and_bots_give_byte_identical_files(tmp_path):
    for i in (1, 2):
        res = dl.simulate("dominos-cc", 2, ["greedy", "random"], 5, seed=9, records=True)
        dl.dump_records(res.records, tmp_path / f"{i}.jsonl")
    assert (tmp_path / "1.jsonl").read_bytes() == (tmp_path / "2.jsonl").read_bytes()


def test_replay_reproduces_every_state(record):
    game = dl.play_game("all-fives", 3, ["greedy", "random", "greedy"], seed=3)
    steps = list((s.round, s.index) for s in dl.replay(record))
    assert steps[0] == (1, 0)
    assert len(steps) == sum(len(r["actions"]) + 1 for r in record["rounds"])
    last = list(dl.replay(record))[-1]
    assert last.game.scores == game.scores and last.game.outcome == game.outcome


def test_a_record_from_another_writer_with_minimal_rules_is_accepted(record):
    rec = copy.deepcopy(record)
    rec["rules"] = {"partnerships": False}
    rec["seed"] = None
    for r in rec["rounds"]:
        for h in r["hands"]:
            h.reverse()  # the order of tiles within a hand is free
        r["extra"] = "ignored"
    assert dl.check_records([rec]) == []


def _broken(record, path, value):
    rec = copy.deepcopy(record)
    obj = rec
    for k in path[:-1]:
        obj = obj[k]
    if value is KeyError:
        del obj[path[-1]]
    else:
        obj[path[-1]] = value
    return rec


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("format",), "pgn", "game 1, field 'format': unknown format"),
        (("players",), 5, "field 'players': all-fives is played by 2 to 4 players, not 5"),
        (("sides",), [[0, 1], [2]], "field 'sides'"),
        (("variant",), "chess", "field 'variant': 'chess' names no preset"),
        (
            ("rounds", 0, "hands", 0, 0),
            "6|1",
            "round 1, field 'hands\\[0\\]\\[0\\]': tile '6|1' is not canonical",
        ),
        (
            ("rounds", 0, "hands", 0, 0),
            "9|9",
            "round 1, field 'hands\\[0\\]\\[0\\]': cannot read tile",
        ),
        (("rounds", 0, "actions", 1, "sum"), 99, "round 1, action 2, field 'sum': the end sum is"),
        (("rounds", 0, "actions", 1, "points"), 35, "round 1, action 2, field 'points'"),
        (("rounds", 0, "actions", 0, "act"), "jump", "round 1, action 1, field 'act'"),
        (("rounds", 0, "actions", 0, "at"), KeyError, "round 1, action 1, field 'at': missing"),
        (("rounds", 0, "leader", "by"), "highest-double", "round 1, field 'leader.by'"),
        (("rounds", 0, "end", "winner"), 7, "round 1, field 'end.winner'"),
        (("rounds", 0, "scores"), [1, 2, 3], "round 1, field 'scores': the scores are"),
        (("result", "winner"), None, "field 'result.winner'"),
        (("rounds", 0, "number"), 4, "round 1, field 'number': expected 1"),
        # numbers that Python's JSON reader lets through, and scores that are not numbers
        (
            ("rounds", 0, "actions", 1, "points"),
            float("nan"),
            "round 1, action 2, field 'points': expected a number",
        ),
        (("rounds", 0, "scores"), [float("inf"), 0, 0], "round 1, field 'scores': expected 3 numbers"),
        (
            ("rounds", 0, "end", "settlement"),
            [True, 0, 0],
            "round 1, field 'end.settlement': expected 3 numbers",
        ),
        (("result", "scores"), ["205", 45, 165], "field 'result.scores': expected 3 numbers"),
        (("seed",), True, "field 'seed': expected an integer or null"),
        (("rules", "partnerships"), "yes", "field 'rules.partnerships': must be true or false"),
    ],
)
def test_a_corrupt_record_is_refused_naming_game_round_action_and_field(record, path, value, message):
    rec = _broken(record, path, value)
    with pytest.raises(InvalidRecord, match=message):
        dl.loads_records(json.dumps(rec), "f.jsonl")


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("max_players", None, "field 'rules': max_players must be a whole number"),
        ("winner_leads_next", "yes", "field 'rules': winner_leads_next must be true or false"),
        ("spinners", "all", "field 'rules': spinners must be one of"),
    ],
)
def test_a_custom_rule_set_with_a_bad_setting_is_refused_by_name(key, value, message):
    rules = dl.variant("all-fives").replace(name="casa", targets={2: 300, 3: 300, 4: 300})
    rec = dl.game_to_record(dl.play_game(rules, 3, "greedy", seed=2))
    assert rec["variant"] == "casa"
    rec["rules"][key] = value
    with pytest.raises(InvalidRecord, match=message):
        dl.loads_records(json.dumps(rec), "f.jsonl")


def test_a_preset_record_is_read_by_its_preset_whatever_else_rules_says(record):
    # GAME-RECORD.md: when 'variant' names a preset, the reader plays it by that preset with
    # rules.partnerships; other keys and values are the writer's own description (PGN keeps tags)
    rec = copy.deepcopy(record)
    rec["rules"]["max_players"] = None
    rec["rules"]["winner_leads_next"] = "yes"
    rec["rules"]["house_rule"] = {"spinner": "every double"}
    rec["rules"]["targets"] = {"3": 1}
    assert dl.rules_of(rec) is dl.variant(rec["variant"])
    assert dl.check_records([rec]) == []


def test_an_action_by_the_wrong_seat_is_refused(record):
    rec = copy.deepcopy(record)
    a = rec["rounds"][0]["actions"][1]
    a["seat"] = (a["seat"] + 1) % 3
    with pytest.raises(InvalidRecord, match="round 1, action 2, field 'seat': seat . is to move"):
        dl.loads_records(json.dumps(rec))


def test_an_action_after_the_round_ended_is_refused(record):
    rec = copy.deepcopy(record)
    rec["rounds"][0]["actions"].append({"seat": 0, "act": "pass"})
    with pytest.raises(InvalidRecord, match="no action may follow"):
        dl.loads_records(json.dumps(rec))


def test_an_illegal_pass_is_refused_with_the_rule(record):
    rec = copy.deepcopy(record)
    acts = rec["rounds"][0]["actions"]
    acts.insert(1, {"seat": acts[1]["seat"], "act": "pass"})
    with pytest.raises(
        InvalidRecord,
        match="round 1, action 2, field 'act': seat . (must play when able|cannot pass while the boneyard)",
    ):
        dl.loads_records(json.dumps(rec))


def test_json_lines_errors_name_the_line(tmp_path, record):
    p = tmp_path / "bad.jsonl"
    p.write_text(dl.dumps_record(record) + "\n{not json\n")
    with pytest.raises(InvalidRecord, match="bad.jsonl: line 2: not JSON"):
        dl.load_records(p)
    p.write_text("")
    with pytest.raises(InvalidRecord, match="empty"):
        dl.load_records(p)


def test_a_game_in_progress_records_and_replays():
    g = dl.Game("all-fives", 2, seed=4)
    for _ in range(5):
        g.apply(g.legal_actions()[0])
    rec = dl.game_to_record(g)
    assert rec["result"] is None and rec["rounds"][-1]["end"] is None
    assert dl.check_records([rec]) == []


def test_half_points_are_json_numbers():
    # a 3-player all-fives blocked round split between two tied seats
    for seed in range(3000):
        g = dl.play_game("all-fives", 3, ["random"] * 3, seed=seed)
        if any(
            isinstance(s, float)
            for r in dl.game_to_record(g)["rounds"]
            for s in (r["end"]["settlement"] or [])
        ):
            rec = dl.game_to_record(g)
            r = next(
                r for r in rec["rounds"] if any(isinstance(s, float) for s in (r["end"]["settlement"] or []))
            )
            assert r["end"]["winner"] is None and r["end"]["reason"] == "blocked"
            assert dl.check_records([rec]) == []
            assert dl.loads_records(dl.dumps_record(rec)) == [rec]
            return
    pytest.fail("no split round found")


def test_a_record_that_contains_itself_is_refused_with_a_clear_error():
    rec = dl.game_to_record(dl.play_game("all-fives", 2, seed=1))
    rec["rounds"][0]["end"] = rec  # a cycle: not a tree any more
    with pytest.raises(dl.InvalidRecord, match="contains itself"):
        dl.dumps_record(rec)


@pytest.mark.parametrize("name", dl.PRESETS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_json_writer_gives_the_canonical_text_of_a_valid_record(name, players):
    bots = ["greedy"] * players if name == "five-up" else ["random"] * players
    for seed in range(3):
        game = dl.play_game(name, players, bots, seed=seed)
        text = dl.game_to_json(game)
        assert "\n" not in text
        assert json.dumps(json.loads(text), separators=(",", ":"), ensure_ascii=False) == text
        (back,) = dl.loads_records(text)  # validated and replayed by the engine
        assert back == dl.game_to_record(game)
        assert back["result"]["scores"] == [float(s) if s != int(s) else int(s) for s in game.scores]
        assert sum(len(r["actions"]) for r in back["rounds"]) == sum(len(r.actions) for r in game.rounds)


def test_the_json_writer_escapes_a_custom_rule_set_name_and_writes_games_in_progress():
    # a renamed preset is still recorded by the preset's name, so the rules differ too
    rules = dl.variant("all-fives").replace(name='mis "cincos" ñ\\', targets={2: 300, 3: 300, 4: 300})
    game = dl.Game(rules, players=3, seed=2)
    for _ in range(9):
        game.apply(game.legal_actions()[0])
    text = dl.game_to_json(game)
    rec = json.loads(text)
    assert rec["variant"] == 'mis "cincos" ñ\\' and rec["result"] is None
    assert rec["rounds"][-1]["end"] is None and len(rec["rounds"][-1]["actions"]) == 9
    assert json.dumps(rec, separators=(",", ":"), ensure_ascii=False) == text
    assert dl.loads_records(text)[0] == rec


def test_a_custom_rule_set_of_its_own_must_spell_out_every_setting():
    rules = dl.variant("all-fives").replace(name="casa", targets={2: 300, 3: 300, 4: 300})
    game = dl.Game(rules, players=2, seed=1)
    game.apply(game.legal_actions()[0])
    rec = dl.game_to_record(game)
    assert dl.rules_of(rec) == rules and len(list(dl.replay(rec))) == 2  # every setting given
    del rec["rules"]["spinners"]
    with pytest.raises(InvalidRecord, match="field 'rules'.*rules must give every setting; missing spinners"):
        list(dl.replay(rec))


def test_a_custom_name_on_exactly_a_presets_rules_is_refused():
    game = dl.Game(dl.variant("five-up"), players=2, seed=1)
    rec = dl.game_to_record(game)
    rec["variant"] = "mi juego"
    rec["rules"]["name"] = "mi juego"
    with pytest.raises(InvalidRecord, match="exactly those of 'five-up'"):
        list(dl.replay(rec))


def test_an_action_as_a_dict_is_the_action_in_the_record():
    game = dl.play_game("all-fives", 3, ["random", "greedy", "random"], seed=8)
    rec = dl.game_to_record(game)
    for rs, rr in zip(game.rounds, rec["rounds"], strict=True):
        assert [action_to_dict(a) for a in rs.actions] == rr["actions"]


# -- fuzzing: any corruption is refused with InvalidRecord (or is still a valid record) --------


@pytest.fixture(scope="module")
def fuzz_records():
    return [
        dl.game_to_record(dl.play_game(name, players, ["greedy"] * players, seed=3))
        for name, players in (("all-fives", 3), ("dominos-cc", 2), ("five-up", 4), ("all-fives", 4))
    ]


# JSON values of every kind, the ones Python's reader lets through (NaN, Infinity) included
_JUNK = [
    None,
    True,
    False,
    0,
    1,
    -1,
    3,
    10**30,
    0.5,
    2.5,
    float("nan"),
    float("inf"),
    "",
    "x",
    "1|4",
    "4|1",
    "7|7",
    "play",
    "draw",
    "pass",
    "low",
    "branch-a",
    "all-fives",
    [],
    [1],
    ["1|4"],
    {},
    {"tile": "1|4"},
]


def _places(obj, path=()):
    """Every (container, key) of a JSON tree."""
    items = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else ()
    for k, v in items:
        yield path + (k,)
        yield from _places(v, path + (k,))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_a_corrupted_record_is_refused_with_invalid_record_never_a_crash(fuzz_records, data):
    rec = copy.deepcopy(data.draw(st.sampled_from(fuzz_records)))
    for _ in range(data.draw(st.integers(1, 2))):
        path = data.draw(st.sampled_from(list(_places(rec))))
        parent = rec
        for k in path[:-1]:
            parent = parent[k]
        if data.draw(st.booleans()) and isinstance(parent, dict | list) and len(parent) > 0:
            del parent[path[-1]]  # a field (or list entry) missing
        else:
            parent[path[-1]] = copy.deepcopy(data.draw(st.sampled_from(_JUNK)))
    for text in (json.dumps(rec), json.dumps([rec])):
        try:
            dl.loads_records(text)
        except InvalidRecord as e:
            assert "game 1" in str(e)  # where: the game, then round / action / field
    try:
        for _ in dl.replay(rec):
            pass
    except dl.DominolabError:
        pass


def test_a_dominos_cc_record_with_a_branch_played_before_the_line_sides():
    # the spinner's top is open as soon as it is on the table (RULES.md, Spinners by preset)
    a = ["5|5", "0|1", "0|2", "0|3", "0|4", "0|6", "1|1"]
    b = ["0|5", "1|2", "1|3", "1|4", "1|6", "2|2", "2|3"]
    g = dl.Game("dominos-cc", 2, hands=[a, b])
    g.apply("5|5")
    rec = g.apply("0|5@5|5:branch-a")
    assert (rec.sum, rec.points) == (10, 10)
    record = dl.game_to_record(g)
    assert record["rounds"][0]["actions"][1]["at"] == {"tile": "5|5", "slot": "branch-a"}
    assert dl.check_records([record]) == []
    # the same record played by dominos-cc with sides first (a rule set of its own) is refused there
    other = copy.deepcopy(record)
    other["variant"] = "cc, sides first"
    sides_first = dict(dl.variant("dominos-cc").to_dict(), name="cc, sides first", spinner_sides_first=True)
    other["rules"].update(sides_first)
    (problem,) = dl.check_records([other])
    assert "round 1, action 2" in problem and "open only once both line slots are occupied" in problem


def test_a_record_reads_into_typed_values_and_replays_from_them():
    """read_record types a record (the same Deal, Lead and ActionRecords the game pushed);
    replay takes either form, and a game's history is its record's steps."""
    g = dl.play_game("dominos-cc", 3, "greedy", seed=5)
    rec = dl.read_record(dl.game_to_record(g))
    assert rec.rules == g.rules and rec.players == 3 and rec.seed == 5
    steps = [s for r in rec.rounds for s in (r.deal, r.lead, *r.actions)]
    assert steps == g.history
    assert [r.end.reason for r in rec.rounds] == [rs.end_reason for rs in g.rounds]
    assert rec.result == (g.outcome.winner, g.outcome.scores)
    assert [s.action for s in dl.replay(rec)] == [s.action for s in dl.replay(dl.game_to_record(g))]
    assert dl.read_record(rec) is rec
