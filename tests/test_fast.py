"""The speed machinery: the one fast-constructor helper (``tienlen._base.fast``) builds what the checked
constructor builds, and a declaration that does not match its class fails when it is made (at
import, where the library uses it); the shared caches stay within their documented bounds."""

from __future__ import annotations

import importlib
import random
from pathlib import Path
from typing import Any

import attrs
import pytest
from builders import WINDOWS

from tienlen import Action, Combo, ComboKind, Played
from tienlen._base.cache import CACHES, stats
from tienlen._base.fast import fast, slot_setter
from tienlen.game import actions, moves

NEVER_BUILT: Any = None  # what a declaration returns: fast() reads its parameters and never runs it


@attrs.frozen
class _Point:
    x: int
    y: int
    cached: str | None = attrs.field(default=None, init=False, eq=False)


def test_a_fast_constructor_builds_what_the_checked_one_builds() -> None:
    @fast(_Point)
    def point(x: int, y: int) -> _Point:
        raise NotImplementedError

    assert point(1, 2) == _Point(1, 2) and point(1, 2).cached is None
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        point(1, 2).x = 3  # type: ignore[misc]


def test_the_library_s_fast_values_equal_their_checked_twins() -> None:
    from tienlen.game import moves
    from tienlen.game._state import _played

    combo = moves.combo_of(ComboKind.PAIR, 0b11)
    assert combo == Combo(ComboKind.PAIR, 0b11)
    assert _played(2, combo, True) == Played(seat=2, combo=combo, out_of_turn=True)
    from tienlen.game.actions import play_action

    assert play_action(1, ComboKind.PAIR, 0b11) == Action(kind="play", seat=1, combo=combo)


@pytest.mark.parametrize(
    "declare",
    [
        lambda: fast(_Point)(lambda y, x: NEVER_BUILT),  # swapped
        lambda: fast(_Point)(lambda x: NEVER_BUILT),  # a field missing
        lambda: fast(_Point)(lambda x, y, cached: NEVER_BUILT),  # a field left out of __init__
        lambda: fast(_Point)(lambda x, why: NEVER_BUILT),  # misspelled
    ],
)
def test_a_declaration_that_does_not_match_the_fields_fails_at_once(declare: object) -> None:
    with pytest.raises(TypeError, match="must take the fields"):
        declare()  # type: ignore[operator]


def test_a_class_without_slots_or_a_missing_slot_is_refused() -> None:
    @attrs.frozen(slots=False)
    class Loose:
        x: int

    with pytest.raises(TypeError, match="slots"):
        fast(Loose)(lambda x: NEVER_BUILT)
    with pytest.raises(TypeError, match="no slot"):
        slot_setter(_Point, "z")


def test_the_shared_value_caches_stay_within_their_documented_bounds() -> None:
    rng = random.Random(3)
    combos, plays = CACHES["combinations"], CACHES["play actions"]
    for _ in range(plays.limit + 10):
        actions.play_action(rng.randrange(4), ComboKind.STRAIGHT, rng.getrandbits(52) | 0b10001)
    for _ in range(combos.limit + 10):
        moves.combo_of(ComboKind.STRAIGHT, rng.getrandbits(52) | 0b10001)
    figures = stats()
    assert all(f.size <= f.most <= f.limit for f in figures.values())
    assert figures["play actions"].clears >= 1 and figures["combinations"].clears >= 1
    combos.clear()  # leave no made-up combos behind for other tests
    plays.clear()


def test_the_speed_page_lists_every_cache_with_the_bound_the_code_enforces() -> None:
    page = (Path(__file__).resolve().parent.parent / "docs" / "howto" / "speed.rst").read_text(encoding="utf-8")
    importlib.import_module("tienlen.learning.encoding")  # the learning modules' caches register when they are imported
    importlib.import_module("tienlen.learning.actionspace")
    rows = {f"{f.name.capitalize()}: {f.limit:,} {f.holds}" for f in stats().values()}
    assert len(rows) == 16  # every cache of the library, however it is imported
    assert [row for row in rows if row not in page] == []


def test_the_windows_cache_stays_within_its_bound() -> None:
    WINDOWS.clear()
    for pattern in range(WINDOWS.limit + 10):  # more patterns than the cache holds
        moves._windows(sum(1 << (4 * r) for r in range(13) if pattern >> r & 1), 3, 13, 0)
        assert len(WINDOWS) <= WINDOWS.limit
    assert stats()["runs of ranks in whole hands"].clears >= 1
    WINDOWS.clear()
