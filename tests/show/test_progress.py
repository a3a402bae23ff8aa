"""Progress of long commands: a bar on a terminal, a line every few seconds elsewhere."""

from __future__ import annotations

import io
from collections.abc import Callable

import pytest

from tienlen.errors import InvalidArgument
from tienlen.show.progress import ProgressBar


def clock(*times: float) -> Callable[[], float]:
    return iter(times).__next__


def test_a_terminal_gets_one_redrawn_bar_with_rate_and_eta() -> None:
    out = io.StringIO()
    bar = ProgressBar(out, terminal=True, clock=clock(0.0, 10.0, 40.0), columns=100)
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


def test_the_terminal_line_never_wraps_however_narrow_the_terminal() -> None:
    """The bar takes what the words leave of the width, then goes; the line is cut short at worst."""
    for columns, bar_shown in ((120, True), (80, True), (70, True), (60, False), (40, False)):
        out = io.StringIO()
        bar = ProgressBar(out, terminal=True, clock=clock(0.0, 10.0, 40.0), columns=columns)
        bar("northern", 250, 100_000)
        bar("northern", 100_000, 100_000)
        lines = [line.removesuffix("\n").removesuffix("\x1b[K") for line in out.getvalue().split("\r")[1:]]
        assert all(len(line) < columns for line in lines), (columns, lines)
        assert ("[" in lines[0]) == bar_shown, (columns, lines[0])


def test_the_terminal_width_comes_from_columns_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    out = io.StringIO()
    ProgressBar(out, terminal=True, clock=clock(0.0, 10.0))("house", 250, 1000)
    assert len(out.getvalue().removeprefix("\r").removesuffix("\x1b[K")) < 60


def test_the_progress_line_speaks_the_language_asked_for() -> None:
    out = io.StringIO()
    bar = ProgressBar(out, terminal=False, every=5.0, clock=clock(0.0, 10.0, 40.0), lang="vi")
    bar("house", 1000, 4000)  # not yet: within the first five seconds... at 10 s, a line
    bar("house", 4000, 4000)
    assert (
        out.getvalue()
        == "house: 1000/4000 ván (25%), 100 ván/giây, còn khoảng 30 s\nhouse: 4000/4000 ván (100%), 100 ván/giây, xong sau 40 s\n"
    )
    with pytest.raises(InvalidArgument):
        ProgressBar(out, terminal=False, lang="fr")
