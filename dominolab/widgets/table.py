"""The game table: a whole game against bots, or people on one screen."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as w

from .. import words
from ..bots import make_bot
from ..errors import DominolabError, is_whole
from ..game import Action, Game, Player
from ..picture import draw_tally
from ..presets import variant
from ..review import Challenge
from ..rules import Rules
from ..settlement import side_name
from ..table import Table
from ..tiles import TileLike
from .base import _Displayable, _esc, _projected, _said
from .figure import figures_together
from .onboard import AnswerOnBoard
from .table_setup import TableSetup
from .views import BoardView, HandView


class GameTable(_Displayable):
    """A whole game against bots: you play ``seat`` (default 0).

    ``GameTable(rules="all-fives", players=2, bots=None, seed=0, seat=0,
    partnerships=None, pause=0.0)``: ``bots`` names a bot for every other seat
    (default greedy; a list names one per seat, your own entry is ignored), or gives bot
    objects as :func:`~dominolab.play_game` takes them (``dl.make_bot("expert", 3)``).
    Bots move with the *next* button (or *bots play* for all of
    them up to your turn), each shown as it happens; with ``auto=True`` (the *bots move by
    themselves* box) they play up to your turn after each of your moves, ``pause`` seconds
    apart (a readable pace: ``GameTable(auto=True, pause=0.8)``).

    **Hot seat**: ``humans=[0, 1]`` lets several people play on one screen (two students,
    two halves of a class). The hand shown is that of the human seat to move; when the turn
    passes to another human, the hand is hidden until that seat presses *show my hand*
    ("pass the screen"), so nobody sees another's tiles.
    """

    def __init__(
        self,
        rules: Rules | str = "all-fives",
        players: int = 2,
        bots: Sequence[str | Player | None] | str | Player | None = None,
        seed: int = 0,
        *,
        seat: int = 0,
        partnerships: bool | None = None,
        pause: float = 0.0,
        record_path: str = "game.json",
        muggins: bool | None = None,
        miss: float = 0.0,
        legend: bool | None = None,
        humans: Sequence[int] | None = None,
        auto: bool = False,
    ) -> None:
        r = variant(rules)
        r.check_players(players)
        seats = [seat] if humans is None else list(humans)
        for s_ in seats:
            if not is_whole(s_) or not 0 <= s_ < players:
                raise DominolabError(
                    words.refusal("no such seat", seat=repr(s_), players=players, top=players - 1)
                )
        if not seats or len(set(seats)) != len(seats):
            raise DominolabError(words.table("humans", value=repr(humans)))
        if muggins is not None and type(muggins) is not bool:
            raise DominolabError(words.table("muggins arg", value=repr(muggins)))
        if muggins and not r.placement_scoring:
            raise DominolabError(words.table("muggins line game", game=r.name))
        make_bot("greedy", miss=miss)  # refuses a miss rate that is not one
        self.miss = miss  #: the bots' muggins miss rate
        self.pause = pause
        humans_ = tuple(sorted(seats))
        #: the settings panel: the rule set, players, seed, muggins, partnerships, the bots
        self.setup = TableSetup(r, players, seed, partnerships, muggins, bots, humans_)
        self.preset, self.players, self.seed = self.setup.preset, self.setup.players, self.setup.seed
        self.partner, self.muggins = self.setup.partner, self.setup.muggins
        self.bot_choice, self.new_button = self.setup.bot_choice, self.setup.new_button
        #: the game at this table, its turns and what it says (dominolab.Table): what this widget shows
        self.table = Table(
            *self._game_and_bots(self.setup.rules(r), players, seed, partnerships, humans_),
            humans_,
            auto=bool(auto),
            shown_to=humans_[0] if humans is not None else seat,
        )
        self.claim_box = w.BoundedIntText(
            value=0, min=0, max=100, description=words.widget("claim"), layout=w.Layout(width="170px")
        )
        self.claim_button = w.Button(description=words.widget("claim"), icon="check")
        self.nothing_button = w.Button(description=words.table("nothing"))
        self.muggins_button = w.Button(description=words.table("Muggins!"), button_style="danger")
        self.let_go_button = w.Button(description=words.table("let it go"))
        self.muggins_row = w.HBox(
            [self.claim_box, self.claim_button, self.nothing_button, self.muggins_button, self.let_go_button]
        )
        self.muggins_row.add_class("dominolab-muggins")
        self.show_button = w.Button(description=words.table("show my hand"), button_style="warning")
        self.show_button.on_click(lambda _: self.show_hand())
        self.draw_button = w.Button(description=words.table("draw"))
        self.pass_button = w.Button(description=words.table("pass"))
        self.next_button = w.Button(description=words.table("next (bot)"), icon="step-forward")
        self.run_button = w.Button(description=words.table("bots play"), icon="forward")
        self.hint_button = w.Button(description=words.table("hint"), icon="lightbulb-o")
        self.tally = w.Checkbox(value=False, description=words.table("paper tally"))
        #: the bots play up to your turn by themselves after each of your moves
        self.auto = w.Checkbox(value=bool(auto), description=words.table("auto"), indent=False)
        self.save_path = w.Text(
            value=record_path, description=words.table("save to"), layout=w.Layout(width="260px")
        )
        self.save_button = w.Button(description=words.table("save record"), icon="save")
        self.message_line = w.HTML(layout=w.Layout(min_height="1.6em"))
        self.message_line.add_class("dominolab-message")
        self.scoreboard = w.HTML()
        self.settlement = w.HTML()
        self.log_box = w.HTML()
        self.tally_box = w.Output()
        self._tallied: tuple[Any, ...] | None = None  #: what the tally box shows
        self.board_view = BoardView(self.game.board, scale=36.0, legend=legend)
        self.hand_view = HandView(self.game.hands[self.seat], scale=30.0)
        self.board_view.on_point = self.click_point
        self.hand_view.on_tile = self.select
        self.new_button.on_click(lambda _: self.new_game())
        self.draw_button.on_click(lambda _: self.draw())
        self.pass_button.on_click(lambda _: self.pass_turn())
        self.next_button.on_click(lambda _: self.next())
        self.run_button.on_click(lambda _: self.run_bots())
        self.hint_button.on_click(lambda _: self.hint())
        self.save_button.on_click(lambda _: self.save())
        #: the game review, once the game is over (dl.review): your turns against the most
        #: each could have scored
        self.review_button = w.Button(
            description=words.table("review this game"), icon="search", disabled=True
        )
        self.review_box = w.HTML()
        #: your biggest misses, to play again on a board of their own, once reviewed
        self.challenge_box = w.VBox([])
        self.challenges: AnswerOnBoard | None = None
        self.review_button.on_click(lambda _: self.review())
        self.claim_button.on_click(lambda _: self.claim(int(self.claim_box.value)))
        self.nothing_button.on_click(lambda _: self.claim(0))
        self.muggins_button.on_click(lambda _: self.call_muggins())
        self.let_go_button.on_click(lambda _: self.let_go())
        self.tally.observe(lambda ch: self._refresh(), names="value")
        self.auto.observe(lambda ch: setattr(self.table, "auto", bool(ch["new"])), names="value")
        actions = w.HBox(
            [
                self.draw_button,
                self.pass_button,
                self.next_button,
                self.run_button,
                self.auto,
                self.hint_button,
            ]
            + ([self.show_button] if len(self.humans) > 1 else [])
        )
        self.widget = w.VBox(
            [
                self.setup.widget,
                self.scoreboard,
                self.hand_view.fig,
                actions,
                self.muggins_row,
                self.message_line,
                self.board_view.fig,
                w.HBox([self.log_box, self.settlement]),
                w.HBox([self.tally, self.save_path, self.save_button, self.review_button]),
                self.tally_box,
                self.review_box,
                self.challenge_box,
            ]
        )
        self.widget.add_class("dominolab-table")
        _projected(self.widget)
        if len(self.humans) > 1:
            self.widget.add_class("dominolab-hot-seat")
        self._refresh()

    def _game_and_bots(
        self, rules: Rules, players: int, seed: int, partnerships: bool | None, humans: Sequence[int]
    ) -> tuple[Game, dict[int, Player]]:
        """A new game of the settings, with a bot for every seat no person plays."""
        g = Game(rules, players, seed, partnerships=partnerships)
        miss = self.miss if rules.muggins and self.miss else 0.0
        return g, {s: self.setup.bot(s, seed, miss) for s in range(players) if s not in humans}

    # -- the model's state, as the widget's own (what the table says and holds) ------------

    @property
    def game(self) -> Game:
        """The game at the table; set it to play a game of your own (a deal you made) with
        the same bots."""
        return self.table.game

    @game.setter
    def game(self, game: Game) -> None:
        self.table.start(game, self.bots)
        self._refresh()

    bots = property(lambda self: self.table.bots, doc="The bot at each seat no person plays.")
    humans = property(lambda self: self.table.humans, doc="The seats people play.")
    seat = property(lambda self: self.table.seat, doc="The human seat at the screen.")
    shown_to = property(lambda self: self.table.shown_to, doc="The human seat whose hand may be shown.")
    selected = property(lambda self: self.table.selected, doc="The tile picked, if any.")
    finished = property(lambda self: self.table.finished, doc="The round whose finished layout is shown.")
    log = property(lambda self: self.table.log, doc="The game so far, a line an action.")
    claims = property(lambda self: self.table.claims, doc="Your muggins claims so far, by verdict.")
    message = property(lambda self: self.table.message, doc="What the table says now.")
    message_kind = property(lambda self: self.table.message_kind, doc="What the message is about.")

    def new_game(self) -> None:
        """Start a game with the settings of the controls."""
        players = int(self.players.value)
        if max(self.humans) >= players:
            top = max(self.humans)
            return self.say(words.table("too few players", seat=top, n=top + 1), ok=False)
        part = self.partner.value if players == 4 else None
        rules = self.setup.rules(variant(self.preset.value))
        self.table.start(*self._game_and_bots(rules, players, int(self.seed.value), part, self.humans))
        self._refresh()

    def say(self, text: str, ok: bool | None = True, kind: str = "") -> None:
        """Show ``text`` in the message line."""
        self.table.say(text, ok, kind)
        self._say()

    def _say(self) -> None:
        said = self.table.said
        self.message_line.value = _said(said.text, said.ok)

    def _act(self, action: Callable[[], object]) -> None:
        """A person's action on the model, then the table redrawn (the message first: the page
        shows the widgets in the order they change), then the bots, if they move by themselves."""
        action()
        self._refresh()
        t = self.table
        if t.auto and not t.running and t.bots_to_move() and not t.people_to_move():
            self.run_bots()

    # -- your moves ------------------------------------------------------------------

    def show_hand(self) -> None:
        """Hot seat: the person to move has the screen now (the 'show my hand' button)."""
        self._act(self.table.show_hand)

    def select(self, tile: TileLike) -> None:
        """Click on a tile of your hand."""
        self._act(lambda: self.table.select(tile))

    def click_point(self, point: str) -> None:
        """Click on an open point of the board."""
        self._act(lambda: self.table.click_point(point))

    def draw(self) -> None:
        self._act(self.table.draw)

    def pass_turn(self) -> None:
        self._act(self.table.pass_turn)

    def claim(self, points: int) -> None:
        """Claim ``points`` for the tile you just placed (0: nothing)."""
        self._act(lambda: self.table.claim(points))

    def call_muggins(self) -> None:
        """Take the points the last claim missed."""
        self._act(self.table.call_muggins)

    def let_go(self) -> None:
        self._act(self.table.let_go)

    def _play(self, action: Action, quiet: bool = False) -> bool:
        """A person's ``action`` as the game takes it; whether it was taken."""
        before = len(self.game.round.actions), len(self.game.rounds)
        self._act(lambda: self.table.play(action, quiet))
        return (len(self.game.round.actions), len(self.game.rounds)) != before

    def hint(self) -> str:
        """What greedy would do in your place."""
        text = self.table.hint()
        self._say()
        return text or self.message

    # -- bots --------------------------------------------------------------------------

    def next(self) -> None:
        """One bot action (the 'next' button)."""
        self.table.next()
        self._refresh()

    def run_bots(self, limit: int = 500) -> None:
        """Bots play until it is your turn (or the game ends), each move drawn, ``pause``
        seconds apart."""

        def between() -> None:
            self._refresh()
            if self.pause:
                time.sleep(self.pause)  # a readable pace: each move is drawn before the next

        self.table.run_bots(limit, between=between)
        self._refresh()

    def review(self) -> str:
        """The review of your game, once it is over (:func:`dominolab.review`): what each of
        your turns scored against the most it could have, the biggest misses and the better
        moves, shown under the table; returns its text."""
        text = self.table.review()
        if text:
            self.review_box.value = "<br>".join(_esc(x) for x in text.splitlines())
            found = self.table.challenges()
            if found:
                rest = iter(found[1:])

                def deal() -> tuple[Challenge, None] | None:
                    c = next(rest, None)
                    return None if c is None else (c, None)

                again = words.table("next miss")
                self.challenges = AnswerOnBoard(found[0], None, next_task=deal, next_words=again)
                head = w.HTML("<b>" + _esc(words.table("replay misses")) + "</b>")
                self.challenge_box.children = (head, self.challenges.widget)
        self._say()
        return text

    def save(self, path: str | None = None) -> str:
        """Write the game record (JSON) to ``path`` (default: the text box)."""
        done = self.table.save(path or self.save_path.value)
        self._say()
        return done

    # -- drawing ------------------------------------------------------------------------

    def _refresh(self) -> None:
        """Draw the table as the model is: the message, the board, the hand (after a click on
        the board the learner's eyes are on the board), then the rest."""
        t, g = self.table, self.table.game
        self._say()
        b, h = t.board_shown(), t.hand_shown()
        with figures_together():  # both drawn in one go
            self.board_view.update(b.board, highlight=b.highlight, show_counts=b.show_counts, title=b.title)
            hand, playable = list(h.tiles), list(h.playable)
            self.hand_view.update(hand, selected=h.selected, playable=playable, title=h.title)
        rows, line = t.scores_shown()
        cells = "".join(f"<td><b>{_esc(who)}</b>: {_esc(score)}</td>" for who, score in rows)
        self.scoreboard.value = f"<table><tr>{cells}</tr></table><small>{_esc(line)}</small>"
        self.log_box.value = "<br>".join(_esc(x) for x in t.log[-12:])
        if t.settlement:
            head, *lines = t.settlement
            self.settlement.value = f"<b>{_esc(head)}</b>" + "".join(f"<br>{_esc(x)}" for x in lines)
        else:
            self.settlement.value = ""
        can = t.controls()
        self.draw_button.disabled = not can["draw"]
        self.pass_button.disabled = not can["pass"]
        self.next_button.disabled = self.run_button.disabled = not can["bots"]
        self.show_button.disabled = not can["show"]
        no_bots = all(s in t.humans for s in range(g.players))  # hot seat of people only
        for c in (self.next_button, self.run_button, self.auto):
            c.layout.display = "none" if no_bots else None
        self.muggins_row.layout.display = "" if g.rules.muggins else "none"
        self.claim_box.step, self.claim_box.max = g.rules.claim_step, g.rules.claim_values[-1]
        for c in (self.claim_box, self.claim_button, self.nothing_button):
            c.disabled = not can["claim"]
        self.muggins_button.disabled = self.let_go_button.disabled = not can["muggins"]
        for c in (self.muggins_button, self.let_go_button):  # there only when a claim fell short
            c.layout.display = "" if can["muggins"] else "none"
        self.muggins.disabled = not variant(self.preset.value).placement_scoring
        self.review_button.disabled = not can["review"]
        tallied = (self.tally.value, g.rules.name, tuple(g.scores), tuple(map(tuple, g.sides)))
        if tallied != self._tallied:  # drawn again only when it changes (each drawing is messages)
            self._tallied = tallied
            self.tally_box.clear_output()
            if self.tally.value:
                with self.tally_box:
                    for i in range(len(g.sides)):
                        draw_tally(float(g.scores[i]), g.rules, label=side_name(g.sides, i)).show()
