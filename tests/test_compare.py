"""Comparing variants: axis differences, one play under every profile, one round under every profile,
custom rule files, and the seeded statistical comparison."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from tienlen import (
    COUNTING,
    FACEOFF,
    HOUSE,
    IWIN,
    NORTHERN,
    PAGAT,
    PROFILES,
    InvalidArgument,
    InvalidRecord,
    InvalidRules,
    Round,
    RuleSet,
    compare,
    settle,
)
from tienlen.agents import GreedyAgent, play_round
from tienlen.compare import compare_play, compare_round, describe_value
from tienlen.loading import load_rules
from tienlen.rules import AXES
from tienlen.simulate import ProfileStats, format_stats, simulate

ALL = list(PROFILES.values())


def test_compare_lists_exactly_the_differing_axes() -> None:
    mine = attrs.evolve(HOUSE, name="mine", frozen_penalty=4, thui="none")
    diff = compare(HOUSE, mine)
    assert [(row.axis, row.values) for row in diff.rows] == [("frozen_penalty", (8, 4)), ("thui", ("above", "none"))]
    assert all(row.meaning == AXES[row.axis] for row in diff.rows)


def test_compare_same_rules_reports_no_difference() -> None:
    assert compare(HOUSE, attrs.evolve(HOUSE, name="copy")).rows == ()
    assert "do not differ" in compare(HOUSE, attrs.evolve(HOUSE, name="copy")).table()


def test_compare_many_rule_sets_has_a_column_each() -> None:
    table = compare(*ALL).table().splitlines()
    assert table[0].split() == ["axis", *PROFILES]
    assert any(line.startswith("follow_suit") for line in table)


def test_compare_needs_two_rule_sets() -> None:
    with pytest.raises(InvalidArgument, match="at least two"):
        compare(HOUSE)


def test_describe_value_reads_bomb_tables() -> None:
    assert describe_value("bombs", PAGAT.to_mapping()["bombs"]) == "quad > 2; PR3 > 2; PR4 > 22; PR5 > 222"
    assert describe_value("frozen", True) == "yes"
    assert describe_value("match_rounds", None) == "—"


def test_compare_play_quad_on_single_two_and_on_ace_worked_check() -> None:
    on_two = {v.rules: v.legal for v in compare_play("6♠ 6♣ 6♦ 6♥", "2♥", ALL)}
    assert on_two == {name: True for name in PROFILES}
    on_ace = compare_play("6♠ 6♣ 6♦ 6♥", "A♥", ALL)
    assert not any(v.legal for v in on_ace)
    assert all("bombs only chop 2s and bombs" in (v.reason or "") for v in on_ace)


def test_compare_play_reports_cards_that_are_no_combination_under_a_profile() -> None:
    verdicts = {v.rules: v for v in compare_play("5♠ 5♥ 6♦ 6♣ 7♠ 7♣", "3♠ 3♣ 4♠ 4♣ 5♦ 5♥", ALL)}
    assert verdicts["house"].legal and not verdicts["northern"].legal
    assert "pair runs are not played" in (verdicts["northern"].reason or "")


def test_compare_play_leading() -> None:
    assert [v.legal for v in compare_play("3♠ 4♣ 5♦", None, [HOUSE, NORTHERN])] == [True, False]


def test_compare_round_settles_the_same_actions_under_each_profile() -> None:
    round_ = play_round(HOUSE, [GreedyAgent()] * 4, seed=12)
    verdicts = {v.rules: v for v in compare_round(round_, ALL, unit=1000)}
    house = verdicts["house"].settlement
    assert house == settle(round_.result, HOUSE, unit=1000)
    assert compare_round(round_.to_json(), [HOUSE], unit=1000)[0].settlement == house
    faceoff = verdicts["faceoff"].settlement
    assert faceoff is not None and sorted(faceoff.net) == [0, 1, 2, 3]
    refused = [v for v in verdicts.values() if v.settlement is None]
    assert all(v.reason for v in refused)


def test_compare_round_names_the_action_another_profile_refuses() -> None:
    round_ = Round.from_hands(["3♠ 9♠", "4♦ 9♦", "5♣ 9♣", "6♥ 9♥"], HOUSE).play("3♠").play("4♦")
    northern = compare_round(round_, [NORTHERN])[0]
    assert northern.settlement is None and "action 2" in (northern.reason or "") and "follow suit" in (northern.reason or "")
    unfinished = compare_round(round_, [HOUSE])[0]
    assert unfinished.settlement is None and "do not finish" in (unfinished.reason or "")


def test_compare_round_refuses_a_player_count_the_profile_does_not_allow() -> None:
    round_ = play_round(HOUSE, [GreedyAgent()] * 3, seed=3)
    verdict = compare_round(round_, [PAGAT])[0]
    assert verdict.settlement is None and "4 players" in (verdict.reason or "")


def test_compare_round_bad_record() -> None:
    with pytest.raises(InvalidRecord):
        compare_round("{}", ALL)


@pytest.mark.parametrize("rules", ALL, ids=list(PROFILES))
def test_rule_files_round_trip_exactly(rules: RuleSet, tmp_path: Path) -> None:
    assert RuleSet.from_toml(rules.to_toml()) == rules
    assert RuleSet.from_json(rules.to_json()) == rules
    for suffix, text in ((".toml", rules.to_toml()), (".json", rules.to_json())):
        path = tmp_path / f"r{suffix}"
        path.write_text(text, encoding="utf-8")
        assert load_rules(path) == rules


def test_rule_file_from_a_profile_with_overrides() -> None:
    family = load_rules(Path(__file__).parent.parent / "examples" / "my_house.toml")
    assert family.name == "family" and family.frozen_penalty == 4 and "six_pairs" not in family.instant_wins
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


def test_simulation_is_deterministic_for_a_seed_whatever_the_workers() -> None:
    one = simulate([HOUSE, IWIN], rounds=12, seed=5)
    two = simulate([HOUSE, IWIN], rounds=12, seed=5, workers=2)
    assert one == two
    assert simulate([HOUSE], rounds=12, seed=6) != one[:1]


def test_simulation_counts_what_happened() -> None:
    (stats,) = simulate([NORTHERN], rounds=30, seed=1)
    assert stats.rounds == 30 and stats.plies > 30 * 13
    assert stats.chops >= stats.chains >= (1 if stats.chops else 0)
    assert stats.moved > 0 and stats.currency == "bets" and stats.scale == 6
    assert sum(count for _, count in stats.moved_counts) == 30
    text = format_stats([stats])
    assert text.splitlines()[0] == "northern: 30 rounds, 4 players; 1 plain win = 6 bets"


def test_simulation_uses_the_same_deals_for_every_profile() -> None:
    a, b = simulate([HOUSE, attrs.evolve(HOUSE, name="copy")], rounds=8, seed=2)
    assert attrs.evolve(b, rules="house") == a


def test_simulation_refuses_bad_settings() -> None:
    with pytest.raises(InvalidArgument, match="faceoff is played by 4 players, not 3"):
        simulate([FACEOFF], rounds=1, players=3)
    with pytest.raises(InvalidArgument, match="unknown bot"):
        simulate([HOUSE], rounds=1, bots=("oracle",))
    with pytest.raises(InvalidArgument, match="rounds must be a whole number from 1"):
        simulate([HOUSE], rounds=0)
    with pytest.raises(InvalidArgument, match="workers must be a whole number from 1"):
        simulate([HOUSE], rounds=1, workers=0)


def test_stats_add_up() -> None:
    a = ProfileStats(
        rules="house",
        currency="chips",
        scale=4,
        players=2,
        rounds=2,
        chops=1,
        longest_chain=1,
        seat_totals=(4, -4),
        moved_counts=((4, 2),),
    )
    b = ProfileStats(
        rules="house",
        currency="chips",
        scale=4,
        players=2,
        rounds=3,
        chops=2,
        longest_chain=2,
        seat_totals=(-8, 8),
        moved_counts=((4, 1), (8, 2)),
    )
    total = a + b
    assert (total.rounds, total.chops, total.longest_chain) == (5, 3, 2)
    assert total.seat_totals == (-4, 4) and total.moved_counts == ((4, 3), (8, 2))
    with pytest.raises(InvalidArgument):
        a + ProfileStats(rules="iwin", currency="bets", scale=2, players=2, rounds=1)


def test_stats_json_shape() -> None:
    (stats,) = simulate([PAGAT], rounds=2, seed=0)
    data = json.loads(json.dumps(stats.to_mapping()))
    assert data["rules"] == "pagat" and data["statistics"]["currency"] == "plain wins"
    assert len(data["statistics"]["seats"]) == 4


def test_compare_shows_the_new_axes() -> None:
    rows = {row.axis: row for row in compare(HOUSE, COUNTING).rows}
    assert {"scoring", "card_all_multiplier", "frozen"} <= set(rows)
    scaled = attrs.evolve(COUNTING, name="scaled", instant_win_payment=((2, 26), (3, 39), (4, 52)))
    assert compare(COUNTING, scaled).table().splitlines()[-1].split() == [
        "instant_win_payment",
        "26",
        "2p:",
        "26;",
        "3p:",
        "39;",
        "4p:",
        "52",
    ]
