"""The library's caches: their memory when full, and what they hold over a long run of self-play.

First each bounded cache is filled to its cap with made-up entries under ``tracemalloc``, which
gives the most memory it can ever take. Then seeded random self-play (``legal_actions()``, one
action by index, ``apply``) runs ``--rounds`` rounds over the profiles in turn, and reports the
most entries each cache held at any time and the process's peak resident memory.

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

from tienlen import PROFILES, Round, actions, moves, round, wire
from tienlen.combos import ComboKind


def caches() -> dict[str, int]:
    """Entries in each of the library's caches now."""
    return {
        "combos": len(moves._CACHE),
        "play actions": len(actions.ACTIONS),
        "trick-won events": len(round._TRICKS_WON),
        "move plans": len(moves._PLANS),
        "wire texts": wire._text.cache_info().currsize,
    }


def full_bytes() -> dict[str, int]:
    """The memory of the combo cache and the action table when each is filled to its cap."""
    rng = random.Random(1)
    out = {}
    for name, cap, fill in (
        ("combos", moves._CACHE_LIMIT, lambda: moves.combo_of(ComboKind.STRAIGHT, rng.getrandbits(52) | 1)),
        (
            "play actions",
            actions.ACTIONS_LIMIT,
            lambda: actions.play_action(rng.randrange(4), ComboKind.STRAIGHT, rng.getrandbits(52) | 1),
        ),
    ):
        moves._CACHE.clear()
        actions.ACTIONS.clear()
        tracemalloc.start()
        while len(moves._CACHE if name == "combos" else actions.ACTIONS) < cap:
            fill()
        out[name] = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
    moves._CACHE.clear()
    actions.ACTIONS.clear()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=200_000, help="rounds of self-play (default 200,000)")
    args = parser.parse_args(argv)
    for name, size in full_bytes().items():
        print(f"{name} full: {size / 2**20:.1f} MB")
    rng = random.Random(2024)
    names = list(PROFILES)
    most = caches()
    start = time.perf_counter()
    for k in range(args.rounds):
        rules = PROFILES[names[k % len(names)]]
        r = Round.deal(rules, players=rules.max_players, seed=rng.getrandbits(63))
        while not r.is_over:
            legal = r.legal_actions()
            r = r.apply(legal[rng.randrange(len(legal))])
        if k % 100 == 0:
            most = {name: max(most[name], n) for name, n in caches().items()}
    print(f"{args.rounds} rounds in {time.perf_counter() - start:.0f} s; most entries held: {most}")
    print(f"peak resident memory of the process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
