"""The package's import graph, read from the code (a development tool; needs nothing but Python).

    python tools/imports.py                      # wings, their edges with counts, upward edges
    python tools/imports.py --modules            # ... and every module of each wing
    python tools/imports.py --edges              # ... and every module edge (deferred ones marked)
    python tools/imports.py --dot > imports.dot  # the module graph as Graphviz dot, one cluster per wing
    python tools/imports.py --crossings          # ... and every reach past a wing's public face, by file and line
    python tools/imports.py /tmp/old/src/tienlen # another tree: the 0.2.0 one, say

Edges are counted by :func:`edges_of`, which the layer test (``tests/test_imports.py``) uses too:
a module-level import, an import inside a function (*deferred*: it runs on first use), an import
under ``if TYPE_CHECKING`` and a module named in a string and imported by name. A module's wing is its folder (``tienlen.game.round`` is in
``game``); the root's ``errors`` and ``_version`` sit with ``_base``, the rest of the root above every
wing, as in the layer test. A tree without wing folders (0.2.0) has its modules placed in the wing
they moved to: by ``tienlen._moved.MODULES`` of this checkout, else by the module of the same name
(``_prices`` is ``money._prices``). An *upward* edge is a module-level one to a higher wing; deferred
ones are listed apart (the layer test allows those on its reviewed list, ``DEFERRED``). A package's
stub counts with its ``__init__``: the root's, ``tienlen/__init__.pyi``, names the modules of the
root's names, which the root loads by name.

A *crossing* (:func:`crossings`, which the layer test uses too) is a reach past another wing's
public face: an import of its private module or name, or a private member only its classes define.
The exit status is 1 when there is an upward edge or a crossing.
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "tienlen"
WINGS = ["_base", "variants", "game", "money", "io", "players", "learning", "show", "root"]
"""The wings, lowest first: imports run from a wing to the ones before it (``tests/test_imports.py``)."""
WITH_BASE = {"tienlen.errors", "tienlen._version"}
"""Root modules that sit with ``_base``, at the bottom."""
NAMED = ("import_module", "__import__", "_extra")
"""Calls that import a module named in a string (``_extra`` is the cli's)."""


def modules_of(source: Path) -> dict[str, Path]:
    """Every module of the package in ``source`` (a ``tienlen`` folder), by dotted name."""
    found = {}
    for path in sorted(source.rglob("*.py")):
        parts = path.relative_to(source).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(("tienlen", *parts))] = path
    return found


def edges_of(module: str, path: Path, modules: set[str]) -> dict[str, bool]:
    """Every package module ``module`` uses, each with whether every use is inside a function."""
    found: dict[str, bool] = {}

    def add(targets: set[str], deferred: bool) -> None:
        for target in targets & modules - {module, "tienlen"}:
            found[target] = found.get(target, True) and deferred

    def walk(node: ast.AST, deferred: bool) -> None:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tienlen"):
            names = {f"{node.module}.{alias.name}" for alias in node.names} & modules
            add(names or {node.module}, deferred)
        elif isinstance(node, ast.Import):
            add({alias.name for alias in node.names}, deferred)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in NAMED:
            add({a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)}, deferred)
        inside = deferred or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
        for child in ast.iter_child_nodes(node):
            walk(child, inside)

    walk(ast.parse(path.read_text(encoding="utf-8")), False)
    stub = path.with_suffix(".pyi")  # the root's names: what type checkers read, and the root loads by name
    if stub.is_file():
        walk(ast.parse(stub.read_text(encoding="utf-8")), False)
    return found


def moved_modules() -> dict[str, str]:
    """``tienlen._moved.MODULES`` of this checkout, read without importing the package."""
    tree = ast.parse((SOURCE / "_moved.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "MODULES" for t in node.targets):
            table: dict[str, str] = ast.literal_eval(node.value)
            return table
    return {}


def wing_of(module: str, wings_here: set[str], moved: dict[str, str], current: list[str]) -> str:
    """The wing a module is in (by folder), or moved to (for a tree without wing folders)."""
    if module in WITH_BASE:
        return "_base"
    parts = module.split(".")
    if len(parts) > 2 or (len(parts) == 2 and parts[1] in wings_here):
        return parts[1]
    if not wings_here and module != "tienlen":
        new = moved.get(module) or next((m for m in current if m.rsplit(".", 1)[-1].lstrip("_") == parts[-1].lstrip("_")), module)
        return wing_of(new, set(WINGS), {}, []) if new != module else "root"
    return "root"


def read(source: Path) -> tuple[dict[str, str], dict[str, dict[str, bool]], dict[str, int]]:
    """The wing of each module, its edges and its length in lines."""
    paths = modules_of(source)
    wings_here = {p.name for p in source.iterdir() if p.is_dir() and p.name in WINGS}
    current = sorted(modules_of(SOURCE), key=lambda m: WINGS.index(wing_of(m, set(WINGS), {}, [])))
    moved = moved_modules()
    wings = {m: wing_of(m, wings_here, moved, current) for m in paths}
    edges = {m: edges_of(m, path, set(paths)) for m, path in paths.items()}
    lines = {m: len(path.read_text(encoding="utf-8").splitlines()) for m, path in paths.items()}
    return wings, edges, lines


def upward(wings: dict[str, str], edges: dict[str, dict[str, bool]], deferred: bool) -> list[str]:
    """The edges to a higher wing, module-level (``deferred=False``) or deferred."""
    return [
        f"{module} -> {target}"
        for module in sorted(edges)
        for target, inside in sorted(edges[module].items())
        if WINGS.index(wings[target]) > WINGS.index(wings[module]) and inside is deferred
    ]


def text(
    wings: dict[str, str],
    edges: dict[str, dict[str, bool]],
    lines: dict[str, int],
    modules: bool,
    every: bool,
    crossed: list[str],
    listed: bool,
) -> str:
    out = []
    counts = Counter(wings.values())
    total = sum(len(targets) for targets in edges.values())
    out.append(f"{len(wings)} modules, {sum(lines.values()):,} lines, {total} edges")
    out.append("")
    out.append("wing       modules  lines  imports from (edges; ↑ a module-level edge to a higher wing)")
    for wing in WINGS:
        if not counts[wing]:
            continue
        mine = [m for m in sorted(wings) if wings[m] == wing]
        to = Counter(wings[t] for m in mine for t in edges[m])
        inside = Counter(wings[t] for m in mine for t, deferred in edges[m].items() if deferred)
        uses = ", ".join(
            f"{w} {to[w]}"
            + (f" ({inside[w]} deferred)" if inside[w] else "")
            + (" ↑" if WINGS.index(w) > WINGS.index(wing) and to[w] > inside[w] else "")
            for w in WINGS
            if to[w]
        )
        out.append(f"{wing:<10} {counts[wing]:>7} {sum(lines[m] for m in mine):>6}  {uses or '—'}")
        if modules:
            out.append("           " + " ".join(m.removeprefix("tienlen.") for m in mine))
    if every:
        out += ["", "edges (d: deferred, inside a function)"]
        out += [f"  {m} -> {t}{' d' if d else ''}" for m in sorted(edges) for t, d in sorted(edges[m].items())]
    up, up_later = upward(wings, edges, False), upward(wings, edges, True)
    out += ["", f"upward edges: {len(up) or 'none'}", *(f"  {edge}" for edge in up)]
    out += [f"deferred upward edges (inside a function): {len(up_later) or 'none'}", *(f"  {edge}" for edge in up_later)]
    imports = sum(": imports " in line for line in crossed)
    out.append(
        f"crossings of a wing's public face: {len(crossed) or 'none'}"
        + (f" ({imports} private imports, {len(crossed) - imports} private members or names read)" if crossed else "")
    )
    if listed:
        out += [f"  {line}" for line in crossed]
    return "\n".join(out)


# ---------------------------------------------------------------------------- private reaches
def is_private(name: str) -> bool:
    """Whether ``name`` is private: one leading underscore, not a dunder."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_module(module: str) -> bool:
    """Whether a dotted module path has a private part (``tienlen.game._state``)."""
    return any(is_private(part) for part in module.split(".")[1:])


def members_of(tree: ast.Module) -> set[str]:
    """The private names a module gives its classes' instances: what a class body defines (methods,
    fields, class attributes, ``__slots__``) and what a method assigns to ``self._name``."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    found.add(item.name)
                elif isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name):
                    found.add(item.target.id)
                elif isinstance(item, ast.Assign):
                    found.update(t.id for t in item.targets if isinstance(t, ast.Name))
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            found.update(
                t.attr for t in targets if isinstance(t, ast.Attribute) and getattr(t.value, "id", "") in ("self", "cls")
            )
    return {name for name in found if is_private(name)}


def crossings(source: Path = SOURCE) -> list[str]:
    """Every reach past another wing's public face, as ``path:line: what``: (a) an import of a module
    of another wing with a private part in its path (``tienlen.game._state``), or of a private name
    from another wing's module; (b) a private member (``round_._position``, ``Round._with_hands``)
    that only another wing's classes define, or a private name read off another wing's module. A
    private module of the root is the root's; ``_base`` (and ``errors``, ``_version``, which sit
    with it) is the private base every wing may use."""
    paths = modules_of(source)
    wings_here = {p.name for p in source.iterdir() if p.is_dir() and p.name in WINGS}
    wings = {m: wing_of(m, wings_here, {}, []) for m in paths}
    trees = {m: ast.parse(path.read_text(encoding="utf-8")) for m, path in paths.items()}
    members: dict[str, set[str]] = {}  # private member name -> the wings whose classes define it
    for m, tree in trees.items():
        for name in members_of(tree):
            members.setdefault(name, set()).add(wings[m])
    found = []
    for module, tree in trees.items():
        wing, where = wings[module], paths[module].relative_to(source.parent)

        def foreign(target: str, wing: str = wing) -> bool:
            return target in wings and wings[target] not in (wing, "_base")

        aliases: dict[str, str] = {}  # a local name bound to a package module -> that module
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in paths:
                        aliases[alias.asname or alias.name] = alias.name
                        if private_module(alias.name) and foreign(alias.name):
                            found.append(f"{where}:{node.lineno}: imports {alias.name}, private to {wings[alias.name]}")
            elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tienlen"):
                for alias in node.names:
                    target = f"{node.module}.{alias.name}"
                    if target in paths:
                        aliases[alias.asname or alias.name] = target
                        if private_module(target) and foreign(target):
                            found.append(f"{where}:{node.lineno}: imports {target}, private to {wings[target]}")
                    elif private_module(node.module) and foreign(node.module):
                        found.append(f"{where}:{node.lineno}: imports {node.module}, private to {wings[node.module]}")
                    elif is_private(alias.name) and foreign(node.module):
                        found.append(f"{where}:{node.lineno}: imports {target}, private to {wings[node.module]}")
        for node in ast.walk(tree):
            if not isinstance(node, ast.Attribute) or not is_private(node.attr):
                continue
            owner = aliases.get(getattr(node.value, "id", ""))
            if owner is not None:  # a name read off a module
                if foreign(owner):
                    found.append(f"{where}:{node.lineno}: reads {owner}.{node.attr}, private to {wings[owner]}")
            elif node.attr in members and not members[node.attr] & {wing, "_base"}:
                text = ast.unparse(node)
                found.append(f"{where}:{node.lineno}: reaches {text}, private to {', '.join(sorted(members[node.attr]))}")
    return sorted(set(found), key=lambda line: (line.split(":")[0], int(line.split(":")[1]), line))


def dot(wings: dict[str, str], edges: dict[str, dict[str, bool]]) -> str:
    out = ["digraph tienlen {", "  rankdir=BT; node [shape=box, fontsize=10];"]
    for wing in WINGS:
        mine = [m for m in sorted(wings) if wings[m] == wing]
        if mine:
            out.append(f'  subgraph "cluster_{wing}" {{ label="{wing}"; ' + " ".join(f'"{m}";' for m in mine) + " }")
    for module in sorted(edges):
        for target, deferred in sorted(edges[module].items()):
            up = WINGS.index(wings[target]) > WINGS.index(wings[module])
            style = ", ".join(([] if not deferred else ["style=dashed"]) + ([] if not up else ["color=red"]))
            out.append(f'  "{module}" -> "{target}"' + (f" [{style}]" if style else "") + ";")
    out.append("}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The package's import graph, read from the code.")
    parser.add_argument("source", nargs="?", type=Path, default=SOURCE, help="the package folder (default: src/tienlen)")
    parser.add_argument("--modules", action="store_true", help="list each wing's modules")
    parser.add_argument("--edges", action="store_true", help="list every module edge")
    parser.add_argument("--dot", action="store_true", help="print the module graph as Graphviz dot")
    parser.add_argument("--crossings", action="store_true", help="list every reach past a wing's public face")
    args = parser.parse_args(argv)
    wings, edges, lines = read(args.source)
    crossed = crossings(args.source) if (args.source / "game").is_dir() else []  # a tree with wings
    print(dot(wings, edges) if args.dot else text(wings, edges, lines, args.modules, args.edges, crossed, args.crossings))
    return 1 if upward(wings, edges, False) or crossed else 0


if __name__ == "__main__":
    sys.exit(main())
