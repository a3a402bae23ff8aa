"""An OpenSpiel information-set MCTS bot against the library's greedy bot, heads-up (needs the
``openspiel`` extra).

OpenSpiel's ``ISMCTSBot`` searches from deals resampled with
:meth:`tienlen.learning.openspiel.TienLenState.resample_from_infostate`, scoring leaves with random
rollouts; the greedy bot (:class:`tienlen.players.agents.GreedyAgent`) plays through
:class:`tienlen.learning.openspiel.AgentBot`. The two change seats every round. No training is involved.

    python examples/openspiel_ismcts.py                      # 2 quick rounds
    python examples/openspiel_ismcts.py --rounds 40 --simulations 100
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from tienlen.learning.openspiel import GAME_NAME, AgentBot
from tienlen.players.agents import GreedyAgent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rules", default="house")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--simulations", type=int, default=30)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    game = pyspiel.load_game(f"{GAME_NAME}(rules={args.rules},players={args.players})")
    rng = np.random.RandomState(args.seed)
    searcher = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, args.simulations, random_state=rng)
    # resample hidden cards from a seeded sampler too, so that a run is repeatable
    sampler = pyspiel.UniformProbabilitySampler(args.seed, 0.0, 1.0)
    searcher.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    greedy = AgentBot(GreedyAgent())
    wins, total = 0, 0.0
    for number in range(args.rounds):
        seat = number % args.players
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                cards, chances = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(cards, p=chances)))
            else:
                bot = searcher if state.current_player() == seat else greedy
                state.apply_action(int(bot.step(state)))
        assert state.round is not None
        won = state.round.result.placements[:1] == (seat,)
        wins += won
        total += state.returns()[seat]
        print(f"round {number + 1}: ISMCTS in seat {seat} {'won' if won else 'lost'}, return {state.returns()[seat]:+.0f}")
    print(
        f"ISMCTS ({args.simulations} simulations a move) won {wins} of {args.rounds} rounds against greedy "
        f"({args.rules}, {args.players} players), mean return {total / args.rounds:+.2f}"
    )


if __name__ == "__main__":
    main()
