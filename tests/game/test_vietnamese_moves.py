"""The move reader takes the words Vietnamese players write (``bỏ qua``, ``ghế 2 …``, ``bỏ cuộc``), and
its refusals in Vietnamese name the Vietnamese keywords."""

from __future__ import annotations

import pytest

from tienlen import HOUSE, IllegalPlay
from tienlen.game.actions import parse_action, says_pass


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("bỏ qua", "seat 0 pass"),
        ("Bỏ Qua", "seat 0 pass"),
        ("bo qua", "seat 0 pass"),
        ("ghế 2 bỏ qua", "seat 2 pass"),
        ("ghế 2 bỏ lượt", "seat 2 pass"),
        ("Ghế 1 đánh 3s 4s 5s", "seat 1 play 3♠ 4♠ 5♠"),
        ("ghe 3 qua", "seat 3 pass"),
        ("ghế 1 chặt 6♠6♣6♦6♥", "seat 1 interrupt 6♠ 6♣ 6♦ 6♥"),
        ("ghế 1 chặt ngang 3s", "seat 1 interrupt 3♠"),
        ("ghe 1 chat ngang 6♠6♣6♦6♥", "seat 1 interrupt 6♠ 6♣ 6♦ 6♥"),
        ("ghế 2 bỏ cuộc", "seat 2 forfeit"),
        ("GHE 3 BO CUOC", "seat 3 forfeit"),
    ],
)
def test_the_vietnamese_pass_and_seat_words_are_read(text: str, expected: str) -> None:
    assert str(parse_action(text, HOUSE, to_act=0)) == expected


def test_bo_qua_alone_is_a_pass() -> None:
    assert says_pass("bỏ qua") and says_pass("BO QUA") and not says_pass("bỏ qua 3♠")


def test_bo_cuoc_forfeits_as_forfeit_does_and_is_no_pass() -> None:
    assert parse_action("ghế 1 bỏ cuộc", HOUSE) == parse_action("seat 1 forfeit", HOUSE)
    assert not says_pass("bỏ cuộc") and not says_pass("bo cuoc")


def test_a_forfeit_with_cards_is_refused_quoting_the_word_as_written() -> None:
    with pytest.raises(IllegalPlay) as caught:
        parse_action("ghế 1 bỏ cuộc 3♠", HOUSE)
    assert caught.value.code == "action-takes-no-cards" and caught.value.params["said"] == "bỏ cuộc"
    assert caught.value.text("vi") == "không đọc được '3♠' trong 'ghế 1 bỏ cuộc 3♠': 'bỏ cuộc' không kèm bài"


def test_a_seat_word_without_a_number_is_refused_in_the_words_of_the_language() -> None:
    with pytest.raises(IllegalPlay) as caught:
        parse_action("ghế hai bỏ qua", HOUSE)
    assert caught.value.code == "unreadable-seat"
    assert caught.value.text("vi") == "không đọc được 'hai' là số ghế trong 'ghế hai bỏ qua'; hãy viết 'ghế 2 bỏ lượt'"


def test_an_unreadable_action_lists_the_vietnamese_keywords_in_vietnamese() -> None:
    with pytest.raises(IllegalPlay) as caught:
        parse_action("xin 3♠", HOUSE, to_act=0)
    vietnamese = caught.value.text("vi")
    assert all(word in vietnamese for word in ("'bỏ lượt'", "'bỏ qua'", "'đánh 3♠ 4♠ 5♠'", "'chặt'", "'chặt ngang'", "'bỏ cuộc'"))
    assert not any(word in vietnamese for word in ("'pass'", "'play", "'chop'", "'forfeit'"))
    assert "'pass'" in str(caught.value) and "'forfeit'" in str(caught.value)  # the English keeps the English keywords


def test_no_action_given_lists_the_vietnamese_keywords_in_vietnamese() -> None:
    with pytest.raises(IllegalPlay) as caught:
        parse_action("  ", HOUSE, to_act=0)
    vietnamese = caught.value.text("vi")
    assert all(word in vietnamese for word in ("'bỏ lượt'", "'chặt'", "'chặt ngang'", "'bỏ cuộc'"))
    assert not any(word in vietnamese for word in ("'pass'", "'chop'", "'forfeit'"))


def test_chat_ngang_the_glossary_word_for_an_out_of_turn_chop_chops_as_chat_does() -> None:
    assert parse_action("ghế 1 chặt ngang 3s", HOUSE) == parse_action("seat 1 chop 3♠", HOUSE)
    assert parse_action("Chặt Ngang 6♠6♣6♦6♥", HOUSE, seat=2) == parse_action("ghế 2 chặt 6♠6♣6♦6♥", HOUSE)
