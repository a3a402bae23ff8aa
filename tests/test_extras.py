"""A newcomer's ``pip install -e '.[test]'`` then ``python -m pytest`` must pass: a test module may
import an optional dependency at module level only after ``pytest.importorskip`` of that extra,
and every skip for a missing module names the extra that installs it (``tests/extras.py``)."""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import TypeGuard

import pytest
from extras import EXTRA_OF, skip_reason

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
# what `pip install -e '.[test]'` brings (the runtime dependency and the `test` extra), by import name
INSTALLED = {"attrs", "attr", "pytest", "_pytest", "hypothesis", "jsonschema", "referencing", "selenium", "mypy", "xdist"}
LOCAL = {path.stem for path in TESTS.rglob("*.py")} | {
    "profile_words",
    "glossary_terms",
    "tools",
}  # the suite's helpers, docs/_ext's tables, the checkout's tools/
NEEDS_OF_LOCAL = {"table_server": "websockets"}  # examples/table_server is built on websockets


def imported_name(module: str) -> str:
    """The name an import is judged by: ``tienlen.show.plot`` for the package's optional modules, else
    the top-level package."""
    return module if module in EXTRA_OF else module.split(".")[0]


def is_importorskip(node: ast.AST | None) -> TypeGuard[ast.Call]:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "importorskip"
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "pytest"
    )


def unguarded_imports(source: str) -> list[str]:
    """The module-level imports of an optional dependency that no earlier module-level
    ``pytest.importorskip`` of the same extra guards."""
    guarded: set[str] = set()  # extras known to be installed once the module gets this far
    found = []
    for statement in ast.parse(source).body:
        value = statement.value if isinstance(statement, (ast.Expr, ast.Assign)) else None
        if value is not None and is_importorskip(value) and value.args and isinstance(value.args[0], ast.Constant):
            guarded.add(EXTRA_OF.get(str(value.args[0].value), str(value.args[0].value)))
        if isinstance(statement, ast.Import):
            modules = [alias.name for alias in statement.names]
        elif isinstance(statement, ast.ImportFrom) and statement.level == 0 and statement.module:
            submodules = [f"{statement.module}.{alias.name}" for alias in statement.names]  # from tienlen import plot
            modules = [statement.module] + [module for module in submodules if module in EXTRA_OF]
        else:
            continue
        for module in modules:
            name = imported_name(module)
            if name in sys.stdlib_module_names or name == "tienlen" or name in INSTALLED:
                continue
            if name in LOCAL and name not in NEEDS_OF_LOCAL:
                continue
            needed = EXTRA_OF.get(NEEDS_OF_LOCAL.get(name, name), f"an extra not listed in tests/extras.py ({name})")
            if needed not in guarded:
                found.append(f"line {statement.lineno}: {name} needs {needed}")
    return found


def skips_without_reason(source: str) -> list[str]:
    """Every ``pytest.importorskip`` call (at any depth) that gives no ``reason=``."""
    return [
        f"line {node.lineno}"
        for node in ast.walk(ast.parse(source))
        if is_importorskip(node) and not any(keyword.arg == "reason" for keyword in node.keywords)
    ]


MODULES = sorted(TESTS.rglob("*.py")) + [ROOT / "conftest.py"]


@pytest.mark.parametrize("path", MODULES, ids=[path.name for path in MODULES])
def test_no_test_module_imports_an_optional_dependency_unguarded(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert unguarded_imports(source) == [], f"{path.name}: guard these with pytest.importorskip(..., reason=skip_reason(...))"
    assert skips_without_reason(source) == [], f"{path.name}: give these importorskip calls reason=skip_reason(module)"


def test_the_audit_finds_an_unguarded_import_and_a_skip_without_reason() -> None:
    assert unguarded_imports("import numpy as np\n") == ["line 1: numpy needs rl"]
    assert unguarded_imports("from tienlen.show.plot import money_chart\n") == ["line 1: tienlen.show.plot needs plot"]
    assert unguarded_imports("from table_server.server import start\n") == ["line 1: table_server needs examples"]
    assert unguarded_imports("import somethingnew\n") == [
        "line 1: somethingnew needs an extra not listed in tests/extras.py (somethingnew)"
    ]
    assert unguarded_imports("import numpy\nimport pytest\npytest.importorskip('pettingzoo')\nimport gymnasium\n") == [
        "line 1: numpy needs rl"
    ]
    assert unguarded_imports("from tienlen.show import plot\n") == ["line 1: tienlen.show.plot needs plot"]
    assert unguarded_imports("import pytest\nimport json\nimport hypothesis\nfrom tienlen.game.round import Round\n") == []
    assert skips_without_reason("def f():\n    pytest.importorskip('numpy')\n") == ["line 2"]


def test_every_skip_reason_names_an_extra_of_the_package() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    for module, extra in EXTRA_OF.items():
        assert extra in extras, f"{module}: the package has no extra {extra!r}"
        assert f"'.[{extra}]'" in skip_reason(module)


OPTIONAL_MODULES = [  # a module of the package, a dependency it imports, the extra that installs it
    ("tienlen.learning.pettingzoo", "gymnasium", "rl"),
    ("tienlen.learning.pettingzoo", "pettingzoo", "rl"),
    ("tienlen.learning.openspiel", "pyspiel", "openspiel"),
    ("tienlen.show.plot", "matplotlib", "plot"),
    ("tienlen.strategies", "hypothesis", "hypothesis"),
    ("tienlen.learning.vector", "numpy", "rl"),
]


@pytest.mark.parametrize(("module", "dependency", "extra"), OPTIONAL_MODULES)
def test_an_optional_module_without_its_dependency_names_the_extra(module: str, dependency: str, extra: str) -> None:
    """Run with the dependency made unimportable (``None`` in ``sys.modules``), installed or not.
    Where another dependency of the extra is missing too, the message names that one."""
    code = f"import sys; sys.modules[{dependency!r}] = None; import {module}"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8", timeout=120)
    last = done.stderr.strip().splitlines()[-1]
    assert done.returncode == 1
    needs, _, install = last.removeprefix(f"ModuleNotFoundError: {module} needs ").partition(", ")
    assert install == f"from the {extra} extra: pip install 'tienlen[{extra}]'", last
    assert needs == dependency or (needs in EXTRA_OF and EXTRA_OF[needs] in (extra, "rl")), last  # numpy: rl or openspiel
