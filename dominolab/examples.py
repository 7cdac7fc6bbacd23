"""Named example positions used by the tutorials, the docs pictures and the demos.

>>> from dominolab.examples import example_board, SEED_SEQUENCE
>>> example_board("seed").end_sum()
8
>>> len(SEED_SEQUENCE)
9
"""

from __future__ import annotations

from .board import Board
from .bots import play_game
from .errors import DominolabError
from .game import Game, RoundState
from .presets import REGISTRY, SEED_SEQUENCE
from .tiles import DOUBLE_SIX

__all__ = [
    "SEED_SEQUENCE",
    "FIVE_UP_SEQUENCE",
    "EXAMPLES",
    "example_board",
    "must_draw_game",
    "find_round",
    "find_round_with",
    "walkthrough",
    "scoring_notes",
    "lead_reason",
    "round_board",
]


#: A five-up layout with three spinners; all-fives and dominos-cc refuse its 10th placement (a
#: branch of 6|6, not a spinner there): the comparison's example of a refusal.
FIVE_UP_SEQUENCE: tuple[tuple[str, str | None], ...] = REGISTRY["five-up"].example

#: Every preset's example layout (the registry's), the source text's whole worked sequence, and a
#: spinner whose branches have just opened.
EXAMPLES: dict[str, tuple[str, tuple[tuple[str, str | None], ...]]] = {
    "seed": ("all-fives", SEED_SEQUENCE),
    **{name: (name, p.example) for name, p in REGISTRY.items()},
    "spinner-open": ("all-fives", (("3|3", None), ("3|5", "3|3:line-a"), ("1|3", "3|3:line-b"))),
}


def example_board(name: str) -> Board:
    """A fresh board holding the named example (see :data:`EXAMPLES`)."""
    try:
        rules, seq = EXAMPLES[name]
    except KeyError:
        raise DominolabError(f"unknown example {name!r}; known: {', '.join(EXAMPLES)}") from None
    b = Board(rules)
    for tile, at in seq:
        b.play(tile, at)
    return b


def must_draw_game() -> Game:
    """All-fives, 2 players: seat 0 has led 6|6 and seat 1 holds no 6, so it must draw;
    the boneyard starts 4|4, 3|5, 3|6 (the third draw plays)."""
    a = ["6|6", "0|0", "0|1", "0|2", "0|3", "0|4", "0|5", "1|1", "1|2"]
    b = ["1|3", "1|4", "1|5", "2|2", "2|3", "2|4", "2|5", "3|3", "3|4"]
    bone = ["4|4", "3|5", "3|6", "4|5"]
    rest = [str(t) for t in DOUBLE_SIX if t not in set(a + b + bone)]
    g = Game("all-fives", 2, hands=[a, b], boneyard=bone + rest, leader=0)
    g.apply("6|6")
    return g


def find_round(
    rules: str, players: int, end: str = "blocked", *, bots: str = "greedy", start: int = 0, tries: int = 500
) -> tuple[Game, RoundState]:
    """The first seeded game (seeds ``start``, ``start+1``, …) with a round that ended by ``end``
    (``"domino"``, ``"blocked"`` or ``"target"``); returns the game and that round."""
    return find_round_with(rules, players, end, bots=bots, start=start, tries=tries)


def find_round_with(
    rules: str,
    players: int,
    end: str,
    acts: tuple[str, ...] = (),
    *,
    bots: str = "greedy",
    start: int = 0,
    tries: int = 500,
    longest: int | None = None,
) -> tuple[Game, RoundState]:
    """Like :func:`find_round`, for a round that also holds each of ``acts`` (``"draw"``,
    ``"pass"``), in at most ``longest`` actions: a round to walk a learner through."""
    for seed in range(start, start + tries):
        g = play_game(rules, players, [bots] * players, seed=seed)
        for rs in g.rounds:
            if rs.end_reason == end and all(any(a.act == act for a in rs.actions) for act in acts):
                if longest is None or len(rs.actions) <= longest:
                    return g, rs
    holding = f" with {', '.join(acts)}" if acts else ""
    raise LookupError(f"no {end} round{holding} in {tries} games of {rules}")


def _ends_text(board: Board) -> str:
    """``a 2, a 3 or a 5``: the numbers the open points show."""
    words = [f"a {v}" for v in sorted({p.value for p in board.open_points()})]
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)


def walkthrough(game: Game, number: int) -> list[str]:
    """Round ``number`` of ``game`` in plain sentences, one for each step and its reason: the
    deal, who leads and why, every play (what it adds and scores), draw and pass, how the
    round ended, the settlement, the scores, and who leads the next round.

    The round is played again, step by step, from its own :class:`~dominolab.Deal` and
    :class:`~dominolab.Lead`: each sentence says what the engine did, never a rule of its own.

    >>> g = play_game("all-fives", 2, ["greedy", "greedy"], seed=1)
    >>> walkthrough(g, 1)[0]
    'Round 1 of all-fives, 2 players: each seat is dealt 9 tiles, and 10 stay face down in the boneyard.'
    """
    from .game import Deal, Lead
    from .settlement import format_score, side_name

    rs = game.rounds[number - 1]
    r = game.rules
    before = game.rounds[number - 2].scores if number > 1 else game.start_scores
    g = Game(r, game.players, start=False, auto_deal=False, scores=before)
    n = len(rs.hands[0])
    stock = len(rs.boneyard)
    rest = f"{stock} stay face down in the boneyard" if r.drawing else f"{stock} stay out of play, face down"
    lines = [f"Round {number} of {r.name}, {game.players} players: each seat is dealt {n} tiles, and {rest}."]
    lines += [f"  Seat {s} holds {' '.join(t.bracketed for t in sorted(h))}." for s, h in enumerate(rs.hands)]
    g.push(Deal(rs.hands, rs.boneyard))
    lead = g.push(Lead(rs.leader if rs.leader is not None else 0))
    why = lead_reason(str(rs.leader_by or lead.by), lead.seat)  # the round's own reason
    lines.append(f"Who leads: {why}. Seat {lead.seat} leads.")
    unit = "shown point" if r.unit == "shown" else "point"
    for rec in rs.actions:
        seat = g.to_move
        ends = _ends_text(g.board)
        if rec.act == "play":
            p = g.push(g.verify(rec.action))
            where = "leads" if rec.at is None else f"plays {rec.tile} on {rec.at} (it shows a {rec.at.value})"
            move = f"Seat {seat} {where}" if rec.at is not None else f"Seat {seat} leads {rec.tile}"
            if not r.placement_scoring:
                lines.append(f"{move}.")
                continue
            parts = g.board.contributions()
            count = g.board.equation() if len(parts) > 1 else str(g.board.end_sum())
            total, kind = g.board.end_sum(), r.count_kind(g.board.end_sum())
            if p.points:
                raw = f" ({p.points * r.score_divisor} raw / 5)" if r.unit == "shown" else ""
                sums = r.count_quotients(total)
                sums = f"{sums} = " if sums else ""
                got = f"{kind}: it scores {sums}{p.points} {unit}{'s' if p.points != 1 else ''}{raw}"
            else:
                got = f"{kind}: no score"
            lines.append(f"{move}: the count is {count}, {got}.")
            lines.extend(scoring_notes(g))
        elif rec.act == "draw":
            g.push(g.verify(rec.action))
            plays = g.drawn is not None
            tail = "it plays, so it must be placed at once" if plays else "it does not play"
            lines.append(f"Seat {seat} has no tile showing {ends}, so it draws: {rec.tile} — {tail}.")
        elif rec.act == "pass":
            g.push(g.verify(rec.action))
            why_pass = "the boneyard is empty" if r.drawing else f"nobody draws in {r.name}"
            knocks = "passes" if r.drawing else "passes (knocks)"
            lines.append(f"Seat {seat} has no tile showing {ends}, and {why_pass}: it {knocks}.")
        else:  # a muggins step: the record's own action, never its words read back
            g.push(g.verify(rec.action))
            lines.append(f"{str(rec)[0].upper()}{str(rec)[1:]}.")
            if rec.act != "let-go":
                lines.extend(scoring_notes(g, note_out=False))
    end = g.round
    if end.settlement is not None:  # its words say how the round ended, then what it pays
        lines.extend(end.settlement.lines)
    else:
        assert end.winner is not None
        verb = "reach" if len(g.sides[end.winner]) > 1 else "reaches"
        lines.append(f"{side_name(g.sides, end.winner)} {verb} the target: the game ends at once.")
    scores = ", ".join(f"{side_name(g.sides, i)} {format_score(x)}" for i, x in enumerate(end.scores))
    lines.append(f"Scores after round {number}: {scores}.")
    if number < len(game.rounds):
        nxt = game.rounds[number]
        by = {
            "last-tile": f"seat {nxt.leader} played its last tile, so it leads round {number + 1}",
            "lot": f"a new lot chooses who leads round {number + 1}: seat {nxt.leader}",
            "highest-double": f"round {number + 1} is led again by the highest double, "
            f"held by seat {nxt.leader}",
            "heaviest-tile": f"round {number + 1} is led again by the heaviest tile (no doubles), "
            f"held by seat {nxt.leader}",
            "left": f"the lead passes to the left: seat {nxt.leader} leads round {number + 1}",
        }[str(nxt.leader_by)]
        lines.append(f"Next: {by}.")
    elif game.outcome is not None:
        verb = "win" if len(game.sides[game.outcome.winner]) > 1 else "wins"
        lines.append(f"The game is over: {side_name(game.sides, game.outcome.winner)} {verb}.")
    return lines


#: why a round's leader leads, by the round's own Lead (the walkthrough, the game table's log)
_LEAD_REASONS = {
    "lot": "a lot chooses who leads; any tile of that hand may lead",
    "last-tile": "seat {seat} played its last tile in the round before, so it leads",
    "highest-double": "the seat holding the highest double leads, and leads that double",
    "heaviest-tile": "nobody holds a double, so the seat holding the heaviest tile leads it",
    "left": "the lead passes to the left, to the seat after the last round's leader; any tile may lead",
}


def lead_reason(by: str, seat: int) -> str:
    """Why seat ``seat`` leads a round whose :class:`~dominolab.Lead` says ``by``, in words.

    >>> lead_reason("last-tile", 1)
    'seat 1 played its last tile in the round before, so it leads'
    """
    return _LEAD_REASONS[str(by)].format(seat=seat)


def scoring_notes(g: Game, rs: RoundState | None = None, note_out: bool = True) -> list[str]:
    """The sentences the last step of round ``rs`` of ``g`` (default: the current round) needs
    where the rules give a point for going out, go on until both partners are out, or have an
    exact target: the seat went out (or is out and skipped), or its score was disregarded.

    >>> g = Game("fives-and-threes", 2, hands=[["6|6", "0|1", "0|2", "0|3", "1|2", "1|3", "2|3"],
    ...     ["4|4", "4|5", "5|5", "0|4", "1|4", "2|4", "3|4"]], leader=0, scores=(58, 0))
    >>> _ = g.apply("6|6")
    >>> scoring_notes(g, g.rounds[0])
    ['Seat 0 has 58: with these points it would pass 61, so they are disregarded (only exactly 61 wins).']
    """
    from .settlement import EndReason, format_score, side_name

    r = g.rules
    rs = g.round if rs is None else rs
    out: list[str] = []
    if not rs.actions:
        return out
    last = len(rs.actions) - 1
    rec = rs.actions[last]
    seat = rec.seat
    current = rs is g.rounds[-1]
    went_out = rec.act == "play" and (
        (rs.end_reason is EndReason.DOMINO) or (current and not g.is_over and g.goes_out(seat))
    )
    if note_out and r.going_out_points and went_out:
        more = "" if r.muggins else f", scored with the placement: {rs.scored.get(last, 0)} in all"
        if last in rs.busts:
            more = ""
        out.append(f"Seat {seat} is out: {r.going_out_points} point for going out{more}.")
    elif note_out and r.partners_both_out and rec.act == "play" and current and not g.hands[seat]:
        out.append(
            f"Seat {seat} has played its last tile, but its partner still holds tiles: the round "
            f"goes on until both are out, and seat {seat} is skipped."
        )
    if last in rs.busts:
        side = g.side_of(seat)
        target = g.target
        out.append(
            f"{side_name(g.sides, side)} {'have' if len(g.sides[side]) > 1 else 'has'} "
            f"{format_score(g.scores[side])}: with these points it would pass {target}, so they are "
            f"disregarded (only exactly {target} wins)."
        )
    return out


def round_board(game: Game, number: int) -> Board:
    """The layout of round ``number`` of ``game`` as the round left it."""
    b = Board(game.rules)
    for rec in game.rounds[number - 1].actions:
        if rec.act == "play":
            assert rec.tile is not None
            b.play(rec.tile, rec.at)
    return b
