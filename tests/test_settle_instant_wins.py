"""Instant wins (RULES.md, "Money and points"): who collects what, how several winners share, and the
profiles without instant wins."""

from __future__ import annotations

import attrs
import pytest
from builders import (
    NO_BOMBS,
    NO_RAKE_IWIN,
    moves,
    result,
)

from tienlen import (
    HOUSE,
    INSTANT_WIN_PATTERNS,
    IWIN,
    NORTHERN,
    InstantWinRule,
    Round,
    RuleSet,
    settle,
)
from tienlen.round import instant_win_pattern


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


def only(pattern: str, rounds: str = "any", base: RuleSet = HOUSE) -> RuleSet:
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
    assert instant_win_pattern(hand, attrs.evolve(HOUSE, instant_wins=("two_bombs", "three_quads"))) == "two_bombs"
    assert instant_win_pattern(hand, attrs.evolve(HOUSE, instant_wins=("three_quads", "two_bombs"))) == "three_quads"


def test_two_bombs_reads_the_bomb_table() -> None:
    """A quad and a PR3: two bombs under house; under northern (only quads are bombs) one."""
    hand = "3♠ 3♣ 3♦ 3♥ 9♠ 9♣ 10♦ 10♥ J♠ J♣ 5♦ 7♥ K♣"
    assert instant_win_pattern(hand, only("two_bombs", base=NORTHERN)) is None
    assert instant_win_pattern("3♠ 3♣ 3♦ 3♥ 9♠ 9♣ 9♦ 9♥ 5♦", only("two_bombs", base=NORTHERN)) == "two_bombs"


def test_one_colour_needs_thirteen_cards() -> None:
    assert instant_win_pattern("3♠ 4♣ 5♠", only("one_colour")) is None


@pytest.mark.parametrize(("rounds", "first", "later"), [("any", True, True), ("first", True, False), ("later", False, True)])
def test_a_pattern_counts_in_the_rounds_it_names(rounds: str, first: bool, later: bool) -> None:
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
def test_two_bombs_instant_win_counts_bombs_as_the_axis_says(hand: str, reading: str, won: bool) -> None:
    """house with only the two-bombs instant win, 2 players, a 1,000 room. Seat 0 is dealt the hand;
    where it counts as two bombs it wins at once and seat 1 pays 2 table stakes, 2 × 4 × 1,000 =
    8,000; where it does not, the round is played and nothing is paid at the deal."""
    rules = attrs.evolve(HOUSE, name=f"house-two-bombs-{reading}", instant_wins=("two_bombs",), two_bombs_cards=reading)
    round_ = Round.from_hands([hand, LOSER], rules, first_round=False)
    assert bool(round_.instant_winners) == won
    if won:
        assert settle(round_.result, rules, unit=1000).net == (8000, -8000)
