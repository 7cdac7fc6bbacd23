"""Playing a puzzle several moves deep on the board, as the tests of line puzzles and of their
ratings both do."""

from __future__ import annotations

import dominolab as dl


def played_by_its_line(p: dl.LinePuzzle, q: dl.LineOnBoard | None = None) -> dl.LineOnBoard:
    """``p`` played on the board (``q``, else a new model keyed as ``p``) by its own best line,
    each move picked and placed as clicks do; every move must be taken."""
    q = dl.LineOnBoard(p, p.key) if q is None else q
    for move in p.line_for_you():
        tile, _, point = move.partition("@")
        assert q.select(tile).right is None
        verdict = q.place(point or "lead")
        assert verdict.right, verdict.text
    return q


def worse_first(p: dl.LinePuzzle) -> dl.Action:
    """A first placement of ``p`` other than its best line's first (one that throws some of the
    best result away: the best first move is unique)."""
    best = p.line_for_you()[0]
    return next(
        a
        for a in p.game().legal_actions()
        if a.act is dl.Act.PLAY and dl.board.placement_text(a.tile, a.at) != best
    )
