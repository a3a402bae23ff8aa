"""The generic argument checks of every public entry point: types, ranges, seats, languages.
The checks of rule sets and player counts live in :mod:`tienlen.variants.checks`, those of units
and balances in :mod:`tienlen.money.checks`.

Each public function checks its arguments at the boundary with these helpers, so a wrong type or
an out-of-range value is refused with :class:`~tienlen.InvalidArgument` naming the argument,
before any work is done. :class:`~tienlen.InvalidRules` is kept for the content of a rule set
(an axis that cannot be used), raised by the rule set itself. The page "Which error for which
mistake" of the docs lists the rows; ``tests/test_errors.py`` checks every entry point against it.
"""

from __future__ import annotations

from typing import Any

from tienlen._base.input import is_whole, shown
from tienlen.errors import InvalidArgument, TienLenError, language

__all__ = ["check_type", "check_int", "check_bool", "check_seat", "check_lang"]


def check_type(value: Any, types: type | tuple[type, ...], name: str, words: str) -> None:
    """Refuse ``value`` unless it is an instance of ``types`` (a ``bool`` is never a number)."""
    if isinstance(value, types) and not (isinstance(value, bool) and bool not in _tuple(types)):
        return
    raise InvalidArgument.of("wrong-type", name=name, words=words, value=shown(value))


def _tuple(types: type | tuple[type, ...]) -> tuple[type, ...]:
    return types if isinstance(types, tuple) else (types,)


def check_int(value: Any, name: str, low: int, high: int) -> int:
    """``value`` when it is a whole number (not a bool) from ``low`` to ``high``, else :class:`InvalidArgument`."""
    if is_whole(value, low, high):
        return value
    raise InvalidArgument.of("not-a-whole-number-in-range", name=name, low=low, high=high, value=shown(value))


def check_bool(value: Any, name: str) -> bool:
    """``value`` when it is ``True`` or ``False``, else :class:`InvalidArgument`."""
    if isinstance(value, bool):
        return value
    raise InvalidArgument.of("not-true-or-false", name=name, value=shown(value))


def check_seat(seat: Any, players: int, name: str = "seat", error: type[TienLenError] = InvalidArgument) -> int:
    """``seat`` when it is a seat of a ``players``-player table, else ``error`` (an action's seat is
    refused as :class:`~tienlen.IllegalPlay`, like the rest of a refused action)."""
    if is_whole(seat, 0, players - 1):
        return seat
    raise error.of("not-a-seat", name=name, value=players - 1, seat=shown(seat))


def check_lang(lang: object) -> str:
    """``lang`` when it is a language the messages are written in (``"en"``, ``"vi"``), else :class:`InvalidArgument`."""
    return language(lang)
