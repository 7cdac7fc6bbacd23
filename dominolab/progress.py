"""A learner's progress, kept on their own machine: the exercises solved, in how many tries.

Each right answer (:meth:`dominolab.Exercise.check`) is written to a small JSON file beside the
notebooks — ``dominolab-progress.json`` in the folder the notebook runs in, or the file
``$DOMINOLAB_PROGRESS`` names — so it survives closing the notebook, in JupyterLab and in the
JupyterLite site (where files written beside the notebooks stay in the browser).  The index
shows it as a map: each lesson, its exercises solved, and stars (three for a first try).

>>> import os, tempfile
>>> os.environ["DOMINOLAB_PROGRESS"] = os.path.join(tempfile.mkdtemp(), "p.json")
>>> _ = record_solved("t1-sixes", tries=1)
>>> solved()["t1-sixes"]["stars"]
3
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from . import words
from .errors import DominolabError

__all__ = ["progress_path", "solved", "record_solved", "reset_progress", "stars_for"]

FILE_NAME = "dominolab-progress.json"


def progress_path() -> Path:
    """Where the progress is kept: ``$DOMINOLAB_PROGRESS``, else ``dominolab-progress.json`` in
    the current folder (the notebook's)."""
    return Path(os.environ.get("DOMINOLAB_PROGRESS") or Path.cwd() / FILE_NAME)


def stars_for(tries: int) -> int:
    """Three stars for a first try, two for a second, one after that."""
    return 3 if tries <= 1 else 2 if tries == 2 else 1


def solved() -> dict[str, dict[str, Any]]:
    """The exercises solved so far: key -> ``{"tries", "stars", "when"}`` (empty when nothing
    was kept yet).  A file that is not a progress file is refused with its path, unchanged."""
    path = progress_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or not isinstance(data.get("solved"), dict):
            raise ValueError(words.refusal("no solved table"))
    except ValueError as e:
        raise DominolabError(words.refusal("not a progress file", path=path, error=e)) from None
    return dict(data["solved"])


def record_solved(key: str, tries: int) -> bool:
    """Keep that exercise ``key`` was solved in ``tries`` tries (the best kept, if solved
    before).  Returns whether it was written: a folder that cannot be written (a read-only
    site) keeps nothing and never stops the exercise."""
    try:
        done = solved()
    except DominolabError:
        return False  # an unreadable file is left as it is
    before = done.get(key)
    if before is not None and before.get("tries", 99) <= tries:
        return True
    done[key] = {"tries": tries, "stars": stars_for(tries), "when": time.strftime("%Y-%m-%d %H:%M")}
    try:
        progress_path().write_text(json.dumps({"solved": done}, indent=1, sort_keys=True), encoding="utf-8")
    except OSError:
        return False
    return True


def reset_progress() -> None:
    """Forget every exercise solved (the progress file is removed)."""
    try:
        progress_path().unlink()
    except FileNotFoundError:
        pass
