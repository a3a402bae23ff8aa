"""Progress of long commands: a bar with rate and ETA on a terminal, a line now and then elsewhere.

>>> import io
>>> out = io.StringIO()
>>> bar = ProgressBar(out, terminal=False, clock=iter([0.0, 2.0, 9.0]).__next__)
>>> bar("house", 250, 1000); bar("house", 1000, 1000)
>>> print(out.getvalue(), end="")
house: 1000/1000 rounds (100%), 111 rounds/s, done in 9 s
>>> out = io.StringIO()
>>> ProgressBar(out, terminal=False, clock=iter([0.0, 4.0]).__next__, lang="vi")("house", 1000, 1000)
>>> print(out.getvalue(), end="")
house: 1000/1000 ván (100%), 250 ván/giây, xong sau 4 s
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Callable
from typing import TextIO

from tienlen._base.checks import check_int, check_lang, check_type
from tienlen._base.messages import format_number, render

__all__ = ["ProgressBar"]

_MOST = 10**15
"""The largest count a bar shows: a tournament of 10**9 deals in 24 seatings plays 2.4 * 10**10
rounds, and a simulation counts the rounds of all its rule sets."""


def _duration(seconds: float) -> str:
    seconds = round(seconds)
    if seconds < 60:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"


class ProgressBar:
    """A progress callback ``(label, done, total)`` writing to ``stream``.

    On a ``terminal`` it redraws one line: a bar, the count, the rate and the time left, within
    ``columns`` (default: the terminal's width, or ``COLUMNS``, or 80), so it never wraps. Elsewhere
    (a log, a pipe) it writes a plain line at most every ``every`` seconds, and always the last
    one. ``clock`` gives the time in seconds (:func:`time.monotonic` by default), counted from
    when the bar is made. It counts up to 10**15 rounds, and writes its words in ``lang``
    (``"en"`` or ``"vi"``).
    """

    __slots__ = ("_stream", "_terminal", "_every", "_clock", "_start", "_last", "_columns", "_lang")

    def __init__(
        self,
        stream: TextIO,
        *,
        terminal: bool,
        every: float = 5.0,
        clock: Callable[[], float] | None = None,
        columns: int | None = None,
        lang: str = "en",
    ) -> None:
        self._stream, self._terminal, self._every, self._columns = stream, terminal, every, columns
        self._lang = check_lang(lang)
        self._clock = clock or time.monotonic
        self._start = self._last = self._clock()

    def __call__(self, label: str, done: int, total: int) -> None:
        check_type(label, str, "label", "text")
        check_int(total, "total", 1, _MOST)
        check_int(done, "done", 0, total)
        now = self._clock()
        elapsed = now - self._start
        rate = done / elapsed if elapsed > 0 else 0.0
        finished = done >= total
        lang = self._lang
        if finished:
            tail = render("progress-done", {"duration": _duration(elapsed)}, lang)
        else:
            tail = (
                render("progress-eta", {"duration": _duration((total - done) / rate)}, lang)
                if rate
                else render("progress-eta-unknown", {}, lang)
            )
        share = 100 * done // max(total, 1)
        counts = render(
            "progress",
            {"done": done, "total": total, "share": share, "rate": format_number(rate, ".0f", lang), "tail": tail},
            lang,
        )
        if self._terminal:
            columns = self._columns or shutil.get_terminal_size().columns  # asked each time: a window can be resized
            width = min(24, columns - 1 - len(f"{label:<10} [] {counts}"))  # the bar takes what the words leave
            filled = width * done // max(total, 1)
            line = f"{label:<10} [{'#' * filled}{'.' * (width - filled)}] {counts}" if width >= 5 else f"{label:<10} {counts}"
            self._stream.write(f"\r{line[: columns - 1]}\033[K" + ("\n" if finished else ""))
        elif finished or now - self._last >= self._every:
            self._stream.write(f"{label}: {counts}\n")
            self._last = now
        self._stream.flush()
