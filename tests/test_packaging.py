"""The frame: environment.yml in step with pyproject.toml, the layout, the light core."""

import pathlib
import re
import subprocess
import sys
import tomllib

import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent


def _reqs(lines):
    out = {}
    for line in lines:
        m = re.match(r"^([A-Za-z0-9_.\-]+)\s*(?:>=\s*([0-9.]+))?", line)
        if m:
            out[m.group(1).lower()] = m.group(2)
    return out


def test_environment_yml_lists_the_same_dependencies_and_lower_bounds_as_pyproject():
    py = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda = _reqs(d for d in env["dependencies"] if isinstance(d, str))
    pip_lines = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict))
    assert "-e .[lab,test]" in pip_lines  # the package itself, from the checkout
    runtime = _reqs(py["dependencies"]) | _reqs(py["optional-dependencies"]["lab"])
    test = _reqs(py["optional-dependencies"]["test"])
    assert conda["python"] == py["requires-python"].removeprefix(">=")
    for name, low in runtime.items():
        assert conda.get(name) == low, f"{name}: environment.yml has {conda.get(name)}, pyproject {low}"
    for name in ("nbval", "pytest", "hypothesis"):
        assert conda.get(name) == test[name], name
    # the cluster extra: dask[distributed] on PyPI is dask and distributed on conda-forge
    (cluster,) = py["optional-dependencies"]["cluster"]
    m = re.match(r"^dask\[distributed\]>=([0-9.]+)$", cluster)
    assert m, cluster
    assert conda.get("dask") == conda.get("distributed") == m.group(1)
    assert cluster in py["optional-dependencies"]["test"]  # and the tests run it


def test_top_level_layout():
    for name in (
        "pyproject.toml",
        "dominolab",
        "notebooks",
        "tutorials",
        "tests",
        "environment.yml",
        "README.md",
        "Makefile",
        ".ci/run",
        "benchmarks",
    ):
        assert (ROOT / name).exists(), name


def test_import_dominolab_loads_no_notebook_stack():
    code = (
        "import sys, dominolab; heavy = [m for m in ('plotly', 'ipywidgets', 'IPython', 'jupyter_client',"
        " 'numpy', 'pandas') if m in sys.modules]; print(heavy)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_engine_modules_use_the_standard_library_only():
    """The engine's modules are declared in dominolab.ENGINE; each imports, at module level and
    when it is imported, nothing but the standard library and other engine modules (plotly,
    ipywidgets and scipy load inside the functions that need them)."""
    import dominolab

    allowed = set(sys.stdlib_module_names) | {"dominolab"}
    every = {p.stem for p in (ROOT / "dominolab").glob("*.py")} - {"__init__", "__main__"}
    every |= {p.parent.name for p in (ROOT / "dominolab").glob("*/__init__.py")}  # the widgets package
    assert set(dominolab.ENGINE) <= every and set(dominolab.FRONT) | set(dominolab.ENGINE) == every
    for mod in dominolab.ENGINE:
        src = (ROOT / "dominolab" / f"{mod}.py").read_text()
        for m in re.finditer(r"^\s*(?:from|import)\s+([A-Za-z_][A-Za-z0-9_]*)", src, re.M):
            name = m.group(1)
            if name in allowed or src[m.start() : m.end()].strip().startswith("from ."):
                continue
            # lazily imported optional extras inside functions are fine (indented)
            line = src[src.rfind("\n", 0, m.start()) + 1 : m.end()]
            assert line.startswith((" ", "\t")), f"{mod}.py imports {name} at module level"
        for m in re.finditer(r"^from \.(\w+) import", src, re.M):
            assert m.group(1) in dominolab.ENGINE, f"{mod}.py imports the front end's {m.group(1)}"
    # and what importing them loads, in a fresh interpreter
    code = (
        "import sys, importlib; before = set(sys.modules); "
        + "; ".join(f"importlib.import_module('dominolab.{m}')" for m in dominolab.ENGINE)
        + "; new = {n.split('.')[0] for n in set(sys.modules) - before}"
        + "; print(sorted(new - set(sys.stdlib_module_names)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['dominolab']", out


def test_the_engine_has_no_import_circle():
    """No engine module imports, even inside a function, a module that imports it back."""
    import dominolab

    deps = {}
    for mod in dominolab.ENGINE:
        src = (ROOT / "dominolab" / f"{mod}.py").read_text()
        deps[mod] = set(re.findall(r"^\s*from \.(\w+) import", src, re.M)) - {mod}

    def reach(start):
        seen, todo = set(), [start]
        while todo:
            for d in deps.get(todo.pop(), ()):
                if d not in seen:
                    seen.add(d)
                    todo.append(d)
        return seen

    circles = sorted(m for m in deps if m in reach(m))
    assert circles == [], f"these engine modules reach themselves by imports: {circles}"


def test_console_script_is_declared():
    py = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert py["scripts"]["dominolab"] == "dominolab.cli:main"


def test_the_browser_needs_only_the_widget_stack_and_the_desktop_course_is_an_extra():
    # the JupyterLite site carries the core dependencies: nothing that cannot run in Pyodide
    py = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert set(_reqs(py["dependencies"])) == {"ipywidgets", "plotly", "anywidget"}
    assert {"jupyterlab", "voila", "scipy"} <= set(_reqs(py["optional-dependencies"]["lab"]))
    assert '-e ".[lab,test]"' in (ROOT / "Makefile").read_text()


def test_tab_completion_offers_the_lazily_loaded_pictures_and_widgets():
    """JupyterLab completes ``dl.`` from ``dir(dl)``: the pictures and widgets, which load on first
    use, must be there, and in ``__all__``; listing them loads nothing heavy."""
    import subprocess
    import sys

    code = (
        "import sys, dominolab as dl; names = dir(dl); "
        "assert {'Playground', 'GameTable', 'draw', 'projector', 'charts', 'Board'} <= set(names), names; "
        "assert {'Playground', 'draw', 'projector'} <= set(dl.__all__); "
        "assert 'plotly' not in sys.modules and 'ipywidgets' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_make_labs_jupyterlab_fetches_no_news_checks_no_updates_and_asks_about_neither():
    """A learner's first `make lab` showed JupyterLab asking whether to fetch Jupyter's news from
    the internet.  `make install` puts the project's settings where this venv's JupyterLab reads
    its application settings (``<application directory>/settings/overrides.json``): no news, no
    update check — so no question, and nothing leaves a classroom's machine unasked."""
    import json

    from jupyterlab.commands import get_app_dir

    ours = ROOT / "dominolab" / "templates" / "lab" / "overrides.json"
    notification = json.loads(ours.read_text())["@jupyterlab/apputils-extension:notification"]
    assert notification == {"fetchNews": "false", "checkForUpdates": False}  # "none" asks
    make = (ROOT / "Makefile").read_text()
    assert "LAB_OVERRIDES := $(VENV)/share/jupyter/lab/settings/overrides.json" in make
    assert "$(LAB_OVERRIDES): dominolab/templates/lab/overrides.json" in make
    assert "install: $(STAMP) $(LAB_OVERRIDES)" in make and "lab: $(STAMP) $(LAB_OVERRIDES)" in make
    app = pathlib.Path(get_app_dir())
    if app.is_relative_to(pathlib.Path(sys.prefix)):  # this venv's JupyterLab: where make puts it
        assert app / "settings" == pathlib.Path(sys.prefix) / "share" / "jupyter" / "lab" / "settings"


def test_make_labs_server_config_keeps_closed_pages_websocket_tracebacks_out_of_the_log():
    """Issue 33, item 9: after reloads and closed tabs `make lab`'s terminal filled with
    'Task exception was never retrieved … WebSocketClosedError'.  Its config's filter drops
    those records (the error, or the stream closed under it) and keeps every other."""
    import importlib.util
    import logging

    path = ROOT / "dominolab" / "templates" / "lab" / "jupyter_server_config.py"
    assert "--config=$(LAB_CONFIG)" in (ROOT / "Makefile").read_text()
    assert str(path.relative_to(ROOT)) in (ROOT / "Makefile").read_text()
    spec = importlib.util.spec_from_file_location("lab_config", path)
    assert spec is not None and spec.loader is not None
    config = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(config)
    keep = config.ClosedPageFilter()
    from tornado.iostream import StreamClosedError
    from tornado.websocket import WebSocketClosedError

    def record(exc: BaseException | None) -> logging.LogRecord:
        info = (type(exc), exc, None) if exc is not None else None
        return logging.LogRecord(
            "asyncio", logging.ERROR, __file__, 1, "Task exception was never retrieved", None, info
        )

    try:
        try:
            raise StreamClosedError()
        except StreamClosedError:
            raise WebSocketClosedError() from None
    except WebSocketClosedError as e:
        closed = e
    assert not keep.filter(record(closed)) and not keep.filter(record(StreamClosedError()))
    assert keep.filter(record(RuntimeError("a real fault"))) and keep.filter(record(None))
    for name in ("asyncio", "tornado.general", "tornado.application"):  # each form's logger
        assert name in config.CLOSED_PAGE_LOGGERS
        assert any(isinstance(f, config.ClosedPageFilter) for f in logging.getLogger(name).filters)
        logging.getLogger(name).filters[:] = [
            f for f in logging.getLogger(name).filters if not isinstance(f, config.ClosedPageFilter)
        ]
