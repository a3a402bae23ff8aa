"""Simulations and tournaments on a Dask distributed cluster give exactly the local result for
the same seed, with a bounded number of chunks sent at a time, and stop when told to."""

from __future__ import annotations

import contextlib
import itertools
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from extras import skip_reason

from tienlen import HOUSE, IWIN, NORTHERN
from tienlen.players._jobs import IN_FLIGHT, run_jobs
from tienlen.players.simulate import Run, round_seed
from tienlen.players.tournament import tournament

distributed = pytest.importorskip("distributed", reason=skip_reason("distributed"))


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A client of a local cluster of two worker processes of one thread, shared by this module's tests."""
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def test_a_local_cluster_of_two_worker_processes_gives_the_local_result_byte_for_byte(client: Any) -> None:
    run = Run(rule_sets=(HOUSE, NORTHERN, IWIN), rounds=24, seed=13)
    local = run.play()
    seen: list[tuple[str, int, int]] = []
    remote = run.play(client=client, progress=lambda *a: seen.append(a))
    assert json.dumps(run.report(remote)) == json.dumps(run.report(local))
    assert remote == local
    assert [done for _, done, _ in seen] == sorted(done for _, done, _ in seen) and seen[-1][1:] == (72, 72)


def test_a_tournament_on_the_cluster_gives_the_local_result(client: Any) -> None:
    line_up = ["greedy", "random", "passer"]
    assert tournament(HOUSE, line_up, deals=8, seed=3, client=client) == tournament(HOUSE, line_up, deals=8, seed=3)


def test_on_the_cluster_at_most_two_jobs_a_thread_are_made_and_not_yet_collected(client: Any) -> None:
    made = [0]

    def jobs() -> Iterator[tuple[int, int]]:
        for index in range(10**5):
            made[0] += 1
            yield (7, index)

    with contextlib.closing(run_jobs(round_seed, jobs(), client=client)) as results:
        taken = []
        for result in itertools.islice(results, 12):
            taken.append(result)
            assert made[0] - len(taken) <= IN_FLIGHT * 2  # two threads
    assert len(set(taken)) == 12 and set(taken) <= {round_seed(7, i) for i in range(made[0])}


class Enough(Exception):
    pass


def stop(label: str, done: int, total: int) -> None:
    raise Enough(done, total)


def test_a_billion_deal_tournament_on_the_cluster_stops_at_its_first_chunk_and_leaves_no_task(client: Any) -> None:
    began = time.monotonic()
    with pytest.raises(Enough) as stopped:
        tournament(HOUSE, ["random", "greedy"], deals=10**9, seed=1, client=client, progress=stop)
    assert stopped.value.args == (20, 2 * 10**9) and time.monotonic() - began < 60

    def tasks(dask_scheduler: Any) -> int:
        return len(dask_scheduler.tasks)

    deadline = time.monotonic() + 30
    while client.run_on_scheduler(tasks) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert client.run_on_scheduler(tasks) == 0  # the chunks sent and not played were cancelled


@pytest.mark.slow
def test_the_how_to_dask_script_runs_as_a_script(tmp_path: Path) -> None:
    """The compare how-to's Dask snippet, saved as a file and run (with fewer rounds and workers):
    worker processes import the script again, so it must start the cluster under a main guard."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "howto" / "compare.rst").read_text(encoding="utf-8")
    after = page.split("From Python, on a cluster of this machine's cores.")[1].split("::\n\n", 1)[1]
    lines = []
    for line in after.split("\n"):  # the literal block: its indented lines, up to the next paragraph
        if line and not line.startswith("    "):
            break
        lines.append(line.removeprefix("    "))
    code = "\n".join(lines)
    assert 'if __name__ == "__main__":' in code
    script = tmp_path / "variants.py"
    script.write_text(code.replace("rounds=100_000", "rounds=8").replace("n_workers=4", "n_workers=2"), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, encoding="utf-8", timeout=180
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "house" in done.stdout and "iwin" in done.stdout
