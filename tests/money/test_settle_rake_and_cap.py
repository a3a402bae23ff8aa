"""The house's rake and the cap on what a player can pay (iwin): rounding, what the rake is taken on, and
how creditors share when a payer is short."""

from __future__ import annotations

from builders import (
    NO_RAKE_IWIN,
    PR3,
    balanced,
    chop,
    moves,
    result,
)

from tienlen import HOUSE, IWIN
from tienlen.money.settle import HOUSE_SEAT, settle


class TestIwinRakeAndCap:
    def test_iwin_rake_rounds_down(self) -> None:
        s = settle(result(4, (0, 1, 2, 3)), IWIN, unit=10)
        # 5% of 20 = 1; 5% of 10 = 0.5, rounded down to 0
        assert s.net == (19, 10, -10, -20) and s.house == 1

    def test_iwin_rake_is_taken_on_the_net_win(self) -> None:
        # seat 2 is paid 400 thúi and pays 100 placement: rake on its net 300
        s = settle(result(4, (0, 1, 2, 3), hands={3: "2♥ 2♦"}), IWIN, unit=100)
        assert moves(s, "rake") == [(0, HOUSE_SEAT, 10), (1, HOUSE_SEAT, 5), (2, HOUSE_SEAT, 15)]
        assert s.net == (190, 95, 285, -600) and s.house == 30
        assert balanced(s)

    def test_iwin_cap_nobody_pays_more_than_their_balance(self) -> None:
        # two players: seat 1 owes seat 0 200 placement + 600 thúi (2♥ 2, 2♦ 2, PR3 2), holding 500:
        # 200 × 500/800 = 125 and 600 × 500/800 = 375; the rake is then 5% of the 500 won
        s = settle(result(2, (0, 1), hands={1: "2♥ 2♦ " + PR3}), IWIN, unit=100, balances=[1000, 500])
        assert moves(s) == [(1, 0, 125), (1, 0, 375), (0, HOUSE_SEAT, 25)]
        assert "(cut from 200: seat 1 held only 500 of the 800 owed)" in s.transfers[0].reason
        assert s.net == (475, -500) and s.house == 25

    def test_iwin_cap_creditors_cut_pro_rata_remainder_to_earliest_seat_after_payer(self) -> None:
        # seat 3 owes 200 to seat 0 (placement) and 400 to seat 2 (thúi: 2♥ 2♦), holding 250:
        # 250 × 200/600 = 83.3 → 83, 250 × 400/600 = 166.7 → 166; the chip left goes to seat 0
        s = settle(result(4, (0, 1, 2, 3), hands={3: "2♥ 2♦"}), NO_RAKE_IWIN, unit=100, balances=[0, 0, 100, 250])
        assert moves(s) == [(3, 0, 84), (2, 1, 100), (3, 2, 166)]
        assert s.net == (84, 100, 66, -250)

    def test_iwin_cap_money_due_at_the_same_moment_does_not_count(self) -> None:
        s = settle(result(4, (0, 1, 2, 3), hands={3: "2♥"}), NO_RAKE_IWIN, unit=100, balances=[0, 0, 0, 1000])
        # seat 2 holds nothing before the end of the round: it cannot pay 2nd, though it is paid thúi
        assert moves(s) == [(3, 0, 200), (3, 2, 200)]

    def test_iwin_cap_chop_money_received_earlier_can_be_paid_on(self) -> None:
        events = [chop(IWIN, 1, 1, chopper=3, chopped=1, table="2♥", by=PR3)]
        s = settle(result(4, (0, 1, 2, 3), events=events), NO_RAKE_IWIN, unit=100, balances=[0, 500, 0, 0])
        assert moves(s) == [(1, 3, 200), (3, 0, 200)]
        assert s.net == (200, -200, 0, 0)

    def test_iwin_cap_short_chopped_player(self) -> None:
        events = [chop(IWIN, 1, 1, chopper=3, chopped=1, table="2♥", by=PR3)]
        s = settle(result(4, (0, 1, 2, 3), events=events), NO_RAKE_IWIN, unit=100, balances=[0, 150, 1000, 0])
        assert moves(s) == [(1, 3, 150), (3, 0, 150), (2, 1, 100)]
        assert s.net == (150, -50, -100, 0)

    def test_cap_only_where_the_rules_say(self) -> None:
        s = settle(result(4, (0, 1, 2, 3)), HOUSE, unit=1000, balances=[0, 0, 0, 0])
        assert s.net == (4000, 2000, -2000, -4000)  # house rooms do not cap: balances are only checked
