"""Stable integer encodings of cards, actions and player views, for programs that learn or store games.

Everything here is plain ``int`` and ``list[int]``: no array library is needed, and any can read it.

**Cards.** A card set is a 52-bit ``int`` whose bit ``i`` is the card of index ``i = rank * 4 + suit``
(3♠ = 0, 3♣ = 1, … 2♥ = 51), or the same as a list of 52 zeros and ones (``bits[i]``).

**Actions.** An action is the mask of the cards it plays; a pass (declining an out-of-turn chop
included) is ``0``. Within one view every legal action has a different mask, so the mask names the
action: :func:`legal_action_masks` lists them and :func:`action_from_mask` turns one back into the
:class:`~tienlen.Action` (refusing, with the reason, a mask that is not legal).

**Observations.** :func:`encode_observation` turns a :class:`~tienlen.game.views.PlayerView` into a list
of :data:`OBSERVATION_LENGTH` ints, made of the fields of :data:`OBSERVATION_FIELDS` in this order:

=====================  ======  =================================================================
field                  length  value
=====================  ======  =================================================================
``seat``               1       the observer's seat number (0 …)
``players``            1       seats at the table (2 … 4)
``hand``               52      the observer's cards, as card bits
``table``              52      the cards of the combination to beat (all 0 when the table is empty)
``played``             52      every card played so far in the round
``played_by``          4 × 52  the cards each seat has played, in relative seat order (see below)
``card_counts``        4       cards each seat holds now
``passed``             4       1 if the seat has passed in this trick, else 0
``finished``           4       the seat's finishing place (1 = first out), 0 while it holds cards
``frozen``             4       0, or the seat's position (1, 2, …) in the list of frozen seats
``forfeited``          4       0, or the seat's position (1, 2, …) in the order of forfeits
``to_act``             1       offset of the seat to act in turn; -1 once the round is over
``table_seat``         1       offset of the seat whose play is on the table; -1 if it is empty
``leader``             1       offset of the seat that leads (led) this trick
``table_kind``         1       0 for an empty table, else the :class:`~tienlen.ComboKind` value
                               (1 single, 2 pair, 3 triple, 4 quad, 5 straight, 6 pair run,
                               7 triple run, 8 quad run)
``table_length``       1       cards on the table (0 if empty)
``trick_number``       1       the trick being played, 1 for the first
``chops_in_trick``     1       chops made in this trick so far (the length of its chop chain)
``my_turn``            1       1 if the observer acts in turn now
``must_lead``          1       1 if the observer acts in turn on an empty table (may not pass)
``interrupt_offered``  1       1 if, out of turn, the observer may chop now (iwin's free PR4)
``is_over``            1       1 once the round has ended
=====================  ======  =================================================================

**Relative seats.** Per-seat fields have 4 slots in *relative* order: slot ``k`` is the seat ``k``
places after the observer in play order (slot 0 the observer, slot 1 the next seat to act after
them …), so the same situation reads the same from every chair. ``to_act``, ``table_seat`` and
``leader`` are offsets in the same sense. At a table of fewer than 4 players, every slot of a seat
that does not exist holds ``-1`` (in ``played_by`` the whole 52-card block is ``-1``).

The rule set is not encoded: an observation is read under the rules of its environment. The
history of the round enters through ``played``, ``played_by``, ``passed`` and the places; the
exact order of earlier plays is not kept. :func:`decode_observation` reads a list back into an
:class:`Observation` (absolute seat numbers again), and ``decode_observation(encode_observation(v))
== Observation.of(v)`` for every view ``v``. :meth:`Observation.to_bytes` gives the same ints as
one signed byte each, which an array library reads without a loop (``numpy.frombuffer``); the
learning adapters build their arrays that way.

>>> from tienlen import HOUSE, Round
>>> view = Round.deal(HOUSE, seed=7).view(0)
>>> vector = encode_observation(view)
>>> len(vector) == OBSERVATION_LENGTH == 397
True
>>> decode_observation(vector).hand_mask == view.hand_mask
True
>>> mask_to_bits(0b101)[:4]
[1, 0, 1, 0]
"""

from __future__ import annotations

import itertools
import operator
import struct
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Generic, NamedTuple, TypeVar

import attrs

from tienlen._base.cache import BoundedCache
from tienlen._base.checks import check_type
from tienlen._base.input import shown
from tienlen.errors import IllegalPlay, InvalidCards, InvalidCombo, InvalidRecord
from tienlen.game.actions import Action
from tienlen.game.beating import explain
from tienlen.game.cards import FULL_MASK, Card, cards_of, format_cards, mask_of
from tienlen.game.combos import Combo, ComboKind, classify
from tienlen.game.events import Chop, Played
from tienlen.game.views import PlayerView

__all__ = [
    "SLOTS",
    "OBSERVATION_FIELDS",
    "OBSERVATION_LENGTH",
    "OBSERVATION_OFFSETS",
    "Observation",
    "cards_to_mask",
    "mask_to_cards",
    "mask_to_bits",
    "bits_to_mask",
    "cards_to_bits",
    "bits_to_cards",
    "action_to_mask",
    "legal_action_masks",
    "action_from_mask",
    "encode_observation",
    "decode_observation",
    "split_observation",
]

_Piece = TypeVar("_Piece")
_Written = TypeVar("_Written")
_Number = TypeVar("_Number", int, float)

SLOTS = 4
"""Slots of every per-seat field (the most players a rule set allows)."""

OBSERVATION_FIELDS: tuple[tuple[str, int], ...] = (
    ("seat", 1),
    ("players", 1),
    ("hand", 52),
    ("table", 52),
    ("played", 52),
    ("played_by", SLOTS * 52),
    ("card_counts", SLOTS),
    ("passed", SLOTS),
    ("finished", SLOTS),
    ("frozen", SLOTS),
    ("forfeited", SLOTS),
    ("to_act", 1),
    ("table_seat", 1),
    ("leader", 1),
    ("table_kind", 1),
    ("table_length", 1),
    ("trick_number", 1),
    ("chops_in_trick", 1),
    ("my_turn", 1),
    ("must_lead", 1),
    ("interrupt_offered", 1),
    ("is_over", 1),
)
"""The fields of an encoded observation as ``(name, length)``, in order (see the module docs)."""

OBSERVATION_LENGTH = sum(length for _, length in OBSERVATION_FIELDS)
"""How many ints an encoded observation holds."""

OBSERVATION_OFFSETS: Mapping[str, slice] = MappingProxyType(
    {
        name: slice(start, start + length)
        for (name, length), start in zip(
            OBSERVATION_FIELDS,
            [sum(n for _, n in OBSERVATION_FIELDS[:i]) for i in range(len(OBSERVATION_FIELDS))],
            strict=True,
        )
    }
)
"""Where each field sits in an encoded observation: ``vector[OBSERVATION_OFFSETS["hand"]]``."""


# ---------------------------------------------------------------------------- cards


def cards_to_mask(cards: Iterable[Card]) -> int:
    """The 52-bit mask of some cards. Raises :class:`~tienlen.InvalidCards` on a repeat or a non-card."""
    return mask_of(cards)


def mask_to_cards(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, ascending. Raises :class:`~tienlen.InvalidCards` if it is not a card mask."""
    return cards_of(_check_mask(mask))


def mask_to_bits(mask: int) -> list[int]:
    """A mask as 52 zeros and ones, ``bits[i]`` for the card of index ``i``."""
    return list(_card_bits(_check_mask(mask)))


_ZERO_ONE = bytes.maketrans(b"01", b"\x00\x01")


def _card_bits(mask: int) -> bytes:
    """The 52 bits of a card mask as bytes (0 or 1), the lowest first: the mask written out in
    binary and read back as bytes, at C speed."""
    return format(mask, "052b")[::-1].encode().translate(_ZERO_ONE)


def bits_to_mask(bits: Sequence[int]) -> int:
    """The mask of 52 zeros and ones. Raises :class:`~tienlen.InvalidCards` for any other list."""
    if isinstance(bits, (str, bytes)) or not isinstance(bits, Sequence) or len(bits) != 52:
        raise InvalidCards.of("card-bits-must-52-zeros", bits=shown(bits))
    mask = 0
    for i, bit in enumerate(bits):
        try:
            value = -1 if isinstance(bit, bool) else operator.index(bit)
        except TypeError:
            value = -1
        if value not in (0, 1):
            raise InvalidCards.of("card-bit-each-bit-must", i=i, cards=format_cards(1 << i), bit=shown(bit))
        mask |= value << i
    return mask


def cards_to_bits(cards: Iterable[Card]) -> list[int]:
    """Cards as 52 zeros and ones."""
    return mask_to_bits(mask_of(cards))


def bits_to_cards(bits: Sequence[int]) -> tuple[Card, ...]:
    """The cards of 52 zeros and ones, ascending."""
    return cards_of(bits_to_mask(bits))


def _check_mask(mask: object) -> int:
    if isinstance(mask, bool) or not isinstance(mask, int) or not 0 <= mask <= FULL_MASK:
        raise InvalidCards.of("card-mask-not-whole-number", mask=shown(mask))
    return mask


# ---------------------------------------------------------------------------- actions


def action_to_mask(action: Action) -> int:
    """The mask of an action's cards: ``0`` for a pass (or a forfeit)."""
    check_type(action, Action, "action", "an Action")
    return action.mask


def legal_action_masks(view: PlayerView) -> list[int]:
    """The masks of ``view.legal_actions``, in the same order (a pass is ``0``)."""
    check_type(view, PlayerView, "view", "a PlayerView")
    return [action.mask for action in view.legal_actions]


def action_from_mask(view: PlayerView, mask: int) -> Action:
    """The legal action of ``view`` whose mask is ``mask`` (``0`` = pass or decline).

    Raises :class:`~tienlen.IllegalPlay` naming the seat and saying why when no legal action has
    that mask (not a mask, cards not held, not a combination, cannot beat the table, must lead …).
    """
    check_type(view, PlayerView, "view", "a PlayerView")
    for action in view.legal_actions:
        if action.mask == mask and not isinstance(mask, bool):
            return action
    raise _refusal(view, mask)


def _refusal(view: PlayerView, mask: object) -> IllegalPlay:
    seat = view.seat
    if isinstance(mask, bool) or not isinstance(mask, int) or not 0 <= mask <= FULL_MASK:
        return IllegalPlay.of("not-an-action-mask", seat=seat, mask=shown(mask))
    if view.is_over:
        return IllegalPlay.of("seat-cannot-act-round-over", seat=seat)
    if not view.legal_actions:
        return IllegalPlay.of("seat-has-nothing-to-do", seat=seat, to_act=view.to_act)
    if mask == 0:
        return IllegalPlay.of("must-lead", actor=seat)
    missing = mask & ~view.hand_mask
    if missing:
        return IllegalPlay.of("seat-does-not-hold", seat=seat, cards=format_cards(missing))
    try:
        combo = classify(mask, view.rules)
    except InvalidCombo as error:
        return IllegalPlay.of("seat-refused", seat=seat, reason=error)
    if not view.my_turn:
        return IllegalPlay.of("only-listed-chops-now", seat=seat, combo=combo)
    reason = explain(combo, view.table, view.rules, passed=seat in view.passed)
    if reason is not None:
        return IllegalPlay.of("cannot-play", actor=seat, combo=combo, reason=reason)
    if view.table is None:
        return IllegalPlay.of(
            "first-play-must-hold", actor=seat, combo=combo, cards=format_cards(view.hand_mask & -view.hand_mask)
        )
    return IllegalPlay.of("not-among-legal-actions", actor=seat, combo=combo)


# ---------------------------------------------------------------------------- observations


class ObservationFields(NamedTuple):
    """The fields of an :class:`Observation`, in its order, as a named tuple: what the one encoder
    (:func:`packed_observation`) reads, and what the learning environments read off a round
    without building the observation (a tuple costs a fraction of the value; the import checks
    that the two list the same fields)."""

    seat: int
    players: int
    hand_mask: int
    table: Combo | None
    played_mask: int
    played_by: tuple[int, ...]
    card_counts: tuple[int, ...]
    passed: frozenset[int]
    finished: tuple[int, ...]
    frozen: tuple[int, ...]
    forfeited: tuple[int, ...]
    to_act: int | None
    table_seat: int | None
    leader: int
    trick_number: int
    chops_in_trick: int
    my_turn: bool
    must_lead: bool
    interrupt_offered: bool
    is_over: bool


@attrs.frozen(kw_only=True)
class Observation:
    """The facts an encoded observation holds, with absolute seat numbers.

    Field names follow :class:`~tienlen.game.views.PlayerView` where they mean the same thing; the
    rest are described in the module docs. Build one from a view with :meth:`of`, encode it with
    :meth:`encode`, and read an encoded list back with :func:`decode_observation`.
    """

    seat: int
    players: int
    hand_mask: int
    table: Combo | None
    played_mask: int
    played_by: tuple[int, ...]
    card_counts: tuple[int, ...]
    passed: frozenset[int]
    finished: tuple[int, ...]
    frozen: tuple[int, ...]
    forfeited: tuple[int, ...]
    to_act: int | None
    table_seat: int | None
    leader: int
    trick_number: int
    chops_in_trick: int
    my_turn: bool
    must_lead: bool
    interrupt_offered: bool
    is_over: bool

    @classmethod
    def of(cls, view: PlayerView) -> Observation:
        """The observation of a view."""
        check_type(view, PlayerView, "view", "a PlayerView")
        played_by = [0] * view.players
        chops = 0
        for event in view.history:
            if isinstance(event, Played):
                played_by[event.seat] |= event.combo.mask
            elif isinstance(event, Chop) and event.trick == view.trick_number:
                chops += 1
        return cls(
            seat=view.seat,
            players=view.players,
            hand_mask=view.hand_mask,
            table=view.table,
            played_mask=view.played_mask,
            played_by=tuple(played_by),
            card_counts=view.card_counts,
            passed=view.passed,
            finished=view.finished,
            frozen=view.frozen,
            forfeited=view.forfeited,
            to_act=view.to_act,
            table_seat=view.table_seat,
            leader=view.leader,
            trick_number=view.trick_number,
            chops_in_trick=chops,
            my_turn=view.my_turn,
            must_lead=view.my_turn and view.table is None,
            interrupt_offered=not view.my_turn and bool(view.legal_actions),
            is_over=view.is_over,
        )

    def seat_at(self, slot: int) -> int | None:
        """The seat in relative ``slot`` (0 = the observer), or ``None`` if the table has no such seat."""
        return (self.seat + slot) % self.players if 0 <= slot < self.players else None

    def slot_of(self, seat: int | None) -> int:
        """The relative slot (offset) of a seat; ``-1`` for ``None``."""
        return -1 if seat is None else (seat - self.seat) % self.players

    def encode(self) -> list[int]:
        """The observation as :data:`OBSERVATION_LENGTH` ints (see the module docs)."""
        return written_observation(self._as_fields(), AS_INTS)

    def to_bytes(self) -> bytes:
        """:meth:`encode` as :data:`OBSERVATION_LENGTH` bytes, each int one signed byte (every value
        lies from -1 to 127), for array libraries: ``numpy.frombuffer(data, numpy.int8)``."""
        return written_observation(self._as_fields(), AS_BYTES)

    def _as_fields(self) -> ObservationFields:
        return ObservationFields._make(getattr(self, name) for name in ObservationFields._fields)


if ObservationFields._fields != tuple(field.name for field in attrs.fields(Observation)):
    raise TypeError("ObservationFields must list the fields of Observation, in order")


@attrs.frozen(kw_only=True)
class ObservationForm(Generic[_Piece, _Written]):
    """One way of writing an encoded observation: signed bytes (``Observation.to_bytes``), ints
    (``Observation.encode``) or floats (OpenSpiel's tensors), with the pieces it keeps."""

    name: str
    numbers: Callable[[Sequence[int]], _Piece]
    """A piece of whole numbers from 0 to 127 (or :attr:`none`) written in this form."""
    signed: Callable[[Sequence[int]], _Piece]
    """A piece of whole numbers from -1 to 127 written in this form (slower: for pieces kept)."""
    none: int
    """What :attr:`numbers` writes for -1 (a byte holds it as 255)."""
    start: Callable[[], Any]
    """An empty buffer that pieces are added to with ``+=``."""
    finish: Callable[[Any], _Written]
    """The observation from the full buffer."""
    absent: Mapping[int, _Piece]
    """The ``played_by`` blocks of the seats a table of fewer than 4 lacks, by table size."""
    chunked: bool
    """Whether card fields are written from a table of pieces for 13 cards (:meth:`card_chunks`),
    else kept whole by mask (:data:`_CARD_FIELDS`; bytes only: 52 bytes are small, and a miss
    costs little, where a list form's whole fields would spread over many megabytes)."""

    @classmethod
    def made(
        cls,
        name: str,
        numbers: Callable[[Sequence[int]], _Piece],
        start: Callable[[], Any],
        finish: Callable[[Any], _Written],
        *,
        chunked: bool,
        signed: Callable[[Sequence[int]], _Piece] | None = None,
        none: int = -1,
    ) -> ObservationForm[_Piece, _Written]:
        signed = signed or numbers
        return cls(
            name=name,
            chunked=chunked,
            numbers=numbers,
            signed=signed,
            none=none,
            start=start,
            finish=finish,
            absent={players: signed([-1] * (52 * (SLOTS - players))) for players in range(2, SLOTS + 1)},
        )

    def card_chunks(self) -> list[_Piece]:
        """The 13 numbers of every 13 cards in a row (``chunks[bits]``, card ``i`` of the row shown
        by bit ``i``): a card field is four of them. Worked out the first time they are asked for."""
        return _CARD_CHUNKS.get(self.name) or _CARD_CHUNKS.put(
            self.name, [self.numbers(bits[::-1]) for bits in itertools.product((0, 1), repeat=13)]
        )


_CARD_CHUNKS: BoundedCache[str, list[Any]] = BoundedCache("observation card chunks", limit=2, holds="forms of writing")
"""The pieces of the forms that write card fields in chunks (ints and floats) for every 13 cards
in a row (a complete table: 8,192 pieces, about 1.3 MB), made the first time an observation is
written in that form."""

_CHUNK = (1 << 13) - 1

_CARD_FIELDS: BoundedCache[int, bytes] = BoundedCache("observation card fields", limit=1 << 14, holds="card masks")
"""The 52 bytes of each card mask a bytes observation showed (a hand, a table, the cards played,
a seat's played cards), by mask: from one step to the next most card fields are unchanged, so an
observation is mostly made of fields already written (about 2.4 MB when full)."""

_SEAT_FIELDS: BoundedCache[tuple[Any, ...], Any] = BoundedCache("observation seat fields", limit=1 << 12, holds="situations")
"""The fields from ``passed`` to ``forfeited`` (with the padding after ``card_counts``) of the
situations observations showed (who passed, went out, froze and forfeited, seen by one seat), by
form and situation."""


def written_observation(fields: ObservationFields, form: ObservationForm[_Piece, _Written]) -> _Written:
    """The fields of an :class:`Observation` (known good, not checked) written in ``form``
    (:data:`AS_BYTES`, :data:`AS_INTS` or :data:`AS_FLOATS`): the one encoder, which the learning
    adapters call straight from a round's values without building the observation (private to
    the package)."""
    (
        seat, players, hand_mask, table, played_mask, played_by, card_counts, passed, finished, frozen, forfeited,
        to_act, table_seat, leader, trick_number, chops_in_trick, my_turn, must_lead, interrupt_offered, is_over,
    ) = fields  # fmt: skip  # in the order of its fields (mypy types each; the encoding tests read each back)
    picked = _IN_TURN[players][seat]
    numbers = form.numbers
    out = form.start()
    out += numbers((seat, players))
    # the card fields: hand, table, played, then each seat's played cards in relative order
    masks = (hand_mask, 0 if table is None else table.mask, played_mask, *picked(played_by))
    if form.chunked:  # each field four chunks of 13 cards
        chunks = form.card_chunks()
        for mask in masks:
            out += chunks[mask & _CHUNK]
            out += chunks[mask >> 13 & _CHUNK]
            out += chunks[mask >> 26 & _CHUNK]
            out += chunks[mask >> 39]
    else:  # bytes: each field kept by mask from step to step
        known, keep = _CARD_FIELDS.get, _CARD_FIELDS.put
        for mask in masks:
            out += known(mask) or keep(mask, _card_bits(mask))
    out += form.absent[players]
    out += numbers(picked(card_counts))
    key = (form.name, seat, players, passed, finished, frozen, forfeited)
    out += _SEAT_FIELDS.get(key) or _SEAT_FIELDS.put(
        key, form.signed(_orders(seat, players, passed, finished, frozen, forfeited))
    )
    out += numbers(
        (
            form.none if to_act is None else (to_act - seat) % players,
            form.none if table_seat is None else (table_seat - seat) % players,
            (leader - seat) % players,
            0 if table is None else table.kind.value,
            0 if table is None else table.mask.bit_count(),
            trick_number,
            chops_in_trick,
            1 if my_turn else 0,
            1 if must_lead else 0,
            1 if interrupt_offered else 0,
            1 if is_over else 0,
        )
    )
    return form.finish(out)


def _orders(
    seat: int,
    players: int,
    passed: frozenset[int],
    finished: tuple[int, ...],
    frozen: tuple[int, ...],
    forfeited: tuple[int, ...],
) -> list[int]:
    """The padding after ``card_counts`` and the fields ``passed`` to ``forfeited`` (with theirs)."""
    seats = _ROTATIONS[players][seat]
    pad = [-1] * (SLOTS - players)
    out = pad + [1 if s in passed else 0 for s in seats] + pad
    for group in (finished, frozen, forfeited):
        out += [group.index(s) + 1 if s in group else 0 for s in seats] + pad
    return out


_SIGNED_BYTES = {size: struct.Struct(f"{size}b") for size in range(3 * 52 + 1)}
"""Packs a piece of so many small signed ints as one byte each."""

_FLOATS = {number: float(number) for number in range(-128, 128)}
"""The float of each number an observation holds, one object each."""


def _as_is(out: list[_Number]) -> list[_Number]:
    return out


AS_BYTES: ObservationForm[bytes, bytes] = ObservationForm.made(
    "bytes", bytes, bytearray, bytes, chunked=False, signed=lambda numbers: _SIGNED_BYTES[len(numbers)].pack(*numbers), none=255
)
"""Observations as bytes, one signed byte a number (``Observation.to_bytes``)."""
AS_INTS: ObservationForm[tuple[int, ...], list[int]] = ObservationForm.made("ints", tuple, list, _as_is, chunked=True)
"""Observations as lists of ints (``Observation.encode``)."""
AS_FLOATS: ObservationForm[tuple[float, ...], list[float]] = ObservationForm.made(
    "floats", lambda numbers: tuple(map(_FLOATS.__getitem__, numbers)), list, _as_is, chunked=True
)
"""Observations as lists of floats (OpenSpiel's tensors)."""

_ROTATIONS = {
    players: [tuple((seat + k) % players for k in range(players)) for seat in range(players)] for players in range(2, SLOTS + 1)
}
"""The seats in relative order (the observer first) at each table size, for each observer."""
_IN_TURN = {players: [operator.itemgetter(*seats) for seats in _ROTATIONS[players]] for players in range(2, SLOTS + 1)}
"""For each table size and observer, what picks per-seat values in relative order."""


def encode_observation(view: PlayerView) -> list[int]:
    """``view`` as :data:`OBSERVATION_LENGTH` ints laid out as :data:`OBSERVATION_FIELDS` says."""
    return Observation.of(view).encode()


def split_observation(vector: Sequence[int]) -> dict[str, list[int]]:
    """An encoded observation cut into its fields, by name (raw values, relative slots).

    Raises :class:`~tienlen.InvalidRecord` when the list has the wrong length.
    """
    if isinstance(vector, (str, bytes)) or not isinstance(vector, Sequence) or len(vector) != OBSERVATION_LENGTH:
        size = f"{len(vector)}" if isinstance(vector, Sequence) else shown(vector)
        raise InvalidRecord.of("encoded-observation-has-ints", observation_length=OBSERVATION_LENGTH, size=size)
    return {name: list(vector[where]) for name, where in OBSERVATION_OFFSETS.items()}


def _small(value: object) -> int:
    """A value of an encoded observation: a whole number (not a bool) from -1 to 999."""
    number = operator.index(value)  # type: ignore[arg-type]  # a TypeError is the answer for anything else
    if isinstance(value, bool) or not -1 <= number <= 999:
        raise TypeError(value)
    return number


def decode_observation(vector: Sequence[int]) -> Observation:
    """Read an encoded observation back: ``decode_observation(encode_observation(v)) == Observation.of(v)``.

    Raises :class:`~tienlen.InvalidRecord` naming the field when the list cannot be an encoding,
    among others when the table's cards do not form the combination ``table_kind`` names under
    any rules (an observation carries no rule set, so the loosest rules are the test).
    """
    read = _Decoder.of(vector)
    passed = read.per_seat("passed")
    if any(v not in (0, 1) for v in passed):
        raise InvalidRecord.of("observation-field-passed-must-0", fields=read.fields["passed"])
    counts = read.per_seat("card_counts")
    if any(not 0 <= c <= 26 for c in counts):  # 26: a whole deck dealt to two
        raise InvalidRecord.of("observation-field-card-counts-must", fields=read.fields["card_counts"])
    return Observation(
        seat=read.seat,
        players=read.players,
        hand_mask=read.bits("hand", read.fields["hand"]),
        table=read.table(),
        played_mask=read.bits("played", read.fields["played"]),
        played_by=read.played_by(),
        card_counts=tuple(counts),
        passed=frozenset(s for s, v in enumerate(passed) if v),
        finished=read.order("finished"),
        frozen=read.order("frozen"),
        forfeited=read.order("forfeited"),
        to_act=read.offset_or_none("to_act"),
        table_seat=read.offset_or_none("table_seat"),
        leader=read.offset("leader"),
        trick_number=read.one("trick_number"),
        chops_in_trick=read.one("chops_in_trick"),
        my_turn=read.flag("my_turn"),
        must_lead=read.flag("must_lead"),
        interrupt_offered=read.flag("interrupt_offered"),
        is_over=read.flag("is_over"),
    )


@attrs.frozen(kw_only=True)
class _Decoder:
    """The fields of an encoded observation with its seat and table size, read one field at a time
    (each method raises :class:`~tienlen.InvalidRecord` naming the field)."""

    fields: dict[str, list[int]]
    seat: int
    players: int

    @classmethod
    def of(cls, vector: Sequence[int]) -> _Decoder:
        fields = split_observation(vector)
        for name, values in fields.items():
            try:
                fields[name] = [_small(v) for v in values]
            except TypeError:
                raise InvalidRecord.of("observation-field-must-hold-whole", name=name, values=shown(values)) from None
        seat, players = fields["seat"][0], fields["players"][0]
        if not 2 <= players <= SLOTS:
            raise InvalidRecord.of("observation-field-players-tables-have", players=players, slots=SLOTS)
        if not 0 <= seat < players:
            raise InvalidRecord.of("observation-field-seat-player-table", seat=seat, players=players, value=players - 1)
        return cls(fields=fields, seat=seat, players=players)

    def one(self, name: str) -> int:
        return self.fields[name][0]

    def flag(self, name: str) -> bool:
        value = self.one(name)
        if value not in (0, 1):
            raise InvalidRecord.of("observation-field-flags-are-0", name=name, value=value)
        return bool(value)

    def bits(self, name: str, values: list[int]) -> int:
        try:
            return bits_to_mask(values)
        except InvalidCards as error:
            raise InvalidRecord.of("observation-field", name=name, reason=error) from None

    def absolute(self, by_slot: Sequence[int]) -> list[int]:
        """Values by relative slot (0 = the observer) put in seat order."""
        values = [0] * self.players
        for k in range(self.players):
            values[(self.seat + k) % self.players] = by_slot[k]
        return values

    def per_seat(self, name: str) -> list[int]:
        values = self.fields[name]
        if any(v != -1 for v in values[self.players :]):
            raise InvalidRecord.of(
                "observation-field-slots-past-seats", name=name, players=self.players, values=values[self.players :]
            )
        return self.absolute(values)

    def order(self, name: str) -> tuple[int, ...]:
        ranked = sorted((v, s) for s, v in enumerate(self.per_seat(name)) if v)
        if [v for v, _ in ranked] != list(range(1, len(ranked) + 1)):
            raise InvalidRecord.of("observation-field-must-number-seats", name=name, fields=self.fields[name])
        return tuple(s for _, s in ranked)

    def offset(self, name: str) -> int:
        value = self.one(name)
        if not 0 <= value < self.players:
            raise InvalidRecord.of("observation-field-give-offset-from", name=name, value=value, value2=self.players - 1)
        return (self.seat + value) % self.players

    def offset_or_none(self, name: str) -> int | None:
        return None if self.one(name) == -1 else self.offset(name)

    def played_by(self) -> tuple[int, ...]:
        raw = self.fields["played_by"]
        if any(v != -1 for v in raw[52 * self.players :]):
            raise InvalidRecord.of("observation-field-played-by-blocks", players=self.players)
        return tuple(self.absolute([self.bits("played_by", raw[52 * k : 52 * (k + 1)]) for k in range(self.players)]))

    def table(self) -> Combo | None:
        mask = self.bits("table", self.fields["table"])
        kind_value, length = self.one("table_kind"), self.one("table_length")
        if not kind_value and not mask:
            if length:
                raise InvalidRecord.of("observation-field-table-length-but", length=length)
            return None
        if kind_value not in {k.value for k in ComboKind} or mask.bit_count() != length or not mask:
            raise InvalidRecord.of(
                "observation-fields-table-kind-table", kind_value=kind_value, length=length, bit_count=mask.bit_count()
            )
        try:
            return Combo(ComboKind(kind_value), mask)  # refuses cards that are no such combination under any rules
        except InvalidCombo as error:
            raise InvalidRecord.of("observation-field-table", reason=error) from None
