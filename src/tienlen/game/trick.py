"""The trick in progress, as a value: :class:`Trick` (read from a round's position by
:attr:`Round.trick <tienlen.Round.trick>`, which makes it on first ask and keeps it).

>>> from tienlen import HOUSE, Round
>>> r = Round.deal(HOUSE, seed=7)
>>> r.trick.number, r.trick.table
(1, None)
"""

from __future__ import annotations

import attrs

from tienlen._base.codec import WireValue
from tienlen._base.fast import fast
from tienlen.game import _state
from tienlen.game.combos import Combo
from tienlen.game.events import Chop

__all__ = ["Trick", "trick_of"]


@attrs.frozen(kw_only=True)
class Trick(WireValue):
    """The trick in progress: from a lead until the table clears.

    ``plays`` are ``(seat, combo)`` in order; ``passed`` are the seats that passed in this trick;
    ``responded`` the seats that passed since the last play; ``chain`` the chops made in it.
    """

    number: int
    leader: int
    plays: tuple[tuple[int, Combo], ...] = ()
    passed: frozenset[int] = frozenset()
    responded: frozenset[int] = frozenset()
    chain: tuple[Chop, ...] = ()

    @property
    def table(self) -> Combo | None:
        """The combination to beat, or ``None`` when the trick has not been led."""
        return self.plays[-1][1] if self.plays else None

    @property
    def last_seat(self) -> int | None:
        """Who made the play on the table."""
        return self.plays[-1][0] if self.plays else None

    def _repr_svg_(self) -> str:
        from tienlen.show import svg  # pictures sit above the values they draw: imported when first drawn

        return svg.trick(self)


@fast(Trick)
def _trick(
    number: int,
    leader: int,
    plays: tuple[tuple[int, Combo], ...],
    passed: frozenset[int],
    responded: frozenset[int],
    chain: tuple[Chop, ...],
) -> Trick:
    """A round's trick in progress from its position's values (read on most decisions; nothing to check)."""
    raise NotImplementedError  # fast() writes the body


def trick_of(position: _state.State) -> Trick:
    """The trick in progress at ``position`` (the engine's: nothing to check)."""
    p = position
    return _trick(
        p[_state.NUMBER],
        p[_state.LEADER],
        p[_state.PLAYS],
        _state.SEATS[p[_state.PASSED]],
        _state.SEATS[p[_state.RESPONDED]],
        p[_state.CHAIN],
    )
