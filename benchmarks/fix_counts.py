"""How many seeded random rounds settle differently after a change to the money rules.

Plays ``--rounds`` seeded rounds of every profile at every player count it allows, with random
legal actions (an out-of-turn chop taken three times in ten when one is offered) and, so that the
forfeit rules are exercised, a random seat forfeiting with probability ``--forfeit`` before each
action. It uses only what every version of the library offers, so the same script run against two
trees plays the same rounds; ``--compare OLD.json`` then counts the rounds whose nets differ and
says why.

Usage (the numbers in RESULTS.md)::

    git archive f8f9e4f src | tar -x -C /tmp/base
    PYTHONPATH=/tmp/base/src python benchmarks/fix_counts.py --out /tmp/base.json
    PYTHONPATH=src python benchmarks/fix_counts.py --out /tmp/new.json --compare /tmp/base.json
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter

from tienlen import PROFILES, Round, settle
from tienlen.game.events import Finished, Forfeited

PROFILE_NAMES = ("house", "faceoff", "northern", "iwin", "pagat")


def play(rules_name: str, players: int, seed: int, forfeit: float) -> Round:
    """One seeded round of random legal actions and occasional forfeits."""
    rules = PROFILES[rules_name]
    rng = random.Random(seed)
    round_ = Round.deal(rules, players=players, seed=seed, first_round=seed % 2 == 0)
    while not round_.is_over:
        active = [s for s in range(players) if round_.is_active(s)]
        if rng.random() < forfeit:
            round_ = round_.forfeit(rng.choice(active))
            continue
        interrupts = round_.legal_interrupts()
        if interrupts and rng.random() < 0.3:
            round_ = round_.apply(rng.choice(interrupts))
        else:
            round_ = round_.apply(rng.choice(list(round_.legal_actions())))
    return round_


def cause(round_: Round) -> str:
    """Which money rule a round exercises: a late forfeit, a 2- or 3-player table all frozen, or none."""
    result = round_.result
    out = False
    for event in result.events:
        out = out or isinstance(event, Finished)
        if out and isinstance(event, Forfeited) and round_.rules.forfeit_penalty is not None:
            return "fix 3: forfeit after someone went out"
    if round_.rules.den_bai and result.frozen and len(result.frozen) == round_.players - 1 < 3:
        return "fix 2: every other player frozen at 2-3 players"
    return "other"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000)
    parser.add_argument("--forfeit", type=float, default=0.005)
    parser.add_argument("--profiles", default=",".join(PROFILE_NAMES), help="comma-separated profiles to play")
    parser.add_argument("--out", required=True)
    parser.add_argument("--compare")
    args = parser.parse_args()
    nets: dict[str, list[int]] = {}
    causes: dict[str, str] = {}
    for name in args.profiles.split(","):
        rules = PROFILES[name]
        for players in range(rules.min_players, rules.max_players + 1):
            for seed in range(args.rounds):
                round_ = play(name, players, seed, args.forfeit)
                key = f"{name}/{players}/{seed}"
                nets[key] = list(settle(round_.result, rules).net)
                causes[key] = cause(round_)
    with open(args.out, "w", encoding="utf-8") as file:
        json.dump(nets, file)
    if args.compare:
        with open(args.compare, encoding="utf-8") as file:
            old = json.load(file)
        changed = Counter((key.rsplit("/", 1)[0], causes[key]) for key in nets if nets[key] != old[key])
        exercised = Counter((key.rsplit("/", 1)[0], causes[key]) for key in nets if causes[key] != "other")
        print(f"{'profile/players':16} {'cause':50} {'rounds':>6} {'changed':>7}")
        for table, why in sorted(exercised | changed):
            print(f"{table:16} {why:50} {exercised[(table, why)]:6} {changed[(table, why)]:7}")
        print(f"total changed: {sum(changed.values())} of {len(nets)} rounds")


if __name__ == "__main__":
    main()
