"""Many games between bots: a table of per-round and per-game results.

>>> import dominolab as dl
>>> res = dl.simulate("all-fives", players=2, bots=["greedy", "random"], games=4, seed=1)
>>> len(res.games), sorted(res.games[0])[:3]
(4, ['game', 'placement_points', 'players'])
>>> res.wins_by_side()[0] + res.wins_by_side()[1]
4

Game ``i`` (from 0) is played with seed ``seed + i``, so any game of a run can
be played again alone, and the result is the same whatever runs it.  ``executor=``
takes anything with ``submit`` (a :class:`concurrent.futures.Executor` such as a local
process pool, or a Dask cluster's ``client.get_executor()``); chunks of games are
submitted a few at a time and put back in order as they complete, so memory stays
bounded however many games are asked for.
"""

from __future__ import annotations

import json
import math
import os
import pathlib
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field
from typing import Any, TextIO

from . import words
from .bots import BOTS, make_bot, play_game
from .errors import DominolabError, is_whole
from .presets import variant
from .record import dump_records, game_to_json
from .rules import Rules

__all__ = ["SimulationResult", "simulate", "game_rows", "TextProgress", "wilson_interval"]


def wilson_interval(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share ``wins / n`` (95% for ``z=1.96``): how sure a
    win rate measured on ``n`` games is.

    >>> lo, hi = wilson_interval(55, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.452, 0.644)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if not is_whole(wins) or not is_whole(n) or not 0 <= wins <= n:
        raise DominolabError(words.simulation("wilson", wins=repr(wins), n=repr(n)))
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def game_rows(game: Any, index: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """One finished game as a per-game row and per-round rows."""
    sides = len(game.sides)
    rounds = []
    for rs in game.rounds:
        placed = list(rs.placed)  # as the game scored them (claims, calls, going out, busts)
        counts = []
        plays = 0
        for a in rs.actions:
            if a.act == "play":
                plays += 1
                counts.append(a.sum)
        settled = list(rs.settlement.changes) if rs.settlement is not None else [0] * sides
        rounds.append(
            {
                "game": index,
                "round": rs.number,
                "leader": rs.leader,
                "leader_side": game.side_of(rs.leader),
                "end": rs.end_reason,
                "winner": rs.winner,
                "actions": len(rs.actions),
                "placements": plays,
                "placement_points": placed,
                "settlement": [float(x) for x in settled],
                "counts": counts,
            }
        )
    row = {
        "game": index,
        "seed": game.seed,
        "variant": game.rules.name,
        "players": game.players,
        "rounds": len(game.rounds),
        "winner": game.outcome.winner if game.outcome else None,
        "scores": [float(s) for s in game.scores],
        "placement_points": list(game.placement_points()),
        "reason": game.outcome.reason if game.outcome else None,
    }
    return row, rounds


@dataclass
class SimulationResult:
    """What :func:`simulate` returns: running totals of the whole run, and (unless
    ``rows=False``) per-game rows, per-round rows and the records.

    Every figure below comes from the running totals, which are kept whatever is kept
    of the rows, so a run of any size can be summarised."""

    rules: Rules
    players: int
    bots: list[str]
    games: list[dict[str, Any]] = field(default_factory=list)
    rounds: list[dict[str, Any]] = field(default_factory=list)
    records: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0
    partnerships: bool | None = None
    n_games: int = 0  #: games played
    n_rounds: int = 0  #: rounds played
    wins: list[int] = field(default_factory=list)  #: games won by each side
    placed: float = 0.0  #: points scored by placements
    paid: float = 0.0  #: points settlements paid
    deducted: float = 0.0  #: points settlements took away (five-up), as a positive number
    rounds_won: int = 0  #: rounds that had a winner
    leader_won: int = 0  #: of those, rounds won by the side that led them

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0] * len(self.sides())

    def add(self, games: Sequence[dict[str, Any]], rounds: Sequence[dict[str, Any]]) -> None:
        """Count a chunk's game and round rows into the running totals."""
        self.n_games += len(games)
        self.n_rounds += len(rounds)
        wins = self.wins
        for g in games:
            if g["winner"] is not None:
                wins[g["winner"]] += 1
        for r in rounds:
            if r["winner"] is not None:
                self.rounds_won += 1
                self.leader_won += r["winner"] == r["leader_side"]
            self.placed += sum(r["placement_points"])
            for x in r["settlement"]:
                if x > 0:
                    self.paid += x
                else:
                    self.deducted -= x

    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side, as the games were played (the partnership switch applied)."""
        return self.rules.sides(self.players, self.partnerships)

    def wins_by_side(self) -> list[int]:
        return list(self.wins)

    def win_shares(self, z: float = 1.96) -> list[tuple[float, float, float]]:
        """Each side's share of the games won, with its Wilson interval (95% by default):
        ``(share, low, high)``.  The narrower the interval, the surer the answer.

        >>> import dominolab as dl
        >>> r = dl.simulate("all-fives", 2, "greedy", games=40, seed=3)
        >>> share, lo, hi = r.win_shares()[0]
        >>> lo <= share <= hi
        True
        """
        n = self.n_games
        return [(w / n if n else 0.0, *wilson_interval(w, n, z)) for w in self.wins]

    def leader_win_share(self, z: float = 1.96) -> tuple[float, float, float]:
        """How often the side that led a round won it (rounds with a winner), with its
        Wilson interval: ``(share, low, high)``.  Compare with 1 / number of sides."""
        n = self.rounds_won
        return (self.leader_won / n if n else 0.0, *wilson_interval(self.leader_won, n, z))

    def placement_share(self) -> float:
        """Share of all positive points that came from placements (vs settlement)."""
        won = self.points_won()
        return self.placement_points() / won if won else 0.0

    def placement_points(self) -> float:
        """Points scored by placements, summed over every round and side."""
        return float(self.placed)

    def points_won(self) -> float:
        """Every positive point: placements plus what settlements paid."""
        return float(self.placed + self.paid)

    def mean_points_per_round(self) -> float:
        """What all sides gained per round, net (placements and settlements)."""
        if not self.n_rounds:
            return 0.0
        return float(self.placed + self.paid - self.deducted) / self.n_rounds

    def summary(self) -> str:
        sides = self.sides()
        n = self.n_games
        lines = [
            words.simulation_head(
                n, self.rules.name, self.players, ", ".join(self.bots), self.n_rounds, self.seconds
            )
        ]
        for i, (w, (share, lo, hi)) in enumerate(zip(self.wins, self.win_shares(), strict=True)):
            bots = ", ".join(self.bots[s] for s in sides[i])
            lines.append("  " + words.simulation_wins(sides, i, bots, w, share, lo, hi))
        unit = self.rules.unit
        lines.append(
            "  " + words.simulation("mean", mean=f"{self.mean_points_per_round():.2f}", unit=words.unit(unit))
        )
        share = self.placement_share()
        lines.append(
            "  " + words.simulation("shares", placed=f"{100 * share:.1f}", settled=f"{100 - 100 * share:.1f}")
        )
        deducted = self.settlement_deductions()
        if deducted:
            per = f"{deducted / self.n_rounds:.2f}"
            lines.append("  " + words.simulation("deducted", points=words.points(deducted, unit), per=per))
        return "\n".join(lines)

    def settlement_deductions(self) -> float:
        """Points taken away by settlements, summed over every round and side (five-up's
        leftover tiles), as a positive number; 0 where settlements only pay."""
        return float(self.deducted)

    def dataframe(self, which: str = "games") -> Any:
        """The rows as a pandas DataFrame (needs pandas): ``which`` is ``"games"`` or ``"rounds"``."""
        if which not in ("games", "rounds"):
            raise DominolabError(words.simulation("which", which=repr(which)))
        if self.n_games and not self.games:
            raise DominolabError(words.simulation("no rows"))
        try:
            import pandas as pd  # optional
        except ImportError:
            raise ImportError(words.simulation("needs pandas")) from None

        return pd.DataFrame(self.games if which == "games" else self.rounds)


class TextProgress:
    """A one-line progress bar on a terminal (nothing when not a terminal)."""

    def __init__(self, total: int, stream: TextIO | None = None, label: str | None = None) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.label = words.simulation("games") if label is None else label
        self.done = 0
        self.start = time.perf_counter()
        self.enabled = hasattr(self.stream, "isatty") and self.stream.isatty()
        self._last = 0.0

    def update(self, n: int = 1) -> None:
        self.done += n
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self._last < 0.1 and self.done < self.total:
            return
        self._last = now
        frac = self.done / self.total if self.total else 1.0
        bar = "#" * int(30 * frac)
        rate = self.done / max(now - self.start, 1e-9)
        self.stream.write(f"\r[{bar:<30}] {self.done}/{self.total} {self.label} ({rate:.0f}/s)")
        if self.done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def _play_chunk(
    args: tuple[Rules, int, list[str], list[int], bool | None, bool],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[str]]:
    """Play one chunk of games; returns game rows, round rows and (if asked) record texts."""
    rules, players, bots, seeds, partnerships, keep = args
    games: list[dict[str, Any]] = []
    rounds: list[dict[str, Any]] = []
    texts: list[str] = []
    for seed in seeds:
        g = play_game(rules, players, bots, seed, partnerships=partnerships)
        row, rrows = game_rows(g, seed)
        games.append(row)
        rounds.extend(rrows)
        if keep:
            texts.append(game_to_json(g))  # text crosses process boundaries faster than dicts
    return games, rounds, texts


def simulate(
    rules: Rules | str,
    players: int = 2,
    bots: Sequence[str] | str = "random",
    games: int = 100,
    seed: int = 0,
    *,
    partnerships: bool | None = None,
    records: bool = False,
    out: str | os.PathLike[str] | None = None,
    executor: Executor | None = None,
    workers: int | None = 1,
    chunk: int = 50,
    window: int | None = None,
    rows: bool = True,
    progress: bool | Callable[[int], None] | None = None,
) -> SimulationResult:
    """Play ``games`` games and collect per-game and per-round rows.

    ``bots`` is a list (one bot name per seat) or a single name for every
    seat.  ``records=True`` also keeps each game's record; ``out=`` writes the
    records to a ``.jsonl`` file (streamed as the games finish, so a long run
    does not hold them in memory) or a ``.json`` file (written at the end).  The
    file appears only when the whole run succeeded.  Work is split in
    chunks of ``chunk`` games over ``executor`` (anything with ``submit``: a
    process pool, or a Dask cluster's ``client.get_executor()``), else over
    ``workers`` local processes (``None``: one per core; ``1``: in this
    process).  At most ``window`` chunks are in flight or waiting to be put back
    in order (default: four per worker), so memory stays bounded for any number
    of games; with ``rows=False`` only the running totals are kept (no per-game
    and per-round rows), for runs of any size.  The result is the same whatever
    the executor, the number of workers, the chunk size and the window.
    ``progress``: ``True`` for a bar (a widget in a notebook, text on a
    terminal), or a callable receiving the number of games just finished.
    """
    r = variant(rules)
    r.check_players(players)
    if isinstance(bots, str):
        names = [bots] * players
    elif isinstance(bots, Sequence) and all(isinstance(b, str) for b in bots):
        names = list(bots)
    else:  # the games may run in other processes, so bots travel by name
        raise DominolabError(words.simulation("bots", known=", ".join(BOTS), value=repr(bots)))
    if len(names) != players:
        raise DominolabError(words.simulation("bots per seat", given=len(names), players=players))
    for b in names:
        make_bot(b)  # unknown names fail here, before any work
    if not is_whole(games) or games < 0:
        raise DominolabError(words.simulation("games count", value=repr(games)))
    if not is_whole(seed):
        raise DominolabError(words.simulation("seed", value=repr(seed)))
    if workers is not None and (not isinstance(workers, int) or workers < 0):
        raise DominolabError(words.simulation("workers", value=repr(workers)))
    if not is_whole(chunk) or chunk < 1:
        raise DominolabError(words.simulation("chunk", value=repr(chunk)))
    if window is not None and (not is_whole(window) or window < 1):
        raise DominolabError(words.simulation("window", value=repr(window)))
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise DominolabError(words.simulation("executor", value=repr(executor)))
    target = _out_path(out)
    lines = target is not None and target.suffix.lower() == ".jsonl"
    keep_texts = records or target is not None
    end = seed + games
    tasks = (  # made as they are played: a huge run does not list its seeds first
        (r, players, names, list(range(s, min(s + chunk, end))), partnerships, keep_texts)
        for s in range(seed, end, chunk)
    )
    result = SimulationResult(r, players, names, partnerships=partnerships)
    tick = _progress(progress, games)
    t0 = time.perf_counter()
    own_pool = None
    partial = target.with_name(target.name + ".partial") if target is not None else None
    sink: TextIO | None = None
    keep = records or (target is not None and not lines)  # a .json file is written at the end
    kept: list[str] = []
    try:
        if partial is not None and lines:
            sink = partial.open("w", encoding="utf-8")
        if executor is None and workers != 1:
            n = workers or os.cpu_count() or 1
            if n > 1 and games > chunk:
                own_pool = executor = _process_pool(n)
        outs: Iterator[Any]
        if executor is None:
            outs = map(_play_chunk, tasks)
        else:
            outs = _in_order(executor, tasks, window or 4 * _worker_count(executor))
        for g_rows, r_rows, texts in outs:
            result.add(g_rows, r_rows)
            if rows:
                result.games.extend(g_rows)
                result.rounds.extend(r_rows)
            if sink is not None:
                sink.write("".join([t + "\n" for t in texts]))
            if keep:
                kept.extend(texts)
            tick(len(g_rows))
        if sink is not None:
            sink.close()
        dicts = [json.loads(t) for t in kept]
        if partial is not None:
            assert target is not None
            if not lines:
                dump_records(dicts, partial)
            os.replace(partial, target)
        if records:
            result.records = dicts
    finally:
        if sink is not None and not sink.closed:
            sink.close()
        if partial is not None and partial.exists():
            partial.unlink()  # the run failed: leave no half-written file behind
        if own_pool is not None:
            own_pool.shutdown()
    for g in result.games:  # index games from 0 in the order of their seeds
        g["game"] = g["game"] - seed
    for rr in result.rounds:
        rr["game"] = rr["game"] - seed
    result.seconds = time.perf_counter() - t0
    return result


def _process_pool(n: int) -> Executor | None:
    """A pool of ``n`` local processes, or ``None`` (with a warning: the games are then played
    in this process) where this Python cannot start any — the course in the browser, on Pyodide."""
    try:
        from concurrent.futures import ProcessPoolExecutor

        return ProcessPoolExecutor(n)
    except (ImportError, NotImplementedError) as e:  # no processes at all (an OSError still raises)
        import warnings

        warnings.warn(words.simulation("no processes", error=type(e).__name__), stacklevel=3)
        return None


def _in_order(executor: Any, tasks: Iterator[Any], window: int) -> Iterator[Any]:
    """The chunks' results in the order of ``tasks``, with at most ``window`` chunks in
    flight or waiting for an earlier one, so that any number of chunks takes bounded memory.

    A chunk that fails (a worker lost for good, an error) raises here, so a run never comes
    back shorter than asked."""
    pending: dict[Future[Any], int] = {}
    ready: dict[int, Any] = {}
    submitted = 0
    wanted = 0
    tasks = iter(tasks)
    exhausted = False
    try:
        while True:
            while not exhausted and len(pending) + len(ready) < window:
                task = next(tasks, None)
                if task is None:
                    exhausted = True
                    break
                pending[executor.submit(_play_chunk, task)] = submitted
                submitted += 1
            if not pending and not ready:
                return
            while wanted in ready:
                yield ready.pop(wanted)
                wanted += 1
            if wanted in ready or not pending:
                continue
            done, _ = wait(list(pending), return_when=FIRST_COMPLETED)
            for f in sorted(done, key=pending.__getitem__):  # the earliest chunk first
                i = pending.pop(f)
                try:
                    ready[i] = f.result()
                except DominolabError:
                    raise
                except Exception as e:  # a worker lost for good, a broken pool, a lost connection
                    raise DominolabError(
                        words.simulation("chunk failed", n=i + 1, error=f"{type(e).__name__}: {e}")
                    ) from e
    finally:
        for f in pending:
            f.cancel()


def _worker_count(executor: Any) -> int:
    """How many workers run the chunks: a process pool's, a Dask cluster's threads, else the cores."""
    n = getattr(executor, "_max_workers", None)  # concurrent.futures pools
    if isinstance(n, int) and n > 0:
        return n
    client = getattr(executor, "_client", None)  # distributed.ClientExecutor
    if client is not None:
        try:
            return max(1, int(sum(client.nthreads().values())))
        except Exception:  # pragma: no cover - a client that cannot answer now
            pass
    return os.cpu_count() or 1


def _out_path(out: str | os.PathLike[str] | None) -> pathlib.Path | None:
    if out is None:
        return None
    p = pathlib.Path(out)
    if p.suffix.lower() not in (".json", ".jsonl"):
        raise DominolabError(words.simulation("out suffix", out=repr(str(out))))
    if not p.parent.is_dir():
        raise DominolabError(words.simulation("out folder", out=repr(str(out)), folder=repr(str(p.parent))))
    if p.is_dir():
        raise DominolabError(words.simulation("out is folder", out=repr(str(out))))
    return p


def _progress(progress: bool | Callable[[int], None] | None, total: int) -> Callable[[int], None]:
    if callable(progress):
        return progress
    if not progress:
        return lambda n: None
    try:
        from IPython import get_ipython

        if get_ipython() is not None and "IPKernelApp" in get_ipython().config:
            import ipywidgets as w
            from IPython.display import display

            bar = w.IntProgress(min=0, max=max(total, 1), description="games")
            display(bar)

            def tick(n: int) -> None:
                bar.value += n

            return tick
    except ImportError:
        pass
    tp = TextProgress(total)
    return tp.update
