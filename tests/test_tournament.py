"""Duplicate tournaments: every seating of every deal, intervals that separate agents of known strength."""

from __future__ import annotations

import json
import re

import pytest

from tienlen import COUNTING, FACEOFF, HOUSE, InvalidArgument
from tienlen.cli import main
from tienlen.tournament import PassingAgent, agent_from_spec, play_deals, ratings, tournament


def test_each_deal_is_played_in_every_seating_with_the_same_cards() -> None:
    games = play_deals(HOUSE, ("random", "greedy", "greedy", "greedy"), seed=4, start=0, stop=3)
    by_deal: dict[int, list[tuple[str, ...]]] = {}
    for deal, seating, money, places in games:
        by_deal.setdefault(deal, []).append(seating)
        assert sum(money) == 0 and sorted(places) == [1, 2, 3, 4]
    for seatings in by_deal.values():
        assert sorted(s.index("random") for s in seatings) == [0, 1, 2, 3]  # the bot sat in every seat once
    three = play_deals(HOUSE, ("greedy", "random", "passer"), seed=4, start=0, stop=1)
    assert len({seating for _, seating, _, _ in three}) == 6  # every permutation of three different bots


def test_a_player_that_always_passes_loses_to_greedy_with_the_interval_excluding_zero() -> None:
    t = tournament(HOUSE, ["greedy", "passer", "passer", "passer"], deals=12, seed=2)
    greedy, passer = t.results
    assert t.seatings == 4 and t.games == 4 * (t.deals - t.skipped)
    assert greedy.money.low > 0 > passer.money.high
    assert greedy.first.mean > 0.9 and greedy.rating > passer.rating
    (pair,) = t.pairs
    assert (pair.a, pair.b) == ("greedy", "passer") and pair.money.low > 0


def test_two_player_money_is_zero_sum_and_greedy_beats_random() -> None:
    t = tournament(COUNTING, ["greedy", "random"], deals=20, seed=3)
    assert t.results[0].money.mean == pytest.approx(-t.results[1].money.mean)
    assert t.pairs[0].money.low > 0


def test_results_do_not_depend_on_the_processes() -> None:
    one = tournament(HOUSE, ["greedy", "random", "passer"], deals=6, seed=9)
    two = tournament(HOUSE, ["greedy", "random", "passer"], deals=6, seed=9, workers=2)
    assert one == two


def test_ratings_follow_the_wins() -> None:
    games = [(0, ("a", "b"), (1.0, -1.0), (1, 2))] * 30 + [(0, ("a", "b"), (-1.0, 1.0), (2, 1))] * 10
    r = ratings(games, ["a", "b"])
    assert r["a"] > 1500 > r["b"]
    assert r["a"] - r["b"] == pytest.approx(400 * 2 * 0.2386, abs=30)  # about log10(3) * 400 for 3:1


def test_bad_line_ups_are_refused() -> None:
    with pytest.raises(InvalidArgument):
        tournament(HOUSE, ["greedy"], deals=1)
    with pytest.raises(InvalidArgument):
        tournament(HOUSE, ["greedy", "greedy"], deals=1)
    with pytest.raises(InvalidArgument):
        tournament(HOUSE, ["greedy", "wizard"], deals=1)
    with pytest.raises(InvalidArgument):
        agent_from_spec("search:x")
    with pytest.raises(InvalidArgument):
        agent_from_spec("greedy:2")
    with pytest.raises(InvalidArgument, match="faceoff is played by 4 players"):
        tournament(FACEOFF, ["greedy", "random"], deals=1)
    assert isinstance(agent_from_spec("passer"), PassingAgent)


def test_cli_tournament_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--agents", "greedy,passer", "--deals", "4", "--json", "--quiet"]) == 0
    data = json.loads(capsys.readouterr().out)
    (t,) = data["tournaments"]
    assert t["rules"] == "house" and [r["name"] for r in t["results"]] == ["greedy", "passer"]
    assert main(["tournament", "--agents", "greedy,wizard", "--deals", "1"]) == 2


def test_the_text_table_keeps_its_columns_for_long_entrant_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--agents", "greedy-plan,greedy", "--deals", "4", "--quiet"]) == 0
    header, *rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("  ")][:3]
    figures = [re.search(r" [+-]\d", row) for row in rows]  # each entrant's money
    assert [found.start() if found else None for found in figures] == [header.index(" money")] * 2


@pytest.mark.slow
def test_search_beats_greedy_in_a_reduced_duplicate_tournament() -> None:
    # The aim (>= 55% first places over 500 deals x 4 seatings) is measured by benchmarks; here a
    # reduced run that CI can afford checks the direction with intervals: level 1's money and
    # first places are above a neutral player's (0 and 25%) with their intervals.
    t = tournament(HOUSE, ["search:1", "greedy", "greedy", "greedy"], deals=16, seed=1, workers=2)
    search, greedy = t.results
    assert search.money.low > 0 and search.first.low > 0.25
    assert search.rating > greedy.rating
