"""Real clicks in a real browser: from a mouse click in the playground (JupyterLab, headless
Chromium) to the redrawn board, the redrawn hand and the changed message line.

The scripted sequence places the all-fives source's nine tiles by clicks (the tile in the
hand, then its point on the board), ``--runs`` times (reset between runs), and prints the
median and the 90th percentile of each, for every click and for each kind (a tile picked in
the hand; a tile placed on the board), with how long the board and the hand took after the
message line (the kernel's round trip, most of the time before it, varies from run to run on
a shared machine).  The pointer rests on a point for 0.2 s before it clicks, as a person's
does (plotly.js works out what is under the pointer at most every 50 ms, and a click sooner
than that waits for it).

``--table`` times the game table too, in the same page after the playground (the notebook's
table against two greedy bots: seat 0's placements by clicks, the bots between, as the suite's
test does), and ``--open N`` first opens and runs N lessons of the course in the same page, as
a learner with several notebooks open (issue 33, item 10).

Run: python benchmarks/bench_clicks.py [--runs 3] [--table] [--open N]   (needs /usr/bin/chromium)
"""

from __future__ import annotations

import argparse
import pathlib
import shutil
import sys
import tempfile
import warnings

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
warnings.filterwarnings("ignore", category=DeprecationWarning)

from browserkit import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    KERNEL_IDLE,
    TOKEN,
    median,
    run_in_tab,
    start_lab,
    time_clicks,
    time_table_clicks,
)

import dominolab as dl  # noqa: E402


def percentile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def medians(times: dict[str, list[float]]) -> None:
    """Print the median and the 90th percentile of each: the message line, the board, the hand."""
    for k, label in (
        ("message", "the message line"),
        ("board", "the redrawn board"),
        ("hand", "the redrawn hand"),
    ):
        v = times[k]
        print(f"  {label:<18} median {median(v):6.1f} ms   90th percentile {percentile(v, 0.9):6.1f} ms")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="times the sequence is clicked (default 3)")
    ap.add_argument("--table", action="store_true", help="time the game table too")
    ap.add_argument("--open", type=int, default=0, metavar="N", help="lessons open and run first (default 0)")
    args = ap.parse_args(argv)
    if args.runs < 1:
        ap.error("--runs must be at least 1")
    lessons = sorted(p.name for p in (ROOT / "tutorials").glob("0[1-7]*.ipynb"))
    if not 0 <= args.open <= len(lessons):
        ap.error(f"--open must be 0 to {len(lessons)} (the lessons 1 to 7)")
    if not pathlib.Path(CHROMIUM).exists():
        sys.exit(f"bench_clicks needs Chromium at {CHROMIUM} (Debian: apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    tmp = pathlib.Path(tempfile.mkdtemp(prefix="dominolab-clicks-"))
    root = tmp / "root"
    for folder in ("notebooks", "tutorials"):
        shutil.copytree(ROOT / folder, root / folder)
    srv, url = start_lab(root, tmp)
    times: dict[str, list] = {"hand": [], "board": [], "message": [], "kind": []}
    table: dict[str, list] = {}

    def open_and_run(page, path: str) -> None:
        page.evaluate("(p) => { window.jupyterapp.commands.execute('docmanager:open', {path: p}); }", path)
        page.wait_for_function(
            "(p) => { const w = window.jupyterapp.shell.currentWidget;"
            " return !!w && !!w.context && w.context.path === p; }",
            arg=path,
            timeout=90_000,  # (playwright's default 30 s ran out once, the first run after an idle spell)
        )
        page.wait_for_function(KERNEL_IDLE, timeout=120_000)
        run_in_tab(page, page.evaluate("() => window.jupyterapp.shell.currentWidget.id"))

    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1100})
            page.goto(f"{url}/lab?token={TOKEN}&reset", timeout=90_000)
            page.wait_for_function(
                "() => window.jupyterapp && window.jupyterapp.commands.hasCommand('docmanager:open')",
                timeout=90_000,
            )
            # and the page's layout restored: a notebook opened before that was sometimes never
            # made the current tab (the wait below ran out twice in a dozen runs, 2026-12-08)
            page.evaluate("() => window.jupyterapp.restored.then(() => true)")
            for name in lessons[: args.open]:
                open_and_run(page, f"tutorials/{name}")
                print(f"open: {name}", flush=True)
            open_and_run(page, "notebooks/playground.ipynb")
            scope = ".jp-NotebookPanel:not(.lm-mod-hidden) .dominolab-playground"
            box = page.locator(scope).first
            box.locator(".js-plotly-plot").nth(1).wait_for(timeout=90_000)
            for run in range(args.runs):
                got = time_clicks(page, scope, dl.examples.SEED_SEQUENCE)
                n = min(len(v) for v in got.values())
                for k, v in got.items():
                    times[k].extend(v[:n])
                box.get_by_role("button", name="reset").click()
                page.wait_for_timeout(1000)
                print(f"run {run + 1}: {len(got['board'])} clicks", flush=True)
            if args.table:
                for run in range(args.runs):
                    # the notebook's table, made again in its kernel, and its twin here
                    open_and_run(page, "notebooks/play-a-game.ipynb")
                    twin = dl.GameTable("all-fives", players=2, bots=["greedy", "greedy"], seed=7)
                    twin.run_bots()
                    scope = ".jp-NotebookPanel:not(.lm-mod-hidden) .dominolab-table"
                    page.locator(scope).first.locator(".js-plotly-plot").nth(1).wait_for(timeout=90_000)
                    placed = time_table_clicks(page, scope, twin)
                    got = page.evaluate("() => window.__dlClicks")
                    for k in ("hand", "board", "message"):
                        table.setdefault(k, []).extend(got[k])
                    print(f"table run {run + 1}: {placed} placements", flush=True)
            browser.close()
    finally:
        srv.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    n = len(times["board"])
    print(f"playground in JupyterLab ({args.open} lessons open), {n} clicks: from the click to ...")
    for kind, clicks in (
        ("", "every click"),
        ("select", "a tile picked in the hand"),
        ("place", "placed on the board"),
    ):
        at = [i for i in range(n) if not kind or times["kind"][i] == kind]
        if not at:
            continue
        print(f" {clicks} ({len(at)} clicks):")
        medians({k: [times[k][i] for i in at] for k in ("message", "board", "hand")})
        # the kernel's round trip is most of the message line's time, and varies from run to
        # run on a shared machine: the page's own drawing is what follows the message
        for k in ("board", "hand"):
            v = [times[k][i] - times["message"][i] for i in at]
            print(f"  {k} after the message line: median {median(v):6.1f} ms")
    if table:
        print(f"game table in JupyterLab, {len(table['board'])} clicks: from the click to ...")
        medians(table)


if __name__ == "__main__":
    main()
