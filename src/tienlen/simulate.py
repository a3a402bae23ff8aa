"""Statistical comparison: the same seeded deals played by the same bots under several rule sets.

>>> from tienlen import HOUSE, PAGAT
>>> stats = simulate([HOUSE, PAGAT], rounds=4, seed=1)
>>> [s.rules for s in stats], stats[0].rounds
(['house', 'pagat'], 4)
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor

import attrs

from tienlen._checks import MAX_AMOUNT, MAX_COUNT, MAX_SEED, MAX_WORKERS, check_int, check_type, shown
from tienlen.agents import make_agent, play_round
from tienlen.errors import InvalidArgument, InvalidRules
from tienlen.events import Passed, Played
from tienlen.rules import RuleSet
from tienlen.settle import held_value, settle, stake_for

__all__ = ["ProfileStats", "simulate", "play_chunk", "round_seed", "format_stats", "print_progress"]


def round_seed(seed: int, index: int) -> int:
    """The deal seed of round ``index`` of a simulation seeded with ``seed`` (the same for every rule set)."""
    check_int(seed, "seed", 0, MAX_SEED)
    check_int(index, "index", 0, MAX_COUNT)
    return random.Random(f"tienlen-simulate:{seed}:{index}").getrandbits(63)


@attrs.frozen(kw_only=True)
class ProfileStats:
    """Totals over the simulated rounds of one rule set (:meth:`per_round` averages them).

    ``moved`` is what changed hands (the sum of the positive nets, in stake units or points);
    ``chains`` counts tricks with at least one chop; ``thui`` counts rounds whose last player
    paid for 2s or bombs left in hand.
    """

    rules: str
    unit: str
    rounds: int
    plies: int = 0
    moved: int = 0
    chops: int = 0
    chains: int = 0
    longest_chain: int = 0
    frozen: int = 0
    thui: int = 0
    instant_wins: int = 0

    def per_round(self, total: int) -> float:
        """A total divided by the number of rounds."""
        return total / self.rounds if self.rounds else 0.0

    def __add__(self, other: ProfileStats) -> ProfileStats:
        if (self.rules, self.unit) != (other.rules, other.unit):
            raise InvalidRules(f"cannot add statistics of {self.rules} and {other.rules}")
        sums = {
            f.name: getattr(self, f.name) + getattr(other, f.name)
            for f in attrs.fields(ProfileStats)
            if f.name not in ("rules", "unit", "longest_chain")
        }
        return ProfileStats(rules=self.rules, unit=self.unit, longest_chain=max(self.longest_chain, other.longest_chain), **sums)


def play_chunk(rules: RuleSet, players: int, bots: tuple[str, ...], seed: int, start: int, stop: int, stake: int = 1) -> ProfileStats:
    """Play rounds ``start`` to ``stop - 1`` of the simulation seeded with ``seed`` and total them.

    :func:`simulate` adds such chunks up; a cluster framework can play them on other machines.
    Raises what :func:`simulate` raises for bad settings, and :class:`~tienlen.InvalidArgument`
    unless ``0 <= start <= stop <= 10**9``.
    """
    _check_settings((rules,), players, bots, seed, stake)
    check_int(start, "start", 0, MAX_COUNT)
    check_int(stop, "stop", start, MAX_COUNT)
    stats = ProfileStats(rules=rules.name, unit=rules.unit, rounds=0)
    for index in range(start, stop):
        deal_seed = round_seed(seed, index)
        agents = [make_agent(bots[s % len(bots)], deal_seed + s) for s in range(players)]
        result = play_round(rules, agents, seed=deal_seed).result
        settlement = settle(result, rules, stake=stake_for(rules, stake))
        chains: dict[int, int] = {}
        for chop in result.chops:
            chains[chop.trick] = max(chains.get(chop.trick, 0), chop.index)
        last = result.placements[-1] if result.placements else None
        held = (
            rules.thui != "none"
            and last is not None
            and last not in result.frozen
            and last not in result.forfeited
            and held_value(result.hands[last], rules) > 0
        )
        stats += ProfileStats(
            rules=rules.name,
            unit=rules.unit,
            rounds=1,
            plies=sum(1 for e in result.events if isinstance(e, (Played, Passed))),
            moved=sum(v for v in settlement.net if v > 0),
            chops=len(result.chops),
            chains=len(chains),
            longest_chain=max(chains.values(), default=0),
            frozen=len(result.frozen),
            thui=int(held),
            instant_wins=int(bool(result.instant_winners)),
        )
    return stats


def simulate(
    rule_sets: Sequence[RuleSet],
    *,
    rounds: int,
    seed: int = 0,
    players: int = 4,
    bots: Sequence[str] = ("greedy", "random"),
    stake: int = 1,
    workers: int = 1,
    progress: Callable[[str, int, int], None] | None = None,
) -> tuple[ProfileStats, ...]:
    """Play ``rounds`` seeded deals under each rule set with the bundled ``bots`` (cycled over the
    seats) and total what happened. Deterministic for a seed, whatever the number of ``workers``
    (processes of the standard library's :mod:`concurrent.futures`).

    Raises :class:`InvalidRules` for a player count a rule set does not allow, and
    :class:`~tienlen.InvalidArgument` for an unknown bot, a seed out of 0 to 2**64 - 1, rounds
    out of 1 to 10**9, workers out of 1 to 256, or arguments of the wrong type.
    """
    _check_settings(rule_sets, players, bots, seed, stake)
    check_int(rounds, "rounds", 1, MAX_COUNT)
    check_int(workers, "workers", 1, MAX_WORKERS)
    if progress is not None and not callable(progress):
        raise InvalidArgument(f"progress must be a function or None, not {shown(progress)}")
    chunk = max(1, min(250, rounds // (workers * 4) or 1))
    out = []
    for rules in rule_sets:
        spans = [(start, min(start + chunk, rounds)) for start in range(0, rounds, chunk)]
        total = ProfileStats(rules=rules.name, unit=rules.unit, rounds=0)
        if workers == 1:
            for start, stop in spans:
                total += play_chunk(rules, players, tuple(bots), seed, start, stop, stake)
                if progress:
                    progress(rules.name, total.rounds, rounds)
        else:
            with ProcessPoolExecutor(max_workers=min(workers, len(spans))) as pool:
                futures = [pool.submit(play_chunk, rules, players, tuple(bots), seed, a, b, stake) for a, b in spans]
                for future in futures:
                    total += future.result()
                    if progress:
                        progress(rules.name, total.rounds, rounds)
        out.append(total)
    return tuple(out)


def _check_settings(rule_sets: Sequence[RuleSet], players: int, bots: Sequence[str], seed: int, stake: int) -> None:
    """Refuse the settings of a simulation, or of one chunk of it, before any round is played."""
    for name, value in (("rule_sets", rule_sets), ("bots", bots)):
        if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or not value:
            raise InvalidArgument(f"{name} must be a non-empty sequence, not {shown(value)}")
    for rules in rule_sets:
        check_type(rules, RuleSet, "rule_sets", "RuleSets such as tienlen.HOUSE")
    check_int(seed, "seed", 0, MAX_SEED)
    check_int(stake, "stake", 1, MAX_AMOUNT)
    check_int(players, "players", 2, 4)
    for rules in rule_sets:
        if not rules.min_players <= players <= rules.max_players:
            raise InvalidRules(f"{rules.name} is not played by {players} players")
    for bot in bots:
        make_agent(bot)


def format_stats(stats: Sequence[ProfileStats]) -> str:
    """The statistics as a plain table, one row per rule set, averages per round."""
    header = ("rules", "rounds", "moved/round", "unit", "plies/round", "chops/round", "chains/round", "longest chain", "frozen/round", "thúi/round", "instant wins/round")
    rows = [
        (
            s.rules,
            str(s.rounds),
            f"{s.per_round(s.moved):.2f}",
            s.unit,
            f"{s.per_round(s.plies):.1f}",
            f"{s.per_round(s.chops):.3f}",
            f"{s.per_round(s.chains):.3f}",
            str(s.longest_chain),
            f"{s.per_round(s.frozen):.3f}",
            f"{s.per_round(s.thui):.3f}",
            f"{s.per_round(s.instant_wins):.3f}",
        )
        for s in stats
    ]
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    return "\n".join("  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in enumerate(zip(r, widths))) for r in [header, *rows])


def print_progress(name: str, done: int, total: int) -> None:
    """A one-line progress bar on stderr (used by the command line on a terminal)."""
    check_int(total, "total", 1, MAX_COUNT)
    check_int(done, "done", 0, total)
    width = 30
    filled = width * done // total
    sys.stderr.write(f"\r{name:<10} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        sys.stderr.write("\n")
    sys.stderr.flush()
