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

from .simulate import SimulationResult

__all__ = ["points_per_round", "placement_share", "leader_win_rate", "round_length", "count_distribution"]

_LAYOUT = {"template": "plotly_white", "height": 380, "margin": {"l": 60, "r": 20, "t": 60, "b": 50}}


def _fig(title: str, ytitle: str, xtitle: str = "") -> go.Figure:
    f = go.Figure()
    f.update_layout(title=title, yaxis_title=ytitle, xaxis_title=xtitle, **_LAYOUT)
    return f


def points_per_round(results: Mapping[str, SimulationResult]) -> go.Figure:
    """Box plots of the points scored in a round (all sides, placements and settlement)."""
    f = _fig("Points scored per round", "points per round (in each preset's unit)")
    for label, r in results.items():
        y = [sum(x["placement_points"]) + sum(x["settlement"]) for x in r.rounds]
        f.add_trace(go.Box(y=y, name=label, boxmean=True))
    return f


def placement_share(results: Mapping[str, SimulationResult]) -> go.Figure:
    """The share of points won by placements rather than by settlement; below zero, what
    settlements took away (five-up's leftover tiles), as a share of the points won."""
    f = _fig("Where the points come from", "share of points won (%)")
    labels = list(results)
    share = [100 * results[k].placement_share() for k in labels]
    f.add_trace(go.Bar(x=labels, y=share, name="placements", text=[f"{s:.0f}%" for s in share]))
    f.add_trace(go.Bar(x=labels, y=[100 - s for s in share], name="settlement paid"))
    taken = [-100 * results[k].settlement_deductions() / max(results[k].points_won(), 1) for k in labels]
    if any(taken):
        f.add_trace(
            go.Bar(
                x=labels,
                y=taken,
                name="settlement deducted",
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
    f = _fig("Does leading help? Rounds won by the leader's side (95% interval)", "rounds won (%)")
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
            name="leader's side",
            text=[f"{v:.0f}%" for v in rates],
            error_y={"type": "data", "symmetric": False, "array": above, "arrayminus": below},
        )
    )
    f.add_trace(
        go.Scatter(
            x=labels,
            y=fair,
            mode="markers",
            name="no advantage",
            marker={"symbol": "line-ew-open", "size": 30},
        )
    )
    return f


def round_length(results: Mapping[str, SimulationResult]) -> go.Figure:
    """How many placements a round lasts."""
    f = _fig("How long rounds last", "rounds", "placements in the round")
    for label, r in results.items():
        f.add_trace(
            go.Histogram(x=[x["placements"] for x in r.rounds], name=label, opacity=0.6, histnorm="percent")
        )
    f.update_layout(barmode="overlay", yaxis_title="rounds (%)")
    return f


def count_distribution(results: Mapping[str, SimulationResult]) -> go.Figure:
    """The count after each placement: how often it is a multiple of five."""
    f = _fig("The count after each placement", "placements (%)", "count (end sum)")
    for label, r in results.items():
        c = Counter(v for x in r.rounds for v in x["counts"])
        total = sum(c.values()) or 1
        xs = sorted(c)
        f.add_trace(go.Bar(x=xs, y=[100 * c[v] / total for v in xs], name=label, opacity=0.7))
    f.update_layout(barmode="group")
    return f
