"""TODO docstring."""

from __future__ import annotations

import json

import attrs
import pytest
from builders import DRAGON, PR4_LOW, SPADES4, go, iwin_two_on_table, with_others

from tienlen import (
    HOUSE,
    IWIN,
    InvalidRecord,
    Round,
    RuleSet,
    parse_cards,
)


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
