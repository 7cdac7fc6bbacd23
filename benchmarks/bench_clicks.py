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

Run: python benchmarks/bench_clicks.py [--runs 3]     (needs /usr/bin/chromium)
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
    start_lab,
    time_clicks,
)

import dominolab as dl  # noqa: E402


def percentile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3, help="times the sequence is clicked (default 3)")
    args = ap.parse_args(argv)
    if args.runs < 1:
        ap.error("--runs must be at least 1")
    if not pathlib.Path(CHROMIUM).exists():
        sys.exit(f"bench_clicks needs Chromium at {CHROMIUM} (Debian: apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    tmp = pathlib.Path(tempfile.mkdtemp(prefix="dominolab-clicks-"))
    work = tmp / "notebooks"
    shutil.copytree(ROOT / "notebooks", work)
    srv, url = start_lab(work, tmp)
    times: dict[str, list] = {"hand": [], "board": [], "message": [], "kind": []}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 1100})
            page.goto(f"{url}/lab/tree/playground.ipynb?token={TOKEN}&reset", timeout=90_000)
            page.wait_for_function(KERNEL_IDLE, timeout=120_000)
            page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
            scope = ".dominolab-playground"
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
            browser.close()
    finally:
        srv.stop()
        shutil.rmtree(tmp, ignore_errors=True)
    n = len(times["board"])
    print(f"playground in JupyterLab, {n} clicks: from the click to ...")
    for kind, clicks in (
        ("", "every click"),
        ("select", "a tile picked in the hand"),
        ("place", "placed on the board"),
    ):
        at = [i for i in range(n) if not kind or times["kind"][i] == kind]
        if not at:
            continue
        print(f" {clicks} ({len(at)} clicks):")
        for k, label in (
            ("message", "the message line"),
            ("board", "the redrawn board"),
            ("hand", "the redrawn hand"),
        ):
            v = [times[k][i] for i in at]
            print(f"  {label:<18} median {median(v):6.1f} ms   90th percentile {percentile(v, 0.9):6.1f} ms")
        # the kernel's round trip is most of the message line's time, and varies from run to
        # run on a shared machine: the page's own drawing is what follows the message
        for k in ("board", "hand"):
            v = [times[k][i] - times["message"][i] for i in at]
            print(f"  {k} after the message line: median {median(v):6.1f} ms")


if __name__ == "__main__":
    main()
