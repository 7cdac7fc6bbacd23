"""A learner's progress, kept on their own machine: the exercises solved, in how many tries.

Each right answer (:meth:`dominolab.Exercise.check`) is written to a small JSON file beside the
notebooks — ``dominolab-progress.json`` in the folder the notebook runs in, or the file
``$DOMINOLAB_PROGRESS`` names — so it survives closing the notebook, in JupyterLab and in the
JupyterLite site (where files written beside the notebooks stay in the browser).  The index
shows it as a map: each lesson, its exercises solved, and stars (three for a first try).  The
puzzles also keep a rating (Glicko-2: :mod:`dominolab.rating`), the learner's and each
puzzle's, moved by every rated attempt.  Several notebooks open at once (a kernel each) share
the file safely: each change is read, made and written whole while the others wait.

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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from . import words
from .errors import DominolabError
from .rating import START, Rating, glicko2

__all__ = [
    "progress_path",
    "solved",
    "record_solved",
    "reset_progress",
    "stars_for",
    "learner_rating",
    "puzzle_rating",
    "record_attempt",
    "was_rated",
    "was_rated_any",
    "best_streak",
    "record_streak",
]

FILE_NAME = "dominolab-progress.json"

T = TypeVar("T")


def progress_path() -> Path:
    """Where the progress is kept: ``$DOMINOLAB_PROGRESS``, else ``dominolab-progress.json`` in
    the current folder (the notebook's)."""
    return Path(os.environ.get("DOMINOLAB_PROGRESS") or Path.cwd() / FILE_NAME)


def stars_for(tries: int) -> int:
    """Three stars for a first try, two for a second, one after that."""
    return 3 if tries <= 1 else 2 if tries == 2 else 1


def _load() -> dict[str, Any]:
    """The whole progress file (``{"solved": {}}`` when there is none yet).  A file that is
    not a progress file is refused with its path, unchanged."""
    path = progress_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {"solved": {}}
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or not isinstance(data.get("solved"), dict):
            raise ValueError(words.refusal("no solved table"))
        if "rating" in data:
            Rating.checked(data["rating"])
        if not isinstance(data.get("puzzles", {}), dict):
            raise ValueError(words.refusal("progress part", part="puzzles"))
    except ValueError as e:
        raise DominolabError(words.refusal("not a progress file", path=path, error=e)) from None
    return data


def _save(data: dict[str, Any]) -> bool:
    """Write the progress file whole; whether it could be (a read-only site keeps nothing).

    The text goes to a file of its own beside it, which then takes its name in one step, so a
    kernel reading meanwhile finds the old file or the new one, never half of one."""
    path = progress_path()
    part = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        part.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
        os.replace(part, path)
    except OSError:
        try:
            part.unlink()
        except OSError:
            pass
        return False
    return True


@contextmanager
def _one_at_a_time() -> Iterator[None]:
    """Hold the progress folder's lock while a change is read, made and written, so two kernels
    (a lesson and the puzzles open side by side) never undo each other's solves.  Where the
    system has no such lock (Windows, the browser's Python) or the folder cannot be opened, the
    change goes ahead unlocked: a kept solve is never worth stopping an exercise."""
    try:
        import fcntl

        flock, exclusive = fcntl.flock, fcntl.LOCK_EX  # Pyodide's fcntl has neither
        folder = os.open(progress_path().parent, os.O_RDONLY)
    except (ImportError, AttributeError, OSError):
        yield
        return
    try:
        try:
            flock(folder, exclusive)
        except OSError:
            pass
        yield
    finally:
        os.close(folder)  # closing it lets the lock go


def _change(make: Callable[[dict[str, Any]], T], unreadable: T) -> tuple[T, bool]:
    """Read the progress, ``make`` its change in place and write it back, one kernel at a time.
    Returns ``make``'s answer and whether the progress now holds the change (``unreadable`` and
    False when the file is not a progress file, which is left as it is)."""
    with _one_at_a_time():
        try:
            data = _load()
        except DominolabError:
            return unreadable, False
        before = json.dumps(data, sort_keys=True)
        answer = make(data)
        return answer, json.dumps(data, sort_keys=True) == before or _save(data)


def solved() -> dict[str, dict[str, Any]]:
    """The exercises solved so far: key -> ``{"tries", "stars", "when"}`` (empty when nothing
    was kept yet).  A file that is not a progress file is refused with its path, unchanged."""
    return dict(_load()["solved"])


def record_solved(key: str, tries: int) -> bool:
    """Keep that exercise ``key`` was solved in ``tries`` tries (the best kept, if solved
    before).  Returns whether it was written: a folder that cannot be written (a read-only
    site) keeps nothing and never stops the exercise."""

    def keep(data: dict[str, Any]) -> None:
        done = data["solved"]
        before = done.get(key)
        if before is None or before.get("tries", 99) > tries:
            done[key] = {"tries": tries, "stars": stars_for(tries), "when": time.strftime("%Y-%m-%d %H:%M")}

    return _change(keep, unreadable=None)[1]


def _readable() -> dict[str, Any]:
    """The progress, or nothing kept (``{}``) when the file is not a progress file."""
    try:
        return _load()
    except DominolabError:
        return {}


def _rating_in(data: dict[str, Any]) -> Rating:
    kept = data.get("rating")
    return START if kept is None else Rating.checked(kept)


def _puzzle_rating_in(data: dict[str, Any], key: str, start: Rating) -> Rating:
    kept = data.get("puzzles", {}).get(key)
    return Rating.checked(start if kept is None else kept)


def _streak_in(data: dict[str, Any]) -> int:
    kept = data.get("streak", 0)
    return kept if isinstance(kept, int) and not isinstance(kept, bool) and kept > 0 else 0


def learner_rating() -> Rating:
    """The learner's puzzle rating (:class:`~dominolab.Rating`; 1500 ± 700 before the first
    rated puzzle).  An unreadable progress file counts as no rating yet."""
    return _rating_in(_readable())


def puzzle_rating(key: str, start: Rating) -> Rating:
    """Puzzle ``key``'s rating as this learner's attempts have moved it (``start`` before any)."""
    return _puzzle_rating_in(_readable(), key, start)


def best_streak() -> int:
    """The learner's longest timed streak of puzzles (0 before the first)."""
    return _streak_in(_readable())


def record_streak(solved: int) -> int:
    """Keep a timed streak of ``solved`` puzzles if it is the longest yet; returns the best."""
    if not isinstance(solved, int) or isinstance(solved, bool) or solved < 0:
        raise DominolabError(words.feedback("bad streak", value=repr(solved)))

    def keep(data: dict[str, Any]) -> int:
        kept = _streak_in(data)
        if solved > kept:
            data["streak"] = solved
        return max(kept, solved)

    return _change(keep, unreadable=solved)[0]


def was_rated_any() -> bool:
    """Whether the learner has a puzzle rating yet (a rated puzzle was tried)."""
    return "rating" in _readable()


def was_rated(key: str) -> bool:
    """Whether puzzle ``key`` was tried rated before (a puzzle is rated once: its first try)."""
    return key in _readable().get("puzzles", {})


def record_attempt(key: str, start: Rating, won: bool) -> tuple[Rating, Rating]:
    """A rated attempt at puzzle ``key`` (rated ``start`` before any attempt): ``won`` is a
    first try that was right.  Both ratings move by Glicko-2 (:func:`~dominolab.glicko2`, one
    game each) and are kept; returns ``(the learner's, the puzzle's)`` new ratings.

    >>> import os, tempfile
    >>> os.environ["DOMINOLAB_PROGRESS"] = os.path.join(tempfile.mkdtemp(), "p.json")
    >>> me, it = record_attempt("puzzle-all-fives-1-1", Rating(1200, 250), won=True)
    >>> me.rating > 1500 > 1200 > it.rating, learner_rating() == me
    (True, True)
    """
    if not isinstance(won, bool):
        raise DominolabError(words.feedback("bad won", value=repr(won)))

    def moved(me: Rating, it: Rating) -> tuple[Rating, Rating]:
        return glicko2(me, [(it, 1 if won else 0)]), glicko2(it, [(me, 0 if won else 1)])

    def keep(data: dict[str, Any]) -> tuple[Rating, Rating]:
        new_me, new_it = moved(_rating_in(data), _puzzle_rating_in(data, key, start))
        data["rating"] = list(new_me)
        data.setdefault("puzzles", {})[key] = list(new_it)
        return new_me, new_it

    # an unreadable file is left as it is: the attempt moves the ratings it would start from
    return _change(keep, unreadable=moved(_rating_in({}), _puzzle_rating_in({}, key, start)))[0]


def reset_progress() -> None:
    """Forget every exercise solved (the progress file is removed)."""
    try:
        progress_path().unlink()
    except FileNotFoundError:
        pass
