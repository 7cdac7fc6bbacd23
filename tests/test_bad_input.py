"""Bad input gets a clear error and changes nothing: the public functions and the command
line are called with junk of every kind, and only dominolab's own errors may come back
(no TypeError, IndexError or traceback from deep inside)."""

import contextlib
import io
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dominolab as dl
from dominolab.cli import main

JUNK = [None, 1, -1, 1.5, float("nan"), True, "", "x", "1|4", "4|1", "7|7", "1|4:low", "1|4:nowhere", ":",
        "1|1@1|4:low", "draw", "pass", (1, 4), (1,), (1, 2, 3), ("1|4", "low"), ("9|9", "low"), ("1|4", None),
        {}, [], [1], ["1|4", 7], b"1|4", object(), 10**20, "all-fives", "chess", "@"]  # fmt: skip


def _reads(board, game, x, y):
    """The public entry points that read what a learner types and change nothing."""
    return [
        lambda: board.why_not(x, y),
        lambda: board.can_play(x, y),
        lambda: board.points_for(x, y),
        lambda: board.placements_for(x),
        lambda: board.plays(x),
        lambda: board.connection(x),
        lambda: x in board,
        lambda: dl.Tile(x),
        lambda: dl.hand(x),
        lambda: dl.Action.parse(x),
        lambda: dl.best_placements(board, x),
        lambda: dl.best_placements(x, ["1|4"]),
        lambda: dl.settle("all-fives", [[], x], domino_seat=0),
        lambda: dl.settle("all-fives", [["1|4"], ["2|2"]], domino_seat=x),
        lambda: dl.variant(x),
        lambda: dl.variant("all-fives").replace(score_divisor=x),
        lambda: dl.Game(x),
        lambda: dl.Game("all-fives", x),
        lambda: dl.Game("all-fives", 2, seed=x),
        lambda: game.why_not(x),
        lambda: game.view(x),
        lambda: dl.round5(x),
        lambda: dl.tally_strokes(x),
        lambda: dl.make_puzzle(x),
        lambda: dl.exercise(x),
        lambda: dl.simulate("all-fives", 2, x, games=1),
        lambda: dl.simulate(
            "all-fives", 2, "random", games=-1 if x == 10**20 else x
        ),  # 10**20 would just play
    ]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(dl.PRESETS),
    placed=st.integers(0, 9),
    x=st.sampled_from(JUNK),
    y=st.sampled_from(JUNK),
)
def test_public_functions_answer_junk_with_a_dominolab_error_and_change_nothing(preset, placed, x, y):
    board = dl.Board(preset)
    for tile, at in dl.examples.SEED_SEQUENCE[:placed]:
        if board.can_play(tile, at):
            board.play(tile, at)
    game = dl.Game(preset, 2, seed=placed)
    layout, state = repr(board), str(game)
    for read in _reads(board, game, x, y):
        with contextlib.suppress(dl.DominolabError):
            read()
    assert (repr(board), str(game)) == (layout, state)
    try:
        board.play(x, y)  # legal junk (a real placement) is placed; anything else is refused
        board.undo()
    except dl.DominolabError:
        pass
    try:
        game.apply(x)
    except dl.DominolabError:
        assert str(game) == state  # a refused action changed nothing
    assert repr(board) == layout


_TOKENS = ["simulate", "replay", "check", "score", "--variant", "all-fives", "chess", "--players", "0", "2",
           "4", "5", "x", "--games", "2", "--seed", "-1", "--bots", "random", "nobody", "random,greedy", ",",
           "--out", "--partnerships", "--no-partnerships", "--quiet", "--game", "99", "1|4", "1|1@1|4:low",
           "9|9", "1|4@", "@", "1|1@1|4:nowhere", "", "nan", "3.5"]  # fmt: skip
# (largest and --workers are left out: a search or a process pool per example is too slow here;
# tests/test_cli.py checks their bad arguments one by one)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_command_line_answers_bad_arguments_without_a_traceback(tmp_path_factory, data):
    d = tmp_path_factory.mktemp("cli")
    bad = d / "bad.json"
    bad.write_text('{"format": "dominolab/game-record@1"')
    files = [str(d / "g.jsonl"), str(bad), str(d), str(d / "missing.jsonl"), str(d / "out.txt")]
    argv = [data.draw(st.sampled_from(_TOKENS[:4]))]
    argv += data.draw(st.lists(st.sampled_from(_TOKENS + files), max_size=6))
    if argv[0] == "simulate" and "--games" not in argv:
        argv += ["--games", "2"]  # keep every run small
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(argv)
        except SystemExit as e:  # argparse: a usage error
            status = e.code
    assert "Traceback" not in out.getvalue() + err.getvalue()
    if status not in (0, None):
        assert (out.getvalue() + err.getvalue()).strip(), f"{argv}: a failure must say why"


@pytest.mark.parametrize(
    ("call", "says"),
    [
        (lambda: dl.largest("all-fives", max_nodes="x"), "max_nodes must be a whole number"),
        (lambda: dl.largest("all-fives", tiles=5), "cannot read tiles from 5"),
        (lambda: dl.load_records(5), "give the path of a .json or .jsonl file, not 5"),
        (lambda: dl.loads_records(5), "records are read from text (JSON), not int"),
        (lambda: dl.check_records(5), "expected records (a list of record objects), got int"),
        (lambda: dl.game_to_json(5), "a record is written from a dl.Game, not 5"),
        (lambda: dl.play_game("all-fives", 2, bots=[1, 2]), "1 is not a bot: give a name"),
        (lambda: dl.play_game("all-fives", 2, max_rounds="x"), "max_rounds must be a whole number"),
        (lambda: dl.example_board("chess"), "unknown example 'chess'; known: seed"),
        (lambda: dl.explain_choice(5), "explain_choice needs a seat's view"),
        (lambda: dl.make_bot(5), "5 is not a bot"),
        (lambda: dl.ExpertBot(ms="fast"), "ms must be a number of milliseconds"),
    ],
)
def test_library_calls_with_the_wrong_kind_of_argument_say_what_was_expected(call, says):
    with pytest.raises(dl.DominolabError, match=re.escape(says)):
        call()


@pytest.mark.parametrize("game", [0, 4, "2", True])
def test_the_replayer_names_the_games_a_file_holds(tmp_path, game):
    dl.simulate("all-fives", 2, "random", 3, out=tmp_path / "g.jsonl")
    with pytest.raises(dl.DominolabError, match=re.escape(f"holds games 1 to 3, not {game!r}")):
        dl.Replayer(tmp_path / "g.jsonl", game=game)


def test_dump_records_writes_nothing_unless_every_record_has_the_format(tmp_path):
    good = dl.game_to_record(dl.play_game("all-fives", 2, ["greedy", "greedy"], seed=1))
    with pytest.raises(dl.InvalidRecord, match="record 2, field 'format': missing"):
        dl.dump_records([good, {"players": 2}], tmp_path / "g.jsonl")
    assert list(tmp_path.iterdir()) == []
    assert dl.dump_records(good, tmp_path / "one.json") == 1  # one record alone is a list of one
    assert dl.check_records(good) == []


def test_play_game_takes_one_bot_name_for_every_seat():
    assert dl.game_to_record(dl.play_game("all-fives", 3, "greedy", seed=2)) == dl.game_to_record(
        dl.play_game("all-fives", 3, ["greedy"] * 3, seed=2)
    )


@pytest.mark.parametrize("argv", [["simulate", "--games", "2", "--players", "5"], ["score", "9|9"]])
def test_a_bad_argument_exits_2_with_one_line(argv, capsys):
    with pytest.raises(SystemExit) as e:
        raise SystemExit(main(argv))
    assert e.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
