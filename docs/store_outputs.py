"""Run notebooks in place and store their outputs, without the widget state.

    python docs/store_outputs.py tutorials/03-spinners-and-branches.ipynb [more.ipynb ...]
    make outputs            # every tutorial and notebook

Why not ``jupyter nbconvert --execute --inplace``: nbclient stores the widget state in
``metadata.widgets``, and plotly's FigureWidget carries its whole JavaScript bundle there
(about 5 MB a notebook); its ``store_widget_state=False`` crashes on an ``ipywidgets.Output``
that captures prints.  So: execute with the state, then drop it.  Each notebook runs in its
own folder, as nbval and JupyterLab run it.
"""

from __future__ import annotations

import os
import sys
import tempfile

import nbformat
from nbclient import NotebookClient

# the sanity checks answer exercises right, and a right answer is kept as a learner's progress
# (dominolab.progress): keep it out of the repository's folders
os.environ.setdefault(
    "DOMINOLAB_PROGRESS", os.path.join(tempfile.mkdtemp(prefix="dominolab-"), "progress.json")
)


def store(path: str) -> None:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(
        nb,
        timeout=300,
        startup_timeout=60,
        kernel_name="python3",
        resources={"metadata": {"path": os.path.dirname(os.path.abspath(path))}},
    ).execute()
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)
    print(f"{path}: {os.path.getsize(path):,} bytes")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for p in sys.argv[1:]:
        store(p)
