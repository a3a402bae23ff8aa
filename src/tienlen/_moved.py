"""The 0.2.0 paths that moved in 0.3.0: one reviewed table, and the one mechanism that keeps them
working for one release, each use with a :class:`DeprecationWarning` naming the new path.

* ``import tienlen.search``, ``from tienlen.agents import GreedyAgent``: the old module path is the
  new module itself (the same object), found by :class:`_OldPaths` on :data:`sys.meta_path`.
* ``from tienlen import GreedyAgent``: the root's :pep:`562` ``__getattr__`` asks :func:`root_name`.

The paths go in 0.4.0 (see the docs page "Moving to 0.3" and the changelog).
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import warnings
from collections.abc import Sequence
from types import ModuleType
from typing import Any

__all__ = ["MODULES", "ROOT_NAMES", "REMOVAL", "root_name", "install"]

REMOVAL = "0.4.0"
"""The release that removes the old paths."""

MODULES = {
    "tienlen.rules": "tienlen.variants.rules",
    "tienlen.profiles": "tienlen.variants.profiles",
    "tienlen.loading": "tienlen.variants.loading",
    "tienlen.cards": "tienlen.game.cards",
    "tienlen.combos": "tienlen.game.combos",
    "tienlen.beating": "tienlen.game.beating",
    "tienlen.moves": "tienlen.game.moves",
    "tienlen.instant": "tienlen.game.instant",
    "tienlen.events": "tienlen.game.events",
    "tienlen.actions": "tienlen.game.actions",
    "tienlen.round": "tienlen.game.round",
    "tienlen.views": "tienlen.game.views",
    "tienlen.records": "tienlen.game.records",
    "tienlen.settle": "tienlen.money.settle",
    "tienlen.match": "tienlen.money.match",
    "tienlen.wire": "tienlen.io.wire",
    "tienlen.agents": "tienlen.players.agents",
    "tienlen.search": "tienlen.players.search",
    "tienlen.solve": "tienlen.players.solve",
    "tienlen.tournament": "tienlen.players.tournament",
    "tienlen.compare": "tienlen.players.compare",
    "tienlen.simulate": "tienlen.players.simulate",
    "tienlen.encoding": "tienlen.learning.encoding",
    "tienlen.actionspace": "tienlen.learning.actionspace",
    "tienlen.env": "tienlen.learning.env",
    "tienlen.vector": "tienlen.learning.vector",
    "tienlen.pettingzoo": "tienlen.learning.pettingzoo",
    "tienlen.openspiel": "tienlen.learning.openspiel",
    "tienlen.svg": "tienlen.show.svg",
    "tienlen.drawing": "tienlen.show.drawing",
    "tienlen.plot": "tienlen.show.plot",
    "tienlen.progress": "tienlen.show.progress",
}
"""Every public module path of 0.2.0 that moved, and where it is now."""

ROOT_NAMES = {
    "Agent": "tienlen.players.agents",
    "GreedyAgent": "tienlen.players.agents",
    "RandomAgent": "tienlen.players.agents",
    "play_round": "tienlen.players.agents",
    "compare_play": "tienlen.players.compare",
    "compare_round": "tienlen.players.compare",
    "WIRE_VERSION": "tienlen.io.wire",
    "read_document": "tienlen.io.wire",
}
"""The names 0.2.0 offered at the root that now live in a wing only: bots, comparisons of a play
or a round, the wire format."""

SHADOWED = frozenset({"settle", "compare"})
"""Root names that are functions of modules of the same name: importing the old module path must
not replace the function with the module at the root."""


def _warn(old: str, new: str) -> None:
    warnings.warn(
        f"{old} moved to {new} in tienlen 0.3.0; the old path goes in 0.4.0",
        DeprecationWarning,
        stacklevel=_caller_level(),
    )


def _caller_level() -> int:
    """The stack level of the first frame outside this module and the import machinery, so the
    warning names the line that used the old path. :func:`warnings.warn` does not count the
    import system's own frames (``<frozen importlib._bootstrap>``), so neither does this."""
    frame, level = sys._getframe(2), 2  # the caller of _warn
    while frame.f_back is not None and _internal(frame.f_code.co_filename):
        frame = frame.f_back
        level += not _bootstrap(frame.f_code.co_filename)
    return level


def _bootstrap(filename: str) -> bool:
    return "importlib" in filename and "_bootstrap" in filename


def _internal(filename: str) -> bool:
    return filename == __file__ or _bootstrap(filename) or filename.endswith(("importlib/__init__.py", "importlib\\__init__.py"))


def root_name(name: str) -> Any:
    """The value of a root name that moved (:data:`ROOT_NAMES`, with a warning), or an old module
    path as a root attribute (``tienlen.search``); else :class:`AttributeError`, as for any missing
    attribute."""
    if name in ROOT_NAMES:
        _warn(f"tienlen.{name}", f"{ROOT_NAMES[name]}.{name}")
        return getattr(importlib.import_module(ROOT_NAMES[name]), name)
    if f"tienlen.{name}" in MODULES:
        return importlib.import_module(f"tienlen.{name}")
    raise AttributeError(f"module 'tienlen' has no attribute {name!r}")


class _Alias:
    """Loads an old module path as the new module itself, restoring the new module's own spec (an
    import loader by protocol: ``importlib.abc`` is not imported, as it loads much of the standard
    library)."""

    def __init__(self, new: str) -> None:
        self.new = new
        self.spec: importlib.machinery.ModuleSpec | None = None

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        module = importlib.import_module(self.new)
        self.spec = module.__spec__
        return module

    def exec_module(self, module: ModuleType) -> None:
        module.__spec__ = self.spec  # the import system set the old path's spec on it


class _OldPaths:
    """Finds the old module paths of :data:`MODULES`, warning once per import (a meta path finder by
    protocol)."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        new = MODULES.get(fullname)
        if new is None:
            return None
        _warn(fullname, new)
        return importlib.machinery.ModuleSpec(fullname, _Alias(new))  # type: ignore[arg-type]  # a Loader by protocol


class _Root(ModuleType):
    """The root package's type: importing an old module path (``tienlen.settle``) does not replace
    the root function of the same name (:data:`SHADOWED`) with the module."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name in SHADOWED and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


def install(root: ModuleType) -> None:
    """Put the old paths' finder on :data:`sys.meta_path` (once) and give ``root`` its type."""
    if not any(isinstance(finder, _OldPaths) for finder in sys.meta_path):
        sys.meta_path.insert(0, _OldPaths())
    root.__class__ = _Root
