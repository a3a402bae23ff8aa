"""Comparing variants: axis differences, one play under every profile, one round under every profile,
and each axis shown where it differs."""

from __future__ import annotations

import json
import pickle

import attrs
import pytest

from tienlen import (
    COUNTING,
    HOUSE,
    NORTHERN,
    PAGAT,
    PROFILES,
    InvalidArgument,
    InvalidRecord,
    Round,
    compare,
    settle,
)
from tienlen.players.agents import GreedyAgent, play_round
from tienlen.players.compare import compare_play, compare_round, describe_value
from tienlen.variants.rules import AXES

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


def test_comparisons_are_hashable_and_their_values_read_only() -> None:
    diff = compare(HOUSE, PAGAT)
    assert hash(diff) == hash(compare(HOUSE, PAGAT)) and diff in {diff}
    bombs = next(row for row in diff.rows if row.axis == "bombs")
    with pytest.raises(TypeError):
        bombs.values[0]["quad"] = {}
    assert pickle.loads(pickle.dumps(diff)) == diff


def test_a_comparison_row_reads_as_its_axis_each_value_in_words_and_its_meaning() -> None:
    """issue 43: ``compare(...).rows`` were attrs reprs of raw values; a row now reads as the axis,
    each rule set's value in short words (as :func:`describe_value` writes it), then its meaning."""
    rows = compare(HOUSE, PAGAT).rows
    assert repr(rows[0]) == "<AxisDifference min_players: 2 | 4 — fewest players at the table>"
    straight = next(row for row in rows if row.axis == "straight_two_on_top")
    assert repr(straight).startswith("<AxisDifference straight_two_on_top: no | yes — ")
    assert str(straight) == repr(straight)


def test_a_comparison_writes_its_meanings_headers_and_words_in_the_language_asked_for() -> None:
    diff = compare(HOUSE, PAGAT)
    english, vietnamese = diff.text(lang="en").splitlines(), diff.text(lang="vi").splitlines()
    assert diff.text(lang="en") == diff.text() and english != vietnamese
    for row in diff.rows:  # each axis's meaning is the catalogue's Vietnamese, the axis name as written
        (line,) = [line for line in vietnamese if line.startswith(f"{row.axis}: ")]
        assert not line.endswith(row.meaning[:20])
    assert diff.markdown(lang="vi").splitlines()[0] == "| mục luật | ý nghĩa | house | pagat |"
    assert diff.csv(lang="vi").splitlines()[0] == "mục luật,ý nghĩa,house,pagat"
    assert diff.table(lang="vi").split()[:3] == ["mục", "luật", "house"]
    meanings = {axis["axis"]: axis["meaning"] for axis in json.loads(diff.to_json(lang="vi"))["axes"]}
    assert meanings["min_players"] == "số người chơi ít nhất ở bàn"
    assert json.loads(diff.to_json())["axes"][0]["meaning"] == AXES["min_players"]
    copy = compare(HOUSE, attrs.evolve(HOUSE, name="copy"))
    assert copy.text(lang="vi") == copy.table(lang="vi") == "house và copy không khác nhau ở mục luật nào"
    with pytest.raises(InvalidArgument):
        diff.text(lang="fr")


def test_a_value_is_described_in_the_language_asked_for_and_a_rules_file_word_followed_by_its_name() -> None:
    assert [describe_value("frozen", v, "vi") for v in (True, False, None)] == ["có", "không", "—"]
    assert describe_value("interrupt_bombs", (), "vi") == describe_value("thui", "none", "vi") == "không có"
    assert describe_value("thui", "above") == "above"  # what a rules file writes
    assert describe_value("thui", "above", "vi") == "above (trả người xếp trên)"  # and its name in Vietnamese
    assert (
        describe_value("instant_wins", {"pr5": "any", "four_threes": "later"}, "vi")
        == "năm đôi thông; tứ quý 3 (chỉ các ván sau)"
    )
    assert describe_value("instant_wins", {"four_threes": "first"}) == "four_threes (first round only)"
    assert describe_value("bombs", {"PR4": {"chops_twos": [2, 3], "chops_bombs": ["quad"]}}) == "PR4 > 22,222,quad"
    assert describe_value("bombs", {"PR4": {"chops_twos": [2, 3], "chops_bombs": ["quad"]}}, "vi") == (
        "bốn đôi thông chặt đôi heo, ba con heo, tứ quý"
    )
    assert describe_value("placement", {"2": [[2, 1, 4]]}) == "2p: 2→1 4"
    assert describe_value("placement", {"2": [[2, 1, 4]]}, "vi") == "bàn 2 người: 2→1 4"
