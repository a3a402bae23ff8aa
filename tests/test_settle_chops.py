"""Chops and chop wars (RULES.md, "Money and points"): what each chop costs under each profile, how a
chain of chops accumulates and who pays whom, and when a chop is void. One table test per clause.

House amounts are in a 1,000 room (entry 1,000, table stake 4,000; settle's unit is the entry);
northern and iwin amounts are in bets."""

from __future__ import annotations

import pytest
from builders import (
    FOUR_TWOS,
    NO_RAKE_IWIN,
    PR3,
    PR3_HIGH,
    PR4,
    PR4_HIGH,
    QUAD,
    QUAD_HIGH,
    chop,
    moves,
    result,
)

from tienlen import HOUSE, IWIN, NORTHERN
from tienlen.settle import settle

LOW_PR4 = "5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 8♠ 8♣"  # a PR4 lower than the PR4 of builders


class TestHouseChops:
    def test_house_chop_war_over_one_red_two_4000_8000_12000(self) -> None:
        events = [
            chop(HOUSE, 3, 1, chopper=1, chopped=0, table="2♥", by=PR3),
            chop(HOUSE, 3, 2, chopper=2, chopped=1, table=PR3, by=QUAD),
            chop(HOUSE, 3, 3, chopper=3, chopped=2, table=QUAD, by=PR4),
        ]
        s = settle(result(4, (0, 1, 2, 3), events=events), HOUSE, unit=1000)
        # each time the player just chopped pays the chopper, at once
        assert moves(s, "chop") == [(0, 1, 4000), (1, 2, 8000), (2, 3, 12000)]
        assert s.transfers[1].reason.startswith("chop 2 of the chain in trick 3:")
        assert "2 × 4,000 for 2♥" in s.transfers[1].reason

    def test_house_chop_black_two_costs_two_entries(self) -> None:
        s = settle(result(4, (0, 1, 2, 3), events=[chop(HOUSE, 1, 1, 2, 3, "2♣", PR3)]), HOUSE, unit=1000)
        assert moves(s, "chop") == [(3, 2, 2000)]

    def test_house_chop_pair_of_twos_costs_the_sum(self) -> None:
        events = [chop(HOUSE, 1, 1, 0, 1, "2♠ 2♥", QUAD), chop(HOUSE, 1, 2, 2, 0, QUAD, PR4)]
        s = settle(result(4, (0, 1, 2, 3), events=events), HOUSE, unit=1000)
        assert moves(s, "chop") == [(1, 0, 6000), (0, 2, 12000)]

    def test_house_chain_that_chopped_no_two_costs_nothing(self) -> None:
        s = settle(result(4, (0, 1, 2, 3), events=[chop(HOUSE, 2, 1, 1, 0, QUAD, PR4)]), HOUSE, unit=1000)
        assert moves(s, "chop") == []

    def test_house_chains_end_with_the_trick(self) -> None:
        events = [chop(HOUSE, 1, 1, 1, 0, "2♦", PR3), chop(HOUSE, 2, 1, 3, 2, "2♥", QUAD)]
        s = settle(result(4, (0, 1, 2, 3), events=events), HOUSE, unit=1000)
        assert moves(s, "chop") == [(0, 1, 4000), (2, 3, 4000)]  # not 8,000: a new chain


class TestIwinChops:
    @pytest.mark.parametrize(
        ("table", "by", "bets"),
        [("2♠", PR3, 1), ("2♣", QUAD, 1), ("2♦", PR3, 2), ("2♥", PR4, 2), ("2♠ 2♥", QUAD, 3), ("2♦ 2♥", PR4, 4)],
    )
    def test_iwin_chop_values_of_twos(self, table: str, by: str, bets: int) -> None:
        s = settle(result(4, (0, 1, 2, 3), events=[chop(IWIN, 1, 1, 1, 2, table, by)]), NO_RAKE_IWIN, unit=1)
        assert moves(s, "chop") == [(2, 1, bets)]

    @pytest.mark.parametrize(
        ("table", "by", "bets"), [(PR3, QUAD, 2), (PR3, PR3_HIGH, 2), (QUAD, PR4, 3), (QUAD, QUAD_HIGH, 3), (PR4, PR4_HIGH, 4)]
    )
    def test_iwin_chop_values_of_bombs(self, table: str, by: str, bets: int) -> None:
        s = settle(result(4, (0, 1, 2, 3), events=[chop(IWIN, 1, 1, 1, 2, table, by)]), NO_RAKE_IWIN, unit=1)
        assert moves(s, "chop") == [(2, 1, bets)]

    def test_iwin_chain_accumulates_last_chopped_pays_last_chopper(self) -> None:
        events = [
            chop(IWIN, 4, 1, chopper=1, chopped=0, table="2♥", by=PR3),
            chop(IWIN, 4, 2, chopper=2, chopped=1, table=PR3, by=QUAD),
            chop(IWIN, 4, 3, chopper=3, chopped=2, table=QUAD, by=PR4),
        ]
        s = settle(result(4, (0, 1, 2, 3), events=events), NO_RAKE_IWIN, unit=1)
        assert moves(s, "chop") == [(2, 3, 2 + 2 + 3)]  # seats 0 and 1 pay nothing for it

    def test_iwin_separate_chains_per_trick(self) -> None:
        events = [chop(IWIN, 1, 1, 1, 0, "2♥", QUAD), chop(IWIN, 2, 1, 0, 3, "2♠", PR3)]
        s = settle(result(4, (0, 1, 2, 3), events=events), NO_RAKE_IWIN, unit=1)
        assert moves(s, "chop") == [(0, 1, 2), (3, 0, 1)]


def test_four_twos_chopped_under_house_cost_their_2s_not_nothing() -> None:
    """house, a 1,000 room: seat 1 lays four 2s (a quad), seat 2 chops them with a PR4, chop 1 of
    its chain. The quad's own chop price under house is nothing; its four 2s' is 2 + 2 + 4 + 4 = 12
    entries; the larger, 12,000, is paid by seat 1 to seat 2 (it used to move nothing)."""
    r = result(4, (0, 2, 3, 1), events=[chop(HOUSE, 1, 1, 2, 1, FOUR_TWOS, LOW_PR4)])
    assert moves(settle(r, HOUSE, unit=1000), "chop") == [(1, 2, 12000)]


def test_four_twos_chopped_under_iwin_cost_6_bets_not_a_quads_3() -> None:
    """iwin, 1 bet: four 2s chopped by a PR4. A quad is 1 nhất + 1 nhì (3 bets); the four 2s are
    2 black (1 nhì each) and 2 red (1 nhất each): 1 + 1 + 2 + 2 = 6 bets. The larger, 6, is the chain."""
    r = result(4, (0, 2, 3, 1), events=[chop(IWIN, 1, 1, 2, 1, FOUR_TWOS, LOW_PR4)])
    assert moves(settle(r, IWIN, unit=1), "chop") == [(1, 2, 6)]


def test_northern_chain_two_spades_two_diamonds_quad_pays_4_bets_b_to_c_a_nothing() -> None:
    a, b, c = 0, 1, 2
    events = [
        chop(NORTHERN, 1, 1, chopper=b, chopped=a, table="2♠", by="2♦"),
        chop(NORTHERN, 1, 2, chopper=c, chopped=b, table="2♦", by=QUAD),
    ]
    s = settle(result(4, (3, 0, 1, 2), events=events), NORTHERN, unit=1)
    assert moves(s, "chop") == [(b, c, 4)]
    assert s.transfers[0].reason == "chop chain of trick 1 (2♠ 1 + 2♦ 3): the last player chopped pays the last chopper"


def test_northern_single_chop_of_a_two_by_a_higher_two() -> None:
    s = settle(result(4, (0, 1, 2, 3), events=[chop(NORTHERN, 2, 1, 3, 1, "2♣", "2♥")]), NORTHERN, unit=1)
    assert moves(s, "chop") == [(1, 3, 2)]


def test_northern_pair_of_twos_chopped_by_quad() -> None:
    s = settle(result(4, (0, 1, 2, 3), events=[chop(NORTHERN, 2, 1, 0, 2, "2♠ 2♥", QUAD)]), NORTHERN, unit=1)
    assert moves(s, "chop") == [(2, 0, 5)]


def test_northern_a_chopped_quad_adds_nothing() -> None:
    events = [chop(NORTHERN, 1, 1, 1, 0, "2♥", QUAD), chop(NORTHERN, 1, 2, 2, 1, QUAD, QUAD_HIGH)]
    s = settle(result(4, (0, 1, 2, 3), events=events), NORTHERN, unit=1)
    assert moves(s, "chop") == [(1, 2, 4)]
    lone = settle(result(4, (0, 1, 2, 3), events=[chop(NORTHERN, 1, 1, 1, 0, QUAD, QUAD_HIGH)]), NORTHERN, unit=1)
    assert moves(lone, "chop") == []
