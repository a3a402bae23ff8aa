"""The PettingZoo adapter passes PettingZoo's own API, seed and render tests for every profile and
player count, pays the settlement, and its action mask is exactly the legal actions at every ply."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest
from builders import exact
from extras import skip_reason

pytest.importorskip("pettingzoo", reason=skip_reason("pettingzoo"))

import numpy as np
from hypothesis import HealthCheck, given, settings, strategies as st
from pettingzoo.test import api_test, render_test, seed_test

from tienlen import HOUSE, IWIN, PROFILES, IllegalPlay, InvalidArgument, Round, RuleSet
from tienlen.learning.actionspace import ACTION_SPACE_SIZE, Choice, action_indices
from tienlen.learning.observation import OBSERVATION_LENGTH, encode_observation
from tienlen.learning.pettingzoo import OBSERVATION_SIZE, env, raw_env
from tienlen.money.settle import REWARD_SCALE, reward_net
from tienlen.players.agents import GreedyAgent

CONFIGS = [(rules, n) for rules in PROFILES.values() for n in range(rules.min_players, rules.max_players + 1)]
CONFIG_IDS = [f"{rules.name}-{n}" for rules, n in CONFIGS]
# api_test warns about these for every environment whose observations are dicts (as PettingZoo's own card games)
DICT_OBSERVATION_WARNINGS = ("Observation space for each agent probably should be", "Observation is not a NumPy array")


@pytest.mark.parametrize(("rules", "players"), CONFIGS, ids=CONFIG_IDS)
def test_pettingzoo_api_test_passes(rules: RuleSet, players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(rules=rules, players=players), num_cycles=1000)
    unexpected = [str(w.message) for w in caught if not str(w.message).startswith(DICT_OBSERVATION_WARNINGS)]
    assert not unexpected


@pytest.mark.parametrize(("rules", "players"), CONFIGS, ids=CONFIG_IDS)
def test_pettingzoo_seed_test_passes(rules: RuleSet, players: int) -> None:
    seed_test(lambda: env(rules=rules, players=players), num_cycles=500)


def test_pettingzoo_render_test_passes() -> None:
    render_test(lambda render_mode=None: env(rules="house", players=4, render_mode=render_mode))


def test_render_modes() -> None:
    game = env(rules="iwin", players=3, render_mode="ansi")
    game.reset(seed=2)
    text = game.render()
    assert isinstance(text, str) and text.startswith("iwin trick 1 | 0")
    silent = env(rules="iwin", players=3)
    silent.reset(seed=2)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert silent.render() is None
    with pytest.raises(InvalidArgument, match="render_mode: 'rgb_array' is not offered"):
        raw_env(render_mode="rgb_array")


def test_metadata_and_spaces() -> None:
    game = raw_env(rules=HOUSE, players=3)
    assert game.metadata["name"] == "tienlen_v0" and game.metadata["is_parallelizable"] is False
    assert game.metadata["render_modes"] == ["ansi", "human"]
    assert game.possible_agents == ["seat_0", "seat_1", "seat_2"]
    assert game.action_space("seat_1").n == ACTION_SPACE_SIZE == 463
    space = game.observation_space("seat_1")
    assert space["observation"].shape == (OBSERVATION_SIZE,) == (450,)
    assert space["action_mask"].shape == (463,) and space["action_mask"].dtype == np.int8


def play(game: Any, pick: Any) -> tuple[dict[str, int], int]:
    """Play a round with ``pick(agent, observation)``; return each agent's total reward and the steps."""
    totals = {agent: 0 for agent in game.possible_agents}
    steps = 0
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _info = game.last()
        totals[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        game.step(pick(agent, observation))
        steps += 1
    return totals, steps


@pytest.mark.parametrize(("rules", "players"), CONFIGS, ids=CONFIG_IDS)
def test_rewards_are_the_settlement_in_the_rules_unit_with_the_rake_kept(rules: RuleSet, players: int) -> None:
    game = env(rules=rules, players=players)
    for seed in range(4):
        game.reset(seed=seed)
        rng = np.random.default_rng(seed)
        totals, _ = play(game, lambda agent, obs, rng=rng: int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        round_ = game.unwrapped.tienlen_env.round
        assert [totals[f"seat_{s}"] for s in range(players)] == list(reward_net(round_.result, rules)[0])
        assert round_.is_over and Round.from_json(round_.to_json()) == round_


def walk(game: Any, rng: random.Random) -> None:
    """Random legal indices to the end; at every step the mask is exactly the next indices of the legal actions."""
    for agent in game.agent_iter():
        observation, _, terminated, _, _ = game.last()
        if terminated:
            game.step(None)
            continue
        raw = game.unwrapped
        view = raw.tienlen_env.view(agent)
        choice = raw.choice()
        sequences = {action_indices(a.mask): a for a in view.legal_actions}
        depth = len(choice.chosen)
        expected = {seq[depth] for seq in sequences if seq[:depth] == choice.chosen}
        assert set(np.flatnonzero(observation["action_mask"])) == expected
        assert list(observation["observation"][:OBSERVATION_LENGTH]) == encode_observation(view)
        for other in raw.agents:
            if other != agent:
                assert not raw.observe(other)["action_mask"].any()
        assert game.observation_space(agent).contains(observation)
        game.step(rng.choice(sorted(expected)))


@pytest.mark.parametrize("rules", list(PROFILES.values()), ids=list(PROFILES))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_the_mask_is_the_legal_actions_at_every_ply(rules: RuleSet, seed: int, data: st.DataObject) -> None:
    players = data.draw(st.integers(rules.min_players, rules.max_players))
    game = env(rules=rules, players=players)
    game.reset(seed=seed)
    walk(game, random.Random(seed))


def test_a_run_takes_its_span_then_one_step_per_rank_by_the_same_agent() -> None:
    game = raw_env(rules=HOUSE, players=2)
    game.reset(options={"round": Round.from_hands(["3♠ 4♦ 5♥ 9♣", "6♠ 7♠ 8♠ 10♥"], HOUSE)})
    for index in (196, 317, 319):
        game.step(index)
        assert game.agent_selection == "seat_0"
    assert list(game.observe("seat_0")["observation"][OBSERVATION_LENGTH:][:1]) == [196]
    game.step(320)
    assert game.agent_selection == "seat_1"
    assert str(game.tienlen_env.round.actions[-1]) == "seat 0 play 3♠ 4♦ 5♥"


def test_an_illegal_index_is_refused_and_nothing_changes() -> None:
    game = raw_env(rules=HOUSE, players=4)
    game.reset(seed=5)
    agent = game.agent_selection
    before = (game.tienlen_env.round, game.observe(agent)["action_mask"].copy())
    legal = set(np.flatnonzero(before[1]))
    bad = next(i for i in range(ACTION_SPACE_SIZE) if i not in legal)
    for action in (bad, "3♠", None):
        with pytest.raises(IllegalPlay, match=f"agent {agent}"):
            game.step(action)  # type: ignore[arg-type]
    assert game.tienlen_env.round == before[0] and (game.observe(agent)["action_mask"] == before[1]).all()
    assert game.agent_selection == agent


def test_reset_takes_the_environments_options_and_ignores_other_keys() -> None:
    game = raw_env(rules=HOUSE, players=4)
    game.reset(seed=1, options={"leader": 2, "first_round": False, "something_else": 1})
    assert game.agent_selection == "seat_2" and not game.tienlen_env.round.first_round
    game.reset(seed=1, options=None)
    assert game.tienlen_env.round == Round.deal(HOUSE, players=4, seed=1)


def test_bad_construction_is_refused() -> None:
    with pytest.raises(InvalidArgument, match="neither a RuleSet nor a profile"):
        raw_env(rules="southern")
    with pytest.raises(InvalidArgument, match="pagat is played by 4"):
        raw_env(rules="pagat", players=2)


def test_any_agent_of_the_library_plays_through_next_index() -> None:
    game = env(rules=IWIN, players=4)
    game.reset(seed=9)
    greedy = GreedyAgent()

    def pick(agent: str, observation: Any) -> int:
        raw = game.unwrapped
        choice: Choice = raw.choice()
        return choice.next_index(greedy.act(raw.tienlen_env.view(agent)))

    totals, steps = play(game, pick)
    house = reward_net(game.unwrapped.tienlen_env.round.result, game.unwrapped.tienlen_env.rules)[1]
    assert steps > 0 and round(sum(totals.values()) + house, 9) == 0


def test_pettingzoo_rewards_sum_to_settle_net_including_the_house() -> None:
    pettingzoo = pytest.importorskip("tienlen.learning.pettingzoo", reason=skip_reason("tienlen.learning.pettingzoo"))
    seen_rake = 0
    for seed in range(30):
        game = pettingzoo.env(rules="iwin", players=4)
        game.reset(seed=seed)
        totals = {a: 0.0 for a in game.possible_agents}
        for agent in game.agent_iter():
            observation, reward, terminated, truncated, last_info = game.last()
            totals[agent] += reward
            game.step(None if terminated or truncated else int(observation["action_mask"].nonzero()[0][-1]))
        result = last_info["result"]
        net, house = exact(result, IWIN)
        assert [round(totals[a] * REWARD_SCALE) for a in game.possible_agents] == net
        seen_rake += house > 0
    assert seen_rake > 10


def test_the_wrappers_keep_pettingzoos_checks() -> None:
    # env() wraps in subclasses of PettingZoo's wrappers that read the environment directly and let
    # a plain int in the space straight through (issue 26): the same refusals must remain.
    from pettingzoo.utils.wrappers import AssertOutOfBoundsWrapper, OrderEnforcingWrapper

    game = env(rules=HOUSE, players=4)
    assert isinstance(game, OrderEnforcingWrapper) and isinstance(game.env, AssertOutOfBoundsWrapper)
    for name in ("agents", "agent_selection", "rewards", "terminations", "truncations", "infos"):
        with pytest.raises(AttributeError, match=f"{name} cannot be accessed before reset"):
            getattr(game, name)
    game.reset(seed=2)
    inner = game.unwrapped.tienlen_env
    assert game.agent_selection == inner.agent_selection and game.agents is inner.agents
    assert game.rewards is inner.rewards and game.infos is inner.infos and game._cumulative_rewards is inner._cumulative_rewards
    raw = game.unwrapped  # the bare environment reads the same bookkeeping
    assert raw.truncations is inner.truncations and raw._cumulative_rewards is inner.cumulative_rewards
    for outside in (-1, ACTION_SPACE_SIZE, np.int64(ACTION_SPACE_SIZE), 2.0):
        with pytest.raises(AssertionError, match="not in action space"):
            game.step(outside)
    legal = np.flatnonzero(game.observe(game.agent_selection)["action_mask"])
    game.step(np.int64(legal[0]))  # a NumPy index goes through the space's own check
    assert len(inner.round.actions) == 1 or game.unwrapped.choice().chosen == (int(legal[0]),)


def test_observations_are_new_arrays_each_time() -> None:
    game = env(rules=HOUSE, players=4)
    game.reset(seed=4)
    agent = game.agent_selection
    first, second = game.observe(agent), game.observe(agent)
    assert first["observation"] is not second["observation"] and first["action_mask"] is not second["action_mask"]
    first["action_mask"][:] = 0  # a policy may write into what it was given
    assert second["action_mask"].any() and game.observe(agent)["action_mask"].any()
    assert first["observation"].dtype == np.int16 and first["action_mask"].dtype == np.int8
