"""Sphinx extension: the gallery page and the how-to's pictures, drawn by tienlen at build time.

Each picture is one Python expression, run when the build starts; its SVG is written to
``_generated/gallery/<name>.svg`` and, for the gallery, shown on the page next to the expression
that drew it (so the code on the page is the code that ran). Charts need matplotlib (the ``docs``
extra installs it). Files are rewritten only when their text changes.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from generated_pages import write_pages
from sphinx.application import Sphinx

import tienlen

FOLDER = Path("_generated") / "gallery"

# Names the expressions may use, set up once (shown at the top of the gallery page).
SETUP = """\
from tienlen import FACEOFF, HOUSE, IWIN, PROFILES, Match, Round, settle
from tienlen.show import svg
from tienlen.players.agents import GreedyAgent, RandomAgent, play_round
from tienlen.show.plot import balance_chart, simulation_figure
from tienlen.players.simulate import simulate

bots = [GreedyAgent(), RandomAgent(2), GreedyAgent(), RandomAgent(3)]
finished = play_round(HOUSE, bots, seed=2)                   # a whole round with a chop in trick 1
chopped = Round.deal(HOUSE, seed=2)
for action in finished.actions[:5]:                          # replay it to just after the chop
    chopped = chopped.apply(action)
"""

# (file name, caption, expression): the gallery, in order.
GALLERY = [
    ("card", "One card", 'svg.card("10♥", size=90)'),
    (
        "hand-row",
        "A hand in a row, a triple selected",
        'svg.hand("3♠ 5♦ 7♣ 7♦ 7♥ 9♠ 10♥ J♣ Q♦ K♥ A♠ 2♣ 2♥", selected="7♣ 7♦ 7♥")',
    ),
    ("hand-fan", "The same hand fanned", 'svg.hand("3♠ 5♦ 7♣ 7♦ 7♥ 9♠ 10♥ J♣ Q♦ K♥ A♠ 2♣ 2♥", selected="7♣ 7♦ 7♥", fan=True)'),
    ("combo", "A combination (what a Combo shows in a notebook)", "svg.combo(finished.result.chops[0].by)"),
    ("trick", "A trick, the chop marked with its place in the chain", "svg.trick(chopped.trick)"),
    (
        "seat",
        "The position as seat 0 sees it: the others' hands are backs with counts",
        "svg.position(chopped, seat=0, size=720)",
    ),
    ("observer", "The same position for an observer", "svg.position(chopped, size=720)"),
    (
        "revealed",
        "The same position with every hand face up (what a Round shows in a notebook)",
        "svg.position(chopped, reveal=True, size=720)",
    ),
    (
        "finished",
        "The finished round: who went out in which place, and the cards left",
        "svg.position(finished, reveal=True, size=720)",
    ),
    ("settlement", "Its settlement in a 1,000-chip room", "svg.settlement(settle(finished.result, HOUSE, unit=1000))"),
    ("balance", "The running totals of a five-round faceoff match", "balance_chart(five_rounds).figure"),
]

# Extra setup and pictures of the how-to "Compare variants" (the cells of that page, drawn).
HOWTO_SETUP = """\
stats = simulate(list(PROFILES.values()), rounds=60, seed=1)
five_rounds = Match.start(FACEOFF)
for seed in range(5):
    five_rounds = five_rounds.record(play_round(FACEOFF, [GreedyAgent()] * 4, seed=seed, first_round=seed == 0).result)
middle = Round.deal(IWIN, seed=5)
for action in play_round(IWIN, [GreedyAgent()] * 4, seed=5).actions[:10]:
    middle = middle.apply(action)
"""
HOWTO = [
    ("compare-simulation", "simulation_figure(stats)"),
    ("compare-iwin-view", "svg.view(middle.view(1), size=720)"),
    ("strength-levels", "strength_figure(STRENGTH)"),
]

STRENGTH = Path(__file__).resolve().parent.parent / "howto" / "strength-levels.csv"
"""The measured strength of the search levels (``benchmarks/RESULTS.md``, issue 42), shown as a
table on the page "How strong are the bots" and drawn by :func:`strength_figure`."""


def strength_figure(path: Path) -> Any:
    """First places against CPU per decision, one point per player and table, with their 95%
    intervals, the first table's points named and each other table's joined, from the
    measurements in ``path`` (CSV columns: player, table, deals played, first places %, low %,
    high %, CPU ms a decision)."""
    import csv

    from matplotlib.figure import Figure

    with path.open(encoding="utf-8", newline="") as file:
        rows = list(csv.DictReader(file))
    figure = Figure(figsize=(7, 4.2))
    axes = figure.add_subplot()
    tables = list(dict.fromkeys(row["table"] for row in rows))
    for table in tables:
        mine = [row for row in rows if row["table"] == table]
        x = [float(row["CPU ms a decision"]) for row in mine]
        y = [float(row["first places %"]) for row in mine]
        low = [y_ - float(row["low %"]) for y_, row in zip(y, mine, strict=True)]
        high = [float(row["high %"]) - y_ for y_, row in zip(y, mine, strict=True)]
        if table == tables[0]:  # the main table: every point named (0.2.0's below, clear of 0.3's)
            axes.errorbar(x, y, yerr=[low, high], fmt="o", capsize=3, label=f"against {table}")
            for x_, y_, row in zip(x, y, mine, strict=True):
                below = row["player"].startswith("0.2.0")
                axes.annotate(row["player"], (x_, y_), textcoords="offset points", xytext=(5, -11 if below else 4), fontsize=8)
        else:  # the panel: each table's levels joined, left to right as they cost more
            axes.errorbar(x, y, yerr=[low, high], fmt="o--", linewidth=0.8, capsize=3, label=f"against {table}")
    axes.set_xscale("log")
    axes.margins(x=0.25)
    axes.set_xlabel("CPU per decision (ms, log scale)")
    axes.set_ylabel("first places (%)")
    axes.axhline(25, color="grey", linewidth=0.8, linestyle=":")
    axes.legend(loc="lower left", fontsize=7)
    axes.set_title("Search levels: first places against their cost (house, 95% intervals)", fontsize=10)
    figure.tight_layout()
    return figure


def _svg(value: Any) -> str:
    """An SVG text as it is, or a matplotlib figure saved as SVG (without its date, so it is stable)."""
    if isinstance(value, str):
        return value
    import matplotlib

    matplotlib.rcParams["svg.hashsalt"] = "tienlen-docs"
    out = io.StringIO()
    value.savefig(out, format="svg", metadata={"Date": None})
    return out.getvalue()


def gallery_page() -> str:
    """The gallery page: the setup code, then each picture under its caption and expression."""
    lines = [
        "Gallery",
        "=======",
        "",
        "Pictures drawn by :mod:`tienlen.show.svg` and :mod:`tienlen.show.plot` while these pages were built",
        f"(tienlen {tienlen.__version__}). The code under each caption is the code that drew it, after this setup:",
        "",
        ".. code-block:: python",
        "",
        *("   " + line if line else "" for line in (SETUP + HOWTO_SETUP).splitlines()),
        "",
    ]
    for name, caption, expression in GALLERY:
        lines += [
            caption,
            "-" * len(caption),
            "",
            ".. code-block:: python",
            "",
            f"   {expression}",
            "",
            f".. image:: /{FOLDER.as_posix()}/{name}.svg",
            f"   :alt: {caption}",
            "",
        ]
    return "\n".join(lines)


def draw(app: Sphinx) -> None:
    """Run the setup, draw every picture and write the gallery page."""
    folder = Path(app.srcdir) / FOLDER
    folder.mkdir(parents=True, exist_ok=True)
    names: dict[str, Any] = {"strength_figure": strength_figure, "STRENGTH": STRENGTH}
    exec(SETUP + HOWTO_SETUP, names)
    pictures = [(name, expression) for name, _, expression in GALLERY] + HOWTO
    for name, expression in pictures:
        text = _svg(eval(expression, names))
        path = folder / f"{name}.svg"
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    write_pages(folder, {"index": gallery_page()})


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the extension."""
    app.connect("builder-inited", draw)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
