"""Legal-play generation: exactly the brute-force filter, each card set once, in the documented order.

The reference everywhere is the brute-force filter: every non-empty subset of the hand through
``classify`` and then ``beats``. ``tests/game/perft.json`` pins exact counts for fixed positions; it was
written by this file's ``--write-perft`` entry point from that same brute-force filter:

    PYTHONPATH=src python tests/game/test_moves.py --write-perft
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import attrs
import pytest
from builders import WINDOWS, refused_quickly
from hypothesis import HealthCheck, given, settings, strategies as st

from tienlen import (
    HOUSE,
    NORTHERN,
    PAGAT,
    PROFILES,
    BombRule,
    Combo,
    ComboKind,
    InvalidCards,
    InvalidCombo,
    RuleSet,
    beats,
    classify,
    format_cards,
    legal_plays,
    parse_cards,
)
from tienlen._base.cache import CACHES
from tienlen.game import moves
from tienlen.game.cards import FULL_MASK
from tienlen.game.moves import legal_masks

PERFT = Path(__file__).with_name("perft.json")
ALL = list(PROFILES.values())
ids = list(PROFILES)

# Rule sets no profile uses, to reach the generator's general paths (each axis read, not the name).
CUSTOM = [
    attrs.evolve(NORTHERN, name="northern-with-pair-runs", pair_runs=True, bombs=NORTHERN.bombs),
    attrs.evolve(HOUSE, name="house-following-suit", follow_suit=True, straight_min=4, pair_run_min=3),
    attrs.evolve(PAGAT, name="pagat-one-suit-straights", straight_same_suit=True, pair_same_colour=True, twos_ignore_suit=False),
    attrs.evolve(
        HOUSE,
        name="house-long-runs",
        straight_min=5,
        pair_run_min=4,
        bomb_after_pass=True,
        bombs=(
            BombRule(bomb="quad", chops_twos=(1, 2)),
            BombRule(bomb="PR4", chops_twos=(1, 2), chops_bombs=("quad",)),
            BombRule(bomb="PR5", chops_twos=(1, 2, 3), chops_bombs=("quad", "PR4", "PR5")),  # any PR5 on any PR5
        ),
    ),
    # the switches of issue 10: longer straights beat shorter ones; pair-run bombs may not be led
    attrs.evolve(HOUSE, name="house-longer-straights-no-led-runs", longer_straight_beats=True, lead_pair_run_bombs=False),
    attrs.evolve(
        PAGAT,
        name="pagat-one-suit-longer-straights",
        straight_same_suit=True,
        longer_straight_beats=True,
        lead_pair_run_bombs=False,
        straight_min=4,
    ),
    # runs of triples and of quads (issue 23), off in every profile: free, and following suit
    attrs.evolve(HOUSE, name="house-triple-and-quad-runs", triple_run_min=2, quad_run_min=2),
    attrs.evolve(NORTHERN, name="northern-triple-runs-of-three", triple_run_min=3, quad_run_min=2),
]
LOOSE = attrs.evolve(PAGAT, name="pagat-with-every-run", triple_run_min=2, quad_run_min=2)
"""A rule set under which every drawn table is a combination (pagat's, and runs of triples and quads)."""
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# ---------------------------------------------------------------- the brute-force reference

_CLASSIFIED: dict[tuple[int, int], Combo | None] = {}


def _classified(mask: int, rules: RuleSet) -> Combo | None:
    """classify(), remembered (it is pure); ``None`` where the cards are no combination."""
    key = (id(rules), mask)
    if key not in _CLASSIFIED:
        try:
            _CLASSIFIED[key] = classify(mask, rules)
        except InvalidCombo:
            _CLASSIFIED[key] = None
    return _CLASSIFIED[key]


def all_combos(hand: int, rules: RuleSet) -> list[Combo]:
    """Every non-empty subset of the hand that classifies under ``rules``."""
    subsets = [0]
    for i in range(52):
        if hand >> i & 1:
            subsets += [s | 1 << i for s in subsets]
    return [c for c in (_classified(m, rules) for m in subsets[1:]) if c is not None]


def documented_order(item: tuple[ComboKind, int]) -> tuple[int, int, int]:
    kind, mask = item
    return (int(kind), mask.bit_count(), mask)


def brute_force(combos: list[Combo], table: Combo | None, rules: RuleSet, passed: bool = False) -> list[tuple[ComboKind, int]]:
    """The subsets among ``combos`` that ``beats`` allows, in the documented order."""
    return sorted(((c.kind, c.mask) for c in combos if beats(c, table, rules, passed=passed)), key=documented_order)


def assert_same(hand: int, table: Combo | None, rules: RuleSet, passed: bool, expected: list[tuple[ComboKind, int]]) -> None:
    got = legal_masks(hand, table, rules, passed=passed)
    if got != expected:
        missing = [format_cards(m) for k, m in expected if (k, m) not in got]
        extra = [format_cards(m) for k, m in got if (k, m) not in expected]
        pytest.fail(
            f"under {rules.name}, hand {format_cards(hand)}, table {table}, passed={passed}:\n"
            f"  missing {missing}\n  extra {extra}\n  order ok: {sorted(got, key=documented_order) == got}"
        )
    plays = legal_plays(hand, table, rules, passed=passed)
    assert [(c.kind, c.mask) for c in plays] == expected
    assert all(isinstance(c, Combo) for c in plays)


# ---------------------------------------------------------------- strategies


@st.composite
def hands(draw: st.DrawFn, max_size: int = 13) -> int:
    """Hands of up to ``max_size`` cards, often bunched on a few neighbouring ranks (plus 2s) so
    that they hold many pairs, straights, pair runs and quads."""
    size = draw(st.integers(1, max_size))
    if draw(st.booleans()):
        pool = list(range(52))
    else:
        low = draw(st.integers(0, 9))
        width = draw(st.integers(3, 6))
        pool = [i for i in range(52) if low <= i >> 2 < low + width or i >= 48]
    picked = draw(st.lists(st.sampled_from(pool), min_size=min(size, len(pool)), max_size=min(size, len(pool)), unique=True))
    return sum(1 << i for i in picked)


def _bits(rank: int, suits: list[int]) -> int:
    return sum(1 << (4 * rank + s) for s in suits)


@st.composite
def table_cards(draw: st.DrawFn) -> int:
    """The cards of a deliberate table: every shape, 2-groups, bombs and 2-topped straights."""
    shape = draw(
        st.sampled_from(
            [
                "single",
                "pair",
                "triple",
                "quad",
                "straight",
                "two-topped straight",
                "pair run",
                "2-group",
                "2-group",
                "bomb",
                "triple run",
                "quad run",
            ]
        )
    )
    suits = st.integers(0, 3)
    if shape in ("triple run", "quad run"):
        size, length = (3 if shape == "triple run" else 4), draw(st.integers(2, 4))
        start = draw(st.integers(0, 12 - length))  # no 2
        return sum(_bits(start + i, draw(st.lists(suits, min_size=size, max_size=size, unique=True))) for i in range(length))
    if shape == "single":
        return 1 << draw(st.integers(0, 51))
    if shape in ("pair", "triple", "quad"):
        size = {"pair": 2, "triple": 3, "quad": 4}[shape]
        return _bits(draw(st.integers(0, 12)), draw(st.lists(suits, min_size=size, max_size=size, unique=True)))
    if shape == "2-group":
        size = draw(st.integers(1, 3))
        return _bits(12, draw(st.lists(suits, min_size=size, max_size=size, unique=True)))
    if shape in ("straight", "two-topped straight"):
        length = draw(st.integers(3, 8))
        start = 13 - length if shape == "two-topped straight" else draw(st.integers(0, 12 - length))
        one_suit = draw(st.booleans())
        suit = draw(suits)
        return sum(_bits(start + i, [suit if one_suit else draw(suits)]) for i in range(length))
    # a pair run, or a bomb: a quad or a pair run of 3 to 5 pairs
    if shape == "bomb" and draw(st.booleans()):
        return _bits(draw(st.integers(0, 12)), [0, 1, 2, 3])
    pairs = draw(st.integers(3, 5 if shape == "bomb" else 6))
    start = draw(st.integers(0, 12 - pairs))
    one_colour = draw(st.booleans())
    mask = 0
    for r in range(start, start + pairs):
        if one_colour:
            mask |= _bits(r, draw(st.sampled_from([[0, 1], [2, 3]])))
        else:
            mask |= _bits(r, draw(st.lists(suits, min_size=2, max_size=2, unique=True)))
    return mask


def as_table(mask: int, rules: RuleSet) -> Combo:
    """The table under ``rules``; cards that are no combination there come as a combination of
    pagat's rules with runs of triples and quads (a table from other rules still has an exact answer)."""
    combo = _classified(mask, rules)
    return combo if combo is not None else classify(mask, LOOSE)


# ---------------------------------------------------------------- brute-force agreement


@pytest.mark.parametrize("rules", ALL + CUSTOM, ids=ids + [r.name for r in CUSTOM])
@SETTINGS
@given(hand=hands())
def test_leading_lists_every_combination_in_the_hand(rules: RuleSet, hand: int) -> None:
    expected = brute_force(all_combos(hand, rules), None, rules)
    assert_same(hand, None, rules, False, expected)
    assert_same(hand, None, rules, True, expected)  # leading: having passed makes no difference


@pytest.mark.parametrize("rules", ALL + CUSTOM, ids=ids + [r.name for r in CUSTOM])
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_longest_lead_is_the_lowest_of_the_leads_with_most_cards(rules: RuleSet, data: st.DataObject) -> None:
    # What the planning bot asks of every hand it plans, read off the ranks: the same as listing every lead.
    hand = data.draw(hands(max_size=13) | hands(max_size=rules.most_cards_dealt()))
    leads = legal_masks(hand, None, rules)
    most = max(mask.bit_count() for _, mask in leads)
    assert moves.longest_lead(hand, rules) == min(
        (item for item in leads if item[1].bit_count() == most), key=lambda item: item[1]
    )


@pytest.mark.parametrize("rules", ALL + CUSTOM, ids=ids + [r.name for r in CUSTOM])
@SETTINGS
@given(hand=hands(), tables=st.lists(table_cards(), min_size=1, max_size=8))
def test_answers_to_a_table_are_exactly_the_subsets_that_beat_it(rules: RuleSet, hand: int, tables: list[int]) -> None:
    combos = all_combos(hand, rules)
    for mask in tables:
        table = as_table(mask, rules)
        for passed in (False, True):
            assert_same(hand, table, rules, passed, brute_force(combos, table, rules, passed))


@pytest.mark.parametrize("rules", ALL, ids=ids)
@SETTINGS
@given(hand=hands(max_size=11), table=table_cards(), data=st.data())
def test_a_play_is_listed_if_and_only_if_it_beats_the_table(rules: RuleSet, hand: int, table: int, data: st.DataObject) -> None:
    combos = all_combos(hand, rules)
    t = as_table(table, rules)
    for passed in (False, True):
        listed = legal_plays(hand, t, rules, passed=passed)
        for combo in data.draw(st.lists(st.sampled_from(combos), max_size=20)) if combos else []:
            assert (combo in listed) is beats(combo, t, rules, passed=passed), combo


@pytest.mark.parametrize("rules", ALL, ids=ids)
@settings(max_examples=60, deadline=None)
@given(hand=hands(), table=st.one_of(st.none(), table_cards()), passed=st.booleans())
def test_each_card_set_once_in_the_documented_order(rules: RuleSet, hand: int, table: int | None, passed: bool) -> None:
    t = None if table is None else as_table(table, rules)
    got = legal_masks(hand, t, rules, passed=passed)
    assert got == sorted(got, key=documented_order)
    assert len({m for _, m in got}) == len(got)
    for kind, mask in got:
        assert mask & ~hand == 0
        assert classify(mask, rules).kind is kind


# Positions chosen to hit every chop of the bombs table, whatever hypothesis draws.
BOMBING_HANDS = [
    "3♠ 3♣ 3♦ 4♠ 4♣ 4♦ 4♥ 5♠ 5♣ 5♦ 5♥ 6♠ 6♣",  # triple runs, quad runs, pair runs, quads
    "3♠ 3♣ 4♠ 4♣ 5♠ 5♣ 6♦ 6♥ 7♦ 7♥ 8♠ 8♣ 9♠",  # PR3 to PR6
    "6♠ 6♣ 6♦ 6♥ 9♠ 9♣ 9♦ 9♥ 2♠ 3♦ 4♦ 5♦ 7♦",  # two quads, a 2, same-suit straights
    "8♠ 8♣ 9♠ 9♣ 10♦ 10♥ J♦ J♥ Q♠ Q♣ 2♦ 2♥ A♥",  # one-colour pairs, pair runs, a pair of 2s
    "3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 2♠",  # a one-suit dragon
]
BOMBING_TABLES = [
    "2♥",
    "2♠",
    "2♣ 2♦",
    "2♠ 2♥",
    "2♠ 2♣ 2♦",
    "5♠ 5♣ 5♦ 5♥",
    "A♠ A♣ A♦ A♥",
    "3♦ 3♥ 4♦ 4♥ 5♦ 5♥",
    "3♦ 3♥ 4♦ 4♥ 5♦ 5♥ 6♠ 6♣",
    "J♠ J♣ Q♦ Q♥ K♠ K♣ A♦ A♥ 10♠ 10♣",
    "K♦ A♦ 2♦",
    "Q♣ K♣ A♣ 2♣",
    "K♦ K♥",
    "3♠ 3♣ 3♥ 4♠ 4♦ 4♥",  # a triple run
    "3♠ 3♣ 3♦ 3♥ 4♠ 4♣ 4♦ 4♥",  # a quad run
]


@pytest.mark.parametrize("rules", ALL + CUSTOM, ids=ids + [r.name for r in CUSTOM])
@pytest.mark.parametrize("hand_text", BOMBING_HANDS)
def test_bombs_on_two_groups_and_bombs_match_brute_force(rules: RuleSet, hand_text: str) -> None:
    hand = sum(c.mask for c in parse_cards(hand_text))
    combos = all_combos(hand, rules)
    for text in BOMBING_TABLES:
        table = as_table(sum(c.mask for c in parse_cards(text)), rules)
        for passed in (False, True):
            assert_same(hand, table, rules, passed, brute_force(combos, table, rules, passed))


# ---------------------------------------------------------------- interface


def test_legal_plays_accepts_cards_text_or_a_mask() -> None:
    cards = parse_cards("3♠ 4♠ 5♦ 5♥ 2♣")
    table = classify("4♥", HOUSE)
    expected = [str(c) for c in legal_plays(cards, table, HOUSE)]
    assert expected == ["5♦", "5♥", "2♣"]
    assert [str(c) for c in legal_plays("3s 4s 5d 5h 2c", table, HOUSE)] == expected
    assert [str(c) for c in legal_plays(sum(c.mask for c in cards), table, HOUSE)] == expected


def test_legal_plays_refuses_bad_cards() -> None:
    with pytest.raises(InvalidCards):
        legal_plays("3s 3s", None, HOUSE)
    with pytest.raises(InvalidCards):
        legal_plays(1 << 52, None, HOUSE)


def test_legal_plays_returns_shared_combos() -> None:
    first = legal_plays("3s 4s 5s", None, HOUSE)
    assert [c is d for c, d in zip(first, legal_plays("3s 4s 5s", None, HOUSE), strict=True)] == [True] * len(first)


def test_empty_hand_has_no_plays() -> None:
    assert legal_plays(0, None, HOUSE) == []
    assert legal_plays(0, classify("3♠", HOUSE), HOUSE) == []


def test_a_hand_larger_than_the_rules_deal_is_refused() -> None:
    """Plays grow exponentially with the hand, so a hand is at most what the rules deal one player:
    13 cards, or 26 where the whole deck is dealt to two players."""
    table = classify("2♦ 2♥", HOUSE)
    with pytest.raises(InvalidCards, match="a hand holds at most 13 cards under house, not 14"):
        legal_masks(FULL_MASK & ~table.mask & ((1 << 14) - 1), table, HOUSE)
    whole = attrs.evolve(HOUSE, name="whole", deal_whole_deck=True)
    quads = [mask for kind, mask in legal_masks((1 << 24) - 1, table, whole) if kind is ComboKind.QUAD]
    assert len(quads) == 6  # the 3s to the 8s: each quad chops the pair of 2s
    with pytest.raises(InvalidCards, match="a hand holds at most 26 cards under whole, not 27"):
        legal_masks((1 << 27) - 1, table, whole)


# ---------------------------------------------------------------- perft


def _perft_ids() -> list[str]:
    return [f"{p['profile']}:{p['name']}" for p in json.loads(PERFT.read_text(encoding="utf-8"))["positions"]]


@pytest.mark.parametrize("position", json.loads(PERFT.read_text(encoding="utf-8"))["positions"], ids=_perft_ids())
def test_perft_counts(position: dict[str, Any]) -> None:
    rules = PROFILES[position["profile"]]
    table = None if position["table"] is None else classify(position["table"], rules)
    plays = legal_plays(position["hand"], table, rules, passed=position["passed"])
    got = Counter(p.kind.label for p in plays)
    expected = position["by_kind"]
    if dict(got) != expected or len(plays) != position["total"]:
        rows = [f"  {k:10} expected {expected.get(k, 0):5}  got {got.get(k, 0):5}" for k in (k.label for k in ComboKind)]
        pytest.fail(
            f"perft {position['profile']}:{position['name']} hand {position['hand']} on {position['table']} "
            f"(passed={position['passed']}): expected {position['total']}, got {len(plays)}\n" + "\n".join(rows)
        )


def _perft_positions() -> list[dict[str, Any]]:
    """The fixed positions: crafted hands, then seeded random deals, against typical tables."""
    crafted = {
        "dragon": "3♠ 4♣ 5♦ 6♥ 7♠ 8♣ 9♦ 10♥ J♠ Q♣ K♦ A♥ 2♠",
        "one-suit-dragon": "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥ 2♥",
        "triples-run": "3♠ 3♣ 3♦ 4♠ 4♣ 4♦ 5♠ 5♣ 5♦ 6♠ 6♣ 6♦ 7♠",
        "pairs-run": "3♠ 3♣ 4♦ 4♥ 5♠ 5♣ 6♦ 6♥ 7♠ 7♣ 8♦ 8♥ 2♣",
        "quads-and-twos": "9♠ 9♣ 9♦ 9♥ K♠ K♣ K♦ K♥ 2♠ 2♣ 2♦ 2♥ 3♠",
        "top-end": "10♠ J♣ Q♦ K♥ A♠ 2♣ 10♦ J♥ Q♠ K♣ A♦ 2♥ 9♠",
    }
    tables: dict[str, list[str | None]] = {
        "house": [None, "7♦", "2♠", "2♠ 2♦", "2♠ 2♣ 2♦", "5♠ 5♣", "8♠ 9♣ 10♦", "3♦ 3♥ 4♦ 4♥ 5♦ 5♥", "4♠ 4♣ 4♦ 4♥"],
        "faceoff": [None, "7♦", "2♦", "2♠ 2♣", "6♠ 6♣ 6♦", "5♦ 6♦ 7♦ 8♦", "3♦ 3♥ 4♦ 4♥ 5♦ 5♥", "4♠ 4♣ 4♦ 4♥"],
        "northern": [None, "7♦", "2♠", "2♠ 2♥", "8♠ 8♣", "8♦ 8♥", "7♠ 7♦ 7♥", "5♦ 6♦ 7♦", "4♠ 4♣ 4♦ 4♥"],
        "iwin": [None, "J♣", "2♥", "2♠ 2♣", "9♦ 9♥", "3♦ 3♥ 4♦ 4♥ 5♦ 5♥", "3♦ 3♥ 4♦ 4♥ 5♦ 5♥ 6♠ 6♣", "4♠ 4♣ 4♦ 4♥"],
        "pagat": [None, "A♥", "2♥", "2♠ 2♣", "2♠ 2♣ 2♦", "Q♠ K♣ A♦", "Q♠ K♣ A♦ 2♦", "3♦ 3♥ 4♦ 4♥ 5♦ 5♥", "4♠ 4♣ 4♦ 4♥"],
    }
    rng = random.Random(20240613)
    deals = {f"deal{i}": format_cards(sum(1 << c for c in rng.sample(range(52), 13))) for i in range(3)}
    hands_by_name = crafted | deals
    positions = []
    for profile, table_texts in tables.items():
        rules = PROFILES[profile]
        for name, hand_text in hands_by_name.items():
            hand = sum(c.mask for c in parse_cards(hand_text))
            combos = all_combos(hand, rules)
            for table_text in table_texts:
                table = None if table_text is None else classify(table_text, rules)
                if table is not None and table.mask & hand:
                    continue  # keep positions that could happen: the table's cards are not in the hand
                for passed in (False, True) if table is not None and table.is_two_group else (False,):
                    found = brute_force(combos, table, rules, passed)
                    positions.append(
                        {
                            "profile": profile,
                            "name": f"{name}/{table_text or 'lead'}{'/passed' if passed else ''}",
                            "hand": hand_text,
                            "table": table_text,
                            "passed": passed,
                            "total": len(found),
                            "by_kind": dict(Counter(kind.label for kind, _ in found)),
                        }
                    )
    return positions


def write_perft() -> None:
    data = {
        "about": (
            "Fixed positions (hand, table, profile, passed) with their exact number of legal plays, in total and by "
            "kind. The numbers were computed with the brute-force filter (every non-empty subset of the hand through "
            "classify + beats), not with legal_plays. Regenerate with: PYTHONPATH=src python tests/game/test_moves.py "
            "--write-perft"
        ),
        "positions": _perft_positions(),
    }
    lines = ",\n".join("  " + json.dumps(p, ensure_ascii=False) for p in data["positions"])
    PERFT.write_text(f'{{\n "about": {json.dumps(data["about"])},\n "positions": [\n{lines}\n ]\n}}\n', encoding="utf-8")
    print(f"wrote {len(data['positions'])} positions to {PERFT}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--write-perft"]:
        write_perft()
    else:
        sys.exit("usage: PYTHONPATH=src python tests/game/test_moves.py --write-perft")


masks = st.integers(min_value=0, max_value=FULL_MASK)


few_cards = st.sets(st.integers(min_value=0, max_value=51), max_size=4).map(lambda cards: sum(1 << i for i in cards))


TABLE_SETTINGS = settings(max_examples=200, deadline=None)


COMBOS = CACHES["combinations"]


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


def test_a_hand_larger_than_the_rules_deal_is_refused_at_once() -> None:
    refused_quickly(lambda: legal_plays((1 << 40) - 1, None, HOUSE), InvalidCards, "at most 13 cards under house, not 40")


def test_tables_may_be_given_as_card_text() -> None:
    assert [str(c) for c in legal_plays("3♠ 4♠ 4♣", "3♣", HOUSE)] == ["4♠", "4♣"]
    assert beats("4♠", "3♠", HOUSE)
