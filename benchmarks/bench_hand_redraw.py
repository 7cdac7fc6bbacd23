"""A hand's redraw in a bare page (headless Chromium, plotly.js alone): what a placement and a
pick cost plotly.js to draw, without JupyterLab, the kernel or the network around it.

The playground's hand is taken after each of six placements of the all-fives source's sequence
(a placement: the hand's tiles close up, a new plot), and after six picks (a pick: only the
edges' shapes change); each list is drawn in turn with ``Plotly.react`` ``--reps`` times, the
unchanged parts given again as the same objects, as the figure's front end does
(``dominolab/widgets/figure_js.py``).  Prints the median and the lower quartile of each.

Run: python benchmarks/bench_hand_redraw.py [--reps 40]   (needs /usr/bin/chromium)
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from browserkit import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

import dominolab as dl  # noqa: E402
from dominolab.widgets.figure_js import REUSE_JS  # noqa: E402

# the figure's front end gives plotly.js again the very objects of what did not change
# (figure_js.REUSE_JS, its own code): a pick is then drawn as its changed shapes alone
DRAW = (
    "async ([states, reps]) => {\n"
    + REUSE_JS
    + """  const gd = document.getElementById("g");
  const first = structuredClone(states[0]);
  await Plotly.newPlot(gd, first.data, first.layout);
  let last = states[0], given = first;
  const times = [];
  for (let rep = 0; rep < reps; rep++) {
    for (const s of states.slice(1)) {
      const give = reuse(s, last, given);
      last = s;
      given = give;
      const t = performance.now();
      await Plotly.react(gd, give.data, give.layout);
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  return [times[times.length >> 1], times[times.length >> 2], times.length];
}"""
)


def hands() -> dict[str, list[dict]]:
    """The hand's figure states: after each placement, and after each pick of one position."""
    pg = dl.Playground("all-fives")
    sequence = dl.examples.SEED_SEQUENCE
    for tile, at in sequence[:2]:
        pg.place(tile, at)

    def state() -> dict:
        s = pg.hand_view.fig._state
        return json.loads(json.dumps({"data": s.data, "layout": s.layout}))

    placed = [state()]
    for tile, at in sequence[2:8]:
        pg.place(tile, at)
        placed.append(state())
    picked = [state()]
    for t in list(pg.hand)[:6]:
        pg.select(t)
        picked.append(state())
    return {"after a placement": placed, "after a pick": picked}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=40, help="times each list is drawn (default 40)")
    args = ap.parse_args(argv)
    if args.reps < 1:
        ap.error("--reps must be at least 1")
    if not pathlib.Path(CHROMIUM).exists():
        sys.exit(f"bench_hand_redraw needs Chromium at {CHROMIUM} (Debian: apt-get install chromium)")
    import plotly
    from playwright.sync_api import sync_playwright

    script = pathlib.Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.set_content("<div id=g></div>")
        page.add_script_tag(path=str(script))
        for label, states in hands().items():
            mid, low, n = page.evaluate(DRAW, [states, args.reps])
            print(
                f"the playground's hand redrawn {label}: median {mid:5.2f} ms,"
                f" lower quartile {low:5.2f} ms ({n} draws)"
            )
        browser.close()


if __name__ == "__main__":
    main()
