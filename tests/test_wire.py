"""The wire format: every value round-trips through JSON at every ply of random rounds of every
profile, every document validates against its shipped JSON Schema, a seat's documents never hold
a card that seat may not see, and malformed documents are refused naming the field."""

from __future__ import annotations

import functools
import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
from referencing import Registry, Resource

import tienlen
from tienlen import (
    HOUSE,
    IWIN,
    NORTHERN,
    PROFILES,
    Action,
    Combo,
    GreedyAgent,
    InvalidDocument,
    InvalidRecord,
    Match,
    PlayerView,
    RandomAgent,
    Round,
    RoundResult,
    RuleSet,
    Settlement,
    Trick,
    classify,
    play_round,
    read_document,
    settle,
)
from tienlen._schemas import SCHEMAS as SHIPPED
from tienlen.cards import format_cards, to_mask
from tienlen.wire import DOCUMENTS, WIRE_VERSION, schema

NAMES = (*DOCUMENTS, "round", "rules", "common")
SCHEMAS = {name: schema(name) for name in NAMES}
REGISTRY: Registry[Any] = Registry().with_resources((s["$id"], Resource.from_contents(s)) for s in SCHEMAS.values())
VALIDATORS = {name: Draft202012Validator(s, registry=REGISTRY) for name, s in SCHEMAS.items()}
CARD = re.compile(r"(?:10|[2-9JQKA])[♠♣♦♥]")
SOME = settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# The lists that grow with a round are checked item by item against their own definitions, each
# distinct item once, and the rest of the document against its schema: the same check as
# validating the whole document, at a fraction of the cost when it is repeated at every ply.
ITEMS = {
    "view": {"history": "common#/$defs/event", "legal_actions": "common#/$defs/action"},
    "round": {"actions": "round#/properties/actions/items"},
}


@functools.cache
def item_validator(ref: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": f"urn:tienlen:schema:{ref}", "unevaluatedProperties": False}, registry=REGISTRY)


@functools.cache
def valid_item(ref: str, text: str) -> None:
    item_validator(ref).validate(json.loads(text))


def valid(name: str, document: dict[str, Any]) -> dict[str, Any]:
    """``document`` after checking it against the schema ``name`` and that it is plain JSON."""
    lists = ITEMS.get(name, {})
    VALIDATORS[name].validate({key: [] if key in lists else value for key, value in document.items()})
    for key, ref in lists.items():
        for item in document[key]:
            valid_item(ref, json.dumps(item, ensure_ascii=False, sort_keys=True))
    assert json.loads(json.dumps(document)) == document
    return document


def seen_cards(document: object) -> int:
    """Every card written anywhere in a document, as a mask."""
    return to_mask(" ".join(set(CARD.findall(json.dumps(document, ensure_ascii=False)))))


def test_every_schema_is_a_valid_draft_2020_12_schema() -> None:
    for name, document in SCHEMAS.items():
        Draft202012Validator.check_schema(document)
        assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema", name


def test_the_schemas_name_every_profile() -> None:
    """An unchanged profile travels by name, so the schema must know every profile's name."""
    assert SCHEMAS["common"]["$defs"]["rules"]["oneOf"][0]["enum"] == list(PROFILES)


def test_the_schemas_ship_in_the_package() -> None:
    from importlib import resources

    shipped = {p.name for p in resources.files("tienlen").joinpath("schemas").iterdir() if p.is_file()}  # bundled/: test_schemas
    assert shipped == {f"{name}.json" for name in NAMES}


def test_the_schemas_refuse_what_the_library_would_refuse() -> None:
    import jsonschema

    round_ = Round.deal(IWIN, seed=2)
    document = round_.view(0).to_dict()
    bad = [
        document | {"extra": 1},
        document | {"hand": "3♠ 3♣ 1♦"},
        document | {"version": 2},
        document | {"legal_actions": [{"kind": "pass", "seat": 0, "combo": None, "x": 0}]},
        document | {"history": [{"event": "passed", "seat": 0}]},
        document | {"table": {"kind": "flush", "cards": "3♠"}},
    ]
    for wrong in bad:
        with pytest.raises(jsonschema.ValidationError):
            VALIDATORS["view"].validate(wrong)
        with pytest.raises(InvalidDocument):
            PlayerView.from_dict(wrong)
    match = Match.start(IWIN).record(play_round(IWIN, [GreedyAgent()] * 4, seed=2).result).to_dict()
    match["settlements"][0]["extra"] = 1
    with pytest.raises(jsonschema.ValidationError):
        VALIDATORS["match"].validate(match)


def test_every_value_class_with_to_dict_has_a_registered_document() -> None:
    """The registration test: a WireValue class missing from DOCUMENTS fails here, not in a user's
    to_dict()."""
    import importlib
    import pkgutil

    from tienlen._codec import WireValue

    package = Path(tienlen.__file__).parent
    for module in pkgutil.iter_modules([str(package)]):
        if module.name not in ("plot", "pettingzoo", "openspiel", "strategies", "__main__"):
            importlib.import_module(f"tienlen.{module.name}")
    classes = {cls for cls in _subclasses(WireValue) if cls.__module__.startswith("tienlen.")}
    assert classes == set(DOCUMENTS.values())


def _subclasses(cls: type) -> set[type]:
    found: set[type] = set()
    direct: list[type] = cls.__subclasses__()
    for sub in direct:
        found |= {sub} | _subclasses(sub)
    return found


def test_read_document_reads_every_document_the_library_writes() -> None:
    round_ = play_round(IWIN, [GreedyAgent()] * 4, seed=2)
    written: list[Any] = [round_, IWIN, round_.trick, round_.view(1), round_.result, settle(round_.result, IWIN, unit=10)]
    written += [classify("3♠ 3♣", IWIN), round_.actions[0], Match.start(IWIN).record(round_.result)]
    assert {value.to_dict()["format"] for value in written} == {f"tienlen-{name}" for name in (*DOCUMENTS, "round", "rules")}
    for value in written:
        assert read_document(json.dumps(value.to_dict(), ensure_ascii=False)) == value
        assert read_document(value.to_dict()) == value


def test_every_profile_is_registered_and_can_be_started_from() -> None:
    """The registration test of the profiles: every rule set the profiles module defines is in
    PROFILES under its name, and a mapping can start ``from`` it."""
    from tienlen import profiles

    defined = {value for value in vars(profiles).values() if isinstance(value, RuleSet)}
    assert defined == set(PROFILES.values()) and all(PROFILES[r.name] is r for r in defined)
    for name, rules in PROFILES.items():
        assert RuleSet.from_mapping({"from": name, "name": name}) == rules


def test_the_schemas_ship_with_the_package() -> None:
    package = Path(tienlen.__file__).parent
    assert (
        "schemas/*.json"
        in tomllib.loads((package.parent.parent / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
            "package-data"
        ]["tienlen"]
    )


def check_ply(round_: Round) -> None:
    """Every document of this position validates, round-trips and leaks nothing; every legal action
    reads back from its text. (A view's legal actions are validated as part of the view.)"""
    for seat in range(round_.players):
        view = round_.view(seat)
        document = valid("view", view.to_dict())
        assert PlayerView.from_dict(document) == view
        visible = round_.hand_masks[seat] | view.played_mask
        assert seen_cards(document) & ~visible == 0, "a view shows a card its seat may not see"
        redacted = valid("round", round_.to_dict(view_of=seat))
        assert redacted["seed"] is None
        assert seen_cards(redacted) & ~(round_.dealt[seat] | view.played_mask) == 0
        for action in view.legal_actions:
            assert view.parse_action(str(action)) == action
            assert round_.parse_action(str(action)) == action
    assert Trick.from_dict(valid("trick", round_.trick.to_dict())) == round_.trick
    valid("round", round_.to_dict())


def check_action(action: Action) -> None:
    assert Action.from_json(json.dumps(valid("action", action.to_dict()))) == action
    if action.combo is not None:
        assert Combo.from_dict(valid("combo", action.combo.to_dict())) == action.combo


@pytest.mark.parametrize("name", list(PROFILES))
@SOME
@given(data=st.data())
def test_every_value_round_trips_at_every_ply(name: str, data: st.DataObject) -> None:
    rules = PROFILES[name]
    players = data.draw(st.integers(rules.min_players, rules.max_players), label="players")
    round_ = Round.deal(rules, players=players, seed=data.draw(st.integers(0, 2**32), label="seed"))
    while True:
        check_ply(round_)
        if round_.is_over:
            break
        options = list(round_.legal_actions()) + list(round_.legal_interrupts())
        action = data.draw(st.sampled_from(options), label="action")
        check_action(action)
        round_ = round_.apply(action)
    assert Round.from_dict(round_.to_dict()) == round_
    result = round_.result
    assert RoundResult.from_dict(valid("result", result.to_dict())) == result
    stake = 1 if rules.currency == "points" else 1000
    money = settle(result, rules, unit=stake)
    assert Settlement.from_json(json.dumps(valid("settlement", money.to_dict()))) == money
    balances = None if rules.currency == "points" else [50_000] * players
    match = Match.start(rules, players=players, unit=stake, rounds=3, balances=balances).record(result)
    assert Match.from_dict(valid("match", match.to_dict())) == match
    assert read_document(match.to_json()) == match
    assert RuleSet.from_dict(valid("rules", rules.to_dict())) == rules


def test_a_changed_rule_set_travels_as_its_mapping() -> None:
    import attrs

    rules = attrs.evolve(HOUSE, name="my-house", straight_min=4)
    view = Round.deal(rules, seed=3).view(0)
    document = valid("view", view.to_dict())
    assert document["rules"]["straight_min"] == 4
    assert PlayerView.from_dict(document).rules == rules


def test_documents_start_with_format_and_version_in_a_stable_order() -> None:
    round_ = play_round(IWIN, [GreedyAgent(), RandomAgent(seed=1)] * 2, seed=11)
    for value in (round_.result, round_.view(1), round_.trick, settle(round_.result, IWIN)):
        document = value.to_dict()
        assert list(document)[:2] == ["format", "version"] and document["version"] == WIRE_VERSION
        assert value.to_json() == value.to_json()
        assert list(json.loads(value.to_json())) == list(document)


def test_the_redacted_record_holds_one_hand_and_no_seed() -> None:
    round_ = Round.deal(NORTHERN, seed=5)
    round_ = round_.apply(round_.legal_actions()[0])
    redacted = json.loads(round_.to_json(view_of=2))
    assert redacted["hands"][2] == format_cards(round_.dealt[2])
    assert [h is None for h in redacted["hands"]] == [True, True, False, True]
    assert redacted["seed"] is None and redacted["view_of"] == 2 and redacted["hand_sizes"] == [13, 13, 13, 13]
    assert len(redacted["actions"]) == 1
    with pytest.raises(InvalidRecord, match="redacted for seat 2"):
        Round.from_dict(redacted)
    with pytest.raises(Exception, match="view_of must be a seat from 0 to 3"):
        round_.to_dict(view_of=4)


def view_document() -> dict[str, Any]:
    round_ = Round.deal(HOUSE, seed=7)
    return round_.apply(round_.legal_actions()[0]).view(0).to_dict()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "tienlen-combo"}, "format: expected 'tienlen-view'"),
        ({"version": 2}, "version: 2 is not supported"),
        ({"seat": "0"}, "seat: expected a whole number, not '0'"),
        ({"seat": True}, "seat: expected a whole number, not True"),
        ({"hand": "3♠ 3♠"}, "hand: 3♠ is written twice"),
        ({"hand": "3x"}, "hand: cannot read '3x'"),
        ({"table": {"kind": "pair", "cards": "3♠ 4♠"}}, "table.cards: 3♠ 4♠ is not a pair"),
        ({"table": {"kind": "flush", "cards": "3♠"}}, "table.kind: expected one of single, pair"),
        ({"history": [{"event": "played", "seat": 0}]}, "history[0].combo: missing"),
        ({"history": [{"event": "sneezed"}]}, "history[0].event: expected one of played"),
        ({"legal_actions": [{"kind": "pass", "seat": 0, "combo": None, "x": 1}]}, "legal_actions[0].x: not a field here"),
        ({"legal_actions": [{"kind": "play", "seat": 0, "combo": None}]}, "legal_actions[0]: a play action needs a Combo"),
        ({"rules": "poker"}, "rules: 'poker' is not a profile"),
        ({"rules": {"name": "x", "straight_min": "three"}}, "rules: straight_min"),
        ({"passed": "0"}, "passed: expected a list"),
    ],
)
def test_a_malformed_view_is_refused_naming_the_field(change: dict[str, Any], message: str) -> None:
    document = view_document() | change
    with pytest.raises(InvalidDocument, match=re.escape(message)):
        PlayerView.from_dict(document)


def test_missing_fields_and_bad_json_are_refused() -> None:
    document = view_document()
    del document["hand"]
    with pytest.raises(InvalidDocument, match=r"^hand: missing$"):
        PlayerView.from_dict(document)
    with pytest.raises(InvalidDocument, match="not valid JSON"):
        PlayerView.from_json("{")
    with pytest.raises(InvalidDocument, match="expected a tienlen-combo document"):
        Combo.from_dict([1])
    with pytest.raises(InvalidDocument, match="format: expected one of tienlen-combo"):
        read_document({"format": "tienlen-poker"})
    with pytest.raises(InvalidDocument, match="there is no schema 'poker'"):
        schema("poker")


def test_a_match_with_mismatched_settlements_is_refused() -> None:
    round_ = play_round(HOUSE, [GreedyAgent()] * 4, seed=2)
    document = Match.start(HOUSE).record(round_.result).to_dict()
    document["settlements"] = []
    with pytest.raises(InvalidDocument, match="settlements: 0 settlements for 1 results"):
        Match.from_dict(document)
    document = Match.start(HOUSE).to_dict() | {"unit": 0}
    with pytest.raises(InvalidDocument, match="unit: 0 is not a positive whole number"):
        Match.from_dict(document)


def test_a_combo_document() -> None:
    combo = classify("5♠ 5♥ 6♦ 6♣ 7♠ 7♣", HOUSE)
    assert combo.to_dict() == {"format": "tienlen-combo", "version": 1, "kind": "pair_run", "cards": "5♠ 5♥ 6♣ 6♦ 7♠ 7♣"}
    assert combo.to_json() == '{"format":"tienlen-combo","version":1,"kind":"pair_run","cards":"5♠ 5♥ 6♣ 6♦ 7♠ 7♣"}'


def test_every_document_has_a_shipped_schema() -> None:
    assert NAMES == SHIPPED
    for name in SHIPPED:
        assert schema(name)["$id"] == f"urn:tienlen:schema:{name}"
