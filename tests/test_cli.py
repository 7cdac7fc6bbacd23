"""The command line: simulate, replay, check, score, and its errors."""

import json
import subprocess
import sys

import pytest

import dominolab as dl
from dominolab.cli import main


def run(*args):
    p = subprocess.run(
        [sys.executable, "-m", "dominolab", *args], capture_output=True, text=True, timeout=120
    )
    return p.returncode, p.stdout, p.stderr


def test_simulate_writes_records_and_prints_a_summary(tmp_path):
    out = tmp_path / "games.jsonl"
    rc, so, se = run(
        "simulate",
        "--variant",
        "all-fives",
        "--players",
        "3",
        "--games",
        "20",
        "--seed",
        "1",
        "--bots",
        "greedy,random,greedy",
        "--out",
        str(out),
    )
    assert rc == 0, se
    assert "20 games of all-fives, 3 players" in so and "wins" in so and "from placements" in so
    recs = dl.load_records(out)
    assert len(recs) == 20 and [r["seed"] for r in recs] == list(range(1, 21))


def test_simulate_partnership_switch(tmp_path, capsys):
    out = tmp_path / "g.json"
    assert (
        main(
            [
                "simulate",
                "--variant",
                "five-up",
                "--players",
                "4",
                "--games",
                "2",
                "--bots",
                "greedy",
                "--no-partnerships",
                "--out",
                str(out),
                "--quiet",
            ]
        )
        == 0
    )
    assert dl.load_records(out)[0]["sides"] == [[0], [1], [2], [3]]


def test_replay_shows_the_game_as_text(tmp_path, capsys):
    out = tmp_path / "g.jsonl"
    main(["simulate", "--games", "3", "--bots", "greedy", "--out", str(out), "--quiet"])
    capsys.readouterr()
    assert main(["replay", str(out), "--game", "2"]) == 0
    text = capsys.readouterr().out
    assert "game 2 of" in text and "Round 1: seat" in text and "leads" in text
    # the same words as the Replayer: one narration (dl.record.steps)
    views = dl.steps(dl.load_record(out, 2))
    for v in views:
        for line in v.lines:
            assert line in text
    assert any(line.startswith(("Round over", "Seat")) for v in views for line in v.lines[1:])


def test_replay_of_one_game_reads_only_that_game(tmp_path, capsys):
    """replay --game N reads and checks game N alone: a broken line elsewhere in the file does
    not stop it (check still reports it), and a game number past the end is refused."""
    out = tmp_path / "g.jsonl"
    main(["simulate", "--games", "3", "--bots", "greedy", "--out", str(out), "--quiet"])
    lines = out.read_text().splitlines()
    out.write_text("\n".join([lines[0], "{not json", lines[2]]) + "\n")
    capsys.readouterr()
    assert main(["replay", str(out), "--game", "3"]) == 0
    assert "game 3 of" in capsys.readouterr().out
    assert main(["check", str(out)]) != 0
    assert main(["replay", str(out), "--game", "2"]) != 0
    assert "line 2" in capsys.readouterr().err
    assert main(["replay", str(out), "--game", "4"]) != 0
    assert "holds games 1 to 3" in capsys.readouterr().err


def test_check_accepts_good_records_and_reports_broken_ones(tmp_path, capsys):
    out = tmp_path / "g.jsonl"
    main(["simulate", "--games", "3", "--bots", "greedy", "--out", str(out), "--quiet"])
    assert main(["check", str(out)]) == 0
    assert "3 records checked, 0 broke a rule" in capsys.readouterr().out
    recs = dl.load_records(out)
    recs[1]["rounds"][0]["actions"][0]["sum"] += 1
    out.write_text("".join(json.dumps(r) + "\n" for r in recs))
    assert main(["check", str(out)]) == 1
    text = capsys.readouterr().out
    assert "game 2, round 1, action 1, field 'sum'" in text and "1 broke a rule" in text


def test_score_prints_the_board_trace(capsys):
    assert main(["score", "1|4", "1|1@1|4:low", "4|4@1|4:high", "--variant", "all-fives"]) == 0
    text = capsys.readouterr().out
    assert "count 4 + 1 = 5 → 5 points" in text and "count 2 + 8 = 10 → 10 points" in text


def test_largest_prints_the_answer_and_a_layout(capsys):
    assert main(["largest", "--variant", "all-fives", "--what", "score"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("largest score in all-fives: 35\n") and "= 35" in text
    assert main(["largest", "--variant", "five-up", "--what", "score", "--tiles", "0|1", "1|1"]) == 0
    assert "no layout of these tiles scores" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "--players", "7"], "played by 2 to 4 players, not 7"),
        (["simulate", "--variant", "chess"], "unknown game 'chess'"),
        (["simulate", "--bots", "wizard"], "unknown bot 'wizard'"),
        (["simulate", "--games", "0"], "--games must be at least 1"),
        (["simulate", "--games", "many"], "invalid int value"),
        (["simulate", "--out", "x.txt"], "must end in .jsonl or .json"),
        (["simulate", "--workers", "-3"], "workers must be 1 (this process), more"),
        (["replay", "/nonexistent.jsonl"], "cannot read"),
        (["score", "1|4", "4|6@1|4:low"], "move 2 '4|6@1|4:low': 4|6 does not match 1|4:low (1)"),
        (["score", "8|8"], "cannot read tile '8|8'"),
        (["frobnicate"], "invalid choice"),
        (["largest", "--what", "points"], "invalid choice: 'points'"),
        (["largest", "--tiles", "0|9"], "cannot read tile '0|9'"),
        (["largest", "--variant", "five-up", "--method", "search", "--max-nodes", "50"], "use method='milp'"),
    ],
)
def test_bad_arguments_get_one_line_and_a_nonzero_exit(args, message):
    rc, so, se = run(*args)
    assert rc == 2
    assert message in se
    assert "Traceback" not in se and len(se.strip().splitlines()) == 1


def test_a_corrupt_file_gets_one_line(tmp_path):
    p = tmp_path / "bad.jsonl"
    p.write_text('{"format": "dominolab/game-record@1"}\n')
    rc, so, se = run("replay", str(p))
    assert rc == 2 and "bad.jsonl: game 1 (line 1), field 'variant': missing" in se and "Traceback" not in se


def test_an_out_file_that_cannot_be_written_gets_one_line_before_any_game(tmp_path):
    folder = tmp_path / "games.jsonl"
    folder.mkdir()
    rc, so, se = run("simulate", "--games", "100000", "--out", str(folder), "--quiet")
    assert rc == 2 and "is a folder, not a file" in se and "Traceback" not in se
    rc, so, se = run("simulate", "--games", "3", "--out", str(tmp_path / "no" / "g.jsonl"))
    assert rc == 2 and "does not exist" in se and len(se.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.jsonl"]


def test_an_os_error_gets_one_line(monkeypatch, capsys):
    import dominolab.cli as cli

    def refuse(a):
        raise PermissionError(13, "Permission denied", "/root/games.jsonl")

    monkeypatch.setattr(cli, "_cmd_simulate", refuse)
    assert main(["simulate"]) == 2
    err = capsys.readouterr().err.strip()
    assert err == "dominolab simulate: error: Permission denied: /root/games.jsonl"


def test_simulate_with_muggins_writes_version_2_records_that_check(tmp_path):
    out = tmp_path / "mug.jsonl"
    rc, so, se = run(
        "simulate",
        "--variant",
        "dominos-cc",
        "--games",
        "5",
        "--bots",
        "greedy",
        "--muggins",
        "--out",
        str(out),
        "--quiet",
    )
    assert rc == 0, se
    recs = dl.load_records(out)
    assert {r["format"] for r in recs} == {dl.FORMAT_MUGGINS} and all(r["rules"]["muggins"] for r in recs)
    rc, so, se = run("check", str(out))
    assert rc == 0, se


def test_simulate_with_muggins_refuses_a_line_game_with_the_reason():
    rc, so, se = run("simulate", "--variant", "block", "--games", "2", "--muggins", "--quiet")
    assert rc != 0 and "muggins needs placement_scoring" in se


def test_the_command_line_speaks_the_language_asked_for_and_leaves_the_session_as_it_was(capsys):
    assert main(["--lang", "es", "score", "1|4", "4|4@1|4:high"]) == 0
    out = capsys.readouterr().out
    assert "aportaciones: 1|4 4, 1|4 1" in out and "suma 1 + 8 = 9 → 0 puntos" in out
    assert dl.language() == "en"
    assert main(["--lang", "es", "score", "9|9"]) == 2
    assert "no se entiende la ficha '9|9'" in capsys.readouterr().err


def test_the_command_line_speaks_the_environments_language(capsys, monkeypatch):
    monkeypatch.setenv("DOMINOLAB_LANG", "es")
    assert main(["check", "/nonexistent.jsonl"]) == 2
    assert "no se puede leer /nonexistent.jsonl" in capsys.readouterr().err
    monkeypatch.setenv("DOMINOLAB_LANG", "en")
    assert main(["check", "/nonexistent.jsonl"]) == 2
    assert "cannot read /nonexistent.jsonl" in capsys.readouterr().err
