"""The optional dependencies the tests use, and the extra that installs each.

A test that needs one skips with ``pytest.importorskip(module, reason=skip_reason(module))``, so a
newcomer's ``pip install -e '.[test]'`` run says what each skip would take
(``needs matplotlib: pip install -e '.[plot]'``). ``tests/test_extras.py`` fails when a test module
imports an optional dependency at module level without that, or skips without naming an extra.
"""

from __future__ import annotations

EXTRA_OF = {  # an optional import name, and the package extra that installs it
    "matplotlib": "plot",
    "dask": "dask",
    "distributed": "dask",
    "pettingzoo": "rl",
    "gymnasium": "rl",
    "numpy": "rl",  # also brought by openspiel
    "pyspiel": "openspiel",
    "open_spiel": "openspiel",
    "websockets": "examples",
    "sphinx": "docs",
    "babel": "dev",
    "tienlen.show.plot": "plot",
    "tienlen.learning.pettingzoo": "rl",
    "tienlen.learning.openspiel": "openspiel",
    "tienlen.learning.vector": "rl",
}


def skip_reason(module: str) -> str:
    """The reason a test skips when ``module`` is missing: the extra that installs it."""
    return f"needs {module}: pip install -e '.[{EXTRA_OF[module]}]'"
