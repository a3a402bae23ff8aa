"""Instant wins (tới trắng): which pattern of the rules a dealt hand shows.

Each pattern that :data:`~tienlen.variants.rules.INSTANT_WIN_PATTERNS` describes in words is detected by
one entry of :data:`PATTERNS`, under the same name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType

from tienlen._base.bits import BLACK, RED, pairs_of
from tienlen._base.checks import check_bool
from tienlen.game.cards import Card, to_mask
from tienlen.game.combos import TWO
from tienlen.variants.checks import check_rules
from tienlen.variants.rules import RuleSet

__all__ = ["instant_win_pattern", "PATTERNS"]


def instant_win_pattern(hand: int | Iterable[Card] | str, rules: RuleSet, *, first_round: bool = False) -> str | None:
    """The first of ``rules.instant_wins`` that this dealt hand shows in this round, or ``None``.

    Each pattern counts only in the rounds its :class:`~tienlen.InstantWinRule` names (the first
    round of a match, later rounds, or any). Raises :class:`~tienlen.InvalidCards` for unreadable
    or repeated cards.

    >>> from tienlen import HOUSE
    >>> instant_win_pattern("3♠ 2♠ 2♣ 2♦ 2♥", HOUSE)
    'four_twos'
    """
    check_rules(rules)
    check_bool(first_round, "first_round")
    return pattern_of(to_mask(hand), rules, first_round)


def pattern_of(mask: int, rules: RuleSet, first_round: bool) -> str | None:
    """:func:`instant_win_pattern` of a card mask, without checking the arguments (for the round
    engine, which checks each deal once)."""
    counts = [(mask >> shift & 0xF).bit_count() for shift in _SHIFTS]
    for win in rules.instant_wins:
        if win.counts_in(first_round) and PATTERNS[win.pattern](mask, counts, rules):
            return win.pattern
    return None


_SHIFTS = range(0, 52, 4)  # where each rank's suits sit in a card mask


def _consecutive(ranks: list[bool]) -> int:
    """The most consecutive ranks from 3 to A for which ``ranks`` is true."""
    best = run = 0
    for held in ranks[:TWO]:
        if held:
            run += 1
            if run > best:
                best = run
        else:
            run = 0
    return best


def _bombs_at_once(counts: list[int], rules: RuleSet) -> int:
    """The bombs of the rules' table that the hand holds, counted as ``rules.two_bombs_cards`` says.

    ``apart``: the most bombs with no card in two of them: each quad taken or not (at most a few in
    a hand), then each run of consecutive pairs left is cut into as many of the shortest pair-run
    bomb as it holds. ``whole_runs``: the same, but a run of pairs is one bomb however long.
    ``shared``: every quad and every longest run of consecutive pairs long enough to be a bomb
    count once each, a quad's cards may be in a run too (5555 66 77 is two bombs).
    """
    quads = [r for r in range(13) if counts[r] == 4] if rules.bomb_rule("quad") else []
    shortest = min((pairs_of(b.bomb) for b in rules.bombs if b.bomb != "quad"), default=0)
    whole = rules.two_bombs_cards != "apart"
    if rules.two_bombs_cards == "shared":
        return len(quads) + (_runs_of_pairs(counts, shortest) if shortest else 0)
    best = 0
    for taken in range(1 << len(quads)):
        left = list(counts)
        for i, rank in enumerate(quads):
            if taken >> i & 1:
                left[rank] = 0
        bombs = taken.bit_count()
        if shortest:
            run = 0
            for count in left[:TWO] + [0]:
                if count >= 2:
                    run += 1
                else:
                    bombs += (run >= shortest) if whole else run // shortest
                    run = 0
        best = max(best, bombs)
    return best


def _runs_of_pairs(counts: list[int], shortest: int) -> int:
    """How many longest runs of consecutive pairs (no 2) are at least ``shortest`` pairs long."""
    runs = run = 0
    for count in counts[:TWO] + [0]:
        if count >= 2:
            run += 1
        else:
            runs += run >= shortest
            run = 0
    return runs


def _triples(counts: list[int]) -> int:
    return sum(c >= 3 for c in counts)


def _pairs(counts: list[int]) -> int:
    return sum(c // 2 for c in counts)


def _five_consecutive_pairs_and_triple(counts: list[int]) -> bool:
    """Five consecutive pairs (3 to A) and, outside them, a triple."""
    return any(
        all(c >= 2 for c in counts[low : low + 5]) and _triples(counts) - _triples(counts[low : low + 5]) >= 1
        for low in range(TWO - 4)
    )


Shows = Callable[[int, list[int], RuleSet], bool]
"""Whether a hand (its mask, its cards per rank 3 to 2, the rules) shows a pattern."""

PATTERNS: Mapping[str, Shows] = MappingProxyType(
    {
        "dragon": lambda mask, counts, rules: all(counts[:TWO]),
        "dragon_to_two": lambda mask, counts, rules: all(counts),
        "four_twos": lambda mask, counts, rules: counts[TWO] == 4,
        "six_pairs": lambda mask, counts, rules: _pairs(counts) >= 6,
        "pr5": lambda mask, counts, rules: _consecutive([c >= 2 for c in counts]) >= 5,
        "pr6": lambda mask, counts, rules: _consecutive([c >= 2 for c in counts]) >= 6,
        "pr3_with_three_spades": lambda mask, counts, rules: bool(mask & 1) and min(counts[:3]) >= 2,
        "four_threes": lambda mask, counts, rules: counts[0] == 4,
        "three_triples": lambda mask, counts, rules: _triples(counts) >= 3,
        "four_triples": lambda mask, counts, rules: _triples(counts) >= 4,
        "three_quads": lambda mask, counts, rules: counts.count(4) >= 3,
        "five_pairs_and_triple": lambda mask, counts, rules: any(c >= 3 and _pairs(counts) - c // 2 >= 5 for c in counts),
        "five_consecutive_pairs_and_triple": lambda mask, counts, rules: _five_consecutive_pairs_and_triple(counts),
        "one_colour": lambda mask, counts, rules: mask.bit_count() >= 13 and not (mask & BLACK and mask & RED),
        "three_consecutive_triples": lambda mask, counts, rules: _consecutive([c >= 3 for c in counts]) >= 3,
        "two_bombs": lambda mask, counts, rules: _bombs_at_once(counts, rules) >= 2,
    }
)
"""How to see each instant-win pattern of :data:`~tienlen.variants.rules.INSTANT_WIN_PATTERNS` in a dealt
hand: one entry per pattern, under the same name."""
