"""Moves as text (``Round.parse_action``, ``PlayerView.parse_action``), and questions that get
answers: ``beats`` / ``explain`` / ``is_chop`` on card text that is no combination."""

from __future__ import annotations

import pytest
from builders import spelt
from hypothesis import HealthCheck, given, settings, strategies as st

from tienlen import (
    HOUSE,
    IWIN,
    NORTHERN,
    PAGAT,
    PROFILES,
    Action,
    IllegalPlay,
    InvalidArgument,
    InvalidCards,
    InvalidCombo,
    Round,
    beats,
    classify,
    explain,
    is_chop,
)
from tienlen._words import ACTIONS
from tienlen.actions import parse_action
from tienlen.cli import main
from tienlen.strategies import rounds

SOME = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("name", list(PROFILES))
@SOME
@given(data=st.data())
def test_every_legal_action_reads_back_from_its_text(name: str, data: st.DataObject) -> None:
    round_ = data.draw(rounds(PROFILES[name], forfeits=True, max_actions=60))
    actions = list(round_.legal_actions()) + list(round_.legal_interrupts())
    actions += [Action(kind="forfeit", seat=s) for s in range(round_.players) if round_.is_active(s)]
    for action in actions:
        assert round_.parse_action(str(action)) == action
        assert round_.view(action.seat).parse_action(str(action)) == action


def iwin_round() -> Round:
    """An iwin round where seat 0 leads a 2 and seat 2 holds a PR4 to chop it out of turn."""
    hands = ["2♥ 3♣", "4♠ 5♠", "6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣ 10♦", "J♠ J♣"]
    return Round.from_hands(hands, IWIN, leader=0).play("2♥")


@pytest.mark.parametrize(
    ("text", "seat", "expected"),
    [
        ("pass", None, "seat 1 pass"),
        ("PASS", 1, "seat 1 pass"),
        ("4s", None, "seat 1 play 4♠"),
        ("play 5♠", None, "seat 1 play 5♠"),
        ("seat 1 play 5s", None, "seat 1 play 5♠"),
        ("chop 6♠6♣7♠7♣8♠8♣9♠9♣", 2, "seat 2 interrupt 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣"),
        ("seat 2 interrupt 6s 6c 7s 7c 8s 8c 9s 9c", None, "seat 2 interrupt 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣"),
        ("seat 3 forfeit", None, "seat 3 forfeit"),
        ("  play   J bích  ", 3, "seat 3 play J♠"),
    ],
)
def test_what_a_person_types_is_read(text: str, seat: int | None, expected: str) -> None:
    round_ = iwin_round()
    assert str(round_.parse_action(text, seat)) == expected


def test_a_read_action_is_applied_by_the_round_which_says_whether_it_is_legal() -> None:
    round_ = iwin_round()
    chopped = round_.apply(round_.parse_action("chop 6♠6♣7♠7♣8♠8♣9♠9♣", seat=2))
    assert chopped.trick.table is not None and chopped.trick.table.bomb_class == "PR4"
    with pytest.raises(IllegalPlay, match="seat 1 does not hold 2♠"):
        round_.apply(round_.parse_action("play 2♠"))


@pytest.mark.parametrize(
    ("text", "seat", "error", "message"),
    [
        ("plya 4s", None, IllegalPlay, "cannot read 'plya' in 'plya 4s'"),
        ("", None, IllegalPlay, "no action given"),
        ("play", None, IllegalPlay, "'play' names no cards"),
        ("pass 4s", None, IllegalPlay, "cannot read '4s' in 'pass 4s': 'pass' takes no cards"),
        ("seat two pass", None, IllegalPlay, "cannot read 'two' as a seat number"),
        ("seat 2 pass", 1, IllegalPlay, "'seat 2 pass' is for seat 2, but this is seat 1"),
        ("chop 6♠6♣7♠7♣8♠8♣9♠9♣", None, IllegalPlay, "say which seat acts: 'seat 2 chop"),
        ("forfeit", None, IllegalPlay, "say which seat acts"),
        ("play 4s 9z", None, InvalidCards, "cannot read '9z' as a card"),
        ("play 4s 5s", None, InvalidCombo, "4♠ 5♠ is not a combination"),
        ("pass", 7, InvalidArgument, "seat must be a seat from 0 to 3, not 7"),
    ],
)
def test_a_bad_text_is_refused_naming_the_word(text: str, seat: int | None, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message.replace("(", r"\(")):
        iwin_round().parse_action(text, seat)


def test_a_view_reads_only_its_own_seats_actions() -> None:
    view = iwin_round().view(2)
    assert view.parse_action("pass") == Action(kind="pass", seat=2)
    assert view.parse_action("chop 6♠6♣7♠7♣8♠8♣9♠9♣") in view.legal_actions
    with pytest.raises(IllegalPlay, match="is for seat 0, but this is seat 2"):
        view.parse_action("seat 0 pass")
    with pytest.raises(IllegalPlay, match="this is seat 2's view, not seat 1's"):
        view.parse_action("pass", seat=1)


# ---------------------------------------------------------------------------- Vietnamese moves
@pytest.mark.parametrize(
    ("text", "expected"), [("A bích", "A♠"), ("K cơ", "K♥"), ("Q bích", "Q♠"), ("A s", "A♠"), ("heo cơ", "2♥")]
)
def test_a_card_written_as_rank_and_suit_apart_is_read_as_a_play(text: str, expected: str) -> None:
    # Was refused as "cannot read 'A' in 'A bích'" while parse_cards and "play A bích" read it.
    hands = ["A♠ K♥ Q♠ 2♥ 3♣", "4♠ 5♠", "6♠ 7♠", "8♠ 9♠"]
    round_ = Round.from_hands(hands, HOUSE, leader=0)
    play = f"seat 0 play {expected}"
    assert str(round_.parse_action(text)) == play
    assert str(round_.view(0).parse_action(text)) == play
    assert str(parse_action(text, HOUSE, to_act=0)) == play
    assert round_.parse_action(text) == round_.parse_action(f"play {text}") == round_.parse_action(expected)
    assert round_.parse_action(text) in round_.legal_actions()


@pytest.mark.parametrize(("word", "kind"), list(ACTIONS.items()))
def test_every_action_word_reads_in_every_spelling(word: str, kind: str) -> None:
    round_ = iwin_round()
    cards, seat, expected = {
        "pass": ("", 1, "seat 1 pass"),
        "play": (" 4 bích", 1, "seat 1 play 4♠"),
        "interrupt": (" 6♠6♣7♠7♣8♠8♣9♠9♣", 2, "seat 2 interrupt 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣"),
    }[kind]
    for form in spelt(word):
        assert str(round_.parse_action(form + cards, seat)) == expected, form
        assert str(round_.parse_action(f"seat {seat} {form}{cards}")) == expected, form
        assert str(round_.view(seat).parse_action(form + cards)) == expected, form


@pytest.mark.parametrize(
    ("text", "seat", "error", "message"),
    [
        ("bỏ 4s", None, IllegalPlay, "cannot read '4s' in 'bỏ 4s': 'pass' takes no cards"),
        ("bỏ cuộc", None, IllegalPlay, "cannot read 'cuộc' in 'bỏ cuộc'"),
        ("lượt", None, IllegalPlay, "cannot read 'lượt' in 'lượt'"),
        ("chặt 6♠6♣7♠7♣8♠8♣9♠9♣", None, IllegalPlay, "say which seat acts: 'seat 2 chặt"),
        ("đánh", None, IllegalPlay, "'đánh' names no cards"),
        ("đánh heo", None, InvalidCards, "cannot read 'heo' as a card"),
        ("A bích x", None, InvalidCards, "cannot read 'x' as a card"),
        ("heo", None, IllegalPlay, "cannot read 'heo' in 'heo'"),
    ],
)
def test_vietnamese_junk_is_refused_naming_the_word(text: str, seat: int | None, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        iwin_round().parse_action(text, seat)


@pytest.mark.parametrize("word", ["bỏ", "bỏ lượt", "BO LUOT", "qua"])
def test_check_accepts_the_vietnamese_pass_words(word: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--rules", "house", "--play", word, "--table", "4 cơ"]) == 0
    assert capsys.readouterr().out == "legal: pass\n"
    assert main(["check", "--rules", "house", "--play", "heo cơ", "--table", "xì bích"]) == 0
    assert capsys.readouterr().out == "legal: single 2♥\n"


# ---------------------------------------------------------------------------- answers, not exceptions
def test_explain_answers_with_the_reason_when_the_cards_are_no_combination() -> None:
    assert (
        explain("3♠ 3♥", None, NORTHERN)
        == "3♠ 3♥ is not a combination under northern: a pair must be two cards of the same colour"
    )
    assert explain("5♠ 6♣ 8♦", "3♠ 4♠ 5♠", HOUSE) == "5♠ 6♣ 8♦ is not a combination: ranks 5-6-8 are not consecutive"
    assert explain("9♠", "3♠ 4♦", HOUSE) == "the table 3♠ 4♦ is not a combination: a straight needs at least 3 cards"
    assert explain("3♠ 3♣ 4♠ 4♣ 5♠ 5♣", None, NORTHERN) == (
        "3♠ 3♣ 4♠ 4♣ 5♠ 5♣ is not a combination under northern: pair runs are not played"
    )
    assert explain("", "3♠", HOUSE) == "no cards is not a combination; play at least one card, or pass"


def test_beats_and_is_chop_answer_false_for_cards_that_are_no_combination() -> None:
    assert beats("3♠ 3♥", "2♠", NORTHERN) is False
    assert beats("9♠", "3♠ 4♦", HOUSE) is False
    assert is_chop("6♠ 6♣ 6♦ 6♥ 7♠", "2♥", HOUSE) is False
    assert is_chop("6♠ 6♣ 6♦ 6♥", "2♥ 3♠", HOUSE) is False


def test_card_text_is_accepted_where_combinations_are() -> None:
    assert beats("6♠ 6♣ 6♦ 6♥", "2♥", PAGAT) is True
    assert is_chop("6s 6c 6d 6h", "2h", PAGAT) is True
    assert explain("8♣ 8♦ 8♥", "7♠ 7♦ 7♥", NORTHERN) == explain(
        classify("8♣ 8♦ 8♥", NORTHERN), classify("7♠ 7♦ 7♥", NORTHERN), NORTHERN
    )


def test_unreadable_card_text_still_raises_and_classify_still_raises() -> None:
    with pytest.raises(InvalidCards, match="cannot read '9z'"):
        beats("9z", None, HOUSE)
    with pytest.raises(InvalidCombo, match="not a combination"):
        classify("3♠ 3♥", NORTHERN)


# ---------------------------------------------------------------------------- the command line
def test_check_accepts_pass(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--rules", "house", "--play", "pass", "--table", "4♥"]) == 0
    assert capsys.readouterr().out == "legal: pass\n"
    assert main(["check", "--rules", "house", "--play", "pass", "--json"]) == 1
    assert capsys.readouterr().out == (
        '{"legal": false, "reason": "the leader may not pass; play any combination", "rules": "house", '
        '"play": {"kind": "pass", "cards": ""}, "chop": false, "table": null}\n'
    )


def test_moves_lists_pass_when_following(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["moves", "--rules", "house", "--hand", "3♠ 4♠", "--table", "4♥", "--json"]) == 0
    assert capsys.readouterr().out == '[{"kind": "pass", "cards": ""}]\n'
    assert main(["moves", "--rules", "house", "--hand", "3♠"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 legal plays (leading)"
