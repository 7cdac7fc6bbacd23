"""Interactive widgets (ipywidgets + plotly ``FigureWidget``): each opens in one line.

* :class:`Playground` — place tiles with the mouse and watch the count;
* :class:`VariantComparison` — one sequence of placements under the three presets;
* :class:`GameTable` — a whole game against bots;
* :class:`Replayer` — step through a game record.

Every rule comes from the engine.  A click that cannot do anything never raises
into the notebook: the widget says why in its message line and nothing changes.
The methods a click calls (``select``, ``click_point``, ``undo``, …) are public,
so a notebook or a test can drive a widget exactly as the front end does.
"""

from __future__ import annotations

import gzip
import html
import json
import pathlib
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

import anywidget
import ipywidgets as w
import plotly.graph_objects as go
import traitlets

from .board import Board, Placement, point_text
from .bots import BOTS, bot_action, bot_seed, explain_choice, make_bot, play_bots
from .errors import DominolabError, is_whole
from .examples import lead_reason, scoring_notes
from .game import Act, Action, Game, Player
from .muggins import claim_text, judge
from .picture import FIGURE_CONFIG, display_options, draw_tally, ends_text, figure_dict, hand_dict
from .presets import FIVES_GAMES, PRESETS, VARIANTS, variant
from .record import StepView, dump_records, game_to_record, load_record, steps
from .rules import Rules
from .settlement import EndReason, Settlement, format_score, settle, side_name
from .tiles import DOUBLE_SIX, Tile, TileLike, tiles

__all__ = [
    "BoardView",
    "HandView",
    "Playground",
    "VariantComparison",
    "SettleHands",
    "GameTable",
    "MugginsDrill",
    "Replayer",
    "AnswerButton",
    "answer_button",
]

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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        plotly_bundle()  # the page has the module before any figure asks for it
        super().__init__(*args, **kwargs)

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
.dominolab-projector textarea, .jp-RenderedMarkdown p, .jp-RenderedMarkdown li
  { font-size: %(font)gpx !important; line-height: 1.35; }
.jp-RenderedMarkdown h1 { font-size: %(h1)gpx !important; }
.jp-RenderedMarkdown h2 { font-size: %(h2)gpx !important; }
.dominolab-projector td, .dominolab-projector th { padding: 4px 12px; }
.dominolab-projector .widget-inline-hbox { width: auto !important; }  /* as wide as large words need */
.dominolab-projector .widget-select select { min-width: 14em; }  /* a list, even before it fills */
.dominolab-projector .widget-vbox > .widget-inline-hbox,
.dominolab-projector.widget-vbox > .widget-inline-hbox { max-width: 40em; }
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
    return f"a {t.low}" if t.is_double else f"a {t.low} or a {t.high}"


def _tiles_text(n: int) -> str:
    return f"{n} tile{'s' if n != 1 else ''}"


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


class BoardView:
    """A plotly ``FigureWidget`` of a board, updated in place; clicks on a point call
    ``on_point("tile:slot")`` (or ``"lead"``) and clicks on a tile ``on_tile("1|4")``."""

    def __init__(self, board: Board, **options: Any) -> None:
        options.setdefault("display", display_options())  # as it was made, whatever comes later
        self.options = options
        self.shown = figure_dict(board, **options)  #: the figure dict the widget shows now
        self.fig = _figure_widget(self.shown)
        self.on_point: Callable[[str], None] | None = None
        self.on_tile: Callable[[str], None] | None = None
        self.fig.data[2].on_click(self._click_point)
        self.fig.data[3].on_click(self._click_point)
        self.fig.data[4].on_click(self._click_point)
        self.fig.data[1].on_click(self._click_tile)

    def update(self, board: Board, **options: Any) -> None:
        opts = {**self.options, **options}
        d = figure_dict(board, **opts)
        _sync(self.fig, d, self.shown)
        self.shown = d

    def _click_point(self, trace: Any, points: Any, selector: Any) -> None:
        for i in points.point_inds:
            cd = trace.customdata[i]
            if cd and self.on_point is not None:
                self.on_point(str(cd))

    def _click_tile(self, trace: Any, points: Any, selector: Any) -> None:
        for i in points.point_inds:
            if self.on_tile is not None:
                self.on_tile(str(trace.customdata[i]))


class HandView:
    """A hand as clickable tiles: a click calls ``on_tile("1|4")``."""

    def __init__(self, hand: Sequence[TileLike], **options: Any) -> None:
        options.setdefault("display", display_options())
        self.options = options
        self.shown = hand_dict(hand, **options)  #: the figure dict the widget shows now
        self.fig = _figure_widget(self.shown)
        self.on_tile: Callable[[str], None] | None = None
        self.fig.data[1].on_click(self._click)

    def update(self, hand: Sequence[TileLike], **options: Any) -> None:
        d = hand_dict(hand, **{**self.options, **options})
        _sync(self.fig, d, self.shown)
        self.shown = d

    def _click(self, trace: Any, points: Any, selector: Any) -> None:
        for i in points.point_inds:
            if self.on_tile is not None:
                self.on_tile(str(trace.customdata[i]))


def _count_panel(board: Board, hidden: bool = False) -> str:
    """The contributions, the equation and the points, as HTML."""
    if board.is_empty:
        return "<p>The layout is empty: any tile may lead, and the lead is counted too.</p>"
    if not board.rules.placement_scoring:
        return (
            f"<p>In {_esc(board.rules.name)} placing scores nothing: {_esc(ends_text(board))}. "
            "A round is scored at its end, by the pips left in the hands.</p>"
        )
    if hidden:
        return "<p><b>Quiz:</b> add up the counted ends yourself, then check your answer.</p>"
    rows = []
    for t, slot, v in board.counted_ends():
        why = "a terminal double counts both halves" if slot is None else f"its free {slot} end"
        rows.append(
            f"<tr><td>{_esc(t.bracketed)}</td><td>{why}</td><td style='text-align:right'>{v}</td></tr>"
        )
    pts = board.rules.points(board.score())
    unit = "shown points" if board.rules.unit == "shown" else "points"
    total = board.end_sum()
    reason = board.rules.count_reason(total)  # the rules' own words: fives, or threes and fives
    if not board.score():
        verdict = _esc(reason.replace(": no score", ": it scores nothing"))
    elif board.rules.unit == "shown":
        verdict = f"{_esc(reason.split(': ')[0])}: it scores <b>{pts} {unit}</b> ({total} raw / 5)"
    else:  # "… it scores 10", "… it scores 15 ÷ 3 + 15 ÷ 5 = 8": the number in bold, with its unit
        head, _, number = reason.rpartition(" ")
        verdict = f"{_esc(head)} <b>{number} {unit}</b>"
    spin = board.spinners
    notes = ""
    if spin:
        notes = (
            "<br><span style='color:#b35c00'>Spinner"
            + ("s" if len(spin) > 1 else "")
            + f" {', '.join(map(str, spin))}: {board.rules.spinner_text};"
            " an unused branch point counts 0.</span>"
        )
    return (
        "<table><tr><th>tile</th><th>adds</th><th></th></tr>"
        + "".join(rows)
        + f"</table><p><b>{_esc(board.equation())}</b>, {verdict}.{notes}</p>"
    )


class Playground(_Displayable):
    """Free placement on one layout.

    ``Playground(rules="all-fives", hand=None, moves=(), quiz=False)``: the hand is
    every tile not on the layout unless given; ``moves`` starts the layout.
    """

    def __init__(
        self,
        rules: Rules | str = "all-fives",
        hand: Sequence[TileLike] | None = None,
        moves: Sequence[tuple[TileLike, Any]] = (),
        *,
        quiz: bool = False,
        theme: str | None = None,
        scale: float = 40.0,
        legend: bool | None = None,
    ) -> None:
        self.board = Board(variant(rules))
        for t, at in moves:
            self.board.play(t, at)
        self._start = [(p.tile, p.at) for p in self.board.placements]
        self._given_hand = None if hand is None else tiles(hand)
        self.hand = self._initial_hand()
        self.selected: Tile | None = None
        self._redo: list[Placement] = []
        self.quiz = quiz
        self.message = ""
        self.board_view = BoardView(self.board, theme=theme, scale=scale, show_counts=not quiz, legend=legend)
        self.hand_view = HandView(self.hand, theme=theme, scale=0.75 * scale)
        self.board_view.on_point = self.click_point
        self.hand_view.on_tile = self.select
        self.preset = w.Dropdown(
            options=list(PRESETS), value=self.board.rules.preset or VARIANTS[1], description="rules"
        )
        self.points = w.Select(options=[], rows=4, description="put it on", layout=w.Layout(width="320px"))
        self.place_button = w.Button(description="place", button_style="primary", icon="check")
        self.undo_button = w.Button(description="undo", icon="undo")
        self.redo_button = w.Button(description="redo", icon="repeat")
        self.reset_button = w.Button(description="reset", icon="refresh")
        self.quiz_toggle = w.ToggleButton(value=quiz, description="quiz", icon="question")
        self.answer = w.IntText(value=0, description="your count", layout=w.Layout(width="180px"))
        self.check_button = w.Button(description="check")
        self.panel = w.HTML()
        self.message_line = w.HTML(layout=w.Layout(min_height="1.6em"))
        self.message_line.add_class("dominolab-message")
        self.preset.observe(lambda ch: self.set_rules(ch["new"]), names="value")
        self.place_button.on_click(lambda _: self.place_selected())
        self.undo_button.on_click(lambda _: self.undo())
        self.redo_button.on_click(lambda _: self.redo())
        self.reset_button.on_click(lambda _: self.reset())
        self.quiz_toggle.observe(lambda ch: self.set_quiz(ch["new"]), names="value")
        self.check_button.on_click(lambda _: self.check(self.answer.value))
        quiz_box = w.HBox([self.quiz_toggle, self.answer, self.check_button])
        self.widget = w.VBox(
            [
                w.HBox([self.preset, self.undo_button, self.redo_button, self.reset_button]),
                self.hand_view.fig,
                w.HBox([self.points, self.place_button]),
                self.message_line,
                self.board_view.fig,
                w.HBox([self.panel, quiz_box]),
            ]
        )
        self.widget.add_class("dominolab-playground")
        _projected(self.widget)
        self._refresh()

    def _initial_hand(self) -> list[Tile]:
        if self._given_hand is not None:
            return [t for t in self._given_hand if t not in self.board]
        return [t for t in DOUBLE_SIX if t not in self.board]

    # -- what clicks do -------------------------------------------------------------

    def say(self, text: str, ok: bool = True) -> None:
        self.message = text
        color = "#1a7f37" if ok else "#b42318"
        self.message_line.value = f"<span style='color:{color}'>{_esc(text)}</span>"

    def select(self, tile: TileLike) -> None:
        """Pick a tile of the hand: its legal points light up (a refusal says why)."""
        try:
            t = Tile(tile)
        except DominolabError as e:
            return self.say(str(e), ok=False)
        if t not in self.hand:
            where = "already on the layout" if t in self.board else "not in the hand"
            return self.say(f"{t} is {where}.", ok=False)
        if not self.board.is_empty and not self.board.placements_for(t):
            values = sorted(self.board.open_values())
            return self.say(
                f"{t} does not play: no open point shows {_shows(t)} "
                f"(open values: {', '.join(map(str, values))}).",
                ok=False,
            )
        self.selected = t
        if self.board.is_empty:
            self.say(f"{t} selected: click the centre point (or 'place') to lead it.")
        else:
            n = len(self.board.placements_for(t))
            self.say(f"{t} selected: {n} point{'s' if n != 1 else ''} lit in green. Click one to place it.")
        self._refresh()

    def click_point(self, point: str) -> None:
        """A click on an open point of the board (``"1|4:high"``, or ``"lead"``)."""
        if self.selected is None:
            return self.say("Pick a tile from the hand first, then click where it goes.", ok=False)
        self.place(self.selected, None if point == "lead" else point)

    def place_selected(self) -> None:
        """The 'place' button: the selected tile on the point chosen in the list."""
        if self.selected is None:
            return self.say("Pick a tile from the hand first.", ok=False)
        at = self.points.value
        if at is None and not self.board.is_empty:
            return self.say("Choose where it goes in the list (or click a point on the board).", ok=False)
        self.place(self.selected, None if at == "lead" else at)

    def place(self, tile: TileLike, at: Any = None) -> Placement | None:
        """Place a tile; a refusal is said in the message line and changes nothing."""
        try:
            t = Tile(tile)
            if t not in self.hand:
                raise DominolabError(f"{t} is not in the hand")
            p = self.board.play(t, at)
        except DominolabError as e:
            self.say(str(e), ok=False)
            return None
        self.hand.remove(t)
        self._redo.clear()
        self.selected = None
        where = "leads" if p.at is None else f"on {p.at}"
        if not self.board.rules.placement_scoring:
            self.say(f"{t} {where}: {ends_text(self.board)}.")
        elif self.quiz:
            self.say(f"{t} {where}. What is the count now?")
        else:
            self.say(f"{t} {where}: {self.board.equation()} → {p.points} {self._unit(p.points)}.")
        self._refresh()
        return p

    def _unit(self, n: int) -> str:
        u = "shown point" if self.board.rules.unit == "shown" else "point"
        return u + ("" if n == 1 else "s")

    def undo(self) -> None:
        if self.board.is_empty:
            return self.say("Nothing to undo: the layout is empty.", ok=False)
        p = self.board.undo()
        self._redo.append(p)
        self.hand.append(p.tile)
        self.hand.sort()
        self.selected = None
        self.say(f"Took {p.tile} back.")
        self._refresh()

    def redo(self) -> None:
        if not self._redo:
            return self.say("Nothing to redo.", ok=False)
        p = self._redo.pop()
        redo = list(self._redo)
        if self.place(p.tile, p.at) is not None:
            self._redo = redo

    def reset(self) -> None:
        self.board.clear()
        for t, at in self._start:
            self.board.play(t, at)
        self.hand = self._initial_hand()
        self.selected = None
        self._redo.clear()
        self.say("Back to the start.")
        self._refresh()

    def set_rules(self, name: str | Rules) -> None:
        """Replay the layout under other rules; a placement they refuse is said, and stops the replay."""
        moves = [(p.tile, p.at) for p in self.board.placements]
        board = Board(variant(name))
        refused = ""
        for t, at in moves:
            reason = board.why_not(t, at)
            if reason is not None:
                refused = (
                    f" Under {board.rules.name}, {t} on {at} is refused: {reason}."
                    f" Kept {len(board)} placements."
                )
                break
            board.play(t, at)
        self.board = board
        self.board_view.options["show_counts"] = not self.quiz
        self.hand = [t for t in (self._given_hand or DOUBLE_SIX) if t not in board]
        self.selected = None
        self._redo.clear()
        if self.preset.value != board.rules.preset and board.rules.preset in PRESETS:
            self.preset.value = board.rules.preset
        self.say(f"Rules: {board.rules.name}." + refused, ok=not refused)
        self._refresh()

    def set_quiz(self, on: bool) -> None:
        self.quiz = bool(on)
        if self.quiz_toggle.value != self.quiz:
            self.quiz_toggle.value = self.quiz
        self.say("Quiz on: the count is hidden." if self.quiz else "Quiz off: the count is shown.")
        self._refresh()

    def check(self, answer: int) -> bool:
        """Check a count typed by the learner (quiz mode)."""
        right = self.board.end_sum()
        if answer == right:
            pts = self.board.rules.points(self.board.score())
            self.say(f"Right: {self.board.equation()} → {pts} {self._unit(pts)}.")
            return True
        self.say(f"Not quite: {answer} is not the count. Look at each free end again.", ok=False)
        return False

    # -- drawing ---------------------------------------------------------------------

    def _refresh(self) -> None:
        b = self.board
        self.board_view.update(b, highlight=self.selected, show_counts=not self.quiz)
        playable = [t for t in self.hand if b.is_empty or b.placements_for(t)]
        self.hand_view.update(
            self.hand,
            selected=self.selected,
            playable=playable,
            title=f"Hand: {_tiles_text(len(self.hand))} · click one",
        )
        if self.selected is None:
            self.points.options = []
        elif b.is_empty:
            self.points.options = [("lead it", "lead")]
            self.points.value = "lead"
        else:
            opts = []
            for p in b.placements_for(self.selected):
                pts = b.points_for(self.selected, p)
                # quiz mode hides the count everywhere, this list included
                label = f"{p} ({p.value})" if self.quiz else f"{p} ({p.value}) → {pts} {self._unit(pts)}"
                opts.append((label, str(p)))
            self.points.options = opts
            self.points.value = opts[0][1] if opts else None
        self.panel.value = _count_panel(b, hidden=self.quiz)


class VariantComparison(_Displayable):
    """One sequence of placements scored under every fives game (the registry's
    :data:`~dominolab.FIVES_GAMES`: five-up, all-fives, dominos-cc, fives-and-threes), or the
    ``presets`` given.

    A placement one preset refuses (a branch of a double that is not a spinner
    there; any branch in the plain line of fives-and-threes) stops that preset's layout, and
    the table says why.  ``hands`` (final hands, one per seat) adds the settlement of the
    same hands under each preset.  Four boards or more are laid out two to a row.
    """

    def __init__(
        self,
        moves: Sequence[tuple[TileLike, Any]],
        hands: Sequence[Sequence[TileLike]] | None = None,
        *,
        domino_seat: int | None = None,
        presets: Sequence[str] = FIVES_GAMES,
        scale: float = 24.0,
        legend: bool | None = None,
        one_board: bool | None = None,
    ) -> None:
        shown = display_options()
        self.one_board = shown.one_board if one_board is None else bool(one_board)
        self.moves = [(Tile(t), at) for t, at in moves]
        self.presets = list(presets)
        self.hands = hands
        self.domino_seat = domino_seat
        self.results: dict[str, list[Placement | str]] = {}
        for name in self.presets:
            b = Board(name)
            steps: list[Placement | str] = []
            for t, at in self.moves:
                reason = b.why_not(t, at)
                if reason is not None:
                    steps.append(reason)
                    break
                steps.append(b.play(t, at))
            self.results[name] = steps
        self.step = w.IntSlider(value=len(self.moves), min=0, max=len(self.moves), description="placements")
        self.labels = {n: w.HTML(f"<b>{n}</b>") for n in self.presets}
        self.table = w.HTML()
        self.settlement = w.HTML()
        self.step.observe(lambda ch: self.show(ch["new"]), names="value")
        k = len(self.moves)
        self.choice: w.ToggleButtons | None
        if self.one_board:
            # one large board at full width, the rule set chosen by tabs (a projector's way)
            self.choice = w.ToggleButtons(
                options=self.presets,
                value=self.presets[0],
                description="rule set",
                style={"button_width": "auto"},  # a long name ("fives-and-threes") whole
            )
            view = BoardView(self.board_at(self.presets[0], k), scale=2 * scale, legend=legend)
            self.views = {n: view for n in self.presets}
            self.choice.observe(lambda ch: self.show(self.step.value), names="value")
            board_part = w.VBox([self.choice, self.labels[self.presets[0]], view.fig])
        else:
            self.choice = None
            self.views = {
                n: BoardView(self.board_at(n, k), scale=scale, max_width=420, legend=legend)
                for n in self.presets
            }
            boxes = [w.VBox([self.labels[n], self.views[n].fig]) for n in self.presets]
            per_row = 2 if len(boxes) > 3 else len(boxes)  # four boards: two rows of two
            board_part = w.VBox([w.HBox(boxes[i : i + per_row]) for i in range(0, len(boxes), per_row)])
        self._board_part = board_part
        self.widget = _projected(w.VBox([self.step, board_part, self.table, self.settlement]))
        self.widget.add_class("dominolab-comparison")
        self.show(k)
        self.settlement.value = self.settlement_html()

    @property
    def shown(self) -> list[str]:
        """The presets whose boards are on the screen now."""
        return [self.choice.value] if self.choice is not None else self.presets

    def refusal(self, preset: str, k: int) -> tuple[Tile, Any, str] | None:
        """The placement ``preset`` refused among the first ``k``, as ``(tile, point, why)``."""
        steps = self.results[preset]
        for i, r in enumerate(steps[:k]):
            if isinstance(r, str):
                t, at = self.moves[i]
                return (t, at, r)
        return None

    def board_at(self, preset: str, k: int) -> Board:
        b = Board(preset)
        for r in self.results[preset][:k]:
            if isinstance(r, str):
                break
            b.play(r.tile, r.at)
        return b

    def show(self, k: int) -> None:
        shown = self.shown
        for n in self.presets:  # each board replayed once: for its picture and its line
            b = self.board_at(n, k)
            why = self.refusal(n, k)
            if n in shown:
                self.views[n].update(b, refused=why)
            spin = ", ".join(map(str, b.spinners)) or "none yet"
            stop = f" · <span style='color:#b42318'>refused {_esc(why[0])}</span>" if why else ""
            self.labels[n].value = f"<b>{n}</b> · spinners: {spin} · total {self.total(n, k)}{stop}"
        if self.choice is not None:  # the chosen rule set's line above its board
            view = self.views[self.choice.value]
            self._board_part.children = (self.choice, self.labels[self.choice.value], view.fig)
        self.table.value = self.table_html(k)

    def total(self, preset: str, k: int | None = None) -> int:
        """The placement points under ``preset`` after ``k`` placements (in its unit)."""
        steps = self.results[preset][: len(self.moves) if k is None else k]
        return sum(r.points for r in steps if not isinstance(r, str))

    def table_html(self, k: int | None = None) -> str:
        k = len(self.moves) if k is None else k
        head = "".join(f"<th>{n}</th>" for n in self.presets)
        rows = []
        for i, (t, at) in enumerate(self.moves[:k]):
            cells = []
            for n in self.presets:
                steps = self.results[n]
                if i >= len(steps):
                    cells.append("<td>—</td>")
                elif isinstance(steps[i], str):
                    cells.append(f"<td style='color:#b42318'>refused: {_esc(steps[i])}</td>")
                else:
                    p = steps[i]
                    assert isinstance(p, Placement)
                    unit = " shown" if variant(n).unit == "shown" else ""
                    mark = " (spinner)" if p.spinner else ""
                    cells.append(f"<td>count {p.sum} → {p.points}{unit}{mark}</td>")
            where = "lead" if at is None else _esc(at if isinstance(at, str) else point_text(at))
            rows.append(
                f"<tr><td style='white-space:nowrap'>{i + 1}. {_esc(t)} {where}</td>{''.join(cells)}</tr>"
            )
        why = "".join(
            f"<p><b>{n}</b>: {_esc(variant(n).spinner_text)}"
            + ("; points are shown as raw/5" if variant(n).unit == "shown" else "")
            + ".</p>"
            for n in self.presets
        )
        return f"<table><tr><th>placement</th>{head}</tr>{''.join(rows)}</table>{why}"

    def settlement_html(self) -> str:
        if self.hands is None:
            return ""
        parts = []
        placed = [t for t, _ in self.moves]
        for n in self.presets:
            s = settle(n, self.hands, domino_seat=self.domino_seat, layout=placed)
            lines = "<br>".join(_esc(x) for x in s.lines)
            parts.append(f"<div style='margin-right:2em'><b>{n}</b><br>{lines}</div>")
        ways = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}.get(len(parts), str(len(parts)))
        return (
            f"<h4>The same final hands settled {ways} ways</h4><div style='display:flex;flex-wrap:wrap'>"
            + "".join(parts)
            + "</div>"
        )


BLOCKED = -1  #: the *went out* box's value for "nobody" (a dropdown's None means no choice)


def _player_counts(rules: Rules) -> list[int]:
    """The numbers of players ``rules`` allow, for a dropdown."""
    return list(range(rules.min_players, rules.max_players + 1))


class SettleHands(_Displayable):
    """Type in the hands left at the end of a round and see it settled under each rule set,
    side by side: who won, what each side's score changes by, and why, line by line.

    Each seat's box takes tiles as written everywhere here (``"6|6 0|1"``; empty for a seat
    that went out).  *went out* says who played their last tile, or that the round was
    blocked.  A hand that cannot be read, a tile held twice, or a seat said to have gone
    out that still holds tiles is refused in the message line, and the settlements shown
    stay as they were.

    >>> sh = SettleHands([[], ["6|6"], ["0|1"]], domino_seat=0)
    >>> sh.results["all-fives"].changes[0]
    15
    """

    def __init__(
        self,
        hands: Sequence[Sequence[TileLike] | str] = ((), ("6|6", "0|1"), ("5|6", "0|2")),
        *,
        domino_seat: int | None = 0,
        presets: Sequence[str] = FIVES_GAMES,
        partnerships: bool = False,
    ) -> None:
        self.presets = list(presets)
        for n in self.presets:
            variant(n)  # an unknown preset is refused here, with the known ones named
        self.results: dict[str, Settlement] = {}
        counts = sorted({n for p in self.presets for n in _player_counts(variant(p))})
        self.players = w.Dropdown(
            options=counts, value=max(counts[0], min(counts[-1], len(hands))), description="players"
        )
        self.boxes = [
            w.Text(description=f"seat {i}", placeholder="tiles left, e.g. 6|6 0|1", continuous_update=False)
            for i in range(4)
        ]
        self.out = w.Dropdown(description="went out", layout=w.Layout(width="auto"))
        self.pairs = w.Checkbox(
            value=partnerships,
            description="partnerships (4 players: seats 0+2, 1+3)",
            layout=w.Layout(width="auto"),
            style={"description_width": "initial"},
        )
        self.message = w.HTML()
        self.columns = w.HTML()
        for i, h in enumerate(hands[:4]):
            self.boxes[i].value = h if isinstance(h, str) else " ".join(str(Tile(t)) for t in h)
        self._seats_changed()
        self.out.value = domino_seat if domino_seat in range(self.players.value) else BLOCKED
        self.players.observe(self._players_changed, names="value")
        for ctrl in (*self.boxes, self.out, self.pairs):
            ctrl.observe(lambda ch: self.settle(), names="value")
        self.widget = _projected(
            w.VBox(
                [
                    w.HTML("<b>The hands left when the round ended</b>"),
                    self.players,
                    w.VBox(self.boxes[:4]),
                    w.HBox([self.out, self.pairs]),
                    self.message,
                    self.columns,
                ]
            )
        )
        self.widget.add_class("dominolab-settle-hands")
        self.settle()

    @property
    def domino_seat(self) -> int | None:
        """The seat said to have gone out, or ``None``: the round was blocked."""
        return None if self.out.value == BLOCKED else int(self.out.value)

    def _players_changed(self, change: Any) -> None:
        self._seats_changed()
        self.settle()

    def _seats_changed(self) -> None:
        n = self.players.value
        for i, box in enumerate(self.boxes):
            box.layout.display = None if i < n else "none"
        keep = self.out.value if self.out.value in range(n) else BLOCKED
        self.out.options = [("nobody: the round was blocked", BLOCKED)] + [(f"seat {i}", i) for i in range(n)]
        self.out.value = keep
        self.pairs.disabled = n != 4
        if n != 4:
            self.pairs.value = False

    def set_hands(self, hands: Sequence[str], domino_seat: int | None = None) -> bool:
        """Type ``hands`` (one text per seat) and who went out, as a learner would; True if
        they were settled."""
        with self.widget.hold_sync():
            self.players.value = len(hands)
            for box, text in zip(self.boxes, hands, strict=False):
                box.value = text
            self.out.value = BLOCKED if domino_seat is None else domino_seat
        return self.settle()

    def hands(self) -> list[list[Tile]]:
        """The hands typed in, read (a malformed one raises, naming the seat)."""
        read = []
        for i in range(self.players.value):
            try:
                read.append(tiles(self.boxes[i].value.replace(",", " ").split()))
            except DominolabError as e:
                raise DominolabError(f"seat {i}: {e}") from None
        return read

    def settle(self) -> bool:
        """Settle the hands typed in under each preset; True if they could be."""
        if self.players.value != 4 and self.pairs.value:  # partnerships are of four players
            self.pairs.value = False
            return self.settle()
        try:
            hands = self.hands()
            pairs = self.pairs.value if self.players.value == 4 else None
            results = {
                n: settle(n, hands, domino_seat=self.domino_seat, partnerships=pairs) for n in self.presets
            }
        except DominolabError as e:
            self.message.value = (
                f"<span style='color:#b42318'>refused: {_esc(e)}</span>"
                " (the settlements below are the last that could be made)"
            )
            return False
        self.results = results
        ended = "blocked" if self.domino_seat is None else f"seat {self.domino_seat} went out"
        self.message.value = f"<span style='color:#1a7f37'>settled: {ended}</span>"
        cols = []
        for n, st in results.items():
            unit = " (shown points)" if variant(n).unit == "shown" else ""
            lines = "<br>".join(_esc(x) for x in st.lines)
            changes = ", ".join(format_score(c) for c in st.changes)
            cols.append(
                "<div style='flex:1; min-width:16em; margin-right:1.5em; border-top:4px solid #888;"
                f" padding-top:.3em'><b>{_esc(n)}</b>{unit}<br>{lines}<br><b>changes: {changes}</b></div>"
            )
        self.columns.value = "<div style='display:flex; flex-wrap:wrap'>" + "".join(cols) + "</div>"
        return True


class GameTable(_Displayable):
    """A whole game against bots: you play ``seat`` (default 0).

    ``GameTable(rules="all-fives", players=2, bots=None, seed=0, seat=0,
    partnerships=None, pause=0.0)``: ``bots`` names a bot for every other seat
    (default greedy; a list names one per seat, your own entry is ignored), or gives bot
    objects as :func:`~dominolab.play_game` takes them (``dl.make_bot("expert", 3)``).
    Bots move with the *next* button (or *bots play* for all of
    them up to your turn), each shown as it happens.

    **Hot seat**: ``humans=[0, 1]`` lets several people play on one screen (two students,
    two halves of a class). The hand shown is that of the human seat to move; when the turn
    passes to another human, the hand is hidden until that seat presses *show my hand*
    ("pass the screen"), so nobody sees another's tiles.
    """

    def __init__(
        self,
        rules: Rules | str = "all-fives",
        players: int = 2,
        bots: Sequence[str | Player | None] | str | Player | None = None,
        seed: int = 0,
        *,
        seat: int = 0,
        partnerships: bool | None = None,
        pause: float = 0.0,
        record_path: str = "game.json",
        muggins: bool | None = None,
        miss: float = 0.0,
        legend: bool | None = None,
        humans: Sequence[int] | None = None,
    ) -> None:
        r = variant(rules)
        r.check_players(players)
        seats = [seat] if humans is None else list(humans)
        for s_ in seats:
            if not is_whole(s_) or not 0 <= s_ < players:
                raise DominolabError(f"seat {s_!r} is not a seat of {players} players (0 to {players - 1})")
        if not seats or len(set(seats)) != len(seats):
            raise DominolabError(f"humans must name one seat or more, each once, not {humans!r}")
        if muggins is not None and type(muggins) is not bool:
            raise DominolabError(f"muggins must be True or False, not {muggins!r}")
        if muggins and not r.placement_scoring:
            raise DominolabError(f"muggins claims placement points, and {r.name} scores none while placing")
        make_bot("greedy", miss=miss)  # refuses a miss rate that is not one
        self.miss = miss  #: the bots' muggins miss rate
        self.claims = {"right": 0, "short": 0, "over": 0}  #: your claims so far, by verdict
        #: the seats people play; the others are bots
        self.humans: tuple[int, ...] = tuple(sorted(seats))
        #: the human seat whose hand may be shown now (hot seat: it changes when the screen passes)
        self.shown_to: int = self.humans[0] if humans is not None else seat
        self.pause = pause
        self.selected: Tile | None = None
        self.log: list[str] = []
        self.message = ""
        self.preset = w.Dropdown(options=list(PRESETS), value=r.preset or VARIANTS[1], description="rules")
        #: the player counts the rules allow (Rules.min_players to max_players)
        self.players = w.Dropdown(options=_player_counts(r), value=players, description="players")
        self._wanted = partnerships  #: the partnership switch asked for (None: the preset's)
        self.partner = w.Checkbox(
            value=bool(r.partnerships if partnerships is None else partnerships),
            description="partnerships (4 players)",
        )
        self.seed = w.IntText(value=seed, description="seed", layout=w.Layout(width="160px"))
        self.muggins = w.Checkbox(
            value=bool(r.muggins if muggins is None else muggins),
            description="muggins",
            indent=False,
            layout=w.Layout(width="auto"),  # the setup row keeps room for 'new game'
        )
        self.claim_box = w.BoundedIntText(
            value=0, min=0, max=100, description="claim", layout=w.Layout(width="170px")
        )
        self.claim_button = w.Button(description="claim", icon="check")
        self.nothing_button = w.Button(description="nothing")
        self.muggins_button = w.Button(description="Muggins!", button_style="danger")
        self.let_go_button = w.Button(description="let it go")
        self.muggins_row = w.HBox(
            [self.claim_box, self.claim_button, self.nothing_button, self.muggins_button, self.let_go_button]
        )
        self.muggins_row.add_class("dominolab-muggins")
        self.bot_choice = [
            w.Dropdown(
                options=list(BOTS), value="greedy", description=f"seat {i}", layout=w.Layout(width="180px")
            )
            for i in range(4)
        ]
        #: bot objects given for a seat (as play_game takes them): played as they are, until
        #: that seat's menu is changed
        self._given: dict[int, Player] = {}
        names = [bots] * 4 if isinstance(bots, str | Player) else list(bots or [])
        for i, b in enumerate(names[:4]):
            if b is None:  # a seat played by a person, or the default
                continue
            if isinstance(b, Player):
                self._given[i] = b
                if b.name not in BOTS:
                    self.bot_choice[i].options = [*BOTS, b.name]
                self.bot_choice[i].value = b.name
                self.bot_choice[i].observe(lambda ch, i=i: self._given.pop(i, None), names="value")
                continue
            if b not in BOTS:
                raise DominolabError(f"unknown bot {b!r}; known: {', '.join(BOTS)}")
            self.bot_choice[i].value = b
        self.show_button = w.Button(description="show my hand", button_style="warning")
        self.show_button.on_click(lambda _: self.show_hand())
        self.new_button = w.Button(description="new game", icon="play")
        self.draw_button = w.Button(description="draw")
        self.pass_button = w.Button(description="pass")
        self.next_button = w.Button(description="next (bot)", icon="step-forward")
        self.run_button = w.Button(description="bots play", icon="forward")
        self.hint_button = w.Button(description="hint", icon="lightbulb-o")
        self.tally = w.Checkbox(value=False, description="paper tally")
        self.save_path = w.Text(value=record_path, description="save to", layout=w.Layout(width="260px"))
        self.save_button = w.Button(description="save record", icon="save")
        self.message_line = w.HTML(layout=w.Layout(min_height="1.6em"))
        self.message_line.add_class("dominolab-message")
        self.scoreboard = w.HTML()
        self.settlement = w.HTML()
        self.log_box = w.HTML()
        self.tally_box = w.Output()
        self.game = self._new_game(self._rules(r), players, seed, partnerships)
        self.board_view = BoardView(self.game.board, scale=36.0, legend=legend)
        self.hand_view = HandView(self.game.hands[self.seat], scale=30.0)
        self.board_view.on_point = self.click_point
        self.hand_view.on_tile = self.select
        self.new_button.on_click(lambda _: self.new_game())
        self.draw_button.on_click(lambda _: self.draw())
        self.pass_button.on_click(lambda _: self.pass_turn())
        self.next_button.on_click(lambda _: self.next())
        self.run_button.on_click(lambda _: self.run_bots())
        self.hint_button.on_click(lambda _: self.hint())
        self.save_button.on_click(lambda _: self.save())
        self.claim_button.on_click(lambda _: self.claim(int(self.claim_box.value)))
        self.nothing_button.on_click(lambda _: self.claim(0))
        self.muggins_button.on_click(lambda _: self.call_muggins())
        self.let_go_button.on_click(lambda _: self.let_go())
        self.tally.observe(lambda ch: self._refresh(), names="value")
        self.players.observe(lambda ch: self._sync_setup(), names="value")
        self.preset.observe(lambda ch: self._preset_changed(), names="value")
        self._sync_setup()
        setup = w.VBox(
            [
                w.HBox([self.preset, self.players, self.seed, self.muggins, self.new_button]),
                w.HBox([self.partner] + [b for i, b in enumerate(self.bot_choice) if i not in self.humans]),
            ]
        )
        actions = w.HBox(
            [self.draw_button, self.pass_button, self.next_button, self.run_button, self.hint_button]
            + ([self.show_button] if len(self.humans) > 1 else [])
        )
        self.widget = w.VBox(
            [
                setup,
                self.scoreboard,
                self.hand_view.fig,
                actions,
                self.muggins_row,
                self.message_line,
                self.board_view.fig,
                w.HBox([self.log_box, self.settlement]),
                w.HBox([self.tally, self.save_path, self.save_button]),
                self.tally_box,
            ]
        )
        self.widget.add_class("dominolab-table")
        _projected(self.widget)
        if len(self.humans) > 1:
            self.widget.add_class("dominolab-hot-seat")
        self._refresh()
        self._announce_turn()

    def _sync_setup(self) -> None:
        """Enable only the controls that matter for the chosen number of players: a bot
        for each other seat in the game, and the partnership switch at four."""
        n = int(self.players.value)
        for i, b in enumerate(self.bot_choice):
            b.disabled = i >= n or i in self.humans
        self.partner.disabled = n != 4
        if n != 4:  # below four players there are no partners: the box is not ticked either
            self.partner.value = False
        else:
            self.partner.value = (
                variant(self.preset.value).partnerships if self._wanted is None else self._wanted
            )

    def _preset_changed(self) -> None:
        """A new rule set brings its own player counts and partnership default (dominos-cc:
        each for themselves)."""
        self._wanted = None
        counts = _player_counts(variant(self.preset.value))
        if list(self.players.options) != counts:
            keep = min(max(int(self.players.value), counts[0]), counts[-1])
            self.players.options = counts
            self.players.value = keep
        self._sync_setup()

    def _rules(self, base: Rules) -> Rules:
        """``base`` with the muggins box's choice (the line games score nothing to claim)."""
        want = bool(self.muggins.value) and base.placement_scoring
        return base.at_table(muggins=want)

    def _new_game(self, rules: Rules, players: int, seed: int, partnerships: bool | None) -> Game:
        g = Game(rules, players, seed, partnerships=partnerships)
        miss = self.miss if rules.muggins and self.miss else 0.0
        self.bots = {
            s: self._given.get(s) or make_bot(self.bot_choice[s].value, bot_seed(seed, s), miss=miss)
            for s in range(players)
            if s not in self.humans
        }
        self.claims = {"right": 0, "short": 0, "over": 0}
        you = (
            f"You are seat {self.seat}"
            if len(self.humans) == 1
            else ("People play seats " + ", ".join(map(str, self.humans)))
        )
        self.log = [f"New game of {g.rules.name}, {players} players, seed {seed}. {you}."]
        self.settlement.value = ""
        return g

    def new_game(self) -> None:
        """Start a game with the settings of the controls."""
        players = int(self.players.value)
        if max(self.humans) >= players:
            top = max(self.humans)
            return self.say(f"Seat {top} is played by a person: choose at least {top + 1} players.", ok=False)
        part = self.partner.value if players == 4 else None
        self.game = self._new_game(
            self._rules(variant(self.preset.value)), players, int(self.seed.value), part
        )
        self.selected = None
        self._refresh()
        self._announce_turn()

    # -- your moves ------------------------------------------------------------------

    def say(self, text: str, ok: bool = True) -> None:
        self.message = text
        color = "#1a7f37" if ok else "#b42318"
        self.message_line.value = f"<span style='color:{color}'>{_esc(text)}</span>"

    @property
    def seat(self) -> int:
        """The human seat at the screen: the one to move, when a person plays it; else the
        one whose hand was shown last."""
        g = getattr(self, "game", None)
        if g is not None and g.to_move in self.humans and g.to_move == self.shown_to:
            return int(g.to_move)
        return self.shown_to

    def _people_to_move(self) -> bool:
        """Whether the seat to move is played by a person (not a bot)."""
        return self.game.to_move in self.humans

    def _screen_waits(self) -> bool:
        """Hot seat: a person is to move, but the screen still shows another person's hand."""
        g = self.game
        return not g.is_over and self._people_to_move() and g.to_move != self.shown_to

    def show_hand(self) -> None:
        """Hot seat: the person to move has the screen now (the 'show my hand' button)."""
        g = self.game
        if g.is_over or not self._people_to_move():
            return self.say("Nobody's hand is waiting to be shown.", ok=False)
        self.shown_to = g.to_move
        self.selected = None
        self._refresh()
        self._announce_turn()

    def _your_turn(self) -> bool:
        if self.game.is_over:
            self.say(f"The game is over: {self._winner_text()}. Press 'new game' to play again.", ok=False)
            return False
        if not self._people_to_move():
            bot = self.bots[self.game.to_move].name
            self.say(f"It is seat {self.game.to_move}'s turn ({bot}): press 'next'.", ok=False)
            return False
        if self._screen_waits():
            self.say(
                f"Seat {self.game.to_move}'s turn: pass the screen; seat {self.game.to_move} presses "
                "'show my hand'.",
                ok=False,
            )
            return False
        return True

    def select(self, tile: TileLike) -> None:
        """Click on a tile of your hand."""
        if not self._your_turn():
            return
        try:
            t = Tile(tile)
        except DominolabError as e:
            return self.say(str(e), ok=False)
        g = self.game
        if t not in g.hands[self.seat]:
            return self.say(f"{t} is not in your hand.", ok=False)
        acts = g.legal_actions()
        legal = [a for a in acts if a.act is Act.PLAY and a.tile == t]
        if not legal:
            if g.drawn is not None:
                reason = f"you drew {g.drawn}, which plays: it must be placed at once, not {t}"
            elif g.board.is_empty:
                reason = g.why_not(Action.play(t)) or f"{t} cannot lead"
            elif acts and acts[0].act is not Act.PLAY:
                reason = f"nothing in your hand plays, so {acts[0].act.value} (the button below)"
            else:
                reason = f"{t} does not play: no open point shows {_shows(t)}"
            return self.say(reason[0].upper() + reason[1:] + ".", ok=False)
        self.selected = t
        if g.board.is_empty:
            self._play(Action.play(t))
            return
        only = legal[0].at
        if len(legal) == 1 and only is not None:
            self.say(f"{t} selected: it goes only on {point_text(only)} — click it.")
        else:
            self.say(f"{t} selected: click one of the {len(legal)} green points.")
        self._refresh()

    def click_point(self, point: str) -> None:
        """Click on an open point of the board."""
        if not self._your_turn():
            return
        if self.selected is None:
            return self.say("Pick a tile of your hand first.", ok=False)
        self._play(Action.play(self.selected, None if point == "lead" else point))

    def draw(self) -> None:
        if self._your_turn():
            self._play(Action.draw())

    def pass_turn(self) -> None:
        if self._your_turn():
            self._play(Action.pass_())

    # -- muggins -----------------------------------------------------------------------

    def _rec_text(self, rec: Any) -> str:
        """An action in words; with muggins a placement's count is not given away."""
        rules = self.game.rules
        return str(
            rec.text(count=not rules.muggins, unit="shown point" if rules.unit == "shown" else "point")
        )

    def _notes(self, rs: Any, rec: Any) -> str:
        """What the engine adds to an action of round ``rs`` where the rules give a point for
        going out or an exact target (the seat went out; its score was disregarded), as text
        to append."""
        if rec.act not in (Act.PLAY, Act.CLAIM, Act.MUGGINS):
            return ""
        return "".join(" " + n for n in scoring_notes(self.game, rs, note_out=rec.act is Act.PLAY))

    def _owed(self) -> Act | None:
        """The muggins step owed now (``Act.CLAIM`` or ``Act.MUGGINS``), if any."""
        acts = self.game.legal_actions()
        return acts[0].act if acts and acts[0].act in (Act.CLAIM, Act.MUGGINS) else None

    def _placed(self) -> tuple[int, int]:
        """The seat that placed the last tile, and what that placement scores (the going-out
        point included, where the rules give one)."""
        owed = self.game.owed_claim
        if owed is not None:
            return owed
        rec = next(a for a in reversed(self.game.round.actions) if a.act is Act.PLAY)
        return rec.seat, rec.points or 0

    def claim(self, points: int) -> None:
        """Claim ``points`` for the tile you just placed (0: nothing)."""
        if not self._your_turn():
            return
        if self._owed() is not Act.CLAIM:
            return self.say("There is nothing to claim now: a claim follows your placement.", ok=False)
        try:
            action = Action.claim_(points)
        except DominolabError as e:
            return self.say(str(e), ok=False)
        _, worth = self._placed()
        if self.game.why_not(action) is None:  # counted before _play redraws the scoreboard
            self.claims[judge(points, worth)] += 1
        if self._play(action, quiet=True):
            nxt = (self.seat + 1) % self.game.players
            who = "a person" if nxt in self.humans else self.bots[nxt].name
            self.say(claim_text("You", points, worth, f"seat {nxt} ({who})"))
            self._announce_turn(quiet=True)

    def call_muggins(self) -> None:
        """Take the points the last claim missed."""
        if self._your_turn() and self._owed() is Act.MUGGINS:
            self._play(Action(Act.MUGGINS))
        elif not self.message.startswith("It is seat"):
            self.say("No claim fell short just now: there is nothing to call.", ok=False)

    def let_go(self) -> None:
        if self._your_turn() and self._owed() is Act.MUGGINS:
            self._play(Action(Act.LET_GO))

    def _play(self, action: Action, quiet: bool = False) -> bool:
        g = self.game
        rs = g.round
        try:
            rec = g.apply(action)
        except DominolabError as e:
            reason = str(e)
            self.say(reason[0].upper() + reason[1:] + ".", ok=False)
            return False
        self.selected = None
        notes = self._notes(rs, rec)
        self.log.append(self._rec_text(rec) + notes)
        if rec.act is Act.DRAW and g.drawn is not None and g.to_move == self.seat:
            self.selected = g.drawn
            self.say(f"You drew {rec.tile}: it plays, so place it now (it is selected).")
        elif rec.act is Act.DRAW:
            self.say(
                f"You drew {rec.tile}: it does not play." + (" Draw again." if g.boneyard_count else " Pass.")
            )
        elif not quiet:
            text = self._rec_text(rec)
            self.say(
                text[0].upper()
                + text[1:]
                + ("; now claim its points." if self._owed() is Act.CLAIM else ".")
                + notes
            )
        self._after_action(rs)
        return True

    # -- bots --------------------------------------------------------------------------

    def next(self) -> None:
        """One bot action (the 'next' button)."""
        g = self.game
        if g.is_over:
            return self.say(f"The game is over: {self._winner_text()}.", ok=False)
        if self._people_to_move():
            if len(self.humans) == 1:
                return self.say("It is your turn.", ok=False)
            return self.say(f"It is seat {g.to_move}'s turn, played by a person.", ok=False)
        seat = g.to_move
        a = bot_action(g, self.bots[seat])
        worth = self._placed()[1] if a.act is Act.CLAIM else 0
        rs = g.round
        rec = g.push(a)  # the bot's action is one of the legal ones (bot_action checks it)
        notes = self._notes(rs, rec)
        self.log.append(self._rec_text(rec) + f" ({self.bots[seat].name})" + notes)
        if rec.act is Act.CLAIM:
            nxt = (seat + 1) % g.players
            caller = "you" if nxt in self.humans else f"seat {nxt}"
            text = claim_text(f"Seat {seat}", rec.points or 0, worth, caller)
            if nxt in self.humans and judge(rec.points or 0, worth) == "short":
                text += " Press Muggins! to take them, or let it go."
            self.say(text + notes)
        else:
            text = self._rec_text(rec)
            self.say(text[0].upper() + text[1:] + "." + notes)
        self._after_action(rs)

    def run_bots(self, limit: int = 500) -> None:
        """Bots play until it is your turn (or the game ends)."""
        n = 0
        while not self.game.is_over and not self._people_to_move() and n < limit:
            self.next()
            n += 1
            if self.pause:
                time.sleep(self.pause)

    def hint(self) -> str:
        """What greedy would do in your place."""
        if not self._your_turn():
            return self.message
        text = explain_choice(self.game.view(self.seat), "greedy")
        self.say("Hint: " + text + ".")
        return text

    # -- after each action ------------------------------------------------------------

    def _after_action(self, rs: Any) -> None:
        """After an action of round ``rs``: its end if it ended it, and the table redrawn."""
        g = self.game
        if rs.is_over:
            self._show_round_end(rs)
        self._refresh()
        if not g.is_over:
            self._announce_turn(quiet=True)

    def _show_round_end(self, rs: Any) -> None:
        g = self.game
        if rs.end_reason is EndReason.TARGET:
            text = f"Round {rs.number} ends the game: {side_name(g.sides, rs.winner)} reached the target."
            self.log.append(text)
            self.settlement.value = f"<b>{_esc(text)}</b>"
            return
        if rs.settlement is None:
            return
        lines = "<br>".join(_esc(x) for x in rs.settlement.lines)
        self.settlement.value = f"<b>Round {rs.number} ({rs.end_reason})</b><br>{lines}"
        self.log.append(f"Round {rs.number} over ({rs.end_reason}).")
        nxt = g.rounds[-1] if g.rounds[-1] is not rs and not g.is_over else None
        if nxt is not None and nxt.leader is not None and nxt.leader_by is not None:
            why = lead_reason(nxt.leader_by, nxt.leader)
            self.log.append(f"Round {nxt.number}: seat {nxt.leader} leads ({why}).")

    def _announce_turn(self, quiet: bool = False) -> None:
        """Say whose turn it is.  ``quiet`` (after an action): add it to the message only when
        the turn has come back to you, with what you can do if nothing of yours plays."""
        g = self.game
        if g.is_over:
            self.say(f"Game over: {self._winner_text()}.")
            return
        if self._screen_waits():
            turn = f"Seat {g.to_move}'s turn: pass the screen; seat {g.to_move} presses 'show my hand'."
            self.say(f"{self.message} {turn}" if quiet and self.message else turn)
            return
        if g.to_move in self.humans:
            acts = g.legal_actions()
            if g.drawn is not None:
                return  # the message already says to place the drawn tile
            if acts and acts[0].act is Act.CLAIM:
                tile = self.game.round.actions[-1].tile
                turn = (
                    f"Muggins: how many points does your {tile} score? "
                    "Type it and press claim (or 'nothing')."
                )
            elif acts and acts[0].act is Act.MUGGINS:
                turn = "Your call: Muggins! or let it go."
            elif acts and acts[0].act is Act.DRAW:
                turn = "Your turn: nothing of yours plays, so draw."
            elif acts and acts[0].act is Act.PASS:
                turn = "Your turn: nothing of yours plays and the boneyard is empty, so pass."
            else:
                turn = "Your turn: pick a tile" + (" to lead." if g.board.is_empty else ".")
            if quiet and self.message and not self.message.startswith("You "):
                self.say(f"{self.message} {turn}")
            elif not quiet or not self.message.startswith("You drew"):
                self.say(turn)
        elif not quiet:
            self.say(f"Seat {g.to_move} ({self.bots[g.to_move].name}) is to move: press 'next'.")

    def _winner_text(self) -> str:
        o = self.game.outcome
        if o is None:
            return "not over"
        who = side_name(self.game.sides, o.winner)
        you = " (you)" if self.seat in self.game.sides[o.winner] else ""
        return f"{who}{you} wins with {format_score(o.scores[o.winner])}"

    def save(self, path: str | None = None) -> str:
        """Write the game record (JSON) to ``path`` (default: the text box)."""
        p = pathlib.Path(path or self.save_path.value)
        try:
            dump_records([game_to_record(self.game)], p)
        except OSError as e:
            self.say(f"Cannot save to {p}: {e.strerror or e}.", ok=False)
            return ""
        self.say(f"Saved the game record to {p}.")
        return str(p)

    def _refresh(self) -> None:
        g = self.game
        if self._screen_waits():  # hot seat: nobody sees the next person's tiles before they do
            self.hand_view.update(
                [],
                title=f"Seat {g.to_move}'s turn: pass the screen, then press 'show my hand' "
                f"({_tiles_text(len(g.hands[g.to_move]))} hidden)",
            )
            self.show_button.disabled = False
            mine = False
        else:
            hand = g.hands[self.seat]
            mine = g.to_move == self.seat and not g.is_over
            playable = sorted({a.tile for a in g.legal_actions() if a.tile is not None}) if mine else []
            whose = "Your hand" if len(self.humans) == 1 else "Hand"
            self.hand_view.update(
                hand,
                selected=self.selected,
                playable=playable,
                title=f"{whose} (seat {self.seat}): {_tiles_text(len(hand))}{' · your turn' if mine else ''}",
            )
            self.show_button.disabled = True
        # with muggins the count is yours to find: the board does not give it away
        self.board_view.update(
            g.board, highlight=self.selected if mine else None, show_counts=not g.rules.muggins
        )
        rows = []
        for i, side in enumerate(g.sides):
            who = side_name(g.sides, i) + (" (you)" if len(self.humans) == 1 and self.seat in side else "")
            rows.append(f"<td><b>{_esc(who)}</b>: {format_score(g.scores[i])}</td>")
        hands = " · ".join(f"seat {s}: {len(h)} tiles" for s, h in enumerate(g.hands))
        target = g.rules.target(g.players)
        self.scoreboard.value = (
            f"<table><tr>{''.join(rows)}</tr></table>"
            f"<small>{_esc(g.rules.name)}: target {target} {g.rules.unit} · round {len(g.rounds)} · "
            f"{hands} · "
            + (f"boneyard {g.boneyard_count}" if g.rules.drawing else f"{len(g.out_of_play)} out of play")
            + (
                f" · muggins: your claims {self.claims['right']} right, {self.claims['short']} short, "
                f"{self.claims['over']} too high"
                if g.rules.muggins
                else ""
            )
            + "</small>"
        )
        self.log_box.value = "<br>".join(_esc(x) for x in self.log[-12:])
        owed = self._owed() if mine else None
        self.draw_button.disabled = not mine or not g.rules.drawing or owed is not None  # block: no drawing
        self.pass_button.disabled = not mine or owed is not None
        self.muggins_row.layout.display = "" if g.rules.muggins else "none"
        self.claim_box.step, self.claim_box.max = g.rules.claim_step, g.rules.claim_values[-1]
        for b in (self.claim_box, self.claim_button, self.nothing_button):
            b.disabled = owed is not Act.CLAIM
        self.muggins_button.disabled = self.let_go_button.disabled = owed is not Act.MUGGINS
        for b in (self.muggins_button, self.let_go_button):  # there only when a claim fell short
            b.layout.display = "" if owed is Act.MUGGINS else "none"
        self.muggins.disabled = not variant(self.preset.value).placement_scoring
        self.next_button.disabled = mine or g.is_over
        self.run_button.disabled = mine or g.is_over
        self.tally_box.clear_output()
        if self.tally.value:
            with self.tally_box:
                for i in range(len(g.sides)):
                    draw_tally(float(g.scores[i]), g.rules, label=side_name(g.sides, i)).show()


class MugginsDrill(_Displayable):
    """Counting under time pressure: a layout is shown, you type what the last placement
    scores (0 for nothing) before ``par`` seconds, and a tally keeps your claims right, short,
    too high and slow.  The layouts come from seeded games of greedy bots, so a drill with the
    same ``seed`` shows the same layouts; the engine's count is the answer.

    >>> d = MugginsDrill("all-fives", seed=1)
    >>> d.answer() == d.board.rules.points(d.board.score())
    True
    """

    def __init__(
        self,
        rules: Rules | str = "all-fives",
        *,
        seed: int = 0,
        par: float = 10.0,
        legend: bool | None = None,
    ) -> None:
        r = variant(rules)
        if not r.placement_scoring:
            raise DominolabError(f"{r.name} scores nothing while placing: there is nothing to count")
        if isinstance(par, bool) or not isinstance(par, int | float) or par <= 0:
            raise DominolabError(f"par is a number of seconds above 0, not {par!r}")
        self.rules = r
        self.par = float(par)
        self.rng = random.Random(seed)
        self.tally = {"right": 0, "short": 0, "over": 0, "slow": 0}
        self.board = self._position()
        self.shown_at = time.monotonic()
        self.view = BoardView(self.board, scale=30.0, show_counts=False, legend=legend)
        self.box = w.BoundedIntText(
            value=0, min=0, max=r.claim_values[-1], step=r.claim_step, description="it scores"
        )
        self.claim_button = w.Button(description="claim", icon="check")
        self.next_button = w.Button(description="next layout", icon="step-forward")
        self.message_line = w.HTML(layout=w.Layout(min_height="1.6em"))
        self.score_line = w.HTML()
        self.claim_button.on_click(lambda _: self.claim(int(self.box.value)))
        self.next_button.on_click(lambda _: self.next())
        self.widget = w.VBox(
            [
                self.score_line,
                self.view.fig,
                w.HBox([self.box, self.claim_button, self.next_button]),
                self.message_line,
            ]
        )
        self.widget.add_class("dominolab-drill")
        _projected(self.widget)
        self._ask()

    def _position(self) -> Board:
        """The layout of a seeded game after a few placements (at least two tiles)."""
        g = Game(self.rules.at_table(muggins=False), 2, seed=self.rng.randrange(10**9))
        bots = [make_bot("greedy"), make_bot("random", self.rng.randrange(10**9))]
        stop = self.rng.randint(2, 12)
        play_bots(g, bots, until=lambda g: len(g.board) >= stop or g.round.is_over)
        return g.board.copy()

    def answer(self) -> int:
        """What the last placement scores, in the preset's unit (the engine's count)."""
        return self.rules.points(self.board.score())

    def claim(self, points: int, seconds: float | None = None) -> str:
        """Claim ``points`` for the layout shown; ``seconds`` is the time taken (default: the
        time since it was shown).  Returns the verdict in words."""
        took = time.monotonic() - self.shown_at if seconds is None else seconds
        worth = self.answer()
        verdict = judge(points, worth)
        self.tally[verdict] += 1
        slow = took > self.par
        self.tally["slow"] += slow
        last = self.board.placements[-1].tile
        text = claim_text("You", points, worth, "your opponent")
        text += f" The count: {self.board.equation()}, after {last}."
        text += f" {took:.1f} s" + (f", over the par of {self.par:.0f} s." if slow else ".")
        self.message_line.value = (
            f"<span style='color:{'#1a7f37' if verdict == 'right' else '#b42318'}'>{_esc(text)}</span>"
        )
        self.view.update(self.board, show_counts=True)  # now the count may be seen
        self.claim_button.disabled = True
        self._score()
        return text

    def next(self) -> None:
        """A new layout to count."""
        self.board = self._position()
        self.view.update(self.board, show_counts=False)
        self.claim_button.disabled = False
        self.message_line.value = ""
        self._ask()

    def _ask(self) -> None:
        self.shown_at = time.monotonic()
        self._score()

    def _score(self) -> None:
        n = sum(self.tally[k] for k in ("right", "short", "over"))
        self.score_line.value = (
            f"<b>{_esc(self.rules.name)}</b>: how many points ({self.rules.unit}) does the last tile score? "
            f"Claims: {self.tally['right']} right of {n}, {self.tally['short']} short (muggins for your "
            f"opponent), {self.tally['over']} too high, {self.tally['slow']} over {self.par:.0f} s"
        )


class Replayer(_Displayable):
    """Step through a game record: buttons, a slider, every state drawn with the count.

    ``Replayer(record_or_path, game=1)`` takes a record dict or a ``.json``/``.jsonl`` file.
    """

    def __init__(
        self,
        record: dict[str, Any] | str | pathlib.Path,
        game: int = 1,
        *,
        scale: float = 34.0,
        legend: bool | None = None,
    ) -> None:
        if isinstance(record, dict):
            self.record = record
        else:
            self.record = load_record(record, game, check=False)
        #: every state of the game, replayed and checked once (the command line's words too)
        self.states: list[StepView] = steps(self.record)
        self.index = 0
        self.view = BoardView(self.board_at(0), scale=scale, legend=legend)
        self.slider = w.IntSlider(
            value=0, min=0, max=len(self.states) - 1, description="step", layout=w.Layout(width="600px")
        )
        self.buttons = [
            w.Button(description=d, layout=w.Layout(width="80px"))
            for d in ("first", "back", "forward", "last")
        ]
        self.info = w.HTML()
        self.info.add_class("dominolab-replay-info")
        self.buttons[0].on_click(lambda _: self.go(0))
        self.buttons[1].on_click(lambda _: self.back())
        self.buttons[2].on_click(lambda _: self.forward())
        self.buttons[3].on_click(lambda _: self.go(len(self.states) - 1))
        self.slider.observe(lambda ch: self.go(ch["new"]), names="value")
        head = w.HTML(
            f"<b>{_esc(self.record['variant'])}</b>, {self.record['players']} players, "
            f"seed {self.record.get('seed')}"
        )
        self.widget = w.VBox([head, w.HBox(self.buttons + [self.slider]), self.info, self.view.fig])
        self.widget.add_class("dominolab-replayer")
        _projected(self.widget)
        self.go(0)

    def board_at(self, i: int) -> Board:
        return self.states[i].board()

    def go(self, i: int) -> None:
        i = max(0, min(int(i), len(self.states) - 1))
        self.index = i
        if self.slider.value != i:
            self.slider.value = i
            return  # the slider's observer calls go() again
        st = self.states[i]
        self.view.update(st.board())
        where = f"Round {st.round}" + (f", action {st.index}" if st.index else "")
        hands = "<br>".join(
            f"seat {s}: {' '.join(t.bracketed for t in h) or '—'}" for s, h in enumerate(st.hands)
        )
        scores = f"<p>Scores: {_esc(st.scores_text)}</p>"
        self.info.value = f"<p><b>{where}.</b> {_esc(st.text)}</p>{scores}<small>{hands}</small>"

    def forward(self) -> None:
        self.go(self.index + 1)

    def back(self) -> None:
        self.go(self.index - 1)


def record_json(game: Game) -> str:
    """A game record as indented JSON text (for showing in a notebook)."""
    return json.dumps(game_to_record(game), indent=1)


class AnswerButton(_Displayable):
    """A button that shows an answer only when asked, so a notebook run from top to bottom
    (or a stored output) does not give it away.  See :func:`answer_button`."""

    def __init__(self, answer: Any, label: str = "Show the answer") -> None:
        self.answer = answer
        self.label = label
        self.shown = False
        self.button = w.Button(description=label, icon="eye", layout=w.Layout(width="auto"))
        self.output = w.Output()
        self.button.on_click(lambda _: self.toggle())
        self.widget = w.VBox([self.button, self.output])
        self.widget.add_class("dominolab-answer")

    def toggle(self) -> None:
        """Show the answer (worked out now, not before), or hide it again."""
        self.output.outputs = ()  # (clear_output() only works inside a kernel)
        self.shown = not self.shown
        self.button.description = "Hide the answer" if self.shown else self.label
        if not self.shown:
            return
        value = self.answer
        if hasattr(value, "reveal") and callable(value.reveal):
            value = value.reveal()
        elif callable(value):
            value = value()
        if isinstance(value, str):
            self.output.append_display_data(w.HTML(f"<pre style='white-space:pre-wrap'>{_esc(value)}</pre>"))
        else:
            self.output.append_display_data(value)


def answer_button(answer: Any, label: str = "Show the answer") -> AnswerButton:
    """A "show the answer" button for a puzzle or an exercise.

    ``answer`` is an exercise or puzzle (its ``reveal()`` is shown), a text, or a function
    called on the click (so nothing is worked out, printed or stored before the learner asks).

    >>> import dominolab as dl
    >>> b = dl.answer_button(lambda: "15")
    >>> b.toggle(); b.shown
    True
    """
    return AnswerButton(answer, label)
