"""Table tests of the round engine: one test per round rule of RULES.md, per profile where it differs.

Every position is a small hand-made deal built with ``Round.from_hands``; seats are numbered in
play order (seat ``i + 1`` acts after seat ``i``). Hands of fewer than 13 cards are allowed, the
rest of the deck is out of play. Moves are written as card text, ``"pass"``,
``("interrupt", seat, cards)`` or ``("forfeit", seat)``.

Decisions taken where RULES.md is silent are written in the docstring of the test that pins them.
"""

from __future__ import annotations

import json

import attrs
import pytest
from builders import ALL, FREEZING, NOT_FREEZING, PLAY_ON, SPADES4, go, of, plays_of, refused
from hypothesis import HealthCheck, given, settings, strategies as st

from tienlen import (
    HOUSE,
    IWIN,
    NORTHERN,
    PAGAT,
    PROFILES,
    Chop,
    Finished,
    Forfeited,
    Froze,
    IllegalPlay,
    InstantWin,
    InvalidArgument,
    InvalidCards,
    InvalidRecord,
    InvalidRules,
    Passed,
    Played,
    Round,
    RuleSet,
    TrickWon,
    format_cards,
    instant_win_pattern,
    next_leader,
    parse_cards,
    settle,
)
from tienlen.agents import RandomAgent, play_round
from tienlen.cards import FULL_MASK, mask_of
from tienlen.strategies import rule_sets

# ====================================================================== first-round lead


@pytest.mark.parametrize("name", ["house", "faceoff", "iwin", "pagat"])
def test_first_round_lead_three_spades_must_be_included(name: str) -> None:
    """house, faceoff, iwin, pagat: the 3♠ holder leads the first round and the lead must hold 3♠."""
    r = Round.from_hands(["5♠ 6♠", "8♦ 9♦", "3♠ 4♠ 5♦ 2♥", "4♣ 10♥"], PROFILES[name])
    assert r.to_act == 2 and r.trick.leader == 2
    actions = r.legal_actions()
    assert actions and all(a.kind == "play" and a.mask & 1 for a in actions)
    assert "3♠ 4♠ 5♦" in plays_of(r) and "3♠" in plays_of(r)
    refused(r, lambda x: x.play("4♠"), "must open the round with 3♠")
    refused(r, lambda x: x.play("2♥"), "must open the round with 3♠")
    after = r.play("3♠ 4♠ 5♦")
    assert after.to_act == 3 and after.trick.table is not None


@pytest.mark.parametrize("name", ["house", "iwin"])
def test_first_round_lead_lowest_dealt_card_when_three_spades_not_dealt(name: str) -> None:
    """house, iwin at 2–3 players: 3♠ not dealt, so the holder of the lowest dealt card leads and
    must include it."""
    r = Round.from_hands(["5♠ 6♠ 9♥", "4♣ 7♦ 8♦", "3♦ 4♦ 2♥"], PROFILES[name])
    assert r.to_act == 2
    assert all("3♦" in str(a.combo) for a in r.legal_actions())
    refused(r, lambda x: x.play("2♥"), "must open the round with 3♦")
    two = Round.from_hands(["5♠ 6♠", "4♥ 4♣ 7♦"], PROFILES[name])
    assert two.to_act == 1 and plays_of(two) == ["4♣", "4♣ 4♥"]


def test_first_round_lead_lowest_card_holder_need_not_include_it_northern() -> None:
    """northern: the holder of the lowest dealt card leads the first round with anything."""
    r = Round.from_hands(["5♠ 6♠", "8♦ 9♦", "4♠ 5♦ 2♥", "4♣ 10♥"], NORTHERN)
    assert r.to_act == 2  # 4♠ is the lowest dealt card (3s not dealt)
    assert plays_of(r) == ["4♠", "5♦", "2♥"]
    assert r.play("2♥").trick.table is not None
    with_three = Round.from_hands(["5♠ 6♠", "8♦ 9♦", "3♠ 5♦ 2♥", "4♣ 10♥"], NORTHERN)
    assert with_three.to_act == 2 and with_three.play("5♦").to_act == 3


@pytest.mark.parametrize("name", ALL)
def test_first_round_explicit_leader_overrides_and_leads_anything(name: str) -> None:
    """A caller can always name the leader; the named leader leads anything, even in the first round."""
    r = Round.from_hands(["5♠ 6♠", "8♦ 9♦", "3♠ 4♠ 5♦", "4♣ 10♥"], PROFILES[name], leader=1)
    assert r.to_act == 1 and r.trick.leader == 1
    assert plays_of(r) == ["8♦", "9♦"]
    assert r.play("9♦").to_act == 2


@pytest.mark.parametrize("name", ALL)
def test_later_round_leader_leads_anything(name: str) -> None:
    """first_round=False: the named leader (the previous winner) leads anything; without a name the
    lowest card's holder leads, still free to play anything (decision: the engine needs someone)."""
    rules = PROFILES[name]
    r = Round.from_hands(["5♠ 6♠", "8♦ 9♦", "3♠ 4♠ 5♦", "4♣ 10♥"], rules, first_round=False, leader=3)
    assert r.to_act == 3 and plays_of(r) == ["4♣", "10♥"]
    unnamed = Round.from_hands(["5♠ 6♠", "8♦ 9♦", "3♠ 4♠ 5♦", "4♣ 10♥"], rules, first_round=False)
    assert unnamed.to_act == 2 and "5♦" in plays_of(unnamed)
    assert unnamed.play("5♦").trick.table is not None


def test_first_round_flag_is_kept_and_recorded() -> None:
    r = Round.from_hands(SPADES4, HOUSE, first_round=False, leader=2)
    back = Round.from_json(r.to_json())
    assert back.first_round is False and back.named_leader == 2 and back == r


# ====================================================================== turn order inside a trick


@pytest.mark.parametrize("name", ALL)
def test_leader_may_not_pass(name: str) -> None:
    r = Round.from_hands(SPADES4, PROFILES[name])
    assert all(a.kind == "play" for a in r.legal_actions())
    refused(r, lambda x: x.pass_(), "must lead and may not pass")
    # nor after a trick is won
    won = go(r, "3♠", "4♠", "pass", "pass", "pass")
    assert won.trick.table is None and won.to_act == 1
    refused(won, lambda x: x.pass_(), "seat 1 must lead and may not pass")


@pytest.mark.parametrize("name", ALL)
def test_turn_moves_to_the_next_seat_in_play_order(name: str) -> None:
    r = Round.from_hands(SPADES4, PROFILES[name])
    seen = []
    for move in ("3♠", "4♠", "5♠", "6♠", "7♠"):
        seen.append(r.to_act)
        r = r.play(move)
    assert seen == [0, 1, 2, 3, 0] and r.to_act == 1


@pytest.mark.parametrize("name", PLAY_ON)
def test_passing_locks_a_player_out_of_the_trick(name: str) -> None:
    """A pass makes the player ineligible for the rest of the trick: the turn skips them."""
    r = Round.from_hands(["3♠ 7♠ Q♠", "4♠ 8♠ K♠", "5♠ 9♠ A♠", "6♠ 10♠ J♠"], PROFILES[name])
    r = go(r, "3♠", "pass")  # seat 1 passes while holding 4♠
    assert r.trick.passed == {1} and r.to_act == 2
    r = go(r, "5♠", "6♠", "7♠")
    assert r.to_act == 2  # seat 1 is skipped
    r = go(r, "9♠", "10♠", "Q♠")
    assert r.to_act == 2
    refused(r, lambda x: x.play("K♠", seat=1), "it is seat 2's turn, not seat 1's")


def test_passing_locks_out_even_when_a_two_is_played_house() -> None:
    """house (and every profile but pagat): a player who passed is not asked again when a 2 lands."""
    r = Round.from_hands(["3♠ 2♥ 9♠", "4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 10♦", "7♦ 8♦", "J♦ Q♦"], HOUSE)
    r = go(r, "3♠", "pass", "7♦", "J♦", "2♥")  # seat 1 passed, then holds a PR3 that chops a single 2
    assert r.to_act == 2 and 1 not in {a.seat for a in r.legal_interrupts()}
    r = go(r, "pass", "pass")
    assert r.trick.table is None and r.to_act == 0


@pytest.mark.parametrize("name", ALL)
def test_trick_ends_when_all_others_passed_and_last_player_leads(name: str) -> None:
    r = Round.from_hands(SPADES4, PROFILES[name])
    r = go(r, "3♠", "4♠", "pass", "pass")
    assert r.trick.number == 1 and r.to_act == 0
    r = r.pass_()
    assert r.trick.number == 2 and r.trick.table is None and r.trick.passed == frozenset()
    assert r.to_act == 1 and r.trick.leader == 1
    assert of(r, TrickWon)[-1] == TrickWon(trick=1, seat=1, next_leader=1)
    assert all(a.kind == "play" for a in r.legal_actions())


@pytest.mark.parametrize("name", ALL)
def test_player_who_went_out_leaves_turn_order(name: str) -> None:
    r = Round.from_hands(SPADES4, PROFILES[name])
    r = go(r, "3♠", "4♠", "5♠", "6♠", "7♠", "8♠")  # seat 1 goes out on 8♠
    assert r.hands[1] == () and r.finished == (1,)
    assert of(r, Finished) == [Finished(seat=1, place=1, with_two=False)]
    assert not r.is_active(1)
    order: list[int | None] = []
    while not r.is_over and len(order) < 6:
        order.append(r.to_act)
        r = r.pass_() if r.trick.table is not None else r.play(r.legal_actions()[0].mask)
    assert 1 not in order


@pytest.mark.parametrize("name", PLAY_ON)
def test_last_play_of_a_player_who_went_out_can_still_be_beaten(name: str) -> None:
    r = Round.from_hands(SPADES4, PROFILES[name])
    r = go(r, "3♠", "4♠", "5♠", "6♠", "7♠", "8♠")
    assert r.to_act == 2 and r.trick.last_seat == 1
    assert "9♠" in plays_of(r)
    r = r.play("9♠")  # seat 2 beats the out player's 8♠ and goes out as well
    assert r.finished == (1, 2) and r.trick.last_seat == 2


@pytest.mark.parametrize("name", PLAY_ON)
def test_trick_won_by_a_player_who_is_out_is_led_by_the_next_seat_holding_cards(name: str) -> None:
    r = Round.from_hands(SPADES4, PROFILES[name])
    r = go(r, "3♠", "4♠", "5♠", "6♠", "7♠", "8♠", "pass", "pass", "pass")
    assert r.trick.number == 2 and r.to_act == 2 and r.trick.leader == 2
    assert of(r, TrickWon)[-1] == TrickWon(trick=1, seat=1, next_leader=2)


@pytest.mark.parametrize("name", PLAY_ON)
def test_trick_won_by_a_player_who_is_out_skips_seats_that_are_out_too(name: str) -> None:
    r = Round.from_hands(["3♠ 7♠ K♠", "4♠ 8♠", "5♠ 9♠", "6♠ 10♠ J♠"], PROFILES[name])
    r = go(r, "3♠", "4♠", "5♠", "6♠", "7♠", "8♠", "9♠")  # seats 1 and 2 out
    r = go(r, "pass", "pass")  # seat 3 and seat 0 pass on 9♠
    assert r.trick.number == 2 and r.to_act == 3


@pytest.mark.parametrize("name", PLAY_ON)
def test_round_continues_until_one_player_holds_cards(name: str) -> None:
    r = Round.from_hands(SPADES4, PROFILES[name])
    r = go(r, "3♠", "4♠", "5♠", "6♠", "7♠", "8♠", "9♠")  # seats 1, 2 out; 0 holds K♠, 3 holds 10♠
    assert not r.is_over and r.to_act == 3
    r = r.play("10♠")  # seat 3 goes out: only seat 0 holds cards
    assert r.is_over and r.to_act is None and r.legal_actions() == ()
    res = r.result
    assert res.placements == (1, 2, 3, 0) and res.hands[0] == parse_cards("K♠")
    assert res.winners == (1,)


# ====================================================================== pagat: bombs on 2s after passing


def test_passed_player_may_still_bomb_a_two_group_in_turn_pagat() -> None:
    r = Round.from_hands(["3♠ 5♠ K♠", "6♠ 6♣ 6♦ 6♥ 9♠", "2♠ 7♣ 8♣", "4♥ 9♥"], PAGAT)
    r = go(r, "3♠", "pass")  # seat 1 passes holding a quad
    r = go(r, "2♠", "pass", "pass")  # a 2 lands; seats 3 and 0 pass
    assert r.to_act == 1 and 1 in r.trick.passed
    assert plays_of(r) == ["6♠ 6♣ 6♦ 6♥", "pass"]  # only the bomb, or pass again
    r = r.play("6♠ 6♣ 6♦ 6♥")
    chop = of(r, Chop)[-1]
    assert (chop.trick, chop.index, chop.chopper, chop.chopped) == (1, 1, 1, 2)
    assert str(chop.chopped_combo) == "2♠" and str(chop.by) == "6♠ 6♣ 6♦ 6♥"
    # A pass keeps a player out for the rest of the trick except to bomb 2s: after the bomb the
    # table holds no 2-group, so the bomber, like the others who passed, is out again.
    assert 1 in r.trick.passed and r.to_act == 2
    r = r.pass_()  # seat 2 cannot beat the quad; nobody else may answer it
    assert r.trick.number == 2 and r.to_act == 1


def test_passed_player_may_only_bomb_not_play_a_higher_two_pagat() -> None:
    r = Round.from_hands(["3♠ 5♠ K♠", "2♥ 6♠ 6♣ 6♦ 6♥ 9♠", "2♠ 7♣ 8♣", "4♥ 9♥"], PAGAT)
    r = go(r, "3♠", "pass", "2♠", "pass", "pass")
    assert r.to_act == 1 and "2♥" not in plays_of(r)
    refused(r, lambda x: x.play("2♥"), "after passing you may only bomb 2s")


def test_passed_player_is_asked_again_only_while_a_two_group_is_on_the_table_pagat() -> None:
    r = Round.from_hands(["3♠ 5♠ K♠", "6♠ 6♣ 6♦ 6♥ 9♠", "8♠ 7♣", "4♥ 9♥"], PAGAT)
    r = go(r, "3♠", "pass", "8♠", "9♥")  # no 2 on the table: seat 1 stays out
    assert r.to_act == 0
    r = go(r, "K♠", "pass")  # seat 2 passes; seat 3 next, never seat 1
    assert r.to_act == 3


def test_passed_player_may_bomb_only_exact_groups_pagat() -> None:
    """pagat: a single 2 falls only to a quad or exactly a PR3; a PR4 may not chop it, even in turn."""
    r = Round.from_hands(["3♠ 5♠ K♠", "4♠ 4♣ 5♦ 5♥ 6♦ 6♥ 7♦ 7♥ 9♠", "2♠ 7♣ 8♣", "4♥ 9♥"], PAGAT)
    r = go(r, "3♠", "pass", "2♠", "pass", "pass")
    assert r.to_act == 1 and plays_of(r) == ["4♠ 4♣ 5♦ 5♥ 6♦ 6♥", "5♦ 5♥ 6♦ 6♥ 7♦ 7♥", "pass"]
    refused(r, lambda x: x.play("4♠ 4♣ 5♦ 5♥ 6♦ 6♥ 7♦ 7♥"), "after passing you may only bomb 2s")
    in_turn = Round.from_hands(
        ["3♠ 5♠ K♠", "4♠ 4♣ 5♦ 5♥ 6♦ 6♥ 7♦ 7♥ 9♠", "2♠ 7♣ 8♣", "4♥ 9♥"], PAGAT, first_round=False, leader=2
    )
    in_turn = go(in_turn, "2♠", "pass", "pass")
    assert in_turn.to_act == 1 and "4♠ 4♣ 5♦ 5♥ 6♦ 6♥ 7♦ 7♥" not in plays_of(in_turn)
    refused(in_turn, lambda x: x.play("4♠ 4♣ 5♦ 5♥ 6♦ 6♥ 7♦ 7♥"), "a PR4 does not chop a single 2 here")


def test_passed_player_may_not_bomb_out_of_turn_pagat() -> None:
    r = Round.from_hands(["3♠ 5♠ K♠", "6♠ 6♣ 6♦ 6♥ 9♠", "2♠ 7♣ 8♣", "4♥ 9♥"], PAGAT)
    r = go(r, "3♠", "pass", "2♠")
    assert r.to_act == 3 and r.legal_interrupts() == ()
    refused(r, lambda x: x.interrupt(1, "6♠ 6♣ 6♦ 6♥"), "pagat has no bombs that may be played out of turn")
    refused(r, lambda x: x.play("6♠ 6♣ 6♦ 6♥", seat=1), "it is seat 3's turn, not seat 1's")


# ====================================================================== iwin: PR4 interrupts

IWIN_PR4 = ["5♠ 2♠ K♥", "6♠ 8♦", "4♠ 4♣ 5♦ 5♥ 6♦ 6♥ 7♦ 7♥ 9♠", "8♠ 8♣ 9♦ 9♥ 10♦ 10♥ J♦ J♥ Q♠"]
PR4_LOW = "4♠ 4♣ 5♦ 5♥ 6♦ 6♥ 7♦ 7♥"
PR4_HIGH = "8♠ 8♣ 9♦ 9♥ 10♦ 10♥ J♦ J♥"


def _iwin_two_on_table() -> Round:
    r = Round.from_hands(IWIN_PR4, IWIN, first_round=False, leader=0)
    return go(r, "5♠", "6♠", "pass", "pass", "2♠")  # seats 2 and 3 passed; a 2 lands


def test_pr4_interrupts_out_of_turn_and_after_passing_iwin() -> None:
    r = _iwin_two_on_table()
    assert r.to_act == 1 and r.trick.passed == {2, 3}
    offered = {(a.seat, str(a.combo)) for a in r.legal_interrupts()}
    assert offered == {(2, PR4_LOW), (3, PR4_HIGH)}
    assert all(a.kind == "interrupt" for a in r.legal_interrupts())
    after = r.interrupt(2, PR4_LOW)
    played = of(after, Played)[-1]
    assert played.seat == 2 and played.out_of_turn
    assert after.actions[-1].kind == "interrupt"
    assert of(after, Chop)[-1].index == 1 and of(after, Chop)[-1].chopped == 0


def test_play_continues_after_the_interrupter_who_counts_as_not_having_passed_iwin() -> None:
    r = _iwin_two_on_table().interrupt(2, PR4_LOW)
    assert 2 not in r.trick.passed
    assert r.to_act == 0  # the seat after the interrupter still eligible (seat 3 passed)
    r = r.interrupt(3, PR4_HIGH)  # a higher PR4 chops the PR4, out of turn again
    assert [c.index for c in of(r, Chop)] == [1, 2]
    assert r.trick.passed == frozenset() and r.to_act == 0
    r = go(r, "pass", "pass")
    assert r.to_act == 2  # the first interrupter is back in the trick
    assert plays_of(r) == ["pass"]
    r = r.pass_()
    assert r.trick.number == 2 and r.to_act == 3


def test_interrupt_skips_ahead_but_the_skipped_seats_still_answer_iwin() -> None:
    """The turn jumps to the seat after the interrupter; the seats jumped over keep their turn to
    answer later in the trick. The seat to act is offered its PR4 as an ordinary play, not as an
    interrupt."""
    hands = ["2♠ 3♥", "4♠ 4♣ 5♦ 5♥ 6♦ 6♥ 7♦ 7♥ 9♠", "8♠ 8♣ 9♦ 9♥ 10♦ 10♥ J♦ J♥ Q♠", "K♠ A♠"]
    r = Round.from_hands(hands, IWIN, first_round=False, leader=0).play("2♠")
    assert r.to_act == 1
    assert PR4_LOW in plays_of(r) and {a.seat for a in r.legal_interrupts()} == {2}
    r = r.interrupt(2, PR4_HIGH)
    assert r.to_act == 3
    r = go(r, "pass", "pass")
    assert r.to_act == 1 and plays_of(r) == ["pass"]  # seat 1 answers now; its lower PR4 cannot beat
    r = r.pass_()
    assert r.trick.number == 2 and r.to_act == 2


def test_pr4_interrupt_only_when_it_may_chop_the_table_iwin() -> None:
    r = Round.from_hands(IWIN_PR4, IWIN, first_round=False, leader=0)
    r = r.play("K♥")
    assert r.legal_interrupts() == ()
    refused(r, lambda x: x.interrupt(2, PR4_LOW), "bombs only chop 2s and bombs")


def test_interrupt_refusals_iwin() -> None:
    r = _iwin_two_on_table()
    refused(r, lambda x: x.interrupt(2, "4♠ 4♣ 5♦ 5♥ 6♦ 6♥"), "only PR4 may be played out of turn")
    refused(r, lambda x: x.interrupt(0, "K♥"), "only PR4 may be played out of turn")
    refused(r, lambda x: x.interrupt(1, PR4_LOW), "seat 1 does not hold")
    refused(r, lambda x: x.interrupt(7, PR4_LOW), "seat must be a seat from 0 to 3")
    fresh = Round.from_hands(IWIN_PR4, IWIN, first_round=False, leader=0)
    refused(fresh, lambda x: x.interrupt(2, PR4_LOW), "the table is empty")
    own = Round.from_hands(["2♠ " + PR4_LOW, "6♠ 8♦", "9♠", "Q♠"], IWIN, first_round=False, leader=0).play("2♠")
    refused(own, lambda x: x.interrupt(0, PR4_LOW), "seat 0 cannot interrupt their own play 2♠")


@pytest.mark.parametrize("name", ["house", "faceoff", "northern", "pagat"])
def test_interrupt_without_the_rules_allowing_it_is_refused(name: str) -> None:
    r = Round.from_hands(IWIN_PR4, PROFILES[name], first_round=False, leader=0)
    r = go(r, "5♠", "6♠")
    assert r.legal_interrupts() == ()
    refused(r, lambda x: x.interrupt(3, "8♠"), f"{name} has no bombs that may be played out of turn")


# ====================================================================== chops


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


# ====================================================================== instant wins

FOUR_TWOS = "2♠ 2♣ 2♦ 2♥ 3♣ 4♦ 5♥ 7♠ 8♣ 9♦ J♥ Q♠ K♣"
SIX_PAIRS = "3♣ 3♦ 5♠ 5♥ 7♣ 7♦ 9♠ 9♥ J♣ J♦ K♠ K♥ A♣"
SIX_PAIRS_WITH_QUAD = "3♣ 3♦ 5♠ 5♣ 5♦ 5♥ 7♣ 7♦ 9♠ 9♥ J♣ J♦ A♣"
PR5 = "4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 10♦ Q♥ 2♣"
PR6 = "4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣ 2♣"
DRAGON = "3♣ 3♦ 4♦ 5♥ 6♠ 7♣ 8♦ 9♥ 10♠ J♣ Q♦ K♥ A♠"
DRAGON_TO_TWO = "3♣ 4♦ 5♥ 6♠ 7♣ 8♦ 9♥ 10♠ J♣ Q♦ K♥ A♠ 2♣"
PR3_WITH_THREE_SPADES = "3♠ 3♣ 4♠ 4♦ 5♥ 5♣ 8♠ 10♦ J♥ Q♠ K♣ A♦ 7♥"
FOUR_THREES = "3♠ 3♣ 3♦ 3♥ 5♠ 7♣ 8♦ 10♥ J♠ Q♣ K♦ A♥ 2♠"
ORDINARY = "3♣ 4♦ 6♠ 7♣ 8♦ 9♥ 10♠ J♣ Q♦ K♥ A♠ 2♣ 2♦"

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


def _with_others(winner_hand: str, seat: int = 1, players: int = 4) -> list[str]:
    """``winner_hand`` at ``seat``; the other seats get two harmless cards each from what is left."""
    used = set(parse_cards(winner_hand))
    spare = [c for c in parse_cards(" ".join(f"{r}{s}" for r in "3456789TJQKA2" for s in "shdc")) if c not in used]
    spare = [c for c in spare if str(c)[0] != "2"]
    hands: list[str] = []
    for s in range(players):
        if s == seat:
            hands.append(winner_hand)
        else:
            hands.append(format_cards(spare[:2]))
            spare = spare[2:]
    return hands


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
    r = Round.from_hands(_with_others(PATTERNS[pattern]), rules)
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
    r = Round.from_hands(_with_others(PATTERNS[pattern]), IWIN, first_round=False, leader=0)
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
    r = Round.from_hands(_with_others(PATTERNS[pattern]), PROFILES[name])
    assert not r.is_over and r.instant_winners == () and r.legal_actions()


@pytest.mark.parametrize("name", ["house", "faceoff"])
def test_several_instant_winners_share(name: str) -> None:
    hands = _with_others(SIX_PAIRS, seat=0)
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


# ====================================================================== frozen players

FREEZE_ONE = ["3♠ 2♥", "4♠ 5♠", "6♠ 7♠", "8♠ 9♠"]


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


DEN_BAI = ["2♦ 2♥", "5♠ 6♠ 7♠", "8♠", "9♠ 9♣ 10♠ 10♣ J♠ J♣"]


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


# ====================================================================== finishing


def test_finishing_on_a_two_is_recorded() -> None:
    """The Finished event says whether the play that emptied the hand held a 2 (northern charges it)."""
    r = Round.from_hands(["3♠ 2♥", "4♠ 5♠", "6♠ 7♠", "8♠ 9♠"], NORTHERN)
    r = go(r, "3♠", "4♠", "6♠", "8♠", "2♥")
    assert of(r, Finished) == [Finished(seat=0, place=1, with_two=True)]
    r = go(r, "pass", "pass", "pass", "5♠")
    assert of(r, Finished)[-1] == Finished(seat=1, place=2, with_two=False)


# ====================================================================== forfeits


@pytest.mark.parametrize("name", PLAY_ON)
def test_forfeit_takes_last_place_and_leaves_turn_order(name: str) -> None:
    r = Round.from_hands(SPADES4, PROFILES[name])
    r = go(r, "3♠", "4♠", ("forfeit", 2))  # seat 2 leaves while seat 2 is to act
    assert r.forfeited == (2,) and of(r, Forfeited) == [Forfeited(seat=2)]
    assert r.to_act == 3 and not r.is_active(2)
    assert r.actions[-1].kind == "forfeit" and r.actions[-1].seat == 2
    r = go(r, "6♠", "7♠", "8♠", "pass", "pass")  # seat 1 out; seat 3 and 0 pass
    assert r.to_act == 3  # seat 2 is skipped as next leader
    while not r.is_over:
        r = r.apply(r.legal_actions()[0])
    res = r.result
    assert res.placements[-1] == 2 and res.forfeited == (2,)
    assert res.hands[2] == parse_cards("5♠ 9♠")  # the forfeiter keeps their cards


@pytest.mark.parametrize("name", ALL)
def test_forfeit_out_of_turn_keeps_the_turn(name: str) -> None:
    r = go(Round.from_hands(SPADES4, PROFILES[name]), "3♠")
    r = r.forfeit(3)
    assert r.to_act == 1
    r = go(r, "4♠", "5♠")
    assert r.to_act == 0  # seat 3 is skipped


@pytest.mark.parametrize("name", ALL)
def test_first_forfeiter_takes_the_last_place(name: str) -> None:
    r = Round.from_hands(SPADES4, PROFILES[name])
    r = go(r, "3♠", ("forfeit", 3), ("forfeit", 2))
    assert not r.is_over
    r = go(r, "4♠", "7♠", "8♠")  # seat 1 out: only seat 0 holds cards in play
    assert r.is_over
    assert r.result.placements == (1, 0, 2, 3)


@pytest.mark.parametrize("name", ALL)
def test_forfeits_leaving_one_player_end_the_round(name: str) -> None:
    r = Round.from_hands(SPADES4, PROFILES[name])
    r = go(r, ("forfeit", 1), ("forfeit", 2))
    assert not r.is_over
    r = r.forfeit(3)
    assert r.is_over and r.result.placements == (0, 3, 2, 1)


@pytest.mark.parametrize("name", ALL)
def test_first_leader_forfeiting_before_the_lead_passes_the_lead_on(name: str) -> None:
    """Decision: if the seat that must open with the lowest card leaves before leading, the next
    seat in play leads, with anything (the lowest card left with the forfeiter's hand)."""
    r = Round.from_hands(SPADES4, PROFILES[name])
    r = r.forfeit(0)
    assert r.to_act == 1 and r.trick.leader == 1
    assert plays_of(r) == ["4♠", "8♠"]
    r = r.play("8♠")
    assert r.to_act == 2


def test_forfeit_refusals() -> None:
    r = Round.from_hands(SPADES4, HOUSE)
    refused(r, lambda x: x.forfeit(4), "seat must be a seat from 0 to 3")
    out = go(r, "3♠", "4♠", "5♠", "6♠", "7♠", "8♠")
    refused(out, lambda x: x.forfeit(1), "seat 1 is no longer playing")
    gone = r.forfeit(2)
    refused(gone, lambda x: x.forfeit(2), "seat 2 is no longer playing")


def test_forfeiter_is_not_frozen_house() -> None:
    r = Round.from_hands(FREEZE_ONE, HOUSE)
    r = go(r, "3♠", ("forfeit", 3), "4♠", "6♠", "2♥")
    assert r.frozen == () and r.forfeited == (3,)


# ====================================================================== bad input


def test_cards_not_in_hand_are_refused() -> None:
    r = Round.from_hands(SPADES4, HOUSE)
    refused(r, lambda x: x.play("3♠ 4♠"), r"seat 0 does not hold 4♠")
    refused(r, lambda x: x.play("3♠ 3♥"), r"seat 0 does not hold 3♥")
    refused(r, lambda x: x.play("zz"), r"seat 0: ")


def test_wrong_seat_is_refused() -> None:
    r = Round.from_hands(SPADES4, HOUSE)
    refused(r, lambda x: x.play("4♠", seat=1), "it is seat 0's turn, not seat 1's")
    refused(r, lambda x: x.play("3♠", seat=9), "seat must be a seat from 0 to 3")
    r = r.play("3♠", seat=0)
    refused(r, lambda x: x.pass_(seat=2), "it is seat 1's turn, not seat 2's")


def test_actions_after_the_round_is_over_are_refused() -> None:
    r = go(Round.from_hands(["3♠", "4♠"], HOUSE))
    r = r.play("3♠")
    assert r.is_over
    refused(r, lambda x: x.play("4♠"), "the round is over")
    refused(r, lambda x: x.pass_(), "the round is over")
    refused(r, lambda x: x.forfeit(1), "the round is over")
    refused(Round.from_hands(["3♠", "4♠"], IWIN).play("3♠"), lambda x: x.interrupt(1, "4♠"), "the round is over")


def test_result_before_the_end_is_refused() -> None:
    r = Round.from_hands(SPADES4, HOUSE)
    with pytest.raises(IllegalPlay, match="still being played"):
        r.result


def test_illegal_combination_is_refused() -> None:
    r = go(Round.from_hands(["3♠ 5♠ 9♠", "4♠ 6♣ 8♦", "5♦ 7♦", "10♥ J♥"], HOUSE), "3♠")
    refused(r, lambda x: x.play("4♠ 6♣"), "is not a combination")
    north = go(Round.from_hands(["3♠ 9♠", "4♠ 4♦ 6♣", "5♦ 7♦", "10♥ J♥"], NORTHERN, first_round=False, leader=1))
    refused(north, lambda x: x.play("4♠ 4♦"), "a pair must be two cards of the same colour")


def test_play_that_cannot_beat_the_table_is_refused() -> None:
    r = go(Round.from_hands(["3♠ 9♠", "4♠ 6♣ 8♦", "5♦ 7♦", "10♥ J♥"], HOUSE, first_round=False, leader=0), "9♠")
    refused(r, lambda x: x.play("6♣"), "its top card 6♣ is not higher than 9♠")
    refused(r, lambda x: x.play("4♠"), "cannot play 4♠")
    north = go(Round.from_hands(["7♠ 9♠", "8♣ 6♣", "5♦ 7♦", "10♥ J♥"], NORTHERN, first_round=False, leader=0), "7♠")
    refused(north, lambda x: x.play("8♣"), "a single must follow suit")


def test_apply_refuses_an_unknown_action_kind() -> None:
    from tienlen import Action

    r = Round.from_hands(SPADES4, HOUSE)
    refused(r, lambda x: x.apply(Action(kind="cheat", seat=0)), "unknown action kind")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ALL)
def test_deal_with_a_player_count_the_profile_does_not_allow_names_the_range(name: str) -> None:
    rules = PROFILES[name]
    span = "4" if rules.min_players == 4 else "2 to 4"
    for players in (1, 5) + ((2, 3) if rules.min_players == 4 else ()):
        with pytest.raises(InvalidArgument, match=f"{name} is played by {span} players, not {players}"):
            Round.deal(rules, players=players, seed=1)
    with pytest.raises(InvalidArgument, match=f"played by {span} players"):
        Round.from_hands(["3♠"] if rules.min_players > 1 else [], rules)


# ====================================================================== dealing

GOLDEN_SEED = 20240613
GOLDEN_HANDS = [
    "4♠ 4♦ 4♥ 6♠ 6♦ 6♥ 7♠ 7♥ 8♦ 10♠ J♣ J♥ A♦",
    "4♣ 5♠ 5♦ 7♦ 9♠ 9♣ 9♦ 9♥ 10♣ 10♦ J♠ K♦ 2♣",
    "3♣ 3♥ 6♣ 8♣ 8♥ 10♥ J♦ Q♣ Q♦ K♠ K♣ 2♠ 2♥",
    "3♠ 3♦ 5♣ 5♥ 7♣ 8♠ Q♠ Q♥ K♥ A♠ A♣ A♥ 2♦",
]


def test_golden_deal() -> None:
    """A fixed seed gives these exact hands: a change of shuffle or dealing order breaks this test."""
    r = Round.deal(HOUSE, players=4, seed=GOLDEN_SEED)
    assert [format_cards(h) for h in r.hands] == GOLDEN_HANDS
    assert r.seed == GOLDEN_SEED and r.to_act == 3
    three = Round.deal(HOUSE, players=3, seed=GOLDEN_SEED)
    assert [format_cards(h) for h in three.hands] == [
        "3♣ 5♥ 6♦ 8♣ 8♦ 9♣ 10♠ 10♦ Q♥ K♦ K♥ A♠ 2♠",
        "4♣ 4♦ 5♠ 7♣ 7♦ 7♥ 8♠ 8♥ 9♦ 10♥ J♦ A♦ A♥",
        "3♠ 3♦ 3♥ 4♥ 7♠ 9♥ 10♣ J♥ Q♣ Q♦ K♣ A♣ 2♣",
    ]
    assert format_cards(three.out_of_play) == "4♠ 5♣ 5♦ 6♠ 6♣ 6♥ 9♠ J♠ J♣ Q♠ K♠ 2♦ 2♥"


def test_dealt_round_without_three_spades_is_led_with_the_lowest_dealt_card() -> None:
    two = Round.deal(HOUSE, players=2, seed=GOLDEN_SEED)
    assert format_cards(two.hands[0]).startswith("3♣") and two.to_act == 0
    assert all(a.mask & 0b10 for a in two.legal_actions())  # every lead holds 3♣
    north = Round.deal(NORTHERN, players=2, seed=GOLDEN_SEED)
    assert north.to_act == 0 and any(not a.mask & 0b10 for a in north.legal_actions())


def test_dealing_starts_left_of_the_dealer() -> None:
    """The same seed with the dealer moved one seat gives every hand to the next seat on."""
    base = Round.deal(HOUSE, players=4, seed=GOLDEN_SEED)
    for dealer in range(4):
        moved = Round.deal(HOUSE, players=4, seed=GOLDEN_SEED, dealer=dealer)
        assert [format_cards(moved.hands[(s + dealer) % 4]) for s in range(4)] == GOLDEN_HANDS
        assert moved.dealer == dealer and base.dealt[0] == moved.dealt[dealer]


@pytest.mark.parametrize("name", ALL)
def test_same_seed_same_deal(name: str) -> None:
    rules = PROFILES[name]
    for players in range(rules.min_players, rules.max_players + 1):
        a = Round.deal(rules, players=players, seed=99)
        b = Round.deal(rules, players=players, seed=99)
        assert a == b and a.hands == b.hands
        assert Round.deal(rules, players=players, seed=100).hands != a.hands
        cards = [c for h in a.hands for c in h] + list(a.out_of_play)
        assert len(cards) == 52 == len(set(cards)) and all(len(h) == 13 for h in a.hands)


def test_deal_without_a_seed_draws_and_keeps_one() -> None:
    r = Round.deal(HOUSE, players=2)
    assert isinstance(r.seed, int)
    assert Round.deal(HOUSE, players=2, seed=r.seed).hands == r.hands


def test_deal_refuses_a_bad_seed_dealer_or_leader() -> None:
    with pytest.raises(InvalidArgument, match="seed must be a whole number"):
        Round.deal(HOUSE, players=4, seed="x")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="dealer must be a seat from 0 to 3"):
        Round.deal(HOUSE, players=4, seed=1, dealer=4)
    with pytest.raises(InvalidArgument, match="leader must be a seat from 0 to 1"):
        Round.deal(HOUSE, players=2, seed=1, leader=2)


def test_golden_deal_replays_from_its_record() -> None:
    r = Round.deal(HOUSE, players=4, seed=GOLDEN_SEED)
    record = json.loads(r.to_json())
    assert record["seed"] == GOLDEN_SEED and record["hands"] == GOLDEN_HANDS
    assert Round.from_json(r.to_json()) == r


# ====================================================================== records


def test_record_round_trips_a_played_round_with_interrupts_and_forfeits() -> None:
    r = _iwin_two_on_table().interrupt(2, PR4_LOW)
    r = r.forfeit(1)
    back = Round.from_json(r.to_json())
    assert back == r and back.events == r.events


def test_tampered_record_is_refused_naming_the_action() -> None:
    from tienlen import InvalidRecord

    r = go(Round.from_hands(SPADES4, HOUSE), "3♠", "4♠", "5♠", "pass")
    record = json.loads(r.to_json())
    record["actions"][2]["cards"] = "9♠"  # seat 2 holds 9♠, but 9♠ was not played there... still legal
    assert Round.from_json(json.dumps(record)).hands[2] == parse_cards("5♠")
    record["actions"][2]["cards"] = "6♠"  # seat 2 never held 6♠
    with pytest.raises(InvalidRecord, match=r"action 3 \(seat 2 play 6♠\) is refused: seat 2 does not hold 6♠"):
        Round.from_json(json.dumps(record))
    record = json.loads(r.to_json())
    record["actions"][3]["seat"] = 1
    with pytest.raises(InvalidRecord, match=r"action 4 .* it is seat 3's turn, not seat 1's"):
        Round.from_json(json.dumps(record))


def test_records_of_custom_rules_round_trip() -> None:
    custom = attrs.evolve(HOUSE, name="no-dragons", instant_wins=("four_twos",))
    r = Round.from_hands(_with_others(DRAGON), custom)
    assert not r.is_over
    back = Round.from_json(r.to_json())
    assert back == r and back.rules.name == "no-dragons"
    assert isinstance(back.rules, RuleSet)


def test_one_line_notation_round_trips_and_reads_like_the_log() -> None:
    r = Round.from_hands(["3♠ 4♠ 9♦", "5♥ 6♥ 9♥", "7♣ 8♣", "K♦ K♥"], HOUSE, first_round=True)
    r = r.play("3♠").play("5♥").pass_().forfeit(3)
    text = r.to_notation()
    assert text == "house p4 d0 first | 3♠4♠9♦ / 5♥6♥9♥ / 7♣8♣ / K♦K♥ | 0:3♠ 1:5♥ 2:. 3x"
    assert Round.from_notation(text) == r
    dealt = Round.deal(IWIN, players=3, seed=9, first_round=False, leader=1)
    assert Round.from_notation(dealt.to_notation()) == dealt and " s9" in dealt.to_notation()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("house", "a round notation reads"),
        ("poker p4 d0 first | 3♠ / 4♠ |", "'poker' is not a profile"),
        ("house p4 d0 sometimes | 3♠ / 4♠ |", "'sometimes' is not a setup option"),
        ("house p3 d0 first | 3♠ / 4♠ |", "says p3 but deals 2 hands"),
        ("house p2 d0 first | 3♠ 4♠ / 5♥ 6♥ | 0:3♠ 1:2♥", r"action 2 \(1:2♥\) is refused: seat 1 does not hold 2♥"),
        ("house p2 d0 first | 3♠ 4♠ / 5♥ 6♥ | 1:5♥", "action 1 .* it is seat 0's turn"),
        ("house p2 d0 first s5 | 3♠ 4♠ / 5♥ 6♥ |", "do not match seed 5"),
    ],
)
def test_bad_notation_is_refused_naming_the_problem(text: str, message: str) -> None:
    with pytest.raises(InvalidRecord, match=message):
        Round.from_notation(text)


# Instant wins off: with 26 or 17 cards nearly every hand holds six pairs.
WHOLE = attrs.evolve(HOUSE, name="house-whole-deck", deal_whole_deck=True, instant_wins=())


EVEN = attrs.evolve(WHOLE, name="house-whole-deck-evenly", deal_evenly=True)


@pytest.mark.parametrize(("players", "sizes"), [(2, [26, 26]), (3, [17, 18, 17]), (4, [13, 13, 13, 13])])
def test_whole_deck_dealt_at_two_or_three(players: int, sizes: list[int]) -> None:
    """52 cards one at a time from the dealer's left: 26 each at two; at three the seat after the
    dealer (dealer 0: seat 1) gets the 1st and the 52nd card, 18; at four 13 each as always."""
    r = Round.deal(WHOLE, players=players, seed=3)
    assert [mask.bit_count() for mask in r.dealt] == sizes
    assert sum(r.dealt) == FULL_MASK and r.out_of_play == ()
    assert Round.from_json(r.play(r.legal_actions()[0].combo).to_json()).dealt == r.dealt  # records replay


@pytest.mark.parametrize(("players", "sizes"), [(2, [26, 26]), (3, [17, 17, 17])])
def test_whole_deck_dealt_evenly_leaves_one_card_out_at_three(players: int, sizes: list[int]) -> None:
    """With deal_evenly the deck is dealt one card at a time as before but stops when every player
    holds as many as the others: 17 each at three players, the 52nd card (which would have made
    seat 1's 18th) stays out of play; 26 each at two, as without it."""
    r = Round.deal(EVEN, players=players, seed=3)
    assert [mask.bit_count() for mask in r.dealt] == sizes
    assert (FULL_MASK & ~sum(r.dealt)).bit_count() == 52 - sum(sizes)
    whole = Round.deal(WHOLE, players=players, seed=3)
    assert all(even & ~full == 0 for even, full in zip(r.dealt, whole.dealt, strict=True))  # the same deal, one card short
    assert Round.from_json(r.play(r.legal_actions()[0].combo).to_json()).dealt == r.dealt  # records replay


def test_deal_evenly_needs_the_whole_deck() -> None:
    with pytest.raises(InvalidRules, match="deal_evenly: it shares out the whole deck"):
        RuleSet.from_mapping({"from": "house", "name": "x", "deal_evenly": True})


def test_whole_deck_off_deals_thirteen_each() -> None:
    assert [m.bit_count() for m in Round.deal(HOUSE, players=2, seed=3).dealt] == [13, 13]
    with pytest.raises(InvalidCards, match="from 1 to 13 cards"):
        Round.from_hands(["3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 2♠ 3♥", "4♥"], HOUSE)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rules=rule_sets(), data=st.data())
def test_random_rule_sets_play_out_conserve_cards_and_settle_to_zero(rules: RuleSet, data: st.DataObject) -> None:
    """For any valid rule set, a round played by random agents (out-of-turn chops offered, a seat
    sometimes leaving) ends, every card is in exactly one place, and the settlement balances to
    zero with the house account, with or without balances to cap (points rules move nothing)."""
    players = data.draw(st.integers(rules.min_players, rules.max_players))
    seed = data.draw(st.integers(0, 2**32 - 1))
    r = Round.deal(rules, players=players, seed=seed, first_round=data.draw(st.booleans()))
    agents = [RandomAgent(seed + s) for s in range(players)]
    leave = data.draw(st.sampled_from([0, 0, 40]))  # one ply in ``leave`` a seat forfeits
    for ply in range(3000):
        if r.is_over:
            break
        offers = r.legal_interrupts()
        if offers and ply % 3 == 0:
            r = r.apply(offers[ply % len(offers)])
        elif leave and ply % leave == leave - 1:
            r = r.forfeit(r.to_act)
        else:
            seat = r.to_act
            assert seat is not None
            r = r.apply(agents[seat].act(r.view(seat)))
    assert r.is_over, "the round did not end within 3,000 actions"
    held, played_cards, out = sum(r.hand_masks), mask_of(r.played), mask_of(r.out_of_play)
    assert held + played_cards + out == FULL_MASK and not held & played_cards and not (held | played_cards) & out
    stake = 1 if rules.currency == "points" else 100
    for balances in (None, [data.draw(st.integers(0, 5000)) for _ in range(players)]):
        s = settle(r.result, rules, unit=stake, balances=balances)
        if rules.currency == "points":  # points are scored, not paid: nothing moves
            assert s.transfers == () and s.house == 0
        else:
            assert sum(s.net) + s.house == 0
            assert all(t.amount > 0 for t in s.transfers)


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
