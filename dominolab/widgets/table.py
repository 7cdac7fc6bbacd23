"""The game table: a whole game against bots, or people on one screen."""

from __future__ import annotations

import pathlib
import time
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from .. import words
from ..board import clicked_point, point_text
from ..bots import bot_action, explain_choice, make_bot
from ..errors import DominolabError, is_whole
from ..examples import lead_reason, round_board, scoring_notes
from ..game import Act, Action, Game, Player
from ..muggins import judge
from ..picture import draw_tally
from ..presets import variant
from ..record import dump_records, game_to_record
from ..review import review
from ..rules import Rules
from ..settlement import EndReason, format_score, side_name
from ..tiles import Tile, TileLike
from .base import _Displayable, _esc, _projected, _said, _shows, _tiles_text
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
        self.claims = {"right": 0, "short": 0, "over": 0}  #: your claims so far, by verdict
        #: the seats people play; the others are bots
        self.humans: tuple[int, ...] = tuple(sorted(seats))
        #: the human seat whose hand may be shown now (hot seat: it changes when the screen passes)
        self.shown_to: int = self.humans[0] if humans is not None else seat
        self.pause = pause
        self.selected: Tile | None = None
        self.log: list[str] = []
        self.message = ""
        #: the round that just ended, whose finished layout is shown until the next move
        self.finished: Any = None
        #: what the message is about: "you" (your own action), "drew" (you drew), else ""
        self.message_kind = ""
        #: the settings panel: the rule set, players, seed, muggins, partnerships, the bots
        self.setup = TableSetup(r, players, seed, partnerships, muggins, bots, self.humans)
        self.preset, self.players, self.seed = self.setup.preset, self.setup.players, self.setup.seed
        self.partner, self.muggins = self.setup.partner, self.setup.muggins
        self.bot_choice, self.new_button = self.setup.bot_choice, self.setup.new_button
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
        self._running = False  # the bots are playing (run_bots): no second run inside it
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
        self.game = self._new_game(self.setup.rules(r), players, seed, partnerships)
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
        self.review_button.on_click(lambda _: self.review())
        self.claim_button.on_click(lambda _: self.claim(int(self.claim_box.value)))
        self.nothing_button.on_click(lambda _: self.claim(0))
        self.muggins_button.on_click(lambda _: self.call_muggins())
        self.let_go_button.on_click(lambda _: self.let_go())
        self.tally.observe(lambda ch: self._refresh(), names="value")
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
            ]
        )
        self.widget.add_class("dominolab-table")
        _projected(self.widget)
        if len(self.humans) > 1:
            self.widget.add_class("dominolab-hot-seat")
        self._refresh()
        self._announce_turn()

    def _new_game(self, rules: Rules, players: int, seed: int, partnerships: bool | None) -> Game:
        g = Game(rules, players, seed, partnerships=partnerships)
        miss = self.miss if rules.muggins and self.miss else 0.0
        self.bots = {s: self.setup.bot(s, seed, miss) for s in range(players) if s not in self.humans}
        self.claims = {"right": 0, "short": 0, "over": 0}
        if len(self.humans) == 1:
            you = words.table("you are", seat=self.seat)
        else:
            you = words.table("people play", seats=", ".join(map(str, self.humans)))
        self.log = [words.table("new game log", game=g.rules.name, players=players, seed=seed, you=you)]
        self.settlement.value = ""
        return g

    def new_game(self) -> None:
        """Start a game with the settings of the controls."""
        players = int(self.players.value)
        if max(self.humans) >= players:
            top = max(self.humans)
            return self.say(words.table("too few players", seat=top, n=top + 1), ok=False)
        part = self.partner.value if players == 4 else None
        self.game = self._new_game(
            self.setup.rules(variant(self.preset.value)), players, int(self.seed.value), part
        )
        self.selected = None
        self.finished = None
        self._refresh()
        self._announce_turn()

    # -- your moves ------------------------------------------------------------------

    def say(self, text: str, ok: bool = True, kind: str = "") -> None:
        """Show ``text`` in the message line; ``kind`` says what it is about ("you": your own
        action, "drew": you drew), for what is said next."""
        self.message = text
        self.message_kind = kind
        self.message_line.value = _said(text, ok)

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
            return self.say(words.table("no hand waits"), ok=False)
        self.shown_to = g.to_move
        self.selected = None
        self._refresh()
        self._announce_turn()

    def _your_turn(self) -> bool:
        if self.game.is_over:
            self.say(words.table("over, new game", winner=self._winner_text()), ok=False)
            return False
        if not self._people_to_move():
            bot = self.bots[self.game.to_move].name
            self.say(words.table("bot's turn", seat=self.game.to_move, bot=bot), ok=False)
            return False
        if self._screen_waits():
            self.say(words.table("pass the screen", seat=self.game.to_move), ok=False)
            return False
        return True

    def select(self, tile: TileLike) -> None:
        """Click on a tile of your hand."""
        if not self._your_turn():
            return
        self.finished = None  # the next round's layout from now on
        try:
            t = Tile(tile)
        except DominolabError as e:
            return self.say(str(e), ok=False)
        g = self.game
        if t not in g.hands[self.seat]:
            return self.say(words.table("not in your hand", tile=t), ok=False)
        acts = g.legal_actions()
        legal = [a for a in acts if a.act is Act.PLAY and a.tile == t]
        if not legal:
            if g.drawn is not None:
                reason = words.table("drawn plays", drawn=g.drawn, tile=t)
            elif g.board.is_empty:
                reason = g.why_not(Action.play(t)) or words.table("cannot lead", tile=t)
            elif Action.draw() in acts:
                reason = words.table("nothing plays, draw")
            elif Action.pass_() in acts:
                reason = words.table("nothing plays, pass")
            else:
                reason = words.table("does not play", tile=t, shows=_shows(t))
            return self.say(words.sentence(reason), ok=False)
        self.selected = t
        if g.board.is_empty:
            self._play(Action.play(t))
            return
        only = legal[0].at
        if len(legal) == 1 and only is not None:
            self.say(words.table("goes only", tile=t, at=point_text(only)))
        else:
            self.say(words.table("click green", tile=t, n=len(legal)))
        self._refresh()

    def click_point(self, point: str) -> None:
        """Click on an open point of the board."""
        if not self._your_turn():
            return
        if self.selected is None:
            return self.say(words.table("pick first"), ok=False)
        self._play(Action.play(self.selected, clicked_point(point)))

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
            rec.text(
                count=not rules.muggins, unit="shown point" if rules.unit == "shown" else "point"
            )  # a unit, not words
        )

    def _notes(self, rs: Any, rec: Any) -> str:
        """What the engine adds to an action of round ``rs`` where the rules give a point for
        going out or an exact target (the seat went out; its score was disregarded), as text
        to append."""
        if rec.act not in (Act.PLAY, Act.CLAIM, Act.MUGGINS):
            return ""
        return "".join(" " + n for n in scoring_notes(self.game, rs, note_out=rec.act is Act.PLAY))

    def _owed(self) -> Act | None:
        """The muggins step owed now (``Act.CLAIM`` or ``Act.MUGGINS``), if any: the game's."""
        return self.game.owed_step

    def _placed(self) -> tuple[int, int]:
        """While a claim is owed: the seat that placed the last tile, and what that placement
        scores (the going-out point included, where the rules give one): the game's."""
        owed = self.game.owed_claim
        assert owed is not None, "asked while no claim is owed"
        return owed

    def claim(self, points: int) -> None:
        """Claim ``points`` for the tile you just placed (0: nothing)."""
        if not self._your_turn():
            return
        if self._owed() is not Act.CLAIM:
            return self.say(words.table("nothing to claim"), ok=False)
        try:
            action = Action.claim_(points)
        except DominolabError as e:
            return self.say(str(e), ok=False)
        _, worth = self._placed()
        if self.game.why_not(action) is None:  # counted before _play redraws the scoreboard
            self.claims[judge(points, worth)] += 1
        if self._play(action, quiet=True):
            nxt = (self.seat + 1) % self.game.players
            who = words.table("a person") if nxt in self.humans else self.bots[nxt].name
            caller = f"{words.seat(nxt)} ({who})"
            self.say(words.claim_text("", points, worth, caller, you=True), kind="you")
            self._announce_turn(quiet=True)

    def call_muggins(self) -> None:
        """Take the points the last claim missed."""
        if not self._your_turn():
            return  # the message says why
        if self._owed() is Act.MUGGINS:
            self._play(Action(Act.MUGGINS))
        else:
            self.say(words.table("nothing to call"), ok=False)

    def let_go(self) -> None:
        if self._your_turn() and self._owed() is Act.MUGGINS:
            self._play(Action(Act.LET_GO))

    def _play(self, action: Action, quiet: bool = False) -> bool:
        g = self.game
        rs = g.round
        self.finished = None
        try:
            rec = g.apply(action)
        except DominolabError as e:
            self.say(words.sentence(str(e)), ok=False)
            return False
        self.selected = None
        notes = self._notes(rs, rec)
        self.log.append(self._rec_text(rec) + notes)
        if rec.act is Act.DRAW and g.drawn is not None and g.to_move == self.seat:
            self.selected = g.drawn
            self.say(words.table("drew, plays", tile=rec.tile), kind="drew")
        elif rec.act is Act.DRAW:
            again = "drew, draw again" if g.boneyard_count else "drew, pass"
            self.say(words.table(again, tile=rec.tile), kind="drew")
        elif not quiet:
            text = words.capital(self._rec_text(rec))
            if self._owed() is Act.CLAIM:
                text = words.table("now claim", action=text)
            else:
                text += "."
            self.say(text + notes)
        self._after_action(rs)
        return True

    # -- bots --------------------------------------------------------------------------

    def next(self) -> None:
        """One bot action (the 'next' button)."""
        g = self.game
        if g.is_over:
            return self.say(words.table("game over", winner=self._winner_text()), ok=False)
        if self._people_to_move():
            if len(self.humans) == 1:
                return self.say(words.table("your turn"), ok=False)
            return self.say(words.table("a person's turn", seat=g.to_move), ok=False)
        seat = g.to_move
        self.finished = None
        a = bot_action(g, self.bots[seat])
        worth = self._placed()[1] if a.act is Act.CLAIM else 0
        rs = g.round
        rec = g.push(a)  # the bot's action is one of the legal ones (bot_action checks it)
        notes = self._notes(rs, rec)
        self.log.append(self._rec_text(rec) + f" ({self.bots[seat].name})" + notes)
        if rec.act is Act.CLAIM:
            nxt = (seat + 1) % g.players
            caller = words.table("you") if nxt in self.humans else words.seat(nxt)
            text = words.claim_text(words.side_name(((seat,),), 0), rec.points or 0, worth, caller)
            if nxt in self.humans and judge(rec.points or 0, worth) == "short":
                text += " " + words.table("press muggins")
            self.say(text + notes)
        else:
            self.say(words.sentence(self._rec_text(rec)) + notes)
        self._after_action(rs)

    def run_bots(self, limit: int = 500) -> None:
        """Bots play until it is your turn (or the game ends)."""
        n = 0
        self._running = True
        try:
            while not self.game.is_over and not self._people_to_move() and n < limit:
                if n and self.pause:
                    time.sleep(self.pause)  # a readable pace: each move is drawn before the next
                self.next()
                n += 1
        finally:
            self._running = False

    def hint(self) -> str:
        """What greedy would do in your place."""
        if not self._your_turn():
            return self.message
        text = explain_choice(self.game.view(self.seat), "greedy")
        self.say(words.table("hint text", text=text))
        return text

    # -- after each action ------------------------------------------------------------

    def _after_action(self, rs: Any) -> None:
        """After an action of round ``rs``: its end if it ended it, and the table redrawn."""
        g = self.game
        if rs.is_over:
            self._show_round_end(rs)
        if not g.is_over:  # the message first: the page shows the widgets in the order they change
            self._announce_turn(quiet=True)
        self._refresh()
        if self.auto.value and not self._running and not g.is_over and not self._people_to_move():
            self.run_bots()

    def _show_round_end(self, rs: Any) -> None:
        g = self.game
        if rs.end_reason is EndReason.TARGET:
            text = words.table("ends the game", n=rs.number, who=side_name(g.sides, rs.winner))
            self.log.append(text)
            self.settlement.value = f"<b>{_esc(text)}</b>"
            return
        if rs.settlement is None:
            return
        lines = "<br>".join(_esc(x) for x in rs.settlement.lines)
        head = words.round_over(rs.end_reason is EndReason.DOMINO, rs.number)
        self.settlement.value = f"<b>{_esc(head)}</b><br>{lines}"
        self.log.append(head)
        # the finished layout stays on the board, and the message says how the round ended,
        # until the next move (a learner at a table looks at the last layout before the next deal)
        self.finished = rs if not g.is_over else None
        won = words.settled_line(rs.settlement.lines)
        self.say(" ".join(x for x in (self.message, head, won) if x), kind=self.message_kind)
        nxt = g.rounds[-1] if g.rounds[-1] is not rs and not g.is_over else None
        if nxt is not None and nxt.leader is not None and nxt.leader_by is not None:
            why = lead_reason(nxt.leader_by, nxt.leader)
            self.log.append(words.table("round leads", n=nxt.number, seat=nxt.leader, why=why))

    def _announce_turn(self, quiet: bool = False) -> None:
        """Say whose turn it is.  ``quiet`` (after an action): add it to the message only when
        the turn has come back to you, with what you can do if nothing of yours plays."""
        g = self.game
        if g.is_over:
            self.say(words.table("game over", winner=self._winner_text()))
            return
        if self._screen_waits():
            turn = words.table("pass the screen", seat=g.to_move)
            self.say(f"{self.message} {turn}" if quiet and self.message else turn)
            return
        if g.to_move in self.humans:
            acts = g.legal_actions()
            if g.drawn is not None:
                return  # the message already says to place the drawn tile
            if g.owed_step is Act.CLAIM:
                tile = self.game.round.actions[-1].tile
                turn = words.table("claim how many", tile=tile)
            elif g.owed_step is Act.MUGGINS:
                turn = words.table("your call")
            elif Action.draw() in acts:
                turn = words.table("your turn, draw")
            elif Action.pass_() in acts:
                turn = words.table("your turn, pass")
            else:
                turn = words.table("your turn, lead" if g.board.is_empty else "your turn, pick")
            if quiet and self.message and self.message_kind not in ("you", "drew"):
                self.say(f"{self.message} {turn}")
            elif not quiet or self.message_kind != "drew":
                self.say(turn)
        elif not quiet or (self.message and not self._running and not self.auto.value):
            # after your move, the message says the turn has passed and what to press
            turn = words.table("bot to move", seat=g.to_move, bot=self.bots[g.to_move].name)
            self.say(f"{self.message} {turn}" if quiet else turn, kind=self.message_kind)

    def _winner_text(self) -> str:
        o = self.game.outcome
        if o is None:
            return words.table("not over")
        who = side_name(self.game.sides, o.winner)
        if self.seat in self.game.sides[o.winner]:
            who += " " + words.table("(you)")
        return words.table_wins_with(who, len(self.game.sides[o.winner]), format_score(o.scores[o.winner]))

    def review(self) -> str:
        """The review of your game, once it is over (:func:`dominolab.review`): what each of
        your turns scored against the most it could have, the biggest misses and the better
        moves, shown under the table; returns its text."""
        if not self.game.is_over:
            self.say(words.table("review later"), ok=False)
            return ""
        text = review(self.game, seat=self.seat).summary()
        self.review_box.value = "<br>".join(_esc(x) for x in text.splitlines())
        self.say(words.table("reviewed"))
        return text

    def save(self, path: str | None = None) -> str:
        """Write the game record (JSON) to ``path`` (default: the text box)."""
        p = pathlib.Path(path or self.save_path.value)
        try:
            dump_records([game_to_record(self.game)], p)
        except OSError as e:
            self.say(words.table("cannot save", path=p, error=e.strerror or e), ok=False)
            return ""
        self.say(words.table("saved", path=p))
        return str(p)

    def _refresh(self) -> None:
        g = self.game
        # the board first, then the hand: the page draws them in the order they are sent, and
        # after a click on the board the learner's eyes are on the board
        waits = self._screen_waits()  # hot seat: nobody sees the next person's tiles before they do
        mine = not waits and g.to_move == self.seat and not g.is_over  # the hand shown is to move
        # with muggins the count is yours to find: the board does not give it away
        board = g.board
        heading: str | None = None  # the picture's own title, unless the table has more to say
        if self.finished is not None:
            board = round_board(g, self.finished.number)
            heading = words.round_over(self.finished.end_reason is EndReason.DOMINO, self.finished.number)
        elif g.board.is_empty and g.forced_lead is not None and not g.is_over:
            heading = words.table("must lead title", seat=g.to_move, tile=g.forced_lead)
        self.board_view.update(
            board, highlight=self.selected if mine else None, show_counts=not g.rules.muggins, title=heading
        )
        if waits:
            self.hand_view.update(
                [],
                title=words.table("hidden hand", seat=g.to_move, tiles=_tiles_text(len(g.hands[g.to_move]))),
            )
            self.show_button.disabled = False
        else:
            hand = g.hands[self.seat]
            playable = sorted({a.tile for a in g.legal_actions() if a.tile is not None}) if mine else []
            whose = "your hand" if len(self.humans) == 1 else "hand"
            title = words.table(whose, seat=self.seat, tiles=_tiles_text(len(hand)))
            self.hand_view.update(
                hand,
                selected=self.selected,
                playable=playable,
                title=title + (" · " + words.table("your turn short") if mine else ""),
            )
            self.show_button.disabled = True
        rows = []
        for i, side in enumerate(g.sides):
            who = side_name(g.sides, i) + (
                " " + words.table("(you)") if len(self.humans) == 1 and self.seat in side else ""
            )
            rows.append(f"<td><b>{_esc(who)}</b>: {format_score(g.scores[i])}</td>")
        hands = " · ".join(f"{words.seat(s)}: {words.tiles(len(h))}" for s, h in enumerate(g.hands))
        target = g.rules.target(g.players)
        if g.rules.drawing:
            stock = words.table("boneyard n", n=g.boneyard_count)
        else:
            stock = words.table("out of play n", n=len(g.out_of_play))
        line = words.table(
            "scoreboard", game=g.rules.name, target=target, unit=words.unit(g.rules.unit), n=len(g.rounds)
        )
        line += f" · {hands} · {stock}"
        if g.rules.muggins:
            c = self.claims
            line += " · " + words.table("your claims", right=c["right"], short=c["short"], over=c["over"])
        self.scoreboard.value = f"<table><tr>{''.join(rows)}</tr></table><small>{_esc(line)}</small>"
        self.log_box.value = "<br>".join(_esc(x) for x in self.log[-12:])
        owed = self._owed() if mine else None
        self.draw_button.disabled = not mine or not g.rules.drawing or owed is not None  # block: no drawing
        bot_turn = not g.is_over and g.to_move not in self.humans  # the bot buttons do something
        self.next_button.disabled = self.run_button.disabled = not bot_turn
        no_bots = all(s in self.humans for s in range(g.players))  # hot seat of people only
        for b in (self.next_button, self.run_button, self.auto):
            b.layout.display = "none" if no_bots else None
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
        tallied = (self.tally.value, g.rules.name, tuple(g.scores), tuple(map(tuple, g.sides)))
        if tallied != self._tallied:  # drawn again only when it changes (each drawing is messages)
            self._tallied = tallied
            self.tally_box.clear_output()
            if self.tally.value:
                with self.tally_box:
                    for i in range(len(g.sides)):
                        draw_tally(float(g.scores[i]), g.rules, label=side_name(g.sides, i)).show()
