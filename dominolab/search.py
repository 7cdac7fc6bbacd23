"""Searches: the best play to the end of a round with every hand known, and the largest
count any layout can reach.

**Endgames.** Perfect-information search: the best play to the end of the round when every
hand and the boneyard order are known (a puzzle, or a game looked at afterwards).  Alpha-beta
on the score difference (two sides) or max-n (three or four sides, each playing for its own
gain minus its best rival's), both with a transposition table.

>>> import dominolab as dl
>>> g = dl.Game("all-fives", 2, seed=1)
>>> while len(g.hands[0]) + len(g.hands[1]) > 6 and not g.round.is_over:
...     _ = g.apply(g.legal_actions()[0])
>>> e = dl.endgame(g)
>>> e.exact, len(e.line) > 0
(True, True)

**The largest count.** See :func:`largest`: an exhaustive search on the engine's board for one
spinner; for every double a spinner, an integer program solved to proven optimality (scipy's
HiGHS), its layout replayed on the engine.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from . import words
from .board import POINT_RANK, SLOT_RANK, TILE_RANK, Board, CountedEnd, point_value, slots_of
from .errors import DominolabError, is_whole
from .game import Action, Game
from .presets import variant
from .rules import Rules, SpinnerRule
from .settlement import Score
from .tiles import DOUBLE_SIX, Pictured, Tile, TileLike
from .tiles import tiles as parse_tiles

__all__ = ["Endgame", "endgame", "Extreme", "largest"]


@dataclass(frozen=True)
class Endgame:
    """The result: what each side gains from here to the end of the round under best
    play (placements and settlement, in the score unit), and the best line."""

    gains: tuple[Score, ...]
    line: tuple[Action, ...]
    nodes: int
    exact: bool = True

    def __str__(self) -> str:
        moves = " ".join(str(a) for a in self.line)
        return words.search("gains", gains=tuple(float(x) for x in self.gains), moves=moves, n=self.nodes)


def _key(g: Game) -> tuple[object, ...]:
    b = g.board
    return (
        frozenset(b.open_at.items()),
        b.end_sum(),
        tuple(b.spinners),
        tuple(tuple(h) for h in g.hands),
        g.boneyard,
        g.to_move,
        g.drawn,
        tuple(g.half_scores),
    )


def endgame(game: Game, *, max_nodes: int = 300_000) -> Endgame:
    """Search the rest of the current round of ``game`` (which is not changed).

    Raises :class:`~dominolab.DominolabError` if the position needs more than
    ``max_nodes`` positions: search later in the round.
    """
    if not isinstance(game, Game):
        raise DominolabError(words.search("endgame needs a game", value=repr(game)))
    if game.outcome is not None or game.round.is_over:
        raise DominolabError(words.search("round over"))
    g = Game.from_position(
        game.rules, game.board, game.hands, list(game.boneyard), game.to_move, game.scores, game.drawn
    )
    start = list(g.half_scores)
    nsides = len(g.sides)
    tt: dict[tuple[object, ...], tuple[tuple[int, ...], Action | None]] = {}
    count = [0]

    def gains() -> tuple[int, ...]:
        return tuple(x - y for x, y in zip(g.half_scores, start, strict=True))

    def maxn() -> tuple[tuple[int, ...], Action | None]:
        """Each side plays for its own gain minus its best rival's (half units)."""
        if g.round.is_over or g.outcome is not None:
            return gains(), None
        k = _key(g)
        hit = tt.get(k)
        if hit is not None:
            return hit
        count[0] += 1
        if count[0] > max_nodes:
            raise DominolabError(words.search("too many positions", n=max_nodes))
        side = g.side_of(g.to_move)
        best: tuple[tuple[int, ...], Action | None] | None = None
        best_score = None
        for a in g.legal_actions():
            g.push(a)
            v, _ = maxn()
            g.pop()
            rival = max((v[i] for i in range(nsides) if i != side), default=0)
            score = v[side] - rival
            if best_score is None or score > best_score:
                best, best_score = (v, a), score
        assert best is not None
        tt[k] = best
        return best

    exact, lower, upper = 0, 1, 2
    tt2: dict[tuple[object, ...], tuple[int, int]] = {}

    def alphabeta(alpha: float, beta: float) -> int:
        """Two sides: side 0 maximizes, side 1 minimizes gain0 - gain1 (half units)."""
        if g.round.is_over or g.outcome is not None:
            gv = gains()
            return gv[0] - gv[1]
        k = _key(g)
        hit = tt2.get(k)
        if hit is not None:
            value, flag = hit
            if flag == exact or (flag == lower and value >= beta) or (flag == upper and value <= alpha):
                return value
        count[0] += 1
        if count[0] > max_nodes:
            raise DominolabError(words.search("too many positions", n=max_nodes))
        a0, b0 = alpha, beta
        maximizing = g.side_of(g.to_move) == 0
        best: int = -(10**9) if maximizing else 10**9
        for a in g.legal_actions():
            g.push(a)
            child: int = alphabeta(alpha, beta)
            g.pop()
            if maximizing:
                best = child if child > best else best
                alpha = max(alpha, float(best))
            else:
                best = child if child < best else best
                beta = min(beta, float(best))
            if alpha >= beta:
                break
        flag = exact if a0 < best < b0 else (lower if best >= b0 else upper)
        tt2[k] = (best, flag)
        return best

    line: list[Action] = []
    if nsides == 2:
        inf = float("inf")
        target = alphabeta(-inf, inf)
        while not (g.round.is_over or g.outcome is not None):
            for a in g.legal_actions():  # the first move that keeps the value: the best line
                g.push(a)
                if alphabeta(-inf, inf) == target:
                    line.append(a)
                    break
                g.pop()
            else:  # pragma: no cover - the value is always reached by some move
                raise AssertionError("no move keeps the searched value")
        values = gains()
    else:
        values, _ = maxn()
        while not (g.round.is_over or g.outcome is not None):
            _, nxt = maxn()
            assert nxt is not None
            line.append(nxt)
            g.push(nxt)
    return Endgame(tuple(_half(x) for x in values), tuple(line), count[0])


def _half(x: int) -> Score:
    return x // 2 if x % 2 == 0 else Fraction(x, 2)


@dataclass(frozen=True)
class Extreme(Pictured):
    """The answer of :func:`largest`: the value, a layout that reaches it, and
    how much searching proved that nothing does better."""

    rules: Rules
    what: str  # "count" or "score"
    value: int
    board: Board
    nodes: int
    seconds: float
    method: str = "search"

    @property
    def points(self) -> int:
        """The value in the rules' unit (shown points in five-up)."""
        return self.rules.points(self.value) if self.what == "score" else self.value

    @property
    def headline(self) -> str:
        """The answer in one line: ``largest score in five-up: 75 = 15 shown points``."""
        shown = self.rules.unit == "shown" and self.what == "score"
        return words.largest(self.what, self.rules.name, self.value, self.points if shown else None)

    def __str__(self) -> str:
        moves = " ".join(p.notation for p in self.board.placements)
        return words.largest_found(
            self.what, self.rules.name, self.value, self.board.equation(), moves, self.method, self.nodes
        )


def _end_value(t: Tile) -> int:
    """The most a tile can add to the count as an end: a double both halves, else its higher half."""
    return 2 * t.low if t.is_double else t.high


class _Search:
    """The engine search of :func:`largest`: depth first, best value so far kept."""

    def __init__(self, rules: Rules, what: str, max_nodes: int | None = None) -> None:
        self.rules = rules
        self.max_nodes = max_nodes
        self.score = what == "score"
        self.every = rules.spinners is SpinnerRule.EVERY_DOUBLE
        self.sides_first = rules.spinner_sides_first
        self.best = 0
        self.best_moves: list[tuple[Tile, tuple[Tile, str] | None]] = []
        self.nodes = 0

    def value(self, total: int) -> int:
        return self.rules.score_table[total] if self.score else total

    def cap(self, bound: int) -> int:
        """The best value a layout whose count is at most ``bound`` can have."""
        return self.rules.best_below[min(bound, 168)] if self.score else bound

    def run(self, lead: Tile, remaining: list[Tile]) -> None:
        b = Board(self.rules)
        b.play(lead)
        self.board = b
        self.remaining = set(remaining)
        self.sealed: set[tuple[Tile, str]] = set()
        self.visit()

    def bound(self) -> int:
        """No layout grown from this one counts more than this.

        Every end of a final layout (of two tiles or more) is a different tile and
        adds at most its end value.  Ends come from the open points not yet
        closed, plus two for each double that may still become an opened spinner
        (a double that does is no longer an end).  Ends whose open points are all
        closed stay as they are.  Where a spinner's branches open at once
        (dominos-cc), they are open points already, and a new spinner stays an end.
        """
        b = self.board
        opened, sealed = b.open_at, self.sealed
        undecided = sum(1 for k in opened if k not in sealed)
        if not self.sides_first:
            pool = [e.value for e in b.counted_ends() if self._live(e)]
            pool += [_end_value(t) for t in self.remaining]
            spinners = sum(1 for t in self.remaining if t.is_double) if self.every else 0
            pool.sort(reverse=True)
            fixed = sum(e.value for e in b.counted_ends() if not self._live(e))
            return fixed + sum(pool[: undecided + 2 * spinners])
        fixed = 0
        live: list[int] = []
        for end in b.counted_ends():
            if self._live(end):
                live.append(end.value)
            else:
                fixed += end.value
        hubs = 0  # placed spinners that may still open their branches
        for t in b.spinners:
            used = b.slots_taken(t)
            if "line-a" in used and "line-b" in used:
                continue
            free = [k for k in ((t, "line-a"), (t, "line-b")) if k in opened]
            if free and not any(k in sealed for k in free):
                hubs += 1
        rest = [_end_value(t) for t in self.remaining if not t.is_double]
        doubles = sorted(_end_value(t) for t in self.remaining if t.is_double)
        best = 0
        for h in range(len(doubles) + 1 if self.every else 1):  # h doubles become spinners
            pool = sorted(live + rest + doubles[h:], reverse=True)
            best = max(best, sum(pool[: undecided + 2 * (hubs + h)]))
        return fixed + best

    def _live(self, end: CountedEnd) -> bool:
        """Whether a counted end may still change: one of its open points is undecided."""
        t, opened, sealed = end.tile, self.board.open_at, self.sealed
        keys = [(t, end.slot)] if end.slot is not None else [(t, "line-a"), (t, "line-b")]
        return any(k in opened and k not in sealed for k in keys)

    def visit(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise DominolabError(words.search("search stopped", n=f"{self.max_nodes:,}", best=self.best))
        b = self.board
        v = self.value(b.end_sum())
        if v > self.best:
            self.best = v
            self.best_moves = [
                (p.tile, None if p.at is None else (p.at.tile, p.at.slot)) for p in b.placements
            ]
        if self.cap(self.bound()) <= self.best:
            return
        undecided = [k for k in b.open_at if k not in self.sealed]
        if not undecided:
            return
        key = min(undecided, key=POINT_RANK.__getitem__)
        value = b.open_at[key]
        fits = sorted((t for t in self.remaining if t.low == value or t.high == value), key=_order_rank)
        for t in fits:
            b._push(t, key)
            self.remaining.discard(t)
            self.visit()
            self.remaining.add(t)
            b._undo()
        self.sealed.add(key)
        self.visit()
        self.sealed.discard(key)


def _order_rank(t: Tile) -> tuple[int, int, int]:
    """Doubles first, then by end value, largest first; ties by tile (a fixed order)."""
    return (-1 if t.is_double else 0, -_end_value(t), TILE_RANK[t])


#: The layout the integer program found for five-up's full set: count 75, a multiple of 5, so
#: also the largest score.  Where scipy cannot be had (the course in the browser, on Pyodide),
#: ``largest`` replays this on the engine instead of solving; the tests check it is the
#: program's answer.
FIVE_UP_75: tuple[tuple[str, str | None], ...] = (
    ("0|4", None), ("4|4", "0|4:high"), ("0|6", "0|4:low"), ("4|6", "4|4:line-b"),
    ("1|4", "4|4:branch-a"), ("4|5", "4|4:branch-b"), ("6|6", "4|6:high"), ("1|1", "1|4:low"),
    ("5|6", "4|5:high"), ("1|6", "1|1:line-b"), ("0|1", "1|1:branch-a"), ("1|5", "1|1:branch-b"),
    ("0|0", "0|1:low"), ("0|5", "0|0:line-b"), ("0|3", "0|0:branch-a"), ("0|2", "0|0:branch-b"),
    ("3|3", "0|3:high"), ("2|2", "0|2:high"), ("3|4", "3|3:line-b"), ("3|5", "3|3:branch-a"),
    ("3|6", "3|3:branch-b"), ("2|6", "2|2:line-b"), ("2|5", "2|2:branch-a"), ("2|4", "2|2:branch-b"),
    ("5|5", "3|5:high"),
)  # fmt: skip


def _have_scipy() -> bool:
    try:
        import scipy.optimize  # noqa: F401
    except ImportError:
        return False
    return True


def largest(
    rules: Rules | str = "all-fives",
    what: str = "count",
    *,
    tiles: Iterable[TileLike] | None = None,
    method: str = "auto",
    max_nodes: int | None = 5_000_000,
) -> Extreme:
    """The largest ``"count"`` (end sum) or ``"score"`` (a count that is a positive
    multiple of 5) any layout of ``rules`` can reach, with a layout that reaches it.

    ``tiles`` limits the set (default: the 28 tiles).  ``method``:

    * ``"search"``: the engine plays every layout that might beat the best so
      far (exhaustive; quick with one spinner, slow for every double a spinner
      on more than about 15 tiles);
    * ``"milp"``: the same question as an integer program, solved to proven
      optimality by scipy's HiGHS (under a second on the full set); its layout is
      replayed on the engine, which must give the same count;
    * ``"auto"`` (default): ``"milp"`` when every double is a spinner, else ``"search"``; where
      scipy is missing (the course in the browser), five-up's full set replays the program's
      stored answer (``method == "stored"``) and any other set is searched.

    ``max_nodes`` stops a search that would take too long (5 million layouts is about
    two minutes) with a :class:`~dominolab.DominolabError`; ``None`` waits for the proof.

    >>> best = largest("five-up", "count")
    >>> best.value, best.board.end_sum(), best.method
    (75, 75, 'milp')
    """
    if what not in ("count", "score"):
        raise DominolabError(words.search("what", value=repr(what)))
    if method not in ("auto", "search", "milp"):
        raise DominolabError(words.search("method", value=repr(method)))
    r = variant(rules)
    if max_nodes is not None and (not is_whole(max_nodes) or max_nodes < 1):
        raise DominolabError(words.search("max nodes", value=repr(max_nodes)))
    pool = list(DOUBLE_SIX) if tiles is None else sorted(set(parse_tiles(tiles)))
    plain_fives = r.count_moduli == (5,) and not r.score_by_quotient  # what the program models
    if method == "milp" and what == "score" and not plain_fives:
        raise DominolabError(words.search("milp models", game=r.name, scoring=r.scoring_text))
    if method == "auto":
        every = r.spinners is SpinnerRule.EVERY_DOUBLE
        method = "milp" if every and (plain_fives or what == "count") else "search"
        if method == "milp" and not _have_scipy():  # the browser (Pyodide) has no scipy
            five_up = r.replace(name="five-up") == variant("five-up") and pool == list(DOUBLE_SIX)
            method = "stored" if five_up else "search"  # the program's answer, or the engine's search
    t0 = time.perf_counter()
    if method == "stored":
        value, moves, nodes = 75, [(Tile(t), None if at is None else _split(at)) for t, at in FIVE_UP_75], 0
    elif method == "milp":
        value, moves, nodes = _milp(r, what, pool)
    else:
        s = _Search(r, what, max_nodes)
        _search_all(s, r, pool)
        value, moves, nodes = s.best, s.best_moves, s.nodes
    board = Board(r)
    for t, at in moves:
        board.play(t, at)  # checked: the engine must accept every placement
    got = board.end_sum() if moves else 0
    if what == "score":
        got = r.raw_score(got)
    if got != value:
        raise DominolabError(  # pragma: no cover - a broken model would show here
            words.search("replays as", method=method, value=value, got=got)
        )
    return Extreme(r, what, value, board, nodes, time.perf_counter() - t0, method)


def _split(at: str) -> tuple[Tile, str]:
    tile, _, slot = at.partition(":")
    return Tile(tile), slot


def _search_all(s: _Search, r: Rules, tiles: list[Tile]) -> None:
    if r.spinners is SpinnerRule.EVERY_DOUBLE:
        # any tile of a layout can lead it: lead each tile once, leaving out the tiles led before
        leads = sorted(tiles, key=_order_rank)
        for i, lead in enumerate(leads):
            s.run(lead, leads[i + 1 :])
    else:
        # a layout with a double can be built leading its spinner (the first double
        # placed); a layout without one, leading any of its tiles
        for lead in (t for t in tiles if t.is_double):
            s.run(lead, [t for t in tiles if t != lead])
        plain = [t for t in tiles if not t.is_double]
        for i, lead in enumerate(plain):
            s.run(lead, plain[i + 1 :])


# -- the same question as an integer program (fast on the full set) ----------------------------


def _milp(
    rules: Rules, what: str, tiles: list[Tile]
) -> tuple[int, list[tuple[Tile, tuple[Tile, str] | None]], int]:
    """Solve for the best layout with scipy's MILP solver (HiGHS); returns the value and
    the placements of one best layout, in an order the engine accepts.

    The model: each used tile has one parent slot (the lead none); a slot holds
    at most one tile; a tile's own connection takes the half (a double: ``line-a``)
    that matches; branches exist only on spinners and, where the rules say so, hold
    tiles only once both line slots are occupied; a flow from the lead keeps the
    layout in one piece.
    The count is the sum of the free halves of non-doubles plus twice the pip of
    every used double with a free line slot.
    """
    try:
        import numpy as np
        from scipy.optimize import Bounds, LinearConstraint, milp
        from scipy.sparse import coo_array
    except ImportError as e:  # pragma: no cover - scipy is a dependency
        raise DominolabError(words.search("needs scipy")) from e

    every = rules.spinners is SpinnerRule.EVERY_DOUBLE
    n = len(tiles)
    col: dict[tuple[object, ...], int] = {}

    def var(*key: object) -> int:
        return col.setdefault(key, len(col))

    for t in tiles:
        var("u", t)
        var("r", t)
        if t.is_double:
            var("w", t)  # both line slots occupied
    arcs: list[tuple[Tile, str, Tile]] = []  # (parent, slot, child)
    for p in tiles:
        for slot in slots_of(p, spinner=True):  # branches on every double; the rows below limit them
            v = point_value(p, slot)
            for c in tiles:
                if c != p and (c.low == v or c.high == v):
                    arcs.append((p, slot, c))
                    var("y", p, slot, c)
                    var("f", p, slot, c)
    for t in tiles:
        var("s", t)  # flow from the source into the lead
    if what == "score":
        var("m")
    rows: list[tuple[dict[int, float], float, float]] = []

    def row(coefs: dict[int, float], lo: float, hi: float) -> None:
        rows.append((coefs, lo, hi))

    def add(d: dict[int, float], k: int, x: float) -> None:
        d[k] = d.get(k, 0.0) + x

    row({var("r", t): 1.0 for t in tiles}, 1, 1)
    into: dict[Tile, list[tuple[Tile, str, Tile]]] = {t: [] for t in tiles}
    out: dict[tuple[Tile, str], list[tuple[Tile, str, Tile]]] = {}
    for a in arcs:
        into[a[2]].append(a)
        out.setdefault((a[0], a[1]), []).append(a)
    for t in tiles:
        u, r = var("u", t), var("r", t)
        row({r: 1.0, u: -1.0}, -np.inf, 0)  # the lead is used
        d = {var("y", *a): 1.0 for a in into[t]}
        add(d, u, -1.0)
        add(d, r, 1.0)
        row(d, 0, 0)  # one parent unless the lead
        # flow: every used tile keeps one unit; only the lead receives from the source
        d = {var("f", *a): 1.0 for a in into[t]}
        for slot in slots_of(t, spinner=True):
            for a in out.get((t, slot), []):
                add(d, var("f", *a), -1.0)
        add(d, var("s", t), 1.0)
        add(d, u, -1.0)
        row(d, 0, 0)
        row({var("s", t): 1.0, r: -float(n)}, -np.inf, 0)
        for slot in slots_of(t, spinner=True):
            for a in out.get((t, slot), []):
                row({var("f", *a): 1.0, var("y", *a): -float(n)}, -np.inf, 0)
        if t.is_double:
            la = {var("y", *a): 1.0 for a in out.get((t, "line-a"), [])}
            lb = {var("y", *a): 1.0 for a in out.get((t, "line-b"), [])}
            # line-a holds a child only on the lead (else it holds the tile's own connection)
            row({**la, r: -1.0}, -np.inf, 0)
            row({**lb, u: -1.0}, -np.inf, 0)
            w = var("w", t)
            occ_a = {**la, u: 1.0, r: -1.0}  # line-a occupied: by the parent, or a child of the lead
            # w = occ_a AND occ_b
            row({**{k: -x for k, x in occ_a.items()}, w: 1.0}, -np.inf, 0)
            row({**{k: -x for k, x in lb.items()}, w: 1.0}, -np.inf, 0)
            d = {k: x for k, x in occ_a.items()}
            for k, x in lb.items():
                add(d, k, x)
            add(d, w, -1.0)
            row(d, -np.inf, 1)
            for s in ("branch-a", "branch-b"):
                br = {var("y", *a): 1.0 for a in out.get((t, s), [])}
                if not br:
                    continue
                # a branch holds one tile: once both lines are occupied, or at once (dominos-cc)
                row({**br, (w if rules.spinner_sides_first else u): -1.0}, -np.inf, 0)
                if not every:
                    row({**br, r: -1.0}, -np.inf, 0)  # one spinner: the lead (a layout can lead its spinner)
        else:
            for half, v in (("low", t.low), ("high", t.high)):
                d = {var("y", *a): 1.0 for a in out.get((t, half), [])}
                for a in into[t]:
                    if point_value(a[0], a[1]) == v:
                        add(d, var("y", *a), 1.0)  # its own connection takes this half
                add(d, u, -1.0)
                row(d, -np.inf, 0)
    # the count
    obj: dict[int, float] = {}
    for t in tiles:
        u = var("u", t)
        if t.is_double:
            add(obj, u, 2.0 * t.low)
            add(obj, var("w", t), -2.0 * t.low)
        else:
            for half, v in (("low", t.low), ("high", t.high)):
                add(obj, u, float(v))
                for a in out.get((t, half), []):
                    add(obj, var("y", *a), -float(v))
                for a in into[t]:
                    if point_value(a[0], a[1]) == v:
                        add(obj, var("y", *a), -float(v))
    if what == "score":
        d = dict(obj)
        add(d, var("m"), -5.0)
        row(d, 0, 0)
    nv = len(col)
    cost = np.zeros(nv)
    for k, x in obj.items():
        cost[k] = -x
    ri, ci, vals = [], [], []
    for i, (coefs, _, _) in enumerate(rows):
        for k, x in coefs.items():
            ri.append(i)
            ci.append(k)
            vals.append(x)
    a_mat = coo_array((vals, (ri, ci)), shape=(len(rows), nv)).tocsr()
    lo_v = np.array([lo for _, lo, _ in rows], dtype=float)
    hi_v = np.array([hi for _, _, hi in rows], dtype=float)
    lower = np.zeros(nv)
    upper = np.ones(nv)
    integrality = np.ones(nv)
    for key, k in col.items():
        if key[0] in ("f", "s"):
            upper[k] = float(n)
            integrality[k] = 0
        elif key[0] == "m":
            lower[k], upper[k] = 1, 200
    res = milp(
        cost,
        constraints=LinearConstraint(a_mat, lo_v, hi_v),
        bounds=Bounds(lower, upper),
        integrality=integrality,
        options={"mip_rel_gap": 0.0},
    )
    nodes = int(getattr(res, "mip_node_count", 0) or 0)
    if res.x is None:  # infeasible: no layout of these tiles scores
        return 0, [], nodes
    x = res.x
    on = {a for a in arcs if x[var("y", *a)] > 0.5}
    lead = next(t for t in tiles if x[var("r", t)] > 0.5)
    moves: list[tuple[Tile, tuple[Tile, str] | None]] = [(lead, None)]
    queue = [lead]
    while queue:
        p = queue.pop(0)
        kids = sorted((a for a in on if a[0] == p), key=lambda a: SLOT_RANK[a[1]])
        for a in kids:
            moves.append((a[2], (p, a[1])))
            queue.append(a[2])
    return round(-res.fun), moves, nodes
