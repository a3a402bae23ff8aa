"""RULES.md's profile matrix, row by row: the profiles' axes hold the values the table gives, and
the library behaves as each row says (observed through classify, beats and legal_plays)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tienlen import PROFILES, InvalidCombo, RuleSet, beats, classify, legal_plays

PROFILE_NAMES = ("house", "faceoff", "northern", "iwin", "pagat")
SPEC = {name: PROFILES[name] for name in PROFILE_NAMES}
"""The five profiles of RULES.md's matrix (``counting`` came later and is tested in test_counting.py)."""


def test_the_five_profiles_are_named_as_in_the_spec() -> None:
    assert tuple(PROFILES)[:5] == PROFILE_NAMES
    for name, rules in PROFILES.items():
        assert rules.name == name


# (row, {profile: value}) straight from RULES.md's table, then how to read that value from a rule set.
AXIS_ROWS: list[tuple[str, Callable[[RuleSet], object], dict[str, object]]] = [
    (
        "players",
        lambda r: (r.min_players, r.max_players),
        {"house": (2, 4), "faceoff": (4, 4), "northern": (2, 4), "iwin": (2, 4), "pagat": (4, 4)},
    ),
    (
        "first round lead must include the lowest card",
        lambda r: r.first_lead_must_include,
        {"house": True, "faceoff": True, "northern": False, "iwin": True, "pagat": True},
    ),
    (
        "pair must be one colour",
        lambda r: r.pair_same_colour,
        {"house": False, "faceoff": False, "northern": True, "iwin": False, "pagat": False},
    ),
    ("straight: at least", lambda r: r.straight_min, dict.fromkeys(PROFILE_NAMES, 3)),
    (
        "straight: one suit",
        lambda r: r.straight_same_suit,
        {"house": False, "faceoff": False, "northern": True, "iwin": False, "pagat": False},
    ),
    (
        "straight: a 2 may top it",
        lambda r: r.straight_two_on_top,
        {"house": False, "faceoff": False, "northern": False, "iwin": False, "pagat": True},
    ),
    (
        "pair runs",
        lambda r: (r.pair_runs, r.pair_run_min),
        {"house": (True, 3), "faceoff": (True, 3), "northern": (False, 3), "iwin": (True, 3), "pagat": (True, 3)},
    ),
    (
        "following: suit pattern, 2s exempt",
        lambda r: (r.follow_suit, r.twos_ignore_suit),
        {
            "house": (False, False),
            "faceoff": (False, False),
            "northern": (True, True),
            "iwin": (False, False),
            "pagat": (False, False),
        },
    ),
    (
        "passing: bombs on 2s after passing",
        lambda r: r.bomb_after_pass,
        {"house": False, "faceoff": False, "northern": False, "iwin": False, "pagat": True},
    ),
    (
        "passing: out-of-turn bombs",
        lambda r: r.interrupt_bombs,
        {"house": (), "faceoff": (), "northern": (), "iwin": ("PR4",), "pagat": ()},
    ),
    (
        "instant wins",
        lambda r: {w.pattern if w.rounds == "any" else (w.pattern, w.rounds) for w in r.instant_wins},
        {
            "house": {"four_twos", "six_pairs", "pr5", "dragon"},
            "faceoff": {"dragon", "four_twos", "six_pairs"},
            "northern": set(),
            "iwin": {
                "dragon_to_two",
                "pr5",
                "pr6",
                "six_pairs",
                "four_twos",
                ("pr3_with_three_spades", "first"),
                ("four_threes", "first"),
            },
            "pagat": set(),
        },
    ),
    (
        "finishing with a 2 is penalized",
        lambda r: bool(r.finish_with_two_penalty),  # an amount, or one per player count
        {"house": False, "faceoff": False, "northern": True, "iwin": False, "pagat": False},
    ),
    ("frozen (cóng)", lambda r: r.frozen, {"house": True, "faceoff": False, "northern": False, "iwin": True, "pagat": False}),
    (
        "result unit",
        lambda r: r.currency,
        {"house": "chips", "faceoff": "points", "northern": "bets", "iwin": "bets", "pagat": "points"},
    ),
]


@pytest.mark.parametrize(("row", "read", "expected"), AXIS_ROWS, ids=[row for row, _, _ in AXIS_ROWS])
def test_profile_axes_match_the_matrix_row(row: str, read: Callable[[RuleSet], object], expected: dict[str, object]) -> None:
    assert {name: read(rules) for name, rules in SPEC.items()} == expected


def is_combination(text: str, rules: RuleSet) -> bool:
    try:
        classify(text, rules)
    except InvalidCombo:
        return False
    return True


def answers(play: str, table: str, rules: RuleSet, passed: bool = False) -> bool:
    """Whether ``play`` beats ``table`` and legal_plays lists it for a hand of exactly those cards."""
    p, t = classify(play, rules), classify(table, rules)
    listed = p in legal_plays(p.mask, t, rules, passed=passed)
    assert listed is beats(p, t, rules, passed=passed)
    return listed


# Each row of the matrix as observed behaviour: (row, observation, profiles where it is true).
BEHAVIOUR_ROWS: list[tuple[str, Callable[[RuleSet], bool], set[str]]] = [
    ("pair: mixed colours", lambda r: is_combination("8♠ 8♦", r), {"house", "faceoff", "iwin", "pagat"}),
    ("pair: mixed-colour 2s", lambda r: is_combination("2♠ 2♥", r), set(PROFILE_NAMES)),
    ("straight: mixed suits", lambda r: is_combination("5♠ 6♥ 7♦", r), {"house", "faceoff", "iwin", "pagat"}),
    ("straight: one suit", lambda r: is_combination("5♥ 6♥ 7♥", r), set(PROFILE_NAMES)),
    ("straight: two cards", lambda r: is_combination("5♥ 6♥", r), set()),
    ("straight: K-A-2", lambda r: is_combination("K♥ A♥ 2♥", r), {"pagat"}),
    ("straight: A-2-3", lambda r: is_combination("A♥ 2♥ 3♥", r), set()),
    ("pair run: three pairs", lambda r: is_combination("3♠ 3♣ 4♠ 4♣ 5♠ 5♣", r), {"house", "faceoff", "iwin", "pagat"}),
    ("pair run: through the 2s", lambda r: is_combination("K♠ K♣ A♠ A♣ 2♠ 2♣", r), set()),
    ("following: higher single of another suit", lambda r: answers("9♠", "8♥", r), {"house", "faceoff", "iwin", "pagat"}),
    ("following: higher single of the same suit", lambda r: answers("9♥", "8♥", r), set(PROFILE_NAMES)),
    ("following: any 2 on a non-2 single", lambda r: answers("2♠", "A♥", r), set(PROFILE_NAMES)),
    ("following: pair of the other colour", lambda r: answers("9♦ 9♥", "8♠ 8♣", r), {"house", "faceoff", "iwin", "pagat"}),
    ("following: pair of 2s on any pair", lambda r: answers("2♠ 2♥", "A♦ A♥", r), set(PROFILE_NAMES)),
    ("following: triple with other suits", lambda r: answers("8♣ 8♦ 8♥", "7♠ 7♦ 7♥", r), {"house", "faceoff", "iwin", "pagat"}),
    ("following: straight of another suit", lambda r: answers("4♠ 5♠ 6♠", "3♥ 4♥ 5♥", r), {"house", "faceoff", "iwin", "pagat"}),
    ("following: longer straight", lambda r: answers("4♥ 5♥ 6♥ 7♥", "3♥ 4♥ 5♥", r), set()),
    ("passing: bomb a 2 after passing", lambda r: answers("6♠ 6♣ 6♦ 6♥", "2♥", r, passed=True), {"pagat"}),
    ("passing: higher 2 after passing", lambda r: answers("2♥", "2♠", r, passed=True), set()),
]


@pytest.mark.parametrize(("row", "observe", "where"), BEHAVIOUR_ROWS, ids=[row for row, _, _ in BEHAVIOUR_ROWS])
def test_profiles_behave_as_the_matrix_row_says(row: str, observe: Callable[[RuleSet], bool], where: set[str]) -> None:
    assert {name for name, rules in SPEC.items() if observe(rules)} == where
