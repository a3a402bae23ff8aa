"""Matches: a series of rounds under one rule set, with running totals, and who leads next.

A :class:`Match` is a value: :meth:`Match.record` returns a new match with one more round settled
and leaves the old one as it was.

>>> from tienlen import FACEOFF
>>> from tienlen.events import RoundResult
>>> def placed(*order: int) -> RoundResult:
...     return RoundResult(players=4, dealer=0, first_round=False, placements=order, frozen=(),
...         forfeited=(), instant_winners=(), hands=((), (), (), ()), events=())
>>> match = Match.start(FACEOFF)
>>> for order in [(0, 1, 2, 3), (1, 0, 2, 3), (1, 2, 0, 3), (3, 2, 1, 0), (0, 1, 3, 2)]:
...     match = match.record(placed(*order))
>>> match.totals, match.is_over, match.winners
((9, 11, 6, 4), True, (1,))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from tienlen._codec import WireValue
from tienlen.errors import IllegalPlay, InvalidRecord, InvalidRules
from tienlen.events import RoundResult
from tienlen.rules import RuleSet
from tienlen.settle import Settlement, settle

__all__ = ["Match", "next_leader"]


def next_leader(result: RoundResult, rules: RuleSet, absent: Iterable[int] = ()) -> int:
    """The seat that leads the round after ``result``.

    In order of precedence: the đền bài seat (where the rules use it and the result names one);
    then, after an instant win, the instant winner (the first listed when several share); else 1st
    place. Seats in ``absent`` (players who left the table, as ``northern`` provides: "if the winner
    has left, 2nd leads") are skipped: the next place takes over, or after an instant win the next
    seat in turn order after the winner.

    Raises :class:`~tienlen.InvalidRules` when an absent seat is not at the table or every seat is
    absent, and :class:`~tienlen.InvalidRecord` when the result has neither placements nor instant
    winners.

    >>> from tienlen import NORTHERN
    >>> from tienlen.events import RoundResult
    >>> done = RoundResult(players=4, dealer=0, first_round=False, placements=(2, 0, 3, 1),
    ...     frozen=(), forfeited=(), instant_winners=(), hands=((), (), (), ()), events=())
    >>> next_leader(done, NORTHERN), next_leader(done, NORTHERN, absent={2})
    (2, 0)
    """
    n = result.players
    gone = set(absent)
    bad = sorted(s for s in gone if not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < n)
    if bad:
        raise InvalidRules(f"absent: seat {bad[0]!r} is not at this {n}-player table (seats 0 to {n - 1})")
    candidates: list[int] = []
    if rules.den_bai and result.den_bai is not None:
        candidates.append(result.den_bai)
    if result.instant_winners:
        winners = [w.seat for w in result.instant_winners]
        candidates += winners
        candidates += [(winners[0] + k) % n for k in range(1, n)]
    elif result.placements:
        candidates += list(result.placements)
    else:
        raise InvalidRecord("the result has neither placements nor instant winners; it is no finished round")
    for seat in candidates:
        if seat not in gone:
            return seat
    raise InvalidRules("absent: every seat is absent, so nobody can lead the next round")


def _positive_int(value: object, name: str, hint: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidRules(f"{name}: {value!r} is not a positive whole number; {hint}")
    return value


@attrs.frozen(kw_only=True)
class Match(WireValue):
    """A series of rounds with the same players under one rule set.

    ``rounds`` is the number of rounds to play (``None`` for an open session that never ends by
    itself); ``balances`` the players' money before the first round (``None`` if not tracked).
    ``results`` and ``settlements`` grow by one with each :meth:`record`. Build one with
    :meth:`start`.

    Raises :class:`~tienlen.InvalidRules` for the same bad settings as :meth:`start`.
    """

    rules: RuleSet
    players: int
    stake: int = 1
    rounds: int | None = None
    balances_at_start: tuple[int, ...] | None = None
    results: tuple[RoundResult, ...] = ()
    settlements: tuple[Settlement, ...] = ()

    def __attrs_post_init__(self) -> None:
        rules = self.rules
        if not isinstance(rules, RuleSet):
            raise InvalidRules(f"rules must be a RuleSet such as tienlen.HOUSE, not {type(rules).__name__}")
        n = self.players
        if isinstance(n, bool) or not isinstance(n, int) or not rules.min_players <= n <= rules.max_players:
            span = f"{rules.min_players}" if rules.min_players == rules.max_players else f"{rules.min_players} to {rules.max_players}"
            raise InvalidRules(f"{rules.name} is played by {span} players, not {n!r}")
        _positive_int(self.stake, "stake", f"give what one {rules.unit_name} is worth in this room, e.g. stake=1000")
        if rules.unit == "points" and self.stake != 1:
            raise InvalidRules(f"stake: {rules.name} scores points, which are not staked; leave stake at 1 (got {self.stake!r})")
        if self.rounds is not None:
            _positive_int(self.rounds, "rounds", "give how many rounds the match lasts, e.g. rounds=10")
        elif rules.unit == "points" and rules.match_rounds is None:
            raise InvalidRules(f"rounds: {rules.name} is played for an agreed number of rounds; say how many, e.g. rounds=10")
        start = self.balances_at_start
        if start is not None:
            if len(start) != n:
                raise InvalidRules(f"balances: {len(start)} balances given for {n} players; give one per seat")
            for seat, value in enumerate(start):
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise InvalidRules(f"balances: seat {seat} has {value!r}; a balance must be a whole number of at least 0")

    @classmethod
    def start(
        cls,
        rules: RuleSet,
        players: int = 4,
        stake: int = 1,
        balances: Sequence[int] | None = None,
        rounds: int | None = None,
    ) -> Match:
        """A new match. ``rounds`` defaults to ``rules.match_rounds`` (``faceoff``: 5); it must be
        given for a points profile without one (``pagat``) and may be left out for money profiles
        (an open session). ``stake`` is what one unit is worth (see :func:`~tienlen.settle`);
        ``balances`` are the players' money at the start, tracked round by round and, where the
        rules cap payments at the balance (``iwin``), used to cap them.

        Raises :class:`~tienlen.InvalidRules` for a player count the rules do not allow, a stake or
        ``rounds`` that is not a positive whole number (or a stake other than 1 for points), a
        missing ``rounds`` for ``pagat``-like rules, or balances that are not one non-negative
        whole number per seat.

        >>> from tienlen import PAGAT
        >>> Match.start(PAGAT)
        Traceback (most recent call last):
        ...
        tienlen.errors.InvalidRules: rounds: pagat is played for an agreed number of rounds; say how many, e.g. rounds=10
        """
        if balances is not None and (isinstance(balances, (str, bytes)) or not isinstance(balances, Sequence)):
            raise InvalidRules(f"balances: give one whole number per seat, e.g. [50000] * {players}, not {balances!r}")
        return cls(
            rules=rules,
            players=players,
            stake=stake,
            rounds=rounds if rounds is not None else rules.match_rounds,
            balances_at_start=None if balances is None else tuple(balances),
        )

    # ------------------------------------------------------------------ views
    @property
    def played(self) -> int:
        """How many rounds have been recorded."""
        return len(self.results)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's total so far: points, or net chips/bets after rake."""
        return tuple(sum(s.net[seat] for s in self.settlements) for seat in range(self.players))

    @property
    def house(self) -> int:
        """What the house account (the rake) has collected so far."""
        return sum(s.house for s in self.settlements)

    @property
    def balances(self) -> tuple[int, ...] | None:
        """Each seat's money now (the starting balances plus the totals), or ``None`` when not tracked."""
        if self.balances_at_start is None:
            return None
        return tuple(b + t for b, t in zip(self.balances_at_start, self.totals))

    @property
    def is_over(self) -> bool:
        """Whether the agreed number of rounds has been played (never, for an open session)."""
        return self.rounds is not None and self.played >= self.rounds

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total (ties share); the match's winners once :attr:`is_over`."""
        totals = self.totals
        best = max(totals)
        return tuple(seat for seat, total in enumerate(totals) if total == best)

    @property
    def leader(self) -> int | None:
        """Who leads the next round (see :func:`next_leader`), or ``None`` before the first round
        (the first round's lead goes by the cards)."""
        if not self.results:
            return None
        return next_leader(self.results[-1], self.rules)

    # ------------------------------------------------------------------ recording
    def record(self, result: RoundResult) -> Match:
        """A new match with ``result`` settled and added.

        Raises :class:`~tienlen.IllegalPlay` when the match is already over,
        :class:`~tienlen.InvalidRecord` when the result is for another number of players, and
        whatever :func:`~tienlen.settle` raises for the result.
        """
        if self.is_over:
            raise IllegalPlay(f"the match is over after {self.rounds} rounds; start a new Match to play on")
        if not isinstance(result, RoundResult):
            raise InvalidRecord(f"record needs a RoundResult (a finished round's .result), not {type(result).__name__}")
        if result.players != self.players:
            raise InvalidRecord(f"a {result.players}-player round cannot be recorded in this {self.players}-player match")
        balances = self.balances if self.rules.cap_at_balance else None
        money = settle(result, self.rules, stake=self.stake, balances=balances)
        return attrs.evolve(self, results=self.results + (result,), settlements=self.settlements + (money,))
