"""Exact legal-play generation on integer masks.

:func:`legal_plays` lists every combination a hand may play now, each card set once, in a fixed
order: by kind (single, pair, triple, quad, straight, pair run), then by length, then by card mask
ascending (which orders by top card first).

>>> from tienlen import HOUSE, classify, parse_cards
>>> hand = parse_cards("3♠ 4♠ 5♦ 5♥ 2♣")
>>> [str(c) for c in legal_plays(hand, classify("4♥", HOUSE), HOUSE)]
['5♦', '5♥', '2♣']
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from tienlen.beating import _refusal
from tienlen.cards import Card, to_mask
from tienlen.combos import TWO, Combo, ComboKind, same_colour
from tienlen.rules import RuleSet

__all__ = ["legal_plays", "legal_masks", "combo_of"]

# _SUBSETS[k][nibble]: the k-card sub-nibbles of a rank nibble, ascending.
_SUBSETS: list[list[tuple[int, ...]]] = [
    [tuple(sorted(sum(1 << s for s in c) for c in combinations([s for s in range(4) if n >> s & 1], k))) for n in range(16)]
    for k in range(5)
]
_BITS = _SUBSETS[1]
_SAME_COLOUR_PAIRS = [tuple(p for p in _SUBSETS[2][n] if same_colour(p)) for n in range(16)]

_CACHE: dict[int, Combo] = {}
_CACHE_LIMIT = 1 << 18


def combo_of(kind: ComboKind, mask: int) -> Combo:
    """The shared :class:`Combo` for a mask already known to be a ``kind`` (no checks)."""
    combo = _CACHE.get(mask)
    if combo is None:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.clear()
        combo = _CACHE[mask] = Combo(kind, mask)
    return combo


def legal_plays(
    hand: Iterable[Card] | str | int, table: Combo | None, rules: RuleSet, *, passed: bool = False
) -> list[Combo]:
    """Every combination from ``hand`` that may be played now on ``table`` (``None`` = leading).

    By default the player is in turn and has not passed in this trick; ``passed=True`` lists what a
    player who has passed may still play (only bombs on 2-groups, where the rules allow it).
    Raises :class:`~tienlen.InvalidCards` for unreadable or repeated cards.
    """
    return [combo_of(kind, mask) for kind, mask in legal_masks(to_mask(hand), table, rules, passed=passed)]


def legal_masks(hand: int, table: Combo | None, rules: RuleSet, *, passed: bool = False) -> list[tuple[ComboKind, int]]:
    """:func:`legal_plays` on masks: ``(kind, mask)`` pairs in the same order."""
    nib = [(hand >> s) & 0xF for s in range(0, 52, 4)]
    if table is None:
        out: list[tuple[ComboKind, int]] = []
        for kind in (ComboKind.SINGLE, ComboKind.PAIR, ComboKind.TRIPLE, ComboKind.QUAD):
            out += [(kind, m) for m in _of_a_kind(nib, kind, rules, 0)]
        top_rank = 13 if rules.straight_two_on_top else 12
        for length in range(rules.straight_min, top_rank + 1):
            out += [(ComboKind.STRAIGHT, m) for m in _straights(nib, length, rules, 0, top_rank)]
        if rules.pair_runs:
            for pairs in range(rules.pair_run_min, 7):
                out += [(ComboKind.PAIR_RUN, m) for m in _pair_runs(nib, pairs, rules, 0)]
        return out

    groups: list[tuple[ComboKind, int]] = []
    if not passed:
        groups.append((table.kind, table.length))
    if rules.bombs and (table.is_two_group or rules.bomb_rule(table.bomb_class) is not None):
        for bomb in rules.bombs:
            group = (ComboKind.QUAD, 4) if bomb.bomb == "quad" else (ComboKind.PAIR_RUN, 2 * int(bomb.bomb[2:]))
            if group not in groups:
                groups.append(group)
    groups.sort()
    out = []
    for kind, length in groups:
        same_shape = kind is table.kind and length == table.length and not passed
        # Same shape: only masks whose top card is above the table's can win.
        floor = table.mask.bit_length() if same_shape else 0
        if kind <= ComboKind.QUAD:
            masks = _of_a_kind(nib, kind, rules, floor)
        elif kind is ComboKind.STRAIGHT:
            masks = _straights(nib, length, rules, floor, 13 if rules.straight_two_on_top else 12)
        else:
            masks = _pair_runs(nib, length // 2, rules, floor)
        if same_shape and not rules.follow_suit:
            out += [(kind, m) for m in masks]
        else:
            out += [(kind, m) for m in masks if _refusal(combo_of(kind, m), table, rules, passed) is None]
    return out


def _of_a_kind(nib: list[int], kind: ComboKind, rules: RuleSet, floor: int) -> list[int]:
    """Singles, pairs, triples or quads whose top card index is at least ``floor``."""
    k = int(kind)
    out = []
    strict_pairs = k == 2 and rules.pair_same_colour
    for rank in range(floor >> 2, 13):
        n = nib[rank]
        if n.bit_count() < k:
            continue
        subs = _SAME_COLOUR_PAIRS[n] if strict_pairs and not (rank == TWO and rules.twos_ignore_suit) else _SUBSETS[k][n]
        shift = 4 * rank
        out += [sub << shift for sub in subs if (sub << shift).bit_length() > floor]
    return out


def _straights(nib: list[int], length: int, rules: RuleSet, floor: int, top_rank: int) -> list[int]:
    """Straights of ``length`` cards (top card above ``floor``), ranks below ``top_rank``."""
    out: list[int] = []
    low_start = max(0, ((floor - 1) >> 2) - length + 1) if floor else 0
    for start in range(low_start, top_rank - length + 1):
        window = nib[start : start + length]
        if rules.straight_same_suit:
            common = 0xF
            for n in window:
                common &= n
            partial = [sum(bit << 4 * i for i in range(length)) for bit in _BITS[common]]
        else:
            if not all(window):
                continue
            partial = [0]
            for i in range(length - 1, -1, -1):  # top rank outermost, so masks come out ascending
                shift = 4 * i
                partial = [p | b << shift for p in partial for b in _BITS[window[i]]]
        base = 4 * start
        out += [p << base for p in partial if (p << base).bit_length() > floor]
    return out


def _pair_runs(nib: list[int], pairs: int, rules: RuleSet, floor: int) -> list[int]:
    """Pair runs of ``pairs`` pairs (top card above ``floor``); never through the 2s."""
    out: list[int] = []
    table = _SAME_COLOUR_PAIRS if rules.pair_same_colour else _SUBSETS[2]
    low_start = max(0, ((floor - 1) >> 2) - pairs + 1) if floor else 0
    for start in range(low_start, TWO - pairs + 1):
        window = nib[start : start + pairs]
        if not all(table[n] for n in window):
            continue
        partial = [0]
        for i in range(pairs - 1, -1, -1):
            shift = 4 * i
            partial = [p | b << shift for p in partial for b in table[window[i]]]
        base = 4 * start
        out += [p << base for p in partial if (p << base).bit_length() > floor]
    return out
