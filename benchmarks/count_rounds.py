"""Play greedy rounds for a fixed number of seeded deals, for counting instructions.

Wall-clock figures swing with the machine's load; instruction counts do not. Run one loop under
cachegrind for some rounds and for none, and divide the difference by the plies printed::

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        python benchmarks/count_rounds.py view 40        # then the same with 0 rounds

``view``: ``bench_rounds.py``'s greedy loop (four ``GreedyAgent`` deciding on ``Round.view``);
``play``: ``play_round`` with four ``GreedyAgent`` (the bundled bots' in-turn choice, made on the
round without a view). Both runs play two warm-up rounds first, so start-up, imports and the first
filling of the caches cancel out; then ``gc.freeze()``, as ``count_adapters.py`` does. ``--tree
PATH`` counts another checkout's library with these same loops.
"""

from __future__ import annotations

import argparse
import gc
import sys
from pathlib import Path

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
parser.add_argument("loop", choices=["view", "play"])
parser.add_argument("rounds", type=int)
parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent, help="checkout whose library is counted")
args = parser.parse_args()
sys.path.insert(0, str(args.tree.resolve() / "src"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tienlen import HOUSE  # noqa: E402  (the tree's library, loaded before bench_rounds puts this one first)
from tienlen.players.agents import GreedyAgent, play_round  # noqa: E402

# isort: split
import bench_rounds  # noqa: E402


def played(rounds: int, seed: int) -> int:
    """The plies of ``rounds`` rounds of four greedy bots through ``play_round``."""
    agents = [GreedyAgent()] * 4
    return sum(len(play_round(HOUSE, agents, seed=seed + k).actions) for k in range(rounds))


if args.loop == "view":
    bench_rounds.run(HOUSE, 2, 4, 1, loop="greedy")
    gc.freeze()
    plies = int(bench_rounds.run(HOUSE, args.rounds, 4, 2024, loop="greedy")["plies"])
else:
    played(2, 10_000)
    gc.freeze()
    plies = played(args.rounds, 2024)
print(
    f"{args.loop}: {args.rounds} greedy rounds of house, 4 players: {plies} plies ({Path(sys.modules['tienlen'].__file__ or '').parent})"
)
