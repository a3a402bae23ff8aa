"""Test collection: the doctests of a module that needs an optional extra run only when it is
installed (``.ci/run`` installs every extra; ``pip install -e '.[test]'`` alone skips them)."""

from __future__ import annotations

import importlib.util

collect_ignore = [path for path, needs in [("src/tienlen/plot.py", "matplotlib")] if importlib.util.find_spec(needs) is None]
