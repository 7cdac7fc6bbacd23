"""The simulator: the same table whether games run here, in local processes, or on any executor."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor

import pytest

import dominolab as dl
from dominolab import DominolabError


def _strip(rows):
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]


def test_game_i_is_played_with_seed_plus_i():
    res = dl.simulate("all-fives", 2, ["greedy", "random"], 3, seed=40)
    for i, row in enumerate(res.games):
        alone = dl.play_game("all-fives", 2, ["greedy", "random"], seed=40 + i)
        assert row["game"] == i and row["seed"] == 40 + i
        assert row["scores"] == [float(s) for s in alone.scores]


def test_a_process_pool_executor_gives_the_same_table_as_one_process():
    here = dl.simulate("dominos-cc", 3, "random", 7, seed=5, chunk=2, records=True)
    with ProcessPoolExecutor(2) as pool:
        there = dl.simulate("dominos-cc", 3, "random", 7, seed=5, chunk=2, records=True, executor=pool)
    assert _strip(here.games) == _strip(there.games)
    assert here.rounds == there.rounds
    assert here.records == there.records


def test_local_workers_give_the_same_table_as_one_process():
    here = dl.simulate("all-fives", 2, "random", 6, seed=2, chunk=2)
    spread = dl.simulate("all-fives", 2, "random", 6, seed=2, chunk=2, workers=2)
    assert here.games == spread.games and here.rounds == spread.rounds


def test_the_partnership_switch_gives_one_side_per_seat_in_the_summary():
    res = dl.simulate("five-up", 4, "greedy", 6, seed=1, partnerships=False)
    assert res.sides() == ((0,), (1,), (2,), (3,))
    assert sum(res.wins_by_side()) == sum(g["winner"] is not None for g in res.games)
    assert "Seat 3 (greedy):" in res.summary()
    together = dl.simulate("five-up", 4, "greedy", 2, seed=1)
    assert together.sides() == ((0, 2), (1, 3))
    assert "Seats 0+2 (greedy, greedy):" in together.summary() and "Seat 2 " not in together.summary()


def test_progress_callable_hears_every_game():
    heard: list[int] = []
    dl.simulate("all-fives", 2, "random", 5, seed=0, chunk=2, progress=heard.append)
    assert heard == [2, 2, 1]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"bots": ["random"]}, "1 bots given for 2 players"),
        ({"bots": "nobody"}, "nobody"),
        ({"bots": None}, "bots must be a bot name or one name per seat"),
        ({"bots": [1, 2]}, "bots must be a bot name or one name per seat"),
        ({"games": -1}, "games must be a whole number, 0 or more, not -1"),
        ({"games": "ten"}, "games must be a whole number, 0 or more, not 'ten'"),
        ({"games": 2.5}, "games must be a whole number"),
        ({"seed": "abc"}, "seed must be a whole number"),
        ({"players": 5}, "5"),
        ({"workers": -3}, "workers must be 1"),
        ({"chunk": 0}, "chunk must be a whole number"),
    ],
)
def test_bad_simulation_arguments_are_refused_before_any_work(kwargs, message):
    args = {"rules": "all-fives", "players": 2, "bots": "random", "games": 2}
    args.update(kwargs)
    with pytest.raises(ValueError, match=message):
        dl.simulate(**args)


def test_dataframe_has_one_row_per_game_and_per_round():
    pd = pytest.importorskip("pandas")
    res = dl.simulate("all-fives", 2, "random", 3, seed=1)
    assert isinstance(res.dataframe(), pd.DataFrame)
    assert len(res.dataframe()) == 3 and len(res.dataframe("rounds")) == len(res.rounds)
    with pytest.raises(DominolabError, match="ask for 'games' or 'rounds'"):
        res.dataframe("seats")


def test_dataframe_without_pandas_says_what_to_install(monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now fails
    res = dl.simulate("all-fives", 2, "random", 1, seed=1)
    with pytest.raises(ImportError, match="needs pandas: pip install pandas"):
        res.dataframe()


@pytest.mark.parametrize("suffix", [".jsonl", ".json"])
def test_out_writes_the_same_bytes_as_dumping_the_kept_records(tmp_path, suffix):
    kept = dl.simulate("all-fives", 2, "random", 9, seed=4, records=True)
    dl.dump_records(kept.records, tmp_path / f"kept{suffix}")
    streamed = dl.simulate("all-fives", 2, "random", 9, seed=4, chunk=2, out=tmp_path / f"out{suffix}")
    assert (tmp_path / f"out{suffix}").read_bytes() == (tmp_path / f"kept{suffix}").read_bytes()
    assert streamed.records == [] and streamed.games == kept.games
    both = dl.simulate("all-fives", 2, "random", 9, seed=4, records=True, out=tmp_path / f"both{suffix}")
    assert both.records == kept.records
    assert dl.load_records(tmp_path / f"out{suffix}") == kept.records
    written = sorted(p.name for p in tmp_path.iterdir())
    assert written == sorted(f"{n}{suffix}" for n in ("kept", "out", "both"))


def test_out_refuses_a_bad_path_before_any_work_and_leaves_nothing_behind(tmp_path):
    with pytest.raises(DominolabError, match=r"must end in \.jsonl or \.json"):
        dl.simulate("all-fives", 2, "random", 3, out=tmp_path / "games.txt")
    with pytest.raises(DominolabError, match="does not exist"):
        dl.simulate("all-fives", 2, "random", 3, out=tmp_path / "nowhere" / "games.jsonl")

    def boom(n):
        raise RuntimeError("interrupted")

    with pytest.raises(RuntimeError, match="interrupted"):
        dl.simulate("all-fives", 2, "random", 6, chunk=2, out=tmp_path / "games.jsonl", progress=boom)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", dl.PRESETS)
def test_a_finished_game_holds_no_reference_cycles(name):
    """Games are freed as soon as they are dropped, so a long simulation stays light."""
    import gc

    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        for seed in range(5):
            dl.game_to_record(dl.play_game(name, 4, ["greedy", "random", "greedy", "random"], seed=seed))
        assert gc.collect() == 0
    finally:
        if was:
            gc.enable()


def test_the_summary_tells_five_up_deductions_apart_from_payments():
    fu = dl.simulate("five-up", 2, "greedy", 3, seed=2)
    deducted = -sum(x for r in fu.rounds for x in r["settlement"] if x < 0)
    assert deducted > 0 and fu.settlement_deductions() == deducted
    assert f"settlement deducted {deducted:g} shown points in all" in fu.summary()
    af = dl.simulate("all-fives", 2, "random", 3, seed=2)
    assert af.settlement_deductions() == 0 and "deducted" not in af.summary()


def test_a_process_pool_that_cannot_start_leaves_no_file_behind(tmp_path, monkeypatch):
    import concurrent.futures

    def refuse(n):
        raise OSError("no processes here")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", refuse)
    with pytest.raises(OSError, match="no processes here"):
        dl.simulate("all-fives", 2, "random", 4, chunk=2, workers=2, out=tmp_path / "games.jsonl")
    assert list(tmp_path.iterdir()) == []


def test_where_no_process_can_start_workers_play_in_this_process_and_say_so(monkeypatch):
    # JupyterLite's Pyodide cannot start processes: the same games, in one process, with a warning
    import concurrent.futures

    want = dl.simulate("all-fives", 2, "greedy", games=30, seed=4, chunk=5).games

    def no_processes(*args, **kwargs):
        raise NotImplementedError("This Python build lacks multiprocessing.synchronize")

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_processes)
    with pytest.warns(UserWarning, match="cannot start other processes .*played in this one"):
        got = dl.simulate("all-fives", 2, "greedy", games=30, seed=4, chunk=5, workers=2)
    assert got.games == want


@pytest.mark.parametrize(
    "rules",
    [
        dl.preset("all-fives").replace(muggins=True),
        dl.preset("five-up").replace(muggins=True),
        dl.preset("fives-and-threes"),
        dl.preset("fives-and-threes").replace(muggins=True),
    ],
    ids=["all-fives-muggins", "five-up-muggins", "fives-and-threes", "fives-and-threes-muggins"],
)
def test_the_per_round_rows_add_up_to_the_games_own_placement_points(rules):
    """The statistics read the game's one tally of placement points: with muggins (short claims,
    calls), a going-out point and scores past an exact target, the rows of every round add up to
    Game.placement_points(), and each round's scores to its placements and settlement."""
    from dominolab.simulate import game_rows

    for seed in range(8):
        players = 2 + seed % 3
        miss = 0.3 if rules.muggins else 0.0
        bots = [dl.make_bot("greedy", seed * 10 + s, miss=miss) for s in range(players)]
        game = dl.play_game(rules, players, bots, seed=seed)
        _, rounds = game_rows(game, 0)
        sides = range(len(game.sides))
        assert [sum(r["placement_points"][i] for r in rounds) for i in sides] == list(game.placement_points())
        before = [0] * len(game.sides)
        for r, rs in zip(rounds, game.rounds, strict=True):
            for i in sides:
                assert before[i] + r["placement_points"][i] + r["settlement"][i] == rs.scores[i]
            before = list(rs.scores)
