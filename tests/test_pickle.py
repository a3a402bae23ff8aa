"""Rounds, views, rule sets, settlements and every bundled agent pickle and unpickle equal, and
behave the same afterwards, so work can be sent to a process pool or a Dask worker."""

from __future__ import annotations

import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

import pytest
from hypothesis import given, settings, strategies as st

from tienlen import HOUSE, PROFILES, Round, RuleSet, settle
from tienlen.players.agents import AGENTS, Agent, GreedyAgent, make_agent, play_round
from tienlen.players.search import LEVELS, SearchAgent
from tienlen.players.tournament import PassingAgent

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)
_T = TypeVar("_T")


def again(value: _T, protocol: int = pickle.DEFAULT_PROTOCOL) -> _T:
    """``value`` pickled and unpickled."""
    copy: _T = pickle.loads(pickle.dumps(value, protocol))
    return copy


def _rounds(rules: RuleSet, seed: int) -> list[Round]:
    """A round just dealt, one mid-play (its views and legal actions asked for, so its caches are
    full) and one finished, under ``rules``."""
    dealt = Round.deal(rules, seed=seed)
    mid = dealt
    greedy = GreedyAgent(seed)
    for _ in range(9):
        if mid.is_over or mid.to_act is None:
            break
        for seat in range(mid.players):
            mid.view(seat)
        mid = mid.apply(greedy.act(mid.view(mid.to_act)))
    mid.legal_actions()
    finished = play_round(rules, [greedy] * dealt.players, seed=seed)
    assert finished.is_over and not mid.is_over
    return [dealt, mid, finished]


def _same_round(copy: Round, round_: Round) -> None:
    assert copy == round_ and copy.to_json() == round_.to_json()
    assert list(copy.legal_actions()) == list(round_.legal_actions())
    assert list(copy.legal_interrupts()) == list(round_.legal_interrupts())
    for seat in range(round_.players):
        assert copy.view(seat) == round_.view(seat)
    if round_.is_over:
        assert copy.result == round_.result
        assert settle(copy.result, copy.rules) == settle(round_.result, round_.rules)
    else:
        assert round_.to_act is not None
        action = GreedyAgent().act(round_.view(round_.to_act))
        assert copy.apply(action) == round_.apply(action)


@pytest.mark.parametrize("rules", list(PROFILES.values()), ids=list(PROFILES))
@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_rounds_dealt_in_play_and_finished_pickle_equal_and_play_on_alike(rules: RuleSet, protocol: int) -> None:
    for round_ in _rounds(rules, seed=3):
        _same_round(again(round_, protocol), round_)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), plies=st.integers(0, 80), players=st.integers(2, 4))
def test_a_round_at_any_point_pickles_equal_and_plays_on_alike(seed: int, plies: int, players: int) -> None:
    round_ = Round.deal(HOUSE, players=players, seed=seed)
    for _ in range(plies):
        if round_.is_over or round_.to_act is None:
            break
        round_ = round_.apply(GreedyAgent(seed).act(round_.view(round_.to_act)))
    _same_round(again(round_), round_)


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_views_pickle_equal_with_the_same_actions_and_document(protocol: int) -> None:
    for round_ in _rounds(HOUSE, seed=5):
        for seat in range(round_.players):
            view = round_.view(seat)
            copy = again(view, protocol)
            assert copy == view and copy.legal_actions == view.legal_actions
            assert copy.to_dict() == view.to_dict() and copy.my_turn == view.my_turn


def _custom() -> RuleSet:
    return RuleSet.from_mapping({"from": "northern", "name": "our table", "straight_min": 4, "rake_percent": 5})


@pytest.mark.parametrize("rules", [*PROFILES.values(), _custom()], ids=[*PROFILES, "custom"])
@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_rule_sets_pickle_equal_and_settle_alike(rules: RuleSet, protocol: int) -> None:
    copy = again(rules, protocol)
    assert copy == rules and hash(copy) == hash(rules) and copy.to_mapping() == rules.to_mapping()
    assert [copy.bomb_rule(b.bomb) for b in rules.bombs] == [rules.bomb_rule(b.bomb) for b in rules.bombs]
    result = play_round(rules, [GreedyAgent()] * rules.min_players, seed=2).result
    assert settle(result, copy) == settle(result, rules)


@pytest.mark.parametrize("rules", [*PROFILES.values(), _custom()], ids=[*PROFILES, "custom"])
def test_settlements_pickle_equal_and_read_alike(rules: RuleSet) -> None:
    for seed in range(3):
        settlement = settle(play_round(rules, [GreedyAgent()] * rules.min_players, seed=seed).result, rules)
        for protocol in PROTOCOLS:
            copy = again(settlement, protocol)
            assert copy == settlement and copy.to_dict() == settlement.to_dict()
            assert copy.text() == settlement.text() and copy.text("vi") == settlement.text("vi")


def _bundled_agents() -> dict[str, Agent]:
    agents: dict[str, Agent] = {name: make_agent(name, 7) for name in AGENTS}
    agents.update({f"search:{level}": SearchAgent(level=level, seed=7) for level in LEVELS})
    agents["search, 24 rollouts"] = SearchAgent(level=2, seed=7, rollouts=24)
    agents["passer"] = PassingAgent()
    return agents


BUNDLED = _bundled_agents()


@pytest.mark.parametrize("name", list(BUNDLED))
def test_every_bundled_agent_pickles_equal_and_decides_alike(name: str) -> None:
    agent = BUNDLED[name]
    round_ = Round.deal(HOUSE, seed=12, first_round=False)
    views = []
    for _ in range(6):
        assert round_.to_act is not None
        views.append(round_.view(round_.to_act))
        round_ = round_.apply(GreedyAgent().act(views[-1]))
    for protocol in PROTOCOLS:
        copy = again(agent, protocol)
        assert copy == agent and type(copy) is type(agent)
    copy = again(agent)
    for view in views[-1:] if name.startswith("search") else views:  # a search decision is the slow one
        assert copy.act(view) == agent.act(view)


def test_a_search_decision_made_in_a_spawned_worker_is_the_one_made_here() -> None:
    # A fresh interpreter (spawn, not fork): nothing is inherited but what is pickled.
    round_ = Round.deal(HOUSE, seed=4, first_round=False)
    for _ in range(3):
        assert round_.to_act is not None
        round_ = round_.apply(GreedyAgent().act(round_.view(round_.to_act)))
    assert round_.to_act is not None
    view = round_.view(round_.to_act)
    agent = SearchAgent(level=3, seed=9)
    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
        there = pool.submit(agent.act, view).result(timeout=120)
    assert there == agent.act(view) and there in view.legal_actions
