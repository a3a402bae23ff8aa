"""The package is ready to release: one version everywhere, a changelog entry for it, metadata.

Building the sdist and the wheel and installing them in fresh environments is done by ``.ci/run``
(it needs the network and takes a while); here are the checks that need neither.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import tienlen
from tienlen._moved import REMOVAL
from tienlen._version import __version__

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
CHANGELOG = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def test_the_version_has_one_source() -> None:
    project = PYPROJECT["project"]
    assert "version" not in project and "version" in project["dynamic"]
    assert PYPROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "tienlen._version.__version__"}
    assert tienlen.__version__ == __version__
    assert re.fullmatch(r"\d+\.\d+\.\d+((a|b|rc)\d+)?", __version__)  # PEP 440: a final release or a pre-release
    # nothing else in the sources writes the version out
    for path in (ROOT / "src" / "tienlen").rglob("*.py"):
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


def test_the_tests_workflow_runs_the_readme_command_on_every_declared_python() -> None:
    """The classifiers name each minor Python from requires-python's floor on, and the tests workflow runs the
    README's test command on each of them, on Linux, macOS and Windows."""
    classifiers = PYPROJECT["project"]["classifiers"]
    declared = [c.rsplit(" ", 1)[-1] for c in classifiers if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]
    floor = int(PYPROJECT["project"]["requires-python"].removeprefix(">=3."))
    assert declared == [f"3.{minor}" for minor in range(floor, floor + len(declared))]
    assert "3.14" in declared
    workflow = (ROOT / ".github" / "workflows" / "tests.yml").read_text(encoding="utf-8")
    matrix = re.search(r"^ +python: \[(.*)\]$", workflow, re.MULTILINE)
    assert matrix is not None, "tests.yml has no python matrix"
    assert re.findall(r'"(3\.\d+)"', matrix.group(1)) == declared
    assert "os: [ubuntu-latest, macos-latest, windows-latest]" in workflow
    # each runs the README's test command as written (on Windows with `.venv\Scripts\`, as the README says)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (command,) = [block for block in re.findall(r"```sh\n(.*?)\n```", readme, re.DOTALL) if "'.[test]'" in block]
    assert f"run: {command}\n" in workflow
    windows = command.replace("python3 -m venv", "python -m venv").replace(".venv/bin/", ".venv\\Scripts\\")
    assert f"run: {windows}\n" in workflow


def test_the_release_workflow_publishes_with_no_stored_token() -> None:
    """PyPI trusted publishing: the publishing job asks for an OpenID Connect token in the environment `pypi`."""
    workflow = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert re.search(r'^on:\n  push:\n    tags: \["v\*"\]$', workflow, re.MULTILINE)
    assert re.search(r"^      - uses: pypa/gh-action-pypi-publish@[0-9a-f]{40}  # v1\.", workflow, re.MULTILINE)
    assert re.search(r"^    environment:\n      name: pypi$", workflow, re.MULTILINE)
    assert "id-token: write" in workflow
    assert "secrets." not in workflow and "password" not in workflow


def test_every_deprecation_names_the_release_that_removes_it() -> None:
    """A deprecated name warns for one minor release and goes in the next: each warning says which.
    Before 1.0 the next minor is 1.1: 1.0 (1.0.0rc1 included) removes nothing, since 0.3.0's
    warnings for the moved root names were not shown by Python's default filters (issue 48)."""
    release = tuple(int(part) for part in __version__.split(".")[:2])
    major, minor = max(release, (1, 0))
    removal = f"goes in {major}.{minor + 1}.0"
    said = re.compile(rf"(goes in|removed in|read until) {major}\.{minor + 1}\b")
    assert removal == f"goes in {REMOVAL}"  # the old paths of tienlen._moved go in the next release too
    found = 0
    for path in (ROOT / "src" / "tienlen").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and any(isinstance(a, ast.Name) and a.id == "DeprecationWarning" for a in node.args):
                text = "".join(
                    part.value
                    for part in ast.walk(node.args[0])
                    if isinstance(part, ast.Constant) and isinstance(part.value, str)
                )
                assert said.search(text), f"{path.name} line {node.lineno}: the warning must say it {removal}"
                found += 1
    assert found >= 1  # tienlen._moved's one warning, for every old path


def test_the_changelog_opens_the_release_with_its_migration() -> None:
    section = CHANGELOG.split(f"## [{__version__}]")[1].split("\n## [")[0]
    assert section.split("\n### ")[1].startswith("Migrating from ")
    for old in (
        "Comparison.text(width, lang)",
        "format_stats(stats, width, lang)",
        "TienLenVectorEnv(rules, num_tables",
        "attrs.evolve(HOUSE",
        "Card.parse(",
        "rule-axis",
        "tienlen.search",
        REMOVAL,
    ):
        assert old in section, old


def test_the_readme_test_command_runs_over_the_cores_and_fails_on_a_deprecation(tmp_path: Path) -> None:
    """``python -m pytest`` alone uses pytest-xdist over every core (``-n auto`` in pyproject's
    addopts), a later ``-n`` (``.ci/run``'s ``PYTEST_ADDOPTS="-n 2"``) wins, one file runs alone,
    and a test that meets a :class:`DeprecationWarning` fails (``filterwarnings``)."""
    options = PYPROJECT["tool"]["pytest"]["ini_options"]
    assert options["addopts"].split()[:2] == ["-n", "auto"]
    assert "pytest-xdist" in " ".join(PYPROJECT["project"]["optional-dependencies"]["test"])
    assert options["filterwarnings"][0] == "error::DeprecationWarning"
    assert all(entry.startswith("ignore::") and entry.count(":") >= 3 for entry in options["filterwarnings"][1:]), (
        "a third-party warning is ignored narrowly: ignore::Category:module"
    )
    (tmp_path / "test_old.py").write_text(
        "import warnings\n\ndef test_old():\n    warnings.warn('old name', DeprecationWarning)\n\ndef test_new():\n    pass\n",
        encoding="utf-8",
    )
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-c",
        str(ROOT / "pyproject.toml"),
        "--rootdir",
        str(tmp_path),
        "-p",
        "no:cacheprovider",
    ]
    environment = {**os.environ, "PYTEST_ADDOPTS": "-n 1"}
    done = subprocess.run(
        [*command, str(tmp_path / "test_old.py")], capture_output=True, encoding="utf-8", env=environment, timeout=120
    )
    assert "1 worker [2 items]" in done.stdout and "1 failed, 1 passed" in done.stdout, done.stdout
    assert "DeprecationWarning: old name" in done.stdout


WORKFLOWS = ROOT / ".github" / "workflows"
CI_RUN = (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def test_dependabot_updates_the_workflows_actions_and_the_pip_dependencies() -> None:
    dependabot = (ROOT / ".github" / "dependabot.yml").read_text(encoding="utf-8")
    ecosystems = re.findall(r"^  - package-ecosystem: (\S+)\n    directory: /$", dependabot, re.MULTILINE)
    assert sorted(ecosystems) == ["github-actions", "pip"]


def test_the_docs_workflow_builds_with_the_python_and_extras_read_the_docs_declares_failing_on_warnings() -> None:
    """docs.yml reads the Python and the extras out of .readthedocs.yaml with .ci/run's own sed
    expressions, installs ``.[EXTRAS]`` into that Python and runs sphinx with ``-W`` (``fail_on_warning``)."""
    docs = (WORKFLOWS / "docs.yml").read_text(encoding="utf-8")
    rtd = (ROOT / ".readthedocs.yaml").read_text(encoding="utf-8")
    assert "fail_on_warning: true" in rtd
    ci_python = re.search(r'^RTD_PYTHON="\$\((.*)\)"$', CI_RUN, re.MULTILINE)
    ci_extras = re.search(r'^RTD_EXTRAS="\$\((.*)\)"$', CI_RUN, re.MULTILINE)
    assert ci_python is not None and ci_extras is not None
    assert f'python="$({ci_python.group(1)})"' in docs and f'extras="$({ci_extras.group(1)})"' in docs
    assert "python-version: ${{ steps.rtd.outputs.python }}" in docs
    assert "EXTRAS: ${{ steps.rtd.outputs.extras }}" in docs and '.venv/bin/pip install ".[$EXTRAS]"' in docs
    (sphinx,) = [line for line in docs.splitlines() if "-m sphinx" in line and "run:" in line]
    assert " -W " in sphinx and " -T " in sphinx and "--keep-going" in sphinx and "-b html" in sphinx
    assert re.search(r"^ +working-directory: docs$", docs, re.MULTILINE)


def test_ci_run_lints_every_workflow_with_actionlint_and_shellcheck() -> None:
    """.ci/run runs actionlint from the checkout's root with no paths (so it reads .github/workflows)
    and ShellCheck on the run: scripts; where the dev extra installed it, the workflows pass it here too."""
    assert 'cd "$(dirname "${BASH_SOURCE[0]}")/.."' in CI_RUN
    assert re.search(r'^if ! "\$VENV/bin/actionlint" -shellcheck "\$VENV/bin/shellcheck"; then$', CI_RUN, re.MULTILINE)
    assert sorted(path.name for path in WORKFLOWS.iterdir()) == ["checks.yml", "docs.yml", "release.yml", "tests.yml"]
    tools = Path(sys.executable).parent
    actionlint, shellcheck = tools / "actionlint", tools / "shellcheck"
    if not (actionlint.is_file() and shellcheck.is_file()):
        return  # the dev extra is not installed here (it is on Linux x86-64 only): .ci/run runs it
    linted = subprocess.run([actionlint, "-shellcheck", shellcheck], cwd=ROOT, capture_output=True, encoding="utf-8", check=False)
    assert linted.returncode == 0, linted.stdout + linted.stderr


def test_every_action_is_pinned_to_a_commit_with_its_version_beside_it() -> None:
    """A tag can be moved to other code; a commit cannot. Each ``uses:`` names a full commit and,
    in a comment, the release it is (which dependabot's github-actions updates rewrite together),
    or is one of our own workflows."""
    found = 0
    for path in sorted(WORKFLOWS.glob("*.yml")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if "uses:" in line:
                found += 1
                assert re.fullmatch(
                    r" +(- )?uses: (\./\.github/workflows/[a-z]+\.yml|[\w-]+/[\w-]+@[0-9a-f]{40}  # v\d+(\.\d+)*)", line
                ), f"{path.name}: {line.strip()}"
    assert found >= 10


def test_the_release_publishes_only_after_the_whole_suite_passed_on_the_tagged_commit() -> None:
    """release.yml calls the tests workflow (every platform and Python, and every extra with the
    coverage floor) on the tag, and the publishing job needs it."""
    release = (WORKFLOWS / "release.yml").read_text(encoding="utf-8")
    tests = (WORKFLOWS / "tests.yml").read_text(encoding="utf-8")
    assert re.search(r"^  tests:\n    uses: \./\.github/workflows/tests\.yml$", release, re.MULTILINE)
    assert re.search(r"^  pypi:\n    needs: \[tests, smoke\]", release, re.MULTILINE)
    assert re.search(r"^on:\n(  .*\n)*  workflow_call:$", tests, re.MULTILINE)


def test_a_public_job_runs_the_whole_suite_with_every_extra_and_the_coverage_floor_as_ci_run_does() -> None:
    """The tests workflow's every-extra job installs .ci/run's extras and Debian packages and runs the
    suite and the branch floor with .ci/run's own options and tool; pip is cached where a job installs."""
    tests = (WORKFLOWS / "tests.yml").read_text(encoding="utf-8")
    extras = re.search(r'^EXTRAS="([a-z,]+)"$', CI_RUN, re.MULTILINE)
    assert extras is not None and f'.venv/bin/pip install -e ".[{extras.group(1)}]"' in tests
    options = re.search(r'PYTEST_ADDOPTS="(-n 2 --cov[^"]*)" "\$VENV/bin/python" -m pytest', CI_RUN)
    assert options is not None and f'run: PYTEST_ADDOPTS="{options.group(1)}" .venv/bin/python -m pytest' in tests
    assert (
        '"$VENV/bin/python" tools/coverage_gate.py' in CI_RUN and ".venv/bin/python tools/coverage_gate.py coverage.json" in tests
    )
    assert "apt-get install -y -q chromium chromium-driver gettext" in tests and "image: python:3.11-bookworm" in tests
    for name in ("tests.yml", "checks.yml", "docs.yml"):
        assert "cache: pip\n          cache-dependency-path: pyproject.toml" in (WORKFLOWS / name).read_text(encoding="utf-8"), (
            name
        )


def test_a_workflow_runs_ci_runs_lint_type_and_catalogue_checks_as_ci_run_writes_them() -> None:
    """checks.yml runs ruff, mypy --strict and msgfmt -c exactly as .ci/run does, on Python 3.13
    with .ci/run's extras."""
    checks = (WORKFLOWS / "checks.yml").read_text(encoding="utf-8")
    commands = {  # as .ci/run writes each, and as the workflow does (its virtual environment is .venv)
        '"$VENV/bin/ruff" check .': ".venv/bin/ruff check .",
        '"$VENV/bin/ruff" format --check .': ".venv/bin/ruff format --check .",
        '"$VENV/bin/python" -m mypy --strict src examples tests': ".venv/bin/python -m mypy --strict src examples tests",
        "msgfmt -c --check-format -o /dev/null src/tienlen/locale/vi/LC_MESSAGES/tienlen.po": (
            "msgfmt -c --check-format -o /dev/null src/tienlen/locale/vi/LC_MESSAGES/tienlen.po"
        ),
    }
    for ci, workflow in commands.items():
        assert f"if ! {ci}; then" in CI_RUN, ci
        assert f"run: {workflow}\n" in checks, workflow
    extras = re.search(r'^EXTRAS="([a-z,]+)"$', CI_RUN, re.MULTILINE)
    assert extras is not None and f'.venv/bin/pip install -e ".[{extras.group(1)}]"' in checks
    assert "runs-on: ubuntu-latest" in checks and 'python-version: "3.13"' in checks
