"""Steps per second through the learning-framework adapters, next to the bare ``Round`` loop.

The same seeded deals are played to the end four ways by a uniformly random policy:

* ``Round``: the seat that decides (a seat offered an out-of-turn chop first, as the environments
  do) picks among its legal actions (the lazy ``Round.legal_actions()`` for the seat in turn), and
  the choice is applied with ``Round.apply``;
* ``TienLenEnv``: the framework-free environment, one step per action (a card mask);
* ``PettingZoo``: ``tienlen.learning.pettingzoo.env`` with its wrappers, one step per index of the fixed
  action space (a run takes its span, then a step per rank), observations read at every step
  with ``last()``, the agents' final ``step(None)`` included;
* ``OpenSpiel``: ``python_tienlen`` states, one ``apply_action`` per index, the 52 chance steps of
  the deal included, and the observation tensor of the player to act read at every decision.

"steps/s" counts what each loop steps; "plies/s" counts the round's actions (plays, passes,
chops) per second, so the four are comparable. Needs the ``rl`` and ``openspiel`` extras.

    python benchmarks/bench_adapters.py                  # 300 rounds of house, 4 players
    python benchmarks/bench_adapters.py --rounds 100 --profile iwin --players 3
    python benchmarks/bench_adapters.py --rounds 50 --cprofile   # and each loop's cProfile top 10

On a shared machine, ``--cpu --repeat 3`` times each loop by the process's CPU time and keeps the
fastest of three passes, and ``--tree PATH`` times another checkout's library (its ``src`` put
first on the path) with these same loops, so two trees compare in one table each::

    python benchmarks/bench_adapters.py --rounds 100 --cpu --repeat 3 --tree /work/main
    python benchmarks/bench_adapters.py --rounds 100 --cpu --repeat 3
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

# the library timed: --tree's checkout (read before the library is imported), else this one
sys.path.insert(
    0,
    str(
        Path(sys.argv[sys.argv.index("--tree") + 1] if "--tree" in sys.argv[:-1] else Path(__file__).parent.parent).resolve()
        / "src"
    ),
)

import numpy as np
import pyspiel

import tienlen
from tienlen import PROFILES, Round
from tienlen.learning.env import TienLenEnv, advance, chop_offers
from tienlen.learning.openspiel import GAME_NAME
from tienlen.learning.pettingzoo import env as pettingzoo_env
from tienlen.variants.rules import RuleSet

Loop = Callable[[RuleSet, int, int], tuple[int, int]]
"""Play the round of one seed; return (steps, plies)."""


def bare(rules: RuleSet, players: int, seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    round_ = Round.deal(rules, players=players, seed=seed)
    offers = chop_offers(round_)
    steps = 0
    while not round_.is_over:
        actions = round_.view(offers[0]).legal_actions if offers else round_.legal_actions()
        round_, offers = advance(round_, offers, rng.choice(actions))
        steps += 1
    return steps, len(round_.actions)


def framework_free(rules: RuleSet, players: int, seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    game = TienLenEnv(rules, players=players)
    game.reset(seed=seed)
    steps = 0
    for _ in game.agent_iter():
        observation, _, terminated, _, _ = game.last()
        assert observation is not None
        game.step(None if terminated else rng.choice(observation["action_mask"]))
        steps += 1
    return steps, len(game.round.actions)


def pettingzoo(rules: RuleSet, players: int, seed: int) -> tuple[int, int]:
    rng = random.Random(seed)  # the same draw as every other loop (NumPy's Generator.choice costs 4 times as much)
    game = pettingzoo_env(rules=rules, players=players)
    game.reset(seed=seed)
    steps = 0
    for _ in game.agent_iter():
        observation, _, terminated, _, _ = game.last()
        game.step(None if terminated else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += 1
    return steps, len(game.unwrapped.tienlen_env.round.actions)


def openspiel(rules: RuleSet, players: int, seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    state = pyspiel.load_game(f"{GAME_NAME}(rules={rules.name},players={players})").new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    return steps, len(state.round.actions)


LOOPS: dict[str, Loop] = {"Round": bare, "TienLenEnv": framework_free, "PettingZoo": pettingzoo, "OpenSpiel": openspiel}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--profile", default="house", choices=sorted(PROFILES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--cprofile", action="store_true", help="also print each loop's cProfile top 10 by own time")
    parser.add_argument("--cpu", action="store_true", help="time by this process's CPU time, not the wall clock")
    parser.add_argument("--repeat", type=int, default=1, help="passes of each loop; the fastest is shown")
    parser.add_argument("--tree", type=Path, help="checkout whose library is timed (default: this one)")
    args = parser.parse_args()
    rules = PROFILES[args.profile]
    clock = time.process_time if args.cpu else time.perf_counter
    print(
        f"Python {platform.python_version()}, {args.rounds} rounds of {rules.name}, {args.players} players, "
        f"library {Path(tienlen.__file__).parent}, {'CPU' if args.cpu else 'wall'} seconds, fastest of {args.repeat}"
    )
    print("| loop       | rounds |  steps |  plies | seconds | rounds/s | steps/s | plies/s | of Round |")
    print("|------------|--------|--------|--------|---------|----------|---------|---------|----------|")
    bare_rate = None
    for name, loop in LOOPS.items():
        seconds = float("inf")
        for _ in range(args.repeat):
            profiler = cProfile.Profile() if args.cprofile else None
            start = clock()
            steps = plies = 0
            if profiler is not None:
                profiler.enable()
            for seed in range(args.rounds):
                s, p = loop(rules, args.players, seed)
                steps, plies = steps + s, plies + p
            if profiler is not None:
                profiler.disable()
            seconds = min(seconds, clock() - start)
        bare_rate = bare_rate or plies / seconds
        print(
            f"| {name:10} | {args.rounds:6} | {steps:6} | {plies:6} | {seconds:7.2f} | {args.rounds / seconds:8.0f} "
            f"| {steps / seconds:7.0f} | {plies / seconds:7.0f} | {plies / seconds / bare_rate:8.1%} |"
        )
        if profiler is not None:
            pstats.Stats(profiler, stream=sys.stdout).sort_stats("tottime").print_stats(10)


if __name__ == "__main__":
    main()
