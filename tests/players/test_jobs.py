"""Chunks of a run are made as they are sent: at most two per worker process not yet collected,
the first result comes at once whatever the number of jobs, and closing the run stops it."""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import time
from collections.abc import Iterator

import pytest

from tienlen import InvalidArgument
from tienlen.players._jobs import IN_FLIGHT, run_jobs
from tienlen.players.simulate import round_seed


class Jobs:
    """10**5 jobs ``(seed, index)`` for :func:`~tienlen.players.simulate.round_seed`, counting those made
    (enough that making them all first would show, few enough that it would not hang)."""

    def __init__(self) -> None:
        self.made = 0

    def __iter__(self) -> Iterator[tuple[int, int]]:
        for index in range(10**5):
            self.made += 1
            yield (7, index)


def test_played_here_a_job_is_made_when_the_last_result_is_taken() -> None:
    jobs = Jobs()
    results = run_jobs(round_seed, jobs)
    assert [next(results) for _ in range(3)] == [round_seed(7, i) for i in range(3)] and jobs.made == 3


@pytest.mark.parametrize("workers", [2, 3])
def test_on_processes_at_most_two_jobs_a_process_are_made_and_not_yet_collected(workers: int) -> None:
    jobs = Jobs()
    began = time.monotonic()
    with contextlib.closing(run_jobs(round_seed, jobs, workers=workers)) as results:
        taken = []
        for result in itertools.islice(results, 40):
            taken.append(result)
            assert jobs.made - len(taken) <= 2 * IN_FLIGHT * workers  # sent, or finished and not yet taken
    assert time.monotonic() - began < 60  # closed after 40 of 10**5 jobs
    assert len(set(taken)) == 40 and set(taken) <= {round_seed(7, i) for i in range(jobs.made)}


def test_a_job_that_fails_on_a_process_raises_its_error_here() -> None:
    with pytest.raises(InvalidArgument, match="index must be a whole number"):
        list(run_jobs(round_seed, [(7, 0), (7, -1), (7, 2)], workers=2))


_STATE = ["as imported"]
"""Module state a test changes in this process: a spawned worker imports this module afresh and
sees it as imported, a forked one as this process left it."""


def state_seen() -> str:
    return _STATE[0]


def test_worker_processes_are_spawned_whatever_the_platform_default() -> None:
    """The spawn start method (issue 43), the default of macOS and Windows, on Linux too: nothing a
    job needs may come from the parent's memory."""
    _STATE[0] = "changed by the parent"
    try:
        assert set(run_jobs(state_seen, [()] * 4, workers=2)) == {"as imported"}
        if "fork" in multiprocessing.get_all_start_methods():  # the test could fail: a forked worker sees the change
            forked = run_jobs(state_seen, [()] * 4, workers=2, context=multiprocessing.get_context("fork"))
            assert set(forked) == {"changed by the parent"}
    finally:
        _STATE[0] = "as imported"
