"""The fixed action space is exact: every legal action is one sequence of legal indices, and every
sequence of legal indices ends in a legal action, at every ply of every profile."""

from __future__ import annotations

import random
import subprocess
import sys
import time

import attrs
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from tienlen import HOUSE, IWIN, NORTHERN, PROFILES, Action, ComboKind, IllegalPlay, InvalidArgument, InvalidCombo, Round, RuleSet
from tienlen.game.cards import mask_of, parse_cards
from tienlen.learning.actionspace import (
    ACTION_SPACE_SIZE,
    CHOICE_LENGTH,
    MAX_SEQUENCE,
    PASS_INDEX,
    RUN_SHAPES,
    SET_RUN_SHAPES,
    Choice,
    action_indices,
    index_label,
    indices_mask,
)
from tienlen.learning.env import chop_offers
from tienlen.strategies import combos, rounds

# every profile, and one that plays runs of triples and quads (from 327 on in the space)
WITH_RUNS = [*PROFILES.values(), attrs.evolve(HOUSE, name="house-with-runs", triple_run_min=2, quad_run_min=2)]
SOME = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def leaves(choice: Choice) -> list[Action]:
    """Every action reached by choosing legal indices from ``choice`` on (depth first)."""
    out: list[Action] = []
    for index in choice.legal_indices():
        chosen = choice.choose(index)
        out += leaves(chosen) if isinstance(chosen, Choice) else [chosen]
    return out


def assert_exact(actions: list[Action]) -> None:
    """The index sequences of ``actions`` reach exactly ``actions``, each once, and nothing else."""
    reached = leaves(Choice.of(actions))
    assert sorted(reached, key=str) == sorted(actions, key=str)
    assert len(set(reached)) == len(reached)


def deciding_seats(round_: Round) -> list[int]:
    """The seats that decide something in this position: those offered a chop, then the seat in turn."""
    return [*chop_offers(round_), *([round_.to_act] if round_.to_act is not None else [])]


# ---------------------------------------------------------------------------- the layout


def test_the_documented_blocks_add_up_to_463_indices() -> None:
    blocks = {"pass": 1, "singles": 52, "pairs": 13 * 6, "triples": 13 * 4, "quads": 13}
    straights = sum(13 - length + 1 for length in range(3, 14))
    pair_runs = sum(12 - length + 1 for length in range(3, 13))
    set_runs = sum(12 - length + 1 for length in range(2, 13))  # triple runs, and quad runs alike
    assert (straights, pair_runs, set_runs) == (66, 55, 66)
    assert len(RUN_SHAPES) == straights + pair_runs and len(SET_RUN_SHAPES) == 2 * set_runs
    assert sum(blocks.values()) + straights + pair_runs + 4 + 6 == 327  # the first blocks, numbered as before
    assert 327 + 2 * set_runs + 4 == ACTION_SPACE_SIZE == 463


@pytest.mark.parametrize(
    ("cards", "indices"),
    [
        ("", (0,)),
        ("3♠", (1,)),
        ("2♥", (52,)),
        ("3♠ 3♣", (53,)),
        ("2♦ 2♥", (130,)),
        ("3♠ 3♣ 3♦", (131,)),
        ("2♣ 2♦ 2♥", (182,)),
        ("3♠ 3♣ 3♦ 3♥", (183,)),
        ("2♠ 2♣ 2♦ 2♥", (195,)),
        ("3♠ 4♦ 5♥", (196, 317, 319, 320)),
        ("Q♣ K♣ A♣ 2♣", (196 + 11 + 9, 318, 318, 318, 318)),  # after the 11 three-rank spans
        ("3♠ 3♣ 4♦ 4♥ 5♠ 5♥", (262, 321, 326, 324)),
        ("3♠ 3♣ 3♦ 4♠ 4♣ 4♥", (327, 459, 460)),  # a triple run: its span, then three suits a rank
        ("K♣ K♦ K♥ A♠ A♣ A♦", (327 + 10, 462, 459)),
        ("3♠ 3♣ 3♦ 3♥ 4♠ 4♣ 4♥ 4♦", (393,)),  # a quad run is one index
        ("Q♠ Q♣ Q♦ Q♥ K♠ K♣ K♦ K♥ A♠ A♣ A♦ A♥", (393 + 11 + 9,)),
    ],
)
def test_index_sequences_as_documented(cards: str, indices: tuple[int, ...]) -> None:
    mask = mask_of(parse_cards(cards)) if cards else 0
    assert action_indices(mask) == indices
    assert indices_mask(indices) == mask


def test_every_index_has_a_label() -> None:
    labels = [index_label(i) for i in range(ACTION_SPACE_SIZE)]
    assert labels[PASS_INDEX] == "pass" and labels[1] == "single 3♠" and labels[195] == "quad 2♠ 2♣ 2♦ 2♥"
    assert labels[196] == "straight 3…5" and labels[261] == "straight 3…2" and labels[316] == "pair run 3…A"
    assert labels[327] == "triple run 3…4" and labels[392] == "triple run 3…A"
    assert labels[393] == "quad run 3…4" and labels[458] == "quad run 3…A"
    assert labels[459:] == ["suits ♠♣♦", "suits ♠♣♥", "suits ♠♦♥", "suits ♣♦♥"]
    assert labels[317:327] == [
        "suit ♠",
        "suit ♣",
        "suit ♦",
        "suit ♥",
        "suits ♠♣",
        "suits ♠♦",
        "suits ♣♦",
        "suits ♠♥",
        "suits ♣♥",
        "suits ♦♥",
    ]
    assert len(set(labels)) == ACTION_SPACE_SIZE


@pytest.mark.parametrize("rules", list(PROFILES.values()), ids=list(PROFILES))
@SOME
@given(data=st.data())
def test_index_sequences_round_trip_for_every_combination(rules: RuleSet, data: st.DataObject) -> None:
    combo = data.draw(combos(rules))
    sequence = action_indices(combo.mask)
    assert indices_mask(sequence) == combo.mask
    assert all(0 <= i < ACTION_SPACE_SIZE for i in sequence)
    runs = combo.kind in (ComboKind.STRAIGHT, ComboKind.PAIR_RUN, ComboKind.TRIPLE_RUN)
    assert len(sequence) == (1 + combo.mask.bit_count() // (combo.kind - ComboKind.SINGLE - 3) if runs else 1)


@SOME
@given(index=st.integers(0, ACTION_SPACE_SIZE - 1), data=st.data())
def test_every_whole_sequence_names_the_card_set_that_names_it(index: int, data: st.DataObject) -> None:
    if 317 <= index < 327 or index >= 459:
        with pytest.raises(IllegalPlay, match="choose a run span first"):
            indices_mask((index,))
        return
    steps: tuple[int, ...] = ()
    if 196 <= index < 393:
        kind, _, length = RUN_SHAPES[index - 196] if index < 317 else SET_RUN_SHAPES[index - 327]
        choices = {ComboKind.STRAIGHT: range(317, 321), ComboKind.PAIR_RUN: range(321, 327)}.get(kind, range(459, 463))
        steps = tuple(data.draw(st.lists(st.sampled_from(choices), min_size=length, max_size=length)))
    mask = indices_mask((index, *steps))
    assert action_indices(mask) == (index, *steps)


# ---------------------------------------------------------------------------- exactness


@pytest.mark.parametrize("rules", WITH_RUNS, ids=[r.name for r in WITH_RUNS])
@SOME
@given(data=st.data())
def test_choice_is_exactly_the_legal_actions_at_any_ply(rules: RuleSet, data: st.DataObject) -> None:
    round_ = data.draw(rounds(rules, max_actions=80))
    for seat in deciding_seats(round_):
        actions = list(round_.view(seat).legal_actions)
        assert actions, f"seat {seat} decides but has no action"
        assert_exact(actions)
        if seat == round_.to_act:
            assert set(leaves(Choice.of(round_.legal_actions()))) == set(round_.legal_actions())


@pytest.mark.parametrize(("rules", "players"), [(r, n) for r in WITH_RUNS for n in range(r.min_players, r.max_players + 1)])
def test_choice_is_exactly_the_legal_actions_at_every_ply_of_whole_rounds(rules: RuleSet, players: int) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        round_ = Round.deal(rules, players=players, seed=seed)
        while not round_.is_over:
            offers = chop_offers(round_)
            for seat in deciding_seats(round_):
                assert_exact(list(round_.view(seat).legal_actions))
            options = list(round_.legal_actions()) + [a for a in round_.legal_interrupts() if a.seat in offers]
            round_ = round_.apply(rng.choice(options))


def test_a_hand_full_of_straights_is_reached_whole() -> None:
    # 13 cards over ranks 3…A with two suits at several ranks: hundreds of straights
    round_ = Round.from_hands(["3♠ 3♥ 4♣ 4♦ 5♠ 5♥ 6♦ 7♣ 7♥ 8♠ 9♦ 10♣ J♥", "2♥ 2♦"], HOUSE, first_round=False, leader=0)
    actions = list(round_.legal_actions())
    assert len(actions) == 195  # 13 singles, 4 pairs, 1 pair run and 177 straights
    assert_exact(actions)


def test_a_northern_pair_must_follow_colour_and_the_space_offers_only_that_pair() -> None:
    round_ = Round.from_hands(["5♠ 5♣ 5♦ 5♥ 9♠", "4♠ 4♣ 3♠"], NORTHERN, leader=1).play("4♠ 4♣")
    choice = Choice.of(round_.legal_actions())
    pairs = [i for i in choice.legal_indices() if index_label(i).startswith("pair")]
    assert [index_label(i) for i in pairs] == ["pair 5♠ 5♣"]  # black on black


def test_an_iwin_chop_offer_is_a_choice_of_its_own() -> None:
    hands = ["2♠ 3♦", "10♠ J♦", "3♠ 3♣ 4♠ 4♣ 5♠ 5♦ 6♠ 6♦ 9♥", "Q♠ K♣"]
    round_ = Round.from_hands(hands, IWIN, first_round=False, leader=0).play("2♠")
    assert chop_offers(round_) == (2,)
    view = round_.view(2)
    choice = Choice.of(view.legal_actions)
    assert choice.legal_indices()[0] == PASS_INDEX
    assert {a.kind for a in leaves(choice)} == {"pass", "interrupt"}


# ---------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("cards", "why"),
    [
        ("3♠ 5♦", "no single, pair"),
        ("3♠ 3♣ 4♦", "no single, pair"),
        ("3♠ 4♦ 6♥", "no single, pair"),
        ("3♠ 3♣ 4♠ 4♣", "no single"),
    ],
)
def test_card_sets_of_no_shape_are_refused(cards: str, why: str) -> None:
    with pytest.raises(InvalidCombo, match=why):
        action_indices(mask_of(parse_cards(cards)))


@pytest.mark.parametrize(
    ("indices", "why"),
    [
        ((), "one or more"),
        ((463,), "from 0 to 462"),
        ((True,), "from 0 to 462"),
        ((1, 317), "whole action"),
        ((320,), "choose a run span first"),
        ((196, 317, 318), "needs 3 suit steps"),
        ((196, 317, 318, 321), "one suit"),
        ((262, 321, 321, 317), "two suits"),
        ((327, 459, 321), "three suits"),
        ((327, 459), "needs 2 suit steps"),
        ((393, 459), "whole action"),
        ((461,), "choose a run span first"),
    ],
)
def test_bad_index_sequences_are_refused(indices: tuple[int, ...], why: str) -> None:
    with pytest.raises(IllegalPlay, match=why):
        indices_mask(indices)


@pytest.mark.parametrize("indices", [5, None, 1.5, object(), iter([True])])
def test_indices_that_are_no_sequence_of_whole_numbers_are_refused(indices: object) -> None:
    with pytest.raises(IllegalPlay, match="give indices from 0 to 462"):
        indices_mask(indices)  # type: ignore[arg-type]


def test_an_index_sequence_is_read_no_longer_than_the_longest_there_is() -> None:
    straight = action_indices(mask_of(parse_cards("3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 2♠")))
    assert len(straight) == MAX_SEQUENCE and indices_mask(straight) == mask_of(
        parse_cards("3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠ 2♠")
    )
    with pytest.raises(IllegalPlay, match="give indices from 0 to 462"):
        indices_mask((*straight, 317))
    started = time.process_time()
    with pytest.raises(IllegalPlay, match="give indices from 0 to 462"):
        indices_mask(range(10**12))  # read no further than one index past the longest
    assert time.process_time() - started < 1


def test_a_number_too_long_to_print_is_no_index() -> None:
    with pytest.raises(IllegalPlay, match="<a 16610-bit number> is not an action index"):
        index_label(10**5000)
    choice = Choice.of(Round.from_hands(["3♠ 4♦ 5♥ 9♣", "6♠ 7♠ 8♠ 10♥"], HOUSE).legal_actions())
    with pytest.raises(IllegalPlay, match="action index <a 16610-bit number> is not legal now"):
        choice.choose(10**5000)
    with pytest.raises(IllegalPlay, match="<a 16610-bit number>"):
        indices_mask([10**5000])


@pytest.mark.parametrize(("actions", "match"), [([1], "each action must be an Action, not 1"), (5, "actions must be the legal")])
def test_a_choice_is_made_of_actions_only(actions: object, match: str) -> None:
    with pytest.raises(InvalidArgument, match=match):
        Choice.of(actions)  # type: ignore[arg-type]
    legal = Round.deal(HOUSE, seed=1).legal_actions()
    assert Choice.of(list(legal)).legal_indices() == Choice.of(legal).legal_indices() == Choice.of(iter(legal)).legal_indices()


def test_an_illegal_index_is_refused_and_the_choice_is_unchanged() -> None:
    round_ = Round.from_hands(["3♠ 4♦ 5♥ 9♣", "6♠ 7♠ 8♠ 10♥"], HOUSE)
    choice = Choice.of(round_.legal_actions()).choose(196)
    assert isinstance(choice, Choice)
    before = choice
    stepped = choice.choose(np_like(317))  # any whole-number type
    assert isinstance(stepped, Choice) and stepped.chosen == (196, 317) and type(stepped.chosen[1]) is int
    assert hash(stepped) != hash(choice) and stepped != choice
    for bad in (318, 2, -1, 999, "317", True, 317.0):
        with pytest.raises(IllegalPlay, match="not legal now; legal: 317 \\(suit ♠\\)"):
            choice.choose(bad)  # type: ignore[arg-type]
    assert choice == before and choice.legal_indices() == (317,)
    assert choice.encode()[:1] == [196] and sum(choice.encode()[1:]) == 0 and len(choice.encode()) == CHOICE_LENGTH
    with pytest.raises(IllegalPlay, match="not reachable"):
        choice.next_index(Action(kind="pass", seat=0))


class np_like:
    """A whole number that is not an ``int`` (as NumPy's integers are)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def test_an_agent_walks_to_its_action_with_next_index() -> None:
    round_ = Round.from_hands(["3♠ 4♦ 5♥ 9♣", "6♠ 7♠ 8♠ 10♥"], HOUSE)
    target = next(a for a in round_.legal_actions() if a.mask.bit_count() == 3)
    choice: Choice | Action = Choice.of(round_.legal_actions())
    while isinstance(choice, Choice):
        choice = choice.choose(choice.next_index(target))
    assert choice == target


def test_the_core_never_imports_a_learning_framework() -> None:
    code = (
        "import sys, tienlen, tienlen.learning.actionspace, tienlen.learning.env, tienlen.learning.encoding, tienlen.players.agents, tienlen.cli\n"
        "loaded = sorted(m for m in ('numpy', 'gymnasium', 'pettingzoo', 'pyspiel') if m in sys.modules)\n"
        "assert not loaded, loaded"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("rules", WITH_RUNS, ids=[r.name for r in WITH_RUNS])
def test_a_choice_read_off_the_legal_masks_equals_one_of_the_actions_themselves(rules: RuleSet) -> None:
    # Choice.of(LegalActions) maps index sequences to masks and builds an action only when a whole
    # sequence is looked up (issue 26); it must be the choice of the same actions listed.
    rng = random.Random(0)
    round_ = Round.deal(rules, seed=11)
    while not round_.is_over:
        legal = round_.legal_actions()
        lazy, listed = Choice.of(legal), Choice.of(list(legal))
        assert lazy == listed and lazy.legal_indices() == listed.legal_indices()
        assert len(lazy.actions) == len(legal) and list(lazy.actions) == list(listed.actions)
        for sequence, action in listed.actions.items():
            assert sequence in lazy.actions and lazy.actions[sequence] == action
            assert legal.handed_out(lazy.actions.get(sequence))  # handed out: apply takes it unchecked
        assert (999,) not in lazy.actions and lazy.actions.get((999,), "none") == "none"
        with pytest.raises(KeyError):
            lazy.actions[(999,)]
        round_ = round_.apply(rng.choice(legal))
