"""Thúi (cards left in hand that pay): who pays whom for 2s and bombs still held, per profile and table size."""

from __future__ import annotations

import attrs
import pytest
from builders import (
    NO_RAKE_IWIN,
    PR3,
    PR4,
    moves,
    result,
)

from tienlen import HOUSE, NORTHERN, Round, settle
from tienlen.money.settle import _last_placed


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


def test_instant_win_thui_losers_also_pay_for_2s_and_bombs_held() -> None:
    """house with thúi on instant wins, a 1,000 room. Seat 2 is dealt four 2s: every other player
    pays 2 table stakes = 8,000. Seat 0 also holds a quad (4 entries = 4,000), seat 1 a PR3 (4,000),
    seat 3 nothing. Seat 2 collects 3 × 8,000 + 8,000 = 32,000."""
    rules = attrs.evolve(HOUSE, name="house-thui-on-instant", instant_win_thui=True)
    done = result(4, instant={2: "four_twos"}, hands={0: "7♠ 7♣ 7♦ 7♥", 1: "3♠ 3♣ 4♠ 4♣ 5♦ 5♥"})
    money = settle(done, rules, unit=1000)
    assert moves(money) == [(0, 2, 8000), (0, 2, 4000), (1, 2, 8000), (1, 2, 4000), (3, 2, 8000)]
    assert money.net == (-12000, -12000, 32000, -8000)
    assert money.transfers[1].reason == "thúi on an instant win (four twos): quad 7♠ 7♣ 7♦ 7♥ 4,000 in hand"


def test_instant_win_thui_by_last_is_paid_by_the_loser_holding_the_most_cards() -> None:
    """house with thúi on instant wins paid by the last-placed loser only, a 1,000 room. Seat 2 is
    dealt four 2s: every other player pays 2 table stakes = 8,000. Seat 0 holds a quad of 7s (4
    cards), seat 1 a PR3 (6 cards), seat 3 nothing. Seat 1 holds the most cards, so seat 1 is
    last and alone pays its PR3 (4 entries = 4,000); seat 0's quad costs nothing. Seat 2 collects
    3 × 8,000 + 4,000 = 28,000 (every loser paying, as above, it would collect 32,000)."""
    rules = attrs.evolve(HOUSE, name="house-thui-last", instant_win_thui=True, instant_win_thui_by="last")
    done = result(4, instant={2: "four_twos"}, hands={0: "7♠ 7♣ 7♦ 7♥", 1: "3♠ 3♣ 4♠ 4♣ 5♦ 5♥"})
    money = settle(done, rules, unit=1000)
    assert moves(money) == [(0, 2, 8000), (1, 2, 8000), (1, 2, 4000), (3, 2, 8000)]
    assert money.net == (-8000, -12000, 28000, -8000)


def test_instant_win_thui_by_last_breaks_equal_counts_by_card_total_then_play_order() -> None:
    """Same table. Seats 0 and 1 both hold 4 cards: seat 0 the quad 7♠ 7♣ 7♦ 7♥ (card values
    17 + 18 + 19 + 20 = 74), seat 1 8♠ 8♣ 9♦ 9♥ (21 + 22 + 27 + 28 = 98). Seat 1's total is higher,
    so seat 1 is last; it holds no 2 or bomb, so no thúi moves: each loser pays 8,000, seat 2
    collects 24,000. With seats 0 and 3 holding nothing and seat 1 the same, the count and total
    tie at 0 and play order from the winner (3, 0, 1) makes seat 1 last."""
    rules = attrs.evolve(HOUSE, name="house-thui-last", instant_win_thui=True, instant_win_thui_by="last")
    done = result(4, instant={2: "four_twos"}, hands={0: "7♠ 7♣ 7♦ 7♥", 1: "8♠ 8♣ 9♦ 9♥"})
    assert settle(done, rules, unit=1000).net == (-8000, -8000, 24000, -8000)
    assert settle(done, attrs.evolve(rules, instant_win_thui_by="every"), unit=1000).net == (-12000, -8000, 28000, -8000)
    assert _last_placed(result(4, instant={2: "four_twos"}), [0, 1, 3], 2, 4) == 1


def test_instant_win_thui_by_last_when_every_seat_won_instantly_is_paid_by_nobody() -> None:
    """Every seat an instant winner (here both of two) leaves no loser to pay thúi "by last": nothing
    moves. Found by the drawn-rule-set property, where this used to raise ValueError."""
    rules = attrs.evolve(HOUSE, name="house-thui-by-last", instant_win_thui=True, instant_win_thui_by="last")
    s = settle(result(2, instant={0: "dragon", 1: "dragon"}, hands={0: "2♥", 1: "2♠"}), rules, unit=1000)
    assert s.transfers == () and s.net == (0, 0)
