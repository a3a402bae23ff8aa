"""Runs of triples and of quads (issue 23): the axes ``triple_run_min`` and ``quad_run_min``.

A run of consecutive triples (sám liên: 333 444 …) or of consecutive quads (3333 4444 …), no 2 in
it, is a combination where its axis is set (the fewest triples or quads it needs; 0, the default
of every profile, leaves it out). It is never a bomb: it is beaten only by a run of the same kind
and length with a higher top card (following suit where the rules do), no bomb chops it and it
chops nothing. Brute-force agreement of classification and move generation is checked in
``test_combos.py`` and ``test_moves.py`` (rule sets with the axes on); the action space's
exactness in ``test_actionspace.py``. Money is in a 1,000 room (``unit=1000``).
"""

from __future__ import annotations

import attrs
import pytest

from tienlen import (
    AXES,
    HOUSE,
    NORTHERN,
    PROFILES,
    ComboKind,
    IllegalPlay,
    InvalidRules,
    Round,
    RuleSet,
    beats,
    classify,
    compare,
    explain,
    legal_plays,
    settle,
)
from tienlen.game.beating import is_bomb
from tienlen.io.wire import read_document
from tienlen.learning.actionspace import Choice, action_indices, indices_mask
from tienlen.learning.observation import decode_observation, encode_observation

RUNS = attrs.evolve(HOUSE, name="house-with-runs", triple_run_min=2, quad_run_min=2)
FOLLOWING = attrs.evolve(NORTHERN, name="northern-with-runs", triple_run_min=2, quad_run_min=2)

TR_34, TR_56, TR_567 = "3♠ 3♣ 3♦ 4♠ 4♣ 4♦", "5♠ 5♣ 5♦ 6♠ 6♣ 6♦", "5♠ 5♣ 5♦ 6♠ 6♣ 6♦ 7♠ 7♣ 7♦"
QR_34, QR_89 = "3♠ 3♣ 3♦ 3♥ 4♠ 4♣ 4♦ 4♥", "8♠ 8♣ 8♦ 8♥ 9♠ 9♣ 9♦ 9♥"


# ---------------------------------------------------------------------------- beating


@pytest.mark.parametrize(
    ("play", "table", "expected"),
    [
        (TR_56, TR_34, True),  # same length, higher top card
        (TR_34, TR_56, False),
        ("3♠ 3♣ 3♥ 4♠ 4♣ 4♥", TR_34, True),  # the same ranks: 4♥ tops 4♦
        (TR_567, TR_34, False),  # a longer run does not beat a shorter one
        (QR_89, QR_34, True),
        (QR_89, TR_34, False),  # another kind
        ("7♠ 7♣ 7♦ 7♥", TR_34, False),  # a quad is a bomb here, and bombs chop only 2s and bombs
        ("J♠ J♣ Q♠ Q♣ K♠ K♣ A♠ A♣", TR_34, False),  # so is a PR4
        (TR_56, "2♥", False),  # a run chops nothing
        (QR_34, "2♥", False),
        (QR_34, "2♠ 2♥", False),
        (QR_34, "5♠ 5♣ 5♦ 5♥", False),
    ],
)
def test_a_run_is_beaten_only_by_a_higher_run_of_its_kind_and_length(play: str, table: str, expected: bool) -> None:
    assert beats(play, table, RUNS) is expected


def test_runs_are_never_bombs_nor_chops() -> None:
    for text in (TR_34, QR_34):
        combo = classify(text, RUNS)
        assert not is_bomb(combo, RUNS) and combo.bomb_class is None


@pytest.mark.parametrize(
    ("play", "table", "reason"),
    [
        (TR_567, TR_34, "must be beaten by a 6-card triple run (2 triples)"),
        (
            "7♠ 7♣ 7♦ 7♥",
            TR_34,
            "bombs only chop 2s and bombs; 3♠ 3♣ 3♦ 4♠ 4♣ 4♦ must be beaten by a 6-card triple run (2 triples)",
        ),
        (QR_34, "2♥", "a single 2 can only be beaten by higher 2s or by a bomb that chops it"),
        (TR_34, TR_56, "its top card 4♦ is not higher than 6♦"),
    ],
)
def test_explain_says_why_a_run_does_not_beat(play: str, table: str, reason: str) -> None:
    answer = explain(play, table, RUNS)
    assert answer is not None and answer.endswith(reason)


def test_under_follow_suit_a_triple_run_follows_the_suits_rank_by_rank() -> None:
    """Northern with runs: 5♠5♣5♦ 6♠6♣6♦ follows 3♠3♣3♦ 4♠4♣4♦ (same suits at each rank), and
    5♠5♣5♥ 6♠6♣6♦ does not; the generator offers only the one that follows."""
    assert beats(TR_56, TR_34, FOLLOWING)
    assert explain("5♠ 5♣ 5♥ 6♠ 6♣ 6♦", TR_34, FOLLOWING) == (
        "5♠ 5♣ 5♥ 6♠ 6♣ 6♦ cannot beat 3♠ 3♣ 3♦ 4♠ 4♣ 4♦ under northern-with-runs: "
        "a triple run must follow the same suits (♠ ♣ ♦)"
    )
    hand = "5♠ 5♣ 5♦ 5♥ 6♠ 6♣ 6♦ 9♥"
    runs = [str(c) for c in legal_plays(hand, TR_34, FOLLOWING) if c.kind is ComboKind.TRIPLE_RUN]
    assert runs == [TR_56]


def test_the_generator_answers_a_run_with_exactly_the_higher_runs_of_its_length() -> None:
    hand = "5♠ 5♣ 5♦ 6♠ 6♣ 6♦ 6♥ 7♠ 7♣ 7♦ 7♥ 2♥"
    got = [c.mask for c in legal_plays(hand, TR_34, RUNS)]
    low = [classify(f"5♠ 5♣ 5♦ {six}", RUNS).mask for six in ("6♠ 6♣ 6♦", "6♠ 6♣ 6♥", "6♠ 6♦ 6♥", "6♣ 6♦ 6♥")]
    sixes = ("6♠ 6♣ 6♦", "6♠ 6♣ 6♥", "6♠ 6♦ 6♥", "6♣ 6♦ 6♥")
    high = [classify(f"{six} {seven}", RUNS).mask for six in sixes for seven in ("7♠ 7♣ 7♦", "7♠ 7♣ 7♥", "7♠ 7♦ 7♥", "7♣ 7♦ 7♥")]
    # 20 runs of two triples, by mask (top card first); no quad (6666 and 7777 are bombs, which do
    # not chop a run), nothing of another length
    assert got == sorted(low + high)
    assert [str(c) for c in legal_plays(hand, QR_34, RUNS)] == ["6♠ 6♣ 6♦ 6♥ 7♠ 7♣ 7♦ 7♥"]


# ---------------------------------------------------------------------------- a hand-built round


def test_a_round_won_with_a_triple_run() -> None:
    """House with triple runs, two players, a later round, seat 0 leads. Seat 0 leads the triple
    run 333-444; seat 1 beats it with 555-666; seat 0 (holding 9♥) passes; seat 1 leads K♠ and goes
    out. Seat 0 is last with one card and no 2 or bomb: house's 2-player placement, 4 entries =
    4,000 to seat 1. Without the axis the same lead is refused and the round is unchanged."""
    hands = [f"{TR_34} 9♥", f"{TR_56} K♠"]
    start = Round.from_hands(hands, RUNS, first_round=False, leader=0)
    r = start.play(TR_34).play(TR_56).pass_().play("K♠")
    assert r.is_over
    money = settle(r.result, RUNS, unit=1000)
    assert money.net == (-4000, 4000)
    plain = Round.from_hands(hands, HOUSE, first_round=False, leader=0)
    with pytest.raises(IllegalPlay, match="must form a straight"):
        plain.play(TR_34)
    assert plain == Round.from_hands(hands, HOUSE, first_round=False, leader=0)


# ---------------------------------------------------------------------------- the axes as data


def test_every_profile_leaves_the_runs_out() -> None:
    assert all(r.triple_run_min == r.quad_run_min == 0 for r in PROFILES.values())
    assert "triple_run_min" in AXES and "quad_run_min" in AXES


def test_the_run_axes_round_trip_through_toml_json_and_the_wire() -> None:
    assert RuleSet.from_toml(RUNS.to_toml()) == RUNS
    assert RuleSet.from_json(RUNS.to_json()) == RUNS
    assert RuleSet.from_dict(RUNS.to_dict()) == RUNS
    assert RuleSet.from_mapping({"name": "x", "from": "house", "triple_run_min": 3}).triple_run_min == 3
    for text in (TR_567, QR_89):
        combo = classify(text, RUNS)
        assert read_document(combo.to_dict()) == combo
    r = Round.from_hands([f"{TR_34} 9♥", f"{TR_56} K♠"], RUNS, first_round=False, leader=0).play(TR_34)
    assert Round.from_dict(r.to_dict()) == r


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"triple_run_min": 1}, "triple_run_min: 1 must be 0 (not played) or from 2 to 12"),
        ({"quad_run_min": 13}, "quad_run_min: 13 must be 0 (not played) or from 2 to 12"),
        ({"triple_run_min": -2}, "triple_run_min: -2 must be 0"),
        ({"quad_run_min": "two"}, "quad_run_min: expected a whole number"),
    ],
)
def test_bad_run_axes_are_refused_naming_the_field(change: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidRules, match=message.replace("(", r"\(").replace(")", r"\)")):
        RuleSet.from_mapping({"name": "x", "from": "house", **change})


def test_compare_shows_the_run_axes() -> None:
    text = compare(HOUSE, RUNS).text()
    assert "triple_run_min" in text and "quad_run_min" in text


# ---------------------------------------------------------------------------- learning adapters


def test_runs_are_expressible_in_the_action_space_and_the_observation() -> None:
    r = Round.from_hands([f"{QR_89} 10♠ 10♣ 10♦ 3♠ 5♥", f"{TR_56} 2♥"], RUNS, first_round=False, leader=0)
    choice = Choice.of(r.legal_actions())
    first = {action_indices(a.mask)[0] for a in r.legal_actions()}
    assert first == set(choice.legal_indices())
    assert action_indices(classify(QR_89, RUNS).mask) == (393 + 5,)  # one index: 2-rank spans first, 8 is rank 5
    for action in r.legal_actions():
        sequence = action_indices(action.mask)
        assert indices_mask(sequence) == action.mask
        step: Choice | object = choice
        for index in sequence:
            assert isinstance(step, Choice)
            step = step.choose(index)
        assert step == action
    assert {a.combo.kind for a in r.legal_actions() if a.combo} >= {ComboKind.TRIPLE_RUN, ComboKind.QUAD_RUN}
    after = r.play("8♠ 8♣ 8♦ 9♠ 9♣ 9♦")
    observation = decode_observation(encode_observation(after.view(1)))
    assert observation.table == classify("8♠ 8♣ 8♦ 9♠ 9♣ 9♦", RUNS)
