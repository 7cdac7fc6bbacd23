"""Counting under time pressure: the muggins drill's state, without a screen.

:class:`Drill` is what :class:`dominolab.widgets.MugginsDrill` shows: a layout from a seeded
game, the claim you make for its last placement (the engine's count is the answer, judged
as a muggins claim: right, short or too high), the time you took against a par, and the
tally.  Each action is answered with what the drill says (:class:`~dominolab.table.Said`).

>>> d = Drill("all-fives", seed=1)
>>> d.answer() == d.board.rules.points(d.board.score())
True
>>> d.claim(d.answer(), seconds=3.0).kind
'right'
>>> d.claim(0).ok  # one claim a layout
False
>>> d.next().text
''
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from . import words
from .board import Board
from .bots import make_bot, play_bots
from .errors import DominolabError
from .game import Game
from .muggins import claim_refusal, judge
from .presets import variant
from .rules import Rules
from .table import Said

__all__ = ["Drill"]


class Drill:
    """The muggins drill of ``rules`` (a fives game: its placements score): layouts from
    seeded games of a greedy and a random bot (the same ``seed``, the same layouts), each
    after 2 to 12 placements; ``par`` is the time a claim should take, in seconds; ``clock``
    the clock the time is read from (``time.monotonic``).

    ``tally`` counts the claims ``right``, ``short`` (your opponent may call muggins),
    ``over`` (too high: nobody scores) and ``slow`` (over par, whatever their verdict)."""

    def __init__(
        self,
        rules: Rules | str = "all-fives",
        *,
        seed: int = 0,
        par: float = 10.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        r = variant(rules)
        if not r.placement_scoring:
            raise DominolabError(words.widget("drill line game", game=r.name))
        if isinstance(par, bool) or not isinstance(par, int | float) or not par > 0:
            raise DominolabError(words.widget("par", value=repr(par)))
        self.rules = r
        self.par = float(par)
        self.rng = random.Random(seed)
        self.clock = clock
        self.tally = {"right": 0, "short": 0, "over": 0, "slow": 0}
        self.board = self._position()
        self.shown_at = clock()
        #: whether the layout shown has been claimed (then its count is shown)
        self.claimed = False
        #: what the drill said last
        self.said = Said("", None)

    def _position(self) -> Board:
        """The layout of a seeded game after a few placements (at least two tiles)."""
        g = Game(self.rules.at_table(muggins=False), 2, seed=self.rng.randrange(10**9))
        bots = [make_bot("greedy"), make_bot("random", self.rng.randrange(10**9))]
        stop = self.rng.randint(2, 12)
        play_bots(g, bots, until=lambda g: len(g.board) >= stop or g.round.is_over)
        return g.board.copy()

    @property
    def message(self) -> str:
        """What the drill says now."""
        return self.said.text

    def answer(self) -> int:
        """What the last placement scores, in the preset's unit (the engine's count)."""
        return self.rules.points(self.board.score())

    def claim(self, points: int, seconds: float | None = None) -> Said:
        """Claim ``points`` for the layout shown; ``seconds`` is the time taken (default: the
        time since it was shown).  The verdict is the ``kind`` of what is said (``"right"``,
        ``"short"``, ``"over"``); a claim the rules do not allow (not a multiple of the
        step, above the largest) or a second claim on one layout is refused and counts
        nothing."""
        if self.claimed:
            self.said = Said(words.widget("drill claimed"), ok=False)
            return self.said
        why = claim_refusal(self.rules, points)
        if why is not None:
            self.said = Said(why[0].upper() + why[1:] + ".", ok=False)
            return self.said
        took = self.clock() - self.shown_at if seconds is None else seconds
        worth = self.answer()
        verdict = judge(points, worth)
        self.tally[verdict] += 1
        slow = took > self.par
        self.tally["slow"] += slow
        last = self.board.placements[-1].tile
        text = words.claim_text("", points, worth, words.widget("your opponent"), you=True)
        text += " " + words.widget("the count after", equation=self.board.equation(), tile=last)
        if slow:
            text += " " + words.widget("over par", took=f"{took:.1f}", par=f"{self.par:.0f}")
        else:
            text += " " + words.widget("took", took=f"{took:.1f}")
        self.claimed = True
        self.said = Said(text, verdict == "right", verdict)
        return self.said

    def next(self) -> Said:
        """A new layout to count (the clock starts again)."""
        self.board = self._position()
        self.claimed = False
        self.shown_at = self.clock()
        self.said = Said("", None)
        return self.said

    def question(self) -> str:
        """The question and the tally so far, in words."""
        t = self.tally
        n = t["right"] + t["short"] + t["over"]
        tally = words.widget(
            "drill tally",
            right=t["right"],
            n=n,
            short=t["short"],
            over=t["over"],
            slow=t["slow"],
            par=f"{self.par:.0f}",
        )
        return words.widget("drill question", unit=words.unit(self.rules.unit)) + " " + tally
