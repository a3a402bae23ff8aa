"""Bit constants of the card masks and the names of bomb classes, in one place (private).

A set of cards is a 52-bit integer: card ``4 * rank + suit`` is bit ``4 * rank + suit``, ranks 0
(the 3s) to 12 (the 2s), suits ♠ ♣ ♦ ♥ as 0 to 3. So rank ``r`` holds its suits in the 4-bit
"nibble" ``mask >> 4 * r & 0xF``. Bomb classes are named ``quad`` or ``PR3`` … ``PR6`` (a pair run
of that many pairs).
"""

from __future__ import annotations

import re

TWO = 12
"""The rank of the 2s, the highest."""

NIBBLE = 0xF
"""One rank's four suits."""

TWOS = NIBBLE << (4 * TWO)
"""The four 2s."""

SPADES = sum(1 << (4 * rank) for rank in range(13))
"""The ♠ of every rank: the lowest bit of each rank's nibble. ``SPADES * n`` repeats the 4-bit
pattern ``n`` in every rank, and ``mask >> k & SPADES`` keeps one bit per rank."""

BLACK_SUITS = 0b0011
"""♠ and ♣ in a rank's nibble."""

RED_SUITS = 0b1100
"""♦ and ♥ in a rank's nibble."""

BLACK = SPADES * BLACK_SUITS
"""Every ♠ and ♣."""

RED = SPADES * RED_SUITS
"""Every ♦ and ♥."""

FIVES = SPADES * 0x5
"""Bits 0 and 2 of every rank (♠ and ♦)."""
THREES = SPADES * 0x3
"""Bits 0 and 1 of every rank (♠ and ♣)."""

BOMB_CLASS = re.compile(r"quad|PR([3-6])")
"""A bomb class name: ``quad``, or ``PR`` and the number of pairs of a pair run."""


def rank_mask(rank: int) -> int:
    """The four cards of ``rank``."""
    return NIBBLE << (4 * rank)


def rank_counts(mask: int) -> int:
    """How many cards of each rank ``mask`` holds, counted in that rank's own nibble (0 to 4)."""
    pairs = mask - (mask >> 1 & FIVES)  # each two bits: how many of its two cards
    return (pairs & THREES) + (pairs >> 2 & THREES)


def colours(nibble: int) -> int:
    """The colours of a rank's suits: 1 for black only (♠♣), 2 for red only (♦♥), 3 for both, 0 for none."""
    return (nibble & BLACK_SUITS != 0) | (nibble & RED_SUITS != 0) << 1


def pairs_of(bomb_class: str) -> int:
    """The number of pairs of a pair-run bomb class (``PR4`` → 4); 0 for ``quad``."""
    return int(bomb_class[2:]) if bomb_class.startswith("PR") else 0


def card_points(mask: int) -> int:
    """The total value of the cards of ``mask``, each worth its place in the deck's order: 3♠ is 1,
    3♣ 2, … 2♥ 52 (how card-count scoring orders equal counts)."""
    return sum(i + 1 for i in range(52) if mask >> i & 1)
