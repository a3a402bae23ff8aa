"""The root's names, read from the one table that declares them: the stub ``tienlen/__init__.pyi``.

Each line there, ``from tienlen.game.cards import Card as Card``, says three things at once: to a
type checker, that ``tienlen.Card`` is that class (and that a misspelt name is not a name); to
``import tienlen``, which module to load the first time the name is used (:pep:`562`); and, in file
order, the name's place in ``tienlen.__all__``. A comment line just above an import opens a group
of the API reference (``# cards and combinations``), which holds the imports below it until the
next such comment.

``import tienlen`` parses the stub (a few dozen lines, compiled to a syntax tree by :func:`compile`,
so :mod:`ast` is not loaded) and loads none of the names' modules.
"""

from __future__ import annotations

import _ast
import importlib
import os
import sys

from tienlen import _moved

__all__ = ["STUB", "WINGS", "groups", "homes", "attach"]

STUB = os.path.join(os.path.dirname(__file__), "__init__.pyi")
"""The table: the root package's stub."""

WINGS = frozenset({"errors", "variants", "game", "money", "io", "players", "learning", "show"})
"""The root's subpackages and ``errors``: each an attribute of the root once used (``tienlen.players``)."""


def groups(text: str | None = None) -> list[tuple[str, list[tuple[str, str]]]]:
    """The table's groups in order, each ``(title, [(name, module), ...])``; the names before the
    first group (``__version__``) are in one titled ``""``. ``text`` is the stub's (read from
    :data:`STUB` by default)."""
    if text is None:
        with open(STUB, encoding="utf-8") as stub:
            text = stub.read()
    lines = text.splitlines()
    tree = compile(text, STUB, "exec", _ast.PyCF_ONLY_AST)
    assert isinstance(tree, _ast.Module)
    found: list[tuple[str, list[tuple[str, str]]]] = [("", [])]
    for node in tree.body:
        if not isinstance(node, _ast.ImportFrom):
            continue
        above = lines[node.lineno - 2].strip() if node.lineno > 1 else ""
        if above.startswith("# "):
            found.append((above[2:].strip(), []))
        for alias in node.names:
            if alias.asname != alias.name or not node.module:
                raise SyntaxError(f"{STUB}, line {node.lineno}: a root name is written `NAME as NAME`, not {alias.name!r}")
            found[-1][1].append((alias.name, node.module))
    return [group for group in found if group[0] or group[1]]


def homes() -> dict[str, str]:
    """Each root name, in the table's order, and the module it comes from."""
    return {name: module for _, names in groups() for name, module in names}


def attach(package: str) -> tuple[object, object, list[str]]:
    """The root package's ``__getattr__``, ``__dir__`` and ``__all__``, from the table; and the
    0.2.0 paths installed (:func:`tienlen._moved.install`)."""
    root = sys.modules[package]
    table = homes()

    def __getattr__(name: str) -> object:
        """A root name loaded on first use and kept, or a wing (``tienlen.players``); else a 0.2.0
        name or module path that moved to a wing, with a :class:`DeprecationWarning`."""
        home = table.get(name)
        if home is not None:
            value = getattr(importlib.import_module(home), name)
        elif name in WINGS:
            value = importlib.import_module(f"{package}.{name}")
        else:
            return _moved.root_name(name)
        setattr(root, name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(root)) | set(table) | WINGS)

    _moved.install(root)
    return __getattr__, __dir__, list(table)
