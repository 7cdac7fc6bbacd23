"""Named example positions used by the tutorials, the docs pictures and the demos.

>>> from dominolab.examples import example_board, SEED_SEQUENCE
>>> example_board("seed").end_sum()
8
>>> len(SEED_SEQUENCE)
9
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import overload

from . import words
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
    "tell",
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
        raise DominolabError(
            words.refusal("unknown example", name=repr(name), known=", ".join(EXAMPLES))
        ) from None
    return Board.of(rules, seq)


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
    return words.ends_text(p.value for p in board.open_points())


def tell(lines: Iterable[str | Board], width: int = 88) -> None:
    """Print ``lines`` for a reader: each wrapped at a space within ``width`` columns, its
    continuation indented under its first word.  (JupyterLab breaks an output line that is wider
    than the page anywhere, mid-word: "Seat 1 le / ads 4|6".)  A :class:`~dominolab.Board`
    among the lines is shown as its picture in a notebook (as text elsewhere): a walkthrough
    with ``boards`` shows the layout as it grows.

    >>> tell(["Seat 0 plays 2|6 on 4|6:high: the count is 2 + 6 = 8, not a multiple of 5."], 40)
    Seat 0 plays 2|6 on 4|6:high: the count
      is 2 + 6 = 8, not a multiple of 5.
    """
    if not isinstance(width, int) or isinstance(width, bool) or width < 20:
        raise DominolabError(words.refusal("tell width", width=width))
    for line in lines:
        if isinstance(line, Board):
            _show(line)
            continue
        indent = line[: len(line) - len(line.lstrip())]
        print(
            textwrap.fill(
                line.strip(),
                width,
                initial_indent=indent,
                subsequent_indent=indent + "  ",
                break_long_words=False,
                break_on_hyphens=False,
            )
        )


def _show(board: Board) -> None:
    """``board``'s picture, in a notebook (IPython shows it); its text anywhere else."""
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:  # pragma: no cover - IPython comes with every notebook
        print(board)
        return
    if get_ipython() is None:
        print(board)
        return
    display(board)


@overload
def walkthrough(game: Game, number: int, boards: None = None) -> list[str]: ...
@overload
def walkthrough(game: Game, number: int, boards: int) -> list[str | Board]: ...
def walkthrough(game: Game, number: int, boards: int | None = None) -> list[str] | list[str | Board]:
    """Round ``number`` of ``game`` in plain sentences, one for each step and its reason: the
    deal, who leads and why, every play (what it adds and scores), draw and pass, how the
    round ended, the settlement, the scores, and who leads the next round.

    ``boards=N`` puts the layout (a copy, a :class:`~dominolab.Board`) among the sentences
    after every N-th placement and after the last one, so that :func:`tell` shows the round
    as it goes.

    The round is played again, step by step, from its own :class:`~dominolab.Deal` and
    :class:`~dominolab.Lead`: each sentence says what the engine did, never a rule of its own.

    >>> g = play_game("all-fives", 2, ["greedy", "greedy"], seed=1)
    >>> walkthrough(g, 1)[0]
    'Round 1 of all-fives, 2 players: each seat is dealt 9 tiles, and 10 stay face down in the boneyard.'
    """
    from .game import ActionRecord, Deal, Lead

    if boards is not None and (not isinstance(boards, int) or isinstance(boards, bool) or boards < 1):
        raise DominolabError(words.refusal("walkthrough boards", boards=repr(boards)))
    rs = game.rounds[number - 1]
    r = game.rules
    # the rounds before are pushed again too: who leads this round may depend on them
    g = Game(r, game.players, start=False, auto_deal=False, scores=game.start_scores)
    history = game.history
    deals = [i for i, step in enumerate(history) if isinstance(step, Deal)]
    for step in history[: deals[number - 1]]:
        g.push(step.action if isinstance(step, ActionRecord) else step)
    deal = words.walk_deal(number, r.name, game.players, len(rs.hands[0]), len(rs.boneyard), r.drawing)
    lines: list[str | Board] = [deal]
    lines += [words.walk_holds(s, sorted(h)) for s, h in enumerate(rs.hands)]
    g.push(Deal(rs.hands, rs.boneyard))
    lead = g.push(Lead(rs.leader if rs.leader is not None else 0))
    why = lead_reason(str(rs.leader_by or lead.by), lead.seat)  # the round's own reason
    lines.append(words.walk_leader(why, lead.seat))
    plays = [i for i, rec in enumerate(rs.actions) if rec.act == "play"]
    shown = set() if boards is None else {*plays[boards - 1 :: boards], *plays[-1:]}
    for i, rec in enumerate(rs.actions):
        seat = g.to_move
        ends = _ends_text(g.board)
        if i - 1 in shown:  # the layout after the placement before, once its sentences are said
            lines.append(g.board.copy())
        if rec.act == "play":
            p = g.push(g.verify(rec.action))
            shows = None if rec.at is None else rec.at.value
            if not r.placement_scoring:
                lines.append(words.walk_play(seat, rec.tile, rec.at, shows))
                continue
            parts = g.board.contributions()
            count = g.board.equation() if len(parts) > 1 else str(g.board.end_sum())
            total = g.board.end_sum()
            lines.append(
                words.walk_play(
                    seat,
                    rec.tile,
                    rec.at,
                    shows,
                    count,
                    r.count_kind(total),
                    p.points or 0,
                    r.count_quotients(total),
                    r.unit,
                    r.score_divisor,
                )
            )
            lines.extend(scoring_notes(g))
        elif rec.act == "draw":
            g.push(g.verify(rec.action))
            lines.append(words.walk_draw(seat, ends, rec.tile, g.drawn is not None))
        elif rec.act == "pass":
            g.push(g.verify(rec.action))
            lines.append(words.walk_pass(seat, ends, r.drawing, r.name))
        else:  # a muggins step: the record's own action, never its words read back
            g.push(g.verify(rec.action))
            lines.append(words.sentence(str(rec)))
            if rec.act != "let-go":
                lines.extend(scoring_notes(g, note_out=False))
    if len(rs.actions) - 1 in shown:
        lines.append(g.board.copy())
    end = g.round
    if end.settlement is not None:  # its words say how the round ended, then what it pays
        lines.extend(end.settlement.lines)
    else:
        assert end.winner is not None
        lines.append(words.reaches_target(g.sides, end.winner, settled=True))
    lines.append(words.walk_scores(number, g.sides, end.scores))
    if number < len(game.rounds):
        nxt = game.rounds[number]
        lines.append(words.walk_next(words.next_lead(str(nxt.leader_by), nxt.leader or 0, number + 1)))
    elif game.outcome is not None:
        lines.append(words.game_is_over(game.sides, game.outcome.winner))
    return lines


def lead_reason(by: str, seat: int) -> str:
    """Why seat ``seat`` leads a round whose :class:`~dominolab.Lead` says ``by``, in words.

    >>> lead_reason("last-tile", 1)
    'seat 1 played its last tile in the round before, so it leads'
    """
    return words.lead_reason(by, seat)


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
    from .settlement import EndReason

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
        total = None if r.muggins or last in rs.busts else rs.scored.get(last, 0)
        out.append(words.going_out(seat, r.going_out_points, total))
    elif note_out and r.partners_both_out and rec.act == "play" and current and not g.hands[seat]:
        out.append(words.partner_still_in(seat))
    if last in rs.busts:
        side = g.side_of(seat)
        out.append(words.disregarded(g.sides, side, g.scores[side], g.target))
    return out


def round_board(game: Game, number: int) -> Board:
    """The layout of round ``number`` of ``game`` as the round left it."""
    b = Board(game.rules)
    for rec in game.rounds[number - 1].actions:
        if rec.act == "play":
            assert rec.tile is not None
            b.play(rec.tile, rec.at)
    return b
