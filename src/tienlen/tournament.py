"""Duplicate tournaments: the same deals played in every seating, so that luck and seats cancel.

Each deal is played once per distinct seating of the entrants over the seats (every permutation
of the line-up: 4 for one bot against three copies of another, 24 for four different bots).
The unit of measure is the deal: an entrant's result on a deal is its mean over every seat it
sat in, every seating; the 95% intervals are over deals (normal approximation), so the luck of
the cards, which every entrant met in every seat, is not counted as noise. Deals won at the deal
(an instant win, no play) are left out and counted.

Entrants are named by specs: a bundled bot's name (:data:`~tienlen.agents.AGENTS`), ``passer``
(passes whenever it may: a known weak player), ``search`` or ``search:LEVEL``
(:class:`~tienlen.search.SearchAgent`). Several
entrants of one spec are pooled under that name.

The rating is a Bradley–Terry model fitted by minorization-maximization over every pair of seats
of different entrants in every game (the higher place wins the pair), shown on the Elo scale
(400 × log10 of the strength ratio) with the entrants' mean at 1500.

>>> from tienlen import HOUSE
>>> t = tournament(HOUSE, ["greedy", "random"], deals=6, seed=1)
>>> [r.name for r in t.results], t.seatings, t.games
(['greedy', 'random'], 2, 12)
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs

from tienlen._checks import check_int, check_players, check_rules, check_type
from tienlen._input import MAX_COUNT, MAX_SEED, MAX_WORKERS, shown
from tienlen._version import __version__
from tienlen.actions import Action
from tienlen.agents import AGENTS, Agent, make_agent, play_round
from tienlen.errors import InvalidArgument
from tienlen.rules import RuleSet
from tienlen.search import SearchAgent
from tienlen.settle import settle
from tienlen.simulate import Estimate
from tienlen.views import PlayerView

__all__ = [
    "SPECS",
    "PassingAgent",
    "agent_from_spec",
    "play_deals",
    "ratings",
    "summarise",
    "AgentResult",
    "Pairwise",
    "Tournament",
    "tournament",
    "format_tournament",
]

Progress = Callable[[str, int, int], None]
"""A progress callback: ``(what is being played, games done, games in all)``."""


@attrs.frozen
class PassingAgent:
    """Passes whenever it may, and otherwise plays its lowest legal play (a known weak player)."""

    def act(self, view: PlayerView) -> Action:
        """The pass if it is legal, else the first legal action."""
        for action in view.legal_actions:
            if action.combo is None:
                return action
        return view.legal_actions[0]


SPECS = (*AGENTS, "passer", "search")
"""The agent names a spec may start with."""


def agent_from_spec(spec: str, seed: int = 0) -> Agent:
    """The agent a spec names: a bundled bot (see :func:`~tienlen.agents.make_agent`), ``passer``,
    ``search`` or ``search:LEVEL``.

    Raises :class:`~tienlen.InvalidArgument` for an unknown spec or level.
    """
    check_type(spec, str, "spec", "an agent spec such as 'search:2'")
    name, _, level = spec.partition(":")
    if name == "search":
        if level and not level.isdigit():
            raise InvalidArgument.of("search-level-must-whole-number", level=shown(level))
        return SearchAgent(level=int(level), seed=seed) if level else SearchAgent(seed=seed)
    if level:
        raise InvalidArgument.of("only-search-takes-level", spec=shown(spec))
    if name == "passer":
        return PassingAgent()
    if name not in SPECS:
        raise InvalidArgument.of("unknown-agent-choose-one-search", spec=shown(spec), specs=", ".join(SPECS))
    return make_agent(name, seed)


def _seatings(line_up: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every distinct arrangement of the line-up over the seats, in a fixed order."""
    return sorted(set(itertools.permutations(line_up)))


def _deal_seed(seed: int, deal: int) -> int:
    return random.Random(f"tienlen-tournament:{seed}:{deal}").getrandbits(63)


Game = tuple[int, tuple[str, ...], tuple[float, ...], tuple[int, ...]]
"""One game: (deal, the spec in each seat, each seat's money, each seat's place from 1)."""


def _money(net: Sequence[int], currency: str) -> tuple[float, ...]:
    if currency == "points":
        mean = sum(net) / len(net)
        return tuple(p - mean for p in net)
    return tuple(float(n) for n in net)


def play_deals(rules: RuleSet, line_up: tuple[str, ...], seed: int, start: int, stop: int) -> list[Game]:
    """Play deals ``start`` to ``stop - 1`` in every seating; deals won at the deal give no game.
    :func:`tournament` adds such chunks up, here or on a cluster."""
    games: list[Game] = []
    for deal in range(start, stop):
        deal_seed = _deal_seed(seed, deal)
        for seating in _seatings(line_up):
            agents = [agent_from_spec(spec, deal_seed + seat) for seat, spec in enumerate(seating)]
            result = play_round(rules, agents, seed=deal_seed).result
            if result.instant_winners:
                break
            places = [0] * len(seating)
            for place, seat in enumerate(result.placements, 1):
                places[seat] = place
            games.append((deal, seating, _money(settle(result, rules).net, rules.currency), tuple(places)))
    return games


@attrs.frozen(kw_only=True)
class AgentResult:
    """One entrant's results per deal: ``money`` in the rule set's unit (points relative to the
    round's average for points rule sets), ``first`` the share of first places, ``place`` the
    mean place (1 is first), each with its 95% interval over deals; ``rating`` on the Elo scale."""

    name: str
    money: Estimate
    first: Estimate
    place: Estimate
    rating: float


@attrs.frozen(kw_only=True)
class Pairwise:
    """``a``'s mean money per deal less ``b``'s (in the rule set's unit), with its 95% interval:
    an interval that excludes 0 says which is stronger."""

    a: str
    b: str
    money: Estimate


@attrs.frozen(kw_only=True)
class Tournament:
    """The outcome of :func:`tournament`."""

    rules: str
    currency: str
    unit_name: str
    line_up: tuple[str, ...]
    seed: int
    deals: int
    seatings: int
    games: int
    skipped: int
    results: tuple[AgentResult, ...]
    pairs: tuple[Pairwise, ...]

    def to_mapping(self) -> dict[str, Any]:
        """Plain JSON-friendly data, with the library version."""
        data: dict[str, Any] = attrs.asdict(self)
        data["line_up"] = list(self.line_up)
        data["version"] = __version__
        return data


def _estimate(values: Sequence[float]) -> Estimate:
    n = len(values)
    if n == 0:
        return Estimate(mean=0.0, sd=0.0, low=0.0, high=0.0)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return Estimate(mean=mean, sd=sd, low=mean - half, high=mean + half)


def _per_deal(games: Iterable[Game], names: Sequence[str]) -> dict[int, dict[str, tuple[float, float, float]]]:
    """Per deal and entrant: mean money, first-place share and mean place over its seats."""
    sums: dict[int, dict[str, list[float]]] = {}
    for deal, seating, money, places in games:
        row = sums.setdefault(deal, {name: [0.0, 0.0, 0.0, 0.0] for name in names})
        for seat, spec in enumerate(seating):
            acc = row[spec]
            acc[0] += money[seat]
            acc[1] += places[seat] == 1
            acc[2] += places[seat]
            acc[3] += 1
    return {
        deal: {name: (a[0] / a[3], a[1] / a[3], a[2] / a[3]) for name, a in row.items() if a[3]} for deal, row in sums.items()
    }


def ratings(games: Iterable[Game], names: Sequence[str], iterations: int = 200) -> dict[str, float]:
    """Bradley–Terry strengths fitted by minorization-maximization (Hunter 2004) from every pair of
    seats of different entrants (the better place wins), on the Elo scale with mean 1500. Each
    entrant gets half a win and half a loss against a virtual average player, so that one who
    always wins or always loses still has a finite rating."""
    index = {name: i for i, name in enumerate(names)}
    k = len(names)
    wins = [[0.0] * k for _ in range(k)]
    for _, seating, _, places in games:
        for s, t in itertools.combinations(range(len(seating)), 2):
            a, b = index[seating[s]], index[seating[t]]
            if a != b:
                if places[s] < places[t]:
                    wins[a][b] += 1
                else:
                    wins[b][a] += 1
    strength = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            won = sum(wins[i]) + 0.5
            denominator = 1.0 / (strength[i] + 1.0)  # the virtual average player
            for j in range(k):
                games_ij = wins[i][j] + wins[j][i]
                if j != i and games_ij:
                    denominator += games_ij / (strength[i] + strength[j])
            new.append(won / denominator)
        centre = math.exp(sum(math.log(s) for s in new) / k)
        strength = [s / centre for s in new]
    return {name: 1500 + 400 * math.log10(strength[index[name]]) for name in names}


def summarise(rules: RuleSet, line_up: tuple[str, ...], seed: int, deals: int, games: Sequence[Game]) -> Tournament:
    """The per-entrant results, pairwise comparisons and ratings of the played ``games``."""
    names = list(dict.fromkeys(line_up))
    per_deal = _per_deal(games, names)
    rating = ratings(games, names)
    results = tuple(
        AgentResult(
            name=name,
            money=_estimate([row[name][0] for row in per_deal.values()]),
            first=_estimate([row[name][1] for row in per_deal.values()]),
            place=_estimate([row[name][2] for row in per_deal.values()]),
            rating=rating[name],
        )
        for name in names
    )
    pairs = tuple(
        Pairwise(a=a, b=b, money=_estimate([row[a][0] - row[b][0] for row in per_deal.values()]))
        for a, b in itertools.combinations(names, 2)
    )
    return Tournament(
        rules=rules.name,
        currency=rules.currency,
        unit_name=rules.unit_name,
        line_up=line_up,
        seed=seed,
        deals=deals,
        seatings=len(_seatings(line_up)),
        games=len(games),
        skipped=deals - len(per_deal),
        results=results,
        pairs=pairs,
    )


def tournament(
    rules: RuleSet,
    line_up: Sequence[str],
    *,
    deals: int,
    seed: int = 0,
    workers: int = 1,
    client: Any = None,
    progress: Progress | None = None,
) -> Tournament:
    """Play ``deals`` seeded deals under ``rules``, each in every distinct seating of the
    ``line_up`` (one agent spec per seat, 2 to 4; see :func:`agent_from_spec`), and compare the
    entrants: per entrant, money, first places and mean place with 95% intervals over deals, a
    Bradley–Terry rating; and every pair's difference in money.

    The same arguments give the same results, to the bit, however the deals are spread: here
    (``workers`` processes) or on a Dask distributed ``client``. ``progress`` is called with the
    rule set's name, the games played and the games in all.

    Raises :class:`~tienlen.InvalidArgument` for an unknown spec, fewer than two entrants or
    more than four, a player count the rules do not allow, deals out of 1 to 10**9, or a bad
    seed or worker count.
    """
    check_rules(rules)
    if isinstance(line_up, (str, bytes)) or not isinstance(line_up, Sequence) or not 2 <= len(line_up) <= 4:
        raise InvalidArgument.of("line-up-must-2-4", line_up=shown(line_up))
    line = tuple(line_up)
    for spec in line:
        agent_from_spec(spec)
    if len(set(line)) < 2:
        raise InvalidArgument.of("tournament-needs-least-two-different", line=shown(line[0]))
    check_players(rules, len(line), "line_up")
    check_int(deals, "deals", 1, MAX_COUNT)
    check_int(seed, "seed", 0, MAX_SEED)
    check_int(workers, "workers", 1, MAX_WORKERS)
    if progress is not None and not callable(progress):
        raise InvalidArgument.of("progress-must-function-none", progress=shown(progress))
    chunk = max(1, min(10, deals // (workers * 4) or 1))
    jobs = [(rules, line, seed, start, min(start + chunk, deals)) for start in range(0, deals, chunk)]
    per_game = len(_seatings(line))
    total = deals * per_game
    done = [0]

    def tell(part: list[Game], job: tuple[Any, ...]) -> list[Game]:
        done[0] += (job[4] - job[3]) * per_game  # games of the chunk, counting deals won at the deal
        if progress is not None:
            progress(rules.name, done[0], total)
        return part

    parts: list[list[Game]]
    if client is not None:
        import distributed

        futures = [client.submit(play_deals, *job, pure=False) for job in jobs]
        job_of = {f.key: job for f, job in zip(futures, jobs, strict=True)}
        in_finishing_order: Callable[[list[Any]], Iterable[Any]] = distributed.as_completed
        finished = {f.key: tell(f.result(), job_of[f.key]) for f in in_finishing_order(futures)}
        parts = [finished[f.key] for f in futures]
    elif workers == 1:
        parts = [tell(play_deals(*job), job) for job in jobs]
    else:
        with ProcessPoolExecutor(max_workers=min(workers, len(jobs))) as pool:
            futures_ = [pool.submit(play_deals, *job) for job in jobs]
            parts = [tell(f.result(), job) for f, job in zip(futures_, jobs, strict=True)]
    games = [game for part in parts for game in part]
    return summarise(rules, line, seed, deals, games)


def _interval(e: Estimate, digits: int = 3) -> str:
    return f"{e.mean:+.{digits}f} [{e.low:+.{digits}f}, {e.high:+.{digits}f}]"


def format_tournament(t: Tournament) -> str:
    """The tournament as plain text: one line per entrant, one per pair."""
    unit = "points over the average" if t.currency == "points" else f"1 = one {t.unit_name}"
    width = max([10, *(len(r.name) for r in t.results)])  # the entrants' column
    lines = [
        f"{t.rules}: {t.deals} deals x {t.seatings} seatings = {t.games} games"
        + (f" ({t.skipped} deals won at the deal left out)" if t.skipped else ""),
        f"  {'entrant':<{width}} {'money per deal (' + unit + ')':<30} {'first places':<26} {'mean place':<26} rating",
    ]
    for r in t.results:
        lines.append(
            f"  {r.name:<{width}} {_interval(r.money):<30} {_interval(r.first):<26} {_interval(r.place, 2):<26} {r.rating:.0f}"
        )
    for p in t.pairs:
        verdict = "stronger" if p.money.low > 0 else "weaker" if p.money.high < 0 else "no difference shown"
        lines.append(f"  {p.a} - {p.b}: {_interval(p.money)} per deal ({p.a} {verdict})")
    lines.append("  (95% intervals over deals; each deal played in every seating)")
    return "\n".join(lines)
