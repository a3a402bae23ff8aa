"""One regression test per reproducer of the second hostile-input audit (issue 22), outside the
table server (tests/test_table_server.py has those): strict and bounded wire documents, money
documents that cannot be forged, a legal-action proof that cannot be forged, and the crashes
found on the newer surfaces, each now a :class:`~tienlen.TienLenError` with a useful message.
"""

from __future__ import annotations

import json
import time
import xml.etree.ElementTree as ET
from typing import Any

import attrs
import pytest

from tienlen import (
    HOUSE,
    IWIN,
    NORTHERN,
    PAGAT,
    Action,
    Combo,
    GreedyAgent,
    IllegalPlay,
    InvalidArgument,
    InvalidCards,
    InvalidCombo,
    InvalidDocument,
    InvalidRecord,
    InvalidRules,
    Match,
    PlayerView,
    RandomAgent,
    Round,
    RuleSet,
    Settlement,
    TienLenError,
    classify,
    explain,
    parse_cards,
    play_round,
    settle,
    svg,
    wire,
)
from tienlen._input import (
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
from tienlen.actionspace import action_indices
from tienlen.events import Chop


def match_document(rules: RuleSet = HOUSE, rounds: int = 3, unit: int = 1000) -> dict[str, Any]:
    match = Match.start(rules, unit=unit if rules.currency != "points" else None, rounds=rounds)
    for seed in range(rounds):
        agents = [GreedyAgent(seed=s) for s in range(4)]
        match = match.record(play_round(rules, agents, seed=seed, first_round=match.played == 0, leader=match.leader).result)
    return match.to_dict()


def settlement_document() -> dict[str, Any]:
    return settlement_of(HOUSE).to_dict()


def settlement_of(rules: RuleSet, seed: int = 3) -> Settlement:
    return settle(play_round(rules, [GreedyAgent()] * 4, seed=seed).result, rules, unit=1000 if rules.currency != "points" else 1)


# ---------------------------------------------------------------------------- strict, bounded JSON
DUPLICATED = '{"format":"tienlen-combo","version":1,"kind":"single","cards":"2♥","cards":"3♠"}'


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


def test_settle_refuses_a_seat_that_chops_itself() -> None:
    result = play_round(HOUSE, [GreedyAgent()] * 4, seed=3).result
    chop = Chop(trick=1, index=1, chopper=1, chopped=1, chopped_combo=classify("2♠", HOUSE), by=classify("3♠ 3♣ 3♦ 3♥", HOUSE))
    forged = attrs.evolve(result, events=(*result.events, chop))
    for balances in (None, [10**6] * 4):
        with pytest.raises(InvalidRecord, match="cannot chop its own play"):
            settle(forged, IWIN, unit=1000, balances=balances)


@pytest.mark.parametrize("agent", [GreedyAgent(), RandomAgent()], ids=type)
def test_an_agent_asked_for_a_seat_that_is_not_to_act_refuses(agent: GreedyAgent | RandomAgent) -> None:
    round_ = Round.deal(HOUSE, seed=1)
    assert round_.to_act is not None
    waiting = round_.view((round_.to_act + 1) % 4)
    with pytest.raises(IllegalPlay, match=f"seat {waiting.seat} has no action to choose: seat {round_.to_act} is to act"):
        agent.act(waiting)
    with pytest.raises(InvalidArgument, match="view must be a PlayerView"):
        agent.act(round_)  # type: ignore[arg-type]
    assert agent.act(round_.view(round_.to_act)) in round_.legal_actions()


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
        view.parse_action("pass", True)  # type: ignore[arg-type]
    document = view.to_dict()
    with pytest.raises(InvalidDocument, match=r"^seat: expected a whole number, not True"):
        PlayerView.from_dict(document | {"seat": True})


def test_control_characters_in_pictures_are_escaped() -> None:
    document = settlement_document()
    document["transfers"][0]["reason"] = "chop\x00\x1b[2J\x08<b>&"
    picture = svg.settlement(Settlement.from_dict(document))
    root = ET.fromstring(picture)  # well-formed XML
    text = "".join(root.itertext())
    assert "\\x00\\x1b[2J\\x08<b>&" in text and "\x1b" not in picture


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


# ---------------------------------------------------------------------------- every limit of the security page
FINISHED = play_round(HOUSE, [GreedyAgent()] * 4, seed=3)


def _padded(text: str, length: int, pad: str = " ") -> str:
    return text + pad * (length - len(text))


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
        (lambda v: attrs.evolve(HOUSE, match_rounds=v), MAX_COUNT, "match_rounds"),
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
    assert attrs.evolve(HOUSE, description="x" * 1000).description
    with pytest.raises(TienLenError, match="description"):
        attrs.evolve(HOUSE, description="x" * 1001)
