"""The teacher's kit: every page made from the engine, and the PDFs as a teacher prints them
(Chromium's print-to-PDF; read back with pypdf: the pages, and the words on each)."""

from __future__ import annotations

import html
import re
import unicodedata

import pytest

import dominolab as dl
from dominolab import handouts
from dominolab.catalogue import rules_for, settings


def words(page) -> str:
    """The text of a page's HTML, without its tags and scripts."""
    body = page.html(plotly_js="")
    body = re.sub(r"<script>.*?</script>", "", body, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


@pytest.mark.parametrize("preset", dl.FIVES_GAMES)
def test_a_rules_card_has_every_rule_and_setting_of_its_game_and_no_other_games(preset):
    text = words(handouts.rules_card(preset))
    for _, rule in rules_for(preset):
        assert rule in text, rule
    for setting, value in settings(dl.variant(preset)).items():
        assert setting in text and value in text, setting
    for other in dl.FIVES_GAMES:
        if other != preset:
            assert f"{other}:" not in text
    assert "Draw and Block" not in text and "muggins" not in text.lower()


@pytest.mark.parametrize("preset", dl.FIVES_GAMES)
def test_a_rules_cards_layout_lies_across_its_column_with_tiles_a_teacher_can_read(preset):
    """Issue 33, item 6: five-up's and dominos-cc's example layouts are taller than wide, and
    the card drew them upright in its 250 px: about 3 cm high, a half tile 11 px.  A tall
    layout is turned a quarter: every card's layout is wider than tall, a half tile at least
    15 px (4 mm printed)."""
    from dominolab.examples import example_board

    pic = handouts.card_picture(example_board(preset))
    lay = pic["layout"]
    (x0, x1), (y0, y1) = lay["xaxis"]["range"], lay["yaxis"]["range"]
    assert x1 - x0 >= y1 - y0, "the layout stands upright"
    assert handouts._scale_of(pic) >= 15.0
    assert (y1 - y0) * handouts._scale_of(pic) <= 250 and lay["width"] <= 400  # its room on the card


def test_rules_for_keeps_a_rule_for_some_presets_only_in_theirs():
    five_up = [t for _, t in rules_for("five-up")]
    cc = [t for _, t in rules_for("dominos-cc")]
    f3 = [t for _, t in rules_for("fives-and-threes")]
    assert "Every double is a spinner." in five_up and "Every double is a spinner." not in cc
    assert "A spinner's branches are open as soon as it is placed." in cc
    assert "Scores are shown as the raw count divided by 5." in five_up
    assert not any("shown" in t for t in cc)
    assert not any("spinner" in t for t in f3) and not any("boneyard" in t for t in f3)
    assert any("count ÷ 3" in t for t in f3) and any("61" in t for t in f3)


def test_the_rules_catalogue_asks_the_rules_never_reads_its_own_sentences():
    """A rule's games come from its question of Rules: a custom rule set gets the rules of its
    settings, whatever it is called."""
    custom = dl.preset("all-fives").replace(count_moduli=(3, 5), score_by_quotient=True, name="threes")
    texts = [t for _, t in rules_for(custom)]
    assert any("count ÷ 3" in t for t in texts)
    assert "Only a positive multiple of 5 scores, for the side that placed." not in texts


@pytest.mark.parametrize("preset", dl.FIVES_GAMES)
def test_a_score_sheet_names_the_target_and_unit_and_draws_the_tally(preset):
    r = dl.variant(preset)
    page = handouts.score_sheet(preset)
    text = words(page)
    assert settings(r)["target (2 / 3 / 4 players)"] in text
    assert ("shown points" in text) == (r.unit == "shown")
    if r.tally is dl.Tally.CRIBBAGE:  # a cribbage board, drawn by the engine
        assert len(page.figures) == 1 and "cribbage board" in text and "past 61" in text
    else:
        assert len(page.figures) == 3  # three tallies, drawn by the engine
    assert text.count("this round") == 4 and "tally, player or side 4" in text


def test_a_puzzle_sheet_asks_on_one_page_and_answers_on_the_next():
    page = handouts.puzzle_sheet(2, seed=7)
    body = page.html(plotly_js="")
    asked, _, answered = body.partition("class='newpage'")
    puzzles = [dl.make_puzzle(7000 + i, 2) for i in range(1, handouts.PUZZLES_PER_SHEET + 1)]
    for k, p in enumerate(puzzles, 1):
        assert page.figures[k - 1]["layout"]["title"]["text"] == f"Puzzle {k}"
        assert "  ".join(p.hand) in html.unescape(asked)
        assert p.answer not in html.unescape(asked) and p.answer in html.unescape(answered)
    assert len(page.figures) == len(puzzles)
    # another seed, another set
    assert words(handouts.puzzle_sheet(2, seed=8)) != words(page)


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda: handouts.puzzle_sheet(4), "difficulty must be 1, 2 or 3, not 4"),
        (lambda: handouts.puzzle_sheet(1, seed=-1), "seed must be a whole number ≥ 0, not -1"),
        (lambda: handouts.rules_card("poker"), "poker"),
        (lambda: handouts.build(seed="x"), "seed must be a whole number ≥ 0, not 'x'"),
        (lambda: handouts.build(only=["menu.pdf"]), "no handout named menu.pdf; the kit: rules-five-up.pdf"),
    ],
)
def test_the_kit_refuses_what_it_cannot_make_with_a_clear_error(make, says):
    with pytest.raises(dl.DominolabError, match=re.escape(says)):
        make()


@pytest.mark.browser
def test_the_kit_prints_to_pdfs_with_the_expected_pages_and_words(tmp_path):
    from pypdf import PdfReader

    paths = handouts.build(tmp_path / "handouts", seed=3, progress=False)
    names = [p.name for p in paths]
    assert names == [n for n, _ in handouts.KIT(seed=3)]
    for path in paths:
        # (NFKC: the PDF's "ﬁ" ligature read as "fi")
        pages = [unicodedata.normalize("NFKC", pg.extract_text()) for pg in PdfReader(path).pages]
        text = " ".join(pages)
        if path.name.startswith("rules-"):
            preset = path.name.removeprefix("rules-").removesuffix(".pdf")
            assert len(pages) == 1, path.name  # one page
            assert preset in pages[0] and "A player who can play must play." in pages[0]
            assert settings(dl.variant(preset))["target (2 / 3 / 4 players)"] in pages[0]
        elif path.name.startswith("score-sheet-"):
            assert len(pages) == 1 and "Keeping score on paper" in text and "tally, player or side 4" in text
        elif path.name.startswith("puzzles-deep-"):  # several moves deep: the lines on the key
            asked, key = " ".join(pages[:-1]), pages[-1]
            assert len(pages) >= 2 and "Puzzle 6" in asked and "Your rival holds" in asked
            assert "Answer key" in key and "Answer key" not in asked
            for i in range(1, handouts.PUZZLES_PER_SHEET + 1):
                first = dl.make_line_puzzle(3000 + i, 2).line_for_you()[0]
                assert first in key.replace("\n", "") and first not in asked.replace("\n", "")
        else:
            level = int(path.name.split("-")[2])
            # the puzzles (a long line of tiles takes a row of its own: a page or more), then the
            # answer key on a page of its own
            asked, key = " ".join(pages[:-1]), pages[-1]
            assert len(pages) >= 2, path.name
            assert "Puzzle 6" in asked and "Answer key" in key and "Answer key" not in asked
            for i in range(1, handouts.PUZZLES_PER_SHEET + 1):
                answer = dl.make_puzzle(3000 + i, level).answer
                assert answer in key.replace("\n", "") and answer not in asked.replace("\n", "")


def test_the_command_line_refuses_a_file_the_kit_has_not(capsys):
    from dominolab.cli import main

    assert main(["handouts", "--only", "menu.pdf", "--out", "never-written"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("dominolab handouts: error: no handout named menu.pdf")
    import pathlib

    assert not pathlib.Path("never-written").exists()


def test_the_answer_key_has_every_exercise_and_each_is_asked_where_it_says():
    from dominolab.exercises import answer_key_markdown, asked_in

    key = answer_key_markdown()
    root = __import__("pathlib").Path(__file__).resolve().parent.parent
    for k, ex in dl.EXERCISES.items():
        assert f"`{k}`" in key and ex.explain().replace("|", "\\|") in key
        assert f'exercise(\\"{k}\\")' in (root / asked_in(k)).read_text(), (k, asked_in(k))
    with pytest.raises(dl.DominolabError, match="no-such"):
        asked_in("no-such")


@pytest.mark.parametrize("level", [1, 2, 3, "deep"])
def test_every_puzzle_prints_its_tiles_large_enough_to_read_the_pips(level):
    """Issue 33, item 6: level 3 drew its lines of 10+ tiles at about 12 px a half tile (a
    tile about 3 x 6 mm printed, its pips a smudge); every puzzle of every level now at least
    18 px (about 4.8 x 9.5 mm)."""
    for seed in (1, 2, 3):
        sheet = handouts.line_sheet(seed) if level == "deep" else handouts.puzzle_sheet(level, seed=seed)
        for fig in sheet.figures:
            lay = fig["layout"]
            x0, x1 = lay["xaxis"]["range"]
            assert (lay["width"] - 40) / (x1 - x0) >= 18, (level, seed, lay["title"]["text"])


@pytest.mark.browser
@pytest.mark.parametrize("level", [1, 3, "deep"])
def test_every_box_of_a_puzzle_sheet_is_inside_the_printed_page(level):
    """Issue 33, item 6: the right-hand boxes ran off the page (no right border).  The sheet laid
    out at the printed width of an A4 page (186 mm, 703 px) as Chromium prints it: every box
    and every picture ends at least a pixel inside it."""
    from playwright.sync_api import sync_playwright

    html_ = (handouts.line_sheet(1) if level == "deep" else handouts.puzzle_sheet(level, seed=1)).html()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=handouts.chromium(), args=handouts.CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 703, "height": 1000})
            page.emulate_media(media="print")
            page.set_content(html_)
            page.wait_for_function("window.DL_READY === true", timeout=60_000)
            rights = page.evaluate(
                "() => [...document.querySelectorAll('.puzzle, .puzzle .js-plotly-plot')]"
                ".map(e => e.getBoundingClientRect().right)"
            )
        finally:
            browser.close()
    assert len(rights) == 2 * handouts.PUZZLES_PER_SHEET
    assert max(rights) <= 702, rights


@pytest.mark.parametrize("name", ["five-up", "all-fives", "dominos-cc", "fives-and-threes"])
def test_a_rules_card_shows_in_a_notebook_as_it_prints(name):
    """Issue 36, item 5: the rules card of each game inside the course — the printed page's
    words and picture, as widgets; its styles only inside its own box (a style element reaches
    every notebook of the browser page)."""
    import ipywidgets as w

    from dominolab.widgets import FigureWidget

    card = dl.rules_card(name)
    box = card.widget()
    assert "dominolab-card" in box._dom_classes
    html_text = "".join(c.value for c in box.children if isinstance(c, w.HTML))
    figs = [c for c in box.children if isinstance(c, FigureWidget)]
    assert len(figs) == len(card.figures) == 1
    assert figs[0].to_dict()["layout"]["title"]["text"] == card.figures[0]["layout"]["title"]["text"]
    for _section, text in rules_for(name):
        assert html.escape(text) in html_text
    style = re.search(r"<style>(.*?)</style>", html_text, re.S).group(1)
    selectors = [s.strip() for rule in re.findall(r"([^{}]+)\{", style) for s in rule.split(",")]
    assert selectors and all(s.startswith(".dominolab-card") for s in selectors), selectors
    assert "<style>" not in "".join(card.parts)  # the print styles stay in the printed page
    assert "text/plain" in card._repr_mimebundle_() and "rules_card" in dir(dl)
