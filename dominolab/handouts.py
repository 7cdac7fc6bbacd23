"""The teacher's kit: rules cards, score sheets and puzzle sheets, as pages to print (PDF).

Every page is HTML made here from the engine — the rules from the rule catalogue, the
settings from the presets, the pictures drawn by :func:`dominolab.draw`, the puzzles from
:func:`dominolab.make_puzzle` — and Chromium prints it to PDF (through Playwright; Debian's
``chromium`` package).  ``make handouts`` or ``dominolab handouts`` writes the whole kit:

>>> from dominolab.handouts import KIT
>>> [name for name, _ in KIT(seed=1)][:4]
['rules-five-up.pdf', 'rules-all-fives.pdf', 'rules-dominos-cc.pdf', 'rules-fives-and-threes.pdf']

The HTML alone needs nothing but plotly (:func:`rules_card`, :func:`score_sheet`,
:func:`puzzle_sheet`); a new ``seed`` prints a fresh set of puzzles.
"""

from __future__ import annotations

import dataclasses
import functools
import html
import json
import os
import pathlib
import re
import shutil
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from typing import Any

from . import words
from .board import Board, parse_placement, point_value
from .catalogue import rules_for, settings
from .errors import DominolabError, is_whole
from .examples import example_board
from .line_puzzles import make_line_puzzle
from .picture import LAPTOP, draw_tally, figure_dict
from .presets import FIVES_GAMES, variant
from .puzzles import Puzzle, best_placements, make_puzzle
from .rules import Rules, Tally
from .settlement import format_score

__all__ = ["rules_card", "score_sheet", "puzzle_sheet", "KIT", "build", "PUZZLES_PER_SHEET", "chromium"]

PUZZLES_PER_SHEET = 6
#: a puzzle's picture at most this wide (CSS pixels): half an A4 page's printed width, its
#: box's padding and border and the gap between the two columns taken off
PUZZLE_WIDTH = 320
#: the smallest scale a puzzle's tiles print at (pixels a half tile: 18 is about 4.8 mm);
#: a layout that would print smaller in half a page takes the whole width
MIN_PUZZLE_SCALE = 18.0
#: a rules card's picture: no taller than this, and a tall layout turned to lie across its
#: column (five-up's and dominos-cc's example layouts printed about 3 cm high, their tiles tiny)
_CARD = dataclasses.replace(LAPTOP, max_height=250, landscape=True)
#: the puzzle sheets' levels (their names: words.handout("levels N"))
LEVELS = (1, 2, 3)

_CSS = """
@page { size: A4; margin: 11mm 12mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 9.6pt;
       color: #000; margin: 0; }
.card { font-size: 9pt; }
.card td, .card th { padding: 0.6mm 1.4mm; }
h1 { font-size: 20pt; margin: 0 0 1mm 0; }
h2 { font-size: 11.5pt; margin: 3mm 0 1mm 0; border-bottom: 1.5px solid #000; }
.sub { color: #333; margin: 0 0 3mm 0; }
.row { display: flex; gap: 5mm; align-items: flex-start; }
.row > table { flex: 0 0 50%; width: 50%; }
.row > div { flex: 1 1 auto; min-width: 0; }
.tally-row { display: flex; flex-wrap: wrap; gap: 2mm; }
table { border-collapse: collapse; }
td, th { border: 1px solid #777; padding: 0.9mm 1.6mm; text-align: left; vertical-align: top; }
th { background: #eee; }
.rules { columns: 2; column-gap: 7mm; }
.rules h2 { break-after: avoid; }
.rules ul { margin: 0 0 1.5mm 0; padding-left: 4.5mm; }
.rules li { margin: 0 0 0.7mm 0; break-inside: avoid; }
.sheet td { height: 7.6mm; }
.tallies { display: grid; grid-template-columns: 1fr 1fr; gap: 3mm; margin-top: 3mm; }
.tally { border: 1.5px solid #000; height: 27mm; padding: 1.5mm; }
.puzzles { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 3mm 5mm;
            margin-right: 0.6mm; }  /* the right-hand boxes' border inside the printed page */
.puzzle.wide { grid-column: 1 / -1; }
.puzzle { border: 1px solid #999; padding: 1.5mm; break-inside: avoid; min-width: 0; overflow: hidden; }
.answer-line { margin-top: 1.5mm; }
.key td:nth-child(2), .key td:nth-child(3) { white-space: nowrap; }
.key td:nth-child(3) { font-family: monospace; }
.newpage { break-before: page; }
.foot { color: #555; font-size: 8pt; margin-top: 2mm; }
"""


#: a page's look in a notebook: only inside its own box (.dominolab-card)
_NOTEBOOK_CSS = """<style>
.dominolab-card table { border-collapse: collapse; margin: 4px 0; }
.dominolab-card td, .dominolab-card th { border: 1px solid #999; padding: 2px 8px; text-align: left;
  vertical-align: top; }
.dominolab-card th { background: #eee; }
.dominolab-card h2 { border-bottom: 1.5px solid #000; margin: 10px 0 4px 0; }
.dominolab-card .sub, .dominolab-card .foot { color: #555; }
</style>"""

#: where :meth:`_Page.figure` leaves a figure in the page's HTML
_FIGURE_SPOT = re.compile(r"<div id='fig(\d+)'></div>")


class _Page:
    """One printable document: HTML with plotly figures (all drawn before it is printed)."""

    def __init__(self, title: str) -> None:
        self.title = title
        self.parts: list[str] = []
        self.figures: list[dict[str, Any]] = []

    def add(self, text: str) -> None:
        self.parts.append(text)

    def widget(self) -> Any:
        """The page in a notebook: its words as HTML, its figures as figure widgets — without
        the print styles, which would reach every notebook shown in the same browser page."""
        import ipywidgets as w

        from .widgets.figure import _figure_widget

        children = [w.HTML(_NOTEBOOK_CSS)]
        for i, piece in enumerate(_FIGURE_SPOT.split("".join(self.parts))):
            if i % 2:  # the figure's number
                children.append(_figure_widget(self.figures[int(piece)]))
            elif piece.strip():
                children.append(w.HTML(piece))
        box = w.VBox(children)
        box.add_class("dominolab-card")
        return box

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = self.widget()._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            bundle["text/plain"] = repr(self)
        return bundle

    def __repr__(self) -> str:
        return f"<handout {self.title!r}: {len(self.figures)} figures>"

    def figure(self, fig: dict[str, Any]) -> str:
        """A place for ``fig`` (a plotly figure dict), static and without hover labels."""
        self.figures.append(fig)
        return f"<div id='fig{len(self.figures) - 1}'></div>"

    def html(self, plotly_js: str | None = None) -> str:
        """The document, plotly.js inside it (``plotly_js``, or plotly's own copy): it prints
        with no network, and sets ``window.DL_READY`` once every figure is drawn."""
        from plotly.offline import get_plotlyjs

        js = plotly_js if plotly_js is not None else get_plotlyjs()
        calls = ",".join(
            f"Plotly.newPlot('fig{i}', {json.dumps(f['data'])}, {json.dumps(f['layout'])}, "
            "{staticPlot: true})"
            for i, f in enumerate(self.figures)
        )
        return (
            f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(self.title)}</title>"
            f"<style>{_CSS}</style><script>{js}</script></head><body>{''.join(self.parts)}"
            f"<script>Promise.all([{calls}]).then(() => {{ window.DL_READY = true; }});</script>"
            "</body></html>"
        )


def _esc(x: object) -> str:
    return html.escape(str(x))


def _plain(fig: Any) -> dict[str, Any]:
    """A plotly figure (or figure dict) as plain JSON-ready data."""
    d = fig if isinstance(fig, dict) else fig.to_plotly_json()
    out: dict[str, Any] = json.loads(json.dumps(d, default=str))
    return out


def card_picture(board: Board) -> dict[str, Any]:
    """A rules card's picture of ``board``: at most 330 px wide and 250 px tall, a tall layout
    turned a quarter to lie across the card's column."""
    return figure_dict(board, scale=19, max_width=330, legend=True, display=_CARD)


def rules_card(preset: str) -> _Page:
    """One page: ``preset``'s settings, its rules in plain words (the rule catalogue, the
    rules page's order) and a layout the engine draws with its count and key.  Printed by
    ``make handouts``; shown in a notebook as it is (``dl.rules_card("five-up")``).

    >>> card = rules_card("five-up")
    >>> card
    <handout 'five-up: the rules on one page': 1 figures>
    """
    r = variant(preset)
    name = r.preset
    page = _Page(words.handout("card title", game=name))
    page.add(
        f"<div class='card'><h1>{_esc(name)}</h1>"
        f"<p class='sub'>{_esc(words.handout('card sub', spinners=r.spinner_text))}</p>"
    )
    rows = [words.setting(k, v) for k, v in settings(r).items()]
    table = "".join(f"<tr><th>{_esc(k)}</th><td>{_esc(v)}</td></tr>" for k, v in rows)
    board = example_board(name)
    pic = card_picture(board)
    page.add(
        f"<div class='row'><table>{table}</table><div>{page.figure(_plain(pic))}"
        f"<p class='foot'>{_esc(words.handout('card foot picture'))}</p>"
        "</div></div>"
    )
    sections: dict[str, list[str]] = {}
    for section, text in rules_for(name):
        sections.setdefault(section, []).append(text)
    body = "".join(
        f"<h2>{_esc(sec)}</h2><ul>{''.join(f'<li>{_esc(t)}</li>' for t in texts)}</ul>"
        for sec, texts in sections.items()
    )
    page.add(f"<div class='rules'>{body}</div>")
    page.add(f"<p class='foot'>{_esc(words.handout('card foot'))}</p>")
    return page


def score_sheet(preset: str, sides: int = 4, rounds: int = 15) -> _Page:
    """One page: a score table for ``sides`` players or sides over ``rounds`` rounds, the
    paper tally (a stroke per 5 raw points, an X-house of 50) drawn by the engine, and a box
    per side to keep it in."""
    r = variant(preset)
    s = settings(r)
    unit = words.handout("unit shown" if r.unit == "shown" else "unit points")
    page = _Page(words.handout("sheet title", game=r.preset))
    checked = words.setting("target checked", s["target checked"])[1]
    sub = words.handout("sheet sub", target=s["target (2 / 3 / 4 players)"], unit=unit, checked=checked)
    sub += (words.handout("below zero") if r.unit == "shown" else "") + "."
    page.add(f"<h1>{_esc(words.handout('sheet head', game=r.preset))}</h1><p class='sub'>{_esc(sub)}</p>")
    if r.tally is Tally.CRIBBAGE:
        target = r.target(r.min_players)
        pics = page.figure(_small_tally(45, r))
        page.add(
            f"<h2>{_esc(words.handout('cribbage head'))}</h2>"
            f"<p>{_esc(words.handout('cribbage text', target=target))}</p>"
            f"<div class='tally-row'>{pics}</div>"
        )
    else:
        examples = (7, 10, 17) if r.unit == "shown" else (35, 50, 85)
        pics = "".join(page.figure(_small_tally(x, r.unit)) for x in examples)
        text = words.handout("paper text shown" if r.unit == "shown" else "paper text raw")
        page.add(
            f"<h2>{_esc(words.handout('paper head'))}</h2><p>{_esc(text)}</p>"
            f"<div class='tally-row'>{pics}</div>"
        )
    head = "".join(
        f"<th colspan='2'>{_esc(words.handout('player or side', n=i + 1))}</th>" for i in range(sides)
    )
    pair = f"<th>{_esc(words.handout('this round'))}</th><th>{_esc(words.handout('total'))}</th>"
    sub = "".join(pair for _ in range(sides))
    cells = "".join("<td></td><td></td>" for _ in range(sides))
    rows = "".join(f"<tr><td>{k + 1}</td>{cells}</tr>" for k in range(rounds))
    page.add(
        f"<h2>{_esc(words.handout('rounds'))}</h2><table class='sheet' style='width:100%'>"
        f"<tr><th rowspan='2'>{_esc(words.handout('round'))}</th>{head}</tr>"
        f"<tr>{sub}</tr>{rows}</table>"
    )
    boxes = "".join(
        f"<div class='tally'>{_esc(words.handout('tally box', n=i + 1))}</div>" for i in range(min(sides, 4))
    )
    page.add(f"<div class='tallies'>{boxes}</div>")
    return page


def _small_tally(points: int, unit: str | Rules) -> dict[str, Any]:
    """The engine's tally picture of ``points``, small, titled with the points alone (the
    sheet says what a stroke is worth); ``unit`` a game whose score is kept on a cribbage
    board draws the board."""
    fig = _plain(draw_tally(points, unit))
    lay = fig["layout"]
    title = words.handout("tally title shown" if unit == "shown" else "tally title", n=points)
    if not isinstance(unit, str):
        lay["title"] = {"text": title, "x": 0.5}
        lay["height"], lay["margin"] = 150, {"l": 10, "r": 10, "t": 36, "b": 6}
        lay["width"] = 430
        return fig
    lay["title"] = {"text": title, "x": 0.5}
    lay["height"], lay["margin"] = 130, {"l": 10, "r": 10, "t": 36, "b": 6}
    x0, x1 = lay["xaxis"]["range"]
    # the same scale across and down, and room for the title
    lay["width"] = max(int((x1 - x0) * (130 - 42) / 2.6) + 20, 30 + 9 * len(title))
    return fig


def _scale_of(fig: dict[str, Any]) -> float:
    """The pixels a half tile of a layout's picture: its width over its x range (margins aside)."""
    lay = fig["layout"]
    x0, x1 = lay["xaxis"]["range"]
    return float((lay["width"] - 40) / (x1 - x0))


def _box(page: _Page, k: int, board: Board, hands: list[tuple[str, Sequence[str]]], answer: str) -> str:
    """Puzzle ``k``'s box: its layout, the hands shown (``(label, tiles)``) and the line to
    write the answer on.  Two puzzles a row, each within its half of the page; a long line of
    tiles that would print too small there gets the whole width, so that its pips can be read."""
    title = words.handout("puzzle n", n=k)
    fig = figure_dict(board, scale=25, max_width=PUZZLE_WIDTH, title=title, display=LAPTOP)
    wide = _scale_of(fig) < MIN_PUZZLE_SCALE
    if wide:
        fig = figure_dict(board, scale=25, max_width=2 * PUZZLE_WIDTH, title=title, display=LAPTOP)
    shown = "".join(f"<div>{_esc(label)} <b>{_esc('  '.join(tiles))}</b></div>" for label, tiles in hands)
    return (
        f"<div class='puzzle{' wide' if wide else ''}'>{page.figure(_plain(fig))}{shown}"
        f"<div class='answer-line'>{_esc(answer)}</div></div>"
    )


def _puzzles(difficulty: int, seed: int, count: int) -> list[Puzzle]:
    return [make_puzzle(seed * 1000 + i, difficulty) for i in range(1, count + 1)]


def puzzle_sheet(difficulty: int, seed: int = 1, count: int = PUZZLES_PER_SHEET) -> _Page:
    """Two pages: ``count`` scoring puzzles of ``difficulty`` (1–3) made from ``seed``, then
    their answer key, each answer with the engine's reason."""
    if difficulty not in LEVELS:
        raise DominolabError(words.handout("difficulty", value=repr(difficulty)))
    if not is_whole(seed) or isinstance(seed, bool) or seed < 0:
        raise DominolabError(words.handout("seed", value=repr(seed)))
    puzzles = _puzzles(difficulty, seed, count)
    page = _Page(words.handout("puzzles title", level=difficulty, seed=seed))
    rules = puzzles[0].rules
    level = words.handout(f"levels {difficulty}")
    example = f"<b>{_esc(words.handout('example'))}</b>"
    sub = _esc(words.handout("puzzles sub", game=rules, seed=seed, example="{example}")).replace(
        "{example}", example
    )
    page.add(
        f"<h1>{_esc(words.handout('puzzles head', level=difficulty, name=level))}</h1><p class='sub'>{sub}</p>"  # noqa: E501
    )
    boxes = [
        _box(page, k, p.board(), [(words.handout("hand"), p.hand)], words.handout("answer line"))
        for k, p in enumerate(puzzles, 1)
    ]
    page.add(f"<div class='puzzles'>{''.join(boxes)}</div>")
    rows = []
    for k, p in enumerate(puzzles, 1):
        best = best_placements(p.board(), p.hand)[0]
        t, at = parse_placement(p.answer)
        said = str(t) if at is None else words.handout("on the", tile=t, value=point_value(*at), other=at[0])
        rows.append(
            f"<tr><td>{k}</td><td>{_esc(said)}</td><td>{_esc(p.answer)}</td><td>{p.points}</td>"
            f"<td>{_esc(best.reason)}</td></tr>"
        )
    heads = "".join(
        f"<th>{_esc(words.handout(h))}</th>" for h in ("puzzle", "best placement", "written", "points", "why")
    )
    page.add(
        f"<div class='newpage'><h1>{_esc(words.handout('key head', level=difficulty, seed=seed))}</h1>"
        f"<p class='sub'>{_esc(words.handout('key sub'))}</p>"
        f"<table class='key' style='width:100%'><tr>{heads}</tr>{''.join(rows)}</table></div>"
    )
    return page


def line_sheet(seed: int = 1, count: int = PUZZLES_PER_SHEET) -> _Page:
    """Two pages: ``count`` puzzles several moves deep (:func:`~dominolab.make_line_puzzle`,
    level 2: the best first move is not the one that scores most at once) made from ``seed``,
    every hand shown; then their answer key: a best line for each, and the result it keeps."""
    if not is_whole(seed) or isinstance(seed, bool) or seed < 0:
        raise DominolabError(words.handout("seed", value=repr(seed)))
    puzzles = [make_line_puzzle(seed * 1000 + i, 2) for i in range(1, count + 1)]
    page = _Page(words.handout("deep title", seed=seed))
    rules = puzzles[0].rules
    page.add(
        f"<h1>{_esc(words.handout('deep head'))}</h1>"
        f"<p class='sub'>{_esc(words.handout('deep sub', game=rules, seed=seed))}</p>"
    )
    held = (words.handout("you hold"), words.handout("rival holds"))
    boxes = [
        _box(
            page,
            k,
            p.board(),
            list(zip(held, (p.hand, p.theirs), strict=True)),
            words.handout("deep answer line"),
        )
        for k, p in enumerate(puzzles, 1)
    ]
    page.add(f"<div class='puzzles'>{''.join(boxes)}</div>")
    rows = [
        f"<tr><td>{k}</td><td>{_esc(' → '.join(p.line_for_you()))}</td>"
        f"<td>{_esc(_half_points(p.best))}</td></tr>"
        for k, p in enumerate(puzzles, 1)
    ]
    heads = "".join(f"<th>{_esc(words.handout(h))}</th>" for h in ("puzzle", "your best line", "ahead by"))
    page.add(
        f"<div class='newpage'><h1>{_esc(words.handout('deep key head', seed=seed))}</h1>"
        f"<p class='sub'>{_esc(words.handout('deep key sub'))}</p>"
        f"<table class='key' style='width:100%'><tr>{heads}</tr>{''.join(rows)}</table></div>"
    )
    return page


def _half_points(half: int) -> str:
    return format_score(Fraction(half, 2) if half % 2 else half // 2)


def KIT(seed: int = 1) -> list[tuple[str, Callable[[], _Page]]]:  # noqa: N802 - a table, read as one
    """The kit's files, in order: ``(file name, page maker)``."""
    kit: list[tuple[str, Callable[[], _Page]]] = []
    for n in FIVES_GAMES:
        kit.append((f"rules-{n}.pdf", functools.partial(rules_card, n)))
    for n in FIVES_GAMES:
        kit.append((f"score-sheet-{n}.pdf", functools.partial(score_sheet, n)))
    for d in LEVELS:
        kit.append((f"puzzles-level-{d}-set-{seed}.pdf", functools.partial(puzzle_sheet, d, seed)))
    kit.append((f"puzzles-deep-set-{seed}.pdf", functools.partial(line_sheet, seed)))
    return kit


#: Chromium's switches for printing headless, as root too, on a machine without a network
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def chromium() -> str:
    """Chromium's path: ``$DOMINOLAB_CHROMIUM``, else ``chromium`` on the PATH."""
    path = (
        os.environ.get("DOMINOLAB_CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    )
    if not path:
        raise DominolabError(words.handout("no chromium"))
    return path


def build(
    out: str | os.PathLike[str] = "handouts",
    seed: int = 1,
    only: Iterable[str] | None = None,
    progress: bool = True,
) -> list[pathlib.Path]:
    """Print the kit (or the files named in ``only``) to PDFs in ``out``; returns their paths."""
    if not is_whole(seed) or isinstance(seed, bool) or seed < 0:
        raise DominolabError(words.handout("seed", value=repr(seed)))
    kit = KIT(seed)
    if only is not None:
        wanted = set(only)
        unknown = wanted - {n for n, _ in kit}
        if unknown:
            raise DominolabError(
                words.handout(
                    "no handout", names=", ".join(sorted(unknown)), kit=", ".join(n for n, _ in kit)
                )
            )
        kit = [(n, m) for n, m in kit if n in wanted]
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise DominolabError(words.handout("no playwright")) from None
    from plotly.offline import get_plotlyjs

    exe = chromium()
    folder = pathlib.Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    js = get_plotlyjs()
    done = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=exe, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            for i, (name, make) in enumerate(kit, 1):
                page.set_content(make().html(js), wait_until="load")
                page.wait_for_function("window.DL_READY === true", timeout=60_000)
                path = folder / name
                page.pdf(path=str(path), format="A4", print_background=True, prefer_css_page_size=True)
                done.append(path)
                if progress:
                    print(f"[{i}/{len(kit)}] {path}", flush=True)
        finally:
            browser.close()
    return done
