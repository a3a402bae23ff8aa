"""The search player's editions (issue 42): the 0.2.0 player is kept unchanged as a yardstick, so
``search-0.2`` in a tournament is the player 0.2.0 shipped, whatever the current edition does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tienlen.errors import InvalidArgument
from tienlen.game.actions import Action
from tienlen.game.views import PlayerView
from tienlen.players.search import DEFAULT_LEVEL, EDITION, EDITIONS, LEVELS, SearchAgent
from tienlen.players.tournament import agent_from_spec

RECORDED = Path(__file__).parent / "data" / "search-0.2.json"
"""Decisions of 0.2.0's ``SearchAgent`` (levels 1 and 3), recorded with the search code of 0.2.0
and issue 40's budgets (main 12e648b, and da516e8 for the last eight) on positions of greedy rounds
under house, pagat, northern and a two-player house that deals the whole deck (26 cards a hand)."""


def _recorded() -> list[dict[str, object]]:
    data: list[dict[str, object]] = json.loads(RECORDED.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("index", range(len(_recorded())))
def test_the_0_2_edition_decides_as_0_2_0_did(index: int) -> None:
    item = _recorded()[index]
    view = PlayerView.from_json(json.dumps(item["view"]))
    agent = SearchAgent(level=item["level"], seed=item["seed"], edition="0.2")  # type: ignore[arg-type]
    assert agent.act(view) == Action.from_json(json.dumps(item["action"]))


def test_the_0_2_edition_has_0_2_0s_levels() -> None:
    assert {level: style.rollouts for level, style in EDITIONS["0.2"].items()} == {1: 16, 2: 40, 3: 100, 4: 125, 5: 500}
    assert not any(style.infer or style.halving for style in EDITIONS["0.2"].values())
    assert set(EDITIONS[EDITION]) == set(LEVELS) == set(EDITIONS["0.2"])


@pytest.mark.parametrize(
    ("spec", "level", "edition"), [("search-0.2", DEFAULT_LEVEL, "0.2"), ("search-0.2:5", 5, "0.2"), ("search:2", 2, EDITION)]
)
def test_a_tournament_names_the_0_2_player(spec: str, level: int, edition: str) -> None:
    assert agent_from_spec(spec, seed=4) == SearchAgent(level=level, seed=4, edition=edition)


@pytest.mark.parametrize("edition", ["0.1", 0.2, ["0.2"], None])
def test_an_unknown_edition_is_refused_with_the_known_ones(edition: object) -> None:
    with pytest.raises(InvalidArgument, match=r"choose one of 0\.2, 0\.3|edition") as caught:
        SearchAgent(edition=edition)  # type: ignore[arg-type]
    assert caught.value.code in ("unknown-search-edition", "wrong-type")


def test_every_edition_is_a_tournament_spec() -> None:
    assert agent_from_spec("search-0.3:4", seed=1) == SearchAgent(level=4, seed=1, edition="0.3")
    with pytest.raises(InvalidArgument, match="unknown agent"):
        agent_from_spec("0.2")
