"""The largest count and score a layout can reach (tutorial 3's questions), by exhaustive
search on the engine, and the integer program checked against that search."""

import random

import pytest

import dominolab as dl
from dominolab.search import _end_value

ONE_SPINNER = ["all-fives", "dominos-cc"]


@pytest.mark.parametrize("name", ONE_SPINNER)
def test_one_spinner_largest_count_is_36(name):
    e = dl.largest(name, "count", method="search")
    assert e.value == 36
    b = e.board.copy()
    assert b.end_sum() == 36 and len(b.spinners) == 1
    # four ends: 6|6, 5|5 and 4|4 as terminal doubles and a fourth end worth 6
    assert sorted(c.value for c in b.contributions()) == [6, 8, 10, 12]


@pytest.mark.parametrize("name", ONE_SPINNER)
def test_one_spinner_largest_score_is_35(name):
    e = dl.largest(name, "score", method="search")
    assert e.value == 35 and e.points == 35
    b = e.board.copy()
    assert b.end_sum() == 35 and b.score() == 35


def test_every_double_a_spinner_largest_count_is_75():
    e = dl.largest("five-up", "count")
    assert e.method == "milp"
    assert e.value == 75
    b = e.board.copy()
    assert b.end_sum() == 75
    assert all(b.is_spinner(t) for t in b.tiles if t.is_double)


def test_every_double_a_spinner_largest_score_is_75_that_is_15_shown_points():
    e = dl.largest("five-up", "score")
    assert e.value == 75 and e.points == 15
    assert e.board.copy().score() == 75


@pytest.mark.parametrize("name", dl.VARIANTS)
@pytest.mark.parametrize("what", ["count", "score"])
def test_integer_program_agrees_with_the_engine_search_on_small_sets(name, what):
    rng = random.Random(f"{name}-{what}")
    for _ in range(20):
        tiles = rng.sample(dl.DOUBLE_SIX, rng.randint(4, 10))
        by_search = dl.largest(name, what, tiles=tiles, method="search")
        by_milp = dl.largest(name, what, tiles=tiles, method="milp")
        assert by_search.value == by_milp.value, tiles
        assert by_milp.board.end_sum() == by_milp.value


def test_double_three_set_five_up_search_and_program_agree():
    tiles = [t for t in dl.DOUBLE_SIX if t.high <= 3]
    assert dl.largest("five-up", tiles=tiles, method="search").value == 16
    assert dl.largest("five-up", tiles=tiles, method="milp").value == 16


def test_one_spinner_program_agrees_on_the_full_set():
    for name in ONE_SPINNER:
        assert dl.largest(name, "count", method="milp").value == 36
        assert dl.largest(name, "score", method="milp").value == 35


def test_search_bound_never_cuts_a_better_layout():
    # the bound is checked against plain enumeration: with the bound switched off
    # the search visits more layouts but finds the same best
    from dominolab import search as extremes

    tiles = [t for t in dl.DOUBLE_SIX if t.high <= 2] + ["0|3", "3|3"]
    for name in dl.VARIANTS:
        for what in ("count", "score"):
            s = extremes._Search(dl.variant(name), what)
            s.bound = lambda: 10**9  # type: ignore[method-assign]
            extremes._search_all(s, dl.variant(name), sorted(dl.Tile(t) for t in tiles))
            assert dl.largest(name, what, tiles=tiles, method="search").value == s.best


def test_no_layout_scores_gives_zero_and_an_empty_board():
    e = dl.largest("all-fives", "score", tiles=["0|1", "1|1"])
    assert e.value == 0 and e.board.is_empty
    assert dl.largest("five-up", "score", tiles=["0|1", "1|1"], method="milp").value == 0


def test_end_value_is_what_a_tile_can_add_as_an_end():
    assert _end_value(dl.Tile("6|6")) == 12 and _end_value(dl.Tile("2|5")) == 5


def test_bad_arguments_are_refused():
    with pytest.raises(dl.DominolabError, match="what must be"):
        dl.largest("all-fives", "points")
    with pytest.raises(dl.DominolabError, match="method must be"):
        dl.largest("all-fives", method="guess")
    with pytest.raises(dl.MalformedTile):
        dl.largest("all-fives", tiles=["7|7"])


@pytest.mark.parametrize("what", ["count", "score"])
def test_branches_open_at_once_program_and_search_agree_for_every_double_a_spinner(what):
    # the switch of RULES.md (dominos-cc's reading) on five-up: both methods model it
    fast = dl.variant("five-up").replace(spinner_sides_first=False)
    rng = random.Random(f"fast-{what}")
    for _ in range(15):
        tiles = rng.sample(dl.DOUBLE_SIX, rng.randint(4, 9))
        by_search = dl.largest(fast, what, tiles=tiles, method="search")
        assert by_search.value == dl.largest(fast, what, tiles=tiles, method="milp").value, tiles


def test_the_answer_explains_itself():
    e = dl.largest("all-fives")
    text = str(e)
    assert text.startswith("largest count in all-fives: 36 (") and "layouts searched" in text


def test_the_answer_shows_as_its_layout_with_the_value_in_the_title():
    e = dl.largest("five-up", "score")
    bundle = e._repr_mimebundle_()
    assert bundle["text/plain"] == str(e)
    fig = e.figure()
    assert fig.layout.title.text.startswith("largest score in five-up: 75 = 15 shown points")


def test_a_search_too_long_stops_with_advice_instead_of_hanging():
    advice = r"stopped after 1,000 layouts without a proof.*method='milp'"
    with pytest.raises(dl.DominolabError, match=advice):
        dl.largest("five-up", method="search", max_nodes=1_000)


def test_without_scipy_five_up_gives_the_programs_stored_answer_replayed_on_the_engine(monkeypatch):
    # the course in the browser (Pyodide) has no scipy: the stored layout must be the program's answer
    from dominolab import search as extremes

    solved = {w: dl.largest("five-up", w, method="milp") for w in ("count", "score")}
    monkeypatch.setattr(extremes, "_have_scipy", lambda: False)
    for what in ("count", "score"):
        e = dl.largest("five-up", what)
        assert e.method == "stored" and e.value == solved[what].value == 75
        assert e.board.copy().end_sum() == 75 and len(e.board) == len(extremes.FIVE_UP_75)
        assert "stored answer, replayed on the engine (scipy is not available here)" in str(e)
    small = [t for t in dl.DOUBLE_SIX if t.high <= 3]  # any other set: the engine's search
    assert dl.largest("five-up", tiles=small).method == "search"
