"""The branch coverage floor of CI (a development tool; needs nothing but Python).

    python -m coverage json -q -o coverage.json && python tools/coverage_gate.py coverage.json

``pytest --cov`` fails under ``fail_under`` of ``[tool.coverage.report]`` in ``pyproject.toml``
(95%), counted on lines and branches together; this checks the branches alone against the same
floor, so well-covered lines cannot hide untested branches. ``.ci/run`` and the ``tests``
workflow's job with every extra both run it. The exit status is 1 under the floor.
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def floor() -> float:
    """The percentage of ``[tool.coverage.report] fail_under`` in ``pyproject.toml``."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        return float(tomllib.load(file)["tool"]["coverage"]["report"]["fail_under"])


def main(argv: list[str]) -> int:
    """Print the branch coverage of the report ``argv[0]`` (``coverage json``); 1 if under the floor."""
    totals = json.loads(Path(argv[0]).read_text(encoding="utf-8"))["totals"]
    share = 100 * totals["covered_branches"] / totals["num_branches"]
    least = floor()
    print(f"branch coverage: {share:.2f}% of {totals['num_branches']} branches (at least {least:g}%)")
    if share < least:
        print("branch coverage is under the floor", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
