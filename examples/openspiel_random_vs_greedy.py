"""Random against greedy through OpenSpiel: OpenSpiel's ``evaluate_bots`` plays its uniform random
bot against the library's greedy bot (as an :class:`tienlen.learning.openspiel.AgentBot`) for many rounds of
each profile; each line gives their mean return per seat and round, in the profile's unit (needs
the ``openspiel`` extra).

Seats alternate between the two bots from round to round. The random bot picks uniformly among the
legal indices, so a straight or pair run is chosen span first, then suit by suit.
"""

from __future__ import annotations

import numpy as np
import pyspiel
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
from open_spiel.python.bots.uniform_random import UniformRandomBot

from tienlen import PROFILES
from tienlen.learning.openspiel import GAME_NAME, AgentBot
from tienlen.players.agents import GreedyAgent


def evaluate(rules: str, players: int, rounds: int) -> dict[str, float]:
    """Mean return per seat and round of each bot."""
    game = pyspiel.load_game(f"{GAME_NAME}(rules={rules},players={players})")
    rng = np.random.RandomState(0)
    greedy = AgentBot(GreedyAgent())
    totals = {"greedy": 0.0, "random": 0.0}
    seats = {"greedy": 0, "random": 0}
    for number in range(rounds):
        names = ["greedy" if (seat + number) % 2 else "random" for seat in range(players)]
        bots = [greedy if name == "greedy" else UniformRandomBot(seat, rng) for seat, name in enumerate(names)]
        returns = evaluate_bots(game.new_initial_state(), bots, rng)
        for name, value in zip(names, returns, strict=True):
            totals[name] += value
            seats[name] += 1
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
