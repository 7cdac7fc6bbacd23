"""The course as an offline JupyterLite site (`make lite`), in headless Chromium with every
request outside 127.0.0.1 refused twice over (Playwright's routing, and Chromium's proxy and
resolver flags, which also stop a service worker's traffic): the kernel becomes ready,
tutorial 01 and the playground run all their cells without an error, a click on a hand tile
reaches Python and the board redraws, and no request leaves 127.0.0.1.

Without a built site (`make lite`; `make test` builds it when npm is there) these tests are
skipped, unless DOMINOLAB_REQUIRE_BROWSER=1, where they fail."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.parse
import urllib.request

import pytest
from browserkit import (
    ARTIFACTS,
    CHROMIUM,
    ROOT,
    click_point,
    free_port,
    report_failure,
    wait_until,
    watch_page,
)

pytestmark = pytest.mark.browser

SITE = ROOT / "_site"
OFFLINE = [
    "--proxy-server=http://127.0.0.1:9",
    "--proxy-bypass-list=127.0.0.1",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
KERNEL_READY = """() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const sc = w && w.sessionContext;
  return !!(sc && sc.session && sc.session.kernel && sc.session.kernel.status === 'idle'); }"""
ALL_RUN = """() => { const nb = window.jupyterapp.shell.currentWidget;
  const cells = [...nb.content.model.cells].filter(c => c.type === 'code');
  return nb.sessionContext.session.kernel.status === 'idle'
    && cells.every(c => c.executionCount !== null); }"""
CLOSE_ALL = """async () => { for (const w of [...window.jupyterapp.shell.widgets('main')]) {
  if (w.context) { w.context.model.dirty = false; } await w.close(); } }"""
ERRORS = """() => [...window.jupyterapp.shell.currentWidget.content.model.cells]
  .filter(c => c.type === 'code')
  .flatMap(c => c.outputs.toJSON().filter(o => o.output_type === 'error')
    .map(o => o.ename + ': ' + o.evalue))"""


@pytest.fixture(scope="module")
def site():
    if not (SITE / "index.html").exists():
        if os.environ.get("DOMINOLAB_REQUIRE_BROWSER") == "1":
            pytest.fail("DOMINOLAB_REQUIRE_BROWSER=1 but there is no JupyterLite site: run make lite")
        pytest.skip("no JupyterLite site in _site/: run `make lite` (needs npm)")
    config = json.loads((SITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    url = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]["pyodideUrl"]
    assert url.startswith("./static/pyodide/") and (SITE / url).exists()  # never a CDN
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(SITE)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:

        def up() -> bool:
            with urllib.request.urlopen(base + "/index.html", timeout=2) as r:
                return r.status == 200

        wait_until(up, 30, "the site's web server")
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)


@pytest.fixture(scope="module")
def offline_page(site, request):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", *OFFLINE])
        ctx = browser.new_context(viewport={"width": 1300, "height": 1400})
        left: list[str] = []

        def guard(route) -> None:
            url = route.request.url
            if url.startswith(("data:", "blob:")) or urllib.parse.urlparse(url).hostname == "127.0.0.1":
                route.continue_()
            else:
                left.append(url)
                route.abort()

        ctx.route("**/*", guard)
        seen: list[str] = []
        ctx.on("request", lambda r: seen.append(r.url))
        page = ctx.new_page()
        watch_page(ctx, page)
        page.left, page.seen = left, seen
        yield page
        browser.close()


@pytest.fixture(autouse=True)
def _report_a_failure(request):
    """A failed test of the offline page leaves its screenshot, console and errors (with their
    stacks): the page is the module's, so its own teardown never sees which test failed."""
    yield
    rep = getattr(request.node, "rep_call", None)
    if "offline_page" in request.fixturenames and rep is not None and rep.failed:
        report_failure(request.node, request.getfixturevalue("offline_page"))


def run_notebook(page, site: str, path: str, stored: list[str] | None = None) -> float:
    """Open a notebook of the site, wait for the kernel, run every cell; the seconds to a ready
    kernel.  ``stored`` gets the texts of the stored outputs, as the page showed them first."""
    t0 = time.monotonic()
    if page.url.startswith(site):
        # the next notebook opens in the same page, the ones before closed first, as a learner
        # closes a lesson done with (unsaved: the site keeps them as shipped).  A new page
        # would restore the site's saved workspace, and every notebook left in it came back
        # with its own Pyodide kernel — three booting at once on a busy machine, the stage's
        # board undrawn after 90 s (a CI run); closing them before the new page was not enough
        # (the workspace is saved a moment later), and ?reset drops the path asked for
        page.evaluate(CLOSE_ALL)
        page.evaluate("(p) => { window.jupyterapp.commands.execute('docmanager:open', {path: p}); }", path)
        page.wait_for_function(
            "(p) => { const w = window.jupyterapp.shell.currentWidget; return !!(w && w.context"
            " && w.context.path === p); }",
            arg=path,
            timeout=120_000,
        )
    else:
        page.goto(f"{site}/lab/index.html?path={path}", timeout=120_000)
    page.wait_for_function(KERNEL_READY, timeout=240_000, polling=250)
    ready = time.monotonic() - t0
    if stored is not None:
        stored.extend(page.locator(".jp-OutputArea-output pre").all_inner_texts())
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(ALL_RUN, timeout=240_000, polling=500)
    assert page.evaluate(ERRORS) == [], path
    return ready


def test_tutorial_01_runs_offline_in_the_browser(site, offline_page):
    page = offline_page
    stored: list[str] = []
    ready = run_notebook(page, site, "tutorials/01-tiles-hands-and-the-line.ipynb", stored)
    # the stored outputs as printed: no line joined to the next with a comma (issue 33, item 8)
    assert stored and stored[0].startswith("28 tiles\n[0|0]  [0|1]"), stored[:1]
    page.wait_for_timeout(2000)
    assert page.locator(".js-plotly-plot").count() >= 2  # the pictures are drawn
    mode = "window.jupyterapp.shell.currentWidget.content.notebookConfig.windowingMode"
    assert page.evaluate(mode) == "none"  # the site's setting reached the notebook
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lite-tutorial-01.png"))
    (ARTIFACTS / "lite-kernel-ready.txt").write_text(f"{ready:.1f} s to a ready kernel\n")
    print(f"JupyterLite kernel ready in {ready:.1f} s")
    assert page.left == [] and {urllib.parse.urlparse(u).hostname for u in page.seen} <= {"127.0.0.1", None}


def test_the_playground_runs_offline_and_a_click_reaches_python(site, offline_page):
    page = offline_page
    run_notebook(page, site, "notebooks/playground.ipynb")
    scope = ".dominolab-playground"
    box = page.locator(scope).first
    box.locator(".js-plotly-plot").nth(1).wait_for(timeout=90_000)
    message = box.locator(".dominolab-message")
    click_point(page, scope, 0, 0, "1|4")  # a tile of the hand: Python answers in the message line
    wait_until(lambda: "1|4 selected" in message.inner_text(), 60, "the answer to the click")
    click_point(page, scope, 1, 3, "lead")  # then the table: the board is drawn again by Python
    title = box.locator(".js-plotly-plot").nth(1).locator(".gtitle").first
    wait_until(lambda: "4 + 1 = 5" in (title.text_content() or ""), 60, "the redrawn board")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lite-playground.png"))
    errors = [e for e in page.js_errors if "ResizeObserver" not in e]
    assert errors == [], errors
    assert page.left == [], page.left[:5]  # no request left 127.0.0.1
    # plotly's module came from the site's own file (lite/build.py names it in the page
    # config), not gzipped by the kernel in its worker and compiled anew at every page
    assert any("/dominolab/plotly/" in u for u in page.seen), "plotly's module not taken from the site"


def test_a_stage_is_answered_on_the_board_offline_and_the_index_map_keeps_it(site, offline_page):
    """Issue 36, item 1: lesson 2's stage in the JupyterLite site — a lead that misses is
    refused and taken back, the right one placed; then the index, opened afresh, shows the
    stage in the learner's progress map (kept in the browser)."""
    import dominolab as dl

    page = offline_page
    run_notebook(page, site, "tutorials/02-counting-the-ends.ipynb")
    scope = ".dominolab-on-board"
    box = page.locator(scope).first
    box.locator(".js-plotly-plot").nth(1).wait_for(timeout=90_000)
    message = box.locator(".dominolab-message")
    goal = dl.stage("counting")[0]
    miss = next(r for r in goal.placements() if r.points == 0)
    right = goal.answers()[0]
    for r, says in ((miss, "The goal"), (right, "Right!")):
        click_point(page, scope, 0, 0, str(r.tile))
        wait_until(lambda r=r: f"{r.tile} selected" in message.inner_text(), 60, "the tile picked")
        click_point(page, scope, 1, 3, "lead")
        wait_until(lambda says=says: says in message.inner_text(), 60, f"{says!r} said")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lite-stage.png"))
    run_notebook(page, site, "tutorials/00-index.ipynb")
    wait_until(
        lambda: "stage counting" in page.locator(".jp-OutputArea-output").all_inner_texts().__str__(),
        60,
        "the map",
    )
    row = next(t for t in page.locator(".jp-OutputArea-output").all_inner_texts() if "stage counting" in t)
    assert "1 / 4" in row and "★★" in row, row
    assert page.left == [], page.left[:5]


def test_the_site_draws_every_cell_of_a_notebook():
    """The site's notebooks use windowingMode "none": JupyterLab's default observes cells after
    a notebook has closed and throws in the page (lite/build.py says more)."""
    if not (SITE / "jupyter-lite.json").exists():
        pytest.skip("no JupyterLite site in _site/: run `make lite` (needs npm)")
    config = json.loads((SITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    assert config["settingsOverrides"]["@jupyterlab/notebook-extension:tracker"] == {"windowingMode": "none"}


def test_the_sites_notebooks_store_each_output_text_as_one_string():
    """Issue 33, item 8: JupyterLite showed a stored output kept as a list of lines joined with
    commas (lesson 1: '28 tiles' / ',[0|0]  [0|1] …'), the first thing a learner sees offline;
    the site's copies hold each text as one string."""
    files = SITE / "files"
    if not files.is_dir():
        if os.environ.get("DOMINOLAB_REQUIRE_BROWSER") == "1":
            pytest.fail("no JupyterLite site: make lite")
        pytest.skip("no JupyterLite site: make lite")
    lesson = json.loads((files / "tutorials" / "01-tiles-hands-and-the-line.ipynb").read_text())
    first = next(o for c in lesson["cells"] for o in c.get("outputs", []) if o.get("text"))
    assert first["text"].startswith("28 tiles\n[0|0]  [0|1]")
    for path in files.rglob("*.ipynb"):
        nb = json.loads(path.read_text())
        for cell in nb.get("cells", []):
            for out in cell.get("outputs", []):
                assert not isinstance(out.get("text"), list), path
                assert not any(isinstance(v, list) for v in (out.get("data") or {}).values()), path
