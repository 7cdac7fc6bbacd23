"""Rich display in notebooks: the picture when plotly is installed, else text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["figure_bundle", "FIGURE_CONFIG"]

#: plotly's options for every figure a learner sees: no mode bar (its camera, zoom, box and
#: lasso buttons pop up over the titles on hover and do nothing useful on a domino layout)
FIGURE_CONFIG: dict[str, Any] = {"displayModeBar": False, "displaylogo": False, "scrollZoom": False}


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
    plot = bundle.get("application/vnd.plotly.v1+json")
    if isinstance(plot, dict):
        plot["config"] = {**plot.get("config", {}), **FIGURE_CONFIG}
    bundle["text/plain"] = text
    return bundle
