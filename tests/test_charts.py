"""The variant lab's charts: built from simulation results, numbers as the engine gives them."""

from __future__ import annotations

import pytest

import dominolab as dl
from dominolab import charts
from dominolab.board import count_score


@pytest.fixture(scope="module")
def results():
    return {
        "five-up 2p": dl.simulate("five-up", 2, "greedy", 3, seed=100),
        "all-fives 2p": dl.simulate("all-fives", 2, "greedy", 3, seed=100),
    }


@pytest.mark.parametrize(
    "chart", [charts.points_per_round, charts.placement_share, charts.leader_win_rate, charts.round_length]
)
def test_every_chart_has_a_trace_per_result_or_per_measure(results, chart):
    fig = chart(results)
    assert fig.layout.title.text and len(fig.data) >= 1
    fig.to_dict()  # a valid figure


def test_count_distribution_builds(results):
    assert len(charts.count_distribution(results).data) >= 1


def test_the_share_chart_shows_five_up_deductions_below_zero(results):
    fig = charts.placement_share(results)
    names = [t.name for t in fig.data]
    assert names == ["placements", "settlement paid", "settlement deducted"]
    fu = results["five-up 2p"]
    placed, paid, taken = (list(t.y) for t in fig.data)
    assert placed[0] == pytest.approx(100 * fu.placement_points() / fu.points_won())
    assert taken[0] == pytest.approx(-100 * fu.settlement_deductions() / fu.points_won()) and taken[0] < 0
    assert taken[1] == 0 and placed[1] + paid[1] == pytest.approx(100)


def test_the_share_chart_has_no_deduction_bar_where_nothing_is_deducted(results):
    fig = charts.placement_share({"all-fives 2p": results["all-fives 2p"]})
    assert [t.name for t in fig.data] == ["placements", "settlement paid"]


def test_shown_and_raw_points_are_on_axes_of_their_own_each_named_for_its_unit(results):
    fig = charts.points_per_round(results)
    axis_of = {t.name: t.yaxis for t in fig.data}
    assert axis_of["five-up 2p"] != axis_of["all-fives 2p"]
    title = {t.name: fig.layout["yaxis" + t.yaxis[1:]].title.text for t in fig.data}
    assert title["five-up 2p"].startswith("shown points (pips scored ÷ 5)")
    assert title["all-fives 2p"].startswith("points (pips scored)")
    # one unit alone: one axis, named for it
    one = charts.points_per_round({"all-fives 2p": results["all-fives 2p"]})
    assert one.layout.yaxis.title.text.startswith("points (pips scored)")


def test_the_histograms_of_different_games_share_their_bins(results):
    fig = charts.round_length(results)
    assert len(fig.data) == 2
    assert {t.bingroup for t in fig.data} == {"length"}
    assert all(t.xbins.size == 1 and t.xbins.start == 0.5 for t in fig.data)


def test_only_the_bars_of_counts_that_score_are_solid_and_banded(results):
    fig = charts.count_distribution(results)
    for t in fig.data:
        for x, o in zip(t.x, t.marker.opacity, strict=True):
            assert (o == 1.0) == (count_score(x) > 0), (x, o)
    bands = [(s.x0, s.x1) for s in fig.layout.shapes]
    top = max(max(t.x) for t in fig.data)
    assert bands == [(v - 0.5, v + 0.5) for v in range(5, top + 1, 5)]
