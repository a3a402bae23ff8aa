"""Progress of long commands: a bar on a terminal, a line every few seconds elsewhere."""

from __future__ import annotations

import io
from collections.abc import Callable

from tienlen.progress import ProgressBar


def clock(*times: float) -> Callable[[], float]:
    return iter(times).__next__


def test_a_terminal_gets_one_redrawn_bar_with_rate_and_eta() -> None:
    out = io.StringIO()
    bar = ProgressBar(out, terminal=True, clock=clock(0.0, 10.0, 40.0))
    bar("house", 250, 1000)
    bar("house", 1000, 1000)
    first, last = out.getvalue().split("\r")[1:]
    assert first.startswith("house      [######..................] 250/1000 rounds (25%), 25 rounds/s, ETA 30 s")
    assert last.endswith("1000/1000 rounds (100%), 25 rounds/s, done in 40 s\x1b[K\n")


def test_a_log_gets_a_line_every_few_seconds_and_the_last_one() -> None:
    out = io.StringIO()
    bar = ProgressBar(out, terminal=False, every=5.0, clock=clock(0.0, 1.0, 6.0, 7.0, 130.0))
    for done in (10, 60, 70, 1300):
        bar("iwin", done, 1300)
    assert out.getvalue().splitlines() == [
        "iwin: 60/1300 rounds (4%), 10 rounds/s, ETA 2:04",
        "iwin: 1300/1300 rounds (100%), 10 rounds/s, done in 2:10",
    ]
