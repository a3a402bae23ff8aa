"""The exact solver against a plain minimax that shares none of its code, on 1,000 random endgames."""

from __future__ import annotations

import itertools
import random
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest
from builders import refused_quickly

from tienlen import HOUSE, IWIN, PROFILES, InvalidArgument, Round
from tienlen._base.input import MAX_COUNT
from tienlen.players.solve import SOLVE_LIMIT, first_out_wins, solve


def brute_force(round_: Round, me: int) -> bool:
    """Plain minimax (stopping at the first answer that settles a node), no table and no ordering: ``me`` goes out first against every reply, with
    out-of-turn chops offered seat by seat as play_round offers them."""
    if round_.finished:
        return round_.finished[0] == me
    if round_.is_over:
        return any(w.seat == me for w in round_.instant_winners)
    return _asked(round_, me, 0)


def _asked(round_: Round, me: int, declined: int) -> bool:
    chops = round_.legal_interrupts()
    last = round_.trick.last_seat or 0
    seats = sorted({a.seat for a in chops}, key=lambda s: (s - last) % round_.players)
    if declined < len(seats):
        seat = seats[declined]
        values: Iterator[bool] = itertools.chain(
            (brute_force(round_.apply(a), me) for a in chops if a.seat == seat), (_asked(round_, me, declined + 1) for _ in (0,))
        )
    else:
        seat = round_.to_act  # type: ignore[assignment]
        values = (brute_force(round_.apply(a), me) for a in round_.legal_actions())
    return any(values) if seat == me else all(values)  # stops at the first answer that settles it


def random_endgame(index: int) -> Round:
    """2-4 players with 1-5 cards each under a random profile, sometimes a play already on the table."""
    rng = random.Random(f"solve-endgame:{index}")
    rules = rng.choice(list(PROFILES.values()))
    players = rng.randint(max(2, rules.min_players), min(4, rules.max_players))
    sizes = [rng.randint(1, 5) for _ in range(players)]
    cards = rng.sample(range(52), sum(sizes))
    hands, start = [], 0
    for size in sizes:
        hands.append(sum(1 << c for c in cards[start : start + size]))
        start += size
    round_ = Round.from_hands(hands, rules, first_round=False, leader=rng.randrange(players))
    for _ in range(rng.randint(0, 2)):  # a few plies in: tables, passes, chops on offer
        if round_.finished or round_.is_over:
            break
        round_ = round_.apply(rng.choice(list(round_.legal_actions())))
    return round_


@pytest.mark.parametrize("block", range(4))
def test_solve_agrees_with_brute_force_on_random_endgames(block: int) -> None:
    for index in range(block * 250, block * 250 + 250):
        round_ = random_endgame(index)
        me = round_.to_act if round_.to_act is not None else 0
        solution = solve(round_)
        assert solution.wins == brute_force(round_, me), (index, round_.to_notation())


def test_the_line_of_a_win_goes_out_first_and_of_a_loss_does_not() -> None:
    wins = losses = 0
    for index in range(300):
        round_ = random_endgame(index)
        solution = solve(round_)
        for action in solution.line:
            round_ = round_.apply(action)
        assert first_out_wins(round_, solution.seat) is solution.wins
        wins += bool(solution.wins)
        losses += not solution.wins
    assert wins > 30 and losses > 30  # both answers are exercised


def test_solve_a_two_card_puzzle() -> None:
    # Seat 0 leads: only the pair first wins (seat 1 has no pair; then the 8 goes out).
    r = Round.from_hands(["3♠ 3♥ 8♦", "9♣ 10♦"], HOUSE, first_round=False, leader=0)
    solution = solve(r)
    assert solution.wins and solution.move is not None and str(solution.move) == "seat 0 play 3♠ 3♥"
    # A single first loses: seat 1 beats it with the 9 and leads the 10.
    assert solve(r.play("3♠"), seat=0).wins is False
    assert solve(r.play("8♦"), seat=0).wins is False
    assert solve(r.play("8♦")).wins is True  # seat 1, to act, wins from there


def test_an_out_of_turn_chop_is_part_of_the_game() -> None:
    # iwin lets four pairs in a row chop a 2 out of turn: seat 2 steals the lead and goes out.
    r = Round.from_hands(["2♥ 4♠", "3♦ 9♠", "5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 8♠ 8♣"], IWIN, first_round=False, leader=0)
    after = r.play("2♥")
    assert any(a.seat == 2 for a in after.legal_interrupts())
    assert solve(after, seat=0).wins is False
    assert solve(after, seat=2).wins is True


def _two_hands(cards: int, seed: int) -> Round:
    rng = random.Random(seed)
    dealt = rng.sample(range(52), 2 * cards)
    return Round.from_hands(
        [sum(1 << c for c in dealt[:cards]), sum(1 << c for c in dealt[cards:])], HOUSE, first_round=False, leader=0
    )


def test_a_search_that_reaches_its_limit_says_how_far_it_got_and_how_to_raise_it() -> None:
    r = _two_hands(10, 3)
    message = refused_quickly(lambda: solve(r, limit=5), InvalidArgument)
    with pytest.raises(InvalidArgument) as caught:
        solve(r, limit=5)
    assert caught.value.code == "solve-limit-reached"
    assert caught.value.params == {"positions": 5, "high": MAX_COUNT}
    assert "limit=" in message and "limit=" in caught.value.text("vi")


def test_the_limit_bounds_the_positions_solved_exactly() -> None:
    # A search that needs n positions answers with limit n and stops with limit n - 1.
    r = _two_hands(4, 1)
    needed = solve(r).positions
    assert needed > 10
    assert solve(r, limit=needed) == solve(r)
    with pytest.raises(InvalidArgument, match="solve stopped") as caught:
        solve(r, limit=needed - 1)
    assert caught.value.params["positions"] == needed - 1


@pytest.mark.parametrize("players", [4, 2])
def test_a_whole_thirteen_card_deal_stops_at_the_limit_with_an_error(players: int) -> None:
    # Issue 40: without a limit a 4-player deal ran past 45 s (540 MiB), 2 x 13 cards 30 s (313
    # MiB). Now every search is bounded; a small limit shows the refusal at once (0.03 s here, 0.12 s
    # under coverage; 5,000 positions took 0.6 s under coverage and once passed a second on CI).
    deal = Round.deal(HOUSE, players=players, seed=1)
    refused_quickly(lambda: solve(deal, limit=1_000), InvalidArgument, match="solve stopped at its limit of 1,000 positions")


@pytest.mark.slow
def test_without_a_limit_the_default_bound_applies() -> None:
    # SOLVE_LIMIT positions, 3 to 5 s of CPU on an idle core here.
    deal = Round.deal(HOUSE, seed=1)
    start = time.process_time()
    with pytest.raises(InvalidArgument) as caught:
        solve(deal)
    assert caught.value.code == "solve-limit-reached" and caught.value.params["positions"] == SOLVE_LIMIT
    assert time.process_time() - start < 60


def test_the_memory_a_search_holds_is_bounded_by_its_limit() -> None:
    # About 250 bytes a solved position; a search that kept more (the rounds, say) would not fit.
    deal = Round.deal(HOUSE, seed=1)
    tracemalloc.start()
    try:
        with pytest.raises(InvalidArgument):
            solve(deal, limit=3_000)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 3_000 * 1_024


def test_the_limit_is_a_whole_number_from_one_to_a_billion() -> None:
    r = Round.from_hands(["3♠ 3♥ 9♦", "4♣ 5♦"], HOUSE, first_round=False, leader=0)
    assert solve(r, limit=MAX_COUNT).wins is True and solve(r, limit=None) == solve(r)
    for bad in (0, MAX_COUNT + 1, True, 2.0, "10"):
        with pytest.raises(InvalidArgument, match="limit"):
            solve(r, limit=bad)  # type: ignore[arg-type]


def test_bad_arguments_are_refused() -> None:
    r = _two_hands(3, 3)
    with pytest.raises(InvalidArgument):
        solve("not a round")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument):
        solve(r, seat=2)
    with pytest.raises(InvalidArgument):
        solve(r, seat=False)


def test_the_security_page_states_the_default_bound() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "howto" / "security.rst").read_text(encoding="utf-8")
    assert f"by default {SOLVE_LIMIT:,} (:data:`~tienlen.players.solve.SOLVE_LIMIT`" in page
