"""Money and points: :func:`settle` turns a finished round into transfers and net results.

``settle`` is pure: the same result, rules, stake and balances always give the same
:class:`Settlement`, and nothing else is read or changed.

Amounts are whole numbers of the room's money. The profile counts in units (``house``: entries,
``northern`` and ``iwin``: bets); ``stake`` is what one unit is worth in this room, so a ``house``
room of 1,000 chips per entry is ``stake=1000`` (its table stake, 4 entries, is then 4,000).
Points profiles (``faceoff``, ``pagat``) move no money: their settlement has no transfers and
``net`` holds the round's points.

>>> from tienlen import HOUSE
>>> from tienlen.events import RoundResult
>>> four_handed = RoundResult(players=4, dealer=0, first_round=False, placements=(2, 0, 3, 1),
...     frozen=(), forfeited=(), instant_winners=(), hands=((), (), (), ()), events=())
>>> money = settle(four_handed, HOUSE, stake=1000)
>>> money.net
(2000, -4000, 4000, -2000)
>>> print(money.transfers[0])
seat 1 pays seat 2 4,000: placement: 4th pays 1st

Decisions where the rules leave a choice (each one is tested):

* **Splits.** When an amount must be split and does not divide evenly (several instant winners
  sharing one loser's payment; a short payer's creditors cut pro rata), every share is rounded
  down and the chips left over go one at a time to the payees in turn order starting from the
  seat after the payer. Totals always balance to the chip.
* **Bombs in a hand** (frozen players and thúi): each 2 counts on its own by suit (2s never form a
  bomb here, so four 2s count as four 2s); then each quad of a non-2 rank counts as one quad
  (when quads have a value); then the ranks left with two or more cards count as pair runs, one
  per maximal run of consecutive ranks of at least 3 (and the rules' ``pair_run_min``), valued as
  ``PR<length>``; a run longer than the longest valued pair-run class counts as that class.
  A chopped pair run longer than any valued class is valued the same way.
* **Cap before rake.** Under ``cap_at_balance`` with ``balances`` given, money moves in the order
  it falls due: each chop payment when it is made (``multiply``) or when its chain ends
  (``accumulate``), then every end-of-round payment at once. A payer can pay at most what they
  hold at that moment (money received earlier in the round counts, money due to them at the same
  moment does not); when they owe more, each of their payments of that moment is cut pro rata
  (see *Splits*). Then the rake is taken: ``rake_percent`` of each player's positive net for the
  round, rounded down, paid to the house account :data:`HOUSE_SEAT`. Nobody's balance goes below
  zero.
* **Thúi** is owed for what is in hand when the round ends; forfeiters left before it did and
  owe none. ``above``: the last of the players who did not forfeit pays the one placed just above
  them, unless that last player is frozen (then nobody owes thúi). ``winner``: every player who
  did not forfeit and is not frozen pays 1st place for what they still hold.
* **Forfeits.** Where the rules set ``forfeit_penalty`` (``northern``), each forfeiter pays it to
  1st place instead of every placement payment they would make; otherwise a forfeiter pays as the
  last place they take.
* **Axes switched off** are not read: frozen seats in a result are ignored unless ``rules.frozen``
  (placement is then paid as usual), and ``result.den_bai`` unless ``rules.den_bai`` and every
  player but 1st is frozen. So one result can be settled under several rule sets.
* **Transfers** are listed in the order they fell due, one per rule applied, amounts above zero.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import attrs

from tienlen._codec import WireValue
from tienlen.cards import Card, cards_of, format_cards, mask_of
from tienlen.combos import TWO, Combo, rank_nibbles
from tienlen.errors import InvalidRecord, InvalidRules
from tienlen.events import RoundResult
from tienlen.rules import RuleSet, Unit

__all__ = ["HOUSE_SEAT", "Transfer", "Settlement", "settle", "stake_for", "held_value", "chop_value"]

HOUSE_SEAT = -1
"""The payee seat of the house account (the rake). Player seats are 0 and up."""

_ORDINALS = ("1st", "2nd", "3rd", "4th")


def _place(place: int) -> str:
    return _ORDINALS[place - 1] if 1 <= place <= len(_ORDINALS) else f"{place}th"


def _seat(seat: int) -> str:
    return "the house" if seat == HOUSE_SEAT else f"seat {seat}"


@attrs.frozen(kw_only=True)
class Transfer:
    """``payer`` pays ``payee`` ``amount`` (a positive whole number of the room's money) for ``reason``.

    ``payee`` (and never ``payer``) may be :data:`HOUSE_SEAT` for the rake.

    >>> print(Transfer(payer=3, payee=0, amount=4000, reason="placement: 4th pays 1st"))
    seat 3 pays seat 0 4,000: placement: 4th pays 1st
    """

    payer: int
    payee: int
    amount: int
    reason: str

    def __str__(self) -> str:
        return f"{_seat(self.payer)} pays {_seat(self.payee)} {self.amount:,}: {self.reason}"


@attrs.frozen(kw_only=True)
class Settlement(WireValue):
    """What one round moved: the ``transfers`` in the order they fell due, the ``net`` result per seat,
    the ``house`` account (the rake; 0 where there is none) and the ``unit`` counted.

    For chips and bets ``sum(net) + house == 0`` always. For points ``transfers`` is empty and
    ``net`` (also readable as :attr:`points`) holds each seat's points for the round.
    ``stake`` is the worth of one unit in this room (1 for points).
    """

    unit: Unit
    stake: int
    transfers: tuple[Transfer, ...]
    net: tuple[int, ...]
    house: int = 0

    @property
    def points(self) -> tuple[int, ...]:
        """The same as :attr:`net` (the name that reads right for points profiles)."""
        return self.net

    @property
    def players(self) -> int:
        """How many seats the settlement covers."""
        return len(self.net)

    def paid_by(self, seat: int) -> tuple[Transfer, ...]:
        """The transfers ``seat`` pays."""
        return tuple(t for t in self.transfers if t.payer == seat)

    def paid_to(self, seat: int) -> tuple[Transfer, ...]:
        """The transfers ``seat`` (or :data:`HOUSE_SEAT`) receives."""
        return tuple(t for t in self.transfers if t.payee == seat)

    def __str__(self) -> str:
        lines = [str(t) for t in self.transfers]
        nets = ", ".join(f"seat {s} {v:+,}" for s, v in enumerate(self.net))
        lines.append(f"net ({self.unit}): {nets}" + (f"; house {self.house:+,}" if self.house else ""))
        return "\n".join(lines)


# ---------------------------------------------------------------------------- values of cards


def _pr_classes(rules: RuleSet) -> int:
    """The longest valued pair-run class (0 when none has a value)."""
    return max((int(name[2:]) for name, value in rules.bomb_values if name.startswith("PR") and value > 0), default=0)


def _bomb_units(bomb_class: str, rules: RuleSet) -> int:
    if bomb_class.startswith("PR"):
        longest = _pr_classes(rules)
        if longest and int(bomb_class[2:]) > longest:
            bomb_class = f"PR{longest}"
    return rules.bomb_value(bomb_class)


def _itemise(mask: int, rules: RuleSet) -> list[tuple[str, int]]:
    """The 2s and bombs of a hand with their units, in the order of the module docs."""
    items: list[tuple[str, int]] = []
    for card in cards_of(mask >> (4 * TWO) << (4 * TWO)):
        if rules.two_values[card.suit]:
            items.append((str(card), rules.two_values[card.suit]))
    nibbles = rank_nibbles(mask)
    quad = rules.bomb_value("quad")
    free = [nibbles[r] for r in range(TWO)]
    if quad > 0:
        for r in range(TWO):
            if free[r] == 0xF:
                items.append((f"quad {format_cards(0xF << (4 * r))}", quad))
                free[r] = 0
    if rules.pair_runs and _pr_classes(rules):
        shortest = max(3, rules.pair_run_min)
        r = 0
        while r < TWO:
            if free[r].bit_count() < 2:
                r += 1
                continue
            start = r
            while r < TWO and free[r].bit_count() >= 2:
                r += 1
            length = r - start
            if length >= shortest:
                value = _bomb_units(f"PR{length}", rules)
                if value:
                    ranks = "-".join(Card.of(k, 0).rank.symbol for k in range(start, r))
                    items.append((f"pair run {ranks}", value))
    return items


def held_value(cards: Iterable[Card], rules: RuleSet) -> int:
    """Units the 2s and bombs in ``cards`` are worth under ``rules`` (for cóng and thúi).

    How bombs are counted is described in the module docs. Raises
    :class:`~tienlen.InvalidCards` when a card is repeated.

    >>> from tienlen import HOUSE, IWIN, parse_cards
    >>> held_value(parse_cards("2♥ 2♦ 7♠ 7♣ 7♦ 7♥ 9♠"), HOUSE)
    12
    >>> held_value(parse_cards("3♠ 3♣ 4♠ 4♦ 5♥ 5♣ 2♠"), IWIN)
    3
    """
    return sum(value for _, value in _itemise(mask_of(cards), rules))


def chop_value(combo: Combo, rules: RuleSet) -> int:
    """Units a chopped combination adds to its chain under ``accumulate`` chop payment
    (its 2s by suit, or its bomb value).

    >>> from tienlen import NORTHERN, IWIN, classify
    >>> chop_value(classify("2♦", NORTHERN), NORTHERN)
    3
    >>> chop_value(classify("8♠ 8♣ 8♦ 8♥", IWIN), IWIN)
    3
    """
    if combo.is_two_group:
        return sum(rules.two_values[c.suit] for c in combo.cards if c.rank == TWO)
    if combo.bomb_class is not None:
        return _bomb_units(combo.bomb_class, rules)
    return 0


def _twos_price(combo: Combo, rules: RuleSet) -> int:
    return chop_value(combo, rules) if combo.is_two_group else 0


# ---------------------------------------------------------------------------- checks


def _check(result: RoundResult, rules: RuleSet, stake: object, balances: object) -> tuple[int, tuple[int, ...] | None]:
    if not isinstance(rules, RuleSet):
        raise InvalidRules(f"rules must be a RuleSet such as tienlen.HOUSE, not {type(rules).__name__}")
    if not isinstance(result, RoundResult):
        raise InvalidRecord(f"settle needs a RoundResult (a finished round's .result), not {type(result).__name__}")
    if isinstance(stake, bool) or not isinstance(stake, int) or stake < 1:
        raise InvalidRules(f"stake: {stake!r} is not a positive whole number; give what one {rules.unit_name} is worth in this room, e.g. stake=1000")
    if rules.unit == "points" and stake != 1:
        raise InvalidRules(f"stake: {rules.name} scores points, which are not staked; leave stake at 1 (got {stake:,})")
    n = result.players
    if not isinstance(n, int) or not rules.min_players <= n <= rules.max_players:
        span = f"{rules.min_players}" if rules.min_players == rules.max_players else f"{rules.min_players} to {rules.max_players}"
        raise InvalidRules(f"this round has {n} players, but {rules.name} is played by {span} players")
    seats = range(n)
    if len(result.hands) != n:
        raise InvalidRecord(f"the result lists {len(result.hands)} hands for {n} players; give one hand per seat")
    if result.instant_winners:
        bad = [w.seat for w in result.instant_winners if w.seat not in seats]
        if bad:
            raise InvalidRecord(f"instant winner seat {bad[0]} is not at this {n}-player table")
    elif sorted(result.placements) != list(seats):
        raise InvalidRecord(f"placements {list(result.placements)} must list each of the {n} seats once, from 1st to last")
    for name, group in (("frozen", result.frozen), ("forfeited", result.forfeited)):
        bad = [s for s in group if s not in seats]
        if bad:
            raise InvalidRecord(f"{name} seat {bad[0]} is not at this {n}-player table")
    if result.placements and result.placements[0] in result.frozen:
        raise InvalidRecord(f"seat {result.placements[0]} is both 1st and frozen; frozen players take the last places")
    tail = len(result.frozen) + len(result.forfeited)
    if result.placements and tail and set(result.placements[-tail:]) != set(result.frozen) | set(result.forfeited):
        raise InvalidRecord(
            f"placements {list(result.placements)} must end with the frozen seats {list(result.frozen)}"
            f" and then the forfeiters {list(result.forfeited)}"
        )
    if result.den_bai is not None and result.den_bai not in result.frozen:
        raise InvalidRecord(f"đền bài seat {result.den_bai} must be one of the frozen seats {list(result.frozen)}")
    for chop in result.chops:
        if chop.chopper not in seats or chop.chopped not in seats or chop.index < 1:
            raise InvalidRecord(f"chop event '{chop}' names a seat not at this {n}-player table or an index below 1")
    for finish in result.finishes:
        if finish.seat not in seats:
            raise InvalidRecord(f"finish event '{finish}' names a seat not at this {n}-player table")
    if balances is None:
        return n, None
    if isinstance(balances, (str, bytes)) or not isinstance(balances, Sequence):
        raise InvalidRules(f"balances: give one whole number per seat, e.g. [50000] * {n}, not {balances!r}")
    if len(balances) != n:
        raise InvalidRules(f"balances: {len(balances)} balances given for {n} players; give one per seat")
    for seat, value in enumerate(balances):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidRules(f"balances: seat {seat} has {value!r}; a balance must be a whole number of at least 0")
    return n, tuple(balances)


# ---------------------------------------------------------------------------- what falls due


def _after(payer: int, n: int) -> list[int]:
    """The other seats in turn order, starting after ``payer``."""
    return [(payer + k) % n for k in range(1, n)]


def _split(total: int, weights: Sequence[int], order: Sequence[int]) -> list[int]:
    """``total`` split by ``weights``, rounded down, the left-over chips one each in ``order``
    (indices into ``weights``, the payees' turn order after the payer)."""
    whole = sum(weights)
    shares = [total * w // whole for w in weights]
    left = total - sum(shares)
    for i in order:
        if left == 0:
            break
        if weights[i] > 0:
            shares[i] += 1
            left -= 1
    return shares


def _instant_win(result: RoundResult, rules: RuleSet, stake: int, n: int) -> list[list[Transfer]]:
    winners: list[int] = []
    patterns: dict[int, str] = {}
    for win in result.instant_winners:
        if win.seat not in winners:
            winners.append(win.seat)
            patterns[win.seat] = win.pattern.replace("_", " ")
    losers = [s for s in range(n) if s not in winners]
    amount = rules.instant_win_payment * stake
    moment: list[Transfer] = []
    if not amount:
        return [moment]
    for loser in losers:
        order = [s for s in _after(loser, n) if s in winners]
        shares = _split(amount, [1] * len(order), list(range(len(order))))
        for winner, share in zip(order, shares):
            if share:
                note = "" if len(winners) == 1 else f"; {amount:,} shared by {len(winners)} instant winners"
                moment.append(Transfer(payer=loser, payee=winner, amount=share, reason=f"instant win: {patterns[winner]}{note}"))
    return [moment]


def _chops(result: RoundResult, rules: RuleSet, stake: int) -> list[list[Transfer]]:
    moments: list[list[Transfer]] = []
    chops = result.chops
    if rules.chop_payment == "multiply":
        price: dict[int, int] = {}
        twos: dict[int, list[str]] = {}
        for chop in chops:
            added = _twos_price(chop.chopped_combo, rules)
            price[chop.trick] = price.get(chop.trick, 0) + added
            if added:
                twos.setdefault(chop.trick, []).append(str(chop.chopped_combo))
            amount = chop.index * price[chop.trick] * stake
            if amount:
                reason = (
                    f"chop {chop.index} of the chain in trick {chop.trick}: {chop.chopped_combo} chopped by {chop.by}; "
                    f"{chop.index} × {price[chop.trick] * stake:,} for {' + '.join(twos[chop.trick])}"
                )
                moments.append([Transfer(payer=chop.chopped, payee=chop.chopper, amount=amount, reason=reason)])
    elif rules.chop_payment == "accumulate":
        chains: dict[int, list[tuple[str, int]]] = {}
        last: dict[int, tuple[int, int]] = {}
        for chop in chops:
            chains.setdefault(chop.trick, []).append((str(chop.chopped_combo), chop_value(chop.chopped_combo, rules) * stake))
            last[chop.trick] = (chop.chopped, chop.chopper)
        for trick, items in chains.items():
            total = sum(v for _, v in items)
            if total:
                payer, payee = last[trick]
                parts = " + ".join(f"{label} {value:,}" for label, value in items)
                reason = f"chop chain of trick {trick} ({parts}): the last player chopped pays the last chopper"
                moments.append([Transfer(payer=payer, payee=payee, amount=total, reason=reason)])
    return moments


def _items_text(items: list[tuple[str, int]], stake: int) -> str:
    return " + ".join(f"{label} {value * stake:,}" for label, value in items)


def _end(result: RoundResult, rules: RuleSet, stake: int, n: int) -> list[Transfer]:
    due: list[Transfer] = []

    def pay(payer: int, payee: int, amount: int, reason: str) -> None:
        if amount > 0 and payer != payee:
            due.append(Transfer(payer=payer, payee=payee, amount=amount, reason=reason))

    places = result.placements
    first = places[0]
    frozen = [s for s in places if s in result.frozen] if rules.frozen else []
    forfeited = set(result.forfeited)
    penalty = rules.forfeit_penalty

    # placement, with pairings touching a frozen player void, forfeiters paying their penalty instead
    for payer_place, payee_place, units in rules.payments_for(n):
        payer, payee = places[payer_place - 1], places[payee_place - 1]
        if payer in frozen or payee in frozen or (penalty is not None and payer in forfeited):
            continue
        pay(payer, payee, units * stake, f"placement: {_place(payer_place)} pays {_place(payee_place)}")
    if penalty is not None:
        for seat in places:
            if seat in forfeited:
                pay(seat, first, penalty * stake, "forfeit: left the round, pays the winner instead of a placement payment")

    # frozen (cóng)
    if frozen:
        owed: list[tuple[int, int, str]] = []
        for seat in frozen:
            items = _itemise(mask_of(result.hands[seat]), rules)
            units = rules.frozen_penalty + sum(v for _, v in items)
            text = f"{rules.frozen_penalty * stake:,}" + ("".join(f" + {label} {v * stake:,}" for label, v in items))
            owed.append((seat, units * stake, text))
        if rules.den_bai and result.den_bai is not None and len(frozen) == n - 1:
            for seat, amount, text in owed:
                whose = "own" if seat == result.den_bai else f"seat {seat}'s"
                pay(result.den_bai, first, amount, f"đền bài: passed holding a play, pays {whose} cóng ({text})")
        else:
            for seat, amount, text in owed:
                pay(seat, first, amount, f"frozen (cóng): {text}")
        if len(frozen) >= 2:
            for seat in places[1:]:
                if seat not in frozen:
                    pay(seat, first, rules.frozen_end_payment * stake, f"{len(frozen)} players frozen end the round: pays 1st")

    # thúi: 2s and bombs left in hand when the round ends (forfeiters left before it did)
    played_out = [s for s in places if s not in forfeited]
    if rules.thui == "above":
        owing = [(played_out[-1], played_out[-2])] if len(played_out) >= 2 and played_out[-1] not in frozen else []
    else:
        owing = [(seat, first) for seat in played_out[1:] if seat not in frozen] if rules.thui == "winner" else []
    for seat, payee in owing:
        items = _itemise(mask_of(result.hands[seat]), rules)
        whom = "the player above" if rules.thui == "above" else "the winner"
        pay(seat, payee, sum(v for _, v in items) * stake, f"thúi: {_items_text(items, stake)} left in hand, paid to {whom}")

    # finishing with a 2
    if rules.finish_with_two_penalty:
        for finish in result.finishes:
            if finish.with_two:
                for other in _after(finish.seat, n):
                    pay(finish.seat, other, rules.finish_with_two_penalty * stake, "finished on a 2: pays every other player")
    return due


def _cap(moments: list[list[Transfer]], balances: tuple[int, ...], n: int) -> list[Transfer]:
    """Apply the balance cap moment by moment (see the module docs)."""
    held = list(balances)
    out: list[Transfer] = []
    for moment in moments:
        amounts = [t.amount for t in moment]
        notes = [""] * len(moment)
        for payer in sorted({t.payer for t in moment}):
            mine = [i for i, t in enumerate(moment) if t.payer == payer]
            owed = sum(amounts[i] for i in mine)
            if owed <= held[payer]:
                continue
            rank = {seat: k for k, seat in enumerate(_after(payer, n))}
            order = sorted(range(len(mine)), key=lambda k: (rank[moment[mine[k]].payee], k))
            shares = _split(held[payer], [amounts[i] for i in mine], order)
            for i, share in zip(mine, shares):
                notes[i] = f" (cut from {amounts[i]:,}: seat {payer} held only {held[payer]:,} of the {owed:,} owed)"
                amounts[i] = share
        for t, amount, note in zip(moment, amounts, notes):
            if amount:
                out.append(attrs.evolve(t, amount=amount, reason=t.reason + note) if note else t)
                held[t.payer] -= amount
                held[t.payee] += amount
    return out


def _points(result: RoundResult, rules: RuleSet, n: int) -> tuple[int, ...]:
    if result.instant_winners:
        winners = {w.seat for w in result.instant_winners}
        win, other = rules.instant_win_points
        return tuple(win if s in winners else other for s in range(n))
    points = rules.points_for(n)
    net = [0] * n
    for place, seat in enumerate(result.placements):
        net[seat] = points[place]
    return tuple(net)


def stake_for(rules: RuleSet, stake: int) -> int:
    """The stake to settle ``rules`` with: ``stake`` where amounts are money, 1 where they are points."""
    return 1 if rules.unit == "points" else stake


def settle(result: RoundResult, rules: RuleSet, *, stake: int = 1, balances: Sequence[int] | None = None) -> Settlement:
    """Settle a finished round under ``rules``: who pays whom, why, and each seat's net.

    ``stake`` is what one unit of the rules is worth in this room: the ``house`` entry (its table
    stake is 4 entries), the ``northern``/``iwin`` bet. Points profiles move no money and need
    ``stake=1``. ``balances`` (one per seat) are what each player holds before the round; they are
    used only where the rules cap payments at the balance (``iwin``), and are otherwise just
    checked. Amounts that do not divide evenly, the order of cap and rake, and how bombs in a hand
    are counted are described in the module docs.

    Raises :class:`~tienlen.InvalidRules` when ``stake`` is not a positive whole number (or is not
    1 for a points profile), when ``balances`` are not one non-negative whole number per seat, or
    when the rules are not played by the result's number of players; and
    :class:`~tienlen.InvalidRecord` when the result contradicts itself (placements that are not
    every seat once, a seat not at the table, a đền bài seat that is not frozen).

    >>> from tienlen import IWIN
    >>> from tienlen.events import RoundResult
    >>> two_frozen = RoundResult(players=4, dealer=0, first_round=False, placements=(0, 1, 2, 3),
    ...     frozen=(2, 3), forfeited=(), instant_winners=(), hands=((), (), (), ()), events=())
    >>> for transfer in settle(two_frozen, IWIN, stake=100).transfers:
    ...     print(transfer)
    seat 2 pays seat 0 400: frozen (cóng): 400
    seat 3 pays seat 0 400: frozen (cóng): 400
    seat 1 pays seat 0 100: 2 players frozen end the round: pays 1st
    seat 0 pays the house 45: rake: 5% of 900 won
    """
    n, checked = _check(result, rules, stake, balances)
    if rules.unit == "points":
        return Settlement(unit="points", stake=stake, transfers=(), net=_points(result, rules, n), house=0)
    if result.instant_winners:
        moments = _instant_win(result, rules, stake, n)
    else:
        moments = _chops(result, rules, stake) + [_end(result, rules, stake, n)]
    if rules.cap_at_balance and checked is not None:
        transfers = _cap(moments, checked, n)
    else:
        transfers = [t for moment in moments for t in moment]
    net = [0] * n
    for t in transfers:
        net[t.payer] -= t.amount
        net[t.payee] += t.amount
    house = 0
    if rules.rake_percent:
        for seat in range(n):
            rake = max(net[seat], 0) * rules.rake_percent // 100
            if rake:
                transfers.append(Transfer(payer=seat, payee=HOUSE_SEAT, amount=rake, reason=f"rake: {rules.rake_percent}% of {net[seat]:,} won"))
                net[seat] -= rake
                house += rake
    return Settlement(unit=rules.unit, stake=stake, transfers=tuple(transfers), net=tuple(net), house=house)
