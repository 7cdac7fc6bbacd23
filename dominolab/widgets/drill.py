"""The muggins drill: count fast, claim your points."""

from __future__ import annotations

import random
import time

import ipywidgets as w

from .. import words
from ..board import Board
from ..bots import make_bot, play_bots
from ..errors import DominolabError
from ..game import Game
from ..muggins import judge
from ..presets import variant
from ..rules import Rules
from .base import _Displayable, _esc, _projected, _said
from .views import BoardView


class MugginsDrill(_Displayable):
    """Counting under time pressure: a layout is shown, you type what the last placement
    scores (0 for nothing) before ``par`` seconds, and a tally keeps your claims right, short,
    too high and slow.  The layouts come from seeded games of greedy bots, so a drill with the
    same ``seed`` shows the same layouts; the engine's count is the answer.

    >>> d = MugginsDrill("all-fives", seed=1)
    >>> d.answer() == d.board.rules.points(d.board.score())
    True
    """

    def __init__(
        self,
        rules: Rules | str = "all-fives",
        *,
        seed: int = 0,
        par: float = 10.0,
        legend: bool | None = None,
    ) -> None:
        r = variant(rules)
        if not r.placement_scoring:
            raise DominolabError(words.widget("drill line game", game=r.name))
        if isinstance(par, bool) or not isinstance(par, int | float) or par <= 0:
            raise DominolabError(words.widget("par", value=repr(par)))
        self.rules = r
        self.par = float(par)
        self.rng = random.Random(seed)
        self.tally = {"right": 0, "short": 0, "over": 0, "slow": 0}
        self.board = self._position()
        self.shown_at = time.monotonic()
        self.board_view = BoardView(self.board, scale=30.0, show_counts=False, legend=legend)
        self.box = w.BoundedIntText(
            value=0,
            min=0,
            max=r.claim_values[-1],
            step=r.claim_step,
            description=words.widget("it scores box"),
        )
        self.claim_button = w.Button(description=words.widget("claim"), icon="check")
        self.next_button = w.Button(description=words.widget("next layout"), icon="step-forward")
        self.message_line = w.HTML(layout=w.Layout(min_height="1.6em"))
        self.score_line = w.HTML()
        self.claim_button.on_click(lambda _: self.claim(int(self.box.value)))
        self.next_button.on_click(lambda _: self.next())
        self.widget = w.VBox(
            [
                self.score_line,
                self.board_view.fig,
                w.HBox([self.box, self.claim_button, self.next_button]),
                self.message_line,
            ]
        )
        self.widget.add_class("dominolab-drill")
        _projected(self.widget)
        self._ask()

    def _position(self) -> Board:
        """The layout of a seeded game after a few placements (at least two tiles)."""
        g = Game(self.rules.at_table(muggins=False), 2, seed=self.rng.randrange(10**9))
        bots = [make_bot("greedy"), make_bot("random", self.rng.randrange(10**9))]
        stop = self.rng.randint(2, 12)
        play_bots(g, bots, until=lambda g: len(g.board) >= stop or g.round.is_over)
        return g.board.copy()

    def answer(self) -> int:
        """What the last placement scores, in the preset's unit (the engine's count)."""
        return self.rules.points(self.board.score())

    def claim(self, points: int, seconds: float | None = None) -> str:
        """Claim ``points`` for the layout shown; ``seconds`` is the time taken (default: the
        time since it was shown).  Returns the verdict in words."""
        took = time.monotonic() - self.shown_at if seconds is None else seconds
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
        self.message_line.value = _said(text, verdict == "right")
        self.board_view.update(self.board, show_counts=True)  # now the count may be seen
        self.claim_button.disabled = True
        self._score()
        return text

    def next(self) -> None:
        """A new layout to count."""
        self.board = self._position()
        self.board_view.update(self.board, show_counts=False)
        self.claim_button.disabled = False
        self.message_line.value = ""
        self._ask()

    def _ask(self) -> None:
        self.shown_at = time.monotonic()
        self._score()

    def _score(self) -> None:
        n = sum(self.tally[k] for k in ("right", "short", "over"))
        t = self.tally
        tally = words.widget(
            "drill tally",
            right=t["right"],
            n=n,
            short=t["short"],
            over=t["over"],
            slow=t["slow"],
            par=f"{self.par:.0f}",
        )
        self.score_line.value = f"<b>{_esc(self.rules.name)}</b>: " + _esc(
            words.widget("drill question", unit=words.unit(self.rules.unit)) + " " + tally
        )
