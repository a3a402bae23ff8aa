"""Charts: each draws what it says from the statistics, on the axes it is given."""

from __future__ import annotations

from typing import cast

import pytest
from extras import skip_reason

pytest.importorskip("matplotlib", reason=skip_reason("matplotlib"))

from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from tienlen import FACEOFF, HOUSE, NORTHERN, Match
from tienlen.errors import InvalidArgument
from tienlen.players.agents import GreedyAgent, play_round
from tienlen.players.simulate import simulate
from tienlen.show.plot import balance_chart, events_chart, money_chart, seats_chart, simulation_figure

STATS = simulate([HOUSE, NORTHERN], rounds=6, seed=1)


def test_the_simulation_figure_has_the_four_charts_and_saves(tmp_path: pytest.TempPathFactory) -> None:
    figure = simulation_figure(STATS)
    assert [ax.get_title() for ax in figure.axes] == [
        "Money moved per round",
        "Result per seat (mean, 95% interval)",
        "Events per round",
        "Round length (mean, 95% interval; line: ± 1 sd)",
    ]
    for suffix in ("png", "svg"):
        path = tmp_path / f"sim.{suffix}"  # type: ignore[operator]
        figure.savefig(path)
        assert path.stat().st_size > 1000


def test_the_seat_chart_draws_each_seat_mean_per_rule_set() -> None:
    ax = seats_chart(STATS)
    heights = [round(cast(Rectangle, p).get_height(), 9) for p in ax.patches]  # a bar chart's patches are its bars
    expected = [round(s.seat_results[seat].mean, 9) for seat in range(4) for s in STATS]
    assert heights == expected
    assert [t.get_text() for t in ax.get_xticklabels()] == ["house", "northern"]


def test_the_money_chart_has_a_bar_per_amount_moved() -> None:
    ax = money_chart(STATS)
    assert len(ax.patches) == sum(len(s.moved_counts) for s in STATS)


def test_the_event_chart_has_a_bar_per_event_and_rule_set() -> None:
    ax = events_chart(STATS, Figure().add_subplot())
    assert len(ax.patches) == 5 * len(STATS)


def test_the_balance_chart_runs_each_seat_total() -> None:
    match = Match.start(FACEOFF)
    for seed in range(3):
        match = match.record(play_round(FACEOFF, [GreedyAgent()] * 4, seed=seed, first_round=seed == 0).result)
    ax = balance_chart(match)
    ends = [line.get_ydata()[-1] for line in ax.get_lines()[:4]]  # type: ignore[index]
    assert ends == list(match.totals)


def test_nothing_to_draw_is_refused() -> None:
    with pytest.raises(InvalidArgument, match="nothing to draw"):
        money_chart([])
    with pytest.raises(InvalidArgument, match="no round yet"):
        balance_chart(Match.start(FACEOFF))


def test_the_charts_speak_the_language_asked_for() -> None:
    figure = simulation_figure(STATS, lang="vi")
    assert [ax.get_title() for ax in figure.axes][:3] == [
        "Tiền chuyển tay mỗi ván",
        "Kết quả mỗi ghế (trung bình, khoảng tin cậy 95%)",
        "Sự kiện mỗi ván",
    ]
    assert [t.get_text() for t in figure.axes[2].get_xticklabels()] == ["chặt", "chuỗi chặt", "cóng", "thúi", "tới trắng"]
    legend = figure.axes[1].get_legend()
    assert legend is not None and [t.get_text() for t in legend.get_texts()] == [f"ghế {seat}" for seat in range(4)]
    assert figure.get_suptitle().startswith("6 ván chia theo seed")
