"""Test configuration: the browser tests need Debian's chromium.

Without /usr/bin/chromium they are skipped with a clear message, unless
DOMINOLAB_REQUIRE_BROWSER=1 (as .ci/run sets), where a skip becomes a failure.
"""

from __future__ import annotations

import os
import pathlib
import sys

import pytest
from hypothesis import HealthCheck, settings

sys.path.insert(0, str(pathlib.Path(__file__).parent))

# a property test is judged by what it finds, never by the clock: this machine is shared, and a
# busy core made the same examples slow (deadline) or their generation slow (too_slow)
settings.register_profile("dominolab", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("dominolab")

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
REQUIRE_BROWSER = os.environ.get("DOMINOLAB_REQUIRE_BROWSER") == "1"


ROOT = pathlib.Path(__file__).resolve().parent.parent


def _check_every_notebook_collected(config, items):
    """A notebook suite that silently finds no notebooks must not pass: on a full run
    (plain `pytest`, which runs the configured testpaths), every notebook of tutorials/
    and notebooks/ must have been collected by nbval."""
    if config.args != [str(a) for a in config.getini("testpaths")]:
        return  # a partial run: the user chose what to run
    expected = {
        str(p.relative_to(ROOT)) for d in ("tutorials", "notebooks") for p in (ROOT / d).glob("*.ipynb")
    }
    seen = {item.nodeid.split("::")[0] for item in items if item.nodeid.split("::")[0].endswith(".ipynb")}
    missing = expected - seen
    if missing or not expected:
        raise pytest.UsageError(f"nbval did not collect {sorted(missing) or 'any notebook'}")


def pytest_collection_modifyitems(config, items):
    _check_every_notebook_collected(config, items)
    if os.path.exists(CHROMIUM):
        return
    why = (
        f"browser tests need Chromium at {CHROMIUM} (Debian: apt-get install chromium); "
        "set CHROMIUM=/path/to/chromium to use another"
    )
    for item in items:
        if "browser" in item.keywords and not REQUIRE_BROWSER:
            item.add_marker(pytest.mark.skip(reason=why))


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the test item (the browser tests' page fixture reads
    ``rep_call`` to save a screenshot and the console of a failed test)."""
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)


def pytest_runtest_setup(item):
    if "browser" in item.keywords and REQUIRE_BROWSER and not os.path.exists(CHROMIUM):
        pytest.fail(f"DOMINOLAB_REQUIRE_BROWSER=1 but {CHROMIUM} is missing")


_STARTED = [0.0]


def pytest_sessionstart(session):
    import time

    _STARTED[0] = time.time()


def pytest_terminal_summary(terminalreporter):
    """Say how many notebooks nbval executed, so a suite that finds none is visible."""
    nb = {
        rep.nodeid.split("::")[0]
        for key in ("passed", "failed")
        for rep in terminalreporter.stats.get(key, [])
        if rep.nodeid.split("::")[0].endswith(".ipynb")
    }
    terminalreporter.write_line(f"notebooks executed by nbval: {len(nb)}")
    shots = ROOT / "test-artifacts" / "browser"
    if shots.is_dir() and any(shots.glob("*.png")):
        terminalreporter.write_line(f"browser screenshots: {shots}")
    failed = (
        sorted(p for p in shots.glob("*-FAILED*") if p.stat().st_mtime >= _STARTED[0])
        if shots.is_dir()
        else []
    )
    if failed:  # what a failed browser test left: its screenshot, the page's console, the servers' logs
        terminalreporter.write_line("browser artifacts of the failures:", red=True)
        for p in failed:
            terminalreporter.write_line(f"  {p}")
    reloads = (
        [p for p in (shots / "reload-times").glob("*.json") if p.stat().st_mtime >= _STARTED[0]]
        if shots.is_dir()
        else []
    )
    if reloads:
        import json

        runs = [r for p in reloads for r in json.loads(p.read_text())["reloads"]]
        terminalreporter.write_line(
            f"widgets drawn again after a save and a reload ({len(runs)} reloads): "
            f"kernels connected after {max(r['connected'] for r in runs)} s at worst, every widget drawn "
            f"after {max(r['drawn'] for r in runs)} s at worst (each in {shots / 'reload-times'})"
        )
    for name, what in (("click-times.json", "playground"), ("table-click-times.json", "game table")):
        clicks = shots / name
        if clicks.exists() and clicks.stat().st_mtime >= _STARTED[0]:
            import json

            summary = json.loads(clicks.read_text())["summary"]
            terminalreporter.write_line(
                f"{what} clicks in JupyterLab, median ms from click to: "
                + ", ".join(f"{k} {v['median_ms']} ({v['clicks']} clicks)" for k, v in summary.items())
            )


@pytest.fixture(autouse=True)
def _fresh_exercise_feedback():
    """Each test starts with no wrong answers counted: the exercises' feedback escalates with
    them (dominolab.exercises), and tests must not depend on each other's order."""
    from dominolab.exercises import reset_tries

    reset_tries()
    yield


@pytest.fixture
def without_front():
    """Run ``code`` (after ``import sys, dominolab as dl``) in a fresh Python and check that it
    imported neither ipywidgets nor plotly: the engine's models need no kernel and no figures."""
    import subprocess

    def run(code: str) -> None:
        check = (
            "\nfront = sorted(m for m in sys.modules if m.startswith(('ipywidgets', 'plotly')))"
            "\nassert not front, front"
        )
        subprocess.run([sys.executable, "-c", "import sys, dominolab as dl\n" + code + check], check=True)

    return run
