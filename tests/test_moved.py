"""The 0.3 layout keeps every 0.2.0 path until 1.1.0 (issues 41 and 48): each old module path is
the new module itself and each moved root name the same object, with one DeprecationWarning naming
the new path, attributed to the line that used the old one (so a plain script shows it); the
contract's root names stay without a warning, declared once in the root's table
(``tienlen/__init__.pyi``); ``import tienlen`` loads no module until a name is used."""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
import types
import warnings
from pathlib import Path

import pytest
from extras import skip_reason

import tienlen
from tienlen import _root
from tienlen._moved import MODULES, REMOVAL, ROOT_NAMES, SHADOWED

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


def forget(old: str) -> None:
    """Undo an earlier test's import of an old module path, so that the next use imports it afresh."""
    sys.modules.pop(old, None)
    name = old.removeprefix("tienlen.")
    if name not in SHADOWED and isinstance(vars(tienlen).get(name), types.ModuleType):
        delattr(tienlen, name)


def test_the_alias_table_names_every_0_2_module_that_moved() -> None:
    assert sorted(MODULES) == sorted(f"tienlen.{name}" for name in MODULES_0_2 if name not in STAYED)
    assert all(importlib.util.find_spec(new) is not None for new in MODULES.values())


@pytest.mark.parametrize(("old", "new"), sorted(MODULES.items()))
def test_an_old_module_path_is_the_new_module_with_a_warning(old: str, new: str) -> None:
    if old in NEEDS:
        pytest.importorskip(NEEDS[old], reason=skip_reason(NEEDS[old]))
    forget(old)  # imported by an earlier test: import it afresh
    with pytest.warns(
        DeprecationWarning, match=rf"^{old} moved to {new} in tienlen 0\.3\.0; the old path goes in {REMOVAL}$"
    ) as caught:
        line = sys._getframe().f_lineno + 1
        module = importlib.import_module(old)
    assert [(w.filename, w.lineno) for w in caught] == [(__file__, line)]
    assert module is importlib.import_module(new)
    assert module.__name__ == new and module.__spec__ is not None and module.__spec__.name == new


def test_a_name_from_an_old_path_is_the_same_object_and_the_warning_names_the_caller() -> None:
    forget("tienlen.agents")
    with pytest.warns(DeprecationWarning, match="tienlen.agents moved to tienlen.players.agents") as caught:
        line = sys._getframe().f_lineno + 1
        from tienlen.agents import GreedyAgent  # type: ignore[import-not-found,unused-ignore]
    from tienlen.players.agents import GreedyAgent as new

    assert GreedyAgent is new
    assert [(w.filename, w.lineno) for w in caught] == [(__file__, line)]


@pytest.mark.parametrize(("name", "module"), sorted(ROOT_NAMES.items()))
def test_a_root_name_that_moved_to_a_wing_still_works_with_a_warning(name: str, module: str) -> None:
    with pytest.warns(
        DeprecationWarning,
        match=rf"^tienlen\.{name} moved to {module}\.{name} in tienlen 0\.3\.0; the old path goes in {REMOVAL}$",
    ) as caught:
        line = sys._getframe().f_lineno + 1
        value = getattr(tienlen, name)
    assert [(w.filename, w.lineno) for w in caught] == [(__file__, line)]
    assert value is getattr(importlib.import_module(module), name)


@pytest.mark.parametrize("name", [name for name in tienlen.__all__ if name != "__version__"])
def test_every_root_name_loads_on_first_use_without_a_warning(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        value = getattr(tienlen, name)
    home = _root.homes()[name]
    assert value is getattr(importlib.import_module(home), name)
    assert name in dir(tienlen)


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
    assert bare == ["tienlen._moved", "tienlen._root", "tienlen._version"]
    assert {name.split(".")[1] for name in core} == {
        "_base",
        "_moved",
        "_root",
        "_version",
        "errors",
        "variants",
        "game",
        "money",
    }, core


def test_a_wing_is_an_attribute_of_the_root_once_used() -> None:
    code = "import tienlen; print(tienlen.errors.TienLenError.__module__, tienlen.players.__name__)"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8", check=True)
    assert run.stdout.split() == ["tienlen.errors", "tienlen.players"]


# Each way a program can use a 0.2.0 path, on the second line of a module `user.py` (in a function of
# it, last): the old path it uses and the new one the warning names.
USES = [
    ("import tienlen.search", "tienlen.search", "tienlen.players.search"),
    ("from tienlen.search import hint", "tienlen.search", "tienlen.players.search"),
    ("import tienlen.agents as a", "tienlen.agents", "tienlen.players.agents"),
    ("from tienlen.wire import WIRE_VERSION, read_document", "tienlen.wire", "tienlen.io.wire"),
    ("importlib.import_module('tienlen.drawing')", "tienlen.drawing", "tienlen.show.drawing"),
    ("from tienlen import svg", "tienlen.svg", "tienlen.show.svg"),
    ("tienlen.solve", "tienlen.solve", "tienlen.players.solve"),
    ("tienlen.GreedyAgent", "tienlen.GreedyAgent", "tienlen.players.agents.GreedyAgent"),
    ("getattr(tienlen, 'compare_play')", "tienlen.compare_play", "tienlen.players.compare.compare_play"),
    ("from tienlen import GreedyAgent", "tienlen.GreedyAgent", "tienlen.players.agents.GreedyAgent"),
    ("from tienlen import Round, play_round, HOUSE", "tienlen.play_round", "tienlen.players.agents.play_round"),
    ("(lambda: tienlen.RandomAgent)()", "tienlen.RandomAgent", "tienlen.players.agents.RandomAgent"),
]


@pytest.mark.parametrize(("use", "old", "new"), USES, ids=[use for use, _, _ in USES])
def test_each_use_of_an_old_path_warns_once_at_the_line_that_uses_it(use: str, old: str, new: str) -> None:
    """Under the "always" filter (which shows a warning every time it is made), one statement makes
    one warning, and it names the program's file and line, not the package's or the import system's."""
    forget(old)
    code = compile(f"import importlib, tienlen\n{use}\n", "user.py", "exec")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        exec(code, {"__name__": "user"})
    assert [(w.category, w.filename, w.lineno, str(w.message).split(";")[0]) for w in caught] == [
        (DeprecationWarning, "user.py", 2, f"{old} moved to {new} in tienlen 0.3.0")
    ]


SCRIPT = """\
import tienlen.search
from tienlen.agents import GreedyAgent
import tienlen.solve as solve
import tienlen
print(tienlen.RandomAgent.__name__)
from tienlen import play_round
from tienlen import svg
print(getattr(tienlen, "WIRE_VERSION"))
from tienlen import Round, compare_round
"""
SHOWN = [
    (1, "tienlen.search"),
    (2, "tienlen.agents"),
    (3, "tienlen.solve"),
    (5, "tienlen.RandomAgent"),
    (6, "tienlen.play_round"),
    (7, "tienlen.svg"),
    (8, "tienlen.WIRE_VERSION"),
    (9, "tienlen.compare_round"),
]


def test_a_plain_script_shows_each_warning_once_at_its_own_line(tmp_path: Path) -> None:
    """``python script.py`` with Python's default filters (no ``-W``, no ``PYTHONWARNINGS``) shows a
    :class:`DeprecationWarning` only when it is attributed to ``__main__`` (:pep:`565`): each old
    path the script uses shows once, at the script's line that uses it."""
    script = tmp_path / "script.py"
    script.write_text(SCRIPT, encoding="utf-8")
    environment = {k: v for k, v in os.environ.items() if k not in ("PYTHONWARNINGS", "PYTHONDEVMODE")}
    run = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, encoding="utf-8", env=environment, cwd=tmp_path, check=True
    )
    assert run.stdout.split() == ["RandomAgent", "1"]
    lines = run.stderr.splitlines()
    shown = [
        re.fullmatch(r"(.+):(\d+): DeprecationWarning: (\S+) moved to \S+ in tienlen 0\.3\.0; the old path goes in (\S+)", line)
        for line in lines[::2]
    ]
    assert [(m.group(1), int(m.group(2)), m.group(3), m.group(4)) for m in shown if m] == [
        (str(script), line, old, REMOVAL) for line, old in SHOWN
    ], run.stderr
    assert lines[1::2] == [f"  {SCRIPT.splitlines()[line - 1]}" for line, _ in SHOWN]  # each with its own line's source


def test_all_is_the_root_tables_names_in_order() -> None:
    """``tienlen.__all__`` is the table's names in its order (``__version__`` first, then the groups
    the API reference shows); every group has a title and no name is written twice."""
    table = _root.groups()
    assert table[0] == ("", [("__version__", "tienlen._version")])
    assert [title for title, _ in table[1:]] == [
        "cards and combinations",
        "rule sets and profiles",
        "the round",
        "events",
        "money",
        "errors",
    ]
    assert tienlen.__all__ == [name for _, names in table for name, _ in names]
    assert len(set(tienlen.__all__)) == len(tienlen.__all__)


def test_the_table_reader_groups_by_the_comment_above_an_import_and_refuses_a_renamed_name() -> None:
    text = "\n".join(
        [
            '"""A table."""',
            "# ruff: noqa: I001",
            "",
            "from a import x as x",
            "",
            "# first group",
            "from b import y as y, z as z",
            "from c import w as w",
            "# second group",
            "from d import (",
            "    v as v,",
            ")",
            "v: int",
        ]
    )
    assert _root.groups(text) == [
        ("", [("x", "a")]),
        ("first group", [("y", "b"), ("z", "b"), ("w", "c")]),
        ("second group", [("v", "d")]),
    ]
    with pytest.raises(SyntaxError, match="NAME as NAME"):
        _root.groups("# a group\nfrom a import x as y\n")
    with pytest.raises(SyntaxError, match="NAME as NAME"):
        _root.groups("# a group\nfrom a import x\n")


def test_a_misspelt_root_name_is_a_type_error_and_an_attribute_error() -> None:
    """The table is what mypy reads: a name it does not hold is an error, at the line that names it."""
    code = "import tienlen\ntienlen.Crad\nfrom tienlen import Rond\ntienlen.Card\ntienlen.GreedyAgent\nprint(tienlen.__all__)\n"
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--follow-imports=skip", "-c", code],
        capture_output=True,
        text=True,
        encoding="utf-8",
    )
    errors = [line.split(": error: ")[0] for line in run.stdout.splitlines() if ": error: " in line]
    assert errors == ["<string>:2", "<string>:3", "<string>:5"], run.stdout
    with pytest.raises(AttributeError, match="no attribute 'Crad'"):
        tienlen.Crad  # type: ignore[attr-defined]
    with pytest.raises(ImportError, match="cannot import name 'Rond'"):
        from tienlen import Rond  # type: ignore[attr-defined]  # noqa: F401


def test_dir_shows_the_root_names_and_the_wings_and_nothing_else_public() -> None:
    code = "import tienlen; print(' '.join(n for n in dir(tienlen) if not n.startswith('_')))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8", check=True)
    assert set(run.stdout.split()) == (set(tienlen.__all__) - {"__version__"}) | _root.WINGS
    assert {"TYPE_CHECKING", "annotations"}.isdisjoint(dir(tienlen))
