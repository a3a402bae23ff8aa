"""The documentation says what the code does.

The README is already run as a doctest by pytest's own configuration (``--doctest-glob``); here
the Sphinx pages' examples are run too, the README's table of profiles is checked against the
profile data, and the README's test command is checked against what ``.ci/run`` runs.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

from tienlen import PROFILES

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted((ROOT / "docs").glob("*.rst"))
README = (ROOT / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_docs_examples(page: Path) -> None:
    result = doctest.testfile(str(page), module_relative=False, encoding="utf-8", optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} example(s) failed in {page.name} (see the output above)"


def test_readme_profile_table_matches_the_profiles() -> None:
    rows = re.findall(r"^\| `(\w+)` \| ([^|]+) \| (\w+) \|", README, re.MULTILINE)
    assert [name for name, _, _ in rows] == list(PROFILES)
    for name, players, unit in rows:
        rules = PROFILES[name]
        expected = str(rules.min_players) if rules.min_players == rules.max_players else f"{rules.min_players}–{rules.max_players}"
        assert players.strip() == expected, name
        assert unit == rules.unit, name


def test_readme_commands_match_ci() -> None:
    commands = re.findall(r"```sh\n(.*?)\n```", README, re.DOTALL)
    assert len(commands) >= 2
    run, test = commands[0], commands[1]
    main_job = run.split("&&")[-1].strip()
    if main_job.startswith(".venv/bin/python "):  # a script of the checkout, until `tienlen play` exists
        assert (ROOT / main_job.split()[1]).is_file(), main_job
    pytest_part = test.split("&&")[-1].strip()
    assert pytest_part == ".venv/bin/python -m pytest"
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert re.search(r"\"\$VENV/bin/python\" -m pytest(;|\s*$)", ci, re.MULTILINE), "CI must run the README's pytest command"
