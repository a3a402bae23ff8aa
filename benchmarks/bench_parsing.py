"""Reading card and move text: ``parse_cards`` and ``Round.parse_action`` on the English notation
and on Vietnamese words, in µs a call (the best of ``--repeat`` runs of ``--number`` calls each).

``--src`` picks the sources to time, so two checkouts can be compared back to back (A/B):

    python benchmarks/bench_parsing.py                              # this checkout
    python benchmarks/bench_parsing.py --src ../main/src            # another one
"""

from __future__ import annotations

import argparse
import sys
import timeit
from pathlib import Path

ENGLISH_CARDS = ("3♠ 4♣ 5♦", "3s4c5d6h7s", "10h Jd Qc Ks As 2h", "Th", "3♠ 3♣ 4♠ 4♣ 5♠ 5♣ 6♦ 6♥ 7♠ 7♣ J♦ Q♥ A♠")
ENGLISH_ACTIONS = ("pass", "play 3s 4s 5s", "3♠ 4♠ 5♠", "seat 2 chop 6♠6♣6♦6♥")
VIETNAMESE_CARDS = ("heo cơ", "ba bích bốn chuồn năm rô", "xì bích, già rô, đầm tép", "10 ro J co")
VIETNAMESE_ACTIONS = ("bỏ lượt", "A bích", "đánh 3 bích 4 bích 5 bích", "seat 2 chặt 6 bích 6 chuồn 6 rô 6 cơ")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--src", default=str(Path(__file__).resolve().parent.parent / "src"), help="the sources to time")
    parser.add_argument("--number", type=int, default=2000, help="calls a run (default 2,000)")
    parser.add_argument("--repeat", type=int, default=7, help="runs; the best is reported (default 7)")
    args = parser.parse_args()
    sys.path.insert(0, args.src)
    from tienlen import HOUSE, Round, parse_cards

    round_ = Round.deal(HOUSE, seed=1)
    cases = {"parse_cards, English": [(parse_cards, t) for t in ENGLISH_CARDS]}
    cases["parse_action, English"] = [(round_.parse_action, t) for t in ENGLISH_ACTIONS]
    try:
        parse_cards(VIETNAMESE_CARDS[-1])
        round_.parse_action(VIETNAMESE_ACTIONS[1], 0)
    except Exception:
        print("(these sources do not read Vietnamese words: the Vietnamese rows are left out)")
    else:
        cases["parse_cards, Vietnamese"] = [(parse_cards, t) for t in VIETNAMESE_CARDS]
        cases["parse_action, Vietnamese"] = [(lambda t: round_.parse_action(t, 2), t) for t in VIETNAMESE_ACTIONS]
    for name, calls in cases.items():

        def run(calls: list = calls) -> None:  # type: ignore[type-arg]
            for read, text in calls:
                read(text)

        best = min(timeit.repeat(run, number=args.number, repeat=args.repeat)) / args.number / len(calls)
        print(f"{name:<26} {best * 1e6:7.2f} µs a call")


if __name__ == "__main__":
    main()
