"""Rule sets as data: mapping round trips, profiles as starting points, rule files (TOML and JSON)
and their loading, every axis documented, and refusals naming the field.

What each axis does in play or in money is tested with its rule (test_beating.py,
test_round.py, test_settle_*.py); here is what a rule set holds and what it refuses."""

from __future__ import annotations

import functools
import json
import pickle
from pathlib import Path
from typing import Any

import attrs
import pytest
from builders import GREEDY_ROUND, moves, refused_quickly, result, special_files
from hypothesis import given, settings

from tienlen import (
    AXES,
    HOUSE,
    INSTANT_WIN_PATTERNS,
    IWIN,
    NORTHERN,
    PAGAT,
    PROFILES,
    BombRule,
    InstantWinRule,
    InvalidRecord,
    InvalidRules,
    Round,
    RuleSet,
    load_rules,
    settle,
)
from tienlen.errors import InvalidArgument
from tienlen.io.wire import read_document
from tienlen.players.agents import AGENTS
from tienlen.strategies import rule_sets
from tienlen.variants.rules import PER_PLAYERS

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


def test_instant_wins_answer_membership_by_pattern_name() -> None:
    """``"dragon" in HOUSE.instant_wins`` holds whatever rounds the pattern counts in; the tuple
    still holds InstantWinRule values and compares equal to a plain tuple of them."""
    from tienlen import HOUSE, IWIN
    from tienlen.variants.rules import InstantWinRule

    assert "dragon" in HOUSE.instant_wins and "four_threes" in IWIN.instant_wins  # type: ignore[comparison-overlap]  # a rule equals its pattern's name
    assert "dragon" not in IWIN.instant_wins and "nonsense" not in HOUSE.instant_wins  # type: ignore[comparison-overlap]  # likewise
    assert InstantWinRule(pattern="four_threes", rounds="first") in IWIN.instant_wins
    assert InstantWinRule(pattern="four_threes") not in IWIN.instant_wins
    assert HOUSE.instant_wins == tuple(HOUSE.instant_wins)


PLAY_AXES: dict[str, Any] = dict(
    same_class_chops=False,
    longer_straight_beats=True,
    lead_pair_run_bombs=False,
    chop_stacked_twos=True,
    deal_whole_deck=True,
    instant_wins=(InstantWinRule(pattern="two_bombs", rounds="later"), InstantWinRule(pattern="one_colour")),
)


def test_old_first_round_names_still_load() -> None:
    old = RuleSet.from_mapping({"from": "house", "name": "old", "instant_wins": ["first_round_four_threes", "dragon"]})
    assert old.instant_wins == (InstantWinRule(pattern="four_threes", rounds="first"), InstantWinRule(pattern="dragon"))
    assert RuleSet.from_toml('from = "iwin"\nname = "x"\ninstant_wins = ["first_round_pr3_with_three_spades"]').instant_wins == (
        InstantWinRule(pattern="pr3_with_three_spades", rounds="first"),
    )


def test_new_axes_round_trip_through_toml_and_json() -> None:
    rules = attrs.evolve(IWIN, name="every-switch", **PLAY_AXES)
    assert RuleSet.from_toml(rules.to_toml()) == rules
    assert RuleSet.from_json(rules.to_json()) == rules
    assert '[instant_wins]\ntwo_bombs = "later"\none_colour = "any"' in rules.to_toml()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"from": "faceoff", "deal_whole_deck": True}, "deal_whole_deck: this table always seats 4"),
        ({"from": "northern", "longer_straight_beats": True}, "longer_straight_beats: cannot go with follow_suit"),
        ({"from": "northern", "lead_pair_run_bombs": False}, "lead_pair_run_bombs: pair runs are off"),
        ({"from": "pagat", "chop_stacked_twos": True}, "chop_stacked_twos: chops move no money here"),
        (
            {"from": "house", "instant_wins": {"dragon": "sometimes"}},
            "instant_wins.dragon: 'sometimes' must be 'any', 'first' or 'later'",
        ),
        ({"from": "house", "instant_wins": ["dragon", "dragon"]}, "instant_wins: a pattern is listed twice"),
        ({"from": "house", "instant_wins": {"sam_co": "any"}}, "instant_wins: 'sam_co' is not a pattern"),
        ({"from": "house", "same_class_chops": "no"}, "same_class_chops: expected true or false"),
    ],
)
def test_contradictory_or_bad_new_axes_are_refused_naming_the_field(change: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidRules, match=message.replace("(", r"\(").replace(")", r"\)")):
        RuleSet.from_mapping({"name": "x", **change})


def test_the_profiles_keep_their_values_of_the_new_axes() -> None:
    """Only house turns same_class_chops off (fix 1); every other new switch is off everywhere."""
    from tienlen import PROFILES

    assert [r.name for r in PROFILES.values() if not r.same_class_chops] == ["house"]
    for r in PROFILES.values():
        assert (r.longer_straight_beats, r.lead_pair_run_bombs, r.chop_stacked_twos, r.deal_whole_deck) == (
            False,
            True,
            False,
            False,
        )


def test_rule_sets_draw_every_axis() -> None:
    """Over a few hundred drawn rule sets every axis takes at least two values (names and wording
    aside), so a new axis must be added to ``tienlen.strategies.rule_sets`` to pass."""
    seen: dict[str, set[str]] = {axis: set() for axis in AXES}

    @settings(max_examples=300, deadline=None, database=None)
    @given(rule_sets())
    def collect(rules: RuleSet) -> None:
        for axis in seen:
            seen[axis].add(repr(getattr(rules, axis)))

    collect()
    fixed = [axis for axis, values in seen.items() if len(values) < 2 and axis not in ("name", "description", "unit_name")]
    assert not fixed, f"rule_sets() never varies {fixed}; draw them in tienlen.strategies._rule_set"


MONEY_AXES = {
    "instant_win_thui": False,
    "instant_win_thui_by": "every",
    "bomb_flat_value": None,
    "chop_out_voids": "none",
    "scoring": "places",
    "card_price": 1,
    "card_two_multiplier": 1,
    "card_all_multiplier": 1,
    "match_ties": "share",
}


def test_amounts_per_player_count() -> None:
    """house with a freeze priced 8, 10 and 12 entries at 2, 3 and 4 players: at 3 players the frozen
    seat 2 (holding nothing of value) pays 10 entries, and the placement still applies to the others
    (2nd pays 1st 2 entries); in a 1,000 room 10,000 and 2,000."""
    rules = RuleSet.from_mapping({"from": "house", "name": "house-scaled", "frozen_penalty": {"2": 8, "3": 10, "4": 12}})
    assert rules.frozen_penalty == ((2, 8), (3, 10), (4, 12)) and rules.amount("frozen_penalty", 4) == 12
    money = settle(result(3, (0, 1, 2), frozen=(2,)), rules, unit=1000)
    assert moves(money) == [(1, 0, 2000), (2, 0, 10000)]


def test_amount_names_the_amount_axes() -> None:
    with pytest.raises(InvalidArgument, match="'straight_min' is not an amount axis; use one of instant_win_payment"):
        HOUSE.amount("straight_min", 4)


def test_the_five_profiles_keep_the_new_axes_at_their_defaults() -> None:
    for name in ("house", "faceoff", "northern", "iwin", "pagat"):
        assert {axis: getattr(PROFILES[name], axis) for axis in MONEY_AXES} == MONEY_AXES


def test_new_axes_are_described_once_and_round_trip() -> None:
    assert set(MONEY_AXES) <= set(AXES) and set(PER_PLAYERS) <= set(AXES)
    mine = RuleSet.from_mapping(
        {
            "from": "counting",
            "name": "everything",
            "card_price": {"2": 2, "3": 1, "4": 1},
            "card_two_multiplier": 2,
            "instant_win_thui": True,
            "instant_win_thui_by": "last",
            "den_bai": True,
            "bomb_values": {},
            "bomb_flat_value": 4,
            "chop_out_voids": True,
            "forfeit_penalty": {"2": 13, "3": 13, "4": 13},
            "match_rounds": 32,
            "match_ties": "lower_seat",
        }
    )
    assert RuleSet.from_toml(mine.to_toml()) == mine
    assert RuleSet.from_json(mine.to_json()) == mine
    assert json.loads(mine.to_json())["card_price"] == {"2": 2, "3": 1, "4": 1}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"from": "counting", "frozen": True}, "frozen: card-count scoring ends the round when the first player goes out"),
        ({"from": "counting", "card_price": 0}, "card_price: card-count scoring needs a price of at least 1"),
        ({"from": "counting", "card_all_multiplier": 0}, "card_all_multiplier: 0 at 2 players must be at least 1"),
        ({"from": "counting", "card_two_multiplier": "2"}, "card_two_multiplier: expected a whole number"),
        ({"from": "counting", "scoring": "tricks"}, "scoring: 'tricks' is not allowed; use one of 'places', 'cards'"),
        ({"from": "house", "match_ties": "dealer"}, "match_ties: 'dealer' is not allowed"),
        ({"from": "northern", "instant_win_thui": True}, "instant_win_thui: there are no instant_wins to charge it on"),
        ({"from": "counting", "bomb_flat_value": 4}, "bomb_flat_value: every bomb already has the one flat price"),
        ({"from": "counting", "bomb_values": {}, "bomb_flat_value": -1}, "bomb_flat_value: amounts cannot be negative"),
        ({"from": "northern", "den_bai": True}, "den_bai: needs frozen = true, or card-count scoring"),
        ({"from": "house", "instant_win_thui_by": "last"}, "instant_win_thui_by: there is no thúi on an instant win"),
        ({"from": "house", "instant_win_thui": True, "instant_win_thui_by": "all"}, "instant_win_thui_by: 'all' is not allowed"),
        ({"from": "pagat", "chop_out_voids": True}, "chop_out_voids: chops move no money here"),
        (
            {"from": "house", "frozen_penalty": {"3": 10, "4": 12}},
            "frozen_penalty: give one amount for each player count from 2 to 4",
        ),
        ({"from": "house", "frozen_penalty": {"2": 8, "3": -1, "4": 12}}, "frozen_penalty: amounts cannot be negative"),
        ({"from": "house", "frozen_penalty": {"two": 8}}, "frozen_penalty: a player count must be a whole number"),
        ({"from": "house", "frozen_penalty": [8, 10]}, "frozen_penalty: expected a whole number, or a table of player counts"),
        ({"from": "iwin", "max_players": 3}, "den_bai: needs max_players = 4"),
    ],
)
def test_contradictory_new_axes_are_refused_naming_the_field(change: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidRules, match=message.replace("(", r"\(").replace(")", r"\)")):
        RuleSet.from_mapping({"name": "x", **change})


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"chop_payment": "double"}, "chop_payment: 'double' is not allowed"),
        ({"thui": "everyone"}, "thui: 'everyone' is not allowed"),
        ({"currency": "dollars"}, "currency: 'dollars' is not allowed"),
        ({"frozen": "no"}, "frozen: expected true or false"),
        ({"min_players": "2"}, "min_players: expected a whole number"),
        ({"bombs": ["quad"]}, "bombs: expected a table of bomb classes"),
        ({"bomb_values": {"quad": 4}}, "bomb_values: expected a table"),
        ({"two_values": None}, "two_values: expected 4 whole numbers"),
        ({"match_rounds": True}, "match_rounds: expected a whole number"),
    ],
)
def test_rule_sets_built_directly_are_checked_like_rule_files(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidRules, match=message):
        attrs.evolve(HOUSE, **changes)


@pytest.mark.parametrize(
    ("mapping", "message"),
    [
        ({"from": ["house"]}, "from: .* is not a profile"),
        ({"name": "x", 1: 2}, "axis names must be text"),
        (
            {
                "from": "house",
                "name": "x",
                "placement": {"2": [[2, 1, 4]], "3": [[3, 1, 4]], "4": [[4, 1, 4]], "04": [[4, 1, 9]]},
            },
            "given once",
        ),
    ],
)
def test_odd_rule_mappings_are_refused(mapping: dict[Any, Any], message: str) -> None:
    with pytest.raises(InvalidRules, match=message):
        RuleSet.from_mapping(mapping)


def test_rule_text_with_control_characters_round_trips_through_toml() -> None:
    odd = attrs.evolve(HOUSE, name="odd", description='tab\there, "quotes", DEL\x7f, bell\x07')
    assert RuleSet.from_toml(odd.to_toml()) == odd


@pytest.mark.parametrize("count", ["²", "٤", "4" * 5000, "-4"])
def test_player_count_keys_must_be_ascii_whole_numbers(count: str) -> None:
    mapping = {"from": "house", "name": "x", "placement": {count: [[2, 1, 4]]}}
    refused_quickly(lambda: RuleSet.from_mapping(mapping), InvalidRules, "player count")
    record = json.loads(GREEDY_ROUND.to_json())
    record["rules"]["placement"][count] = [[2, 1, 4]]
    refused_quickly(lambda: Round.from_json(json.dumps(record)), InvalidRecord, "player count")


@pytest.mark.parametrize("axis", ["placement", "place_points", "frozen_penalty"])
@pytest.mark.parametrize(
    ("count", "shown"), [(True, "True"), (5, "5"), (-1, "-1"), (2.0, "2.0"), (None, "None"), ("huge", "<a 16610-bit number>")]
)
def test_player_count_keys_given_as_numbers_must_be_whole_numbers_up_to_four(axis: str, count: Any, shown: str) -> None:
    mapping = {"from": "house", axis: {10**5000 if count == "huge" else count: []}}
    refused_quickly(lambda: RuleSet.from_mapping(mapping), InvalidRules, f"{axis}: {shown} must be a player count, given once")


def test_a_bomb_named_by_a_number_too_long_to_print_is_refused() -> None:
    refused_quickly(
        lambda: RuleSet.from_mapping({"from": "house", "bombs": {10**5000: []}}), InvalidRules, r"bombs\.<a 16610-bit number>:"
    )
    refused_quickly(
        lambda: RuleSet.from_mapping({"from": "house", "bombs": {"quad": {10**5000: [1]}}}),
        InvalidRules,
        r"bombs\.quad\.<a 16610-bit number>: not a bomb setting",
    )


@pytest.mark.parametrize("players", [True, False, 5, 1, 3.0, "3", None, [3]])
def test_the_look_ups_by_player_count_take_a_table_size(players: Any) -> None:
    for look_up in (HOUSE.payments_for, HOUSE.points_for, HOUSE.cards_dealt, lambda n: HOUSE.amount("frozen_penalty", n)):
        refused_quickly(functools.partial(look_up, players), InvalidArgument, "players must be a whole number from 2 to 4")
    assert HOUSE.cards_dealt(3) == 39 and HOUSE.payments_for(4) and HOUSE.amount("frozen_penalty", 4) == 8


@pytest.mark.parametrize("bomb_class", [[1], {"quad": 1}, {1}])
def test_the_look_ups_by_bomb_class_refuse_what_is_no_bomb_class(bomb_class: Any) -> None:
    refused_quickly(lambda: HOUSE.bomb_rule(bomb_class), InvalidArgument, "bomb_class must be a bomb class")
    refused_quickly(lambda: attrs.evolve(HOUSE, bomb_flat_value=None).bomb_value(bomb_class), InvalidArgument, "bomb_class")


@pytest.mark.parametrize("row", [None, False, 4, "x"])
def test_a_placement_row_must_be_a_list(row: Any) -> None:
    refused_quickly(
        lambda: RuleSet.from_mapping({"from": "house", "name": "x", "placement": {"4": row}}), InvalidRules, "placement"
    )


def test_a_toml_integer_too_long_to_read_is_a_rules_error() -> None:
    refused_quickly(lambda: RuleSet.from_toml(f'name = "x"\nfrozen_penalty = {"9" * 5000}'), InvalidRules, "not valid TOML")


def test_rules_files_are_read_only_when_regular_small_and_utf8(tmp_path: Path) -> None:
    for path in special_files(tmp_path):
        refused_quickly(functools.partial(load_rules, path), InvalidRules, "cannot read rules file")


@pytest.mark.parametrize("mapping", [AXES, INSTANT_WIN_PATTERNS, AGENTS, HOUSE._bomb_table])
def test_tables_are_read_only(mapping: Any) -> None:
    with pytest.raises(TypeError):
        mapping["quad"] = None


ALL = list(PROFILES.values())


@pytest.mark.parametrize("rules", ALL, ids=list(PROFILES))
def test_rule_files_round_trip_exactly(rules: RuleSet, tmp_path: Path) -> None:
    assert RuleSet.from_toml(rules.to_toml()) == rules
    assert RuleSet.from_json(rules.to_json()) == rules
    for suffix, text in ((".toml", rules.to_toml()), (".json", rules.to_json())):
        path = tmp_path / f"r{suffix}"
        path.write_text(text, encoding="utf-8")
        assert load_rules(path) == rules


def test_rule_file_from_a_profile_with_overrides() -> None:
    family = load_rules(Path(__file__).parents[2] / "examples" / "my_house.toml")
    assert family.name == "family" and family.frozen_penalty == 4 and "six_pairs" not in family.instant_wins  # type: ignore[comparison-overlap]  # a rule equals its pattern's name
    assert (
        attrs.evolve(family, name="house", description=HOUSE.description, frozen_penalty=8, instant_wins=HOUSE.instant_wins)
        == HOUSE
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('from = "house"\nname = "x"\nbogus = 1\n', "bogus: not a rule axis"),
        ('from = "house"\nname = "x"\nfrozen = "yes"\n', "frozen: expected true or false"),
        (
            'from = "house"\nname = "x"\ncurrency = "gold"\n',
            "currency: 'gold' is not allowed; use one of 'chips', 'bets', 'points'",
        ),
        ('from = "house"\nname = "x"\nstraight_min = 2\n', "straight_min: 2 must be between 3 and 13"),
        (
            'from = "northern"\nname = "x"\ninterrupt_bombs = ["PR4"]\n',
            "interrupt_bombs: 'PR4' must be a class of the bomb table",
        ),
        (
            'from = "northern"\nname = "x"\n[bombs.PR3]\nchops_twos = [1]\n',
            "bombs.PR3: PR3 is not a combination under these rules (pair runs are off)",
        ),
        ('from = "house"\nname = "x"\n[bombs.quad]\nchops_twos = [1, 4]\n', "bombs.quad.chops_twos"),
        ('from = "house"\nname = "x"\ninstant_wins = ["royal_flush"]\n', "instant_wins: 'royal_flush' is not a pattern"),
        ('from = "house"\nname = "x"\nmin_players = 5\n', "min_players/max_players"),
        ('from = "casino"\nname = "x"\n', "from: 'casino' is not a profile"),
        ('name = "x"\n', "placement: no payments given for 2 players"),
        ('from = "house"\nname = "x"\nden_bai = true\nfrozen = false\n', "den_bai: needs frozen = true"),
        ("name = [", "not valid TOML"),
    ],
)
def test_bad_rule_files_are_refused_naming_the_field(text: str, message: str) -> None:
    with pytest.raises(InvalidRules) as caught:
        RuleSet.from_toml(text)
    assert message in str(caught.value)


def test_load_rules_refuses_unknown_names_and_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(InvalidRules, match="neither a profile"):
        load_rules("casino")
    with pytest.raises(InvalidRules, match="cannot read rules file"):
        load_rules(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(InvalidRules, match="not valid JSON"):
        load_rules(bad)


# ---------------------------------------------------------------------------- one rule for naming rules
# A profile's name names that profile, axis for axis: rules that differ need a name of their own,
# however they are made; ``from = "house"`` with nothing changed is the profile and keeps its name.

CHANGED = HOUSE.to_mapping() | {"frozen_penalty": 4}
"""The house profile with one axis changed, still called ``house``."""

NAMING_MESSAGE = (
    "name: 'house' is a profile's name, but these rules differ from it (frozen_penalty); give them a name "
    'of their own (name = "my-house") so records and reports do not confuse the two'
)


def _rules_file(tmp_path: Path, suffix: str, text: str) -> Path:
    path = tmp_path / f"rules{suffix}"
    path.write_text(text, encoding="utf-8")
    return path


def _record(mapping: dict[str, Any]) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(GREEDY_ROUND.to_json())
    return record | {"rules": mapping}


NAMING_ENTRIES: dict[str, Any] = {
    "RuleSet.from_toml": lambda changes, tmp: RuleSet.from_toml("".join(f"{k} = {json.dumps(v)}\n" for k, v in changes.items())),
    "RuleSet.from_mapping": lambda changes, tmp: RuleSet.from_mapping(changes),
    "RuleSet.from_json": lambda changes, tmp: RuleSet.from_json(json.dumps(changes)),
    "RuleSet.from_dict": lambda changes, tmp: RuleSet.from_dict({"format": "tienlen-rules", "version": 1, **changes}),
    "load_rules(.toml)": lambda changes, tmp: load_rules(
        _rules_file(tmp, ".toml", "".join(f"{k} = {json.dumps(v)}\n" for k, v in changes.items()))
    ),
    "load_rules(.json)": lambda changes, tmp: load_rules(_rules_file(tmp, ".json", json.dumps(changes))),
    "attrs.evolve": lambda changes, tmp: attrs.evolve(HOUSE, **{k: v for k, v in changes.items() if k != "from"}),
    "RuleSet(...)": lambda changes, tmp: RuleSet(
        **(
            {f.name: getattr(HOUSE, f.name) for f in attrs.fields(RuleSet) if f.init}
            | {k: v for k, v in changes.items() if k != "from"}
        )
    ),
}
"""Every way to make a rule set, given ``from = "house"`` and the changes (a dict), and a folder."""

IN_DOCUMENTS: dict[str, Any] = {
    "wire rules document": (lambda: read_document({"format": "tienlen-rules", "version": 1, **CHANGED}), InvalidRules),
    "Round.from_dict (a round record)": (lambda: Round.from_dict(_record(CHANGED)), InvalidRecord),
    "Round.from_json (a round record)": (lambda: Round.from_json(json.dumps(_record(CHANGED))), InvalidRecord),
    "wire round record": (lambda: read_document(_record(CHANGED)), InvalidRecord),
}
"""Every document that carries a rule set, with ``house`` and a changed axis, and the class of its refusal."""


@pytest.mark.parametrize("entry", NAMING_ENTRIES)
def test_a_profile_name_on_changed_rules_is_refused_the_same_way_at_every_entry_point(entry: str, tmp_path: Path) -> None:
    with pytest.raises(InvalidRules) as caught:
        NAMING_ENTRIES[entry]({"from": "house", "frozen_penalty": 4}, tmp_path)
    assert (caught.value.code, str(caught.value)) == ("name-profile-name-but-rules", NAMING_MESSAGE)
    assert caught.value.params == {"rules": "'house'", "rules2": "house", "axes": "frozen_penalty"}


@pytest.mark.parametrize("entry", NAMING_ENTRIES)
def test_a_profile_name_on_unchanged_rules_is_that_profile_at_every_entry_point(entry: str, tmp_path: Path) -> None:
    assert NAMING_ENTRIES[entry]({"from": "house"}, tmp_path) == HOUSE
    assert NAMING_ENTRIES[entry]({"from": "house", "frozen_penalty": 8}, tmp_path) == HOUSE  # the profile's own value


@pytest.mark.parametrize("entry", NAMING_ENTRIES)
def test_changed_rules_with_a_name_of_their_own_are_taken_at_every_entry_point(entry: str, tmp_path: Path) -> None:
    rules = NAMING_ENTRIES[entry]({"from": "house", "name": "my-house", "frozen_penalty": 4}, tmp_path)
    assert (rules.name, rules.frozen_penalty) == ("my-house", 4)
    assert rules == attrs.evolve(HOUSE, name="my-house", frozen_penalty=4)


@pytest.mark.parametrize("entry", IN_DOCUMENTS)
def test_a_document_claiming_a_profile_for_changed_rules_is_refused_with_the_naming_rule_as_its_reason(entry: str) -> None:
    call, error = IN_DOCUMENTS[entry]
    with pytest.raises(error) as caught:
        call()
    assert caught.value.codes[-1] == "name-profile-name-but-rules"


def test_the_naming_rule_names_up_to_three_axes_that_differ() -> None:
    with pytest.raises(InvalidRules, match=r"differ from it \(description, straight_min, frozen_penalty, …\)"):
        attrs.evolve(HOUSE, description="x", straight_min=4, frozen_penalty=4, thui="none")


def test_every_profile_keeps_its_name_through_every_document() -> None:
    for rules in PROFILES.values():
        assert (
            RuleSet.from_mapping(
                rules.to_mapping() | {"forfeit_penalty": rules.forfeit_penalty, "match_rounds": rules.match_rounds}
            )
            == rules
        )
        assert RuleSet.from_toml(f'from = "{rules.name}"') == rules
        assert pickle.loads(pickle.dumps(rules)) == rules
