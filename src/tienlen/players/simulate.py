"""Statistical comparison: the same seeded deals played by the same bots under several rule sets.

Results are counted in **plain wins**, so rule sets paid in entries, bets or points compare: one
plain win is what 1st place collects in a plain round at the table's player count (no chop,
freeze, thúi or instant win). In a 4-player ``house`` room it is 4 entries, in ``northern`` 6 bets,
in ``iwin`` 2 bets. Points profiles score rather than pay, so their points are first taken
relative to the round's average (``faceoff`` at 4 players: a plain win is 3 − 1.5 = 1.5 points).

>>> from tienlen import HOUSE, PAGAT
>>> stats = simulate([HOUSE, PAGAT], rounds=4, seed=1)
>>> [s.rules for s in stats], stats[0].rounds, stats[0].scale
(['house', 'pagat'], 4, 4)
>>> money = stats[0].money
>>> money.low <= money.mean <= money.high
True
"""

from __future__ import annotations

import contextlib
import math
import random
import textwrap
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import repeat
from typing import Any

import attrs

from tienlen._base.catalogue import TEXTS
from tienlen._base.checks import check_bool, check_int, check_lang
from tienlen._base.input import MAX_COUNT, MAX_SEED, MAX_WORKERS, shown
from tienlen._base.messages import format_number, render, words_of
from tienlen._version import __version__
from tienlen.errors import InvalidArgument, TienLenError
from tienlen.game.cards import DECK
from tienlen.game.events import Passed, Played, RoundResult
from tienlen.money.settle import Settlement, held_value, settle, unit_for
from tienlen.players._jobs import run_jobs
from tienlen.players.agents import make_agent, play_round
from tienlen.variants.checks import check_players, check_rules
from tienlen.variants.rules import RuleSet

__all__ = [
    "PLAIN_WIN",
    "Estimate",
    "ProfileStats",
    "Run",
    "simulate",
    "play_chunk",
    "round_seed",
    "seating",
    "plain_win",
    "format_stats",
]

PLAIN_WIN = TEXTS["plain-wins"]
"""The unit of every normalised result, in words (written into JSON reports; the message catalogue
holds it, so :func:`format_stats` writes it in Vietnamese too)."""

Progress = Callable[[str, int, int], None]
"""A progress callback: ``(what is being played, rounds done, rounds in all)``."""


def round_seed(seed: int, index: int) -> int:
    """The deal seed of round ``index`` of a simulation seeded with ``seed`` (the same for every rule set)."""
    check_int(seed, "seed", 0, MAX_SEED)
    check_int(index, "index", 0, MAX_COUNT)
    return random.Random(f"tienlen-simulate:{seed}:{index}").getrandbits(63)


def _values(settlement: Settlement) -> tuple[int, ...]:
    """Each seat's result as a whole number on the scale of :func:`plain_win`: money as it is,
    points times the player count less the round's total (the points relative to the average)."""
    if settlement.currency != "points":
        return settlement.net
    total = sum(settlement.net)
    return tuple(len(settlement.net) * p - total for p in settlement.net)


def plain_win(rules: RuleSet, players: int, unit: int = 1) -> int:
    """What one plain win is worth under ``rules`` at ``players``, in the whole numbers results are
    counted in before normalising: money at ``unit`` (1: the rule set's units, entries or bets),
    or for points the points relative to the average times ``players``. Under card-count scoring
    (``scoring = "cards"``) a plain win is one card, not a 2, left in each loser's hand.

    >>> from tienlen import COUNTING, HOUSE, NORTHERN, FACEOFF
    >>> plain_win(HOUSE, 4), plain_win(NORTHERN, 4), plain_win(FACEOFF, 4) / 4, plain_win(COUNTING, 4)
    (4, 6, 1.5, 3)
    """
    left = ((),) * players if rules.scoring == "places" else ((),) + tuple((DECK[seat],) for seat in range(1, players))
    plain = RoundResult(
        players=players,
        dealer=0,
        first_round=False,
        placements=tuple(range(players)),
        frozen=(),
        forfeited=(),
        instant_winners=(),
        hands=left,
        events=(),
    )
    settlement = settle(plain, rules, unit=unit_for(rules, unit))
    if settlement.currency == "points":
        return _values(settlement)[0]
    return sum(t.amount for t in settlement.paid_to(0) if t.payer >= 0)


@attrs.frozen(kw_only=True)
class Estimate:
    """A per-round quantity over the simulated rounds: ``mean``, sample standard deviation ``sd``,
    and the 95% confidence interval of the mean, ``low`` to ``high`` (mean ± 1.96 standard errors,
    the normal approximation; with one round the interval is the mean itself)."""

    mean: float
    sd: float
    low: float
    high: float

    @classmethod
    def of(cls, count: int, total: int, squares: int, scale: int = 1) -> Estimate:
        """From the number of rounds, the sum and the sum of squares of whole-number values, each
        divided by ``scale``. Exact up to the final division, so the same sums give the same bits.

        >>> Estimate.of(4, 0, 40)  # the values 2, -4, 4, -2
        Estimate(mean=0.0, sd=3.6514837167011076, low=-3.578454042367085, high=3.578454042367085)
        """
        if count < 1:
            return cls(mean=0.0, sd=0.0, low=0.0, high=0.0)
        mean = total / count / scale
        spread = count * squares - total * total  # count * (count - 1) * variance * scale**2, exactly
        sd = math.sqrt(spread / (count * (count - 1))) / scale if count > 1 else 0.0
        half = 1.96 * sd / math.sqrt(count)
        return cls(mean=mean, sd=sd, low=mean - half, high=mean + half)


@attrs.frozen(kw_only=True)
class ProfileStats:
    """Totals over the simulated rounds of one rule set, all whole numbers, so chunks played apart
    add up with ``+`` to exactly the totals of one run.

    ``currency`` is what the rule set counts in and ``scale`` one plain win in it (see :func:`plain_win`);
    ``seat_totals``/``seat_squares`` sum each seat's result and its square; ``agents`` are the
    distinct bots, ``agent_seats`` how many seats each holds in every round, and
    ``agent_totals``/``agent_squares`` sum each bot's result over its seats per round and its
    square (when bots rotate over the seats, the seats measure the seats and the bots the bots); ``moved`` is what
    changed hands per round (the sum of the positive results) and ``moved_counts`` how many rounds
    moved each amount; ``plies`` counts plays and passes; ``chops`` counts chops, ``chains`` tricks
    with at least one chop; ``frozen`` frozen players (cóng); ``thui`` rounds whose last player
    paid for 2s or bombs left in hand; ``instant_wins`` rounds won at the deal. The properties give
    the normalised statistics.
    """

    rules: str
    currency: str
    scale: int
    players: int
    rounds: int = 0
    seat_totals: tuple[int, ...] = ()
    seat_squares: tuple[int, ...] = ()
    agents: tuple[str, ...] = ()
    agent_seats: tuple[int, ...] = ()
    agent_totals: tuple[int, ...] = ()
    agent_squares: tuple[int, ...] = ()
    moved: int = 0
    moved_squares: int = 0
    moved_counts: tuple[tuple[int, int], ...] = ()
    plies: int = 0
    plies_squares: int = 0
    chops: int = 0
    chains: int = 0
    longest_chain: int = 0
    frozen: int = 0
    thui: int = 0
    instant_wins: int = 0

    def per_round(self, total: int) -> float:
        """A total divided by the number of rounds."""
        return total / self.rounds if self.rounds else 0.0

    @property
    def seat_results(self) -> tuple[Estimate, ...]:
        """Each seat's result per round, in plain wins."""
        return tuple(Estimate.of(self.rounds, t, q, self.scale) for t, q in zip(self.seat_totals, self.seat_squares, strict=True))

    @property
    def agent_results(self) -> tuple[Estimate, ...]:
        """Each bot's result per seat it holds, per round, in plain wins (one per :attr:`agents`)."""
        return tuple(
            Estimate.of(self.rounds, t, q, self.scale * n)
            for t, q, n in zip(self.agent_totals, self.agent_squares, self.agent_seats, strict=True)
        )

    @property
    def money(self) -> Estimate:
        """What changed hands per round (the sum of the winners' results), in plain wins."""
        return Estimate.of(self.rounds, self.moved, self.moved_squares, self.scale)

    @property
    def length(self) -> Estimate:
        """Plays and passes per round."""
        return Estimate.of(self.rounds, self.plies, self.plies_squares)

    @property
    def seat_advantage(self) -> float:
        """The best seat's mean result less the worst seat's, in plain wins (0 when every seat fares
        alike; when the bots sit in fixed seats, ``rotate=False``, it also measures the bots)."""
        means = [e.mean for e in self.seat_results]
        return max(means) - min(means) if means else 0.0

    @property
    def frequencies(self) -> dict[str, float]:
        """Events per round: chops, chop chains, frozen players (cóng), thúi and instant wins."""
        counts = {
            "chops": self.chops,
            "chains": self.chains,
            "cóng": self.frozen,
            "thúi": self.thui,
            "instant wins": self.instant_wins,
        }
        return {name: self.per_round(count) for name, count in counts.items()}

    def to_mapping(self) -> dict[str, Any]:
        """The totals and the statistics derived from them, as plain JSON-friendly data."""
        data: dict[str, Any] = attrs.asdict(self)
        data["moved_counts"] = [list(pair) for pair in self.moved_counts]
        data["statistics"] = {
            "currency": "plain wins",
            "seats": [attrs.asdict(e) for e in self.seat_results],
            "agents": {name: attrs.asdict(e) for name, e in zip(self.agents, self.agent_results, strict=True)},
            "money_moved": attrs.asdict(self.money),
            "round_length": attrs.asdict(self.length),
            "seat_advantage": self.seat_advantage,
            "per_round": self.frequencies,
        }
        return data

    def __add__(self, other: ProfileStats) -> ProfileStats:
        if (self.rules, self.currency, self.scale, self.players) != (other.rules, other.currency, other.scale, other.players) or (
            self.agents and other.agents and (self.agents, self.agent_seats) != (other.agents, other.agent_seats)
        ):
            raise InvalidArgument.of(
                "cannot-add-statistics-players-players",
                rules=self.rules,
                players=self.players,
                rules2=other.rules,
                players2=other.players,
            )

        def seats(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
            return tuple(x + y for x, y in zip(a or (0,) * self.players, b or (0,) * self.players, strict=True))

        agents = self.agents or other.agents
        agent_seats = self.agent_seats or other.agent_seats

        def per_agent(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
            return tuple(x + y for x, y in zip(a or (0,) * len(agents), b or (0,) * len(agents), strict=True))

        counts = Counter(dict(self.moved_counts)) + Counter(dict(other.moved_counts))
        sums = {name: getattr(self, name) + getattr(other, name) for name in _SUMMED}
        return ProfileStats(
            rules=self.rules,
            currency=self.currency,
            scale=self.scale,
            players=self.players,
            seat_totals=seats(self.seat_totals, other.seat_totals),
            seat_squares=seats(self.seat_squares, other.seat_squares),
            agents=agents,
            agent_seats=agent_seats,
            agent_totals=per_agent(self.agent_totals, other.agent_totals),
            agent_squares=per_agent(self.agent_squares, other.agent_squares),
            moved_counts=tuple(sorted(counts.items())),
            longest_chain=max(self.longest_chain, other.longest_chain),
            **sums,
        )


_SUMMED = ("rounds", "moved", "moved_squares", "plies", "plies_squares", "chops", "chains", "frozen", "thui", "instant_wins")


def _empty(rules: RuleSet, players: int, unit: int, bots: tuple[str, ...] = ()) -> ProfileStats:
    slots = [bots[k % len(bots)] for k in range(players)] if bots else []
    agents = tuple(dict.fromkeys(slots))
    return ProfileStats(
        rules=rules.name,
        currency=rules.currency,
        scale=plain_win(rules, players, unit),
        players=players,
        agents=agents,
        agent_seats=tuple(slots.count(a) for a in agents),
    )


def seating(bots: tuple[str, ...], players: int, index: int, rotate: bool = True) -> tuple[str, ...]:
    """The bot in each seat in round ``index``: the bots are cycled over ``players`` places, and
    with ``rotate`` the places move one seat on every round (round ``index`` puts place ``k`` in
    seat ``(k + index) % players``), so that over the rounds each bot sits in every seat alike.

    >>> seating(("greedy", "random"), 3, 0), seating(("greedy", "random"), 3, 1)
    (('greedy', 'random', 'greedy'), ('greedy', 'greedy', 'random'))
    """
    shift = index % players if rotate else 0
    return tuple(bots[((seat - shift) % players) % len(bots)] for seat in range(players))


def play_chunk(
    rules: RuleSet,
    players: int,
    bots: tuple[str, ...],
    seed: int,
    start: int,
    stop: int,
    unit: int = 1,
    rotate: bool = True,
) -> ProfileStats:
    """Play rounds ``start`` to ``stop - 1`` of the simulation seeded with ``seed`` and total them.

    :func:`simulate` adds such chunks up, on this machine or on a cluster. ``unit`` scales the
    money (results are normalised to plain wins whatever it is). Raises what :func:`simulate`
    raises for bad settings, and :class:`~tienlen.InvalidArgument` unless
    ``0 <= start <= stop <= 10**9``. ``rotate`` moves the bots one seat on every round (see :func:`seating`).
    """
    _check_settings((rules,), players, bots, seed, unit)
    check_int(start, "start", 0, MAX_COUNT)
    check_int(stop, "stop", start, MAX_COUNT)
    empty = _empty(rules, players, unit, bots)
    seat_totals, seat_squares = [0] * players, [0] * players
    agent_totals, agent_squares = [0] * len(empty.agents), [0] * len(empty.agents)
    moved_counts: Counter[int] = Counter()
    sums: dict[str, Any] = dict.fromkeys(_SUMMED, 0)  # totals in plain integers; one ProfileStats at the end
    longest_chain = 0
    for index in range(start, stop):
        deal_seed = round_seed(seed, index)
        seated = seating(bots, players, index, rotate)
        agents = [make_agent(bot, deal_seed + s) for s, bot in enumerate(seated)]
        result = play_round(rules, agents, seed=deal_seed).result
        values = _values(settle(result, rules, unit=unit_for(rules, unit)))
        chains: dict[int, int] = {}
        chops = result.chops
        for chop in chops:
            chains[chop.trick] = max(chains.get(chop.trick, 0), chop.index)
        last = result.placements[-1] if result.placements else None
        held = (
            rules.thui != "none"
            and last is not None
            and last not in result.frozen
            and last not in result.forfeited
            and held_value(result.hands[last], rules) > 0
        )
        moved = sum(v for v in values if v > 0)
        plies = sum(map(isinstance, result.events, repeat((Played, Passed))))
        for seat, value in enumerate(values):
            seat_totals[seat] += value
            seat_squares[seat] += value * value
        for number, name in enumerate(empty.agents):
            total = sum(v for v, bot in zip(values, seated, strict=True) if bot == name)
            agent_totals[number] += total
            agent_squares[number] += total * total
        moved_counts[moved] += 1
        for name, amount in (
            ("rounds", 1),
            ("moved", moved),
            ("moved_squares", moved * moved),
            ("plies", plies),
            ("plies_squares", plies * plies),
            ("chops", len(chops)),
            ("chains", len(chains)),
            ("frozen", len(result.frozen)),
            ("thui", int(held)),
            ("instant_wins", int(bool(result.instant_winners))),
        ):
            sums[name] += amount
        longest_chain = max(longest_chain, max(chains.values(), default=0))
    if not sums["rounds"]:
        return empty
    return attrs.evolve(
        empty,
        seat_totals=tuple(seat_totals),
        seat_squares=tuple(seat_squares),
        agent_totals=tuple(agent_totals),
        agent_squares=tuple(agent_squares),
        moved_counts=tuple(sorted(moved_counts.items())),
        longest_chain=longest_chain,
        **sums,
    )


@attrs.frozen(kw_only=True)
class Run:
    """Everything that decides a simulation's numbers: with the same description, :meth:`play`
    gives the same statistics on any machine, locally or on a cluster.

    ``bots`` are cycled over the seats, moving one seat on every round unless ``rotate`` is
    false (see :func:`seating`); ``unit`` is what one unit of money is worth (as :func:`~tienlen.settle` takes it).
    """

    rule_sets: tuple[RuleSet, ...]
    rounds: int
    seed: int = 0
    players: int = 4
    bots: tuple[str, ...] = ("greedy", "random")
    unit: int = 1
    rotate: bool = True

    def check(self) -> None:
        """Raise :class:`~tienlen.InvalidArgument` for no rule set or bot, an unknown bot, or a
        seed, unit or number of rounds out of range, or a player count a rule set does not allow."""
        _check_settings(self.rule_sets, self.players, self.bots, self.seed, self.unit)
        check_int(self.rounds, "rounds", 1, MAX_COUNT)

    def play(self, *, workers: int = 1, client: Any = None, progress: Progress | None = None) -> tuple[ProfileStats, ...]:
        """Play the run (see :func:`simulate` for ``workers``, ``client`` and ``progress``)."""
        self.check()
        check_int(workers, "workers", 1, MAX_WORKERS)
        if progress is not None and not callable(progress):
            raise InvalidArgument.of("progress-must-function-none", progress=shown(progress))
        chunk = max(1, min(100, self.rounds // (workers * 8) or 1))
        jobs = (
            (rules, self.players, self.bots, self.seed, start, min(start + chunk, self.rounds), self.unit, self.rotate)
            for rules in self.rule_sets
            for start in range(0, self.rounds, chunk)
        )
        total, done = self.rounds * len(self.rule_sets), 0
        workers = min(workers, len(self.rule_sets) * -(-self.rounds // chunk))  # no more processes than chunks
        totals = {rules.name: _empty(rules, self.players, self.unit, self.bots) for rules in self.rule_sets}
        with contextlib.closing(run_jobs(play_chunk, jobs, workers=workers, client=client)) as parts:
            for part in parts:  # as they finish: whole-number sums, the same in any order
                totals[part.rules] += part
                done += part.rounds
                if progress is not None:
                    progress(part.rules, done, total)
        return tuple(totals[rules.name] for rules in self.rule_sets)

    def to_mapping(self) -> dict[str, Any]:
        """The description as plain JSON-friendly data (the rules as full mappings), with the
        library version; :meth:`from_mapping` reads it back."""
        return {
            "version": __version__,
            "rules": [r.to_mapping() for r in self.rule_sets],
            "rounds": self.rounds,
            "seed": self.seed,
            "players": self.players,
            "bots": list(self.bots),
            "seats": list(seating(self.bots, self.players, 0)),
            "rotate": self.rotate,
            "unit": self.unit,
        }

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> Run:
        """A run from :meth:`to_mapping` output (or the ``run`` of a JSON report). A report without
        ``rotate`` (written before 0.2) had its bots in fixed seats, and is replayed so.

        Raises :class:`~tienlen.InvalidArgument` when a field is missing or of the wrong kind, and
        :class:`~tienlen.InvalidRules` for a rule set that cannot be used.
        """
        try:
            run = cls(
                rule_sets=tuple(RuleSet.from_mapping(r) for r in data["rules"]),
                rounds=int(data["rounds"]),
                seed=int(data["seed"]),
                players=int(data["players"]),
                bots=tuple(str(b) for b in data["bots"]),
                unit=int(data["unit"]),
                rotate=bool(data.get("rotate", False)),
            )
        except TienLenError:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise InvalidArgument.of("simulation-run-description-expected-rules", reason=error) from None
        run.check()
        return run

    def report(self, stats: Sequence[ProfileStats]) -> dict[str, Any]:
        """The JSON report of this run: its description, the unit, and each rule set's statistics."""
        return {"run": self.to_mapping(), "currency": PLAIN_WIN, "results": [s.to_mapping() for s in stats]}


def simulate(
    rule_sets: Sequence[RuleSet],
    *,
    rounds: int,
    seed: int = 0,
    players: int = 4,
    bots: Sequence[str] = ("greedy", "random"),
    unit: int | None = None,
    workers: int = 1,
    client: Any = None,
    progress: Progress | None = None,
    rotate: bool = True,
) -> tuple[ProfileStats, ...]:
    """Play ``rounds`` seeded deals under each rule set with the bundled ``bots`` (cycled over the
    seats and, unless ``rotate`` is false, moved one seat on every round, so that each bot sits
    in every seat alike) and total what happened, one :class:`ProfileStats` per rule set: per
    seat (what the seats are worth) and per bot (what the bots are worth).

    The work is split into seeded chunks (:func:`play_chunk`) and the result is the same, to the
    bit, however they are played: here (``workers`` processes of :mod:`concurrent.futures`), or on
    a Dask distributed cluster through ``client`` (a ``distributed.Client``; needs the ``dask``
    extra). The chunks (at most 100 rounds) are made as they are played, at most two per process
    (per thread of the cluster) sent at a time, and added up as they finish, so memory stays
    flat in the number of rounds. ``progress`` is called as chunks finish with the rule set, the
    rounds done and the rounds in all (:class:`tienlen.show.progress.ProgressBar` draws it); an
    exception it raises stops the simulation. ``unit`` is what one unit of
    a money rule set is worth (see :func:`~tienlen.settle`; points rule sets ignore it).

    Raises :class:`~tienlen.InvalidArgument` for a player count a rule set does not allow, an unknown bot, a seed out of 0 to 2**64 - 1, rounds
    out of 1 to 10**9, workers out of 1 to 256, or arguments of the wrong type.
    """
    worth = 1 if unit is None else unit
    _check_settings(rule_sets, players, bots, seed, worth)
    check_bool(rotate, "rotate")
    run = Run(rule_sets=tuple(rule_sets), rounds=rounds, seed=seed, players=players, bots=tuple(bots), unit=worth, rotate=rotate)
    return run.play(workers=workers, client=client, progress=progress)


def _worth(stats: ProfileStats, lang: str) -> str:
    if stats.currency == "points":
        return render("sim-worth-points", {"points": stats.scale / stats.players}, lang)
    return render("sim-worth", {"amount": stats.scale, "currency": stats.currency}, lang)


def spread_text(e: Estimate, digits: int, lang: str = "en") -> str:
    """An estimate as its mean, the half-width of its 95% interval and its spread: ``74.4 ± 3.2  (sd 7.3)``."""
    values = {"mean": format_number(e.mean, f"7.{digits}f", lang), "spread": format_number(e.high - e.mean, f".{digits}f", lang)}
    return render("spread", {**values, "sd": format_number(e.sd, f".{digits}f", lang)}, lang)


def interval_text(e: Estimate, digits: int = 3, lang: str = "en", *, width: int = 0, sd: bool = False) -> str:
    """An estimate as its mean (``width`` columns at least) and 95% interval, ``+0.375 [+0.226, +0.524]``
    (Vietnamese: decimal commas, the bounds apart with ``;``), with ``sd`` its spread after them."""
    spec = f"+.{digits}f"
    mean = format_number(e.mean, f"+{width}.{digits}f", lang)
    text = render(
        "interval", {"mean": mean, "low": format_number(e.low, spec, lang), "high": format_number(e.high, spec, lang)}, lang
    )
    return render("interval-sd", {"interval": text, "sd": format_number(e.sd, ".3f", lang)}, lang) if sd else text


def _check_settings(rule_sets: Sequence[RuleSet], players: int, bots: Sequence[str], seed: int, unit: int) -> None:
    """Refuse the settings of a simulation, or of one chunk of it, before any round is played."""
    for name, value in (("rule_sets", rule_sets), ("bots", bots)):
        if isinstance(value, (str, bytes)) or not isinstance(value, Sequence) or not value:
            raise InvalidArgument.of("must-non-empty-sequence", name=name, value=shown(value))
    for rules in rule_sets:
        check_rules(rules, "rule_sets")
    check_int(seed, "seed", 0, MAX_SEED)
    for rules in rule_sets:
        unit_for(rules, unit)  # the unit refused as settle refuses it
        check_players(rules, players)
    for bot in bots:
        make_agent(bot)


def format_stats(stats: Sequence[ProfileStats], lang: str = "en", *, width: int = 80) -> str:
    """The statistics as plain text in ``lang`` (``"en"`` or ``"vi"``): per rule set the money moved
    per round and the round length, each seat's result (mean and 95% interval, in plain wins), the
    seat advantage, each bot's result per seat it holds, and the event frequencies per round;
    lines longer than ``width`` columns are wrapped."""
    check_lang(lang)
    blocks = []
    for s in stats:
        names = max(map(len, s.agents))  # the width of the agents' names
        rows = [
            (render("sim-money-moved", {}, lang), spread_text(s.money, 3, lang)),
            (render("sim-plies", {}, lang), spread_text(s.length, 1, lang)),
            *(
                (render("sim-seat-result", {"seat": seat}, lang), interval_text(e, 3, lang, width=7, sd=True))
                for seat, e in enumerate(s.seat_results)
            ),
            (render("sim-seat-advantage", {}, lang), format_number(s.seat_advantage, "7.3f", lang)),
            *(
                (render("sim-per-seat", {"name": name.ljust(names)}, lang), interval_text(e, 3, lang, width=7, sd=True))
                for name, e in zip(s.agents, s.agent_results, strict=True)
            ),
        ]
        pad = max(len(label) for label, _ in rows) + 1
        events = render("list-separator", {}, lang).join(
            f"{words_of('event', name, lang)} {format_number(rate, '.3f', lang)}" for name, rate in s.frequencies.items()
        )
        heading = {"rules": s.rules, "rounds": s.rounds, "players": s.players, "worth": _worth(s, lang)}
        lines = [
            render("sim-heading", heading, lang),
            *(f"  {label:<{pad}}{value}" for label, value in rows),
            "  " + render("sim-events", {"events": events, "longest": s.longest_chain}, lang),
        ]
        blocks.append("\n".join(lines))
    text = "\n\n".join(blocks) + "\n\n" + render("sim-results-in", {"unit": render("plain-wins", {}, lang)}, lang)
    return "\n".join(wrap_long_line(line, width) for line in text.split("\n"))


def wrap_long_line(line: str, width: int) -> str:
    """``line`` wrapped to ``width`` columns, its continuation lines indented 4 more than it."""
    if len(line) <= width:
        return line
    indent = " " * (len(line) - len(line.lstrip()) + 4)
    return "\n".join(textwrap.wrap(line, width, subsequent_indent=indent, break_on_hyphens=False))
