"""Perfect-information endgame search: the best play to the end of the round when
every hand and the boneyard order are known (a puzzle, or a game looked at afterwards).

Alpha-beta on the score difference (two sides) or max-n (three or four sides, each
playing for its own gain minus its best rival's), both with a transposition table.

>>> import dominolab as dl
>>> g = dl.Game("all-fives", 2, seed=1)
>>> while len(g.hands[0]) + len(g.hands[1]) > 6 and not g.round.is_over:
...     _ = g.apply(g.legal_actions()[0])
>>> e = dl.endgame(g)
>>> e.exact, len(e.line) > 0
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .errors import DominolabError
from .game import Action, Game
from .settlement import Score

__all__ = ["Endgame", "endgame"]


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
        return f"gains {tuple(float(x) for x in self.gains)} by {moves} ({self.nodes} positions)"


def _key(g: Game) -> tuple[object, ...]:
    b = g.board
    return (
        frozenset(b._open.items()),
        b._sum,
        tuple(b._spinners),
        tuple(tuple(h) for h in g.hands),
        tuple(g._boneyard),
        g.to_move,
        g.drawn,
        tuple(g._score2),
    )


def endgame(game: Game, *, max_nodes: int = 300_000) -> Endgame:
    """Search the rest of the current round of ``game`` (which is not changed).

    Raises :class:`~dominolab.DominolabError` if the position needs more than
    ``max_nodes`` positions: search later in the round.
    """
    if not isinstance(game, Game):
        raise DominolabError(f"endgame searches a dl.Game in mid-round, not {game!r}")
    if game.outcome is not None or game.round.is_over:
        raise DominolabError("the round is over: nothing to search")
    g = Game._from_position(
        game.rules, game.board, game.hands, list(game.boneyard), game.to_move, game.scores, game.drawn
    )
    start = list(g._score2)
    nsides = len(g.sides)
    tt: dict[tuple[object, ...], tuple[tuple[int, ...], Action | None]] = {}
    count = [0]

    def gains() -> tuple[int, ...]:
        return tuple(x - y for x, y in zip(g._score2, start, strict=True))

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
            raise DominolabError(
                f"the position needs more than {max_nodes} positions: search later in the round"
            )
        side = g.side_of(g.to_move)
        best: tuple[tuple[int, ...], Action | None] | None = None
        best_score = None
        for a in g.legal_actions():
            g._push(a)
            v, _ = maxn()
            g._pop()
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
            raise DominolabError(
                f"the position needs more than {max_nodes} positions: search later in the round"
            )
        a0, b0 = alpha, beta
        maximizing = g.side_of(g.to_move) == 0
        best: int = -(10**9) if maximizing else 10**9
        for a in g.legal_actions():
            g._push(a)
            child: int = alphabeta(alpha, beta)
            g._pop()
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
                g._push(a)
                if alphabeta(-inf, inf) == target:
                    line.append(a)
                    break
                g._pop()
            else:  # pragma: no cover - the value is always reached by some move
                raise AssertionError("no move keeps the searched value")
        values = gains()
    else:
        values, _ = maxn()
        while not (g.round.is_over or g.outcome is not None):
            _, nxt = maxn()
            assert nxt is not None
            line.append(nxt)
            g._push(nxt)
    return Endgame(tuple(_half(x) for x in values), tuple(line), count[0])


def _half(x: int) -> Score:
    return x // 2 if x % 2 == 0 else Fraction(x, 2)
