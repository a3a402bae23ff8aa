"""The 0.3 layout keeps every 0.2.0 path for one release (issue 41): each old module path is the
new module itself and each moved root name the same object, with a DeprecationWarning naming the
new path; the contract's root names stay without a warning; ``import tienlen`` loads no module until
a name is used."""

from __future__ import annotations

import ast
import importlib
import inspect
import subprocess
import sys
import warnings

import pytest
from extras import skip_reason

import tienlen
from tienlen._moved import MODULES, REMOVAL, ROOT_NAMES

# every public module of 0.2.0 (src/tienlen/*.py without a leading underscore), as it shipped
MODULES_0_2 = [
    "actions",
    "actionspace",
    "agents",
    "beating",
    "cards",
    "cli",
    "combos",
    "compare",
    "drawing",
    "encoding",
    "env",
    "errors",
    "events",
    "instant",
    "loading",
    "match",
    "moves",
    "openspiel",
    "pettingzoo",
    "plot",
    "profiles",
    "progress",
    "records",
    "round",
    "rules",
    "search",
    "settle",
    "simulate",
    "solve",
    "strategies",
    "svg",
    "tournament",
    "vector",
    "views",
    "wire",
]
STAYED = {"cli", "errors", "strategies"}  # still at the root
NEEDS = {
    "tienlen.vector": "numpy",
    "tienlen.pettingzoo": "pettingzoo",
    "tienlen.openspiel": "pyspiel",
    "tienlen.plot": "matplotlib",
}


def test_the_alias_table_names_every_0_2_module_that_moved() -> None:
    assert sorted(MODULES) == sorted(f"tienlen.{name}" for name in MODULES_0_2 if name not in STAYED)
    assert all(importlib.util.find_spec(new) is not None for new in MODULES.values())


@pytest.mark.parametrize(("old", "new"), sorted(MODULES.items()))
def test_an_old_module_path_is_the_new_module_with_a_warning(old: str, new: str) -> None:
    if old in NEEDS:
        pytest.importorskip(NEEDS[old], reason=skip_reason(NEEDS[old]))
    sys.modules.pop(old, None)  # imported by an earlier test: import it afresh
    with pytest.warns(DeprecationWarning, match=rf"^{old} moved to {new} in tienlen 0\.3\.0; the old path goes in {REMOVAL}$"):
        module = importlib.import_module(old)
    assert module is importlib.import_module(new)
    assert module.__name__ == new and module.__spec__ is not None and module.__spec__.name == new


def test_a_name_from_an_old_path_is_the_same_object_and_the_warning_names_the_caller() -> None:
    sys.modules.pop("tienlen.agents", None)
    with pytest.warns(DeprecationWarning, match="tienlen.agents moved to tienlen.players.agents") as caught:
        from tienlen.agents import GreedyAgent  # type: ignore[import-not-found,unused-ignore]
    from tienlen.players.agents import GreedyAgent as new

    assert GreedyAgent is new
    assert caught[0].filename == __file__


@pytest.mark.parametrize(("name", "module"), sorted(ROOT_NAMES.items()))
def test_a_root_name_that_moved_to_a_wing_still_works_with_a_warning(name: str, module: str) -> None:
    with pytest.warns(DeprecationWarning, match=rf"^tienlen\.{name} moved to {module}\.{name}"):
        value = getattr(tienlen, name)
    assert value is getattr(importlib.import_module(module), name)


@pytest.mark.parametrize("name", [name for name in tienlen.__all__ if name != "__version__"])
def test_every_root_name_loads_on_first_use_without_a_warning(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        value = getattr(tienlen, name)
    home = tienlen._HOMES[name]
    assert value is getattr(importlib.import_module(home), name)
    assert name in dir(tienlen)


def test_the_root_table_the_type_checkers_imports_and_all_agree() -> None:
    """``_CORE`` (what loads at run time), the ``TYPE_CHECKING`` imports (what a type checker sees)
    and ``__all__`` (what the docs group) name the same names from the same modules."""
    tree = ast.parse(inspect.getsource(tienlen))
    checked = next(node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING")
    seen = {alias.name: node.module for node in checked.body if isinstance(node, ast.ImportFrom) for alias in node.names}
    assert seen == tienlen._HOMES
    assert sorted(tienlen.__all__) == sorted(["__version__", *tienlen._HOMES])


def test_importing_an_old_module_path_keeps_the_root_function_of_the_same_name() -> None:
    """``tienlen.settle`` and ``tienlen.compare`` are functions at the root and modules in 0.2.0's
    paths: importing the module path must not put the module in the function's place."""
    for old in ("tienlen.settle", "tienlen.compare"):
        sys.modules.pop(old, None)
        with pytest.warns(DeprecationWarning):
            importlib.import_module(old)
    assert callable(tienlen.settle) and tienlen.settle is importlib.import_module("tienlen.money.settle").settle
    assert callable(tienlen.compare) and tienlen.compare is importlib.import_module("tienlen.players.compare").compare


def test_an_unknown_root_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        tienlen.nothing_here  # type: ignore[attr-defined]


def test_every_root_name_is_importable_without_a_warning() -> None:
    code = "import warnings; warnings.simplefilter('error'); import tienlen; [getattr(tienlen, n) for n in tienlen.__all__]"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_importing_tienlen_loads_no_module_until_a_name_is_used() -> None:
    """``import tienlen`` loads only the root's own bookkeeping; the core's names load the core
    (variants, game, money) and nothing of players, learning, io or show."""
    code = (
        "import sys, tienlen; print(' '.join(sorted(m for m in sys.modules if m.startswith('tienlen.')))); "
        "from tienlen import Card, Round, RuleSet, settle, TienLenError, PROFILES, Played; "
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('tienlen.'))))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8", check=True)
    bare, core = (line.split() for line in run.stdout.splitlines())
    assert bare == ["tienlen._moved", "tienlen._version"]
    assert {name.split(".")[1] for name in core} == {"_base", "_moved", "_version", "errors", "variants", "game", "money"}, core


def test_a_wing_is_an_attribute_of_the_root_once_used() -> None:
    code = "import tienlen; print(tienlen.errors.TienLenError.__module__, tienlen.players.__name__)"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8", check=True)
    assert run.stdout.split() == ["tienlen.errors", "tienlen.players"]
