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


def start_voila(workdir: pathlib.Path, tmp_path: pathlib.Path, *extra: str) -> tuple[Server, str]:
    """Voilà on the classroom demo, with the project's voila.json (as `make voila` reads it)."""
    shutil.copy(ROOT / "voila.json", workdir / "voila.json")
    port = free_port()
    cmd = [
        str(BIN / "voila"),
        "classroom-demo.ipynb",
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--Voila.port={port}",
        "--Voila.port_retries=0",
        *extra,
    ]
    srv = Server(cmd, workdir, dict(os.environ), tmp_path / "voila.log")

    def listening() -> bool:
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True

    try:
        wait_until(listening, 60, "voila")  # not GET /: every GET / starts a kernel
    except BaseException:
        srv.stop()
        raise
    return srv, f"http://127.0.0.1:{port}"


@pytest.fixture
def voila(workdir, tmp_path):
    srv, url = start_voila(workdir, tmp_path)
    try:
        yield url
    finally:
        srv.stop()


def kernels_of(srv: Server) -> int:
    """How many kernel processes the server has started and not yet shut down."""
    n = 0
    for proc in pathlib.Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text()
            cmdline = (proc / "cmdline").read_bytes()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])  # the field after the state
        n += ppid == srv.proc.pid and b"ipykernel" in cmdline
    return n


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


# the tiles drawn in every plotly figure under `scope` (trace 1 holds one point per tile)
FIGURE_TILES = """(scope) => Array.from(document.querySelector(scope).querySelectorAll('.js-plotly-plot'))
  .map(gd => (gd.data && gd.data[1] && gd.data[1].customdata) ? Array.from(gd.data[1].customdata) : null)"""


def _comparison_tiles(k: int) -> list[list[str]]:
    """What the classroom demo's comparison must draw after ``k`` placements, by the engine."""
    import dominolab as dl

    view = dl.VariantComparison(dl.examples.SEED_SEQUENCE)
    return [[str(t) for t in view.board_at(n, k).tiles] for n in view.presets]


def test_classroom_demo_in_voila_every_comparison_board_follows_the_slider(voila, page):
    from playwright.sync_api import expect

    page.goto(voila + "/", timeout=120_000)
    scope = ".dominolab-comparison"
    box = page.locator(scope).first
    expect(box.locator(".js-plotly-plot")).to_have_count(3, timeout=90_000)
    expect(box.locator(".js-plotly-plot .main-svg").first).to_be_visible(timeout=90_000)
    n = len(_comparison_tiles(9)[0])  # the seed sequence: 9 placements

    def drawn() -> list:
        return page.evaluate(FIGURE_TILES, scope)

    def settle(want: list[list[str]]) -> list:
        deadline = time.monotonic() + 20
        got = drawn()
        while got != want and time.monotonic() < deadline:
            time.sleep(0.25)
            got = drawn()
        return got

    assert settle(_comparison_tiles(n)) == _comparison_tiles(n), "the boards as first drawn"
    handle = box.locator(".noUi-handle, .ui-slider-handle").first
    handle.click()
    for k in range(n - 1, n - 6, -1):  # drag the slider down one placement at a time
        page.keyboard.press("ArrowLeft")
        want = _comparison_tiles(k)
        assert settle(want) == want, f"after moving the slider to {k}"
    page.keyboard.press("End")
    assert settle(_comparison_tiles(n)) == _comparison_tiles(n)
    # a real drag with the mouse: many values in quick succession, then the boards at rest
    track = box.locator(".noUi-target, .ui-slider").first.bounding_box()
    start = handle.bounding_box()
    y = start["y"] + start["height"] / 2
    page.mouse.move(start["x"] + start["width"] / 2, y)
    page.mouse.down()
    for i in range(1, 21):
        page.mouse.move(start["x"] - (start["x"] - track["x"]) * i / 20, y)
        time.sleep(0.03)
    for i in range(1, 11):  # and back to the middle
        page.mouse.move(track["x"] + track["width"] * i / 20, y)
        time.sleep(0.03)
    page.mouse.up()
    k = int(box.locator(".widget-readout").first.inner_text())
    assert 0 < k < n
    want = _comparison_tiles(k)
    assert settle(want) == want, f"after a drag to {k}"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "voila-comparison-slider.png"), full_page=True)
    assert_clean(page)


# each plotly figure under `scope`: its title, and per trace the points' names and edge colours
FIGURE_STATE = """(scope) => Array.from(document.querySelector(scope).querySelectorAll('.js-plotly-plot'))
  .map(gd => ({
    title: (gd.layout && gd.layout.title && gd.layout.title.text) || '',
    traces: (gd.data || []).map(t => ({
      cd: t.customdata ? Array.from(t.customdata) : null,
      line: (t.marker && t.marker.line && t.marker.line.color !== undefined)
        ? (Array.isArray(t.marker.line.color) ? Array.from(t.marker.line.color) : t.marker.line.color) : null,
    })),
  }))"""


def figure_state(fig) -> dict:
    """The same, read from a FigureWidget in Python (what the page must show)."""

    def listed(x):
        return None if x is None else (list(x) if isinstance(x, tuple | list) else x)

    traces = []
    for t in fig.data:
        marker = getattr(t, "marker", None)
        line = None if marker is None or marker.line is None else listed(marker.line.color)
        traces.append({"cd": listed(t.customdata), "line": line})
    return {"title": fig.layout.title.text or "", "traces": traces}


def settle_on(page, js: str, scope: str, want, timeout: float = 20):
    deadline = time.monotonic() + timeout
    got = page.evaluate(js, scope)
    while got != want and time.monotonic() < deadline:
        time.sleep(0.25)
        got = page.evaluate(js, scope)
    return got


def test_classroom_demo_in_voila_the_playground_is_drawn_as_the_engine_says_at_load(voila, page):
    """Voilà runs the notebook before the page connects: every figure must nevertheless show
    the widget's state (the hand's playable edges and title were lost once)."""
    from playwright.sync_api import expect

    import dominolab as dl

    want = dl.Playground("all-fives", moves=dl.examples.SEED_SEQUENCE[:3], scale=60)
    expected = [figure_state(want.hand_view.fig), figure_state(want.board_view.fig)]
    assert expected[0]["title"].startswith("Hand: ")
    page.goto(voila + "/", timeout=120_000)
    scope = ".dominolab-playground"
    expect(page.locator(scope).first.locator(".js-plotly-plot")).to_have_count(2, timeout=90_000)
    assert settle_on(page, FIGURE_STATE, scope, expected) == expected
    # and after a click the page follows the widget
    want.select("3|4")
    expected = [figure_state(want.hand_view.fig), figure_state(want.board_view.fig)]
    click_point(page, scope, 0, 1, "3|4")
    assert settle_on(page, FIGURE_STATE, scope, expected) == expected
    assert_clean(page)


def test_voila_culls_the_kernels_of_closed_pages(browser, workdir, tmp_path):
    """Every visit starts a kernel (about 120 MB); voila.json culls those whose page is gone.
    The test keeps the project's settings but shortens the idle time to a few seconds."""
    config = json.loads((ROOT / "voila.json").read_text())["MappingKernelManager"]
    assert 0 < config["cull_idle_timeout"] <= 900 and 0 < config["cull_interval"] <= 120
    assert config["cull_connected"] is False  # a page still open keeps its kernel
    srv, url = start_voila(
        workdir,
        tmp_path,
        "--MappingKernelManager.cull_idle_timeout=4",
        "--MappingKernelManager.cull_interval=1",
    )
    try:
        visits = []
        for _ in range(3):  # three visits, kept open
            ctx = browser.new_context()
            pg = ctx.new_page()
            pg.goto(url + "/", timeout=120_000)
            pg.locator(".dominolab-playground .js-plotly-plot").first.wait_for(timeout=90_000)
            visits.append(ctx)
        time.sleep(8)  # twice the idle time: a page still open keeps its kernel
        assert kernels_of(srv) == 3
        for ctx in visits:
            ctx.close()
        wait_until(lambda: kernels_of(srv) == 0, 90, "the culling of the closed pages' kernels")
    finally:
        srv.stop()
