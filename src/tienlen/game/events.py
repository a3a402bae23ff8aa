"""What happens in a round, as frozen event values, and the finished round's :class:`RoundResult`.

A round's history is a tuple of these events. Settlement, statistics and replays read them;
nothing in them changes once made.
"""

from __future__ import annotations

from itertools import compress, repeat
from typing import Any, TypeVar, get_args

import attrs

from tienlen._base.checks import check_lang
from tienlen._base.codec import WireValue
from tienlen._base.input import is_whole, shown
from tienlen._base.messages import jsonable, render
from tienlen.errors import InvalidArgument, InvalidRecord
from tienlen.game.cards import Card
from tienlen.game.combos import Combo

__all__ = [
    "Played",
    "Passed",
    "Chop",
    "Finished",
    "Froze",
    "Forfeited",
    "TrickWon",
    "InstantWin",
    "Event",
    "RoundResult",
]


class _Described:
    """An event in words: ``str()`` in English, :meth:`text` in a language of the library."""

    __slots__ = ()

    def _words(self) -> tuple[str, dict[str, Any]]:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()

    def text(self, lang: str = "en") -> str:
        """The event in words in ``lang`` (``"en"`` or ``"vi"``): ``seat 2 plays 7♠ 7♣``, ``ghế 2 đánh 7♠ 7♣``."""
        code, params = self._words()
        return render(code, {name: jsonable(value) for name, value in params.items()}, check_lang(lang))


@attrs.frozen(kw_only=True)
class Played(_Described):
    """``seat`` put ``combo`` on the table (``out_of_turn`` for an interrupting bomb)."""

    seat: int
    combo: Combo
    out_of_turn: bool = False

    def _words(self) -> tuple[str, dict[str, Any]]:
        return "played-out-of-turn" if self.out_of_turn else "played", {"seat": self.seat, "combo": self.combo}


@attrs.frozen(kw_only=True)
class Passed(_Described):
    """``seat`` passed; ``could_play`` says whether they held a legal play (recorded where the rules
    need it, for đền bài; otherwise ``None``)."""

    seat: int
    could_play: bool | None = None

    def _words(self) -> tuple[str, dict[str, Any]]:
        return "passed", {"seat": self.seat}


SHARED_PASSES = {(seat, could): Passed(seat=seat, could_play=could) for seat in range(4) for could in (None, False, True)}
"""The pass of each seat 0-3, by seat and ``could_play``, made once (events are immutable, so
every history may hold the same ones)."""


@attrs.frozen(kw_only=True)
class Chop(_Described):
    """A chop: ``chopper`` beat ``chopped_combo`` of seat ``chopped`` with ``by``.

    ``index`` is the chop's place in its trick's chain (1 for the first chop); ``trick`` numbers
    the trick in the round (1 for the first).
    """

    trick: int
    index: int
    chopper: int
    chopped: int
    chopped_combo: Combo
    by: Combo

    def _words(self) -> tuple[str, dict[str, Any]]:
        return "chopped", {
            "index": self.index,
            "chopper": self.chopper,
            "chopped_combo": self.chopped_combo,
            "chopped": self.chopped,
            "by": self.by,
        }


@attrs.frozen(kw_only=True)
class Finished(_Described):
    """``seat`` emptied their hand and takes ``place`` (1 = first); ``with_two`` if the last play held a 2."""

    seat: int
    place: int
    with_two: bool

    def _words(self) -> tuple[str, dict[str, Any]]:
        return "finished-with-a-two" if self.with_two else "finished", {"seat": self.seat, "place": self.place}


@attrs.frozen(kw_only=True)
class Froze(_Described):
    """``seat`` had played no card when the first player went out: frozen (cóng), holding ``cards``."""

    seat: int
    cards: tuple[Card, ...]

    def _words(self) -> tuple[str, dict[str, Any]]:
        return "froze", {"seat": self.seat, "cards": " ".join(map(str, self.cards))}


@attrs.frozen(kw_only=True)
class Forfeited(_Described):
    """``seat`` left the round before it ended and takes a last place."""

    seat: int

    def _words(self) -> tuple[str, dict[str, Any]]:
        return "forfeited", {"seat": self.seat}


@attrs.frozen(kw_only=True)
class TrickWon(_Described):
    """Trick number ``trick`` was won by ``seat``; ``next_leader`` leads the next (``None`` if the round ended)."""

    trick: int
    seat: int
    next_leader: int | None

    def _words(self) -> tuple[str, dict[str, Any]]:
        code = "trick-won" if self.next_leader is None else "trick-won-next-leads"
        return code, {"trick": self.trick, "seat": self.seat, "next_leader": self.next_leader}


@attrs.frozen(kw_only=True)
class InstantWin(_Described):
    """``seat`` was dealt an instant-win hand (``pattern``, a key of ``INSTANT_WIN_PATTERNS``)."""

    seat: int
    pattern: str

    def _words(self) -> tuple[str, dict[str, Any]]:
        return "instant-win", {"seat": self.seat, "pattern": self.pattern}


Event = Played | Passed | Chop | Finished | Froze | Forfeited | TrickWon | InstantWin
"""Any event of a round's history."""


@attrs.frozen(kw_only=True)
class RoundResult(WireValue):
    """How a round ended.

    ``placements`` lists every seat from 1st to last (empty after an instant win); frozen players
    and forfeiters take the last places (the first to forfeit is last). ``hands`` are the cards each
    seat still held. ``den_bai`` is the frozen seat that passed while holding a legal play when the
    three other players were frozen, where the rules use that.

    One built by hand is checked for its types (seats are whole numbers from 0 to 99, events are
    round events), raising :class:`~tienlen.InvalidRecord`; :func:`~tienlen.settle` checks that
    the seats fit together.
    """

    players: int
    dealer: int
    first_round: bool
    placements: tuple[int, ...]
    frozen: tuple[int, ...]
    forfeited: tuple[int, ...]
    instant_winners: tuple[InstantWin, ...]
    hands: tuple[tuple[Card, ...], ...]
    events: tuple[Event, ...]
    den_bai: int | None = None

    def __attrs_post_init__(self) -> None:
        for name, kind in (("first_round", bool), ("placements", tuple), ("frozen", tuple), ("forfeited", tuple)):
            if not isinstance(getattr(self, name), kind):
                raise InvalidRecord.of("result-field-wrong-type", name=name, kind=kind.__name__, self=shown(getattr(self, name)))
        for name, items in (("instant_winners", InstantWin), ("hands", tuple), ("events", get_args(Event))):
            value = getattr(self, name)
            # each kind of item once: a round's history holds a few kinds of event, many times each
            if not isinstance(value, tuple) or not all(issubclass(kind, items) for kind in set(map(type, value))):
                raise InvalidRecord.of("result-field-not-tuple", name=name, value=name.replace("_", " "), value2=shown(value))
        den_bai = () if self.den_bai is None else (self.den_bai,)
        for seat in (self.players, self.dealer, *self.placements, *self.frozen, *self.forfeited, *den_bai):
            if not is_whole(seat, 0, 99):
                raise InvalidRecord.of("result-seats-player-counts-are", seat=shown(seat))

    @property
    def winners(self) -> tuple[int, ...]:
        """The instant winners, or the 1st place alone."""
        if self.instant_winners:
            return tuple(w.seat for w in self.instant_winners)
        return self.placements[:1]

    @property
    def chops(self) -> tuple[Chop, ...]:
        """Every chop of the round, in order."""
        return _of_kind(self.events, Chop)

    @property
    def finishes(self) -> tuple[Finished, ...]:
        """Every player going out, in order."""
        return _of_kind(self.events, Finished)

    def check_seats(self, players: int) -> None:
        """Refuse a result that contradicts itself at a ``players``-seat table: a hand per seat;
        instant winners, placements, frozen and forfeited seats at the table and in agreement;
        chops and finishes naming seats at the table. Raises :class:`~tienlen.InvalidRecord`
        (:class:`~tienlen.InvalidArgument` when ``players`` is not a whole number from 0 to 99)."""
        if not is_whole(players, 0, 99):
            raise InvalidArgument.of("not-a-whole-number-in-range", name="players", low=0, high=99, value=shown(players))
        seats = range(players)
        if len(self.hands) != players:
            raise InvalidRecord.of("result-lists-hands-players-give", hands_count=len(self.hands), players=players)
        self._check_places(seats)
        self._check_events(seats)

    def _check_places(self, seats: range) -> None:
        """Instant winners, placements, frozen and forfeited seats are at the table and agree."""
        n = len(seats)
        if self.instant_winners:
            bad = [w.seat for w in self.instant_winners if not is_whole(w.seat, 0, n - 1)]
            if bad:
                raise InvalidRecord.of("instant-winner-seat-player-table", bad=bad[0], n=n)
        elif sorted(self.placements) != list(seats):
            raise InvalidRecord.of("placements-must-list-each-seats", placements=list(self.placements), n=n)
        for name, group in (("frozen", self.frozen), ("forfeited", self.forfeited)):
            bad = [s for s in group if s not in seats]
            if bad:
                raise InvalidRecord.of("seat-player-table", name=name, bad=bad[0], n=n)
        if self.placements and self.placements[0] in self.frozen:
            raise InvalidRecord.of("seat-both-1st-frozen-frozen", placements=self.placements[0])
        tail = len(self.frozen) + len(self.forfeited)
        if self.placements and tail and set(self.placements[-tail:]) != set(self.frozen) | set(self.forfeited):
            raise InvalidRecord.of(
                "placements-must-end-with-frozen",
                placements=list(self.placements),
                frozen=list(self.frozen),
                forfeited=list(self.forfeited),
            )
        if self.den_bai is not None and self.den_bai not in self.frozen:
            raise InvalidRecord.of("den-bai-seat-not-frozen", den_bai=self.den_bai, frozen=list(self.frozen))

    def _check_events(self, seats: range) -> None:
        """Chop and finish events name seats at the table."""
        n = len(seats)
        for chop in self.chops:
            seats_ok = is_whole(chop.chopper, 0, n - 1) and is_whole(chop.chopped, 0, n - 1)
            if not seats_ok or isinstance(chop.index, bool) or not isinstance(chop.index, int) or chop.index < 1:
                raise InvalidRecord.of("chop-event-names-seat-player", chop=shown(chop), n=n)
            if chop.chopper == chop.chopped:
                raise InvalidRecord.of("chop-event-seat-cannot-chop", chop=shown(chop), chopper=chop.chopper)
        for finish in self.finishes:
            if not is_whole(finish.seat, 0, n - 1):
                raise InvalidRecord.of("finish-event-names-seat-player", finish=shown(finish), n=n)

    def place_of(self, seat: int) -> int:
        """The place (1 = first) of a seat.

        Raises :class:`~tienlen.InvalidArgument` when ``seat`` is not a seat of the round, or the
        round ended in an instant win (which places no one: :attr:`placements` is empty)."""
        if not is_whole(seat, 0, self.players - 1):
            raise InvalidArgument.of("not-a-seat", name="seat", value=self.players - 1, seat=shown(seat))
        if seat not in self.placements:
            raise InvalidArgument.of("no-place-after-instant-win", seat=seat)
        return self.placements.index(seat) + 1


_E = TypeVar("_E")


def _of_kind(events: tuple[Event, ...], kind: type[_E]) -> tuple[_E, ...]:
    """The events of ``kind``, in order, picked out in C (a settlement reads a round's chops and
    finishes several times, and a history holds about a hundred events)."""
    return tuple(compress(events, map(isinstance, events, repeat(kind))))  # type: ignore[arg-type]
