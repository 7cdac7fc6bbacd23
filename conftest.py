"""The repository's root conftest: how the suite is shared among pytest-xdist's workers
(make test runs two), and where a learner's progress goes while the suite runs.  The tests' own
fixtures are in tests/conftest.py."""

from __future__ import annotations

import os
import tempfile
from typing import Any

# the progress the exercises keep (dominolab.progress) goes to a file of its own for the whole
# run, never into the repository's folders; the notebooks' kernels inherit it
os.environ.setdefault(
    "DOMINOLAB_PROGRESS", os.path.join(tempfile.mkdtemp(prefix="dominolab-"), "progress.json")
)

# the suite reads dominolab's English sentences: a machine whose LANG is Spanish must not turn
# the command line (which speaks the environment's language) to Spanish under it
os.environ["DOMINOLAB_LANG"] = "en"


def pytest_xdist_make_scheduler(config: Any, log: Any) -> Any:
    """Each notebook's cells run in order in one kernel, so a notebook goes to one worker whole,
    and so do the two tests of the JupyterLite site (they share one page); every other test is
    dealt out on its own, the next to the first worker free.

    (xdist's own ``--dist loadgroup`` would do it with marks, but with pytest 9 its renaming of
    a marked test no longer takes: the cells of one notebook were dealt to both workers.)"""
    from xdist.scheduler import LoadScopeScheduling

    class ByNotebook(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return path if path.endswith((".ipynb", "test_lite.py")) else nodeid

    return ByNotebook(config, log)
