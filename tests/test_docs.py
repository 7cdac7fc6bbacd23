"""The documents travel with the project and say what the engine does: the rules page's
table of settings is the presets', its worked example is the engine's count, the record
page's example passes `dominolab check`, and every local link in them resolves."""

import json
import pathlib
import re
import subprocess
import sys

import pytest

import dominolab as dl
from dominolab.catalogue import settings
from dominolab.record import action_to_dict

ROOT = pathlib.Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "RULES.md"
RECORD = ROOT / "docs" / "GAME-RECORD.md"


def table(text: str, header: str) -> dict[str, list[str]]:
    """The rows of the markdown table whose first header cell is ``header``, by first cell."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {header} |"))
    rows = {}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = [c.strip().replace("\\|", "|") for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        rows[cells[0]] = cells[1:]
    return rows


def settings_row(r: dl.Rules) -> dict[str, str]:
    """A preset's settings as the rules page writes them (the engine's words for them)."""
    return settings(r)


def test_the_rules_page_table_is_every_presets_settings():
    rows = table(RULES.read_text(), "setting")
    for column, name in enumerate(dl.PRESETS):
        want = settings_row(dl.variant(name))
        assert set(rows) == set(want)
        for setting, value in want.items():
            assert rows[setting][column] == value, (name, setting)


def test_a_changed_preset_would_not_match_the_page():
    # the check above can fail: a preset that opened its branches at once would differ
    changed = settings_row(dl.variant("all-fives").replace(spinner_sides_first=False))
    assert (
        changed["a spinner's branches open"]
        != table(RULES.read_text(), "setting")["a spinner's branches open"][1]
    )


def test_the_rules_page_worked_example_is_the_engines_count():
    rows = table(RULES.read_text(), "placement")
    assert len(rows) == 9
    b = dl.Board("all-fives")
    for (tile, at), (text, (count, scores)) in zip(dl.examples.SEED_SEQUENCE, rows.items(), strict=True):
        assert f"`{tile}`" in text and (text.startswith("lead") if at is None else f"on `{at}`" in text)
        p = b.play(tile, at)
        assert count.endswith(f"= {p.sum}") and b.equation() == count and int(scores) == p.points


def _example_record() -> dict:
    text = RECORD.read_text()
    block = re.search(r"```json\n(.*?)\n```", text, re.S)
    assert block, "the record page has no json example"
    return json.loads(block.group(1))


def test_the_record_page_example_passes_check(tmp_path):
    rec = _example_record()
    assert rec["format"] == dl.FORMAT and dl.check_records([rec]) == []
    path = tmp_path / "example.json"
    path.write_text(json.dumps(rec))
    cli = [sys.executable, "-m", "dominolab", "check", str(path)]
    done = subprocess.run(cli, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_record_page_names_every_field_the_writer_writes():
    text = RECORD.read_text()
    rec = dl.game_to_record(dl.play_game("all-fives", 3, "greedy", seed=4))
    for key in rec:
        assert f"`{key}`" in text, key
    for key in rec["rounds"][0]:
        assert f"`rounds[].{key}`" in text, key
    for key in rec["rounds"][0]["end"]:
        assert f"`{key}`" in text, key


@pytest.mark.parametrize(
    "path", [ROOT / "README.md", RULES, RECORD, ROOT / "benchmarks" / "README.md"], ids=lambda p: p.name
)
def test_every_local_link_of_the_documents_resolves(path):
    if not path.exists():
        pytest.skip(f"{path.name} is not there")
    for link in re.findall(r"\]\(([^)#\s]+)", path.read_text()):
        if link.startswith(("http:", "https:", "mailto:")):
            continue
        assert (path.parent / link).exists(), f"{path.name} links to {link}, which is not in the project"


def test_the_readme_the_index_and_the_glossary_link_the_rules_and_the_record_format():
    assert "docs/RULES.md" in (ROOT / "README.md").read_text()
    assert "docs/GAME-RECORD.md" in (ROOT / "README.md").read_text()
    for nb in ("00-index.ipynb", "08-glossary.ipynb"):
        cells = json.loads((ROOT / "tutorials" / nb).read_text())["cells"]
        text = "".join("".join(c["source"]) for c in cells)
        assert "../docs/RULES.md" in text and "../docs/GAME-RECORD.md" in text, nb


def test_the_rules_page_states_the_muggins_rules_the_engine_plays():
    # one place for the rules (dominolab/muggins.py); the page repeats them word for word
    assert dl.MUGGINS_RULES in RULES.read_text()
    assert dl.MUGGINS_RULES.count("\n") == len(dl.muggins.RULES) - 1


def test_the_record_page_example_of_a_muggins_call_is_what_the_engine_writes():
    text = RECORD.read_text()
    g = dl.Game(dl.variant("all-fives").replace(muggins=True), 2, seed=0, start=False)
    hands = [
        ["1|4", "0|0", "0|2", "0|3", "2|2", "2|3", "3|3", "0|5", "5|5"],
        ["4|6", "1|1", "1|2", "1|3", "1|5", "1|6", "2|4", "2|5", "2|6"],
    ]
    g.start_round(hands, None, 0)
    for a in ("1|4", "claim 0", "muggins"):
        g.apply(a)
    written = ",\n".join(json.dumps(action_to_dict(a), separators=(",", ":")) for a in g.round.actions)
    assert written in text


def test_the_terms_page_is_the_engines_table_of_its_own_words():
    assert dl.terms_markdown() in (ROOT / "docs" / "TERMS.md").read_text()
    words = [w for w, _, _ in dl.TERMS]
    assert len(words) == len(set(words)) and "count" in words and "ring" in words


def test_every_lesson_links_the_index_once_and_its_neighbours_in_order():
    """Each lesson's navigation line: the lesson before (none for the first), the index once,
    the lesson after (issue 33, item 9: lesson 1 linked the index twice)."""
    lessons = sorted(p.name for p in (ROOT / "tutorials").glob("*.ipynb") if p.name != "00-index.ipynb")
    for i, name in enumerate(lessons):
        nb = json.loads((ROOT / "tutorials" / name).read_text())
        navs = {
            line
            for c in nb["cells"]
            if c["cell_type"] == "markdown"
            for line in "".join(c["source"]).splitlines()
            if "](00-index.ipynb)" in line and " · " in line
        }
        assert navs, f"{name} has no navigation line"
        for line in navs:
            targets = re.findall(r"\]\(([^)]+)\)", line)
            assert targets.count("00-index.ipynb") == 1, f"{name}: {line}"
            before = [lessons[i - 1]] if i > 0 else []
            after = [lessons[i + 1]] if i + 1 < len(lessons) else []
            assert [t for t in targets if t != "00-index.ipynb"] == before + after, f"{name}: {line}"
