"""The package is ready to release: one version everywhere, a changelog entry for it, metadata.

Building the sdist and the wheel and installing them in fresh environments is done by ``.ci/run``
(it needs the network and takes a while); here are the checks that need neither.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import tienlen
from tienlen._version import __version__

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
CHANGELOG = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def test_the_version_has_one_source() -> None:
    project = PYPROJECT["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "tienlen._version.__version__"}
    assert tienlen.__version__ == __version__
    assert re.fullmatch(r"\d+\.\d+\.\d+", __version__)
    # nothing else in the sources writes the version out
    for path in (ROOT / "src" / "tienlen").glob("*.py"):
        if path.name != "_version.py":
            assert f'"{__version__}"' not in path.read_text(encoding="utf-8"), path.name


def test_the_command_line_reports_the_version() -> None:
    done = subprocess.run([sys.executable, "-m", "tienlen", "--version"], capture_output=True, encoding="utf-8", timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"tienlen {__version__}"


def test_the_changelog_follows_keep_a_changelog() -> None:
    releases = re.findall(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$", CHANGELOG, re.MULTILINE)
    assert releases[0] == ("Unreleased", ""), "the first section must be [Unreleased]"
    version, date = releases[1]
    assert version == __version__, f"the latest release in CHANGELOG.md is {version}, the package is {__version__}"
    assert date, "a release heading needs its date: ## [x.y.z] - YYYY-MM-DD"
    for name, _ in releases:
        assert re.search(rf"^\[{re.escape(name)}\]: https://", CHANGELOG, re.MULTILINE), f"no link for [{name}]"
    sections = re.findall(r"^### (\w+)$", CHANGELOG, re.MULTILINE)
    assert set(sections) <= {"Added", "Changed", "Deprecated", "Removed", "Fixed", "Security"}


def test_the_metadata_is_complete() -> None:
    project = PYPROJECT["project"]
    assert project["readme"] == "README.md"
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert project["requires-python"] == ">=3.11"
    classifiers = project["classifiers"]
    assert "Typing :: Typed" in classifiers
    assert any(c.startswith("Development Status ::") for c in classifiers)
    minor = {c.rsplit(" ", 1)[-1] for c in classifiers if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)}
    assert "3.11" in minor
    assert {"Homepage", "Documentation", "Changelog", "Issues"} <= set(project["urls"])
    assert project["scripts"] == {"tienlen": "tienlen.cli:main"}
    assert {"build", "twine"} <= {re.split(r"[<>=!~ ]", dep)[0] for dep in project["optional-dependencies"]["dev"]}
    assert "py.typed" in PYPROJECT["tool"]["setuptools"]["package-data"]["tienlen"]
    assert (ROOT / "src" / "tienlen" / "py.typed").is_file()


def test_every_deprecation_names_the_release_that_removes_it() -> None:
    """A deprecated name warns for one minor release and goes in the next: each warning says which."""
    major, minor = (int(part) for part in __version__.split(".")[:2])
    removal = f"goes in {major}.{minor + 1}.0"
    said = re.compile(rf"(goes in|removed in|read until) {major}\.{minor + 1}\b")
    found = 0
    for path in (ROOT / "src" / "tienlen").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and any(isinstance(a, ast.Name) and a.id == "DeprecationWarning" for a in node.args):
                text = "".join(
                    part.value
                    for part in ast.walk(node.args[0])
                    if isinstance(part, ast.Constant) and isinstance(part.value, str)
                )
                assert said.search(text), f"{path.name} line {node.lineno}: the warning must say it {removal}"
                found += 1
    assert found >= 4
    cli = (ROOT / "src" / "tienlen" / "cli.py").read_text(encoding="utf-8")
    assert f"--stake is deprecated and {removal}" in cli


def test_the_changelog_opens_the_release_with_its_migration() -> None:
    section = CHANGELOG.split(f"## [{__version__}]")[1].split("\n## [")[0]
    assert section.split("\n### ")[1].startswith("Migrating from ")
    for old in (
        "stake=",
        "stake_for",
        "--stake",
        "tienlen.events.Action",
        "tienlen.rules.load_rules",
        "Match.stake",
        "Round(...)",
    ):
        assert old in section, old
