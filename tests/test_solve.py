"""The exact solver against a plain minimax that shares none of its code, on 1,000 random endgames."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

import pytest

from tienlen import HOUSE, IWIN, PROFILES, InvalidArgument, Round
from tienlen.solve import first_out_wins, solve


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


def test_limit_answers_unknown_and_bad_arguments_are_refused() -> None:
    rng = random.Random(3)
    cards = rng.sample(range(52), 20)
    r = Round.from_hands([sum(1 << c for c in cards[:10]), sum(1 << c for c in cards[10:])], HOUSE, first_round=False, leader=0)
    assert solve(r, limit=5).wins is None
    with pytest.raises(InvalidArgument):
        solve("not a round")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument):
        solve(r, limit=0)
    with pytest.raises(InvalidArgument):
        solve(r, seat=2)
