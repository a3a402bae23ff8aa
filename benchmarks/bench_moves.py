"""Speed of legal-play generation, against a brute-force subset filter.

For every profile this builds a fixed, seeded set of positions (a 13-card hand and a table drawn
from the other 39 cards: empty, singles, pairs, triples, straights, 2-groups and bombs), then
reports per table type the median time of one :func:`tienlen.game.moves.legal_masks` call, one
:func:`tienlen.legal_plays` call (combo cache warm, and cold) and one call of the engine's
``plays_by_kind``, and generations per second over all positions. It also times ``plays_by_kind``
on the positions met in seeded random self-play (``--played`` rounds per profile: the seat to act,
its hand, the table and whether it passed), leads and follows apart. On a smaller subsample it
also times the brute-force filter (every non-empty subset of the hand through ``classify`` +
``beats``), checks that both give the same plays, and prints the speed-up.

Run from the repository root::

    python benchmarks/bench_moves.py            # 10,000 positions per profile, 200 brute force
    python benchmarks/bench_moves.py --quick    # 1,000 positions per profile, 20 brute force
    git show a8117b0:src/tienlen/moves.py > /tmp/old_moves.py
    python benchmarks/bench_moves.py --baseline /tmp/old_moves.py   # and the speed-up over that version
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

from tienlen import PROFILES, Combo, InvalidCombo, Round, RuleSet, beats, classify, legal_plays
from tienlen._base.cache import CACHES
from tienlen.game.cards import to_mask
from tienlen.game.moves import legal_masks, plays_by_kind

TYPES = ("empty", "single", "pair", "triple", "straight", "2-group", "bomb")
# How often each table type appears among the positions.
WEIGHTS = (25, 25, 20, 5, 10, 10, 5)

Position = tuple[int, "Combo | None", str]


def _cards(mask: int) -> list[int]:
    return [i for i in range(52) if mask >> i & 1]


def _try(mask: int, rules: RuleSet) -> Combo | None:
    try:
        return classify(mask, rules)
    except InvalidCombo:
        return None


def _table(kind: str, others: int, rules: RuleSet, rng: random.Random) -> Combo | None:
    """A random table of this type made of cards in ``others``, or None if none was found."""
    nib = [(others >> (4 * r)) & 0xF for r in range(13)]
    for _ in range(50):
        if kind == "single":
            mask = 1 << rng.choice(_cards(others & ((1 << 48) - 1)))
        elif kind in ("pair", "triple"):
            size = 2 if kind == "pair" else 3
            ranks = [r for r in range(12) if nib[r].bit_count() >= size]
            if not ranks:
                return None
            r = rng.choice(ranks)
            mask = sum(1 << (4 * r + s) for s in rng.sample([s for s in range(4) if nib[r] >> s & 1], size))
        elif kind == "straight":
            length = rng.choice((3, 3, 4, 4, 5, 6, 7))
            start = rng.randrange(0, 14 - length)
            if any(not nib[r] for r in range(start, start + length)):
                continue
            suit = rng.randrange(4)
            same = rules.straight_same_suit
            mask = 0
            for r in range(start, start + length):
                s = suit if same else rng.choice([s for s in range(4) if nib[r] >> s & 1])
                mask |= 1 << (4 * r + s)
            if mask & ~others:
                continue
        elif kind == "2-group":
            size = rng.choice((1, 1, 2, 2, 3))
            twos = [s for s in range(4) if nib[12] >> s & 1]
            if len(twos) < size:
                continue
            mask = sum(1 << (48 + s) for s in rng.sample(twos, size))
        else:  # bomb: a quad, or a pair run of 3 or 4 pairs
            quads = [r for r in range(13) if nib[r] == 15]
            if quads and (rng.random() < 0.5 or not rules.pair_runs):
                mask = 15 << (4 * rng.choice(quads))
            elif rules.pair_runs:
                pairs = rng.choice((3, 3, 4))
                start = rng.randrange(0, 13 - pairs)
                mask = 0
                for r in range(start, start + pairs):
                    suits = [s for s in range(4) if nib[r] >> s & 1]
                    if len(suits) < 2:
                        break
                    mask |= sum(1 << (4 * r + s) for s in rng.sample(suits, 2))
            else:
                return None
        combo = _try(mask, rules) if mask else None
        if combo is not None and (kind != "bomb" or rules.bomb_rule(combo.bomb_class) is not None):
            return combo
    return None


def positions(rules: RuleSet, count: int, seed: int) -> list[Position]:
    """``count`` seeded positions for one rule set: (hand mask, table, table type)."""
    rng = random.Random(f"{seed}-{rules.name}")
    out: list[Position] = []
    while len(out) < count:
        deck = list(range(52))
        rng.shuffle(deck)
        hand = sum(1 << i for i in deck[:13])
        others = sum(1 << i for i in deck[13:])
        kind = rng.choices(TYPES, WEIGHTS)[0]
        if kind == "empty":
            out.append((hand, None, kind))
            continue
        table = _table(kind, others, rules, rng)
        if table is not None:
            out.append((hand, table, kind))
    return out


def played(rules: RuleSet, rounds: int, seed: int) -> list[tuple[int, Combo | None, bool]]:
    """What the seat to act holds and faces at every ply of ``rounds`` seeded random self-play rounds."""
    rng = random.Random(f"{seed}-played-{rules.name}")
    out = []
    for _ in range(rounds):
        r = Round.deal(rules, seed=rng.getrandbits(63))
        while not r.is_over:
            seat = r.to_act
            assert seat is not None
            out.append((to_mask(r.hands[seat]), r.trick.table, seat in r.trick.passed))
            actions = r.legal_actions()
            r = r.apply(actions[rng.randrange(len(actions))])
    return out


def _engine(hand: int, table: Combo | None, rules: RuleSet) -> object:
    return plays_by_kind(hand, table, rules, False)


def brute_force(hand: int, table: Combo | None, rules: RuleSet) -> list[tuple[int, int]]:
    """Every non-empty subset of the hand that classifies and beats the table, in legal_plays order."""
    cards = [1 << i for i in _cards(hand)]
    found = []
    for pick in range(1, 1 << len(cards)):
        mask = 0
        for i, card in enumerate(cards):
            if pick >> i & 1:
                mask |= card
        combo = _try(mask, rules) if mask else None
        if combo is not None and beats(combo, table, rules):
            found.append((int(combo.kind), combo.length, combo.mask))
    return [(kind, mask) for kind, _, mask in sorted(found)]


Timed = Callable[[int, "Combo | None", RuleSet], object]


def _per_call(fn: Timed, pos: Sequence[Position], rules: RuleSet, repeats: int = 1) -> list[float]:
    """Microseconds of each call, in position order: the fastest of ``repeats`` passes."""
    return _rounds([fn], pos, rules, repeats)[0][0]


def _rounds(fns: Sequence[Timed], pos: Sequence[Position], rules: RuleSet, repeats: int) -> tuple[list[list[float]], list[float]]:
    """For each function: the microseconds of each call (position order, the fastest of ``repeats``
    rounds) and the seconds of its fastest whole pass. Each round runs each function in turn over
    all positions (so a busy spell of the machine tends to hit every function alike) and starts
    with an empty combo cache, so the first ``legal_plays`` pass of a round meets every position
    for the first time."""
    clock = time.perf_counter_ns
    best = [[float("inf")] * len(pos) for _ in fns]
    passes = [float("inf")] * len(fns)
    for _ in range(repeats):
        CACHES["combinations"].clear()
        for f, (times, fn) in enumerate(zip(best, fns, strict=True)):
            begin = clock()
            for i, (hand, table, _kind) in enumerate(pos):
                start = clock()
                fn(hand, table, rules)
                elapsed = (clock() - start) / 1000
                if elapsed < times[i]:
                    times[i] = elapsed
            passes[f] = min(passes[f], (clock() - begin) / 1e9)
    return best, passes


def _in_play(met: Sequence[tuple[int, Combo | None, bool]], rules: RuleSet, repeats: int) -> list[float]:
    """Microseconds of ``plays_by_kind`` at each position met in play (the fastest of ``repeats``)."""
    clock = time.perf_counter_ns
    best = [float("inf")] * len(met)
    for _ in range(repeats):
        for i, (hand, table, passed) in enumerate(met):
            start = clock()
            plays_by_kind(hand, table, rules, passed)
            best[i] = min(best[i], (clock() - start) / 1000)
    return best


def _load_baseline(path: str) -> Callable[[int, Combo | None, RuleSet], object]:
    """``legal_plays`` of another version of moves.py, loaded beside the current package."""
    spec = importlib.util.spec_from_file_location("tienlen._baseline_moves", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    fn: Callable[[int, Combo | None, RuleSet], object] = module.legal_plays
    return fn


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run: 1,000 positions, 20 brute force")
    parser.add_argument("--positions", type=int, help="positions per profile (default 10,000)")
    parser.add_argument("--brute", type=int, help="brute-force positions per profile (default 200)")
    parser.add_argument("--repeats", type=int, default=3, help="time each call this many times, keep the fastest")
    parser.add_argument("--played", type=int, default=200, help="self-play rounds per profile for the in-play timing (0: none)")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--profile", action="append", choices=list(PROFILES), help="only these profiles")
    parser.add_argument(
        "--baseline",
        metavar="FILE",
        help="also time legal_plays from another moves.py (e.g. from `git show REV:src/tienlen/game/moves.py`)",
    )
    args = parser.parse_args(argv)
    baseline = _load_baseline(args.baseline) if args.baseline else None
    count = args.positions or (1_000 if args.quick else 10_000)
    brute_count = args.brute if args.brute is not None else (20 if args.quick else 200)

    print(
        f"python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}, "
        f"{os.cpu_count()} cores; {count} positions and {brute_count} brute-force positions per profile, "
        f"seed {args.seed}, fastest of {args.repeats}"
    )
    print(
        "µs: median over positions of one call (its fastest of the repeats). masks = legal_masks, plays = "
        "legal_plays\n(Combo objects, cache warm), cold = legal_plays meeting the position for the first time in a "
        "round;\nengine = plays_by_kind (the round engine's entry point: groups of masks, no argument checks);\n"
        "baseline = legal_plays of --baseline FILE. Each round times each of them over all positions.\n"
    )
    header = (
        f"{'profile':9} {'table':9} {'n':>6} {'plays/call':>10} {'masks µs':>9} {'plays µs':>9} {'cold µs':>8} {'engine µs':>9}"
    )
    if baseline:
        header += f" {'baseline µs':>11} {'speed-up':>8}"
    print(header)
    print("-" * len(header))
    summary = []
    for name in args.profile or list(PROFILES):
        rules = PROFILES[name]
        pos = positions(rules, count, args.seed)
        gc.collect()
        # legal_plays twice: the first pass of each round meets the positions with no combos cached.
        fns: list[Timed] = [legal_plays, legal_masks, legal_plays, _engine] + ([baseline] if baseline else [])
        (cold, masks, plays, engine, *base_times), passes = _rounds(fns, pos, rules, args.repeats)
        base = base_times[0] if base_times else []
        for kind in TYPES:
            idx = [i for i, p in enumerate(pos) if p[2] == kind]
            if idx:
                sizes = [len(legal_masks(pos[i][0], pos[i][1], rules)) for i in idx]
                line = (
                    f"{name:9} {kind:9} {len(idx):6} {statistics.mean(sizes):10.1f} "
                    f"{statistics.median(masks[i] for i in idx):9.2f} {statistics.median(plays[i] for i in idx):9.2f} "
                    f"{statistics.median(cold[i] for i in idx):8.2f} {statistics.median(engine[i] for i in idx):9.2f}"
                )
                if base:
                    before = statistics.median(base[i] for i in idx)
                    line += f" {before:11.2f} {before / statistics.median(plays[i] for i in idx):7.1f}x"
                print(line)
        rate = len(pos) / passes[2]  # the fastest warm legal_plays pass, timer calls included
        # Brute force on an evenly spread subsample, checked against legal_masks and timed call for call.
        sample = pos[:: max(1, len(pos) // brute_count)][:brute_count] if brute_count else []
        brute_med = fast_med = float("nan")
        if sample:
            for hand, table, _ in sample:
                got = [(int(k), m) for k, m in legal_masks(hand, table, rules)]
                if got != brute_force(hand, table, rules):
                    raise SystemExit(f"MISMATCH under {name}: hand {hand:#x}, table {table}")
            brute_med = statistics.median(_per_call(brute_force, sample, rules))
            fast_med = statistics.median(_per_call(legal_plays, sample, rules, args.repeats))
        summary.append((name, rate, statistics.median(plays), brute_med, fast_med))
        if args.played:
            met = played(rules, args.played, args.seed)
            for label, which in (("lead", [p for p in met if p[1] is None]), ("follow", [p for p in met if p[1] is not None])):
                times = _in_play(which, rules, args.repeats)
                print(
                    f"{name:9} {'in play':9} {label:9} {len(which):6} positions, engine µs median {statistics.median(times):5.2f}"
                )
        print()
    print(f"{'profile':9} {'legal_plays/s':>14} {'median µs':>10} {'brute µs':>10} {'sample µs':>10} {'speed-up':>9}")
    for name, rate, med, brute_med, fast_med in summary:
        print(f"{name:9} {rate:14,.0f} {med:10.2f} {brute_med:10,.0f} {fast_med:10.2f} {brute_med / fast_med:8,.0f}x")
    print(
        "\nlegal_plays/s: the fastest warm pass over all positions, timer calls included. brute: every non-empty subset of the hand "
        "through classify + beats;\nsample µs: legal_plays on the same positions.",
        end=" ",
    )
    if brute_count:
        print("Brute force agreed with legal_masks on every sampled position.")


if __name__ == "__main__":
    main()
