"""What a refusal costs next to an answer: :func:`tienlen.classify` and :meth:`tienlen.Round.play`,
accepted and refused, timed side by side.

Each case is timed in batches of 1,000 calls (CPU time of the process) and the median of the
batches is reported as µs a call, with the ratio of each refused case to its accepted one. A
refusal is caught and dropped, as a caller that only wants to know would do (an answer goes
through the same ``try``); its message is not read. The last line times a refused ``classify``
whose message is read (``str(error)``), what a caller that shows the refusal pays. ``--tree`` times another checkout
(its ``src`` put first on the path), so two versions are measured by the same script:

    python benchmarks/bench_refusals.py
    python benchmarks/bench_refusals.py --tree /work/main
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent, help="checkout to time")
    parser.add_argument("--batches", type=int, default=100, help="batches of 1,000 calls per case")
    args = parser.parse_args()
    sys.path.insert(0, str(args.tree / "src"))
    import tienlen  # the tree's own
    from tienlen import HOUSE, NORTHERN, Round, TienLenError, classify

    def mask(text: str) -> int:
        return sum(1 << (4 * c.rank + c.suit) for c in tienlen.parse_cards(text))

    # seat 0 leads; seat 1 is to act on 7♠ 7♣ with a hand that holds both answers and mistakes
    start = Round.from_hands(["7♠ 7♣ 3♦", "8♠ 8♣ 9♦ J♥ 4♣ 5♦ 6♥", "3♠ 4♠"], HOUSE, first_round=False, leader=0)
    on_pair = start.play("7♠ 7♣")

    def guarded(call: Callable[[], object]) -> Callable[[], object]:  # the same caller for an answer and a refusal
        def attempt() -> object:
            try:
                return call()
            except TienLenError:
                return None

        return attempt

    straight, loose, run = mask("3♠ 4♦ 5♥"), mask("3♠ 5♦ 9♥"), mask("4♣ 5♦ 6♥")
    pair, two_colours, eights, no_combo = mask("9♠ 9♣"), mask("9♠ 9♥"), mask("8♠ 8♣"), mask("8♠ 9♦")
    cases = {
        "classify, three cards": (lambda: classify(straight, HOUSE), lambda: classify(loose, HOUSE)),
        "classify, pair (northern)": (lambda: classify(pair, NORTHERN), lambda: classify(two_colours, NORTHERN)),
        "Round.play, cannot beat": (lambda: on_pair.play(eights), lambda: on_pair.play(run)),
        "Round.play, no combination": (lambda: on_pair.play(eights), lambda: on_pair.play(no_combo)),
    }

    def read() -> object:
        try:
            return classify(loose, HOUSE)
        except TienLenError as error:
            return str(error)

    print(f"Python {platform.python_version()}, {Path(tienlen.__file__).parent}, {args.batches} batches of 1,000 calls per case")
    print("| case                        | accepted µs | refused µs | refused / accepted |")
    print("|-----------------------------|------------:|-----------:|-------------------:|")
    for name, (accepted, refusal) in cases.items():
        yes, no = _median(guarded(accepted), args.batches), _median(guarded(refusal), args.batches)
        print(f"| {name:27} | {yes:11.2f} | {no:10.2f} | {no / yes:18.1f} |")
    print(f"| {'classify, message read':27} | {'':11} | {_median(read, args.batches):10.2f} | {'':18} |")


def _median(call: Callable[[], object], batches: int) -> float:
    clock = time.process_time  # CPU time: waiting for a core on a busy machine does not count
    times = []
    for _ in range(batches):
        began = clock()
        for _ in range(1000):
            call()
        times.append((clock() - began) * 1000)  # µs a call
    return statistics.median(times)


if __name__ == "__main__":
    main()
