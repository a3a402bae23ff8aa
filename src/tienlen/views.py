"""What one player may see of a round: :class:`PlayerView`.

A view holds the seat's own hand, everyone's card counts, the table and the public history,
and the actions open to that seat. No other hand and no undealt card is in it.

>>> from tienlen import HOUSE, Round
>>> r = Round.deal(HOUSE, seed=7)
>>> v = r.view(2)
>>> v.seat, len(v.hand), v.card_counts
(2, 13, (13, 13, 13, 13))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from tienlen._codec import WireValue
from tienlen.cards import Card, cards_of
from tienlen.combos import Combo
from tienlen.errors import IllegalPlay
from tienlen.events import Action, Event, Froze, Passed, parse_action
from tienlen.rules import RuleSet

if TYPE_CHECKING:
    from tienlen.round import Round

__all__ = ["PlayerView", "view_of", "public_events"]


@attrs.frozen(kw_only=True)
class PlayerView(WireValue):
    """One seat's view of a round.

    ``legal_actions`` are that seat's in-turn actions when ``to_act == seat``; otherwise the
    out-of-turn chops open to it (with a ``pass`` to decline), or nothing. Declining changes
    nothing in the round: apply a chop with :meth:`Round.apply`, but not the declining ``pass``
    (:func:`~tienlen.agents.play_round` does this for agents).
    """

    rules: RuleSet
    seat: int
    players: int
    hand_mask: int
    card_counts: tuple[int, ...]
    to_act: int | None
    table: Combo | None
    table_seat: int | None
    leader: int
    trick_number: int
    passed: frozenset[int]
    finished: tuple[int, ...]
    frozen: tuple[int, ...]
    forfeited: tuple[int, ...]
    played_mask: int
    history: tuple[Event, ...]
    legal_actions: tuple[Action, ...]
    is_over: bool

    @property
    def hand(self) -> tuple[Card, ...]:
        """The seat's own cards, ascending."""
        return cards_of(self.hand_mask)

    @property
    def my_turn(self) -> bool:
        """Whether the seat acts in turn now."""
        return self.to_act == self.seat

    def parse_action(self, text: str, seat: int | None = None) -> Action:
        """Read an action this seat types or sends, as :meth:`Round.parse_action` does; it is always
        this seat's (a ``seat N`` in the text, or ``seat``, must be this one). Whether it is legal
        is for the round to say; ``action in view.legal_actions`` answers it for this view.
        """
        if seat is not None and seat != self.seat:
            raise IllegalPlay(f"this is seat {self.seat}'s view, not seat {seat}'s")
        return parse_action(text, self.rules, seat=self.seat)


def public_events(events: tuple[Event, ...], seat: int | None) -> tuple[Event, ...]:
    """The events as ``seat`` may see them: a frozen player's cards, and whether a player who
    passed held a legal play, are hidden from the others (``seat=None`` hides them from everyone)."""
    return tuple(_redact(e, seat) for e in events)


def _redact(event: Event, seat: int | None) -> Event:
    if isinstance(event, Froze) and event.seat != seat:
        return Froze(seat=event.seat, cards=())
    if isinstance(event, Passed) and event.seat != seat and event.could_play is not None:
        return Passed(seat=event.seat, could_play=None)
    return event


def view_of(round_: Round, seat: int) -> PlayerView:
    """The :class:`PlayerView` of ``seat`` in ``round_``: what that player may see and do now.

    Raises :class:`~tienlen.IllegalPlay` when ``seat`` is not a seat of the round.
    """
    from tienlen.round import _check_seat

    _check_seat(seat, round_.players, "seat")
    if round_.to_act == seat:
        actions = tuple(round_.legal_actions())
    else:
        interrupts = tuple(a for a in round_.legal_interrupts() if a.seat == seat)
        actions = interrupts + (Action(kind="pass", seat=seat),) if interrupts else ()
    trick = round_.trick
    return PlayerView(
        rules=round_.rules,
        seat=seat,
        players=round_.players,
        hand_mask=round_.hand_masks[seat],
        card_counts=tuple(m.bit_count() for m in round_.hand_masks),
        to_act=round_.to_act,
        table=trick.table,
        table_seat=trick.last_seat,
        leader=trick.leader,
        trick_number=trick.number,
        passed=trick.passed,
        finished=round_.finished,
        frozen=round_.frozen,
        forfeited=round_.forfeited,
        played_mask=sum(round_.dealt) & ~sum(round_.hand_masks),
        history=public_events(round_.events, seat),
        legal_actions=actions,
        is_over=round_.is_over,
    )
