"""Random against greedy through PettingZoo: the library's greedy bot and a random policy over the
action mask share a table for many rounds of each profile; each line gives their mean reward per
seat and round, in the profile's unit (needs the ``rl`` extra).

The random policy samples an index from the action mask, as an untrained network would; the greedy
bot (:class:`tienlen.players.agents.GreedyAgent`) reads the agent's view and is walked to its action one
index at a time with :meth:`tienlen.learning.actionspace.Choice.next_index`. Seats alternate between the two
from round to round.
"""

from __future__ import annotations

from tienlen import PROFILES
from tienlen.learning.pettingzoo import env, raw_env
from tienlen.players.agents import GreedyAgent


def evaluate(rules: str, players: int, rounds: int) -> dict[str, float]:
    """Mean reward per seat and round of each policy."""
    game = env(rules=rules, players=players)
    raw: raw_env = game.unwrapped
    greedy = GreedyAgent()
    totals = {"greedy": 0, "random": 0}
    seats = {"greedy": 0, "random": 0}
    for number in range(rounds):
        game.reset(seed=number)
        policy = {agent: "greedy" if (seat + number) % 2 else "random" for seat, agent in enumerate(game.possible_agents)}
        for agent in game.possible_agents:
            game.action_space(agent).seed(number)
            seats[policy[agent]] += 1
        for agent in game.agent_iter():
            observation, reward, terminated, truncated, _info = game.last()
            totals[policy[agent]] += reward
            if terminated or truncated:
                game.step(None)
            elif policy[agent] == "random":
                game.step(game.action_space(agent).sample(observation["action_mask"]))
            else:
                game.step(raw.choice().next_index(greedy.act(raw.tienlen_env.view(agent))))
    return {name: totals[name] / seats[name] for name in totals}


def main() -> None:
    for name, rules in PROFILES.items():
        players = rules.max_players
        means = evaluate(name, players, rounds=20)
        print(
            f"{name:9} {players} players, 20 rounds ({rules.currency}): greedy {means['greedy']:+.2f}, random {means['random']:+.2f} per seat and round"
        )


if __name__ == "__main__":
    main()
