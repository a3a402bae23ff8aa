"""Seeded random self-play of whole rounds, per profile: rounds/s and plies/s with every action validated.

Each round is dealt with ``Round.deal`` from a seed drawn from one master seed, then played to the
end by a random policy: at every ply the seat to act picks uniformly among ``legal_actions()``
(and, under rules with out-of-turn bombs, some other seat takes one of ``legal_interrupts()``
three times in ten when any is offered). Every action goes through ``Round.apply``, which checks
it like any user input. The same master seed gives the same rounds, so runs are comparable.

Three loops (``--loop``): ``index`` picks an index into ``legal_actions()`` and builds only that
action (issue 13's measure); ``all`` builds every legal ``Action`` of every ply first; ``greedy``
has four ``GreedyAgent`` play through ``Round.view(seat)`` every ply. Reported per profile:
rounds/s and plies/s for the whole loop (deal + legal-action generation + apply), and counts
of chops, frozen players, instant wins and interrupts, as a sanity check that the rounds are
real. ``--parts`` also times ``apply`` alone and ``legal_actions()`` alone, as plies/s (the
latter not in the greedy loop, where the view asks for them); the clock calls this takes slow
the whole loop a little, so the loop's own figure is measured without it. ``--memory`` adds the size of a finished round with its history
(``tracemalloc``, median over 200 rounds) and the library's cache sizes after the loop.

    python benchmarks/bench_rounds.py               # 10,000 rounds per profile, index loop
    python benchmarks/bench_rounds.py --quick       # 500 rounds per profile
    python benchmarks/bench_rounds.py --loop greedy --profiles house
    python benchmarks/bench_rounds.py --rounds 2000 --players 3 --profiles house iwin
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from tienlen import PROFILES, Chop, Played, Round
from tienlen.game.actions import Action
from tienlen.players.agents import GreedyAgent
from tienlen.variants.rules import RuleSet


def run(rules: RuleSet, rounds: int, players: int, seed: int, loop: str = "index", parts: bool = False) -> dict[str, float]:
    rng = random.Random(f"{seed}:{rules.name}:{players}")
    greedy = GreedyAgent()
    plies = chops = frozen = instant = interrupts = 0
    apply_time = legal_time = 0.0
    clock = time.perf_counter
    start = clock()
    for _ in range(rounds):
        r = Round.deal(rules, players=players, seed=rng.getrandbits(63))
        while not r.is_over:
            offered = r.legal_interrupts() if rules.interrupt_bombs else ()
            action: Action
            if offered and rng.random() < 0.3:
                action = offered[rng.randrange(len(offered))]
            elif loop == "greedy":
                action = greedy.act(r.view(r.to_act))  # type: ignore[arg-type]
            else:
                if parts:
                    t = clock()
                actions = r.legal_actions()
                if parts:
                    legal_time += clock() - t
                if loop == "all":
                    actions = tuple(actions)  # type: ignore[assignment]
                action = actions[rng.randrange(len(actions))]
            if parts:
                t = clock()
            r = r.apply(action)
            if parts:
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
        "legal_plies_per_s": plies / legal_time if legal_time else 0.0,
        "chops": chops,
        "frozen": frozen,
        "instant": instant,
        "interrupts": interrupts,
    }


def _rate(value: float) -> str:
    return f"{value:.0f}" if value else "-"


def finished_round_bytes(rules: RuleSet, players: int, seed: int, samples: int = 200) -> float:
    """The median memory a finished round holds with its history (``tracemalloc``): the round is
    played to the end with tracing on, the caches warmed by an identical earlier play."""
    sizes = []
    for k in range(samples):
        for trace in (False, True):
            rng = random.Random(f"{seed}:{k}")
            if trace:
                tracemalloc.start()
                before = tracemalloc.get_traced_memory()[0]
            r = Round.deal(rules, players=players, seed=k)
            while not r.is_over:
                actions = r.legal_actions()
                r = r.apply(actions[rng.randrange(len(actions))])
            if trace:
                sizes.append(tracemalloc.get_traced_memory()[0] - before)
                tracemalloc.stop()
    return statistics.median(sizes)


def cache_sizes() -> dict[str, int]:
    """Entries in each of the library's caches now."""
    from tienlen._base.cache import stats

    return {name: figures.size for name, figures in stats().items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=10_000, help="rounds per profile (default 10,000)")
    parser.add_argument("--quick", action="store_true", help="500 rounds per profile (overrides --rounds)")
    parser.add_argument("--players", type=int, default=None, help="players per round (default: the profile's most)")
    parser.add_argument("--seed", type=int, default=2024, help="master seed (default 2024)")
    parser.add_argument(
        "--loop", choices=("index", "all", "greedy"), default="index", help="how the seat to act chooses (default index)"
    )
    parser.add_argument(
        "--parts", action="store_true", help="also time apply and legal_actions() alone (the clock calls slow the loop a little)"
    )
    parser.add_argument("--memory", action="store_true", help="also report a finished round's size and the cache sizes")
    parser.add_argument("--profiles", nargs="*", default=list(PROFILES), choices=list(PROFILES))
    args = parser.parse_args(argv)
    rounds = 500 if args.quick else args.rounds
    print(
        f"# python {platform.python_version()} on {platform.machine()}, {rounds} rounds per profile, seed {args.seed}, loop {args.loop}"
    )
    header = f"| {'profile':8} | players | {'rounds':>6} | {'plies':>8} | {'seconds':>7} | {'rounds/s':>8} | {'plies/s':>7} | {'apply plies/s':>13} | {'legal plies/s':>13} | {'chops':>6} | {'frozen':>6} | {'instant wins':>12} | {'interrupts':>10} |"
    print(header)
    print("|" + "|".join("-" * (len(cell)) for cell in header.split("|")[1:-1]) + "|")
    for name in args.profiles:
        rules = PROFILES[name]
        players = args.players if args.players is not None else rules.max_players
        if not rules.min_players <= players <= rules.max_players:
            print(f"| {name:8} | {players:>7} | skipped: {name} is played by {rules.min_players}-{rules.max_players} players |")
            continue
        s = run(rules, rounds, players, args.seed, args.loop, args.parts)
        print(
            f"| {name:8} | {players:>7} | {s['rounds']:>6} | {s['plies']:>8} | {s['seconds']:>7.2f} | {s['rounds_per_s']:>8.0f} | "
            f"{s['plies_per_s']:>7.0f} | {_rate(s['apply_plies_per_s']):>13} | {_rate(s['legal_plies_per_s']):>13} | {s['chops']:>6} | {s['frozen']:>6} | {s['instant']:>12} | {s['interrupts']:>10} |",
            flush=True,
        )
        if args.memory:
            print(
                f"|   {name}: finished round {finished_round_bytes(rules, players, args.seed):.0f} bytes; caches {cache_sizes()}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
