"""Exact play when every hand is known: can the player to act go out first whatever the others do?

:func:`solve` searches the whole game tree of a :class:`~tienlen.game.round.Round` (open hands: an
endgame, a puzzle, or a deal a search player sampled) with the round itself as the referee, so
chops, bombs after a pass, out-of-turn chops and frozen players follow the rule set exactly.

**What "go out first whatever the others do" means.** The player asked about (the seat to act
unless ``seat`` is given) wins when they are the first seat to go out (or won at the deal). Every
other seat is played by one adversary that sees every hand and wants them not to: with more
than two players the others may act as a coalition, sacrificing themselves, so a win here is a
win against every way the others could play, together or not. Out-of-turn chops (rule sets
with ``interrupt_bombs``) are offered as :func:`~tienlen.players.agents.play_round` offers them: after
each action, the seats holding one are asked in play order after the seat whose play is on the
table; each chops (with any chop it holds) or declines; after a chop the offers start again, and
when all decline the seat to act acts. The answer is therefore exact for that protocol.

**How.** A depth-first AND-OR search: a position where the player chooses is won when one
action wins, a position where the others choose when every action wins. Positions met again
(the same hands, table, seats that passed or answered, and offer) are looked up in a
transposition table. Actions are tried going-out first, then the most cards first, and a search
stops at the first action that settles a position.

**Bounded.** A search keeps every position it has solved, so its memory grows with them: at most
``limit`` positions are solved (:data:`SOLVE_LIMIT` by default), and a search that reaches its
limit raises :class:`~tienlen.InvalidArgument` with the code ``solve-limit-reached``, whose
parameters say how many positions it solved (``positions``) and up to what ``limit=`` a caller
may raise the bound (``high``). Endgames of 2 players × 10 cards take 13,000 positions at the
median, and 28 of the 30 of ``benchmarks/bench_search.py`` fit in the default; a whole 13-card
deal goes past a million.

>>> from tienlen import HOUSE, Round
>>> r = Round.from_hands(["3♠ 3♥ 9♦", "4♣ 5♦"], HOUSE, first_round=False, leader=0)
>>> s = solve(r)
>>> s.wins, [str(a) for a in s.line]
(True, ['seat 0 play 3♠ 3♥', 'seat 1 pass', 'seat 0 play 9♦'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from tienlen._base.checks import check_int, check_seat, check_type
from tienlen._base.input import MAX_COUNT
from tienlen.errors import InvalidArgument
from tienlen.game.actions import Action
from tienlen.game.round import Round

__all__ = ["SOLVE_LIMIT", "Solution", "solve", "first_out_wins"]

SOLVE_LIMIT = 100_000
"""The positions :func:`solve` solves at most unless told otherwise (``limit=``, up to 10**9).
Reaching it on a whole 13-card deal (4 players, or 2) takes 3 to 5 s of CPU on one idle core
here, and the process peaks at 50 MiB resident (24 MiB of it Python and the library: the table
holds about 270 bytes a position; ``/usr/bin/time -v``)."""


@attrs.frozen(kw_only=True)
class Solution:
    """The answer of :func:`solve`.

    ``seat`` is the player asked about; ``wins`` whether they can go out first whatever the
    others do. ``line`` is a principal line of actions to apply to the round in order
    (out-of-turn chops declined are not actions, so they do not appear): when ``wins``, the player's winning choices against one of the others'
    best tries; otherwise, the player's first choices against the others' refutation. ``move`` is
    the first winning action when the player is the one to act, else ``None``. ``positions`` is
    how many distinct positions were solved (the transposition table's size): ``wins=False``
    is a proof by exhausting them.
    """

    seat: int
    wins: bool
    line: tuple[Action, ...]
    move: Action | None
    positions: int


def first_out_wins(round_: Round, seat: int) -> bool | None:
    """Whether ``seat`` is the first out of a round that is decided (someone has gone out, the
    round is over, or it was won at the deal); ``None`` while undecided. Raises
    :class:`~tienlen.InvalidArgument` for a seat not at the table."""
    check_type(round_, Round, "round_", "a Round")
    check_seat(seat, round_.players, "seat")
    if round_.finished:
        return round_.finished[0] == seat
    if round_.instant_winners:
        return any(w.seat == seat for w in round_.instant_winners)
    if round_.is_over:
        return False  # everyone else left, or the others are gone without anyone going out
    return None


def _offers(round_: Round) -> list[tuple[int, list[Action]]]:
    """The out-of-turn chops open now, by seat, in the order :func:`~tienlen.players.agents.play_round` asks."""
    chops = round_.legal_interrupts()
    if not chops:
        return []
    by_seat: dict[int, list[Action]] = {}
    for action in chops:
        by_seat.setdefault(action.seat, []).append(action)
    last = round_.trick.last_seat or 0
    return sorted(by_seat.items(), key=lambda item: (item[0] - last) % round_.players)


def _position(round_: Round, offer: int) -> tuple[Any, ...]:
    """What decides the rest of the race to go out: hands, turn, the table and who played it, the
    seats that passed and answered in this trick, the first-lead card, and the offer under way."""
    trick = round_.trick
    last = trick.plays[-1] if trick.plays else None
    table = None if last is None else (last[0], last[1].mask)
    return (round_.hand_masks, round_.to_act, table, trick.passed, trick.responded, round_.must_include, offer)


def _ordered(actions: list[Action], hand: int) -> list[Action]:
    """Going out first, then the most cards first, passes last (stable otherwise)."""
    return sorted(actions, key=lambda a: (-(a.mask == hand and a.mask != 0), -a.mask.bit_count()))


_Children = tuple[int, list[tuple[Action | None, Round, int]]]


def _children(round_: Round, offer: int) -> _Children:
    """Who chooses at (``round_``, ``offer``) and what each choice leads to: ``(action or None for
    a declined chop, next round, next offer)``."""
    offers = _offers(round_)
    if offer < len(offers):
        seat, chops = offers[offer]
        hand = round_.hand_masks[seat]
        moves: list[tuple[Action | None, Round, int]] = [(a, round_.apply(a), 0) for a in _ordered(chops, hand)]
        return seat, moves + [(None, round_, offer + 1)]
    to_act = round_.to_act
    assert to_act is not None
    hand = round_.hand_masks[to_act]
    return to_act, [(a, round_.apply(a), 0) for a in _ordered(list(round_.legal_actions()), hand)]


def solve(round_: Round, *, seat: int | None = None, limit: int | None = None) -> Solution:
    """Whether ``seat`` (default: the seat to act) can go out first in ``round_`` whatever the
    others do, every hand being known, with a principal line; see the module docs for the exact
    game. ``limit`` (1 to 10**9; ``None``, the default, is :data:`SOLVE_LIMIT`) bounds the
    positions solved, and so the memory the search holds.

    Raises :class:`~tienlen.InvalidArgument` for a round that is not a :class:`Round`, a bad
    ``limit`` or a seat not at the table, and with the code ``solve-limit-reached`` when the
    search reaches its limit without an answer (its ``positions`` parameter says how many it
    solved; pass a larger ``limit=`` to search further).
    """
    check_type(round_, Round, "round_", "a Round")
    budget = SOLVE_LIMIT if limit is None else check_int(limit, "limit", 1, MAX_COUNT)
    if seat is None:
        seat = round_.to_act if round_.to_act is not None else 0
    else:
        check_seat(seat, round_.players)
    known: dict[tuple[Any, ...], bool] = {}
    me = seat

    def wins(r: Round, offer: int) -> bool:
        decided = first_out_wins(r, me)
        if decided is not None:
            return decided
        key = _position(r, offer)
        value = known.get(key)
        if value is not None:
            return value
        chooser, moves = _children(r, offer)
        outcomes = (wins(child, o) for _, child, o in moves)
        value = any(outcomes) if chooser == me else all(outcomes)  # the player needs one, against every reply
        if len(known) >= budget:
            raise InvalidArgument.of("solve-limit-reached", positions=len(known), high=MAX_COUNT)
        known[key] = value
        return value

    value = wins(round_, 0)
    line = _line(round_, me, value, wins)
    move = line[0] if value and line and round_.to_act == me and line[0].seat == me else None
    return Solution(seat=seat, wins=value, line=line, move=move, positions=len(known))


def _line(round_: Round, me: int, value: bool, wins: Callable[[Round, int], bool]) -> tuple[Action, ...]:
    """A principal line from the solved position: each side's first choice that keeps the value."""
    line: list[Action] = []
    r, offer = round_, 0
    while first_out_wins(r, me) is None:
        _, moves = _children(r, offer)
        action, r, offer = next(((a, c, o) for a, c, o in moves if wins(c, o) == value), moves[0])
        if action is not None:
            line.append(action)
    return tuple(line)
