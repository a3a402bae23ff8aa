"""Issue 10's money rules: the three money fixes, the renamed unit, and the new axes (card-count
scoring, sessions, thúi on instant wins, chặt và tới, amounts per player count), each on a round
whose money is worked out by hand in the test's docstring."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings

import attrs
import pytest
from builders import NO_RAKE_IWIN, go, moves, result
from hypothesis import HealthCheck, given, settings, strategies as st

from tienlen import COUNTING, HOUSE, IWIN, NORTHERN, PROFILES, Match, Round, RuleSet, classify, compare, next_leader, settle
from tienlen.agents import RandomAgent, play_round
from tienlen.compare import compare_round
from tienlen.env import TienLenEnv
from tienlen.errors import InvalidArgument, InvalidRules
from tienlen.events import Chop, Finished, Played
from tienlen.rules import AXES, PER_PLAYERS
from tienlen.settle import _last_placed, chop_value, stake_for, unit_for
from tienlen.simulate import simulate
from tienlen.strategies import rule_sets

MONEY_AXES = {
    "instant_win_thui": False,
    "instant_win_thui_by": "every",
    "bomb_flat_value": None,
    "chop_out_voids": "none",
    "scoring": "places",
    "card_price": 1,
    "card_two_multiplier": 1,
    "card_all_multiplier": 1,
    "match_ties": "share",
}


# ================================================================================ fix 2: đền bài


@pytest.mark.parametrize(
    ("players", "frozen", "den_bai", "expected"),
    [
        # 4 players, three frozen, seat 2 passed holding a play: seat 2 pays all three cóng (4 bets each)
        (4, (1, 2, 3), 2, [(2, 0, 4), (2, 0, 4), (2, 0, 4)]),
        # 3 players, both others frozen: each pays their own 2 ván nhất (4 bets); nobody pays for another
        (3, (1, 2), 2, [(1, 0, 4), (2, 0, 4)]),
        # 2 players: the same, the frozen player pays their own 4 bets
        (2, (1,), 1, [(1, 0, 4)]),
    ],
)
def test_iwin_den_bai_only_when_three_players_are_frozen(
    players: int, frozen: tuple[int, ...], den_bai: int, expected: list[tuple[int, int, int]]
) -> None:
    done = result(players, tuple(range(players)), frozen=frozen, den_bai=den_bai)
    assert moves(settle(done, NO_RAKE_IWIN, unit=1)) == expected
    assert next_leader(done, IWIN) == (den_bai if players == 4 else 0)


def test_iwin_three_players_both_frozen_from_play_name_no_den_bai_and_pay_their_own() -> None:
    """Seat 0 leads 2♦, both others pass, seat 0 goes out with 2♥. Both are frozen and each pays their
    own: seat 1 2 ván nhất = 4 bets; seat 2 4 bets plus its PR3 9-10-J (1 nhất, 2 bets) = 6 bets. At
    100 a bet 400 and 600; seat 0 collects 1,000 and leads the next round."""
    r = Round.from_hands(["2♦ 2♥", "5♠ 6♠ 7♠", "9♠ 9♣ 10♠ 10♣ J♠ J♣"], NO_RAKE_IWIN, first_round=False, leader=0)
    r = go(r, "2♦", "pass", "pass", "2♥")
    money = settle(r.result, NO_RAKE_IWIN, unit=100)
    assert r.result.den_bai is None and moves(money) == [(1, 0, 400), (2, 0, 600)]
    assert money.net == (1000, -400, -600) and next_leader(r.result, NO_RAKE_IWIN) == 0


# ================================================================================ fix 3: northern forfeits


def northern_four(*steps: str) -> Round:
    hands = ["3♠", "4♠ 5♠", "2♥ 9♦", "6♠ 7♠"]
    return go(Round.from_hands(hands, NORTHERN, first_round=False, leader=0), *steps)


@pytest.mark.parametrize(
    ("steps", "expected"),
    [
        # seat 2 leaves before anyone is out: last place, 3 bets to the winner instead of placement,
        # and thúi on the 2♥ taken away, 4 bets (leaving never pays). Then seat 0 (3♠) is 1st,
        # seat 3 2nd, seat 1 3rd.
        (("x2", "3♠", "4♠", "6♠", "pass", "7♠"), [(3, 0, 1), (1, 0, 2), (2, 0, 3), (2, 0, 4)]),
        # seat 2 leaves after seat 0 went out: the lowest open place (4th) pays as 4th, 3 bets,
        # plus thúi for the 2♥ held, 4 bets: 7 in all
        (("3♠", "x2", "4♠", "6♠", "pass", "7♠"), [(3, 0, 1), (1, 0, 2), (2, 0, 3), (2, 0, 4)]),
    ],
    ids=["before anyone is out", "after the winner is out"],
)
def test_northern_forfeit_penalty_only_before_anyone_has_gone_out(
    steps: tuple[str, ...], expected: list[tuple[int, int, int]]
) -> None:
    r = northern_four(*steps)
    assert r.result.placements == (0, 3, 1, 2)
    assert moves(settle(r.result, NORTHERN, unit=1)) == expected


def test_northern_late_forfeiter_takes_the_lowest_open_place() -> None:
    """Seat 1 leaves first (before anyone is out) and takes 4th; seat 0 goes out; seat 2 then leaves
    and takes 3rd, the lowest place still open: 3rd pays 2 bets, plus thúi 2♥ 4 bets; seat 1 pays the
    3-bet penalty; seat 3 is 2nd and pays 1 bet."""
    r = northern_four("x1", "3♠", "x2")
    assert r.result.placements == (0, 3, 2, 1)
    assert moves(settle(r.result, NORTHERN, unit=1)) == [(3, 0, 1), (2, 0, 2), (1, 0, 3), (2, 0, 4)]


# ================================================================================ fix 4: the unit


def test_settle_stake_keyword_still_works_with_a_deprecation_warning() -> None:
    done = result(4, (0, 1, 2, 3))
    with pytest.warns(DeprecationWarning, match=r"settle\(stake=...\) is deprecated and goes in 0.3.0; use unit="):
        old = settle(done, HOUSE, stake=1000)
    assert old == settle(done, HOUSE, unit=1000)
    assert old.net == (4000, 2000, -2000, -4000)  # 4th pays 1st one table stake (4 entries of 1,000)


def test_settle_refuses_unit_and_stake_together() -> None:
    with pytest.raises(InvalidArgument, match="settle: give unit= only"):
        settle(result(4, (0, 1, 2, 3)), HOUSE, unit=1000, stake=1000)


def test_every_caller_takes_unit_and_warns_on_stake() -> None:
    round_ = play_round(HOUSE, [RandomAgent(seed) for seed in range(4)], seed=3)
    with pytest.warns(DeprecationWarning, match="Match.start"):
        assert Match.start(HOUSE, stake=1000).unit == 1000
    with pytest.warns(DeprecationWarning, match="TienLenEnv"):
        assert TienLenEnv(HOUSE, stake=1000).unit == 1000
    with pytest.warns(DeprecationWarning, match="compare_round"):
        assert compare_round(round_, [HOUSE], stake=1000) == compare_round(round_, [HOUSE], unit=1000)
    with pytest.warns(DeprecationWarning, match="simulate"):
        assert simulate([HOUSE], rounds=2, stake=10) == simulate([HOUSE], rounds=2, unit=10)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        Match.start(HOUSE, unit=1000)


def test_stake_for_is_the_deprecated_name_of_unit_for() -> None:
    with pytest.warns(DeprecationWarning, match="stake_for is deprecated and goes in 0.3.0; use unit_for"):
        assert stake_for(HOUSE, 1000) == unit_for(HOUSE, 1000) == 1000
    assert unit_for(PROFILES["faceoff"], 1000) == 1


def test_cli_stake_option_is_deprecated_but_works() -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "tienlen", "play", "--seed", "2", *args], capture_output=True, text=True, check=True
        )

    old, new = run("--stake", "500"), run("--unit", "500")
    assert old.stdout == new.stdout and "4th pays 1st" in new.stdout
    assert "--stake is deprecated and goes in 0.3.0; use --unit" in old.stderr and new.stderr == ""


# ================================================================================ card-count scoring


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


# ================================================================================ thúi on an instant win


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


# ================================================================================ card counts with cóng


def test_den_bai_under_card_count_scoring_makes_the_passer_pay_all_three_counts() -> None:
    """counting with đền bài, 4 players, a 1,000 room. Seat 0 leads 3♠; seat 1 passes holding
    4♣ (a play), seats 2 and 3 pass; seat 0 leads 5♠, its last card, and the round ends. Seats 1, 2
    and 3 never played, so all three are frozen, and seat 1 passed holding a play: đền bài. What
    they owe: seat 1 3 cards (3,000), seat 2 2 cards (2,000), seat 3 1 card (1,000) plus thúi for
    its 2♥ (2 bets, 2,000). Seat 1 pays all of it: 8,000; plain counting has each pay their own."""
    rules = attrs.evolve(COUNTING, name="counting-den-bai", den_bai=True)
    hands = ["3♠ 5♠", "4♣ 9♦ 9♥", "6♦ 7♦", "2♥"]
    done = go(Round.from_hands(hands, rules, first_round=False, leader=0), "3♠", "pass", "pass", "pass", "5♠")
    assert done.result.frozen == (1, 2, 3) and done.result.den_bai == 1
    money = settle(done.result, rules, unit=1000)
    assert moves(money) == [(1, 0, 3000), (1, 0, 2000), (1, 0, 1000), (1, 0, 2000)]
    assert money.net == (8000, -8000, 0, 0)
    assert money.transfers[1].reason.startswith("đền bài: passed holding a play, pays seat 2's card count")
    plain = go(Round.from_hands(hands, COUNTING, first_round=False, leader=0), "3♠", "pass", "pass", "pass", "5♠")
    assert plain.result.frozen == () and settle(plain.result, COUNTING, unit=1000).net == (8000, -3000, -2000, -3000)


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


# ================================================================================ chặt và tới


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
    events = [
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


def test_chop_out_voids_reads_the_first_form_of_the_axis() -> None:
    """``true``/``false`` in a rules file (the axis's first form) mean ``chopper``/``none``."""
    assert RuleSet.from_mapping({"from": "house", "name": "x", "chop_out_voids": True}).chop_out_voids == "chopper"
    assert RuleSet.from_mapping({"from": "house", "name": "x", "chop_out_voids": False}).chop_out_voids == "none"
    with pytest.raises(InvalidRules, match="chop_out_voids: 'sometimes' is not allowed"):
        RuleSet.from_mapping({"from": "house", "name": "x", "chop_out_voids": "sometimes"})


# ================================================================================ amounts per player count


def test_amounts_per_player_count() -> None:
    """house with a freeze priced 8, 10 and 12 entries at 2, 3 and 4 players: at 3 players the frozen
    seat 2 (holding nothing of value) pays 10 entries, and the placement still applies to the others
    (2nd pays 1st 2 entries); in a 1,000 room 10,000 and 2,000."""
    rules = RuleSet.from_mapping({"from": "house", "name": "house-scaled", "frozen_penalty": {"2": 8, "3": 10, "4": 12}})
    assert rules.frozen_penalty == ((2, 8), (3, 10), (4, 12)) and rules.amount("frozen_penalty", 4) == 12
    money = settle(result(3, (0, 1, 2), frozen=(2,)), rules, unit=1000)
    assert moves(money) == [(1, 0, 2000), (2, 0, 10000)]


# ================================================================================ the axes as data


def test_amount_names_the_amount_axes() -> None:
    with pytest.raises(InvalidArgument, match="'straight_min' is not an amount axis; use one of instant_win_payment"):
        HOUSE.amount("straight_min", 4)


def test_the_five_profiles_keep_the_new_axes_at_their_defaults() -> None:
    for name in ("house", "faceoff", "northern", "iwin", "pagat"):
        assert {axis: getattr(PROFILES[name], axis) for axis in MONEY_AXES} == MONEY_AXES


def test_new_axes_are_described_once_and_round_trip() -> None:
    assert set(MONEY_AXES) <= set(AXES) and set(PER_PLAYERS) <= set(AXES)
    mine = RuleSet.from_mapping(
        {
            "from": "counting",
            "name": "everything",
            "card_price": {"2": 2, "3": 1, "4": 1},
            "card_two_multiplier": 2,
            "instant_win_thui": True,
            "instant_win_thui_by": "last",
            "den_bai": True,
            "bomb_values": {},
            "bomb_flat_value": 4,
            "chop_out_voids": True,
            "forfeit_penalty": {"2": 13, "3": 13, "4": 13},
            "match_rounds": 32,
            "match_ties": "lower_seat",
        }
    )
    assert RuleSet.from_toml(mine.to_toml()) == mine
    assert RuleSet.from_json(mine.to_json()) == mine
    assert json.loads(mine.to_json())["card_price"] == {"2": 2, "3": 1, "4": 1}


def test_compare_shows_the_new_axes() -> None:
    rows = {row.axis: row for row in compare(HOUSE, COUNTING).rows}
    assert {"scoring", "card_all_multiplier", "frozen"} <= set(rows)
    scaled = attrs.evolve(COUNTING, name="scaled", instant_win_payment=((2, 26), (3, 39), (4, 52)))
    assert compare(COUNTING, scaled).table().splitlines()[-1].split() == [
        "instant_win_payment",
        "26",
        "2p:",
        "26;",
        "3p:",
        "39;",
        "4p:",
        "52",
    ]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"from": "counting", "frozen": True}, "frozen: card-count scoring ends the round when the first player goes out"),
        ({"from": "counting", "card_price": 0}, "card_price: card-count scoring needs a price of at least 1"),
        ({"from": "counting", "card_all_multiplier": 0}, "card_all_multiplier: 0 at 2 players must be at least 1"),
        ({"from": "counting", "card_two_multiplier": "2"}, "card_two_multiplier: expected a whole number"),
        ({"from": "counting", "scoring": "tricks"}, "scoring: 'tricks' is not allowed; use one of 'places', 'cards'"),
        ({"from": "house", "match_ties": "dealer"}, "match_ties: 'dealer' is not allowed"),
        ({"from": "northern", "instant_win_thui": True}, "instant_win_thui: there are no instant_wins to charge it on"),
        ({"from": "counting", "bomb_flat_value": 4}, "bomb_flat_value: every bomb already has the one flat price"),
        ({"from": "counting", "bomb_values": {}, "bomb_flat_value": -1}, "bomb_flat_value: amounts cannot be negative"),
        ({"from": "northern", "den_bai": True}, "den_bai: needs frozen = true, or card-count scoring"),
        ({"from": "house", "instant_win_thui_by": "last"}, "instant_win_thui_by: there is no thúi on an instant win"),
        ({"from": "house", "instant_win_thui": True, "instant_win_thui_by": "all"}, "instant_win_thui_by: 'all' is not allowed"),
        ({"from": "pagat", "chop_out_voids": True}, "chop_out_voids: chops move no money here"),
        (
            {"from": "house", "frozen_penalty": {"3": 10, "4": 12}},
            "frozen_penalty: give one amount for each player count from 2 to 4",
        ),
        ({"from": "house", "frozen_penalty": {"2": 8, "3": -1, "4": 12}}, "frozen_penalty: amounts cannot be negative"),
        ({"from": "house", "frozen_penalty": {"two": 8}}, "frozen_penalty: a player count must be a whole number"),
        ({"from": "house", "frozen_penalty": [8, 10]}, "frozen_penalty: expected a whole number, or a table of player counts"),
        ({"from": "iwin", "max_players": 3}, "den_bai: needs max_players = 4"),
    ],
)
def test_contradictory_new_axes_are_refused_naming_the_field(change: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidRules, match=message.replace("(", r"\(").replace(")", r"\)")):
        RuleSet.from_mapping({"name": "x", **change})


# ================================================================================ random rule sets


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rule_sets(), st.data())
def test_random_rounds_under_drawn_rule_sets_end_conserve_cards_and_balance(rules: RuleSet, data: st.DataObject) -> None:
    """Any rule set drawn over all the axes: a round of random play ends, every card is either held
    or played, and the money balances to zero including the house."""
    players = data.draw(st.integers(rules.min_players, rules.max_players))
    seed = data.draw(st.integers(0, 2**32))
    round_ = play_round(rules, [RandomAgent(seed + s) for s in range(players)], seed=seed)
    assert round_.is_over
    assert sum(len(hand) for hand in round_.hands) + len(round_.played) == rules.cards_dealt(players)
    balances = data.draw(st.none() | st.just([50] * players))
    money = settle(round_.result, rules, unit=1 if rules.currency == "points" else 10, balances=balances)
    assert all(t.amount > 0 for t in money.transfers)
    if rules.currency != "points":
        assert sum(money.net) + money.house == 0
    if rules.scoring == "cards" and round_.finished:
        assert len(round_.finished) == 1


# ================================================================================ one word, one meaning


def test_currency_is_the_kind_and_unit_the_worth_everywhere() -> None:
    """The kind of amounts is ``currency`` and the worth of one unit ``unit``, in the rule set, the
    settlement and its wire document; the 0.1 names still read, with a DeprecationWarning."""
    money = settle(result(2, (0, 1)), HOUSE, unit=1000)
    assert (money.currency, money.unit) == ("chips", 1000)
    document = money.to_dict()
    assert (document["currency"], document["unit"]) == ("chips", 1000) and "stake" not in document
    assert HOUSE.currency == "chips" and "currency" in HOUSE.to_mapping() and "unit" not in HOUSE.to_mapping()
    with pytest.warns(DeprecationWarning, match=r"Settlement.stake is deprecated; use Settlement.unit \(removed in 0.3\)"):
        assert money.stake == 1000
    with pytest.warns(DeprecationWarning, match=r"RuleSet.unit is deprecated; use RuleSet.currency"):
        assert HOUSE.unit == "chips"
    with pytest.warns(DeprecationWarning, match='the rules axis "unit" is now "currency"'):
        old = RuleSet.from_mapping({"from": "counting", "name": "old", "unit": "points"})
    assert old.currency == "points"
    with pytest.warns(DeprecationWarning), pytest.raises(InvalidRules, match="unit: give currency only"):
        RuleSet.from_mapping({"from": "counting", "name": "both", "unit": "points", "currency": "points"})
    with pytest.warns(DeprecationWarning, match="tienlen.rules.Unit is deprecated"):
        from tienlen.rules import Unit  # noqa: F401
    stats = simulate([HOUSE], rounds=1, seed=0)[0]
    with pytest.warns(DeprecationWarning, match="ProfileStats.unit is deprecated"):
        assert stats.unit == stats.currency == "chips"


# ================================================================================ two bombs: shared cards

LOSER = "3♦ 4♦ 8♦ 9♦ 10♠ J♠ Q♠ K♠ A♦ 2♠ 10♦ J♣ 2♦"  # pairs of 10s, Js and 2s: no bomb


@pytest.mark.parametrize(
    ("hand", "reading", "won"),
    [
        ("5♠ 5♣ 5♦ 5♥ 6♠ 6♣ 7♠ 7♣ 9♠ J♦ Q♣ K♥ A♠", "apart", False),  # quad, or 55 66 77: one at a time
        ("5♠ 5♣ 5♦ 5♥ 6♠ 6♣ 7♠ 7♣ 9♠ J♦ Q♣ K♥ A♠", "whole_runs", False),
        ("5♠ 5♣ 5♦ 5♥ 6♠ 6♣ 7♠ 7♣ 9♠ J♦ Q♣ K♥ A♠", "shared", True),  # the quad and 55 66 77 share two 5s
        ("3♠ 3♣ 4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♥", "apart", True),  # a six-pair run cut into two PR3s
        ("3♠ 3♣ 4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♥", "whole_runs", False),  # one run, one bomb
        ("3♠ 3♣ 4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♥", "shared", False),
    ],
)
def test_two_bombs_instant_win_counts_bombs_as_the_axis_says(hand: str, reading: str, won: bool) -> None:
    """house with only the two-bombs instant win, 2 players, a 1,000 room. Seat 0 is dealt the hand;
    where it counts as two bombs it wins at once and seat 1 pays 2 table stakes, 2 × 4 × 1,000 =
    8,000; where it does not, the round is played and nothing is paid at the deal."""
    rules = attrs.evolve(HOUSE, name=f"house-two-bombs-{reading}", instant_wins=("two_bombs",), two_bombs_cards=reading)
    round_ = Round.from_hands([hand, LOSER], rules, first_round=False)
    assert bool(round_.instant_winners) == won
    if won:
        assert settle(round_.result, rules, unit=1000).net == (8000, -8000)


# ================================================================================ cóng priced per table size


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
def test_card_count_thui_paid_only_by_the_last_place(thui: str, net: tuple[int, ...]) -> None:
    """counting, 4 players, a 1,000 room. Seat 0 went out; seat 1 holds 3♠ 2♥ (2 cards), seat 2
    4♠ 5♠ 2♠ (3 cards), seat 3 6♠ 7♠ 8♠ 9♦ 2♦ (5 cards), placed by their counts. Card counts: 2, 3
    and 5 bets. Thúi (2♠ 1 bet, 2♥ and 2♦ 2 bets each) as the axis says; the nets are beside each case."""
    rules = attrs.evolve(COUNTING, name=f"counting-thui-{thui}", thui=thui)
    hands = {1: "3♠ 2♥", 2: "4♠ 5♠ 2♠", 3: "6♠ 7♠ 8♠ 9♦ 2♦"}
    assert settle(result(4, (0, 1, 2, 3), hands=hands), rules, unit=1000).net == net
