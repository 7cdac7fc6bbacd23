"""dominolab.Table: the game table's state and turns, driven without a kernel, ipywidgets or
plotly (issue 35: models apart from their widgets)."""

from __future__ import annotations

import pytest

import dominolab as dl
from dominolab.board import point_text


def _table(name="all-fives", players=2, seed=1, humans=(0,), **kw):
    g = dl.Game(name, players, seed)
    bots = {s: dl.make_bot("greedy", s) for s in range(players) if s not in humans}
    return dl.Table(g, bots, humans, **kw)


def _person_plays(t: dl.Table) -> dl.Said:
    """The person to move plays as greedy would, through the table's own clicks and buttons."""
    g = t.game
    a = dl.bot_action(g, dl.make_bot("greedy", 0))
    if a.act is dl.Act.PLAY:
        said = t.select(a.tile)
        if t.selected is not None and not g.board.is_empty and a.at is not None:
            said = t.click_point(point_text(a.at))
        return said
    if a.act is dl.Act.DRAW:
        return t.draw()
    if a.act is dl.Act.PASS:
        return t.pass_turn()
    if a.act is dl.Act.CLAIM:
        return t.claim(a.points or 0)
    return t.call_muggins() if a.act is dl.Act.MUGGINS else t.let_go()


def test_the_table_module_needs_neither_ipywidgets_nor_plotly(without_front):
    without_front("t = dl.Table(dl.Game('five-up', 2, 4), {1: dl.make_bot('greedy', 1)}); t.run_bots()")


@pytest.mark.parametrize("name", dl.PRESETS)
def test_a_whole_game_is_played_at_the_table_by_a_person_and_a_bot(name, tmp_path):
    t = _table(name, seed=5)
    for _ in range(3000):
        if t.game.is_over:
            break
        if t.bots_to_move():
            t.run_bots()
        else:
            said = _person_plays(t)
            assert said.ok is not False, said
    assert t.game.is_over
    # the action that ended it says so, and who won (it used to say the last round's end only)
    assert t.message.endswith(dl.words.table("game over", winner=t.winner_text()))
    assert t.controls()["review"] and not t.controls()["bots"] and not t.mine()
    assert t.review()  # the review of the game, now that it is over
    path = t.save(tmp_path / "g.json")
    assert dl.load_record(path) == dl.game_to_record(t.game)


def test_a_person_cannot_move_on_a_bots_turn_and_is_told_whose_turn_it_is():
    t = _table(seed=3)  # seat 1, a bot, leads
    assert t.bots_to_move()
    before = (len(t.game.round.actions), list(t.log), t.selected)
    said = t.select(t.game.hands[0][0])
    assert said.ok is False and "seat 1" in said.text.lower()
    assert (len(t.game.round.actions), list(t.log), t.selected) == before  # nothing changed
    assert t.controls()["bots"] and not t.controls()["draw"] and not t.controls()["pass"]


def test_a_refused_click_changes_nothing_and_says_why():
    t = _table(seed=1)
    t.select("0|1")  # the lead
    t.run_bots()
    g = t.game
    not_mine = next(x for x in dl.DOUBLE_SIX if x not in g.hands[0] and x not in g.board.tiles)
    for click in (lambda: t.select("7|9"), lambda: t.select(not_mine), lambda: t.click_point("0|1:low")):
        before = (len(g.round.actions), list(t.log), [list(h) for h in g.hands])
        said = click()
        assert said.ok is False and said.text
        assert (len(g.round.actions), list(t.log), [list(h) for h in g.hands]) == before


def test_a_tile_that_does_not_play_is_refused_with_what_it_would_need():
    t = _table(seed=1)
    t.select("0|1")
    t.run_bots()
    g = t.game
    ends = g.board.open_values()
    dead = next((x for x in g.hands[0] if x.low not in ends and x.high not in ends), None)
    if dead is None:
        pytest.skip("every tile of this hand plays")
    said = t.select(dead)
    assert said.ok is False and dl.words.tile_needs(dead) in said.text and t.selected is None


def test_the_hot_seat_hides_the_next_persons_hand_until_they_take_the_screen():
    t = _table(seed=1, humans=(0, 1))
    first = t.game.to_move
    _person_plays(t)
    nxt = t.game.to_move
    assert nxt != first and t.screen_waits()
    shown = t.hand_shown()
    assert shown.hidden and shown.tiles == () and t.controls()["show"]
    assert t.select(t.game.hands[nxt][0]).ok is False  # the screen has not passed yet
    t.show_hand()
    shown = t.hand_shown()
    assert not shown.hidden and shown.tiles == tuple(t.game.hands[nxt]) and t.seat == nxt


def test_a_rounds_end_keeps_its_finished_layout_and_says_the_settlement_until_the_next_move():
    t = _table("all-fives", seed=2)
    for _ in range(400):
        rounds = len(t.game.rounds)
        if t.bots_to_move():
            t.next()
        else:
            _person_plays(t)
        if len(t.game.rounds) > rounds and not t.game.is_over:
            break
    ended = t.game.rounds[-2]
    assert t.finished is ended
    shown = t.board_shown()
    assert shown.board.tiles == dl.round_board(t.game, ended.number).tiles and shown.title
    assert t.settlement[0] in t.message and t.settlement[1:] == list(ended.settlement.lines)
    if t.bots_to_move():
        t.next()
    else:
        _person_plays(t)
    assert t.finished is None and t.board_shown().title is None or t.game.board.is_empty


def test_what_the_screen_shows_follows_the_game():
    t = _table(seed=1)
    hand = t.hand_shown()
    assert hand.tiles == tuple(t.game.hands[0]) and set(hand.playable) == set(t.game.hands[0])
    t.select("0|1")
    assert t.board_shown().board.tiles == t.game.board.tiles and len(t.game.board.tiles) == 1
    rows, line = t.scores_shown()
    assert len(rows) == 2 and dl.words.table("(you)") in rows[0][0] and "all-fives" in line


def test_a_muggins_claim_is_judged_and_tallied_at_the_table():
    g = dl.Game(dl.variant("all-fives").at_table(muggins=True), 2, 1)
    t = dl.Table(g, {1: dl.make_bot("greedy", 1)})
    for _ in range(200):
        if g.owed_step is dl.Act.CLAIM and g.to_move == 0:
            break
        if t.bots_to_move():
            t.next()
        else:
            a = next(x for x in g.legal_actions() if x.act is dl.Act.PLAY)
            t.play(a)
    assert g.owed_step is dl.Act.CLAIM and t.controls()["claim"]
    worth = g.owed_claim[1]
    t.claim(worth + 5 if worth + 5 in g.rules.claim_values else worth)
    assert sum(t.claims.values()) == 1


def test_an_auto_table_does_not_tell_the_person_to_press_next():
    t = _table(seed=1, auto=True)
    t.select("0|1")
    assert "next" not in t.message.lower()
    t2 = _table(seed=1)
    t2.select("0|1")
    assert "next" in t2.message.lower()


@pytest.mark.parametrize(("name", "why"), [("all-fives", "a lot chooses"), ("dominos-cc", "highest double")])
def test_the_log_says_who_leads_the_first_round_and_why(name, why):
    t = _table(name, seed=4)
    r1 = t.game.rounds[0]
    assert t.log[1].startswith(f"Round 1: seat {r1.leader} leads (") and why in t.log[1]


def test_your_biggest_misses_become_challenges_once_the_game_is_over():
    t = _table("all-fives", seed=2)
    assert t.challenges() == []  # not before the end
    while not t.game.is_over:
        if t.game.to_move in t.humans:
            a = t.game.legal_actions()[-1]  # often not the best
            t.play(a)
        else:
            t.next()
    found = t.challenges()
    rv = dl.review(t.game, seat=0)
    assert [c.turn for c in found] == [m for m in rv.biggest(99) if m.act == "play"][:3]
    for c in found:  # each solved by the engine's better move, refused with less
        assert c.check(c.turn.best_move).right
