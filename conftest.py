"""Test collection: the learning-framework adapters' doctests run only where their extras are installed."""

from __future__ import annotations

import importlib.util

_ADAPTERS = {"src/tienlen/pettingzoo.py": "pettingzoo", "src/tienlen/openspiel.py": "pyspiel"}

collect_ignore = [path for path, needs in _ADAPTERS.items() if importlib.util.find_spec(needs) is None]
