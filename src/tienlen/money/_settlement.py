"""The value :func:`~tienlen.settle` returns: a :class:`Settlement` of :class:`Transfer` values.
:mod:`tienlen.money.settle` offers every name here and documents them.
"""

from __future__ import annotations

from typing import Any

import attrs

from tienlen._base.checks import check_lang, check_seat
from tienlen._base.codec import WireValue
from tienlen._base.input import is_whole
from tienlen._base.messages import jsonable, render
from tienlen.variants.rules import Currency

__all__ = ["HOUSE_SEAT", "Transfer", "Settlement"]

HOUSE_SEAT = -1
"""The payee seat of the house account (the rake). Player seats are 0 and up."""


def _seat(seat: int) -> dict[str, Any]:
    return {"code": "the-house", "params": {}} if seat == HOUSE_SEAT else {"code": "seat-name", "params": {"seat": seat}}


@attrs.frozen(kw_only=True)
class Transfer:
    """``payer`` pays ``payee`` ``amount`` (a positive whole number of the room's money) for ``reason``.

    ``payee`` (and never ``payer``) may be :data:`HOUSE_SEAT` for the rake.

    ``reason`` is the English text; the reasons :func:`settle` writes are :class:`~tienlen.Reason`
    values, which :meth:`text` also writes in Vietnamese.

    >>> print(Transfer(payer=3, payee=0, amount=4000, reason="placement: 4th pays 1st"))
    seat 3 pays seat 0 4,000: placement: 4th pays 1st
    """

    payer: int
    payee: int
    amount: int
    reason: str

    def __str__(self) -> str:
        return self.text()

    def text(self, lang: str = "en") -> str:
        """The transfer in words in ``lang`` (``"en"`` or ``"vi"``); ``str()`` is the English."""
        params = {"payer": _seat(self.payer), "payee": _seat(self.payee), "amount": self.amount, "reason": jsonable(self.reason)}
        return render("transfer", params, check_lang(lang))


@attrs.frozen(kw_only=True)
class Settlement(WireValue):
    """What one round moved: the ``transfers`` in the order they fell due, the ``net`` result per seat,
    the ``house`` account (the rake; 0 where there is none), the ``currency`` counted in (chips,
    bets or points) and the ``unit``, what one unit is worth in this room, as given to
    :func:`settle` (1 for points).

    For chips and bets ``sum(net) + house == 0`` always. For points ``transfers`` is empty and
    ``net`` (also readable as :attr:`points`) holds each seat's points for the round.
    """

    currency: Currency
    unit: int
    transfers: tuple[Transfer, ...]
    net: tuple[int, ...]
    house: int = 0

    @property
    def points(self) -> tuple[int, ...]:
        """The same as :attr:`net` (the name that reads right for points profiles)."""
        return self.net

    @property
    def players(self) -> int:
        """How many seats the settlement covers."""
        return len(self.net)

    def paid_by(self, seat: int) -> tuple[Transfer, ...]:
        """The transfers ``seat`` pays. Raises :class:`~tienlen.InvalidArgument` when ``seat`` is
        not a seat of the table (nor :data:`HOUSE_SEAT`, which pays nothing)."""
        return tuple(t for t in self.transfers if t.payer == self._seat(seat))

    def paid_to(self, seat: int) -> tuple[Transfer, ...]:
        """The transfers ``seat`` (or :data:`HOUSE_SEAT`) receives; ``seat`` as in :meth:`paid_by`."""
        return tuple(t for t in self.transfers if t.payee == self._seat(seat))

    def _seat(self, seat: object) -> int:
        return HOUSE_SEAT if is_whole(seat, HOUSE_SEAT, HOUSE_SEAT) else check_seat(seat, self.players)

    def __str__(self) -> str:
        return self.text()

    def text(self, lang: str = "en") -> str:
        """Every transfer, then the net per seat, one line each, in ``lang`` (``"en"`` or ``"vi"``);
        ``str()`` (and ``print``) is the English.

        >>> from tienlen import HOUSE, settle
        >>> from tienlen.players.agents import GreedyAgent, play_round
        >>> print(settle(play_round(HOUSE, [GreedyAgent()] * 4, seed=1).result, HOUSE, unit=1000).text("vi"))
        ghế 0 trả ghế 1 4.000: xếp hạng: người về bét trả người về nhất
        ghế 3 trả ghế 2 2.000: xếp hạng: người về ba trả người về nhì
        tổng (chip): ghế 0 -4.000, ghế 1 +4.000, ghế 2 +2.000, ghế 3 -2.000
        """
        lines = [t.text(lang) for t in self.transfers]
        nets = [{"code": "seat-net", "params": {"seat": s, "value": v}} for s, v in enumerate(self.net)]
        params = {"currency": self.currency, "nets": nets, "house": self.house}
        lines.append(render("net-and-house" if self.house else "net", params, check_lang(lang)))
        return "\n".join(lines)

    def __repr__(self) -> str:
        """A short summary: the unit, the net per seat and how many transfers (``str()`` lists them)."""
        house = f", house {self.house:+,}" if self.house else ""
        return f"<Settlement in {self.currency}: net {' '.join(f'{v:+,}' for v in self.net)}{house}, {len(self.transfers)} transfers>"

    def _repr_svg_(self) -> str:
        from tienlen.show import svg  # pictures sit above the values they draw: imported when first drawn

        return svg.settlement(self)
