"""The library's caches: their memory when full, and what they hold over a long run of self-play.

First each bounded cache is filled to its cap with made-up entries under ``tracemalloc``, which
gives the most memory it can ever take. Then seeded random self-play (``legal_actions()``, one
action by index, ``apply``) runs ``--rounds`` rounds over the profiles in turn, and reports what
the caches' own statistics say (``tienlen._base.cache.stats()``: the most entries each held at any
time and how many times it was full and started again) and the process's peak resident memory.

    python benchmarks/bench_caches.py                  # 200,000 rounds
    python benchmarks/bench_caches.py --rounds 20000
"""

from __future__ import annotations

import argparse
import random
import resource
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from tienlen import PROFILES, Round
from tienlen._base.cache import CACHES, stats
from tienlen.game import actions, moves
from tienlen.game.combos import ComboKind


def full_bytes() -> dict[str, int]:
    """The memory of the combo cache and the action table when each is filled to its cap."""
    rng = random.Random(1)
    out = {}
    for name, fill in (
        ("combinations", lambda: moves.combo_of(ComboKind.STRAIGHT, rng.getrandbits(52) | 1)),
        ("play actions", lambda: actions.play_action(rng.randrange(4), ComboKind.STRAIGHT, rng.getrandbits(52) | 1)),
    ):
        for cache in CACHES.values():
            cache.clear()
        tracemalloc.start()
        while len(CACHES[name]) < CACHES[name].limit:
            fill()
        out[name] = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
    for cache in CACHES.values():
        cache.clear()
        cache.most = cache.clears = 0  # the self-play below starts from nothing
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=200_000, help="rounds of self-play (default 200,000)")
    args = parser.parse_args(argv)
    for name, size in full_bytes().items():
        print(f"{name} full: {size / 2**20:.1f} MB")
    rng = random.Random(2024)
    names = list(PROFILES)
    start = time.perf_counter()
    for k in range(args.rounds):
        rules = PROFILES[names[k % len(names)]]
        r = Round.deal(rules, players=rules.max_players, seed=rng.getrandbits(63))
        while not r.is_over:
            legal = r.legal_actions()
            r = r.apply(legal[rng.randrange(len(legal))])
    print(f"{args.rounds} rounds in {time.perf_counter() - start:.0f} s")
    for f in stats().values():
        print(f"{f.name}: most {f.most:,} of {f.limit:,} {f.holds}; full and started again {f.clears} times")
    print(f"peak resident memory of the process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
