"""Exact legal-play generation on integer masks.

:func:`legal_plays` lists every combination a hand may play now, each card set once, in a fixed
order: by kind (single, pair, triple, quad, straight, pair run, then triple run and quad run where
the rules play them), then by length, then by card mask ascending (which orders by top card first).

>>> from tienlen import HOUSE, classify, parse_cards
>>> hand = parse_cards("3♠ 4♠ 5♦ 5♥ 2♣")
>>> [str(c) for c in legal_plays(hand, classify("4♥", HOUSE), HOUSE)]
['5♦', '5♥', '2♣']

How it works. A hand is a 52-bit integer; rank ``r`` holds its suits in the 4-bit "nibble"
``(hand >> 4*r) & 0xF``.

- Which pairs, triples or quads a rank offers is looked up in tables built once at import,
  indexed ``[rank][nibble]`` and holding ready-shifted masks; only the ranks holding enough cards
  (found by passing the hand's bytes through a table, or a few bit operations) are visited. The
  cards themselves, a lead's pairs, and what each rank offers a straight, are looked up a byte
  (two ranks) at a time in tables indexed ``[byte][value]`` (``hand.to_bytes(7, "little")``), seven
  lookups per hand.
- Straights and pair runs: shifts and ANDs of the hand's "rank held" bits find every window of
  consecutive ranks, by length (bit ``4t`` of ``held & held << 4 & held << 8`` says that ranks
  ``t - 2`` to ``t`` are all held). Each window is then the product of its ranks' choices, built in
  C by ``itertools.product`` and summed, highest rank varying slowest so the masks come out
  ascending; windows are mapped to products and sums by ``itertools`` too, so no Python code runs
  per window or per straight. The windows of a whole hand depend only on which ranks it holds:
  they are kept in a cache keyed by that pattern.
- The tables, and whatever depends on the rule set (which pairs exist, which shapes answer which
  table), are in ``tienlen.game._plan``: the rule set's plan is worked out once per
  :class:`~tienlen.RuleSet`, kept in a small cache, and never changed afterwards.
- Under a follow-suit rule a play must repeat the table's suits rank by rank, so its candidates are
  the table's own mask moved up by whole ranks; pairs compare by colour; single 2s and pairs of 2s
  are exempt where the rules say so. No :class:`~tienlen.Combo` is built to decide anything.
- Internally the plays come out as groups ``(kind, [mask, ...])``; :func:`legal_masks` pairs each
  mask with its kind and :func:`legal_plays` looks each mask up among shared combos: the 195 sets
  of one rank (singles, pairs, triples, quads) are made at import in a small table of their own;
  straights and pair runs are made when first met and kept in a cache.

Bounded caches and tables (each cache starts again empty when full): the shared straights and
pair runs, at most 65,536 (about 8 MB full); the windows of whole hands, at most 4,096 patterns of
ranks held (about 0.46 MB full: every pattern of the twelve ranks below the 2s, for one shortest
length); the plans of at most 64 rule sets; the pairs each byte of a hand offers, at most three
tables (about 0.11 MB each, one for each way rule sets pair cards), made when first needed. The
other byte tables and the sets of one rank take about 0.22 MB, made at import.

Everything here must agree exactly with "every non-empty subset of the hand through
:func:`~tienlen.classify` and :func:`~tienlen.beats`"; ``tests/game/test_moves.py`` checks that on
random and constructed positions under every profile, and the tables and windows against plain
scans; ``tests/game/perft.json`` pins counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain, product, repeat, starmap

from tienlen._base.bits import SPADES, TWOS
from tienlen._base.cache import BoundedCache
from tienlen._base.checks import check_bool, check_type
from tienlen._base.fast import fast
from tienlen._base.input import MAX_HAND
from tienlen.errors import InvalidCards
from tienlen.game._plan import (
    ANY_PAIRS_AT,
    CARDS_AT,
    CARDS_IN,
    NIBBLE_SHIFTS,
    NOT_TWOS,
    OFFERS_DOWN,
    ONE_A_RANK,
    PAIR_COLOUR,
    PLANS,
    QUADS_AT,
    RANKS,
    RANKS_DOWN,
    SUIT_CARDS,
    TRIPLES_AT,
    ByteTable,
    MaskTable,
    Plan,
    ranks_holding,
)
from tienlen.game.cards import Card, format_cards, to_mask
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
    Combo,
    ComboKind,
    as_combo,
    same_colour,
)
from tienlen.variants.checks import check_rules
from tienlen.variants.rules import RuleSet

__all__ = ["legal_plays", "legal_masks", "combo_of"]


Item = tuple[ComboKind, int]
"""One legal play as ``(kind, card mask)``."""
Group = tuple[ComboKind, list[int]]
"""Plays of one kind as masks, in output order."""
_COMBOS: BoundedCache[int, Combo] = BoundedCache("combinations", limit=1 << 16, holds="combinations")
"""The shared combos of straights and pair runs, by mask (about 8 MB when full)."""


def combo_of(kind: ComboKind, mask: int) -> Combo:
    """The shared :class:`Combo` for a mask already known to be a ``kind`` (no checks)."""
    combo = _COMBOS.get(mask)
    if combo is None:
        combo = _SETS.get(mask)
        if combo is None:
            combo = _COMBOS.put(mask, _made(kind, mask))
    return combo


@fast(Combo)
def _made(kind: ComboKind, mask: int) -> Combo:
    """A combo the generator found: it needs no checks (the hot path)."""
    raise NotImplementedError  # fast() writes the body


_SETS = {
    mask: _made(ComboKind(mask.bit_count()), mask)
    for at in (CARDS_AT, ANY_PAIRS_AT, TRIPLES_AT)
    for row in at
    for masks in row
    for mask in masks
} | {15 << (4 * r): _made(QUAD, 15 << (4 * r)) for r in RANKS}
"""The 195 sets of one rank (singles, pairs, triples, quads) as shared combos, made once: a small
table that stays in the processor's cache, where looking a combo up costs less than in ``_COMBOS``."""


def legal_plays(
    hand: Iterable[Card] | str | int, table: Combo | str | None, rules: RuleSet, *, passed: bool = False
) -> list[Combo]:
    """Every combination from ``hand`` that may be played now on ``table`` (``None`` = leading).

    By default the player is in turn and has not passed in this trick; ``passed=True`` lists what a
    player who has passed may still play (only bombs on 2-groups, where the rules allow it).
    ``table`` may be given as card text. Raises :class:`~tienlen.InvalidCards` for unreadable or
    repeated cards or a hand of more than 13 cards (the most the rules deal: the number of plays
    grows exponentially with the hand), and :class:`~tienlen.InvalidCombo` for a table that is no
    combination.
    """
    check_rules(rules)
    check_bool(passed, "passed")
    if table is not None:
        table = as_combo(table, rules)
    groups = plays_by_kind(_hand(to_mask(hand), rules), table, rules, passed)
    shared = _COMBOS.get
    sets = _SETS.get
    out: list[Combo | None] = []
    for kind, masks in groups:
        out += map(sets if kind < STRAIGHT else shared, masks)
    if all(out):
        return out  # type: ignore[return-value]  # no None in it
    out = []  # some straights or pair runs met for the first time: make the missing combos
    for kind, masks in groups:
        if kind < STRAIGHT:
            out += map(sets, masks)
        else:
            out += [combo or combo_of(kind, mask) for combo, mask in zip(map(shared, masks), masks, strict=True)]
    return out  # type: ignore[return-value]  # no None in it


def legal_masks(hand: int, table: Combo | None, rules: RuleSet, *, passed: bool = False) -> list[Item]:
    """:func:`legal_plays` on masks: ``(kind, mask)`` pairs in the same order."""
    check_rules(rules)
    if table is not None:
        check_type(table, Combo, "table", "a Combo or None")
    out: list[Item] = []
    for kind, masks in plays_by_kind(_hand(to_mask(hand), rules), table, rules, passed):
        out += zip(repeat(kind), masks)
    return out


def _hand(mask: int, rules: RuleSet) -> int:
    """Refuse a hand larger than the rules deal."""
    count = mask.bit_count()
    if count > MAX_HAND and count > (most := rules.most_cards_dealt()):  # no rules deal fewer than 13
        raise InvalidCards.of("hand-too-large", most=most, rules=rules.name, count=count, mask=format_cards(mask))
    return mask


def plays_by_kind(hand: int, table: Combo | None, rules: RuleSet, passed: bool) -> list[Group]:
    """:func:`legal_masks` as groups ``(kind, [mask, ...])``, without checking the arguments: for
    the engine, which holds hands the rules dealt."""
    plan = PLANS.get(id(rules))
    if plan is None or plan.rules is not rules:
        plan = PLANS.put(id(rules), Plan(rules))
    if table is None:
        return _leads(hand, plan)
    kind = table.kind
    tmask = table.mask
    key = (kind, tmask.bit_count(), tmask > NOT_TWOS and kind <= TRIPLE, passed)
    shapes = plan.shapes.get(key)
    if shapes is None:
        shapes = plan.answers(*key)
    groups: list[Group] = []
    reach = -1  # the longest pair run the hand might hold, once a bomb class asks
    for shape, length, any_of_them in shapes:
        if not any_of_them:
            masks = _following(shape, tmask, hand, plan) if plan.follow_suit else _higher(shape, tmask, hand, plan)
        elif shape is QUAD:
            masks = _quads(hand, 0)
        elif shape is STRAIGHT:
            masks = _straights(hand, length, 0, plan)
        else:
            if reach < 0:
                reach = _longest_run(ranks_holding(hand, 2) & NOT_TWOS, 4)
            masks = _pair_run_bombs(length // 2, hand, plan) if length // 2 <= reach else []
        if masks:
            groups.append((shape, masks))
    return groups


# ---------------------------------------------------------------- leading


def _leads(hand: int, plan: Plan) -> list[Group]:
    """Every combination in the hand."""
    # Singles and pairs are looked up a byte (two ranks) at a time: seven look-ups cost less than
    # visiting the three or four ranks of a 13-card hand that hold two cards or more.
    by_byte = hand.to_bytes(7, "little")
    pairs = _in_bytes(plan.pairs_in_byte, by_byte)
    triples: list[int] = []
    quads: list[int] = []
    ranks = ranks_holding(hand, 3)  # only ranks of three cards or more offer triples and quads
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        r = low.bit_length() >> 2
        n = (hand >> (4 * r)) & 0xF
        triples += TRIPLES_AT[r][n]
        if n == 15:
            quads.append(15 * low)
    groups = [
        (SINGLE, _in_bytes(CARDS_IN, by_byte)),
        (PAIR, pairs),
        (TRIPLE, triples),
        (QUAD, quads),
        (STRAIGHT, _straights(hand, plan.straight_min, 0, plan)),
    ]
    if plan.pair_run_at is not None and _windows(ranks_holding(hand, 2) & NOT_TWOS, plan.pair_run_min, 13, 0):
        runs = _pair_runs(hand, plan, plan.pair_run_min, 13, 0)
        if plan.unled_runs:
            runs = [m for m in runs if m.bit_count() // 2 not in plan.unled_runs]
        groups.append((PAIR_RUN, runs))
    for kind, size, least in plan.set_runs:
        groups.append((kind, _set_runs(hand, size, least, 13, 0)))
    return groups


def longest_lead(hand: int, rules: RuleSet) -> Item:
    """The lead with the most cards in ``hand`` (a non-empty mask the rules could deal), the lowest
    of those (the smallest mask), with its kind: what the most cards, then the smallest mask,
    picks among every lead :func:`plays_by_kind` lists, found without listing them. Each kind's
    longest, lowest lead is read off the ranks held: its longest window of consecutive ranks that
    offer it (the lowest such window), each rank giving its lowest offer (the tables list them
    ascending), since a lower top card makes a smaller mask. The runs come first; a pair, triple
    or quad is looked at only while nothing longer than four cards was found. For the bundled
    bots, which ask it of every hand they plan; it checks nothing."""
    plan = PLANS.get(id(rules))
    if plan is None or plan.rules is not rules:
        plan = PLANS.put(id(rules), Plan(rules))
    best: Item = (SINGLE, hand & -hand)
    size = 1
    if plan.straight_same_suit:
        top, length, starts, found = plan.straight_top, 1, hand, 0  # starts: bit 4a+s where suit s runs from rank a
        while True:
            within = starts & ((1 << (4 * (top - length + 2))) - 1)  # runs that end by the highest rank allowed
            if within:
                found, longest = within, length
            length += 1
            if length > 13:
                break
            starts &= hand >> (4 * (length - 1))
            if not starts:
                break
        if found and longest >= plan.straight_min:
            best, size = (STRAIGHT, ONE_A_RANK[longest] * (found & -found)), longest
    else:
        held = hand | hand >> 1
        held = (held | held >> 2) & plan.straight_ranks  # bit 4r: rank r is held
        longest = _longest_run(held, 4)
        if longest >= plan.straight_min:  # the lowest card of each rank of the lowest window
            best, size = (STRAIGHT, _lowest_cards(hand & _window(held, longest) * 0xF)), longest
    pairs = ranks_holding(hand, 2)
    if not pairs:
        return best
    at = plan.pair_run_at
    if at is not None:
        held = pairs & NOT_TWOS
        if at is not ANY_PAIRS_AT:  # of one colour: only the ranks that offer such a pair
            ranks = held
            while ranks:
                low = ranks & -ranks
                ranks ^= low
                r = low.bit_length() >> 2
                if not at[r][(hand >> (4 * r)) & 0xF]:
                    held ^= low
        longest = _longest_run(held, 4)
        while longest in plan.unled_runs:  # a run of that many pairs is a bomb that may not be led
            longest -= 1
        if longest >= plan.pair_run_min:
            if at is ANY_PAIRS_AT:  # the two lowest cards of each rank of the lowest window
                cards = hand & _window(held, longest) * 0xF
                low = _lowest_cards(cards)
                run = low | _lowest_cards(cards ^ low)
            else:
                run = _lowest_window(hand, held, longest, at)
            best, size = _longer(best, size, PAIR_RUN, run, 2 * longest)
    for kind, cards, least in plan.set_runs:
        held = ranks_holding(hand, cards) & NOT_TWOS
        longest = _longest_run(held, 4)
        if longest >= least:
            at = TRIPLES_AT if cards == 3 else QUADS_AT
            best, size = _longer(best, size, kind, _lowest_window(hand, held, longest, at), cards * longest)
    if size > 4:
        return best
    full = ranks_holding(hand, 4)
    if full:
        return _longer(best, size, QUAD, 15 * (full & -full), 4)[0]
    if size == 4:
        return best
    triples = ranks_holding(hand, 3)
    if triples:
        r = (triples & -triples).bit_length() >> 2
        return _longer(best, size, TRIPLE, TRIPLES_AT[r][(hand >> (4 * r)) & 0xF][0], 3)[0]
    if size >= 3:
        return best
    at = plan.pairs_at  # the lowest pair of the lowest rank that offers one (of one colour where the rules say so)
    while pairs:
        low = pairs & -pairs
        pairs ^= low
        r = low.bit_length() >> 2
        offers = at[r][(hand >> (4 * r)) & 0xF]
        if offers:
            return _longer(best, size, PAIR, offers[0], 2)[0]
    return best


def _longer(best: Item, size: int, kind: ComboKind, mask: int, cards: int) -> tuple[Item, int]:
    """The lead with more cards of ``best`` (of ``size`` cards) and ``kind``'s ``mask`` (of ``cards``), the smaller mask on a tie."""
    if cards > size or (cards == size and mask < best[1]):
        return (kind, mask), cards
    return best, size


def _window(held: int, length: int) -> int:
    """Bit ``4r`` for each rank ``r`` of the lowest run of ``length`` consecutive ranks among ``held`` (bit ``4r`` for rank ``r``)."""
    starts = held
    for step in range(1, length):
        starts &= held >> (4 * step)
    return (starts & -starts) * ONE_A_RANK[length]


_ABOVE_1, _ABOVE_2, _ABOVE_3 = SPADES * 0xE, SPADES * 0xC, SPADES * 0x8  # the bits of a nibble above its lowest 1, 2, 3


def _lowest_cards(cards: int) -> int:
    """The lowest card of each rank of ``cards``, all ranks at once (a bit is kept when no lower bit of its nibble is set)."""
    return cards & ~(cards << 1 & _ABOVE_1) & ~(cards << 2 & _ABOVE_2) & ~(cards << 3 & _ABOVE_3)


def _lowest_window(hand: int, held: int, length: int, at: MaskTable) -> int:
    """The lowest run of ``length`` consecutive ranks among ``held`` (bit ``4r`` for rank ``r``), each
    rank giving its first (lowest) offer in ``at``."""
    starts = held
    for step in range(1, length):
        starts &= held >> (4 * step)
    first = (starts & -starts).bit_length() >> 2
    return sum(at[r][(hand >> (4 * r)) & 0xF][0] for r in range(first, first + length))


# ---------------------------------------------------------------- answering a table


def _pair_run_bombs(pairs: int, hand: int, plan: Plan) -> list[int]:
    """Every pair run of exactly ``pairs`` pairs in the hand (a bomb class that chops the table)."""
    if plan.pair_run_at is None or pairs < plan.pair_run_min:
        return []
    return _pair_runs(hand, plan, pairs, pairs, 0)


def _higher(kind: ComboKind, tmask: int, hand: int, plan: Plan) -> list[int]:
    """The plays of the table's shape whose top card is higher (no suit rule)."""
    floor = tmask.bit_length()  # a play's top card must have at least this index
    if kind is SINGLE:
        return _cards_in(hand >> floor << floor)
    if kind is PAIR:
        return _of_a_kind(plan.pairs_at, hand, 2, floor)
    if kind is TRIPLE:
        return _of_a_kind(TRIPLES_AT, hand, 3, floor)
    if kind is QUAD:
        return _quads(hand, floor)
    ranks = ((floor - 1) >> 2) - (((tmask & -tmask).bit_length() - 1) >> 2) + 1  # ranks the table spans
    if kind is STRAIGHT:
        if ranks < plan.straight_min:
            return []
        return _straights(hand, ranks, floor, plan, longest=ranks)
    if kind is PAIR_RUN:
        if plan.pair_run_at is None or ranks < plan.pair_run_min:
            return []
        return _pair_runs(hand, plan, ranks, ranks, floor)
    return _set_runs(hand, 3 if kind is TRIPLE_RUN else 4, ranks, ranks, floor) if _plays_runs(kind, ranks, plan) else []


def _straights(hand: int, shortest: int, floor: int, plan: Plan, longest: int = 13) -> list[int]:
    """The straights of ``shortest`` to ``longest`` ranks in the hand, top card index at least ``floor``."""
    if plan.straight_same_suit:
        return _same_suit_straights(hand, shortest, longest, plan.straight_top, floor)
    windows = _windows(ranks_holding(hand, 1) & plan.straight_ranks, shortest, longest, floor)
    return _runs(_offers_down(hand), windows, floor) if windows else []


def _pair_runs(hand: int, plan: Plan, shortest: int, longest: int, floor: int) -> list[int]:
    """The pair runs of ``shortest`` to ``longest`` pairs in the hand, top card index at least ``floor``."""
    assert plan.pair_run_at is not None
    # A rank holding two cards may still offer no pair (of one colour): windows over it come out empty.
    windows = _windows(ranks_holding(hand, 2) & NOT_TWOS, shortest, longest, floor)
    if not windows:
        return []
    return _runs([()] + [plan.pair_run_at[r][(hand >> (4 * r)) & 0xF] for r in RANKS_DOWN], windows, floor)


def _set_runs(hand: int, size: int, shortest: int, longest: int, floor: int) -> list[int]:
    """The runs of triples (``size`` 3) or quads (4) of ``shortest`` to ``longest`` ranks in the
    hand, no 2, top card index at least ``floor``: by length, then mask ascending."""
    windows = _windows(ranks_holding(hand, size) & NOT_TWOS, shortest, longest, floor)
    if not windows:
        return []
    at = TRIPLES_AT if size == 3 else QUADS_AT
    return _runs([()] + [at[r][(hand >> (4 * r)) & 0xF] for r in RANKS_DOWN], windows, floor)


def _plays_runs(kind: ComboKind, ranks: int, plan: Plan) -> bool:
    """Whether a triple or quad run of ``ranks`` ranks is a combination under the plan's rules."""
    return any(k is kind and ranks >= least for k, _, least in plan.set_runs)


def _following(kind: ComboKind, tmask: int, hand: int, plan: Plan) -> list[int]:
    """The plays of the table's shape that are higher and follow its suits.

    A single must be of the table's suit; a triple must hold the same suits; a straight or pair run
    the same suit rank by rank: so the candidates are the table's mask moved up by whole ranks. A
    pair must have the same colours (both black, both red, or one of each). Where 2s ignore suit,
    any higher single 2 answers a single and any higher pair of 2s answers a pair.
    """
    floor = tmask.bit_length()
    if kind is SINGLE:
        cards = hand & SUIT_CARDS[(floor - 1) & 3]
        if plan.twos_ignore_suit:
            cards |= hand & TWOS
        return _cards_in(cards >> floor << floor)
    if kind is PAIR:
        rank = (floor - 1) >> 2
        colour = PAIR_COLOUR[tmask >> (4 * rank)]
        cards = hand & NOT_TWOS if plan.twos_ignore_suit else hand  # pairs of 2s come last, below
        if colour == 3:  # one black, one red
            pairs = _of_a_kind(plan.mixed_pairs_at, cards, 2, floor)
        else:  # both black or both red: at each higher rank, the one pair of those two suits
            both = cards & cards >> 1 & (SPADES if colour == 1 else SPADES << 2)  # bit of ♠ or ♦
            both = both >> (4 * rank + 4) << (4 * rank + 4)
            pairs = []
            while both:
                low = both & -both
                pairs.append(3 * low)
                both ^= low
        if plan.twos_ignore_suit:
            pairs += [m for m in plan.pairs_at[TWO][hand >> (4 * TWO)] if m >> floor]
        return pairs
    if not _pattern_allowed(kind, tmask, plan):
        return []
    highest = plan.straight_top if kind is STRAIGHT else TWO if kind is TRIPLE or kind is QUAD else TWO - 1
    end = 4 * (highest + 1)  # a play must lie below this bit
    out: list[int] = []
    play = tmask << 4
    while play.bit_length() <= end:
        if play & hand == play:
            out.append(play)
        play <<= 4
    return out


def _pattern_allowed(kind: ComboKind, tmask: int, plan: Plan) -> bool:
    """Whether cards of the table's suits, rank by rank, make a combination under these rules
    (wherever they sit; the caller keeps 2s out of straights and pair runs where they are barred)."""
    if kind is STRAIGHT:
        one_suit = any(tmask & cards == tmask for cards in SUIT_CARDS)
        return tmask.bit_count() >= plan.straight_min and (one_suit or not plan.straight_same_suit)
    if kind is PAIR_RUN:
        if plan.pair_run_at is None or tmask.bit_count() // 2 < plan.pair_run_min:
            return False
        return plan.pair_run_at is ANY_PAIRS_AT or all(same_colour((tmask >> s) & 0xF) for s in NIBBLE_SHIFTS)
    if kind is TRIPLE_RUN or kind is QUAD_RUN:
        return _plays_runs(kind, tmask.bit_count() // (3 if kind is TRIPLE_RUN else 4), plan)
    return True


# ---------------------------------------------------------------- generators


def _cards_in(cards: int) -> list[int]:
    """Each card of ``cards`` as a mask, ascending: up to three one by one, more looked up two
    ranks at a time (seven lookups, which cost about what three steps of the loop do)."""
    if cards.bit_count() <= 3:
        out: list[int] = []
        while cards:
            low = cards & -cards
            out.append(low)
            cards ^= low
        return out
    b = cards.to_bytes(7, "little")
    c = CARDS_IN  # as in _in_bytes, written out: one call fewer on a follow's hot path
    return [*c[0][b[0]], *c[1][b[1]], *c[2][b[2]], *c[3][b[3]], *c[4][b[4]], *c[5][b[5]], *c[6][b[6]]]


def _in_bytes(table: ByteTable, by_byte: bytes) -> list[int]:
    """What ``table`` offers for the bytes of a hand (``hand.to_bytes(7, "little")``), in order."""
    t = table
    b = by_byte
    return [*t[0][b[0]], *t[1][b[1]], *t[2][b[2]], *t[3][b[3]], *t[4][b[4]], *t[5][b[5]], *t[6][b[6]]]


def _offers_down(hand: int) -> list[tuple[int, ...]]:
    """The cards of each rank of the hand, rank ``r`` at index ``13 - r`` (index 0: no rank 13)."""
    b = hand.to_bytes(7, "little")
    o = OFFERS_DOWN
    return [*o[6][b[6]], *o[5][b[5]], *o[4][b[4]], *o[3][b[3]], *o[2][b[2]], *o[1][b[1]], *o[0][b[0]]]


def _of_a_kind(at: MaskTable, hand: int, size: int, floor: int) -> list[int]:
    """What ``at`` offers in the hand (``size`` cards of a rank), ranks ascending, top card index
    at least ``floor``. Only the ranks holding ``size`` cards or more are visited."""
    rank = (floor - 1) >> 2 if floor else 0  # the table's rank: only some of its plays may be higher
    ranks = ranks_holding(hand, size) >> (4 * rank) << (4 * rank)
    out: list[int] = []
    while ranks:
        low = ranks & -ranks
        ranks ^= low
        r = low.bit_length() >> 2
        masks = at[r][(hand >> (4 * r)) & 0xF]
        out += [m for m in masks if m >> floor] if r == rank else masks
    return out


def _quads(hand: int, floor: int) -> list[int]:
    """The quads in the hand whose top card has an index of at least ``floor``, ascending."""
    full = hand & hand >> 1 & hand >> 2 & hand >> 3 & SPADES  # bit 4r: all four cards of rank r
    lowest = max(floor - 3, 0)  # a quad's top card is 3 above its bit
    full = full >> lowest << lowest
    out: list[int] = []
    while full:
        low = full & -full
        out.append(15 * low)
        full ^= low
    return out


def _longest_run(ranks: int, step: int) -> int:
    """The most consecutive ranks held in ``ranks``, which has bit ``step * r`` for each rank ``r``."""
    length = 0
    while ranks:
        ranks &= ranks >> step
        length += 1
    return length


def _windows(held: int, shortest: int, longest: int, floor: int) -> tuple[slice, ...]:
    """Where straights or pair runs may lie: the windows of ``shortest`` to ``longest`` consecutive
    ranks held (bit ``4r`` of ``held`` for rank ``r``) whose top rank may reach card index ``floor``,
    by length, then top rank; each as a slice of a list of ranks from the highest down (rank ``r``
    at index ``13 - r``). Those of a whole hand (``floor`` 0, ``longest`` 13) come from a cache."""
    if floor or longest != 13:
        return _find_windows(held, shortest, longest, floor)
    key = held | shortest << 52
    windows = _WINDOWS.get(key)
    if windows is None:
        windows = _WINDOWS.put(key, _find_windows(held, shortest, 13, 0))
    return windows


def _find_windows(held: int, shortest: int, longest: int, floor: int) -> tuple[slice, ...]:
    """:func:`_windows` worked out: bit ``4t`` of ``ends`` says that rank ``t`` tops ``length``
    consecutive held ranks (``ends & ends << 4`` then says it for ``length + 1``)."""
    ends = held
    for _ in range(shortest - 1):
        ends &= ends << 4
    out: list[slice] = []
    lowest = floor >> 2 << 2  # the bit of the lowest top rank that may reach ``floor``
    for length in range(shortest, longest + 1):
        tops = ends >> lowest << lowest
        if not tops:
            break
        while tops:
            low = tops & -tops
            tops ^= low
            out.append(_SLICES[13 - (low.bit_length() >> 2)][length])
        ends &= ends << 4
    return tuple(out)


_SLICES = [[slice(first, first + length) for length in range(14)] for first in range(14)]
_WINDOWS: BoundedCache[int, tuple[slice, ...]] = BoundedCache(
    "runs of ranks in whole hands", limit=1 << 12, holds="patterns of ranks held"
)
"""The windows of whole hands (4,096: every pattern of the twelve ranks below the 2s)."""


def _runs(down: list[tuple[int, ...]], windows: tuple[slice, ...], floor: int) -> list[int]:
    """Straights (one card a rank) or pair runs (one pair a rank) in these windows (from
    :func:`_windows`) of ``down``, the list of what each rank offers from the highest down, whose
    top card index is at least ``floor``: by length, then mask ascending.

    Each window is the product of its ranks' offers, one mask per rank, summed; ``product`` varies
    its first argument slowest, so with the top rank first the masks come out ascending.
    """
    masks = map(sum, chain.from_iterable(starmap(product, map(down.__getitem__, windows))))
    return list(filter((1 << floor).__le__, masks) if floor else masks)


def _same_suit_straights(hand: int, shortest: int, longest: int, highest: int, floor: int) -> list[int]:
    """Straights all in one suit: ``shortest`` to ``longest`` ranks, no rank above ``highest``,
    top card index at least ``floor``; by length, then mask ascending."""
    out: list[int] = []
    starts = hand  # bit 4a+s: suit s holds ``length`` consecutive ranks from rank a
    for length in range(1, longest + 1):
        if length > 1:
            starts &= hand >> (4 * (length - 1))
        if not starts:
            break
        if length < shortest:
            continue
        ones = ONE_A_RANK[length]
        span = 4 * (length - 1)
        bits = starts & ((1 << (4 * (highest - length + 2))) - 1)  # runs that end by ``highest``
        while bits:
            low = bits & -bits
            if (low << span).bit_length() > floor:
                out.append(ones * low)
            bits ^= low
    return out
