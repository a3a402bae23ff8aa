"""The optional extras: a module that exists to use another project's package imports it under
:func:`requires`, so that a missing one says which extra to install.

>>> with requires("rl", "tienlen.example"):
...     import no_such_framework
Traceback (most recent call last):
...
ModuleNotFoundError: tienlen.example needs no_such_framework, from the rl extra: pip install 'tienlen[rl]'
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def requires(extra: str, module: str) -> Iterator[None]:
    """Re-raise an ``ImportError`` in the block as the same error naming the ``extra`` that
    ``module`` needs and the command that installs it."""
    try:
        yield
    except ImportError as error:
        missing = error.name.partition(".")[0] if error.name else "a dependency"  # the package to install
        message = f"{module} needs {missing}, from the {extra} extra: pip install 'tienlen[{extra}]'"
        raise type(error)(message, name=error.name) from error
