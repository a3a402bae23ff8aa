"""Bad input of every kind is refused with a TienLenError naming what is wrong, never a bare
Python error, and nothing is half-applied."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from tienlen import HOUSE, InvalidRecord, InvalidRules, Round, RuleSet, TienLenError, beats, legal_plays
from tienlen.agents import GreedyAgent, play_round
from tienlen.cli import main
from tienlen.simulate import simulate


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"chop_payment": "double"}, "chop_payment: 'double' is not allowed"),
        ({"thui": "everyone"}, "thui: 'everyone' is not allowed"),
        ({"currency": "dollars"}, "currency: 'dollars' is not allowed"),
        ({"frozen": "no"}, "frozen: expected true or false"),
        ({"min_players": "2"}, "min_players: expected a whole number"),
        ({"bombs": ["quad"]}, "bombs: expected a table of bomb classes"),
        ({"bomb_values": {"quad": 4}}, "bomb_values: expected a table"),
        ({"two_values": None}, "two_values: expected 4 whole numbers"),
        ({"match_rounds": True}, "match_rounds: expected a whole number"),
    ],
)
def test_rule_sets_built_directly_are_checked_like_rule_files(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidRules, match=message):
        attrs.evolve(HOUSE, **changes)


@pytest.mark.parametrize(
    ("mapping", "message"),
    [
        ({"from": ["house"]}, "from: .* is not a profile"),
        ({"name": "x", 1: 2}, "axis names must be text"),
        (
            {
                "from": "house",
                "name": "x",
                "placement": {"2": [[2, 1, 4]], "3": [[3, 1, 4]], "4": [[4, 1, 4]], "04": [[4, 1, 9]]},
            },
            "given once",
        ),
    ],
)
def test_odd_rule_mappings_are_refused(mapping: dict[Any, Any], message: str) -> None:
    with pytest.raises(InvalidRules, match=message):
        RuleSet.from_mapping(mapping)


def test_rule_text_with_control_characters_round_trips_through_toml() -> None:
    odd = attrs.evolve(HOUSE, name="odd", description='tab\there, "quotes", DEL\x7f, bell\x07')
    assert RuleSet.from_toml(odd.to_toml()) == odd


@pytest.mark.parametrize(
    "call",
    [
        lambda: RuleSet.from_json("[" * 100_000),
        lambda: RuleSet.from_toml("a = " + "[" * 5_000),
        lambda: Round.from_json("[" * 100_000),
    ],
)
def test_deeply_nested_input_is_refused(call: Callable[[], object]) -> None:
    with pytest.raises(TienLenError):
        call()


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


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Round.deal("house"), "not a RuleSet"),  # type: ignore[arg-type]
        (lambda: Round.from_hands(None, HOUSE), "one hand per seat"),  # type: ignore[arg-type]
        (lambda: Round.deal(HOUSE, seed=1).apply("pass"), "not an Action"),  # type: ignore[arg-type]
        (lambda: Round.deal(HOUSE, seed=1).is_active(9), "seat from 0 to 3"),
        (lambda: Round.deal(HOUSE, seed=1).play(None), "not cards"),  # type: ignore[arg-type]
        (lambda: simulate([HOUSE], rounds=1, bots=()), "bots must be a non-empty sequence"),
    ],
)
def test_wrong_argument_types_raise_library_errors(call: Callable[[], object], message: str) -> None:
    with pytest.raises(TienLenError, match=message):
        call()


def test_tables_may_be_given_as_card_text() -> None:
    assert [str(c) for c in legal_plays("3♠ 4♠ 4♣", "3♣", HOUSE)] == ["4♠", "4♣"]
    assert beats("4♠", "3♠", HOUSE)


@pytest.mark.parametrize("argv", [["play", "--bots", ","], ["simulate", "--rounds", "1", "--rules", ","]])
def test_cli_empty_name_lists_are_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(argv) == 2
    assert "name at least one" in capsys.readouterr().err
