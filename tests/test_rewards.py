"""Learning rewards equal the settlement (RULES.md, common decisions): in TienLenEnv, PettingZoo and
OpenSpiel, a round's rewards per seat are ``settle``'s net with the house's rake kept exactly, never
rounded away by the adapters' unit of one bet."""

from __future__ import annotations

import random

import pytest
from extras import skip_reason

from tienlen import IWIN, PROFILES, Round, settle
from tienlen.env import TienLenEnv
from tienlen.settle import REWARD_SCALE, reward_net


def exact(result: object, rules: object) -> tuple[list[int], int]:
    """settle's net and house in a room 100 times finer (the rake then never rounds away)."""
    money = settle(result, rules, unit=REWARD_SCALE)  # type: ignore[arg-type]
    return list(money.net), money.house


def test_reward_net_of_an_iwin_two_player_round_keeps_the_5_percent_rake() -> None:
    """iwin, 2 players, 1 bet: seat 0 goes out (3♠, 4♠, 6♠); the loser pays one ván nhất, 2 bets. The winner's 5% rake is 0.1 bet,
    which settle at 1 per bet rounds down to 0: rewards (1.9, -2.0), house 0.1."""
    round_ = Round.from_hands(["3♠ 6♠", "4♠ 5♠"], IWIN, first_round=False, leader=0).play("3♠").play("4♠").play("6♠")
    assert settle(round_.result, IWIN).net == (2, -2)
    assert reward_net(round_.result, IWIN) == ((1.9, -2.0), 0.1)


def test_env_rewards_sum_to_settle_net_including_the_house() -> None:
    seen_rake = 0
    for seed in range(30):
        env = TienLenEnv(IWIN, players=4)
        env.reset(seed=seed)
        totals = {a: 0.0 for a in env.possible_agents}
        rng = random.Random(seed)
        for agent in env.agent_iter():
            _, reward, terminated, truncated, info = env.last()
            totals[agent] += reward
            env.step(None if terminated or truncated else rng.choice(env.observe(agent)["action_mask"]))
        net, house = exact(env.round.result, IWIN)
        assert [round(totals[a] * REWARD_SCALE) for a in env.possible_agents] == net
        assert round((sum(totals.values()) + info["house"]) * REWARD_SCALE) == 0 == sum(net) + house
        seen_rake += house > 0
    assert seen_rake > 10


def test_pettingzoo_rewards_sum_to_settle_net_including_the_house() -> None:
    pettingzoo = pytest.importorskip("tienlen.pettingzoo", reason=skip_reason("tienlen.pettingzoo"))
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


@pytest.mark.parametrize("name", sorted(PROFILES))
def test_openspiel_returns_sum_to_settle_net_including_the_house(name: str) -> None:
    pyspiel = pytest.importorskip("pyspiel", reason=skip_reason("pyspiel"))
    openspiel = pytest.importorskip("tienlen.openspiel", reason=skip_reason("tienlen.openspiel"))
    rules = PROFILES[name]
    seen_rake = 0
    for seed in range(12):
        rng = random.Random(seed)
        state = pyspiel.load_game(f"{openspiel.GAME_NAME}(rules={name},players={rules.max_players})").new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([c for c, _ in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        result = state._position.round.result
        scale = REWARD_SCALE if rules.rake_percent else 1
        money = settle(result, rules, unit=scale)
        assert [round(v * scale) for v in state.returns()] == list(money.net)
        assert round(sum(state.returns()) * scale) + money.house == (
            sum(money.net) + money.house if rules.currency == "points" else 0
        )
        seen_rake += money.house > 0
    assert seen_rake > 3 or not rules.rake_percent
