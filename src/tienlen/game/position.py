"""A round's position, read by name: every seat's cards, the trick in progress and the history.

:attr:`Round.position <tienlen.Round.position>` is the round's :class:`Position`, made from the
engine's own state when asked for (one small value, a single call in C). It is what a program that
holds the round may know, the hands the players keep hidden from one another included; a player's
own view of it is :meth:`Round.view <tienlen.Round.view>`.

>>> from tienlen import HOUSE, Round
>>> r = Round.deal(HOUSE, seed=7)
>>> r = r.play(r.legal_actions()[0].combo)
>>> p = r.position
>>> p.table, p.table_seat, p.number
(Combo.parse('3♠'), 3, 1)
>>> [p.cards_left(seat) for seat in range(p.players)]
[13, 13, 13, 12]

Code that reads a round at every decision (a bot, an observation encoder) reads the few values it
needs with a :func:`position_reader`, which makes nothing but the tuple it returns:

>>> read = position_reader("hands", "must")
>>> hands, must = read(r)
>>> must, hands == p.hands
(0, True)

Sets of seats are kept as bits (seat ``s`` is bit ``s``), as the engine asks about them at every
action: :attr:`~Position.passed` and :attr:`~Position.out`; :meth:`~Position.has_passed`,
:meth:`~Position.is_out` and :attr:`~Position.passed_seats` read them. The cards a seat has played
are the ones it was dealt and holds no more: ``r.dealt[seat] & ~p.hands[seat]``.

Read a position's values by name. It is a :class:`~typing.NamedTuple`, but a later release may add
values to it: code that unpacks it or reads it by index would then break.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any, NamedTuple

from tienlen._base.checks import check_seat
from tienlen._base.input import shown
from tienlen.errors import InvalidArgument
from tienlen.game.actions import Action
from tienlen.game.combos import Combo
from tienlen.game.events import Chop, Event

__all__ = ["Position", "position_reader", "SEATS"]

SEATS = tuple(frozenset(s for s in range(4) if bits >> s & 1) for bits in range(16))
"""The seats of each set of seats kept as bits, by its bits: ``SEATS[0b0101] == frozenset({0, 2})``."""


class Position(NamedTuple):
    """The cards, the trick in progress and the history of a round after some actions; what stays
    the same through the deal (the rules, the hands dealt, the dealer) is on the
    :class:`~tienlen.Round` itself. Values that are sets of seats are bits (seat ``s`` is bit ``s``)."""

    hands: tuple[int, ...]
    """The cards each seat holds now, as card masks: every hand, the ones hidden from the other
    seats included."""
    number: int
    """The number of the trick in progress, from 1."""
    leader: int
    """The seat that led the trick in progress (or is to lead it)."""
    plays: tuple[tuple[int, Combo], ...]
    """Each play of the trick in progress, in order, as ``(seat, combo)``."""
    passed: int
    """The seats that have passed in this trick, as bits (:attr:`passed_seats` as seats)."""
    responded: int
    """The seats that have passed since the last play, as bits."""
    chain: tuple[Chop, ...]
    """The chops made in this trick, in order."""
    finished: tuple[int, ...]
    """The seats that have gone out, in order."""
    frozen: tuple[int, ...]
    """The seats frozen (cóng), in order."""
    forfeited: tuple[int, ...]
    """The seats that left the round, in order."""
    out: int
    """The seats finished, frozen or forfeited, as bits."""
    must: int
    """The cards the next play must hold (the first lead of a first round), as a mask; 0 for none."""
    events: tuple[Event, ...]
    """Everything that has happened, in order."""
    actions: tuple[Action, ...]
    """Every action taken, in order."""

    @property
    def players(self) -> int:
        """How many seats are dealt in."""
        return len(self.hands)

    @property
    def table(self) -> Combo | None:
        """The combination to beat: the last play of the trick, ``None`` when the trick is to be led."""
        plays = self.plays
        return plays[-1][1] if plays else None

    @property
    def table_seat(self) -> int | None:
        """The seat whose play is on the table, ``None`` when the trick is to be led."""
        plays = self.plays
        return plays[-1][0] if plays else None

    @property
    def passed_seats(self) -> frozenset[int]:
        """The seats that have passed in this trick (:attr:`passed` as a set of seats)."""
        return SEATS[self.passed]

    def cards_left(self, seat: int) -> int:
        """How many cards ``seat`` holds now. Raises :class:`~tienlen.InvalidArgument` for a bad seat."""
        check_seat(seat, len(self.hands), "seat")
        return int.bit_count(self.hands[seat])

    def has_passed(self, seat: int) -> bool:
        """Whether ``seat`` has passed in this trick. Raises :class:`~tienlen.InvalidArgument` for a bad seat."""
        check_seat(seat, len(self.hands), "seat")
        return self.passed >> seat & 1 == 1

    def is_out(self, seat: int) -> bool:
        """Whether ``seat`` takes no more turns this round: it has gone out, is frozen or has left.
        Raises :class:`~tienlen.InvalidArgument` for a bad seat."""
        check_seat(seat, len(self.hands), "seat")
        return self.out >> seat & 1 == 1


def position_reader(*names: str) -> Callable[[Any], tuple[Any, ...]]:
    """A function that reads the values ``names`` (fields of :class:`Position`) of a
    :class:`~tienlen.Round`'s position, as a tuple in that order: for code that reads a round at
    every decision (the bundled bots, the learning adapters' observations). It reads them in C from
    the engine's own state, without making a :class:`Position`, so reading a few values costs less
    than :attr:`Round.position <tienlen.Round.position>` takes to make.

    >>> from tienlen import HOUSE, Round
    >>> read = position_reader("number", "leader", "must")
    >>> read(Round.deal(HOUSE, seed=7))
    (1, 3, 1)

    Raises :class:`~tienlen.InvalidArgument` for a name that is no field of a position; the function
    it gives raises it for anything but a round.
    """
    fields = Position._fields
    for name in names:
        if name not in fields:
            raise InvalidArgument.of("axis-word-not-allowed", field="position_reader", item=shown(name), repr=", ".join(fields))
    at = [fields.index(name) for name in names]
    getter = itemgetter(*at) if len(at) > 1 else itemgetter(slice(at[0], at[0] + 1) if at else slice(0))

    def read(round_: Any) -> tuple[Any, ...]:
        try:
            values: tuple[Any, ...] = getter(round_._position)  # the engine's state: a plain tuple in this order
        except AttributeError:
            raise InvalidArgument.of("wrong-type", name="round_", words="a Round", value=shown(round_)) from None
        return values

    read.__doc__ = f"The values {', '.join(names) or '(none)'} of a round's position, in this order (see position_reader)."
    return read
