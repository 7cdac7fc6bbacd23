"""Where learners wait in the browser: the same work timed in the JupyterLite site (Pyodide, in
headless Chromium) and in CPython, side by side.

The site (``make lite``) is served on 127.0.0.1; a Pyodide kernel is started through the page's
own service manager and runs ``WORK`` (the variant lab's simulation cell, the expert bot's moves,
making puzzles, the review of a long game); the same code then runs here.  Figures are seconds
(medians where repeated).
Needs the built site and Debian's chromium.

    python benchmarks/bench_lite.py
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[1]
SITE = ROOT / "_site"

# what is timed, in both: each line of output is "name seconds"
WORK = r"""
import time, statistics
import dominolab as dl

def timed(name, fn, repeat=1):
    times = []
    for _ in range(repeat):
        t = time.perf_counter(); fn(); times.append(time.perf_counter() - t)
    print(name, round(statistics.median(times), 4))

def lab():
    dl.simulate("all-fives", 2, "greedy", 200, seed=1, progress=False)
timed("simulate 200 games (variant lab)", lab)
g = dl.Game("all-fives", 2, seed=3)
bot = dl.make_bot("expert", seed=1)
def expert_moves():
    for _ in range(5):
        if g.is_over: break
        g.apply(dl.bot_action(g, bot))
timed("expert bot, 5 moves", expert_moves)
timed("one-move puzzle, level 3", lambda: dl.make_puzzle(11, 3), repeat=5)
timed("line puzzle, level 1", lambda: dl.make_line_puzzle(11, 1), repeat=5)
timed("line puzzle, level 2", lambda: dl.make_line_puzzle(11, 2), repeat=3)
timed("two-turn puzzle, level 2", lambda: dl.make_line_puzzle(11, 2, goal="two-turns"), repeat=3)
games = (dl.play_game("five-up", 2, "greedy", seed=k) for k in range(1, 200))
long = next(x for x in games if len(x.rounds) >= 20)
timed(f"review of a {len(long.rounds)}-round game", lambda: dl.review(long, seat=0).summary(), repeat=3)
"""

RUN_IN_KERNEL = """async (code) => {
  const sm = window.jupyterapp.serviceManager;
  await window.jupyterapp.restored;  // the kernels' plugins are in before a session is asked for
  await sm.ready;
  await sm.kernelspecs.ready;
  const session = await sm.sessions.startNew({path: 'bench-lite.ipynb', type: 'notebook', name: 'bench',
                                              kernel: {name: 'python'}});
  const kernel = session.kernel;
  const out = [];
  const future = kernel.requestExecute({code});
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === 'stream') out.push(msg.content.text);
    if (msg.header.msg_type === 'error') out.push('ERROR ' + msg.content.ename + ': ' + msg.content.evalue);
  };
  await future.done;
  await session.shutdown();
  return out.join('');
}"""


def parse(text: str) -> dict[str, float]:
    out = {}
    for line in text.splitlines():
        if line.startswith("ERROR"):
            raise SystemExit(line)
        name, _, seconds = line.rpartition(" ")
        if name:
            out[name] = float(seconds)
    return out


def in_browser() -> dict[str, float]:
    from playwright.sync_api import sync_playwright

    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "8771", "--bind", "127.0.0.1", "--directory", str(SITE)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(50):
            try:
                urllib.request.urlopen("http://127.0.0.1:8771/index.html", timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"]
            )
            page = browser.new_page()
            page.goto("http://127.0.0.1:8771/lab/index.html", timeout=120_000)
            page.wait_for_function(
                "() => window.jupyterapp && window.jupyterapp.serviceManager", timeout=120_000
            )
            t = time.perf_counter()
            text = page.evaluate(RUN_IN_KERNEL, "import dominolab\n" + WORK)
            print(f"(the Pyodide kernel started and ran it all in {time.perf_counter() - t:.0f} s)")
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    return parse(text)


def in_cpython() -> dict[str, float]:
    child = subprocess.run([sys.executable, "-c", WORK], capture_output=True, text=True, check=True)
    return parse(child.stdout)


def main() -> None:
    if not (SITE / "index.html").exists():
        raise SystemExit("no JupyterLite site in _site/: run `make lite` first")
    lite = in_browser()
    here = in_cpython()
    print(f"{'seconds':<34} {'JupyterLite':>12} {'CPython':>9} {'ratio':>7}")
    for name, s in here.items():
        b = lite.get(name)
        shown = f"{b:12.3f}" if b is not None else f"{'-':>12}"
        ratio = f"{b / s:6.1f}x" if b is not None and s > 0 else ""
        print(f"{name:<34} {shown} {s:9.3f} {ratio:>7}")
    print(json.dumps({"lite": lite, "cpython": here}))


if __name__ == "__main__":
    main()
