"""The hypothesis strategies of tienlen.strategies produce what they promise."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import HealthCheck, Phase, find, given, settings, strategies as st

from tienlen import NORTHERN, PAGAT, PROFILES, Combo, ComboKind, InvalidArgument, Round, RuleSet, classify
from tienlen.game.cards import DECK, Card, cards_of, mask_of
from tienlen.strategies import card_sets, cards, combos, hands, masks, positions, rounds

RULES = [*PROFILES.values(), attrs.evolve(PROFILES["northern"], name="northern-with-runs", triple_run_min=3, quad_run_min=2)]
IDS = [r.name for r in RULES]
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_the_package_does_not_import_the_strategies() -> None:
    import subprocess
    import sys

    code = "import sys, tienlen, tienlen.learning.env, tienlen.learning.encoding, tienlen.players.agents; print('tienlen.strategies' in sys.modules, 'hypothesis' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, encoding="utf-8", check=True)
    assert done.stdout.split() == ["False", "False"]


@given(cards())
def test_cards_are_cards(card: Card) -> None:
    assert card is DECK[card.index]


@given(st.integers(0, 52).flatmap(lambda low: st.tuples(st.just(low), card_sets(low, 52))))
def test_card_sets_are_sorted_distinct_and_sized(drawn: tuple[int, tuple[Card, ...]]) -> None:
    low, cards_ = drawn
    assert len(cards_) >= low
    assert list(cards_) == sorted(set(cards_))


@given(hands())
def test_hands_hold_thirteen(hand: tuple[Card, ...]) -> None:
    assert len(hand) == 13 and len(set(hand)) == 13


@given(st.integers(0, (1 << 52) - 1).flatmap(lambda within: st.tuples(st.just(within), masks(0, 5, within=within))))
def test_masks_stay_within(drawn: tuple[int, int]) -> None:
    within, mask = drawn
    assert mask & ~within == 0 and mask.bit_count() <= 5


def test_masks_refuse_impossible_sizes() -> None:
    with pytest.raises(InvalidArgument, match="cannot draw 3 cards from a set of 2"):
        masks(3, 5, within=0b11)
    with pytest.raises(InvalidArgument):
        masks(5, 3)


@pytest.mark.parametrize("rules", RULES, ids=IDS)
@FAST
@given(data=st.data())
def test_combos_classify_as_themselves(rules: RuleSet, data: st.DataObject) -> None:
    combo = data.draw(combos(rules))
    assert classify(combo.mask, rules) == combo
    played = {
        ComboKind.PAIR_RUN: rules.pair_runs,
        ComboKind.TRIPLE_RUN: rules.triple_run_min,
        ComboKind.QUAD_RUN: rules.quad_run_min,
    }
    kind = data.draw(st.sampled_from([k for k in ComboKind if played.get(k, True)]))
    of_kind = data.draw(combos(rules, kind))
    assert of_kind.kind is kind
    assert classify(of_kind.cards, rules) == of_kind


@given(combos(NORTHERN))
def test_northern_combos_keep_its_axes(combo: Combo) -> None:
    if combo.kind is ComboKind.PAIR and combo.top.rank != 12:
        assert len({card.is_red for card in combo.cards}) == 1
    if combo.kind is ComboKind.STRAIGHT:
        assert len({card.suit for card in combo.cards}) == 1
    assert combo.kind is not ComboKind.PAIR_RUN


def test_northern_has_no_pair_runs_to_draw() -> None:
    with pytest.raises(InvalidArgument, match="northern has no pair runs"):
        combos(NORTHERN, ComboKind.PAIR_RUN)


@pytest.mark.parametrize(
    ("rules", "kind", "condition", "what"),
    [
        (PAGAT, ComboKind.STRAIGHT, lambda c: c.top.rank == 12, "a pagat straight topped by a 2"),
        (NORTHERN, ComboKind.PAIR, lambda c: c.top.rank == 12 and len({x.is_red for x in c.cards}) == 2, "a mixed pair of 2s"),
        (PROFILES["house"], ComboKind.PAIR_RUN, lambda c: c.length == 24, "a twelve-pair run"),
        (PROFILES["house"], ComboKind.STRAIGHT, lambda c: c.length == 12, "a 3-to-A straight"),
        (PROFILES["house"], ComboKind.STRAIGHT, lambda c: len({x.suit for x in c.cards}) > 1, "a mixed-suit straight"),
    ],
    ids=["pagat-two-top", "northern-mixed-twos", "pr12", "dragon-straight", "mixed-straight"],
)
def test_the_rare_corners_are_reachable(rules: RuleSet, kind: ComboKind, condition: object, what: str) -> None:
    found = find(combos(rules, kind), condition, settings=settings(max_examples=5000, database=None))  # type: ignore[arg-type]
    assert condition(found), what  # type: ignore[operator]


@pytest.mark.parametrize("rules", RULES, ids=IDS)
@FAST
@given(data=st.data())
def test_positions_table_is_from_other_cards(rules: RuleSet, data: st.DataObject) -> None:
    hand, table = data.draw(positions(rules))
    assert 1 <= len(hand) <= 13 and list(hand) == sorted(set(hand))
    if table is not None:
        assert classify(table.mask, rules) == table
        assert not table.mask & mask_of(hand)
    leading, _ = data.draw(positions(rules, leading=True)), None
    assert leading[1] is None
    assert data.draw(positions(rules, leading=False))[1] is not None


@FAST
@given(position=positions(attrs.evolve(NORTHERN, name="long-quad-runs", quad_run_min=12), leading=False))
def test_positions_fit_a_hand_beside_a_table_of_48_cards(position: tuple[tuple[Card, ...], Combo | None]) -> None:
    hand, table = position  # a quad run of 12 ranks leaves 4 cards for the hand
    assert table is not None and 1 <= len(hand) <= min(13, 52 - len(table.cards))


@pytest.mark.parametrize("rules", RULES, ids=IDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_rounds_are_legal_states(rules: RuleSet, data: st.DataObject) -> None:
    round_ = data.draw(rounds(rules, forfeits=data.draw(st.booleans())))
    assert rules.min_players <= round_.players <= rules.max_players
    # Replaying the record re-checks every action through the rules.
    assert Round.from_json(round_.to_json()) == round_
    held = 0
    for mask in round_.hand_masks:
        assert not held & mask
        held |= mask
    assert held | mask_of(round_.played) == sum(round_.dealt)
    assert cards_of(held) == tuple(sorted(c for hand in round_.hands for c in hand))
    if not round_.is_over:
        assert round_.to_act is not None and round_.is_active(round_.to_act)
        assert round_.legal_actions()


def test_rounds_take_a_player_count() -> None:
    @settings(max_examples=10, deadline=None)
    @given(rounds(PROFILES["house"], players=3))
    def three(round_: Round) -> None:
        assert round_.players == 3

    three()
    with pytest.raises(InvalidArgument):
        rounds(PAGAT, players=2)


def test_rounds_reach_the_end() -> None:
    no_shrinking = settings(database=None, deadline=None, phases=[Phase.generate])
    over = find(rounds(PROFILES["house"]), lambda r: r.is_over and bool(r.result.placements), settings=no_shrinking)
    assert over.result.placements


def test_rounds_play_out_of_turn_chops() -> None:
    # Seat 0 leads 2♠; seat 2 holds the pair run 6-7-8-9, which iwin lets it play at any moment.
    iwin = PROFILES["iwin"]
    start = Round.from_hands(["2♠ 5♣", "3♦ 4♦", "6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣ K♥", "3♥ 4♥"], iwin, first_round=False, leader=0).play(
        "2♠"
    )
    assert [a.seat for a in start.legal_interrupts()] == [2]
    chopped = find(
        rounds(iwin, start=start, max_actions=3),
        lambda r: any(a.kind == "interrupt" for a in r.actions),
        settings=settings(database=None, deadline=None),
    )
    assert chopped.actions[1].kind == "interrupt" and chopped.actions[1].seat == 2
    with pytest.raises(InvalidArgument):
        rounds(PROFILES["house"], start=start)
