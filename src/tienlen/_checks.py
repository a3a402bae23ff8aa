"""The argument checks of every public entry point: types, ranges, rule sets, player counts,
seats, units and balances.

Each public function checks its arguments at the boundary with these helpers, so a wrong type or
an out-of-range value is refused with :class:`~tienlen.InvalidArgument` naming the argument,
before any work is done. :class:`~tienlen.InvalidRules` is kept for the content of a rule set
(an axis that cannot be used), raised by the rule set itself. The page "Which error for which
mistake" of the docs lists the rows; ``tests/test_errors.py`` checks every entry point against it.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import Any

from tienlen._input import MAX_AMOUNT, is_whole, shown
from tienlen.errors import InvalidArgument, TienLenError, language
from tienlen.profiles import PROFILES
from tienlen.rules import RuleSet

__all__ = [
    "check_type",
    "check_int",
    "check_bool",
    "check_rules",
    "rules_or_profile",
    "check_players",
    "check_seat",
    "check_unit",
    "unit_argument",
    "check_balances",
    "check_lang",
]


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


def check_rules(rules: Any, name: str = "rules") -> RuleSet:
    """``rules`` when it is a :class:`~tienlen.RuleSet`, else :class:`InvalidArgument`."""
    if isinstance(rules, RuleSet):
        return rules
    raise InvalidArgument.of("not-a-rule-set", name=name, rules=shown(rules))


def rules_or_profile(value: Any, name: str = "rules") -> RuleSet:
    """``value`` when it is a :class:`~tienlen.RuleSet`, the profile it names when it is a profile's
    name (the learning adapters take either), else :class:`InvalidArgument`."""
    if isinstance(value, str) and value in PROFILES:
        return PROFILES[value]
    if isinstance(value, RuleSet):
        return value
    raise InvalidArgument.of("not-a-rule-set-or-profile", name=name, value=shown(value), profiles=", ".join(PROFILES))


def check_players(rules: RuleSet, players: Any, name: str = "players") -> int:
    """``players`` when it is a player count ``rules`` allows, else :class:`InvalidArgument`."""
    if is_whole(players, rules.min_players, rules.max_players):
        return players
    low, high = rules.min_players, rules.max_players
    span = f"{low}" if low == high else f"{low} to {high}"
    raise InvalidArgument.of("player-count-not-allowed", name=name, rules=rules.name, span=span, players=shown(players))


def check_seat(seat: Any, players: int, name: str = "seat", error: type[TienLenError] = InvalidArgument) -> int:
    """``seat`` when it is a seat of a ``players``-player table, else ``error`` (an action's seat is
    refused as :class:`~tienlen.IllegalPlay`, like the rest of a refused action)."""
    if is_whole(seat, 0, players - 1):
        return seat
    raise error.of("not-a-seat", name=name, value=players - 1, seat=shown(seat))


def check_unit(unit: object, rules: RuleSet) -> int:
    """``unit`` when it is a positive whole number (exactly 1 for points), else :class:`InvalidArgument`."""
    if not is_whole(unit, 1, MAX_AMOUNT):
        raise InvalidArgument.of("unit-not-positive", unit=shown(unit), unit_name=rules.unit_name, max_amount=MAX_AMOUNT)
    if rules.currency == "points" and unit != 1:
        raise InvalidArgument.of("unit-with-points", rules=rules.name, unit=unit)
    return unit


def unit_argument(unit: int | None, stake: int | None, where: str) -> int:
    """The room's unit given as ``unit=`` (1 when neither is given), or as the deprecated ``stake=``
    with a :class:`DeprecationWarning` naming ``where``. Raises :class:`InvalidArgument` when both are given."""
    if stake is None:
        return 1 if unit is None else unit
    if unit is not None:
        raise InvalidArgument.of("unit-and-stake", where=where)
    warnings.warn(
        f"{where}(stake=...) is deprecated and goes in 0.3.0; use unit=... with the same amount (house: the entry; northern, iwin: the bet)",
        DeprecationWarning,
        stacklevel=3,
    )
    return stake


def check_balances(balances: object, players: int) -> tuple[int, ...]:
    """One balance per seat, each a whole number from 0 to :data:`MAX_AMOUNT`, else :class:`InvalidArgument`."""
    if isinstance(balances, (str, bytes)) or not isinstance(balances, Sequence):
        raise InvalidArgument.of("balances-not-a-sequence", players=players, balances=shown(balances))
    if len(balances) != players:
        raise InvalidArgument.of("balances-wrong-count", balances_count=len(balances), players=players)
    for seat, value in enumerate(balances):
        if not is_whole(value, 0, MAX_AMOUNT):
            raise InvalidArgument.of("balance-out-of-range", seat=seat, value=shown(value), max_amount=MAX_AMOUNT)
    return tuple(balances)


def check_lang(lang: object) -> str:
    """``lang`` when it is a language the messages are written in (``"en"``, ``"vi"``), else :class:`InvalidArgument`."""
    return language(lang)
