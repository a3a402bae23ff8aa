"""Argument checks for money: a room's unit and the players' balances.

:func:`~tienlen.settle`, :class:`~tienlen.Match` and the learning environments check what they are
given with these, so a wrong unit or balance is refused the same way everywhere, with
:class:`~tienlen.InvalidArgument`. A server or a tool of your own may use them at its boundary too.

>>> from tienlen import HOUSE, NORTHERN
>>> check_unit(10, NORTHERN)
10
>>> check_balances([100, 0, 25, 7], 4)
(100, 0, 25, 7)
"""

from __future__ import annotations

from collections.abc import Sequence

from tienlen._base.input import MAX_AMOUNT, is_whole, shown
from tienlen.errors import InvalidArgument
from tienlen.variants.rules import RuleSet

__all__ = ["check_unit", "check_balances"]


def check_unit(unit: object, rules: RuleSet, *, points_at_one: bool = True) -> int:
    """``unit`` when it is a whole number from 1 to 10**15 (exactly 1 under rules that score in
    points, unless not ``points_at_one``: a room's unit that points profiles leave aside), else
    :class:`~tienlen.InvalidArgument`."""
    if not is_whole(unit, 1, MAX_AMOUNT):
        raise InvalidArgument.of("unit-not-positive", unit=shown(unit), unit_name=rules.unit_name, max_amount=MAX_AMOUNT)
    if points_at_one and rules.currency == "points" and unit != 1:
        raise InvalidArgument.of("unit-with-points", rules=rules.name, unit=unit)
    return unit


def check_balances(balances: object, players: int) -> tuple[int, ...]:
    """``balances`` as a tuple when it holds one balance per seat of ``players``, each a whole
    number from 0 to 10**15, else :class:`~tienlen.InvalidArgument`."""
    if isinstance(balances, (str, bytes)) or not isinstance(balances, Sequence):
        raise InvalidArgument.of("balances-not-a-sequence", players=players, balances=shown(balances))
    if len(balances) != players:
        raise InvalidArgument.of("balances-wrong-count", balances_count=len(balances), players=players)
    for seat, value in enumerate(balances):
        if not is_whole(value, 0, MAX_AMOUNT):
            raise InvalidArgument.of("balance-out-of-range", seat=seat, value=shown(value), max_amount=MAX_AMOUNT)
    return tuple(balances)
