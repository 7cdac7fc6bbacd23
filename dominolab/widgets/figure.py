"""The figure widget: plotly's ``FigureWidget`` whose page receives plotly's module once (asked
of the kernel's :class:`PlotlyBundle`), whose every state goes whole to a plain model
(:class:`FigureState`), and which the board and hand views update with figure dicts."""

from __future__ import annotations

import contextlib
import functools
import gzip
from collections.abc import Iterator
from typing import Any, TypeVar

import ipywidgets as w
import plotly.graph_objects as go
import traitlets

from ..picture import FIGURE_CONFIG
from .figure_js import figure_esm

_W = TypeVar("_W", bound=w.Widget)

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


class PlotlyBundle(w.Widget):  # type: ignore[misc]
    """plotly's widget module (all of plotly.js, 5 MB; 1.4 MB gzipped), sent to a page once
    per kernel when its first figure is drawn, if the page asks: every :class:`FigureWidget` of
    the page takes it from there.  A page whose server serves the module as a file (JupyterLab
    with :mod:`dominolab.server_extension`, the JupyterLite site) takes that file and never asks.

    plotly's own ``FigureWidget`` carries that module in each figure's state, so a page that
    restores its widgets (a reload in JupyterLab, Voilà on load) received it once per figure
    — 27 MB for the classroom demo's five figures — in the one reply JupyterLab's widget
    manager waits 4 s for; on a busy machine the reply came late, the manager fell back to
    asking model by model, and the page showed *Loading widget…* for 9–21 s, or *Error
    displaying widget: model not found*.  Here the module is in no widget's state: a plain
    model (no front end of its own) answers a page's ``{"ask": "bundle"}`` with the gzip
    bytes as a message of their own, so a restore carries the figures alone.  One instance
    lives per kernel: :func:`plotly_bundle`.
    """

    def __init__(self) -> None:
        super().__init__()
        self.on_msg(self._asked)

    @functools.cached_property
    def bundle(self) -> bytes:
        """plotly's widget module, gzipped: sent when a page asks, never in the state (made at
        the first ask: a page whose server serves the module never asks, and the kernel never
        compresses 5 MB for nothing — see :mod:`dominolab.server_extension`)."""
        from ..server_extension import plotly_module_file

        path = plotly_module_file()
        assert path is not None, "plotly is imported here, and ships its widget module"
        return gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)

    def _asked(self, _widget: Any, content: Any, buffers: Any) -> None:
        if isinstance(content, dict) and content.get("ask") == "bundle":
            self.send({"bundle": "gzip"}, [self.bundle])


_ONE: dict[type, Any] = {}  # the kernel's one instance of each such model


def _one(cls: type[_W]) -> _W:
    """The kernel's one instance of the model class ``cls`` (made again if it was closed)."""
    it = _ONE.get(cls)
    if it is None or it.comm is None:
        it = _ONE[cls] = cls()
    return it  # type: ignore[no-any-return]


def plotly_bundle() -> PlotlyBundle:
    """The kernel's one :class:`PlotlyBundle` (made again if it was closed)."""
    return _one(PlotlyBundle)


class FigureBatch(w.Widget):  # type: ignore[misc]
    """Several figures' new states in one message, so that the page draws them in one go.

    A click in the playground changes its board and its hand: two messages, and the page drew
    the board, painted it, and only then took the hand's message — the hand came 10-25 ms after
    the board (issue 35).  Figures shown inside :meth:`together` send their new states first in
    one message to this model, whose page side hands each to its figure's :class:`FigureState`
    at once, so every figure changed is drawn in the same task and painted once.  Each state's
    own message follows as before: on a page that had the batch it changes nothing (the same
    revision), and a page that missed it (no figure drawn there yet, a page connecting) is
    brought up to date by it, as without a batch.  One instance lives per kernel:
    :func:`figure_batch`; widgets use :func:`figures_together`.

    >>> with figures_together():  # doctest: +SKIP
    ...     board_view.update(board)
    ...     hand_view.update(hand)
    """

    def __init__(self) -> None:
        super().__init__()
        self._depth = 0
        #: inside a batch: each state's own message, held (its ``hold_sync``), in the order shown
        self._held: list[contextlib.AbstractContextManager[None]] | None = None
        self._states: dict[str, dict[str, Any]] = {}  # model id -> the state sent in the batch

    @contextlib.contextmanager
    def together(self) -> Iterator[None]:
        """Figures shown inside reach the page in one message (nested: the outermost sends)."""
        if self._depth == 0:
            self._held, self._states = [], {}
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1
            if self._depth == 0:
                held, states = self._held or [], {k: v for k, v in self._states.items() if v}
                self._held, self._states = None, {}
                try:
                    if len(states) > 1:  # (one figure alone: its own message is as quick)
                        self.send({"states": states})
                finally:  # then each state's own message, in the order shown
                    for cm in held:
                        cm.__exit__(None, None, None)

    def _hold(self, state: FigureState) -> None:
        """Inside a batch: ``state``'s own message waits until the batch's is sent."""
        if self._held is not None and state.model_id not in self._states:
            cm = state.hold_sync()
            cm.__enter__()
            self._held.append(cm)
            self._states[state.model_id] = {}

    def _add(self, state: FigureState) -> None:
        """Inside a batch: ``state`` as it is now goes in the batch's message."""
        if self._held is not None:
            self._states[state.model_id] = {
                "data": state.data,
                "layout": state.layout,
                "revision": state.revision,
            }


def figure_batch() -> FigureBatch:
    """The kernel's one :class:`FigureBatch` (made again if it was closed)."""
    return _one(FigureBatch)


def figures_together() -> contextlib.AbstractContextManager[None]:
    """Figures shown inside reach the page in one message, and are drawn and painted in one
    go (see :class:`FigureBatch`)."""
    return figure_batch().together()


class FigureState(w.Widget):  # type: ignore[misc]
    """What a :class:`FigureWidget` shows now, whole: the page's views draw from here.

    A plain ipywidgets model (no view of its own), so its messages reach the page however
    busy the page is; the figure's own model is an anywidget, whose messages are dropped for
    good when its module took more than 2 seconds to start.  ``revision`` counts the states
    sent; a view draws each new one.

    >>> s = FigureState(data=[], layout={})
    >>> s.revision
    0
    """

    data = traitlets.List().tag(sync=True)
    layout = traitlets.Dict().tag(sync=True)
    revision = traitlets.Int(0).tag(sync=True)


class FigureWidget(go.FigureWidget):  # type: ignore[misc]
    """plotly's ``FigureWidget``, whose figures keep following Python however many load at
    once, and whose page receives plotly's module once, not once per figure.

    plotly's widget is an anywidget whose front-end module (5 MB: all of plotly.js) is
    evaluated once per figure, while anywidget gives a model 2 seconds to load its module;
    a model that misses it drops every later update in silence (anywidget awaits the model's
    failed start before each message).  When a page builds several figures at once — Voilà
    on load, a reload in JupyterLab — the later figures missed it, stayed as first drawn and
    ignored every update.  Here the module a model loads is a small one, ready at once; at
    its first render it waits for plotly's module from the kernel's :class:`PlotlyBundle`
    (asked once per page) and evaluates it once per page.

    Every state after the first goes to the figure's :class:`FigureState` (``fig.state``),
    whole, and each view draws it anew (:meth:`send_whole`): the figure's own anywidget
    model receives no messages, so none can be dropped.

    The board and hand views make their figure as a plain dict and :meth:`show_figure` it: the dict
    goes to the state as it is, and plotly's Python figure (``fig.data``, ``fig.layout``)
    catches up only when it is read — plotly checks every property of every shape it is
    given, which was nine tenths of a click's time in Python.
    """

    #: while the figure is being built: its comm is not opened yet (see ``open``)
    _building = False

    _state: FigureState | None = None
    #: the model id of the figure's :class:`FigureState` (the page's view draws from it)
    _state_id = traitlets.Unicode().tag(sync=True)
    #: the model id of the kernel's :class:`PlotlyBundle` (the page asks it for plotly's module)
    _bundle_id = traitlets.Unicode().tag(sync=True)
    #: the model id of the kernel's :class:`FigureBatch` (several figures' states in one message)
    _batch_id = traitlets.Unicode().tag(sync=True)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        bundle = plotly_bundle()  # made before the figure, so the page has it when asked
        batch = figure_batch()
        self._building = True
        try:
            super().__init__(*args, **kwargs)
        finally:
            self._building = False
        self._bundle_id = bundle.model_id
        self._batch_id = batch.model_id
        whole = self.to_dict()
        self._uids = [t.get("uid") for t in whole["data"]]  # plotly.js matches traces by them
        self._names = [t.get("name") for t in whole["data"]]  # the traces, fixed once made
        self._state = FigureState(data=whole["data"], layout=whole["layout"])  # before the figure
        self._state_id = self._state.model_id
        self.open()

    #: the figure dict last shown (:meth:`show_figure`), and the one plotly's Python figure holds
    #: (they differ until the Python figure is read, which brings it up to date); both None
    #: while the figure shows what plotly's Python figure holds (made, or edited with plotly)
    _shown: dict[str, Any] | None = None
    _held: dict[str, Any] | None = None
    _catching_up = False

    def show_figure(self, d: dict[str, Any]) -> bool:
        """Show the figure dict ``d`` (as :func:`dominolab.picture.figure_dict` makes them,
        with the traces this figure was made with, by name and order), whole, in one message
        to the page; nothing is sent when ``d`` is what is shown.  Returns whether it sent.

        plotly's Python figure is brought up to date when it is next read (``fig.data``,
        ``fig.layout``, ``fig.to_dict()``), not here."""
        if self._state is None:
            raise RuntimeError("show_figure() before the figure was made")
        names = [t.get("name") for t in d["data"]]
        if names != self._names:
            raise ValueError(f"this figure draws the traces {self._names}, not {names}")
        if d == self._shown:
            return False
        data = [{**t, "uid": u} if u is not None else t for t, u in zip(d["data"], self._uids, strict=True)]
        batch = figure_batch()
        batch._hold(self._state)  # (inside a batch: this state's own message waits for it)
        with self._state.hold_sync():
            self._state.data = data
            self._state.layout = _as_plotly_keeps(d["layout"])
            self._state.revision += 1
        batch._add(self._state)
        self._shown = d
        return True

    def _catch_up(self) -> None:
        """Bring plotly's Python figure to what was last shown (nothing is sent: the page
        has it already)."""
        if self._catching_up or self._shown is None or self._shown is self._held:
            return
        self._catching_up = True
        try:
            _sync(self, self._shown, self._held)
        finally:
            self._catching_up = False
        self._held = self._shown

    def __getitem__(self, prop: Any) -> Any:  # fig.data, fig.layout, fig["layout.title"]…
        if self._shown is not self._held:
            self._catch_up()
        return super().__getitem__(prop)

    def to_dict(self) -> dict[str, Any]:
        if self._shown is not self._held:
            self._catch_up()
        return dict(super().to_dict())

    @traitlets.observe("_js2py_pointsCallback")  # type: ignore[untyped-decorator]
    def _handler_js2py_pointsCallback(self, change: Any) -> None:
        """A click (or hover) in the page, dispatched to the traces' callbacks as plotly
        does, but without reading the figure through ``fig.data`` (which would bring the
        whole Python figure up to date at every click): the traces are fixed, their names
        and callbacks are all a click needs."""
        got = change["new"]
        if not got:
            self._js2py_pointsCallback = None
            return
        from plotly.callbacks import Points

        points: dict[int, dict[str, Any]] = {}
        p = got["points"]
        for x, y, pi, ti in zip(p["xs"], p["ys"], p["point_indexes"], p["trace_indexes"], strict=False):
            one = points.setdefault(ti, {"point_inds": [], "xs": [], "ys": []})
            one["point_inds"].append(pi)
            one["xs"].append(x)
            one["ys"].append(y)
        kind = got["event_type"]
        for ti, one in points.items():
            trace = self._data_objs[ti]
            pts = Points(**one, trace_name=self._names[ti], trace_index=ti)
            if kind == "plotly_click":
                trace._dispatch_on_click(pts, None)
            elif kind == "plotly_hover":
                trace._dispatch_on_hover(pts, None)
            elif kind == "plotly_unhover":
                trace._dispatch_on_unhover(pts, None)
        self._js2py_pointsCallback = None

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

    def send_whole(self) -> None:
        """Send the figure as it is now, whole, to its :class:`FigureState`; every view of it
        draws it anew.

        plotly sends each edit as a one-off message to the figure's own model, which a view
        applies as a change to what it drew; a view that missed one kept drawing an old
        figure.  Here a view draws the whole state, so it is right after any message it
        receives, and a page that connects later (a reload, Voilà) starts from it too."""
        if self._state is None or self._catching_up:  # the constructor; a catch-up: the page has it
            return
        state = self.to_dict()
        self._shown = self._held = None  # plotly's Python figure is what is shown now
        with self._state.hold_sync():
            self._state.data = state["data"]
            self._state.layout = state["layout"]
            self._state.revision += 1

    @property
    def state(self) -> FigureState:
        """What the figure shows now, as its views draw it (see :class:`FigureState`)."""
        assert self._state is not None, "made in the constructor"
        return self._state

    def close(self) -> None:
        if self._state is not None:
            self._state.close()
        super().close()

    # plotly's one-off edit messages: the whole figure goes instead (see send_whole)
    def _send_update_msg(self, *args: Any, **kwargs: Any) -> None:
        self.send_whole()

    _send_restyle_msg = _send_relayout_msg = _send_animate_msg = _send_update_msg
    _send_addTraces_msg = _send_deleteTraces_msg = _send_moveTraces_msg = _send_update_msg

    @property
    def _esm(self) -> str:
        return figure_esm()


_TEMPLATES: dict[str, Any] = {}


def _as_plotly_keeps(layout: dict[str, Any]) -> dict[str, Any]:
    """A figure dict's layout as plotly's Python figure holds it (and so as the page got it
    when every update went through plotly): a template named is the template itself, and an
    empty list of shapes or annotations is left out.

    >>> _as_plotly_keeps({"template": "none", "shapes": [], "width": 300})
    {'template': {'data': {'scatter': [{'type': 'scatter'}]}}, 'width': 300}
    """
    out = {k: v for k, v in layout.items() if v != []}
    name = out.get("template")
    if isinstance(name, str):
        if name not in _TEMPLATES:
            _TEMPLATES[name] = go.Figure(layout={"template": name}).to_dict()["layout"]["template"]
        out["template"] = _TEMPLATES[name]
    return out


def _figure_widget(d: dict[str, Any]) -> FigureWidget:
    """A FigureWidget of the figure dict ``d``, with the learner's options (no mode bar)."""
    fig = FigureWidget(d)
    fig._config = {**fig._config, **FIGURE_CONFIG}
    fig._shown = fig._held = d  # what it shows, as a dict: views show_figure() the next ones
    return fig


def _sync(fig: go.FigureWidget, d: dict[str, Any], last: dict[str, Any] | None) -> None:
    """Bring plotly's Python figure of ``fig`` from the figure dict ``last`` (what it holds;
    None: unknown) to ``d``: each trace that differs, whole, and the layout keys that differ,
    in one batch (:meth:`FigureWidget._catch_up`; the page was sent ``d`` by
    :meth:`FigureWidget.show`)."""
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
