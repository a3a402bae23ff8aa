"""Card counting (``scoring = "cards"``, the ``counting`` profile and the card-count axes): the round
ends when the first player goes out, losers pay per card left, how equal counts are placed, what a
hand never played and each 2 cost, and totals over a session. The money of each test is worked out
by hand in its docstring."""

from __future__ import annotations

import attrs
import pytest
from builders import go, moves, result

from tienlen import COUNTING, Match, Round, RuleSet, classify, settle
from tienlen.errors import InvalidRules
from tienlen.game.events import Played
from tienlen.players.agents import RandomAgent, play_round
from tienlen.variants._axes import Thui


def test_counting_round_ends_when_the_first_player_goes_out_and_losers_pay_per_card() -> None:
    """counting, 3 players, a 1,000 room. Seat 0 leads 5♠, both pass, and seat 0 goes out with 6♣:
    the round ends there. Seat 2 holds 3 cards (3♥ 4♦ K♠): 3 × 1,000 = 3,000. Seat 1 holds 4 cards
    (7♠ 8♠ 9♦ 2♥): 4 × 1,000 = 4,000, plus thúi for the 2♥ (2 bets) = 2,000. Seat 0 collects 9,000.
    Fewer cards place higher: seat 2 is 2nd, seat 1 3rd."""
    r = Round.from_hands(["5♠ 6♣", "7♠ 8♠ 9♦ 2♥", "3♥ 4♦ K♠"], COUNTING, first_round=False, leader=0)
    r = go(r, "5♠", "pass", "pass", "6♣")
    assert r.is_over and r.result.placements == (0, 2, 1)
    money = settle(r.result, COUNTING, unit=1000)
    assert moves(money) == [(2, 0, 3000), (1, 0, 4000), (1, 0, 2000)]
    assert money.net == (9000, -6000, -3000)
    assert money.transfers[1].reason == "card count: 4 cards left; 4 × 1,000"


def test_counting_losers_with_equal_counts_are_placed_by_the_lower_card_value() -> None:
    """Seat 0 goes out with its only card. Seats 1 and 2 hold 2 cards each: K♠ A♠ are worth
    41 + 45 = 86, 3♥ 4♥ 4 + 8 = 12, so seat 2 (12) is 2nd and seat 1 (86) 3rd; seat 3 (3 cards) is last."""
    r = go(Round.from_hands(["8♣", "K♠ A♠", "3♥ 4♥", "5♦ 6♦ 7♦"], COUNTING, first_round=False, leader=0), "8♣")
    assert r.result.placements == (0, 2, 1, 3)
    assert settle(r.result, COUNTING).net == (7, -2, -2, -3)


def test_counting_a_hand_never_played_pays_double() -> None:
    """counting, 2 players: seat 0 goes out at once with 3♠. Seat 1 never played and holds all 13
    cards: 13 × 2 (card_all_multiplier) = 26 bets, at 100 a bet 2,600."""
    hand = "4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 4♣ 5♣"
    r = go(Round.from_hands(["3♠", hand], COUNTING, first_round=False, leader=0), "3♠")
    money = settle(r.result, COUNTING, unit=100)
    assert moves(money) == [(1, 0, 2600)]
    assert money.transfers[0].reason == "card count: 13 cards left, all still held: × 2; 26 × 100"


def test_card_two_multiplier_counts_each_2_as_several_cards() -> None:
    """counting with a 2 counting as 2 cards: seat 1 holds 2♠ 2♥ 9♦, three cards of which two are 2s:
    3 + 2 = 5 bets, plus thúi 2♠ 1 + 2♥ 2 = 3 bets; 8 in all."""
    rules = attrs.evolve(COUNTING, name="counting-2s", card_two_multiplier=2)
    r = go(Round.from_hands(["3♠", "2♠ 2♥ 9♦"], rules, first_round=False, leader=0), "3♠")
    assert moves(settle(r.result, rules)) == [(1, 0, 5), (1, 0, 3)]


def test_card_points_session_totals_and_tie_break_by_lower_seat() -> None:
    """counting in points, 3 players, two rounds. Round 1: seat 1 goes out; seats 0 and 2 hold one
    card each: (-1, +2, -1). Round 2: seat 0 goes out; seats 1 and 2 hold one card each: (+2, -1, -1).
    Totals (1, 1, -2): seats 0 and 1 share the win, or under lower_seat seat 0 alone wins."""
    rules = RuleSet.from_mapping({"from": "counting", "name": "c2", "currency": "points", "match_rounds": 2})
    first = result(3, (1, 0, 2), hands={0: "3♠", 2: "4♠"})  # seat 1 out: (-1, +2, -1)
    second = result(3, (0, 2, 1), hands={1: "5♠", 2: "6♠"})  # seat 0 out: (+2, -1, -1)
    shared = Match.start(rules, players=3).record(first).record(second)
    assert shared.totals == (1, 1, -2) and shared.is_over and shared.winners == (0, 1)
    single = Match.start(attrs.evolve(rules, match_ties="lower_seat"), players=3).record(first).record(second)
    assert single.winners == (0,)


def test_session_of_16_rounds_by_card_points() -> None:
    rules = RuleSet.from_mapping({"from": "counting", "name": "c16", "currency": "points", "match_rounds": 16})
    match = Match.start(rules, players=4)
    for seed in range(16):
        agents = [RandomAgent(seed + s) for s in range(4)]
        match = match.record(play_round(rules, agents, seed=seed, first_round=seed == 0, leader=match.leader).result)
    assert match.is_over and sum(match.totals) == 0 and all(s.transfers == () for s in match.settlements)


@pytest.mark.parametrize(("players", "frozen_cost"), [(2, 26), (3, 39), (4, 52)])
def test_card_count_never_played_hand_priced_per_table_size(players: int, frozen_cost: int) -> None:
    """counting with a never-played hand costing 2, 3 and 4 times its count at 2, 3 and 4 players, a
    1,000 room. Seat 0 goes out; seat 1 never played and holds 13 cards: 13 × 2 = 26, 13 × 3 = 39 or
    13 × 4 = 52 bets (26,000, 39,000, 52,000); any other seat played and holds 2 cards (3♠ 4♠): 2 bets."""
    rules = RuleSet.from_mapping(
        {"from": "counting", "name": "counting-per-size", "card_all_multiplier": {"2": 2, "3": 3, "4": 4}}
    )
    assert rules.card_all_multiplier == ((2, 2), (3, 3), (4, 4))
    thirteen = "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ 2♥"
    hands = {1: thirteen} | {seat: "3♠ 4♠" for seat in range(2, players)}
    played = [Played(seat=seat, combo=classify("5♠", rules), out_of_turn=False) for seat in range(2, players)]
    money = settle(result(players, tuple(range(players)), hands=hands, events=played), rules, unit=1000)
    assert moves(money)[0] == (1, 0, frozen_cost * 1000)
    assert money.net[1] == -(frozen_cost + 2) * 1000  # the 2♥ is also thúi: 2 bets
    assert RuleSet.from_toml(rules.to_toml()) == rules == RuleSet.from_json(rules.to_json())
    with pytest.raises(InvalidRules, match="card_all_multiplier: 0 at 3 players must be at least 1"):
        RuleSet.from_mapping({"from": "counting", "name": "x", "card_all_multiplier": {"2": 2, "3": 0, "4": 4}})


@pytest.mark.parametrize(
    ("thui", "net"),
    [
        # every loser pays their cards and their 2s (2♥ 2, 2♠ 1, 2♦ 2 bets) to the winner
        ("winner", (15000, -4000, -4000, -7000)),
        # only the last place (seat 3, five cards) pays thúi: 2♦, 2 bets
        ("last", (12000, -2000, -3000, -7000)),
    ],
)
def test_card_count_thui_paid_only_by_the_last_place(thui: Thui, net: tuple[int, ...]) -> None:
    """counting, 4 players, a 1,000 room. Seat 0 went out; seat 1 holds 3♠ 2♥ (2 cards), seat 2
    4♠ 5♠ 2♠ (3 cards), seat 3 6♠ 7♠ 8♠ 9♦ 2♦ (5 cards), placed by their counts. Card counts: 2, 3
    and 5 bets. Thúi (2♠ 1 bet, 2♥ and 2♦ 2 bets each) as the axis says; the nets are beside each case."""
    rules = attrs.evolve(COUNTING, name=f"counting-thui-{thui}", thui=thui)
    hands = {1: "3♠ 2♥", 2: "4♠ 5♠ 2♠", 3: "6♠ 7♠ 8♠ 9♦ 2♦"}
    assert settle(result(4, (0, 1, 2, 3), hands=hands), rules, unit=1000).net == net
