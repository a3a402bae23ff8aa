"""Test collection: the doctests of a module that needs an optional extra run only when it is
installed (``.ci/run`` installs every extra; ``pip install -e '.[test]'`` alone skips them)."""

from __future__ import annotations

import importlib.util
import os

_NEEDS = {
    "src/tienlen/show/plot.py": "matplotlib",
    "src/tienlen/learning/pettingzoo.py": "pettingzoo",
    "src/tienlen/learning/openspiel.py": "pyspiel",
    "src/tienlen/learning/vector.py": "numpy",
}

collect_ignore = [path for path, needs in _NEEDS.items() if importlib.util.find_spec(needs) is None]

# Text output fits COLUMNS (else the terminal's width): the tests read it at 80 columns on any terminal.
os.environ["COLUMNS"] = "80"
