"""Seeded random self-play of whole rounds, per profile: rounds/s and plies/s with every action validated.

Each round is dealt with ``Round.deal`` from a seed drawn from one master seed, then played to the
end by a random policy: at every ply the seat to act picks uniformly among ``legal_actions()``
(and, under rules with out-of-turn bombs, some other seat takes one of ``legal_interrupts()``
three times in ten when any is offered). Every action goes through ``Round.apply``, which checks
it like any user input. The same master seed gives the same rounds, so runs are comparable.

Reported per profile: rounds/s and plies/s for the whole loop (deal + legal-action generation +
apply), plies/s of ``apply`` alone, and counts of chops, frozen players, instant wins and
interrupts, as a sanity check that the rounds are real.

    python benchmarks/bench_rounds.py               # 10,000 rounds per profile
    python benchmarks/bench_rounds.py --quick       # 500 rounds per profile
    python benchmarks/bench_rounds.py --rounds 2000 --players 3 --profiles house iwin
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from tienlen import PROFILES, Chop, Played, Round  # noqa: E402
from tienlen.rules import RuleSet  # noqa: E402


def run(rules: RuleSet, rounds: int, players: int, seed: int) -> dict[str, float]:
    rng = random.Random(f"{seed}:{rules.name}:{players}")
    plies = chops = frozen = instant = interrupts = 0
    apply_time = 0.0
    clock = time.perf_counter
    start = clock()
    for _ in range(rounds):
        r = Round.deal(rules, players=players, seed=rng.getrandbits(63))
        while not r.is_over:
            offered = r.legal_interrupts() if rules.interrupt_bombs else ()
            if offered and rng.random() < 0.3:
                action = rng.choice(offered)
            else:
                action = rng.choice(r.legal_actions())
            t = clock()
            r = r.apply(action)
            apply_time += clock() - t
            plies += 1
        instant += bool(r.instant_winners)
        frozen += len(r.frozen)
        for event in r.events:
            if isinstance(event, Chop):
                chops += 1
            elif isinstance(event, Played) and event.out_of_turn:
                interrupts += 1
    elapsed = clock() - start
    return {
        "rounds": rounds,
        "plies": plies,
        "seconds": elapsed,
        "rounds_per_s": rounds / elapsed,
        "plies_per_s": plies / elapsed,
        "apply_plies_per_s": plies / apply_time if apply_time else 0.0,
        "chops": chops,
        "frozen": frozen,
        "instant": instant,
        "interrupts": interrupts,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=10_000, help="rounds per profile (default 10,000)")
    parser.add_argument("--quick", action="store_true", help="500 rounds per profile (overrides --rounds)")
    parser.add_argument("--players", type=int, default=None, help="players per round (default: the profile's most)")
    parser.add_argument("--seed", type=int, default=2024, help="master seed (default 2024)")
    parser.add_argument("--profiles", nargs="*", default=list(PROFILES), choices=list(PROFILES))
    args = parser.parse_args(argv)
    rounds = 500 if args.quick else args.rounds
    print(f"# python {platform.python_version()} on {platform.machine()}, {rounds} rounds per profile, seed {args.seed}")
    header = f"| {'profile':8} | players | {'rounds':>6} | {'plies':>8} | {'seconds':>7} | {'rounds/s':>8} | {'plies/s':>7} | {'apply plies/s':>13} | {'chops':>6} | {'frozen':>6} | {'instant wins':>12} | {'interrupts':>10} |"
    print(header)
    print("|" + "|".join("-" * (len(cell)) for cell in header.split("|")[1:-1]) + "|")
    for name in args.profiles:
        rules = PROFILES[name]
        players = args.players if args.players is not None else rules.max_players
        if not rules.min_players <= players <= rules.max_players:
            print(f"| {name:8} | {players:>7} | skipped: {name} is played by {rules.min_players}-{rules.max_players} players |")
            continue
        s = run(rules, rounds, players, args.seed)
        print(
            f"| {name:8} | {players:>7} | {s['rounds']:>6} | {s['plies']:>8} | {s['seconds']:>7.2f} | {s['rounds_per_s']:>8.0f} | "
            f"{s['plies_per_s']:>7.0f} | {s['apply_plies_per_s']:>13.0f} | {s['chops']:>6} | {s['frozen']:>6} | {s['instant']:>12} | {s['interrupts']:>10} |",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
