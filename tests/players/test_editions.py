"""The search player's editions (issue 42): the 0.2.0 player is kept unchanged as a yardstick, so
``search-0.2`` in a tournament is the player 0.2.0 shipped, whatever the current edition does.

Editions are frozen (the 1.0 promise, docs page "Stability and versioning"): ``search-0.3`` must
decide as 0.3.0 did at every level for a seed, whatever later editions and the engine's speed work
change. ``tests/players/data/search-0.3.json`` was written by this module
(``python tests/players/test_editions.py``) at 0.3.0's search code (main b033d6b)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tienlen import HOUSE, NORTHERN, PAGAT, Round
from tienlen.errors import InvalidArgument
from tienlen.game.actions import Action
from tienlen.game.views import PlayerView
from tienlen.players.agents import GreedyAgent
from tienlen.players.search import DEFAULT_LEVEL, EDITION, EDITIONS, LEVELS, SearchAgent
from tienlen.players.tournament import agent_from_spec

RECORDED = Path(__file__).parent / "data" / "search-0.2.json"
"""Decisions of 0.2.0's ``SearchAgent`` (levels 1 and 3), recorded with the search code of 0.2.0
and issue 40's budgets (main 12e648b, and da516e8 for the last eight) on positions of greedy rounds
under house, pagat, northern and a two-player house that deals the whole deck (26 cards a hand)."""


RECORDED_0_3 = Path(__file__).parent / "data" / "search-0.3.json"
"""Decisions of 0.3.0's ``SearchAgent`` at every level, on positions of greedy rounds under house,
pagat and northern (see the module's docstring)."""


def _recorded(path: Path = RECORDED) -> list[dict[str, object]]:
    data: list[dict[str, object]] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("index", range(len(_recorded())))
def test_the_0_2_edition_decides_as_0_2_0_did(index: int) -> None:
    item = _recorded()[index]
    view = PlayerView.from_json(json.dumps(item["view"]))
    agent = SearchAgent(level=item["level"], seed=item["seed"], edition="0.2")  # type: ignore[arg-type]
    assert agent.act(view) == Action.from_json(json.dumps(item["action"]))


@pytest.mark.parametrize("index", range(len(_recorded(RECORDED_0_3))))
def test_the_0_3_edition_decides_as_0_3_0_did_at_every_level(index: int) -> None:
    item = _recorded(RECORDED_0_3)[index]
    view = PlayerView.from_json(json.dumps(item["view"]))
    agent = SearchAgent(level=item["level"], seed=item["seed"], edition="0.3")  # type: ignore[arg-type]
    assert agent.act(view) == Action.from_json(json.dumps(item["action"]))


def _record_0_3() -> list[dict[str, object]]:
    """Positions where a choice is to be made, from greedy rounds (every fifth decision with three
    or more actions), each decided at one level, the levels in turn (4 and 5 less often: they cost
    most)."""
    items: list[dict[str, object]] = []
    levels = [1, 2, 3, 1, 2, 3, 4, 5]
    for rules in (HOUSE, PAGAT, NORTHERN):
        for deal in range(2):
            round_ = Round.deal(rules, players=4, seed=100 + deal)
            agents = [GreedyAgent(seed=seat) for seat in range(4)]
            choices = 0
            while not round_.is_over:
                seat = round_.to_act
                assert seat is not None
                view = round_.view(seat)
                if len(view.legal_actions) >= 3:
                    choices += 1
                    if choices % 5 == 1:
                        level, seed = levels[len(items) % len(levels)], len(items)
                        action = SearchAgent(level=level, seed=seed, edition="0.3").act(view)
                        items.append(
                            {
                                "level": level,
                                "seed": seed,
                                "view": json.loads(view.to_json()),
                                "action": json.loads(action.to_json()),
                            }
                        )
                round_ = round_.apply(agents[seat].act(view))
    return items


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


if __name__ == "__main__":  # write the 0.3 edition's recorded decisions (only ever at 0.3.0's search code)
    RECORDED_0_3.write_text(json.dumps(_record_0_3(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
