"""Placement money and points (RULES.md, "Money and points"): what each place pays or scores under each
profile and table size, and the northern penalty for finishing on a 2.

House amounts are in a 1,000 room (entry 1,000, table stake 4,000; settle's unit is the entry)."""

from __future__ import annotations

import pytest
from builders import (
    NO_RAKE_IWIN,
    QUAD,
    chop,
    go,
    moves,
    of,
    result,
)

from tienlen import (
    FACEOFF,
    HOUSE,
    IWIN,
    NORTHERN,
    PAGAT,
    Finished,
    InvalidArgument,
    Round,
    settle,
)
from tienlen.money.settle import HOUSE_SEAT


class TestHousePlacement:
    def test_house_placement_four_players_4000_2000(self) -> None:
        s = settle(result(4, (2, 0, 3, 1)), HOUSE, unit=1000)
        assert moves(s) == [(1, 2, 4000), (3, 0, 2000)]
        assert s.net == (2000, -4000, 4000, -2000)  # +4,000 / +2,000 / −2,000 / −4,000 by place
        assert s.transfers[0].reason == "placement: 4th pays 1st"
        assert s.transfers[1].reason == "placement: 3rd pays 2nd"
        assert s.house == 0 and s.currency == "chips"

    def test_house_placement_three_players_3rd_pays_1st_stake_2nd_pays_half(self) -> None:
        s = settle(result(3, (1, 2, 0)), HOUSE, unit=1000)
        assert moves(s) == [(0, 1, 4000), (2, 1, 2000)]
        assert s.net == (-4000, 6000, -2000)

    def test_house_placement_two_players_loser_pays_one_stake(self) -> None:
        s = settle(result(2, (1, 0)), HOUSE, unit=1000)
        assert moves(s) == [(0, 1, 4000)]
        assert s.net == (-4000, 4000)


class TestIwinPlacement:
    def test_iwin_placement_four_players_nhat_and_nhi(self) -> None:
        s = settle(result(4, (0, 1, 2, 3)), NO_RAKE_IWIN, unit=1)
        assert moves(s) == [(3, 0, 2), (2, 1, 1)]
        assert s.net == (2, 1, -1, -2)

    def test_iwin_placement_three_players(self) -> None:
        s = settle(result(3, (0, 1, 2)), NO_RAKE_IWIN, unit=1)
        assert moves(s) == [(2, 0, 2), (1, 0, 1)]
        assert s.net == (3, -1, -2)

    def test_iwin_placement_two_players(self) -> None:
        assert settle(result(2, (1, 0)), NO_RAKE_IWIN, unit=1).net == (-2, 2)

    def test_iwin_placement_with_rake(self) -> None:
        s = settle(result(4, (0, 1, 2, 3)), IWIN, unit=1000)
        assert moves(s) == [(3, 0, 2000), (2, 1, 1000), (0, HOUSE_SEAT, 100), (1, HOUSE_SEAT, 50)]
        assert s.net == (1900, 950, -1000, -2000) and s.house == 150
        assert s.transfers[2].reason == "rake: 5% of 2,000 won"


class TestPoints:
    def test_faceoff_points_3_2_1_0(self) -> None:
        s = settle(result(4, (2, 3, 0, 1)), FACEOFF)
        assert s.net == s.points == (1, 0, 3, 2)
        assert s.transfers == () and s.currency == "points" and s.house == 0

    def test_faceoff_instant_win_3_and_0(self) -> None:
        assert settle(result(4, instant={1: "dragon"}), FACEOFF).points == (0, 3, 0, 0)

    def test_faceoff_several_instant_winners_all_score_3(self) -> None:
        assert settle(result(4, instant={1: "dragon", 3: "six_pairs"}), FACEOFF).points == (0, 3, 0, 3)

    def test_faceoff_frozen_and_chops_move_no_points(self) -> None:
        events = [chop(FACEOFF, 1, 1, 1, 0, "2♥", QUAD)]
        assert settle(result(4, (0, 1, 2, 3), events=events, hands={3: "2♥"}), FACEOFF).points == (3, 2, 1, 0)

    def test_pagat_last_minus_3_others_plus_1(self) -> None:
        assert settle(result(4, (3, 1, 0, 2)), PAGAT).points == (1, 1, -3, 1)

    def test_pagat_forfeiter_is_last(self) -> None:
        assert settle(result(4, (0, 1, 3, 2), forfeited=(2, 3)), PAGAT).points == (1, 1, -3, 1)

    def test_points_need_unit_1(self) -> None:
        with pytest.raises(InvalidArgument, match="faceoff scores points, which are not staked; leave unit at 1"):
            settle(result(4, (0, 1, 2, 3)), FACEOFF, unit=1000)


@pytest.mark.parametrize(
    ("players", "placements", "net"),
    [
        (4, (0, 1, 2, 3), (6, -1, -2, -3)),
        (3, (2, 0, 1), (-1, -2, 3)),
        (2, (1, 0), (-1, 1)),
    ],
)
def test_northern_placement_pth_pays_p_minus_1_bets(players: int, placements: tuple[int, ...], net: tuple[int, ...]) -> None:
    s = settle(result(players, placements), NORTHERN, unit=1)
    assert s.net == net and s.currency == "bets"


def test_northern_placement_scales_with_the_bet() -> None:
    assert settle(result(4, (0, 1, 2, 3)), NORTHERN, unit=500).net == (3000, -500, -1000, -1500)


def test_northern_finishing_with_a_two_pays_2_bets_to_each_other_player_place_stands() -> None:
    events = [
        Finished(seat=0, place=1, with_two=True),
        Finished(seat=1, place=2, with_two=False),
        Finished(seat=2, place=3, with_two=False),
    ]
    s = settle(result(4, (0, 1, 2, 3), events=events), NORTHERN, unit=1)
    assert moves(s, "finished on a 2") == [(0, 1, 2), (0, 2, 2), (0, 3, 2)]
    assert s.net == (6 - 6, -1 + 2, -2 + 2, -3 + 2)


def test_northern_finishing_with_a_two_in_second_place() -> None:
    events = [Finished(seat=2, place=1, with_two=False), Finished(seat=1, place=2, with_two=True)]
    s = settle(result(3, (2, 1, 0), events=events), NORTHERN, unit=1)
    assert moves(s, "finished on a 2") == [(1, 2, 2), (1, 0, 2)]
    assert s.net == (-2 + 2, -1 - 4, 3 + 2)


def test_finishing_on_a_two_is_recorded() -> None:
    """The Finished event says whether the play that emptied the hand held a 2 (northern charges it)."""
    r = Round.from_hands(["3♠ 2♥", "4♠ 5♠", "6♠ 7♠", "8♠ 9♠"], NORTHERN)
    r = go(r, "3♠", "4♠", "6♠", "8♠", "2♥")
    assert of(r, Finished) == [Finished(seat=0, place=1, with_two=True)]
    r = go(r, "pass", "pass", "pass", "5♠")
    assert of(r, Finished)[-1] == Finished(seat=1, place=2, with_two=False)
