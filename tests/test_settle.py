"""settle(): one table test per money rule of RULES.md ("Money and points"), per clause and player
count, with the amounts written out; then the documented splitting, cap and rake decisions, the
errors, and properties over constructed and self-played rounds."""

from __future__ import annotations

import random
from collections.abc import Sequence

import attrs
import pytest
from builders import (
    FOUR_TWOS,
    FROZEN_2H_PR3,
    FROZEN_PR4,
    FROZEN_QUAD_2S,
    NO_BOMBS,
    NO_RAKE_IWIN,
    PR3,
    PR3_HIGH,
    PR4,
    PR4_HIGH,
    QUAD,
    QUAD_HIGH,
    balanced,
    chop,
    moves,
    result,
)
from hypothesis import HealthCheck, given, settings, strategies as st

from tienlen import DECK, FACEOFF, HOUSE, IWIN, NORTHERN, PAGAT, Round, RuleSet, classify, format_cards, parse_cards
from tienlen.errors import InvalidArgument, InvalidRecord, InvalidRules, TienLenError
from tienlen.events import Event, Finished, RoundResult
from tienlen.settle import HOUSE_SEAT, Settlement, Transfer, chop_value, held_value, settle

# ================================================================================ house (chips)
# A 1,000 room: entry 1,000, table stake 4,000. settle's unit is the entry.


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


class TestHouseFrozen:
    @pytest.mark.parametrize(
        ("hand", "amount"),
        [
            (NO_BOMBS, 8000),  # empty-handed: 2 × stake
            ("7♠ 7♣ 7♦ 7♥ 3♠ 4♣ 5♦ 6♥ 8♣ 9♦ 10♥ J♠ Q♣", 12000),  # one bomb (a quad): + one stake
            ("2♦ 2♥ 3♠ 4♣ 5♦ 6♥ 7♠ 8♣ 9♦ 10♥ J♠ Q♣ K♦", 16000),  # two red 2s: + 4,000 each
            ("2♠ 3♠ 4♣ 5♦ 6♥ 7♠ 8♣ 9♦ 10♥ J♠ Q♣ K♦ A♥", 10000),  # a black 2: + 2,000
            ("4♠ 4♣ 5♦ 5♥ 6♠ 6♣ 9♦ 10♥ J♠ Q♣ K♦ A♥ 3♦", 12000),  # a pair run PR3 is a bomb too
        ],
    )
    def test_house_frozen_pays_first_8000_12000_16000(self, hand: str, amount: int) -> None:
        s = settle(result(4, (0, 1, 2, 3), frozen=(3,), hands={3: hand}), HOUSE, unit=1000)
        assert (3, 0, amount) in moves(s, "frozen")
        # the 4th→1st pairing is void; 3rd still pays 2nd; a frozen player owes no thúi
        assert moves(s) == [(2, 1, 2000), (3, 0, amount)]
        assert s.net == (amount, 2000, -2000, -amount)

    def test_house_frozen_reason_itemises(self) -> None:
        s = settle(result(2, (0, 1), frozen=(1,), hands={1: "2♥ " + QUAD + " 3♦ 4♦ 5♦ 6♦ 8♦ 9♦ 10♦ J♦"}), HOUSE, unit=1000)
        assert s.transfers[0].reason == "frozen (cóng): 8,000 + 2♥ 4,000 + quad 7♠ 7♣ 7♦ 7♥ 4,000"
        assert s.net == (16000, -16000)

    def test_house_void_pairings_two_frozen_at_four(self) -> None:
        s = settle(result(4, (0, 1, 2, 3), frozen=(2, 3), hands={2: NO_BOMBS, 3: NO_BOMBS}), HOUSE, unit=1000)
        # 4th→1st and 3rd→2nd both touch a frozen player: void; 2nd breaks even
        assert moves(s) == [(2, 0, 8000), (3, 0, 8000)]
        assert s.net == (16000, 0, -8000, -8000)

    def test_house_void_pairings_three_players_one_frozen(self) -> None:
        s = settle(result(3, (0, 1, 2), frozen=(2,), hands={2: NO_BOMBS}), HOUSE, unit=1000)
        assert moves(s) == [(1, 0, 2000), (2, 0, 8000)]  # 3rd→1st void, 2nd→1st stands
        assert s.net == (10000, -2000, -8000)

    def test_house_void_pairings_three_players_two_frozen(self) -> None:
        s = settle(result(3, (1, 0, 2), frozen=(0, 2), hands={0: NO_BOMBS, 2: NO_BOMBS}), HOUSE, unit=1000)
        assert moves(s) == [(0, 1, 8000), (2, 1, 8000)]

    def test_house_frozen_two_players(self) -> None:
        s = settle(result(2, (1, 0), frozen=(0,), hands={0: NO_BOMBS}), HOUSE, unit=1000)
        assert moves(s) == [(0, 1, 8000)]  # instead of the 4,000 placement

    def test_house_three_frozen_all_pay_first(self) -> None:
        s = settle(result(4, (0, 1, 2, 3), frozen=(1, 2, 3), hands={1: NO_BOMBS, 2: NO_BOMBS, 3: NO_BOMBS}), HOUSE, unit=1000)
        assert s.net == (24000, -8000, -8000, -8000)


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


# ================================================================================ northern (bets)


class TestNorthern:
    @pytest.mark.parametrize(
        ("players", "placements", "net"),
        [
            (4, (0, 1, 2, 3), (6, -1, -2, -3)),
            (3, (2, 0, 1), (-1, -2, 3)),
            (2, (1, 0), (-1, 1)),
        ],
    )
    def test_northern_placement_pth_pays_p_minus_1_bets(
        self, players: int, placements: tuple[int, ...], net: tuple[int, ...]
    ) -> None:
        s = settle(result(players, placements), NORTHERN, unit=1)
        assert s.net == net and s.currency == "bets"

    def test_northern_placement_scales_with_the_bet(self) -> None:
        assert settle(result(4, (0, 1, 2, 3)), NORTHERN, unit=500).net == (3000, -500, -1000, -1500)

    def test_northern_chain_two_spades_two_diamonds_quad_pays_4_bets_b_to_c_a_nothing(self) -> None:
        a, b, c = 0, 1, 2
        events = [
            chop(NORTHERN, 1, 1, chopper=b, chopped=a, table="2♠", by="2♦"),
            chop(NORTHERN, 1, 2, chopper=c, chopped=b, table="2♦", by=QUAD),
        ]
        s = settle(result(4, (3, 0, 1, 2), events=events), NORTHERN, unit=1)
        assert moves(s, "chop") == [(b, c, 4)]
        assert s.transfers[0].reason == "chop chain of trick 1 (2♠ 1 + 2♦ 3): the last player chopped pays the last chopper"

    def test_northern_single_chop_of_a_two_by_a_higher_two(self) -> None:
        s = settle(result(4, (0, 1, 2, 3), events=[chop(NORTHERN, 2, 1, 3, 1, "2♣", "2♥")]), NORTHERN, unit=1)
        assert moves(s, "chop") == [(1, 3, 2)]

    def test_northern_pair_of_twos_chopped_by_quad(self) -> None:
        s = settle(result(4, (0, 1, 2, 3), events=[chop(NORTHERN, 2, 1, 0, 2, "2♠ 2♥", QUAD)]), NORTHERN, unit=1)
        assert moves(s, "chop") == [(2, 0, 5)]

    def test_northern_a_chopped_quad_adds_nothing(self) -> None:
        events = [chop(NORTHERN, 1, 1, 1, 0, "2♥", QUAD), chop(NORTHERN, 1, 2, 2, 1, QUAD, QUAD_HIGH)]
        s = settle(result(4, (0, 1, 2, 3), events=events), NORTHERN, unit=1)
        assert moves(s, "chop") == [(1, 2, 4)]
        lone = settle(result(4, (0, 1, 2, 3), events=[chop(NORTHERN, 1, 1, 1, 0, QUAD, QUAD_HIGH)]), NORTHERN, unit=1)
        assert moves(lone, "chop") == []

    def test_northern_finishing_with_a_two_pays_2_bets_to_each_other_player_place_stands(self) -> None:
        events = [
            Finished(seat=0, place=1, with_two=True),
            Finished(seat=1, place=2, with_two=False),
            Finished(seat=2, place=3, with_two=False),
        ]
        s = settle(result(4, (0, 1, 2, 3), events=events), NORTHERN, unit=1)
        assert moves(s, "finished on a 2") == [(0, 1, 2), (0, 2, 2), (0, 3, 2)]
        assert s.net == (6 - 6, -1 + 2, -2 + 2, -3 + 2)

    def test_northern_finishing_with_a_two_in_second_place(self) -> None:
        events = [Finished(seat=2, place=1, with_two=False), Finished(seat=1, place=2, with_two=True)]
        s = settle(result(3, (2, 1, 0), events=events), NORTHERN, unit=1)
        assert moves(s, "finished on a 2") == [(1, 2, 2), (1, 0, 2)]
        assert s.net == (-2 + 2, -1 - 4, 3 + 2)

    def test_northern_forfeit_pays_3_bets_to_winner_instead_of_placement_and_thui_on_top(self) -> None:
        """Leaving never pays: the early leaver pays the 3-bet penalty and, like any player holding
        2s at the end, thúi for 2♦ 2♥ (3 + 4 = 7 bets) to the winner."""
        s = settle(result(4, (0, 1, 2, 3), forfeited=(3,), hands={3: "2♥ 2♦"}), NORTHERN, unit=1)
        assert moves(s) == [(1, 0, 1), (2, 0, 2), (3, 0, 3), (3, 0, 7)]
        assert s.transfers[2].reason.startswith("forfeit:")
        assert moves(s, "thúi") == [(3, 0, 7)]

    def test_northern_forfeit_from_third_place_pays_3_not_2(self) -> None:
        # two forfeits: the first to leave (seat 2) is last, seat 3 third
        s = settle(result(4, (0, 1, 3, 2), forfeited=(2, 3)), NORTHERN, unit=1)
        assert moves(s) == [(1, 0, 1), (3, 0, 3), (2, 0, 3)]
        assert s.net == (7, -1, -3, -3)

    def test_northern_forfeit_two_players(self) -> None:
        s = settle(result(2, (1, 0), forfeited=(0,)), NORTHERN, unit=10)
        assert moves(s) == [(0, 1, 30)]

    @pytest.mark.parametrize(
        ("held", "bets"),
        [("2♠", 1), ("2♣", 2), ("2♦", 3), ("2♥", 4), ("2♦ 2♥", 7), ("2♠ 2♦", 4), ("2♠ 2♣ 2♦ 2♥", 10), ("9♠ 9♣ 9♦ 9♥ 2♥", 4)],
    )
    def test_northern_thui_per_suit_paid_to_the_winner(self, held: str, bets: int) -> None:
        s = settle(result(4, (0, 1, 2, 3), hands={3: held + " 5♣"}), NORTHERN, unit=1)
        assert moves(s, "thúi") == [(3, 0, bets)]
        assert s.net[0] == 6 + bets

    def test_northern_thui_three_players(self) -> None:
        s = settle(result(3, (1, 0, 2), hands={2: "2♥ 2♦"}), NORTHERN, unit=1)
        assert moves(s, "thúi") == [(2, 1, 7)]

    def test_northern_instant_wins_do_not_exist_and_nothing_is_frozen(self) -> None:
        # northern has no cóng: a frozen seat in a result is ignored (placement is paid as usual)
        s = settle(result(4, (0, 1, 2, 3), frozen=(3,), hands={3: NO_BOMBS}), NORTHERN, unit=1)
        assert s.net == (6, -1, -2, -3)


# ================================================================================ iwin (bets)


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


class TestIwinFrozen:
    def test_iwin_one_frozen_pays_two_nhat_plus_holdings_others_play_on(self) -> None:
        s = settle(result(4, (0, 1, 2, 3), frozen=(3,), hands={3: FROZEN_2H_PR3, 2: "2♦"}), NO_RAKE_IWIN, unit=1)
        # 4 + 2♥ 2 + PR3 2 = 8; 3rd pays 2nd one ván nhì; the frozen last owes no thúi and the
        # 3rd, not being last, owes none either
        assert moves(s) == [(2, 1, 1), (3, 0, 8)]
        assert s.transfers[1].reason == "frozen (cóng): 4 + 2♥ 2 + pair run 3-4-5 2"
        assert s.net == (8, 1, -1, -8)

    @pytest.mark.parametrize(("hand", "bets"), [(NO_BOMBS, 4), (FROZEN_2H_PR3, 8), (FROZEN_QUAD_2S, 8), (FROZEN_PR4, 8)])
    def test_iwin_frozen_holdings(self, hand: str, bets: int) -> None:
        s = settle(result(2, (0, 1), frozen=(1,), hands={1: hand}), NO_RAKE_IWIN, unit=1)
        assert moves(s) == [(1, 0, bets)]

    def test_iwin_two_frozen_each_pays_and_the_remaining_player_pays_one_nhi(self) -> None:
        s = settle(result(4, (0, 1, 2, 3), frozen=(2, 3), hands={2: FROZEN_QUAD_2S, 3: NO_BOMBS}), NO_RAKE_IWIN, unit=1)
        assert moves(s) == [(2, 0, 8), (3, 0, 4), (1, 0, 1)]
        assert s.net == (13, -1, -8, -4)

    def test_iwin_three_frozen_each_pays(self) -> None:
        hands = {1: NO_BOMBS, 2: FROZEN_2H_PR3, 3: FROZEN_PR4}
        s = settle(result(4, (0, 1, 2, 3), frozen=(1, 2, 3), hands=hands), NO_RAKE_IWIN, unit=1)
        assert moves(s) == [(1, 0, 4), (2, 0, 8), (3, 0, 8)]

    def test_iwin_den_bai_one_frozen_player_pays_for_all_three(self) -> None:
        hands = {1: NO_BOMBS, 2: FROZEN_2H_PR3, 3: FROZEN_PR4}
        s = settle(result(4, (0, 1, 2, 3), frozen=(1, 2, 3), hands=hands, den_bai=2), NO_RAKE_IWIN, unit=1)
        assert moves(s) == [(2, 0, 4), (2, 0, 8), (2, 0, 8)]
        assert s.net == (20, 0, -20, 0)
        assert s.transfers[0].reason == "đền bài: passed holding a play, pays seat 1's cóng (4)"

    def test_iwin_no_den_bai_at_three_players_each_frozen_player_pays_their_own(self) -> None:
        s = settle(result(3, (2, 0, 1), frozen=(0, 1), hands={0: NO_BOMBS, 1: NO_BOMBS}, den_bai=0), NO_RAKE_IWIN, unit=1)
        assert moves(s) == [(0, 2, 4), (1, 2, 4)]

    def test_iwin_den_bai_ignored_unless_every_other_player_is_frozen(self) -> None:
        s = settle(result(4, (0, 1, 2, 3), frozen=(2, 3), hands={2: NO_BOMBS, 3: NO_BOMBS}, den_bai=3), NO_RAKE_IWIN, unit=1)
        assert moves(s) == [(2, 0, 4), (3, 0, 4), (1, 0, 1)]

    def test_iwin_den_bai_needs_the_rule(self) -> None:
        s = settle(result(4, (0, 1, 2, 3), frozen=(1, 2, 3), hands={}, den_bai=2), HOUSE, unit=1)
        assert moves(s) == [(1, 0, 8), (2, 0, 8), (3, 0, 8)]


class TestIwinThuiAndInstantWin:
    def test_iwin_thui_player_above_collects_from_last(self) -> None:
        s = settle(result(4, (0, 1, 2, 3), hands={3: "2♥ 2♠ 8♠ 8♣ 8♦ 8♥ " + PR3}), NO_RAKE_IWIN, unit=1)
        assert moves(s, "thúi") == [(3, 2, 2 + 1 + 3 + 2)]
        assert s.net == (2, 1, -1 + 8, -2 - 8)

    def test_iwin_thui_pr4_left(self) -> None:
        s = settle(result(3, (0, 1, 2), hands={2: PR4}), NO_RAKE_IWIN, unit=1)
        assert moves(s, "thúi") == [(2, 1, 4)]

    def test_iwin_instant_win_every_other_player_pays_two_nhat(self) -> None:
        s = settle(result(4, instant={2: "dragon_to_two"}), NO_RAKE_IWIN, unit=1)
        assert moves(s) == [(0, 2, 4), (1, 2, 4), (3, 2, 4)]

    def test_iwin_instant_win_with_rake(self) -> None:
        s = settle(result(4, instant={2: "pr5"}), IWIN, unit=100)
        assert s.net == (-400, -400, 1140, -400) and s.house == 60


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


# ================================================================================ points


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


# ================================================================================ values and text


class TestValues:
    @pytest.mark.parametrize(
        ("hand", "rules", "units"),
        [
            ("2♠ 2♣ 2♦ 2♥", HOUSE, 12),  # four 2s count as 2s, not as a quad
            ("3♠ 3♣ 4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠", HOUSE, 4),  # PR6: one bomb
            ("3♠ 3♣ 4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠", IWIN, 4),  # longer than PR4: counts as PR4
            ("5♠ 5♣ 5♦ 5♥ 6♠ 6♣ 7♠ 7♣", IWIN, 3),  # quad first: 6-7 left is no pair run
            ("4♠ 4♣ 5♠ 5♣ 5♦ 5♥ 6♠ 6♣ 7♠ 7♣ 8♠ 8♣", IWIN, 5),  # quad 5s (3), then PR3 6-7-8 (2); 4♠ 4♣ alone
            ("3♠ 3♣ 3♦ 4♠ 4♣ 4♦ 5♠ 5♣", IWIN, 2),  # triples count as pairs in a run
            ("3♠ 3♣ 4♠ 4♣ 6♠ 6♣ 7♠ 7♣ 8♠ 8♣", IWIN, 2),  # a gap splits runs
            ("9♠ 9♣ 9♦ 9♥ 2♥", NORTHERN, 4),  # northern: quads are worth nothing
            ("3♠ 3♣ 4♠ 4♣ 5♠ 5♣", FACEOFF, 0),  # points profiles value nothing
        ],
    )
    def test_held_value(self, hand: str, rules: RuleSet, units: int) -> None:
        assert held_value(parse_cards(hand), rules) == units

    def test_chop_value_long_pair_run_counts_as_longest_valued_class(self) -> None:
        custom = attrs.evolve(IWIN, name="iwin-pr5", instant_wins=())
        assert chop_value(classify("3♠ 3♣ 4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 7♠ 7♣", custom), custom) == 4
        assert chop_value(classify("3♠ 4♣ 5♦", IWIN), IWIN) == 0

    def test_str(self) -> None:
        s = settle(result(4, (0, 1, 2, 3)), IWIN, unit=1000)
        assert str(s).splitlines() == [
            "seat 3 pays seat 0 2,000: placement: 4th pays 1st",
            "seat 2 pays seat 1 1,000: placement: 3rd pays 2nd",
            "seat 0 pays the house 100: rake: 5% of 2,000 won",
            "seat 1 pays the house 50: rake: 5% of 1,000 won",
            "net (bets): seat 0 +1,900, seat 1 +950, seat 2 -1,000, seat 3 -2,000; house +150",
        ]
        assert s.paid_by(3) == (s.transfers[0],) and s.paid_to(HOUSE_SEAT) == s.transfers[2:]
        assert s.players == 4 and s.unit == 1000


# ================================================================================ errors


class TestErrors:
    @pytest.mark.parametrize("unit", [0, -1000, 1.5, True, "1000"])
    def test_unit_must_be_a_positive_whole_number(self, unit: object) -> None:
        with pytest.raises(InvalidArgument, match=r"unit: .* is not a positive whole number; give what one entry is worth"):
            settle(result(4, (0, 1, 2, 3)), HOUSE, unit=unit)  # type: ignore[arg-type]

    def test_balances_one_per_seat(self) -> None:
        with pytest.raises(InvalidArgument, match="balances: 3 balances given for 4 players; give one per seat"):
            settle(result(4, (0, 1, 2, 3)), IWIN, balances=[1, 2, 3])

    @pytest.mark.parametrize("bad", [-1, 1.0, True])
    def test_balances_non_negative_whole_numbers(self, bad: object) -> None:
        with pytest.raises(InvalidArgument, match=r"balances: seat 2 has .*; a balance must be a whole number of at least 0"):
            settle(result(4, (0, 1, 2, 3)), IWIN, balances=[5, 5, bad, 5])  # type: ignore[list-item]

    def test_balances_not_a_sequence(self) -> None:
        with pytest.raises(InvalidArgument, match="balances: give one whole number per seat"):
            settle(result(4, (0, 1, 2, 3)), IWIN, balances="1000")  # type: ignore[arg-type]

    def test_player_count_the_rules_do_not_allow(self) -> None:
        with pytest.raises(InvalidArgument, match="faceoff is played by 4 players, not 3"):
            settle(result(3, (0, 1, 2)), FACEOFF)
        with pytest.raises(InvalidArgument, match="house is played by 2 to 4 players, not 5"):
            settle(attrs.evolve(result(4, (0, 1, 2, 3)), players=5), HOUSE)

    def test_placements_every_seat_once(self) -> None:
        with pytest.raises(InvalidRecord, match=r"placements \[0, 1, 1, 3\] must list each of the 4 seats once"):
            settle(result(4, (0, 1, 1, 3)), HOUSE)

    def test_den_bai_must_be_frozen(self) -> None:
        with pytest.raises(InvalidRecord, match="đền bài seat 1 must be one of the frozen seats"):
            settle(result(4, (0, 1, 2, 3), frozen=(2, 3), den_bai=1), IWIN)

    def test_first_place_cannot_be_frozen(self) -> None:
        with pytest.raises(InvalidRecord, match="seat 0 is both 1st and frozen"):
            settle(result(4, (0, 1, 2, 3), frozen=(0,)), HOUSE)

    def test_seats_at_the_table(self) -> None:
        with pytest.raises(InvalidRecord, match="frozen seat 7 is not at this 4-player table"):
            settle(result(4, (0, 1, 2, 3), frozen=(7,)), IWIN)
        with pytest.raises(InvalidRecord, match="instant winner seat 4"):
            settle(result(4, instant={4: "dragon"}), HOUSE)
        with pytest.raises(InvalidRecord, match="names a seat not at this 4-player table"):
            settle(result(4, (0, 1, 2, 3), events=[chop(HOUSE, 1, 1, 5, 0, "2♥", QUAD)]), HOUSE)

    def test_hands_one_per_seat(self) -> None:
        with pytest.raises(InvalidRecord, match="the result lists 3 hands for 4 players"):
            settle(attrs.evolve(result(4, (0, 1, 2, 3)), hands=((), (), ())), HOUSE)

    def test_errors_are_tienlen_errors(self) -> None:
        assert issubclass(InvalidRules, TienLenError) and issubclass(InvalidRecord, ValueError)

    def test_not_a_result(self) -> None:
        with pytest.raises(InvalidArgument, match="result must be a RoundResult"):
            settle("round", HOUSE)  # type: ignore[arg-type]


# ================================================================================ properties


MONEY_RULES = [
    HOUSE,
    NORTHERN,
    IWIN,
    NO_RAKE_IWIN,
    attrs.evolve(HOUSE, name="house-capped-raked", cap_at_balance=True, rake_percent=7),
    attrs.evolve(NORTHERN, name="northern-capped", cap_at_balance=True, rake_percent=3),
]
TWO_GROUPS = ["2♠", "2♣", "2♦", "2♥", "2♠ 2♣", "2♦ 2♥", "2♠ 2♥", "2♣ 2♦"]
BOMBS = [PR3, PR3_HIGH, QUAD, QUAD_HIGH, PR4, PR4_HIGH]


@st.composite
def constructed(draw: st.DrawFn) -> tuple[RuleSet, RoundResult, int, list[int]]:
    rules = draw(st.sampled_from(MONEY_RULES))
    n = draw(st.integers(rules.min_players, rules.max_players))
    stake = draw(st.sampled_from([1, 3, 7, 10, 1000]))
    balances = draw(st.lists(st.integers(0, 30 * stake), min_size=n, max_size=n))
    deck = draw(st.permutations(range(52)))
    hands = []
    for seat in range(n):
        size = draw(st.integers(0, 13))
        hands.append(format_cards(DECK[i] for i in deck[13 * seat : 13 * seat + size]))
    if draw(st.integers(0, 9)) == 0:
        winners = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True))
        r = result(n, instant={w: "dragon" for w in winners}, hands=dict(enumerate(hands)))
        return rules, r, stake, balances
    placements = draw(st.permutations(range(n)))
    forfeits = draw(st.integers(0, n - 1))
    frozen_count = draw(st.integers(0, n - 1 - forfeits)) if rules.frozen else 0
    forfeited = tuple(reversed(placements[n - forfeits :]))
    frozen = tuple(placements[n - forfeits - frozen_count : n - forfeits])
    den_bai: int | None = None
    pick: bool = draw(st.booleans())
    if frozen and pick:
        den_bai = draw(st.sampled_from(frozen))
    events: list[Event] = []
    for trick in range(1, draw(st.integers(0, 4)) + 1):
        for index in range(1, draw(st.integers(0, 4)) + 1):
            chopper, chopped = draw(st.permutations(range(n)))[:2]
            table = draw(st.sampled_from(TWO_GROUPS if index == 1 else BOMBS))
            events.append(chop(HOUSE, trick, index, chopper, chopped, table, draw(st.sampled_from(BOMBS))))
    for place, seat in enumerate(placements[: n - 1 - forfeits - frozen_count], start=1):
        events.append(Finished(seat=seat, place=place, with_two=draw(st.booleans())))
    r = result(n, placements, hands=dict(enumerate(hands)), events=events, frozen=frozen, forfeited=forfeited, den_bai=den_bai)
    return rules, r, stake, balances


def check(s: Settlement, n: int, balances: Sequence[int] | None) -> None:
    assert len(s.net) == n
    assert sum(s.net) + s.house == 0
    assert s.house == sum(t.amount for t in s.transfers if t.payee == HOUSE_SEAT)
    assert all(isinstance(t.amount, int) and t.amount > 0 and t.payer != t.payee and t.payer != HOUSE_SEAT for t in s.transfers)
    for seat in range(n):
        flow = sum(t.amount for t in s.transfers if t.payee == seat) - sum(t.amount for t in s.transfers if t.payer == seat)
        assert flow == s.net[seat]
    if balances is not None:
        assert all(b + v >= 0 for b, v in zip(balances, s.net, strict=True))


class TestProperties:
    @settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(constructed())
    def test_money_sums_to_zero_including_the_house(self, case: tuple[RuleSet, RoundResult, int, list[int]]) -> None:
        rules, r, stake, _ = case
        s = settle(r, rules, unit=stake)
        check(s, r.players, None)
        assert s.house == 0 or rules.rake_percent

    @settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(constructed())
    def test_no_balance_below_zero_when_capped(self, case: tuple[RuleSet, RoundResult, int, list[int]]) -> None:
        rules, r, stake, balances = case
        s = settle(r, rules, unit=stake, balances=balances)
        check(s, r.players, balances if rules.cap_at_balance else None)
        if rules.cap_at_balance:
            uncapped = settle(r, rules, unit=stake)
            # a cap only ever lowers what is paid
            assert sum(t.amount for t in s.transfers if t.payee != HOUSE_SEAT) <= sum(
                t.amount for t in uncapped.transfers if t.payee != HOUSE_SEAT
            )

    @settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(constructed())
    def test_settling_twice_gives_the_same_answer(self, case: tuple[RuleSet, RoundResult, int, list[int]]) -> None:
        rules, r, stake, balances = case
        assert settle(r, rules, unit=stake, balances=balances) == settle(r, rules, unit=stake, balances=list(balances))

    @settings(max_examples=200, deadline=None)
    @given(constructed(), st.integers(2, 50))
    def test_amounts_scale_with_the_stake_without_cap_or_rake(
        self, case: tuple[RuleSet, RoundResult, int, list[int]], k: int
    ) -> None:
        rules, r, _, _ = case
        plain = attrs.evolve(rules, name="plain", rake_percent=0, cap_at_balance=False)
        one, many = settle(r, plain, unit=1), settle(r, plain, unit=k)
        if not r.instant_winners or len(r.instant_winners) == 1:
            assert many.net == tuple(k * v for v in one.net)


# ---------------------------------------------------------------------------- self-played rounds


def self_play(rules: RuleSet, players: int, seed: int) -> RoundResult:
    """A round played by a mix of random, pass-happy and eager seats (to produce freezes),
    with the odd out-of-turn chop and forfeit."""
    rng = random.Random(seed)
    style = [rng.choice(["random", "passive", "eager"]) for _ in range(players)]
    r = Round.deal(rules, players=players, seed=seed, first_round=rng.random() < 0.5)
    steps = 0
    while not r.is_over:
        steps += 1
        interrupts = r.legal_interrupts()
        if interrupts and rng.random() < 0.3:
            r = r.apply(rng.choice(interrupts))
            continue
        if rng.random() < 0.003:
            active = [s for s in range(players) if r.is_active(s)]
            r = r.forfeit(rng.choice(active))
            continue
        actions = r.legal_actions()
        seat = r.to_act
        assert seat is not None and actions and steps < 5000
        plays = [a for a in actions if a.kind == "play"]
        passes = [a for a in actions if a.kind == "pass"]
        kind = style[seat]
        if kind == "passive" and passes:
            choice = passes[0]
        elif kind == "eager" and plays:
            choice = max(plays, key=lambda a: (a.mask.bit_count(), a.mask))
        else:
            choice = rng.choice(actions)
        r = r.apply(choice)
    return r.result


SELF_PLAY_RULES = [HOUSE, NORTHERN, IWIN, FACEOFF, PAGAT]


@pytest.mark.parametrize("rules", SELF_PLAY_RULES, ids=lambda r: r.name)
def test_self_played_rounds_settle_and_balance(rules: RuleSet) -> None:
    seen_frozen = seen_chops = 0
    for seed in range(60):
        players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
        r = self_play(rules, players, seed)
        seen_frozen += bool(r.frozen)
        seen_chops += bool(r.chops)
        stake = 1 if rules.currency == "points" else 1000
        s = settle(r, rules, unit=stake)
        assert s == settle(r, rules, unit=stake)
        if rules.currency == "points":
            assert s.transfers == ()
            if not r.instant_winners:
                assert sorted(s.points) == sorted(rules.points_for(players))
            continue
        check(s, players, None)
        rng = random.Random(seed)
        balances = [rng.randrange(0, 20 * stake) for _ in range(players)]
        check(settle(r, rules, unit=stake, balances=balances), players, balances if rules.cap_at_balance else None)
    if rules.frozen:
        assert seen_frozen, "self-play should produce some frozen rounds"
    if rules.chop_payment != "none":
        assert seen_chops, "self-play should produce some chops"


def test_self_played_house_chop_money_matches_the_rule() -> None:
    """Across self-played house rounds, every chop transfer is k × the price of the chain's 2s."""
    checked = 0
    for seed in range(80):
        r = self_play(HOUSE, 4, seed)
        s = settle(r, HOUSE, unit=1)
        chop_moves = [(t.payer, t.payee, t.amount) for t in s.transfers if t.reason.startswith("chop")]
        expected = []
        price: dict[int, int] = {}
        for c in r.chops:
            if c.chopped_combo.is_two_group:
                price[c.trick] = price.get(c.trick, 0) + sum(HOUSE.two_values[x.suit] for x in c.chopped_combo.cards)
            if price.get(c.trick):
                expected.append((c.chopped, c.chopper, c.index * price[c.trick]))
        assert chop_moves == expected
        checked += len(expected)
    assert checked


def test_transfer_is_a_value() -> None:
    t = Transfer(payer=1, payee=0, amount=5, reason="x")
    assert t == Transfer(payer=1, payee=0, amount=5, reason="x") and hash(t)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        t.amount = 6  # type: ignore[misc]


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


def test_result_whose_frozen_seat_is_not_in_the_last_places_is_refused() -> None:
    """Frozen players take the last places; a result that says otherwise contradicts itself."""
    result = RoundResult(
        players=4,
        dealer=0,
        first_round=False,
        placements=(0, 1, 2, 3),
        frozen=(1,),
        forfeited=(),
        instant_winners=(),
        hands=((),) * 4,
        events=(),
    )
    with pytest.raises(InvalidRecord, match="must end with the frozen seats"):
        settle(result, HOUSE, unit=1000)


# ---------------------------------------------------------------------------- four 2s (RULES.md, common decisions)

LOW_PR4 = "5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 8♠ 8♣"  # (named PR4 here before, which shadowed the PR4 of the tests above)


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


@pytest.mark.parametrize(
    ("rules", "units"),
    [
        (HOUSE, 12),  # 2 + 2 + 4 + 4 entries against a quad's 4: the 2s
        (IWIN, 6),  # 1 + 1 + 2 + 2 bets against a quad's 3: the 2s
        (attrs.evolve(IWIN, name="big-quads", bomb_values=(("PR3", 2), ("quad", 9), ("PR4", 4))), 9),  # the quad's 9
    ],
    ids=["house", "iwin", "quad worth more"],
)
def test_four_twos_held_are_valued_once_as_the_larger(rules: RuleSet, units: int) -> None:
    assert held_value(parse_cards(FOUR_TWOS + " 9♠"), rules) == units
