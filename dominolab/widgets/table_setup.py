"""The game table's settings panel: the rule set, the players, the seed, muggins, the
partnerships and a bot for each seat that people do not play."""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as w

from .. import words
from ..bots import BOTS, bot_seed, make_bot
from ..errors import DominolabError
from ..game import Player
from ..presets import PRESETS, VARIANTS, variant
from ..rules import Rules
from .base import _player_counts


class TableSetup:
    """The controls a :class:`~dominolab.widgets.GameTable` starts a game from, kept
    consistent with the rules: the player counts the rule set allows, the partnership switch
    only at four players (its default the preset's), a bot menu only for a seat in the game
    that no person plays.  ``bots`` as :class:`GameTable` takes it (names or bot objects).

    >>> from dominolab import preset
    >>> s = TableSetup(preset("dominos-cc"), 2, 7, None, None, None, (0,))
    >>> s.players.options, s.partner.disabled, [b.disabled for b in s.bot_choice]
    ((2, 3, 4), True, [True, False, True, True])
    """

    def __init__(
        self,
        r: Rules,
        players: int,
        seed: int,
        partnerships: bool | None,
        muggins: bool | None,
        bots: Sequence[str | Player | None] | str | Player | None,
        humans: Sequence[int],
    ) -> None:
        self.humans = tuple(humans)
        self.preset = w.Dropdown(
            options=list(PRESETS), value=r.preset or VARIANTS[1], description=words.widget("rules")
        )
        #: the player counts the rules allow (Rules.min_players to max_players)
        self.players = w.Dropdown(
            options=_player_counts(r), value=players, description=words.widget("players")
        )
        self._wanted = partnerships  #: the partnership switch asked for (None: the preset's)
        self.partner = w.Checkbox(
            value=bool(r.partnerships if partnerships is None else partnerships),
            description=words.table("partnerships"),
        )
        self.seed = w.IntText(value=seed, description=words.table("seed"), layout=w.Layout(width="160px"))
        self.muggins = w.Checkbox(
            value=bool(r.muggins if muggins is None else muggins),
            description=words.table("muggins"),
            indent=False,
            layout=w.Layout(width="auto"),  # the setup row keeps room for 'new game'
        )
        self.bot_choice = [
            w.Dropdown(
                options=list(BOTS), value="greedy", description=words.seat(i), layout=w.Layout(width="180px")
            )
            for i in range(4)
        ]
        #: bot objects given for a seat (as play_game takes them): played as they are, until
        #: that seat's menu is changed
        self._given: dict[int, Player] = {}
        names = [bots] * 4 if isinstance(bots, str | Player) else list(bots or [])
        for i, b in enumerate(names[:4]):
            if b is None:  # a seat played by a person, or the default
                continue
            if isinstance(b, Player):
                self._given[i] = b
                if b.name not in BOTS:
                    self.bot_choice[i].options = [*BOTS, b.name]
                self.bot_choice[i].value = b.name
                self.bot_choice[i].observe(lambda ch, i=i: self._given.pop(i, None), names="value")
                continue
            if b not in BOTS:
                raise DominolabError(words.table("unknown bot", bot=repr(b), known=", ".join(BOTS)))
            self.bot_choice[i].value = b
        self.new_button = w.Button(description=words.table("new game"), icon="play")
        self.players.observe(lambda ch: self.sync(), names="value")
        self.preset.observe(lambda ch: self.preset_changed(), names="value")
        self.sync()
        self.widget = w.VBox(
            [
                w.HBox([self.preset, self.players, self.seed, self.muggins, self.new_button]),
                w.HBox([self.partner] + [b for i, b in enumerate(self.bot_choice) if i not in self.humans]),
            ]
        )

    def sync(self) -> None:
        """Enable only the controls that matter for the chosen number of players: a bot
        for each other seat in the game, and the partnership switch at four."""
        n = int(self.players.value)
        for i, b in enumerate(self.bot_choice):  # a menu only for a seat a bot plays
            b.disabled = i >= n or i in self.humans
            b.layout.display = "none" if b.disabled else None
        self.partner.disabled = n != 4
        if n != 4:  # below four players there are no partners: the box is not ticked either
            self.partner.value = False
        else:
            self.partner.value = (
                variant(self.preset.value).partnerships if self._wanted is None else self._wanted
            )

    def preset_changed(self) -> None:
        """A new rule set brings its own player counts and partnership default (dominos-cc:
        each for themselves)."""
        self._wanted = None
        counts = _player_counts(variant(self.preset.value))
        if list(self.players.options) != counts:
            keep = min(max(int(self.players.value), counts[0]), counts[-1])
            self.players.options = counts
            self.players.value = keep
        self.sync()

    def rules(self, base: Rules) -> Rules:
        """``base`` with the muggins box's choice (the line games score nothing to claim)."""
        want = bool(self.muggins.value) and base.placement_scoring
        return base.at_table(muggins=want)

    def bot(self, seat: int, seed: int, miss: float) -> Player:
        """The bot that plays ``seat`` in a game of ``seed``: the object given for it, else a
        new one of the kind its menu names (seeded for that seat)."""
        return self._given.get(seat) or make_bot(self.bot_choice[seat].value, bot_seed(seed, seat), miss=miss)
