"""The move generator's tables and its plan of each rule set (private: :mod:`tienlen.game.moves`
is its face).

The tables are made once at import: what each rank offers (cards, pairs, triples, quads) by the
suits it holds, indexed ``[rank][nibble]``, and what each byte of a hand offers (two ranks at a
time), indexed ``[byte][value]``. A :class:`Plan` is what the generator needs to know about one
:class:`~tienlen.RuleSet`: which pairs exist, which shapes answer which table, what a lead may
hold. It is worked out once per rule set, kept in a bounded cache, and never changed afterwards.
"""

from __future__ import annotations

from itertools import combinations

from tienlen._base.bits import SPADES, colours, pairs_of
from tienlen._base.cache import BoundedCache
from tienlen.game.combos import (
    PAIR,
    PAIR_RUN,
    QUAD,
    QUAD_RUN,
    SINGLE,
    STRAIGHT,
    TRIPLE,
    TRIPLE_RUN,
    TWO,
    ComboKind,
    same_colour,
)
from tienlen.variants.rules import RuleSet

__all__ = [
    "ANY_PAIRS_AT",
    "CARDS_AT",
    "CARDS_IN",
    "NIBBLE_SHIFTS",
    "NOT_TWOS",
    "OFFERS_DOWN",
    "ONE_A_RANK",
    "PAIR_COLOUR",
    "PLANS",
    "QUADS_AT",
    "RANKS",
    "RANKS_DOWN",
    "SUIT_CARDS",
    "TRIPLES_AT",
    "ByteTable",
    "MaskTable",
    "Plan",
    "ranks_holding",
]

MaskTable = list[list[tuple[int, ...]]]
"""``table[rank][nibble]``: what a rank holding those suits offers, as masks, ascending."""
ByteTable = list[list[tuple[int, ...]]]
"""``table[i][byte]``: what byte ``i`` of ``hand.to_bytes(7, "little")`` (ranks ``2i`` and ``2i + 1``)
offers, as masks, ascending."""

RANKS = range(13)
RANKS_DOWN = range(12, -1, -1)
NIBBLE_SHIFTS = range(0, 52, 4)
NOT_TWOS = (1 << (4 * TWO)) - 1  # every card below the 2s
SUIT_CARDS = [SPADES << s for s in range(4)]  # every card of one suit
ONE_A_RANK = [sum(1 << (4 * i) for i in range(n)) for n in range(14)]  # bit 4i for each of n ranks
# ``HOLDING[size][byte]`` (size 2 or 3): bit 0 (bit 4) set where the low (high) rank of a byte of a
# hand holds ``size`` cards or more.
HOLDING = {
    size: bytes(((n & 15).bit_count() >= size) | ((n >> 4).bit_count() >= size) << 4 for n in range(256)) for size in (2, 3)
}


def ranks_holding(hand: int, size: int) -> int:
    """Bit ``4r`` set for each rank ``r`` of which the hand holds at least ``size`` (1 to 4) cards."""
    if size == 1:
        held = hand | hand >> 1
        return (held | held >> 2) & SPADES
    if size == 4:
        return hand & hand >> 1 & hand >> 2 & hand >> 3 & SPADES
    # Two or three: byte by byte through a table, in C. Counting the cards of every rank at once takes
    # a dozen shifts and masks of 52-bit integers (each a new two-digit integer), about twice the cost.
    return int.from_bytes(hand.to_bytes(7, "little").translate(HOLDING[size]), "little")


def sub_nibbles(nibble: int, size: int) -> tuple[int, ...]:
    """The ``size``-card subsets of a rank nibble, ascending."""
    suits = [s for s in range(4) if nibble >> s & 1]
    return tuple(sorted(sum(1 << s for s in c) for c in combinations(suits, size)))


def by_rank(subs: list[tuple[int, ...]]) -> MaskTable:
    """``subs[nibble]`` moved to every rank."""
    return [[tuple(sub << (4 * r) for sub in subs[n]) for n in range(16)] for r in RANKS]


ANY_PAIR = [sub_nibbles(n, 2) for n in range(16)]
COLOUR_PAIR = [tuple(p for p in ANY_PAIR[n] if same_colour(p)) for n in range(16)]
CARDS_AT = by_rank([sub_nibbles(n, 1) for n in range(16)])
ANY_PAIRS_AT = by_rank(ANY_PAIR)
COLOUR_PAIRS_AT = by_rank(COLOUR_PAIR)
TRIPLES_AT = by_rank([sub_nibbles(n, 3) for n in range(16)])
QUADS_AT = by_rank([sub_nibbles(n, 4) for n in range(16)])


def two_ranks(i: int, byte: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The cards of the two ranks that byte ``i`` of a hand holds: ``(high rank's, low rank's)``."""
    return (CARDS_AT[2 * i + 1][byte >> 4] if i < 6 else ()), CARDS_AT[2 * i][byte & 0xF]


# Byte i of ``hand.to_bytes(7, "little")`` holds ranks 2i and 2i + 1 (byte 6 only the 2s).
OFFERS_DOWN = [[two_ranks(i, byte) for byte in range(256 if i < 6 else 16)] for i in range(7)]
CARDS_IN = [[low + high for high, low in row] for row in OFFERS_DOWN]
# What a follow-suit rule compares for a pair: 1 = both black (♠♣), 2 = both red (♦♥), 3 = one of each.
PAIR_COLOUR = [colours(n) for n in range(16)]


def byte_table(at: MaskTable) -> ByteTable:
    """What ``at`` offers, read a byte (two ranks, the low one first) of a hand at a time."""
    return [
        [at[2 * i][byte & 0xF] + (at[2 * i + 1][byte >> 4] if i < 6 else ()) for byte in range(256 if i < 6 else 16)]
        for i in range(7)
    ]


PAIRS_IN_BYTE: BoundedCache[tuple[bool, bool], ByteTable] = BoundedCache(
    "pairs in bytes of hands", limit=3, holds="ways of pairing"
)
"""The pairs of each byte of a hand, by ``(pair_same_colour, pairs of 2s exempt)``: one table
(about 0.11 MB) for each of the three ways rule sets pair cards, made when a plan first needs it."""


TABLE_SHAPES = tuple(
    (kind, cards, twos, passed)
    for kind, lengths in (
        (SINGLE, (1,)),
        (PAIR, (2,)),
        (TRIPLE, (3,)),
        (QUAD, (4,)),
        (STRAIGHT, range(3, 14)),
        (PAIR_RUN, range(4, 26, 2)),
        (TRIPLE_RUN, range(6, 39, 3)),
        (QUAD_RUN, range(8, 52, 4)),
    )
    for cards in lengths
    for twos in ((False, True) if kind <= TRIPLE else (False,))
    for passed in (False, True)
)
"""Every shape of table a plan answers, as the generator asks: ``(kind, cards, holds 2s, passed)``
("holds 2s" is asked of singles, pairs and triples only: the 2-groups; a straight holds 3 to 13 cards, a run of
pairs, triples or quads 2 to 12 ranks). A table of any other shape is answered when it is met."""


class Plan:
    """What the generator needs to know about one rule set, worked out once: nothing in it changes
    after it is made."""

    __slots__ = (
        "rules",
        "pairs_at",
        "mixed_pairs_at",
        "pair_run_at",
        "straight_top",
        "straight_ranks",
        "straight_min",
        "straight_same_suit",
        "pair_run_min",
        "follow_suit",
        "twos_ignore_suit",
        "unled_runs",
        "set_runs",
        "shapes",
        "pairs_in_byte",
    )

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        # Pairs: one colour where the rules say so, except pairs of 2s where 2s ignore suit.
        self.pairs_at: MaskTable = list(COLOUR_PAIRS_AT if rules.pair_same_colour else ANY_PAIRS_AT)
        if rules.pair_same_colour and rules.twos_ignore_suit:
            self.pairs_at[TWO] = ANY_PAIRS_AT[TWO]
        self.mixed_pairs_at: MaskTable = [
            [tuple(m for m in row[n] if PAIR_COLOUR[m >> (4 * r)] == 3) for n in range(16)] for r, row in enumerate(self.pairs_at)
        ]
        # Pair runs never hold 2s, so the colour rule applies to all their pairs.
        self.pair_run_at: MaskTable | None = None
        if rules.pair_runs:
            self.pair_run_at = COLOUR_PAIRS_AT if rules.pair_same_colour else ANY_PAIRS_AT
        self.straight_top = TWO if rules.straight_two_on_top else TWO - 1  # highest rank in a straight
        self.straight_ranks = ONE_A_RANK[self.straight_top + 1]  # bit 4r for each rank a straight may hold
        self.straight_min = rules.straight_min
        self.straight_same_suit = rules.straight_same_suit
        self.pair_run_min = rules.pair_run_min
        self.follow_suit = rules.follow_suit
        self.twos_ignore_suit = rules.twos_ignore_suit
        # Pair-run lengths (in pairs) that are bombs here and may not be led.
        self.unled_runs = frozenset(
            () if rules.lead_pair_run_bombs else (pairs_of(b.bomb) for b in rules.bombs if b.bomb != "quad")
        )
        # Triple and quad runs played here: (kind, cards a rank, fewest ranks); none by default.
        self.set_runs = tuple(
            (kind, size, least)
            for kind, size, least in ((TRIPLE_RUN, 3, rules.triple_run_min), (QUAD_RUN, 4, rules.quad_run_min))
            if least
        )
        # What answers each shape of table, worked out for every shape a table can have.
        self.shapes = {key: self.answers(*key) for key in TABLE_SHAPES}
        # The pairs each byte of a hand offers (ranks 2i and 2i + 1, the low one first), for leads:
        # one table for every rule set that pairs alike (at most three kinds of pairing).
        pairing = (rules.pair_same_colour, rules.pair_same_colour and rules.twos_ignore_suit)
        pairs_in_byte = PAIRS_IN_BYTE.get(pairing)
        if pairs_in_byte is None:
            pairs_in_byte = PAIRS_IN_BYTE.put(pairing, byte_table(self.pairs_at))
        self.pairs_in_byte = pairs_in_byte

    def answers(self, kind: ComboKind, length: int, twos: bool, passed: bool) -> list[tuple[ComboKind, int, bool]]:
        """The shapes that may answer a table of this shape: ``(kind, length, any_of_them)``.

        ``any_of_them`` is true for a bomb class that chops the table (every such bomb will do), and
        for straights longer than the table's where ``rules.longer_straight_beats`` (one entry, the
        next length: every straight of it or longer will do); it is false for the table's own shape
        (which must be higher, and follow suit where the rules say so). Sorted by kind, then
        length, the order :func:`legal_plays` lists them in.
        """
        rules = self.rules
        table_class = "quad" if kind is QUAD else f"PR{length // 2}" if kind is PAIR_RUN else None
        table_is_bomb = rules.bomb_rule(table_class) is not None
        found: dict[tuple[ComboKind, int], bool] = {} if passed else {(kind, length): False}
        for bomb in rules.bombs:
            on_twos = twos and length in bomb.chops_twos and (rules.bomb_after_pass or not passed)
            on_bomb = table_is_bomb and table_class in bomb.chops_bombs and not passed
            if on_twos or on_bomb:
                found[(QUAD, 4) if bomb.bomb == "quad" else (PAIR_RUN, 2 * pairs_of(bomb.bomb))] = True
        if rules.longer_straight_beats and kind is STRAIGHT and not passed:
            found[(STRAIGHT, length + 1)] = True
        return sorted((k, n, any_of_them) for (k, n), any_of_them in found.items())


PLANS: BoundedCache[int, Plan] = BoundedCache("move-generation plans", limit=64, holds="rule sets")
"""The plan of each rule set, by its id (the plan keeps its rules alive, so that id stays theirs)."""
