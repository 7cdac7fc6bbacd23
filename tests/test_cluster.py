"""Simulation beyond one process: any executor, a bounded window of chunks in flight, the
same result whatever runs it — on a process pool and on a real Dask LocalCluster (processes,
two workers, no dashboard, bound to 127.0.0.1), from Python and from the command line."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import threading
from concurrent.futures import Future, ProcessPoolExecutor

import pytest

import dominolab as dl
from dominolab import DominolabError

distributed = pytest.importorskip("distributed")  # a test dependency: pip install -e ".[test]"

RUN = dict(rules="all-fives", players=3, bots=["greedy", "random", "greedy"], games=120, seed=11)


def fingerprint(r: dl.SimulationResult) -> str:
    """Everything a run returns: rows, records and running totals."""
    parts = [r.games, r.rounds, r.records, r.wins, r.n_games, r.n_rounds, r.placed, r.paid, r.deducted]
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()


@pytest.fixture(scope="module")
def local():
    return dl.simulate(**RUN, records=True)


@pytest.fixture(scope="module")
def cluster():
    from distributed import Client, LocalCluster

    with (
        LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address="127.0.0.1:0",  # loopback, any free port: never 8787 taken by another
            host="127.0.0.1",
            silence_logs=40,
        ) as c,
        Client(c) as client,
    ):
        yield c, client


def test_the_result_is_the_same_whatever_the_chunks_the_window_and_the_pool(local):
    with ProcessPoolExecutor(2) as pool:
        for chunk, window in ((50, None), (7, 2), (1, 1), (1000, 3)):
            r = dl.simulate(**RUN, records=True, executor=pool, chunk=chunk, window=window)
            assert fingerprint(r) == fingerprint(local), (chunk, window)
    assert dl.simulate(**RUN, records=True, chunk=13).games == local.games  # in this process


def test_a_dask_cluster_gives_the_same_result_as_one_process(local, cluster):
    _, client = cluster
    r = dl.simulate(**RUN, records=True, executor=client.get_executor(), chunk=9)
    assert fingerprint(r) == fingerprint(local)
    seen = []
    r = dl.simulate(**RUN, executor=client.get_executor(), chunk=25, progress=seen.append)
    assert sum(seen) == RUN["games"] and r.games == local.games  # progress counts every game


def test_a_worker_killed_in_the_middle_of_a_run_is_retried_and_the_result_is_whole(local, cluster, tmp_path):
    c, client = cluster
    pids = client.run(os.getpid)  # worker address -> its process
    victim = sorted(pids)[0]
    killed = threading.Event()

    def tick(n: int) -> None:  # after the first chunk comes back, one worker process dies
        if not killed.is_set():
            killed.set()
            os.kill(pids[victim], signal.SIGKILL)

    out = tmp_path / "g.jsonl"
    r = dl.simulate(**RUN, records=True, out=out, executor=client.get_executor(), chunk=5, progress=tick)
    assert killed.is_set()
    assert fingerprint(r) == fingerprint(local)  # Dask ran the lost chunks again: nothing missing
    assert [json.loads(line) for line in out.read_text().splitlines()] == local.records
    client.wait_for_workers(2, timeout=60)  # the nanny restarts the worker for the next tests


def test_a_chunk_that_fails_for_good_is_a_clear_error_and_no_file_is_left(tmp_path):
    class Failing:
        def submit(self, fn, *args):
            f: Future = Future()
            f.set_exception(RuntimeError("worker lost"))
            return f

    out = tmp_path / "g.jsonl"
    with pytest.raises(DominolabError, match=r"chunk 1 of the simulation failed .*worker lost.*no partial"):
        dl.simulate(**RUN, out=out, executor=Failing())
    assert not out.exists() and not list(tmp_path.iterdir())


def test_no_more_than_the_window_of_chunks_is_ever_in_flight_or_waiting():
    class Counting:
        """Runs each chunk when asked for its result, and counts what is outstanding."""

        def __init__(self) -> None:
            self.outstanding = 0
            self.most = 0
            self.submitted = 0

        def submit(self, fn, *args):
            self.submitted += 1
            self.outstanding += 1
            self.most = max(self.most, self.outstanding)
            f: Future = Future()
            f.set_result(fn(*args))
            f.add_done_callback(lambda _: None)
            return f

    ex = Counting()
    seen = []

    def tick(n: int) -> None:
        ex.outstanding -= 1  # a chunk has been taken in
        seen.append(n)

    r = dl.simulate(
        "dominos-cc", 2, "random", games=400, seed=1, executor=ex, chunk=10, window=3, progress=tick
    )
    assert ex.submitted == 40 and ex.most <= 3 and r.n_games == 400
    assert r.games == dl.simulate("dominos-cc", 2, "random", games=400, seed=1).games


def test_without_rows_only_the_running_totals_are_kept_and_they_are_the_same(local):
    r = dl.simulate(**RUN, rows=False)
    assert r.games == [] and r.rounds == [] and r.records == []
    assert (r.n_games, r.n_rounds, r.wins) == (local.n_games, local.n_rounds, local.wins)
    assert r.summary().splitlines()[1:] == local.summary().splitlines()[1:]  # all but the time
    with pytest.raises(DominolabError, match="kept no rows"):
        r.dataframe()


def test_the_running_totals_agree_with_the_rows(local):
    assert local.n_games == len(local.games) and local.n_rounds == len(local.rounds)
    assert local.wins == [sum(g["winner"] == i for g in local.games) for i in range(3)]
    assert local.placed == sum(sum(r["placement_points"]) for r in local.rounds)
    assert local.paid == sum(x for r in local.rounds for x in r["settlement"] if x > 0)
    won = [r for r in local.rounds if r["winner"] is not None]
    share, lo, hi = local.leader_win_share()
    assert share == sum(r["winner"] == r["leader_side"] for r in won) / len(won) and lo <= share <= hi


def test_each_sides_win_share_has_a_wilson_interval(local):
    for (share, lo, hi), w in zip(local.win_shares(), local.wins, strict=True):
        assert share == w / local.n_games and 0 <= lo <= share <= hi <= 1
    assert "95% CI" in local.summary()
    # 55 wins in 100 games, worked by hand: p = 0.55, z = 1.96, d = 1 + z²/n = 1.038416,
    # centre (p + z²/2n)/d = 0.548154, half-width z·sqrt(p(1-p)/n + z²/4n²)/d = 0.095706
    assert tuple(round(x, 4) for x in dl.wilson_interval(55, 100)) == (0.4524, 0.6439)
    assert dl.wilson_interval(0, 10)[0] == 0 and dl.wilson_interval(10, 10)[1] == 1
    with pytest.raises(DominolabError, match="0 <= wins <= n"):
        dl.wilson_interval(11, 10)


def test_bad_executor_and_window_are_refused_before_any_work():
    with pytest.raises(DominolabError, match="executor must have a submit"):
        dl.simulate("all-fives", games=5, executor=object())
    with pytest.raises(DominolabError, match="window must be a whole number"):
        dl.simulate("all-fives", games=5, window=0)


def test_the_command_line_runs_on_a_dask_scheduler(local, cluster, tmp_path):
    c, _ = cluster
    out = tmp_path / "g.jsonl"
    cmd = [
        sys.executable,
        "-m",
        "dominolab",
        "simulate",
        "--variant",
        "all-fives",
        "--players",
        "3",
        "--bots",
        "greedy,random,greedy",
        "--games",
        "120",
        "--seed",
        "11",
        "--chunk",
        "8",
        "--out",
        str(out),
        "--scheduler",
        c.scheduler_address,
        "--quiet",
    ]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    assert f"played on the Dask cluster at {c.scheduler_address}" in done.stdout
    assert done.stdout.splitlines()[1:4] == local.summary().splitlines()[1:4]
    assert [json.loads(line) for line in out.read_text().splitlines()] == local.records


def test_the_command_line_refuses_an_unreachable_scheduler_and_scheduler_with_workers():
    base = [sys.executable, "-m", "dominolab", "simulate", "--games", "3", "--quiet"]
    done = subprocess.run(
        base + ["--scheduler", "tcp://127.0.0.1:9"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2 and "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in done.stderr
    assert "Traceback" not in done.stderr
    done = subprocess.run(
        base + ["--scheduler", "tcp://127.0.0.1:9", "--workers", "2"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "not both" in done.stderr
