"""Every public module, class, function and method of the package has a docstring.

"Public" means: the names in ``tienlen.__all__``, every module of the package whose name does not
start with an underscore, and the names in each such module's ``__all__``; for a public class, its
methods, class methods, static methods and properties whose names do not start with an underscore
(special methods such as ``__str__`` and what ``attrs`` or ``enum`` generate are left out).
The test fails naming every object that has no docstring, so one run lists them all.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import pkgutil
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import pytest

import tienlen

Found = tuple[str, Any]


# modules of an optional extra: checked when the extra is installed (CI installs them all)
NEEDS = {"plot": "matplotlib", "pettingzoo": "pettingzoo", "openspiel": "pyspiel", "vector": "numpy"}


def public_modules() -> list[ModuleType]:
    """The package and each of its modules whose name has no leading underscore, by name."""
    names = sorted(
        info.name
        for info in pkgutil.walk_packages(tienlen.__path__, "tienlen.")
        if not any(part.startswith("_") for part in info.name.split("."))
        and (info.name.rpartition(".")[2] not in NEEDS or importlib.util.find_spec(NEEDS[info.name.rpartition(".")[2]]))
    )
    return [tienlen] + [importlib.import_module(name) for name in names]


def _own_doc(value: Any) -> str | None:
    """The object's own docstring (not one inherited from a base class or from ``object``)."""
    if inspect.isclass(value):
        return value.__dict__.get("__doc__")
    return getattr(value, "__doc__", None)


def _members(cls: type) -> Iterator[Found]:
    """The public methods and properties a class defines itself."""
    for name, raw in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(raw, (classmethod, staticmethod)):
            yield name, raw.__func__
        elif isinstance(raw, property) or inspect.isfunction(raw):
            yield name, raw


def public_objects() -> Iterator[Found]:
    """``(dotted name, object)`` for every module, class, function and method that must be documented."""
    seen: set[int] = set()
    for module in public_modules():
        yield module.__name__, module
        for name in getattr(module, "__all__", ()):
            value = getattr(module, name)
            qualified = f"{module.__name__}.{name}"
            if id(value) in seen:
                continue
            if inspect.isclass(value):
                seen.add(id(value))
                yield qualified, value
                if issubclass(value, enum.Enum):
                    members: Iterator[Found] = (
                        (n, m) for n, m in _members(value) if not isinstance(vars(value).get(n), enum.Enum)
                    )
                else:
                    members = _members(value)
                for member, obj in members:
                    yield f"{qualified}.{member}", obj
            elif inspect.isfunction(value) or inspect.isbuiltin(value):
                seen.add(id(value))
                yield qualified, value


def test_the_walk_covers_the_package() -> None:
    names = {name for name, _ in public_objects()}
    # a few names from different corners, so that a broken walk cannot pass by finding nothing
    for expected in (
        "tienlen",
        "tienlen.Round",
        "tienlen.Round.play",
        "tienlen.settle",
        "tienlen.players.agents.make_agent",
        "tienlen.learning.observation.encode_observation",
        "tienlen.cli.main",
    ):
        assert expected in names
    assert len(names) > 150


def test_every_public_object_has_a_docstring() -> None:
    missing = [name for name, value in public_objects() if not (_own_doc(value) or "").strip()]
    assert not missing, "public objects without a docstring:\n  " + "\n  ".join(missing)


@pytest.mark.parametrize("module", public_modules(), ids=lambda module: module.__name__)
def test_every_public_module_declares_its_public_names(module: ModuleType) -> None:
    """A module without ``__all__`` would hide its public names from the walk above."""
    if module is tienlen or module.__name__ == "tienlen.__main__":
        return
    assert isinstance(getattr(module, "__all__", None), list), f"{module.__name__} has no __all__ list"
