"""Real-browser tests: the notebooks in JupyterLab and the classroom demo in Voilà,
driven by Playwright for Python in Debian's headless Chromium (no browser download).

Each test starts its own server on a free loopback port, in a temporary copy of the
notebooks, and stops it afterwards.  Screenshots go to test-artifacts/browser/ (one on
success, one on failure).  Without /usr/bin/chromium these tests are skipped (conftest),
unless DOMINOLAB_REQUIRE_BROWSER=1, where they fail.
"""

from __future__ import annotations

import json
import os
import pathlib
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import warnings

import pytest

pytestmark = pytest.mark.browser

ROOT = pathlib.Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts" / "browser"
BIN = pathlib.Path(sys.executable).parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
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
TOKEN = "dominolab-test"
KERNEL_IDLE = (
    "() => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
    " return !!(w && w.sessionContext && w.sessionContext.session"
    " && w.sessionContext.session.kernel && w.sessionContext.session.kernel.status === 'idle'); }"
)
# screen coordinates of the point of trace `trace` whose customdata is `cd`, in the
# `fig`-th plotly figure inside the first element matching `scope`
POINT_XY = """(a) => {
  const root = document.querySelector(a.scope);
  const gd = root.querySelectorAll('.js-plotly-plot')[a.fig];
  const tr = gd.data[a.trace];
  const i = Array.from(tr.customdata).indexOf(a.cd);
  if (i < 0) return null;
  const xa = gd._fullLayout.xaxis, ya = gd._fullLayout.yaxis, r = gd.getBoundingClientRect();
  return {x: r.left + xa._offset + xa.l2p(tr.x[i]), y: r.top + ya._offset + ya.l2p(tr.y[i])};
}"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(check, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if check():
                return
        except OSError:
            pass
        time.sleep(0.2)
    raise TimeoutError(f"{what} not ready after {timeout}s")


class Server:
    """A server in its own process group, so stop() also ends the kernels it started."""

    def __init__(self, cmd: list[str], cwd: pathlib.Path, env: dict[str, str], log: pathlib.Path) -> None:
        self.log = open(log, "wb")
        self.proc = subprocess.Popen(
            cmd, cwd=cwd, env=env, stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True
        )

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()  # SIGTERM: the servers shut their kernels down
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)
        try:
            os.killpg(self.proc.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        self.log.close()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser, request):
    ctx = browser.new_context(viewport={"width": 1400, "height": 1100})
    pg = ctx.new_page()
    pg.js_errors = []
    pg.on("pageerror", lambda e: pg.js_errors.append(str(e)))
    yield pg
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        pg.screenshot(path=str(ARTIFACTS / f"{request.node.name}-FAILED.png"), full_page=True)
        print(f"failure screenshot: {ARTIFACTS / (request.node.name + '-FAILED.png')}")
    ctx.close()


@pytest.fixture
def workdir(tmp_path):
    d = tmp_path / "notebooks"
    shutil.copytree(ROOT / "notebooks", d)  # a copy: JupyterLab autosave must not touch the repo
    return d


@pytest.fixture
def lab(workdir, tmp_path):
    port = free_port()
    settings = tmp_path / "lab-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    env = dict(
        os.environ,
        JUPYTERLAB_SETTINGS_DIR=str(tmp_path / "lab-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "lab-workspaces"),
    )
    cmd = [
        str(BIN / "jupyter"),
        "lab",
        "--no-browser",
        "--allow-root",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={TOKEN}",
        f"--ServerApp.root_dir={workdir}",
        "--expose-app-in-browser",
        "--LabApp.news_url=None",
        "--LabApp.extension_manager=readonly",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    srv = Server(cmd, workdir, env, tmp_path / "lab.log")
    try:
        url = f"http://127.0.0.1:{port}"

        def up() -> bool:
            with urllib.request.urlopen(f"{url}/api/status?token={TOKEN}", timeout=2) as r:
                return r.status == 200

        wait_until(up, 90, "jupyter lab")
        yield url
    finally:
        srv.stop()


@pytest.fixture
def voila(workdir, tmp_path):
    port = free_port()
    cmd = [
        str(BIN / "voila"),
        "classroom-demo.ipynb",
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--Voila.port={port}",
        "--Voila.port_retries=0",
    ]
    srv = Server(cmd, workdir, dict(os.environ), tmp_path / "voila.log")
    try:

        def listening() -> bool:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return True

        wait_until(listening, 60, "voila")  # not GET /: every GET / starts a kernel
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.stop()


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)


def click_point(page, scope: str, fig: int, trace: int, cd: str) -> None:
    """Click a plotly marker by its customdata (plotly's drag layer covers the markers,
    so the click goes to the marker's screen coordinates)."""
    page.locator(scope).first.scroll_into_view_if_needed()
    xy = None
    deadline = time.monotonic() + 20
    while xy is None and time.monotonic() < deadline:
        xy = page.evaluate(POINT_XY, {"scope": scope, "fig": fig, "trace": trace, "cd": cd})
        if xy is None:
            time.sleep(0.2)
    assert xy is not None, f"no point {cd!r} in figure {fig}, trace {trace}"
    for _ in range(20):  # wait until the figure has stopped moving (a re-render may shift it)
        time.sleep(0.25)
        again = page.evaluate(POINT_XY, {"scope": scope, "fig": fig, "trace": trace, "cd": cd})
        if again == xy:
            break
        xy = again
    assert xy is not None, f"point {cd!r} vanished from figure {fig}, trace {trace}"
    page.mouse.move(xy["x"], xy["y"])
    page.mouse.click(xy["x"], xy["y"])


def click_until(page, scope: str, fig: int, trace: int, cd: str, done, tries: int = 3) -> None:
    """Click a marker, and click again if the page has not reacted (a click that lands
    while plotly is still re-rendering can be lost on a loaded machine)."""
    for _ in range(tries):
        click_point(page, scope, fig, trace, cd)
        deadline = time.monotonic() + 8
        while time.monotonic() < deadline:
            if done():
                return
            time.sleep(0.25)
    raise AssertionError(f"clicking {cd!r} had no effect after {tries} tries")


def figure_title(page, scope: str, fig: int) -> str:
    return (
        page.locator(scope).first.locator(".js-plotly-plot").nth(fig).locator(".gtitle").first.text_content()
        or ""
    )


def assert_clean(page) -> None:
    body = page.inner_text("body")
    assert "Error displaying widget" not in body and "model not found" not in body
    assert "Traceback (most recent call last)" not in body
    errors = [e for e in page.js_errors if "ResizeObserver" not in e]
    assert errors == [], errors


def open_and_run(page, lab: str, name: str) -> None:
    page.goto(f"{lab}/lab/tree/{name}?token={TOKEN}&reset", timeout=90_000)
    page.wait_for_function(KERNEL_IDLE, timeout=120_000)
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")  # resolves when done


def test_playground_in_jupyterlab_click_tile_then_point(lab, page):
    from playwright.sync_api import expect

    open_and_run(page, lab, "playground.ipynb")
    scope = ".dominolab-playground"
    box = page.locator(scope).first
    expect(box.locator(".js-plotly-plot .main-svg").first).to_be_visible(timeout=90_000)
    expect(box.locator(".js-plotly-plot")).to_have_count(2, timeout=60_000)
    message = box.locator(".dominolab-message")
    # lead 1|4: click it in the hand, then the centre point of the empty table
    click_point(page, scope, 0, 1, "1|4")
    expect(message).to_contain_text("1|4 selected", timeout=20_000)
    click_until(page, scope, 1, 3, "lead", lambda: "1|4 leads" in message.inner_text())
    expect(message).to_contain_text("1|4 leads: 4 + 1 = 5", timeout=20_000)
    # 1|6 lights 1|4:low; a click there makes 4 + 6 = 10
    click_point(page, scope, 0, 1, "1|6")
    expect(message).to_contain_text("1|6 selected", timeout=20_000)
    click_until(page, scope, 1, 2, "1|4:low", lambda: "4 + 6 = 10" in figure_title(page, scope, 1))
    expect(box.locator(".js-plotly-plot").nth(1).locator(".gtitle")).to_have_text(
        re.compile(r"4 \+ 6 = 10 → 10 points"), timeout=20_000
    )
    expect(box).to_contain_text("4 + 6 = 10")
    # a tile that does not play is refused, with the reason
    click_point(page, scope, 0, 1, "2|3")
    expect(message).to_contain_text("2|3 does not play", timeout=20_000)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lab-playground.png"))
    assert_clean(page)


def _my_first_move():
    """The same table as the notebook's, played in this process to know a legal move."""
    warnings.filterwarnings("ignore", category=DeprecationWarning)
    import dominolab as dl

    table = dl.GameTable("all-fives", players=2, bots=["greedy", "greedy"], seed=7)
    table.run_bots()
    return table.game.legal_actions()[0], len(table.log)


def test_game_table_in_jupyterlab_one_move_and_a_bot_answers(lab, page):
    from playwright.sync_api import expect

    action, _ = _my_first_move()
    open_and_run(page, lab, "play-a-game.ipynb")
    scope = ".dominolab-table"
    box = page.locator(scope).first
    expect(box.locator(".js-plotly-plot .main-svg").first).to_be_visible(timeout=90_000)
    if action.act == "play":
        click_point(page, scope, 0, 1, str(action.tile))
        if action.at is not None:
            expect(box.locator(".dominolab-message")).to_contain_text("selected", timeout=20_000)
            cd = f"{action.at[0]}:{action.at[1]}"
            counted = page.evaluate(POINT_XY, {"scope": scope, "fig": 1, "trace": 2, "cd": cd})
            click_point(page, scope, 1, 2 if counted is not None else 3, cd)
    else:
        box.get_by_role("button", name=action.act).click()
    expect(box).to_contain_text("seat 0 ", timeout=20_000)
    box.get_by_role("button", name="bots play").click()
    expect(box).to_contain_text("(greedy)", timeout=30_000)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lab-game-table.png"))
    assert_clean(page)


def test_classroom_demo_in_voila_one_placement_and_no_code(voila, page):
    from playwright.sync_api import expect

    page.goto(voila + "/", timeout=120_000)  # the response arrives after the notebook ran
    scope = ".dominolab-playground"
    box = page.locator(scope).first
    expect(box.locator(".js-plotly-plot .main-svg").first).to_be_visible(timeout=90_000)
    expect(box.locator(".js-plotly-plot").nth(1).locator(".gtitle")).to_have_text(
        re.compile(r"2 \+ 8 = 10 → 10 points"), timeout=60_000
    )
    click_point(page, scope, 0, 1, "3|4")
    expect(box.locator(".dominolab-message")).to_contain_text("3|4 selected", timeout=20_000)
    click_until(page, scope, 1, 2, "4|4:line-b", lambda: "2 + 3 = 5" in figure_title(page, scope, 1))
    expect(box.locator(".js-plotly-plot").nth(1).locator(".gtitle")).to_have_text(
        re.compile(r"2 \+ 3 = 5 → 5 points"), timeout=20_000
    )
    body = page.inner_text("body")
    assert "import dominolab" not in body and "dl.Playground" not in body  # no code visible
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "voila-classroom-demo.png"), full_page=True)
    assert_clean(page)
