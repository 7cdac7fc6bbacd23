"""What the browser tests and the click benchmark share: servers on loopback ports, and
clicks on plotly markers in Debian's headless Chromium (driven by Playwright for Python)."""

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

from dominolab import handouts

ROOT = pathlib.Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "test-artifacts" / "browser"
BIN = pathlib.Path(sys.executable).parent
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = handouts.CHROMIUM_ARGS  # headless, as root too, on a closed network
TOKEN = "dominolab-test"
#: `make lab`'s server config (closed pages' websocket tracebacks kept out of the log)
LAB_CONFIG = ROOT / "dominolab" / "templates" / "lab" / "jupyter_server_config.py"
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


#: Chromium's switches that keep it off every network but loopback, whatever a page asks: a
#: proxy that refuses, and a resolver that finds no host but 127.0.0.1 (a service worker's
#: traffic, which Playwright's routing does not see, is refused too)
OFFLINE_ARGS = [
    "--proxy-server=http://127.0.0.1:9",
    "--proxy-bypass-list=127.0.0.1",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
#: every URL but loopback's and the page's own data: and blob: ones
OUTSIDE = re.compile(r"^(?!(?:https?|wss?)://127\.0\.0\.1(?:[:/]|$)|data:|blob:|about:)")


def keep_on_loopback(ctx) -> list[str]:
    """Note every request of the pages of ``ctx`` to a host other than 127.0.0.1 (Chromium,
    launched with :data:`OFFLINE_ARGS`, refuses it), and return the list where each such URL is
    written (a test fails when it is not empty).

    Watched, not routed: Playwright turns the browser's HTTP cache off in a context that routes
    requests, and with it the compiled code Chromium keeps for a cached script — a reload then
    compiled all of JupyterLab and plotly.js again, as no learner's browser does.  The switches
    refuse what the routing refused."""
    refused: list[str] = []

    def note(request) -> None:
        if OUTSIDE.match(request.url):
            refused.append(request.url)

    ctx.on("request", note)
    return refused


def shut_down_sessions(url: str) -> None:
    """Shut down every session (and its kernel) of the JupyterLab server at ``url``."""
    with urllib.request.urlopen(f"{url}/api/sessions?token={TOKEN}", timeout=10) as r:
        sessions = json.load(r)
    for s in sessions:
        req = urllib.request.Request(f"{url}/api/sessions/{s['id']}?token={TOKEN}", method="DELETE")
        with urllib.request.urlopen(req, timeout=30):
            pass


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


def start_lab(workdir: pathlib.Path, tmp_path: pathlib.Path) -> tuple[Server, str]:
    """JupyterLab rooted at ``workdir`` on a free loopback port, without news or update checks."""
    port = free_port()
    settings = tmp_path / "lab-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True, exist_ok=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    # every cell in the page (JupyterLab otherwise leaves cells out of view out of the DOM)
    tracker = tmp_path / "lab-settings" / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True, exist_ok=True)
    (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
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
        f"--config={LAB_CONFIG}",  # as `make lab` runs it
        "--expose-app-in-browser",
        "--LabApp.news_url=None",
        "--LabApp.extension_manager=readonly",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    srv = Server(cmd, workdir, env, tmp_path / "lab.log")
    url = f"http://127.0.0.1:{port}"

    def up() -> bool:
        with urllib.request.urlopen(f"{url}/api/status?token={TOKEN}", timeout=2) as r:
            return r.status == 200

    try:
        wait_until(up, 90, "jupyter lab")
    except BaseException:
        srv.stop()
        raise
    return srv, url


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
        # Voilà's own word first: the port was free when chosen, but a kernel of another test
        # may have taken it since (a kernel's ports are chosen the same way), and a kernel's
        # socket accepts a connection too
        log = (tmp_path / "voila.log").read_bytes()
        if srv.proc.poll() is not None:
            tail = log[-2000:].decode(errors="replace")
            raise RuntimeError(f"voila ended (exit {srv.proc.returncode}) before serving: {tail}")
        if b"is running at" not in log:
            return False
        with socket.create_connection(("127.0.0.1", port), timeout=1):
            return True

    try:
        wait_until(listening, 60, "voila")  # not GET /: every GET / starts a kernel
    except BaseException:
        srv.stop()
        raise
    return srv, f"http://127.0.0.1:{port}"


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
    # rest on the point as a person does before clicking: plotly.js works out what is under
    # the pointer at most every 50 ms, and a click that comes sooner waits for it
    time.sleep(0.2)
    page.mouse.down()
    page.mouse.up()


def click_until(page, scope: str, fig: int, trace: int, cd: str, done, tries: int = 3) -> None:
    """Click a marker, and click again if the page has not reacted.

    The one retry the browser tests keep, and why: plotly.js (not this project) replaces a
    figure's drag layer while it re-renders, and a mouse-down that lands in that moment is
    dropped by plotly.js before any handler of ours sees it; a person clicks again, and so does
    this.  A click that arrives and is answered wrongly still fails the test (``done`` is
    checked against what the engine says)."""
    for _ in range(tries):
        click_point(page, scope, fig, trace, cd)
        deadline = time.monotonic() + 8
        while time.monotonic() < deadline:
            # looked at a moment after the click, not at once: ``done`` reads the page with a
            # script of Playwright's, which runs in the page's one thread, and read at once it
            # ran 3-6 ms in the very moment the page took the kernel's answer (a trace of the
            # clicks timed): time a person's click does not cost
            time.sleep(0.25)
            if done():
                return
    raise AssertionError(f"clicking {cd!r} had no effect after {tries} tries")


def figure_title(page, scope: str, fig: int) -> str:
    return (
        page.locator(scope).first.locator(".js-plotly-plot").nth(fig).locator(".gtitle").first.text_content()
        or ""
    )


# after each mousedown: how long until the hand (figure 0) and the board (figure 1) under
# `scope` are redrawn by plotly, and until the message line changes
CLICK_TIMER = """(scope) => {
  const root = document.querySelector(scope);
  const gds = root.querySelectorAll('.js-plotly-plot');
  const msg = root.querySelector('.dominolab-message');
  const t = window.__dlClicks = {t0: null, pending: {}, hand: [], board: [], message: []};
  // a click on a figure under scope: a button's (reset, bots play) is not a click timed
  document.addEventListener('mousedown', (e) => {
    const on = e.target instanceof Element && root.contains(e.target) && e.target.closest('.js-plotly-plot');
    if (!on) return;
    t.t0 = performance.now();
    t.pending = {hand: true, board: true, message: true};
  }, true);
  const mark = (k) => {
    if (t.t0 !== null && t.pending[k]) { t[k].push(performance.now() - t.t0); t.pending[k] = false; }
  };
  gds[0].on('plotly_afterplot', () => mark('hand'));
  gds[1].on('plotly_afterplot', () => mark('board'));
  const all = {subtree: true, childList: true, characterData: true};
  new MutationObserver(() => mark('message')).observe(msg, all);
}"""


def time_clicks(page, scope: str, moves) -> dict[str, list[float]]:
    """Play ``moves`` (``(tile, "tile:slot" or None)``) in the playground under ``scope`` by
    real clicks — the tile in the hand, then its point on the board — and return the times
    (ms) from each click to the redrawn hand, the redrawn board and the changed message, in
    the order clicked; ``"kind"`` says which click each was (``"select"``, ``"place"``), for
    the clicks that redrew all three."""
    page.evaluate(CLICK_TIMER, scope)
    message = page.locator(scope).first.locator(".dominolab-message")
    kinds: list[tuple[str, int]] = []  # a click's kind, and its times' place in the lists

    def lengths() -> list[int]:
        return page.evaluate("() => ['hand', 'board', 'message'].map((k) => window.__dlClicks[k].length)")

    def count() -> int:
        return min(lengths())

    def mark(kind: str) -> None:  # (a click whose lists are not level is left unnamed)
        got = lengths()
        if len(set(got)) == 1:
            kinds.append((kind, got[0]))

    for tile, at in moves:
        before = len(page.evaluate("() => window.__dlClicks.board"))
        picked = f"{tile} selected"
        n = count()
        mark("select")
        click_until(page, scope, 0, 0, str(tile), lambda picked=picked: picked in message.inner_text())
        wait_until(lambda n=n: count() > n, 20, "the hand, the board and the message redrawn")
        point = "lead" if at is None else str(at)
        counted = page.evaluate(POINT_XY, {"scope": scope, "fig": 1, "trace": 2, "cd": point})
        trace = 2 if counted is not None else 3
        n = count()
        mark("place")
        click_until(page, scope, 1, trace, point, lambda: "selected" not in message.inner_text())
        want = before + 2  # the board is redrawn by both clicks

        def redrawn(want: int = want) -> bool:
            return len(page.evaluate("() => window.__dlClicks.board")) >= want

        wait_until(redrawn, 20, "the board redrawn")
        wait_until(lambda n=n: count() > n, 20, "the hand, the board and the message redrawn")
    times = page.evaluate("() => window.__dlClicks")
    got = {k: list(times[k]) for k in ("hand", "board", "message")}
    longest = max(len(v) for v in got.values())
    named = dict((n, kind) for kind, n in kinds)
    got["kind"] = [named.get(i, "") for i in range(longest)]
    return got


def time_table_clicks(page, scope: str, twin, turns: int = 6) -> int:
    """Play seat 0's placements of the game table under ``scope`` by real clicks (the tile,
    then its point; *bots play* between), ``twin`` being the same table in this process (the
    notebook's, same seed), for ``turns`` turns or until seat 0 cannot place; the times go to
    ``window.__dlClicks`` as :data:`CLICK_TIMER` takes them (the bots' redraws are not
    clicks).  Returns the placements made."""
    from playwright.sync_api import expect

    box = page.locator(scope).first
    message = box.locator(".dominolab-message")
    page.evaluate(CLICK_TIMER, scope)
    placed = 0
    for _turn in range(turns):
        plays = [a for a in twin.game.legal_actions() if a.act == "play"]
        if twin.game.is_over or twin.game.to_move != 0 or not plays:
            break
        a = next((x for x in plays if x.at is not None), plays[0])
        before = len(page.evaluate("() => window.__dlClicks.board"))
        if a.at is None:  # a lead: the tile's click places it
            click_point(page, scope, 0, 0, str(a.tile))
            twin.select(a.tile)
            want = before + 1
        else:
            click_until(page, scope, 0, 0, str(a.tile), lambda: "selected" in message.inner_text())
            twin.select(a.tile)
            cd = f"{a.at[0]}:{a.at[1]}"
            counted = page.evaluate(POINT_XY, {"scope": scope, "fig": 1, "trace": 2, "cd": cd})
            click_until(
                page, scope, 1, 2 if counted is not None else 3, cd,
                lambda: "selected" not in message.inner_text(),
            )  # fmt: skip
            twin.click_point(cd)
            want = before + 2
        placed += 1
        wait_until(
            lambda want=want: len(page.evaluate("() => window.__dlClicks.board")) >= want, 20, "redrawn"
        )
        if not twin.game.is_over and twin.game.to_move != 0:
            box.get_by_role("button", name="bots play").click()
            twin.run_bots()
            expect(box.locator(".js-plotly-plot").first.locator(".gtitle")).to_contain_text(
                f"{len(twin.game.hands[0])} tiles", timeout=30_000
            )
        page.evaluate("() => { window.__dlClicks.t0 = null; }")  # the bots' redraws are not clicks
    return placed


def run_in_tab(page, nb_id: str, wait: bool = True) -> None:
    """Bring the notebook panel ``nb_id`` to the front, clear its outputs (and their execution
    counts: the stored ones would pass for a run) and run all its cells; ``wait`` for the run.
    (JupyterLab's notebook commands act on the notebook in focus, which follows a tab's
    activation a moment later.)"""
    page.evaluate("(id) => window.jupyterapp.shell.activateById(id)", nb_id)
    page.wait_for_function("(id) => window.jupyterapp.shell.currentWidget.id === id", arg=nb_id)
    page.wait_for_function(  # with one notebook open it is the current one whatever the focus
        "(id) => [...window.jupyterapp.shell.widgets('main')].length === 1"
        " || document.getElementById(id).contains(document.activeElement)",
        arg=nb_id,
        timeout=10_000,
    )
    run = "window.jupyterapp.commands.execute('notebook:run-all-cells')"
    page.evaluate(
        "async () => { await window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs'); "
        + (f"await {run}; }}" if wait else f"{run}; }}")
    )


def median(xs: list[float]) -> float:
    s = sorted(xs)
    return s[len(s) // 2] if len(s) % 2 else (s[len(s) // 2 - 1] + s[len(s) // 2]) / 2


def watch_page(ctx, pg) -> None:
    """Keep ``pg``'s console (timed from now) and its errors, with their stacks, for
    :func:`report_failure`.  With ``DOMINOLAB_CPU_THROTTLE=N`` in the environment the page's
    CPU runs N times slower, as on a busy machine: a way to make a race show itself."""
    pg.js_errors, pg.js_stacks = [], []

    t0 = time.monotonic()

    def error(e) -> None:
        pg.js_errors.append(str(e))
        pg.js_stacks.append(f"{time.monotonic() - t0:7.2f} s {getattr(e, 'stack', None) or e}")
        pg.console_lines.append(f"{time.monotonic() - t0:7.2f} s page error: {e}")

    pg.on("pageerror", error)
    pg.console_lines = []
    pg.on("console", lambda m: pg.console_lines.append(f"{time.monotonic() - t0:7.2f} s {m.type}: {m.text}"))
    throttle = float(os.environ.get("DOMINOLAB_CPU_THROTTLE", "1"))
    if throttle > 1:
        ctx.new_cdp_session(pg).send("Emulation.setCPUThrottlingRate", {"rate": throttle})


def report_failure(node, pg, tag: str = "") -> None:
    """A failed test's screenshot, the page's console and errors, and the logs of the servers
    it used, in test-artifacts/browser/; their paths go to the report.  ``tag`` names the page
    of a test that opened several."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = ARTIFACTS / f"{node.name}{tag}-FAILED.png"
    console = ARTIFACTS / f"{node.name}{tag}-FAILED-console.txt"
    try:
        pg.wait_for_timeout(500)  # the page's last console messages reach Python
        pg.screenshot(path=str(shot), full_page=True)
    except Exception as e:  # a page that crashed still leaves its console and the logs
        shot = pathlib.Path(f"(no screenshot: {e})")
    errors = getattr(pg, "js_stacks", pg.js_errors)
    refused = getattr(pg, "refused", [])
    console.write_text("\n".join([*pg.console_lines, "", "page errors:", *errors, "", "refused:", *refused]))
    paths = [str(shot), str(console)]
    for log in getattr(node, "server_logs", []):
        if log.exists():
            copy = ARTIFACTS / f"{node.name}-FAILED-{log.name}"
            shutil.copy(log, copy)
            paths.append(str(copy))
    node.user_properties.append(("browser artifacts", paths))
    node.add_report_section("call", "browser artifacts", "\n".join(paths))
    print("browser artifacts of the failure:", *paths, sep="\n  ")
