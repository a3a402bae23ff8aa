"""Leaving never pays (RULES.md, "Decisions common to every profile"): a forfeit is settled no
better for the leaver than staying in.

The bound the property checks, and why it is the honest one: a player who could still win by
playing on obviously loses by leaving, so "every way to finish" is no bound at all. What a leaver
can always do instead of leaving is **stay in and play no further card**. The cheapest such
finish is computed from the forfeited round's own result: the same events without the forfeit,
the same hands, the leaver still holding what they left with and placed at any place after the
players who went out and before the frozen players and the other forfeiters (every order in
which the others could finish around them), frozen if the rules freeze and they never played a
card while someone went out. The leaver's best net over those results is the bound; the forfeit
must settle at or below it.
"""

from __future__ import annotations

import random

import attrs
import pytest
from builders import (
    ALL,
    FREEZE_ONE,
    PLAY_ON,
    SPADES4,
    go,
    moves,
    of,
    plays_of,
    refused,
    result,
)
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from tienlen import (
    COUNTING,
    HOUSE,
    NORTHERN,
    PROFILES,
    Forfeited,
    Played,
    Round,
    RuleSet,
    parse_cards,
    settle,
)
from tienlen.game.events import RoundResult
from tienlen.strategies import rule_sets


def staying_results(result: RoundResult, leaver: int, rules: RuleSet) -> list[RoundResult]:
    """Every result of the round in which ``leaver`` stayed in and played no further card."""
    others = tuple(s for s in result.forfeited if s != leaver)
    events = tuple(e for e in result.events if e != Forfeited(seat=leaver))
    places = [s for s in result.placements if s != leaver]
    tail = len(result.frozen) + len(others)
    out = len(result.finishes)
    never_played = not any(isinstance(e, Played) and e.seat == leaver for e in result.events)
    if rules.frozen and result.finishes and never_played:
        at = len(places) - tail
        return [
            attrs.evolve(
                result,
                placements=(*places[:at], leaver, *places[at:]),
                frozen=(leaver, *result.frozen),
                forfeited=others,
                events=events,
            )
        ]
    return [
        attrs.evolve(result, placements=(*places[:at], leaver, *places[at:]), forfeited=others, events=events)
        for at in range(out, len(places) - tail + 1)
    ]


def finish(round_: Round, rng: random.Random) -> Round:
    """Play ``round_`` to its end by random legal actions (out-of-turn chops now and then)."""
    while not round_.is_over:
        offers = round_.legal_interrupts()
        if offers and rng.random() < 0.3:
            round_ = round_.apply(rng.choice(offers))
        else:
            round_ = round_.apply(rng.choice(list(round_.legal_actions())))
    return round_


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.sampled_from(sorted(PROFILES.values(), key=lambda r: r.name)) | rule_sets(),
    seed=st.integers(0, 2**32 - 1),
    data=st.data(),
)
def test_forfeiting_never_settles_better_than_staying_in_without_another_card(
    rules: RuleSet, seed: int, data: st.DataObject
) -> None:
    rng = random.Random(seed)
    players = rng.randint(rules.min_players, rules.max_players)
    round_ = Round.deal(rules, players=players, seed=seed, first_round=rng.random() < 0.5)
    for _ in range(data.draw(st.integers(0, 60), label="actions before the forfeit")):
        if round_.is_over:
            break
        round_ = round_.apply(rng.choice(list(round_.legal_actions())))
    active = [s for s in range(players) if round_.is_active(s)]
    assume(not round_.is_over and len(active) >= 2)
    leaver = data.draw(st.sampled_from(active), label="leaver")
    result = finish(round_.forfeit(leaver), rng).result
    left = settle(result, rules).net[leaver]
    best = max(settle(staying, rules).net[leaver] for staying in staying_results(result, leaver, rules))
    assert left <= best, f"{rules.name}: seat {leaver} settles {left} by leaving, {best} by staying in"


def test_counting_leaving_with_2s_costs_what_staying_costs() -> None:
    """counting, 3 players, a 1,000 room. Seat 0 leads 3♠, seat 1 4♠, seat 2 5♠, and seat 0 goes out
    with 7♠. Staying, seat 1 pays 3 cards (3,000) and seat 2 pays 4 cards (4,000) plus thúi for 2♥
    (2 bets, 2,000): (9,000, -3,000, -6,000). Leaving after 5♠ used to cost seat 2 only the 4 cards,
    (7,000, -3,000, -4,000); the leaver now pays the thúi of what they took away too."""
    hands = ["3♠ 7♠", "4♠ 5♦ 6♣ 9♣", "5♠ 8♦ 9♦ 10♣ 2♥"]
    start = Round.from_hands(hands, COUNTING, first_round=False, leader=0).play("3♠").play("4♠").play("5♠")
    staying = start.play("7♠")
    leaving = start.forfeit(2).play("7♠")
    assert settle(staying.result, COUNTING, unit=1000).net == (9000, -3000, -6000)
    assert settle(leaving.result, COUNTING, unit=1000).net == (9000, -3000, -6000)


def test_northern_forfeit_pays_3_bets_to_winner_instead_of_placement_and_thui_on_top() -> None:
    """Leaving never pays: the early leaver pays the 3-bet penalty and, like any player holding
    2s at the end, thúi for 2♦ 2♥ (3 + 4 = 7 bets) to the winner."""
    s = settle(result(4, (0, 1, 2, 3), forfeited=(3,), hands={3: "2♥ 2♦"}), NORTHERN, unit=1)
    assert moves(s) == [(1, 0, 1), (2, 0, 2), (3, 0, 3), (3, 0, 7)]
    assert s.transfers[2].reason.startswith("forfeit:")
    assert moves(s, "thúi") == [(3, 0, 7)]


def test_northern_forfeit_from_third_place_pays_3_not_2() -> None:
    # two forfeits: the first to leave (seat 2) is last, seat 3 third
    s = settle(result(4, (0, 1, 3, 2), forfeited=(2, 3)), NORTHERN, unit=1)
    assert moves(s) == [(1, 0, 1), (3, 0, 3), (2, 0, 3)]
    assert s.net == (7, -1, -3, -3)


def test_northern_forfeit_two_players() -> None:
    s = settle(result(2, (1, 0), forfeited=(0,)), NORTHERN, unit=10)
    assert moves(s) == [(0, 1, 30)]


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
