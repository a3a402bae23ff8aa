"""The move generator's lookup tables and its cache of windows, checked against plain scans.

``tests/test_moves.py`` checks whole answers against the brute-force filter; these tests check the
pieces those answers are built from, so that a wrong table or window shows up by name.
"""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from tienlen import HOUSE, PAGAT, ComboKind, legal_plays, moves
from tienlen._cache import CACHES, stats
from tienlen.cards import FULL_MASK

masks = st.integers(min_value=0, max_value=FULL_MASK)
few_cards = st.sets(st.integers(min_value=0, max_value=51), max_size=4).map(lambda cards: sum(1 << i for i in cards))
TABLE_SETTINGS = settings(max_examples=200, deadline=None)

COMBOS = CACHES["combinations"]
WINDOWS = CACHES["runs of ranks in whole hands"]


def _scanned_windows(held: int, shortest: int, longest: int, floor: int) -> list[slice]:
    """Every run of consecutive held ranks, rank by rank: by length, then top rank."""
    out = []
    for length in range(shortest, longest + 1):
        for top in range(length - 1, 13):
            ranks = range(top - length + 1, top + 1)
            if all(held >> (4 * r) & 1 for r in ranks) and 4 * top + 3 >= floor:
                out.append(slice(13 - top, 13 - top + length))
    return out


@TABLE_SETTINGS
@given(
    pattern=st.integers(min_value=0, max_value=(1 << 13) - 1),
    shortest=st.integers(min_value=1, max_value=13),
    extra=st.integers(min_value=0, max_value=12),
    floor=st.integers(min_value=0, max_value=51),
)
def test_windows_are_every_run_of_held_ranks_in_order(pattern: int, shortest: int, extra: int, floor: int) -> None:
    held = sum(1 << (4 * r) for r in range(13) if pattern >> r & 1)
    longest = min(13, shortest + extra)
    assert list(moves._windows(held, shortest, longest, floor)) == _scanned_windows(held, shortest, longest, floor)
    # a whole hand's windows (no floor, any length) come from the cache: the same, and again
    WINDOWS.clear()
    assert list(moves._windows(held, shortest, 13, 0)) == _scanned_windows(held, shortest, 13, 0)
    assert list(moves._windows(held, shortest, 13, 0)) == _scanned_windows(held, shortest, 13, 0)


def test_the_windows_cache_stays_within_its_bound() -> None:
    WINDOWS.clear()
    for pattern in range(WINDOWS.limit + 10):  # more patterns than the cache holds
        moves._windows(sum(1 << (4 * r) for r in range(13) if pattern >> r & 1), 3, 13, 0)
        assert len(WINDOWS) <= WINDOWS.limit
    assert stats()["runs of ranks in whole hands"].clears >= 1
    WINDOWS.clear()


@TABLE_SETTINGS
@given(hand=st.one_of(masks, few_cards))
def test_byte_tables_give_each_card_and_what_each_rank_offers(hand: int) -> None:
    assert moves._cards_in(hand) == [1 << i for i in range(52) if hand >> i & 1]
    down = moves._offers_down(hand)
    assert len(down) == 14 and down[0] == ()  # no rank 13
    for rank in range(13):
        suits = (hand >> (4 * rank)) & 0xF
        assert down[13 - rank] == tuple(1 << (4 * rank + s) for s in range(4) if suits >> s & 1)


@settings(max_examples=25, deadline=None)
@given(hand=st.integers(min_value=0, max_value=FULL_MASK).filter(lambda m: m.bit_count() <= 13), share=st.integers(0, 3))
def test_a_cold_call_makes_only_the_missing_combos_and_agrees_with_a_warm_one(hand: int, share: int) -> None:
    for rules in (HOUSE, PAGAT):
        COMBOS.clear()
        warm = legal_plays(hand, None, rules)
        keep = {c.mask: c for i, c in enumerate(warm) if i % 4 < share}  # some of them still cached
        COMBOS.clear()
        COMBOS.update(keep)
        cold = legal_plays(hand, None, rules)
        assert cold == warm
        assert all(c is keep[c.mask] for c in cold if c.mask in keep)  # the cached ones were reused
        assert all(moves.combo_of(c.kind, c.mask) is c for c in cold)  # and all are shared from now on
    COMBOS.clear()


def test_sets_of_one_rank_are_one_shared_combo_each_for_good() -> None:
    assert len(moves._SETS) == 52 + 78 + 52 + 13
    hand = "3♠ 3♣ 3♦ 3♥ 4♠ 5♥ 5♦ 2♠"
    first = [c for c in legal_plays(hand, None, HOUSE) if c.kind < ComboKind.STRAIGHT]
    COMBOS.clear()  # the cache of other combos starting again changes nothing for them
    again = [c for c in legal_plays(hand, None, HOUSE) if c.kind < ComboKind.STRAIGHT]
    assert len(first) == 20  # 8 cards, 7 pairs, 4 triples, a quad
    assert all(c is d is moves.combo_of(c.kind, c.mask) for c, d in zip(first, again, strict=True))
