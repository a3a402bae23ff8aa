"""What chops cost (private: :func:`tienlen.settle` pays them; its docs describe the rules): what
each chop took, which chops the ``chop_out_voids`` readings make void, and how each
``chop_payment`` mode pays a round's chops, one function per mode."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from itertools import pairwise
from types import MappingProxyType

import attrs

from tienlen._base.bits import TWOS
from tienlen.errors import Reason
from tienlen.game.combos import Combo
from tienlen.game.events import Chop, Finished, Played, RoundResult, TrickWon
from tienlen.money._prices import chop_value
from tienlen.money._settlement import Transfer
from tienlen.variants.rules import ChopOutVoids, ChopPayment, RuleSet

__all__ = ["chop_transfers"]


def _chopped(result: RoundResult, rules: RuleSet) -> list[tuple[str, int]]:
    """What each chop of ``result.chops`` took, in order: a label and its units (:func:`chop_value`).

    Where ``rules.chop_stacked_twos``, a single 2 that was laid on other single 2s of its trick
    (with no chop between them) is taken together with them: the label lists every 2 and the units
    add up. The stacks are read from the result's events.
    """
    out: list[tuple[str, int]] = []
    stack: list[Combo] = []  # the single 2s laid one on another at the end of the trick so far
    before: list[Combo] = []  # the stack as it was before the last play
    for event in result.events:
        if isinstance(event, Played):
            before = stack
            single_two = event.combo.is_two_group and event.combo.length == 1
            stack = stack + [event.combo] if single_two else []
        elif isinstance(event, TrickWon):
            stack = []
        elif isinstance(event, Chop):
            taken = before if rules.chop_stacked_twos and before and before[-1] == event.chopped_combo else [event.chopped_combo]
            out.append((" + ".join(map(str, taken)), sum(chop_value(c, rules) for c in taken)))
            stack = stack[-1:]  # the 2s below the chopper's play are paid for
    return out


def _out_with_the_chop(result: RoundResult) -> set[Chop]:
    """The ``chopper`` reading: chops made with the chopper's last cards."""
    return {
        e
        for e, after in pairwise(result.events)
        if isinstance(e, Chop) and isinstance(after, Finished) and after.seat == e.chopper
    }


def _of_the_first_out(result: RoundResult) -> set[Chop]:
    """The ``chopped`` reading: chops of the player who then went out first."""
    winner = result.finishes[0].seat if result.finishes else None
    return {chop for chop in result.chops if chop.chopped == winner}


@attrs.frozen
class _Reading:
    """One reading of chặt và tới: the chops it ``voids`` (they move no money), and whether such a
    chop still ``adds_to_chain`` its value under ``accumulate`` (RULES.md, "Chặt và tới")."""

    voids: Callable[[RoundResult], set[Chop]]
    adds_to_chain: bool


_CHOPPER = _Reading(_out_with_the_chop, adds_to_chain=True)
_CHOPPED = _Reading(_of_the_first_out, adds_to_chain=False)
_VOID_READINGS: Mapping[ChopOutVoids, tuple[_Reading, ...]] = MappingProxyType(
    {"none": (), "chopper": (_CHOPPER,), "chopped": (_CHOPPED,), "both": (_CHOPPER, _CHOPPED)}
)
"""The readings each value of ``chop_out_voids`` applies (``both``: either voids a chop)."""


@attrs.frozen
class _Voids:
    """The chops of a round that move no money (``void``), and among them those that add nothing
    to their chain (``dropped``)."""

    void: frozenset[Chop]
    dropped: frozenset[Chop]

    @classmethod
    def of(cls, result: RoundResult, rules: RuleSet) -> _Voids:
        """The void chops of ``result`` under ``rules.chop_out_voids``."""
        void: set[Chop] = set()
        dropped: set[Chop] = set()
        for reading in _VOID_READINGS[rules.chop_out_voids]:
            found = reading.voids(result)
            void |= found
            if not reading.adds_to_chain:
                dropped |= found
        return cls(frozenset(void), frozenset(dropped))


ChopsPaid = Callable[[RoundResult, list[tuple[str, int]], _Voids, int], list[list[Transfer]]]
"""How one ``chop_payment`` mode pays a round's chops: from the result, what each chop took
(:func:`_chopped`), the void chops and the unit, the transfers in the moments they fall due."""


def _multiply(result: RoundResult, taken: list[tuple[str, int]], voids: _Voids, unit: int) -> list[list[Transfer]]:
    """``multiply``: the k-th chop of a chain costs k × the price of the 2s that died in it so far,
    paid at once by the player just chopped (a void chop pays nothing; its 2s stay in the price)."""
    moments: list[list[Transfer]] = []
    price: dict[int, int] = {}
    twos: dict[int, list[str]] = {}
    for chop, (label, units) in zip(result.chops, taken, strict=True):
        added = units if chop.chopped_combo.mask & TWOS else 0  # 2s die here, four 2s included
        price[chop.trick] = price.get(chop.trick, 0) + added
        if added:
            twos.setdefault(chop.trick, []).append(label)
        amount = chop.index * price[chop.trick] * unit
        if amount and chop not in voids.void:
            reason = Reason.of(
                "chop-in-chain",
                index=chop.index,
                trick=chop.trick,
                combo=chop.chopped_combo,
                by=chop.by,
                price=price[chop.trick] * unit,
                two_labels=" + ".join(twos[chop.trick]),
            )
            moments.append([Transfer(payer=chop.chopped, payee=chop.chopper, amount=amount, reason=reason)])
    return moments


def _accumulate(result: RoundResult, taken: list[tuple[str, int]], voids: _Voids, unit: int) -> list[list[Transfer]]:
    """``accumulate``: when the chain ends, its last player chopped pays the last chopper every
    link's value; nothing when the last link is void, and a link voided by the ``chopped``
    reading adds nothing to the chain (RULES.md, "Chặt và tới")."""
    moments: list[list[Transfer]] = []
    chains: dict[int, list[tuple[str, int]]] = {}
    last: dict[int, Chop] = {}
    for chop, (label, units) in zip(result.chops, taken, strict=True):
        if chop not in voids.dropped:
            chains.setdefault(chop.trick, []).append((label, units * unit))
        last[chop.trick] = chop
    for trick, items in chains.items():
        total = sum(v for _, v in items)
        if total and last[trick] not in voids.void:
            parts = [{"code": "chop-part", "params": {"cards": label, "value": value}} for label, value in items]
            reason = Reason.of("chop-chain", trick=trick, parts=parts)
            moments.append([Transfer(payer=last[trick].chopped, payee=last[trick].chopper, amount=total, reason=reason)])
    return moments


_CHOP_PAYMENTS: Mapping[ChopPayment, ChopsPaid] = MappingProxyType(
    {"none": lambda result, taken, voids, unit: [], "multiply": _multiply, "accumulate": _accumulate}
)
"""How each ``chop_payment`` mode pays the chops: one function per mode."""


def chop_transfers(result: RoundResult, rules: RuleSet, unit: int) -> list[list[Transfer]]:
    """The chop payments, in the moments they fall due."""
    if not result.chops:
        return []
    return _CHOP_PAYMENTS[rules.chop_payment](result, _chopped(result, rules), _Voids.of(result, rules), unit)
