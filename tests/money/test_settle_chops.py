"""Chops and chop wars (RULES.md, "Money and points"): what each chop costs under each profile, how a
chain of chops accumulates and who pays whom, and when a chop is void. One table test per clause.

House amounts are in a 1,000 room (entry 1,000, table stake 4,000; settle's unit is the entry);
northern and iwin amounts are in bets."""

from __future__ import annotations

import attrs
import pytest
from builders import (
    NO_RAKE_IWIN,
    PR3,
    PR3_HIGH,
    PR4,
    PR4_HIGH,
    QUAD,
    QUAD_HIGH,
    QUAD_OF_TWOS,
    chop,
    go,
    moves,
    of,
    played,
    result,
)

from tienlen import (
    COUNTING,
    HOUSE,
    IWIN,
    NORTHERN,
    PROFILES,
    Chop,
    Finished,
    InvalidRules,
    Round,
    RuleSet,
    classify,
    settle,
)
from tienlen.game.events import Event
from tienlen.money.settle import chop_value

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
    r = result(4, (0, 2, 3, 1), events=[chop(HOUSE, 1, 1, 2, 1, QUAD_OF_TWOS, LOW_PR4)])
    assert moves(settle(r, HOUSE, unit=1000), "chop") == [(1, 2, 12000)]


def test_four_twos_chopped_under_iwin_cost_6_bets_not_a_quads_3() -> None:
    """iwin, 1 bet: four 2s chopped by a PR4. A quad is 1 nhất + 1 nhì (3 bets); the four 2s are
    2 black (1 nhì each) and 2 red (1 nhất each): 1 + 1 + 2 + 2 = 6 bets. The larger, 6, is the chain."""
    r = result(4, (0, 2, 3, 1), events=[chop(IWIN, 1, 1, 2, 1, QUAD_OF_TWOS, LOW_PR4)])
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


def chop_money(r: Round, rules: RuleSet) -> list[tuple[int, int, int]]:
    """The chop transfers of the round so far (placements do not matter for them)."""
    return moves(settle(result(r.players, range(r.players), events=r.events), rules, unit=1000), "chop")


RED_TWO, WAR_PR3, WAR_PR3_HIGH, WAR_QUAD, WAR_QUAD_HIGH, WAR_PR4 = (
    "2♥",
    "4♠ 4♣ 5♠ 5♣ 6♠ 6♣",
    "J♠ J♣ Q♠ Q♣ K♠ K♣",
    "7♠ 7♣ 7♦ 7♥",
    "A♠ A♣ A♦ A♥",
    "8♠ 8♣ 9♠ 9♣ 10♠ 10♣ J♦ J♥",
)


BOMB_WAR = [f"{RED_TWO} 3♠", f"{WAR_PR3} 3♦", f"{WAR_PR3_HIGH} 3♥", f"{WAR_QUAD} 3♣"]


QUAD_WAR = [f"{RED_TWO} 3♠", f"{WAR_QUAD} 3♦", f"{WAR_QUAD_HIGH} 3♥", f"{WAR_PR4} 3♣"]


STACK = ["2♠ 3♠", "2♥ 3♦", "5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 3♥", "8♦ 10♦"]


def test_house_higher_pr3_on_a_pr3_is_no_chop() -> None:
    """2♥ ← PR3 ← higher PR3, 1,000 room: the PR3 chops the red 2 (1 × 4 entries = 4,000, seat 0
    to seat 1); the higher PR3 is an ordinary beat: the chain stays at one link, nothing more moves."""
    r = played(HOUSE, BOMB_WAR, RED_TWO, WAR_PR3, WAR_PR3_HIGH)
    assert [c.index for c in r.trick.chain] == [1]
    assert chop_money(r, HOUSE) == [(0, 1, 4000)]


def test_house_quad_after_a_higher_pr3_is_the_second_link() -> None:
    """2♥ ← PR3 ← higher PR3 ← quad: 4,000 (seat 0 to 1), then the quad's chop is the chain's 2nd
    link, 2 × 4,000 = 8,000, paid by the player of the higher PR3 (seat 2) to seat 3."""
    r = played(HOUSE, BOMB_WAR, RED_TWO, WAR_PR3, WAR_PR3_HIGH, WAR_QUAD)
    assert [(c.index, c.chopped, c.chopper) for c in r.trick.chain] == [(1, 0, 1), (2, 2, 3)]
    assert chop_money(r, HOUSE) == [(0, 1, 4000), (2, 3, 8000)]


def test_house_higher_quad_on_a_quad_is_no_chop_then_pr4_is_the_second_link() -> None:
    """2♥ ← quad ← higher quad ← PR4: 4,000 (seat 0 to 1); the higher quad adds no link; the PR4
    chops it as link 2: 2 × 4,000 = 8,000 from seat 2 to seat 3."""
    r = played(HOUSE, QUAD_WAR, RED_TWO, WAR_QUAD, WAR_QUAD_HIGH)
    assert chop_money(r, HOUSE) == [(0, 1, 4000)]
    r = r.play(WAR_PR4)
    assert chop_money(r, HOUSE) == [(0, 1, 4000), (2, 3, 8000)]


def test_same_class_chops_is_an_axis_not_the_house_name() -> None:
    """House with ``same_class_chops`` on: the 0.1 chain, 4,000, 8,000 (higher PR3 chops the PR3),
    12,000 (the quad's chop is link 3)."""
    chained = attrs.evolve(HOUSE, name="house-chained", same_class_chops=True)
    r = played(chained, BOMB_WAR, RED_TWO, WAR_PR3, WAR_PR3_HIGH, WAR_QUAD)
    assert chop_money(r, chained) == [(0, 1, 4000), (1, 2, 8000), (2, 3, 12000)]


def test_iwin_chat_chong_a_higher_pr3_chops_and_adds_to_the_chain() -> None:
    """iwin, 2♥ ← PR3 ← higher PR3 ← quad: three links; the chain holds 2♥ (1 nhất = 2 bets),
    the PR3 (2 bets) and the higher PR3 (2 bets): 6 bets = 6,000, paid by the last chopped (seat 2)
    to the last chopper (seat 3)."""
    r = played(IWIN, BOMB_WAR, RED_TWO, WAR_PR3, WAR_PR3_HIGH, WAR_QUAD)
    assert [c.index for c in r.trick.chain] == [1, 2, 3]
    assert chop_money(r, IWIN) == [(2, 3, 6000)]


def test_stacked_twos_house_the_chop_collects_both_twos() -> None:
    """2♠ ← 2♥ ← PR3, house with chop_stacked_twos: the PR3 takes 2♠ (2 entries) and 2♥ (4): 6
    entries = 6,000, paid by seat 1 (who laid the last 2) to seat 2. Without the switch: 4,000."""
    stacked = attrs.evolve(HOUSE, name="house-stacked", chop_stacked_twos=True)
    r = played(stacked, STACK, "2♠", "2♥", "5♠ 5♣ 6♠ 6♣ 7♠ 7♣")
    assert chop_money(r, stacked) == [(1, 2, 6000)]
    assert chop_money(r, HOUSE) == [(1, 2, 4000)]


def test_stacked_twos_multiply_the_next_link_pays_twice_the_whole_price() -> None:
    """… then a quad chops the PR3 as link 2: 2 × (2 + 4 entries) = 12,000 from seat 2 to seat 3."""
    stacked = attrs.evolve(HOUSE, name="house-stacked", chop_stacked_twos=True)
    hands = STACK[:3] + ["9♠ 9♣ 9♦ 9♥"]
    r = played(stacked, hands, "2♠", "2♥", "5♠ 5♣ 6♠ 6♣ 7♠ 7♣", "9♠ 9♣ 9♦ 9♥")
    assert chop_money(r, stacked) == [(1, 2, 6000), (2, 3, 12000)]


def test_stacked_twos_accumulate() -> None:
    """iwin (no rake counted here) with the switch: 2♠ (1 bet) + 2♥ (2 bets) = 3,000 from seat 1 to
    seat 2; without it 2,000."""
    stacked = attrs.evolve(IWIN, name="iwin-stacked", chop_stacked_twos=True)
    r = played(stacked, STACK, "2♠", "2♥", "5♠ 5♣ 6♠ 6♣ 7♠ 7♣")
    assert chop_money(r, stacked) == [(1, 2, 3000)]
    assert chop_money(r, IWIN) == [(1, 2, 2000)]


def test_stacked_twos_are_not_counted_twice_where_higher_twos_chop() -> None:
    """northern, 2♠ ← 2♦ (a chop: 2♠ = 1 bet) ← quad (a chop: 2♦ = 3 bets): 4 bets = 4,000 from
    seat 1 to seat 2, with or without the switch (2♠ is in the chain once)."""
    stacked = attrs.evolve(NORTHERN, name="northern-stacked", chop_stacked_twos=True)
    hands = ["2♠ 3♠", "2♦ 3♦", "9♠ 9♣ 9♦ 9♥ 3♥", "8♦ 10♦"]
    r = played(stacked, hands, "2♠", "2♦", "9♠ 9♣ 9♦ 9♥")
    assert chop_money(r, stacked) == chop_money(r, NORTHERN) == [(1, 2, 4000)]


def test_stacked_twos_stop_at_a_play_that_is_no_single_two() -> None:
    """2♠ is led, 2♥ beats it, the PR3 chops: 6 entries. A trick of K♠ ← 2♥ ← PR3 takes 2♥ only."""
    stacked = attrs.evolve(HOUSE, name="house-stacked", chop_stacked_twos=True)
    r = played(stacked, ["K♠ 3♠", "2♥ 3♦", STACK[2], "8♦ 10♦"], "K♠", "2♥", "5♠ 5♣ 6♠ 6♣ 7♠ 7♣")
    assert chop_money(r, stacked) == [(1, 2, 4000)]


def test_bomb_flat_value_prices_every_bomb_alike() -> None:
    """counting, 3 players, 1st seat 0, a 1,000 room. Seat 1 holds a quad of 9s and J♠ (5 cards),
    seat 2 a five-pair run 3-4-5-6-7 (10 cards). By class (PR3 3, quad 4, PR4 5; a PR5 counts as
    the longest valued class, PR4): seat 1 pays 5 + 4 = 9 bets, seat 2 10 + 5 = 15. At one flat
    price of 4 bets: seat 1 5 + 4 = 9, seat 2 10 + 4 = 14; a chopped PR3 costs 4 instead of 3."""
    flat = attrs.evolve(COUNTING, name="counting-flat", bomb_values=(), bomb_flat_value=4)
    done = result(3, (0, 1, 2), hands={1: "9♠ 9♣ 9♦ 9♥ J♠", 2: "3♠ 3♣ 4♠ 4♣ 5♦ 5♥ 6♦ 6♥ 7♦ 7♥"})
    assert settle(done, COUNTING, unit=1000).net == (24000, -9000, -15000)
    assert settle(done, flat, unit=1000).net == (23000, -9000, -14000)
    pr3 = classify("3♠ 3♣ 4♠ 4♣ 5♦ 5♥", flat)
    assert (chop_value(pr3, COUNTING), chop_value(pr3, flat)) == (3, 4)


def test_chop_out_voids_a_multiply_chop_made_with_the_last_cards() -> None:
    """house, 2 players, a 1,000 room: seat 0 leads 2♥ and seat 1 chops it with a PR3 that is all
    its cards. Normally the chop costs seat 0 1 × 4,000 (a red 2) and the placement 4,000: 8,000.
    With chặt và tới the chop moves nothing: 4,000."""
    hands = ["2♥ 6♠", "3♠ 3♣ 4♠ 4♣ 5♦ 5♥"]
    plain = go(Round.from_hands(hands, HOUSE, first_round=False, leader=0), "2♥", "3♠ 3♣ 4♠ 4♣ 5♦ 5♥")
    voids = attrs.evolve(HOUSE, name="house-chat-toi", chop_out_voids=True)
    assert settle(plain.result, HOUSE, unit=1000).net == (-8000, 8000)
    assert settle(plain.result, voids, unit=1000).net == (-4000, 4000)


def test_chop_out_stays_a_link_of_the_chain() -> None:
    """house without freezing, 3 players, chặt và tới on, a 1,000 room. Seat 0 leads 2♥; seat 1 chops with its last
    cards, a PR3 (link 1, void: would be 4,000); seat 2 chops the PR3 with a quad (link 2: 2 × 4,000 =
    8,000, paid by seat 1). Seat 0 passes, seat 2 goes out with 8♠. Placement at 3: seat 0 (3rd)
    pays seat 1 (1st) 4,000, seat 2 (2nd) pays seat 1 2,000. Nets: seat 0 -4,000; seat 1
    -8,000 + 6,000 = -2,000; seat 2 +8,000 - 2,000 = +6,000."""
    rules = attrs.evolve(HOUSE, name="house-chat-toi", chop_out_voids=True, frozen=False)
    hands = ["2♥ 9♠", "3♠ 3♣ 4♠ 4♣ 5♦ 5♥", "6♠ 6♣ 6♦ 6♥ 8♠"]
    r = go(Round.from_hands(hands, rules, first_round=False, leader=0), "2♥", "3♠ 3♣ 4♠ 4♣ 5♦ 5♥", "6♠ 6♣ 6♦ 6♥", "pass", "8♠")
    money = settle(r.result, rules, unit=1000)
    assert moves(money) == [(1, 2, 8000), (0, 1, 4000), (2, 1, 2000)]
    assert money.net == (-4000, -2000, 6000)


def test_chop_out_voids_an_accumulated_chain_whose_last_link_goes_out() -> None:
    """iwin (no rake), 2 players: seat 0 leads 2♥, seat 1 chops with its last cards, a PR3. The chain
    (2♥: 2 bets) would be paid by seat 0; with chặt và tới it is void, and only the placement's
    ván nhất (2 bets) is paid."""
    hands = ["2♥ 6♠", "3♠ 3♣ 4♠ 4♣ 5♦ 5♥"]
    voids = attrs.evolve(NO_RAKE_IWIN, name="iwin-chat-toi", chop_out_voids=True)
    r = go(Round.from_hands(hands, voids, first_round=False, leader=0), "2♥", "3♠ 3♣ 4♠ 4♣ 5♦ 5♥")
    assert moves(settle(r.result, NO_RAKE_IWIN)) == [(0, 1, 2), (0, 1, 2)]
    assert moves(settle(r.result, voids)) == [(0, 1, 2)]


@pytest.mark.parametrize(
    ("reading", "net"),
    [
        # chops: 0 pays 1 4,000 (link 1), 1 pays 0 2 × 4,000 = 8,000 (link 2); places: 1 pays 0 4,000, 3 pays 2 2,000
        ("none", (8000, -8000, 2000, -2000)),
        # link 2 was made with seat 0's last cards: void; link 1 stands
        ("chopper", (0, 0, 2000, -2000)),
        # seat 0, chopped in link 1, went out first: link 1 void; link 2 stands
        ("chopped", (12000, -12000, 2000, -2000)),
        # both links void: only the places are paid
        ("both", (4000, -4000, 2000, -2000)),
    ],
)
def test_chop_out_voids_both_readings_and_the_chopped_player_chopping_back(reading: str, net: tuple[int, ...]) -> None:
    """house, 4 players, a 1,000 room. In trick 1 seat 0 lays 2♥; seat 1 chops it with a PR3 (link 1:
    1 × a red 2's 4 entries = 4,000, paid by seat 0); seat 0 chops the PR3 back with a quad that is
    all its cards (link 2: 2 × 4,000 = 8,000, paid by seat 1) and goes out first. Places 0, 2, 3, 1:
    4th (seat 1) pays 1st (seat 0) 4,000, 3rd (seat 3) pays 2nd (seat 2) 2,000. The nets per reading
    of chặt và tới are written beside each case."""
    events: list[Event] = [
        Chop(
            trick=1, index=1, chopper=1, chopped=0, chopped_combo=classify("2♥", HOUSE), by=classify("3♠ 3♣ 4♠ 4♣ 5♦ 5♥", HOUSE)
        ),
        Chop(
            trick=1,
            index=2,
            chopper=0,
            chopped=1,
            chopped_combo=classify("3♠ 3♣ 4♠ 4♣ 5♦ 5♥", HOUSE),
            by=classify("9♠ 9♣ 9♦ 9♥", HOUSE),
        ),
        Finished(seat=0, place=1, with_two=False),
    ]
    rules = attrs.evolve(HOUSE, name=f"house-{reading}", chop_out_voids=reading)
    assert settle(result(4, (0, 2, 3, 1), events=events), rules, unit=1000).net == net


@pytest.mark.parametrize(
    ("reading", "moved"),
    [
        # the chain is the pair run (3) and the quad (4): seat 2, chopped last, pays 7
        ("none", [(2, 1, 7), (2, 1, 1), (0, 1, 1)]),
        # link 2 was made with seat 1's last cards: the chain's last link is void, nothing is paid
        ("chopper", [(2, 1, 1), (0, 1, 1)]),
        # link 1 chopped seat 1, who went out first: void, and it adds nothing to the chain: 4, the quad alone
        ("chopped", [(2, 1, 4), (2, 1, 1), (0, 1, 1)]),
        ("both", [(2, 1, 1), (0, 1, 1)]),
    ],
)
def test_chat_va_toi_a_void_link_adds_nothing_to_the_accumulated_chain(reading: str, moved: list[tuple[int, int, int]]) -> None:
    """counting (issue 43, RULES.md "Chặt và tới, 'chopped' reading"): seat 1 leads a PR3 (3 bets),
    seat 2 chops it with a quad (4), seat 0 passes, seat 1 chops the quad back with its last cards
    and goes out first. Under the ``chopped`` reading the first link is void and is not carried into
    the chain: seat 2 pays 4, not 7. The card counts (one card each left) are paid as usual."""
    rules = attrs.evolve(COUNTING, name=f"counting-{reading}", chop_out_voids=reading)
    hands = ["9h", "3s 3c 4s 4c 5s 5c Js Jc Jd Jh", "10s 10c 10d 10h 8d"]
    r = go(
        Round.from_hands(hands, rules, first_round=False, leader=1), "3s 3c 4s 4c 5s 5c", "10s 10c 10d 10h", "pass", "Js Jc Jd Jh"
    )
    assert moves(settle(r.result, rules)) == moved


def test_chop_out_voids_reads_the_first_form_of_the_axis() -> None:
    """``true``/``false`` in a rules file (the axis's first form) mean ``chopper``/``none``."""
    assert RuleSet.from_mapping({"from": "house", "name": "x", "chop_out_voids": True}).chop_out_voids == "chopper"
    assert RuleSet.from_mapping({"from": "house", "name": "x", "chop_out_voids": False}).chop_out_voids == "none"
    with pytest.raises(InvalidRules, match="chop_out_voids: 'sometimes' is not allowed"):
        RuleSet.from_mapping({"from": "house", "name": "x", "chop_out_voids": "sometimes"})


def test_chops_are_recorded_with_their_chain_index_and_the_chain_resets_with_the_trick_house() -> None:
    r = Round.from_hands(
        ["2♠ 2♥ 9♥", "3♠ 3♣ 4♠ 4♣ 5♠ 5♣ 10♥", "7♠ 7♣ 7♦ 7♥ J♥ 3♥", "8♠ 8♣ 9♠ 9♣ 10♠ 10♣ Q♥"],
        HOUSE,
        first_round=False,
        leader=0,
    )
    r = go(r, "2♠", "3♠ 3♣ 4♠ 4♣ 5♠ 5♣", "7♠ 7♣ 7♦ 7♥")
    chops = of(r, Chop)
    assert [(c.trick, c.index, c.chopper, c.chopped) for c in chops] == [(1, 1, 1, 0), (1, 2, 2, 1)]
    assert str(chops[0].chopped_combo) == "2♠" and str(chops[1].by) == "7♠ 7♣ 7♦ 7♥"
    assert r.trick.chain == tuple(chops)
    r = go(r, "pass", "pass", "pass")  # seat 3's PR3 cannot chop a quad in house
    assert r.trick.number == 2 and r.trick.chain == () and r.to_act == 2
    r = go(r, "J♥", "Q♥", "2♥", "pass", "pass", "8♠ 8♣ 9♠ 9♣ 10♠ 10♣")
    last = of(r, Chop)[-1]
    assert (last.trick, last.index, last.chopper, last.chopped) == (2, 1, 3, 0)
    assert len(r.trick.chain) == 1


def test_beating_an_ordinary_play_is_no_chop_house() -> None:
    r = Round.from_hands(["3♠ 9♥", "4♠ A♥", "2♦ 8♦", "J♦ Q♦"], HOUSE)
    r = go(r, "3♠", "A♥", "2♦")  # a 2 on an ace is no chop
    assert of(r, Chop) == [] and r.trick.chain == ()


def test_higher_two_on_a_two_is_a_chop_northern() -> None:
    """northern: 2♠ beaten by 2♦ (any suit) is a chop, then a quad chops the 2♦: chain 1, 2."""
    r = Round.from_hands(["2♠ 9♥", "2♦ A♥", "7♠ 7♣ 7♦ 7♥ J♥", "J♦ Q♦"], NORTHERN, first_round=False, leader=0)
    r = go(r, "2♠", "2♦", "7♠ 7♣ 7♦ 7♥")
    chops = of(r, Chop)
    assert [(c.index, c.chopper, c.chopped, str(c.chopped_combo)) for c in chops] == [(1, 1, 0, "2♠"), (2, 2, 1, "2♦")]


def test_higher_two_on_a_two_is_no_chop_house() -> None:
    r = Round.from_hands(["2♠ 9♥", "2♦ A♥", "7♦ J♥", "J♦ Q♦"], HOUSE, first_round=False, leader=0)
    r = go(r, "2♠", "2♦")
    assert of(r, Chop) == []


def test_single_two_on_a_plain_single_is_no_chop_northern() -> None:
    r = Round.from_hands(["A♠ 9♥", "2♦ 3♥", "7♦ J♥", "J♦ Q♦"], NORTHERN, first_round=False, leader=0)
    r = go(r, "A♠", "2♦")
    assert of(r, Chop) == [] and r.trick.last_seat == 1


def test_pair_of_twos_on_a_lower_pair_of_twos_is_a_chop_northern() -> None:
    r = Round.from_hands(["2♠ 2♣ 9♥", "2♦ 2♥ 3♥", "7♦ J♥", "J♦ Q♦"], NORTHERN, first_round=False, leader=0)
    r = go(r, "2♠ 2♣", "2♦ 2♥")
    assert [(c.index, c.chopper) for c in of(r, Chop)] == [(1, 1)]


@pytest.mark.parametrize(
    ("name", "bomb", "chops"),
    [
        ("house", "3♠ 3♣ 4♠ 4♣ 5♠ 5♣", True),
        ("faceoff", "3♠ 3♣ 4♠ 4♣ 5♠ 5♣", True),
        ("iwin", "3♠ 3♣ 4♠ 4♣ 5♠ 5♣", True),
        ("pagat", "3♠ 3♣ 4♠ 4♣ 5♠ 5♣", True),
        ("northern", "7♠ 7♣ 7♦ 7♥", True),
        ("house", "7♠ 7♣ 7♦ 7♥", True),
        ("pagat", "7♠ 7♣ 7♦ 7♥", True),
    ],
)
def test_bomb_on_a_single_two_is_a_chop(name: str, bomb: str, chops: bool) -> None:
    rest = "8♦ 10♥" if "7" not in bomb else "8♦ 10♥ 3♠"
    hands = ["2♠ 9♥", bomb + " J♥", rest, "J♦ Q♦"]
    r = Round.from_hands(hands, PROFILES[name], first_round=False, leader=0)
    r = go(r, "2♠", bomb)
    assert [(c.index, c.chopper, c.chopped) for c in of(r, Chop)] == [(1, 1, 0)]
