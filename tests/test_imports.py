"""The package's import graph, counted honestly: every edge a reader or a type checker sees, however
it is made (a module-level import, an import inside a function, an import under
``if TYPE_CHECKING``, a module named in a string and imported by name), points down the layers
drawn in CONTRIBUTING.md, and the graph has no cycle. The only exceptions are the imports inside
functions on the reviewed allow-list below, each with its reason. The core never loads the
optional dependencies (matplotlib, dask, the learning frameworks)."""

from __future__ import annotations

import ast
import pkgutil
import subprocess
import sys
from pathlib import Path

import tienlen
from tools.imports import crossings, edges_of as count_edges

SOURCE = Path(tienlen.__file__).parent
# the modules that exist to use an optional dependency, and what it is
OPTIONAL = {
    "tienlen.show.plot": "matplotlib",
    "tienlen.learning.pettingzoo": "pettingzoo",
    "tienlen.learning.openspiel": "pyspiel",
    "tienlen.learning.vector": "numpy",
}
MODULES = {"tienlen"} | {m.name for m in pkgutil.walk_packages([str(SOURCE)], "tienlen.")}

# The reviewed allow-list: imports made inside a function, on purpose, that point up the layers.
DEFERRED = {
    # picture reprs: a value draws itself in a notebook through tienlen.show, which sits above it
    ("tienlen.game.cards", "tienlen.show.drawing"): "Card._repr_svg_",
    ("tienlen.game.combos", "tienlen.show.svg"): "Combo._repr_svg_",
    ("tienlen.game.round", "tienlen.show.svg"): "Round._repr_svg_",
    ("tienlen.game.trick", "tienlen.show.svg"): "Trick._repr_svg_",
    ("tienlen.money._settlement", "tienlen.show.svg"): "Settlement._repr_svg_",
    ("tienlen.game.views", "tienlen.show.svg"): "PlayerView._repr_svg_",
    # documents, loaded on first use: the modules that write them sit above the values
    ("tienlen._base.codec", "tienlen.io.wire"): "WireValue.to_dict / from_dict: the wire documents",
    ("tienlen.game.round", "tienlen.game.records"): "Round.to_dict / from_dict / to_notation / from_notation",
    (
        "tienlen.variants.rules",
        "tienlen.variants.loading",
    ): "RuleSet.to_mapping / from_mapping / to_toml / from_toml",
    ("tienlen.variants.rules", "tienlen.variants.profiles"): "RuleSet's name rule: a profile's name names that profile",
    # optional extras
    ("tienlen.cli", "tienlen.show.plot"): "tienlen simulate --plot needs matplotlib",
}


def path_of(module: str) -> Path:
    """The source file of ``module``: a package's ``__init__.py`` or a module's own file."""
    relative = SOURCE.joinpath(*module.split(".")[1:])
    return relative / "__init__.py" if relative.is_dir() else relative.with_suffix(".py")


def edges_of(module: str) -> dict[str, bool]:
    """Every package module ``module`` uses, each with whether every use is inside a function
    (``True``: deferred) or some use is not (``False``), counted by ``tools/imports.py`` (the
    drawing of the graph in CONTRIBUTING counts with the same code). Imports under
    ``if TYPE_CHECKING`` count as module-level ones: a type checker sees them, and a name typed with
    one is used at run time. A wing's package (``tienlen.game``) counts only when a name is imported
    from it, not when one of its modules is."""
    return count_edges(module, path_of(module), MODULES)


EDGES = {module: edges_of(module) for module in MODULES}

# The wings of CONTRIBUTING.md, lowest first: a module uses only modules of lower wings, or of lower
# layers of its own wing. The root's errors and version sit at the bottom, beside the private base.
WINGS = ["_base", "variants", "game", "money", "io", "players", "learning", "show", "root"]
LAYERS = {
    "_base": [
        {"_base", "_base.bits", "_base.cache", "_base.catalogue", "_base.extras", "_base.fast", "_version"},
        {"_base.messages"},
        {"errors"},
        {"_base.input"},
        {"_base.checks", "_base.codec"},
    ],
    "variants": [
        {"variants", "variants._shapes"},
        {"variants._axes"},
        {"variants.rules"},
        {"variants.profiles"},
        {"variants.checks", "variants.loading"},
    ],
    "game": [
        {"game", "game._words"},
        {"game.cards"},
        {"game.combos"},
        {"game._plan"},
        {"game.beating", "game.events", "game.instant", "game.moves"},
        {"game.actions"},
        {"game.position"},
        {"game._state"},
        {"game.trick", "game.views"},
        {"game.round"},
        {"game.records"},
    ],
    "money": [
        {"money", "money._prices", "money._settlement", "money.checks"},
        {"money._chops"},
        {"money.settle"},
        {"money.match"},
    ],
    "io": [{"io", "io._schemas"}, {"io.wire"}],
    "players": [
        {"players", "players._jobs", "players.agents", "players.compare", "players.solve"},
        {"players._inference"},
        {"players.search", "players.simulate"},
        {"players.tournament"},
    ],
    "learning": [
        {"learning", "learning._cardbits", "learning.actionspace"},
        {"learning.observation"},
        {"learning.encoding"},
        {"learning.env"},
        {"learning.openspiel", "learning.pettingzoo", "learning.vector"},
    ],
    "show": [{"show", "show.drawing", "show.plot", "show.progress"}, {"show.svg"}],
    "root": [{"_moved", "_cli_text", "strategies"}, {"_root"}, {"cli", "tienlen"}, {"__main__"}],
}
LAYER = {
    ("tienlen" if name == "tienlen" else f"tienlen.{name}"): (w, i)
    for w, wing in enumerate(WINGS)
    for i, layer in enumerate(LAYERS[WINGS[w]])
    for name in layer
}


def test_every_module_has_one_layer_of_its_wing() -> None:
    assert set(LAYER) == MODULES and sum(len(layer) for wing in LAYERS.values() for layer in wing) == len(MODULES)
    for module, (wing, _) in LAYER.items():
        parts = module.split(".")
        in_wing = parts[1] if len(parts) > 1 and parts[1] in WINGS else None
        assert in_wing in (WINGS[wing], None), module  # a module of a wing's folder is in that wing


def test_the_wings_import_one_way() -> None:
    """Between wings, imports run one way: _base, variants, game, money, io, players, learning,
    show, then the root (the deferred imports of the allow-list apart)."""
    across = sorted(
        f"{module} -> {target}"
        for module, targets in EDGES.items()
        for target in targets
        if LAYER[target][0] > LAYER[module][0] and (module, target) not in DEFERRED
    )
    assert across == []


def test_every_edge_points_down_the_layers_however_it_is_made() -> None:
    upward = sorted(
        (module, target)
        for module, targets in EDGES.items()
        for target in targets
        if LAYER[target] >= LAYER[module] and (module, target) not in DEFERRED
    )
    assert upward == [], "uses that do not point down the wings and layers of CONTRIBUTING.md: " + ", ".join(
        f"{m} -> {t}" for m, t in upward
    )


def test_the_allowed_deferred_imports_exist_and_are_only_made_inside_functions() -> None:
    """The allow-list stays short and true: each entry is a real import, made only inside a
    function (never at module level or under ``TYPE_CHECKING``), so importing the lower module
    never loads the higher one."""
    for (module, target), reason in DEFERRED.items():
        assert EDGES[module].get(target) is True, f"{module} -> {target} ({reason}) is not a deferred import any more"


def test_the_graph_has_no_cycle_however_its_edges_are_made() -> None:
    graph = {m: {t for t in targets if (m, t) not in DEFERRED} for m, targets in EDGES.items()}
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, "import cycle: " + " -> ".join((*path, module))
        if module not in done:
            for target in sorted(graph[module]):
                visit(target, (*path, module))
            done.add(module)

    for module in sorted(graph):
        visit(module, ())


def test_an_edge_made_by_name_or_under_type_checking_is_counted() -> None:
    """The counter sees what a reader sees: the cli's plot, imported by name, and an edge under
    ``if TYPE_CHECKING`` (none is left in the package: a name typed with one is used at run time)."""
    assert EDGES["tienlen.cli"]["tienlen.show.plot"] is True
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from tienlen.game.round import Round\n")
    assert isinstance(tree.body[1], ast.If)
    assert not any("TYPE_CHECKING:" in path_of(m).read_text(encoding="utf-8") for m in MODULES - {"tienlen"})


def test_no_module_fills_a_registry_of_another_at_import() -> None:
    """Registries are explicit: no module calls into another module's private names at import
    (as the profiles once added themselves to the rule-set schema's table of starts)."""
    private = sorted(
        f"{module}: {node.module}.{alias.name}"
        for module in MODULES
        for node in ast.walk(ast.parse(path_of(module).read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tienlen.")
        for alias in node.names
        if alias.name.startswith("_") and alias.name not in ("__version__",) and f"{node.module}.{alias.name}" not in MODULES
    )
    assert private == []


def test_no_wing_reaches_past_the_public_face_of_another() -> None:
    """A wing is a boundary: another wing uses only its public modules and names. Refused, each named
    by its file and line: (a) an import of another wing's private module (a part of its dotted path
    starts with ``_``; the root's own, such as ``_cli_text``, are the root's) or of a private name
    from one of its modules; (b) a private member that only another wing's classes define
    (``round_._position``, ``Round._with_hands``), or a private name read off another wing's
    module. ``_base`` (with ``errors`` and ``_version`` beside it) is the private base every wing
    may use. ``tools/imports.py --crossings`` lists the same."""
    found = crossings(SOURCE)
    assert found == [], "reaches past another wing's public face:\n  " + "\n  ".join(found)


def test_a_reach_past_a_wings_public_face_is_named_by_file_and_line(tmp_path: Path) -> None:
    """The check above can fail: on a small tree, each kind of crossing is found at its line, and
    what a wing may do (use its own private modules and members, and ``_base``) is not."""
    files = {
        "__init__.py": "",
        "_moved.py": "OLD = 1\n",
        "cli.py": "from tienlen._moved import OLD\nfrom tienlen._base._inner import x\n",
        "_base/__init__.py": "",
        "_base/_inner.py": "class Cache:\n    def _hit(self): ...\nx = 1\n",
        "game/__init__.py": "",
        "game/_state.py": "SEATS = ()\ndef _helper(): ...\n",
        "game/round.py": (
            "from tienlen.game import _state\n"
            "class Round:\n    _position: tuple\n    def _with_hands(self, hands): ...\n"
            "    def own(self):\n        return self._position, _state._helper()\n"
        ),
        "players/__init__.py": "",
        "players/_inference.py": "class Sampler:\n    _mine = 1\n",
        "players/agents.py": (
            "import tienlen.game.round as round_module\n"
            "from tienlen.game._state import SEATS\n"
            "from tienlen.game.round import Round\n"
            "from tienlen.players import _inference\n"
            "from tienlen._moved import OLD\n"
            "def act(round_, cache, sampler):\n"
            "    cache._hit()\n"
            "    sampler._mine\n"
            "    round_._with_hands([])\n"
            "    return round_._position, round_module._private\n"
        ),
    }
    for name, text in files.items():
        (tmp_path / "tienlen" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "tienlen" / name).write_text(text, encoding="utf-8")
    assert crossings(tmp_path / "tienlen") == [
        "tienlen/players/agents.py:2: imports tienlen.game._state, private to game",
        "tienlen/players/agents.py:5: imports tienlen._moved, private to root",
        "tienlen/players/agents.py:9: reaches round_._with_hands, private to game",
        "tienlen/players/agents.py:10: reaches round_._position, private to game",
        "tienlen/players/agents.py:10: reads tienlen.game.round._private, private to game",
    ]


def test_the_pictures_sit_above_the_values_they_draw() -> None:
    assert LAYER["tienlen.show.svg"] > max(
        LAYER[m] for m in ("tienlen.game.combos", "tienlen.game.round", "tienlen.money.settle", "tienlen.game.views")
    )
    assert set(EDGES["tienlen.show.drawing"]) == set()


def test_importing_the_core_loads_no_optional_dependency() -> None:
    core = sorted(MODULES - set(OPTIONAL) - {"tienlen.strategies", "tienlen.__main__"})  # strategies needs hypothesis
    code = f"import sys; import {', '.join(core)}; print(sorted(m for m in ('matplotlib', 'dask', 'distributed', 'numpy', 'gymnasium', 'pettingzoo', 'pyspiel') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8", check=True).stdout
    assert out.strip() == "[]"


def test_importing_the_package_loads_nothing_from_outside_but_attrs() -> None:
    """The core's only runtime dependency is attrs (``pip install tienlen`` brings nothing else).
    Private names such as multiprocessing's ``__mp_main__`` or setuptools' ``_distutils_hack`` are
    left out: they are the interpreter's, not the package's."""
    code = (
        "import sys, tienlen, tienlen.cli; "
        "print(sorted({m.split('.')[0] for m in sys.modules if not m.startswith('_')} - set(sys.stdlib_module_names) - {'tienlen'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8", check=True).stdout
    assert out.strip() in ("['attr', 'attrs']", "['attrs']"), out


def test_a_value_without_a_document_raises_a_tienlen_error_not_a_key_error() -> None:
    import attrs
    import pytest

    @attrs.frozen
    class Mine(tienlen.Combo):
        pass

    mine = Mine(kind=tienlen.ComboKind.SINGLE, mask=1)
    with pytest.raises(tienlen.InvalidDocument, match="Mine has no wire document"):
        mine.to_dict()
    with pytest.raises(tienlen.InvalidDocument, match="Mine has no wire document"):
        Mine.from_dict(tienlen.classify("3♠", tienlen.HOUSE).to_dict())
