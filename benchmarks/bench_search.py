"""The search player and the solver: time per decision by level, hint time, and solve times.

Decisions are timed on the positions met by the search player itself in seeded ``house`` rounds
against three greedy bots (every decision it is asked, forced ones included, and also the ones
with a real choice alone); ``hint`` on the opening position of seeded 13-card deals; ``solve`` on
random two-player open-hand endgames of 8 and 10 cards each (seat 0 to lead), with the median,
the 90th percentile, the slowest and how many finished within ``--limit`` positions.

Times are the process's CPU time (``time.process_time``), which other work on a shared machine
disturbs far less than the wall clock; on an idle machine the two agree.

    python benchmarks/bench_search.py                       # levels 1-3, 4 rounds each
    python benchmarks/bench_search.py --levels 1,2,3,4,5 --rounds 10 --solves 50
    python benchmarks/bench_search.py --edition 0.2 --levels 3 --hints 0 --solves 0   # the 0.2.0 player
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from tienlen import HOUSE, Round
from tienlen.game.actions import Action
from tienlen.game.views import PlayerView
from tienlen.players.agents import GreedyAgent, play_round
from tienlen.players.search import EDITION, EDITIONS, HINT_LEVEL, SearchAgent, hint, read_table
from tienlen.players.solve import solve


class Timed:
    """An agent that times another."""

    def __init__(self, agent: SearchAgent) -> None:
        self.agent = agent
        self.all: list[float] = []
        self.chosen: list[float] = []

    def act(self, view: PlayerView) -> Action:
        start = time.process_time()
        action = self.agent.act(view)
        spent = time.process_time() - start
        self.all.append(spent)
        if len(view.legal_actions) > 1:
            self.chosen.append(spent)
        return action


def decisions(level: int, rounds: int, edition: str) -> None:
    timed = Timed(SearchAgent(level=level, seed=1, edition=edition))
    for index in range(rounds):
        seats: list[GreedyAgent | Timed] = [GreedyAgent(), GreedyAgent(), GreedyAgent(), GreedyAgent()]
        seats[index % 4] = timed
        play_round(HOUSE, seats, seed=500 + index)  # type: ignore[arg-type]
    print(
        f"{edition} level {level} ({EDITIONS[edition][level].rollouts} rollouts): {1000 * statistics.mean(timed.all):7.1f} ms a decision over {len(timed.all)}"
        f" ({1000 * statistics.mean(timed.chosen or [0.0]):.1f} ms over the {len(timed.chosen)} with a choice,"
        f" slowest {1000 * max(timed.all):.0f} ms)"
    )


def hints(count: int) -> None:
    spent = []
    for seed in range(count):
        round_ = Round.deal(HOUSE, seed=seed)
        assert round_.to_act is not None
        view = round_.view(round_.to_act)
        start = time.process_time()
        hint(view)
        spent.append(time.process_time() - start)
    print(
        f"hint, 13 cards, default level ({HINT_LEVEL}): median {1000 * statistics.median(spent):.0f} ms, slowest {1000 * max(spent):.0f} ms over {count}"
    )
    spent = []
    for seed in range(count):
        round_ = play_round(HOUSE, [GreedyAgent()] * 4, seed=seed)
        mid = Round.deal(HOUSE, seed=seed)
        for action in round_.actions[: len(round_.actions) // 2]:
            mid = mid.apply(action)
        if mid.to_act is None:
            continue
        start = time.process_time()
        read_table(mid.view(mid.to_act))
        spent.append(time.process_time() - start)
    print(
        f"read_table, mid-round, default draws: median {1000 * statistics.median(spent):.0f} ms, slowest {1000 * max(spent):.0f} ms over {len(spent)}"
    )


def solves(cards: int, count: int, limit: int) -> None:
    spent, sizes, unknown = [], [], 0
    for index in range(count):
        rng = random.Random(f"bench-solve:{cards}:{index}")
        dealt = rng.sample(range(52), 2 * cards)
        hands = [sum(1 << c for c in dealt[:cards]), sum(1 << c for c in dealt[cards:])]
        round_ = Round.from_hands(hands, HOUSE, first_round=False, leader=0)
        start = time.process_time()
        solution = solve(round_, limit=limit)
        spent.append(time.process_time() - start)
        sizes.append(solution.positions)
        unknown += solution.wins is None
    spent.sort()
    print(
        f"solve, 2 players x {cards} cards: median {1000 * statistics.median(spent):.0f} ms,"
        f" 90% {1000 * spent[int(0.9 * (count - 1))]:.0f} ms, slowest {1000 * spent[-1]:.0f} ms;"
        f" median {int(statistics.median(sizes)):,} positions; {count - unknown}/{count} solved within {limit:,} positions"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--levels", default="1,2,3")
    parser.add_argument(
        "--edition", default=EDITION, choices=sorted(EDITIONS), help="the search player's edition (default: this release's)"
    )
    parser.add_argument("--rounds", type=int, default=4, help="rounds per level (the searcher changes seat each round)")
    parser.add_argument("--hints", type=int, default=10)
    parser.add_argument("--solves", type=int, default=30)
    parser.add_argument("--limit", type=int, default=2_000_000, help="positions a solve may visit")
    args = parser.parse_args()
    for level in (int(x) for x in args.levels.split(",")):
        decisions(level, args.rounds, args.edition)
    if args.hints:
        hints(args.hints)
    for cards in (8, 10) if args.solves else ():
        solves(cards, args.solves, args.limit)


if __name__ == "__main__":
    main()
