"""The front end of :class:`~dominolab.widgets.figure.FigureWidget`, in JavaScript: the page's
registry where plotly's module arrives once, and the module each figure's view runs."""

from __future__ import annotations

import json

#: One registry per page and plotly version, where plotly's module arrives (asked of a kernel's
#: :class:`PlotlyBundle` by the first figure drawn) and is kept once evaluated.
_REGISTRY_JS = """
const KEY = %(key)s;
const PLOTLY_VERSION = %(version)s;
function registry() {
  let r = globalThis[KEY];
  if (!r) {
    let give;
    const source = new Promise((resolve) => { give = resolve; });
    r = globalThis[KEY] = { source, give, asked: false, module: null };
  }
  return r;
}
"""

#: How a figure's next state is given to plotly.js: what did not change, as the very objects
#: given before (benchmarks/bench_hand_redraw.py draws with it too).
REUSE_JS = """// The parts of the state ``next`` equal to those of the state drawn last (``last``) are given
// to plotly.js as the very objects it was given then (``given``; plotly.js may have added to
// them), the rest as new copies.  Plotly.react takes a new array for new data and redraws the
// whole plot; with the unchanged arrays the same, a change of shapes alone (a tile selected in
// a hand) is drawn as those shapes, in a third of the time.
function reuse(next, last, given) {
  if (next === null || typeof next !== "object") return next === last ? given : next;
  if (last === null || typeof last !== "object" || given === null || typeof given !== "object"
      || Array.isArray(next) !== Array.isArray(last) || Array.isArray(last) !== Array.isArray(given)) {
    return structuredClone(next);
  }
  const keys = Object.keys(next);
  let same = keys.length === Object.keys(last).length;
  const out = Array.isArray(next) ? [] : {};
  for (const k of keys) {
    out[k] = k in last ? reuse(next[k], last[k], given[k]) : structuredClone(next[k]);
    if (out[k] !== given[k]) same = false;
  }
  return same ? given : out;
}
"""

#: The front end of :class:`FigureWidget`: a small module, ready at once, that waits for
#: plotly's module from the page's registry at its first render and evaluates it once per page.
#: plotly's view draws the figure as it was made and reports clicks; every later state comes
#: from the figure's :class:`FigureState`, a plain ipywidgets model, and is drawn whole
#: (``Plotly.react``) at each new revision.  anywidget holds back every message to its own
#: model until that model's module has started, and drops them all for good if that took more
#: than 2 seconds (as on a busy page): a figure that took its updates from there stayed as
#: first drawn (a hand in a browser test kept the tile just played).
_FIGURE_ESM = """%(registry)s
async function modelOf(model, id) {
  // a page restoring its widgets (Voilà, a reload) may make a model later than the figure's,
  // later still on a busy machine: wait for it, with no time limit to miss
  for (let wait = 50, waited = 0; ; waited += wait, wait = Math.min(2 * wait, 1000)) {
    try {
      return await model.widget_manager.get_model(id);
    } catch (e) {
      if (waited >= 10000 && waited - wait < 10000) console.warn("[dominolab] still waiting for", id);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
function askBundle(model) {
  // plotly's module (gzip bytes) is asked of the kernel's PlotlyBundle once per page, by the
  // first figure drawn, and comes as a message of its own: never in the widgets' restored state
  const r = registry();
  if (r.asked) return;
  r.asked = true;
  modelOf(model, model.get("_bundle_id")).then((bundle) => {
    let done = false;
    bundle.on("msg:custom", (msg, buffers) => {
      if (done || !msg || msg.bundle !== "gzip" || !buffers || !buffers.length) return;
      done = true;
      const gz = new Blob([buffers[0]]).stream().pipeThrough(new DecompressionStream("gzip"));
      r.give(new Response(gz).text());
    });
    const ask = () => {
      if (done) return;
      bundle.send({ ask: "bundle" });
      setTimeout(ask, 15000);  // asked again while no answer came (a kernel busy for long)
    };
    ask();
  });
}
%(reuse)s// A click on a button of ours leaves the keyboard's focus where it was (the click still
// presses it, and Tab still reaches it).  In JupyterLab a button that took the focus inside an
// output, and a figure clicked next that took it back, made the notebook update its commands,
// toolbars and menus first: 25-35 ms before the figure's click went to the kernel, at every
// pick after *bots play* in the game table (issue 33, item 10).  Once per page.
function keepFocus() {
  const r = registry();
  if (r.focusKept) return;
  r.focusKept = true;
  document.addEventListener("mousedown", (e) => {
    const button = e.target instanceof Element && e.target.closest("button");
    if (button && button.closest('[class*="dominolab-"]')) e.preventDefault();
  }, true);
}
// Several figures' new states in one message of the kernel's FigureBatch: each handed to its
// figure's state model at once, as if from the kernel, so that every figure changed is drawn in
// this one task and painted once (their own messages, which follow, then change nothing).
// Listened to once per page and batch; ``drawnTogether`` keeps how many figures each of the
// last 100 batches drew in its one go (the browser tests read it).
function listenBatch(model) {
  const r = registry();
  const id = model.get("_batch_id");
  r.batches ||= new Set();
  r.drawnTogether ||= [];
  if (!id || r.batches.has(id)) return;
  r.batches.add(id);
  modelOf(model, id).then((batch) => {
    batch.on("msg:custom", async (msg) => {
      if (!msg || !msg.states) return;
      const ids = Object.keys(msg.states);
      const models = await Promise.all(
        ids.map((i) => Promise.resolve().then(() => model.widget_manager.get_model(i)).catch(() => null)),
      );
      r.batch = { drawn: 0 };  // counted by each figure's draw
      try {
        models.forEach((m, k) => { if (m) m.set_state(msg.states[ids[k]]); });
      } finally {
        r.drawnTogether.push(r.batch.drawn);
        r.drawnTogether.splice(0, r.drawnTogether.length - 100);
        r.batch = null;
      }
    });
  });
}
// Where the page's server serves plotly's module (dominolab's server extension, or the
// JupyterLite site, names it in the page config), if it serves the kernel's version: a file the
// browser keeps, with its compiled code, so a reload takes it in about 50 ms instead of
// compiling 5 MB again (a second, two on a busy machine).  ``null``: ask the kernel (Voilà,
// another server).
function servedModule() {
  try {
    const element = document.getElementById("jupyter-config-data");
    const config = element ? JSON.parse(element.textContent) : {};
    const url = config.dominolabPlotlyUrl;
    // (a whole URL: this module runs from a blob: URL, against which a path does not resolve)
    return config.dominolabPlotlyVersion === PLOTLY_VERSION && typeof url === "string"
      ? new URL(url, location.href).href : null;
  } catch (e) {
    return null;
  }
}
function fromKernel(model) {
  const r = registry();
  askBundle(model);
  return r.source.then((source) => {
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    return import(url).finally(() => URL.revokeObjectURL(url));
  });
}
function plotlyWidget(model) {
  const r = registry();
  if (!r.module) {
    const served = servedModule();
    const module = served
      ? import(served).catch((e) => {
          console.warn("[dominolab] plotly's module not served here; asking the kernel", e);
          return fromKernel(model);
        })
      : fromKernel(model);
    r.module = module.then((module) => ({ module, Plotly: globalThis.Plotly }));
  }
  return r.module;
}
export default {
  async render({ model, el }) {
    const r = registry();
    keepFocus();
    listenBatch(model);
    const [{ module, Plotly }, state] = await Promise.all([
      plotlyWidget(model), modelOf(model, model.get("_state_id")),
    ]);
    const widget = module.default();
    widget.initialize({ model });
    const remove = widget.render({ model, el });
    let drawn = 0;  // plotly's view drew the figure as it was made: revision 0
    let last = null, given = null;  // the state drawn last, and what plotly.js was given for it
    const draw = () => {
      const revision = state.get("revision");
      if (revision === drawn) return;
      drawn = revision;
      const next = { data: state.get("data"), layout: state.get("layout") };
      const give = last ? reuse(next, last, given) : structuredClone(next);
      if (give === given) return;  // the same figure again
      give.layout.height ||= 360;
      last = next;
      given = give;
      if (r.batch) r.batch.drawn += 1;
      Plotly.react(el, give.data, give.layout, { ...model.get("_config"), editSelection: false })
        // the hover label of what was under the mouse would cover what was just placed: it
        // comes back when the mouse moves
        .then(() => Plotly.Fx && Plotly.Fx.unhover(el))
        .catch((e) => console.error("[dominolab] a figure could not be drawn", e));
    };
    state.on("change:revision", draw);
    draw();
    return () => {
      state.off("change:revision", draw);
      remove();
    };
  },
};
"""


def _registry_js() -> str:
    import plotly

    return _REGISTRY_JS % {
        "key": json.dumps(f"dominolab-plotly-widget-{plotly.__version__}"),
        "version": json.dumps(plotly.__version__),
    }


_figure_esm: str | None = None


def figure_esm() -> str:
    """The figure's front-end module (made once: it names plotly's version)."""
    global _figure_esm
    if _figure_esm is None:
        _figure_esm = _FIGURE_ESM % {"registry": _registry_js(), "reuse": REUSE_JS}
    return _figure_esm
