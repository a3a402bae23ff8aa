"""Match: running totals, match length per profile, winners, balances, and next_leader."""

from __future__ import annotations

import random

import attrs
import pytest
from builders import result

from tienlen import FACEOFF, HOUSE, IWIN, NORTHERN, PAGAT, Round, RuleSet
from tienlen.errors import IllegalPlay, InvalidArgument, InvalidRecord
from tienlen.money.match import Match, next_leader
from tienlen.money.settle import settle
from tienlen.players.agents import GreedyAgent, play_round

# ------------------------------------------------------------------------------ length and winners


def test_faceoff_match_is_five_rounds_highest_total_wins() -> None:
    match = Match.start(FACEOFF)
    assert match.rounds == 5 and not match.is_over and match.played == 0 and match.leader is None
    for order in [(0, 1, 2, 3), (1, 0, 2, 3), (1, 2, 0, 3), (3, 2, 1, 0)]:
        match = match.record(result(4, order))
        assert not match.is_over
    match = match.record(result(4, instant={3: "dragon"}))
    assert match.is_over
    assert match.totals == (6, 9, 6, 6)
    assert match.winners == (1,)
    with pytest.raises(IllegalPlay, match="the match is over after 5 rounds; start a new Match"):
        match.record(result(4, (0, 1, 2, 3)))


def test_faceoff_ties_share_the_win() -> None:
    match = Match.start(FACEOFF, rounds=2)
    match = match.record(result(4, (0, 1, 2, 3))).record(result(4, (1, 0, 3, 2)))
    assert match.totals == (5, 5, 1, 1) and match.winners == (0, 1) and match.is_over


def test_pagat_needs_the_agreed_number_of_rounds() -> None:
    with pytest.raises(InvalidArgument, match="rounds: pagat is played for an agreed number of rounds"):
        Match.start(PAGAT)
    match = Match.start(PAGAT, rounds=3)
    for order in [(0, 1, 2, 3), (0, 1, 3, 2), (2, 1, 0, 3)]:
        match = match.record(result(4, order))
    assert match.is_over and match.totals == (3, 3, -1, -5) and match.winners == (0, 1)


def test_agreed_rounds_override_the_profile() -> None:
    assert Match.start(FACEOFF, rounds=3).rounds == 3


def test_money_session_is_open_unless_rounds_given() -> None:
    match = Match.start(HOUSE, players=3, unit=1000)
    for _ in range(10):
        match = match.record(result(3, (2, 1, 0)))
    assert not match.is_over and match.rounds is None
    assert match.totals == (-40000, -20000, 60000) and match.winners == (2,)
    assert Match.start(NORTHERN, rounds=1).record(result(4, (0, 1, 2, 3))).is_over


def test_record_returns_a_new_match() -> None:
    start = Match.start(HOUSE, unit=1000)
    after = start.record(result(4, (0, 1, 2, 3)))
    assert start.played == 0 and after.played == 1
    assert after.settlements[0] == settle(result(4, (0, 1, 2, 3)), HOUSE, unit=1000)
    assert after.results == (result(4, (0, 1, 2, 3)),)


# ------------------------------------------------------------------------------ balances


def test_house_balances_are_tracked_not_capped() -> None:
    match = Match.start(HOUSE, players=2, unit=1000, balances=[3000, 10000])
    match = match.record(result(2, (1, 0)))
    assert match.balances == (-1000, 14000)  # house rooms do not cap at the balance


def test_iwin_balances_cap_and_rake_accumulate() -> None:
    match = Match.start(IWIN, players=2, unit=1000, balances=[3000, 3000])
    match = match.record(result(2, (1, 0)))  # seat 0 pays 2,000; seat 1 pays 100 rake
    assert match.balances == (1000, 4900) and match.house == 100
    match = match.record(result(2, (1, 0)))  # seat 0 can pay only 1,000
    assert match.balances == (0, 5850) and match.house == 150
    match = match.record(result(2, (1, 0)))  # nothing left to pay
    assert match.balances == (0, 5850)
    assert sum(match.balances) + match.house == 6000


def test_iwin_self_played_match_keeps_every_balance_at_or_above_zero() -> None:
    rng = random.Random(4)
    match = Match.start(IWIN, players=4, unit=100, balances=[rng.randrange(0, 3000) for _ in range(4)], rounds=40)
    total = sum(match.balances or ())
    leader = None
    for n in range(40):
        r = Round.deal(IWIN, players=4, seed=n, first_round=leader is None, leader=leader)
        while not r.is_over:
            r = r.apply(rng.choice(r.legal_actions()))
        match = match.record(r.result)
        balances = match.balances
        assert balances is not None and min(balances) >= 0
        assert sum(balances) + match.house == total
        leader = match.leader
    assert match.is_over and match.house > 0


# ------------------------------------------------------------------------------ errors


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rules": FACEOFF, "players": 3}, "faceoff is played by 4 players, not 3"),
        ({"rules": HOUSE, "players": 5}, "house is played by 2 to 4 players, not 5"),
        ({"rules": HOUSE, "unit": 0}, "unit: 0 is not a positive whole number"),
        ({"rules": FACEOFF, "unit": 100}, "faceoff scores points, which are not staked"),
        ({"rules": HOUSE, "rounds": 0}, "rounds: 0 is not a positive whole number"),
        ({"rules": IWIN, "balances": [1, 2]}, "balances: 2 balances given for 4 players"),
        ({"rules": IWIN, "balances": [1, 2, -3, 4]}, "balances: seat 2 has -3"),
        ({"rules": IWIN, "balances": "lots"}, "balances: give one whole number per seat"),
    ],
)
def test_start_refuses_bad_settings(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidArgument, match=message):
        Match.start(**kwargs)  # type: ignore[arg-type]


def test_record_refuses_another_table_size() -> None:
    with pytest.raises(InvalidRecord, match="a 3-player round cannot be recorded in this 4-player match"):
        Match.start(HOUSE).record(result(3, (0, 1, 2)))


def test_record_refuses_what_is_not_a_result() -> None:
    with pytest.raises(InvalidRecord, match="record needs a RoundResult"):
        Match.start(HOUSE).record("round")  # type: ignore[arg-type]


# ------------------------------------------------------------------------------ next_leader


def test_next_leader_is_first_place() -> None:
    r = result(4, (2, 0, 3, 1))
    assert next_leader(r, HOUSE) == 2
    assert Match.start(HOUSE).record(r).leader == 2


def test_next_leader_skips_an_absent_winner_northern() -> None:
    r = result(4, (2, 0, 3, 1))
    assert next_leader(r, NORTHERN, absent={2}) == 0
    assert next_leader(r, NORTHERN, absent=[2, 0, 3]) == 1


def test_next_leader_den_bai_leads() -> None:
    r = result(4, (0, 1, 2, 3), frozen=(1, 2, 3), den_bai=2)
    assert next_leader(r, IWIN) == 2
    assert next_leader(r, IWIN, absent={2}) == 0
    assert next_leader(r, HOUSE) == 0  # no đền bài in house rules


def test_next_leader_instant_winner() -> None:
    r = result(4, instant={3: "dragon"})
    assert next_leader(r, IWIN) == 3
    assert next_leader(r, IWIN, absent={3}) == 0  # the next seat after the winner
    assert next_leader(result(4, instant={2: "dragon", 0: "dragon"}), HOUSE) == 2


def test_next_leader_errors() -> None:
    r = result(4, (0, 1, 2, 3))
    with pytest.raises(InvalidArgument, match="absent: each seat must be a seat from 0 to 3, not 4"):
        next_leader(r, HOUSE, absent={4})
    with pytest.raises(InvalidArgument, match="every seat is absent"):
        next_leader(r, HOUSE, absent=range(4))
    with pytest.raises(InvalidRecord, match="neither placements nor instant winners"):
        next_leader(result(4), HOUSE)


def test_match_is_a_frozen_value() -> None:
    match = Match.start(HOUSE)
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        match.unit = 5  # type: ignore[misc]


@pytest.mark.parametrize("rules", [HOUSE, NORTHERN, IWIN, FACEOFF], ids=lambda r: r.name)
def test_self_played_match_totals_are_the_sum_of_settlements(rules: RuleSet) -> None:
    rng = random.Random(rules.name)
    stake = 1 if rules.currency == "points" else 10
    match = Match.start(rules, players=4, unit=stake, rounds=6)
    while not match.is_over:
        r = Round.deal(rules, players=4, seed=rng.randrange(10**9), first_round=match.leader is None, leader=match.leader)
        while not r.is_over:
            r = r.apply(rng.choice(r.legal_actions()))
        match = match.record(r.result)
    assert match.totals == tuple(sum(s.net[i] for s in match.settlements) for i in range(4))
    if rules.currency != "points":
        assert sum(match.totals) + match.house == 0


# ---------------------------------------------------------------------------- a match knows its first round


def test_match_first_round_instant_win_is_paid_once() -> None:
    """RULES.md, "A match knows its first round". iwin, a 1,000 room: four 3s win at once in the
    first round only; each of the three others pays 2 ván nhất (4 bets, 4,000), 12,000 in all, less
    the 5% rake (600): (11,400, -4,000, -4,000, -4,000), house 600. The same first-round win recorded
    again as the second round would be paid a second time: it is refused, and the match is as it was."""
    first = attrs.evolve(result(4, instant={0: "four_threes"}), first_round=True)
    match = Match.start(IWIN, unit=1000).record(first)
    assert match.totals == (11400, -4000, -4000, -4000) and match.house == 600
    with pytest.raises(InvalidRecord, match="round 2 of the match was dealt as a first round"):
        match.record(first)
    assert match.played == 1
    later = match.record(attrs.evolve(first, first_round=False, instant_winners=(), placements=(1, 0, 2, 3)))
    assert later.played == 2


def test_match_built_with_a_later_first_round_is_refused() -> None:
    first = attrs.evolve(result(4, (0, 1, 2, 3)), first_round=True)
    with pytest.raises(InvalidRecord, match="round 2 of the match"):
        Match(rules=IWIN, players=4, results=(first, first), settlements=())


def test_match_dealt_round_by_round_pays_first_round_rules_once() -> None:
    """Dealing each round with first_round=match.played == 0 and leader=match.leader plays a
    match whose only first round is its first."""
    match = Match.start(IWIN, unit=100)
    for seed in range(4):
        done = play_round(IWIN, [GreedyAgent()] * 4, seed=seed, first_round=match.played == 0, leader=match.leader)
        match = match.record(done.result)
    assert [r.first_round for r in match.results] == [True, False, False, False]
