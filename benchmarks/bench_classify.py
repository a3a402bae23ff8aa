"""Speed of :func:`tienlen.classify` on card masks, per shape and over a mix of shapes.

Each case is one card mask classified under ``house``; a case is timed in batches of 1,000 calls,
and the median of the batches is reported as µs a call (CPU time of the process). "mixed" is the median over every case's
batches. ``--tree`` times another checkout's ``classify`` (its ``src`` put first on the path), so
two versions are measured by the same script back to back:

    python benchmarks/bench_classify.py
    git worktree add /tmp/v010 24b64ad   # the 0.1.0 release
    python benchmarks/bench_classify.py --tree /tmp/v010
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

CASES = {
    "single": "7♦",
    "pair": "9♠ 9♣",
    "triple": "Q♠ Q♣ Q♥",
    "quad": "5♠ 5♣ 5♦ 5♥",
    "straight of 3": "3♠ 4♦ 5♥",
    "straight of 6": "6♠ 7♣ 8♦ 9♥ 10♠ J♣",
    "pair run of 3": "4♠ 4♣ 5♦ 5♥ 6♠ 6♣",
    "pair run of 4": "8♠ 8♥ 9♣ 9♦ 10♠ 10♥ J♣ J♦",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent, help="checkout to time")
    parser.add_argument("--batches", type=int, default=200, help="batches of 1,000 calls per case")
    args = parser.parse_args()
    sys.path.insert(0, str(args.tree / "src"))
    from tienlen import HOUSE, classify  # the tree's own
    from tienlen.game.cards import parse_cards

    masks = {name: sum(1 << (4 * c.rank + c.suit) for c in parse_cards(text)) for name, text in CASES.items()}
    import tienlen

    print(f"Python {platform.python_version()}, {Path(tienlen.__file__).parent}, {args.batches} batches of 1,000 calls per case")
    print("| case           | median µs |")
    print("|----------------|----------:|")
    every: list[float] = []
    clock = time.process_time  # CPU time: waiting for a core on a busy machine does not count
    for name, mask in masks.items():
        assert classify(mask, HOUSE).mask == mask
        batches = []
        for _ in range(args.batches):
            start = clock()
            for _ in range(1000):
                classify(mask, HOUSE)
            batches.append((clock() - start) * 1000)  # µs a call
        every += batches
        print(f"| {name:14} | {statistics.median(batches):9.2f} |")
    print(f"| {'mixed':14} | {statistics.median(every):9.2f} |")


if __name__ == "__main__":
    main()
