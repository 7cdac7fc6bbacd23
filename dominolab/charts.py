"""Charts of simulation results for the variant lab (plotly; loaded on first use).

Each function takes ``{label: SimulationResult}`` (from :func:`dominolab.simulate`)
and returns a ``plotly.graph_objects.Figure``.

>>> import dominolab as dl
>>> res = {"all-fives 2p": dl.simulate("all-fives", 2, "greedy", 3, seed=1)}
>>> dl.charts.placement_share(res).data[0].type
'bar'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from . import words
from .board import count_score
from .review import GameReview
from .rules import Rules
from .simulate import SimulationResult

__all__ = [
    "points_per_round",
    "placement_share",
    "leader_win_rate",
    "round_length",
    "count_distribution",
    "review_chart",
    "scores",
    "UNITS",
]

_LAYOUT = {"template": "plotly_white", "height": 380, "margin": {"l": 60, "r": 20, "t": 60, "b": 50}}

#: the units of a score, in the order their axes are drawn (their names: words.chart("axis <unit>"))
UNITS = ("shown", "raw", "points")


def _fig(title: str, ytitle: str, xtitle: str = "") -> go.Figure:
    f = go.Figure()
    f.update_layout(title=title, yaxis_title=ytitle, xaxis_title=xtitle, **_LAYOUT)
    return _projected(f)


def _projected(f: go.Figure) -> go.Figure:
    """In projector mode, large words and a taller chart."""
    from .picture import display_options

    shown = display_options()
    if shown.one_board:
        f.update_layout(font={"size": shown.font}, height=620, title_font_size=1.2 * shown.font)
    return f


def points_per_round(results: Mapping[str, SimulationResult]) -> go.Figure:
    """Box plots of the points scored in a round (all sides, placements and settlement).

    Shown points (five-up), points (all-fives, dominos-cc) and the points of threes and fives
    (fives-and-threes) are on axes of their own, each named for its unit: on one axis five-up
    would look as if it scored almost nothing."""
    units = sorted({r.rules.unit for r in results.values()}, key=UNITS.index)
    f = make_subplots(rows=1, cols=len(units), horizontal_spacing=0.12) if len(units) > 1 else go.Figure()
    f.update_layout(title=words.chart("points per round"), **_LAYOUT)
    for label, r in results.items():
        y = [sum(x["placement_points"]) + sum(x["settlement"]) for x in r.rounds]
        box = go.Box(y=y, name=label, boxmean=True)
        if len(units) > 1:
            f.add_trace(box, row=1, col=units.index(r.rules.unit) + 1)
        else:
            f.add_trace(box)
    for i, u in enumerate(units):
        where = {"row": 1, "col": i + 1} if len(units) > 1 else {}
        f.update_yaxes(title_text=words.chart("per round", unit=words.chart("axis " + u)), **where)
    f.update_layout(showlegend=False)
    return _projected(f)


def placement_share(results: Mapping[str, SimulationResult]) -> go.Figure:
    """The share of points won by placements rather than by settlement; below zero, what
    settlements took away (five-up's leftover tiles), as a share of the points won."""
    f = _fig(words.chart("where points"), words.chart("share won"))
    labels = list(results)
    share = [100 * results[k].placement_share() for k in labels]
    f.add_trace(go.Bar(x=labels, y=share, name=words.chart("placements"), text=[f"{s:.0f}%" for s in share]))
    f.add_trace(go.Bar(x=labels, y=[100 - s for s in share], name=words.chart("settlement paid")))
    taken = [-100 * results[k].settlement_deductions() / max(results[k].points_won(), 1) for k in labels]
    if any(taken):
        f.add_trace(
            go.Bar(
                x=labels,
                y=taken,
                name=words.chart("settlement deducted"),
                marker_color="#8c8c8c",
                text=[f"{t:.0f}%" if t else "" for t in taken],
            )
        )
    f.update_layout(barmode="relative")
    return f


def leader_win_rate(results: Mapping[str, SimulationResult]) -> go.Figure:
    """How often the side that led a round also won it (rounds with a winner), with the
    95% Wilson interval as error bars: where a bar's interval holds the dash, the sample
    does not show an advantage."""
    f = _fig(words.chart("leading"), words.chart("rounds won"))
    labels, rates, fair, above, below = [], [], [], [], []
    for label, r in results.items():
        share, lo, hi = r.leader_win_share()
        labels.append(label)
        rates.append(100 * share)
        above.append(100 * (hi - share))
        below.append(100 * (share - lo))
        fair.append(100 / len(r.sides()))
    f.add_trace(
        go.Bar(
            x=labels,
            y=rates,
            name=words.chart("leader's side"),
            text=[f"{v:.0f}%" for v in rates],
            error_y={"type": "data", "symmetric": False, "array": above, "arrayminus": below},
        )
    )
    f.add_trace(
        go.Scatter(
            x=labels,
            y=fair,
            mode="markers",
            name=words.chart("no advantage"),
            marker={"symbol": "line-ew-open", "size": 30},
        )
    )
    return f


def round_length(results: Mapping[str, SimulationResult]) -> go.Figure:
    """How many placements a round lasts."""
    f = _fig(words.chart("how long"), words.chart("rounds"), words.chart("placements in round"))
    for label, r in results.items():
        f.add_trace(
            go.Histogram(
                x=[x["placements"] for x in r.rounds],
                name=label,
                opacity=0.6,
                histnorm="percent",
                xbins=LENGTH_BINS,  # every game's bars on the same bins: one per placement count
                bingroup="length",
            )
        )
    f.update_layout(barmode="overlay", yaxis_title=words.chart("rounds %"))
    return f


#: a bin per number of placements (a round has 1 to 28)
LENGTH_BINS = {"start": 0.5, "end": 28.5, "size": 1}


def count_distribution(results: Mapping[str, SimulationResult]) -> go.Figure:
    """The count after each placement: how often it is one that scores.  Only the bars of
    scoring counts (5, 10, 15, … in the fives games; 3, 5, 6, 9, … in fives-and-threes) are
    drawn solid, on a green band, the others faded."""
    fives = all(r.rules.count_moduli == (5,) for r in results.values())
    f = _fig(
        words.chart("count after" + (" fives" if fives else "")),
        words.chart("placements %"),
        words.chart("count axis"),
    )
    top = 0
    for label, r in results.items():
        c = Counter(v for x in r.rounds for v in x["counts"])
        total = sum(c.values()) or 1
        xs = sorted(c)
        top = max([top, *xs])
        f.add_trace(
            go.Bar(
                x=xs,
                y=[100 * c[v] / total for v in xs],
                name=label,
                marker={"opacity": [1.0 if scores(v, r.rules) else 0.3 for v in xs]},
            )
        )
    rules = {r.rules for r in results.values()}
    for v in (v for v in range(1, top + 1) if any(scores(v, x) for x in rules)):
        f.add_vrect(x0=v - 0.5, x1=v + 0.5, fillcolor="#2ca02c", opacity=0.15, line_width=0, layer="below")
    f.update_layout(barmode="group")
    return f


def scores(count: int, rules: Rules | str = "all-fives") -> bool:
    """True if a count scores when placed under ``rules`` (by default a positive multiple of
    five): the engine's rule."""
    return count_score(count, rules) > 0


def review_chart(review: GameReview) -> go.Figure:
    """A game review (:func:`dominolab.review`) turn by turn: the points the seat scored and the
    points that were there to take, added up as the game went on; each missed turn is a marker
    with what it missed (hover for the better move)."""
    scored, best, xs, miss_x, miss_y, miss_text = [], [], [], [], [], []
    total = avail = 0
    for i, t in enumerate(review.turns, 1):
        total += t.scored if t.counts else 0
        avail += (t.scored if t.counts else 0) + t.missed
        xs.append(i)
        scored.append(total)
        best.append(avail)
        if t.missed:
            miss_x.append(i)
            miss_y.append(avail)
            miss_text.append(words.chart("miss", n=t.round, did=t.did, move=t.best_move, best=t.best))
    unit = words.chart("axis " + ("shown" if review.rules.unit == "shown" else "raw"))
    f = _fig(
        words.chart("review title", seat=review.seat, game=review.rules.name),
        words.chart("added up", unit=unit),
        words.chart("turns"),
    )
    f.add_trace(
        go.Scatter(
            x=xs, y=scored, name=words.chart("scored"), mode="lines", line={"color": "#2ca02c", "width": 3}
        )
    )
    f.add_trace(
        go.Scatter(
            x=xs,
            y=best,
            name=words.chart("there to take"),
            mode="lines",
            line={"color": "#1f5fbf"},
            fill="tonexty",
            fillcolor="rgba(214, 39, 40, 0.18)",
        )
    )
    f.add_trace(
        go.Scatter(
            x=miss_x,
            y=miss_y,
            name=words.chart("a miss"),
            mode="markers",
            marker={"color": "#d62728", "size": 8},
            hovertext=miss_text,
        )
    )
    f.update_layout(legend={"orientation": "h", "y": -0.25})
    return f
