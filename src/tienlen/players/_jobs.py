"""Jobs played here, on worker processes or on a Dask cluster, made as they are sent.

:func:`run_jobs` takes its jobs from an iterator only as there is room for them, so a run of
10**9 deals never holds more than a few jobs and their results at once: memory stays flat in the
number of jobs, and the first result comes as soon as the first job is played. The results come
in the order the jobs finish; the callers add them up into whole-number totals, whose order does
not matter, so every way of playing gives the same totals to the bit.

Worker processes are started with ``spawn`` on every platform (the default of macOS and Windows):
each one imports the library afresh and gets its jobs by pickling, so a job is a module-level
function and plain values, and nothing depends on what the parent process held when it forked.
"""

from __future__ import annotations

import itertools
import multiprocessing
from collections.abc import Callable, Generator, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from multiprocessing.context import BaseContext
from typing import Any, TypeVar

from tienlen._base.input import shown
from tienlen.errors import InvalidArgument

__all__ = ["IN_FLIGHT", "run_jobs"]

_T = TypeVar("_T")

IN_FLIGHT = 2
"""Jobs sent and not yet collected, per worker process or per thread of a Dask cluster: one
being played and one waiting, so no worker idles while a result is read."""


def run_jobs(
    play: Callable[..., _T],
    jobs: Iterable[tuple[Any, ...]],
    *,
    workers: int = 1,
    client: Any = None,
    context: BaseContext | None = None,
) -> Generator[_T, None, None]:
    """``play(*job)`` for every job, in the order they finish: here one after the other
    (``workers`` 1), on ``workers`` processes, or on the Dask distributed ``client``, with at most
    :data:`IN_FLIGHT` jobs per process (per thread of the cluster) sent and not yet collected.

    The processes are started by the multiprocessing ``context`` (default ``None``: the ``spawn``
    one, on every platform), so ``play`` and the jobs must pickle.

    Close the iterator (or leave a ``with contextlib.closing(...)`` block) to stop early: the
    jobs not yet started are cancelled and the processes shut down.
    """
    if client is not None:
        if not all(callable(getattr(client, method, None)) for method in ("submit", "nthreads", "cancel")):
            raise InvalidArgument.of("not-a-dask-client", value=shown(client))
        return _on_cluster(play, iter(jobs), client)
    if workers == 1:
        return (play(*job) for job in jobs)
    return _in_processes(play, iter(jobs), workers, multiprocessing.get_context("spawn") if context is None else context)


def _in_processes(
    play: Callable[..., _T], jobs: Iterator[tuple[Any, ...]], workers: int, context: BaseContext
) -> Generator[_T, None, None]:
    """On a pool of ``workers`` processes started by ``context``, refilled as jobs finish; shut
    down (waiting for the jobs being played, cancelling the others) when done or closed."""
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context)
    try:
        pending = {pool.submit(play, *job) for job in itertools.islice(jobs, IN_FLIGHT * workers)}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            pending |= {pool.submit(play, *job) for job in itertools.islice(jobs, len(done))}
            for future in done:
                yield future.result()
    finally:
        pool.shutdown(cancel_futures=True)


def _on_cluster(play: Callable[..., _T], jobs: Iterator[tuple[Any, ...]], client: Any) -> Generator[_T, None, None]:
    """On the cluster, a job sent as each finishes; the jobs not finished are cancelled when
    done or closed. Only called with a client, so dask is imported only then."""
    import distributed

    in_finishing_order: Callable[[], Any] = distributed.as_completed
    queue = in_finishing_order()
    pending: set[Any] = set()

    def send(count: int) -> None:
        for job in itertools.islice(jobs, count):
            future = client.submit(play, *job, pure=False)
            pending.add(future)
            queue.add(future)

    try:
        send(IN_FLIGHT * max(1, sum(client.nthreads().values())))
        for future in queue:
            pending.discard(future)
            result: _T = future.result()
            send(1)
            yield result
    finally:
        if pending:
            client.cancel(list(pending))
