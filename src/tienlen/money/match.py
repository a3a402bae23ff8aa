"""Matches: a series of rounds under one rule set, with running totals, and who leads next.

A :class:`Match` is a value: :meth:`Match.record` returns a new match with one more round settled
and leaves the old one as it was.

>>> from tienlen import FACEOFF
>>> from tienlen.game.events import RoundResult
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

from tienlen._base.checks import check_seat, check_type
from tienlen._base.codec import WireValue
from tienlen._base.input import MAX_COUNT, shown
from tienlen.errors import IllegalPlay, InvalidArgument, InvalidRecord
from tienlen.game.events import RoundResult
from tienlen.money.checks import check_balances, check_unit
from tienlen.money.settle import Settlement, settle
from tienlen.variants.checks import check_players, check_rules
from tienlen.variants.rules import RuleSet

__all__ = ["Match", "next_leader"]


def next_leader(result: RoundResult, rules: RuleSet, absent: Iterable[int] = ()) -> int:
    """The seat that leads the round after ``result``.

    In order of precedence: the đền bài seat (where the rules use it, three players are frozen and
    the result names one); then, after an instant win, the instant winner (the first listed when
    several share); else 1st place. Seats in ``absent`` (players who left the table, as
    ``northern`` provides: "if the winner has left, 2nd leads") are skipped: the next place takes
    over, or after an instant win the next seat in turn order after the winner.

    Raises :class:`~tienlen.InvalidArgument` when an absent seat is not at the table or every seat is
    absent, and :class:`~tienlen.InvalidRecord` when the result has neither placements nor instant
    winners.

    >>> from tienlen import NORTHERN
    >>> from tienlen.game.events import RoundResult
    >>> done = RoundResult(players=4, dealer=0, first_round=False, placements=(2, 0, 3, 1),
    ...     frozen=(), forfeited=(), instant_winners=(), hands=((), (), (), ()), events=())
    >>> next_leader(done, NORTHERN), next_leader(done, NORTHERN, absent={2})
    (2, 0)
    """
    check_type(result, RoundResult, "result", "a RoundResult (a finished round's .result)")
    check_rules(rules)
    n = result.players
    if isinstance(absent, (str, bytes)) or not isinstance(absent, Iterable):
        raise InvalidArgument.of("absent-give-seats-that-left", absent=shown(absent))
    gone = [check_seat(seat, n, "absent: each seat") for seat in absent]
    candidates: list[int] = []
    if rules.den_bai and result.den_bai is not None and len(result.frozen) >= 3:
        candidates.append(result.den_bai)  # đền bài is the three-frozen case only
    if result.instant_winners:
        winners = [w.seat for w in result.instant_winners]
        candidates += winners
        candidates += [(winners[0] + k) % n for k in range(1, n)]
    elif result.placements:
        candidates += list(result.placements)
    else:
        raise InvalidRecord.of("result-has-neither-placements-nor")
    for seat in candidates:
        if seat not in gone:
            return seat
    raise InvalidArgument.of("absent-every-seat-absent-so")


def _check_not_first(result: RoundResult, place: int) -> None:
    """Refuse a first round (``first_round=True``) recorded at ``place`` (2 and up) of a match."""
    if result.first_round:
        raise InvalidRecord.of("round-match-was-dealt-first", number=place)


def _positive_int(value: object, name: str, hint: str, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= high:
        raise InvalidArgument.of("positive-whole-number-up", name=name, value=shown(value), high=high, hint=hint)
    return value


@attrs.frozen(kw_only=True)
class Match(WireValue):
    """A series of rounds with the same players under one rule set.

    ``unit`` is what one unit of the rules is worth in this room (see :func:`~tienlen.settle`);
    ``rounds`` is the number of rounds to play (``None`` for an open session that never ends by
    itself); ``balances`` the players' money before the first round (``None`` if not tracked).
    ``results`` and ``settlements`` grow by one with each :meth:`record`. Build one with
    :meth:`start`.

    Raises :class:`~tienlen.InvalidArgument` for the same bad settings as :meth:`start`.
    """

    rules: RuleSet
    players: int
    unit: int = 1
    rounds: int | None = None
    balances_at_start: tuple[int, ...] | None = None
    results: tuple[RoundResult, ...] = ()
    settlements: tuple[Settlement, ...] = ()

    def __attrs_post_init__(self) -> None:
        rules = self.rules
        check_rules(rules)
        n = check_players(rules, self.players)
        check_unit(self.unit, rules)
        if self.rounds is not None:
            _positive_int(self.rounds, "rounds", "give how many rounds the match lasts, e.g. rounds=10", MAX_COUNT)
        elif rules.currency == "points" and rules.match_rounds is None:
            raise InvalidArgument.of("rounds-played-agreed-number-rounds", rules=rules.name)
        start = self.balances_at_start
        for name in ("results", "settlements"):
            if not isinstance(getattr(self, name), tuple):
                raise InvalidArgument.of("expected-tuple", name=name, self=shown(getattr(self, name)))
        for place, result in enumerate(self.results[1:], start=2):
            _check_not_first(result, place)
        if start is not None:
            check_type(start, tuple, "balances", "a tuple of one whole number per seat")
            check_balances(start, n)

    @classmethod
    def start(
        cls,
        rules: RuleSet,
        players: int = 4,
        unit: int | None = None,
        balances: Sequence[int] | None = None,
        rounds: int | None = None,
    ) -> Match:
        """A new match. ``rounds`` defaults to ``rules.match_rounds`` (``faceoff``: 5); it must be
        given for a points profile without one (``pagat``) and may be left out for money profiles
        (an open session). ``unit`` is what one unit is worth (see :func:`~tienlen.settle`; 1 when
        left out);
        ``balances`` are the players' money at the start, tracked round by round and, where the
        rules cap payments at the balance (``iwin``), used to cap them.

        Raises :class:`~tienlen.InvalidArgument` for a player count the rules do not allow, a unit or
        ``rounds`` that is not a positive whole number (or a unit other than 1 for points), a
        missing ``rounds`` for ``pagat``-like rules, or balances that are not one non-negative
        whole number per seat.

        >>> from tienlen import PAGAT
        >>> Match.start(PAGAT)
        Traceback (most recent call last):
        ...
        tienlen.errors.InvalidArgument: rounds: pagat is played for an agreed number of rounds; say how many, e.g. rounds=10
        """
        check_rules(rules)
        if balances is not None:
            check_balances(balances, len(balances) if isinstance(balances, Sequence) else 0)
        return cls(
            rules=rules,
            players=players,
            unit=1 if unit is None else unit,
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
        return tuple(b + t for b, t in zip(self.balances_at_start, self.totals, strict=True))

    @property
    def is_over(self) -> bool:
        """Whether the agreed number of rounds has been played (never, for an open session)."""
        return self.rounds is not None and self.played >= self.rounds

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total; the match's winners once :attr:`is_over`. Equal totals
        share the win, or where the rules say ``match_ties = "lower_seat"`` the lowest seat of them wins."""
        totals = self.totals
        best = max(totals)
        tied = tuple(seat for seat, total in enumerate(totals) if total == best)
        return tied[:1] if self.rules.match_ties == "lower_seat" else tied

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

        Only the match's first round may be a first round: a later result dealt with
        ``first_round=True`` (whose first-round rules, such as ``iwin``'s first-round instant wins,
        would then be paid again) is refused. A first round dealt with ``first_round=False`` is
        recorded (hand-built results, a session joined after its first round): the first-round
        rules simply did not apply to it. Deal each round with ``first_round=match.played == 0``
        and ``leader=match.leader``.

        Raises :class:`~tienlen.IllegalPlay` when the match is already over,
        :class:`~tienlen.InvalidRecord` when the result is for another number of players or is a
        first round recorded after the first, and whatever :func:`~tienlen.settle` raises for the result.
        """
        if self.is_over:
            raise IllegalPlay.of("match-over-after-rounds-start", rounds=self.rounds)
        if not isinstance(result, RoundResult):
            raise InvalidRecord.of("record-needs-roundresult-finished-round", result=shown(result))
        if result.players != self.players:
            raise InvalidRecord.of("player-round-cannot-recorded-player", players=result.players, players2=self.players)
        if self.played:
            _check_not_first(result, self.played + 1)
        balances = self.balances if self.rules.cap_at_balance else None
        money = settle(result, self.rules, unit=self.unit, balances=balances)
        return attrs.evolve(self, results=self.results + (result,), settlements=self.settlements + (money,))
