"""Measuring what a long run holds: traced memory while it plays, and runs in a fresh interpreter
under a memory limit and a time limit (so a run that builds all its work first fails, not hangs).

Two things grow in any run of rounds and are bounded by design, not by the run: the library's
caches (:mod:`tienlen._base.cache`, each at most a fixed number of entries) and the interpreter's free
lists of tuples (refilled as rounds end, emptied by :func:`gc.collect`). So :func:`traced` runs
the run once first to fill the caches with its positions, and empties the free lists at the end
of every chunk, before it traces: what is left is what the run itself holds. It empties every
cache before that first run, so the caches start from the same state whatever the tests before it
filled (a cache left nearly full by them would start again empty in the middle of the traced run,
and its refilling read as memory the run holds).
"""

from __future__ import annotations

import gc
import json
import resource
import subprocess
import sys
import tracemalloc
from collections.abc import Callable
from typing import Any

import attrs

from tienlen._base.cache import CACHES

Progress = Callable[[str, int, int], None]


@attrs.frozen
class Traced:
    """``peak``: the most traced memory held at once while the run played, in bytes; ``held``: the
    most held at the end of a chunk (after emptying the free lists); ``chunks``: how many ended."""

    peak: int
    held: int
    chunks: int


def traced(play: Callable[[Progress], object]) -> Traced:
    """Run ``play(progress)`` once untraced (filling the caches), then again under tracemalloc,
    ``progress`` emptying the free lists and noting what is held at the end of every chunk."""
    for cache in CACHES.values():
        cache.clear()
    play(lambda *_: None)
    held: list[int] = []

    def chunk_done(label: str, done: int, total: int) -> None:
        gc.collect()
        held.append(tracemalloc.get_traced_memory()[0])

    gc.collect()
    tracemalloc.start()
    try:
        play(chunk_done)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return Traced(peak=peak, held=max(held), chunks=len(held))


MEMORY_LIMIT = 1 << 30
"""The address space a fresh interpreter of :func:`fresh` may take: 1 GiB, a third of what a
10**9-deal tournament took in 25 s when it built its jobs first."""


def limit_memory() -> None:
    """Limit this process (and the processes it starts) to :data:`MEMORY_LIMIT` of address space."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def fresh(code: str, seconds: float = 120) -> dict[str, Any]:
    """Run ``code`` in a fresh interpreter limited to :data:`MEMORY_LIMIT` and ``seconds``; the code
    prints one JSON object as its last line, returned here."""
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=seconds,
        preexec_fn=limit_memory,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    result: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return result


STOPPED_AT_ONCE = """
import json, time, tracemalloc
from tienlen import HOUSE, IWIN
from tienlen.players.simulate import simulate
from tienlen.players.tournament import tournament

class Enough(Exception):
    pass

def stop(label, done, total):
    raise Enough(done, total)

tracemalloc.start()
began = time.perf_counter()
try:
    {call}
except Enough as enough:
    done, total = enough.args
print(json.dumps({{"done": done, "total": total, "seconds": time.perf_counter() - began,
                  "peak": tracemalloc.get_traced_memory()[1]}}))
"""
"""A fresh interpreter's code that makes ``call`` (a run with ``progress=stop``) and stops it at
its first chunk; it prints the games or rounds done and in all, the seconds and the traced peak."""
