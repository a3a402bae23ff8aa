"""Round records and the one-line notation: a played round round-trips through its record and its
notation, and a tampered, mistyped or oversized record or notation is refused naming what is wrong."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest
from builders import DRAGON, GREEDY_ROUND, PR4_LOW, SPADES4, go, iwin_two_on_table, record_with, refused_quickly, with_others

from tienlen import (
    HOUSE,
    IWIN,
    InvalidRecord,
    InvalidRules,
    Round,
    RuleSet,
    TienLenError,
    parse_cards,
)
from tienlen.players.agents import GreedyAgent, play_round


def test_record_round_trips_a_played_round_with_interrupts_and_forfeits() -> None:
    r = iwin_two_on_table().interrupt(2, PR4_LOW)
    r = r.forfeit(1)
    back = Round.from_json(r.to_json())
    assert back == r and back.events == r.events


def test_tampered_record_is_refused_naming_the_action() -> None:
    from tienlen import InvalidRecord

    r = go(Round.from_hands(SPADES4, HOUSE), "3♠", "4♠", "5♠", "pass")
    record = json.loads(r.to_json())
    record["actions"][2]["cards"] = "9♠"  # seat 2 holds 9♠, but 9♠ was not played there... still legal
    assert Round.from_json(json.dumps(record)).hands[2] == parse_cards("5♠")
    record["actions"][2]["cards"] = "6♠"  # seat 2 never held 6♠
    with pytest.raises(InvalidRecord, match=r"action 3 \(seat 2 play 6♠\) is refused: seat 2 does not hold 6♠"):
        Round.from_json(json.dumps(record))
    record = json.loads(r.to_json())
    record["actions"][3]["seat"] = 1
    with pytest.raises(InvalidRecord, match=r"action 4 .* it is seat 3's turn, not seat 1's"):
        Round.from_json(json.dumps(record))


def test_records_of_custom_rules_round_trip() -> None:
    custom = attrs.evolve(HOUSE, name="no-dragons", instant_wins=("four_twos",))
    r = Round.from_hands(with_others(DRAGON), custom)
    assert not r.is_over
    back = Round.from_json(r.to_json())
    assert back == r and back.rules.name == "no-dragons"
    assert isinstance(back.rules, RuleSet)


def test_one_line_notation_round_trips_and_reads_like_the_log() -> None:
    r = Round.from_hands(["3♠ 4♠ 9♦", "5♥ 6♥ 9♥", "7♣ 8♣", "K♦ K♥"], HOUSE, first_round=True)
    r = r.play("3♠").play("5♥").pass_().forfeit(3)
    text = r.to_notation()
    assert text == "house p4 d0 first | 3♠4♠9♦ / 5♥6♥9♥ / 7♣8♣ / K♦K♥ | 0:3♠ 1:5♥ 2:. 3x"
    assert Round.from_notation(text) == r
    dealt = Round.deal(IWIN, players=3, seed=9, first_round=False, leader=1)
    assert Round.from_notation(dealt.to_notation()) == dealt and " s9" in dealt.to_notation()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("house", "a round notation reads"),
        ("poker p4 d0 first | 3♠ / 4♠ |", "'poker' is not a profile"),
        ("house p4 d0 sometimes | 3♠ / 4♠ |", "'sometimes' is not a setup option"),
        ("house p3 d0 first | 3♠ / 4♠ |", "says p3 but deals 2 hands"),
        ("house p2 d0 first | 3♠ 4♠ / 5♥ 6♥ | 0:3♠ 1:2♥", r"action 2 \(1:2♥\) is refused: seat 1 does not hold 2♥"),
        ("house p2 d0 first | 3♠ 4♠ / 5♥ 6♥ | 1:5♥", "action 1 .* it is seat 0's turn"),
        ("house p2 d0 first s5 | 3♠ 4♠ / 5♥ 6♥ |", "do not match seed 5"),
    ],
)
def test_bad_notation_is_refused_naming_the_problem(text: str, message: str) -> None:
    with pytest.raises(InvalidRecord, match=message):
        Round.from_notation(text)


def _record() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(play_round(HOUSE, [GreedyAgent()] * 4, seed=12).to_json())
    return loaded


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("first_round", "no", "first_round must be true or false"),
        ("version", True, "version True is not supported"),
        ("version", 1.0, "version 1.0 is not supported"),
        ("seed", 3.0, "seed must be a whole number"),
    ],
)
def test_records_with_wrong_types_are_refused(field: str, value: Any, message: str) -> None:
    record = _record()
    record[field] = value
    with pytest.raises(InvalidRecord, match=message):
        Round.from_json(json.dumps(record))


def test_record_action_cards_must_be_text() -> None:
    record = _record()
    record["actions"][0]["cards"] = 1
    with pytest.raises(InvalidRecord, match=r"action 1 .* cards must be card text"):
        Round.from_json(json.dumps(record))


@pytest.mark.parametrize("option", ["s²", "s١", "p٤", "d²", "s" + "9" * 5000, "s18446744073709551616"])
def test_notation_numbers_are_ascii_and_bounded(option: str) -> None:
    refused_quickly(lambda: Round.from_notation(f"house p2 d0 first {option} | 3♠ / 4♠ |"), InvalidRecord)


@pytest.mark.parametrize("seat", ["²", "٣", "9" * 5000])
def test_notation_seats_are_ascii_and_bounded(seat: str) -> None:
    refused_quickly(lambda: Round.from_notation(f"house p2 d0 first | 3♠ / 4♠ | {seat}:3♠"), InvalidRecord)


@pytest.mark.parametrize(
    "text",
    [
        record_with(seed=None)[:-1] + ', "seed": 5}',
        '{"name": "a", "name": "b"}',
    ],
)
def test_duplicated_json_keys_are_refused(text: str) -> None:
    with pytest.raises(TienLenError, match="given twice"):
        Round.from_json(text) if "format" in text else RuleSet.from_json(text)


def test_unknown_record_fields_are_refused() -> None:
    refused_quickly(lambda: Round.from_json(record_with(winner=0)), InvalidRecord, "field 'winner'")
    data = json.loads(GREEDY_ROUND.to_json())
    data["actions"][0]["note"] = "x"
    refused_quickly(lambda: Round.from_json(json.dumps(data)), InvalidRecord, "action 1 ")  # the first, counted from 1


def test_unknown_record_fields_of_any_type_are_refused_naming_one() -> None:
    record: dict[Any, Any] = GREEDY_ROUND.to_dict()
    record[1] = "x"
    record["zz"] = "y"
    refused_quickly(lambda: Round.from_dict(record), InvalidRecord, "has a field '1' that version 1 does not have")
    del record[1]
    record[10**5000] = "z"
    refused_quickly(lambda: Round.from_dict(record), InvalidRecord, "has a field '<a 16610-bit number>'")


def test_nan_and_infinity_are_not_json_numbers() -> None:
    refused_quickly(lambda: Round.from_json(record_with()[:-1] + ', "seed": NaN}'), InvalidRecord)
    refused_quickly(lambda: RuleSet.from_json('{"name": "x", "rake_percent": Infinity}'), InvalidRules)


def test_a_record_without_a_seed_is_a_given_deal_and_replays_as_such() -> None:
    """Documented: seed null means the hands were given (Round.from_hands), so any hands are read."""
    given = Round.from_hands(["3♠ 4♠", "5♠ 6♠"], HOUSE)
    assert Round.from_json(given.to_json()) == given and given.seed is None
    refused_quickly(
        lambda: Round.from_json(record_with(hands=["3♠ 4♠"] + json.loads(GREEDY_ROUND.to_json())["hands"][1:])), InvalidRecord
    )
