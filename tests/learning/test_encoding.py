"""Integer encodings of cards, actions and views round-trip exactly."""

from __future__ import annotations

import functools
import importlib
import math
import re
import sys
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tienlen import (
    HOUSE,
    IWIN,
    PROFILES,
    ComboKind,
    IllegalPlay,
    InvalidCards,
    InvalidCombo,
    InvalidRecord,
    Round,
    RuleSet,
    classify,
    parse_cards,
)
from tienlen.game.cards import DECK, Card, cards_of
from tienlen.game.events import Chop, Played
from tienlen.learning import encoding, observation
from tienlen.learning.encoding import (
    action_from_mask,
    action_to_mask,
    bits_to_cards,
    bits_to_mask,
    cards_to_bits,
    cards_to_mask,
    legal_action_masks,
    mask_to_bits,
    mask_to_cards,
)
from tienlen.learning.observation import (
    OBSERVATION_FIELDS,
    OBSERVATION_LENGTH,
    OBSERVATION_OFFSETS,
    SLOTS,
    Observation,
    decode_observation,
    encode_observation,
    split_observation,
)
from tienlen.strategies import card_sets, masks, rounds

RULES = list(PROFILES.values())
IDS = list(PROFILES)
SOME = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _not_in(found: list[int], mask: int) -> bool:
    return mask not in found


@given(masks())
def test_masks_bits_and_cards_round_trip(mask: int) -> None:
    bits = mask_to_bits(mask)
    assert len(bits) == 52 and set(bits) <= {0, 1}
    assert bits_to_mask(bits) == mask
    cards = mask_to_cards(mask)
    assert cards_to_mask(cards) == mask
    assert cards_to_bits(cards) == bits
    assert bits_to_cards(bits) == cards
    assert [i for i, bit in enumerate(bits) if bit] == [card.index for card in cards]


@given(card_sets())
def test_cards_round_trip(cards: tuple[Card, ...]) -> None:
    assert mask_to_cards(cards_to_mask(cards)) == cards
    assert bits_to_cards(cards_to_bits(cards)) == cards


def test_card_bits_follow_the_card_index() -> None:
    assert mask_to_bits(DECK[0].mask)[0] == 1  # 3♠
    assert mask_to_bits(DECK[51].mask)[51] == 1  # 2♥
    assert cards_to_mask(cards_of(0b10110)) == 0b10110


@pytest.mark.parametrize("bits", [[0] * 51, [0] * 53, [2] + [0] * 51, [0.5] + [0] * 51, ["1"] + [0] * 51, "0" * 52], ids=repr)
def test_bad_card_bits_are_refused(bits: list[object]) -> None:
    with pytest.raises(InvalidCards):
        bits_to_mask(bits)  # type: ignore[arg-type]


@pytest.mark.parametrize("mask", [-1, 1 << 52, True, 1.0])
def test_bad_masks_are_refused(mask: object) -> None:
    with pytest.raises(InvalidCards):
        mask_to_bits(mask)  # type: ignore[arg-type]


def test_the_field_table_adds_up() -> None:
    assert sum(n for _, n in OBSERVATION_FIELDS) == OBSERVATION_LENGTH
    assert len({name for name, _ in OBSERVATION_FIELDS}) == len(OBSERVATION_FIELDS)
    spans = [OBSERVATION_OFFSETS[name] for name, _ in OBSERVATION_FIELDS]
    assert spans[0].start == 0 and spans[-1].stop == OBSERVATION_LENGTH
    assert all(a.stop == b.start for a, b in pairwise(spans))


def test_the_docs_table_lists_the_declared_fields_in_order() -> None:
    """The module docs' table of fields is made from the declaration the constants come from."""
    rows = re.findall(r"^``(\w+)``\s+(\d+(?: × \d+)?)\s", observation.__doc__ or "", re.MULTILINE)
    assert [name for name, _ in rows] == [name for name, _ in OBSERVATION_FIELDS]
    assert [math.prod(int(n) for n in length.split(" × ")) for _, length in rows] == [n for _, n in OBSERVATION_FIELDS]


# the names of the observation codec that 0.2.0 offered in tienlen.encoding
OBSERVATION_NAMES_0_2 = [
    "SLOTS",
    "OBSERVATION_FIELDS",
    "OBSERVATION_LENGTH",
    "OBSERVATION_OFFSETS",
    "Observation",
    "encode_observation",
    "decode_observation",
    "split_observation",
]


@pytest.mark.parametrize("name", OBSERVATION_NAMES_0_2)
def test_the_observation_names_of_0_2_are_still_read_from_the_encoding_module(name: str) -> None:
    assert getattr(encoding, name) is getattr(observation, name)
    sys.modules.pop("tienlen.encoding", None)
    with pytest.warns(DeprecationWarning, match="tienlen.encoding moved to tienlen.learning.encoding"):
        old = importlib.import_module("tienlen.encoding")
    assert getattr(old, name) is getattr(observation, name)


@pytest.mark.parametrize("rules", RULES, ids=IDS)
@SOME
@given(data=st.data())
def test_observations_round_trip_the_views_facts(rules: RuleSet, data: st.DataObject) -> None:
    round_ = data.draw(rounds(rules, forfeits=data.draw(st.booleans())))
    for seat in range(round_.players):
        view = round_.view(seat)
        vector = encode_observation(view)
        assert len(vector) == OBSERVATION_LENGTH and all(type(v) is int for v in vector)
        decoded = decode_observation(vector)
        assert decoded == Observation.of(view)
        assert decoded.encode() == vector
        # The decoded facts are the view's own.
        assert (decoded.seat, decoded.players, decoded.hand_mask) == (view.seat, view.players, view.hand_mask)
        assert (decoded.table, decoded.table_seat, decoded.played_mask) == (view.table, view.table_seat, view.played_mask)
        assert decoded.card_counts == view.card_counts and decoded.passed == view.passed
        assert (decoded.finished, decoded.frozen, decoded.forfeited) == (view.finished, view.frozen, view.forfeited)
        assert (decoded.to_act, decoded.leader, decoded.trick_number) == (view.to_act, view.leader, view.trick_number)
        assert decoded.is_over == view.is_over and decoded.my_turn == view.my_turn
        assert decoded.must_lead == (view.my_turn and view.table is None)
        assert decoded.interrupt_offered == (not view.my_turn and bool(view.legal_actions))
        by_seat = [0] * view.players
        for event in view.history:
            if isinstance(event, Played):
                by_seat[event.seat] |= event.combo.mask
        assert decoded.played_by == tuple(by_seat)
        assert sum(decoded.played_by) == view.played_mask
        chops = [e for e in view.history if isinstance(e, Chop) and e.trick == view.trick_number]
        assert decoded.chops_in_trick == len(chops)
        # Relative slots: slot 0 is the observer, slot k the seat k places later; absent seats are -1.
        fields = split_observation(vector)
        assert fields["card_counts"][: view.players] == [view.card_counts[(seat + k) % view.players] for k in range(view.players)]
        assert fields["card_counts"][view.players :] == [-1] * (SLOTS - view.players)
        assert fields["played_by"][52 * view.players :] == [-1] * 52 * (SLOTS - view.players)
        assert fields["to_act"] == [-1 if view.to_act is None else (view.to_act - seat) % view.players]


@pytest.mark.parametrize("rules", RULES, ids=IDS)
@SOME
@given(data=st.data())
def test_action_masks_name_the_legal_actions(rules: RuleSet, data: st.DataObject) -> None:
    round_ = data.draw(rounds(rules))
    for seat in range(round_.players):
        view = round_.view(seat)
        found = legal_action_masks(view)
        assert found == [action_to_mask(a) for a in view.legal_actions]
        assert len(set(found)) == len(found)  # a mask names one action
        for mask, action in zip(found, view.legal_actions, strict=True):
            assert action_from_mask(view, mask) == action
            assert (mask == 0) == (action.kind == "pass")
        if view.legal_actions:
            wrong = data.draw(st.integers(0, (1 << 52) - 1).filter(functools.partial(_not_in, found)))
            with pytest.raises(IllegalPlay, match=f"seat {seat}"):
                action_from_mask(view, wrong)


def test_refusals_say_why() -> None:
    view = Round.from_hands(["3♠ 4♠ 5♦ 9♥", "6♠ 7♦", "3♥ 4♥", "3♦ 4♦"], HOUSE, first_round=False, leader=0).view(0)
    with pytest.raises(IllegalPlay, match="seat 0 does not hold 2♥"):
        action_from_mask(view, 1 << 51)
    with pytest.raises(IllegalPlay, match="seat 0 must lead and may not pass"):
        action_from_mask(view, 0)
    with pytest.raises(IllegalPlay, match="3♠ 9♥ is not a combination"):
        action_from_mask(view, cards_to_mask([DECK[0], DECK[27]]))
    with pytest.raises(IllegalPlay, match="is not an action"):
        action_from_mask(view, -3)
    with pytest.raises(IllegalPlay, match="is not an action"):
        action_from_mask(view, False)
    waiting = Round.from_hands(["3♠ 4♠", "6♠ 7♦", "3♥ 4♥", "3♦ 4♦"], HOUSE, first_round=False, leader=0).view(1)
    with pytest.raises(IllegalPlay, match="seat 1 has nothing to do now: it is seat 0's turn"):
        action_from_mask(waiting, 0)
    following = Round.from_hands(["5♠ 9♥", "4♠ 7♦", "3♥ 4♥", "3♦ 4♦"], HOUSE, first_round=False, leader=0).play("5♠").view(1)
    with pytest.raises(IllegalPlay, match="seat 1 cannot play 4♠"):
        action_from_mask(following, DECK[4].mask)


def test_iwin_chop_and_decline_by_mask() -> None:
    round_ = Round.from_hands(["2♠ 5♣", "3♦ 4♦", "6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣ K♥", "3♥ 4♥"], IWIN, first_round=False, leader=0).play(
        "2♠"
    )
    view = round_.view(2)
    chop, decline = view.legal_actions
    assert action_from_mask(view, chop.mask).kind == "interrupt"
    assert action_from_mask(view, 0) == decline
    with pytest.raises(IllegalPlay, match="seat 2 cannot play K♥ out of turn"):
        action_from_mask(view, DECK[43].mask)
    vector = encode_observation(view)
    fields = split_observation(vector)
    assert fields["interrupt_offered"] == [1] and fields["my_turn"] == [0]
    assert fields["table_seat"] == [2]  # seat 0 is two places after seat 2 at four players
    assert fields["table_kind"] == [1] and fields["table_length"] == [1]


def _valid_vector() -> list[int]:
    return encode_observation(Round.deal(HOUSE, players=3, seed=5).view(1))


@pytest.mark.parametrize(
    ("field", "index", "value", "message"),
    [
        ("players", 0, 5, "players is 5"),
        ("seat", 0, 3, "seat is 3"),
        ("hand", 0, 2, "hand: card bit 0"),
        ("card_counts", 3, 0, "slots past the 3 seats must be -1"),
        ("card_counts", 0, 27, "card_counts"),
        ("passed", 1, 2, "passed"),
        ("finished", 0, 2, "finished"),
        ("to_act", 0, 3, "to_act is 3"),
        ("leader", 0, -1, "leader is -1"),
        ("table_kind", 0, 7, "table_kind 7"),
        ("table_length", 0, 2, "table_length is 2"),
        ("my_turn", 0, 2, "my_turn is 2"),
        ("played_by", 52 * 3, 0, "played_by"),
    ],
)
def test_malformed_observations_are_refused(field: str, index: int, value: int, message: str) -> None:
    vector = _valid_vector()
    vector[OBSERVATION_OFFSETS[field].start + index] = value
    with pytest.raises(InvalidRecord, match=message):
        decode_observation(vector)


@pytest.mark.parametrize(
    ("cards", "kind", "message"),
    [
        ("3♠ 4♠", ComboKind.PAIR, "3♠ 4♠ is not a pair"),
        ("3♠ 3♣ 5♠", ComboKind.TRIPLE, "is not a triple"),
        ("3♠ 4♠ 6♠", ComboKind.STRAIGHT, "is not a straight"),
        ("A♠ 2♠ 3♠", ComboKind.STRAIGHT, "is not a straight"),
        ("Q♠ Q♣ K♠ K♣ A♠ 2♠", ComboKind.PAIR_RUN, "is not a pair run"),
    ],
)
def test_a_table_that_is_no_such_combination_is_refused(cards: str, kind: ComboKind, message: str) -> None:
    """A tampered table whose cards classify would refuse under every rule set is refused as a record."""
    mask = cards_to_mask(parse_cards(cards))
    vector = _valid_vector()
    vector[OBSERVATION_OFFSETS["table"]] = mask_to_bits(mask)
    vector[OBSERVATION_OFFSETS["table_kind"].start] = kind.value
    vector[OBSERVATION_OFFSETS["table_length"].start] = mask.bit_count()
    vector[OBSERVATION_OFFSETS["table_seat"].start] = 1
    with pytest.raises(InvalidRecord, match=f"observation field table: .*{message}"):
        decode_observation(vector)
    for rules in PROFILES.values():
        with pytest.raises(InvalidCombo):
            classify(mask, rules)


def test_observations_of_the_wrong_length_or_type_are_refused() -> None:
    with pytest.raises(InvalidRecord, match=f"has {OBSERVATION_LENGTH} ints, not 3"):
        decode_observation([1, 2, 3])
    vector: list[object] = list(_valid_vector())
    vector[0] = "1"
    with pytest.raises(InvalidRecord, match="seat must hold whole numbers"):
        decode_observation(vector)  # type: ignore[arg-type]
