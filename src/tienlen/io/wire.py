"""The wire format: the values a game server sends or stores, as versioned JSON documents.

Every document is a JSON object that starts with ``"format": "tienlen-<what>"`` and
``"version": 1``, then the value's fields in a fixed order. Only JSON types are used: cards are
text (``"10♥ 2♠"``, ascending; ``""`` for none), a combination is ``{"kind": "pair", "cards":
"5♠ 5♥"}``, seats are numbers, and a rule set is its profile's name when it is one of the
profiles unchanged, else its full mapping (:meth:`~tienlen.RuleSet.to_mapping`).

The value classes carry the methods: ``to_dict()``, ``to_json()``, ``from_dict()`` and
``from_json()`` on :class:`~tienlen.Combo`, :class:`~tienlen.Action`, :class:`~tienlen.Trick`,
:class:`~tienlen.PlayerView`, :class:`~tienlen.RoundResult`, :class:`~tienlen.Settlement`
and :class:`~tienlen.Match`; :class:`~tienlen.RuleSet` and the :class:`~tienlen.Round` record
have their own. Reading refuses a malformed document with :class:`~tienlen.InvalidDocument`
naming the field (``history[3].combo.cards: …``). The JSON Schema (draft 2020-12) of each
document ships in ``tienlen/io/schemas``: see :func:`schema`, :func:`bundled_schema` (one file
each, for clients in other languages) and :func:`validator` (a ready ``jsonschema`` validator).

>>> from tienlen import HOUSE, Round, PlayerView
>>> view = Round.deal(HOUSE, seed=7).view(2)
>>> doc = view.to_dict()
>>> doc["format"], doc["version"], doc["rules"], doc["hand"]
('tienlen-view', 1, 'house', '4♣ 5♥ 6♥ 9♣ 10♣ J♦ J♥ Q♥ K♥ A♠ A♥ 2♦ 2♥')
>>> PlayerView.from_dict(doc) == view
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, NoReturn

import attrs

from tienlen._base.cache import BoundedCache
from tienlen._base.codec import WIRE_VERSION, WireValue, check_head, head, loads
from tienlen._base.input import MAX_AMOUNT, MAX_CARD_TEXT, shown, unknown_keys
from tienlen.errors import InvalidDocument, TienLenError
from tienlen.game.actions import Action
from tienlen.game.cards import DECK, FULL_MASK, cards_of, format_cards, iter_indices, to_mask
from tienlen.game.combos import Combo, ComboKind, loose_kind
from tienlen.game.events import Chop, Event, Finished, Forfeited, Froze, InstantWin, Passed, Played, RoundResult, TrickWon
from tienlen.game.round import Round, Trick
from tienlen.game.views import PlayerView
from tienlen.io._schemas import bundled_schema, schema, validator
from tienlen.money.match import Match
from tienlen.money.settle import Settlement, Transfer
from tienlen.variants.profiles import PROFILES
from tienlen.variants.rules import RuleSet

__all__ = ["WIRE_VERSION", "DOCUMENTS", "schema", "bundled_schema", "validator", "read_document", "encode", "decode"]

_Encode = Callable[[Any], Any]
_Decode = Callable[[object, str], Any]
_Kind = tuple[_Encode, _Decode]


def _fail(path: str, want: str, value: object) -> NoReturn:
    raise InvalidDocument.of(
        "document-expected", path=path or "the document", expected=want, value=shown(value)
    )  # bounded, never repr()


def _same(value: Any) -> Any:
    return value


def _scalar(python: type, want: str) -> _Kind:
    def decode(value: object, path: str) -> Any:
        if type(value) is not python:  # bool is not a whole number here
            _fail(path, want, value)
        return value

    return _same, decode


_INT = _scalar(int, "a whole number")
_BOOL = _scalar(bool, "true or false")
_STR = _scalar(str, "text")
MAX_SEATS = 100
"""Seats in a document are numbered 0 to 99 (a table has at most four: the checks that know the
table say so); what the JSON Schemas call a seat is never negative."""


def _bounded(low: int, high: int, want: str) -> _Kind:
    def decode(value: object, path: str) -> int:
        if type(value) is not int:
            _fail(path, "a whole number", value)
        if not low <= value <= high:
            _fail(path, want, value)
        return value

    return _same, decode


_SEAT = _bounded(0, MAX_SEATS - 1, "a whole number from 0 to 99 (a seat)")


def _optional(kind: _Kind) -> _Kind:
    encode, decode = kind
    return (lambda v: None if v is None else encode(v)), (lambda v, p: None if v is None else decode(v, p))


_NAMES = tuple(str(card) for card in DECK)
_INDEX = {name: index for index, name in enumerate(_NAMES)}


def _text(mask: int) -> str:
    """Cards as written in documents (what :func:`~tienlen.format_cards` writes, without its checks)."""
    text = _TEXTS.get(mask)
    if text is None:
        text = _TEXTS.put(mask, " ".join([_NAMES[index] for index in iter_indices(mask)]))
    return text


_TEXTS: BoundedCache[int, str] = BoundedCache("card texts of documents", limit=1 << 12, holds="card sets")
"""Card text by mask: the same combinations are written again in every view."""


def _read_mask(value: object, path: str) -> int:
    if not isinstance(value, str):
        _fail(path, "card text such as '3♠ 10♥'", value)
    mask = 0
    for name in value.split(" ") if value else ():  # the text as written: one look-up per card
        bit = 1 << _INDEX.get(name, 64)
        if bit > FULL_MASK or bit <= mask:  # unknown, repeated, or out of ascending order
            break
        mask |= bit
    else:
        return mask
    try:  # the reason the library cannot read it, or the one way a document writes it
        mask = to_mask(value[:MAX_CARD_TEXT])
    except TienLenError as error:
        raise InvalidDocument.of("document-field-refused", path=path, reason=error) from None
    raise InvalidDocument.of("documents-write-cards-ascending-one", path=path, mask=shown(_text(mask)))


_MASK: _Kind = (_text, _read_mask)
_CARDS: _Kind = (lambda cards: _text(sum(card.mask for card in cards)), lambda v, p: cards_of(_read_mask(v, p)))


def _sequence(kind: _Kind, make: Callable[[list[Any]], Any] = tuple) -> _Kind:
    encode, decode = kind

    def read(value: object, path: str) -> Any:
        if not isinstance(value, list):
            _fail(path, "a list", value)
        return make([decode(item, f"{path}[{i}]") for i, item in enumerate(value)])

    return (lambda v: [encode(item) for item in v]), read


_INTS = _sequence(_INT)
_SEATS = _sequence(_SEAT)
_SEAT_SET: _Kind = (lambda v: sorted(v), _sequence(_SEAT, frozenset)[1])


def _object(value: object, path: str, keys: tuple[str, ...]) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        _fail(path, "an object", value)
    missing = [k for k in keys if k not in value]
    if missing:
        raise InvalidDocument.of("document-field-missing", path=_at(path, missing[0]))
    unknown = unknown_keys(value, keys)
    if unknown:
        raise InvalidDocument.of("field-here-fields-are", path=_at(path, unknown[0]), keys=", ".join(keys))
    return value


def _at(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


# ---------------------------------------------------------------------------- combinations and rules
_KINDS = {kind.name.lower(): kind for kind in ComboKind}
_KIND_NAMES = {kind: name for name, kind in _KINDS.items()}


def _combo_body(combo: Combo) -> dict[str, Any]:
    return {"kind": _KIND_NAMES[combo.kind], "cards": _text(combo.mask)}


def _read_combo(value: object, path: str) -> Combo:
    data = _object(value, path, ("kind", "cards"))
    kind = _KINDS.get(data["kind"]) if isinstance(data["kind"], str) else None
    if kind is None:
        _fail(_at(path, "kind"), f"one of {', '.join(_KINDS)}", data["kind"])
    mask = _read_mask(data["cards"], _at(path, "cards"))
    if not mask or loose_kind(mask) is not kind:
        raise InvalidDocument.of(
            "document-cards-not-kind", path=_at(path, "cards"), cards=format_cards(mask) or "no cards", kind=kind
        )
    return Combo(kind, mask)


_COMBO: _Kind = (_combo_body, _read_combo)


def _rules_body(rules: RuleSet) -> Any:
    return rules.name if PROFILES.get(rules.name) == rules else rules.to_mapping()


def _read_rules(value: object, path: str) -> RuleSet:
    if isinstance(value, str):
        if value not in PROFILES:
            raise InvalidDocument.of("profile-profiles-are", path=path, value=value, profiles=", ".join(PROFILES))
        return PROFILES[value]
    if not isinstance(value, dict):
        _fail(path, "a profile name or a rules mapping", value)
    try:
        return RuleSet.from_mapping(value)
    except TienLenError as error:
        raise InvalidDocument.of("document-field-refused", path=path, reason=error) from None


_RULES: _Kind = (_rules_body, _read_rules)


# ---------------------------------------------------------------------------- records of fields
_Fields = tuple[tuple[str, str, _Kind], ...]
"""``(json key, attribute, kind)`` for each field, in the order written."""


def _fields(cls: type, fields: _Fields, check: Callable[[Any, str], None] | None = None) -> _Kind:
    keys = tuple(key for key, _, _ in fields)

    converters = tuple((key, attr, None if kind[0] is _same else kind[0]) for key, attr, kind in fields)

    def encode(value: Any) -> dict[str, Any]:
        return {key: getattr(value, attr) if to is None else to(getattr(value, attr)) for key, attr, to in converters}

    def decode(value: object, path: str) -> Any:
        data = _object(value, path, keys)
        try:
            made = cls(**{attr: kind[1](data[key], _at(path, key)) for key, attr, kind in fields})
        except InvalidDocument:
            raise
        except TienLenError as error:
            raise InvalidDocument.of("document-field-refused", path=path or "the document", reason=error) from None
        if check is not None:
            check(made, path)
        return made

    return encode, decode


def _simple(cls: type, **kinds: _Kind) -> _Kind:
    return _fields(cls, tuple((name, name, kind) for name, kind in kinds.items()))


def _check_action(action: Action, path: str) -> None:
    if action.kind not in ("play", "pass", "interrupt", "forfeit"):
        _fail(_at(path, "kind"), "play, pass, interrupt or forfeit", action.kind)
    if (action.combo is None) != (action.kind in ("pass", "forfeit")):
        code = "document-action-has-no-combination" if action.combo else "document-action-needs-combination"
        raise InvalidDocument.of(code, path=_at(path, "combo"), action=action.kind)


_ACTION = _fields(Action, (("kind", "kind", _STR), ("seat", "seat", _SEAT), ("combo", "combo", _optional(_COMBO))), _check_action)


_EVENTS: dict[str, tuple[type, _Kind]] = {
    "played": (Played, _simple(Played, seat=_SEAT, combo=_COMBO, out_of_turn=_BOOL)),
    "passed": (Passed, _simple(Passed, seat=_SEAT, could_play=_optional(_BOOL))),
    "chop": (Chop, _simple(Chop, trick=_INT, index=_INT, chopper=_SEAT, chopped=_SEAT, chopped_combo=_COMBO, by=_COMBO)),
    "finished": (Finished, _simple(Finished, seat=_SEAT, place=_INT, with_two=_BOOL)),
    "froze": (Froze, _simple(Froze, seat=_SEAT, cards=_CARDS)),
    "forfeited": (Forfeited, _simple(Forfeited, seat=_SEAT)),
    "trick_won": (TrickWon, _simple(TrickWon, trick=_INT, seat=_SEAT, next_leader=_optional(_SEAT))),
    "instant_win": (InstantWin, _simple(InstantWin, seat=_SEAT, pattern=_STR)),
}
_EVENT_TAGS = {cls: tag for tag, (cls, _) in _EVENTS.items()}


def _event_body(event: Event) -> dict[str, Any]:
    tag = _EVENT_TAGS[type(event)]
    body: dict[str, Any] = _EVENTS[tag][1][0](event)
    return {"event": tag} | body


def _read_event(value: object, path: str) -> Event:
    if not isinstance(value, dict):
        _fail(path, "an event object", value)
    tag = value.get("event")
    if not isinstance(tag, str) or tag not in _EVENTS:
        _fail(_at(path, "event"), f"one of {', '.join(_EVENTS)}", tag)
    body = {k: v for k, v in value.items() if k != "event"}
    event: Event = _EVENTS[tag][1][1](body, path)
    return event


_HISTORY = _sequence((_event_body, _read_event))


def _only(cls: type) -> _Kind:
    """Events of one class (a trick's chops, a result's instant wins), written with their tag."""

    def read(value: object, path: str) -> Any:
        event = _read_event(value, path)
        if not isinstance(event, cls):
            _fail(_at(path, "event"), repr(_EVENT_TAGS[cls]), _EVENT_TAGS[type(event)])
        return event

    return _event_body, read


def _read_play(value: object, path: str) -> tuple[int, Combo]:
    data = _object(value, path, ("seat", "combo"))
    return _SEAT[1](data["seat"], _at(path, "seat")), _read_combo(data["combo"], _at(path, "combo"))


_PLAY: _Kind = (lambda play: {"seat": play[0], "combo": _combo_body(play[1])}, _read_play)


_TRICK = _simple(
    Trick, number=_INT, leader=_SEAT, plays=_sequence(_PLAY), passed=_SEAT_SET, responded=_SEAT_SET, chain=_sequence(_only(Chop))
)


def _check_view(view: PlayerView, path: str) -> None:
    """A view's seats are at its table, and its card counts are one per seat, each at most what
    the rules deal, the seat's own being its hand."""
    rules, n = view.rules, view.players
    if not rules.min_players <= n <= rules.max_players:
        _fail(_at(path, "players"), f"{rules.min_players} to {rules.max_players} players for {rules.name}", n)
    seats: dict[str, Sequence[int | None]] = {
        "seat": [view.seat],
        "to_act": [view.to_act],
        "table_seat": [view.table_seat],
        "leader": [view.leader],
        "passed": sorted(view.passed),
        "finished": view.finished,
        "frozen": view.frozen,
        "forfeited": view.forfeited,
    }
    for key, named in seats.items():
        for seat in named:
            if seat is not None and seat >= n:
                raise InvalidDocument.of("seat-player-table-2", path=_at(path, key), seat=seat, n=n)
    if len(view.card_counts) != n:
        raise InvalidDocument.of(
            "counts-players-give-one-per", path=_at(path, "card_counts"), card_counts_count=len(view.card_counts), n=n
        )
    most = rules.most_cards_dealt()
    for seat, count in enumerate(view.card_counts):
        if not 0 <= count <= most:
            _fail(_at(path, f"card_counts[{seat}]"), f"a count from 0 to {most}", count)
    if view.card_counts[view.seat] != view.hand_mask.bit_count() or view.hand_mask & view.played_mask:
        raise InvalidDocument.of("hand-must-hold-card-counts", path=_at(path, "hand"), seat=view.seat)


_VIEW = _fields(
    PlayerView,
    (
        ("rules", "rules", _RULES),
        ("seat", "seat", _SEAT),
        ("players", "players", _INT),
        ("hand", "hand_mask", _MASK),
        ("card_counts", "card_counts", _INTS),
        ("to_act", "to_act", _optional(_SEAT)),
        ("table", "table", _optional(_COMBO)),
        ("table_seat", "table_seat", _optional(_SEAT)),
        ("leader", "leader", _SEAT),
        ("trick_number", "trick_number", _INT),
        ("passed", "passed", _SEAT_SET),
        ("finished", "finished", _SEATS),
        ("frozen", "frozen", _SEATS),
        ("forfeited", "forfeited", _SEATS),
        ("played", "played_mask", _MASK),
        ("history", "history", _HISTORY),
        ("legal_actions", "legal_actions", _sequence(_ACTION)),
        ("is_over", "is_over", _BOOL),
    ),
    check=_check_view,
)
_RESULT = _simple(
    RoundResult,
    players=_INT,
    dealer=_SEAT,
    first_round=_BOOL,
    placements=_SEATS,
    frozen=_SEATS,
    forfeited=_SEATS,
    instant_winners=_sequence(_only(InstantWin)),
    hands=_sequence(_CARDS),
    events=_HISTORY,
    den_bai=_optional(_SEAT),
)
_TRANSFER = _simple(
    Transfer,
    payer=_SEAT,
    payee=_bounded(-1, MAX_SEATS - 1, "a whole number from -1 (the house) to 99 (a seat)"),
    amount=_bounded(1, MAX_AMOUNT, f"a whole number from 1 to {MAX_AMOUNT:,}"),
    reason=(str, _STR[1]),  # the English text of a Reason, as plain text
)


def _check_settlement(money: Settlement, path: str) -> None:
    """What every settlement :func:`~tienlen.settle` makes satisfies: a known currency, a unit in
    range, transfers between seats of the table, and a net that is what the transfers add up to
    (summing to zero with the house account), or for points no transfers at all."""
    if money.currency not in ("chips", "bets", "points"):
        _fail(_at(path, "currency"), "chips, bets or points", money.currency)
    if not 1 <= money.unit <= MAX_AMOUNT:
        _fail(_at(path, "unit"), f"a whole number from 1 to {MAX_AMOUNT:,}", money.unit)
    seats = len(money.net)
    if not 2 <= seats <= 4:
        raise InvalidDocument.of("give-one-amount-per-seat", path=_at(path, "net"), seats=seats)
    net, house = [0] * seats, 0
    for index, transfer in enumerate(money.transfers):
        where = _at(path, f"transfers[{index}]")
        if transfer.payer >= seats or transfer.payee >= seats or transfer.payer == transfer.payee:
            raise InvalidDocument.of(
                "seat-cannot-pay-player-table", where=where, payer=transfer.payer, payee=transfer.payee, seats=seats
            )
        net[transfer.payer] -= transfer.amount
        if transfer.payee == -1:
            house += transfer.amount
        else:
            net[transfer.payee] += transfer.amount
    if money.currency == "points" and money.transfers:
        raise InvalidDocument.of("points-move-no-money-points", path=_at(path, "transfers"))
    if money.currency == "points" and not money.house and all(abs(v) <= MAX_AMOUNT for v in money.net):
        return
    if tuple(net) != money.net or house != money.house:
        raise InvalidDocument.of(
            "with-house-what-transfers-add",
            path=_at(path, "net"),
            net=shown(list(money.net)),
            house=shown(money.house),
            net2=net,
            house2=house,
        )


_SETTLEMENT = _fields(
    Settlement,
    tuple(
        (name, name, kind)
        for name, kind in (
            ("currency", _STR),
            ("unit", _INT),
            ("transfers", _sequence(_TRANSFER)),
            ("net", _INTS),
            ("house", _INT),
        )
    ),
    check=_check_settlement,
)


def _check_match(match: Match, path: str) -> None:
    """A match's settlements are what :meth:`Match.record` makes of its results, one by one."""
    if len(match.results) != len(match.settlements):
        raise InvalidDocument.of(
            "settlements-results",
            path=_at(path, "settlements"),
            settlements_count=len(match.settlements),
            results_count=len(match.results),
        )
    replayed = attrs.evolve(match, results=(), settlements=())
    for index, (result, money) in enumerate(zip(match.results, match.settlements, strict=True)):
        try:
            replayed = replayed.record(result)
        except TienLenError as error:
            raise InvalidDocument.of("document-field-refused", path=_at(path, f"results[{index}]"), reason=error) from None
        if replayed.settlements[-1] != money:
            raise InvalidDocument.of(
                "what-results-settles-under-with",
                path=_at(path, f"settlements[{index}]"),
                index=index,
                rules=match.rules.name,
                unit=match.unit,
            )


_MATCH = _fields(
    Match,
    (
        ("rules", "rules", _RULES),
        ("players", "players", _INT),
        ("unit", "unit", _INT),
        ("rounds", "rounds", _optional(_INT)),
        ("balances_at_start", "balances_at_start", _optional(_INTS)),
        ("results", "results", _sequence(_RESULT)),
        ("settlements", "settlements", _sequence(_SETTLEMENT)),
    ),
    check=_check_match,
)

# ---------------------------------------------------------------------------- documents
DOCUMENTS: Mapping[str, type] = MappingProxyType(
    {
        "combo": Combo,
        "action": Action,
        "trick": Trick,
        "view": PlayerView,
        "result": RoundResult,
        "settlement": Settlement,
        "match": Match,
    }
)
"""The document names (``"tienlen-<name>"`` in ``format``) and the class each one holds.
The round record (``tienlen-round``) and the rules (``tienlen-rules``) are written by
:meth:`~tienlen.Round.to_dict` and :meth:`~tienlen.RuleSet.to_dict`."""

_BODIES: dict[type, _Kind] = {
    Combo: _COMBO,
    Action: _ACTION,
    Trick: _TRICK,
    PlayerView: _VIEW,
    RoundResult: _RESULT,
    Settlement: _SETTLEMENT,
    Match: _MATCH,
}


_NAMES_OF = {cls: name for name, cls in DOCUMENTS.items()}


def encode(value: WireValue) -> dict[str, Any]:
    """``value`` as its document (what ``value.to_dict()`` returns).

    Raises :class:`~tienlen.InvalidDocument` for a class that has no document (a subclass included)."""
    name = _name_of(type(value))
    document: dict[str, Any] = head(name) | _BODIES[type(value)][0](value)
    return document


def decode(cls: type[WireValue], data: object) -> Any:
    """The ``cls`` value a document holds (what ``cls.from_dict(data)`` returns).

    Raises :class:`~tienlen.InvalidDocument` for a malformed document or a class that has none."""
    name = _name_of(cls)
    return _BODIES[cls][1]({k: v for k, v in check_head(data, name).items() if k not in ("format", "version")}, "")


def _name_of(cls: type) -> str:
    name = _NAMES_OF.get(cls) if isinstance(cls, type) else None
    if name is None:
        shown_cls = cls.__name__ if isinstance(cls, type) else shown(cls)
        raise InvalidDocument.of("has-no-wire-document-documents", cls=shown_cls, value=", ".join(c.__name__ for c in _NAMES_OF))
    return name


_READERS: Mapping[str, Callable[[object], Any]] = {
    **{name: functools.partial(decode, cls) for name, cls in DOCUMENTS.items()},
    "round": Round.from_dict,
    "rules": RuleSet.from_dict,
}


def read_document(data: object) -> Any:
    """Read any document the library writes by its ``format`` (JSON text or an already parsed
    object): a document of :data:`DOCUMENTS`, a round record (``tienlen-round``, replayed through
    its rules) or a rule set (``tienlen-rules``).

    Raises :class:`~tienlen.InvalidDocument` for an unknown format or a malformed document,
    :class:`~tienlen.InvalidRecord` for a round record that does not replay and
    :class:`~tienlen.InvalidRules` for a rule set that cannot be used.
    """
    if isinstance(data, str):
        data = loads(data)
    fmt = data.get("format") if isinstance(data, dict) else None
    name = fmt[len("tienlen-") :] if isinstance(fmt, str) and fmt.startswith("tienlen-") else ""
    if name not in _READERS:
        _fail("format", f"one of {', '.join('tienlen-' + n for n in _READERS)}", fmt)
    return _READERS[name](data)
