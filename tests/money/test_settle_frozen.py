"""Cóng (frozen players) and đền bài: what a frozen player pays and to whom, per profile and table size.

House amounts are in a 1,000 room (entry 1,000, table stake 4,000; settle's unit is the entry)."""

from __future__ import annotations

import attrs
import pytest
from builders import (
    FREEZE_ONE,
    FREEZING,
    FROZEN_2H_PR3,
    FROZEN_PR4,
    FROZEN_QUAD_2S,
    NO_BOMBS,
    NO_RAKE_IWIN,
    NOT_FREEZING,
    QUAD,
    go,
    moves,
    of,
    refused,
    result,
)

from tienlen import (
    COUNTING,
    HOUSE,
    IWIN,
    PROFILES,
    Froze,
    Passed,
    Round,
    TrickWon,
    next_leader,
    parse_cards,
    settle,
)


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


DEN_BAI = ["2♦ 2♥", "5♠ 6♠ 7♠", "8♠", "9♠ 9♣ 10♠ 10♣ J♠ J♣"]


@pytest.mark.parametrize("name", FREEZING)
def test_player_with_no_card_played_when_the_first_goes_out_is_frozen(name: str) -> None:
    r = Round.from_hands(FREEZE_ONE, PROFILES[name])
    r = go(r, "3♠", "4♠", "6♠", "pass", "2♥")  # seat 0 goes out; seat 3 has played nothing
    assert r.frozen == (3,) and not r.is_active(3)
    assert of(r, Froze) == [Froze(seat=3, cards=parse_cards("8♠ 9♠"))]
    # the frozen player stops: never asked again, cannot forfeit
    assert r.to_act == 1
    r = go(r, "pass", "pass")
    assert r.to_act == 1 and r.trick.number == 2
    refused(r, lambda x: x.forfeit(3), "seat 3 is no longer playing")
    r = r.play("5♠")
    assert r.is_over
    res = r.result
    assert res.placements == (0, 1, 2, 3) and res.frozen == (3,) and res.hands[3] == parse_cards("8♠ 9♠")


@pytest.mark.parametrize("name", FREEZING)
def test_frozen_players_take_the_last_places(name: str) -> None:
    """A frozen seat ranks below every seat that played, even one still holding more cards."""
    r = Round.from_hands(["3♠ 2♥", "4♠ 5♠ 10♦ J♦ Q♦", "8♠", "6♠ 7♠"], PROFILES[name])
    r = go(r, "3♠", "4♠", "pass", "6♠", "2♥")  # seat 2 (one card) froze; seats 1 and 3 play on
    assert r.frozen == (2,)
    r = go(r, "pass", "pass")
    assert r.to_act == 1  # seat 0 (out) won the trick; seat 1 is next still in play
    r = go(r, "5♠", "7♠")  # seat 3 goes out; seat 1 is left with three cards
    assert r.is_over
    assert r.result.placements == (0, 3, 1, 2)
    assert len(r.result.hands[1]) == 3 and len(r.result.hands[2]) == 1


@pytest.mark.parametrize("name", FREEZING)
def test_lead_skips_a_frozen_seat_after_a_trick_won_by_a_player_who_is_out(name: str) -> None:
    r = Round.from_hands(FREEZE_ONE, PROFILES[name])
    r = go(r, "3♠", "pass", "6♠", "8♠", "2♥")  # seat 1 passed and never played: frozen
    assert r.frozen == (1,)
    r = go(r, "pass", "pass")
    assert of(r, TrickWon)[-1] == TrickWon(trick=1, seat=0, next_leader=2)
    assert r.to_act == 2


@pytest.mark.parametrize("name", NOT_FREEZING)
def test_no_freezing(name: str) -> None:
    r = Round.from_hands(FREEZE_ONE, PROFILES[name])
    r = go(r, "3♠", "4♠", "6♠", "pass", "2♥")
    assert r.frozen == () and of(r, Froze) == [] and r.is_active(3)
    r = go(r, "pass", "pass")
    if name == "pagat":
        assert r.to_act == 3  # pagat asks seat 3 (who passed) again while a 2 is on the table
        r = r.pass_()
    assert r.to_act == 1
    r = go(r, "5♠")  # seat 1 out; the seat that never played goes on playing
    assert not r.is_over and r.to_act == 2
    r = go(r, "pass", "8♠")  # seat 2 passes, seat 3 wins the trick and leads
    assert r.to_act == 3 and r.trick.table is None and r.hands[3] == parse_cards("9♠")
    r = r.play("9♠")
    assert r.is_over and r.result.placements == (0, 1, 3, 2) and r.result.frozen == ()


@pytest.mark.parametrize("name", FREEZING)
def test_two_frozen_players_at_four(name: str) -> None:
    """iwin: with two frozen players the round ends at once (the one left pays a ván nhì).
    house: it ends as well, because only one seat still holds cards in play."""
    r = Round.from_hands(FREEZE_ONE, PROFILES[name])
    r = go(r, "3♠", "4♠", "pass", "pass", "2♥")
    assert r.is_over and r.to_act is None
    res = r.result
    assert res.frozen == (2, 3) and res.placements == (0, 1, 2, 3)
    assert res.den_bai is None


def test_three_frozen_den_bai_names_the_frozen_player_who_passed_holding_a_legal_play_iwin() -> None:
    r = Round.from_hands(DEN_BAI, IWIN, first_round=False, leader=0)
    r = go(r, "2♦", "pass", "pass", "pass")
    passes = of(r, Passed)
    assert [(p.seat, p.could_play) for p in passes] == [(1, False), (2, False), (3, True)]
    r = r.play("2♥")
    assert r.is_over
    res = r.result
    assert res.frozen == (1, 2, 3) and res.placements == (0, 1, 2, 3)
    assert res.den_bai == 3


def test_three_frozen_without_a_withheld_play_names_no_den_bai_iwin() -> None:
    hands = ["2♦ 2♥", "5♠ 6♠ 7♠", "8♠", "9♠ 9♣ 10♠ 10♣ J♠"]
    r = go(Round.from_hands(hands, IWIN, first_round=False, leader=0), "2♦", "pass", "pass", "pass", "2♥")
    assert r.result.frozen == (1, 2, 3) and r.result.den_bai is None


def test_three_frozen_house_has_no_den_bai() -> None:
    r = go(Round.from_hands(DEN_BAI, HOUSE, first_round=False, leader=0), "2♦", "pass", "pass", "pass", "2♥")
    assert r.result.frozen == (1, 2, 3) and r.result.den_bai is None
    assert all(p.could_play is None for p in of(r, Passed))


def test_no_den_bai_at_three_players_with_both_others_frozen_iwin() -> None:
    """Fix (issue 10): đền bài is the three-frozen case only (RULES.md, seed 003's "Cóng 3 nhà"), so
    at three players a frozen player who passed holding a play is not named, and the winner leads next."""
    r = Round.from_hands(["2♦ 2♥", "5♠ 6♠ 7♠", "9♠ 9♣ 10♠ 10♣ J♠ J♣"], IWIN, first_round=False, leader=0)
    r = go(r, "2♦", "pass", "pass", "2♥")
    assert r.result.frozen == (1, 2) and r.result.den_bai is None
    assert next_leader(r.result, IWIN) == 0
