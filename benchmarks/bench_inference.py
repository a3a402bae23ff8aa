"""The search player's inference, measured against uniform sampling (issue 42).

On positions of recorded rounds (seat 0 to act, past the opening) played by a table of one kind
(``--table greedy``: four plain greedy bots; ``planning``: four planning bots; ``mixed``: two of
each), for the cards seat 0 cannot see:

* **cards placed right**: the share of the other seats' hidden cards that a draw gives to the seat
  that really holds them, for a uniform draw, for draws mended by the plain greedy policy (the
  0.2.0 player's and the default level's reading), and for draws mended by the policy inferred
  for each seat (levels 4 and 5);
* **choices explained**: the share of the seats whose every choice the draw explains by the
  policy it is read by;
* **the true policy read**: how often the inference names each seat's real policy.

No rollout is played: the figures are the sampler's alone. Deterministic for the arguments.

    python benchmarks/bench_inference.py                     # 40 rounds of each table kind
    python benchmarks/bench_inference.py --rounds 200 --draws 8
    python benchmarks/bench_inference.py --default planning  # as levels 4 and 5 read the seats
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from tienlen import HOUSE, Round
from tienlen.game.cards import FULL_MASK
from tienlen.players._inference import PLAIN, PLANNED, Sampler, read_choices, replay_of
from tienlen.players.agents import GreedyAgent, play_round

TABLES = {"greedy": (PLAIN,) * 4, "planning": (PLANNED,) * 4, "mixed": (PLAIN, PLANNED, PLAIN, PLANNED)}


def positions(table: tuple[GreedyAgent, ...], rounds: int) -> list[Round]:
    """Every fourth position with seat 0 to act past the first eight actions, of ``rounds`` rounds."""
    found = []
    for seed in range(rounds):
        end = play_round(HOUSE, list(table), seed=seed)
        round_ = Round.deal(HOUSE, seed=seed)
        mine = 0
        for action in end.actions:
            if round_.to_act == 0 and len(round_.actions) > 8:
                mine += 1
                if mine % 4 == 1:
                    found.append(round_)
            round_ = round_.apply(action)
    return found


def measure(kind: str, rounds: int, draws: int, default: GreedyAgent) -> None:
    table = TABLES[kind]
    placed = {"uniform": [0, 0], "mended (greedy)": [0, 0], "mended (inferred)": [0, 0]}
    explained = {"mended (greedy)": [0, 0], "mended (inferred)": [0, 0]}
    read = [0, 0]
    spent = 0.0
    found = positions(table, rounds)
    for index, round_ in enumerate(found):
        view = round_.view(0)
        truth = round_.hand_masks
        unseen = [c for c in range(52) if (FULL_MASK & ~view.hand_mask & ~view.played_mask) >> c & 1]
        rng = random.Random(index)
        for _ in range(draws):  # uniform: the hidden cards dealt at random, each seat its count
            rng.shuffle(unseen)
            start = 0
            for seat in (1, 2, 3):
                hand = unseen[start : start + view.card_counts[seat]]
                start += len(hand)
                placed["uniform"][0] += sum(truth[seat] >> c & 1 for c in hand)
                placed["uniform"][1] += len(hand)
        for name in ("mended (greedy)", "mended (inferred)"):
            began = time.process_time()
            sampler = Sampler(view=view, replay=replay_of(view), rng=random.Random(index), readers=[PLAIN] * 4)
            if name == "mended (inferred)":
                readers = sampler.infer(default, 3)
                for seat in sampler.decisions:
                    read[0] += readers[seat] is table[seat]
                    read[1] += 1
            else:
                sampler.prepare()
            for _ in range(draws):
                hidden = sampler.hidden()
                for seat in (1, 2, 3):
                    placed[name][0] += (hidden[seat] & truth[seat]).bit_count()
                    placed[name][1] += hidden[seat].bit_count()
                    if seat in sampler.decisions and hidden[seat]:
                        explained[name][0] += (
                            read_choices(hidden[seat], sampler.decisions[seat], HOUSE, sampler.readers[seat])[1] is None
                        )
                        explained[name][1] += 1
            spent += time.process_time() - began
    print(f"{kind} table: {len(found)} positions of {rounds} rounds, {draws} draws each")
    for name, (right, all_) in placed.items():
        line = f"  {name:<18} cards placed right {right / all_:6.1%}"
        if name in explained:
            yes, seats = explained[name]
            line += f"   seats' choices all explained {yes / seats:6.1%}"
        print(line)
    print(
        f"  the true policy read for {read[0] / max(read[1], 1):.1%} of {read[1]} seats; {1000 * spent / len(found) / 2:.1f} ms of CPU a position and sampler"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--draws", type=int, default=8, help="draws per position and sampler")
    parser.add_argument("--tables", default="greedy,planning,mixed")
    parser.add_argument(
        "--default",
        choices=("greedy", "planning"),
        default="greedy",
        help="the policy a seat keeps when its choices do not tell (read_table: greedy; levels 4-5: planning)",
    )
    args = parser.parse_args()
    for kind in args.tables.split(","):
        measure(kind, args.rounds, args.draws, PLAIN if args.default == "greedy" else PLANNED)


if __name__ == "__main__":
    main()
