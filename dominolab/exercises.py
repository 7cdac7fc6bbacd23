"""Exercises for the tutorials, answered by the engine (never by a stored number).

>>> import dominolab as dl
>>> ex = dl.exercise("t1-sixes")
>>> print(ex.check(None))
Not answered yet: replace None with your answer and run the cell again.
>>> print(ex.check(7))
Right! 0|6, 1|6, 2|6, 3|6, 4|6, 5|6 and 6|6: seven tiles show a 6.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

from . import words
from .answers import read_choice, read_number, read_seats, read_tile, read_yes_no
from .board import Board, parse_placement, placement_text
from .bots import GreedyBot, play_bots
from .errors import DominolabError
from .game import Act, Action, Game, SeatView, after_settlement, leader_by_tiles
from .line_puzzles import GOAL_KEYS
from .presets import PRESETS, read_preset, variant
from .progress import best_streak, learner_rating, record_solved, solved, was_rated_any
from .puzzles import PUZZLE_KEY, Checked, best_placements
from .search import Extreme, largest
from .settlement import round5, settle, tally_strokes
from .stages import STAGES, stage_key
from .tiles import DOUBLE_SIX, Tile

__all__ = [
    "Exercise",
    "Checked",
    "EXERCISES",
    "exercise",
    "ASKED_IN",
    "asked_in",
    "answer_key_markdown",
    "reset_tries",
    "progress_markdown",
]


@dataclass(frozen=True)
class Exercise:
    """A question whose answer the engine computes.  ``accept(answer)`` may accept
    several answers (say, any tile that makes the count 35)."""

    key: str
    question: str
    solve: Callable[[], Any]
    explain: Callable[[], str]
    hint: str = "Look again at each free end."
    accept: Callable[[Any], bool] | None = None
    #: for a question whose answer is a placement: the layout and the tiles to choose from, so
    #: that it can be answered on the board (dl.AnswerOnBoard)
    position: Callable[[], tuple[Board, list[str]]] | None = None

    def answer(self) -> Any:
        return self.solve()

    def board(self) -> Board:
        """The layout of a question answered by a placement (refused for the others)."""
        if self.position is None:
            raise DominolabError(words.onboard("no position", name=self.key))
        return self.position()[0]

    @property
    def hand(self) -> list[str]:
        """The tiles to choose from, for a question answered by a placement."""
        if self.position is None:
            raise DominolabError(words.onboard("no position", name=self.key))
        return self.position()[1]

    def check(self, answer: Any) -> Checked:
        """The verdict on ``answer``.  A wrong answer is told what is wrong with *it* where the
        engine can say (the sign, too high or too low), with the hint; wrong again, the
        feedback escalates: the second time it says how far off a number is, the third time
        it offers the answer (:meth:`reveal`).  A right answer starts the count again."""
        if answer is None:
            return Checked(None, words.feedback("exercise not answered"))
        try:
            ok = self.accept(answer) if self.accept is not None else _same(answer, self.solve())
        except DominolabError as e:
            return Checked(False, words.feedback("unreadable answer", error=e))
        if ok:
            record_solved(self.key, _TRIES.pop(self.key, 0) + 1)  # kept on the learner's machine
            return Checked(True, words.feedback("exercise right", why=self.explain()))
        tries = _TRIES[self.key] = _TRIES.get(self.key, 0) + 1
        said = words.feedback("not quite", answer=repr(answer))
        if self.accept is None and _sign_slip(answer, self.solve()):
            said += words.feedback("mind the sign")
        elif tries >= 2 and self.accept is None:
            said += _how_far(answer, self.solve())
        text = words.feedback("with hint", said=said, hint=self.hint)
        if tries >= 3:
            text += " " + words.feedback("still stuck", exercise=repr(self.key))
        return Checked(False, text)

    def reveal(self) -> str:
        """The answer and why, in words (``Answer: 2.5.``, never ``Fraction(5, 2)``)."""
        return words.feedback("exercise answer", answer=_answer_text(self.solve()), why=self.explain())


def _answer_text(x: Any) -> str:
    """An engine's answer as a learner reads it: a number, a tile, yes or no, a name."""
    if isinstance(x, bool):
        return words.yes_no(x)
    if isinstance(x, Fraction):
        return str(int(x)) if x.denominator == 1 else str(float(x))
    return str(x)


def _same(a: Any, b: Any) -> bool:
    """Whether the answer ``a``, as a learner writes it, is ``b`` (:mod:`dominolab.answers`
    reads it): ``"15"`` and ``"15 points"`` are 15, ``"5/2"`` and ``"2,5"`` are 2.5, ``"yes"`` is
    True, ``"none"`` is 0, ``"[4|1]"`` is the tile 1|4, ``"Five Up"`` is five-up, ``"seat 1"``
    is 1; a choice is compared as whole words, never as a part of a longer answer."""
    if isinstance(b, bool):
        return read_yes_no(a) is b
    if isinstance(b, Tile):
        return read_tile(a) == b
    if isinstance(b, str):
        if b in PRESETS:
            return read_preset(a) == b
        if _is_tile(b):
            return read_tile(a) == Tile(b)
        return read_choice(a, [b]) == b
    if isinstance(b, int | float | Fraction):
        if isinstance(a, str) and a.strip().lower().startswith("seat"):
            return read_seats(a) == (b,)
        return read_number(a) == Fraction(b).limit_denominator(1000)
    return bool(a == b)


def _is_tile(text: str) -> bool:
    try:
        Tile(text)
    except DominolabError:
        return False
    return True


#: wrong answers so far, by exercise key, in this kernel (the feedback escalates with them)
_TRIES: dict[str, int] = {}


def reset_tries() -> None:
    """Forget the wrong answers counted so far: every exercise's feedback starts again."""
    _TRIES.clear()


def _how_far(a: Any, b: Any) -> str:
    """For a number answered wrong again: whether it is too high or too low (``""`` when the
    answer is not a number)."""
    if isinstance(b, bool) or not isinstance(b, int | float | Fraction):
        return ""
    try:
        got = read_number(a)
    except DominolabError:
        return ""
    return words.feedback("too high" if got > Fraction(b).limit_denominator(1000) else "too low")


def _sign_slip(a: Any, b: Any) -> bool:
    """Whether ``a`` is ``b`` with the wrong sign (a deduction answered as a change of score)."""
    if isinstance(b, bool) or not isinstance(b, int | float | Fraction) or not b:
        return False
    try:
        return read_number(a) == -Fraction(b).limit_denominator(1000)
    except DominolabError:
        return False


_board = Board.of  #: a layout of these placements


def _sixes() -> int:
    return sum(6 in t.halves for t in DOUBLE_SIX)


def _after_lead(lead: str) -> int:
    b = _board("all-fives", [(lead, None)])
    return sum(1 for t in DOUBLE_SIX if b.placements_for(t))


# the line-game lesson: two deals for who leads, a domino and a blocked round of block
T1A_DOUBLE_HANDS = [["2|5", "4|4", "0|6"], ["3|3", "1|6", "5|6"]]
T1A_NO_DOUBLE_HANDS = [["2|5", "0|6", "1|3"], ["4|5", "3|6", "1|2"]]
T1A_DOMINO_HANDS = [[], ["5|6", "2|3"], ["0|4"]]
T1A_BLOCKED_HANDS = [["6|6"], ["0|1", "1|2", "0|3", "2|2"]]


def _muggins_after_lead_double() -> int:
    """Lead 5|5 with muggins on, claim 5, and let the next seat call: what it takes."""
    rest = [t for t in DOUBLE_SIX if t != Tile("5|5")]
    hands: list[list[Tile]] = [[Tile("5|5"), *rest[:8]], rest[8:17]]
    g = Game(variant("all-fives").replace(muggins=True), 2, hands=hands, leader=0)
    for step in ("5|5", "claim 5", "muggins"):
        g.apply(step)
    return int(g.scores[1])


def _stuck_turn(rules: str) -> str:
    """What the engine lets a seat do when none of its tiles plays, in the first such turn of
    a seeded game played with the first legal action: ``"pass"`` in block, ``"draw"`` in draw."""
    g = play_bots(Game(rules, players=2, seed=1), [_FIRST, _FIRST], until=_stuck)
    if not g.is_over:
        return " or ".join(sorted({str(a.act) for a in g.legal_actions()}))
    raise DominolabError(f"no seat was stuck in the seeded {rules} game")  # pragma: no cover


class _First:
    """A bot that takes the first legal action."""

    name = "first"

    def choose(self, view: SeatView) -> Action:
        return view.legal_actions[0]


_FIRST = _First()


def _stuck(g: Game) -> bool:
    """Whether none of the tiles of the seat to move plays."""
    return all(a.act is not Act.PLAY for a in g.legal_actions())


T2_DOUBLE = [("2|3", None), ("3|3", "2|3:high")]
T2_INTERNAL = [("5|5", None), ("0|5", "5|5:line-a"), ("5|6", "5|5:line-b")]


def _scoring_tiles_on_high() -> int:
    b = _board("all-fives", [("1|4", None)])
    return sum(
        1 for t in DOUBLE_SIX if ("1|4", "high", 4) in b.placements_for(t) and b.points_for(t, "1|4:high")
    )


T3_OPEN = [("4|4", None), ("4|6", "4|4:line-a")]
T3_FIVE_UP_OPEN = [("4|4", None), ("4|6", "4|4:line-a"), ("4|5", "4|4:line-b")]
T3_FIRST_DOUBLE = [("1|2", None), ("2|2", "1|2:high"), ("1|1", "1|2:low")]
T3_36 = [
    ("1|1", None),
    ("1|6", "1|1:line-a"),
    ("6|6", "1|6:high"),
    ("1|5", "1|1:line-b"),
    ("5|5", "1|5:high"),
    ("1|4", "1|1:branch-a"),
    ("4|4", "1|4:high"),
    ("1|3", "1|1:branch-b"),
]


def _makes_35(answer: Any) -> bool:
    """A tile that, on 1|3:high of the 36-layout, makes the count 35 — written as the tile, or
    as that placement (as the board answers it)."""
    b = _board("all-fives", T3_36)
    if "@" in str(answer):
        t, at = _read_move(answer)
        if at != (Tile("1|3"), "high"):
            return False
    else:
        t = Tile(answer)
    return b.can_play(t, "1|3:high") and b.sum_after(t, "1|3:high") == 35


# fives and threes (lesson 6a): a count of 15, a partnership round, a lead passed left, a bust
T6A_COUNT = [("6|6", None), ("3|6", "6|6:line-a")]
T6A_PARTNERS = [[], ["0|1", "1|2"], ["2|3", "3|4"], ["4|6", "0|0"]]
T6A_BUST = [["0|6"], ["1|2", "1|3"]]


def _knock_accept(answer: Any) -> bool:
    """ "knock" (or "pass", its other name) when the engine's stuck seat passes."""
    said = str(answer).strip().lower().removeprefix("i ").strip()
    if _stuck_turn("fives-and-threes") == "pass":
        return said in ("knock", "pass")
    return said == "draw"  # pragma: no cover - the rules page says nobody draws


def _f3_partners_next() -> int:
    """Four players in partnership, 6|6 led, seat 0 out, seat 3 plays 4|6: who plays next."""
    board = Board("fives-and-threes")
    board.play("6|6")
    g = Game.from_position(variant("fives-and-threes"), board, T6A_PARTNERS, [], 3, (0, 0))
    g.apply("4|6@6|6:line-a")
    return g.to_move


@cache
def _f3_two_rounds() -> Game:
    """A seeded three-player game of fives and threes, round 1 led by seat 2 and won by seat 1
    going out, played by greedy bots until round 2 is dealt."""
    for seed in range(100):
        g = Game("fives-and-threes", 3, seed=seed, leader=2)
        play_bots(g, [GreedyBot()] * 3, until=lambda g: len(g.rounds) > 1)
        first = g.rounds[0]
        if first.leader == 2 and first.winner == 1 and first.end_reason == "domino" and not g.is_over:
            return g
    raise DominolabError("no seeded game has round 1 led by seat 2 and won by seat 1")  # pragma: no cover


def _f3_after_bust() -> int:
    """Seat 0 at 58 goes out with 0|6 on a lead 6|6 (count 12 → 4, and 1 for going out)."""
    board = Board("fives-and-threes")
    board.play("6|6")
    g = Game.from_position(variant("fives-and-threes"), board, T6A_BUST, [], 0, (58, 30))
    g.apply("0|6@6|6:line-a")
    return int(g.scores[0])


def largest_count_layout() -> Board:
    """A legal all-fives layout whose count is 36 (6|6, 5|5, 4|4 and 3|3 at the four ends)."""
    return _board("all-fives", [*T3_36, ("3|3", "1|3:high")])


def _position_after_lead(hands: list[list[str]], bone: list[str], lead: str) -> Game:
    """All-fives, two players: these hands, the boneyard beginning with ``bone`` (the other
    tiles follow), seat 0 leads ``lead``."""
    rest = [str(t) for t in DOUBLE_SIX if t not in {*hands[0], *hands[1], *bone}]
    g = Game("all-fives", 2, hands=hands, boneyard=bone + rest, leader=0)
    g.apply(lead)
    return g


# a position where seat 1 holds a tile that plays (so it may not draw)
T4_ACTIONS = (
    [["4|6", "0|5", "1|5", "2|5", "3|3", "3|5", "5|5", "5|6", "6|6"],
     ["0|0", "0|1", "0|2", "0|3", "1|1", "1|2", "1|3", "2|2", "2|4"]],
    ["0|6"],
    "4|6",
)  # fmt: skip
# a position where seat 1 holds no 2 or 5 and draws from a known boneyard
T4_DRAWS = (
    [["2|5", "2|2", "2|3", "2|4", "2|6", "0|2", "1|2", "5|5", "0|5"],
     ["0|0", "0|1", "0|3", "0|4", "1|1", "1|3", "1|4", "3|3", "3|4"]],
    ["4|4", "1|6", "0|6", "3|5"],
    "2|5",
)  # fmt: skip


def _t4_draws() -> int:
    """How many tiles seat 1 draws, the one it places included."""
    g = _position_after_lead(*T4_DRAWS)
    n = 0
    while g.legal_actions()[0].act is Act.DRAW:
        g.apply("draw")
        n += 1
    return n


# a domino in a three-player game: seat 2 goes out; both rivals hold 3 pips
T5_HANDS = [["1|2"], ["0|3"], []]
# blocked: equal pips, fewer tiles (dominos-cc); partners' hands added up (all-fives)
T5_BLOCKED_CC = [["1|4"], ["0|2", "1|2"]]
T5_BLOCKED_PARTNERS = [["4|4"], ["1|2"], ["0|0"], ["0|2"]]


# who leads: dominos-cc's highest double, however small, before any heavy tile
T5A_CC_HANDS = [
    ["3|6", "4|5", "5|6", "0|4", "2|3", "1|4", "0|2"],
    ["1|1", "0|1", "2|4", "1|2", "0|6", "3|4", "2|5"],
]
# a five-up round blocked: every seat deducts its own hand, rounded
T5A_FIVE_UP_BLOCKED = [["1|2"], ["2|6", "3|4"]]


def _cc_lead() -> str:
    g = Game("dominos-cc", 2, hands=T5A_CC_HANDS)
    return str(g.legal_actions()[0].tile)


def _leader_after_block() -> str:
    """How the engine chooses the leader of an all-fives round that follows a blocked one."""
    from .examples import find_round

    g, rs = find_round("all-fives", 2, "blocked")
    return str(g.rounds[rs.number].leader_by)


T5_SPLIT = [["0|4"], ["1|3"], ["1|6"]]
#: the last tile of seat 0 counts 0 + 10 = 10; seat 1 holds 21 pips
T5A_LAYOUT: list[tuple[str, str | None]] = [("3|5", None), ("5|5", "3|5:high")]
T5A_LAST, T5A_PLAY, T5A_OTHER = "0|3", "0|3@3|5:low", ["6|6", "4|5"]


def _last_tile_points() -> int:
    """Seat 0 places its last tile on the layout T5A_LAYOUT, and the round is settled:
    the points seat 0 gets from both (the engine plays it)."""
    board = _board("all-fives", T5A_LAYOUT)
    hands = [[Tile(T5A_LAST)], [Tile(t) for t in T5A_OTHER]]
    g = Game.from_position(variant("all-fives"), board, hands, [], 0, (0, 0))
    g.apply(T5A_PLAY)
    return int(g.scores[0])


def _five_up_tie_winner() -> str:
    """Five-up after a settled round with both sides on 63: who has won (the engine's rule)."""
    winner, _ = after_settlement([63, 63], variant("five-up").target(2))
    return "nobody" if winner is None else f"seat {winner}"


def _blocked_side(rules: str, hands: list[list[str]]) -> str:
    """The seats of the side that wins a blocked round, like ``"0+2"`` (``"nobody"``)."""
    s = settle(rules, hands, domino_seat=None)
    if s.winner is None:
        return "nobody"
    sides = variant(rules).sides(len(hands))
    return "+".join(str(seat) for seat in sides[s.winner])


def _same_seats(answer: Any, want: str) -> bool:
    """``"1+3"``, ``"1 and 3"``, ``"seats 1, 3"``, ``(1, 3)`` or ``1`` for one seat
    (:func:`dominolab.answers.read_seats`); ``want`` is ``"1+3"``, or a word such as nobody."""
    if isinstance(answer, str) and not any(ch.isdigit() for ch in answer):
        return read_choice(answer, [want]) == want
    return "+".join(str(x) for x in read_seats(answer)) == want


P_BEST_HAND = ["5|5", "2|6", "3|3", "0|2"]
P_TWENTY = [("6|6", None), ("0|6", "6|6:line-b"), ("0|4", "0|6:low")]


def _p_best_board() -> Board:
    from .examples import example_board

    return example_board("all-fives")


def _read_move(answer: Any) -> tuple[Tile, tuple[Tile, str]]:
    text = str(answer)
    tile, sep, point = text.partition("@")
    if sep and ":" not in point:
        on = Tile(point)
        slots = words.feedback("double slots" if on.is_double else "tile slots")
        raise DominolabError(words.feedback("which slot", tile=on, slots=slots))
    t, at = parse_placement(text)
    if at is None:
        raise DominolabError(words.feedback("write placement", value=repr(answer)))
    return t, at


def _p_best_accept(answer: Any) -> bool:
    b = _p_best_board()
    t, at = _read_move(answer)
    if t not in P_BEST_HAND or not b.can_play(t, at):
        return False
    best = max(b.points_for(x, p) for x in P_BEST_HAND for p in b.placements_for(x))
    return b.points_for(t, at) == best


def _p_best_solve() -> str:
    r = best_placements(_p_best_board(), P_BEST_HAND)[0]
    return placement_text(r.tile, r.at)


def _p_twenty_accept(answer: Any) -> bool:
    b = _board("all-fives", P_TWENTY)
    t, at = _read_move(answer)
    return b.can_play(t, at) and b.sum_after(t, at) == 20


def _p_twenty_solve() -> str:
    b = _board("all-fives", P_TWENTY)
    return next(
        placement_text(t, p) for t in DOUBLE_SIX for p in b.placements_for(t) if b.sum_after(t, p) == 20
    )


def _p_never() -> bool:
    b = _board("all-fives", [("1|4", None)])
    return any(b.points_for(t, p) for t in DOUBLE_SIX for p in b.placements_for(t))


@cache  # asked for the answer and for its explanation: search once
def _double_three_largest() -> Extreme:
    return largest("five-up", "count", tiles=[t for t in DOUBLE_SIX if t.high <= 3], method="search")


EXERCISES: dict[str, Exercise] = {
    e.key: e
    for e in [
        Exercise(
            "t1-sixes",
            "How many tiles of the double-six set show at least one 6?",
            _sixes,
            lambda: "0|6, 1|6, 2|6, 3|6, 4|6, 5|6 and 6|6: seven tiles show a 6.",
            "Count 0|6 up to 6|6, and remember the double.",
        ),
        Exercise(
            "t1-pips",
            "How many pips are there in the whole set?",
            lambda: sum(t.pips for t in DOUBLE_SIX),
            lambda: "Each number 0..6 appears 8 times (7 tiles, the double twice): 8 × 21 = 168.",
            "Each number appears on 7 tiles, twice on its double.",
        ),
        Exercise(
            "t1-after-lead",
            "After the lead 2|5, how many tiles of the set could be placed next?",
            lambda: _after_lead("2|5"),
            lambda: "Every other tile with a 2 or a 5: 6 + 6 = 12.",
            "A tile plays if one half is 2 or 5; 2|5 itself is on the table.",
        ),
        Exercise(
            "t1-notation",
            "Lead 1|4, then 4|6 on the 4 of 1|4. Write that placement in the notation, tile@tile:slot.",
            lambda: placement_text("4|6", ("1|4", "high")),
            lambda: (
                "4|6@1|4:high: the tile placed, @, the tile it joins, and the slot it takes there "
                "(the 4 of 1|4 is its high half)."
            ),
            "Which half of 1|4 shows the 4: low or high?",
            accept=lambda a: _read_move(a) == (Tile("4|6"), (Tile("1|4"), "high")),
        ),
        Exercise(
            "t1-deal",
            "All-fives, 3 players: how many tiles stay face down in the boneyard after the deal?",
            lambda: 28 - 3 * variant("all-fives").hand_size(3),
            lambda: "All-fives deals 7 tiles each to three players: 28 − 21 = 7 stay in the boneyard.",
            "How many tiles does all-fives deal to each of three players?",
        ),
        Exercise(
            "t1a-leader",
            "Block, two players: seat 0 holds 2|5 4|4 0|6, seat 1 holds 3|3 1|6 5|6. Which tile leads?",
            lambda: leader_by_tiles(T1A_DOUBLE_HANDS)[1],
            lambda: "4|4: the highest double leads, however heavy the other tiles are (5|6 has 11 pips).",
            "Look for doubles first.",
            position=lambda: (Board("block"), [*T1A_DOUBLE_HANDS[0], *T1A_DOUBLE_HANDS[1]]),
        ),
        Exercise(
            "t1a-no-double",
            "Block, two players: seat 0 holds 2|5 0|6 1|3, seat 1 holds 4|5 3|6 1|2. Which tile leads?",
            lambda: leader_by_tiles(T1A_NO_DOUBLE_HANDS)[1],
            lambda: (
                "3|6: no double, so the heaviest tile; 3|6 and 4|5 both have 9 pips, and 3|6 has the "
                "higher half."
            ),
            "No hand holds a double. Count the pips; if two tiles tie, look at their higher halves.",
            position=lambda: (Board("block"), [*T1A_NO_DOUBLE_HANDS[0], *T1A_NO_DOUBLE_HANDS[1]]),
        ),
        Exercise(
            "t1a-stuck",
            "In block, none of your tiles matches an open end. What do you do: draw or pass?",
            lambda: _stuck_turn("block"),
            lambda: "You pass: in block nobody draws, the undealt tiles stay out of play.",
            "In block, is there a boneyard to take tiles from?",
        ),
        Exercise(
            "t1a-domino",
            "Block, three players: seat 0 plays its last tile; seat 1 holds 5|6 2|3 and seat 2 holds 0|4. "
            "How many points does seat 0 score?",
            lambda: settle("block", T1A_DOMINO_HANDS, domino_seat=0).changes[0],
            lambda: "11 + 5 + 4 = 20: every opponent's pips, added up as they are (not rounded).",
            "Add up all the pips left in the other hands.",
        ),
        Exercise(
            "t1a-blocked",
            "Block, blocked round: seat 0 holds 6|6, seat 1 holds 0|1 1|2 0|3 2|2. Which seat wins?",
            lambda: settle("block", T1A_BLOCKED_HANDS, domino_seat=None).winner,
            lambda: (
                "Seat 1: 11 pips against 12. The lowest total wins, however many tiles it is; "
                "seat 1 scores seat 0's 12 pips."
            ),
            "Count each hand's pips; the number of tiles does not matter.",
        ),
        Exercise(
            "mug-lead-double",
            "All-fives with muggins: you lead 5|5 and claim 5. How many points does your opponent "
            "take by calling muggins?",
            _muggins_after_lead_double,
            lambda: (
                "10: a lead 5|5 counts both halves, 10; a claim of 5 is short, so the whole 10 goes "
                "to the caller, and you score nothing."
            ),
            "What does a lone double count? A short claim loses all of it.",
        ),
        Exercise(
            "mug-five-up-claim",
            "Five-up with muggins: what do you claim for a placement whose count is 15?",
            lambda: variant("five-up").points(15),
            lambda: "3: five-up keeps shown points, the raw count divided by 5.",
            "Claims are in the preset's unit.",
        ),
        Exercise(
            "t2-terminal",
            "Lead 2|3, then 3|3 on 2|3:high. What is the count?",
            lambda: _board("all-fives", T2_DOUBLE).end_sum(),
            lambda: "The free low end of 2|3 counts 2; the terminal double 3|3 counts both halves, 6: 8.",
            "A double at an end counts both of its halves.",
        ),
        Exercise(
            "t2-internal",
            "Lead 5|5, then 0|5 on line-a and 5|6 on line-b. What is the count?",
            lambda: _board("all-fives", T2_INTERNAL).end_sum(),
            lambda: "5|5 is internal now (both line slots taken): only 0 + 6 = 6 counts.",
            "Once both line slots of a double are taken, the double counts nothing.",
        ),
        Exercise(
            "t2-can-score",
            "After the lead 1|4, how many tiles placed on 1|4:high would score?",
            _scoring_tiles_on_high,
            lambda: (
                "No tile does: the count would be 1 + x for x|4 (or 1 + 8 for 4|4): 1, 3, 4, 6, 7 "
                "or 9, never a multiple of 5."
            ),
            "The low end 1 stays; add what the new tile leaves free.",
        ),
        Exercise(
            "t3-open",
            "Dominos-cc: lead 4|4, then 4|6 on line-a. How many open points are there?",
            lambda: len(_board("dominos-cc", T3_OPEN).open_points()),
            lambda: (
                "The 6 end, the spinner's free line slot, and its two branches, which in "
                "dominos-cc are open from the start: 4."
            ),
            "In dominos-cc, when do a spinner's branches open?",
        ),
        Exercise(
            "t3-spinner",
            "All-fives: lead 1|2, then 2|2 on 1|2:high, then 1|1 on 1|2:low. Which tile is the spinner?",
            lambda: next(str(t) for t in _board("all-fives", T3_FIRST_DOUBLE).spinners),
            lambda: (
                "2|2: the first double of the round is the spinner, even when it is not the lead; "
                "1|1 comes second and is an ordinary double."
            ),
            "In all-fives only one double of the round is a spinner: which one?",
        ),
        Exercise(
            "t3-five-up-open",
            "Five-up: lead 4|4, then 4|6 on line-a and 4|5 on line-b. How many open points are there?",
            lambda: len(_board("five-up", T3_FIVE_UP_OPEN).open_points()),
            lambda: (
                "4: the 6 and the 5 ends, and 4|4's two branches, which opened when its second line "
                "slot was taken."
            ),
            "Both line slots of the spinner are taken now: what opens?",
        ),
        Exercise(
            "t3-35",
            "Which tile on 1|3:high makes the 36-layout (without 3|3) count 35?",
            lambda: next(str(t) for t in DOUBLE_SIX if _makes_35(t)),
            lambda: "3|5 leaves a 5: 12 + 10 + 8 + 5 = 35, the largest score with one spinner.",
            "You need the fourth end to show 5.",
            accept=_makes_35,
            position=lambda: (_board("all-fives", T3_36), [str(t) for t in DOUBLE_SIX]),
        ),
        Exercise(
            "t4-actions",
            f"All-fives, two players: seat 0 leads {T4_ACTIONS[2]}. Seat 1 holds "
            f"{' '.join(T4_ACTIONS[0][1])}, and the boneyard holds 10 tiles. "
            "What must seat 1 do: 'play', 'draw' or 'pass'?",
            lambda: _position_after_lead(*T4_ACTIONS).legal_actions()[0].act.value,
            lambda: (
                "Play: 2|4 matches the 4 end, and a seat that can play must play (it may not draw instead)."
            ),
            "Look for a tile showing one of the open ends' numbers.",
        ),
        Exercise(
            "t4-draws",
            f"All-fives, two players: seat 0 leads {T4_DRAWS[2]}. Seat 1 holds "
            f"{' '.join(T4_DRAWS[0][1])}, and the boneyard's tiles come in this order: "
            f"{', '.join(T4_DRAWS[1])}, … How many tiles does seat 1 draw, counting the one it "
            "places?",
            _t4_draws,
            lambda: (
                "4|4, 1|6 and 0|6 show no 2 and no 5; 3|5 does, so the fourth tile drawn is "
                "placed at once: 4 draws, the playable one included."
            ),
            "Draw one at a time and stop at the first tile showing a 2 or a 5.",
        ),
        Exercise(
            "t5-round5",
            "What is round5(17)?",
            lambda: round5(17),
            lambda: "17 is 2 above 15, and remainders 1–2 round down: 15.",
            "Remainders 1 and 2 go down, 3 and 4 go up.",
        ),
        Exercise(
            "t5-pooled",
            "All-fives, 3 players: seat 2 plays its last tile; seat 0 holds 1|2 and seat 1 holds 0|3. "
            "What does seat 2 receive?",
            lambda: settle("all-fives", T5_HANDS, domino_seat=2).changes[2],
            lambda: "The rivals' pips are pooled first: 3 + 3 = 6 → round5 = 5.",
            "Pool both hands, then round once.",
        ),
        Exercise(
            "t5-each",
            "The same hands in dominos-cc: what does seat 2 receive?",
            lambda: settle("dominos-cc", T5_HANDS, domino_seat=2).changes[2],
            lambda: "Each rival is rounded separately: round5(3) + round5(3) = 5 + 5 = 10.",
            "Round each hand on its own, then add.",
        ),
        Exercise(
            "t5-blocked-cc",
            "Dominos-cc, 2 players, blocked: seat 0 holds 1|4, seat 1 holds 0|2 1|2. Which seat wins?",
            lambda: int(_blocked_side("dominos-cc", T5_BLOCKED_CC)),
            lambda: (
                "Seat 0: both hands hold 5 pips, and dominos-cc then gives the round to the "
                "seat with fewer tiles (one against two)."
            ),
            "Both totals are equal: what decides a tie in dominos-cc?",
            accept=lambda a: _same_seats(a, _blocked_side("dominos-cc", T5_BLOCKED_CC)),
        ),
        Exercise(
            "t5-blocked-partners",
            "All-fives, 4 players in partnership, blocked: seat 0 holds 4|4, seat 1 1|2, seat 2 0|0, "
            "seat 3 0|2. Which seats win?",
            lambda: _blocked_side("all-fives", T5_BLOCKED_PARTNERS),
            lambda: (
                "Seats 1+3: partners add their hands, 3 + 2 = 5 against 8 + 0 = 8. Seat 2 holds "
                "the lowest single hand, but its side does not."
            ),
            "Add each partnership's two hands before comparing.",
            accept=lambda a: _same_seats(a, _blocked_side("all-fives", T5_BLOCKED_PARTNERS)),
        ),
        Exercise(
            "t5a-cc-lead",
            "Dominos-cc, 2 players: seat 0 holds 3|6 4|5 5|6 0|4 2|3 1|4 0|2, seat 1 holds "
            "1|1 0|1 2|4 1|2 0|6 3|4 2|5. Which tile leads the round?",
            _cc_lead,
            lambda: (
                "1|1: in dominos-cc the highest double held leads, however few pips it has; "
                "only when nobody holds a double does the heaviest tile (here 5|6) lead."
            ),
            "Look for doubles first.",
            position=lambda: (Board("dominos-cc"), [*T5A_CC_HANDS[0], *T5A_CC_HANDS[1]]),
        ),
        Exercise(
            "t5a-after-block",
            "All-fives: a round ends blocked. How is the leader of the next round chosen: "
            "'last-tile', 'lowest-hand' or 'lot'?",
            _leader_after_block,
            lambda: (
                "By a new lot: nobody played a last tile, and a blocked round's winner does not lead for it."
            ),
            "Who played the last tile of a blocked round?",
            accept=lambda a: (
                read_choice(a, [_leader_after_block(), "new " + _leader_after_block()]) is not None
            ),
        ),
        Exercise(
            "t5a-last-tile",
            "All-fives, 2 players: the layout is 3|5 with 5|5 on its high end. Seat 0 places its "
            "last tile, 0|3, on the 3; seat 1 still holds 6|6 4|5. How many points does seat 0 get "
            "from that tile and the settlement together?",
            _last_tile_points,
            lambda: (
                "30: the last tile is counted first, like any placement (0 + 10 = 10), then seat 0 "
                "has gone out and takes round5(12 + 9) = 20."
            ),
            "The last placement scores before the round is settled.",
        ),
        Exercise(
            "t5-split",
            "All-fives, 3 players, blocked: seat 0 holds 0|4, seat 1 holds 1|3, seat 2 holds 1|6. "
            "What does seat 0 receive?",
            lambda: settle("all-fives", T5_SPLIT, domino_seat=None).changes[0],
            lambda: (
                "2.5: seats 0 and 1 tie for the lowest (4 pips each), so round5 of seat 2's 7 pips, "
                "5, is split equally between them."
            ),
            "Two seats tie for the lowest at three players: what happens to the third hand?",
        ),
        Exercise(
            "t6-five-up",
            "Five-up, 2 players: after a round is settled both sides have 63. Which seat has won?",
            _five_up_tie_winner,
            lambda: (
                "Nobody yet: the top is tied, so whole rounds go on until one side alone holds the "
                "highest score."
            ),
            "61 is reached, but by both: what does five-up do with a tie at the top?",
            accept=lambda a: str(a).strip().lower() in ("nobody", "none", "no one", "nobody yet", "neither"),
        ),
        Exercise(
            "t5a-five-up-blocked",
            "Five-up, blocked: seat 0 holds 1|2, seat 1 holds 2|6 3|4. How many shown points does "
            "seat 1 lose?",
            lambda: -settle("five-up", T5A_FIVE_UP_BLOCKED, domino_seat=None).changes[1],
            lambda: (
                "3: a blocked five-up round has no winner, and every seat still loses its own "
                "pips rounded to five, divided by five: 8 + 7 = 15 → 15 / 5 = 3."
            ),
            "Nobody wins a blocked five-up round: what does each seat still lose?",
        ),
        Exercise(
            "t6-over",
            "All-fives, 2 players: you have 245 and your placement scores 10. Is the game over?",
            lambda: 245 + 10 >= variant("all-fives").target(2),
            lambda: "Yes: 255 ≥ 250, and all-fives ends the instant the target is reached.",
            "What is the 2-player target, and when is it checked?",
        ),
        Exercise(
            "t6-strokes",
            "How many strokes does a score of 85 raw points take on paper?",
            lambda: tally_strokes(85)[0] * 10 + tally_strokes(85)[1],
            lambda: "One stroke per 5 raw points: 17 strokes, drawn as one full symbol and 7 strokes.",
            "One stroke is 5 raw points.",
        ),
        Exercise(
            "t6a-count",
            "Fives and threes: 6|6 is led, and 3|6 goes on it. The ends show the double 6|6 and a "
            "3. How many points does the placement score?",
            lambda: _board("fives-and-threes", T6A_COUNT).placements[-1].points,
            lambda: (
                "8: the count is 12 + 3 = 15, a multiple of 3 (15 ÷ 3 = 5) and of 5 (15 ÷ 5 = 3), "
                "and a count that is both scores both: 5 + 3 = 8."
            ),
            "Count the ends first (a double at an end counts both halves), then divide by 3 and by 5.",
        ),
        Exercise(
            "t6a-knock",
            "Fives and threes, two players: none of your tiles matches an end. Do you draw or "
            'knock? Answer "draw" or "knock".',
            lambda: "knock" if _stuck_turn("fives-and-threes") == "pass" else "draw",
            lambda: (
                "Knock (pass): in fives and threes nobody draws; the 14 tiles not dealt stay out "
                "of play all round. If nobody still holding tiles can play, the round is blocked "
                "and nothing more is scored."
            ),
            "Is there a boneyard in fives and threes?",
            accept=_knock_accept,
        ),
        Exercise(
            "t6a-partners",
            "Fives and threes, four players in partnership (seats 0+2 against 1+3): seat 0 has "
            "played its last tile, but its partner, seat 2, still holds tiles. Seat 3 plays. Which "
            "seat plays next?",
            _f3_partners_next,
            lambda: (
                "Seat 1: the round goes on until both players of one side are out, and seat 0, "
                "which has no tiles, is skipped. The side scores its going-out point when seat 2 "
                "goes out too."
            ),
            "Does the round end when one partner is out? And what happens to a seat with no tiles?",
        ),
        Exercise(
            "t6a-lead",
            "Fives and threes, three players: seat 2 led round 1, and seat 1 won it by going out. "
            "Which seat leads round 2?",
            lambda: _f3_two_rounds().rounds[1].leader,
            lambda: (
                "Seat 0: the lead passes to the left, to the seat after the last round's leader "
                "(seat 2 → seat 0), whoever won the round."
            ),
            "In fives and threes, the round's winner does not lead next.",
        ),
        Exercise(
            "t6a-bust",
            "Fives and threes, two players: your side has 58. You play your last tile and the count "
            "is 12. What is your score now?",
            _f3_after_bust,
            lambda: (
                "58: 12 scores 4, and going out 1 more; 58 + 4 + 1 = 63 would pass 61, so the "
                "whole score is disregarded. Only exactly 61 wins."
            ),
            "Add the count's points and the going-out point, then compare with 61.",
        ),
        Exercise(
            "t7-shown",
            "A five-up placement leaves a count of 20. How many shown points does it score?",
            lambda: variant("five-up").points(20),
            lambda: "Shown points are raw / 5: 20 / 5 = 4.",
            "five-up divides raw points by five.",
        ),
        Exercise(
            "t7-second-double",
            "In which rule set is the second double of a round a spinner?",
            lambda: next(
                n
                for n in ("five-up", "all-fives", "dominos-cc")
                if _board(n, [("1|1", None), ("1|4", "1|1:line-a"), ("4|4", "1|4:high")]).is_spinner("4|4")
            ),
            lambda: "five-up: every double is a spinner there; the others have only the first.",
            "Which rule set makes every double a spinner?",
        ),
        Exercise(
            "p-best",
            "Which placement of 5|5, 2|6, 3|3 or 0|2 scores most on the all-fives example?",
            _p_best_solve,
            lambda: "5|5 on 1|5:high makes the 5-end a terminal double: 2 + 3 + 10 = 15.",
            "A double at an end counts both halves: which double fits an end?",
            accept=_p_best_accept,
            position=lambda: (_p_best_board(), P_BEST_HAND),
        ),
        Exercise(
            "p-twenty",
            "Lead 6|6, 0|6 on line-b, 0|4 on 0|6:low: which placement makes the count 20?",
            _p_twenty_solve,
            lambda: "4|4 on 0|4:high: the terminal 4|4 adds 8 beside the terminal 6|6's 12.",
            "The 6|6 still counts 12; you need 8 more from the other end.",
            accept=_p_twenty_accept,
            position=lambda: (_board("all-fives", P_TWENTY), [str(t) for t in DOUBLE_SIX]),
        ),
        Exercise(
            "p-never",
            "After the lead 1|4, can any tile placed next score?",
            _p_never,
            lambda: "Yes: 1|6 on 1|4:low leaves 4 + 6 = 10 (and 0|1 there leaves 4 + 0 = 4, no).",
            "Try the tiles with a 1 on the low end: the 4 stays.",
        ),
        Exercise(
            "p-largest",
            "Five-up with only the ten tiles of a double-three set (0|0 to 3|3): what is the "
            "largest count a layout can reach?",
            lambda: _double_three_largest().value,
            lambda: f"{_double_three_largest().board.equation()}, and the search proves nothing counts more.",
            "Every double is a spinner: open branches and end them on the 3s.",
        ),
    ]
}


def exercise(key: str) -> Exercise:
    """The exercise called ``key`` (see :data:`EXERCISES`)."""
    try:
        return EXERCISES[key]
    except (KeyError, TypeError):  # TypeError: a key that is not even hashable
        raise DominolabError(f"unknown exercise {key!r}; known: {', '.join(EXERCISES)}") from None


#: where the exercises of each key prefix are asked: a lesson of tutorials/ or a lab of notebooks/
ASKED_IN = {
    "t1": "tutorials/01-tiles-hands-and-the-line.ipynb",
    "t1a": "tutorials/01a-the-line-game-block-and-draw.ipynb",
    "t2": "tutorials/02-counting-the-ends.ipynb",
    "t3": "tutorials/03-spinners-and-branches.ipynb",
    "t4": "tutorials/04-drawing-passing-and-blocked-rounds.ipynb",
    "t5": "tutorials/05-settling-a-round.ipynb",
    "t5a": "tutorials/05a-a-whole-round-of-each-game.ipynb",
    "t6": "tutorials/06-winning-the-game.ipynb",
    "t6a": "tutorials/06a-fives-and-threes.ipynb",
    "t7": "tutorials/07-comparing-the-variants.ipynb",
    "mug": "notebooks/muggins-drill.ipynb",
    "p": "notebooks/scoring-puzzles.ipynb",
}


def asked_in(key: str) -> str:
    """The notebook that asks exercise ``key``.

    >>> asked_in("t5a-cc-lead")
    'tutorials/05a-a-whole-round-of-each-game.ipynb'
    """
    exercise(key)  # an unknown key is refused, with the known ones named
    return ASKED_IN[key.split("-", 1)[0]]


def answer_key_markdown() -> str:
    """Every exercise of the course with the engine's answer and its explanation, notebook by
    notebook in the course's order, as a Markdown table (the teacher's guide prints it)."""
    order = list(ASKED_IN.values())
    keys = sorted(EXERCISES, key=lambda k: (order.index(asked_in(k)), list(EXERCISES).index(k)))
    rows = ["| notebook | exercise | question | answer, and why |", "|---|---|---|---|"]
    for k in keys:
        ex = EXERCISES[k]
        name = asked_in(k).split("/")[-1].removesuffix(".ipynb")
        cells = [name, f"`{k}`", ex.question, ex.explain()]
        rows.append("| " + " | ".join(c.replace("|", "\\|").replace("\n", " ") for c in cells) + " |")
    return "\n".join(rows)


def progress_markdown() -> str:
    """The learner's progress map as a Markdown table: each notebook of the course, its
    exercises solved, the stars won (three for a first try) and the next exercise to do
    (:mod:`dominolab.progress` keeps what was solved)."""
    done = solved()
    say = words.stage
    head = (say(f"progress {k}") for k in ("notebook", "solved", "stars", "next"))
    rows = ["| " + " | ".join(head) + " |", "|---|---|---|---|"]
    total = got = 0
    for prefix, where in ASKED_IN.items():
        keys = [k for k in EXERCISES if k.split("-", 1)[0] == prefix]
        if not keys:
            continue
        mine = [k for k in keys if k in done]
        stars = sum(int(done[k].get("stars", 0)) for k in mine)
        todo = next((k for k in keys if k not in done), None)
        name = where.split("/")[-1].removesuffix(".ipynb")
        nxt = f"`{todo}`" if todo else f"{say('progress all done')} ✓"
        rows.append(f"| [{name}](../{where}) | {len(mine)} / {len(keys)} | {'★' * stars or '—'} | {nxt} |")
        total += len(keys)
        got += len(mine)
    rows.append(f"| **{say('progress course')}** | **{got} / {total}** | | |")
    for name, goals in STAGES.items():  # dl.stage_on_board
        kept = [done[k] for k in (stage_key(name, n) for n in range(1, len(goals) + 1)) if k in done]
        if kept:
            stars = sum(int(v.get("stars", 0)) for v in kept)
            rows.append(
                f"| {say('progress row', name=name)} | {len(kept)} / {len(goals)} | {'★' * stars} |"
                f" `dl.stage_on_board({name!r})` |"
            )
    puzzles = [v for k, v in done.items() if k.startswith(PUZZLE_KEY)]  # dl.puzzles_on_board
    if puzzles:
        stars = sum(int(v.get("stars", 0)) for v in puzzles)
        rows.append(
            f"| [{say('progress puzzles')}](../notebooks/scoring-puzzles.ipynb)"
            f" | {say('progress on board', n=len(puzzles))} | {'★' * stars} | `dl.puzzles_on_board()` |"
        )
    deep = tuple(GOAL_KEYS.values())  # dl.line_puzzles_on_board, each goal
    lines = [v for k, v in done.items() if k.startswith(deep)]
    if lines:
        stars = sum(int(v.get("stars", 0)) for v in lines)
        rows.append(
            f"| {say('progress lines')} | {len(lines)} | {'★' * stars} | `dl.line_puzzles_on_board()` |"
        )
    if was_rated_any():  # the endless mode's rating, and the best timed streak
        rows.append(f"| {say('progress rating')} | {learner_rating()} | | `dl.endless_puzzles()` |")
    if best_streak():
        rows.append(f"| {say('progress streak')} | {best_streak()} | | `dl.puzzle_streak()` |")
    return "\n".join(rows)
