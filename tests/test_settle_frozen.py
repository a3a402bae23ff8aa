"""Cóng (frozen players) and đền bài: what a frozen player pays and to whom, per profile and table size.

House amounts are in a 1,000 room (entry 1,000, table stake 4,000; settle's unit is the entry)."""

from __future__ import annotations

import attrs
import pytest
from builders import (
    FROZEN_2H_PR3,
    FROZEN_PR4,
    FROZEN_QUAD_2S,
    NO_BOMBS,
    NO_RAKE_IWIN,
    QUAD,
    go,
    moves,
    result,
)

from tienlen import COUNTING, HOUSE, IWIN, Round, next_leader, settle


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
