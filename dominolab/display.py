"""Rich display in notebooks: the picture when plotly is installed, else text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["figure_bundle"]


def figure_bundle(
    make_figure: Callable[[], Any], text: str, include: Any = None, exclude: Any = None
) -> dict[str, Any]:
    """The mime bundle of ``make_figure()`` (a plotly figure) with ``text`` as its text form.

    Outside IPython plotly renders nothing, so its JSON is given; without plotly, text only.
    """
    try:
        fig = make_figure()
    except ImportError:
        return {"text/plain": text}
    bundle: dict[str, Any] = fig._repr_mimebundle_(include, exclude) or {
        "application/vnd.plotly.v1+json": fig.to_plotly_json()
    }
    bundle["text/plain"] = text
    return bundle
