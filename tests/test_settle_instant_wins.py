"""Instant wins (RULES.md, "Money and points"): who collects what, how several winners share, and the
profiles without instant wins."""

from __future__ import annotations

import pytest
from builders import (
    NO_BOMBS,
    NO_RAKE_IWIN,
    moves,
    result,
)

from tienlen import HOUSE, IWIN, NORTHERN
from tienlen.settle import settle


class TestHouseInstantWin:
    def test_house_four_handed_instant_win_collects_24000(self) -> None:
        s = settle(result(4, instant={1: "six_pairs"}), HOUSE, unit=1000)
        assert moves(s) == [(0, 1, 8000), (2, 1, 8000), (3, 1, 8000)]
        assert s.net == (-8000, 24000, -8000, -8000)
        assert s.transfers[0].reason == "instant win: six pairs"

    @pytest.mark.parametrize(("players", "collected"), [(2, 8000), (3, 16000)])
    def test_house_instant_win_smaller_tables(self, players: int, collected: int) -> None:
        s = settle(result(players, instant={0: "dragon"}), HOUSE, unit=1000)
        assert s.net[0] == collected

    def test_house_two_instant_winners_split_each_loser_pays_8000(self) -> None:
        s = settle(result(4, instant={1: "dragon", 2: "four_twos"}), HOUSE, unit=1000)
        assert moves(s) == [(0, 1, 4000), (0, 2, 4000), (3, 1, 4000), (3, 2, 4000)]
        assert s.net == (-8000, 8000, 8000, -8000)

    def test_house_three_instant_winners_uneven_split_remainder_to_earliest_seat_after_payer(self) -> None:
        s = settle(result(4, instant={1: "dragon", 2: "pr5", 3: "six_pairs"}), HOUSE, unit=1000)
        # 8,000 / 3 = 2,666 r 2: the 2 left-over chips go to seats 1 and 2 (turn order after seat 0)
        assert moves(s) == [(0, 1, 2667), (0, 2, 2667), (0, 3, 2666)]
        assert s.net == (-8000, 2667, 2667, 2666)

    def test_house_remainder_follows_turn_order_after_the_payer(self) -> None:
        s = settle(result(4, instant={0: "dragon", 1: "pr5", 3: "six_pairs"}), HOUSE, unit=1000)
        assert moves(s) == [(2, 3, 2667), (2, 0, 2667), (2, 1, 2666)]

    def test_house_every_seat_wins_nothing_moves(self) -> None:
        s = settle(result(3, instant={0: "dragon", 1: "pr5", 2: "six_pairs"}), HOUSE, unit=1000)
        assert s.transfers == () and s.net == (0, 0, 0)


def test_northern_instant_wins_do_not_exist_and_nothing_is_frozen() -> None:
    # northern has no cóng: a frozen seat in a result is ignored (placement is paid as usual)
    s = settle(result(4, (0, 1, 2, 3), frozen=(3,), hands={3: NO_BOMBS}), NORTHERN, unit=1)
    assert s.net == (6, -1, -2, -3)


def test_iwin_instant_win_every_other_player_pays_two_nhat() -> None:
    s = settle(result(4, instant={2: "dragon_to_two"}), NO_RAKE_IWIN, unit=1)
    assert moves(s) == [(0, 2, 4), (1, 2, 4), (3, 2, 4)]


def test_iwin_instant_win_with_rake() -> None:
    s = settle(result(4, instant={2: "pr5"}), IWIN, unit=100)
    assert s.net == (-400, -400, 1140, -400) and s.house == 60
