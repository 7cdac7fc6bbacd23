"""A learner's progress (issue 36, item 4): the exercises solved are kept in a file on the
learner's machine, with stars for few tries, and the index shows the map."""

import json

import pytest

import dominolab as dl
from dominolab import progress


@pytest.fixture
def kept(tmp_path, monkeypatch):
    path = tmp_path / "progress.json"
    monkeypatch.setenv("DOMINOLAB_PROGRESS", str(path))
    return path


def test_a_right_answer_is_kept_with_its_stars_and_survives_a_new_session(kept):
    ex = dl.exercise("t1-sixes")
    ex.check(6)  # wrong once
    assert ex.check(7).right
    data = json.loads(kept.read_text())
    assert data["solved"]["t1-sixes"]["tries"] == 2 and data["solved"]["t1-sixes"]["stars"] == 2
    assert progress.solved()["t1-sixes"]["stars"] == 2  # read back, as a new kernel would
    assert dl.exercise("t1-sixes").check(7).right  # a better try later keeps the best
    assert progress.solved()["t1-sixes"]["stars"] == 3


def test_the_progress_map_shows_each_lesson_and_the_next_exercise(kept):
    dl.exercise("t1-sixes").check(7)
    table = dl.progress_markdown()
    line = next(x for x in table.splitlines() if "01-tiles-hands-and-the-line" in x)
    assert "★★★" in line and "1 / " in line and "`t1-sixes`" not in line
    assert "**the course** | **1 /" in table
    dl.reset_progress()
    assert not kept.exists() and "**0 /" in dl.progress_markdown()


def test_the_progress_map_counts_the_puzzles_solved_on_the_board(kept):
    assert "on the board" not in dl.progress_markdown()
    q = dl.OnBoard(dl.make_puzzle(1), key="puzzle-all-fives-1-1")
    tile, _, point = q.task.answer.partition("@")
    q.select(tile)
    q.place(point or "lead")
    line = next(x for x in dl.progress_markdown().splitlines() if "on the board" in x)
    assert "1 on the board" in line and "★★★" in line


def test_a_file_that_is_not_a_progress_file_is_refused_and_left_as_it_is(kept):
    kept.write_text("my notes")
    with pytest.raises(dl.DominolabError, match="not a dominolab progress file"):
        dl.progress_markdown()
    assert dl.exercise("t1-sixes").check(7).right  # the exercise still answers
    assert kept.read_text() == "my notes"


def test_a_folder_that_cannot_be_written_keeps_nothing_and_never_stops_an_exercise(tmp_path, monkeypatch):
    monkeypatch.setenv("DOMINOLAB_PROGRESS", str(tmp_path / "missing-folder" / "progress.json"))
    assert dl.exercise("t1-sixes").check(7).right
    assert progress.record_solved("t1-sixes", 1) is False


def test_kernels_writing_at_once_lose_no_solve_and_never_leave_a_torn_file(kept):
    """Two notebooks open at once (or a lesson beside the puzzles) are two kernels writing one
    progress file: each change is made whole, under a lock, so none undoes another's solve and
    no reader ever meets half a file (CI's stop 50 met both: a solve lost, and ``Extra data``)."""
    import subprocess
    import sys

    writer = (
        "import sys\n"
        "from dominolab import progress\n"
        "me = sys.argv[1]\n"
        "for i in range(40):\n"
        "    assert progress.record_solved(f'{me}-{i}', tries=1 + i % 3)\n"
        "    progress.solved()  # a reader between writes: never a torn file\n"
        "    progress.record_streak(i)\n"
    )
    procs = [subprocess.Popen([sys.executable, "-c", writer, f"k{n}"]) for n in range(4)]
    assert [p.wait(timeout=300) for p in procs] == [0, 0, 0, 0]
    done = progress.solved()
    assert sorted(done) == sorted(f"k{n}-{i}" for n in range(4) for i in range(40))
    assert progress.best_streak() == 39
    assert [p.name for p in kept.parent.iterdir()] == [kept.name]  # nothing left beside it
