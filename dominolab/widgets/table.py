"""The game table: a whole game against bots, or people on one screen."""

from __future__ import annotations

import pathlib
import time
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from ..board import point_text
from ..bots import BOTS, bot_action, bot_seed, explain_choice, make_bot
from ..errors import DominolabError, is_whole
from ..examples import lead_reason, scoring_notes
from ..game import Act, Action, Game, Player
from ..muggins import claim_text, judge
from ..picture import draw_tally
from ..presets import PRESETS, VARIANTS, variant
from ..record import dump_records, game_to_record
from ..review import review
from ..rules import Rules
from ..settlement import EndReason, format_score, side_name
from ..tiles import Tile, TileLike
from .base import _Displayable, _esc, _player_counts, _projected, _shows, _tiles_text
from .views import BoardView, HandView


class GameTable(_Displayable):
    """A whole game against bots: you play ``seat`` (default 0).

    ``GameTable(rules="all-fives", players=2, bots=None, seed=0, seat=0,
    partnerships=None, pause=0.0)``: ``bots`` names a bot for every other seat
    (default greedy; a list names one per seat, your own entry is ignored), or gives bot
    objects as :func:`~dominolab.play_game` takes them (``dl.make_bot("expert", 3)``).
    Bots move with the *next* button (or *bots play* for all of
    them up to your turn), each shown as it happens.

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
    ) -> None:
        r = variant(rules)
        r.check_players(players)
        seats = [seat] if humans is None else list(humans)
        for s_ in seats:
            if not is_whole(s_) or not 0 <= s_ < players:
                raise DominolabError(f"seat {s_!r} is not a seat of {players} players (0 to {players - 1})")
        if not seats or len(set(seats)) != len(seats):
            raise DominolabError(f"humans must name one seat or more, each once, not {humans!r}")
        if muggins is not None and type(muggins) is not bool:
            raise DominolabError(f"muggins must be True or False, not {muggins!r}")
        if muggins and not r.placement_scoring:
            raise DominolabError(f"muggins claims placement points, and {r.name} scores none while placing")
        make_bot("greedy", miss=miss)  # refuses a miss rate that is not one
        self.miss = miss  #: the bots' muggins miss rate
        self.claims = {"right": 0, "short": 0, "over": 0}  #: your claims so far, by verdict
        #: the seats people play; the others are bots
        self.humans: tuple[int, ...] = tuple(sorted(seats))
        #: the human seat whose hand may be shown now (hot seat: it changes when the screen passes)
        self.shown_to: int = self.humans[0] if humans is not None else seat
        self.pause = pause
        self.selected: Tile | None = None
        self.log: list[str] = []
        self.message = ""
        self.preset = w.Dropdown(options=list(PRESETS), value=r.preset or VARIANTS[1], description="rules")
        #: the player counts the rules allow (Rules.min_players to max_players)
        self.players = w.Dropdown(options=_player_counts(r), value=players, description="players")
        self._wanted = partnerships  #: the partnership switch asked for (None: the preset's)
        self.partner = w.Checkbox(
            value=bool(r.partnerships if partnerships is None else partnerships),
            description="partnerships (4 players)",
        )
        self.seed = w.IntText(value=seed, description="seed", layout=w.Layout(width="160px"))
        self.muggins = w.Checkbox(
            value=bool(r.muggins if muggins is None else muggins),
            description="muggins",
            indent=False,
            layout=w.Layout(width="auto"),  # the setup row keeps room for 'new game'
        )
        self.claim_box = w.BoundedIntText(
            value=0, min=0, max=100, description="claim", layout=w.Layout(width="170px")
        )
        self.claim_button = w.Button(description="claim", icon="check")
        self.nothing_button = w.Button(description="nothing")
        self.muggins_button = w.Button(description="Muggins!", button_style="danger")
        self.let_go_button = w.Button(description="let it go")
        self.muggins_row = w.HBox(
            [self.claim_box, self.claim_button, self.nothing_button, self.muggins_button, self.let_go_button]
        )
        self.muggins_row.add_class("dominolab-muggins")
        self.bot_choice = [
            w.Dropdown(
                options=list(BOTS), value="greedy", description=f"seat {i}", layout=w.Layout(width="180px")
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
                raise DominolabError(f"unknown bot {b!r}; known: {', '.join(BOTS)}")
            self.bot_choice[i].value = b
        self.show_button = w.Button(description="show my hand", button_style="warning")
        self.show_button.on_click(lambda _: self.show_hand())
        self.new_button = w.Button(description="new game", icon="play")
        self.draw_button = w.Button(description="draw")
        self.pass_button = w.Button(description="pass")
        self.next_button = w.Button(description="next (bot)", icon="step-forward")
        self.run_button = w.Button(description="bots play", icon="forward")
        self.hint_button = w.Button(description="hint", icon="lightbulb-o")
        self.tally = w.Checkbox(value=False, description="paper tally")
        self.save_path = w.Text(value=record_path, description="save to", layout=w.Layout(width="260px"))
        self.save_button = w.Button(description="save record", icon="save")
        self.message_line = w.HTML(layout=w.Layout(min_height="1.6em"))
        self.message_line.add_class("dominolab-message")
        self.scoreboard = w.HTML()
        self.settlement = w.HTML()
        self.log_box = w.HTML()
        self.tally_box = w.Output()
        self.game = self._new_game(self._rules(r), players, seed, partnerships)
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
        self.review_button = w.Button(description="review this game", icon="search", disabled=True)
        self.review_box = w.HTML()
        self.review_button.on_click(lambda _: self.review())
        self.claim_button.on_click(lambda _: self.claim(int(self.claim_box.value)))
        self.nothing_button.on_click(lambda _: self.claim(0))
        self.muggins_button.on_click(lambda _: self.call_muggins())
        self.let_go_button.on_click(lambda _: self.let_go())
        self.tally.observe(lambda ch: self._refresh(), names="value")
        self.players.observe(lambda ch: self._sync_setup(), names="value")
        self.preset.observe(lambda ch: self._preset_changed(), names="value")
        self._sync_setup()
        setup = w.VBox(
            [
                w.HBox([self.preset, self.players, self.seed, self.muggins, self.new_button]),
                w.HBox([self.partner] + [b for i, b in enumerate(self.bot_choice) if i not in self.humans]),
            ]
        )
        actions = w.HBox(
            [self.draw_button, self.pass_button, self.next_button, self.run_button, self.hint_button]
            + ([self.show_button] if len(self.humans) > 1 else [])
        )
        self.widget = w.VBox(
            [
                setup,
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
            ]
        )
        self.widget.add_class("dominolab-table")
        _projected(self.widget)
        if len(self.humans) > 1:
            self.widget.add_class("dominolab-hot-seat")
        self._refresh()
        self._announce_turn()

    def _sync_setup(self) -> None:
        """Enable only the controls that matter for the chosen number of players: a bot
        for each other seat in the game, and the partnership switch at four."""
        n = int(self.players.value)
        for i, b in enumerate(self.bot_choice):
            b.disabled = i >= n or i in self.humans
        self.partner.disabled = n != 4
        if n != 4:  # below four players there are no partners: the box is not ticked either
            self.partner.value = False
        else:
            self.partner.value = (
                variant(self.preset.value).partnerships if self._wanted is None else self._wanted
            )

    def _preset_changed(self) -> None:
        """A new rule set brings its own player counts and partnership default (dominos-cc:
        each for themselves)."""
        self._wanted = None
        counts = _player_counts(variant(self.preset.value))
        if list(self.players.options) != counts:
            keep = min(max(int(self.players.value), counts[0]), counts[-1])
            self.players.options = counts
            self.players.value = keep
        self._sync_setup()

    def _rules(self, base: Rules) -> Rules:
        """``base`` with the muggins box's choice (the line games score nothing to claim)."""
        want = bool(self.muggins.value) and base.placement_scoring
        return base.at_table(muggins=want)

    def _new_game(self, rules: Rules, players: int, seed: int, partnerships: bool | None) -> Game:
        g = Game(rules, players, seed, partnerships=partnerships)
        miss = self.miss if rules.muggins and self.miss else 0.0
        self.bots = {
            s: self._given.get(s) or make_bot(self.bot_choice[s].value, bot_seed(seed, s), miss=miss)
            for s in range(players)
            if s not in self.humans
        }
        self.claims = {"right": 0, "short": 0, "over": 0}
        you = (
            f"You are seat {self.seat}"
            if len(self.humans) == 1
            else ("People play seats " + ", ".join(map(str, self.humans)))
        )
        self.log = [f"New game of {g.rules.name}, {players} players, seed {seed}. {you}."]
        self.settlement.value = ""
        return g

    def new_game(self) -> None:
        """Start a game with the settings of the controls."""
        players = int(self.players.value)
        if max(self.humans) >= players:
            top = max(self.humans)
            return self.say(f"Seat {top} is played by a person: choose at least {top + 1} players.", ok=False)
        part = self.partner.value if players == 4 else None
        self.game = self._new_game(
            self._rules(variant(self.preset.value)), players, int(self.seed.value), part
        )
        self.selected = None
        self._refresh()
        self._announce_turn()

    # -- your moves ------------------------------------------------------------------

    def say(self, text: str, ok: bool = True) -> None:
        self.message = text
        color = "#1a7f37" if ok else "#b42318"
        self.message_line.value = f"<span style='color:{color}'>{_esc(text)}</span>"

    @property
    def seat(self) -> int:
        """The human seat at the screen: the one to move, when a person plays it; else the
        one whose hand was shown last."""
        g = getattr(self, "game", None)
        if g is not None and g.to_move in self.humans and g.to_move == self.shown_to:
            return int(g.to_move)
        return self.shown_to

    def _people_to_move(self) -> bool:
        """Whether the seat to move is played by a person (not a bot)."""
        return self.game.to_move in self.humans

    def _screen_waits(self) -> bool:
        """Hot seat: a person is to move, but the screen still shows another person's hand."""
        g = self.game
        return not g.is_over and self._people_to_move() and g.to_move != self.shown_to

    def show_hand(self) -> None:
        """Hot seat: the person to move has the screen now (the 'show my hand' button)."""
        g = self.game
        if g.is_over or not self._people_to_move():
            return self.say("Nobody's hand is waiting to be shown.", ok=False)
        self.shown_to = g.to_move
        self.selected = None
        self._refresh()
        self._announce_turn()

    def _your_turn(self) -> bool:
        if self.game.is_over:
            self.say(f"The game is over: {self._winner_text()}. Press 'new game' to play again.", ok=False)
            return False
        if not self._people_to_move():
            bot = self.bots[self.game.to_move].name
            self.say(f"It is seat {self.game.to_move}'s turn ({bot}): press 'next'.", ok=False)
            return False
        if self._screen_waits():
            self.say(
                f"Seat {self.game.to_move}'s turn: pass the screen; seat {self.game.to_move} presses "
                "'show my hand'.",
                ok=False,
            )
            return False
        return True

    def select(self, tile: TileLike) -> None:
        """Click on a tile of your hand."""
        if not self._your_turn():
            return
        try:
            t = Tile(tile)
        except DominolabError as e:
            return self.say(str(e), ok=False)
        g = self.game
        if t not in g.hands[self.seat]:
            return self.say(f"{t} is not in your hand.", ok=False)
        acts = g.legal_actions()
        legal = [a for a in acts if a.act is Act.PLAY and a.tile == t]
        if not legal:
            if g.drawn is not None:
                reason = f"you drew {g.drawn}, which plays: it must be placed at once, not {t}"
            elif g.board.is_empty:
                reason = g.why_not(Action.play(t)) or f"{t} cannot lead"
            elif acts and acts[0].act is not Act.PLAY:
                reason = f"nothing in your hand plays, so {acts[0].act.value} (the button below)"
            else:
                reason = f"{t} does not play: no open point shows {_shows(t)}"
            return self.say(reason[0].upper() + reason[1:] + ".", ok=False)
        self.selected = t
        if g.board.is_empty:
            self._play(Action.play(t))
            return
        only = legal[0].at
        if len(legal) == 1 and only is not None:
            self.say(f"{t} selected: it goes only on {point_text(only)} — click it.")
        else:
            self.say(f"{t} selected: click one of the {len(legal)} green points.")
        self._refresh()

    def click_point(self, point: str) -> None:
        """Click on an open point of the board."""
        if not self._your_turn():
            return
        if self.selected is None:
            return self.say("Pick a tile of your hand first.", ok=False)
        self._play(Action.play(self.selected, None if point == "lead" else point))

    def draw(self) -> None:
        if self._your_turn():
            self._play(Action.draw())

    def pass_turn(self) -> None:
        if self._your_turn():
            self._play(Action.pass_())

    # -- muggins -----------------------------------------------------------------------

    def _rec_text(self, rec: Any) -> str:
        """An action in words; with muggins a placement's count is not given away."""
        rules = self.game.rules
        return str(
            rec.text(count=not rules.muggins, unit="shown point" if rules.unit == "shown" else "point")
        )

    def _notes(self, rs: Any, rec: Any) -> str:
        """What the engine adds to an action of round ``rs`` where the rules give a point for
        going out or an exact target (the seat went out; its score was disregarded), as text
        to append."""
        if rec.act not in (Act.PLAY, Act.CLAIM, Act.MUGGINS):
            return ""
        return "".join(" " + n for n in scoring_notes(self.game, rs, note_out=rec.act is Act.PLAY))

    def _owed(self) -> Act | None:
        """The muggins step owed now (``Act.CLAIM`` or ``Act.MUGGINS``), if any."""
        acts = self.game.legal_actions()
        return acts[0].act if acts and acts[0].act in (Act.CLAIM, Act.MUGGINS) else None

    def _placed(self) -> tuple[int, int]:
        """The seat that placed the last tile, and what that placement scores (the going-out
        point included, where the rules give one)."""
        owed = self.game.owed_claim
        if owed is not None:
            return owed
        rec = next(a for a in reversed(self.game.round.actions) if a.act is Act.PLAY)
        return rec.seat, rec.points or 0

    def claim(self, points: int) -> None:
        """Claim ``points`` for the tile you just placed (0: nothing)."""
        if not self._your_turn():
            return
        if self._owed() is not Act.CLAIM:
            return self.say("There is nothing to claim now: a claim follows your placement.", ok=False)
        try:
            action = Action.claim_(points)
        except DominolabError as e:
            return self.say(str(e), ok=False)
        _, worth = self._placed()
        if self.game.why_not(action) is None:  # counted before _play redraws the scoreboard
            self.claims[judge(points, worth)] += 1
        if self._play(action, quiet=True):
            nxt = (self.seat + 1) % self.game.players
            who = "a person" if nxt in self.humans else self.bots[nxt].name
            self.say(claim_text("You", points, worth, f"seat {nxt} ({who})"))
            self._announce_turn(quiet=True)

    def call_muggins(self) -> None:
        """Take the points the last claim missed."""
        if self._your_turn() and self._owed() is Act.MUGGINS:
            self._play(Action(Act.MUGGINS))
        elif not self.message.startswith("It is seat"):
            self.say("No claim fell short just now: there is nothing to call.", ok=False)

    def let_go(self) -> None:
        if self._your_turn() and self._owed() is Act.MUGGINS:
            self._play(Action(Act.LET_GO))

    def _play(self, action: Action, quiet: bool = False) -> bool:
        g = self.game
        rs = g.round
        try:
            rec = g.apply(action)
        except DominolabError as e:
            reason = str(e)
            self.say(reason[0].upper() + reason[1:] + ".", ok=False)
            return False
        self.selected = None
        notes = self._notes(rs, rec)
        self.log.append(self._rec_text(rec) + notes)
        if rec.act is Act.DRAW and g.drawn is not None and g.to_move == self.seat:
            self.selected = g.drawn
            self.say(f"You drew {rec.tile}: it plays, so place it now (it is selected).")
        elif rec.act is Act.DRAW:
            self.say(
                f"You drew {rec.tile}: it does not play." + (" Draw again." if g.boneyard_count else " Pass.")
            )
        elif not quiet:
            text = self._rec_text(rec)
            self.say(
                text[0].upper()
                + text[1:]
                + ("; now claim its points." if self._owed() is Act.CLAIM else ".")
                + notes
            )
        self._after_action(rs)
        return True

    # -- bots --------------------------------------------------------------------------

    def next(self) -> None:
        """One bot action (the 'next' button)."""
        g = self.game
        if g.is_over:
            return self.say(f"The game is over: {self._winner_text()}.", ok=False)
        if self._people_to_move():
            if len(self.humans) == 1:
                return self.say("It is your turn.", ok=False)
            return self.say(f"It is seat {g.to_move}'s turn, played by a person.", ok=False)
        seat = g.to_move
        a = bot_action(g, self.bots[seat])
        worth = self._placed()[1] if a.act is Act.CLAIM else 0
        rs = g.round
        rec = g.push(a)  # the bot's action is one of the legal ones (bot_action checks it)
        notes = self._notes(rs, rec)
        self.log.append(self._rec_text(rec) + f" ({self.bots[seat].name})" + notes)
        if rec.act is Act.CLAIM:
            nxt = (seat + 1) % g.players
            caller = "you" if nxt in self.humans else f"seat {nxt}"
            text = claim_text(f"Seat {seat}", rec.points or 0, worth, caller)
            if nxt in self.humans and judge(rec.points or 0, worth) == "short":
                text += " Press Muggins! to take them, or let it go."
            self.say(text + notes)
        else:
            text = self._rec_text(rec)
            self.say(text[0].upper() + text[1:] + "." + notes)
        self._after_action(rs)

    def run_bots(self, limit: int = 500) -> None:
        """Bots play until it is your turn (or the game ends)."""
        n = 0
        while not self.game.is_over and not self._people_to_move() and n < limit:
            self.next()
            n += 1
            if self.pause:
                time.sleep(self.pause)

    def hint(self) -> str:
        """What greedy would do in your place."""
        if not self._your_turn():
            return self.message
        text = explain_choice(self.game.view(self.seat), "greedy")
        self.say("Hint: " + text + ".")
        return text

    # -- after each action ------------------------------------------------------------

    def _after_action(self, rs: Any) -> None:
        """After an action of round ``rs``: its end if it ended it, and the table redrawn."""
        g = self.game
        if rs.is_over:
            self._show_round_end(rs)
        self._refresh()
        if not g.is_over:
            self._announce_turn(quiet=True)

    def _show_round_end(self, rs: Any) -> None:
        g = self.game
        if rs.end_reason is EndReason.TARGET:
            text = f"Round {rs.number} ends the game: {side_name(g.sides, rs.winner)} reached the target."
            self.log.append(text)
            self.settlement.value = f"<b>{_esc(text)}</b>"
            return
        if rs.settlement is None:
            return
        lines = "<br>".join(_esc(x) for x in rs.settlement.lines)
        self.settlement.value = f"<b>Round {rs.number} ({rs.end_reason})</b><br>{lines}"
        self.log.append(f"Round {rs.number} over ({rs.end_reason}).")
        nxt = g.rounds[-1] if g.rounds[-1] is not rs and not g.is_over else None
        if nxt is not None and nxt.leader is not None and nxt.leader_by is not None:
            why = lead_reason(nxt.leader_by, nxt.leader)
            self.log.append(f"Round {nxt.number}: seat {nxt.leader} leads ({why}).")

    def _announce_turn(self, quiet: bool = False) -> None:
        """Say whose turn it is.  ``quiet`` (after an action): add it to the message only when
        the turn has come back to you, with what you can do if nothing of yours plays."""
        g = self.game
        if g.is_over:
            self.say(f"Game over: {self._winner_text()}.")
            return
        if self._screen_waits():
            turn = f"Seat {g.to_move}'s turn: pass the screen; seat {g.to_move} presses 'show my hand'."
            self.say(f"{self.message} {turn}" if quiet and self.message else turn)
            return
        if g.to_move in self.humans:
            acts = g.legal_actions()
            if g.drawn is not None:
                return  # the message already says to place the drawn tile
            if acts and acts[0].act is Act.CLAIM:
                tile = self.game.round.actions[-1].tile
                turn = (
                    f"Muggins: how many points does your {tile} score? "
                    "Type it and press claim (or 'nothing')."
                )
            elif acts and acts[0].act is Act.MUGGINS:
                turn = "Your call: Muggins! or let it go."
            elif acts and acts[0].act is Act.DRAW:
                turn = "Your turn: nothing of yours plays, so draw."
            elif acts and acts[0].act is Act.PASS:
                turn = "Your turn: nothing of yours plays and the boneyard is empty, so pass."
            else:
                turn = "Your turn: pick a tile" + (" to lead." if g.board.is_empty else ".")
            if quiet and self.message and not self.message.startswith("You "):
                self.say(f"{self.message} {turn}")
            elif not quiet or not self.message.startswith("You drew"):
                self.say(turn)
        elif not quiet:
            self.say(f"Seat {g.to_move} ({self.bots[g.to_move].name}) is to move: press 'next'.")

    def _winner_text(self) -> str:
        o = self.game.outcome
        if o is None:
            return "not over"
        who = side_name(self.game.sides, o.winner)
        you = " (you)" if self.seat in self.game.sides[o.winner] else ""
        return f"{who}{you} wins with {format_score(o.scores[o.winner])}"

    def review(self) -> str:
        """The review of your game, once it is over (:func:`dominolab.review`): what each of
        your turns scored against the most it could have, the biggest misses and the better
        moves, shown under the table; returns its text."""
        if not self.game.is_over:
            self.say("The review comes when the game is over.", ok=False)
            return ""
        text = review(self.game, seat=self.seat).summary()
        self.review_box.value = "<br>".join(_esc(x) for x in text.splitlines())
        self.say("Your game, reviewed: see below the table.")
        return text

    def save(self, path: str | None = None) -> str:
        """Write the game record (JSON) to ``path`` (default: the text box)."""
        p = pathlib.Path(path or self.save_path.value)
        try:
            dump_records([game_to_record(self.game)], p)
        except OSError as e:
            self.say(f"Cannot save to {p}: {e.strerror or e}.", ok=False)
            return ""
        self.say(f"Saved the game record to {p}.")
        return str(p)

    def _refresh(self) -> None:
        g = self.game
        if self._screen_waits():  # hot seat: nobody sees the next person's tiles before they do
            self.hand_view.update(
                [],
                title=f"Seat {g.to_move}'s turn: pass the screen, then press 'show my hand' "
                f"({_tiles_text(len(g.hands[g.to_move]))} hidden)",
            )
            self.show_button.disabled = False
            mine = False
        else:
            hand = g.hands[self.seat]
            mine = g.to_move == self.seat and not g.is_over
            playable = sorted({a.tile for a in g.legal_actions() if a.tile is not None}) if mine else []
            whose = "Your hand" if len(self.humans) == 1 else "Hand"
            self.hand_view.update(
                hand,
                selected=self.selected,
                playable=playable,
                title=f"{whose} (seat {self.seat}): {_tiles_text(len(hand))}{' · your turn' if mine else ''}",
            )
            self.show_button.disabled = True
        # with muggins the count is yours to find: the board does not give it away
        self.board_view.update(
            g.board, highlight=self.selected if mine else None, show_counts=not g.rules.muggins
        )
        rows = []
        for i, side in enumerate(g.sides):
            who = side_name(g.sides, i) + (" (you)" if len(self.humans) == 1 and self.seat in side else "")
            rows.append(f"<td><b>{_esc(who)}</b>: {format_score(g.scores[i])}</td>")
        hands = " · ".join(f"seat {s}: {len(h)} tiles" for s, h in enumerate(g.hands))
        target = g.rules.target(g.players)
        self.scoreboard.value = (
            f"<table><tr>{''.join(rows)}</tr></table>"
            f"<small>{_esc(g.rules.name)}: target {target} {g.rules.unit} · round {len(g.rounds)} · "
            f"{hands} · "
            + (f"boneyard {g.boneyard_count}" if g.rules.drawing else f"{len(g.out_of_play)} out of play")
            + (
                f" · muggins: your claims {self.claims['right']} right, {self.claims['short']} short, "
                f"{self.claims['over']} too high"
                if g.rules.muggins
                else ""
            )
            + "</small>"
        )
        self.log_box.value = "<br>".join(_esc(x) for x in self.log[-12:])
        owed = self._owed() if mine else None
        self.draw_button.disabled = not mine or not g.rules.drawing or owed is not None  # block: no drawing
        self.pass_button.disabled = not mine or owed is not None
        self.muggins_row.layout.display = "" if g.rules.muggins else "none"
        self.claim_box.step, self.claim_box.max = g.rules.claim_step, g.rules.claim_values[-1]
        for b in (self.claim_box, self.claim_button, self.nothing_button):
            b.disabled = owed is not Act.CLAIM
        self.muggins_button.disabled = self.let_go_button.disabled = owed is not Act.MUGGINS
        for b in (self.muggins_button, self.let_go_button):  # there only when a claim fell short
            b.layout.display = "" if owed is Act.MUGGINS else "none"
        self.muggins.disabled = not variant(self.preset.value).placement_scoring
        self.next_button.disabled = mine or g.is_over
        self.review_button.disabled = not g.is_over
        self.run_button.disabled = mine or g.is_over
        self.tally_box.clear_output()
        if self.tally.value:
            with self.tally_box:
                for i in range(len(g.sides)):
                    draw_tally(float(g.scores[i]), g.rules, label=side_name(g.sides, i)).show()
