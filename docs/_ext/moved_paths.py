"""Sphinx extension: the paths that moved in 0.3.0, generated from :mod:`tienlen._moved`.

The alias table that keeps the 0.2.0 paths working is the one source: a path added to (or removed
from) it appears in (or leaves) the "Moving to 0.3" page at the next build.

``.. moved-modules::``
    a table: each 0.2.0 module path, the module it is now.
``.. moved-names::``
    a table: each 0.2.0 root name that now lives in a wing only, and the import that finds it.
``.. moved-sed::``
    a ``sed`` command that rewrites the module paths and the moved names used as ``tienlen.NAME``.
``.. moved-example::``
    a console session: a small script that uses old paths, and what ``python`` prints when it runs
    it (run when the page is built, with Python's default warning filters).
``|moved-removal|``
    the release that removes the old paths (``tienlen._moved.REMOVAL``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util.docutils import SphinxDirective

import tienlen
from tienlen import _moved


def sed_lines() -> list[str]:
    """The ``-e`` expressions of the recipe: one per wing for the module paths (a module keeps its
    name in its wing), one per module for the moved root names, and import-only ones for the module
    paths named like a root function (``tienlen.settle(...)`` stays as it is)."""
    by_wing: dict[str, list[str]] = defaultdict(list)
    lines = []
    for old, new in _moved.MODULES.items():
        name = old.removeprefix("tienlen.")
        if name in _moved.SHADOWED:
            lines.append(rf"s/\b(from|import) tienlen\.{name}\b/\1 {new}/g")
        elif new.rsplit(".", 1)[-1] == name:
            by_wing[new.rsplit(".", 1)[0]].append(name)
        else:
            lines.append(rf"s/\btienlen\.{name}\b/{new}/g")
    lines = [rf"s/\btienlen\.({'|'.join(names)})\b/{wing}.\1/g" for wing, names in by_wing.items()] + lines
    by_module: dict[str, list[str]] = defaultdict(list)
    for name, module in _moved.ROOT_NAMES.items():
        by_module[module].append(name)
    lines += [rf"s/\btienlen\.({'|'.join(names)})\b/{module}.\1/g" for module, names in by_module.items()]
    return lines


def sed_command() -> str:
    expressions = "".join(f" \\\n    -e '{line}'" for line in sed_lines())
    return f"sed -E -i{expressions} \\\n    FILES..."


def _table(header: tuple[str, str], rows: list[tuple[nodes.Node, nodes.Node]]) -> nodes.table:
    table = nodes.table(classes=["tienlen-rules", "colwidths-given"])
    group = nodes.tgroup(cols=2)
    table += group
    group += nodes.colspec(colwidth=40)
    group += nodes.colspec(colwidth=60)
    head = nodes.thead()
    group += head
    body = nodes.tbody()
    group += body
    for cells, parent in [(tuple(nodes.Text(text) for text in header), head), *((row, body) for row in rows)]:
        row = nodes.row()
        for cell in cells:
            entry = nodes.entry()
            entry += nodes.paragraph("", "", cell)
            row += entry
        parent += row
    return table


def _code(text: str) -> nodes.literal:
    return nodes.literal(text, text)


class _Moved(SphinxDirective):
    has_content = False

    def note_source(self) -> None:
        if _moved.__file__:
            self.env.note_dependency(_moved.__file__)


class MovedModules(_Moved):
    def run(self) -> list[nodes.Node]:
        self.note_source()
        rows = [(_code(old), _code(new)) for old, new in _moved.MODULES.items()]
        return [_table(("0.2.0 module", "0.3.0 module"), rows)]


class MovedNames(_Moved):
    def run(self) -> list[nodes.Node]:
        self.note_source()
        rows = [
            (_code(f"from tienlen import {name}"), _code(f"from {module} import {name}"))
            for name, module in _moved.ROOT_NAMES.items()
        ]
        return [_table(("0.2.0", "0.3.0"), rows)]


class MovedSed(_Moved):
    def run(self) -> list[nodes.Node]:
        self.note_source()
        text = sed_command()
        block = nodes.literal_block(text, text, language="sh")
        return [block]


EXAMPLE = "import tienlen.search\nfrom tienlen import GreedyAgent, Round\n"
"""The example script: an old module path, and a moved root name imported beside a core one."""


def example_session() -> str:
    """``EXAMPLE`` as a file, and what ``python`` writes on stderr when it runs it with the default
    warning filters (no ``-W``, no ``PYTHONWARNINGS``); the script's path as the session typed it."""
    environment = {name: value for name, value in os.environ.items() if name not in ("PYTHONWARNINGS", "PYTHONDEVMODE")}
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "old.py").write_text(EXAMPLE, encoding="utf-8")
        run = subprocess.run(
            [sys.executable, "old.py"], cwd=folder, env=environment, capture_output=True, text=True, encoding="utf-8", check=True
        )
        shown = run.stderr.replace(str(Path(folder).resolve() / "old.py"), "old.py").replace(
            str(Path(folder) / "old.py"), "old.py"
        )
    return f"$ cat old.py\n{EXAMPLE}$ python old.py\n{shown}".rstrip("\n")


class MovedExample(_Moved):
    def run(self) -> list[nodes.Node]:
        self.note_source()
        text = example_session()
        return [nodes.literal_block(text, text, language="console")]


def _removal(app: Sphinx, config: Config) -> None:
    config.rst_prolog = f"{config.rst_prolog or ''}\n.. |moved-removal| replace:: {_moved.REMOVAL}\n"


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("moved-modules", MovedModules)
    app.add_directive("moved-names", MovedNames)
    app.add_directive("moved-sed", MovedSed)
    app.add_directive("moved-example", MovedExample)
    app.connect("config-inited", _removal)
    return {"version": tienlen.__version__, "parallel_read_safe": True, "parallel_write_safe": True}
