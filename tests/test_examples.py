"""Every script in examples/ runs to completion, and says what it is meant to say."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from extras import skip_reason

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCRIPTS = sorted(EXAMPLES.glob("*.py"))

# Lines each script must print (a script missing here must at least run cleanly and print something).
EXPECTED: dict[str, tuple[str, ...]] = {
    "check_plays.py": (
        "a quad on a pair of 2s: 6♠ 6♣ 6♦ 6♥ on 2♦ 2♥",
        "  house     yes",
        "  faceoff   no: 6♠ 6♣ 6♦ 6♥ cannot beat 2♦ 2♥ under faceoff: a quad does not chop a pair of 2s here",
        "  pagat     no: 6♠ 6♣ 6♦ 6♥ cannot beat 2♦ 2♥ under pagat: a quad does not chop a pair of 2s here",
        "  northern  no: 8♣ 8♦ 8♥ cannot beat 7♠ 7♦ 7♥ under northern: a triple must follow the same suits (♠ ♦ ♥)",
        "  northern  no: 3♠ 3♣ 4♠ 4♣ 5♠ 5♣ is not a combination under northern: pair runs are not played",
        "  pagat     yes",
        "  northern  2♥, 9♠ 9♣ 9♦ 9♥",
    ),
}


# scripts that need an extra, skipped where it is not installed (CI installs every extra)
NEEDS = {
    "pettingzoo_random_vs_greedy.py": "pettingzoo",
    "openspiel_random_vs_greedy.py": "pyspiel",
    "openspiel_ismcts.py": "pyspiel",
    "train_reinforce.py": "numpy",
}


def test_there_are_examples() -> None:
    assert SCRIPTS, f"no scripts found in {EXAMPLES}"
    assert set(EXPECTED) | set(NEEDS) <= {s.name for s in SCRIPTS}


@pytest.mark.parametrize("script", SCRIPTS, ids=[s.name for s in SCRIPTS])
def test_example_runs(script: Path, tmp_path: Path) -> None:
    if script.name in NEEDS:
        pytest.importorskip(NEEDS[script.name], reason=skip_reason(NEEDS[script.name]))
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    done = subprocess.run(
        [sys.executable, str(script)],
        cwd=tmp_path,  # examples must not depend on the current directory
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        encoding="utf-8",
        timeout=120,
    )
    assert done.returncode == 0, f"{script.name} exited {done.returncode}\n{done.stdout}\n{done.stderr}"
    assert done.stdout.strip(), f"{script.name} printed nothing"
    lines = done.stdout.splitlines()
    for line in EXPECTED.get(script.name, ()):
        assert line in lines, f"{script.name} did not print {line!r}:\n{done.stdout}"
