"""The widgets' common parts: plotly's module sent once per kernel, the figure widget,
projector mode, and the helpers every widget uses."""

from __future__ import annotations

import gzip
import html
import json
import pathlib
from typing import Any

import anywidget
import ipywidgets as w
import plotly.graph_objects as go
import traitlets

from .. import words
from ..picture import FIGURE_CONFIG, display_options
from ..rules import Rules
from ..tiles import Tile

_LAYOUT_KEYS = (
    "title",
    "width",
    "height",
    "margin",
    "annotations",
    "paper_bgcolor",
    "plot_bgcolor",
    "shapes",
)


#: What the two front-end modules below share: one registry per page and plotly version, where
#: the bundle's source arrives (from :class:`PlotlyBundle`) and plotly's module is kept once
#: evaluated (by the first figure drawn).
_REGISTRY_JS = """
const KEY = %(key)s;
function registry() {
  let r = globalThis[KEY];
  if (!r) {
    let give;
    const source = new Promise((resolve) => { give = resolve; });
    r = globalThis[KEY] = { source, give, given: false, module: null };
  }
  return r;
}
"""

#: The front end of :class:`PlotlyBundle`: it hands the page plotly's module (gzip bytes) once.
#: ``initialize`` returns at once (anywidget gives a model 2 s to start); the bytes are
#: decompressed meanwhile, outside that time limit.
_BUNDLE_ESM = """%(registry)s
export default {
  initialize({ model }) {
    const r = registry();
    if (r.given) return;
    r.given = true;
    const gz = new Blob([model.get("bundle")]).stream().pipeThrough(new DecompressionStream("gzip"));
    r.give(new Response(gz).text());
  },
};
"""

#: The front end of :class:`FigureWidget`: a small module, ready at once, that waits for
#: plotly's module from the page's registry at its first render and evaluates it once per page.
_FIGURE_ESM = """%(registry)s
function plotlyWidget() {
  const r = registry();
  if (!r.module) {
    r.module = r.source.then((source) => {
      const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
      return import(url).finally(() => URL.revokeObjectURL(url));
    });
  }
  return r.module;
}
export default {
  async render({ model, el }) {
    const widget = (await plotlyWidget()).default();
    widget.initialize({ model });
    return widget.render({ model, el });
  },
};
"""


def _registry_js() -> str:
    import plotly

    return _REGISTRY_JS % {"key": json.dumps(f"dominolab-plotly-widget-{plotly.__version__}")}


class PlotlyBundle(anywidget.AnyWidget):
    """plotly's widget module (all of plotly.js, 5 MB; 1.4 MB gzipped), sent to the page once
    per kernel: every :class:`FigureWidget` of the page takes it from here.

    plotly's own ``FigureWidget`` carries that module in each figure's state, so a page that
    restores its widgets (a reload in JupyterLab, Voilà on load) received it once per figure
    — 27 MB for the classroom demo's five figures — in the one reply JupyterLab's widget
    manager waits 4 s for; on a busy machine the reply came late, the manager fell back to
    asking model by model, and the page showed *Loading widget…* for 9–21 s, or *Error
    displaying widget: model not found*.  One instance lives per kernel: :func:`plotly_bundle`.
    """

    _esm = traitlets.Unicode().tag(sync=True)
    bundle = traitlets.Bytes().tag(sync=True)

    def __init__(self) -> None:
        path = pathlib.Path(go.__file__).parent.parent / "package_data" / "widgetbundle.js"
        super().__init__(
            _esm=_BUNDLE_ESM % {"registry": _registry_js()},
            bundle=gzip.compress(path.read_bytes(), compresslevel=6, mtime=0),
        )


_bundle: PlotlyBundle | None = None


def plotly_bundle() -> PlotlyBundle:
    """The kernel's one :class:`PlotlyBundle` (made again if it was closed)."""
    global _bundle
    if _bundle is None or _bundle.comm is None:
        _bundle = PlotlyBundle()
    return _bundle


class FigureWidget(go.FigureWidget):  # type: ignore[misc]
    """plotly's ``FigureWidget``, whose figures keep following Python however many load at
    once, and whose page receives plotly's module once, not once per figure.

    plotly's widget is an anywidget whose front-end module (5 MB: all of plotly.js) is
    evaluated once per figure, while anywidget gives a model 2 seconds to load its module;
    a model that misses it drops every later update in silence (anywidget awaits the model's
    failed start before each message).  When a page builds several figures at once — Voilà
    on load, a reload in JupyterLab — the later figures missed it, stayed as first drawn and
    ignored every update.  Here the module a model loads is a small one, ready at once; at
    its first render it waits for plotly's module from :class:`PlotlyBundle` (sent once per
    kernel, before the first figure) and evaluates it once per page.
    """

    #: while the figure is being built: its comm is not opened yet (see ``open``)
    _building = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        plotly_bundle()  # the page has the module before any figure asks for it
        self._building = True
        try:
            super().__init__(*args, **kwargs)
        finally:
            self._building = False
        self.open()

    def open(self) -> None:
        """Open the comm once the figure is whole.

        ipywidgets opens a widget's comm inside its constructor, and plotly fills the figure's
        synced state (``_widget_data``, ``_widget_layout``) only after that: the page's model
        was born holding an empty figure and received the figure in two later messages, so
        for a moment a view of it could be drawn empty (default axes, no title, no traces).
        Here the comm opens after the constructor, its first message carrying the whole
        figure; the page never holds an empty one."""
        if not self._building:
            super().open()

    @property
    def _esm(self) -> str:
        global _figure_esm
        if _figure_esm is None:
            _figure_esm = _FIGURE_ESM % {"registry": _registry_js()}
        return _figure_esm


_figure_esm: str | None = None


def _figure_widget(d: dict[str, Any]) -> FigureWidget:
    """A FigureWidget of the figure dict ``d``, with the learner's options (no mode bar)."""
    fig = FigureWidget(d)
    fig._config = {**fig._config, **FIGURE_CONFIG}
    return fig


#: projector mode's words: big enough for a classroom's back row
#: projector mode's style: large words in its widgets, and in the markdown of the one notebook
#: that shows them (a style element applies to the whole page: JupyterLab shows every open
#: notebook in one page, so each rule outside a widget is scoped to the notebook holding one;
#: Voilà's page is one notebook, its body a .jp-Notebook too)
_PROJECTOR_CSS = """
<style>
.dominolab-projector {
  --jp-widgets-font-size: %(font)gpx; --jp-widgets-inline-height: %(button)gpx;
  --jp-widgets-inline-label-width: %(label)gpx; --jp-widgets-inline-width: %(wide)gpx;
  --jp-widgets-inline-width-short: %(label)gpx; --jp-widgets-inline-width-tiny: %(tiny)gpx;
}
.dominolab-projector, .dominolab-projector .widget-html-content, .dominolab-projector table,
.dominolab-projector .widget-label, .dominolab-projector .widget-readout,
.dominolab-projector button, .dominolab-projector input, .dominolab-projector select,
.dominolab-projector textarea,
.jp-Notebook:has(.dominolab-projector) .jp-RenderedMarkdown p,
.jp-Notebook:has(.dominolab-projector) .jp-RenderedMarkdown li
  { font-size: %(font)gpx !important; line-height: 1.35; }
.jp-Notebook:has(.dominolab-projector) .jp-RenderedMarkdown h1 { font-size: %(h1)gpx !important; }
.jp-Notebook:has(.dominolab-projector) .jp-RenderedMarkdown h2 { font-size: %(h2)gpx !important; }
.dominolab-projector td, .dominolab-projector th { padding: 4px 12px; }
.dominolab-projector .widget-inline-hbox { width: auto !important; }  /* as wide as large words need */
.dominolab-projector .widget-select select { min-width: 14em; }  /* a list, even before it fills */
/* a row of controls no wider than its words need; words (HTML: the settlements side by side)
   take the page's width */
.dominolab-projector .widget-vbox > .widget-inline-hbox:not(.widget-html),
.dominolab-projector.widget-vbox > .widget-inline-hbox:not(.widget-html) { max-width: 40em; }
</style>
"""


def _projected(box: w.Box) -> w.Box:
    """In projector mode, ``box`` with the style of large words (carried by a first child)
    and marked for it; else ``box`` as it is."""
    shown = display_options()
    if shown.one_board:
        f = shown.font
        sizes = {
            "font": f,
            "button": 2 * f,
            "label": 8 * f,
            "wide": 24 * f,
            "tiny": 4 * f,
            "h1": 2 * f,
            "h2": 1.5 * f,
        }
        style = w.HTML(_PROJECTOR_CSS % sizes)
        style.add_class("dominolab-projector-style")
        box.children = (style, *box.children)
        box.add_class("dominolab-projector")
    return box


def _shows(t: Tile) -> str:
    """What a tile needs an open point to show: ``a 6`` for 6|6, ``a 1 or a 4`` for 1|4."""
    return (
        words.widget("shows double", low=t.low)
        if t.is_double
        else words.widget("shows", low=t.low, high=t.high)
    )


def _tiles_text(n: int) -> str:
    return words.tiles(n)


def _esc(x: object) -> str:
    return html.escape(str(x))


class _Displayable:
    widget: w.Widget

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):  # a short, stable text form (not the whole widget tree)
            bundle["text/plain"] = repr(self)
        return bundle

    def __repr__(self) -> str:
        return f"<{type(self).__name__} widget>"


def _sync(fig: go.FigureWidget, d: dict[str, Any], last: dict[str, Any] | None) -> None:
    """Bring a FigureWidget from the figure dict ``last`` (what it shows) to ``d``.

    Only what changed is sent, in one batch: each trace that differs (whole: plotly.js keeps
    defaults of its own per trace, and a trace sent in part could miss them), and the layout
    keys that differ.  Then the widget's synced state is set to the whole figure: plotly sends later
    edits as one-off messages that a page which connects afterwards never sees (Voilà runs
    the notebook before the page exists; a reload in JupyterLab starts again from the
    state), so without this such a page drew the figure as it was first made.
    """
    with fig.batch_update():
        for i, (trace, new) in enumerate(zip(fig.data, d["data"], strict=True)):
            if last is None or last["data"][i] != new:
                trace.update(new, overwrite=True)
        lay = d["layout"]
        prev = last["layout"] if last is not None else {}
        for k in _LAYOUT_KEYS:
            if k in lay and prev.get(k) != lay[k]:
                fig.layout[k] = lay[k]
        for axis in ("xaxis", "yaxis"):
            if prev.get(axis, {}).get("range") != lay[axis]["range"]:
                fig.layout[axis].range = lay[axis]["range"]
    state = fig.to_dict()
    fig._widget_data = state["data"]
    fig._widget_layout = state["layout"]


def _player_counts(rules: Rules) -> list[int]:
    """The numbers of players ``rules`` allow, for a dropdown."""
    return list(range(rules.min_players, rules.max_players + 1))
