"""The words layer: one module writes every sentence, and dominolab speaks Spanish too.

The proof that the layer is whole: with ``dl.language("es")`` a game of every preset, with and
without muggins, is played, narrated step by step, walked through and settled round by round,
and every kind of refusal is asked for — and no English sentence appears.
"""

from __future__ import annotations

import gettext
import json
import re
import tempfile
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po
from test_record import _broken as _broken_once

import dominolab as dl
from dominolab import words

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "dominolab" / "locale"
PO = LOCALE / "es" / "LC_MESSAGES" / "dominolab.po"
MO = PO.with_suffix(".mo")

#: words that only English uses: one of them in a Spanish sentence is a sentence that escaped
ENGLISH = set(
    "the seat seats plays scores score points point tile tiles round rounds draws passes leads "
    "cannot must and with nobody wins win count boneyard layout hand holds receives blocked is it "
    "its of on to after over settled which by while already".split()
)
#: notation that stays as it is in every language: games' and slots' names, actions typed
NOTATION = re.compile(
    r"(five-up|all-fives|dominos-cc|fives-and-threes|line-[ab]|branch-[ab]|\blow\b|\bhigh\b|"
    r"'claim N'|'claim 0'|claim \d+|start_round\(\)|at=\S+|\b(draw|pass|block)\b|\(custom\)|"
    r"\b\w+_\w+\b|\bround5\b|\brules\.\w+|'[^']*'|\b[a-z0-9]+\.[a-z0-9.-]+\b|\{tile, slot\}|"
    r"last-tile|highest-double|heaviest-tile|"
    # a file's path, as the machine names it: a temporary folder's random letters once read 'to'
    r"/\S+)"
)


@pytest.fixture
def spanish(tmp_path, monkeypatch):
    monkeypatch.setenv("DOMINOLAB_PROGRESS", str(tmp_path / "progress.json"))  # rated, kept apart
    dl.language("es")
    yield
    dl.language("en")


def english_words(text: str) -> set[str]:
    """The English-only words in ``text``, notation aside."""
    return {w for w in re.findall(r"[a-z]+", NOTATION.sub(" ", text.lower())) if w in ENGLISH}


def assert_spanish(texts: list[str]) -> None:
    bad = [(t, english_words(t)) for t in texts if english_words(t)]
    assert not bad, f"{len(bad)} sentences with English in Spanish, first: {bad[:3]}"


# -- the catalogue ---------------------------------------------------------------------


def _extracted() -> dict[str | tuple[str, str], None]:
    found = extract_from_file(
        "python", str(ROOT / "dominolab" / "words.py"), keywords={"_": None, "_n": (1, 2)}
    )
    out: dict[str | tuple[str, str], None] = {}
    for _line, msg, _comments, _ctx in found:
        out[msg if isinstance(msg, str) else tuple(msg)] = None
    return out


def test_every_message_of_the_words_layer_has_its_spanish():
    catalogue = read_po(PO.open("rb"))
    assert not catalogue.fuzzy
    extracted = _extracted()
    assert len(extracted) > 150
    for msgid in extracted:
        key = msgid[0] if isinstance(msgid, tuple) else msgid
        m = catalogue.get(key)
        assert m is not None, f"no Spanish for {msgid!r}: run make messages and translate it"
        assert "fuzzy" not in m.flags, f"the Spanish of {key!r} is marked fuzzy: check it"
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        assert all(strings), f"the Spanish of {key!r} is empty"
        wanted = set(re.findall(r"\{(\w+)\}", key))
        for s in strings:
            assert set(re.findall(r"\{(\w+)\}", s)) <= wanted | {"n"}, (key, s)


def test_the_compiled_catalogue_is_the_po_file():
    """The .mo dominolab reads says what the .po says (make messages compiles it)."""
    catalogue = read_po(PO.open("rb"))
    with MO.open("rb") as f:
        mo = gettext.GNUTranslations(f)
    for m in catalogue:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            assert mo.ngettext(m.id[0], m.id[1], 1) == m.string[0]
            assert mo.ngettext(m.id[0], m.id[1], 2) == m.string[1]
        else:
            assert mo.gettext(m.id) == m.string, m.id


def test_the_catalogue_ships_in_the_wheel_and_the_site(tmp_path):
    """The compiled catalogue is inside the project's wheel, the one the JupyterLite site
    installs (``make lite`` builds it before the tests; else it is built here)."""
    import subprocess
    import sys
    import zipfile

    built = sorted((ROOT / "build" / "lite" / "wheels-extra").glob("dominolab-*.whl"))
    if not built:
        subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", str(ROOT), "-w", str(tmp_path)],
            check=True,
        )
        built = sorted(tmp_path.glob("dominolab-*.whl"))
    names = zipfile.ZipFile(built[-1]).namelist()
    assert "dominolab/locale/es/LC_MESSAGES/dominolab.mo" in names


def test_language_switches_and_switches_back():
    assert dl.language() == "en"
    try:
        assert dl.language("es_ES.UTF-8") == "es"
        assert str(dl.Board("all-fives").open_points()) == "en ningún sitio"
    finally:
        assert dl.language("en") == "en"
    assert str(dl.Board("all-fives").open_points()) == "nowhere"


def test_an_unknown_language_is_refused_and_changes_nothing():
    with pytest.raises(dl.UnknownLanguage, match="speaks en .English. and es .español., not 'fr'"):
        dl.language("fr")
    with pytest.raises(ValueError):
        dl.language(3)  # type: ignore[arg-type]
    assert dl.language() == "en"


def test_the_language_can_come_from_the_environment(monkeypatch):
    for var in ("DOMINOLAB_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    assert words.language_from_environment() == "en"
    monkeypatch.setenv("LANG", "es_AR.UTF-8")
    assert words.language_from_environment() == "es"
    monkeypatch.setenv("DOMINOLAB_LANG", "en")
    assert words.language_from_environment() == "en"


def test_plurals_follow_the_number_in_both_languages(spanish):
    assert [words.tiles(n) for n in (0, 1, 2)] == ["0 fichas", "1 ficha", "2 fichas"]
    assert words.points(1, "shown") == "1 punto mostrado"
    dl.language("en")
    assert [words.tiles(n) for n in (0, 1, 2)] == ["0 tiles", "1 tile", "2 tiles"]
    assert words.points(2.5) == "2.5 points"


def test_a_side_of_partners_agrees_with_its_verb():
    sides = ((0, 2), (1, 3))
    assert words.wins_game(sides, 1) == "Seats 1+3 win the game."
    assert words.wins_game(((0,), (1,)), 1) == "Seat 1 wins the game."


# -- the engine in Spanish ---------------------------------------------------------------


def _games() -> list[tuple[str, dl.Rules, int]]:
    out = []
    for name in dl.PRESETS:
        r = dl.preset(name)
        for players in range(r.min_players, r.max_players + 1):
            out.append((name, r, players))
        if r.placement_scoring:
            out.append((name + "+muggins", r.replace(muggins=True, name=name), 2))
    return out


@pytest.mark.parametrize("name,rules,players", _games(), ids=[g[0] + f"-{g[2]}p" for g in _games()])
def test_a_whole_game_in_spanish_says_no_english(spanish, name, rules, players):
    """Every step narrated, every round walked through and settled, the game and its outcome
    printed: all of it Spanish."""
    game = dl.play_game(rules, players, ["random"] * players, seed=7)
    texts = [str(game), str(game.outcome)]
    for number in range(1, len(game.rounds) + 1):
        texts += dl.walkthrough(game, number)
        st = game.rounds[number - 1].settlement
        if st is not None:
            texts += st.lines
    for step in dl.replay(dl.game_to_record(game)):
        texts += dl.narration(step)
        texts.append(str(step.game.board))
        texts += [str(p) for p in step.game.board.placements]
        texts.append(str(step.game.board.open_points()))
    texts.append(rules.scoring_text)
    texts.append(rules.spinner_text)
    texts += [rules.count_reason(c) for c in range(0, 30)]
    assert_spanish(texts)


def test_the_progress_map_in_spanish_says_no_english(spanish):
    """The index's map of a learner's progress: every row it can show (a lesson begun, a
    lesson done, a stage, puzzles on the board, puzzles several moves deep, the rating and the
    streak) and its headings, in Spanish."""
    from dominolab import progress
    from dominolab.exercises import EXERCISES
    from dominolab.line_puzzles import GOAL_KEYS
    from dominolab.puzzles import PUZZLE_KEY
    from dominolab.stages import stage_key

    for key in [k for k in EXERCISES if k.startswith("t1-")] + ["t2-terminal"]:
        progress.record_solved(key, tries=1)
    progress.record_solved(stage_key("counting", 1), tries=2)
    progress.record_solved(PUZZLE_KEY + "all-fives-1-1", tries=1)
    progress.record_solved(GOAL_KEYS["round"] + "x", tries=1)
    progress.record_attempt(PUZZLE_KEY + "all-fives-1-1", dl.Rating(1500, 200), won=True)
    progress.record_streak(3)
    table = dl.progress_markdown()
    assert len(table.splitlines()) == 2 + 12 + 1 + 5  # headings, the notebooks, the course, the rest
    headings = {"notebook", "solved", "stars", "next", "course", "done", "puzzles", "board", "stage"}
    # a notebook's file name (a link's words without a space) and the call to make (code) are
    # notation, named as they are; a link's words are words
    notation = r"\[[^]\s]*\]\([^)]*\)|`[^`]*`"
    said = [re.sub(r"\]\([^)]*\)", " ", re.sub(notation, " ", line)) for line in table.splitlines()]
    english = [x for x in said if english_words(x) or headings & set(re.findall(r"[a-z]+", x.lower()))]
    assert not english, english
    assert "| cuaderno | resueltos | estrellas | siguiente |" in table and "todo hecho ✓" in table


def test_reviews_puzzles_searches_and_simulations_in_spanish_say_no_english(spanish):
    texts: list[str] = []
    mug = dl.preset("all-fives").replace(muggins=True, name="all-fives")
    for rules, players in (("all-fives", 3), ("five-up", 2), (mug, 2), ("fives-and-threes", 2)):
        bots = [dl.make_bot("greedy", s, miss=0.5) for s in range(players)]
        g = dl.play_game(rules, players, bots, seed=3)
        r = dl.review(g, seat=0, expert=rules == "all-fives")
        texts += str(r).splitlines()
        plays = [t for t in r.biggest(len(r.turns)) if t.act == "play"]
        if plays:
            c = r.challenge(plays[0])
            b = c.board()
            wrong = next(t for t in dl.DOUBLE_SIX if str(t) not in c.turn.hand and t not in b)
            texts += [c.question, str(c.check(None)), str(c.check("9|9")), str(c.check(wrong))]
            texts += [
                str(c.check(f"{h}@{p.tile}:{p.slot}")) for h in c.turn.hand for p in b.placements_for(h)
            ]
    for difficulty in (1, 2, 3):
        pz = dl.make_puzzle(seed=difficulty, difficulty=difficulty)
        b = pz.board()
        texts += [pz.question, pz.reveal(), str(pz.check(None)), str(pz.check("x")), str(pz.check("0|0"))]
        texts += [str(pz.check(f"{h}@{p.tile}:{p.slot}")) for h in pz.hand for p in b.placements_for(h)]
        texts += [r.reason for r in dl.best_placements(b, pz.hand)]
    texts.append(str(dl.simulate("five-up", 4, "greedy", 4, seed=1, progress=False).summary()))
    texts.append(str(dl.simulate("all-fives", 3, "random", 4, seed=1, progress=False).summary()))
    texts += [str(dl.largest("all-fives", "count", method="search")), dl.largest("five-up", "score").headline]
    g = dl.Game("all-fives", 2, seed=1)
    for _ in range(12):
        g.apply(g.legal_actions()[0])
    texts.append(str(dl.endgame(g)))
    assert_spanish(texts)


def _refusals() -> list[str]:
    """One refusal of every kind the engine gives, asked for in the language in use."""
    said: list[str] = []

    def refused(call):  # type: ignore[no-untyped-def]
        with pytest.raises(ValueError) as e:
            call()
        said.append(str(e.value))

    # the turn rules
    g = dl.must_draw_game()  # seat 1 holds no 6, the boneyard gives 4|4, 3|5, then 3|6
    refused(lambda: g.apply("pass"))
    refused(lambda: dl.tell(["a line"], 5))
    refused(lambda: g.apply("6|6@6|6:line-a"))
    refused(lambda: g.apply("0|0@6|6:line-a"))
    refused(lambda: g.apply("1|3@6|6:line-a"))
    for _ in range(3):
        g.apply("draw")
    refused(lambda: g.apply("draw"))
    refused(lambda: g.apply("pass"))
    refused(lambda: g.apply("1|3@6|6:line-a"))
    g.apply("3|6@6|6:line-a")
    refused(lambda: g.apply("draw"))
    refused(lambda: g.apply("pass"))
    refused(lambda: g.apply("claim 5"))
    refused(lambda: g.start_round())
    refused(lambda: g.view(7))
    cc = dl.Game("dominos-cc", 2, seed=3)
    _, must, _ = dl.leader_by_tiles(cc.rounds[0].hands)
    refused(lambda: cc.apply(next(t for t in cc.hands[cc.to_move] if t != must)))
    nodouble = [
        ["0|1", "0|2", "0|3", "0|4", "0|5", "0|6", "1|2"],
        ["1|3", "1|4", "1|5", "1|6", "2|3", "2|4", "6|5"],
    ]
    refused(lambda: dl.Game("draw", 2, hands=nodouble, leader=0))
    doubles = [
        ["6|6", "0|2", "0|3", "0|4", "0|5", "0|6", "1|2"],
        ["1|3", "1|4", "1|5", "1|6", "2|3", "2|4", "6|5"],
    ]
    refused(lambda: dl.Game("draw", 2, hands=doubles, leader=1))
    refused(lambda: dl.Game("all-fives", 2, leader=5))
    blk = dl.Game("block", 2, hands=doubles, leader=0)
    blk.apply("6|6")
    refused(lambda: blk.apply("draw"))
    # a round led by the last tile, and passed to the left
    f3 = dl.play_game("fives-and-threes", 3, ["greedy"] * 3, seed=1)
    refused(lambda: f3.apply("pass"))
    # muggins
    mug = dl.Game(dl.preset("all-fives").replace(muggins=True), 2, seed=0)
    seat = mug.to_move
    mug.apply(next(a for a in mug.legal_actions() if a.act == "play"))
    refused(lambda: mug.apply("pass"))
    refused(lambda: mug.apply("claim 7"))
    mug2 = dl.Game(dl.preset("five-up").replace(muggins=True), 2, seed=0)
    mug2.apply(next(a for a in mug2.legal_actions() if a.act == "play"))
    refused(lambda: mug2.apply("claim 77"))
    plain = dl.Game("all-fives", 2, seed=0)
    refused(lambda: plain.apply("claim 5"))
    refused(lambda: dl.walkthrough(plain, 1, boards=0))
    # the same claim rule, said to you (the drill)
    for name, claim in (("all-fives", 7), ("fives-and-threes", 500), ("five-up", 77)):
        why = dl.muggins.claim_refusal(dl.preset(name), claim)
        assert why is not None
        said.append(why)
    assert seat is not None
    # the board
    b = dl.Board("all-fives")
    refused(lambda: b.play("1|4", "1|4:low"))
    b.play("5|5")
    refused(lambda: b.play("5|5"))
    refused(lambda: b.play("1|4"))
    refused(lambda: b.play("1|4", "2|3:low"))
    refused(lambda: b.play("1|4", "5|5:line-a"))
    refused(lambda: b.play("5|6", "5|5:branch-a"))
    refused(lambda: b.play("5|6", "5|5:low"))
    b.play("2|5", "5|5:line-a")
    refused(lambda: b.play("0|5", "5|5:line-a"))
    refused(lambda: b.play("0|5", "2|5:high"))
    refused(lambda: b.play("1|2", "2|5:line-a"))
    refused(lambda: b.why_not("0|0", "0|0:low") and b.play("0|0", "0|0:low"))
    d = dl.Board("draw")
    d.play("6|6")
    refused(lambda: d.play("6|5", "6|6:branch-a"))
    refused(lambda: dl.Board("draw").connection("1|2"))
    # a game not dealt yet; leads that must be a tile; a lead that may be any tile
    refused(lambda: dl.Game("all-fives", 2, start=False, auto_deal=False).apply("draw"))
    heavy = dl.Game("draw", 2, hands=nodouble)
    refused(lambda: heavy.apply(next(t for t in heavy.hands[heavy.to_move] if t != "5|6")))
    refused(lambda: dl.Game("all-fives", 2, seed=1).apply("draw"))
    # nothing plays: a pass is owed, and no draw (nobody draws / the boneyard is empty)
    for name, seed in (("block", 2), ("all-fives", 3)):
        stuck = _until(dl.Game(name, 2, seed=seed), lambda x: x.legal_actions() == [dl.Action.pass_()])
        refused(lambda stuck=stuck: stuck.apply("draw"))
    # muggins: a claim at the wrong time, a claim short and what must follow it
    for name in ("all-fives", "fives-and-threes"):
        m = dl.Game(dl.preset(name).replace(muggins=True, name=name), 2, seed=4)
        refused(lambda m=m: m.apply("claim 5"))
        refused(lambda m=m: m.apply("muggins"))
        _until(m, lambda x: x.owed_claim is not None and x.owed_claim[1] > 0)
        refused(lambda m=m: m.apply("claim 999"))
        m.apply("claim 0")
        refused(lambda m=m: m.apply("draw"))
    # leaders by the round before: the seat that went out, the lead passed to the left
    for name, players in (("all-fives", 2), ("fives-and-threes", 3)):
        r = dl.Game(name, players, seed=5, auto_deal=False)
        while True:
            _until(r, lambda x: x.round.is_over)
            if r.round.end_reason == "domino" or r.rules.lead_passes_left:
                break
            r.start_round()
        wrong = (r.rounds[-1].actions[-1].seat + 1) % players if name == "all-fives" else r.rounds[-1].leader
        refused(lambda r=r, wrong=wrong: r.start_round(leader=wrong))
    # what the engine is asked in a form it cannot read or use
    fresh = dl.Game("all-fives", 2, start=False, auto_deal=False)
    refused(lambda: dl.Action.claim_(-1))
    refused(lambda: dl.Action.parse(dl.Action("fly")))  # type: ignore[arg-type]
    refused(lambda: dl.Action.parse(3))  # type: ignore[arg-type]
    refused(lambda: dl.Action.parse("claim lots"))
    refused(lambda: dl.Game("all-fives", 2, seed=1.5))  # type: ignore[arg-type]
    refused(lambda: dl.Game("all-fives", 2, scores=(1, 2, 3)))
    refused(lambda: fresh.push("draw"))  # type: ignore[call-overload]
    refused(lambda: fresh.pop())
    refused(lambda: fresh.push(dl.Lead(0)))
    refused(lambda: fresh.start_round(hands=[["1|1"]]))
    refused(lambda: fresh.start_round(hands=[["1|1"], ["2|2"]]))
    tiles = [str(t) for t in dl.DOUBLE_SIX]
    refused(lambda: fresh.start_round(hands=[tiles[:9], tiles[:9]], boneyard=tiles[10:]))
    fresh.push(
        dl.Deal(
            tuple(tuple(dl.Tile(t) for t in h) for h in (tiles[:9], tiles[9:18])),
            tuple(dl.Tile(t) for t in tiles[18:]),
        )
    )
    refused(lambda: fresh.push(dl.Deal((), ())))
    refused(lambda: fresh.push(dl.Lead(0, dl.LeaderBy.HIGHEST_DOUBLE)))
    fresh.push(dl.Lead(0))
    refused(lambda: fresh.push(dl.Lead(0)))
    refused(lambda: dl.leader_by_tiles([[], []]))
    over = dl.play_game("all-fives", 2, "greedy", seed=1)
    refused(lambda: over.start_round())

    class Stubborn:
        name = "stubborn"

        def choose(self, view):  # type: ignore[no-untyped-def]
            return dl.Action.pass_()

    refused(lambda: dl.play_game("all-fives", 2, [Stubborn(), Stubborn()], seed=1))
    refused(lambda: dl.play_game("all-fives", 2, "greedy", seed=1, max_rounds=1))
    # tiles
    for bad in ("1/9", (1, "4"), 3.5, (1, 9)):
        refused(lambda bad=bad: dl.Tile(bad))
    refused(lambda: dl.tiles(7))
    # settlements asked for by hand
    refused(lambda: dl.settle("all-fives", "1|2", domino_seat=0))
    refused(lambda: dl.settle("all-fives", [[], ["1|2"]], domino_seat=5))
    refused(lambda: dl.settle("all-fives", [["0|0"], ["1|2"]], domino_seat=0))
    refused(lambda: dl.settle("all-fives", [["0|0"], ["1|2"]], domino_seat=None, layout=["0|0"]))
    refused(lambda: dl.settle("all-fives", [["0|0", "0|0"], ["1|2"]], domino_seat=None))
    refused(lambda: dl.settle("all-fives", [["0|0"], ["0|0"]], domino_seat=None))
    refused(lambda: dl.round5(2.5))  # type: ignore[arg-type]
    refused(lambda: dl.tally_strokes("many"))  # type: ignore[arg-type]
    refused(lambda: dl.tally_strokes(5, unit="pips"))
    # games and their settings
    refused(lambda: dl.preset("chess"))
    refused(lambda: dl.preset("muggins"))
    af = dl.preset("all-fives")
    for change in (
        {"hand_sizes": 7},
        {"name": 5},
        {"muggins": "yes"},
        {"count_moduli": (1,)},
        {"going_out_points": 1.5},
        {"score_divisor": 3},
        {"going_out_points": -1},
        {"min_players": 1},
        {"hand_sizes": {2: 20, 3: 7, 4: 5}},
        {"targets": {2: 0, 3: 200, 4: 200}},
        {"exact_target": True, "target_check": "after-round"},
        {"placement_scoring": False, "muggins": True},
        {"spinners": "all"},
        {"colour": "red"},
    ):
        refused(lambda change=change: af.replace(**change))
    refused(lambda: af.check_players(5))
    refused(lambda: dl.Rules.from_dict([]))  # type: ignore[arg-type]
    refused(lambda: dl.Rules.from_dict({"targets": 3}))
    refused(lambda: dl.Rules.from_dict({"targets": {"two": 3}}))
    # points, placements and examples asked for in a form the engine cannot read
    refused(lambda: dl.Board("all-fives").play("1|4", "1|4"))
    refused(lambda: dl.Board("all-fives").play("1|4", 5))
    refused(lambda: dl.parse_point(("1|4", "middle")))
    refused(lambda: dl.Board("all-fives").undo())
    refused(lambda: dl.example_board("nothing"))
    refused(lambda: dl.Tile("1|4").other(3))
    from dominolab.board import parse_placement

    refused(lambda: parse_placement(5))
    from dominolab.catalogue import rule

    refused(lambda: rule("nope"))
    # a progress file that is not one
    import os

    from dominolab import progress

    with tempfile.TemporaryDirectory() as tmp:
        before = os.environ.get("DOMINOLAB_PROGRESS")
        os.environ["DOMINOLAB_PROGRESS"] = str(Path(tmp) / "progress.json")
        try:
            (Path(tmp) / "progress.json").write_text('{"other": 1}')
            refused(progress.solved)
            (Path(tmp) / "progress.json").write_text('{"solved": {}, "puzzles": [1]}')
            refused(progress.solved)
            for bad in ("1500", (1500, 0), None):
                refused(lambda bad=bad: dl.glicko2(bad, []))  # type: ignore[arg-type]
            refused(lambda: dl.glicko2(dl.Rating(), [dl.Rating()]))  # type: ignore[list-item]
            refused(lambda: dl.glicko2(dl.Rating(), [(dl.Rating(), 3)]))
            refused(lambda: dl.glicko2(dl.Rating(), [], tau=5))
            refused(lambda: progress.record_attempt("puzzle-x", dl.Rating(), won=1))  # type: ignore[arg-type]
        finally:
            if before is None:
                del os.environ["DOMINOLAB_PROGRESS"]
            else:
                os.environ["DOMINOLAB_PROGRESS"] = before
    said += _record_refusals()
    return said


def _broken(record, *edits):  # type: ignore[no-untyped-def]
    """A copy of ``record`` with each ``(path, value)`` set (``KeyError``: removed)."""
    rec = record
    for path, value in edits:
        rec = _broken_once(rec, path, value)
    return rec


def _record_refusals() -> list[str]:
    """One refusal of every kind a game record can earn: its shape, then its rules."""
    said: list[str] = []

    def refused(call):  # type: ignore[no-untyped-def]
        with pytest.raises(ValueError) as e:
            call()
        said.append(str(e.value))

    rec = dl.game_to_record(dl.play_game("all-fives", 3, ["greedy", "random", "greedy"], seed=3))
    last = len(rec["rounds"]) - 1
    r0 = rec["rounds"][0]
    draw = next(
        (i, k) for i, r in enumerate(rec["rounds"]) for k, a in enumerate(r["actions"]) if a["act"] == "draw"
    )
    mug = dl.game_to_record(
        dl.play_game(
            dl.preset("all-fives").replace(muggins=True, name="all-fives"),
            2,
            [dl.make_bot("greedy", 1, miss=0.5), dl.make_bot("greedy", 2, miss=0.5)],
            seed=0,
        )
    )
    call = next(
        (i, k)
        for i, r in enumerate(mug["rounds"])
        for k, a in enumerate(r["actions"])
        if a["act"] == "muggins"
    )
    claim = next(
        (i, k) for i, r in enumerate(mug["rounds"]) for k, a in enumerate(r["actions"]) if a["act"] == "claim"
    )
    four = dl.game_to_record(dl.play_game("all-fives", 4, "greedy", seed=1, partnerships=False))

    def bad(record, *edits):  # type: ignore[no-untyped-def]
        refused(lambda: dl.loads_records(json.dumps(_broken(record, *edits)), "f.jsonl"))

    refused(lambda: dl.game_to_record(5))  # type: ignore[arg-type]
    loop: dict[str, object] = {}
    loop["me"] = loop
    refused(lambda: dl.dumps_record(loop))
    refused(lambda: dl.dump_records("games", "/tmp/never.json"))  # type: ignore[arg-type]
    refused(lambda: dl.loads_records(5))  # type: ignore[arg-type]
    refused(lambda: dl.loads_records("   "))
    refused(lambda: dl.loads_records("{}\n{oops"))
    refused(lambda: dl.load_record(5))  # type: ignore[arg-type]
    refused(lambda: dl.load_records("/nonexistent/games.json"))
    with tempfile.TemporaryDirectory() as tmp:
        one = Path(tmp) / "one.jsonl"
        one.write_text(json.dumps(rec) + "\n")
        refused(lambda: dl.load_record(one, game=9))
        latin = Path(tmp) / "latin.json"
        latin.write_bytes("{'ñ'}".encode("latin-1"))
        refused(lambda: dl.load_records(latin))
    refused(lambda: dl.validate_record(5))
    bad(rec, (("format",), KeyError))
    bad(rec, (("players",), "3"))
    bad(rec, (("rounds", 0, "hands", 0, 0), 5))
    bad(rec, (("rounds", 0, "hands", 0, 0), "6|1"))
    bad(rec, (("rules",), 3))
    bad(rec, (("variant",), "chess"))
    bad(four, (("variant",), "casa"), (("rules", "name"), "casa"))
    bad(rec, (("variant",), "casa"), (("rules",), {"name": "casa", "partnerships": False}))
    bad(rec, (("format",), "pgn"))
    bad(rec, (("format",), "dominolab/game-record@2"))
    bad(rec, (("rules", "partnerships"), "yes"))
    bad(rec, (("players",), 5))
    bad(rec, (("sides",), [[0, 1], [2]]))
    bad(rec, (("seed",), True))
    bad(rec, (("rounds",), []))
    bad(rec, (("rounds", 0), 5))
    bad(rec, (("rounds", 0, "number"), 4))
    bad(rec, (("rounds", 0, "hands"), r0["hands"][:1]))
    bad(rec, (("rounds", 0, "hands", 0), "1|2"))
    bad(rec, (("rounds", 0, "leader", "seat"), 9))
    bad(rec, (("rounds", 0, "leader", "by"), "magic"))
    bad(rec, (("rounds", 0, "actions", 0), 5))
    bad(rec, (("rounds", 0, "actions", 0, "seat"), 9))
    bad(rec, (("rounds", 0, "actions", 0, "act"), "jump"))
    bad(mug, (("rounds", claim[0], "actions", claim[1], "points"), "ten"))
    bad(rec, (("rounds", 0, "actions", 0, "at"), KeyError))
    bad(rec, (("rounds", 0, "actions", 1, "at"), 5))
    bad(rec, (("rounds", 0, "actions", 1, "at", "slot"), "middle"))
    bad(rec, (("rounds", 0, "actions", 1, "points"), float("nan")))
    bad(rec, (("rounds", 0, "actions", 1, "points"), 2.5))
    bad(rec, (("rounds", 0, "end"), None))
    bad(rec, (("rounds", 0, "end"), 5))
    bad(rec, (("rounds", 0, "end", "reason"), "boredom"))
    bad(rec, (("rounds", 0, "end", "winner"), 7))
    bad(rec, (("rounds", 0, "end", "settlement"), [True, 0, 0]))
    bad(rec, (("rounds", 0, "scores"), [float("inf"), 0, 0]))
    bad(rec, (("result",), 5))
    bad(rec, (("result", "winner"), None))
    bad(rec, (("result", "scores"), ["205", 45, 165]))
    bad(rec, (("rounds",), rec["rounds"] + [dict(rec["rounds"][-1], number=last + 2)]))
    bad(rec, (("rounds", 0, "hands", 0, 0), r0["hands"][1][0]))
    bad(rec, (("rounds", 0, "leader", "by"), "last-tile"))
    bad(rec, (("rounds", 0, "actions"), r0["actions"] + [r0["actions"][-1]]))
    bad(rec, (("rounds", 0, "actions", 1, "seat"), (r0["actions"][1]["seat"] + 1) % 3))
    bad(rec, (("rounds", draw[0], "actions", draw[1], "tile"), "0|0"))
    bad(mug, (("rounds", call[0], "actions", call[1], "points"), 95))
    bad(rec, (("rounds", 0, "actions", 1, "sum"), 99))
    bad(rec, (("rounds", 0, "actions", 1, "points"), 35))
    bad(rec, (("rounds", 0, "actions"), r0["actions"][:-1]))
    bad(rec, (("rounds", last, "end"), None), (("result",), None))
    bad(rec, (("rounds", 0, "end", "reason"), "blocked" if r0["end"]["reason"] == "domino" else "domino"))
    bad(rec, (("rounds", 0, "end", "winner"), 0 if r0["end"]["winner"] is None else None))
    target = dl.game_to_record(dl.play_game("all-fives", 3, ["greedy", "random", "greedy"], seed=0))
    assert target["rounds"][-1]["end"]["reason"] == "target"
    bad(target, (("rounds", len(target["rounds"]) - 1, "end", "settlement"), [5, 0, 0]))
    bad(rec, (("rounds", 0, "end", "settlement"), [99, 0, 0]))
    bad(rec, (("rounds", 0, "scores"), [1, 2, 3]))
    bad(rec, (("rounds",), rec["rounds"][:1]))
    bad(rec, (("rounds",), rec["rounds"][:1]), (("result",), None))
    bad(rec, (("result",), None))
    bad(rec, (("result", "winner"), (rec["result"]["winner"] + 1) % 3))
    bad(rec, (("result", "scores"), [0, 0, 0]))
    return said


def _until(game: dl.Game, done) -> dl.Game:  # type: ignore[no-untyped-def]
    """Play ``game`` by its first legal action (the first placement that scores, and claims
    right) until ``done(game)``."""
    for _ in range(500):
        if done(game):
            return game
        acts = game.legal_actions()
        owed = game.owed_claim
        if owed is not None and any(a.act == "claim" for a in acts):
            game.apply(dl.Action.claim_(owed[1]))
            continue
        assert acts, f"the game ended first: {game!r}"
        game.apply(acts[0])
    raise AssertionError("never reached")


def test_every_refusal_in_spanish_says_no_english(spanish):
    assert_spanish(_refusals())


def test_every_kind_of_refusal_is_asked_for():
    """The refusals above cover every refusal the words layer holds (each template matched)."""
    said = _refusals()
    # the last words of a refusal that every case above it names first (never said alone)
    # ("needs plotly": only where plotly is not installed, which the suite's machine never is)
    unreachable = {"slot closed", "not legal", "needs plotly"}
    patterns = {k: _pattern(t()) for k, t in words._REFUSALS.items() if k not in unreachable}
    missing = [k for k, p in patterns.items() if not any(p.search(s) for s in said)]
    assert not missing, f"no refusal asked for: {missing}"


def _pattern(template: str) -> re.Pattern[str]:
    parts = re.split(r"(?<!\{)\{\w+\}(?!\})", template)
    return re.compile(".+?".join(re.escape(p.replace("{{", "{").replace("}}", "}")) for p in parts))


def _figure_words(fig) -> list[str]:  # type: ignore[no-untyped-def]
    """Every word a figure shows: titles, axes, key, the names of traces in its legend,
    hover texts and labels (HTML tags taken out)."""
    d = fig.to_dict() if hasattr(fig, "to_dict") else fig
    out: list[str] = []

    def add(x) -> None:  # type: ignore[no-untyped-def]
        if isinstance(x, str):
            out.append(re.sub(r"<[^>]+>", " ", x))
        elif isinstance(x, list | tuple):
            for y in x:
                add(y)

    def walk(node, key=""):  # type: ignore[no-untyped-def]
        if isinstance(node, dict):
            for k, v in node.items():
                if k in ("text", "hovertemplate", "hovertext", "title_text"):
                    add(v)
                elif k == "title":
                    add(v.get("text") if isinstance(v, dict) else v)
                elif k == "name" and node.get("showlegend", True) is not False and "type" in node:
                    add(v)
                elif k in ("customdata", "x", "y", "meta"):
                    continue
                else:
                    walk(v, k)
        elif isinstance(node, list):
            for v in node:
                walk(v, key)

    walk(d)
    return out


def test_every_picture_and_chart_in_spanish_says_no_english(spanish):
    from dominolab import charts, picture

    texts: list[str] = []
    for name in dl.PRESETS:
        g = dl.play_game(name, 2, "greedy", seed=2)
        b = dl.round_board(g, 1)
        texts += _figure_words(picture.draw(b, legend=True))
        texts += _figure_words(picture.draw(b, legend=True, show_counts=False))
        texts += _figure_words(picture.draw(b, highlight=g.rounds[0].hands[0][0], legend=True))
        texts += _figure_words(picture.draw(dl.Board(name), legend=True))
        texts += _figure_words(picture.figure_of(g))
        texts += _figure_words(picture.draw_hand(g.rounds[0].hands[0]))
    bad = dl.Board("all-fives")
    bad.play("5|5")
    texts += _figure_words(picture.draw(bad, legend=True, refused=("1|2", "5|5:line-a", "no match")))
    texts += _figure_words(picture.figure_of(dl.largest("all-fives", "count", method="search")))
    for points, unit in ((135, "raw"), (27, "shown"), (12.5, "raw"), (-10, "raw")):
        texts += _figure_words(picture.draw_tally(points, unit))
    texts += _figure_words(picture.draw_cribbage(45))
    for players in (2, 3, 4):
        texts += _figure_words(picture.draw_seats(players))
    texts.append(str(dl.projector(True)))
    texts.append(str(dl.projector(False)))
    runs = {
        name: dl.simulate(name, 2, "greedy", 3, seed=1, progress=False)
        for name in ("five-up", "all-fives", "fives-and-threes")
    }
    for chart in (
        charts.points_per_round,
        charts.placement_share,
        charts.leader_win_rate,
        charts.round_length,
        charts.count_distribution,
    ):
        texts += _figure_words(chart(runs))
    miss = dl.play_game("all-fives", 2, [dl.make_bot("greedy", 1, miss=0.5), "greedy"], seed=1)
    texts += _figure_words(charts.review_chart(dl.review(miss, seat=0)))
    assert_spanish([t for t in texts if t.strip()])


def _widget_words(root) -> list[str]:  # type: ignore[no-untyped-def]
    """Every word a widget tree shows: descriptions, labels, HTML, placeholders, the options of
    menus, and its figures' words."""
    import ipywidgets as w

    out: list[str] = []
    seen: set[int] = set()

    def walk(x) -> None:  # type: ignore[no-untyped-def]
        if id(x) in seen:
            return
        seen.add(id(x))
        if hasattr(x, "to_dict") and hasattr(x, "data") and hasattr(x, "layout"):  # a plotly figure
            out.extend(_figure_words(x))
            return
        for attr in ("description", "placeholder", "tooltip"):
            v = getattr(x, attr, None)
            if isinstance(v, str) and v:
                out.append(v)
        if isinstance(x, w.HTML | w.Label):
            out.append(re.sub(r"<[^>]+>", " ", x.value))
        labels = getattr(x, "_options_labels", None)
        if labels:
            out.extend(str(v) for v in labels)
        for child in getattr(x, "children", ()):
            walk(child)

    walk(root.widget if hasattr(root, "widget") else root)
    return [t for t in out if t.strip()]


def test_every_widget_played_in_spanish_says_no_english(spanish):
    from dominolab.widgets import (
        GameTable,
        MugginsDrill,
        Playground,
        Replayer,
        SettleHands,
        VariantComparison,
        answer_button,
    )

    texts: list[str] = []
    # a game at the table, a person at seat 0 playing by clicks, with muggins, to its end
    t = GameTable("all-fives", players=2, bots="greedy", seed=3, muggins=True, miss=0.4)
    texts += _widget_words(t)
    for _ in range(600):
        g = t.game
        if g.is_over:
            break
        if g.to_move != t.seat:
            t.next()
        else:
            acts = g.legal_actions()
            a = acts[0]
            if a.act is dl.Act.PLAY:
                t.select("0|0" if "0|0" not in g.hands[t.seat] else a.tile)  # a refusal first, often
                t.select(a.tile)
                t.click_point(a.at if a.at is not None else "lead")
            elif a.act is dl.Act.CLAIM:
                t.claim(max(0, (g.owed_claim or (0, 0))[1] - 5))  # short, to be caught
            elif a.act is dl.Act.MUGGINS:
                t.call_muggins()
            elif a.act is dl.Act.DRAW:
                t.draw()
            else:
                t.pass_turn()
        texts.append(t.message)
        texts += t.log[-3:]
    t.hint()
    texts.append(t.message)
    t.review()
    texts.append(t.message)
    texts += _widget_words(t)
    # a hot-seat game of two people, and a game with a bot menu
    hot = GameTable("fives-and-threes", players=2, humans=[0, 1], seed=1)
    hot.show_hand()
    texts += [hot.message, *_widget_words(hot)]
    # the playground: refusals, placements, a quiz, other rules
    p = Playground("all-fives", hand=["5|5", "0|5", "2|3", "6|6"])
    for step in (
        lambda: p.select("1|1"),
        lambda: p.click_point("lead"),
        lambda: p.select("5|5"),
        lambda: p.place_selected(),
        lambda: p.select("2|3"),
        lambda: p.select("0|5"),
        lambda: p.set_quiz(True),
        lambda: p.check(3),
        lambda: p.check(10),
        lambda: p.undo(),
        lambda: p.redo(),
        lambda: p.set_rules("draw"),
        lambda: p.reset(),
        lambda: p.undo(),
    ):
        step()
        texts.append(p.message)
        texts += _widget_words(p)
    d = MugginsDrill("five-up", seed=1)
    d.claim(0, seconds=20.0)
    d.next()
    texts += _widget_words(d)
    g = dl.play_game("all-fives", 2, [dl.make_bot("greedy", 1, miss=0.5), "greedy"], seed=1)
    r = Replayer(dl.game_to_record(g), review=0)
    for i in range(0, len(r.states), 3):
        r.go(i)
        texts += _widget_words(r)
    from dominolab.widgets import puzzles_on_board

    on = puzzles_on_board(difficulty=2, seed=3)
    miss = next(
        r
        for r in dl.best_placements(on.question.task.board(), on.question.task.hand)
        if dl.board.placement_text(r.tile, r.at) != on.question.task.answer
    )
    on.select("0|0" if dl.Tile("0|0") not in on.question.hand else miss.tile)
    on.select(miss.tile)
    on.click_point(miss.at or "lead")
    texts += [on.question.verdict.text, on.show_answer(), *_widget_words(on)]
    from dominolab.widgets import stage_on_board

    st = stage_on_board("spinners")
    for goal in dl.stage("spinners"):
        miss = next(r for r in goal.placements() if r.points == 0)
        st.select(miss.tile)
        st.click_point(miss.at or "lead")
        texts += [st.question.verdict.text, st.show_answer(), *_widget_words(st)]
        st.next()
    texts += _widget_words(st)
    leads = stage_on_board("leads")
    goal = dl.stage("leads")[3]
    leads.select(next(t for t in goal.hand if dl.Tile(t) not in goal.answers()))
    leads.click_point("lead")
    texts += [leads.question.verdict.text, leads.show_answer(), *_widget_words(leads)]
    turns = stage_on_board("turns")
    for name in ("pass", "draw"):
        turns.act(name)
        texts += [turns.message_line.value, *_widget_words(turns)]
    texts += [turns.show_answer(), *[b.description for b in turns.act_buttons]]
    settling = stage_on_board("settling")
    for goal in dl.stage("settling"):  # every miss a settlement names, and the answer
        for wrong in range(0, 30, 1):
            if wrong != goal.answer():
                texts.append(goal.check(wrong).text)
        settling.answer(goal.answer() + 1)
        texts += [settling.message_line.value, settling.prompt.value, settling.show_answer()]
        settling.next()
    texts += [settling.number_button.description]
    for goal in dl.stage("ending"):  # every verdict on every placement, and the answer
        texts += [goal.question, goal.reveal()]
        texts += [goal.check(dl.board.placement_text(r.tile, r.at)).text for r in goal.placements()]
    from dominolab.widgets import endless_puzzles, puzzle_streak

    for rated in (endless_puzzles(seed=5), puzzle_streak(seconds=60, seed=5)):
        task = rated.question.task
        tile, _, point = task.answer.partition("@")
        rated.select(tile)
        rated.click_point(point or "lead")
        texts += [rated.message_line.value, *_widget_words(rated)]
        task = rated.question.task
        miss = next(r for r in dl.best_placements(task.board(), task.hand) if r.points < task.points)
        rated.select(miss.tile)
        rated.click_point(miss.at or "lead")
        texts += [rated.message_line.value, *_widget_words(rated)]
    from dominolab.line_puzzles import line_value
    from dominolab.widgets import line_puzzles_on_board

    deep = line_puzzles_on_board(difficulty=2, seed=2)
    g = deep.question.game
    worse = min(g.legal_actions(), key=lambda a: line_value(g, a))
    deep.select(worse.tile)
    deep.click_point(f"{worse.at[0]}:{worse.at[1]}")
    texts += [deep.message_line.value, deep.show_answer(), *_widget_words(deep)]
    for move in deep.question.task.line_for_you():
        tile, _, point = move.partition("@")
        deep.select(tile)
        deep.click_point(point)
        texts += [deep.message_line.value, *_widget_words(deep)]
    vc = VariantComparison(
        [("5|5", None), ("5|6", "5|5:line-a"), ("4|6", "5|6:high")], [[], ["1|2"]], domino_seat=0
    )
    texts += _widget_words(vc)
    sh = SettleHands()
    sh.set_hands(["", "6|6 0|1", "9|9"], 0)
    texts += _widget_words(sh)
    sh.set_hands(["1|2", "6|6 0|1", "5|6"], None)
    texts += _widget_words(sh)
    b = answer_button(lambda: "15")
    b.toggle()
    texts += _widget_words(b)
    assert_spanish(texts)


def test_the_teachers_kit_in_spanish_says_no_english(spanish):
    """Every page of the kit (rules cards, score sheets, puzzle sheets and their keys), as the
    printer gets it: its words and its figures'."""
    from dominolab.handouts import KIT

    texts: list[str] = []
    for _name, make in KIT(seed=1):
        page = make()
        body = re.sub(r"<style>.*?</style>|<script>.*?</script>", " ", "".join(page.parts), flags=re.S)
        texts += [x for x in re.split(r"<[^>]+>", body) if x.strip()]
        texts.append(page.title)
        for fig in page.figures:
            texts += _figure_words(fig)
    assert_spanish(texts)
