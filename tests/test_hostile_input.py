"""One regression test per defect of the hostile-input report, each with its reproducer.

Each test is named after the promise it checks: bad input raises a TienLenError with a short,
one-line message, in bounded time and memory, and leaves every value as it was.
"""

from __future__ import annotations

import json
import os
import pickle
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

from tienlen import (
    AXES,
    DECK,
    HOUSE,
    INSTANT_WIN_PATTERNS,
    PAGAT,
    Card,
    Combo,
    ComboKind,
    IllegalPlay,
    InvalidArgument,
    InvalidCards,
    InvalidCombo,
    InvalidRecord,
    InvalidRules,
    Rank,
    Round,
    RuleSet,
    TienLenError,
    classify,
    compare,
    explain,
    legal_plays,
    load_rules,
    parse_cards,
)
from tienlen._input import MAX_AMOUNT, MAX_CARD_TEXT, MAX_COUNT, MAX_NOTATION, MAX_RECORD, MAX_RULES_TEXT, MAX_SEED, MAX_WORKERS
from tienlen.agents import AGENTS, GreedyAgent, play_round
from tienlen.cli import main
from tienlen.errors import MESSAGE_LIMIT

RECORD = play_round(HOUSE, [GreedyAgent()] * 4, seed=12)


def record_with(**changes: Any) -> str:
    data = json.loads(RECORD.to_json())
    data.update(changes)
    return json.dumps(data, ensure_ascii=False)


def refused(call: Callable[[], object], error: type[TienLenError] = TienLenError, match: str | None = None) -> str:
    """Run ``call``, which must raise ``error`` quickly with a short one-line message; return it."""
    start = time.process_time()
    with pytest.raises(error, match=match) as caught:
        call()
    assert time.process_time() - start < 1.0
    message = str(caught.value)
    assert "\n" not in message and len(message) <= MESSAGE_LIMIT
    return message


# ---------------------------------------------------------------------------- 1. look-alike letters


@pytest.mark.parametrize("text", ["3ı", "3İ", "3bıch"])
def test_look_alike_letters_are_refused_as_cards_not_crashes(text: str) -> None:
    refused(lambda: parse_cards(text), InvalidCards, "cannot read")
    refused(lambda: Round.deal(HOUSE, seed=1).play(text), IllegalPlay, "cannot read")
    refused(lambda: Round.from_notation(f"house p2 d0 first | {text} / 4♠ |"), InvalidRecord, "cannot read")


def test_compatibility_letters_read_as_their_plain_form() -> None:
    """NFKC: the long s is an s, the Kelvin sign a K, full-width digits are digits (documented)."""
    assert parse_cards("3ſ \u212aH １０ｄ") == parse_cards("3s KH 10d")


def test_cli_refuses_a_look_alike_card_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--rules", "house", "--play", "3ı"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tienlen: --play '3ı': cannot read '3ı'") and err.count("\n") == 1


# ---------------------------------------------------------------------------- issue 14: forgiving card text


@pytest.mark.parametrize(
    ("text", "cards"),
    [
        ("Q♥\ufe0f", "Q♥"),  # a phone's emoji heart, with the variation selector
        ("Q\u2764\ufe0f", "Q♥"),  # the heavy heart emoji
        ("１０♠ Ｊ♣", "10♠ J♣"),  # full-width digits and letters
        ("10\u2661", "10♥"),  # the white heart suit
        ("q♥ jh TH", "Q♥ J♥ 10♥"),  # any case
        ("3 BÍCH, 4 Chuồn, 5 NHÉP, 6 rô, 7 CƠ", "3♠ 4♣ 5♣ 6♦ 7♥"),  # Vietnamese suit words in any case
        ("3 bi\u0301ch", "3♠"),  # a decomposed accent
        ("3\u200b♠ 4\u200d♠", "3♠ 4♠"),  # zero-width characters are dropped
    ],
)
def test_card_text_is_forgiving(text: str, cards: str) -> None:
    assert parse_cards(text) == parse_cards(cards)


@pytest.mark.parametrize("text", ["3♠ \u200bX\ufe0f", "3♠ Z\u202e", "3♠ \x1b[31mZ", "3♠ Z\x00"])
def test_card_errors_quote_the_visible_token_and_no_invisible_character(text: str) -> None:
    message = refused(lambda: parse_cards(text), InvalidCards)
    assert all(c.isprintable() for c in message) and "\ufe0f" not in message and "\u200b" not in message


# ---------------------------------------------------------------------------- 2. numbers


@pytest.mark.parametrize("count", ["²", "٤", "4" * 5000, "-4"])
def test_player_count_keys_must_be_ascii_whole_numbers(count: str) -> None:
    mapping = {"from": "house", "name": "x", "placement": {count: [[2, 1, 4]]}}
    refused(lambda: RuleSet.from_mapping(mapping), InvalidRules, "player count")
    record = json.loads(RECORD.to_json())
    record["rules"]["placement"][count] = [[2, 1, 4]]
    refused(lambda: Round.from_json(json.dumps(record)), InvalidRecord, "player count")


@pytest.mark.parametrize("row", [None, False, 4, "x"])
def test_a_placement_row_must_be_a_list(row: Any) -> None:
    refused(lambda: RuleSet.from_mapping({"from": "house", "name": "x", "placement": {"4": row}}), InvalidRules, "placement")


def test_a_toml_integer_too_long_to_read_is_a_rules_error() -> None:
    refused(lambda: RuleSet.from_toml(f'name = "x"\nfrozen_penalty = {"9" * 5000}'), InvalidRules, "not valid TOML")


@pytest.mark.parametrize(
    "call",
    [
        lambda: Round.deal(HOUSE, seed=10**5000),
        lambda: Round.deal(HOUSE, seed=2**64),
        lambda: Round.deal(HOUSE, seed=-5),
        lambda: Card(10**5000),
        lambda: attrs.evolve(HOUSE, frozen_penalty=10**5000),
        lambda: attrs.evolve(HOUSE, placement=((2, ((2, 1, 10**16),)), (3, ()), (4, ()))),
    ],
)
def test_integers_beyond_the_documented_range_are_refused_with_a_short_message(call: Callable[[], object]) -> None:
    message = refused(call)
    assert len(message) < 200


@pytest.mark.parametrize("option", ["s²", "s١", "p٤", "d²", "s" + "9" * 5000, "s18446744073709551616"])
def test_notation_numbers_are_ascii_and_bounded(option: str) -> None:
    refused(lambda: Round.from_notation(f"house p2 d0 first {option} | 3♠ / 4♠ |"), InvalidRecord)


@pytest.mark.parametrize("seat", ["²", "٣", "9" * 5000])
def test_notation_seats_are_ascii_and_bounded(seat: str) -> None:
    refused(lambda: Round.from_notation(f"house p2 d0 first | 3♠ / 4♠ | {seat}:3♠"), InvalidRecord)


# ---------------------------------------------------------------------------- 3. legal plays of a huge hand


def test_a_hand_larger_than_the_rules_deal_is_refused_at_once() -> None:
    refused(lambda: legal_plays((1 << 40) - 1, None, HOUSE), InvalidCards, "at most 13 cards under house, not 40")


def test_cli_moves_refuses_a_huge_hand(capsys: pytest.CaptureFixture[str]) -> None:
    hand = " ".join(str(card) for card in DECK[:40])
    assert main(["moves", "--rules", "house", "--hand", hand]) == 2
    assert "at most 13 cards" in capsys.readouterr().err


# ---------------------------------------------------------------------------- 4. files


def special_files(tmp_path: Path) -> list[Path]:
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.toml"
    zero.symlink_to("/dev/zero")
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * max(MAX_RULES_TEXT, MAX_RECORD))
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b'name = "caf\xe9"')
    return [fifo, zero, folder, big, latin, tmp_path / "missing.toml"]


def test_rules_files_are_read_only_when_regular_small_and_utf8(tmp_path: Path) -> None:
    for path in special_files(tmp_path):
        refused(lambda path=path: load_rules(path), InvalidRules, "cannot read rules file")


def test_cli_refuses_special_rules_files_and_records_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for path in special_files(tmp_path):
        assert main(["rules", str(path)]) == 2
        assert main(["replay", str(path)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 2 and "Traceback" not in err


def test_cli_will_not_write_a_record_into_a_fifo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "out.json"
    os.mkfifo(fifo)
    assert main(["play", "--record", str(fifo)]) == 2
    assert "not a regular file" in capsys.readouterr().err


# ---------------------------------------------------------------------------- 5. size limits


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: parse_cards("3♠ " * MAX_CARD_TEXT), InvalidCards),
        (lambda: Round.from_notation("house p2 | 3♠ / 4♠ |" + " 0:." * MAX_NOTATION), InvalidRecord),
        (lambda: Round.from_json(" " * (MAX_RECORD + 1)), InvalidRecord),
        (lambda: RuleSet.from_toml("#" * (MAX_RULES_TEXT + 1)), InvalidRules),
        (lambda: RuleSet.from_json(" " * (MAX_RULES_TEXT + 1)), InvalidRules),
    ],
)
def test_every_parser_refuses_text_over_its_limit_before_parsing(call: Callable[[], object], error: type[TienLenError]) -> None:
    refused(call, error, "characters long; the limit is")


# ---------------------------------------------------------------------------- 6. messages


def test_messages_quote_a_short_excerpt_of_a_huge_input() -> None:
    message = refused(lambda: parse_cards("x" * MAX_CARD_TEXT))
    assert len(message) < 200


def test_a_record_cannot_forge_a_line_on_stderr(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = json.loads(RECORD.to_json())
    record["actions"][0]["action"] = "play\nFORGED \x1b[2J"
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "\x1b" not in err and "\\nFORGED" in err


def test_error_messages_are_one_safe_line_whatever_they_were_given() -> None:
    assert str(InvalidRules("a\nb\x1b[31m" + "c" * 1000)) == "a\\nb\\x1b[31m" + "c" * (MESSAGE_LIMIT - 13) + "…"


# ---------------------------------------------------------------------------- 7. immutability


def test_cards_are_immutable_and_shared() -> None:
    with pytest.raises(AttributeError):
        DECK[0].rank = Rank.TWO  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del DECK[0].suit
    assert str(DECK[0]) == "3♠" and Card.parse("3♠") is DECK[0]


@pytest.mark.parametrize("mapping", [AXES, INSTANT_WIN_PATTERNS, AGENTS, HOUSE._bomb_table])
def test_tables_are_read_only(mapping: Any) -> None:
    with pytest.raises(TypeError):
        mapping["quad"] = None


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_legal_actions_are_immutable_and_pickle_under_every_protocol(protocol: int) -> None:
    actions = Round.deal(HOUSE, seed=7).legal_actions()
    with pytest.raises(AttributeError):
        actions.seat = 0  # type: ignore[misc]
    copy = pickle.loads(pickle.dumps(actions, protocol))
    assert copy == actions and copy.seat == actions.seat and hash(copy) == hash(actions)
    assert pickle.loads(pickle.dumps(HOUSE, protocol)) == HOUSE


def test_comparisons_are_hashable_and_their_values_read_only() -> None:
    diff = compare(HOUSE, PAGAT)
    assert hash(diff) == hash(compare(HOUSE, PAGAT)) and diff in {diff}
    bombs = next(row for row in diff.rows if row.axis == "bombs")
    with pytest.raises(TypeError):
        bombs.values[0]["quad"] = {}
    assert pickle.loads(pickle.dumps(diff)) == diff


@pytest.mark.parametrize(
    ("kind", "mask", "error"),
    [
        (ComboKind.PAIR, 0b111, InvalidCombo),
        (ComboKind.STRAIGHT, 0b1 | 0b1 << 8, InvalidCombo),
        (ComboKind.SINGLE, 0, InvalidArgument),
        (ComboKind.SINGLE, -1, InvalidArgument),
        (ComboKind.SINGLE, 1 << 52, InvalidArgument),
        (1, 1, InvalidArgument),
    ],
)
def test_hand_built_combos_are_checked(kind: Any, mask: int, error: type[TienLenError]) -> None:
    refused(lambda: Combo(kind, mask), error)


def test_a_combo_of_other_rules_is_still_answered() -> None:
    k_a_2 = classify("K♠ A♠ 2♠", PAGAT)
    assert explain(k_a_2, None, HOUSE) is None and repr(k_a_2) == "Combo.parse('K♠ A♠ 2♠')"


# ---------------------------------------------------------------------------- 8. strictness


@pytest.mark.parametrize(
    "call",
    [
        lambda: Card(True),
        lambda: Card.of(True, 0),
        lambda: Round.deal(HOUSE, seed=True),
        lambda: Round.deal(HOUSE, players=True),
        lambda: Round.deal(HOUSE, first_round=1),  # type: ignore[arg-type]
        lambda: Round.deal(HOUSE, seed=-1),
    ],
)
def test_bools_negative_seeds_and_non_bool_flags_are_refused(call: Callable[[], object]) -> None:
    refused(call)


def test_a_negative_seed_no_longer_deals_as_its_absolute_value() -> None:
    refused(lambda: Round.deal(HOUSE, seed=-7), InvalidArgument, "seed must be a whole number from 0")


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
    refused(lambda: Round.from_json(record_with(winner=0)), InvalidRecord, "field 'winner'")
    data = json.loads(RECORD.to_json())
    data["actions"][0]["note"] = "x"
    refused(lambda: Round.from_json(json.dumps(data)), InvalidRecord, "action 1 ")  # the first, counted from 1


def test_nan_and_infinity_are_not_json_numbers() -> None:
    refused(lambda: Round.from_json(record_with()[:-1] + ', "seed": NaN}'), InvalidRecord)
    refused(lambda: RuleSet.from_json('{"name": "x", "rake_percent": Infinity}'), InvalidRules)


def test_a_record_without_a_seed_is_a_given_deal_and_replays_as_such() -> None:
    """Documented: seed null means the hands were given (Round.from_hands), so any hands are read."""
    given = Round.from_hands(["3♠ 4♠", "5♠ 6♠"], HOUSE)
    assert Round.from_json(given.to_json()) == given and given.seed is None
    refused(lambda: Round.from_json(record_with(hands=["3♠ 4♠"] + json.loads(RECORD.to_json())["hands"][1:])), InvalidRecord)


# ---------------------------------------------------------------------------- 9. wrong Python types


@pytest.mark.parametrize(
    "call",
    [
        lambda: classify("3♠ 3♣", "house"),  # type: ignore[arg-type]
        lambda: legal_plays("3♠", None, "house"),  # type: ignore[arg-type]
        lambda: explain("3♠", "4♠", HOUSE, passed="no"),  # type: ignore[arg-type]
        lambda: Round.deal("house"),  # type: ignore[arg-type]
    ],
)
def test_wrong_types_raise_an_error_that_is_both_a_library_and_a_type_error(call: Callable[[], object]) -> None:
    with pytest.raises(InvalidArgument) as caught:
        call()
    assert isinstance(caught.value, TypeError) and isinstance(caught.value, TienLenError)


def deep(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    "call",
    [
        lambda: parse_cards(deep(10**5)),  # type: ignore[arg-type]
        lambda: Round.from_hands(deep(10**5), HOUSE),
        lambda: RuleSet.from_mapping({"name": deep(10**5)}),
        lambda: Round.deal(HOUSE, seed=7).play(deep(10**5)),  # type: ignore[arg-type]
        lambda: RuleSet.from_json("[" * 10**5),
        lambda: Round.from_json("[" * 10**5),
    ],
)
def test_deeply_nested_values_are_refused_without_recursion_errors(call: Callable[[], object]) -> None:
    refused(call)


# ---------------------------------------------------------------------------- 10. the command line


@pytest.mark.parametrize(
    "argv",
    [
        ["check"],
        ["play", "--seed", "x"],
        ["play", "--seed", "9" * 5000],
        ["play", "--seed", "٣"],
        ["play", "--seed", "18446744073709551616"],
        ["play", "--players", "99999999999"],
        ["simulate", "--workers", "100000", "--rounds", "1"],
        ["simulate", "--rounds", "0"],
        ["rules", "house", "--format", "x\ny"],
        ["nonsense"],
        ["check", "--rules", "house\x1b[2J", "--play", "3♠"],
        ["check", "--rules", "house", "--play", "3♠", "--hand", "4♠ " * 400],
    ],
)
def test_cli_bad_input_exits_two_in_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "\x1b" not in err and len(err) < MESSAGE_LIMIT + 40, err


def test_the_security_page_states_the_limits_the_code_enforces() -> None:
    page = (Path(__file__).resolve().parent.parent / "docs" / "howto" / "security.rst").read_text(encoding="utf-8")
    for value in (MAX_CARD_TEXT, MAX_NOTATION, MAX_RECORD, MAX_RULES_TEXT, MAX_WORKERS, MESSAGE_LIMIT):
        assert f"{value:,}" in page, value
    assert (MAX_SEED, MAX_AMOUNT, MAX_COUNT) == (2**64 - 1, 10**15, 10**9)
    assert "2**64 - 1" in page and "10**15" in page and "10**9" in page


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("count.toml", 'from = "house"\nname = "x"\n[placement]\n"²" = [[2, 1, 4]]\n'),
        ("long.toml", f'from = "house"\nname = "x"\nfrozen_penalty = {"9" * 5000}\n'),
        ("deep.toml", "a = " + "[" * 5000),
        ("twice.json", '{"from": "house", "name": "a", "name": "b"}'),
        ("null.json", '{"from": "house", "name": "x", "placement": {"4": null}}'),
        ("name.json", '{"from": "house", "name": "x\\n\\u001b[2J"}'),
    ],
)
def test_cli_refuses_hostile_rules_files_in_one_line(
    name: str, text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    code = main(["check", "--rules", str(path), "--play", "3♠"])
    err = capsys.readouterr().err
    assert err.count("\n") <= 1 and "\x1b" not in err
    assert code == 2


@pytest.mark.parametrize("field", ["players", "dealer", "den_bai"])
def test_a_hand_built_result_with_a_huge_number_is_refused_found_by_the_deep_fuzz(field: str) -> None:
    refused(lambda: attrs.evolve(RECORD.result, **{field: 10**5000}), InvalidRecord, "whole numbers from 0 to 99")


@pytest.mark.parametrize(
    "text",
    [
        record_with()[:-1] + ', "seed": 5}',  # a key given twice
        record_with(winner=0),  # a field the format does not have
        record_with(seed=-1),
        record_with(first_round=1),
    ],
)
def test_cli_replay_refuses_a_doctored_record_in_one_line(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("tienlen: ") and err.count("\n") == 1


def test_cli_rules_text_escapes_a_description_with_control_characters(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "odd.json"
    path.write_text(json.dumps({"from": "house", "name": "odd", "description": "line\n\x1b[2Jforged"}), encoding="utf-8")
    assert main(["rules", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "line\\n\\x1b[2Jforged" in out
