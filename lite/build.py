"""Build the course as an offline JupyterLite site: ``make lite`` (output in ``_site/``).

The site runs every notebook in the browser on Pyodide and is served as static files from
anywhere (a school intranet, a USB stick with ``python -m http.server``, GitHub Pages). The
build contacts npm and PyPI only (a cache in ``build/lite/`` inside the clone), and the site
contacts nothing at all:

1. Pyodide's core from the npm package at the version the kernel expects;
2. every wheel the kernel and the notebooks import, from PyPI: the lock's own pure-Python
   packages at the lock's exact versions, and the extra ones (ipywidgets, plotly, anywidget,
   nbformat and theirs), plus the project's own wheel;
3. a rewritten lock that lists only the files present, with their hashes, so that nothing
   can point at a CDN;
4. ``jupyter lite build`` with the tutorials, the notebooks and the docs, then a check that
   the output's ``pyodideUrl`` is the local copy.

Run it with the build environment's Python (``make lite`` makes ``.venv-lite``); it is the
verified recipe of ``shared/recipes/jupyterlite`` made into one script.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the project's own names for plotly's module (the engine: stdlib only)
from dominolab.server_extension import PAGE_CONFIG_URL, PAGE_CONFIG_VERSION, plotly_module_path  # noqa: E402

HERE = ROOT / "lite"
CACHE = ROOT / "build" / "lite"  # downloads, inside the clone
OUT = ROOT / "_site"

#: the kernel 0.8.6 expects this Pyodide (its constants.PYODIDE_VERSION); 0.8.7 needs a core PyPI lacks
PYODIDE = "314.0.6"
#: the lock packages the kernel and the notebooks import (their dependencies come along)
LOCK_ROOTS = ("micropip", "packaging", "ipython", "jedi", "narwhals", "typing-extensions")
#: pure-Python wheels the lock does not have; the widget stack at the versions the site's
#: JavaScript extensions come from (this environment's), the rest at versions that run here
EXTRA = (
    f"ipywidgets=={version('ipywidgets')}",
    f"plotly=={version('plotly')}",
    f"anywidget=={version('anywidget')}",
    "comm",
    "psygnal",
    "ipython-pygments-lexers",  # IPython 9 needs it; Pyodide's lock leaves it out
    "nbformat",  # plotly's mime rendering in a notebook needs it
    "fastjsonschema",
    "jsonschema==4.17.3",  # newer jsonschema needs the compiled rpds-py
    "pyrsistent==0.20.0",  # its pure wheel
    "attrs",
    "jupyter_core",
    "platformdirs",
)
CANON = re.compile(r"[-_.]+")


def canon(name: str) -> str:
    return CANON.sub("-", name).lower()


def run(*cmd: str, cwd: Path | None = None) -> None:
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, cwd=cwd, check=True)


def pip_download(dest: Path, *reqs: str) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    run(
        sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
        "--python-version", "3.14", "--platform", "any", "--implementation", "py", "-d", str(dest), *reqs,
    )  # fmt: skip


def pyodide_core() -> Path:
    """The npm package of Pyodide's core (wasm, stdlib, loader, lock), unpacked in the cache."""
    npm = CACHE / "npm"
    package = npm / "package"
    if not (package / "pyodide-lock.json").exists():
        npm.mkdir(parents=True, exist_ok=True)
        run("npm", "pack", f"pyodide@{PYODIDE}", "--silent", cwd=npm)
        with tarfile.open(npm / f"pyodide-{PYODIDE}.tgz") as t:
            t.extractall(npm, filter="data")
    return package


def lock_closure(lock: dict) -> list[dict]:
    """The lock entries of LOCK_ROOTS and of everything they depend on."""
    packages = lock["packages"]
    todo, seen = list(LOCK_ROOTS), {}
    while todo:
        name = canon(todo.pop())
        if name in seen or name not in packages:
            continue
        seen[name] = packages[name]
        todo.extend(packages[name]["depends"])
    return sorted(seen.values(), key=lambda e: e["name"])


def project_wheel(dest: Path) -> None:
    for old in dest.glob("dominolab-*.whl"):
        old.unlink()
    run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", str(ROOT), "-w", str(dest))


def offline_pyodide(package: Path, lock_wheels: Path, extra_wheels: Path, out: Path) -> list[str]:
    """Pyodide's core, the wheels, and a lock listing only the files present (the recipe's
    make_pyodide.py): a dependency not shipped is dropped, and nothing points at a CDN."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for f in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.js"):
        shutil.copy2(package / f, out / f)
    lock = json.loads((package / "pyodide-lock.json").read_text())
    by_file = {p["file_name"]: k for k, p in lock["packages"].items()}

    def sha(p: Path) -> str:
        return hashlib.sha256(p.read_bytes()).hexdigest()

    entries: dict[str, dict] = {}
    for w in sorted(lock_wheels.glob("*.whl")):
        key = by_file[w.name]
        entries[key] = dict(lock["packages"][key], sha256=sha(w))
        shutil.copy2(w, out / w.name)
    for w in sorted(extra_wheels.glob("*.whl")):
        z = zipfile.ZipFile(w)
        meta = z.read(next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))).decode()
        name = re.search(r"^Name: (.+)$", meta, re.M).group(1).strip()  # type: ignore[union-attr]
        ver = re.search(r"^Version: (.+)$", meta, re.M).group(1).strip()  # type: ignore[union-attr]
        reqs = [
            line[len("Requires-Dist: ") :]
            for line in meta.splitlines()
            if line.startswith("Requires-Dist: ") and "extra ==" not in line and "sys_platform" not in line
        ]
        tops = {n.split("/")[0] for n in z.namelist() if "/" in n}
        imports = sorted(t for t in tops if t.isidentifier())
        entries[canon(name)] = {
            "name": name,
            "version": ver,
            "file_name": w.name,
            "install_dir": "site",
            "sha256": sha(w),
            "package_type": "package",
            "imports": imports,
            "depends": [canon(re.split(r"[ ;<>=!~\[(]", r, maxsplit=1)[0]) for r in reqs],
            "unvendored_tests": False,
        }
        shutil.copy2(w, out / w.name)
    ip = entries["ipython"]
    ip["depends"] = sorted(set(ip["depends"]) | {"ipython-pygments-lexers"})
    dropped = []
    for key, e in entries.items():
        deps = [canon(d) for d in e["depends"]]
        dropped += [f"{key} → {d}" for d in deps if d not in entries]
        e["depends"] = [d for d in deps if d in entries]
    lock["packages"] = dict(sorted(entries.items()))
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
    return dropped


def one_string_outputs(path: Path) -> None:
    """Rewrite the stored outputs of the notebook at ``path`` with each text as one string.

    The notebook format lets a multi-line text be a list of lines, as Jupyter writes it;
    JupyterLite showed such a list joined with commas (lesson 1's first output began
    ``,[0|0]  [0|1]``), so the site's copies hold one string each."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb.get("cells", []):
        for out in cell.get("outputs", []):
            if isinstance(out.get("text"), list):
                out["text"] = "".join(out["text"])
            for mime, value in (out.get("data") or {}).items():
                if isinstance(value, list) and all(isinstance(x, str) for x in value):
                    out["data"][mime] = "".join(value)
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def main() -> None:
    package = pyodide_core()
    lock = json.loads((package / "pyodide-lock.json").read_text())
    lock_wheels, extra_wheels = CACHE / "wheels-lock", CACHE / "wheels-extra"
    wanted = lock_closure(lock)
    missing = [e for e in wanted if not (lock_wheels / e["file_name"]).exists()]
    if missing:
        pip_download(lock_wheels, *(f"{e['name']}=={e['version']}" for e in missing))
    for w in lock_wheels.glob("*.whl"):  # a lock wheel no longer wanted (a changed root) goes
        if w.name not in {e["file_name"] for e in wanted}:
            w.unlink()
    pip_download(extra_wheels, *EXTRA)
    project_wheel(extra_wheels)
    source = CACHE / "lite-dir"
    shutil.rmtree(source, ignore_errors=True)
    source.mkdir(parents=True)
    # jupyter-lite.json sets the notebooks' windowingMode to "none" (every cell drawn, as in
    # make lab's tests): JupyterLab's default, "contentVisibility", observes cells in a frame
    # callback that runs after a notebook closes, and throws "Cannot read properties of null
    # (reading 'observe')" when the site reopens a notebook on a busy machine (jupyterlab PR
    # 18091's observer, set to null on detach; seen in this project's browser tests)
    lite_json = json.loads((HERE / "jupyter-lite.json").read_text())
    # plotly's widget module as a file of the site, named in the page config as the server
    # extension names it in JupyterLab: the browser keeps it and its compiled code, where the
    # kernel's copy (gzipped in Pyodide, sent from its worker) was compiled again at every page
    plotly_version = version("plotly")
    page = lite_json["jupyter-config-data"]
    page[PAGE_CONFIG_URL] = "./" + plotly_module_path(plotly_version)  # made whole by the page
    page[PAGE_CONFIG_VERSION] = plotly_version
    (source / "jupyter-lite.json").write_text(json.dumps(lite_json, indent=1))
    dropped = offline_pyodide(package, lock_wheels, extra_wheels, source / "static" / "pyodide")
    print("dependencies the browser does without:", ", ".join(dropped))
    contents = CACHE / "contents"
    shutil.rmtree(contents, ignore_errors=True)
    for d in ("tutorials", "notebooks", "docs"):
        shutil.copytree(ROOT / d, contents / d, ignore=shutil.ignore_patterns("*.py", ".ipynb_checkpoints"))
    for nb in contents.rglob("*.ipynb"):
        one_string_outputs(nb)
    shutil.rmtree(OUT, ignore_errors=True)
    for db in (ROOT / ".jupyterlite.doit.db", source / ".jupyterlite.doit.db"):
        db.unlink(missing_ok=True)  # a stale build database drops pyodideUrl from the output
    run(
        sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(source),
        "--contents", str(contents), "--output-dir", str(OUT), "--no-sourcemaps",
    )  # fmt: skip
    # the module from the very wheel the site's kernel installs
    wheel = next(extra_wheels.glob(f"plotly-{plotly_version}-*.whl"))
    module = OUT / plotly_module_path(plotly_version)
    module.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(wheel) as z:
        module.write_bytes(z.read("plotly/package_data/widgetbundle.js"))
    config = json.loads((OUT / "jupyter-lite.json").read_text())["jupyter-config-data"]
    if config.get(PAGE_CONFIG_URL) != "./" + plotly_module_path(plotly_version):
        raise SystemExit(
            f"the site's page config does not name plotly's module: {config.get(PAGE_CONFIG_URL)!r}"
        )
    url = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]["pyodideUrl"]
    if not url.startswith("./static/pyodide/") or not (OUT / url).exists():
        raise SystemExit(f"the site's pyodideUrl is {url!r}: it would load Pyodide from elsewhere")
    size = sum(f.stat().st_size for f in OUT.rglob("*") if f.is_file())
    print(f"{OUT}: {size / 1e6:.0f} MB, Pyodide {PYODIDE} from {url}; serve it with: make serve-lite")


if __name__ == "__main__":
    main()
