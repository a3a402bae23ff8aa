"""Instant wins (RULES.md, "Money and points"): who collects what, how several winners share, and the
profiles without instant wins."""

from __future__ import annotations

import attrs
import pytest
from builders import (
    DRAGON,
    NO_BOMBS,
    NO_RAKE_IWIN,
    moves,
    refused,
    result,
    with_others,
)

from tienlen import (
    HOUSE,
    INSTANT_WIN_PATTERNS,
    IWIN,
    NORTHERN,
    PROFILES,
    InstantWin,
    InstantWinRule,
    Round,
    RuleSet,
    instant_win_pattern,
    settle,
)
from tienlen.variants._axes import Rounds, TwoBombsCards


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


OVERLAPS = {
    # hand: every pattern it shows (house bombs: a quad and a PR3 are bombs)
    "3♠ 3♣ 3♦ 3♥ 5♠ 5♣ 5♦ 5♥ 9♠ 9♣ 9♦ 9♥ K♠": {"three_quads", "three_triples", "four_threes", "six_pairs", "two_bombs"},
    "4♠ 4♣ 4♦ 7♠ 7♣ 7♦ 10♠ 10♣ 10♦ Q♠ Q♣ Q♦ A♥": {"four_triples", "three_triples"},
    "3♠ 3♣ 5♠ 5♣ 7♦ 7♥ 9♠ 9♣ J♦ J♥ K♠ K♣ K♦": {"five_pairs_and_triple", "six_pairs"},
    "5♠ 5♣ 6♠ 6♣ 7♦ 7♥ 8♠ 8♣ 9♦ 9♥ K♠ K♣ K♦": {"five_consecutive_pairs_and_triple", "five_pairs_and_triple", "pr5", "six_pairs"},
    "3♠ 4♣ 5♠ 6♣ 7♠ 8♣ 9♠ 10♣ J♠ Q♣ K♠ A♣ 2♠": {"one_colour", "dragon", "dragon_to_two"},
    "6♠ 6♣ 6♦ 7♠ 7♣ 7♦ 8♠ 8♣ 8♦ 3♥ 10♥ Q♥ 2♦": {"three_consecutive_triples", "three_triples"},
    "3♠ 3♣ 3♦ 3♥ 9♠ 9♣ 10♦ 10♥ J♠ J♣ 5♦ 7♥ K♣": {"two_bombs", "four_threes"},
    "4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣ 2♦": {"pr5", "pr6", "six_pairs", "two_bombs"},
    "3♠ 3♣ 4♠ 4♦ 5♥ 5♣ 8♠ 10♦ J♥ Q♠ K♣ A♦ 7♥": {"pr3_with_three_spades"},
}


def only(pattern: str, rounds: Rounds = "any", base: RuleSet = HOUSE) -> RuleSet:
    return attrs.evolve(base, name=f"only-{pattern}", instant_wins=(InstantWinRule(pattern=pattern, rounds=rounds),))


@pytest.mark.parametrize("hand", OVERLAPS)
def test_each_pattern_on_hands_where_patterns_overlap(hand: str) -> None:
    """Each pattern checked alone on hands showing several: three quads are also three triples, six
    pairs (a quad is two pairs) and two bombs; five consecutive pairs and a triple are also five pairs
    and a triple, a PR5 and six pairs; a one-colour 3-to-2 run is also both dragons; a PR6 is two
    PR3 bombs."""
    shown = {p for p in INSTANT_WIN_PATTERNS if instant_win_pattern(hand, only(p)) == p}
    assert shown == OVERLAPS[hand]


def test_the_first_listed_pattern_is_reported() -> None:
    hand = "3♠ 3♣ 3♦ 3♥ 5♠ 5♣ 5♦ 5♥ 9♠ 9♣ 9♦ 9♥ K♠"
    assert (
        instant_win_pattern(hand, attrs.evolve(HOUSE, name="bombs-first", instant_wins=("two_bombs", "three_quads")))
        == "two_bombs"
    )
    assert (
        instant_win_pattern(hand, attrs.evolve(HOUSE, name="quads-first", instant_wins=("three_quads", "two_bombs")))
        == "three_quads"
    )


def test_two_bombs_reads_the_bomb_table() -> None:
    """A quad and a PR3: two bombs under house; under northern (only quads are bombs) one."""
    hand = "3♠ 3♣ 3♦ 3♥ 9♠ 9♣ 10♦ 10♥ J♠ J♣ 5♦ 7♥ K♣"
    assert instant_win_pattern(hand, only("two_bombs", base=NORTHERN)) is None
    assert instant_win_pattern("3♠ 3♣ 3♦ 3♥ 9♠ 9♣ 9♦ 9♥ 5♦", only("two_bombs", base=NORTHERN)) == "two_bombs"


def test_one_colour_needs_thirteen_cards() -> None:
    assert instant_win_pattern("3♠ 4♣ 5♠", only("one_colour")) is None


@pytest.mark.parametrize(("rounds", "first", "later"), [("any", True, True), ("first", True, False), ("later", False, True)])
def test_a_pattern_counts_in_the_rounds_it_names(rounds: Rounds, first: bool, later: bool) -> None:
    """Four triples limited to the first round, to later rounds, or any: a dealt four-triples hand
    ends the round at once exactly where it counts."""
    rules = only("four_triples", rounds)
    hands = ["4♠ 4♣ 4♦ 7♠ 7♣ 7♦ 10♠ 10♣ 10♦ Q♠ Q♣ Q♦ A♥", "3♠ 5♦"]
    assert Round.from_hands(hands, rules, first_round=True).is_over is first
    assert Round.from_hands(hands, rules, first_round=False, leader=0).is_over is later


def test_instant_win_pays_as_before() -> None:
    """house, four-handed instant win by three quads, 1,000 room: each other player pays 2 stakes,
    8 entries = 8,000, so the winner collects 24,000."""
    rules = attrs.evolve(HOUSE, name="house-three-quads", instant_wins=("three_quads",))
    r = Round.from_hands(["3♠ 3♣ 3♦ 3♥ 5♠ 5♣ 5♦ 5♥ 9♠ 9♣ 9♦ 9♥ K♠", "4♦ 6♦", "7♦ 8♦", "10♦ J♦"], rules)
    assert settle(r.result, rules, unit=1000).net == (24000, -8000, -8000, -8000)


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
def test_two_bombs_instant_win_counts_bombs_as_the_axis_says(hand: str, reading: TwoBombsCards, won: bool) -> None:
    """house with only the two-bombs instant win, 2 players, a 1,000 room. Seat 0 is dealt the hand;
    where it counts as two bombs it wins at once and seat 1 pays 2 table stakes, 2 × 4 × 1,000 =
    8,000; where it does not, the round is played and nothing is paid at the deal."""
    rules = attrs.evolve(HOUSE, name=f"house-two-bombs-{reading}", instant_wins=("two_bombs",), two_bombs_cards=reading)
    round_ = Round.from_hands([hand, LOSER], rules, first_round=False)
    assert bool(round_.instant_winners) == won
    if won:
        assert settle(round_.result, rules, unit=1000).net == (8000, -8000)


FOUR_TWOS = "2♠ 2♣ 2♦ 2♥ 3♣ 4♦ 5♥ 7♠ 8♣ 9♦ J♥ Q♠ K♣"


SIX_PAIRS = "3♣ 3♦ 5♠ 5♥ 7♣ 7♦ 9♠ 9♥ J♣ J♦ K♠ K♥ A♣"


SIX_PAIRS_WITH_QUAD = "3♣ 3♦ 5♠ 5♣ 5♦ 5♥ 7♣ 7♦ 9♠ 9♥ J♣ J♦ A♣"


PR5 = "4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 10♦ Q♥ 2♣"


PR6 = "4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣ 2♣"


DRAGON_TO_TWO = "3♣ 4♦ 5♥ 6♠ 7♣ 8♦ 9♥ 10♠ J♣ Q♦ K♥ A♠ 2♣"


PR3_WITH_THREE_SPADES = "3♠ 3♣ 4♠ 4♦ 5♥ 5♣ 8♠ 10♦ J♥ Q♠ K♣ A♦ 7♥"


FOUR_THREES = "3♠ 3♣ 3♦ 3♥ 5♠ 7♣ 8♦ 10♥ J♠ Q♣ K♦ A♥ 2♠"


PATTERNS = {
    "four_twos": FOUR_TWOS,
    "six_pairs": SIX_PAIRS,
    "pr5": PR5,
    "pr6": PR6,
    "dragon": DRAGON,
    "dragon_to_two": DRAGON_TO_TWO,
    "pr3_with_three_spades": PR3_WITH_THREE_SPADES,
    "four_threes": FOUR_THREES,
}


INSTANT_WIN_CASES = [
    ("house", "four_twos"),
    ("house", "six_pairs"),
    ("house", "pr5"),
    ("house", "dragon"),
    ("faceoff", "dragon"),
    ("faceoff", "four_twos"),
    ("faceoff", "six_pairs"),
    ("iwin", "dragon_to_two"),
    ("iwin", "pr5"),
    ("iwin", "pr6"),
    ("iwin", "six_pairs"),
    ("iwin", "four_twos"),
    ("iwin", "pr3_with_three_spades"),
    ("iwin", "four_threes"),
]


@pytest.mark.parametrize(("name", "pattern"), INSTANT_WIN_CASES, ids=[f"{n}-{p}" for n, p in INSTANT_WIN_CASES])
def test_instant_win_pattern(name: str, pattern: str) -> None:
    rules = PROFILES[name]
    r = Round.from_hands(with_others(PATTERNS[pattern]), rules)
    assert r.is_over and r.to_act is None and r.legal_actions() == ()
    assert r.instant_winners == (InstantWin(seat=1, pattern=pattern),)
    res = r.result
    assert res.winners == (1,) and res.placements == () and res.instant_winners == r.instant_winners
    assert instant_win_pattern(PATTERNS[pattern], rules, first_round=True) == pattern
    refused(r, lambda x: x.play("3♠"), "the round is over")


def test_six_pairs_counts_a_quad_as_two_pairs() -> None:
    for name in ("house", "faceoff", "iwin"):
        assert instant_win_pattern(SIX_PAIRS_WITH_QUAD, PROFILES[name]) == "six_pairs"


@pytest.mark.parametrize("pattern", ["pr3_with_three_spades", "four_threes"])
def test_first_round_instant_wins_not_in_later_rounds_iwin(pattern: str) -> None:
    r = Round.from_hands(with_others(PATTERNS[pattern]), IWIN, first_round=False, leader=0)
    assert not r.is_over and r.instant_winners == ()


def test_first_round_pr3_needs_the_three_spades_iwin() -> None:
    no_spade = "3♥ 3♣ 4♠ 4♦ 5♥ 5♣ 8♠ 10♦ J♥ Q♠ K♣ A♦ 7♥"
    assert instant_win_pattern(no_spade, IWIN, first_round=True) is None


def test_dragon_to_ace_is_not_an_instant_win_iwin() -> None:
    """iwin's dragon runs 3 to 2 (all 13 ranks); a 3→A dragon without a 2 wins nothing there."""
    assert instant_win_pattern(DRAGON, IWIN, first_round=False) is None
    assert instant_win_pattern(DRAGON, HOUSE) == "dragon"


def test_five_pairs_not_in_a_row_win_nothing_house() -> None:
    assert instant_win_pattern("4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 9♠ 9♣ 10♦ Q♥ 2♣", HOUSE) is None


@pytest.mark.parametrize("name", ["northern", "pagat"])
@pytest.mark.parametrize("pattern", ["four_twos", "six_pairs", "pr5", "dragon", "dragon_to_two", "four_threes"])
def test_no_instant_wins(name: str, pattern: str) -> None:
    r = Round.from_hands(with_others(PATTERNS[pattern]), PROFILES[name])
    assert not r.is_over and r.instant_winners == () and r.legal_actions()


@pytest.mark.parametrize("name", ["house", "faceoff"])
def test_several_instant_winners_share(name: str) -> None:
    hands = with_others(SIX_PAIRS, seat=0)
    hands[2] = FOUR_TWOS
    hands[1], hands[3] = "10♠ 10♣", "Q♣ Q♦"
    hands[2] = "2♠ 2♣ 2♦ 2♥ 3♠ 4♣ 6♥ 7♥ 8♥ 10♥ J♠ Q♥ K♦"
    r = Round.from_hands(hands, PROFILES[name], dealer=1)
    assert r.is_over
    assert {(w.seat, w.pattern) for w in r.instant_winners} == {(0, "six_pairs"), (2, "four_twos")}
    assert set(r.result.winners) == {0, 2}


@pytest.mark.parametrize(("dealer", "winner"), [(0, 1), (1, 3), (2, 3), (3, 1)])
def test_several_instant_winners_only_the_nearest_to_the_dealer_in_dealing_order_wins_iwin(dealer: int, winner: int) -> None:
    """Dealing starts left of the dealer (seat dealer + 1) and ends with the dealer."""
    hands = ["10♠ 10♣", SIX_PAIRS, "Q♣ Q♥", "2♠ 2♣ 2♦ 2♥ 3♠ 4♣ 6♥ 7♥ 8♥ 10♥ J♠ Q♦ K♦"]
    r = Round.from_hands(hands, IWIN, dealer=dealer)
    assert r.is_over and [w.seat for w in r.instant_winners] == [winner]
    assert r.result.winners == (winner,)


def test_instant_winner_who_is_the_dealer_wins_last_in_dealing_order_iwin() -> None:
    hands = [SIX_PAIRS, "10♠ 10♣", "Q♣ Q♥", "2♠ 2♣ 2♦ 2♥ 3♠ 4♣ 6♥ 7♥ 8♥ 10♥ J♠ Q♦ K♦"]
    assert [w.seat for w in Round.from_hands(hands, IWIN, dealer=0).instant_winners] == [3]
    assert [w.seat for w in Round.from_hands(hands, IWIN, dealer=3).instant_winners] == [0]
