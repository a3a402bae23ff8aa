"""Beating: RULES.md's profile matrix (pair, straight, pair run, following, passing rows), every cell
of its bombs table for each profile, the worked checks from the sources, and readable refusals."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given, settings, strategies as st

from tienlen import (
    FACEOFF,
    HOUSE,
    IWIN,
    NORTHERN,
    PAGAT,
    PROFILES,
    Combo,
    ComboKind,
    IllegalPlay,
    Round,
    RuleSet,
    beats,
    classify,
    explain,
    is_chop,
    legal_plays,
)
from tienlen.errors import InvalidArgument
from tienlen.game.beating import is_bomb, suit_pattern
from tienlen.game.cards import format_cards, to_mask
from tienlen.game.moves import legal_masks

ALL = list(PROFILES.values())
ids = list(PROFILES)


def check(play: str, table: str | None, rules: RuleSet, *, passed: bool = False) -> bool:
    """``beats`` on card text, and ``explain`` agreeing with it."""
    p = classify(play, rules)
    t = None if table is None else classify(table, rules)
    result = beats(p, t, rules, passed=passed)
    reason = explain(p, t, rules, passed=passed)
    assert (reason is None) is result, reason
    if reason is not None:
        assert reason.startswith(f"{p} cannot beat {t} under {rules.name}: ")
    return result


# The bombs used below; none shares a card with the 2-groups.
BOMBS = {
    "quad": "6♠ 6♣ 6♦ 6♥",
    "PR3": "7♠ 7♣ 8♦ 8♥ 9♠ 9♣",
    "PR4": "7♠ 7♣ 8♦ 8♥ 9♠ 9♣ 10♦ 10♥",
    "PR5": "3♠ 3♣ 4♠ 4♣ 5♠ 5♣ 7♦ 7♥ 6♦ 6♥",
    "PR6": "3♠ 3♣ 4♠ 4♣ 5♠ 5♣ 6♦ 6♥ 7♦ 7♥ 8♠ 8♣",
}
TWO_GROUPS = {"single 2": "2♥", "pair of 2s": "2♦ 2♥", "triple of 2s": "2♣ 2♦ 2♥"}

# RULES.md, "Bombs: what beats what": which bomb classes beat each 2-group. Every other class must not.
BEATEN_BY = {
    "house": {
        "single 2": {"PR3", "quad", "PR4", "PR5", "PR6"},
        "pair of 2s": {"quad", "PR4", "PR5", "PR6"},
        "triple of 2s": set(),
    },
    "faceoff": {"single 2": {"quad", "PR3", "PR4", "PR5", "PR6"}, "pair of 2s": {"PR4", "PR5", "PR6"}, "triple of 2s": set()},
    "northern": {"single 2": {"quad"}, "pair of 2s": {"quad"}, "triple of 2s": set()},
    "iwin": {"single 2": {"PR3", "quad", "PR4"}, "pair of 2s": {"quad", "PR4"}, "triple of 2s": set()},
    "pagat": {"single 2": {"quad", "PR3"}, "pair of 2s": {"PR4"}, "triple of 2s": {"PR5"}},
    # Not in RULES.md: the counting profile's choice (its profile page), iwin's table without interrupts.
    "counting": {"single 2": {"PR3", "quad", "PR4"}, "pair of 2s": {"quad", "PR4"}, "triple of 2s": set()},
}


def bomb_cells() -> list[tuple[str, str, str, bool]]:
    cells = []
    for name, table in BEATEN_BY.items():
        for group, winners in table.items():
            for bomb in BOMBS:
                if name == "northern" and bomb != "quad":
                    continue  # pair runs are no combination there
                cells.append((name, group, bomb, bomb in winners))
    return cells


@pytest.mark.parametrize(("profile", "group", "bomb", "expected"), bomb_cells(), ids=lambda v: str(v))
def test_bombs_table_two_groups_are_beaten_by_exactly_the_listed_bombs(
    profile: str, group: str, bomb: str, expected: bool
) -> None:
    rules = PROFILES[profile]
    assert check(BOMBS[bomb], TWO_GROUPS[group], rules) is expected
    if expected:
        assert is_chop(classify(BOMBS[bomb], rules), classify(TWO_GROUPS[group], rules), rules)


# RULES.md, "bomb on bomb": (play, table) pairs of classes where the play beats the table whatever the tops.
BOMB_ON_BOMB = {
    "house": {
        ("quad", "PR3"),
        ("PR4", "PR3"),
        ("PR4", "quad"),
        ("PR5", "PR3"),
        ("PR5", "quad"),
        ("PR5", "PR4"),
        ("PR6", "PR3"),
        ("PR6", "quad"),
        ("PR6", "PR4"),
        ("PR6", "PR5"),
    },
    "faceoff": {
        ("quad", "PR3"),
        ("PR4", "PR3"),
        ("PR4", "quad"),
        ("PR5", "PR3"),
        ("PR5", "quad"),
        ("PR5", "PR4"),
        ("PR6", "PR3"),
        ("PR6", "quad"),
        ("PR6", "PR4"),
        ("PR6", "PR5"),
    },
    "northern": set(),
    "iwin": {("quad", "PR3"), ("PR4", "PR3"), ("PR4", "quad")},
    "pagat": set(),
}
# Bombs with the lowest tops, to show that class, not top card, decides.
LOW_BOMBS = {
    "quad": "3♠ 3♣ 3♦ 3♥",
    "PR3": "4♠ 4♣ 5♠ 5♣ 6♠ 6♣",
    "PR4": "4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 7♠ 7♣",
    "PR5": "4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 8♠ 8♣",
    "PR6": "4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣",
}
HIGH_BOMBS = {
    "quad": "A♠ A♣ A♦ A♥",
    "PR3": "Q♦ Q♥ K♦ K♥ A♦ A♥",
    "PR4": "J♦ J♥ Q♦ Q♥ K♦ K♥ A♦ A♥",
    "PR5": "10♦ 10♥ J♦ J♥ Q♦ Q♥ K♦ K♥ A♦ A♥",
    "PR6": "9♦ 9♥ 10♦ 10♥ J♦ J♥ Q♦ Q♥ K♦ K♥ A♦ A♥",
}


def bomb_on_bomb_cells() -> list[tuple[str, str, str, bool]]:
    cells = []
    for name, wins in BOMB_ON_BOMB.items():
        rules = PROFILES[name]
        classes = [b.bomb for b in rules.bombs]
        for play in classes:
            for table in classes:
                if play != table:
                    cells.append((name, play, table, (play, table) in wins))
    return cells


@pytest.mark.parametrize(("profile", "play", "table", "expected"), bomb_on_bomb_cells(), ids=lambda v: str(v))
def test_bombs_table_bomb_on_bomb_by_class(profile: str, play: str, table: str, expected: bool) -> None:
    rules = PROFILES[profile]
    assert check(LOW_BOMBS[play], HIGH_BOMBS[table], rules) is expected
    # A higher top never helps a class that cannot chop.
    assert check(HIGH_BOMBS[play], LOW_BOMBS[table], rules) is expected


@pytest.mark.parametrize("rules", ALL, ids=ids)
def test_bombs_table_same_bomb_class_beats_by_higher_top(rules: RuleSet) -> None:
    for bomb in rules.bombs:
        assert check(HIGH_BOMBS[bomb.bomb], LOW_BOMBS[bomb.bomb], rules)
        assert not check(LOW_BOMBS[bomb.bomb], HIGH_BOMBS[bomb.bomb], rules)


@pytest.mark.parametrize("rules", ALL, ids=ids)
def test_bombs_table_higher_twos_beat_lower_twos(rules: RuleSet) -> None:
    assert check("2♥", "2♠", rules) and not check("2♠", "2♥", rules)
    assert check("2♦ 2♥", "2♠ 2♣", rules) and not check("2♠ 2♣", "2♦ 2♥", rules)


@pytest.mark.parametrize("rules", ALL, ids=ids)
def test_bombs_table_triple_of_twos_is_beaten_only_by_the_listed_bombs(rules: RuleSet) -> None:
    """Holding a quad, a PR4 and a PR6 (with the PR3s and PR5s in it), only pagat's PR5s beat a
    triple of 2s. (A hand holds at most 13 cards, so the bombs come in two hands.)"""
    table = classify("2♠ 2♦ 2♥", rules)
    plays = [
        play
        for hand in ("3♠ 3♣ 4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 2♣", "8♠ 8♣ 8♦ 8♥ 9♠ 9♣ 10♠ 10♣ J♠ J♣ Q♠ Q♣ 2♣")
        for play in legal_masks(to_mask(hand), table, rules)
    ]
    assert all(kind is ComboKind.PAIR_RUN and mask.bit_count() == 10 for kind, mask in plays)
    assert bool(plays) is (rules is PAGAT)


@pytest.mark.parametrize("rules", ALL, ids=ids)
def test_bombs_table_pr5_and_pr6_chop_only_where_listed(rules: RuleSet) -> None:
    for long_run in ("PR5", "PR6"):
        if rules.pair_runs:
            assert check(BOMBS[long_run], "2♥", rules) is (long_run in BEATEN_BY[rules.name]["single 2"])


# ---------------------------------------------------------------- bombs never beat ordinary combinations

ORDINARY = ["A♥", "K♠ K♣", "Q♦ Q♥", "J♠ J♣ J♦", "10♠ J♠ Q♠", "9♦ 10♦ J♦ Q♦ K♦ A♦"]


@pytest.mark.parametrize("rules", ALL, ids=ids)
@pytest.mark.parametrize("table", ORDINARY)
def test_bombs_never_beat_ordinary_combinations(rules: RuleSet, table: str) -> None:
    for bomb in rules.bombs:
        assert not check(BOMBS[bomb.bomb], table, rules)
        assert not check(BOMBS[bomb.bomb], table, rules, passed=True)


def test_pagat_two_topped_straight_is_ordinary_and_not_bombed() -> None:
    for bomb in ("quad", "PR3", "PR4", "PR5"):
        assert not check(BOMBS[bomb], "K♠ A♣ 2♦", PAGAT)
    assert not classify("K♠ A♣ 2♦", PAGAT).is_two_group
    assert check("K♥ A♥ 2♥", "K♠ A♣ 2♦", PAGAT)
    assert not check("Q♥ K♥ A♥", "K♠ A♣ 2♦", PAGAT)


def test_pagat_pr5_beats_a_triple_of_twos_exactly() -> None:
    assert check(BOMBS["PR5"], "2♣ 2♦ 2♥", PAGAT)
    for other in ("quad", "PR3", "PR4"):
        assert not check(BOMBS[other], "2♣ 2♦ 2♥", PAGAT)


@pytest.mark.parametrize("rules", [HOUSE, FACEOFF, NORTHERN, IWIN], ids=["house", "faceoff", "northern", "iwin"])
def test_triple_of_twos_is_unbeatable_outside_pagat(rules: RuleSet) -> None:
    for bomb in rules.bombs:
        assert not check(BOMBS[bomb.bomb], "2♣ 2♦ 2♥", rules)


# ---------------------------------------------------------------- profile matrix rows


@pytest.mark.parametrize("rules", ALL, ids=ids)
def test_following_same_kind_and_length_with_higher_top(rules: RuleSet) -> None:
    assert check("3♥", "3♠", rules) is (rules is not NORTHERN)  # northern: a single must follow suit
    assert check("9♥", "8♥", rules)
    assert not check("8♥", "9♥", rules)
    assert check("Q♦ Q♥", "J♦ J♥", rules) and not check("J♦ J♥", "Q♦ Q♥", rules)
    assert check("9♠ 9♦ 9♥", "8♠ 8♦ 8♥", rules)
    assert check("4♥ 5♥ 6♥", "3♥ 4♥ 5♥", rules) and not check("3♥ 4♥ 5♥", "4♥ 5♥ 6♥", rules)


@pytest.mark.parametrize("rules", ALL, ids=ids)
def test_following_needs_the_same_kind_and_length(rules: RuleSet) -> None:
    assert not check("K♦ K♥", "3♦", rules)
    assert not check("K♦", "3♦ 3♥", rules)
    assert not check("Q♠ K♠ A♠", "3♠ 4♠ 5♠ 6♠", rules)
    assert not check("8♠ 9♠ 10♠ J♠", "3♠ 4♠ 5♠", rules)
    assert not check("K♠ K♦ K♥", "3♦ 3♥", rules)


@pytest.mark.parametrize("rules", [HOUSE, FACEOFF, IWIN, PAGAT], ids=["house", "faceoff", "iwin", "pagat"])
def test_pair_row_any_suits_and_top_card_decides(rules: RuleSet) -> None:
    assert check("9♠ 9♦", "8♦ 8♥", rules)
    assert check("8♥ 8♠", "8♦ 8♣", rules)  # worked check (pagat); holds wherever suits are free
    assert not check("8♦ 8♣", "8♥ 8♠", rules)
    assert not check("8♠ 8♥", "8♣ 8♥", rules)  # equal tops: neither is higher


@pytest.mark.parametrize("rules", [HOUSE, FACEOFF, IWIN], ids=["house", "faceoff", "iwin"])
def test_straight_row_any_suits_no_two(rules: RuleSet) -> None:
    assert check("5♠ 6♣ 7♦", "4♥ 5♥ 6♥", rules)
    assert not check("4♥ 5♥ 6♠", "4♠ 5♠ 6♥", rules)
    assert check("10♠ J♣ Q♦ K♥ A♠", "9♥ 10♥ J♥ Q♥ K♥", rules)


def test_straight_row_pagat_two_on_top_beats_ace_topped() -> None:
    assert check("K♠ A♠ 2♠", "Q♥ K♥ A♥", PAGAT)
    assert check("K♠ A♣ 2♦", "K♥ A♥ 2♣", PAGAT)
    assert not check("J♠ Q♠ K♠ A♠", "K♠ A♣ 2♦", PAGAT)


def test_straight_row_northern_same_suit_follows_suit() -> None:
    assert check("4♥ 5♥ 6♥", "3♥ 4♥ 5♥", NORTHERN)
    assert not check("4♠ 5♠ 6♠", "3♥ 4♥ 5♥", NORTHERN)
    assert "a straight must follow suit (♥)" in (
        explain(classify("4♠ 5♠ 6♠", NORTHERN), classify("3♥ 4♥ 5♥", NORTHERN), NORTHERN) or ""
    )


@pytest.mark.parametrize("rules", [HOUSE, FACEOFF, IWIN, PAGAT], ids=["house", "faceoff", "iwin", "pagat"])
def test_pair_run_row_same_length_higher_top(rules: RuleSet) -> None:
    lower, higher = "3♠ 3♣ 4♦ 4♥ 5♦ 5♥", "4♠ 4♣ 5♠ 5♣ 6♦ 6♥"
    assert check(higher, lower, rules) and not check(lower, higher, rules)
    # same ranks: the top card decides (5♥ over 5♦)
    assert check("3♦ 3♥ 4♠ 4♣ 5♣ 5♥", "3♠ 3♣ 4♦ 4♥ 5♠ 5♦", rules)
    assert not check("3♠ 3♣ 4♦ 4♥ 5♠ 5♦", "3♦ 3♥ 4♠ 4♣ 5♣ 5♥", rules)
    # a longer run answers only as a bomb that chops the shorter one (see the bombs table)
    assert check("3♠ 3♣ 4♦ 4♥ 5♦ 5♥ 6♠ 6♣", lower, rules) is ((("PR4", "PR3")) in BOMB_ON_BOMB[rules.name])


# ---------------------------------------------------------------- northern follow suit


def test_northern_single_follows_suit() -> None:
    assert check("7♥", "5♥", NORTHERN)
    assert not check("7♠", "5♥", NORTHERN)
    assert not check("A♦", "5♥", NORTHERN)


def test_northern_single_two_ignores_suit() -> None:
    assert check("2♠", "K♥", NORTHERN)  # any single 2 beats any non-2 single
    assert check("2♣", "2♠", NORTHERN)  # and any lower 2, whatever the suit
    assert check("2♥", "2♣", NORTHERN)
    assert not check("2♠", "2♣", NORTHERN)


def test_northern_pair_follows_colour() -> None:
    assert check("9♠ 9♣", "8♠ 8♣", NORTHERN)
    assert check("9♦ 9♥", "8♦ 8♥", NORTHERN)
    assert not check("9♦ 9♥", "8♠ 8♣", NORTHERN)
    assert not check("9♠ 9♣", "8♦ 8♥", NORTHERN)


def test_northern_pair_of_twos_ignores_colour() -> None:
    assert check("2♠ 2♣", "K♦ K♥", NORTHERN)
    assert check("2♠ 2♥", "K♠ K♣", NORTHERN)
    assert check("2♣ 2♥", "2♠ 2♦", NORTHERN)  # a higher pair of 2s, mixed colours on mixed colours
    assert check("2♦ 2♥", "2♠ 2♣", NORTHERN)
    assert not check("2♠ 2♦", "2♣ 2♥", NORTHERN)
    assert not check("A♦ A♥", "2♠ 2♥", NORTHERN)


def test_northern_triple_follows_the_same_suits_even_for_twos() -> None:
    # worked check: 7♠7♦7♥ is beaten by 8♠8♦8♥ but not by 8♣8♦8♥
    assert check("8♠ 8♦ 8♥", "7♠ 7♦ 7♥", NORTHERN)
    assert not check("8♣ 8♦ 8♥", "7♠ 7♦ 7♥", NORTHERN)
    assert check("2♠ 2♦ 2♥", "7♠ 7♦ 7♥", NORTHERN)
    assert not check("2♣ 2♦ 2♥", "7♠ 7♦ 7♥", NORTHERN)  # the 2s exception covers singles and pairs only


def test_northern_higher_quad_beats_lower_quad_and_chops_twos() -> None:
    assert check("9♠ 9♣ 9♦ 9♥", "8♠ 8♣ 8♦ 8♥", NORTHERN)
    assert not check("7♠ 7♣ 7♦ 7♥", "8♠ 8♣ 8♦ 8♥", NORTHERN)
    assert is_chop(classify("2♦", NORTHERN), classify("2♠", NORTHERN), NORTHERN)  # higher 2 on a 2 is a chop there
    assert not is_chop(classify("2♦", HOUSE), classify("2♠", HOUSE), HOUSE)


# ---------------------------------------------------------------- passing row


@pytest.mark.parametrize("rules", [HOUSE, FACEOFF, NORTHERN, IWIN], ids=["house", "faceoff", "northern", "iwin"])
def test_passing_row_out_until_the_trick_ends(rules: RuleSet) -> None:
    assert not check("2♥", "2♠", rules, passed=True)
    assert not check("A♥", "K♥", rules, passed=True)
    for bomb in rules.bombs:
        assert not check(BOMBS[bomb.bomb], "2♥", rules, passed=True)
    assert check("A♥", None, rules, passed=True)  # nothing on the table: leading is always allowed


def test_pagat_bomb_after_pass_on_twos_only() -> None:
    assert check(BOMBS["quad"], "2♥", PAGAT, passed=True)
    assert check(BOMBS["PR3"], "2♥", PAGAT, passed=True)
    assert check(BOMBS["PR4"], "2♦ 2♥", PAGAT, passed=True)
    assert check(BOMBS["PR5"], "2♣ 2♦ 2♥", PAGAT, passed=True)
    assert not check(BOMBS["PR4"], "2♥", PAGAT, passed=True)  # still only the exact bomb
    assert not check("2♥", "2♠", PAGAT, passed=True)  # a higher 2 is no bomb
    assert not check("A♠ A♣ A♦ A♥", "3♠ 3♣ 3♦ 3♥", PAGAT, passed=True)  # bomb on bomb is not bombing 2s
    assert not check(BOMBS["quad"], "A♥", PAGAT, passed=True)


# ---------------------------------------------------------------- worked checks and explanations


def test_worked_check_pagat_quad_on_two_of_hearts_not_on_ace() -> None:
    assert check("6♠ 6♣ 6♦ 6♥", "2♥", PAGAT)
    assert not check("6♠ 6♣ 6♦ 6♥", "A♥", PAGAT)


def test_worked_check_pagat_pair_eight_of_hearts_beats_eight_of_diamonds() -> None:
    assert check("8♥ 8♠", "8♦ 8♣", PAGAT)


def test_worked_check_northern_triple_follows_suits() -> None:
    assert check("8♠ 8♦ 8♥", "7♠ 7♦ 7♥", NORTHERN)
    assert not check("8♣ 8♦ 8♥", "7♠ 7♦ 7♥", NORTHERN)


def why(play: str, table: str, rules: RuleSet, *, passed: bool = False) -> str | None:
    return explain(classify(play, rules), classify(table, rules), rules, passed=passed)


@pytest.mark.parametrize(
    ("play", "table", "rules", "passed", "reason"),
    [
        (
            "8♣ 8♦ 8♥",
            "7♠ 7♦ 7♥",
            NORTHERN,
            False,
            "8♣ 8♦ 8♥ cannot beat 7♠ 7♦ 7♥ under northern: a triple must follow the same suits (♠ ♦ ♥)",
        ),
        ("7♠", "5♥", NORTHERN, False, "7♠ cannot beat 5♥ under northern: a single must follow suit (♥)"),
        ("9♦ 9♥", "8♠ 8♣", NORTHERN, False, "9♦ 9♥ cannot beat 8♠ 8♣ under northern: a pair must follow colour (black)"),
        (
            "A♦ A♥",
            "2♠ 2♥",
            NORTHERN,
            False,
            "A♦ A♥ cannot beat 2♠ 2♥ under northern: a pair must follow colour (one black, one red)",
        ),
        ("5♠", "7♦", HOUSE, False, "5♠ cannot beat 7♦ under house: its top card 5♠ is not higher than 7♦"),
        ("5♠ 5♣", "7♦", HOUSE, False, "5♠ 5♣ cannot beat 7♦ under house: 7♦ must be beaten by a single"),
        (
            "8♠ 9♠ 10♠ J♠",
            "3♠ 4♠ 5♠",
            HOUSE,
            False,
            "8♠ 9♠ 10♠ J♠ cannot beat 3♠ 4♠ 5♠ under house: 3♠ 4♠ 5♠ must be beaten by a 3-card straight",
        ),
        (
            "K♠ K♣",
            "2♠",
            HOUSE,
            False,
            "K♠ K♣ cannot beat 2♠ under house: a single 2 can only be beaten by higher 2s or by a bomb that chops it",
        ),
        (
            "7♠ 7♣ 8♦ 8♥ 9♠ 9♣",
            "2♠ 2♥",
            HOUSE,
            False,
            "7♠ 7♣ 8♦ 8♥ 9♠ 9♣ cannot beat 2♠ 2♥ under house: a PR3 does not chop a pair of 2s here",
        ),
        (
            "6♠ 6♣ 6♦ 6♥",
            "7♠ 7♣ 8♦ 8♥ 9♠ 9♣ 10♦ 10♥",
            HOUSE,
            False,
            "6♠ 6♣ 6♦ 6♥ cannot beat 7♠ 7♣ 8♦ 8♥ 9♠ 9♣ 10♦ 10♥ under house: a quad does not chop a PR4",
        ),
        (
            "6♠ 6♣ 6♦ 6♥",
            "A♥",
            PAGAT,
            False,
            "6♠ 6♣ 6♦ 6♥ cannot beat A♥ under pagat: bombs only chop 2s and bombs; A♥ must be beaten by a single",
        ),
        ("6♠ 6♣ 6♦ 6♥", "2♥", HOUSE, True, "6♠ 6♣ 6♦ 6♥ cannot beat 2♥ under house: you passed in this trick"),
        ("2♥", "2♠", PAGAT, True, "2♥ cannot beat 2♠ under pagat: after passing you may only bomb 2s"),
    ],
    ids=lambda v: v if isinstance(v, str) and len(v) < 30 else None,
)
def test_explain_reads_like_a_player_would_say_it(play: str, table: str, rules: RuleSet, passed: bool, reason: str) -> None:
    assert why(play, table, rules, passed=passed) == reason


def test_explain_is_none_when_leading_or_legal() -> None:
    assert explain(classify("3♠", HOUSE), None, HOUSE) is None
    assert why("6♠ 6♣ 6♦ 6♥", "2♥", PAGAT) is None


@pytest.mark.parametrize("rules", ALL, ids=ids)
def test_bombs_are_exactly_the_classes_of_the_bomb_table(rules: RuleSet) -> None:
    classes = {b.bomb for b in rules.bombs}
    for name, text in BOMBS.items():
        if rules.pair_runs or name == "quad":
            assert is_bomb(classify(text, rules), rules) is (name in classes)
    assert not is_bomb(classify("2♠ 2♣ 2♦", rules), rules)


def test_beats_reads_masks_not_text() -> None:
    # beats works on Combo values; the same cards built from a mask compare the same way
    play = classify(to_mask("6♠ 6♣ 6♦ 6♥"), PAGAT)
    assert beats(play, classify("2♥", PAGAT), PAGAT)


LONGER = attrs.evolve(HOUSE, name="house-longer", longer_straight_beats=True)


NO_LED_RUNS = attrs.evolve(HOUSE, name="house-no-led-runs", lead_pair_run_bombs=False)


def test_a_longer_straight_beats_a_shorter_one_whatever_its_top() -> None:
    """8-9-10 on the table: 3-4-5-6 (top 6♠, four cards) beats it with the switch on, not without;
    an equal-length straight still needs a higher top; a shorter one never beats a longer one."""
    assert beats("3♦ 4♦ 5♦ 6♠", "8♠ 9♠ 10♠", LONGER) and not beats("3♦ 4♦ 5♦ 6♠", "8♠ 9♠ 10♠", HOUSE)
    assert not beats("3♦ 4♦ 5♦", "8♠ 9♠ 10♠", LONGER)
    assert not beats("9♦ 10♦ J♦", "3♠ 4♠ 5♠ 6♠", LONGER)
    assert [str(c) for c in legal_plays("3♦ 4♦ 5♦ 6♠ 7♠ 9♥", "8♠ 9♠ 10♠", LONGER)] == [
        "3♦ 4♦ 5♦ 6♠",
        "4♦ 5♦ 6♠ 7♠",
        "3♦ 4♦ 5♦ 6♠ 7♠",
    ]


def test_pair_run_bombs_may_not_be_led_but_still_chop() -> None:
    """Seat 0 leads holding a PR3: it is not among the leads and playing it is refused; the quad may
    be led. Later the PR3 chops a 2 as usual."""
    hands = ["4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 9♠ 9♣ 9♦ 9♥", "2♥ 3♦"]
    r = Round.from_hands(hands, NO_LED_RUNS, first_round=False, leader=0)
    assert not any(a.combo is not None and a.combo.kind.name == "PAIR_RUN" for a in r.legal_actions())
    before = r
    with pytest.raises(IllegalPlay, match="a PR3 is a bomb, played only on what it beats"):
        r.play("4♠ 4♣ 5♠ 5♣ 6♠ 6♣")
    assert r == before
    r = Round.from_hands(hands, NO_LED_RUNS, first_round=False, leader=1).play("2♥")
    assert r.play("4♠ 4♣ 5♠ 5♣ 6♠ 6♣").trick.chain
    assert Round.from_hands(hands, NO_LED_RUNS, first_round=False, leader=0).play("9♠ 9♣ 9♦ 9♥").trick.table


def test_a_pair_run_that_is_no_bomb_may_still_be_led() -> None:
    """pagat's bombs are PR3 to PR5: a PR6 is an ordinary pair run and may be led."""
    rules = attrs.evolve(PAGAT, name="pagat-no-led-runs", lead_pair_run_bombs=False)
    hand = "3♠ 3♣ 4♠ 4♣ 5♠ 5♣ 6♠ 6♣ 7♠ 7♣ 8♠ 8♣"
    runs = [c for c in legal_plays(hand, None, rules) if c.kind.name == "PAIR_RUN"]
    assert [c.length for c in runs] == [12]


# ---------------------------------------------------------------------------- answers, not exceptions
def test_explain_answers_with_the_reason_when_the_cards_are_no_combination() -> None:
    assert (
        explain("3♠ 3♥", None, NORTHERN)
        == "3♠ 3♥ is not a combination under northern: a pair must be two cards of the same colour"
    )
    assert explain("5♠ 6♣ 8♦", "3♠ 4♠ 5♠", HOUSE) == "5♠ 6♣ 8♦ is not a combination: ranks 5-6-8 are not consecutive"
    assert explain("9♠", "3♠ 4♦", HOUSE) == "the table 3♠ 4♦ is not a combination: a straight needs at least 3 cards"
    assert explain("3♠ 3♣ 4♠ 4♣ 5♠ 5♣", None, NORTHERN) == (
        "3♠ 3♣ 4♠ 4♣ 5♠ 5♣ is not a combination under northern: pair runs are not played"
    )
    assert explain("", "3♠", HOUSE) == "no cards is not a combination; play at least one card, or pass"


def test_beats_and_is_chop_answer_false_for_cards_that_are_no_combination() -> None:
    assert beats("3♠ 3♥", "2♠", NORTHERN) is False
    assert beats("9♠", "3♠ 4♦", HOUSE) is False
    assert is_chop("6♠ 6♣ 6♦ 6♥ 7♠", "2♥", HOUSE) is False
    assert is_chop("6♠ 6♣ 6♦ 6♥", "2♥ 3♠", HOUSE) is False


@pytest.mark.parametrize("question", [beats, explain, is_chop])
def test_a_profile_name_is_no_rule_set_for_beats_explain_or_is_chop(question: Any) -> None:
    """As everywhere in the engine, rules are a RuleSet: the name is refused with the way to get one."""
    with pytest.raises(InvalidArgument, match=r"'house' is not a RuleSet; pass a profile such as tienlen\.HOUSE"):
        question(Combo.parse("7♥"), Combo.parse("9♦ 9♥"), "house")


def test_is_bomb_and_suit_pattern_check_their_arguments() -> None:
    with pytest.raises(InvalidArgument, match="is not a RuleSet"):
        is_bomb(Combo.parse("6♠ 6♣ 6♦ 6♥"), "house")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="combo must be a Combo"):
        is_bomb("6♠ 6♣ 6♦ 6♥", HOUSE)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="combo must be a Combo"):
        suit_pattern(7)  # type: ignore[arg-type]
    assert is_bomb(Combo.parse("6♠ 6♣ 6♦ 6♥"), HOUSE) and suit_pattern(Combo.parse("7♦ 7♥")) == (2,)


CARDS = st.sets(st.integers(0, 51), min_size=1, max_size=6).map(lambda cards: sum(1 << c for c in cards))
"""A few cards as a mask: singles and pairs often, longer combinations sometimes, and many that form none."""


@settings(max_examples=500, deadline=None)
@given(play=CARDS, table=st.one_of(st.none(), CARDS), rules=st.sampled_from(ALL), passed=st.booleans())
def test_beats_answers_as_explain_on_any_cards_combination_or_not(
    play: int, table: int | None, rules: RuleSet, passed: bool
) -> None:
    # beats decides without writing a reason; it must say exactly what explain says, also on
    # cards that form no combination (on either side).
    assert beats(play, table, rules, passed=passed) is (explain(play, table, rules, passed=passed) is None)


def test_explain_refuses_a_play_of_cards_the_hand_does_not_hold_as_tienlen_check_does(capsys: pytest.CaptureFixture[str]) -> None:
    """explain() takes ``hand=`` as ``tienlen check --hand`` does (issue 43): the cards missing, first."""
    from tienlen.cli import main

    reason = explain("2♠ 2♥", "5♦ 5♥", NORTHERN, hand="3♠ 7♦ 2♠")
    assert reason is not None and (reason.code, reason.params, str(reason)) == (
        "hand-does-not-hold",
        {"cards": "2♥"},
        "the hand does not hold 2♥",
    )
    assert explain("2♠ 2♥", None, NORTHERN, hand="3♠ 2♠", lang="vi") == "tay bài không có 2♥"
    assert explain("5♠ 6♣ 8♦", None, HOUSE, hand="3♠") == "the hand does not hold 5♠ 6♣ 8♦"  # before the shape
    assert main(["check", "--rules", "northern", "--table", "5♦ 5♥", "--play", "2♠ 2♥", "--hand", "3♠ 7♦ 2♠"]) == 1
    assert capsys.readouterr().out == f"illegal: {reason}\n"


@settings(max_examples=50, deadline=None)
@given(hand=st.integers(1, (1 << 52) - 1), table=st.sampled_from([None, "4♥", "9♠ 9♣", "3♦ 4♦ 5♦"]), data=st.data())
def test_explain_with_the_hand_holding_the_play_answers_as_without_it(hand: int, table: str | None, data: st.DataObject) -> None:
    play = data.draw(st.integers(1, hand).map(lambda bits: bits & hand).filter(bool))
    short = hand & ~(play & -play)  # the hand without the play's lowest card
    for rules in (HOUSE, NORTHERN):
        assert explain(play, table, rules, hand=hand) == explain(play, table, rules)
        assert explain(play, table, rules, hand=short) == f"the hand does not hold {format_cards(play & -play)}"
        if explain(play, None, rules) is None:  # a combination: given as a Combo, it is checked the same
            combo = classify(play, rules)
            assert explain(combo, table, rules, hand=hand) == explain(combo, table, rules)
            assert explain(combo, table, rules, hand=short) == explain(play, table, rules, hand=short)


@pytest.mark.parametrize("hand", ["3♠ X", "3♠ 3♠", True, -1, 1 << 52, [object()]])
def test_explain_refuses_a_hand_that_is_no_cards(hand: Any) -> None:
    from tienlen import InvalidCards

    with pytest.raises(InvalidCards):
        explain("3♠", None, HOUSE, hand=hand)
