"""Simulations on a Dask distributed cluster give exactly the local result for the same seed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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


@pytest.mark.slow
def test_the_how_to_dask_script_runs_as_a_script(tmp_path: Path) -> None:
    """The compare how-to's Dask snippet, saved as a file and run (with fewer rounds and workers):
    worker processes import the script again, so it must start the cluster under a main guard."""
    page = (Path(__file__).resolve().parent.parent / "docs" / "howto" / "compare.rst").read_text(encoding="utf-8")
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
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "house" in done.stdout and "iwin" in done.stdout
