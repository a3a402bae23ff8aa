"""Simulations on a Dask distributed cluster give exactly the local result for the same seed."""

from __future__ import annotations

import json

import pytest
from extras import skip_reason

from tienlen import HOUSE, IWIN, NORTHERN
from tienlen.simulate import Run

distributed = pytest.importorskip("distributed", reason=skip_reason("distributed"))


def test_a_local_cluster_of_two_worker_processes_gives_the_local_result_byte_for_byte() -> None:
    run = Run(rule_sets=(HOUSE, NORTHERN, IWIN), rounds=24, seed=13)
    local = run.play()
    seen: list[tuple[str, int, int]] = []
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster,
        distributed.Client(cluster) as client,
    ):
        remote = run.play(client=client, progress=lambda *a: seen.append(a))
    assert json.dumps(run.report(remote)) == json.dumps(run.report(local))
    assert remote == local
    assert [done for _, done, _ in seen] == sorted(done for _, done, _ in seen) and seen[-1][1:] == (72, 72)
