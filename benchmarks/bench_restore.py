"""What a page receives when it restores its widgets (a reload in JupyterLab, Voilà on load):
every notebook of the course with widgets is run in a real kernel, then the kernel is asked
what its widgets' state weighs — the JSON and the binary buffers of the one reply that
JupyterLab's widget manager waits 4 s for before it falls back to asking model by model.

Run: python benchmarks/bench_restore.py
"""

from __future__ import annotations

import json
import pathlib
import sys
import time

import nbformat
from nbclient import NotebookClient

ROOT = pathlib.Path(__file__).resolve().parent.parent

# run in the kernel after the notebook: the state ipywidgets sends on 'request_states'
MEASURE = """
import json as _json
from ipywidgets.widgets.widget import _instances, _remove_buffers
_state = {k: {"state": w.get_state()} for k, w in _instances.items()}
_state, _paths, _buffers = _remove_buffers(_state)
print(_json.dumps({"models": len(_instances), "json": len(_json.dumps(_state)),
                   "binary": sum(memoryview(b).nbytes for b in _buffers)}))
"""


def measure(path: pathlib.Path) -> dict[str, float]:
    nb = nbformat.read(path, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(MEASURE))
    t0 = time.perf_counter()
    NotebookClient(
        nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    ).execute()
    out = json.loads(nb.cells[-1].outputs[0]["text"])
    out["seconds"] = time.perf_counter() - t0
    return out


def main() -> None:
    paths = [
        p
        for d in ("tutorials", "notebooks")
        for p in sorted((ROOT / d).glob("*.ipynb"))
        if "application/vnd.jupyter.widget-view+json" in p.read_text()
    ]
    if len(sys.argv) > 1:
        paths = [p for p in paths if any(a in p.name for a in sys.argv[1:])]
    print(f"{'notebook':48} {'models':>6} {'JSON MB':>8} {'binary MB':>9}")
    for p in paths:
        m = measure(p)
        name = f"{p.parent.name}/{p.name}"
        print(f"{name:48} {m['models']:6d} {m['json'] / 1e6:8.2f} {m['binary'] / 1e6:9.2f}")


if __name__ == "__main__":
    main()
