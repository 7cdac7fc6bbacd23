"""The command line: ``dominolab simulate | replay | check | review | score | largest | handouts``.

Bad arguments and bad files get a one-line error and exit status 2 (1 for
``check`` when a record breaks a rule); never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from . import words
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
        self.exit(2, words.cli("usage error", prog=self.prog, message=message) + "\n")


def _parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="dominolab",
        description=words.cli("description"),
    )
    p.add_argument(
        "--lang",
        choices=sorted(words.LANGUAGES),
        help=words.cli("help lang"),
    )
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)

    s = sub.add_parser("simulate", help=words.cli("help simulate"))
    s.add_argument("--variant", default="all-fives", help=words.cli("help variant", known=", ".join(PRESETS)))
    s.add_argument("--players", type=int, default=2, help=words.cli("help players"))
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=0, help=words.cli("help seed"))
    s.add_argument(
        "--bots",
        default="random",
        help=words.cli("help bots", known=", ".join(BOTS)),
    )
    s.add_argument("--out", help=words.cli("help out"))
    s.add_argument(
        "--partnerships",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=words.cli("help partnerships"),
    )
    s.add_argument("--workers", type=int, default=1, help=words.cli("help workers"))
    s.add_argument(
        "--scheduler",
        help=words.cli("help scheduler"),
    )
    s.add_argument("--chunk", type=int, default=50, help=words.cli("help chunk"))
    s.add_argument("--quiet", action="store_true", help=words.cli("help quiet"))
    s.add_argument("--muggins", action="store_true", help=words.cli("help muggins"))

    r = sub.add_parser("replay", help=words.cli("help replay"))
    r.add_argument("file")
    r.add_argument("--game", type=int, default=1, help=words.cli("help game"))

    c = sub.add_parser("check", help=words.cli("help check"))
    c.add_argument("file")

    rv = sub.add_parser("review", help=words.cli("help review"))
    rv.add_argument("file")
    rv.add_argument("--game", type=int, default=1, help=words.cli("help game"))
    rv.add_argument("--seat", type=int, default=0, help=words.cli("help seat"))
    rv.add_argument("--json", action="store_true", help=words.cli("help json"))
    rv.add_argument("--expert", action="store_true", help=words.cli("help expert"))

    sc = sub.add_parser("score", help=words.cli("help score"))
    sc.add_argument("moves", nargs="+", help=words.cli("help moves"))
    sc.add_argument("--variant", default="all-fives")

    lg = sub.add_parser("largest", help=words.cli("help largest"))
    lg.add_argument("--variant", default="all-fives")
    lg.add_argument("--what", choices=("count", "score"), default="count")
    lg.add_argument("--tiles", nargs="+", help=words.cli("help tiles"))
    lg.add_argument("--method", choices=("auto", "search", "milp"), default="auto")
    lg.add_argument("--max-nodes", type=int, default=5_000_000, help=words.cli("help max nodes"))

    h = sub.add_parser(
        "handouts",
        help=words.cli("help handouts"),
    )
    h.add_argument("--out", default="handouts", help=words.cli("help handouts out"))
    h.add_argument("--seed", type=int, default=1, help=words.cli("help handouts seed"))
    h.add_argument("--only", nargs="+", metavar="FILE", help=words.cli("help only"))
    return p


def _cmd_handouts(a: argparse.Namespace) -> int:
    from .handouts import build

    paths = build(a.out, a.seed, a.only)
    print(words.cli_pdfs(len(paths), a.out))
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
        raise DominolabError(words.cli("at least 1", option="--games", value=a.games))
    if a.chunk < 1:
        raise DominolabError(words.cli("at least 1", option="--chunk", value=a.chunk))
    if a.scheduler is not None and a.workers != 1:
        raise DominolabError(words.cli("scheduler or workers"))
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
        print("  " + words.cli("played on", address=a.scheduler))
    if a.out:
        print("  " + words.cli("written to", path=a.out))
    return 0


def _dask_client(address: str) -> Any:
    """A Dask client of the scheduler at ``address``, or a clear error."""
    try:
        from distributed import Client
    except ImportError:
        raise DominolabError(words.cli("needs dask")) from None
    try:
        return Client(address, timeout="10s")
    except (OSError, TimeoutError, ValueError) as e:
        raise DominolabError(words.cli("no scheduler", address=address, error=e)) from None


def _cmd_replay(a: argparse.Namespace) -> int:
    rec = load_record(a.file, a.game, check=False)  # only that game is read
    views = steps(rec, where=words.where_game(a.file, a.game))  # checked once, before anything is printed
    print(
        words.cli(
            "replay head",
            n=a.game,
            file=a.file,
            game=rec["variant"],
            players=rec["players"],
            seed=rec.get("seed"),
        )
    )
    for v in views:
        if v.action is None:
            print(f"\n{v.lines[0]}")
            for seat, h in enumerate(v.hands):
                print(f"  {words.seat(seat)}: {words.hand(h)}")
            continue
        line = f"  {v.index:3d}. {v.lines[0]}"
        if v.action.act == "play":
            line += f"   [{v.count}]"
        print(line)
        for x in v.lines[1:]:
            print(f"       {x}")
        if len(v.lines) > 1:
            print("       " + words.cli("scores", scores=v.scores_text))
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
    print(words.cli_checked(len(records), len(problems)))
    return 1 if problems else 0


def _cmd_score(a: argparse.Namespace) -> int:
    b = Board(variant(a.variant))
    for i, m in enumerate(a.moves):
        try:
            p = b.play(*parse_placement(m))
        except DominolabError as e:
            raise DominolabError(words.cli("move", n=i + 1, move=repr(m), error=e)) from None
        parts = ", ".join(f"{c.tile} {c.value}" for c in b.contributions())
        print(f"{p.notation:>16}  " + words.cli("contributions", parts=parts))
        print(
            f"{'':>16}  "
            + words.cli("count", equation=b.equation(), points=words.points(p.points, b.rules.unit))
        )
    return 0


def _cmd_largest(a: argparse.Namespace) -> int:
    e = largest(variant(a.variant), a.what, tiles=a.tiles, method=a.method, max_nodes=a.max_nodes)
    print(e.headline)
    if e.board.is_empty:
        print("  " + words.cli("no layout"))
        return 0
    print(f"  {e.board.equation()}")
    print("  " + words.cli("placements", moves=" ".join(p.notation for p in e.board.placements)))
    print("  " + words.cli_searched(e.nodes, e.method == "search", e.seconds))
    return 0


def _lang_asked(argv: Sequence[str]) -> str | None:
    """The language ``--lang`` asks for, read before the parser (whose help it words)."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1] if argv[i + 1] in words.LANGUAGES else None
        if arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
            return value if value in words.LANGUAGES else None
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.  It speaks the language ``--lang``
    asks for, else the environment's (``DOMINOLAB_LANG``, ``LANG``…), and leaves the
    language in use as it found it."""
    argv = sys.argv[1:] if argv is None else list(argv)
    before = words.current_language()
    words.language(_lang_asked(argv) or words.language_from_environment())  # before the parser's words
    try:
        return _run(argv)
    finally:
        words.language(before)


def _run(argv: list[str]) -> int:
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
        print(words.cli("error", command=args.command, error=e), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(words.cli("interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
    except OSError as e:  # a file that cannot be read or written
        where = f": {e.filename}" if e.filename else ""
        print(words.cli("error", command=args.command, error=f"{e.strerror or e}{where}"), file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
