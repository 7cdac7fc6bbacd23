"""A game at a table: the game table's state and turns, without a screen.

:class:`Table` is what :class:`dominolab.widgets.GameTable` shows: a whole game where people
play some seats and bots the others, one action at a time, with what a person at the table
is told after each (``message``), the log of the game, the tally of muggins claims and what
the screen should show (:meth:`Table.board_shown`, :meth:`Table.hand_shown`,
:meth:`Table.controls`).  Tests and scripts drive it without a kernel or plotly.

>>> from dominolab import Game, make_bot
>>> t = Table(Game("all-fives", 2, seed=1), {1: make_bot("greedy", 1)})
>>> t.message
'Your turn: pick a tile to lead.'
>>> t.select("9|9").ok
False
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import words
from .board import Board, clicked_point, point_text
from .bots import bot_action, explain_choice
from .errors import DominolabError
from .examples import lead_reason, round_board, scoring_notes
from .game import Act, Action, Game, Player, RoundState
from .muggins import judge
from .record import dump_records, game_to_record
from .review import Challenge, GameReview, review
from .settlement import EndReason, format_score, side_name
from .tiles import Tile, TileLike


@dataclass(frozen=True)
class Said:
    """What the table says after an action: ``text``; ``ok`` its verdict (True: done or right,
    False: refused or wrong, None: neither); ``kind`` what it is about ("you": your own
    action, "drew": you drew, else "")."""

    text: str
    ok: bool | None = True
    kind: str = ""


@dataclass(frozen=True)
class BoardShown:
    """What the board shows: ``board`` (the finished round's while it is looked at), the
    tile to ``highlight`` where it goes, whether the counts are shown (not with muggins:
    the count is yours to find) and a ``title`` when the table has more to say than the
    picture."""

    board: Board
    highlight: Tile | None
    show_counts: bool
    title: str | None


@dataclass(frozen=True)
class HandShown:
    """The hand the screen shows (``tiles``: none while it waits for the next person),
    the tile ``selected``, the tiles that can be ``playable`` now, and its ``title``;
    ``hidden``: the hand of the person to move, hidden until they have the screen."""

    tiles: tuple[Tile, ...]
    selected: Tile | None
    playable: tuple[Tile, ...]
    title: str
    hidden: bool


class Table:
    """A whole game at a table: ``game``, played by people at the seats ``humans`` (default
    ``(0,)``) and by ``bots`` (a bot for every other seat) — the state the game table shows.

    Each action (:meth:`select`, :meth:`click_point`, :meth:`draw`, :meth:`pass_turn`,
    :meth:`claim`, :meth:`call_muggins`, :meth:`let_go`, :meth:`next`, :meth:`show_hand`)
    returns what the table says (:class:`Said`, also kept as ``said``); a refused one changes
    nothing else.  ``auto``: the bots play by themselves after a person's move (the screen
    paces them), which changes what the table says.

    >>> from dominolab import Game, make_bot
    >>> t = Table(Game("all-fives", 2, seed=1), {1: make_bot("greedy", 1)})
    >>> t.select("0|1").text
    "Seat 0 leads 0|1: count 1 → 0 points. Seat 1 (greedy) is to move: press 'next'."
    >>> t.select("0|5").ok  # a bot is to move
    False
    """

    def __init__(
        self,
        game: Game,
        bots: Mapping[int, Player],
        humans: Sequence[int] = (0,),
        *,
        auto: bool = False,
        shown_to: int | None = None,
    ) -> None:
        self.humans: tuple[int, ...] = tuple(sorted(humans))
        #: the human seat whose hand may be shown now (hot seat: it changes when the screen passes)
        self.shown_to: int = self.humans[0] if shown_to is None else shown_to
        self.auto = auto  #: the bots play by themselves after a person's move
        self.running = False  #: the bots are playing (their run is under way)
        self.said = Said("")
        self.start(game, bots)

    def start(self, game: Game, bots: Mapping[int, Player]) -> Said:
        """A new game at the same table: ``game``, with ``bots`` at the seats people do not play."""
        missing = [s for s in range(game.players) if s not in self.humans and s not in bots]
        if missing:
            raise DominolabError(words.table("humans", value=f"{list(self.humans)} (no bot for {missing})"))
        self.game = game
        self.bots = dict(bots)
        self.selected: Tile | None = None
        self.claims = {"right": 0, "short": 0, "over": 0}  #: your claims so far, by verdict
        #: the round that just ended, whose finished layout is shown until the next move
        self.finished: RoundState | None = None
        #: what the game's end or a round's end says (its settlement), as lines; "" before
        self.settlement: list[str] = []
        #: the review of the finished game, once asked for: ((game, seat), review)
        self._reviewed: tuple[tuple[Game, int], GameReview] | None = None
        if len(self.humans) == 1:
            you = words.table("you are", seat=self.seat)
        else:
            you = words.table("people play", seats=", ".join(map(str, self.humans)))
        rules = game.rules
        self.log = [
            words.table("new game log", game=rules.name, players=game.players, seed=game.seed, you=you)
        ]
        rs = game.round
        if not game.is_over and rs.leader is not None and rs.leader_by is not None and not rs.actions:
            why = lead_reason(rs.leader_by, rs.leader)  # the round's own reason, as for the next ones
            self.log.append(words.table("round leads", n=rs.number, seat=rs.leader, why=why))
        self.said = Said("")
        return self._announce_turn()

    # -- what is said -----------------------------------------------------------------

    @property
    def message(self) -> str:
        """What the table says now."""
        return self.said.text

    @property
    def message_kind(self) -> str:
        return self.said.kind

    def say(self, text: str, ok: bool | None = True, kind: str = "") -> Said:
        self.said = Said(text, ok, kind)
        return self.said

    # -- whose turn -------------------------------------------------------------------

    @property
    def seat(self) -> int:
        """The human seat at the screen: the one to move, when a person plays it; else the
        one whose hand was shown last."""
        g = self.game
        if g.to_move in self.humans and g.to_move == self.shown_to:
            return int(g.to_move)
        return self.shown_to

    def people_to_move(self) -> bool:
        """Whether the seat to move is played by a person (not a bot)."""
        return self.game.to_move in self.humans

    def screen_waits(self) -> bool:
        """Hot seat: a person is to move, but the screen still shows another person's hand."""
        g = self.game
        return not g.is_over and self.people_to_move() and g.to_move != self.shown_to

    def bots_to_move(self) -> bool:
        """Whether a bot is to move (the bot buttons do something)."""
        return not self.game.is_over and not self.people_to_move()

    def show_hand(self) -> Said:
        """Hot seat: the person to move has the screen now (the 'show my hand' button)."""
        g = self.game
        if g.is_over or not self.people_to_move():
            return self.say(words.table("no hand waits"), ok=False)
        self.shown_to = g.to_move
        self.selected = None
        return self._announce_turn()

    def _your_turn(self) -> bool:
        if self.game.is_over:
            self.say(words.table("over, new game", winner=self.winner_text()), ok=False)
            return False
        if not self.people_to_move():
            bot = self.bots[self.game.to_move].name
            self.say(words.table("bot's turn", seat=self.game.to_move, bot=bot), ok=False)
            return False
        if self.screen_waits():
            self.say(words.table("pass the screen", seat=self.game.to_move), ok=False)
            return False
        return True

    # -- a person's moves -------------------------------------------------------------

    def select(self, tile: TileLike) -> Said:
        """A click on a tile of your hand: picked (then click its point), placed (a lead),
        or refused with the reason."""
        if not self._your_turn():
            return self.said
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
                reason = words.table("does not play", tile=t, shows=words.tile_needs(t))
            return self.say(words.sentence(reason), ok=False)
        self.selected = t
        if g.board.is_empty:
            return self.play(Action.play(t))
        only = legal[0].at
        if len(legal) == 1 and only is not None:
            return self.say(words.table("goes only", tile=t, at=point_text(only)))
        return self.say(words.table("click green", tile=t, n=len(legal)))

    def click_point(self, point: str) -> Said:
        """A click on an open point of the board (``"1|4:high"``): the tile picked goes there."""
        if not self._your_turn():
            return self.said
        if self.selected is None:
            return self.say(words.table("pick first"), ok=False)
        return self.play(Action.play(self.selected, clicked_point(point)))

    def draw(self) -> Said:
        return self.play(Action.draw()) if self._your_turn() else self.said

    def pass_turn(self) -> Said:
        return self.play(Action.pass_()) if self._your_turn() else self.said

    def claim(self, points: int) -> Said:
        """Claim ``points`` for the tile you just placed (0: nothing)."""
        if not self._your_turn():
            return self.said
        if self.game.owed_step is not Act.CLAIM:
            return self.say(words.table("nothing to claim"), ok=False)
        try:
            action = Action.claim_(points)
        except DominolabError as e:
            return self.say(str(e), ok=False)
        owed = self.game.owed_claim
        assert owed is not None, "a claim is owed"
        worth = owed[1]
        if self.game.why_not(action) is None:  # counted before the scoreboard changes
            self.claims[judge(points, worth)] += 1
        seat = self.seat
        if self.play(action, quiet=True).ok is False:
            return self.said
        nxt = (seat + 1) % self.game.players
        who = words.table("a person") if nxt in self.humans else self.bots[nxt].name
        caller = f"{words.seat(nxt)} ({who})"
        self.say(words.claim_text("", points, worth, caller, you=True), kind="you")
        return self._announce_turn(quiet=True)

    def call_muggins(self) -> Said:
        """Take the points the last claim missed."""
        if not self._your_turn():
            return self.said
        if self.game.owed_step is Act.MUGGINS:
            return self.play(Action(Act.MUGGINS))
        return self.say(words.table("nothing to call"), ok=False)

    def let_go(self) -> Said:
        if self._your_turn() and self.game.owed_step is Act.MUGGINS:
            return self.play(Action(Act.LET_GO))
        return self.said

    def play(self, action: Action, quiet: bool = False) -> Said:
        """A person's ``action`` (the game refuses an illegal one, with its reason);
        ``quiet``: the caller says what happened."""
        g = self.game
        rs = g.round
        self.finished = None
        try:
            rec = g.apply(action)
        except DominolabError as e:
            return self.say(words.sentence(str(e)), ok=False)
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
            if g.owed_step is Act.CLAIM:
                text = words.table("now claim", action=text)
            else:
                text += "."
            self.say(text + notes)
        return self._after_action(rs)

    def hint(self) -> str:
        """What greedy would do in your place, said and returned ("" when it is not your
        turn, and the table says why)."""
        if not self._your_turn():
            return ""
        text = explain_choice(self.game.view(self.seat), "greedy")
        self.say(words.table("hint text", text=text))
        return text

    # -- the bots ---------------------------------------------------------------------

    def next(self) -> Said:
        """One bot action (the 'next' button)."""
        g = self.game
        if g.is_over:
            return self.say(words.table("game over", winner=self.winner_text()), ok=False)
        if self.people_to_move():
            if len(self.humans) == 1:
                return self.say(words.table("your turn"), ok=False)
            return self.say(words.table("a person's turn", seat=g.to_move), ok=False)
        seat = g.to_move
        self.finished = None
        a = bot_action(g, self.bots[seat])
        owed = g.owed_claim if a.act is Act.CLAIM else None
        worth = owed[1] if owed is not None else 0
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
        return self._after_action(rs)

    def run_bots(self, limit: int = 500, between: Callable[[], object] | None = None) -> Said:
        """Bots play until a person is to move (or the game ends); ``between`` is called
        between two of their moves (the screen draws the one made)."""
        n = 0
        self.running = True
        try:
            while self.bots_to_move() and n < limit:
                if n and between is not None:
                    between()
                self.next()
                n += 1
        finally:
            self.running = False
        return self.said

    # -- after each action ------------------------------------------------------------

    def _rec_text(self, rec: Any) -> str:
        """An action in words; with muggins a placement's count is not given away."""
        rules = self.game.rules
        unit = "shown point" if rules.unit == "shown" else "point"  # a unit, not words
        return str(rec.text(count=not rules.muggins, unit=unit))

    def _notes(self, rs: RoundState, rec: Any) -> str:
        """What the engine adds to an action of round ``rs`` where the rules give a point for
        going out or an exact target, as text to append."""
        if rec.act not in (Act.PLAY, Act.CLAIM, Act.MUGGINS):
            return ""
        return "".join(" " + n for n in scoring_notes(self.game, rs, note_out=rec.act is Act.PLAY))

    def _after_action(self, rs: RoundState) -> Said:
        """After an action of round ``rs``: its end if it ended it, and whose turn it is."""
        if rs.is_over:
            self._round_end(rs)
        if not self.game.is_over:
            return self._announce_turn(quiet=True)
        # the action that ended the game: the message says so, and who won
        over = words.table("game over", winner=self.winner_text())
        return self.say(f"{self.message} {over}" if self.message else over, kind=self.message_kind)

    def _round_end(self, rs: RoundState) -> None:
        g = self.game
        if rs.end_reason is EndReason.TARGET:
            assert rs.winner is not None, "a round that reached the target has a winner"
            text = words.table("ends the game", n=rs.number, who=side_name(g.sides, rs.winner))
            self.log.append(text)
            self.settlement = [text]
            return
        if rs.settlement is None:
            return
        head = words.round_over(rs.end_reason is EndReason.DOMINO, rs.number)
        self.settlement = [head, *rs.settlement.lines]
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

    def _announce_turn(self, quiet: bool = False) -> Said:
        """Say whose turn it is.  ``quiet`` (after an action): add it to the message only when
        the turn has come back to you, with what you can do if nothing of yours plays."""
        g = self.game
        if g.is_over:
            return self.say(words.table("game over", winner=self.winner_text()))
        if self.screen_waits():
            turn = words.table("pass the screen", seat=g.to_move)
            return self.say(f"{self.message} {turn}" if quiet and self.message else turn)
        if g.to_move in self.humans:
            acts = g.legal_actions()
            if g.drawn is not None:
                return self.said  # the message already says to place the drawn tile
            if g.owed_step is Act.CLAIM:
                turn = words.table("claim how many", tile=g.round.actions[-1].tile)
            elif g.owed_step is Act.MUGGINS:
                turn = words.table("your call")
            elif Action.draw() in acts:
                turn = words.table("your turn, draw")
            elif Action.pass_() in acts:
                turn = words.table("your turn, pass")
            else:
                turn = words.table("your turn, lead" if g.board.is_empty else "your turn, pick")
            if quiet and self.message and self.message_kind not in ("you", "drew"):
                return self.say(f"{self.message} {turn}")
            if not quiet or self.message_kind != "drew":
                return self.say(turn)
            return self.said
        if not quiet or (self.message and not self.running and not self.auto):
            # after your move, the message says the turn has passed and what to press
            turn = words.table("bot to move", seat=g.to_move, bot=self.bots[g.to_move].name)
            return self.say(f"{self.message} {turn}" if quiet else turn, kind=self.message_kind)
        return self.said

    def winner_text(self) -> str:
        o = self.game.outcome
        if o is None:
            return words.table("not over")
        who = side_name(self.game.sides, o.winner)
        if self.seat in self.game.sides[o.winner]:
            who += " " + words.table("(you)")
        return words.table_wins_with(who, len(self.game.sides[o.winner]), format_score(o.scores[o.winner]))

    # -- the game as a whole ----------------------------------------------------------

    def review(self) -> str:
        """The review of your game once it is over (:func:`dominolab.review`), as text; ""
        (and the table says why) before."""
        if not self.game.is_over:
            self.say(words.table("review later"), ok=False)
            return ""
        text = self._review().summary()
        self.say(words.table("reviewed"))
        return text

    def _review(self) -> GameReview:
        """The review of your finished game, made once (the text and the challenges read it)."""
        key = (self.game, self.seat)
        if self._reviewed is None or self._reviewed[0] != key:
            self._reviewed = (key, review(self.game, seat=self.seat))
        return self._reviewed[1]

    def challenges(self, n: int = 3) -> list[Challenge]:
        """Your biggest misses of the game, once it is over, each as a *find the better move*
        challenge (:meth:`dominolab.GameReview.challenge`): at most ``n``, the biggest first;
        none before the end, or where no placement of yours missed anything."""
        if not self.game.is_over:
            return []
        rv = self._review()
        return [rv.challenge(t) for t in rv.biggest(len(rv.turns)) if t.act == "play"][:n]

    def save(self, path: str | pathlib.Path) -> str:
        """Write the game record (JSON) to ``path``; returns the path written ("" when it
        could not be, and the table says why)."""
        p = pathlib.Path(path)
        try:
            dump_records([game_to_record(self.game)], p)
        except OSError as e:
            self.say(words.table("cannot save", path=p, error=e.strerror or e), ok=False)
            return ""
        self.say(words.table("saved", path=p))
        return str(p)

    # -- what the screen shows --------------------------------------------------------

    def mine(self) -> bool:
        """Whether the hand on the screen is the one to move (and may act)."""
        g = self.game
        return not self.screen_waits() and g.to_move == self.seat and not g.is_over

    def board_shown(self) -> BoardShown:
        """What the board shows now: the finished round's layout until the next move."""
        g = self.game
        board, title = g.board, None
        if self.finished is not None:
            board = round_board(g, self.finished.number)
            title = words.round_over(self.finished.end_reason is EndReason.DOMINO, self.finished.number)
        elif g.board.is_empty and g.forced_lead is not None and not g.is_over:
            title = words.table("must lead title", seat=g.to_move, tile=g.forced_lead)
        highlight = self.selected if self.mine() else None
        return BoardShown(board, highlight, not g.rules.muggins, title)

    def hand_shown(self) -> HandShown:
        """The hand the screen shows: hidden while the screen waits for the next person."""
        g = self.game
        if self.screen_waits():  # hot seat: nobody sees the next person's tiles before they do
            n = len(g.hands[g.to_move])
            title = words.table("hidden hand", seat=g.to_move, tiles=words.tiles(n))
            return HandShown((), None, (), title, hidden=True)
        mine = self.mine()
        hand = tuple(g.hands[self.seat])
        playable = tuple(sorted({a.tile for a in g.legal_actions() if a.tile is not None})) if mine else ()
        whose = "your hand" if len(self.humans) == 1 else "hand"
        title = words.table(whose, seat=self.seat, tiles=words.tiles(len(hand)))
        title += " · " + words.table("your turn short") if mine else ""
        return HandShown(hand, self.selected, playable, title, hidden=False)

    def scores_shown(self) -> tuple[list[tuple[str, str]], str]:
        """Each side's name and score, and the line under them (the game, its target, the
        tiles in hand, the boneyard; your claims with muggins)."""
        g = self.game
        rows = []
        for i, side in enumerate(g.sides):
            you = " " + words.table("(you)") if len(self.humans) == 1 and self.seat in side else ""
            rows.append((side_name(g.sides, i) + you, format_score(g.scores[i])))
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
        return rows, line

    def controls(self) -> dict[str, bool]:
        """Which of the table's controls do something now: ``draw``, ``pass``, ``bots`` (next
        and bots play), ``claim``, ``muggins`` (call it or let it go), ``review``, ``show``
        (show my hand)."""
        g = self.game
        mine = self.mine()
        owed = g.owed_step if mine else None
        return {
            "draw": mine and g.rules.drawing and owed is None,  # block: no drawing
            "pass": mine and owed is None,
            "bots": self.bots_to_move(),
            "claim": owed is Act.CLAIM,
            "muggins": owed is Act.MUGGINS,
            "review": g.is_over,
            "show": self.screen_waits(),
        }
