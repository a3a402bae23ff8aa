"""The observation codec: a player's view as a fixed list of small whole numbers, and back.

:func:`encode_observation` turns a :class:`~tienlen.game.views.PlayerView` into a list of
:data:`OBSERVATION_LENGTH` ints, made of the fields of :data:`OBSERVATION_FIELDS` in this order
(the table is made from the same declaration as the constants, when the module is imported):

{fields}

Card fields hold card bits (:mod:`tienlen.learning.encoding`: bit ``i`` is the card of index ``i``).

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
learning adapters build their arrays that way, through the one encoder (:func:`written_observation`).

>>> from tienlen import HOUSE, Round
>>> view = Round.deal(HOUSE, seed=7).view(0)
>>> vector = encode_observation(view)
>>> len(vector) == OBSERVATION_LENGTH == 397
True
>>> decode_observation(vector).hand_mask == view.hand_mask
True
>>> split_observation(vector)["players"]
[4]
"""

from __future__ import annotations

import itertools
import operator
import struct
import textwrap
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Generic, TypeVar

import attrs

from tienlen._base.cache import BoundedCache
from tienlen._base.checks import check_type
from tienlen._base.input import shown
from tienlen.errors import InvalidCards, InvalidCombo, InvalidRecord
from tienlen.game.combos import Combo, ComboKind
from tienlen.game.events import Chop, Played
from tienlen.game.views import PlayerView
from tienlen.learning._cardbits import bits_to_mask, card_bits

__all__ = [
    "SLOTS",
    "OBSERVATION_FIELDS",
    "OBSERVATION_LENGTH",
    "OBSERVATION_OFFSETS",
    "Observation",
    "encode_observation",
    "decode_observation",
    "split_observation",
]

_Piece = TypeVar("_Piece")
_Written = TypeVar("_Written")
_Number = TypeVar("_Number", int, float)

SLOTS = 4
"""Slots of every per-seat field (the most players a rule set allows)."""


@attrs.frozen
class _Field:
    """One field of an encoded observation: ``size`` ints (per seat if ``per_seat``), and what they mean."""

    name: str
    size: int
    per_seat: bool
    meaning: str

    @property
    def length(self) -> int:
        return self.size * SLOTS if self.per_seat else self.size

    @property
    def shown_length(self) -> str:
        return f"{SLOTS} × {self.size}" if self.per_seat and self.size > 1 else str(self.length)


_LAYOUT = (
    _Field("seat", 1, False, "the observer's seat number (0 …)"),
    _Field("players", 1, False, "seats at the table (2 … 4)"),
    _Field("hand", 52, False, "the observer's cards, as card bits"),
    _Field("table", 52, False, "the cards of the combination to beat (all 0 when the table is empty)"),
    _Field("played", 52, False, "every card played so far in the round"),
    _Field("played_by", 52, True, "the cards each seat has played, in relative seat order (see below)"),
    _Field("card_counts", 1, True, "cards each seat holds now"),
    _Field("passed", 1, True, "1 if the seat has passed in this trick, else 0"),
    _Field("finished", 1, True, "the seat's finishing place (1 = first out), 0 while it holds cards"),
    _Field("frozen", 1, True, "0, or the seat's position (1, 2, …) in the list of frozen seats"),
    _Field("forfeited", 1, True, "0, or the seat's position (1, 2, …) in the order of forfeits"),
    _Field("to_act", 1, False, "offset of the seat to act in turn; -1 once the round is over"),
    _Field("table_seat", 1, False, "offset of the seat whose play is on the table; -1 if it is empty"),
    _Field("leader", 1, False, "offset of the seat that leads (led) this trick"),
    _Field(
        "table_kind",
        1,
        False,
        "0 for an empty table, else the :class:`~tienlen.ComboKind` value (1 single, 2 pair, 3 triple,"
        " 4 quad, 5 straight, 6 pair run, 7 triple run, 8 quad run)",
    ),
    _Field("table_length", 1, False, "cards on the table (0 if empty)"),
    _Field("trick_number", 1, False, "the trick being played, 1 for the first"),
    _Field("chops_in_trick", 1, False, "chops made in this trick so far (the length of its chop chain)"),
    _Field("my_turn", 1, False, "1 if the observer acts in turn now"),
    _Field("must_lead", 1, False, "1 if the observer acts in turn on an empty table (may not pass)"),
    _Field("interrupt_offered", 1, False, "1 if, out of turn, the observer may chop now (iwin's free PR4)"),
    _Field("is_over", 1, False, "1 once the round has ended"),
)
"""The one declaration of an encoded observation's fields: the constants below and the table of
the module docs are made from it."""

OBSERVATION_FIELDS: tuple[tuple[str, int], ...] = tuple((field.name, field.length) for field in _LAYOUT)
"""The fields of an encoded observation as ``(name, length)``, in order (see the module docs)."""

OBSERVATION_LENGTH = sum(length for _, length in OBSERVATION_FIELDS)
"""How many ints an encoded observation holds."""

OBSERVATION_OFFSETS: Mapping[str, slice] = MappingProxyType(
    {
        name: slice(start - length, start)
        for (name, length), start in zip(OBSERVATION_FIELDS, itertools.accumulate(n for _, n in OBSERVATION_FIELDS), strict=True)
    }
)
"""Where each field sits in an encoded observation: ``vector[OBSERVATION_OFFSETS["hand"]]``."""


def _table(layout: Sequence[_Field]) -> str:
    """The fields as a reStructuredText table (a long meaning goes on over more lines)."""
    widths = (max(len(f"``{f.name}``") for f in layout), len("length"), 72)
    rule = "  ".join("=" * width for width in widths)
    lines = [
        rule,
        "  ".join(word.ljust(width) for word, width in zip(("field", "length", "value"), widths, strict=True)).rstrip(),
        rule,
    ]
    for field in layout:
        first, *more = textwrap.wrap(field.meaning, widths[2])
        lines.append(f"{f'``{field.name}``':<{widths[0]}}  {field.shown_length:<{widths[1]}}  {first}")
        lines += [" " * (widths[0] + widths[1] + 4) + line for line in more]
    return "\n".join([*lines, rule])


__doc__ = (__doc__ or "").replace("{fields}", _table(_LAYOUT))  # the table of the one declaration


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
        return _VALUES(self)  # attrgetter of several names gives a tuple


ObservationFields = tuple[Any, ...]
"""The values of an :class:`Observation`'s fields, in its order, as a plain tuple: what the one
encoder (:func:`written_observation`) reads, and what the learning environments build off a round
without building the observation (a tuple costs a fraction of the value; the encoding tests read
every field back). Private to the package."""

_NAMES = tuple(field.name for field in attrs.fields(Observation))
"""The fields of an :class:`Observation`, in its order."""

_VALUES = operator.attrgetter(*_NAMES)
"""An observation's :data:`ObservationFields`, read in one call."""


def observation_from(fields: ObservationFields) -> Observation:
    """The :class:`Observation` of some fields in its order (private to the package)."""
    return Observation(**dict(zip(_NAMES, fields, strict=True)))


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
    ) = fields  # fmt: skip  # in the order of Observation's fields (the encoding tests read each back)
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
            out += known(mask) or keep(mask, card_bits(mask))
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
