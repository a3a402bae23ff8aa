"""The bundled greedy policies' cost a decision: the plain bot against the planning bot.

Positions are recorded from seeded ``house`` rounds (four planning bots, and four plain greedy
bots, half each): every in-turn decision. Each policy then decides at every recorded position
as a rollout of the search player asks it (``agents._in_turn_choice``: the round's legal plays,
then the choice on their masks), on rounds rebuilt before each pass so that no round has its
legal plays already listed. A pass is timed in CPU time (``time.process_time``) and the best of
``--repeat`` passes is reported as µs a decision, twice: with the policies' caches emptied
before the pass ("cold": every hand is new to them, as in a rollout's first visit) and left
as the previous pass filled them ("warm": every hand seen before).

    python benchmarks/bench_policies.py
    python benchmarks/bench_policies.py --rounds 200 --repeat 7
    python benchmarks/bench_policies.py --tree /tmp/old     # another checkout's library

``--count POLICY STATE PASSES`` makes the positions and warms up as above, then makes ``PASSES``
passes of one policy (``cold``: its caches emptied before each) and times nothing, for
counting instructions, which the machine's load does not move: one pass minus none, divided by
the decisions::

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no \\
        python benchmarks/bench_policies.py --rounds 40 --count greedy-plan cold 1   # then ... cold 0
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent, help="checkout to time")
    parser.add_argument("--rounds", type=int, default=100, help="rounds recorded (half of each policy)")
    parser.add_argument("--repeat", type=int, default=5, help="passes timed; the best is kept")
    parser.add_argument("--count", nargs=3, metavar=("POLICY", "STATE", "PASSES"), help="for counting instructions (see above)")
    args = parser.parse_args()
    sys.path.insert(0, str(args.tree / "src"))
    from tienlen import HOUSE, Round
    from tienlen._base.cache import CACHES
    from tienlen.players import agents

    policies = {name: agents.make_agent(name) for name in ("greedy", "greedy-plan")}
    finals = {}  # each round's actions, and where a decision was made in turn
    recorded: list[tuple[int, int]] = []  # (seed, actions played before the decision)
    for seed in range(args.rounds):
        bot = policies["greedy-plan" if seed % 2 else "greedy"]
        finals[seed] = agents.play_round(HOUSE, [bot] * 4, seed=seed).actions
        round_ = Round.deal(HOUSE, seed=seed)
        for number, action in enumerate(finals[seed]):
            if action.kind in ("play", "pass") and action.seat == round_.to_act:
                recorded.append((seed, number))
            round_ = round_.apply(action)

    def positions() -> list[tuple[Round, int]]:
        rounds = {}
        for seed, actions in finals.items():
            rounds[seed] = [Round.deal(HOUSE, seed=seed)]
            for action in actions:
                rounds[seed].append(rounds[seed][-1].apply(action))
        return [(rounds[seed][number], rounds[seed][number].to_act) for seed, number in recorded]  # type: ignore[misc]

    caches = [cache for name, cache in CACHES.items() if name in ("leads to shed hands", "bomb cards of hands")]
    if args.count:  # the same making and warm-up for any number of passes, so that 1 pass minus 0 is one pass's work
        name, state, passes = args.count[0], args.count[1], int(args.count[2])
        agent, todo = policies[name], positions()
        for round_, seat in positions():
            agents._in_turn_choice(agent, round_, seat)
        gc.collect()
        gc.freeze()
        for _ in range(passes):
            for cache in caches if state == "cold" else ():
                cache.clear()
            for round_, seat in todo:
                agents._in_turn_choice(agent, round_, seat)
        print(f"{name}, {state} caches: {passes} passes of {len(recorded)} decisions")
        return
    print(f"{len(recorded)} decisions from {args.rounds} rounds; µs a decision, best of {args.repeat} passes (CPU time)")
    print("| policy | cold caches | warm caches |")
    print("|---|---:|---:|")
    for name, agent in policies.items():
        best = {"cold": float("inf"), "warm": float("inf")}
        for _ in range(args.repeat):
            for state in ("cold", "warm"):
                if state == "cold":
                    for cache in caches:
                        cache.clear()
                todo = positions()  # fresh rounds: no legal plays listed yet
                began = time.process_time()
                for round_, seat in todo:
                    agents._in_turn_choice(agent, round_, seat)
                best[state] = min(best[state], time.process_time() - began)
        print(f"| {name} | {1e6 * best['cold'] / len(recorded):.2f} | {1e6 * best['warm'] / len(recorded):.2f} |")


if __name__ == "__main__":
    main()
