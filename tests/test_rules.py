"""Rule sets as data: mapping round trips, profiles as starting points, and refusals naming the field."""

from __future__ import annotations

import json
from typing import Any

import attrs
import pytest

from tienlen import AXES, HOUSE, NORTHERN, PAGAT, PROFILES, BombRule, InvalidRules, RuleSet

ids = list(PROFILES)


@pytest.mark.parametrize("rules", PROFILES.values(), ids=ids)
def test_to_mapping_and_back_gives_the_same_rules(rules: RuleSet) -> None:
    assert RuleSet.from_mapping(rules.to_mapping()) == rules


@pytest.mark.parametrize("rules", PROFILES.values(), ids=ids)
def test_mapping_survives_json(rules: RuleSet) -> None:
    text = json.dumps(rules.to_mapping(), ensure_ascii=False)
    assert RuleSet.from_mapping(json.loads(text)) == rules


@pytest.mark.parametrize("rules", PROFILES.values(), ids=ids)
def test_mapping_holds_only_plain_json_values(rules: RuleSet) -> None:
    def plain(value: Any) -> bool:
        if isinstance(value, dict):
            return all(isinstance(k, str) and plain(v) for k, v in value.items())
        if isinstance(value, list):
            return all(plain(v) for v in value)
        return isinstance(value, (str, int, bool))

    assert plain(rules.to_mapping())


def test_every_axis_is_documented() -> None:
    fields = {f.name for f in attrs.fields(RuleSet) if f.init}
    assert fields == set(AXES)


def test_every_axis_declares_its_meaning_on_its_field() -> None:
    """One place per axis: the meaning sits on the field, and AXES (hence compare, the CLI and the
    rules matrix) is built from the fields, in their order."""
    fields = attrs.fields(RuleSet)
    assert [f.name for f in fields if "meaning" not in f.metadata] == ["_bomb_table"]
    assert [f.name for f in fields if not f.init] == ["_bomb_table"]
    assert list(AXES.items()) == [(f.name, f.metadata["meaning"]) for f in fields if f.init]
    assert all(isinstance(meaning, str) and meaning for meaning in AXES.values())


@pytest.mark.parametrize("name", ids)
def test_from_a_profile_alone_gives_that_profile(name: str) -> None:
    assert RuleSet.from_mapping({"from": name}) == PROFILES[name]


def test_from_a_profile_with_overrides_changes_only_those_axes() -> None:
    mine = RuleSet.from_mapping({"from": "house", "name": "long-straights", "straight_min": 4, "frozen": False})
    assert mine == attrs.evolve(HOUSE, name="long-straights", straight_min=4, frozen=False)
    assert mine.bombs == HOUSE.bombs


def test_from_northern_keeps_its_forfeit_penalty() -> None:
    assert RuleSet.from_mapping({"from": "northern", "name": "n2"}).forfeit_penalty == NORTHERN.forfeit_penalty == 3


def test_bombs_read_from_a_mapping() -> None:
    rules = RuleSet.from_mapping(
        {"from": "pagat", "name": "quads-on-pairs", "bombs": {"quad": {"chops_twos": [1, 2]}, "PR3": {"chops_twos": [1]}}}
    )
    assert rules.bombs == (BombRule(bomb="quad", chops_twos=(1, 2)), BombRule(bomb="PR3", chops_twos=(1,)))
    assert rules.bomb_rule("quad") == BombRule(bomb="quad", chops_twos=(1, 2))
    assert rules.bomb_rule("PR4") is None


def test_evolved_profile_keeps_validation() -> None:
    with pytest.raises(InvalidRules, match="straight_min"):
        attrs.evolve(PAGAT, straight_min=2)


@pytest.mark.parametrize(
    ("mapping", "field"),
    [
        ({"from": "house", "colour": True}, "colour: not a rule axis"),
        ({"from": "house", "straight_min": "three"}, "straight_min: expected a whole number"),
        ({"from": "house", "straight_min": True}, "straight_min: expected a whole number"),
        ({"from": "house", "straight_min": 2}, "straight_min: 2 must be between 3 and 13"),
        ({"from": "house", "pair_runs": 1}, "pair_runs: expected true or false"),
        ({"from": "house", "name": 5}, "name: expected text"),
        ({"from": "house", "currency": "dollars"}, "currency: 'dollars' is not allowed"),
        ({"from": "house", "instant_wins": ["royal"]}, "instant_wins: 'royal' is not a pattern"),
        ({"from": "house", "instant_wins": "dragon"}, "instant_wins: expected a list of names"),
        ({"from": "house", "two_values": [1, 2, 3]}, "two_values"),
        ({"from": "nowhere"}, "from: 'nowhere' is not a profile"),
        ({"straight_min": 3}, "name: a rule set needs a name"),
    ],
)
def test_bad_axis_values_name_the_field(mapping: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidRules, match=field.replace("(", r"\(")):
        RuleSet.from_mapping(mapping)


@pytest.mark.parametrize(
    ("bombs", "field"),
    [
        ({"quadd": {}}, "bombs: 'quadd' is not a bomb class"),
        ({"PR9": {}}, "bombs: 'PR9' is not a bomb class"),
        ({"quad": {"chops_bombs": ["PR9"]}}, "bombs.quad.chops_bombs: 'PR9' is not a bomb class"),
        ({"quad": {"chops_bombs": ["PR3"]}}, "bombs.quad.chops_bombs: PR3 is not itself in the bomb table"),
        ({"quad": {"chops_twos": [4]}}, r"bombs.quad.chops_twos: \[4\] must list 2-group sizes"),
        ({"quad": {"chops_twos": [1, 1]}}, r"bombs.quad.chops_twos: \[1, 1\] must list 2-group sizes"),
        ([1, 2], r"bombs: expected a table \(mapping\)"),
        ({"quad": {"chops_two": [1]}}, "bombs.quad.chops_two: not a bomb setting"),
        ({"quad": {"chops_twos": "12"}}, "bombs.quad.chops_twos: expected a list of whole numbers"),
    ],
)
def test_bad_bomb_tables_name_the_field(bombs: Any, field: str) -> None:
    with pytest.raises(InvalidRules, match=field):
        RuleSet.from_mapping({"from": "house", "name": "x", "bombs": bombs})


def test_pair_run_bomb_is_refused_when_pair_runs_are_off() -> None:
    with pytest.raises(InvalidRules, match=r"bombs.PR3: PR3 is not a combination under these rules \(pair runs are off\)"):
        RuleSet.from_mapping({"from": "northern", "name": "x", "bombs": {"PR3": {"chops_twos": [1]}}})
    with pytest.raises(InvalidRules, match=r"bombs.PR3: .*pair runs are off"):
        RuleSet.from_mapping({"from": "house", "name": "x", "pair_runs": False})


def test_pair_run_bomb_shorter_than_the_shortest_pair_run_is_refused() -> None:
    with pytest.raises(InvalidRules, match=r"bombs.PR3: PR3 is not a combination under these rules .pair runs start at 4 pairs"):
        RuleSet.from_mapping({"from": "house", "name": "x", "pair_run_min": 4})


def test_interrupt_bomb_must_be_in_the_bomb_table() -> None:
    with pytest.raises(InvalidRules, match="interrupt_bombs: 'PR5' must be a class of the bomb table"):
        RuleSet.from_mapping({"from": "iwin", "name": "x", "interrupt_bombs": ["PR5"]})


@pytest.mark.parametrize(
    ("players", "text"),
    [({"min_players": 1}, "1–4"), ({"max_players": 5}, "2–5"), ({"min_players": 4, "max_players": 3}, "4–3")],
)
def test_bad_player_range_names_the_field(players: dict[str, int], text: str) -> None:
    with pytest.raises(InvalidRules, match=f"min_players/max_players: {text} is not a range within 2–4 players"):
        RuleSet.from_mapping({"from": "house", "name": "x", **players})


def test_missing_placement_for_a_player_count_is_refused() -> None:
    with pytest.raises(InvalidRules, match="placement: no payments given for 4 players"):
        RuleSet.from_mapping({"from": "house", "name": "x", "placement": {"2": [[2, 1, 4]], "3": [[3, 1, 4]]}})


def test_placement_naming_a_place_that_does_not_exist_is_refused() -> None:
    placement = {"2": [[2, 1, 4]], "3": [[3, 1, 4]], "4": [[5, 1, 4]]}
    with pytest.raises(InvalidRules, match=r"placement: \[5, 1, 4\] at 4 players must name two different places"):
        RuleSet.from_mapping({"from": "house", "name": "x", "placement": placement})


def test_points_profiles_need_points_for_each_place() -> None:
    with pytest.raises(InvalidRules, match="place_points: give 4 numbers"):
        RuleSet.from_mapping({"from": "pagat", "name": "x", "place_points": {"4": [1, 1, 1]}})


def test_rules_must_be_a_mapping() -> None:
    with pytest.raises(InvalidRules, match="rules must be a mapping"):
        RuleSet.from_mapping("house")  # type: ignore[arg-type]


def test_invalid_rules_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        RuleSet.from_mapping({"from": "house", "name": ""})


def test_load_rules_moved_to_loading_with_a_deprecated_alias() -> None:
    import tienlen
    import tienlen.rules

    with pytest.warns(DeprecationWarning, match="tienlen.rules.load_rules moved"):
        assert tienlen.rules.load_rules is tienlen.load_rules
    with pytest.raises(AttributeError):
        tienlen.rules.no_such_name


def test_instant_wins_answer_membership_by_pattern_name() -> None:
    """``"dragon" in HOUSE.instant_wins`` holds whatever rounds the pattern counts in; the tuple
    still holds InstantWinRule values and compares equal to a plain tuple of them."""
    from tienlen import HOUSE, IWIN
    from tienlen.rules import InstantWinRule

    assert "dragon" in HOUSE.instant_wins and "four_threes" in IWIN.instant_wins
    assert "dragon" not in IWIN.instant_wins and "nonsense" not in HOUSE.instant_wins
    assert InstantWinRule(pattern="four_threes", rounds="first") in IWIN.instant_wins
    assert InstantWinRule(pattern="four_threes") not in IWIN.instant_wins
    assert HOUSE.instant_wins == tuple(HOUSE.instant_wins)
