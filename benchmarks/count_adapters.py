"""Play ``bench_adapters.py``'s loops for a fixed number of seeded rounds, for counting instructions.

Wall-clock and CPU figures swing with the machine's load; instruction counts do not. Run one loop
under cachegrind for some rounds and for none, and divide the difference by the plies printed::

    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        python benchmarks/count_adapters.py TienLenEnv 30        # then the same with 0 rounds

Both runs play the same two warm-up rounds first (seeds from 10,000), so start-up, imports and
the first filling of the library's caches cancel out; then ``gc.freeze()`` sets every object made
so far aside from the collector, whose full passes over the frameworks' many objects otherwise
fall at different moments in two trees and move a loop's count by several thousand a ply. ``--tree PATH`` counts another checkout's
library with these same loops (as ``bench_adapters.py --tree`` does).
"""

from __future__ import annotations

import argparse
import gc
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
import bench_adapters  # reads --tree before the library is imported

from tienlen import PROFILES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("loop", choices=sorted(bench_adapters.LOOPS))
    parser.add_argument("rounds", type=int)
    parser.add_argument("--profile", default="house", choices=sorted(PROFILES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--tree", type=Path, help="checkout whose library is counted (default: this one)")
    args = parser.parse_args()
    loop, rules = bench_adapters.LOOPS[args.loop], PROFILES[args.profile]
    for seed in (10_000, 10_001):
        loop(rules, args.players, seed)
    gc.freeze()
    plies = sum(loop(rules, args.players, seed)[1] for seed in range(args.rounds))
    print(f"{args.loop} {args.rounds} rounds of {rules.name}, {args.players} players: {plies} plies")


if __name__ == "__main__":
    main()
