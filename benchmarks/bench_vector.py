"""Table-steps per second of ``tienlen.learning.vector.TienLenVectorEnv``, in one process and in worker processes.

A uniformly random policy picks one legal index per table from the action masks (:func:`draw`,
one NumPy draw for all tables), and every step returns the observations and masks of every table,
so the figure is what a trainer's data collection pays apart from its own model. "table-steps/s"
counts one index chosen at one table (a run takes its span and then a suit step per rank);
"plies/s" counts the round's actions (plays, passes, chops) completed. For scale, the bare
``Round`` loop (``legal_actions()`` then ``apply`` of a random one, no observation) is timed in
the same run. Needs the ``rl`` extra.

    python benchmarks/bench_vector.py                          # house, 4 players, 256 tables, 0 and 2 workers
    python benchmarks/bench_vector.py --workers 0 1 2 --tables 512 --seconds 10
    python benchmarks/bench_vector.py --tree ../other-checkout     # another checkout's library, same loops
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

# the library timed: --tree's checkout (read before the library is imported; worker processes
# inherit the path), else this one
sys.path.insert(
    0,
    str(
        Path(sys.argv[sys.argv.index("--tree") + 1] if "--tree" in sys.argv[:-1] else Path(__file__).parent.parent).resolve()
        / "src"
    ),
)

import numpy as np

import tienlen
from tienlen import PROFILES, Round
from tienlen.learning.observation import OBSERVATION_LENGTH
from tienlen.learning.vector import TienLenVectorEnv
from tienlen.variants.rules import RuleSet


def cpu_seconds(env: TienLenVectorEnv | None = None) -> float:
    """CPU time of this process and of ``env``'s worker processes so far (read from ``/proc``:
    Linux only; elsewhere the workers count as 0 and the per-CPU figure is too high)."""
    total = time.process_time()
    for process in env._processes if env is not None else []:
        stat = Path(f"/proc/{process.pid}/stat")
        if stat.exists():
            fields = stat.read_text(encoding="utf-8").rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime
    return total


def bare_round(rules: RuleSet, players: int, seconds: float) -> tuple[float, float]:
    """Plies per second and per CPU-second of the bare ``Round`` loop, random legal actions."""
    plies, seed = 0, 0
    started, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - started < seconds:
        rng = random.Random(seed)
        round_ = Round.deal(rules, players=players, seed=seed)
        while not round_.is_over:
            round_ = round_.apply(rng.choice(round_.legal_actions()))
            plies += 1
        seed += 1
    return plies / (time.perf_counter() - started), plies / (time.process_time() - cpu)


def draw(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """One legal index per row of ``masks``, uniformly at random: the ``k``-th legal index of each
    row for a random ``k`` below the row's count, read off the flat positions of the legal ones
    (a third of the cost of ``argmax`` over a random float for every index)."""
    legal = np.flatnonzero(masks.view(np.bool_))  # row by row, ascending
    counts = np.count_nonzero(masks, axis=1)
    starts = np.cumsum(counts) - counts
    return legal[starts + (rng.random(len(masks)) * counts).astype(np.int64)] % masks.shape[1]


def vector(rules: RuleSet, players: int, tables: int, workers: int, seconds: float) -> tuple[float, float, float, float]:
    """(table-steps/s, plies/s, rounds/s, table-steps per CPU-second of every process) of the
    vector environment under a random policy."""
    rng = np.random.default_rng(0)
    with TienLenVectorEnv(rules, num_tables=tables, players=players, workers=workers) as env:
        obs, _ = env.reset(seed=0)
        for _ in range(20):  # warm up (workers start, caches fill)
            obs, *_ = env.step(draw(rng, obs["action_mask"]))
        steps = plies = rounds = 0
        started, cpu = time.perf_counter(), cpu_seconds(env)
        while time.perf_counter() - started < seconds:
            obs, _, terminated, _, _ = env.step(draw(rng, obs["action_mask"]))
            steps += tables
            plies += int(((obs["observation"][:, OBSERVATION_LENGTH] == 0) | terminated).sum())  # no run left half-chosen
            rounds += int(terminated.sum())
        elapsed, cpu = time.perf_counter() - started, cpu_seconds(env) - cpu
    return steps / elapsed, plies / elapsed, rounds / elapsed, steps / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", default="house", choices=sorted(PROFILES))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--tables", type=int, default=256)
    parser.add_argument("--workers", type=int, nargs="+", default=[0, 2])
    parser.add_argument("--seconds", type=float, default=5.0, help="timed seconds per configuration")
    parser.add_argument("--tree", type=Path, help="checkout whose library is timed (default: this one)")
    args = parser.parse_args()
    rules = PROFILES[args.profile]
    print(
        f"# {args.profile}, {args.players} players, {args.tables} tables; Python {platform.python_version()}, "
        f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at start; library {Path(tienlen.__file__).parent}"
    )
    plies, per_cpu = bare_round(rules, args.players, args.seconds)
    print(f"bare Round loop             {plies:>9,.0f} plies/s; {per_cpu:>9,.0f} plies per CPU-second")
    for workers in args.workers:
        steps, plies, rounds, per_cpu = vector(rules, args.players, args.tables, workers, args.seconds)
        print(
            f"vector, {workers} worker processes {steps:>9,.0f} table-steps/s {plies:>9,.0f} plies/s {rounds:>7,.0f} rounds/s; "
            f"{per_cpu:>9,.0f} table-steps per CPU-second"
        )
    print(f"# load average {os.getloadavg()[0]:.1f} at end")


if __name__ == "__main__":
    main()
