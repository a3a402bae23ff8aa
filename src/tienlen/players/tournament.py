"""Duplicate tournaments: the same deals played in every seating, so that luck and seats cancel.

Each deal is played once per distinct seating of the entrants over the seats (every permutation
of the line-up: 4 for one bot against three copies of another, 24 for four different bots).
The unit of measure is the deal: an entrant's result on a deal is its mean over every seat it
sat in, every seating; the 95% intervals are over deals (normal approximation), so the luck of
the cards, which every entrant met in every seat, is not counted as noise. Deals won at the deal
(an instant win, no play) are left out and counted.

Entrants are named by specs: a bundled bot's name (:data:`~tienlen.players.agents.AGENTS`), ``passer``
(passes whenever it may: a known weak player), ``search`` or ``search:LEVEL``
(:class:`~tienlen.players.search.SearchAgent`), and ``search-0.2`` or ``search-0.2:LEVEL`` (the
0.2.0 search player, kept unchanged so that every release is measured against it). Several
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

import contextlib
import itertools
import math
import operator
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import attrs

from tienlen._base.checks import check_int, check_lang, check_type
from tienlen._base.input import MAX_COUNT, MAX_SEED, MAX_WORKERS, shown
from tienlen._base.messages import format_number, render
from tienlen._version import __version__
from tienlen.errors import InvalidArgument
from tienlen.game.actions import Action
from tienlen.game.views import PlayerView
from tienlen.money.settle import settle
from tienlen.players._jobs import run_jobs
from tienlen.players.agents import AGENTS, Agent, make_agent, play_round
from tienlen.players.search import DEFAULT_LEVEL, EDITION, EDITIONS, LEVELS, SearchAgent
from tienlen.players.simulate import Estimate, interval_text
from tienlen.variants.checks import check_players, check_rules
from tienlen.variants.rules import RuleSet

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


SPECS = (*AGENTS, "passer", "search", *(f"search-{edition}" for edition in EDITIONS))
"""The agent names a spec may start with."""


def agent_from_spec(spec: str, seed: int = 0) -> Agent:
    """The agent a spec names: a bundled bot (see :func:`~tienlen.players.agents.make_agent`), ``passer``,
    ``search`` or ``search:LEVEL``, the level in ASCII digits (one of the edition's levels, :data:`~tienlen.players.search.LEVELS`),
    or ``search-EDITION`` / ``search-EDITION:LEVEL`` for an edition of
    :data:`~tienlen.players.search.EDITIONS` (``search-0.2`` is the 0.2.0 search player, kept
    unchanged as a yardstick; its default level is 3).

    Raises :class:`~tienlen.InvalidArgument` for an unknown spec or level (a level written with
    other digits, such as ``²`` or ``٣``, is refused).
    """
    check_type(spec, str, "spec", "an agent spec such as 'search:2'")
    name, _, level = spec.partition(":")
    edition = EDITION if name == "search" else name.removeprefix("search-") if name.startswith("search-") else ""
    if edition in EDITIONS:
        return SearchAgent(level=_search_level(level, edition) if level else DEFAULT_LEVEL, seed=seed, edition=edition)
    if level:
        raise InvalidArgument.of("only-search-takes-level", spec=shown(spec))
    if name == "passer":
        return PassingAgent()
    if name not in SPECS:
        raise InvalidArgument.of(
            "unknown-agent-choose-one-search", spec=shown(spec), specs=", ".join(SPECS), lowest=min(LEVELS), highest=max(LEVELS)
        )
    return make_agent(name, seed)


def _search_level(text: str, edition: str) -> int:
    """The level ``text`` names: ASCII digits (leading zeros allowed) for one of the levels of
    ``edition`` (:data:`~tienlen.players.search.EDITIONS`, where they are declared)."""
    levels = EDITIONS[edition]
    digits = text.lstrip("0") if text.isascii() and text.isdigit() else ""
    if digits not in {str(level) for level in levels}:
        raise InvalidArgument.of("search-level-must-whole-number", level=shown(text), lowest=min(levels), highest=max(levels))
    return int(digits)


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


def _whole(net: Sequence[int], currency: str) -> tuple[int, ...]:
    """Each seat's money as a whole number: as settled, or for points the player count times the
    seat's points less the round's total (the player count times its points over the average)."""
    if currency != "points":
        return tuple(net)
    total = sum(net)
    return tuple(len(net) * p - total for p in net)


_Played = tuple[int, tuple[str, ...], tuple[int, ...], tuple[int, ...]]
"""One game in whole numbers: (deal, the spec in each seat, each seat's net as settled, or as
:func:`_whole` gives it, each seat's place from 1)."""


def _played(rules: RuleSet, line_up: tuple[str, ...], seed: int, start: int, stop: int) -> Iterator[_Played]:
    """The games of deals ``start`` to ``stop - 1``, each deal's in every seating, one after the other."""
    for deal in range(start, stop):
        deal_seed = _deal_seed(seed, deal)
        for seating in _seatings(line_up):
            agents = [agent_from_spec(spec, deal_seed + seat) for seat, spec in enumerate(seating)]
            result = play_round(rules, agents, seed=deal_seed).result
            if result.instant_winners:
                break  # the same cards in every seating: won at the deal in each
            places = [0] * len(seating)
            for place, seat in enumerate(result.placements, 1):
                places[seat] = place
            yield deal, seating, settle(result, rules).net, tuple(places)


def play_deals(rules: RuleSet, line_up: tuple[str, ...], seed: int, start: int, stop: int) -> list[Game]:
    """Play deals ``start`` to ``stop - 1`` in every seating; deals won at the deal give no game.
    :func:`tournament` plays such chunks, here or on a cluster, and keeps only their sums."""
    games = _played(rules, line_up, seed, start, stop)
    return [(deal, seating, _money(net, rules.currency), places) for deal, seating, net, places in games]


def _sum(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(map(operator.add, a, b))


@attrs.frozen(kw_only=True)
class _Tally:
    """Whole-number running sums over a tournament's deals, all its results need: chunks of deals
    add up with ``+``, in any order, to the same sums, so memory stays flat in the number of deals.

    ``dealt`` counts the deals, ``deals`` those played (not won at the deal), ``games`` the games.
    Per entrant (the line-up's names in order), over the played deals: ``money`` sums its money on
    each deal (its seats' :func:`_whole` money, over every seating), ``firsts`` its first places and
    ``places`` its places, and each ``*_squares`` the squares of those per-deal sums. Per pair of
    entrants ``a, b`` (in :func:`itertools.combinations` order), ``pair_money`` sums a's money on
    each deal times b's weight less b's times a's weight (:func:`_weights`), and
    ``pair_money_squares`` the squares. ``wins[i * entrants + j]`` counts the pairs of seats in
    which entrant ``i`` placed above entrant ``j``.
    """

    dealt: int
    deals: int
    games: int
    money: tuple[int, ...]
    money_squares: tuple[int, ...]
    firsts: tuple[int, ...]
    firsts_squares: tuple[int, ...]
    places: tuple[int, ...]
    places_squares: tuple[int, ...]
    pair_money: tuple[int, ...]
    pair_money_squares: tuple[int, ...]
    wins: tuple[int, ...]

    def __add__(self, other: _Tally) -> _Tally:
        return _Tally(
            dealt=self.dealt + other.dealt,
            deals=self.deals + other.deals,
            games=self.games + other.games,
            money=_sum(self.money, other.money),
            money_squares=_sum(self.money_squares, other.money_squares),
            firsts=_sum(self.firsts, other.firsts),
            firsts_squares=_sum(self.firsts_squares, other.firsts_squares),
            places=_sum(self.places, other.places),
            places_squares=_sum(self.places_squares, other.places_squares),
            pair_money=_sum(self.pair_money, other.pair_money),
            pair_money_squares=_sum(self.pair_money_squares, other.pair_money_squares),
            wins=_sum(self.wins, other.wins),
        )


def _names(line_up: tuple[str, ...]) -> list[str]:
    """The entrants: the line-up's distinct specs, in order."""
    return list(dict.fromkeys(line_up))


def _weights(rules: RuleSet, line_up: tuple[str, ...]) -> list[tuple[int, int]]:
    """Per entrant, its seats in every seating of a played deal, and what its summed money on a
    deal is divided by to give its money per seat in the rule set's unit (the seats, times the
    player count for points: see :func:`_whole`)."""
    seatings, scale = len(_seatings(line_up)), len(line_up) if rules.currency == "points" else 1
    return [(seatings * line_up.count(name), seatings * line_up.count(name) * scale) for name in _names(line_up)]


def _count_wins(wins: list[int], index: dict[str, int], seating: tuple[str, ...], places: tuple[int, ...]) -> None:
    """Add one game's pairs of seats of different entrants to ``wins``: ``wins[i * k + j]`` counts
    those in which entrant ``i`` (of ``k``, numbered by ``index``) placed above entrant ``j``."""
    for s, t in itertools.combinations(range(len(seating)), 2):
        a, b = index[seating[s]], index[seating[t]]
        if a != b:
            wins[a * len(index) + b if places[s] < places[t] else b * len(index) + a] += 1


def _tally(rules: RuleSet, line_up: tuple[str, ...], dealt: int, games: Iterable[_Played]) -> _Tally:
    """The sums of ``dealt`` deals from their games, money as :func:`_whole` gives it (each deal's
    games one after the other)."""
    names = _names(line_up)
    index, pairs = {name: i for i, name in enumerate(names)}, list(itertools.combinations(range(len(names)), 2))
    weights = [weight for _, weight in _weights(rules, line_up)]
    deals = count = 0
    money_t, money_q, firsts_t, firsts_q, places_t, places_q = ([0] * len(names) for _ in range(6))
    pair_t, pair_q = [0] * len(pairs), [0] * len(pairs)
    wins = [0] * len(names) ** 2
    for _, rows in itertools.groupby(games, key=operator.itemgetter(0)):  # one deal
        money, firsts, places = [0] * len(names), [0] * len(names), [0] * len(names)
        for _, seating, whole, place in rows:
            count += 1
            for seat, spec in enumerate(seating):
                entrant = index[spec]
                money[entrant] += whole[seat]
                firsts[entrant] += place[seat] == 1
                places[entrant] += place[seat]
            _count_wins(wins, index, seating, place)
        deals += 1
        for entrant in range(len(names)):
            money_t[entrant] += money[entrant]
            money_q[entrant] += money[entrant] ** 2
            firsts_t[entrant] += firsts[entrant]
            firsts_q[entrant] += firsts[entrant] ** 2
            places_t[entrant] += places[entrant]
            places_q[entrant] += places[entrant] ** 2
        for number, (a, b) in enumerate(pairs):
            difference = money[a] * weights[b] - money[b] * weights[a]
            pair_t[number] += difference
            pair_q[number] += difference**2
    return _Tally(
        dealt=dealt,
        deals=deals,
        games=count,
        money=tuple(money_t),
        money_squares=tuple(money_q),
        firsts=tuple(firsts_t),
        firsts_squares=tuple(firsts_q),
        places=tuple(places_t),
        places_squares=tuple(places_q),
        pair_money=tuple(pair_t),
        pair_money_squares=tuple(pair_q),
        wins=tuple(wins),
    )


def _play_tally(rules: RuleSet, line_up: tuple[str, ...], seed: int, start: int, stop: int) -> _Tally:
    """Play deals ``start`` to ``stop - 1`` in every seating and keep only their sums (a job of :func:`tournament`)."""
    games = _played(rules, line_up, seed, start, stop)
    return _tally(rules, line_up, stop - start, ((d, s, _whole(net, rules.currency), p) for d, s, net, p in games))


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


def _fit(wins: Sequence[int], names: Sequence[str], iterations: int) -> dict[str, float]:
    """The Bradley–Terry ratings of :func:`ratings` from the pairs of seats won, ``wins[i * k + j]``
    those entrant ``i`` won over entrant ``j`` of ``k``."""
    k = len(names)
    won_over = [[float(wins[i * k + j]) for j in range(k)] for i in range(k)]
    strength = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            won = sum(won_over[i]) + 0.5
            denominator = 1.0 / (strength[i] + 1.0)  # the virtual average player
            for j in range(k):
                games_ij = won_over[i][j] + won_over[j][i]
                if j != i and games_ij:
                    denominator += games_ij / (strength[i] + strength[j])
            new.append(won / denominator)
        centre = math.exp(sum(math.log(s) for s in new) / k)
        strength = [s / centre for s in new]
    return {name: 1500 + 400 * math.log10(strength[i]) for i, name in enumerate(names)}


def ratings(games: Iterable[Game], names: Sequence[str], iterations: int = 200) -> dict[str, float]:
    """Bradley–Terry strengths fitted by minorization-maximization (Hunter 2004) from every pair of
    seats of different entrants (the better place wins), on the Elo scale with mean 1500. Each
    entrant gets half a win and half a loss against a virtual average player, so that one who
    always wins or always loses still has a finite rating. Only the pairs won are kept, so the
    ``games`` may be an iterator of any length."""
    index = {name: i for i, name in enumerate(names)}
    wins = [0] * len(names) ** 2
    for _, seating, _, places in games:
        _count_wins(wins, index, seating, places)
    return _fit(wins, names, iterations)


def _outcome(rules: RuleSet, line_up: tuple[str, ...], seed: int, deals: int, tally: _Tally) -> Tournament:
    """The tournament the sums give: per entrant its estimates over the played deals and its rating, per pair its difference."""
    names = _names(line_up)
    weights = _weights(rules, line_up)
    rating = _fit(tally.wins, names, 200)
    results = tuple(
        AgentResult(
            name=name,
            money=Estimate.of(tally.deals, tally.money[i], tally.money_squares[i], weights[i][1]),
            first=Estimate.of(tally.deals, tally.firsts[i], tally.firsts_squares[i], weights[i][0]),
            place=Estimate.of(tally.deals, tally.places[i], tally.places_squares[i], weights[i][0]),
            rating=rating[name],
        )
        for i, name in enumerate(names)
    )
    pairs = tuple(
        Pairwise(
            a=names[a],
            b=names[b],
            money=Estimate.of(tally.deals, tally.pair_money[n], tally.pair_money_squares[n], weights[a][1] * weights[b][1]),
        )
        for n, (a, b) in enumerate(itertools.combinations(range(len(names)), 2))
    )
    return Tournament(
        rules=rules.name,
        currency=rules.currency,
        unit_name=rules.unit_name,
        line_up=line_up,
        seed=seed,
        deals=deals,
        seatings=len(_seatings(line_up)),
        games=tally.games,
        skipped=deals - tally.deals,
        results=results,
        pairs=pairs,
    )


def summarise(rules: RuleSet, line_up: tuple[str, ...], seed: int, deals: int, games: Iterable[Game]) -> Tournament:
    """The per-entrant results, pairwise comparisons and ratings of the played ``games`` of
    ``deals`` deals (as :func:`play_deals` gives them, in any order): what :func:`tournament`
    gives for them."""
    scale = len(line_up) if rules.currency == "points" else 1
    whole = ((deal, seating, tuple(round(m * scale) for m in money), places) for deal, seating, money, places in games)
    return _outcome(rules, line_up, seed, deals, _tally(rules, line_up, deals, sorted(whole, key=operator.itemgetter(0))))


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
    rule set's name, the games played and the games in all, as chunks of deals finish; an
    exception it raises stops the tournament.

    Deals are dealt as they are played, in chunks of at most 10, at most two chunks per process
    (per thread of the cluster) sent at a time, and each chunk is kept only as whole-number
    sums: memory stays flat in the number of deals, and the first games are played at once even
    for 10**9 deals. The sums give the means and intervals exactly up to the final division
    (they may differ from 0.2's two-pass figures in the last bits) and the ratings as before.

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
    jobs = ((rules, line, seed, start, min(start + chunk, deals)) for start in range(0, deals, chunk))
    seatings = len(_seatings(line))
    tally = _tally(rules, line, 0, ())
    with contextlib.closing(run_jobs(_play_tally, jobs, workers=min(workers, -(-deals // chunk)), client=client)) as parts:
        for part in parts:  # as they finish: whole-number sums, the same in any order
            tally += part
            if progress is not None:
                progress(rules.name, tally.dealt * seatings, deals * seatings)  # counting deals won at the deal
    return _outcome(rules, line, seed, deals, tally)


def format_tournament(t: Tournament, lang: str = "en") -> str:
    """The tournament as plain text in ``lang`` (``"en"`` or ``"vi"``): one line per entrant, one per pair."""
    check_lang(lang)
    if t.currency == "points":
        unit = render("tour-unit-points", {}, lang)
    else:
        unit = render("tour-unit", {"unit_name": t.unit_name}, lang)
    heading = {"rules": t.rules, "deals": t.deals, "seatings": t.seatings, "games": t.games, "skipped": t.skipped}
    header = [
        render("tour-entrant", {}, lang),
        render("tour-money", {"unit": unit}, lang),
        render("tour-first-places", {}, lang),
        render("tour-mean-place", {}, lang),
        render("tour-rating", {}, lang),
    ]
    rows = [
        [
            r.name,
            interval_text(r.money, lang=lang),
            interval_text(r.first, lang=lang),
            interval_text(r.place, 2, lang),
            format_number(r.rating, ".0f", lang),
        ]
        for r in t.results
    ]
    widths = [max([10 if column == 0 else 0, *(len(line[column]) for line in [header, *rows])]) for column in range(5)]
    lines = [render("tour-heading-skipped" if t.skipped else "tour-heading", heading, lang)]
    for line in [header, *rows]:  # the columns as wide as their widest cell, two spaces apart
        lines.append("  " + "  ".join(cell.ljust(width) for cell, width in zip(line, widths, strict=True)).rstrip())
    for p in t.pairs:
        verdict = "tour-stronger" if p.money.low > 0 else "tour-weaker" if p.money.high < 0 else "tour-no-difference"
        lines.append("  " + render(verdict, {"a": p.a, "b": p.b, "interval": interval_text(p.money, lang=lang)}, lang))
    lines.append("  " + render("tour-note", {}, lang))
    return "\n".join(lines)
