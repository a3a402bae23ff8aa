"""What happens in a round, as frozen event values, and the finished round's :class:`RoundResult`.

A round's history is a tuple of these events. Settlement, statistics and replays read them;
nothing in them changes once made.
"""

from __future__ import annotations

from typing import Literal, get_args

import attrs

from tienlen._checks import shown
from tienlen._codec import WireValue
from tienlen.cards import Card, parse_cards
from tienlen.combos import Combo, classify
from tienlen.errors import IllegalPlay, InvalidCards, InvalidRecord
from tienlen.rules import RuleSet

__all__ = [
    "Action",
    "parse_action",
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


@attrs.frozen(kw_only=True)
class Action(WireValue):
    """One thing a player may do: ``play`` a combination in turn, ``pass``, ``interrupt`` out of turn
    with a bomb where the rules allow it, or ``forfeit`` (leave the round).

    One built by hand is checked: a play or an interrupt has a :class:`~tienlen.Combo`, a pass or a
    forfeit has none, and the seat is a whole number from 0 to 99 (else :class:`~tienlen.IllegalPlay`).
    """

    kind: Literal["play", "pass", "interrupt", "forfeit"]
    seat: int
    combo: Combo | None = None

    def __attrs_post_init__(self) -> None:
        if self.kind not in ("play", "pass", "interrupt", "forfeit"):
            raise IllegalPlay(f"unknown action kind {shown(self.kind)}; use play, pass, interrupt or forfeit")
        if isinstance(self.seat, bool) or not isinstance(self.seat, int) or not 0 <= self.seat <= 99:
            raise IllegalPlay(f"an action's seat is a whole number from 0 to 99, not {shown(self.seat)}")
        if not isinstance(self.combo, Combo) if self.kind in ("play", "interrupt") else self.combo is not None:
            raise IllegalPlay(
                f"a {self.kind} action {'needs a Combo' if self.combo is None else 'has no cards'}, not {shown(self.combo)}"
            )

    @property
    def mask(self) -> int:
        """The card mask of the action (0 for a pass or a forfeit)."""
        return self.combo.mask if self.combo is not None else 0

    def __str__(self) -> str:
        return f"seat {self.seat} {self.kind}" + (f" {self.combo}" if self.combo is not None else "")


_VERBS: dict[str, Literal["play", "pass", "interrupt", "forfeit"]] = {
    "play": "play",
    "pass": "pass",
    "chop": "interrupt",
    "interrupt": "interrupt",
    "forfeit": "forfeit",
}


def parse_action(text: str, rules: RuleSet, *, seat: int | None = None, to_act: int | None = None) -> Action:
    """Read an action as a person or a client types it: ``pass``, ``3♠ 4♠ 5♠``, ``play 3s 4s 5s``,
    ``chop 6♠6♣6♦6♥`` (an out-of-turn interrupt), ``forfeit``, each optionally after ``seat N``,
    so that ``str(action)`` reads back. Cards may be written in any spelling :func:`~tienlen.parse_cards` reads.

    The action is for ``seat`` when given (a ``seat N`` in the text must then agree), else for the
    seat the text names, else (a play or a pass) for ``to_act``. Only the words are read here:
    whether the action is legal now is for :meth:`~tienlen.Round.apply` to say.

    Raises :class:`~tienlen.IllegalPlay` naming a word it cannot read or a missing seat,
    :class:`~tienlen.InvalidCards` naming an unreadable card, and :class:`~tienlen.InvalidCombo`
    when the cards form no combination under ``rules``.

    >>> from tienlen import HOUSE
    >>> print(parse_action("play 3s 4s 5s", HOUSE, to_act=2))
    seat 2 play 3♠ 4♠ 5♠
    >>> parse_action("seat 1 pass", HOUSE)
    Action(kind='pass', seat=1, combo=None)
    """
    if not isinstance(text, str):
        raise IllegalPlay(f"an action is text such as 'pass' or 'play 3♠ 4♠ 5♠', not {type(text).__name__}")
    words = text.split()
    named = None
    if words and words[0].lower() == "seat":
        if len(words) < 2 or not words[1].isdigit():
            raise IllegalPlay(
                f"cannot read {' '.join(words[1:2]) or 'nothing'!r} as a seat number in {text!r}; write 'seat 2 pass'"
            )
        named, words = int(words[1]), words[2:]
        if seat is not None and named != seat:
            raise IllegalPlay(f"{text!r} is for seat {named}, but this is seat {seat}")
    if not words:
        raise IllegalPlay(
            "no action given: write 'pass', the cards to play (e.g. '3♠ 4♠ 5♠'), 'chop' and the cards, or 'forfeit'"
        )
    kind = _VERBS.get(words[0].lower())
    if kind is None:
        kind = "play"
        if words[0].isalpha() and not _is_card(words[0]):
            raise IllegalPlay(
                f"cannot read {words[0]!r} in {text!r}: write 'pass', the cards to play (e.g. 'play 3♠ 4♠ 5♠'), "
                "'chop' and the cards, or 'forfeit'"
            )
    else:
        words = words[1:]
    who = seat if seat is not None else named if named is not None else to_act if kind in ("play", "pass") else None
    if who is None:
        raise IllegalPlay(f"say which seat acts: 'seat 2 {text.strip()}'")
    if kind in ("pass", "forfeit"):
        if words:
            raise IllegalPlay(f"cannot read {words[0]!r} in {text!r}: '{kind}' takes no cards")
        return Action(kind=kind, seat=who)
    if not words:
        raise IllegalPlay(f"{text.strip()!r} names no cards: write them after it, e.g. 'play 3♠ 4♠ 5♠'")
    return Action(kind=kind, seat=who, combo=classify(" ".join(words), rules))


def _is_card(word: str) -> bool:
    try:
        return len(parse_cards(word)) > 0
    except InvalidCards:
        return False


@attrs.frozen(kw_only=True)
class Played:
    """``seat`` put ``combo`` on the table (``out_of_turn`` for an interrupting bomb)."""

    seat: int
    combo: Combo
    out_of_turn: bool = False

    def __str__(self) -> str:
        return f"seat {self.seat} {'interrupts with' if self.out_of_turn else 'plays'} {self.combo}"


@attrs.frozen(kw_only=True)
class Passed:
    """``seat`` passed; ``could_play`` says whether they held a legal play (recorded where the rules
    need it, for đền bài; otherwise ``None``)."""

    seat: int
    could_play: bool | None = None

    def __str__(self) -> str:
        return f"seat {self.seat} passes"


@attrs.frozen(kw_only=True)
class Chop:
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

    def __str__(self) -> str:
        return (
            f"chop {self.index} of the chain: seat {self.chopper} chops {self.chopped_combo} (seat {self.chopped}) with {self.by}"
        )


@attrs.frozen(kw_only=True)
class Finished:
    """``seat`` emptied their hand and takes ``place`` (1 = first); ``with_two`` if the last play held a 2."""

    seat: int
    place: int
    with_two: bool

    def __str__(self) -> str:
        return f"seat {self.seat} goes out in place {self.place}" + (" on a 2" if self.with_two else "")


@attrs.frozen(kw_only=True)
class Froze:
    """``seat`` had played no card when the first player went out: frozen (cóng), holding ``cards``."""

    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"seat {self.seat} is frozen holding {' '.join(map(str, self.cards))}"


@attrs.frozen(kw_only=True)
class Forfeited:
    """``seat`` left the round before it ended and takes a last place."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} forfeits"


@attrs.frozen(kw_only=True)
class TrickWon:
    """Trick number ``trick`` was won by ``seat``; ``next_leader`` leads the next (``None`` if the round ended)."""

    trick: int
    seat: int
    next_leader: int | None

    def __str__(self) -> str:
        lead = "" if self.next_leader is None else f"; seat {self.next_leader} leads"
        return f"trick {self.trick} won by seat {self.seat}{lead}"


@attrs.frozen(kw_only=True)
class InstantWin:
    """``seat`` was dealt an instant-win hand (``pattern``, a key of ``INSTANT_WIN_PATTERNS``)."""

    seat: int
    pattern: str

    def __str__(self) -> str:
        return f"seat {self.seat} wins at once with {self.pattern.replace('_', ' ')}"


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
                raise InvalidRecord(f"result.{name} must be a {kind.__name__}, not {shown(getattr(self, name))}")
        for name, items in (("instant_winners", InstantWin), ("hands", tuple), ("events", get_args(Event))):
            value = getattr(self, name)
            if not isinstance(value, tuple) or not all(isinstance(item, items) for item in value):
                raise InvalidRecord(f"result.{name} must be a tuple of {name.replace('_', ' ')}, not {shown(value)}")
        den_bai = () if self.den_bai is None else (self.den_bai,)
        for seat in (self.players, self.dealer, *self.placements, *self.frozen, *self.forfeited, *den_bai):
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 99:
                raise InvalidRecord(f"result seats and player counts are whole numbers from 0 to 99, not {shown(seat)}")

    @property
    def winners(self) -> tuple[int, ...]:
        """The instant winners, or the 1st place alone."""
        if self.instant_winners:
            return tuple(w.seat for w in self.instant_winners)
        return self.placements[:1]

    @property
    def chops(self) -> tuple[Chop, ...]:
        """Every chop of the round, in order."""
        return tuple(e for e in self.events if isinstance(e, Chop))

    @property
    def finishes(self) -> tuple[Finished, ...]:
        """Every player going out, in order."""
        return tuple(e for e in self.events if isinstance(e, Finished))

    def place_of(self, seat: int) -> int:
        """The place (1 = first) of a seat."""
        return self.placements.index(seat) + 1
