"""Thúi (cards left in hand that pay): who pays whom for 2s and bombs still held, per profile and table size."""

from __future__ import annotations

import pytest
from builders import (
    NO_RAKE_IWIN,
    PR3,
    PR4,
    moves,
    result,
)

from tienlen import HOUSE, NORTHERN, Round
from tienlen.settle import settle


class TestHouseThui:
    def test_house_thui_last_pays_the_player_above_on_top_of_placement(self) -> None:
        s = settle(result(4, (0, 1, 2, 3), hands={3: "2♠ 2♥ 9♠ 9♣ 9♦ 9♥ 3♦"}), HOUSE, unit=1000)
        # 2♠ 2,000 + 2♥ 4,000 + one stake for the quad 4,000
        assert moves(s) == [(3, 0, 4000), (2, 1, 2000), (3, 2, 10000)]
        assert (
            s.transfers[2].reason == "thúi: 2♠ 2,000 + 2♥ 4,000 + quad 9♠ 9♣ 9♦ 9♥ 4,000 left in hand, paid to the player above"
        )
        assert s.net == (4000, 2000, 8000, -14000)

    def test_house_thui_three_players_pays_second(self) -> None:
        s = settle(result(3, (0, 1, 2), hands={2: "2♦ 5♠"}), HOUSE, unit=1000)
        assert moves(s, "thúi") == [(2, 1, 4000)]

    def test_house_thui_two_players_pays_first(self) -> None:
        s = settle(result(2, (0, 1), hands={1: "2♣ " + PR3}), HOUSE, unit=1000)
        assert moves(s, "thúi") == [(1, 0, 6000)]

    def test_house_no_thui_without_twos_or_bombs(self) -> None:
        s = settle(result(4, (0, 1, 2, 3), hands={3: "A♠ A♥ K♦"}), HOUSE, unit=1000)
        assert moves(s, "thúi") == []

    def test_house_frozen_players_owe_no_thui(self) -> None:
        s = settle(result(4, (0, 1, 2, 3), frozen=(3,), hands={3: "2♥ 3♠ 4♣ 5♦ 6♥ 7♠ 8♣ 9♦ 10♥ J♠ Q♣ K♦ A♥"}), HOUSE, unit=1000)
        assert moves(s, "thúi") == []


def test_thui_northern_paid_by_whoever_holds_2s_at_the_end_even_after_a_forfeit() -> None:
    """northern: each 2 still held when the round ends is paid to the winner: the player left
    holding 2♥ pays 4 bets, and the forfeiter, who took 2♣ away, pays its 2 bets too (leaving never pays)."""
    round_ = Round.from_hands(["3♠", "4♠", "5♠ 2♥", "6♠ 7♠ 2♣"], NORTHERN, first_round=False, leader=0)
    round_ = round_.forfeit(3).play("3♠").play("4♠")
    settlement = settle(round_.result, NORTHERN, unit=1)
    thui = [t for t in settlement.transfers if t.reason.startswith("thúi")]
    assert [(t.payer, t.payee, t.amount) for t in thui] == [(2, 0, 4), (3, 0, 2)]


def test_thui_house_paid_by_the_last_player_who_stayed_when_a_forfeiter_is_last() -> None:
    """house: thúi is owed by the last player who played the round out, to the player placed just above.
    The forfeiter never played a card, so they pay as frozen (16,000 + 2♣ 2,000), not thúi."""
    round_ = Round.from_hands(["3♠ 8♠", "4♠ 9♠", "5♠ 2♥", "6♠ 7♠ 2♣"], HOUSE, first_round=False, leader=0)
    round_ = round_.forfeit(3).play("3♠").play("4♠").play("5♠").play("8♠").play("9♠")
    assert round_.result.placements == (0, 1, 2, 3) and round_.result.frozen == ()
    thui = [t for t in settle(round_.result, HOUSE, unit=1000).transfers if t.reason.startswith("thúi")]
    assert [(t.payer, t.payee, t.amount) for t in thui] == [(2, 1, 4000)]
    cong = [t for t in settle(round_.result, HOUSE, unit=1000).transfers if "cóng" in t.reason]
    assert [(t.payer, t.payee, t.amount) for t in cong] == [(3, 0, 10000)]


@pytest.mark.parametrize(
    ("held", "bets"),
    [("2♠", 1), ("2♣", 2), ("2♦", 3), ("2♥", 4), ("2♦ 2♥", 7), ("2♠ 2♦", 4), ("2♠ 2♣ 2♦ 2♥", 10), ("9♠ 9♣ 9♦ 9♥ 2♥", 4)],
)
def test_northern_thui_per_suit_paid_to_the_winner(held: str, bets: int) -> None:
    s = settle(result(4, (0, 1, 2, 3), hands={3: held + " 5♣"}), NORTHERN, unit=1)
    assert moves(s, "thúi") == [(3, 0, bets)]
    assert s.net[0] == 6 + bets


def test_northern_thui_three_players() -> None:
    s = settle(result(3, (1, 0, 2), hands={2: "2♥ 2♦"}), NORTHERN, unit=1)
    assert moves(s, "thúi") == [(2, 1, 7)]


def test_iwin_thui_player_above_collects_from_last() -> None:
    s = settle(result(4, (0, 1, 2, 3), hands={3: "2♥ 2♠ 8♠ 8♣ 8♦ 8♥ " + PR3}), NO_RAKE_IWIN, unit=1)
    assert moves(s, "thúi") == [(3, 2, 2 + 1 + 3 + 2)]
    assert s.net == (2, 1, -1 + 8, -2 - 8)


def test_iwin_thui_pr4_left() -> None:
    s = settle(result(3, (0, 1, 2), hands={2: PR4}), NO_RAKE_IWIN, unit=1)
    assert moves(s, "thúi") == [(2, 1, 4)]
