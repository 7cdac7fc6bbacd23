"""The notebooks as code: each has a title and a 'what you will learn' cell, uses only
the public API, every tutorial links its neighbours, and the folders hold what the
course promises (nbval executes them all in the same test run)."""

import ast
import json
import pathlib
import re

import pytest

import dominolab as dl

ROOT = pathlib.Path(__file__).resolve().parent.parent
TUTORIALS = sorted((ROOT / "tutorials").glob("*.ipynb"))
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
ALL = TUTORIALS + NOTEBOOKS


def cells(path):
    return json.loads(path.read_text())["cells"]


def test_the_course_is_complete():
    names = {p.stem for p in TUTORIALS}
    for n in range(1, 8):
        assert any(name.startswith(f"0{n}-") for name in names), n
    assert "00-index" in names and "08-glossary" in names
    assert {p.stem for p in NOTEBOOKS} >= {
        "playground",
        "play-a-game",
        "variant-lab",
        "scoring-puzzles",
        "replay-a-game",
        "classroom-demo",
    }


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_every_notebook_has_a_title_and_what_you_will_learn(path):
    cs = cells(path)
    first = "".join(cs[0]["source"])
    assert cs[0]["cell_type"] == "markdown" and first.startswith("# "), path.name
    assert any(
        c["cell_type"] == "markdown" and "what you will learn" in "".join(c["source"]).lower() for c in cs[:4]
    ), path.name


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_notebooks_use_only_the_public_api(path):
    # the names of dominolab/__init__ and those it loads on first use (pictures, widgets)
    public = set(dl.__all__) | set(dl._LAZY) | {"examples", "exercises", "charts"}
    for c in cells(path):
        if c["cell_type"] != "code":
            continue
        src = "".join(c["source"])
        tree = ast.parse(src)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("dominolab"):
                pytest.fail(f"{path.name}: imports from {node.module}; use `import dominolab as dl`")
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "dl":
                assert node.attr in public, f"{path.name}: dl.{node.attr} is not public API"
            if (
                isinstance(node, ast.Attribute)
                and node.attr.startswith("_")
                and not node.attr.startswith("__")
            ):
                pytest.fail(f"{path.name}: reaches into a private attribute .{node.attr}")


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: p.name)
def test_tutorials_link_their_neighbours_and_spanish_terms_appear(path):
    text = "".join("".join(c["source"]) for c in cells(path) if c["cell_type"] == "markdown")
    assert "00-index.ipynb" in text or path.stem == "00-index"
    if path.stem[:2] in {f"0{n}" for n in range(1, 8)}:
        assert "*" in text and "(*" in text, "a Spanish term in italics beside the English one"
        assert "Exercises" in text


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_stored_outputs_carry_no_widget_state_and_no_errors(path):
    nb = json.loads(path.read_text())
    assert "widgets" not in nb.get("metadata", {}), "strip widget state (see the recipes)"
    for c in nb["cells"]:
        for o in c.get("outputs", []):
            assert o["output_type"] != "error", f"{path.name} stored an error"
    assert path.stat().st_size < 400_000


#: Python's own reprs where a learner should read a sentence (issue 34: nothing raw)
RAW = re.compile(
    r"OpenPoint\(|Tile\('|<Game |Fraction\(|Placement\(|Action\(|ActionRecord\(|Rules\(|<SeatView"
    r"|Settlement\(|Contribution\(|CountedEnd\(|\[Tile|\(Tile|LeaderBy\."
    r"|<[A-Z][A-Za-z]+\.[A-Z_]+: |\{'winner'"
)


@pytest.mark.parametrize("path", [p for p in ALL if not p.name.startswith("09-")], ids=lambda p: p.name)
def test_no_stored_output_shows_a_learner_pythons_reprs(path):
    """Every value a lesson or lab prints is a sentence or a table, never a repr such as
    OpenPoint(tile='2|5', …) or <Game …> (the appendix 'under the hood' may, on purpose)."""
    for i, c in enumerate(cells(path)):
        for o in c.get("outputs", []):
            data = o.get("data", {})
            text = "".join(o.get("text") or data.get("text/plain") or data.get("text/markdown") or "")
            found = RAW.search(text)
            near = text[max(0, found.start() - 40) : found.end() + 40] if found else ""
            assert not found, f"{path.name}, cell {i}: {near!r}"


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_cells_showing_figures_or_widgets_are_not_compared_by_nbval(path):
    # plotly's JSON (and a widget's state) is not sanitized by nbval and its key order may
    # change from run to run: such cells carry nbval's tag (or its comment marker), and a
    # sanity check asserts instead
    for c in cells(path):
        if c["cell_type"] != "code":
            continue
        mimes = {m for o in c.get("outputs", []) for m in o.get("data", {})}
        if mimes & {"application/vnd.plotly.v1+json", "application/vnd.jupyter.widget-view+json"}:
            first = "".join(c["source"]).splitlines()[0]
            tagged = "nbval-ignore-output" in c.get("metadata", {}).get("tags", [])
            assert tagged or first == "# NBVAL_IGNORE_OUTPUT", f"{path.name}: {''.join(c['source'])[:60]!r}"


def test_every_exercise_is_right_about_its_own_answer():
    for key, ex in dl.EXERCISES.items():
        assert ex.check(ex.answer()).right, key
        assert ex.check(None).right is None


def test_answers_are_read_as_a_learner_writes_them():
    """'15' is 15, 'none' is 0, 'Five Up' (and the sources' names) is five-up, 'yes' is True; a
    placement without its slot is asked 'which slot?' (and not told 'Not quite'), without
    giving the answer's slot away; a feedback never begins with a bare 'None'."""
    assert dl.exercise("t5-round5").check(str(dl.exercise("t5-round5").answer())).right
    assert dl.exercise("t5-round5").check(" 15 points ").right
    assert dl.exercise("t2-can-score").check("none").right
    assert not dl.exercise("t2-can-score").check(0).text.startswith(("Right! None", "None"))
    for name in ("Five Up", "five-up", "FIVE UP", "5 up"):
        assert dl.exercise("t7-second-double").check(name).right, name
    assert not dl.exercise("t7-second-double").check("Punta de Cinco").right  # all-fives: wrong
    asked = dl.exercise("p-best").check("5|5@1|5")
    assert asked.right is False and "which slot of 1|5" in asked.text
    assert "high" not in asked.text.split("slots")[0]  # the slots are listed, the answer not pointed at
    assert "cannot be read" in dl.exercise("t5-round5").check("fifteen").text
    assert dl.exercise("t6-over").check("yes").right
    draws = dl.exercise("t4-draws")
    assert "counting the one it places" in draws.question and "included" in draws.explain()


def test_no_exercise_asks_what_its_lesson_printed_just_above():
    """The exercises that used to repeat the lesson's own example now ask about a new position
    (issue 18): their position is not the one the lesson shows."""
    from dominolab import exercises as ex

    lesson_3_example = [("2|2", None), ("2|5", "2|2:line-a"), ("2|6", "2|2:line-b")]
    assert ex.T3_OPEN != lesson_3_example and ex.T5_HANDS != [[], ["6|6"], ["0|1"]]
    shown = dl.must_draw_game()
    for position in (ex.T4_ACTIONS, ex.T4_DRAWS):
        assert position[0][1] != [str(t) for t in shown.hands[1]]


@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_sanity_checks_are_hidden_from_the_learner_but_still_run(path):
    """A sanity check proves a claim for the tests (nbval runs it); a learner does not see its
    code or output (JupyterLab collapses both)."""
    for c in cells(path):
        tagged = "sanity-check" in c["metadata"].get("tags", [])
        if tagged or "".join(c["source"]).startswith("# sanity check"):
            hidden = c["metadata"].get("jupyter", {})
            assert tagged, "untagged: " + "".join(c["source"])[:60]
            assert hidden.get("source_hidden") and hidden.get("outputs_hidden"), "".join(c["source"])[:60]
