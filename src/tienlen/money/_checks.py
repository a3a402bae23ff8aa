"""The argument checks of money: a room's unit and the players' balances (the generic ones are
in :mod:`tienlen._base.checks`)."""

from __future__ import annotations

from collections.abc import Sequence

from tienlen._base.input import MAX_AMOUNT, is_whole, shown
from tienlen.errors import InvalidArgument
from tienlen.variants.rules import RuleSet

__all__ = ["check_unit", "check_balances"]


def check_unit(unit: object, rules: RuleSet, *, points_at_one: bool = True) -> int:
    """``unit`` when it is a positive whole number (exactly 1 for points, unless not
    ``points_at_one``: a room's unit that points profiles leave aside), else :class:`InvalidArgument`."""
    if not is_whole(unit, 1, MAX_AMOUNT):
        raise InvalidArgument.of("unit-not-positive", unit=shown(unit), unit_name=rules.unit_name, max_amount=MAX_AMOUNT)
    if points_at_one and rules.currency == "points" and unit != 1:
        raise InvalidArgument.of("unit-with-points", rules=rules.name, unit=unit)
    return unit


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
