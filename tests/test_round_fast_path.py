"""The engine's fast path (issue 13): an action handed out by a round's own ``legal_actions()`` is
applied without being checked again, and gives exactly the round that the checked path gives;
any other action is checked in full. The shared-value caches stay within their documented bounds.
"""

from __future__ import annotations

import importlib
import pickle
import random
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from tienlen import HOUSE, PROFILES, Action, IllegalPlay, Round, actions, moves
from tienlen._cache import CACHES, stats
from tienlen.combos import ComboKind


def _by_hand(action: Action) -> Action:
    """An equal action built by hand: not the object the round handed out."""
    return Action(kind=action.kind, seat=action.seat, combo=action.combo)


@settings(max_examples=30, deadline=None)
@given(name=st.sampled_from(sorted(PROFILES)), seed=st.integers(0, 2**32), choices=st.randoms(use_true_random=False))
def test_an_action_from_legal_actions_gives_the_same_round_as_the_same_action_checked(
    name: str, seed: int, choices: random.Random
) -> None:
    r = Round.deal(PROFILES[name], players=PROFILES[name].max_players, seed=seed)
    while not r.is_over:
        legal = r.legal_actions()
        action = legal[choices.randrange(len(legal))]
        fast, checked = r.apply(action), r.apply(_by_hand(action))
        assert fast == checked
        assert fast.events == checked.events and fast.actions == checked.actions
        r = fast


def test_an_action_handed_out_by_another_position_is_checked_in_full() -> None:
    r = Round.deal(HOUSE, seed=7)
    lead = r.legal_actions()[0]
    after = r.apply(lead)
    after.legal_actions()[0]  # the next position hands out actions of its own
    with pytest.raises(IllegalPlay, match="turn"):
        after.apply(lead)  # the same object, legal one ply earlier, is refused now


@pytest.mark.parametrize("thing", [None, False, 0, "pass", "legal actions"])
def test_something_that_is_no_handed_out_action_is_refused_after_legal_actions_were_asked(thing: object) -> None:
    r = Round.deal(HOUSE, seed=7)
    legal = r.legal_actions()
    legal[0]
    with pytest.raises(IllegalPlay):
        r.apply(legal if thing == "legal actions" else thing)  # type: ignore[arg-type]


def test_iterating_and_indexing_legal_actions_agree_and_both_count_as_handed_out() -> None:
    first = Round.deal(HOUSE, seed=7)
    r = first.apply(first.legal_actions()[0])
    legal = r.legal_actions()
    assert list(legal) == [legal[i] for i in range(len(legal))]
    assert pickle.loads(pickle.dumps(legal)) == legal
    assert r.legal_actions() is legal  # made once per position
    for action in legal:
        assert r.apply(action) == r.apply(_by_hand(action))


def test_the_shared_value_caches_stay_within_their_documented_bounds() -> None:
    rng = random.Random(3)
    combos, plays = CACHES["combinations"], CACHES["play actions"]
    for _ in range(plays.limit + 10):
        actions.play_action(rng.randrange(4), ComboKind.STRAIGHT, rng.getrandbits(52) | 0b10001)
    for _ in range(combos.limit + 10):
        moves.combo_of(ComboKind.STRAIGHT, rng.getrandbits(52) | 0b10001)
    figures = stats()
    assert all(f.size <= f.most <= f.limit for f in figures.values())
    assert figures["play actions"].clears >= 1 and figures["combinations"].clears >= 1
    combos.clear()  # leave no made-up combos behind for other tests
    plays.clear()


def test_the_speed_page_lists_every_cache_with_the_bound_the_code_enforces() -> None:
    page = (Path(__file__).resolve().parent.parent / "docs" / "howto" / "speed.rst").read_text(encoding="utf-8")
    importlib.import_module("tienlen.encoding")  # the learning modules' caches register when they are imported
    importlib.import_module("tienlen.actionspace")
    rows = {f"{f.name.capitalize()}: {f.limit:,} {f.holds}" for f in stats().values()}
    assert len(rows) == 9  # every cache of the library, however it is imported
    assert [row for row in rows if row not in page] == []


def test_legal_actions_by_mask_hands_out_the_listed_action_and_masks_list_them_in_order() -> None:
    r = Round.deal(HOUSE, seed=7)
    r = r.apply(r.legal_actions()[0])
    legal = r.legal_actions()
    assert legal.masks() == [a.mask for a in legal]
    for action in legal:
        found = legal.by_mask(action.mask)
        assert found is action and legal.handed_out(found)
    held = r.hand_masks[r.to_act]  # type: ignore[index]
    assert legal.by_mask(held) is None and legal.by_mask(True) is None  # no such play; a bool is no mask
    first = Round.deal(HOUSE, seed=7).legal_actions()
    assert first.by_mask(0) is None and 0 not in first.masks()  # leading: no pass
