"""The wire format: every value round-trips through JSON at every ply of random rounds of every
profile, every document validates against its shipped JSON Schema, a seat's documents never hold
a card that seat may not see, and malformed documents are refused naming the field."""

from __future__ import annotations

import functools
import json
import re
import time
import tomllib
from pathlib import Path
from typing import Any

import attrs
import pytest
from builders import settlement_document, settlement_of
from hypothesis import HealthCheck, given, settings, strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

import tienlen
from tienlen import (
    HOUSE,
    IWIN,
    NORTHERN,
    PAGAT,
    PROFILES,
    Action,
    Combo,
    IllegalPlay,
    InvalidArgument,
    InvalidCards,
    InvalidCombo,
    InvalidDocument,
    InvalidRecord,
    InvalidRules,
    Match,
    PlayerView,
    Round,
    RoundResult,
    RuleSet,
    Settlement,
    TienLenError,
    Trick,
    classify,
    explain,
    parse_cards,
    settle,
)
from tienlen._base.input import (
    MAX_ACTION_TEXT,
    MAX_AMOUNT,
    MAX_CARD_TEXT,
    MAX_COUNT,
    MAX_DOCUMENT,
    MAX_NOTATION,
    MAX_RECORD,
    MAX_RULES_TEXT,
    MAX_SEED,
)
from tienlen.game.cards import format_cards, to_mask
from tienlen.io import wire
from tienlen.io._schemas import SCHEMAS as SHIPPED
from tienlen.io.wire import DOCUMENTS, WIRE_VERSION, read_document, schema
from tienlen.learning.actionspace import action_indices
from tienlen.players.agents import GreedyAgent, RandomAgent, play_round
from tienlen.show import svg

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

    shipped = {
        p.name for p in resources.files("tienlen.io").joinpath("schemas").iterdir() if p.is_file()
    }  # bundled/: test_schemas
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

    from tienlen._base.codec import WireValue

    package = Path(tienlen.__file__).parent
    for module in pkgutil.iter_modules([str(package)]):
        if module.name not in ("plot", "pettingzoo", "openspiel", "vector", "strategies", "__main__"):
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
    from tienlen.variants import profiles

    defined = {value for value in vars(profiles).values() if isinstance(value, RuleSet)}
    assert defined == set(PROFILES.values()) and all(PROFILES[r.name] is r for r in defined)
    for name, rules in PROFILES.items():
        assert RuleSet.from_mapping({"from": name, "name": name}) == rules


def test_the_schemas_ship_with_the_package() -> None:
    package = Path(tienlen.__file__).parent
    assert (
        "io/schemas/*.json"
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


def match_document(rules: RuleSet = HOUSE, rounds: int = 3, unit: int = 1000) -> dict[str, Any]:
    match = Match.start(rules, unit=unit if rules.currency != "points" else None, rounds=rounds)
    for seed in range(rounds):
        agents = [GreedyAgent(seed=s) for s in range(4)]
        match = match.record(play_round(rules, agents, seed=seed, first_round=match.played == 0, leader=match.leader).result)
    return match.to_dict()


# ---------------------------------------------------------------------------- strict, bounded JSON
DUPLICATED = '{"format":"tienlen-combo","version":1,"kind":"single","cards":"2♥","cards":"3♠"}'


# ---------------------------------------------------------------------------- every limit of the security page
FINISHED = play_round(HOUSE, [GreedyAgent()] * 4, seed=3)


def _padded(text: str, length: int, pad: str = " ") -> str:
    return text + pad * (length - len(text))


def test_a_key_given_twice_is_refused_by_every_wire_reader() -> None:
    with pytest.raises(InvalidDocument, match="the key 'cards' is given twice"):
        Combo.from_json(DUPLICATED)
    with pytest.raises(InvalidDocument, match="given twice"):
        wire.read_document(DUPLICATED)
    view = Round.deal(HOUSE, seed=1).view(0).to_json()
    with pytest.raises(InvalidDocument, match="'seat' is given twice"):
        PlayerView.from_json(view[:-1] + ',"seat":1}')
    record = Round.deal(HOUSE, seed=1).to_json()
    with pytest.raises(InvalidRecord, match="'seed' is given twice"):
        Round.from_json(record[:-1] + ',"seed":2}')
    with pytest.raises(InvalidRules, match="given twice"):
        RuleSet.from_json('{"name": "x", "name": "y"}')


def test_a_wire_document_is_measured_before_it_is_parsed() -> None:
    text = Round.deal(HOUSE, seed=1).view(0).to_json()
    at_limit = text + " " * (MAX_DOCUMENT - len(text))
    assert len(at_limit) == MAX_DOCUMENT
    assert PlayerView.from_json(at_limit) == PlayerView.from_json(text)
    started = time.perf_counter()
    with pytest.raises(InvalidDocument, match=f"is {MAX_DOCUMENT + 1:,} characters long; the limit is {MAX_DOCUMENT:,}"):
        PlayerView.from_json(at_limit + " ")
    huge = "[" * 50_000_000  # 50 MB: refused by its length, never read
    with pytest.raises(InvalidDocument, match="characters long"):
        Match.from_json(huge)
    assert time.perf_counter() - started < 1


def test_deep_nesting_is_refused_without_a_recursion_error() -> None:
    document = match_document(rounds=1)
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    assert '"results":[' in text
    nested = "[" * 985 + "]" * 985
    for deep in (text.replace('"results":[', '"results":[' + nested + ",", 1), "[" * 985 + "]" * 985):
        with pytest.raises(InvalidDocument) as refused:
            Match.from_json(deep)
        assert len(str(refused.value)) <= 400
    deep_list: list[Any] = []
    for _ in range(985):
        deep_list = [deep_list]
    document["results"] = [deep_list]  # already parsed: the message summarises, never repr()s
    with pytest.raises(InvalidDocument, match=r"results\[0\]: expected an object, not \[\[\[\["):
        Match.from_dict(document)


def test_messages_never_quote_a_memory_address() -> None:
    document = Combo.parse("3♠").to_dict() | {"kind": object()}
    with pytest.raises(InvalidDocument) as refused:
        Combo.from_dict(document)
    assert "0x" not in str(refused.value) and "<object object>" in str(refused.value)


def test_the_document_table_is_read_only() -> None:
    with pytest.raises(TypeError):
        wire.DOCUMENTS["combo"] = int  # type: ignore[index]
    assert wire.DOCUMENTS["combo"] is Combo


# ---------------------------------------------------------------------------- money documents
@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["net"].__setitem__(0, d["net"][0] + 1), "net"),  # not zero-sum
        (lambda d: d.__setitem__("house", d["house"] + 5), "net"),
        (lambda d: d.__setitem__("currency", "dollars"), "currency"),
        (lambda d: d["transfers"][0].__setitem__("payer", -1), r"transfers\[0\]\.payer"),
        (lambda d: d["transfers"][0].__setitem__("payer", 7), r"transfers\[0\]"),
        (lambda d: d["transfers"][0].__setitem__("payee", d["transfers"][0]["payer"]), r"transfers\[0\]"),
        (lambda d: d["transfers"][0].__setitem__("amount", -3), r"transfers\[0\]\.amount"),
        (lambda d: d["transfers"][0].__setitem__("amount", 0), r"transfers\[0\]\.amount"),
        (lambda d: d.__setitem__("unit", 0), "unit"),
        (lambda d: d.__setitem__("net", d["net"] + [0]), "net"),
        (lambda d: d.__setitem__("net", d["net"][:1]), "net"),
    ],
)
def test_a_forged_settlement_is_refused_naming_the_field(change: Any, field: str) -> None:
    document = settlement_document()
    assert document["transfers"], "the deal chosen moves money"
    Settlement.from_dict(document)
    change(document)
    with pytest.raises(InvalidDocument, match=f"^{field}"):
        Settlement.from_dict(document)


@pytest.mark.parametrize("rules", [HOUSE, NORTHERN, IWIN, PAGAT], ids=lambda r: r.name)
def test_every_settlement_settle_makes_reads_back(rules: RuleSet) -> None:
    for seed in range(30):
        money = settlement_of(rules, seed)
        assert Settlement.from_dict(money.to_dict()) == money


def test_a_points_settlement_moves_no_money() -> None:
    document = settlement_of(PAGAT).to_dict()
    document["transfers"] = [{"payer": 0, "payee": 1, "amount": 1, "reason": "forged"}]
    with pytest.raises(InvalidDocument, match=r"^transfers: points move no money"):
        Settlement.from_dict(document)


def test_a_match_whose_settlements_do_not_follow_from_its_results_is_refused() -> None:
    document = match_document()
    assert Match.from_dict(document).totals == Match.from_dict(match_document()).totals
    forged = json.loads(json.dumps(document))
    first = forged["settlements"][0]
    first["net"] = [0] * 4
    first["transfers"] = []
    first["house"] = 0  # a settlement that is valid on its own, but not this round's money
    Settlement.from_dict({"format": "tienlen-settlement", "version": 1} | first)
    with pytest.raises(InvalidDocument, match=r"^settlements\[0\]: not what results\[0\] settles to under house"):
        Match.from_dict(forged)
    swapped = json.loads(json.dumps(document))
    swapped["settlements"].reverse()
    with pytest.raises(InvalidDocument, match=r"^settlements\[0\]"):
        Match.from_dict(swapped)
    other_unit = json.loads(json.dumps(document)) | {"unit": 5}
    with pytest.raises(InvalidDocument, match=r"^settlements\[0\]: .* with unit 5"):
        Match.from_dict(other_unit)


def test_a_match_of_five_seats_of_money_cannot_break_its_totals() -> None:
    document = match_document(rounds=1)
    document["settlements"][0]["net"] = document["settlements"][0]["net"][:3]
    with pytest.raises(InvalidDocument, match=r"^settlements\[0\]"):
        Match.from_dict(document)
    document = match_document(rounds=1) | {"rounds": 0}
    with pytest.raises(InvalidDocument, match="rounds"):
        Match.from_dict(document)


def test_a_match_with_more_results_than_rounds_is_refused() -> None:
    document = match_document(rounds=3) | {"rounds": 2}
    with pytest.raises(InvalidDocument, match=r"^results\[2\]: the match is over after 2 rounds"):
        Match.from_dict(document)


# ---------------------------------------------------------------------------- views
def test_a_forged_view_cannot_break_its_picture() -> None:
    document = Round.deal(HOUSE, seed=2).view(0).to_dict()
    with pytest.raises(InvalidDocument, match=r"^card_counts: 5 counts for 4 players"):
        PlayerView.from_dict(document | {"card_counts": [13, 13, 13, 13, 13]})
    with pytest.raises(InvalidDocument, match=r"^card_counts\[1\]: expected a count from 0 to 13, not 1000000"):
        PlayerView.from_dict(document | {"card_counts": [13, 10**6, 13, 13]})
    with pytest.raises(InvalidDocument, match=r"^hand: the hand must hold card_counts"):
        PlayerView.from_dict(document | {"card_counts": [12, 13, 13, 13]})
    with pytest.raises(InvalidDocument, match=r"^to_act: seat 5 is not at this 4-player table"):
        PlayerView.from_dict(document | {"to_act": 5})
    with pytest.raises(InvalidDocument, match=r"^seat: expected a whole number from 0 to 99"):
        PlayerView.from_dict(document | {"seat": -1})
    assert svg.view(PlayerView.from_dict(document)).startswith("<svg")


def test_cards_in_a_document_are_written_one_way() -> None:
    document = Combo.parse("3♠ 4♠ 5♠").to_dict()
    for other in ("5♠ 4♠ 3♠", "3s 4s 5s", "3♠  4♠ 5♠", "3♠ 3♠ 4♠ 5♠"):
        with pytest.raises(InvalidDocument, match=r"^cards: "):
            Combo.from_dict(document | {"cards": other})


# ---------------------------------------------------------------------------- the legal-action proof
def test_the_proof_of_a_legal_action_cannot_be_written_from_outside() -> None:
    round_ = Round.deal(HOUSE, seed=5)
    legal = round_.legal_actions()
    other = next(seat for seat in range(4) if seat != round_.to_act)
    stolen = classify(str(round_.view(other).hand[0]), HOUSE)
    assert round_.to_act is not None
    forged = Action(kind="play", seat=round_.to_act, combo=stolen)
    for entry in (forged, (forged, 0, 0), (forged, -1, 0), (forged, 0, 10**9), ("x",)):
        legal._minted[id(forged)] = entry  # type: ignore[assignment]
        with pytest.raises(IllegalPlay, match="does not hold"):
            round_.apply(forged)
    assert not legal.handed_out(forged)
    assert legal.handed_out(legal[0]) and round_.apply(legal[0]).actions == (legal[0],)


# ---------------------------------------------------------------------------- crashes, now refusals
def test_a_seat_written_in_other_digits_is_refused() -> None:
    with pytest.raises(IllegalPlay, match="cannot read '²' as a seat number"):
        Round.deal(HOUSE, seed=1).parse_action("seat ² pass")
    with pytest.raises(IllegalPlay, match="as a seat number"):
        Round.deal(HOUSE, seed=1).parse_action("seat ٣ pass")


def test_an_action_text_is_measured_before_it_is_split() -> None:
    round_ = Round.deal(HOUSE, seed=1)
    padded = "pass" + " " * (MAX_ACTION_TEXT - 4)
    assert round_.parse_action(padded).kind == "pass"
    started = time.perf_counter()
    with pytest.raises(IllegalPlay, match=f"is {MAX_ACTION_TEXT + 1:,} characters long; the limit is {MAX_ACTION_TEXT:,}"):
        round_.parse_action(padded + " ")
    with pytest.raises(IllegalPlay, match="characters long"):
        round_.parse_action("x " * 50_000_000)  # 100 MB
    assert time.perf_counter() - started < 1


def test_wrong_types_and_huge_numbers_are_refused() -> None:
    with pytest.raises(InvalidArgument, match="is not a RuleSet"):
        explain(Combo.parse("3♠"), None, 0)  # type: ignore[arg-type]
    with pytest.raises(InvalidCombo, match="is not a card mask"):
        action_indices(1 << 52)
    with pytest.raises(InvalidCombo, match="is not a card mask"):
        action_indices(True)
    assert action_indices((1 << 52) - (1 << 48))  # the four 2s: the highest mask there is
    with pytest.raises(InvalidArgument, match="up to 100,000"):
        svg.hand("3♠", size=10**309)
    with pytest.raises(InvalidArgument, match="up to 100,000"):
        svg.hand("3♠", size=svg.MAX_SIZE + 1)
    assert 'width="100000"' in svg.hand("3♠", size=svg.MAX_SIZE)


def test_a_bool_is_no_seat() -> None:
    view = Round.deal(HOUSE, seed=1).view(1)
    with pytest.raises(IllegalPlay, match="not seat True's"):
        view.parse_action("pass", True)
    document = view.to_dict()
    with pytest.raises(InvalidDocument, match=r"^seat: expected a whole number, not True"):
        PlayerView.from_dict(document | {"seat": True})


@pytest.mark.parametrize("key", [10**5000, 1, None, (1, 2)], ids=["huge", "one", "none", "tuple"])
def test_a_key_that_is_not_text_is_an_unknown_field_of_any_document(key: Any) -> None:
    """Python mappings may hold any key (JSON text holds only text): each is named, never converted to digits."""
    shown = "<a 16610-bit number>" if key == 10**5000 else repr(key)
    for value in (classify("3♠ 4♠ 5♠", HOUSE), FINISHED.view(2), FINISHED.result, Action(kind="pass", seat=1)):
        document: dict[Any, Any] = value.to_dict()
        document[key] = 1
        with pytest.raises(InvalidDocument, match=rf"^{re.escape(shown)}: not a field here"):
            type(value).from_dict(document)
        with pytest.raises(InvalidDocument, match="not a field here"):
            read_document(document)


@pytest.mark.parametrize("cls", [None, "Combo", 1, [Combo], int])
def test_decode_names_what_has_no_document(cls: Any) -> None:
    with pytest.raises(InvalidDocument, match="has no wire document; the documents hold Combo"):
        wire.decode(cls, {})


def test_seats_and_amounts_in_documents_at_their_limits_and_past_them() -> None:
    action = Action(kind="pass", seat=3).to_dict()
    assert Action.from_dict(action | {"seat": 99}).seat == 99
    with pytest.raises(InvalidDocument, match=r"^seat: expected a whole number from 0 to 99 \(a seat\), not 100"):
        Action.from_dict(action | {"seat": 100})
    most = 10**15
    money = {"format": "tienlen-settlement", "version": 1, "currency": "chips", "unit": most, "house": 0}
    paid = money | {"transfers": [{"payer": 0, "payee": 1, "amount": most, "reason": "r"}], "net": [-most, most, 0, 0]}
    assert Settlement.from_dict(paid).net == (-most, most, 0, 0)
    over = money | {
        "transfers": [{"payer": 0, "payee": 1, "amount": most + 1, "reason": "r"}],
        "net": [-most - 1, most + 1, 0, 0],
    }
    with pytest.raises(InvalidDocument, match=r"^transfers\[0\]\.amount: expected a whole number from 1 to"):
        Settlement.from_dict(over)
    with pytest.raises(InvalidDocument, match=r"^unit: expected a whole number from 1 to"):
        Settlement.from_dict(paid | {"unit": most + 1})


@pytest.mark.parametrize(
    ("name", "read", "fits", "error"),
    [
        ("card text", parse_cards, lambda n: _padded("3♠", n), InvalidCards),
        ("action text", lambda t: Round.deal(HOUSE, seed=1).parse_action(t), lambda n: _padded("pass", n), IllegalPlay),
        ("notation", Round.from_notation, lambda n: _padded(FINISHED.to_notation(), n), InvalidRecord),
        ("record", Round.from_json, lambda n: _padded(FINISHED.to_json(), n), InvalidRecord),
        ("document", PlayerView.from_json, lambda n: _padded(FINISHED.view(0).to_json(), n), InvalidDocument),
        ("rules TOML", RuleSet.from_toml, lambda n: _padded(IWIN.to_toml() + "\n#", n, "x"), InvalidRules),
        ("rules JSON", RuleSet.from_json, lambda n: _padded(IWIN.to_json(), n), InvalidRules),
    ],
)
def test_every_text_limit_at_its_boundary_and_one_past_it(name: str, read: Any, fits: Any, error: type[Exception]) -> None:
    limit = {
        "card text": MAX_CARD_TEXT,
        "action text": MAX_ACTION_TEXT,
        "notation": MAX_NOTATION,
        "record": MAX_RECORD,
        "document": MAX_DOCUMENT,
        "rules TOML": MAX_RULES_TEXT,
        "rules JSON": MAX_RULES_TEXT,
    }[name]
    read(fits(limit))
    with pytest.raises(error, match=f"is {limit + 1:,} characters long; the limit is {limit:,}"):
        read(fits(limit + 1))


@pytest.mark.parametrize(
    ("call", "limit", "past"),
    [
        (lambda v: Round.deal(HOUSE, seed=v), MAX_SEED, "seed"),
        (lambda v: settle(FINISHED.result, HOUSE, unit=v), MAX_AMOUNT, "unit"),
        (lambda v: Match.start(HOUSE, balances=[v] * 4), MAX_AMOUNT, "balances"),
        (lambda v: Match.start(HOUSE, rounds=v), MAX_COUNT, "rounds"),
        (lambda v: attrs.evolve(HOUSE, name="my-house", match_rounds=v), MAX_COUNT, "match_rounds"),
        (lambda v: RandomAgent(seed=v), MAX_SEED, "seed"),
    ],
)
def test_every_number_limit_at_its_boundary_and_one_past_it(call: Any, limit: int, past: str) -> None:
    call(limit)
    with pytest.raises(TienLenError, match=past):
        call(limit + 1)


def test_names_at_their_limit_and_one_past_it() -> None:
    assert attrs.evolve(HOUSE, name="x" * 100).name == "x" * 100
    with pytest.raises(TienLenError, match="name"):
        attrs.evolve(HOUSE, name="x" * 101)
    assert attrs.evolve(HOUSE, name="my-house", description="x" * 1000).description
    with pytest.raises(TienLenError, match="description"):
        attrs.evolve(HOUSE, name="my-house", description="x" * 1001)
