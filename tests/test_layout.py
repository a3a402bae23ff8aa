"""The round engine's module layout (issue 12): records, actions and instant wins live beside the
state machine, every old name is still importable from ``tienlen.game.round``, and no module reaches
into another's private helpers."""

from __future__ import annotations

import ast
import pkgutil
from pathlib import Path

import pytest

import tienlen
from tienlen.game import instant, round as round_module
from tienlen.variants.rules import INSTANT_WIN_PATTERNS

SRC = Path(tienlen.__file__).parent
MODULES = {info.name for info in pkgutil.walk_packages(tienlen.__path__, "tienlen.")}


def test_every_instant_win_pattern_has_one_entry_in_the_detection_table() -> None:
    assert list(instant.PATTERNS) == list(INSTANT_WIN_PATTERNS)


@pytest.mark.parametrize("name", ["Trick", "Round", "LegalActions", "instant_win_pattern", "RECORD_VERSION"])
def test_the_names_of_tienlen_round_are_still_importable_from_it(name: str) -> None:
    assert name in round_module.__all__ and hasattr(round_module, name)


@pytest.mark.parametrize("module", ["round", "records", "actions", "instant", "views", "agents"])
def test_no_private_name_is_imported_from_another_module(module: str) -> None:
    tree = ast.parse((SRC / ("players" if module == "agents" else "game") / f"{module}.py").read_text(encoding="utf-8"))
    private = [
        f"{node.module}.{alias.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tienlen.")
        for alias in node.names
        if alias.name.startswith("_")
        and node.module not in ("tienlen._base.codec",)
        and f"{node.module}.{alias.name}" not in MODULES  # a private module of a wing, imported whole
    ]
    assert private == []


# ---------------------------------------------------------------- one home for caches (issue 41)

CACHE_MODULE = SRC / "_base" / "cache.py"
"""The one module that may keep a dictionary filled as the library runs: :class:`BoundedCache`."""
MUTATORS = {"setdefault", "update", "pop", "popitem", "clear", "__setitem__", "__delitem__"}
HANDED_OUT = {
    ("LegalActions", "_minted"): "the record of the actions a sequence handed out, the proof Round.apply relies on "
    "(one entry per action handed out, gone with the sequence; no shared value is kept in it)",
}
"""The reviewed dictionaries a value fills after it is made, each with its reason."""


def _sources() -> dict[str, ast.Module]:
    return {
        str(path.relative_to(SRC)): ast.parse(path.read_text(encoding="utf-8"))
        for path in sorted(SRC.rglob("*.py"))
        if path != CACHE_MODULE
    }


def _is_dict(value: ast.expr | None, annotation: ast.expr | None) -> bool:
    """Whether a module-level name is made a plain dictionary: ``{…}``, a dict comprehension,
    ``dict(…)``, a union of those, or a name annotated ``dict[…]``."""
    if annotation is not None:
        text = ast.unparse(annotation)
        if text.startswith(("dict", "Dict", "typing.Dict", "MutableMapping")):
            return True
    if isinstance(value, (ast.Dict, ast.DictComp)):
        return True
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in ("dict", "defaultdict"):
        return True
    return isinstance(value, ast.BinOp) and isinstance(value.op, ast.BitOr) and _is_dict(value.left, None)


def _module_dicts(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and _is_dict(node.value, None):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and _is_dict(node.value, node.annotation):
            names.add(node.target.id)
    return names


def _written(node: ast.AST) -> ast.expr | None:
    """The dictionary ``node`` writes into, if it writes into one: ``d[k] = v``, ``d[k] += v``,
    ``del d[k]``, ``d |= …`` or ``d.setdefault(…)`` (and the other mutating methods)."""
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = node.targets
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        targets = [node.target]
    elif isinstance(node, ast.Delete):
        targets = node.targets
    for target in targets:
        if isinstance(target, ast.Subscript):
            return target.value
        if isinstance(node, ast.AugAssign) and isinstance(target, ast.Name):
            return target
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
        return node.func.value
    return None


def cache_dicts(sources: dict[str, ast.Module]) -> list[str]:
    """Every dictionary the package keeps filling outside :class:`BoundedCache`: a module-level
    dictionary written into anywhere (in its module, or through ``module.NAME`` elsewhere); a
    field of a frozen attrs class made with a dictionary factory (a frozen value carrying state);
    and a dictionary attribute a slotted value writes into after ``__init__`` (but those of
    :data:`HANDED_OUT`)."""
    found: list[str] = []
    dicts = {name: file for file, tree in sources.items() for name in _module_dicts(tree)}
    for file, tree in sources.items():
        own = _module_dicts(tree)
        for node in ast.walk(tree):
            target = _written(node)
            line = getattr(node, "lineno", 0)
            if isinstance(target, ast.Name) and target.id in own:
                found.append(f"{file}: module-level dict {target.id} written at line {line}")
            elif (
                isinstance(target, ast.Attribute)
                and isinstance(target.value, ast.Name)
                and target.value.id != "self"
                and target.attr in dicts
            ):
                found.append(f"{file}: module-level dict {target.attr} of {dicts[target.attr]} written at line {line}")
            if isinstance(node, ast.ClassDef):
                found += _class_dicts(file, node)
    return found


def _class_dicts(file: str, cls: ast.ClassDef) -> list[str]:
    found: list[str] = []
    frozen = any("frozen" in ast.unparse(d) for d in cls.decorator_list)
    for statement in cls.body:
        if frozen and isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            made = ast.unparse(statement.value) if statement.value is not None else ""
            if "factory=dict" in made or "Factory(dict)" in made:  # made empty, to be filled later
                found.append(f"{file}: frozen {cls.name}.{statement.target.id} is a dict filled later")
        if isinstance(statement, ast.FunctionDef) and statement.name not in ("__init__", "__new__"):
            for node in ast.walk(statement):
                target = _written(node)
                if (
                    isinstance(target, ast.Attribute)
                    and isinstance(target.value, ast.Name)
                    and target.value.id == "self"
                    and (cls.name, target.attr) not in HANDED_OUT
                    and any(
                        isinstance(s, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in s.targets)
                        for s in cls.body
                    )
                ):
                    found.append(f"{file}: {cls.name}.{statement.name} writes into self.{target.attr}")
    return found


def test_every_cache_is_a_bounded_cache() -> None:
    """Issue 41: the library keeps no dictionary filled as it runs but its :class:`BoundedCache`
    caches, declared with their bounds (module-level tables made once at import are fine)."""
    assert cache_dicts(_sources()) == []


def test_the_cache_rule_sees_each_way_of_keeping_a_dict() -> None:
    code = """
TABLE = {}
OTHER: dict[int, int] = {}
KEPT = dict(a=1) | {}
def fill(k):
    TABLE[k] = 1
    OTHER.setdefault(k, 2)
    KEPT.update(b=2)
    moves.TABLE.pop(k)

@attrs.frozen
class Deal:
    shown: dict[int, int] = attrs.field(factory=dict, init=False)

class Plan:
    __slots__ = ("shapes",)
    def __init__(self):
        self.shapes = {}
        self.shapes[0] = 0  # filling a table as it is made is fine
    def answers(self, key):
        self.shapes[key] = 1
"""
    found = cache_dicts({"example.py": ast.parse(code)})
    assert sorted(line.split(" ")[-1] if "line" in line else line for line in found) == [
        "6",
        "7",
        "8",
        "9",
        "example.py: Plan.answers writes into self.shapes",
        "example.py: frozen Deal.shown is a dict filled later",
    ]


def test_no_module_is_over_650_lines() -> None:
    """Issue 41: a module a reader can hold in mind."""
    long = {
        str(path.relative_to(SRC)): n
        for path in SRC.rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > 650
    }
    assert long == {}
