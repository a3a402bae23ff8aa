"""The repository's own code reads text in a stated encoding.

ruff's PLW1514 holds ``open()`` and ``Path.read_text()`` to an explicit encoding; it does not look
at ``subprocess``. A subprocess read as text (``text=True``, ``universal_newlines=True``) without an
``encoding`` is decoded in the locale's encoding: cp1252 on a Windows runner, where a suit symbol
or a Vietnamese letter the child writes in UTF-8 comes back garbled or raises. So every such call
in the package, its tests, tools, benchmarks, examples and docs extensions names its encoding.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("src", "tests", "tools", "benchmarks", "examples", "docs/_ext")


def text_calls_without_encoding(source: str) -> list[int]:
    """The lines of the calls in ``source`` that ask for text (``text=True`` or
    ``universal_newlines=True``) and name no ``encoding``."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            given = {keyword.arg: keyword.value for keyword in node.keywords}
            as_text = any(
                isinstance(given.get(name), ast.Constant) and given[name].value is True  # type: ignore[attr-defined]
                for name in ("text", "universal_newlines")
            )
            if as_text and "encoding" not in given and None not in given:  # None: a **mapping may name it
                lines.append(node.lineno)
    return lines


def _python_files() -> list[Path]:
    files = [ROOT / "conftest.py"]
    for folder in FOLDERS:
        files += sorted(path for path in (ROOT / folder).rglob("*.py") if "_build" not in path.parts)
    return files


def test_every_subprocess_read_as_text_names_its_encoding() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in _python_files()
        for line in text_calls_without_encoding(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "give these calls encoding='utf-8': " + ", ".join(found)


def test_the_check_sees_each_way_of_asking_for_text() -> None:
    source = """
import subprocess
subprocess.run(["x"], capture_output=True, text=True)
subprocess.check_output(["x"], universal_newlines=True)
subprocess.Popen(
    ["x"],
    stdout=subprocess.PIPE,
    text=True,
)
subprocess.run(["x"], text=True, encoding="utf-8")
subprocess.run(["x"], capture_output=True)
subprocess.run(["x"], text=False)
subprocess.run(["x"], text=True, **options)
"""
    assert text_calls_without_encoding(source) == [3, 4, 5]
    assert len(_python_files()) > 100
