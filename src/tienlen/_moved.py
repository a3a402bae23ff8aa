"""The 0.2.0 paths that moved in 0.3.0: one reviewed table, and the one mechanism that keeps them
working, each use with a :class:`DeprecationWarning` naming the new path.

* ``import tienlen.search``, ``from tienlen.agents import GreedyAgent``: the old module path is the
  new module itself (the same object), found by :class:`_OldPaths` on :data:`sys.meta_path`; it
  warns when the program first imports it.
* ``tienlen.GreedyAgent``, ``from tienlen import GreedyAgent``: the root's :pep:`562`
  ``__getattr__`` (``tienlen._root``) asks :func:`root_name`; it warns at each use.

Each warning is attributed to the program's own line (:func:`_warn`), not to the package or the
import system, so Python's default filters show it in a script (they show a
:class:`DeprecationWarning` only when it is attributed to ``__main__``, :pep:`565`), and each use
warns once.

The paths were announced to go in 0.4.0, but 0.3.0's warnings for the root names were attributed to
the package, so a plain script never showed them. 1.0 keeps the paths with warnings a script shows,
and 1.1.0 removes them (see the docs page "Moving to 0.3" and the changelog).
"""

from __future__ import annotations

import importlib
import importlib.machinery
import os
import sys
import warnings
from types import FrameType, ModuleType

__all__ = ["MODULES", "ROOT_NAMES", "REMOVAL", "root_name", "install"]

REMOVAL = "1.1.0"
"""The release that removes the old paths (every warning's message names it)."""

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
    """Warn that ``old`` moved to ``new``, from the program's line that used ``old``: the first
    frame outside the root's own modules and the import system (:func:`_ours`). ``stacklevel``
    cannot name it (the number of frames between varies: an import, a :pep:`562` ``__getattr__``),
    and ``warnings.warn(skip_file_prefixes=...)`` is Python 3.12's, so the frame is found here and
    the warning made as :func:`warnings.warn` makes it from a frame: its file, line, module name
    (which the filters match: ``__main__`` for a script) and registry (which the "default" action
    uses to show a warning once per line)."""
    frame = _user_frame(sys._getframe(1))
    context = frame.f_globals
    warnings.warn_explicit(
        f"{old} moved to {new} in tienlen 0.3.0; the old path goes in 1.1.0",
        DeprecationWarning,
        frame.f_code.co_filename,
        frame.f_lineno,
        module=context.get("__name__", "<string>"),
        registry=context.setdefault("__warningregistry__", {}),
    )


_HERE = os.path.dirname(__file__)
_ROOT = frozenset(os.path.join(_HERE, name) for name in ("__init__.py", "_root.py", "_moved.py"))
_IMPORTLIB = os.path.join(os.path.dirname(importlib.__file__ or ""), "")


def _ours(filename: str) -> bool:
    """Whether code in ``filename`` is the root's own (the package's ``__init__``, ``_root``, this
    module) or the import system's (``importlib``, frozen or not)."""
    return filename in _ROOT or filename.startswith(("<frozen importlib.", _IMPORTLIB))


def _user_frame(frame: FrameType) -> FrameType:
    """The first frame from ``frame`` outwards that is not :func:`_ours` (the outermost one if all are)."""
    while _ours(frame.f_code.co_filename) and frame.f_back is not None:
        frame = frame.f_back
    return frame


def _checking_a_from_import(frame: FrameType) -> bool:
    """Whether the root's ``__getattr__`` was called by the import system checking the names of
    ``from tienlen import NAME`` (its ``_handle_fromlist`` asks ``hasattr``) rather than by the
    statement reading the name, which follows and warns: one statement, one warning."""
    while frame.f_code.co_filename in _ROOT and frame.f_back is not None:
        frame = frame.f_back
    return frame.f_code.co_name == "_handle_fromlist" and _ours(frame.f_code.co_filename)


def root_name(name: str) -> object:
    """The value of a root name that moved (:data:`ROOT_NAMES`, with a warning), or an old module
    path as a root attribute (``tienlen.search``, with the import's warning); else
    :class:`AttributeError`, as for any missing attribute."""
    if name in ROOT_NAMES:
        if not _checking_a_from_import(sys._getframe(1)):
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

    def find_spec(self, fullname: str, path: object, target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        new = MODULES.get(fullname)
        if new is None:
            return None
        _warn(fullname, new)
        return importlib.machinery.ModuleSpec(fullname, _Alias(new))  # type: ignore[arg-type]  # a Loader by protocol


class _Root(ModuleType):
    """The root package's type: importing an old module path (``tienlen.settle``) does not replace
    the root function of the same name (:data:`SHADOWED`) with the module."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in SHADOWED and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


def install(root: ModuleType) -> None:
    """Put the old paths' finder on :data:`sys.meta_path` (once) and give ``root`` its type."""
    if not any(isinstance(finder, _OldPaths) for finder in sys.meta_path):
        sys.meta_path.insert(0, _OldPaths())
    root.__class__ = _Root
