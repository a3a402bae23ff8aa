"""The documentation says what the code does.

The README is already run as a doctest by pytest's own configuration (``--doctest-glob``); here
the Sphinx pages' examples are run too, the README's table of profiles is checked against the
profile data, the README's commands against what ``.ci/run`` runs, and the words that the docs
generate for each profile against the axes of :class:`tienlen.RuleSet`.
"""

from __future__ import annotations

import doctest
import re
import sys
import warnings
from pathlib import Path
from typing import Any

import attrs
import pytest
from extras import skip_reason

from tienlen import HOUSE, PROFILES, RuleSet
from tienlen._base.input import (
    MAX_AMOUNT,
    MAX_CARD_TEXT,
    MAX_COUNT,
    MAX_NOTATION,
    MAX_RECORD,
    MAX_RULES_TEXT,
    MAX_SEED,
    MAX_WORKERS,
)
from tienlen.cli import main
from tienlen.errors import MESSAGE_LIMIT

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.rst") if not p.relative_to(DOCS).parts[0].startswith("_"))
README = (ROOT / "README.md").read_text(encoding="utf-8")
CI = (ROOT / ".ci" / "run").read_text(encoding="utf-8")

sys.path.insert(0, str(DOCS / "_ext"))

import profile_words  # noqa: E402  (the docs' own generator: pure Python, no Sphinx needed)


def run_examples(path: Path) -> doctest.TestResults:
    """Run the examples of a page or the README as doctests, a :class:`DeprecationWarning` raised as
    an error: the docs use the paths and names of today (an old path, ``from tienlen import
    GreedyAgent`` say, fails its example)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        return doctest.testfile(str(path), module_relative=False, encoding="utf-8", optionflags=doctest.ELLIPSIS)


@pytest.mark.parametrize("page", PAGES, ids=[str(page.relative_to(DOCS)) for page in PAGES])
def test_docs_examples(page: Path) -> None:
    result = run_examples(page)
    assert result.failed == 0, f"{result.failed} example(s) failed in {page.name} (see the output above)"


def test_the_readme_examples_raise_no_deprecation_warning() -> None:
    result = run_examples(ROOT / "README.md")
    assert result.attempted > 0 and result.failed == 0, f"{result.failed} example(s) failed in README.md (see the output above)"


def test_an_example_with_an_old_path_fails(tmp_path: Path) -> None:
    page = tmp_path / "old.rst"
    page.write_text(">>> from tienlen import GreedyAgent\n", encoding="utf-8")
    assert run_examples(page).failed == 1


def test_the_pages_are_found() -> None:
    names = {str(page.relative_to(DOCS)) for page in PAGES}
    assert {"getting-started.rst", "concepts/settlement.rst", "howto/cli.rst", "decisions.rst"} <= names


def test_readme_profile_table_matches_the_profiles() -> None:
    rows = re.findall(r"^\| `(\w+)` \| ([^|]+) \| (\w+) \|", README, re.MULTILINE)
    assert [name for name, _, _ in rows] == list(PROFILES)
    for name, players, unit in rows:
        rules = PROFILES[name]
        expected = (
            str(rules.min_players) if rules.min_players == rules.max_players else f"{rules.min_players}–{rules.max_players}"
        )
        assert players.strip() == expected, name
        assert unit == rules.currency, name


def _readme_commands() -> list[str]:
    """The two set-up commands for a checkout (the first shell block is ``pip install tienlen``)."""
    return [block for block in re.findall(r"```sh\n(.*?)\n```", README, re.DOTALL) if block.startswith("python3 -m venv")]


def test_readme_opens_with_the_pypi_install() -> None:
    first = re.search(r"```sh\n(.*?)\n```", README, re.DOTALL)
    assert first is not None and first.group(1) == "pip install tienlen"
    assert README.index("pip install tienlen") < README.index("## From a checkout")


def test_readme_main_job_is_a_round_that_ci_smoke_tests(capsys: pytest.CaptureFixture[str]) -> None:
    run = _readme_commands()[0]
    parts = [part.strip() for part in run.split("&&")]
    assert parts[:2] == ["python3 -m venv .venv", ".venv/bin/pip install ."], run
    main_job = parts[-1]
    assert main_job.startswith(".venv/bin/tienlen "), main_job
    args = main_job.split()[1:]
    assert args[0] == "play", main_job
    # the command works (here, through the installed package's entry point function) ...
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "settlement (chips):" in out and "\nresult: 1. " in out
    # ... and CI runs exactly it in fresh environments made from the wheel and from the sdist
    assert f'"$env/bin/tienlen" {" ".join(args)} >' in CI


def test_readme_test_command_matches_ci() -> None:
    """CI's first step is the README's: a fresh environment with the ``test`` extra alone, then pytest."""
    test = _readme_commands()[1]
    parts = [part.strip() for part in test.split("&&")]
    assert parts == ["python3 -m venv .venv", ".venv/bin/pip install -e '.[test]'", ".venv/bin/python -m pytest"], test
    assert "\"$NEWCOMER/bin/pip\" install --quiet -e '.[test]'" in CI
    assert re.search(r"\"\$NEWCOMER/bin/python\" -m pytest( |;|\s*$)", CI, re.MULTILINE), "CI runs it"


def test_the_docs_are_built_by_one_command_everywhere() -> None:
    """The README, the getting-started page, CONTRIBUTING and conf.py give one docs command, with
    the extras Read the Docs installs and its warnings-as-errors."""
    (command,) = [block for block in re.findall(r"```sh\n(.*?)\n```", README, re.DOTALL) if "sphinx-build" in block]
    for page in ("docs/getting-started.rst", "CONTRIBUTING.md", "docs/conf.py"):
        assert command in (ROOT / page).read_text(encoding="utf-8"), page
    readthedocs = (ROOT / ".readthedocs.yaml").read_text(encoding="utf-8")
    extras = re.findall(r"^\s*- (\w+)\s*$", readthedocs.split("extra_requirements:")[1], re.MULTILINE)
    assert f"-e '.[{','.join(extras)}]'" in command
    assert "fail_on_warning: true" in readthedocs and " -W " in command
    assert 'find_python "$RTD_PYTHON"' in CI and "-m sphinx -T -W --keep-going" in CI


def test_pyproject_provides_the_console_script() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'tienlen = "tienlen.cli:main"' in pyproject


# ---------------------------------------------------------------------------- generated profile words

AXES_IN_WORDS = {field.name for field in attrs.fields(RuleSet) if field.init} - {"name", "description"}


def test_profile_words_read_every_axis() -> None:
    """Across the five profiles, the generated plain words look at every axis of a rule set."""
    read: set[str] = set()
    for rules in PROFILES.values():
        read |= profile_words.words(rules)[1]
    assert read == AXES_IN_WORDS, f"axes never described: {sorted(AXES_IN_WORDS - read)}"


def test_an_axis_without_words_of_its_own_is_described_from_its_meaning() -> None:
    """A new axis declared only as a field (with its meaning) reaches the profile pages unedited."""

    @attrs.frozen(kw_only=True)
    class Wider(RuleSet):
        made_up_rule: bool = attrs.field(default=True, metadata={"meaning": "a made-up rule for this test"})

    wider = Wider(**{f.name: getattr(HOUSE, f.name) for f in attrs.fields(RuleSet) if f.init})
    sections, read = profile_words.words(wider)
    assert sections[-1] == ("Other rules", ["A made-up rule for this test: yes."])
    assert "made_up_rule" in read
    assert "Other rules" not in profile_words.profile_page(HOUSE)
    assert "A made-up rule for this test: yes." in profile_words.profile_page(wider)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"frozen_penalty": 5}, "A frozen player pays 1st place 5 entries"),
        ({"straight_min": 4}, "A straight is 4 or more cards"),
        ({"rake_percent": 3}, "The house takes 3% of what each player wins"),
        ({"match_rounds": 7}, "A match is 7 rounds; the highest total wins, and equal totals share the win."),
        ({"min_players": 3}, "Played by 3 to 4 players"),
        ({"triple_run_min": 2}, "A triple run (sám liên) is 2 or more triples of consecutive ranks, never with 2s."),
        ({"quad_run_min": 3}, "A quad run is 3 or more quads of consecutive ranks, never with 2s."),
    ],
)
def test_profile_pages_follow_the_data(change: dict[str, Any], words: str) -> None:
    changed = attrs.evolve(HOUSE, name="my-house", **change)
    assert words not in profile_words.profile_page(HOUSE)
    assert words in profile_words.profile_page(changed)


def test_every_profile_page_has_its_decisions() -> None:
    for rules in PROFILES.values():
        page = profile_words.profile_page(rules)
        assert "Who leads the first round" in page
        assert ("Đền bài" in page) == rules.den_bai
        assert ("Counting the 2s and bombs in a hand" in page) == (rules.frozen or rules.thui != "none")


def test_the_rules_matrix_has_a_row_for_every_axis() -> None:
    pytest.importorskip("sphinx", reason=skip_reason("sphinx"))
    import rules_matrix

    rows = [axis for axis, _ in rules_matrix.axes() if axis not in rules_matrix.NOT_ROWS]
    assert set(rows) == AXES_IN_WORDS
    for rules in PROFILES.values():
        for axis in rows:
            assert rules_matrix.render(axis, rules), (rules.name, axis)


def test_the_security_page_states_the_limits_the_code_enforces() -> None:
    page = (Path(__file__).resolve().parent.parent / "docs" / "howto" / "security.rst").read_text(encoding="utf-8")
    for value in (MAX_CARD_TEXT, MAX_NOTATION, MAX_RECORD, MAX_RULES_TEXT, MAX_WORKERS, MESSAGE_LIMIT):
        assert f"{value:,}" in page, value
    assert (MAX_SEED, MAX_AMOUNT, MAX_COUNT) == (2**64 - 1, 10**15, 10**9)
    assert "2**64 - 1" in page and "10**15" in page and "10**9" in page


def test_the_counting_page_names_each_source_by_its_repository() -> None:
    """Issue 23, part 3: both public implementations behind ``counting`` are named, and each
    reading the profile does not take names the axis that would pick it."""
    page = profile_words.profile_page(PROFILES["counting"])
    assert "`uongsuadaubung/tien-len <https://github.com/uongsuadaubung/tien-len>`_" in page
    assert "`nguyendangkhoa150899-boop/bialk <https://github.com/nguyendangkhoa150899-boop/bialk>`_" in page
    assert "could not be identified" not in page
    for axis in ("interrupt_bombs", "instant_wins", "rake_percent", "cap_at_balance", "two_values", "bomb_values"):
        assert f"``{axis}" in page


def test_the_cards_page_lists_every_word_the_readers_accept() -> None:
    pytest.importorskip("sphinx", reason=skip_reason("sphinx"))
    import card_words

    from tienlen.game import _words

    listed = {(word, bare) for _, word, bare, _ in card_words.rows()}
    every = {**_words.RANKS, **_words.SUITS, **_words.ACTIONS}
    assert listed == {(word, _words.plain(word)) for word in every}
    assert ".. card-words::" in (DOCS / "concepts" / "cards.rst").read_text(encoding="utf-8")


def test_the_glossary_links_real_axes_and_is_linked_from_the_readme() -> None:
    glossary = (DOCS / "glossary.rst").read_text(encoding="utf-8")
    linked = set(re.findall(r"<axis-([a-z-]+)>", glossary))
    assert linked and linked <= {axis.replace("_", "-") for axis in attrs.fields_dict(RuleSet)}
    assert "glossary.html" in README and "glossary" in (DOCS / "index.rst").read_text(encoding="utf-8")


def test_the_moving_page_recipe_rewrites_every_old_path_and_leaves_the_root_functions(tmp_path: Path) -> None:
    """The ``sed`` recipe of "Moving to 0.3" (generated from ``tienlen._moved``) turns every 0.2.0
    module path and moved root name into its new path, twice over without harm, and leaves the root's
    ``tienlen.settle(...)`` and ``tienlen.compare(...)`` as they are."""
    import shutil
    import subprocess

    from tienlen import _moved

    sed = shutil.which("sed")
    if sed is None or subprocess.run([sed, "--version"], capture_output=True, check=False).returncode != 0:
        pytest.skip("the recipe is written for GNU sed")
    pytest.importorskip("sphinx", reason=skip_reason("sphinx"))
    import moved_paths

    before, after = [], []
    for old, new in _moved.MODULES.items():
        before += [f"import {old}", f"from {old} import x", f"import {old} as m"]
        after += [f"import {new}", f"from {new} import x", f"import {new} as m"]
    for name, module in _moved.ROOT_NAMES.items():
        before.append(f"tienlen.{name}(1)")
        after.append(f"{module}.{name}(1)")
    kept = ["tienlen.settle(result, HOUSE)", "tienlen.compare(HOUSE, PAGAT)", "tienlen.Round.deal(HOUSE)", "tienlen.game.round"]
    source = tmp_path / "old.py"
    source.write_text("\n".join(before + kept) + "\n", encoding="utf-8")
    expressions = [part for line in moved_paths.sed_lines() for part in ("-e", line)]
    for _ in range(2):
        subprocess.run([sed, "-E", "-i", *expressions, str(source)], check=True, timeout=30)
        assert source.read_text(encoding="utf-8").splitlines() == after + kept
