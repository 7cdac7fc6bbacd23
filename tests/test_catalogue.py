"""Every rule of the rules page is taught: the catalogue (dominolab.catalogue) gives each rule
an id, the lesson with its live example (a code cell tagged ``rule:<id>``) and an exercise; this
checks that each exists, that every section of docs/RULES.md has its rules in the catalogue, and
that the index prints the table."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

import dominolab as dl
from dominolab.catalogue import RULE_CATALOGUE, catalogue_markdown, rule

ROOT = pathlib.Path(__file__).resolve().parent.parent
TUTORIALS = ROOT / "tutorials"
# the sections of the rules page that are not rules: the table of settings, and the switches
NOT_RULES = {"The settings of each preset", "Beyond the sources"}


def cells(path: pathlib.Path) -> list[dict]:
    return json.loads(path.read_text())["cells"]


def every_notebook() -> list[pathlib.Path]:
    return sorted(TUTORIALS.glob("*.ipynb")) + sorted((ROOT / "notebooks").glob("*.ipynb"))


def test_rule_ids_are_unique_and_named_for_what_they_say():
    ids = [r.id for r in RULE_CATALOGUE]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z0-9]+(\.[a-z0-9-]+)?", i) for i in ids), ids
    with pytest.raises(dl.DominolabError, match="no rule 'count.nothing'"):
        rule("count.nothing")


@pytest.mark.parametrize("r", RULE_CATALOGUE, ids=lambda r: r.id)
def test_every_rule_has_a_lesson_with_a_live_example_and_an_exercise(r):
    lesson = (TUTORIALS / r.lesson).resolve()
    assert lesson.exists(), f"{r.id}: no lesson {r.lesson}"
    examples = [
        c
        for c in cells(lesson)
        if c["cell_type"] == "code" and f"rule:{r.id}" in c["metadata"].get("tags", [])
    ]
    assert examples, f"{r.id}: {r.lesson} has no code cell tagged rule:{r.id}"
    assert all(c["source"] for c in examples)
    assert r.exercise in dl.EXERCISES, f"{r.id}: no exercise {r.exercise!r}"
    asked = f'dl.exercise("{r.exercise}")'
    assert any(asked in "".join(c["source"]) for nb in every_notebook() for c in cells(nb)), (
        f"{r.id}: exercise {r.exercise} is asked in no notebook"
    )


def test_every_section_of_the_rules_page_has_its_rules_in_the_catalogue():
    page = (ROOT / "docs" / "RULES.md").read_text()
    sections = set(re.findall(r"^## (.+)$", page, re.M)) - NOT_RULES
    covered = {r.section for r in RULE_CATALOGUE}
    assert sections == covered, (sections - covered, covered - sections)


def test_no_lesson_tags_a_rule_the_catalogue_does_not_know():
    known = {r.id for r in RULE_CATALOGUE}
    for nb in every_notebook():
        for c in cells(nb):
            for t in c["metadata"].get("tags", []):
                if t.startswith("rule:"):
                    assert t[5:] in known, f"{nb.name}: unknown {t}"


def test_the_index_prints_the_catalogue():
    index = cells(TUTORIALS / "00-index.ipynb")
    assert any("catalogue_markdown()" in "".join(c["source"]) for c in index)
    table = catalogue_markdown()
    assert table.count("\n") == len(RULE_CATALOGUE) + 1 and all(r.id in table for r in RULE_CATALOGUE)
