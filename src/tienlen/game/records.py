"""Round records: the versioned JSON record and the one-line notation, written from a round and
read back by replaying every action through the rules.

The module sits above :mod:`tienlen.game.round` and imports it; the round's methods load this module
when a record is first written or read (the allow-list of ``tests/test_imports.py``).

:class:`~tienlen.Round` offers these as :meth:`~tienlen.Round.to_dict`,
:meth:`~tienlen.Round.from_dict`, :meth:`~tienlen.Round.to_notation` and
:meth:`~tienlen.Round.from_notation`; this module holds how they are written and read.
"""

from __future__ import annotations

from typing import Any

from tienlen._base.codec import head
from tienlen._base.input import MAX_NOTATION, MAX_SEED, check_text, parse_whole, shown, unknown_keys
from tienlen.errors import IllegalPlay, InvalidRecord, TienLenError, one_line
from tienlen.game.actions import Action
from tienlen.game.cards import format_cards
from tienlen.game.round import RECORD_VERSION, Round
from tienlen.variants.profiles import PROFILES
from tienlen.variants.rules import RuleSet

__all__ = ["to_dict", "from_dict", "to_notation", "from_notation"]

_RECORD_FIELDS = frozenset({"format", "version", "rules", "hands", "dealer", "first_round", "leader", "seed", "actions"})


def to_dict(round_: Round, view_of: int | None) -> dict[str, Any]:
    """The record of ``round_``, redacted for seat ``view_of`` (already checked) when given."""
    record: dict[str, Any] = {
        **head("round"),
        "rules": round_.rules.to_mapping(),
        "hands": [format_cards(m) for m in round_.dealt],
        "dealer": round_.dealer,
        "first_round": round_.first_round,
        "leader": round_.named_leader,
        "seed": round_.seed,
        "actions": [_action_record(a) for a in round_.actions],
    }
    if view_of is not None:
        record["hands"] = [hand if seat == view_of else None for seat, hand in enumerate(record["hands"])]
        record["seed"] = None
        record |= {"view_of": view_of, "hand_sizes": [m.bit_count() for m in round_.dealt]}
    return record


def from_dict(cls: type[Round], record: Any) -> Round:
    """Read a record, replaying every action (see :meth:`Round.from_dict <tienlen.Round.from_dict>`)."""
    if isinstance(record, dict) and "view_of" in record:
        raise InvalidRecord.of("record-redacted-seat-holds-one", record=shown(record["view_of"]))
    if not isinstance(record, dict) or record.get("format") != "tienlen-round":
        raise InvalidRecord.of("record-tienlen-round-record-missing")
    if type(record.get("version")) is not int or record["version"] != RECORD_VERSION:
        raise InvalidRecord.of(
            "record-version-supported-library-reads", value=shown(record.get("version")), record_version=RECORD_VERSION
        )
    unknown = unknown_keys(record, _RECORD_FIELDS)
    if unknown:
        raise InvalidRecord.of("record-has-field-that-version", unknown=shown(unknown[0]), record_version=RECORD_VERSION)
    try:
        rules = RuleSet.from_mapping(record["rules"])
        round_ = _setup(
            cls, rules, record["hands"], record["first_round"], record["leader"], record["dealer"], record.get("seed")
        )
        actions = record["actions"]
    except KeyError as error:
        raise InvalidRecord.of("record-has-no-entry", args=error.args[0]) from None
    except InvalidRecord:
        raise
    except (TienLenError, TypeError) as error:
        raise InvalidRecord.of("record-setup-refused", reason=error) from None
    if not isinstance(actions, list):
        raise InvalidRecord.of("actions-must-list")
    for index, entry in enumerate(actions):
        try:
            if not isinstance(entry, dict) or set(entry) - {"action", "seat", "cards"}:
                raise IllegalPlay.of("action-object-with-action-seat")
            round_ = _replay(round_, entry["action"], entry["seat"], entry.get("cards", ""))
        except (TienLenError, TypeError, KeyError, AttributeError) as error:
            raise InvalidRecord.of(
                "action-refused", value=index + 1, entry=_describe(entry), reason=error
            ) from None  # counted from 1
    return round_


def _setup(cls: type[Round], rules: RuleSet, hands: Any, first_round: Any, leader: Any, dealer: Any, seed: Any) -> Round:
    """The round of a record before its actions, checking the deal against its seed."""
    if not isinstance(first_round, bool):
        raise InvalidRecord.of("first-round-must-true-false", first_round=shown(first_round))
    round_ = cls.from_hands(hands, rules, first_round=first_round, leader=leader, dealer=dealer)
    if seed is None:
        return round_
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise InvalidRecord.of("seed-must-whole-number-from", seed=shown(seed))
    if cls.deal(rules, round_.players, seed, first_round, leader, dealer).dealt != round_.dealt:
        raise InvalidRecord.of("hands-do-match-seed-deal", seed=seed)
    return round_._with_seed(seed)


def to_notation(round_: Round) -> str:
    """The one-line notation of ``round_`` (see :meth:`Round.to_notation <tienlen.Round.to_notation>`)."""
    head = [round_.rules.name, f"p{round_.players}", f"d{round_.dealer}", "first" if round_.first_round else "later"]
    head += [f"L{round_.named_leader}"] * (round_.named_leader is not None) + [f"s{round_.seed}"] * (round_.seed is not None)
    hands = " / ".join(format_cards(m).replace(" ", "") for m in round_.dealt)
    return f"{' '.join(head)} | {hands} | {' '.join(map(_notate, round_.actions))}".rstrip()


def from_notation(cls: type[Round], text: str, rules: RuleSet | None) -> Round:
    """Read the notation, replaying every action (``rules`` already checked; see
    :meth:`Round.from_notation <tienlen.Round.from_notation>`)."""
    parts = [part.strip() for part in check_text(text, "the notation", MAX_NOTATION, InvalidRecord).split("|")]
    if len(parts) not in (2, 3) or not parts[0].split():
        raise InvalidRecord.of("round-notation-reads-rules-p4")
    name, *options = parts[0].split()
    if rules is None and name not in PROFILES:
        raise InvalidRecord.of("profile-pass-rules-read-notation", name=shown(name))
    rules = rules if rules is not None else PROFILES[name]
    if rules.name != name:
        raise InvalidRecord.of("notation-for-other-rules", name=shown(name), rules=shown(rules.name))
    setup: dict[str, Any] = {"first": None, "L": None, "d": 0, "s": None}
    for option in options:
        key, value = (option, True) if option in ("first", "later") else (option[:1], option[1:])
        if key == "later":
            key, value = "first", False
        if key not in ("first", "L", "d", "s", "p") or (key != "first" and not (str(value).isascii() and str(value).isdigit())):
            raise InvalidRecord.of("setup-option-p4-d0-first", option=shown(option))
        setup[key] = (
            value
            if key == "first"
            else parse_whole(str(value), f"setup option {key}", MAX_SEED if key == "s" else 99, InvalidRecord)
        )
    try:
        round_ = _setup(cls, rules, parts[1].split("/"), setup["first"], setup["L"], setup["d"], setup["s"])
    except InvalidRecord:
        raise
    except TienLenError as error:
        raise InvalidRecord.of("notation-setup-refused", reason=error) from None
    if setup.get("p", round_.players) != round_.players:
        raise InvalidRecord.of("notation-says-p-but-deals", setup=setup["p"], players=round_.players)
    for index, token in enumerate(parts[2].split() if len(parts) == 3 else []):
        head, sign, cards = token.partition(":") if ":" in token else token.partition("!")
        kind = "interrupt" if sign == "!" else "pass" if cards == "." else "play"
        if head.endswith("x") and not sign:
            kind, head = "forfeit", head[:-1]
        try:
            seat = parse_whole(head, "the seat number (written first)", 99, IllegalPlay)
            round_ = _replay(round_, kind, seat, "" if kind in ("pass", "forfeit") else cards)
        except TienLenError as error:
            raise InvalidRecord.of("action-refused-2", value=index + 1, token=one_line(token, 40), reason=error) from None
    return round_


def _replay(round_: Round, kind: Any, seat: Any, cards: Any) -> Round:
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise IllegalPlay.of("seat-must-number", seat=shown(seat))
    if not isinstance(cards, str):
        raise IllegalPlay.of("cards-must-card-text", cards=shown(cards))
    if kind == "play":
        return round_.play(cards, seat=seat)
    if kind == "pass":
        return round_.pass_(seat=seat)
    if kind == "interrupt":
        return round_.interrupt(seat, cards)
    if kind == "forfeit":
        return round_.forfeit(seat)
    raise IllegalPlay.of("record-unknown-action", kind=shown(kind))


def _notate(action: Action) -> str:
    cards = format_cards(action.mask).replace(" ", "")
    return {"play": f"{action.seat}:{cards}", "pass": f"{action.seat}:.", "interrupt": f"{action.seat}!{cards}"}.get(
        action.kind, f"{action.seat}x"
    )


def _action_record(action: Action) -> dict[str, Any]:
    entry: dict[str, Any] = {"action": action.kind, "seat": action.seat}
    if action.combo is not None:
        entry["cards"] = str(action.combo)
    return entry


def _describe(entry: Any) -> str:
    if isinstance(entry, dict):
        words = (entry.get("seat"), entry.get("action"), entry.get("cards", ""))
        return "seat " + " ".join(one_line(w, 40) if isinstance(w, str) else shown(w, 40) for w in words).strip()
    return shown(entry)
