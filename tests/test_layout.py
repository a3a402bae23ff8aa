"""The round engine's module layout (issue 12): records, actions and instant wins live beside the
state machine, every old name is still importable from ``tienlen.round``, and no module reaches
into another's private helpers."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tienlen
from tienlen import instant, round as round_module
from tienlen.rules import INSTANT_WIN_PATTERNS

SRC = Path(tienlen.__file__).parent


def test_every_instant_win_pattern_has_one_entry_in_the_detection_table() -> None:
    assert list(instant.PATTERNS) == list(INSTANT_WIN_PATTERNS)


@pytest.mark.parametrize("name", ["Trick", "Round", "LegalActions", "instant_win_pattern", "RECORD_VERSION"])
def test_the_names_of_tienlen_round_are_still_importable_from_it(name: str) -> None:
    assert name in round_module.__all__ and hasattr(round_module, name)


@pytest.mark.parametrize("module", ["round", "records", "actions", "instant", "views", "agents"])
def test_no_private_name_is_imported_from_another_module(module: str) -> None:
    tree = ast.parse((SRC / f"{module}.py").read_text(encoding="utf-8"))
    private = [
        f"{node.module}.{alias.name}"
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        and node.module
        and node.module.startswith("tienlen.")
        and node.module != "tienlen._checks"
        for alias in node.names
        if alias.name.startswith("_") and node.module not in ("tienlen._codec",)
    ]
    assert private == []
