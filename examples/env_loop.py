"""The turn-based environment loop with random agents, for every profile.

Each agent picks one of the card masks in its ``action_mask`` (``0`` passes, or declines an
out-of-turn chop). Once the round is over each agent reads its reward and steps ``None`` to leave.
"""

from __future__ import annotations

import random

from tienlen import PROFILES
from tienlen.game.cards import format_cards
from tienlen.learning.env import TienLenEnv


def play_episode(env: TienLenEnv, seed: int) -> dict[str, float]:
    """Play one round with uniformly random legal actions; return each agent's total reward."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    totals = {agent: 0.0 for agent in env.possible_agents}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            action = None
        else:
            assert observation is not None
            action = rng.choice(observation["action_mask"])
        env.step(action)
    return totals


def main() -> None:
    env = TienLenEnv(PROFILES["house"], players=4, unit=1000, render_mode="ansi")
    env.reset(seed=3)
    first = env.agent_selection
    observation = env.observe(first)
    print(f"{first} leads; observation of {len(observation['observation'])} ints")
    print("  legal plays:", ", ".join(format_cards(mask) for mask in observation["action_mask"][:5]), "…")
    print(" ", env.render())

    for name, rules in PROFILES.items():
        for players in range(rules.min_players, rules.max_players + 1):
            unit = 1000 if rules.currency == "chips" else 1
            env = TienLenEnv(rules, players=players, unit=unit)
            totals = play_episode(env, seed=11)
            assert env.settlement is not None
            rewards = " ".join(f"{agent}={total:+,g}" for agent, total in totals.items())
            print(f"{name:9} {players} players ({env.settlement.currency}): {rewards}")


if __name__ == "__main__":
    main()
