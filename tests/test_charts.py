"""The variant lab's charts: built from simulation results, numbers as the engine gives them."""

from __future__ import annotations

import pytest

import dominolab as dl
from dominolab import charts


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
