"""The round engine's module layout (issue 12): records, actions and instant wins live beside the
state machine, every old name is still importable from ``tienlen.game.round``, and no module reaches
into another's private helpers."""

from __future__ import annotations

import ast
import pkgutil
from pathlib import Path

import pytest

import tienlen
from tienlen.game import instant, round as round_module
from tienlen.variants.rules import INSTANT_WIN_PATTERNS

SRC = Path(tienlen.__file__).parent
MODULES = {info.name for info in pkgutil.walk_packages(tienlen.__path__, "tienlen.")}


def test_every_instant_win_pattern_has_one_entry_in_the_detection_table() -> None:
    assert list(instant.PATTERNS) == list(INSTANT_WIN_PATTERNS)


@pytest.mark.parametrize("name", ["Trick", "Round", "LegalActions", "instant_win_pattern", "RECORD_VERSION"])
def test_the_names_of_tienlen_round_are_still_importable_from_it(name: str) -> None:
    assert name in round_module.__all__ and hasattr(round_module, name)


@pytest.mark.parametrize("module", ["round", "records", "actions", "instant", "views", "agents"])
def test_no_private_name_is_imported_from_another_module(module: str) -> None:
    tree = ast.parse((SRC / ("players" if module == "agents" else "game") / f"{module}.py").read_text(encoding="utf-8"))
    private = [
        f"{node.module}.{alias.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        and node.module
        and node.module.startswith("tienlen.")
        and node.module not in ("tienlen._base.checks", "tienlen.variants._checks", "tienlen.money._checks")
        for alias in node.names
        if alias.name.startswith("_")
        and node.module not in ("tienlen._base.codec",)
        and f"{node.module}.{alias.name}" not in MODULES  # a private module of a wing, imported whole
    ]
    assert private == []
