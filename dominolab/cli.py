"""The command line: ``dominolab simulate | replay | check | review | score | largest | handouts``.

Bad arguments and bad files get a one-line error and exit status 2 (1 for
``check`` when a record breaks a rule); never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from .board import Board, parse_placement
from .bots import BOTS
from .errors import DominolabError
from .presets import PRESETS, variant
from .record import check_records, load_record, load_records, steps
from .search import largest
from .simulate import simulate

__all__ = ["main"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="dominolab",
        description="Play, record, replay and check games of the fives domino family.",
    )
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    s = sub.add_parser("simulate", help="play many games between bots and write their records")
    s.add_argument("--variant", default="all-fives", help=f"one of {', '.join(PRESETS)}")
    s.add_argument("--players", type=int, default=2, help="2, 3 or 4")
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=0, help="game i uses seed+i")
    s.add_argument(
        "--bots",
        default="random",
        help=f"one bot for every seat, or a comma list per seat; known: {', '.join(BOTS)}",
    )
    s.add_argument("--out", help="write the records here (.jsonl or .json)")
    s.add_argument(
        "--partnerships",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="at 4 players, play in partnerships (default: as the preset says)",
    )
    s.add_argument("--workers", type=int, default=1, help="local processes to use (0: one per core)")
    s.add_argument(
        "--scheduler",
        help="run on an existing Dask cluster, e.g. tcp://host:8786 (needs: pip install dominolab[cluster])",
    )
    s.add_argument("--chunk", type=int, default=50, help="games per task sent to a worker (default 50)")
    s.add_argument("--quiet", action="store_true", help="no progress bar")
    s.add_argument(
        "--muggins", action="store_true", help="placement points are claimed (bots claim right); records @2"
    )

    r = sub.add_parser("replay", help="show a recorded game action by action")
    r.add_argument("file")
    r.add_argument("--game", type=int, default=1, help="which game of the file (from 1)")

    c = sub.add_parser("check", help="replay every record and report any that breaks a rule")
    c.add_argument("file")

    rv = sub.add_parser("review", help="one seat's turns: what each scored, and the most it could have")
    rv.add_argument("file")
    rv.add_argument("--game", type=int, default=1, help="which game of the file (from 1)")
    rv.add_argument("--seat", type=int, default=0, help="the seat to review (default 0)")
    rv.add_argument("--json", action="store_true", help="the review as JSON")
    rv.add_argument("--expert", action="store_true", help="also what the expert bot plays (slower)")

    sc = sub.add_parser("score", help="trace the count after each placement")
    sc.add_argument("moves", nargs="+", help="the lead tile, then tile@tile:slot, e.g. 1|1@1|4:low")
    sc.add_argument("--variant", default="all-fives")

    lg = sub.add_parser("largest", help="the largest count (or score) any layout can reach, with one")
    lg.add_argument("--variant", default="all-fives")
    lg.add_argument("--what", choices=("count", "score"), default="count")
    lg.add_argument("--tiles", nargs="+", help="only these tiles (default: all 28)")
    lg.add_argument("--method", choices=("auto", "search", "milp"), default="auto")
    lg.add_argument("--max-nodes", type=int, default=5_000_000, help="give up a search after so many layouts")

    h = sub.add_parser(
        "handouts",
        help="print the teacher's kit to PDFs: rules cards, score sheets, puzzle sheets with answers",
    )
    h.add_argument("--out", default="handouts", help="the folder to write (default: handouts)")
    h.add_argument("--seed", type=int, default=1, help="the puzzle set: another seed prints other puzzles")
    h.add_argument("--only", nargs="+", metavar="FILE", help="only these files of the kit")
    return p


def _cmd_handouts(a: argparse.Namespace) -> int:
    from .handouts import build

    paths = build(a.out, a.seed, a.only)
    print(f"{len(paths)} PDF{'s' if len(paths) != 1 else ''} in {a.out}/")
    return 0


def _cmd_simulate(a: argparse.Namespace) -> int:
    rules = variant(a.variant)
    if a.muggins:
        rules = rules.at_table(muggins=True)  # refused, with the reason, in a line game
    rules.check_players(a.players)
    bots = [b.strip() for b in a.bots.split(",") if b.strip()]
    if len(bots) == 1:
        bots = bots * a.players
    if a.games < 1:
        raise DominolabError(f"--games must be at least 1, not {a.games}")
    if a.chunk < 1:
        raise DominolabError(f"--chunk must be at least 1, not {a.chunk}")
    if a.scheduler is not None and a.workers != 1:
        raise DominolabError("give --scheduler (a Dask cluster) or --workers (local processes), not both")
    client = _dask_client(a.scheduler) if a.scheduler is not None else None
    try:
        res = simulate(
            rules,
            a.players,
            bots,
            a.games,
            a.seed,
            partnerships=a.partnerships,
            out=a.out,
            executor=None if client is None else client.get_executor(),
            workers=(None if a.workers == 0 else a.workers),
            chunk=a.chunk,
            rows=False,  # the summary needs only the running totals: memory stays bounded
            progress=not a.quiet,
        )
    finally:
        if client is not None:
            client.close()
    print(res.summary())
    if client is not None:
        print(f"  played on the Dask cluster at {a.scheduler}")
    if a.out:
        print(f"  records written to {a.out}")
    return 0


def _dask_client(address: str) -> Any:
    """A Dask client of the scheduler at ``address``, or a clear error."""
    try:
        from distributed import Client
    except ImportError:
        raise DominolabError(
            "--scheduler needs Dask's distributed scheduler: pip install 'dominolab[cluster]'"
        ) from None
    try:
        return Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as e:
        raise DominolabError(f"cannot reach the Dask scheduler at {address}: {e}") from None


def _cmd_replay(a: argparse.Namespace) -> int:
    rec = load_record(a.file, a.game, check=False)  # only that game is read
    views = steps(rec, where=f"{a.file}: game {a.game}")  # checked once, before anything is printed
    print(f"game {a.game} of {a.file}: {rec['variant']}, {rec['players']} players, seed {rec.get('seed')}")
    for v in views:
        if v.action is None:
            print(f"\n{v.lines[0]}")
            for seat, h in enumerate(v.hands):
                print(f"  seat {seat}: {' '.join(t.bracketed for t in h)}")
            continue
        line = f"  {v.index:3d}. {v.lines[0]}"
        if v.action.act == "play":
            line += f"   [{v.count}]"
        print(line)
        for x in v.lines[1:]:
            print(f"       {x}")
        if len(v.lines) > 1:
            print(f"       Scores: {v.scores_text}")
    return 0


def _cmd_review(a: argparse.Namespace) -> int:
    import json

    from .review import review

    r = review(load_record(a.file, a.game), seat=a.seat, expert=a.expert)
    print(json.dumps(r.to_dict(), indent=1) if a.json else str(r))
    return 0


def _cmd_check(a: argparse.Namespace) -> int:
    records = load_records(a.file, check=False)
    problems = check_records(records, a.file)
    for p in problems:
        print(p)
    print(f"{len(records)} record(s) checked, {len(problems)} broke a rule")
    return 1 if problems else 0


def _cmd_score(a: argparse.Namespace) -> int:
    b = Board(variant(a.variant))
    for i, m in enumerate(a.moves):
        try:
            p = b.play(*parse_placement(m))
        except DominolabError as e:
            raise DominolabError(f"move {i + 1} {m!r}: {e}") from None
        parts = ", ".join(f"{c.tile} {c.value}" for c in b.contributions())
        print(f"{p.notation:>16}  contributions: {parts}")
        print(f"{'':>16}  count {b.equation()} → {p.points} {b.rules.unit}")
    return 0


def _cmd_largest(a: argparse.Namespace) -> int:
    e = largest(variant(a.variant), a.what, tiles=a.tiles, method=a.method, max_nodes=a.max_nodes)
    print(e.headline)
    if e.board.is_empty:
        print("  no layout of these tiles scores")
        return 0
    print(f"  {e.board.equation()}")
    print(f"  placements: {' '.join(p.notation for p in e.board.placements)}")
    what = "layouts searched" if e.method == "search" else "solver nodes (integer program)"
    print(f"  {e.nodes:,} {what} in {e.seconds:.2f} s")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    args = _parser().parse_args(argv)
    cmd = {
        "simulate": _cmd_simulate,
        "replay": _cmd_replay,
        "check": _cmd_check,
        "review": _cmd_review,
        "score": _cmd_score,
        "largest": _cmd_largest,
        "handouts": _cmd_handouts,
    }[args.command]
    try:
        return cmd(args)
    except DominolabError as e:
        print(f"dominolab {args.command}: error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as e:  # a file that cannot be read or written
        where = f": {e.filename}" if e.filename else ""
        print(f"dominolab {args.command}: error: {e.strerror or e}{where}", file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
