"""Table tests of the round engine: one test per round rule of RULES.md, per profile where it differs.

Every position is a small hand-made deal built with ``Round.from_hands``; seats are numbered in
play order (seat ``i + 1`` acts after seat ``i``). Hands of fewer than 13 cards are allowed, the
rest of the deck is out of play. Moves are written as card text, ``"pass"``,
``("interrupt", seat, cards)`` or ``("forfeit", seat)``.

Decisions taken where RULES.md is silent are written in the docstring of the test that pins them.

Then the round as a state machine: stateful and seeded self-play per profile and player count
(cards conserved, rounds end, nothing half-applied), the handed-out-action fast path, moves read
as text, and the layout of a position. The rules that also move money (chops, instant wins, cóng,
forfeits, finishing on a 2) are tested in their test_settle_*.py module, play and money together.
"""

from __future__ import annotations

import ast
import copy
import functools
import json
import pickle
import random
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from builders import (
    ALL,
    IWIN_PR4,
    PLAY_ON,
    PR4_LOW,
    SPADES4,
    go,
    iwin_round,
    iwin_two_on_table,
    of,
    plays_of,
    refused,
    refused_quickly,
    spelt,
)
from hypothesis import HealthCheck, event, given, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from tienlen import (
    HOUSE,
    IWIN,
    NORTHERN,
    PAGAT,
    PROFILES,
    Action,
    Chop,
    Finished,
    Froze,
    IllegalPlay,
    InvalidArgument,
    InvalidCards,
    InvalidCombo,
    InvalidRecord,
    InvalidRules,
    Played,
    Round,
    RuleSet,
    TrickWon,
    format_cards,
    instant_win_pattern,
    parse_cards,
    settle,
)
from tienlen.game import _state
from tienlen.game._words import ACTIONS
from tienlen.game.actions import parse_action
from tienlen.game.cards import DECK, FULL_MASK, mask_of
from tienlen.game.position import Position, position_reader
from tienlen.players.agents import RandomAgent, play_round
from tienlen.strategies import rounds, rule_sets

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

PR4_HIGH = "8♠ 8♣ 9♦ 9♥ 10♦ 10♥ J♦ J♥"


def test_pr4_interrupts_out_of_turn_and_after_passing_iwin() -> None:
    r = iwin_two_on_table()
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
    r = iwin_two_on_table().interrupt(2, PR4_LOW)
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
    r = iwin_two_on_table()
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


# Chops, instant wins, frozen players, finishing on a 2 and forfeits are tested with their money in
# test_settle_chops.py, test_settle_instant_wins.py, test_settle_frozen.py,
# test_settle_placement.py and test_settle_forfeit.py.


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


@pytest.mark.parametrize("seat", [False, True])
def test_a_bool_is_no_seat_for_any_action(seat: bool) -> None:
    """False equals 0 and True equals 1 in Python; neither is a seat, even of the seat to act."""
    r = Round.from_hands(["3♠ 4♠", "5♠ 6♠"], HOUSE)
    refused(r, lambda x: x.play("3♠", seat=seat), f"seat must be a seat from 0 to 1, not {seat}")
    refused(r.play("3♠"), lambda x: x.pass_(seat=seat), f"seat must be a seat from 0 to 1, not {seat}")
    refused(r, lambda x: x.forfeit(seat), f"seat must be a seat from 0 to 1, not {seat}")
    refused(iwin_round(), lambda x: x.interrupt(seat, "6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣"), f"not {seat}")
    for ask in (r.view, r.is_active, lambda s: r.parse_action("pass", seat=s), lambda s: r.to_dict(view_of=s)):
        refused_quickly(functools.partial(ask, seat), InvalidArgument, f"must be a seat from 0 to 1, not {seat}")
    assert r.play("3♠", seat=0).to_act == 1 and r.play("3♠").pass_(seat=1).to_act == 0


def test_actions_after_the_round_is_over_are_refused() -> None:
    r = go(Round.from_hands(["3♠", "4♠"], HOUSE))
    r = r.play("3♠")
    assert r.is_over
    refused(r, lambda x: x.play("4♠"), "the round is over")
    refused(r, lambda x: x.pass_(), "the round is over")
    refused(r, lambda x: x.forfeit(1), "the round is over")
    refused(Round.from_hands(["3♠", "4♠"], IWIN).play("3♠"), lambda x: x.interrupt(1, "4♠"), "the round is over")


def test_result_before_the_end_is_refused() -> None:
    """Settling an unfinished round (issue 43): a clear class and a stable code, not IllegalPlay."""
    r = Round.from_hands(SPADES4, HOUSE)
    with pytest.raises(InvalidArgument, match="only a finished round has a result to settle") as refused:
        settle(r.result, HOUSE)
    assert refused.value.code == "round-not-over"


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
    assert Round.from_json(r.apply(r.legal_actions()[0]).to_json()).dealt == r.dealt  # records replay


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
    assert Round.from_json(r.apply(r.legal_actions()[0]).to_json()).dealt == r.dealt  # records replay


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
            assert r.to_act is not None  # (forfeit(None) would be refused anyway)
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


CASES = [(name, n) for name, rules in PROFILES.items() for n in range(rules.min_players, rules.max_players + 1)]


# The most actions a round can take: each play removes a card (52), each play is answered by at
# most two passes per other seat (pagat asks a seat that passed again when a 2-group lands), and
# each seat forfeits at most once.
MAX_PLIES = 52 * (1 + 2 * 3) + 4


def check_result(r: Round) -> None:
    res = r.result
    if r.instant_winners:
        assert res.placements == () and res.winners and len(r.actions) == 0
        if r.rules.instant_win_ties == "nearest_dealer":
            assert len(res.winners) == 1
        return
    assert sorted(res.placements) == list(range(r.players)), "every seat takes exactly one place"
    assert res.placements[: len(r.finished)] == r.finished
    tail = res.placements[len(res.placements) - len(r.frozen) - len(r.forfeited) :]
    assert tail == r.frozen + tuple(reversed(r.forfeited))
    assert [f.place for f in res.finishes] == list(range(1, len(r.finished) + 1))
    still = [s for s in range(r.players) if r.is_active(s)]
    assert still == []
    holding = [s for s in range(r.players) if r.hand_masks[s] and s not in r.frozen and s not in r.forfeited]
    if r.rules.scoring == "cards" and r.finished:
        assert len(r.finished) == 1, "card-count scoring ends the round when the first player goes out"
    else:
        assert len(holding) <= 1, "the round ends when one player (or none) still holds cards in play"
    if res.den_bai is not None:
        assert r.rules.den_bai and res.den_bai in r.frozen and len(r.frozen) == r.players - 1 == 3
    assert sum(isinstance(e, Froze) for e in r.events) == len(r.frozen)
    assert sum(isinstance(e, Finished) for e in r.events) == len(r.finished)


def random_action(r: Round, rng: random.Random, *, forfeit: float = 0.0, interrupt: float = 0.3, high: float = 0.0) -> Action:
    """A random legal action: sometimes an interrupt (if any), rarely a forfeit; with probability
    ``high`` the highest play (which puts 2s and bombs on the table)."""
    if forfeit and rng.random() < forfeit:
        return Action(kind="forfeit", seat=rng.choice([s for s in range(r.players) if r.is_active(s)]))
    interrupts = r.legal_interrupts()
    if interrupts and rng.random() < interrupt:
        return rng.choice(interrupts)
    actions = r.legal_actions()
    if high and rng.random() < high and actions[0].kind == "play":
        return max((a for a in actions if a.kind == "play"), key=lambda a: a.mask)
    return rng.choice(actions)


def play_out(r: Round, rng: random.Random, *, forfeit: float = 0.0, high: float = 0.0) -> Iterator[Round]:
    """Play ``r`` to its end with random legal actions, yielding every round reached; fails on a stall."""
    for _ in range(MAX_PLIES + 1):
        if r.is_over:
            return
        r = r.apply(random_action(r, rng, forfeit=forfeit, high=high))
        yield r
    raise AssertionError(f"the round did not end within {MAX_PLIES} actions: {r}")


# ---------------------------------------------------------------------------- the named state (issue 20)
STATE_SOURCES = sorted(Path(_state.__file__).parent.glob("*.py"))
"""The modules of the game wing: the only ones that may unpack or pack a position by order (every
other wing reads its values by name; ``tests/test_imports.py`` keeps the private state inside)."""
FIELDS = Position._fields


def _name_lists(source: Path) -> Iterator[tuple[int, list[str]]]:
    """Every tuple of as many values as a position that an assignment unpacks or packs, as its
    line and its names (a value that is not a plain name shows as ``?``)."""
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Assign):
            for side in (*node.targets, node.value):
                if isinstance(side, ast.Tuple) and len(side.elts) == len(FIELDS):
                    yield side.lineno, [e.id if isinstance(e, ast.Name) else "?" for e in side.elts]


FULL = (1 << 52) - 1

# The most actions a round can take: each play removes a card (52), each play is answered by at
# most two passes per other seat (pagat asks a seat that passed again when a 2-group lands), and
# each seat forfeits at most once.


def _cards_mask(cards: object) -> int:
    mask = 0
    for card in cards:  # type: ignore[attr-defined]
        mask |= 1 << card.index
    return mask


# ---------------------------------------------------------------------- deals rich in bombs


@st.composite
def rich_hands(draw: st.DrawFn, players: int) -> list[int]:
    """Hands (as masks) of 1–11 cards (1–13 one time in ten), each seeded with up to two of: a quad,
    a PR3, a PR4, a pair or triple of 2s, a single 2. Short hands make freezes common; PR4s and
    2s make chops and iwin's interrupts common."""
    rnd = draw(st.randoms(use_true_random=False))
    free = FULL
    hands = []
    for _ in range(players):
        mask = 0
        for _ in range(draw(st.integers(0, 2))):
            feature = draw(st.sampled_from(["quad", "PR3", "PR4", "PR4", "twos", "twos", "two"]))
            part = _feature(feature, free, rnd)
            if part and (mask | part).bit_count() <= 13:
                mask |= part
                free &= ~part
        most = 13 if draw(st.integers(0, 9)) == 0 else 11
        size = draw(st.integers(max(1, mask.bit_count()), max(most, mask.bit_count())))
        pool = [i for i in range(52) if free >> i & 1]
        for i in rnd.sample(pool, min(size - mask.bit_count(), len(pool))):
            mask |= 1 << i
        free &= ~mask
        if not mask:  # the deck ran out: impossible at 4 × 13, kept for safety
            break
        hands.append(mask)
    return hands


def _feature(feature: str, free: int, rnd: random.Random) -> int:
    nib = [(free >> (4 * r)) & 0xF for r in range(13)]
    if feature == "quad":
        ranks = [r for r in range(13) if nib[r] == 0xF]
        return 0xF << 4 * rnd.choice(ranks) if ranks else 0
    if feature in ("twos", "two"):
        suits = [s for s in range(4) if nib[12] >> s & 1]
        k = 1 if feature == "two" else rnd.choice((2, 3))
        if len(suits) < k:
            return 0
        return sum(1 << (48 + s) for s in rnd.sample(suits, k))
    pairs = int(feature[2])
    starts = [s for s in range(12 - pairs + 1) if all(nib[r].bit_count() >= 2 for r in range(s, s + pairs))]
    if not starts:
        return 0
    start = rnd.choice(starts)
    mask = 0
    for r in range(start, start + pairs):
        for s in rnd.sample([s for s in range(4) if nib[r] >> s & 1], 2):
            mask |= 1 << (4 * r + s)
    return mask


# ---------------------------------------------------------------------- checks shared with the smoke test


def check_conservation(r: Round) -> None:
    hands = [_cards_mask(h) for h in r.hands]
    assert sum(len(h) for h in r.hands) == sum(m.bit_count() for m in hands)
    total = 0
    for m in hands:
        assert total & m == 0, "a card is in two hands"
        total |= m
    played = _cards_mask(r.played)
    out = _cards_mask(r.out_of_play)
    assert total & played == 0 and total & out == 0 and played & out == 0
    assert total | played | out == FULL
    assert len(r.hands) and sum(len(h) for h in r.hands) + len(r.played) + len(r.out_of_play) == 52
    from_events = 0
    for happened in r.events:
        if isinstance(happened, Played):
            assert from_events & happened.combo.mask == 0, f"{happened.combo} played twice"
            from_events |= happened.combo.mask
    assert from_events == played


def check_state(r: Round) -> None:
    """Invariants of any round value."""
    check_conservation(r)
    assert (r.to_act is None) == r.is_over
    actions = r.legal_actions()
    assert len(set(actions)) == len(actions)
    if r.is_over:
        assert actions == () and r.legal_interrupts() == ()
        check_result(r)
        return
    assert r.is_active(r.to_act)  # type: ignore[arg-type]
    assert actions, f"no legal action for seat {r.to_act}: {r}"
    held = r.hand_masks[r.to_act]  # type: ignore[index]
    for a in actions:
        assert a.seat == r.to_act and a.kind in ("play", "pass")
        assert a.kind == "play" or r.trick.table is not None
        assert a.mask & ~held == 0
    for a in r.legal_interrupts():
        assert a.kind == "interrupt" and a.seat not in (r.to_act, r.trick.last_seat)
        assert r.is_active(a.seat) and a.combo is not None and a.combo.bomb_class in r.rules.interrupt_bombs
    if not r.rules.frozen:
        assert r.frozen == ()
    for seat in r.frozen:
        assert seat not in r.played_any and r.hand_masks[seat] == r.dealt[seat]
    # chop chains count 1, 2, 3 … inside each trick
    by_trick: dict[int, list[int]] = {}
    for e in r.events:
        if isinstance(e, Chop):
            by_trick.setdefault(e.trick, []).append(e.index)
    for indices in by_trick.values():
        assert indices == list(range(1, len(indices) + 1))
    assert [c.index for c in r.trick.chain] == list(range(1, len(r.trick.chain) + 1))


def _refuses(r: Round, call: object) -> str:
    """``call()`` raises IllegalPlay, ``r`` is unchanged; returns the message."""
    before = r.to_json()
    try:
        call()  # type: ignore[operator]
    except IllegalPlay as error:
        assert r.to_json() == before
        assert str(error)
        return str(error)
    raise AssertionError("an illegal action was accepted")


class RoundMachine(RuleBasedStateMachine):
    RULES: RuleSet
    PLAYERS: int

    def __init__(self) -> None:
        super().__init__()
        self.round: Round | None = None
        self.seen: set[str] = set()

    @property
    def r(self) -> Round:
        assert self.round is not None
        return self.round

    @initialize(data=st.data())
    def deal(self, data: st.DataObject) -> None:
        self._deal(data)

    def _deal_again(self, data: st.DataObject) -> None:
        """The round is over: check that nothing more is accepted, then deal another."""
        r = self.r
        self._note(r)
        for seat in range(r.players):
            _refuses(r, lambda seat=seat: r.forfeit(seat))
            _refuses(r, lambda seat=seat: r.play(r.dealt[seat] & -r.dealt[seat], seat=seat))
        _refuses(r, lambda: r.pass_())
        self._deal(data)

    def _note(self, r: Round) -> None:
        for what, seen in (
            ("interrupt", any(isinstance(e, Played) and e.out_of_turn for e in r.events)),
            ("chop", any(isinstance(e, Chop) for e in r.events)),
            ("frozen", bool(r.frozen)),
            ("den_bai", r.is_over and r.result.den_bai is not None),
            ("forfeit", bool(r.forfeited)),
            ("instant win", bool(r.instant_winners)),
            ("round over", r.is_over),
        ):
            if seen:
                self.seen.add(what)

    def _deal(self, data: st.DataObject) -> None:
        first_round = data.draw(st.booleans(), label="first_round")
        dealer = data.draw(st.integers(0, self.PLAYERS - 1), label="dealer")
        if data.draw(st.booleans(), label="rich deal"):
            hands = data.draw(rich_hands(self.PLAYERS), label="hands")
            if len(hands) < self.PLAYERS:  # pragma: no cover - the deck never runs out
                hands = [1 << i for i in range(self.PLAYERS)]
            self.round = Round.from_hands(hands, self.RULES, first_round=first_round, dealer=dealer)
        else:
            seed = data.draw(st.integers(0, 2**63 - 1), label="seed")
            self.round = Round.deal(self.RULES, players=self.PLAYERS, seed=seed, first_round=first_round, dealer=dealer)

    # ---- legal steps
    @precondition(lambda self: self.round is not None)
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        """A few random legal actions in a row, each checked like a step of its own; once the
        round is over, a new deal."""
        if self.r.is_over:
            self._deal_again(data)
            return
        for _ in range(data.draw(st.integers(1, 12), label="actions")):
            r = self.r
            if r.is_over:
                return
            roll = data.draw(st.integers(0, 99), label="roll")
            interrupts = r.legal_interrupts()
            plays = [a for a in r.legal_actions() if a.kind == "play"]
            if roll < 2:
                seat = data.draw(st.sampled_from([s for s in range(r.players) if r.is_active(s)]), label="forfeiter")
                self.round = r.forfeit(seat)
            elif interrupts and roll < 50:
                self.round = r.apply(data.draw(st.sampled_from(interrupts), label="interrupt"))
            elif plays and roll < 70:
                # the highest play: puts 2s and bombs on the table, so chops and interrupts come up
                self.round = r.apply(max(plays, key=lambda a: a.mask))
            else:
                self.round = r.apply(data.draw(st.sampled_from(r.legal_actions()), label="action"))
            check_state(self.r)
            assert Round.from_json(self.r.to_json()) == self.r

    @precondition(lambda self: self.round is not None and not self.round.is_over)
    @rule(data=st.data())
    def every_listed_action_is_accepted(self, data: st.DataObject) -> None:
        r = self.r
        for action in r.legal_actions() + r.legal_interrupts():
            moved = r.apply(action)
            assert moved.actions[-1] == action
            assert moved.actions[:-1] == r.actions

    # ---- illegal attempts
    @precondition(lambda self: self.round is not None)
    @rule(data=st.data())
    def random_cards_in_turn(self, data: st.DataObject) -> None:
        r = self.r
        seat = r.to_act
        if seat is None:  # over: whatever anyone tries is refused
            seat = data.draw(st.integers(0, r.players - 1), label="seat")
            mask = data.draw(st.integers(1, FULL), label="mask")
            assert "the round is over" in _refuses(r, lambda: r.play(mask, seat=seat))
            return
        held = [c for c in r.hands[seat]]
        cards = data.draw(st.sets(st.sampled_from(held), min_size=1, max_size=min(len(held), 8)), label="cards")
        if data.draw(st.integers(0, 9), label="stranger") == 0:
            cards |= {data.draw(st.sampled_from(DECK), label="any card")}
        mask = _cards_mask(cards)
        legal = {a.mask for a in r.legal_actions() if a.kind == "play"}
        if mask in legal:
            assert r.play(mask).actions[-1].mask == mask
            assert r.play(format_cards(mask), seat=seat).actions[-1].mask == mask
        else:
            _refuses(r, lambda: r.play(mask))

    @precondition(lambda self: self.round is not None)
    @rule(data=st.data())
    def random_cards_out_of_turn(self, data: st.DataObject) -> None:
        r = self.r
        if r.is_over:
            seat = data.draw(st.integers(0, r.players - 1), label="seat")
            assert "the round is over" in _refuses(r, lambda: r.interrupt(seat, r.dealt[seat]))
            return
        seat = data.draw(st.sampled_from([s for s in range(r.players) if s != r.to_act]), label="seat")
        held = r.hands[seat] or r.hands[r.to_act]  # type: ignore[index]
        cards = data.draw(st.sets(st.sampled_from(held), min_size=1, max_size=min(len(held), 8)), label="cards")
        mask = _cards_mask(cards)
        offered = {(a.seat, a.mask) for a in r.legal_interrupts()}
        if (seat, mask) in offered:
            assert r.interrupt(seat, mask).actions[-1] == Action(
                kind="interrupt", seat=seat, combo=r.interrupt(seat, mask).actions[-1].combo
            )
        else:
            _refuses(r, lambda: r.interrupt(seat, mask))
        # and never in turn through play(): it is not their turn
        message = _refuses(r, lambda: r.play(mask, seat=seat))
        assert f"it is seat {r.to_act}'s turn, not seat {seat}'s" in message

    @precondition(lambda self: self.round is not None)
    @rule(data=st.data())
    def wrong_seat_pass(self, data: st.DataObject) -> None:
        r = self.r
        seat = data.draw(st.sampled_from([s for s in range(r.players) if s != r.to_act]), label="seat")
        message = _refuses(r, lambda: r.pass_(seat=seat))
        assert ("the round is over" if r.is_over else f"it is seat {r.to_act}'s turn, not seat {seat}'s") in message

    @precondition(lambda self: self.round is not None and not self.round.is_over and self.round.trick.table is None)
    @rule()
    def pass_when_leading(self) -> None:
        r = self.r
        assert "must lead and may not pass" in _refuses(r, lambda: r.pass_())
        assert all(a.kind == "play" for a in r.legal_actions())

    # ---- records
    @precondition(lambda self: self.round is not None and any(a.kind != "forfeit" for a in self.round.actions))
    @rule(data=st.data())
    def tampered_record_is_refused(self, data: st.DataObject) -> None:
        r = self.r
        record = json.loads(r.to_json())
        candidates = [i for i, a in enumerate(r.actions) if a.kind != "forfeit"]
        index = data.draw(st.sampled_from(candidates), label="action index")
        entry = record["actions"][index]
        action = r.actions[index]
        if action.combo is not None and data.draw(st.booleans(), label="change a card"):
            cards = list(action.combo.cards)
            strangers = [c for c in DECK if not (r.dealt[action.seat] >> c.index) & 1]
            cards[data.draw(st.integers(0, len(cards) - 1), label="which card")] = data.draw(
                st.sampled_from(strangers), label="new card"
            )
            entry["cards"] = " ".join(map(str, cards))
        else:
            entry["seat"] = data.draw(st.sampled_from([s for s in range(r.players) if s != action.seat]), label="new seat")
        try:
            Round.from_json(json.dumps(record, ensure_ascii=False))
        except InvalidRecord as error:
            assert str(error).startswith(f"action {index + 1} ("), str(error)  # records count actions from 1
        else:
            raise AssertionError(f"tampered action {index} was accepted: {entry}")

    @precondition(lambda self: self.round is not None and self.round.seed is not None)
    @rule()
    def altered_deal_is_refused(self) -> None:
        record = json.loads(self.r.to_json())
        record["hands"][0], record["hands"][1] = record["hands"][1], record["hands"][0]
        try:
            Round.from_json(json.dumps(record, ensure_ascii=False))
        except InvalidRecord as error:
            assert "the deal was altered" in str(error)
        else:
            raise AssertionError("a deal that does not match its seed was accepted")

    # ---- invariants
    @invariant()
    def consistent(self) -> None:
        if self.round is not None:
            check_state(self.round)

    @invariant()
    def record_round_trips(self) -> None:
        if self.round is not None:
            assert Round.from_json(self.round.to_json()) == self.round
            assert Round.from_notation(self.round.to_notation(), self.round.rules) == self.round

    def teardown(self) -> None:
        if self.round is None:
            return
        rng = random.Random(len(self.round.actions))
        *_, last = [self.round, *play_out(self.round, rng, forfeit=0.01, high=0.3)]
        assert last.is_over
        check_state(last)
        self._note(last)
        for what in sorted(self.seen):
            event(f"seen: {what}")


SETTINGS = settings(
    max_examples=15,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

for _name, _players in CASES:
    _machine = type(
        f"RoundMachine_{_name}_{_players}",
        (RoundMachine,),
        {"RULES": PROFILES[_name], "PLAYERS": _players},
    )
    _case = _machine.TestCase  # type: ignore[attr-defined]
    _case.settings = SETTINGS
    globals()[f"TestRound_{_name}_{_players}p"] = _case
del _name, _players, _machine, _case


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{n}-{p}p" for n, p in CASES])
def test_random_self_play_never_raises_and_never_stalls(name: str, players: int) -> None:
    """200 seeded rounds per profile and player count, random legal actions (interrupts included,
    a forfeit in every twentieth round): every round ends within the action bound with a result."""
    rules = PROFILES[name]
    rng = random.Random(f"{name}-{players}")
    instant = 0
    for k in range(200):
        r = Round.deal(rules, players=players, seed=rng.getrandbits(32), dealer=k % players, first_round=k % 5 == 0)
        *_, last = [r, *play_out(r, rng, forfeit=0.005 if k % 20 == 0 else 0.0)]
        assert last.is_over
        check_result(last)
        instant += bool(last.instant_winners)
    assert instant < 200


def test_every_position_is_unpacked_and_packed_under_the_names_of_its_fields() -> None:
    found = [(source.name, line, names) for source in STATE_SOURCES for line, names in _name_lists(source)]
    assert len(found) >= 10  # each transition unpacks one and packs one
    wrong = [(name, line) for name, line, names in found if names != list(FIELDS)]
    assert wrong == [], f"a position unpacked or packed out of order (or from an expression) at {wrong}"


def test_the_named_indices_of_a_position_are_its_fields_in_capitals() -> None:
    assert [getattr(_state, name.upper()) for name in FIELDS] == list(range(len(FIELDS)))
    r = Round.deal(HOUSE, seed=7)
    assert type(r._position) is tuple and len(r._position) == len(FIELDS)  # the engine's own: a plain tuple


@pytest.mark.parametrize("name", ["house", "northern", "pagat"])
def test_the_position_read_by_name_is_the_rounds_own_account(name: str) -> None:
    """``Round.position`` and ``position_reader`` show the engine's state by name, agreeing with the
    round's and the trick's own accounts."""
    read = position_reader(*reversed(FIELDS))
    rng = random.Random(name)
    for k in range(20):
        start = Round.deal(PROFILES[name], seed=k)
        for r in [start, *play_out(start, rng, forfeit=0.01)]:
            p = r.position
            assert type(p) is Position and tuple(p) == r._position and read(r) == tuple(reversed(p))
            assert p.hands == r.hand_masks and p.events == r.events and p.actions == r.actions
            assert (p.number, p.leader, p.plays, p.chain) == (r.trick.number, r.trick.leader, r.trick.plays, r.trick.chain)
            assert p.passed_seats == r.trick.passed and (p.table, p.table_seat) == (r.trick.table, r.trick.last_seat)
            assert (p.finished, p.frozen, p.forfeited, p.must) == (r.finished, r.frozen, r.forfeited, r.must_include)
            assert p.players == r.players
            for seat in range(r.players):
                assert p.cards_left(seat) == len(r.hands[seat])
                assert p.has_passed(seat) == (seat in r.trick.passed)
                assert p.is_out(seat) == (seat in r.finished or seat in r.frozen or seat in r.forfeited)


def test_a_position_reader_reads_the_fields_it_names_and_refuses_other_names() -> None:
    r = Round.deal(HOUSE, seed=7).play("3♠")
    assert position_reader("plays")(r) == (r.trick.plays,) and position_reader()(r) == ()
    assert position_reader("must", "hands", "must")(r) == (0, r.hand_masks, 0)
    with pytest.raises(InvalidArgument, match="position_reader: 'table' is not allowed; use one of hands, number"):
        position_reader("hands", "table")  # a property of Position, not one of its fields
    with pytest.raises(InvalidArgument, match="round_ must be a Round, not"):
        position_reader("hands")(r.view(0))


def test_a_position_refuses_a_seat_it_does_not_have() -> None:
    p = Round.deal(PROFILES["house"], players=3, seed=1).position
    for read in (p.cards_left, p.has_passed, p.is_out):
        for bad in (3, -1, "0", True, None):
            with pytest.raises(InvalidArgument, match="seat"):
                read(bad)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- other hidden cards (the search's worlds)
def _redealt(r: Round, rng: random.Random) -> list[int]:
    """Each seat's cards now, the cards nobody has played dealt again at random in the same counts."""
    unseen = [c for c in range(52) if not (sum(r.dealt) & ~sum(r.hand_masks)) >> c & 1]
    rng.shuffle(unseen)
    hands, start = [], 0
    for held in r.hand_masks:
        count = held.bit_count()
        hands.append(sum(1 << c for c in unseen[start : start + count]))
        start += count
    return hands


def _dealt(r: Round, hands: list[int]) -> tuple[int, ...]:
    """What the deal would have been with ``hands`` now: each seat's new cards and those it has played."""
    return tuple(h | (d & ~now) for h, d, now in zip(hands, r.dealt, r.hand_masks, strict=True))


def test_with_hands_keeps_the_history_and_the_turn_and_deals_the_new_hands() -> None:
    rng = random.Random(3)
    made = 0
    for k in range(30):
        start = Round.deal(HOUSE, seed=k, first_round=False)
        for r in [start, *play_out(start, rng)][:: rng.randrange(3, 9)]:
            hands = _redealt(r, rng)
            if any(hands[s] != r.hand_masks[s] for s in r.frozen):
                with pytest.raises(InvalidCards, match="frozen seat keeps its own"):
                    r.with_hands(hands)
                continue
            world = r.with_hands(hands)
            if world is None:
                assert any(instant_win_pattern(d, HOUSE) for d in _dealt(r, hands))
                continue
            made += 1
            if r.instant_winners:  # won at the deal: these hands are dealt instead
                assert world == Round.from_hands(hands, HOUSE, first_round=False, dealer=r.dealer)
                continue
            assert world.hand_masks == tuple(hands) and world.dealt == _dealt(r, hands)
            assert world.seed is None and world.instant_winners == ()
            assert (world.to_act, world.trick, world.events, world.actions) == (r.to_act, r.trick, r.events, r.actions)
            replayed = Round.from_hands(world.dealt, HOUSE, first_round=False, dealer=r.dealer, leader=start.to_act)
            for action in r.actions:
                replayed = replayed.apply(action)
            assert (replayed.position, replayed.to_act) == (world.position, world.to_act)  # what those hands would have made
    assert made > 100


def test_with_hands_is_none_where_the_hands_would_have_won_at_the_deal() -> None:
    dealt = ["3♠ 2♠ 2♣ 2♦ 8♠", "2♥ 7♣ 7♦ 7♥ 9♣", "4♠ 4♣ 4♦ 4♥ 9♦", "5♠ 5♣ 5♦ 5♥ 9♥"]
    r = Round.from_hands(dealt, HOUSE)
    swapped = ["3♠ 2♠ 2♣ 2♦ 8♠", "2♥ 7♣ 7♦ 7♥ 9♣", "4♠ 4♣ 4♦ 4♥ 9♥", "5♠ 5♣ 5♦ 5♥ 9♦"]
    assert r.with_hands(swapped) == Round.from_hands(swapped, HOUSE)  # nothing played yet: the deal itself
    assert r.with_hands(["3♠ 2♠ 2♣ 2♦ 2♥", "8♠ 7♣ 7♦ 7♥ 9♣", *dealt[2:]]) is None  # four 2s win at once
    r = r.play("3♠")
    assert r.with_hands(["2♠ 2♣ 2♦ 8♠", "2♥ 7♣ 7♦ 7♥ 9♣", *swapped[2:]]) is not None
    assert r.with_hands(["2♠ 2♣ 2♦ 2♥", "8♠ 7♣ 7♦ 7♥ 9♣", *dealt[2:]]) is None  # 2♥ and the 3♠ played: four 2s


def test_with_hands_refuses_hands_that_do_not_fit_the_position() -> None:
    dealt = Round.from_hands(["3♠ 4♠ 9♦", "5♠ 6♠ 9♥", "7♠ 8♠ 10♠"], HOUSE)
    with pytest.raises(InvalidCards, match="seat 0 cannot hold 4♠ 5♠ 9♦ here") as refused:
        dealt.with_hands(["4♠ 5♠ 9♦", "3♠ 6♠ 9♥", "7♠ 8♠ 10♠"])  # the first lead owes 3♠: seat 0 keeps it
    assert refused.value.code == "hand-does-not-fit-position" and refused.value.text("vi").startswith("ghế 0 không thể cầm")
    r = dealt.play("3♠")
    assert r.with_hands(["4♠ J♦", "5♠ 6♠ 9♥", "7♠ 8♠ 10♠"]) is not None  # a card nobody was dealt may be drawn
    for hands, code in [
        ("4♠ 9♦", "hands-not-a-sequence"),
        (["4♠ 9♦", "5♠ 6♠ 9♥"], "hands-not-a-sequence"),
        (["4♠ 9♦", "5♠ 6♠ 9♦", "7♠ 8♠ 10♠"], "card-dealt-twice"),
        (["4♠ 3♠", "5♠ 6♠ 9♥", "7♠ 8♠ 10♠"], "hand-does-not-fit-position"),  # 3♠ is played
        (["4♠", "5♠ 6♠ 9♥", "7♠ 8♠ 10♠"], "hand-does-not-fit-position"),  # one card short
        (["4♠ 9♦", "5♠ 6♠ 9♥", "7♠ 8♠ 10♠ J♠"], "hand-does-not-fit-position"),
        (["4♠ 9♦", "5♠ 6♠ 9♥", "7♠ 8♠ K♠ ♠"], "invalid-cards"),
    ]:
        with pytest.raises(InvalidCards) as refused:
            r.with_hands(hands)
        assert code == "invalid-cards" or refused.value.code == code, (hands, refused.value)
    frozen = Round.from_hands(["3♠ 10♠", "5♠ 6♠", "4♣ 4♦", "3♣ 3♦"], HOUSE).play("3♠").play("5♠").pass_().pass_().play("10♠")
    assert frozen.frozen == (2, 3) and frozen.with_hands(frozen.hand_masks) == frozen
    with pytest.raises(InvalidCards, match="seat 2 cannot hold 3♣ 3♦ here"):  # a frozen seat's cards are in its event
        frozen.with_hands(["", "6♠", "3♣ 3♦", "4♣ 4♦"])


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [((), {}), ((), {"deal": "nonsense", "state": (1, 2)}), (("x",), {}), ((), {"deal": None, "position": None, "to_act": 0})],
)
def test_the_round_constructor_refuses_outside_callers(args: tuple[object, ...], kwargs: dict[str, object]) -> None:
    with pytest.raises(InvalidArgument, match=r"Round\.deal"):
        Round(*args, **kwargs)


def test_a_round_is_still_copied_pickled_and_reseeded_without_its_constructor() -> None:
    r = Round.deal(PROFILES["house"], seed=7)
    r = r.apply(r.legal_actions()[0])
    assert pickle.loads(pickle.dumps(r)) == r
    assert copy.copy(r) == r and copy.deepcopy(r) == r
    assert Round.from_json(r.to_json()) == r


def _by_hand(action: Action) -> Action:
    """An equal action built by hand: not the object the round handed out."""
    return Action(kind=action.kind, seat=action.seat, combo=action.combo)


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(sorted(PROFILES)), seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False))
def test_an_action_from_legal_actions_gives_the_same_round_as_the_same_action_checked(
    name: str, seed: int, choices: random.Random
) -> None:
    r = Round.deal(PROFILES[name], players=PROFILES[name].max_players, seed=seed)
    while not r.is_over:
        legal = r.legal_actions()
        action = legal[choices.randrange(len(legal))]
        fast, checked = r.apply(action), r.apply(_by_hand(action))
        assert fast == checked
        assert fast.events == checked.events and fast.actions == checked.actions
        r = fast


def test_an_action_handed_out_by_another_position_is_checked_in_full() -> None:
    r = Round.deal(HOUSE, seed=7)
    lead = r.legal_actions()[0]
    after = r.apply(lead)
    after.legal_actions()[0]  # the next position hands out actions of its own
    with pytest.raises(IllegalPlay, match="turn"):
        after.apply(lead)  # the same object, legal one ply earlier, is refused now


@pytest.mark.parametrize("thing", [None, False, 0, "pass", "legal actions"])
def test_something_that_is_no_handed_out_action_is_refused_after_legal_actions_were_asked(thing: object) -> None:
    r = Round.deal(HOUSE, seed=7)
    legal = r.legal_actions()
    legal[0]
    with pytest.raises(IllegalPlay):
        r.apply(legal if thing == "legal actions" else thing)  # type: ignore[arg-type]


def test_iterating_and_indexing_legal_actions_agree_and_both_count_as_handed_out() -> None:
    first = Round.deal(HOUSE, seed=7)
    r = first.apply(first.legal_actions()[0])
    legal = r.legal_actions()
    assert list(legal) == [legal[i] for i in range(len(legal))]
    assert pickle.loads(pickle.dumps(legal)) == legal
    assert r.legal_actions() is legal  # made once per position
    for action in legal:
        assert r.apply(action) == r.apply(_by_hand(action))


TEXT_SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("name", list(PROFILES))
@TEXT_SETTINGS
@given(data=st.data())
def test_every_legal_action_reads_back_from_its_text(name: str, data: st.DataObject) -> None:
    round_ = data.draw(rounds(PROFILES[name], forfeits=True, max_actions=60))
    actions = list(round_.legal_actions()) + list(round_.legal_interrupts())
    actions += [Action(kind="forfeit", seat=s) for s in range(round_.players) if round_.is_active(s)]
    for action in actions:
        assert round_.parse_action(str(action)) == action
        assert round_.view(action.seat).parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "seat", "expected"),
    [
        ("pass", None, "seat 1 pass"),
        ("PASS", 1, "seat 1 pass"),
        ("4s", None, "seat 1 play 4♠"),
        ("play 5♠", None, "seat 1 play 5♠"),
        ("seat 1 play 5s", None, "seat 1 play 5♠"),
        ("chop 6♠6♣7♠7♣8♠8♣9♠9♣", 2, "seat 2 interrupt 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣"),
        ("seat 2 interrupt 6s 6c 7s 7c 8s 8c 9s 9c", None, "seat 2 interrupt 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣"),
        ("seat 3 forfeit", None, "seat 3 forfeit"),
        ("  play   J bích  ", 3, "seat 3 play J♠"),
        ("ghế 3 bỏ cuộc", None, "seat 3 forfeit"),
        ("Ghế 0 BỎ CUỘC", None, "seat 0 forfeit"),
        ("bo cuoc", 2, "seat 2 forfeit"),
        ("seat 1 bỏ cuộc", 1, "seat 1 forfeit"),
        ("ghế 1 bỏ lượt", None, "seat 1 pass"),
        ("đánh 4♠", None, "seat 1 play 4♠"),
        ("ghế 2 chặt 6♠6♣7♠7♣8♠8♣9♠9♣", None, "seat 2 interrupt 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣"),
    ],
)
def test_what_a_person_types_is_read(text: str, seat: int | None, expected: str) -> None:
    round_ = iwin_round()
    assert str(round_.parse_action(text, seat)) == expected


@pytest.mark.parametrize("invisible", ["\u200b", "\u200d", "\ufeff", "\ufe0f", "\u2060"])
def test_an_invisible_character_is_dropped_from_action_words_as_from_card_text(invisible: str) -> None:
    round_ = iwin_round()
    for text, expected in [
        (f"pass{invisible}", "seat 1 pass"),
        (f"pa{invisible}ss", "seat 1 pass"),
        (f"{invisible}play 4{invisible}♠{invisible}", "seat 1 play 4♠"),
        (f"seat{invisible} 2 chop{invisible} 6♠6♣7♠7♣8♠8♣9♠9♣", "seat 2 interrupt 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣"),
        (f"seat 1{invisible} bỏ{invisible} lượt", "seat 1 pass"),
    ]:
        assert str(round_.parse_action(text)) == expected
        assert str(round_.view(int(expected[5])).parse_action(text)) == expected
    with pytest.raises(IllegalPlay, match=r"cannot read 'plya' in 'pl\\u200bya 4s'"):
        round_.parse_action("pl\u200bya 4s")  # quoted as typed, the invisible character escaped


def test_a_read_action_is_applied_by_the_round_which_says_whether_it_is_legal() -> None:
    round_ = iwin_round()
    chopped = round_.apply(round_.parse_action("chop 6♠6♣7♠7♣8♠8♣9♠9♣", seat=2))
    assert chopped.trick.table is not None and chopped.trick.table.bomb_class == "PR4"
    with pytest.raises(IllegalPlay, match="seat 1 does not hold 2♠"):
        round_.apply(round_.parse_action("play 2♠"))


@pytest.mark.parametrize(
    ("text", "seat", "error", "message"),
    [
        ("plya 4s", None, IllegalPlay, "cannot read 'plya' in 'plya 4s'"),
        ("", None, IllegalPlay, "no action given"),
        ("play", None, IllegalPlay, "'play' names no cards"),
        ("pass 4s", None, IllegalPlay, "cannot read '4s' in 'pass 4s': 'pass' takes no cards"),
        ("seat two pass", None, IllegalPlay, "cannot read 'two' as a seat number"),
        ("seat 2 pass", 1, IllegalPlay, "'seat 2 pass' is for seat 2, but this is seat 1"),
        ("chop 6♠6♣7♠7♣8♠8♣9♠9♣", None, IllegalPlay, "say which seat acts: 'seat 2 chop"),
        ("forfeit", None, IllegalPlay, "say which seat acts"),
        ("bỏ cuộc", None, IllegalPlay, "say which seat acts: 'seat 2 bỏ cuộc'"),
        ("ghế 2 bỏ cuộc 4s", None, IllegalPlay, "cannot read '4s' in 'ghế 2 bỏ cuộc 4s': 'bỏ cuộc' takes no cards"),
        ("play 4s 9z", None, InvalidCards, "cannot read '9z' as a card"),
        ("play 4s 5s", None, InvalidCombo, "4♠ 5♠ is not a combination"),
        ("pass", 7, InvalidArgument, "seat must be a seat from 0 to 3, not 7"),
    ],
)
def test_a_bad_text_is_refused_naming_the_word(text: str, seat: int | None, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message.replace("(", r"\(")):
        iwin_round().parse_action(text, seat)


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_legal_actions_are_immutable_and_pickle_under_every_protocol(protocol: int) -> None:
    actions = Round.deal(HOUSE, seed=7).legal_actions()
    with pytest.raises(AttributeError):
        actions.seat = 0
    copy = pickle.loads(pickle.dumps(actions, protocol))
    assert copy == actions and copy.seat == actions.seat and hash(copy) == hash(actions)
    assert pickle.loads(pickle.dumps(HOUSE, protocol)) == HOUSE


def test_a_negative_seed_no_longer_deals_as_its_absolute_value() -> None:
    refused_quickly(lambda: Round.deal(HOUSE, seed=-7), InvalidArgument, "seed must be a whole number from 0")


# ---------------------------------------------------------------------------- Vietnamese moves
@pytest.mark.parametrize(
    ("text", "expected"), [("A bích", "A♠"), ("K cơ", "K♥"), ("Q bích", "Q♠"), ("A s", "A♠"), ("heo cơ", "2♥")]
)
def test_a_card_written_as_rank_and_suit_apart_is_read_as_a_play(text: str, expected: str) -> None:
    # Was refused as "cannot read 'A' in 'A bích'" while parse_cards and "play A bích" read it.
    hands = ["A♠ K♥ Q♠ 2♥ 3♣", "4♠ 5♠", "6♠ 7♠", "8♠ 9♠"]
    round_ = Round.from_hands(hands, HOUSE, leader=0)
    play = f"seat 0 play {expected}"
    assert str(round_.parse_action(text)) == play
    assert str(round_.view(0).parse_action(text)) == play
    assert str(parse_action(text, HOUSE, to_act=0)) == play
    assert round_.parse_action(text) == round_.parse_action(f"play {text}") == round_.parse_action(expected)
    assert round_.parse_action(text) in round_.legal_actions()


@pytest.mark.parametrize(("word", "kind"), list(ACTIONS.items()))
def test_every_action_word_reads_in_every_spelling(word: str, kind: str) -> None:
    round_ = iwin_round()
    cards, seat, expected = {
        "pass": ("", 1, "seat 1 pass"),
        "play": (" 4 bích", 1, "seat 1 play 4♠"),
        "interrupt": (" 6♠6♣7♠7♣8♠8♣9♠9♣", 2, "seat 2 interrupt 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣"),
        "forfeit": ("", 3, "seat 3 forfeit"),
    }[kind]
    for form in spelt(word):
        assert str(round_.parse_action(form + cards, seat)) == expected, form
        assert str(round_.parse_action(f"seat {seat} {form}{cards}")) == expected, form
        assert str(round_.view(seat).parse_action(form + cards)) == expected, form


@pytest.mark.parametrize(
    ("text", "seat", "error", "message"),
    [
        ("bỏ 4s", None, IllegalPlay, "cannot read '4s' in 'bỏ 4s': 'bỏ' takes no cards"),
        ("bỏ trận", None, IllegalPlay, "cannot read 'trận' in 'bỏ trận': 'bỏ' takes no cards"),
        ("lượt", None, IllegalPlay, "cannot read 'lượt' in 'lượt'"),
        ("chặt 6♠6♣7♠7♣8♠8♣9♠9♣", None, IllegalPlay, "say which seat acts: 'seat 2 chặt"),
        ("đánh", None, IllegalPlay, "'đánh' names no cards"),
        ("đánh heo", None, InvalidCards, "cannot read 'heo' as a card"),
        ("A bích x", None, InvalidCards, "cannot read 'x' as a card"),
        ("heo", None, IllegalPlay, "cannot read 'heo' in 'heo'"),
    ],
)
def test_vietnamese_junk_is_refused_naming_the_word(text: str, seat: int | None, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        iwin_round().parse_action(text, seat)


def test_legal_actions_by_mask_hands_out_the_listed_action_and_masks_list_them_in_order() -> None:
    r = Round.deal(HOUSE, seed=7)
    r = r.apply(r.legal_actions()[0])
    legal = r.legal_actions()
    assert legal.masks() == [a.mask for a in legal]
    for action in legal:
        found = legal.by_mask(action.mask)
        assert found is action and legal.handed_out(found)
    held = r.hand_masks[r.to_act]  # type: ignore[index]
    assert legal.by_mask(held) is None and legal.by_mask(True) is None  # no such play; a bool is no mask
    first = Round.deal(HOUSE, seed=7).legal_actions()
    assert first.by_mask(0) is None and 0 not in first.masks()  # leading: no pass
