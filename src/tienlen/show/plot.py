"""Charts of simulations and matches with matplotlib (the ``plot`` extra: ``pip install 'tienlen[plot]'``).

Each chart function draws on a matplotlib ``Axes`` you give it (or on a new figure) and returns
the axes; :func:`simulation_figure` puts the four simulation charts on one figure, as
``tienlen simulate --plot FILE`` saves it. Nothing here touches ``pyplot``'s global state: the
figures are plain :class:`matplotlib.figure.Figure` objects, saved with ``fig.savefig(path)``.
Results are in plain wins (see :mod:`tienlen.players.simulate`), so variants paid in different units share
an axis.

>>> from tienlen import HOUSE, NORTHERN
>>> from tienlen.players.simulate import simulate
>>> figure = simulation_figure(simulate([HOUSE, NORTHERN], rounds=6, seed=1))
>>> [ax.get_title() for ax in figure.axes][:2]
['Money moved per round', 'Result per seat (mean, 95% interval)']

Every chart takes ``lang`` (``"en"`` or ``"vi"``), the language of its titles, labels and legends:

>>> simulation_figure(simulate([HOUSE], rounds=2, seed=1), lang="vi").axes[2].get_title()
'Sự kiện mỗi ván'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import accumulate, pairwise

from tienlen._base.checks import check_lang
from tienlen._base.extras import requires
from tienlen._base.messages import render, words_of
from tienlen.errors import InvalidArgument
from tienlen.money.match import Match
from tienlen.players.simulate import ProfileStats

with requires("plot", __name__):
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["money_chart", "seats_chart", "events_chart", "length_chart", "balance_chart", "simulation_figure"]

_COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf", "#7f7f7f")


def _axes(ax: Axes | None) -> Axes:
    return ax if ax is not None else Figure(figsize=(7, 4.5), layout="constrained").add_subplot()


def _check(stats: Sequence[ProfileStats], lang: str) -> None:
    check_lang(lang)
    if not stats or any(s.rounds < 1 for s in stats):
        raise InvalidArgument.of("there-nothing-draw-give-statistics")


def _finish(ax: Axes, title: str, ylabel: str, ticks: Sequence[str], lang: str) -> Axes:
    """Name the groups along the x axis, label the y axis and title the chart (``title`` and
    ``ylabel`` are codes of the message catalogue, written in ``lang``), and rule it lightly."""
    ax.set_xticks(range(len(ticks)), list(ticks))
    ax.set_xlim(-0.6, len(ticks) - 0.4)
    ax.set_ylabel(render(ylabel, {}, lang))
    ax.set_title(render(title, {}, lang))
    ax.grid(axis="y", alpha=0.3)
    return ax


def money_chart(stats: Sequence[ProfileStats], ax: Axes | None = None, *, lang: str = "en") -> Axes:
    """The distribution of money moved per round, one column per rule set side by side: at each
    amount a bar whose width grows with the share of rounds that moved it (as its square root, so
    rare amounts stay visible; a column's widest bar is the most common amount), and a diamond at
    the mean.

    Raises :class:`~tienlen.InvalidArgument` when there are no rounds to draw.
    """
    _check(stats, lang)
    ax = _axes(ax)
    amounts = sorted({amount / s.scale for s in stats for amount, _ in s.moved_counts})
    gaps = [b - a for a, b in pairwise(amounts)]
    height = min([*gaps, max(amounts) / 10 or 0.1]) * 0.8
    for i, s in enumerate(stats):
        top = max(count for _, count in s.moved_counts)
        for amount, count in s.moved_counts:
            width = 0.85 * math.sqrt(count / top)
            ax.barh(amount / s.scale, width, height, left=i - width / 2, color=_COLOURS[i % len(_COLOURS)], alpha=0.75)
        ax.plot([i], [s.money.mean], marker="D", color="white", markeredgecolor="black", markersize=7)
    return _finish(ax, "chart-money", "chart-money-axis", [s.rules for s in stats], lang)


def seats_chart(stats: Sequence[ProfileStats], ax: Axes | None = None, *, lang: str = "en") -> Axes:
    """Each seat's mean result per round with its 95% confidence interval, grouped by rule set.

    Raises :class:`~tienlen.InvalidArgument` when there are no rounds to draw.
    """
    _check(stats, lang)
    ax = _axes(ax)
    players = max(s.players for s in stats)
    width = 0.8 / players
    for seat in range(players):
        xs, means, errors = [], [], []
        for i, s in enumerate(stats):
            if seat < s.players:
                e = s.seat_results[seat]
                xs.append(i + (seat - (players - 1) / 2) * width)
                means.append(e.mean)
                errors.append(e.high - e.mean)
        ax.bar(
            xs,
            means,
            width * 0.92,
            yerr=errors,
            capsize=3,
            label=render("seat-name", {"seat": seat}, lang),
            color=_COLOURS[seat % len(_COLOURS)],
            alpha=0.8,
        )
    ax.axhline(0, color="black", linewidth=0.8)
    ax.legend(fontsize="small", ncols=min(players, 4))
    return _finish(ax, "chart-seats", "chart-seats-axis", [s.rules for s in stats], lang)


def events_chart(stats: Sequence[ProfileStats], ax: Axes | None = None, *, lang: str = "en") -> Axes:
    """How often chops, chop chains, cóng, thúi and instant wins happen per round, one bar per
    rule set in each group.

    Raises :class:`~tienlen.InvalidArgument` when there are no rounds to draw.
    """
    _check(stats, lang)
    ax = _axes(ax)
    names = list(stats[0].frequencies)
    width = 0.8 / len(stats)
    for i, s in enumerate(stats):
        xs = [k + (i - (len(stats) - 1) / 2) * width for k in range(len(names))]
        ax.bar(xs, list(s.frequencies.values()), width * 0.92, label=s.rules, color=_COLOURS[i % len(_COLOURS)], alpha=0.8)
    ax.legend(fontsize="small")
    return _finish(ax, "chart-events", "chart-events-axis", [words_of("event", name, lang) for name in names], lang)


def length_chart(stats: Sequence[ProfileStats], ax: Axes | None = None, *, lang: str = "en") -> Axes:
    """Plays and passes per round for each rule set: the mean with its 95% interval, and the
    standard deviation as a thin line.

    Raises :class:`~tienlen.InvalidArgument` when there are no rounds to draw.
    """
    _check(stats, lang)
    ax = _axes(ax)
    for i, s in enumerate(stats):
        e = s.length
        ax.plot([i, i], [e.mean - e.sd, e.mean + e.sd], color=_COLOURS[i % len(_COLOURS)], linewidth=1)
        ax.errorbar(
            [i],
            [e.mean],
            yerr=[[e.mean - e.low], [e.high - e.mean]],
            fmt="o",
            capsize=6,
            color=_COLOURS[i % len(_COLOURS)],
            markersize=7,
        )
    return _finish(ax, "chart-length", "chart-length-axis", [s.rules for s in stats], lang)


def balance_chart(match: Match, ax: Axes | None = None, *, lang: str = "en") -> Axes:
    """The running total of each seat over the rounds of a :class:`~tienlen.Match` (money, or
    points for points profiles), starting from 0.

    Raises :class:`~tienlen.InvalidArgument` when the match has no round yet.
    """
    check_lang(lang)
    if not match.settlements:
        raise InvalidArgument.of("match-has-no-round-yet")
    ax = _axes(ax)
    rounds = range(len(match.settlements) + 1)
    for seat in range(match.players):
        running = [0, *accumulate(s.net[seat] for s in match.settlements)]
        ax.plot(
            rounds,
            running,
            marker="o",
            markersize=3,
            label=render("seat-name", {"seat": seat}, lang),
            color=_COLOURS[seat % len(_COLOURS)],
        )
    ax.axhline(0, color="black", linewidth=0.8)
    ax.set_xlabel(render("chart-balance-axis", {}, lang))
    ax.set_ylabel(words_of("currency", match.settlements[0].currency, lang))
    ax.set_title(render("chart-balance", {"rules": match.rules.name}, lang))
    ax.legend(fontsize="small")
    ax.grid(alpha=0.3)
    return ax


def simulation_figure(stats: Sequence[ProfileStats], *, lang: str = "en") -> Figure:
    """The four simulation charts on one figure: money moved, result per seat, events, round length.

    Raises :class:`~tienlen.InvalidArgument` when there are no rounds to draw.
    """
    _check(stats, lang)
    figure = Figure(figsize=(13, 9), layout="constrained")
    top_left, top_right, bottom_left, bottom_right = figure.subplots(2, 2).flat
    money_chart(stats, top_left, lang=lang)
    seats_chart(stats, top_right, lang=lang)
    events_chart(stats, bottom_left, lang=lang)
    length_chart(stats, bottom_right, lang=lang)
    figure.suptitle(render("chart-figure", {"rounds": stats[0].rounds}, lang), fontsize=14)
    return figure
