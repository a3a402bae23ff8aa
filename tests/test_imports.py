"""The package's import graph: one-way when the package is imported (no module needs one that is
still loading), one-way even counting the imports inside functions, every import pointing down the
layers drawn in CONTRIBUTING.md, the pictures reachable from the core types without a cycle, and
the core never loading the optional dependencies (matplotlib, dask, the learning frameworks)."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import tienlen

SOURCE = Path(tienlen.__file__).parent
# the modules that exist to use an optional dependency, and what it is
OPTIONAL = {"tienlen.plot": "matplotlib", "tienlen.pettingzoo": "pettingzoo", "tienlen.openspiel": "pyspiel"}


def imports_of(module: str, *, deferred: bool = False) -> set[str]:
    """The package modules that ``module`` imports when it is imported: its module-level imports,
    not those under ``if TYPE_CHECKING``; with ``deferred``, also those inside functions (which
    run later, if ever, and hide a cycle the module-level graph does not show)."""
    path = SOURCE / ("__init__.py" if module == "tienlen" else f"{module.removeprefix('tienlen.')}.py")
    found = set()
    nodes: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"))]
    while nodes:
        node = nodes.pop()
        if not deferred and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            nodes.extend(node.orelse)
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tienlen"):
            names = {f"{node.module}.{a.name}" for a in node.names} & MODULES
            found |= names or {node.module}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("tienlen")}
        nodes.extend(ast.iter_child_nodes(node))
    return found & MODULES - {module}


MODULES = {"tienlen"} | {f"tienlen.{m.name}" for m in pkgutil.iter_modules([str(SOURCE)])}


# The layers of CONTRIBUTING.md, lowest first: a module imports only from lower layers.
LAYERS = [
    {"_version", "errors", "_bits", "drawing", "_extras"},
    {"_checks", "_codec"},
    {"cards", "progress", "rules"},
    {"profiles", "svg"},
    {"combos", "loading"},
    {"beating", "events", "instant", "moves"},
    {"actions"},
    {"actionspace", "records", "settle", "views"},
    {"encoding", "match", "round"},
    {"agents", "compare", "env", "strategies", "wire"},
    {"openspiel", "pettingzoo", "simulate"},
    {"tienlen", "cli", "plot"},
    {"__main__"},
]
LAYER = {("tienlen" if name == "tienlen" else f"tienlen.{name}"): i for i, layer in enumerate(LAYERS) for name in layer}

KNOWN_UPWARD: set[tuple[str, str]] = set()  # imports allowed to point up the layers: none


def test_every_module_has_one_layer() -> None:
    assert set(LAYER) == MODULES and sum(map(len, LAYERS)) == len(MODULES)


def test_every_import_points_down_the_layers_even_inside_functions() -> None:
    upward = sorted(
        (module, target)
        for module in MODULES
        for target in imports_of(module, deferred=True)
        if LAYER[target] >= LAYER[module] and (module, target) not in KNOWN_UPWARD
    )
    assert upward == [], "imports that do not point down the layers of CONTRIBUTING.md: " + ", ".join(
        f"{m} -> {t}" for m, t in upward
    )


def test_the_import_graph_has_no_cycle_even_inside_functions() -> None:
    graph = {m: imports_of(m, deferred=True) - {"tienlen"} - {t for s, t in KNOWN_UPWARD if s == m} for m in MODULES}
    _assert_no_cycle(graph)


def test_the_import_graph_has_no_cycle() -> None:
    _assert_no_cycle({m: imports_of(m) - {"tienlen"} for m in MODULES})


def _assert_no_cycle(graph: dict[str, set[str]]) -> None:
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, "import cycle: " + " -> ".join((*path, module))
        if module not in done:
            for target in sorted(graph[module]):
                visit(target, (*path, module))
            done.add(module)

    for module in sorted(graph):
        visit(module, ())


def test_the_pictures_import_only_the_card_layer() -> None:
    assert imports_of("tienlen.drawing") == set()
    assert imports_of("tienlen.svg") == {"tienlen.cards", "tienlen.drawing", "tienlen.errors"}


def test_importing_the_core_loads_no_optional_dependency() -> None:
    core = sorted(MODULES - set(OPTIONAL) - {"tienlen.strategies", "tienlen.__main__"})  # strategies needs hypothesis
    code = f"import sys; import {', '.join(core)}; print(sorted(m for m in ('matplotlib', 'dask', 'distributed', 'numpy', 'gymnasium', 'pettingzoo', 'pyspiel') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_importing_the_package_loads_nothing_from_outside_but_attrs() -> None:
    """The core's only runtime dependency is attrs (``pip install tienlen`` brings nothing else).
    Private names such as multiprocessing's ``__mp_main__`` or setuptools' ``_distutils_hack`` are
    left out: they are the interpreter's, not the package's."""
    code = (
        "import sys, tienlen, tienlen.cli; "
        "print(sorted({m.split('.')[0] for m in sys.modules if not m.startswith('_')} - set(sys.stdlib_module_names) - {'tienlen'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() in ("['attr', 'attrs']", "['attrs']"), out


def test_action_at_its_old_place_warns_and_is_the_same_class() -> None:
    import warnings

    import tienlen.actions
    import tienlen.events

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert tienlen.events.Action is tienlen.actions.Action
        assert tienlen.events.parse_action is tienlen.actions.parse_action
    assert [w.category for w in caught] == [DeprecationWarning, DeprecationWarning]
    assert "moved: use tienlen.actions.Action" in str(caught[0].message)
