"""Combinations: every kind under each profile's combination axes, and refusals that say why."""

from __future__ import annotations

from collections import Counter
from typing import Any

import attrs
import pytest
from builders import refused_quickly
from hypothesis import given, settings, strategies as st

from tienlen import (
    DECK,
    FACEOFF,
    HOUSE,
    IWIN,
    NORTHERN,
    PAGAT,
    PROFILES,
    Card,
    Combo,
    ComboKind,
    InvalidArgument,
    InvalidCards,
    InvalidCombo,
    RuleSet,
    TienLenError,
    beats,
    classify,
    explain,
    is_chop,
    parse_cards,
)
from tienlen.game.cards import Rank

ALL = list(PROFILES.values())
NOT_NORTHERN = [HOUSE, FACEOFF, IWIN, PAGAT]
ids = [r.name for r in ALL]
RUNS = [  # runs of triples and of quads (issue 23): axes no profile sets
    attrs.evolve(HOUSE, name="house-triple-runs", triple_run_min=2),
    attrs.evolve(NORTHERN, name="northern-long-runs", triple_run_min=3, quad_run_min=2),
    attrs.evolve(PAGAT, name="pagat-quad-runs", quad_run_min=3),
]


def kind(text: str, rules: RuleSet) -> ComboKind:
    return classify(text, rules).kind


def refusal(text: str, rules: RuleSet) -> str:
    with pytest.raises(InvalidCombo) as info:
        classify(text, rules)
    return str(info.value)


# ---------------------------------------------------------------- every kind, every profile


@pytest.mark.parametrize("rules", ALL, ids=ids)
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7♦", ComboKind.SINGLE),
        ("2♥", ComboKind.SINGLE),
        ("9♦ 9♥", ComboKind.PAIR),
        ("9♠ 9♣", ComboKind.PAIR),
        ("2♠ 2♣", ComboKind.PAIR),
        ("J♠ J♦ J♥", ComboKind.TRIPLE),
        ("2♠ 2♦ 2♥", ComboKind.TRIPLE),
        ("6♠ 6♣ 6♦ 6♥", ComboKind.QUAD),
        ("2♠ 2♣ 2♦ 2♥", ComboKind.QUAD),
        ("4♥ 5♥ 6♥", ComboKind.STRAIGHT),
        ("10♣ J♣ Q♣ K♣ A♣", ComboKind.STRAIGHT),
        ("3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠", ComboKind.STRAIGHT),
    ],
)
def test_each_kind_is_recognised_under_every_profile(rules: RuleSet, text: str, expected: ComboKind) -> None:
    combo = classify(text, rules)
    assert combo.kind is expected
    assert combo.cards == parse_cards(text)
    assert combo.length == len(parse_cards(text))
    assert combo.top == max(parse_cards(text))


@pytest.mark.parametrize("rules", NOT_NORTHERN, ids=[r.name for r in NOT_NORTHERN])
@pytest.mark.parametrize(
    "text",
    ["3♠ 3♣ 4♦ 4♥ 5♠ 5♣", "3♠ 3♥ 4♠ 4♦ 5♣ 5♥", "9♠ 9♣ 10♠ 10♣ J♦ J♥ Q♠ Q♥", "8♠ 8♣ 9♠ 9♣ 10♠ 10♣ J♦ J♥ Q♠ Q♥ K♦ K♥ A♠ A♥"],
)
def test_pair_runs_of_three_or_more_pairs_with_any_suits_outside_northern(rules: RuleSet, text: str) -> None:
    combo = classify(text, rules)
    assert combo.kind is ComboKind.PAIR_RUN
    assert combo.bomb_class == f"PR{combo.length // 2}"


# ---------------------------------------------------------------- pairs


@pytest.mark.parametrize("rules", NOT_NORTHERN, ids=[r.name for r in NOT_NORTHERN])
def test_pair_may_mix_colours_outside_northern(rules: RuleSet) -> None:
    assert kind("8♠ 8♦", rules) is ComboKind.PAIR
    assert kind("8♣ 8♥", rules) is ComboKind.PAIR


def test_northern_pair_must_be_one_colour() -> None:
    assert kind("8♠ 8♣", NORTHERN) is ComboKind.PAIR
    assert kind("8♦ 8♥", NORTHERN) is ComboKind.PAIR
    assert refusal("8♠ 8♦", NORTHERN) == (
        "8♠ 8♦ is not a combination under northern: a pair must be two cards of the same colour"
    )
    assert "same colour" in refusal("8♣ 8♥", NORTHERN)


def test_northern_pair_of_twos_may_mix_colours() -> None:
    assert kind("2♠ 2♥", NORTHERN) is ComboKind.PAIR
    assert kind("2♣ 2♦", NORTHERN) is ComboKind.PAIR


# ---------------------------------------------------------------- straights


@pytest.mark.parametrize("rules", NOT_NORTHERN, ids=[r.name for r in NOT_NORTHERN])
def test_straight_may_mix_suits_outside_northern(rules: RuleSet) -> None:
    assert kind("5♠ 6♥ 7♦", rules) is ComboKind.STRAIGHT


def test_northern_straight_must_be_one_suit() -> None:
    assert kind("5♥ 6♥ 7♥ 8♥", NORTHERN) is ComboKind.STRAIGHT
    assert refusal("5♠ 6♥ 7♦", NORTHERN) == "5♠ 6♥ 7♦ is not a combination under northern: a straight must be all one suit"


@pytest.mark.parametrize("rules", ALL, ids=ids)
def test_straight_needs_three_cards(rules: RuleSet) -> None:
    assert refusal("5♠ 6♠", rules) == "5♠ 6♠ is not a combination: a straight needs at least 3 cards"


@pytest.mark.parametrize("rules", [HOUSE, FACEOFF, NORTHERN, IWIN], ids=["house", "faceoff", "northern", "iwin"])
@pytest.mark.parametrize("text", ["K♠ A♠ 2♠", "Q♦ K♦ A♦ 2♦", "3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 2♠"])
def test_no_two_in_a_straight_except_pagat(rules: RuleSet, text: str) -> None:
    assert refusal(text, rules).endswith(f"under {rules.name}: a straight cannot contain a 2")


@pytest.mark.parametrize("text", ["K♠ A♣ 2♦", "Q♦ K♦ A♦ 2♦", "3♠ 4♣ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 2♥"])
def test_pagat_two_may_top_a_straight(text: str) -> None:
    combo = classify(text, PAGAT)
    assert combo.kind is ComboKind.STRAIGHT
    assert combo.top.rank is Rank.TWO
    assert not combo.is_two_group  # a 2-topped straight is an ordinary combination


@pytest.mark.parametrize("rules", ALL, ids=ids)
@pytest.mark.parametrize("text", ["A♠ 2♠ 3♠", "2♦ 3♣ 4♥", "K♠ A♠ 2♠ 3♠"])
def test_straight_never_wraps_round_the_two(rules: RuleSet, text: str) -> None:
    assert "are not consecutive" in refusal(text, rules)


@pytest.mark.parametrize("rules", ALL, ids=ids)
def test_straight_ranks_must_be_consecutive(rules: RuleSet) -> None:
    assert refusal("5♠ 6♣ 8♦", rules) == "5♠ 6♣ 8♦ is not a combination: ranks 5-6-8 are not consecutive"


def test_longer_minimum_straight_is_named_with_the_rules() -> None:
    rules = attrs.evolve(HOUSE, name="long-straights", straight_min=5)
    assert refusal("5♠ 6♣ 7♦ 8♥", rules) == (
        "5♠ 6♣ 7♦ 8♥ is not a combination under long-straights: a straight needs at least 5 cards"
    )
    assert kind("5♠ 6♣ 7♦ 8♥ 9♥", rules) is ComboKind.STRAIGHT


# ---------------------------------------------------------------- pair runs


def test_northern_has_no_pair_runs() -> None:
    assert refusal("3♠ 3♣ 4♠ 4♣ 5♠ 5♣", NORTHERN) == (
        "3♠ 3♣ 4♠ 4♣ 5♠ 5♣ is not a combination under northern: pair runs are not played"
    )


@pytest.mark.parametrize("rules", NOT_NORTHERN, ids=[r.name for r in NOT_NORTHERN])
def test_no_twos_in_a_pair_run(rules: RuleSet) -> None:
    assert refusal("K♠ K♣ A♠ A♣ 2♠ 2♣", rules).endswith("a pair run cannot contain 2s")


@pytest.mark.parametrize("rules", NOT_NORTHERN, ids=[r.name for r in NOT_NORTHERN])
def test_pair_run_needs_three_pairs(rules: RuleSet) -> None:
    assert refusal("3♠ 3♣ 4♠ 4♣", rules).endswith("a pair run needs at least 3 pairs")


@pytest.mark.parametrize("rules", NOT_NORTHERN, ids=[r.name for r in NOT_NORTHERN])
def test_pair_run_pairs_must_be_consecutive(rules: RuleSet) -> None:
    assert refusal("3♠ 3♣ 5♠ 5♣ 6♦ 6♥", rules).endswith("the pairs 3-5-6 are not consecutive")


def test_pair_run_under_one_colour_pairs_needs_one_colour_pairs() -> None:
    rules = attrs.evolve(NORTHERN, name="colour-runs", pair_runs=True)
    assert kind("3♠ 3♣ 4♦ 4♥ 5♠ 5♣", rules) is ComboKind.PAIR_RUN
    assert refusal("3♠ 3♦ 4♦ 4♥ 5♠ 5♣", rules).endswith("each pair of a pair run must be one colour")


@pytest.mark.parametrize("rules", ALL, ids=ids)
def test_runs_of_triples_and_quads_are_no_combination_in_any_profile(rules: RuleSet) -> None:
    for text in ("3♠ 3♣ 3♦ 4♠ 4♣ 4♦", "3♠ 3♣ 3♦ 3♥ 4♠ 4♣ 4♦ 4♥"):
        assert "must form a straight (one of each rank) or a pair run (two of each)" in refusal(text, rules)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("3♠ 3♣ 3♦ 4♠ 4♣ 4♥", ComboKind.TRIPLE_RUN),
        ("J♠ J♦ J♥ Q♠ Q♣ Q♥ K♣ K♦ K♥ A♠ A♣ A♦", ComboKind.TRIPLE_RUN),
        ("7♠ 7♣ 7♦ 7♥ 8♠ 8♣ 8♦ 8♥", ComboKind.QUAD_RUN),
    ],
)
def test_triple_and_quad_runs_where_the_axes_play_them(text: str, expected: ComboKind) -> None:
    rules = attrs.evolve(HOUSE, name="runs", triple_run_min=2, quad_run_min=2)
    combo = classify(text, rules)
    assert combo.kind is expected and combo.bomb_class is None and not combo.is_two_group
    assert Combo(expected, combo.mask) == combo  # a hand-built one is checked against the loosest rules


@pytest.mark.parametrize(
    ("text", "rules", "reason"),
    [
        ("A♠ A♣ A♦ 2♠ 2♣ 2♥", dict(triple_run_min=2), "a triple run cannot contain 2s"),
        ("3♠ 3♣ 3♦ 5♠ 5♣ 5♥", dict(triple_run_min=2), "the triples 3-5 are not consecutive"),
        ("3♠ 3♣ 3♦ 4♠ 4♣ 4♥", dict(triple_run_min=3), "a triple run needs at least 3 triples"),
        ("3♠ 3♣ 3♦ 3♥ 4♠ 4♣ 4♦ 4♥", dict(triple_run_min=2), "or here a triple or quad run"),
        ("3♠ 3♣ 3♦ 4♠ 4♣ 4♦ 4♥", dict(triple_run_min=2, quad_run_min=2), "or here a triple or quad run"),
        ("K♠ K♣ K♦ K♥ A♠ A♣ A♦ A♥ 2♠ 2♣ 2♦ 2♥", dict(quad_run_min=2), "a quad run cannot contain 2s"),
    ],
)
def test_triple_and_quad_run_refusals_say_why(text: str, rules: dict[str, int], reason: str) -> None:
    assert reason in refusal(text, attrs.evolve(HOUSE, name="runs", **rules))  # type: ignore[arg-type]


@pytest.mark.parametrize("rules", ALL, ids=ids)
@pytest.mark.parametrize("text", ["3♠ 3♣ 4♠", "3♠ 3♣ 3♦ 4♠ 4♣ 4♦", "5♠ 5♣ 6♦ 7♥ 7♠"])
def test_mixed_shapes_are_no_combination(rules: RuleSet, text: str) -> None:
    assert refusal(text, rules).endswith(
        "cards of different ranks must form a straight (one of each rank) or a pair run (two of each)"
    )


@pytest.mark.parametrize("rules", ALL, ids=ids)
def test_no_cards_is_no_combination(rules: RuleSet) -> None:
    nothings: list[str | list[Card] | int] = ["", [], 0]
    for nothing in nothings:
        with pytest.raises(InvalidCombo, match="no cards is not a combination"):
            classify(nothing, rules)


# ---------------------------------------------------------------- the Combo value


def test_combo_facts_two_groups_and_bomb_classes() -> None:
    assert classify("2♠ 2♥", HOUSE).is_two_group
    assert classify("2♦", HOUSE).is_two_group
    assert classify("2♠ 2♦ 2♥", HOUSE).is_two_group
    assert not classify("2♠ 2♣ 2♦ 2♥", HOUSE).is_two_group
    assert classify("2♠ 2♣ 2♦ 2♥", HOUSE).bomb_class == "quad"
    assert classify("3♠ 3♣ 4♠ 4♣ 5♠ 5♣ 6♦ 6♥", HOUSE).bomb_class == "PR4"
    assert classify("A♠ A♥", HOUSE).bomb_class is None


def test_combo_text_and_repr_round_trip() -> None:
    combo = classify("5♥ 5♠ 6♦ 6♣ 7♠ 7♣", HOUSE)
    assert str(combo) == "5♠ 5♥ 6♣ 6♦ 7♠ 7♣"
    assert repr(combo) == "Combo.parse('5♠ 5♥ 6♣ 6♦ 7♠ 7♣')"
    assert eval(repr(combo), {"Combo": Combo}) == combo
    assert Combo.parse("K♠ A♣ 2♦", PAGAT).kind is ComboKind.STRAIGHT


def test_classify_accepts_cards_text_or_mask() -> None:
    cards = parse_cards("9♠ 9♦")
    mask = sum(c.mask for c in cards)
    assert classify(cards, HOUSE) == classify("9d 9s", HOUSE) == classify(mask, HOUSE) == Combo(ComboKind.PAIR, mask)


# ---------------------------------------------------------------- against the written rules


def reference_kind(cards: list[Card], rules: RuleSet) -> ComboKind | None:
    """RULES.md's combination rules, written out plainly, independent of the library's code."""
    by_rank = Counter(c.rank for c in cards)
    ranks = sorted(by_rank)
    if len(ranks) == 1:
        if (
            len(cards) == 2
            and rules.pair_same_colour
            and not (ranks[0] is Rank.TWO and rules.twos_ignore_suit)
            and cards[0].is_red != cards[1].is_red
        ):
            return None
        return ComboKind(len(cards))
    if ranks != list(range(ranks[0], ranks[0] + len(ranks))):
        return None
    counts = set(by_rank.values())
    if counts == {1}:
        if len(ranks) < rules.straight_min or (Rank.TWO in ranks and not rules.straight_two_on_top):
            return None
        if rules.straight_same_suit and len({c.suit for c in cards}) > 1:
            return None
        return ComboKind.STRAIGHT
    if counts == {2}:
        if not rules.pair_runs or len(ranks) < rules.pair_run_min or Rank.TWO in ranks:
            return None
        if rules.pair_same_colour:
            for rank in ranks:
                pair = [c for c in cards if c.rank == rank]
                if pair[0].is_red != pair[1].is_red:
                    return None
        return ComboKind.PAIR_RUN
    if counts in ({3}, {4}):  # a run of triples or of quads, where the rules play them
        least = rules.triple_run_min if counts == {3} else rules.quad_run_min
        if not least or len(ranks) < least or Rank.TWO in ranks:
            return None
        return ComboKind.TRIPLE_RUN if counts == {3} else ComboKind.QUAD_RUN
    return None


@st.composite
def near_combinations(draw: st.DrawFn) -> list[Card]:
    """Card sets drawn from a few neighbouring ranks, so that many of them are combinations."""
    low = draw(st.integers(0, 12))
    width = draw(st.integers(1, min(6, 13 - low)))
    pool = [c for c in DECK if low <= c.rank < low + width]
    return draw(st.lists(st.sampled_from(pool), min_size=1, max_size=12, unique=True))


@settings(max_examples=300, deadline=None)
@given(near_combinations(), st.sampled_from(ALL + RUNS))
def test_classify_agrees_with_the_written_rules(cards: list[Card], rules: RuleSet) -> None:
    expected = reference_kind(cards, rules)
    try:
        got: ComboKind | None = classify(cards, rules).kind
    except InvalidCombo:
        got = None
    assert got is expected


@settings(max_examples=200, deadline=None)
@given(near_combinations(), st.sampled_from(ALL + RUNS), st.randoms(use_true_random=False))
def test_classify_ignores_the_order_of_the_cards(cards: list[Card], rules: RuleSet, rnd: object) -> None:
    shuffled = list(cards)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    outcomes = []
    for order in (cards, shuffled, sorted(cards), sorted(cards, reverse=True)):
        try:
            outcomes.append(classify(order, rules))
        except InvalidCombo as error:
            outcomes.append(str(error))  # type: ignore[arg-type]
    assert all(o == outcomes[0] for o in outcomes)


def test_card_text_is_accepted_where_combinations_are() -> None:
    assert beats("6♠ 6♣ 6♦ 6♥", "2♥", PAGAT) is True
    assert is_chop("6s 6c 6d 6h", "2h", PAGAT) is True
    assert explain("8♣ 8♦ 8♥", "7♠ 7♦ 7♥", NORTHERN) == explain(
        classify("8♣ 8♦ 8♥", NORTHERN), classify("7♠ 7♦ 7♥", NORTHERN), NORTHERN
    )


def test_unreadable_card_text_still_raises_and_classify_still_raises() -> None:
    with pytest.raises(InvalidCards, match="cannot read '9z'"):
        beats("9z", None, HOUSE)
    with pytest.raises(InvalidCombo, match="not a combination"):
        classify("3♠ 3♥", NORTHERN)


@pytest.mark.parametrize(
    ("kind", "mask", "error"),
    [
        (ComboKind.PAIR, 0b111, InvalidCombo),
        (ComboKind.STRAIGHT, 0b1 | 0b1 << 8, InvalidCombo),
        (ComboKind.SINGLE, 0, InvalidArgument),
        (ComboKind.SINGLE, -1, InvalidArgument),
        (ComboKind.SINGLE, 1 << 52, InvalidArgument),
        (1, 1, InvalidArgument),
    ],
)
def test_hand_built_combos_are_checked(kind: Any, mask: int, error: type[TienLenError]) -> None:
    refused_quickly(lambda: Combo(kind, mask), error)


def test_a_combo_of_other_rules_is_still_answered() -> None:
    k_a_2 = classify("K♠ A♠ 2♠", PAGAT)
    assert explain(k_a_2, None, HOUSE) is None and repr(k_a_2) == "Combo.parse('K♠ A♠ 2♠')"
