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

from collections.abc import Sequence
from typing import Any

import attrs

from tienlen._base.cache import BoundedCache
from tienlen._base.checks import check_lang, check_type
from tienlen._base.codec import WireValue
from tienlen._base.input import shown
from tienlen._base.messages import render
from tienlen.errors import IllegalPlay
from tienlen.game import _state
from tienlen.game.actions import Action, parse_action
from tienlen.game.cards import Cards, cards_of, format_cards
from tienlen.game.combos import Combo
from tienlen.game.events import SHARED_PASSES, Event, Froze, Passed
from tienlen.variants.rules import RuleSet

__all__ = ["PlayerView", "public_events", "seat_view"]


@attrs.frozen(kw_only=True)
class PlayerView(WireValue):
    """One seat's view of a round.

    ``legal_actions`` are that seat's in-turn actions when ``to_act == seat`` (the round's own
    lazy :class:`~tienlen.game.actions.LegalActions`, shared rather than copied); otherwise a tuple of
    the out-of-turn chops open to it (with a ``pass`` to decline), or nothing. Either is a
    read-only sequence that compares equal to, and hashes like, the tuple of the same actions.
    Declining changes nothing in the round: apply a chop with :meth:`Round.apply`, but not the
    declining ``pass`` (:func:`~tienlen.players.agents.play_round` does this for agents).
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
    legal_actions: Sequence[Action]
    is_over: bool

    @property
    def hand(self) -> Cards:
        """The seat's own cards, ascending."""
        return cards_of(self.hand_mask)

    @property
    def my_turn(self) -> bool:
        """Whether the seat acts in turn now."""
        return self.to_act == self.seat

    def __str__(self) -> str:
        return self.text()

    def text(self, lang: str = "en") -> str:
        """The view in words in ``lang`` (``"en"`` or ``"vi"``): the hand, everyone's card count, the
        table, passes, places and the turn (``str()`` is the English).

        >>> from tienlen import HOUSE, Round
        >>> print(Round.from_hands(["3♠ 7♦ 2♥", "4♣ 9♠ K♥"], HOUSE).view(1).text("vi"))
        house, ghế 1 trong bàn 2 người, vòng 1 (ghế 0 đi trước)
        bài trên tay: 4♣ 9♠ K♥
        số lá còn lại: ghế 0 còn 3, ghế 1 còn 3
        trên bàn: trống; đã bỏ lượt: không ai
        đến lượt: ghế 0
        """
        lang = check_lang(lang)
        lines = [
            render(
                "view-heading",
                {
                    "rules": self.rules.name,
                    "seat": self.seat,
                    "players": self.players,
                    "trick": self.trick_number,
                    "leader": self.leader,
                },
                lang,
            ),
            render("view-hand", {"cards": format_cards(self.hand_mask)}, lang)
            if self.hand_mask
            else render("view-hand-empty", {}, lang),
            render(
                "view-cards-left",
                {
                    "counts": [
                        {"code": "view-seat-count", "params": {"seat": s, "count": n}} for s, n in enumerate(self.card_counts)
                    ]
                },
                lang,
            ),
        ]
        table = (
            {"code": "view-table-empty", "params": {}}
            if self.table is None
            else {"code": "view-table-combo", "params": {"combo": str(self.table), "seat": self.table_seat}}
        )
        passed = _seats(sorted(self.passed)) or {"code": "view-nobody", "params": {}}
        lines.append(render("view-table", {"on_table": table, "passed": passed}, lang))
        for code, group in (("view-finished", self.finished), ("view-frozen", self.frozen), ("view-forfeited", self.forfeited)):
            if group:
                lines.append(render(code, {"seats": _seats(group)}, lang))
        if self.is_over:
            lines.append(render("view-over", {}, lang))
        elif self.my_turn:
            lines.append(render("view-to-act-you", {"seat": self.to_act, "count": len(self.legal_actions)}, lang))
        elif self.legal_actions:
            lines.append(render("view-to-act-open", {"seat": self.to_act, "count": len(self.legal_actions)}, lang))
        else:
            lines.append(render("view-to-act", {"seat": self.to_act}, lang))
        return "\n".join(lines)

    def _table_words(self) -> str:
        return "empty" if self.table is None else f"{self.table} by seat {self.table_seat}"

    def __repr__(self) -> str:
        """A short summary: whose view, of which rules, the hand as text with its size, the table and
        whose turn (``str()`` writes the whole view).

        >>> from tienlen import HOUSE, Round
        >>> Round.from_hands(["3♠ 7♦ 2♥", "4♣ 9♠ K♥"], HOUSE).view(1)
        <PlayerView seat 1 of 2, house: hand 4♣ 9♠ K♥ (3 cards), trick 1, table empty, seat 0 to act>
        """
        turn = "round over" if self.is_over else f"seat {self.to_act} to act"
        cards = self.hand_mask.bit_count()
        hand = f"hand {format_cards(self.hand_mask)} ({cards} card{'' if cards == 1 else 's'})" if cards else "hand empty"
        return f"<PlayerView seat {self.seat} of {self.players}, {self.rules.name}: {hand}, trick {self.trick_number}, table {self._table_words()}, {turn}>"

    def _repr_svg_(self) -> str:
        from tienlen.show import svg  # pictures sit above the values they draw: imported when first drawn

        return svg.view(self)

    def parse_action(self, text: str, seat: int | None = None) -> Action:
        """Read an action this seat types or sends, as :meth:`Round.parse_action` does; it is always
        this seat's (a ``seat N`` in the text, or ``seat``, must be this one). Whether it is legal
        is for the round to say; ``action in view.legal_actions`` answers it for this view.
        """
        if seat is not None and (type(seat) is not int or seat != self.seat):  # a bool is no seat
            raise IllegalPlay.of("seat-view-seat", seat=self.seat, seat2=shown(seat))
        return parse_action(text, self.rules, seat=self.seat)


def _seats(seats: Sequence[int]) -> list[dict[str, Any]]:
    """Seats as texts for :func:`~tienlen._base.messages.render` (written one after the other)."""
    return [{"code": "seat-name", "params": {"seat": seat}} for seat in seats]


def public_events(events: tuple[Event, ...], seat: int | None) -> tuple[Event, ...]:
    """The events as ``seat`` may see them: a frozen player's cards, and whether a player who
    passed held a legal play, are hidden from the others (``seat=None`` hides them from everyone).

    It keeps nothing between calls. (:meth:`Round.view <tienlen.Round.view>` redacts only the
    events added since it last showed that seat the same deal: see :func:`public_events_after`.)"""
    check_type(events, tuple, "events", "a tuple of events")
    if seat is not None:
        check_type(seat, int, "seat", "a seat number or None")
    return public_events_after(None, events, seat)


Shown = tuple[tuple[Event, ...], tuple[Event, ...]]
"""A history and what :func:`public_events` showed of it to one seat."""


def public_events_after(before: Shown | None, events: tuple[Event, ...], seat: int | None) -> tuple[Event, ...]:
    """:func:`public_events` without its checks, for the engine: when ``events`` continue the
    history of ``before`` (what this seat was shown earlier), only the events added since are
    redacted. A round's history grows by a few events an action; the comparison is by identity
    first, so at C speed."""
    if before is not None and len(before[0]) <= len(events) and events[: len(before[0])] == before[0]:
        return before[1] + tuple([_redact(e, seat) for e in events[len(before[0]) :]])
    return tuple([_redact(e, seat) for e in events])


_SHOWN: BoundedCache[tuple[int, int], Shown] = BoundedCache("histories shown", limit=1 << 10, holds="seats of deals")
"""What :meth:`Round.view <tienlen.Round.view>` last showed each seat of a deal's history, by the
deal's id and the seat (about 3 MB when full: a history it holds stays alive). Whatever an entry
holds, :func:`public_events_after` uses it only when the history asked for continues it, so a
deal whose id a later deal took can only ever lend an equal, equally redacted history."""


def seat_view(deal: _state.Deal, position: _state.State, to_act: int | None, seat: int, actions: Sequence[Action]) -> PlayerView:
    """What ``seat`` may see of a round at ``position`` (the engine's :meth:`Round.view
    <tienlen.Round.view>`, its seat checked), with ``actions`` as the actions open to it. Only
    đền bài rules and frozen players hide anything; what a view last showed a seat of the same
    deal is kept in a bounded cache, so each view redacts only the events added since."""
    p = position
    hands, plays, events, frozen = p[_state.HANDS], p[_state.PLAYS], p[_state.EVENTS], p[_state.FROZEN]
    rules = deal.rules
    history = events
    if rules.den_bai or frozen:
        key = (id(deal), seat)
        history = public_events_after(_SHOWN.get(key), events, seat)
        _SHOWN.put(key, (events, history))
    table_seat, table = plays[-1] if plays else (None, None)
    return PlayerView(
        rules=rules,
        seat=seat,
        players=len(hands),
        hand_mask=hands[seat],
        card_counts=tuple(map(int.bit_count, hands)),
        to_act=to_act,
        table=table,
        table_seat=table_seat,
        leader=p[_state.LEADER],
        trick_number=p[_state.NUMBER],
        passed=_state.SEATS[p[_state.PASSED]],
        finished=p[_state.FINISHED],
        frozen=frozen,
        forfeited=p[_state.FORFEITED],
        played_mask=sum(deal.dealt) & ~sum(hands),
        history=history,
        legal_actions=actions,
        is_over=to_act is None,
    )


def _redact(event: Event, seat: int | None) -> Event:
    if isinstance(event, Froze) and event.seat != seat:
        return Froze(seat=event.seat, cards=())
    if isinstance(event, Passed) and event.seat != seat and event.could_play is not None:
        return SHARED_PASSES.get((event.seat, None)) or Passed(seat=event.seat, could_play=None)
    return event
