"""This checkout against earlier releases, on the same workloads: instructions (or CPU time) each.

Each release's ``src`` is exported from git (``git archive``) into a temporary folder (the
checkout's is copied there too) and compiled, and every workload runs in its own subprocess with
``PYTHONPATH`` at one tree's ``src`` (the child says which ``tienlen`` it imported, and the run
stops if it is not that tree's). The workloads:

- ``random:PROFILE``: rounds of random self-play, four seats, under each bundled profile;
- ``greedy``, ``greedy-plan``: rounds of four plain greedy bots, and of four planning bots
  (``GreedyAgent(danger=6, long_leads=True, keep_combos=True)``), under ``house``;
- ``simulate``: ``simulate([HOUSE], rounds=N)`` in the process (the greedy and random bots);
- ``search:LEVEL``: decisions of ``SearchAgent(level=LEVEL)`` (each release's own player at that
  level) on positions of seeded greedy rounds, spread from their start to their end; ``search-0.2:3`` is the 0.2.0 player at level 3
  (``edition="0.2"`` where the tree has editions, the plain level 3 in 0.2.0 itself), the same
  search code measured across the trees.

**Counting.** Where ``valgrind`` is installed, each workload is counted in CPU instructions:
``valgrind --tool=cachegrind --cache-sim=no`` with ``PYTHONHASHSEED=0``, once doing the work and
once not (``--units`` N and 0), so the interpreter's start, the imports, the making of the
inputs and the warm-up cancel out. Both runs first warm up on inputs of their own (since 0.3 the
engine loads its modules on first use, so a first round pays a one-off cost) and then set what
they made aside from the garbage collector (``gc.freeze()``). Elsewhere (or with ``--time``) the
child times the work itself in CPU time (``time.process_time``), and the best of ``--repeat``
runs is kept, the trees interleaved.

Each child prints a digest of what the work produced (the rounds' actions, the decisions made);
the table's last column says whether the trees agree. For the rounds and ``simulate`` that makes
a ratio one of the same work; a search level of another release is another player (0.3's levels
4 and 5 read the others' policies, 0.2.0's did not), which may still reach the same decisions.

    python benchmarks/bench_releases.py                        # every workload, 0.2.0 and 0.3.0 against the checkout
    python benchmarks/bench_releases.py --only greedy,simulate --units 30
    python benchmarks/bench_releases.py --time --repeat 5      # CPU time instead of instructions
    python benchmarks/bench_releases.py --releases 0.3.0,729f876 --only greedy   # or against any commit

A release is found by its tag (``v0.3.0``) or, where the tag is missing, by its commit (0.2.0:
79fa08c, the last commit numbered 0.2.0 before the 0.3 layout, as issue 41 measured it, which
holds the search player that the 0.2.0 changelog lists; 0.3.0: 335dfe6, "Release 0.3.0").
"""

from __future__ import annotations

import argparse
import gc
import importlib
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zlib
from collections.abc import Callable, Sequence
from io import BytesIO
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve()
ROOT = HERE.parent.parent

RELEASES: dict[str, tuple[str, str]] = {"0.2.0": ("v0.2.0", "79fa08c"), "0.3.0": ("v0.3.0", "335dfe6")}
"""Each release compared: its tag, and the commit used when the tag is missing."""

PROFILE_NAMES = ("house", "faceoff", "northern", "iwin", "pagat", "counting")

UNITS: dict[str, int] = {
    **{f"random:{name}": 20 for name in PROFILE_NAMES},
    "greedy": 20,
    "greedy-plan": 20,
    "simulate": 20,
    "search:1": 4,
    "search:2": 3,
    "search:3": 3,
    "search:4": 2,
    "search:5": 1,
    "search-0.2:3": 3,
}
"""Each workload and its default number of units (rounds or decisions) counted."""


# --- the child: runs in the tree under test, imports only that tree's tienlen -------------------------


def _library() -> dict[str, Any]:
    """The names the workloads use, from the tree's own modules (0.3's paths, else 0.2's)."""
    import tienlen

    library: dict[str, Any] = {"tienlen": tienlen}
    for name in ("agents", "search", "simulate"):
        try:
            library[name] = importlib.import_module(f"tienlen.players.{name}")
        except ImportError:  # 0.2.0's flat layout
            library[name] = importlib.import_module(f"tienlen.{name}")
    return library


def _digest(values: Sequence[object]) -> int:
    return zlib.crc32(repr(list(values)).encode())


def _rounds(lib: dict[str, Any], workload: str) -> tuple[Callable[[int], object], int]:
    """A function playing one seeded round of ``workload``, and the first seed of the counted ones."""
    agents, profiles = lib["agents"], lib["tienlen"].PROFILES
    if workload.startswith("random:"):
        rules = profiles[workload.split(":")[1]]

        def players(seed: int) -> list[Any]:
            return [agents.RandomAgent(seed * 4 + seat) for seat in range(4)]
    else:
        rules = profiles["house"]
        bot = agents.make_agent(workload)

        def players(seed: int) -> list[Any]:
            return [bot] * 4

    def play(seed: int) -> object:
        round_ = agents.play_round(rules, players(seed), seed=seed)
        return [action.mask for action in round_.actions]

    return play, 1_000


def _search_positions(lib: dict[str, Any], count: int, offset: int) -> list[Any]:
    """Views of seeded greedy ``house`` rounds, spread over the round: decision ``i`` of ``count``
    is the first with more than one legal action after ``(i + 1) / (count + 1)`` of that round's
    actions (so level 1, which searches only near the end of a hand, searches at some of them)."""
    tienlen, agents = lib["tienlen"], lib["agents"]
    views = []
    for index in range(count):
        seed = 700 + offset + index
        played = agents.play_round(tienlen.HOUSE, [agents.GreedyAgent()] * 4, seed=seed)
        round_ = tienlen.Round.deal(tienlen.HOUSE, seed=seed)
        actions = list(played.actions)
        for action in actions[: len(actions) * (index + 1) // (count + 1)]:
            round_ = round_.apply(action)
        for action in actions[len(round_.actions) :]:  # on to a seat with a choice to make
            if round_.to_act is not None and len(round_.legal_actions()) > 1:
                break
            round_ = round_.apply(action)
        views.append(round_.view(round_.to_act))
    return views


def _searcher(lib: dict[str, Any], workload: str) -> Any:
    name, level = workload.split(":")
    search = lib["search"]
    if name == "search-0.2" and hasattr(search, "EDITIONS"):
        return search.SearchAgent(level=int(level), seed=1, edition="0.2")
    return search.SearchAgent(level=int(level), seed=1)


def child(workload: str, units: int, work: bool, timed: bool, tree: str) -> None:
    """Make the inputs, warm up, then (when ``work``) do ``units`` of ``workload``; print what was done."""
    lib = _library()
    where = Path(lib["tienlen"].__file__).resolve()
    if not str(where).startswith(str(Path(tree).resolve())):
        sys.exit(f"imported {where}, not the tree {tree}")
    do: Callable[[], list[object]]
    if workload.startswith("search"):
        agent = _searcher(lib, workload)
        warm, views = _search_positions(lib, 1, 50), _search_positions(lib, units, 0)
        agent.act(warm[0])

        def do() -> list[object]:
            return [(a.kind, a.mask) for a in map(agent.act, views)]
    elif workload == "simulate":
        simulate, rules = lib["simulate"].simulate, lib["tienlen"].HOUSE
        simulate([rules], rounds=2, seed=99, workers=1)

        def do() -> list[object]:
            (stats,) = simulate([rules], rounds=units, seed=0, workers=1)
            return [stats.seat_totals, stats.plies, stats.chops]
    else:
        play, first = _rounds(lib, workload)
        play(7), play(8)  # warm-up rounds of their own seeds

        def do() -> list[object]:
            return [play(first + index) for index in range(units)]

    gc.collect()
    gc.freeze()
    if not work:
        print("digest -")
        return
    began = time.process_time()
    done = do()
    spent = time.process_time() - began
    print(f"digest {_digest(done):08x}")
    if timed:
        print(f"seconds {spent:.6f}")


# --- the parent: exports the trees, runs the children, prints the table ----------------------------


def export(ref: str | Path, into: Path) -> Path:
    """The ``src`` folder of ``ref`` (a commit, or a folder copied as it is now) written under ``into``
    and compiled, so that no child compiles a module and no edit made while the run goes on is counted."""
    if isinstance(ref, Path):
        shutil.copytree(ref, into / "src", ignore=shutil.ignore_patterns("__pycache__"))
    else:
        data = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "src"], check=True, capture_output=True).stdout
        with tarfile.open(fileobj=BytesIO(data)) as archive:
            archive.extractall(into, filter="data")
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(into / "src")], check=True, env=env)  # no child compiles
    return into / "src"


def resolve(tag: str, commit: str) -> str:
    """``tag`` when the repository has it, else ``commit``."""
    found = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "-q", "--verify", f"refs/tags/{tag}"], capture_output=True)
    return tag if found.returncode == 0 else commit


def run_child(src: Path, workload: str, units: int, work: bool, counted: bool) -> tuple[float, str]:
    """(instructions or CPU seconds, digest) of one child run."""
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # compiled once per tree, not in every child
    command = [sys.executable, str(HERE), "--child", workload, str(units), "--tree", str(src)]
    if not work:
        command.append("--no-work")
    with tempfile.TemporaryDirectory() as scratch:
        out_file = Path(scratch) / "cachegrind.out"
        if counted:
            command = ["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out_file}", *command]
        else:
            command.append("--timed")
        done = subprocess.run(command, env=env, capture_output=True, text=True, encoding="utf-8", cwd=scratch)
        if done.returncode != 0:
            raise SystemExit(f"{workload} in {src} failed:\n{done.stderr[-2000:]}")
        lines = dict(line.split(" ", 1) for line in done.stdout.splitlines() if " " in line)
        if counted:
            summary = [line for line in out_file.read_text(encoding="utf-8").splitlines() if line.startswith("summary:")]
            return float(summary[0].split()[1]), lines["digest"]
        return float(lines["seconds"]), lines["digest"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--only", help="comma-separated workloads (default: all): " + ", ".join(UNITS))
    parser.add_argument("--units", type=int, help="rounds or decisions per workload (default: each workload's own)")
    parser.add_argument(
        "--releases", default=",".join(RELEASES), help="releases to compare with (" + ", ".join(RELEASES) + ") or any commit"
    )
    parser.add_argument(
        "--checkout", type=Path, default=ROOT / "src", help="the src folder counted as the checkout (default: this one's)"
    )
    parser.add_argument("--time", action="store_true", help="CPU time, best of --repeat, even where valgrind is installed")
    parser.add_argument("--repeat", type=int, default=5, help="runs per tree and workload when timing")
    parser.add_argument("--child", nargs=2, metavar=("WORKLOAD", "UNITS"), help=argparse.SUPPRESS)
    parser.add_argument("--tree", help=argparse.SUPPRESS)
    parser.add_argument("--no-work", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--timed", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]), not args.no_work, args.timed, args.tree)
        return

    workloads = args.only.split(",") if args.only else list(UNITS)
    unknown = set(workloads) - set(UNITS)
    if unknown:
        parser.error(f"unknown workloads: {', '.join(sorted(unknown))}")
    counted = not args.time and shutil.which("valgrind") is not None
    scratch = Path(tempfile.mkdtemp(prefix="bench-releases-"))
    try:
        trees: dict[str, Path] = {}
        for name in args.releases.split(","):
            ref = resolve(*RELEASES[name]) if name in RELEASES else name  # else any commit or branch
            trees[f"{name} ({ref})" if name in RELEASES else ref] = export(ref, scratch / name.replace("/", "_"))
        trees["checkout"] = export(args.checkout, scratch / "checkout")
        unit = "instructions a unit (N units minus 0, cachegrind)" if counted else f"CPU ms a unit, best of {args.repeat}"
        print(f"Python {sys.version.split()[0]}; {unit}")
        names = list(trees)
        ratios = " | ".join(f"checkout / {name.split()[0]}" for name in names[:-1])
        print(f"| workload | units | {' | '.join(names)} | {ratios} | same results |")
        print("|---|---:|" + "---:|" * (2 * len(names) - 1) + "---|")
        for workload in workloads:
            units = args.units or UNITS[workload]
            figures: dict[str, float] = {}
            digests: dict[str, str] = {}
            if counted:
                for name, src in trees.items():
                    empty, _ = run_child(src, workload, units, False, True)
                    full, digests[name] = run_child(src, workload, units, True, True)
                    figures[name] = (full - empty) / units
            else:
                best = {name: float("inf") for name in trees}
                for _ in range(args.repeat):  # the trees interleaved
                    for name, src in trees.items():
                        seconds, digests[name] = run_child(src, workload, units, True, False)
                        best[name] = min(best[name], seconds)
                figures = {name: 1000 * seconds / units for name, seconds in best.items()}
            new = figures["checkout"]
            shown = " | ".join(f"{figures[name]:,.0f}" if counted else f"{figures[name]:,.2f}" for name in names)
            ratio = " | ".join(f"{new / figures[name]:.3f}" for name in names[:-1])
            same = (
                "yes"
                if len(set(digests.values())) == 1
                else "differs: " + ", ".join(f"{n.split()[0]} {d}" for n, d in digests.items())
            )
            print(f"| {workload} | {units} | {shown} | {ratio} | {same} |", flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
