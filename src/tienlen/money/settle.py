"""Money and points: :func:`settle` turns a finished round into transfers and net results.

``settle`` is pure: the same result, rules, unit and balances always give the same
:class:`Settlement`, and nothing else is read or changed.

Amounts are whole numbers of the room's money. The profile counts in units (``house``: entries,
``northern``, ``iwin`` and ``counting``: bets); ``unit`` is what one of them is worth in this room,
so a ``house`` room of 1,000 chips per entry is ``unit=1000`` (its table stake, 4 entries, is then
4,000: pass the entry, not the stake). Points profiles (``faceoff``, ``pagat``) move no money:
their settlement has no transfers and ``net`` holds the round's points.

>>> from tienlen import HOUSE
>>> from tienlen.game.events import RoundResult
>>> four_handed = RoundResult(players=4, dealer=0, first_round=False, placements=(2, 0, 3, 1),
...     frozen=(), forfeited=(), instant_winners=(), hands=((), (), (), ()), events=())
>>> money = settle(four_handed, HOUSE, unit=1000)
>>> money.net
(2000, -4000, 4000, -2000)
>>> print(money.transfers[0])
seat 1 pays seat 2 4,000: placement: 4th pays 1st

Decisions where the rules leave a choice (each one is tested):

* **Splits.** When an amount must be split and does not divide evenly (several instant winners
  sharing one loser's payment; a short payer's creditors cut pro rata), every share is rounded
  down and the chips left over go one at a time to the payees in turn order starting from the
  seat after the payer. Totals always balance to the chip.
* **Four 2s** played together are a quad where quads are bombs. Chopped, they cost the larger of
  the quad's value and their four 2s' values; held at the end, they are valued once, as the larger
  of the two (RULES.md).
* **A flat bomb price** (``bomb_flat_value``): every quad and every pair run of at least 3 pairs
  (and the rules' ``pair_run_min``) is worth that many units, whatever its class, chopped or held.
* **Bombs in a hand** (frozen players and thúi): each 2 counts on its own by suit (four 2s as one
  quad instead when that is worth more); then each quad of a non-2 rank counts as one quad
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
* **Thúi** is owed for what is in hand when the round ends. ``above``: the last of the players
  who did not forfeit pays the one placed just above them, unless that last player is frozen;
  ``winner``: every player but 1st who is not frozen pays 1st place for what they still hold;
  ``last``: only the last of the players who did not forfeit pays 1st place (unless frozen).
* **Leaving never pays.** A forfeiter owes thúi for what they took away (``above``: to the player
  placed just above them; ``winner`` and ``last``: to 1st place), on top of their place or card
  count. Where the rules freeze, a player who left without having played a card, in a round where
  someone went out, pays as frozen (cóng, placement pairings with them void) since staying they
  would have been frozen; they do not count as frozen for the end payment or đền bài. Where the
  rules set ``forfeit_penalty`` (``northern``), a player who left before anyone had gone out pays
  it to 1st place instead of every placement payment (or card count) they would make, unless those
  come to more (then they pay those); a player who left later takes the lowest place still open
  and is settled as that place. Without a penalty a forfeiter pays as the last place they take.
  So a forfeiter never settles better than by staying in, playing no further card, whatever order
  the others finish in (``tests/money/test_settle_forfeit.py`` checks it as a property over every profile and
  drawn rule set).
* **Thúi on an instant win** (``instant_win_thui``) is paid by every loser, or where
  ``instant_win_thui_by = "last"`` by the last-placed loser only. Nobody has a place after an
  instant win, so the last place is read as card-count scoring reads it when the first player
  goes out: the loser holding the most cards (with the whole deck dealt at 3 players, the one
  dealt 18), then, among equal counts, the one whose cards add up to more (3♠ 1 … 2♥ 52), then
  the last in play order from the instant winner nearest the dealer. No source defines it; this
  reading keeps one order for "last" in both kinds of round.
* **Card-count scoring** (``scoring = "cards"``): every player but the winner pays the winner
  ``card_price`` per card left, each 2 counting ``card_two_multiplier`` cards, and the whole count
  times ``card_all_multiplier`` (at this table size) for a player who never played; a forfeiter
  pays the same for the cards they took away (and thúi, see above), unless a forfeit penalty
  replaces the count. Placement payments are not read. Nobody is frozen, except where the rules
  also use đền bài: then the players who never played are marked frozen when the first goes out,
  and when they are the three others and one of them passed holding a play, that one pays
  everything the three owe at the end (card counts and thúi). Under ``currency = "points"`` the card
  units are the round's points.
* **Chặt và tới** (``chop_out_voids``), in two readings: ``chopper``, a chop made with the
  chopper's last cards; ``chopped``, a chop of a player who then goes out first (wins the round);
  ``both``, either. A void chop stays a link of its chain but moves no money itself: under
  ``multiply`` the player chopped pays nothing for that link (the other links stand); under
  ``accumulate``, where a chain is paid by its last link, a chain whose last link is void pays
  nothing, and a link voided by the ``chopped`` reading adds nothing to its chain: a later link
  is priced without it (RULES.md; a chopped PR3 re-chopped by a quad with the chopper's last
  cards pays 4 under ``counting``, not 7). Where both apply (a chopped player chops back with their last cards and goes out
  first), ``both`` voids each link by either reading: that player neither pays for being chopped
  nor collects for chopping back.
* **Axes switched off** are not read: frozen seats in a result are ignored unless ``rules.frozen``
  (placement is then paid as usual), and ``result.den_bai`` unless ``rules.den_bai`` and three
  players (every player but 1st) are frozen. So one result can be settled under several rule sets.
* **Transfers** are listed in the order they fell due, one per rule applied, amounts above zero.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from tienlen._base.bits import TWOS, card_points
from tienlen._base.checks import check_type
from tienlen.errors import Reason
from tienlen.game.cards import mask_of
from tienlen.game.events import Finished, Forfeited, Played, RoundResult
from tienlen.money._chops import chop_transfers
from tienlen.money._prices import chop_value as chop_value, held_items, held_value as held_value, itemise
from tienlen.money._settlement import HOUSE_SEAT as HOUSE_SEAT, Settlement as Settlement, Transfer as Transfer
from tienlen.money.checks import check_balances, check_unit
from tienlen.variants.checks import check_players, check_rules
from tienlen.variants.rules import RuleSet

__all__ = [
    "HOUSE_SEAT",
    "REWARD_SCALE",
    "Transfer",
    "Settlement",
    "settle",
    "reward_net",
    "unit_for",
    "held_value",
    "chop_value",
]

REWARD_SCALE = 100
"""How many times finer than the room's unit :func:`reward_net` settles a round where the rules take a rake."""


# ---------------------------------------------------------------------------- checks


def _check(result: RoundResult, rules: RuleSet, unit: object, balances: object) -> tuple[int, tuple[int, ...] | None]:
    """Refuse settle's arguments when they do not fit together; the player count and the balances."""
    check_rules(rules)
    check_type(result, RoundResult, "result", "a RoundResult (a finished round's .result)")
    check_unit(unit, rules)
    n = check_players(rules, result.players, "the result's players")
    result.check_seats(n)
    return n, None if balances is None else check_balances(balances, n)


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


def _instant_win(result: RoundResult, rules: RuleSet, unit: int, n: int) -> list[list[Transfer]]:
    winners: list[int] = []
    patterns: dict[int, str] = {}
    for win in result.instant_winners:
        if win.seat not in winners:
            winners.append(win.seat)
            patterns[win.seat] = win.pattern
    losers = [s for s in range(n) if s not in winners]
    every = rules.instant_win_thui_by == "every" or not losers  # every seat an instant winner: nobody pays
    thui_payers = losers if every else [_last_placed(result, losers, winners[0], n)]
    moment: list[Transfer] = []
    for loser in losers:
        dues: list[tuple[int, str, dict[str, Any]]] = [(rules.amount("instant_win_payment", n) * unit, "instant-win-payment", {})]
        if rules.instant_win_thui and loser in thui_payers:
            items = itemise(mask_of(result.hands[loser]), rules)
            dues.append((sum(v for _, v in items) * unit, "instant-win-thui", {"items": held_items(items, unit)}))
        order = [s for s in _after(loser, n) if s in winners]
        for amount, code, params in dues:
            shares = _split(amount, [1] * len(order), list(range(len(order)))) if amount else []
            for winner, share in zip(order, shares, strict=False):  # no shares when nothing is due
                if share:
                    reason = Reason.of(code, pattern=patterns[winner], **params)
                    if len(winners) > 1:
                        reason = Reason.of("shared-by-instant-winners", reason=reason, amount=amount, winners=len(winners))
                    moment.append(Transfer(payer=loser, payee=winner, amount=share, reason=reason))
    return [moment]


def _last_placed(result: RoundResult, losers: list[int], winner: int, n: int) -> int:
    """The loser placed last after an instant win, where nobody has a place: the one holding the
    most cards, then the higher card total (as card-count scoring places equal counts), then the
    last in play order from ``winner`` (the instant winner nearest the dealer)."""
    order = _after(winner, n)
    return max(losers, key=lambda s: (len(result.hands[s]), card_points(mask_of(result.hands[s])), order.index(s)))


def _left_late(result: RoundResult) -> set[int]:
    """The forfeiters recorded leaving after someone had gone out (a result without events has none)."""
    late: set[int] = set()
    someone_out = False
    for event in result.events:
        someone_out = someone_out or isinstance(event, Finished)
        if someone_out and isinstance(event, Forfeited):
            late.add(event.seat)
    return late


def _cards_left(result: RoundResult, rules: RuleSet, seat: int) -> tuple[int, list[Reason]]:
    """Card-count scoring: the cards ``seat`` is charged for, and how they were counted."""
    mask = mask_of(result.hands[seat])
    twos = (mask & TWOS).bit_count()
    count = mask.bit_count() + twos * (rules.card_two_multiplier - 1)
    words = [Reason.of("card-left" if mask.bit_count() == 1 else "cards-left", left=mask.bit_count())]
    if twos and rules.card_two_multiplier > 1:
        words.append(Reason.of("twos-counted", twos_held=twos, multiplier=rules.card_two_multiplier))
    never_played = mask.bit_count() >= 13 and not any(isinstance(e, Played) and e.seat == seat for e in result.events)
    times = rules.amount("card_all_multiplier", result.players)
    if times > 1 and never_played:
        count *= times
        words.append(Reason.of("all-still-held", times=times))
    return count, words


def _end(result: RoundResult, rules: RuleSet, unit: int, n: int) -> list[Transfer]:
    """What falls due when the round ends: places (or card counts), cóng, thúi, finishing on a 2."""
    frozen = [s for s in result.placements if s in result.frozen] if rules.frozen else []
    left_frozen = _left_frozen(result, rules)
    # With a forfeit penalty, only those who left before anyone went out pay it; a later leaver is
    # settled as the place they take.
    penalised = set(result.forfeited) - _left_late(result) if rules.forfeit_penalty is not None else set()
    charged_frozen = frozen + left_frozen
    due = [
        *_places_due(result, rules, unit, n, charged_frozen, penalised),
        *_frozen_due(result, rules, unit, n, frozen, left_frozen),
        *_thui_due(result, rules, unit, charged_frozen),
        *_finish_due(result, rules, unit, n),
    ]
    payer = _den_bai_payer(result, rules, n)
    if rules.scoring != "cards" or payer is None:
        return due
    # Card-count đền bài: the seat that passed holding a play pays what each of the three owes.
    return [
        attrs.evolve(
            t,
            payer=payer,
            reason=Reason.of("den-bai-pays-own" if t.payer == payer else "den-bai-pays-for-seat", seat=t.payer, reason=t.reason),
        )
        if t.payer in result.frozen
        else t
        for t in due
    ]


def _den_bai_payer(result: RoundResult, rules: RuleSet, n: int) -> int | None:
    """The seat that pays for all under đền bài: where the rules use it, every player but 1st is
    frozen (three of them) and one of them passed holding a legal play (``result.den_bai``)."""
    if rules.den_bai and result.den_bai is not None and len(result.frozen) == n - 1 >= 3:
        return result.den_bai
    return None


def _left_frozen(result: RoundResult, rules: RuleSet) -> list[int]:
    """Forfeiters settled as frozen: where the rules freeze, a player who left without having played
    a card, in a round where someone went out (staying, they would have been frozen)."""
    if not rules.frozen or not result.finishes:
        return []
    played = {e.seat for e in result.events if isinstance(e, Played)}
    return [s for s in result.placements if s in result.forfeited and s not in played]


def _pay(payer: int, payee: int, amount: int, reason: Reason) -> list[Transfer]:
    """A transfer, or none when nothing moves."""
    return [Transfer(payer=payer, payee=payee, amount=amount, reason=reason)] if amount > 0 and payer != payee else []


def _places_due(result: RoundResult, rules: RuleSet, unit: int, n: int, frozen: list[int], penalised: set[int]) -> list[Transfer]:
    """Card counts or placement payments (pairings touching a frozen player void), and the penalty
    of early forfeiters instead where it is the larger (leaving never pays)."""
    places = result.placements
    first = places[0]
    due: list[Transfer] = []
    if rules.scoring == "cards":
        price = rules.amount("card_price", n) * unit
        for seat in places[1:]:
            count, words = _cards_left(result, rules, seat)
            due += _pay(seat, first, count * price, Reason.of("card-count", words=words, count=count, price=price))
    else:
        for payer_place, payee_place, units in rules.payments_for(n):
            payer, payee = places[payer_place - 1], places[payee_place - 1]
            if payer not in frozen and payee not in frozen:
                due += _pay(payer, payee, units * unit, Reason.of("placement", payer_place=payer_place, payee_place=payee_place))
    penalty = rules.amount("forfeit_penalty", n) * unit if penalised else 0
    for seat in places:
        if seat in penalised and penalty >= sum(t.amount for t in due if t.payer == seat):
            due = [t for t in due if t.payer != seat]
            due += _pay(seat, first, penalty, Reason.of("forfeit-penalty"))
    return due


def _frozen_due(result: RoundResult, rules: RuleSet, unit: int, n: int, frozen: list[int], left: list[int]) -> list[Transfer]:
    """Cóng: each frozen player's penalty and cards (or all of it from the đền bài seat), and the
    end payment when several are frozen; ``left`` are forfeiters charged as frozen (:func:`_left_frozen`),
    who pay their own cóng but do not count as frozen for the end payment or đền bài."""
    if not frozen and not left:
        return []
    first = result.placements[0]
    owed: list[tuple[int, int, list[dict[str, Any]] | dict[str, Any]]] = []
    penalty = rules.amount("frozen_penalty", n)
    for seat in frozen + left:
        items = itemise(mask_of(result.hands[seat]), rules)
        units = penalty + sum(v for _, v in items)
        owed.append((seat, units * unit, held_items(items, unit, amount=penalty * unit)))
    due: list[Transfer] = []
    payer = _den_bai_payer(result, rules, n)
    if payer is not None:
        for seat, amount, text in owed[: len(frozen)]:
            code = "den-bai-pays-own-cong" if seat == payer else "den-bai-pays-cong-for-seat"
            due += _pay(payer, first, amount, Reason.of(code, seat=seat, items=text))
    else:
        for seat, amount, text in owed[: len(frozen)]:
            due += _pay(seat, first, amount, Reason.of("frozen", items=text))
    for seat, amount, text in owed[len(frozen) :]:
        due += _pay(seat, first, amount, Reason.of("left-as-frozen", items=text))
    if len(frozen) >= 2:
        end_payment = rules.amount("frozen_end_payment", n) * unit
        for seat in result.placements[1:]:
            if seat not in frozen and seat not in left:
                due += _pay(seat, first, end_payment, Reason.of("frozen-end-payment", frozen=len(frozen)))
    return due


def _thui_due(result: RoundResult, rules: RuleSet, unit: int, frozen: list[int]) -> list[Transfer]:
    """Thúi: 2s and bombs left in hand when the round ends. A forfeiter owes it for what they took
    away: ``above``, to the player placed just above them; ``winner``, to 1st place."""
    places = result.placements
    first = places[0]
    forfeited = set(result.forfeited)
    stayed = [s for s in places if s not in forfeited]
    if rules.thui == "above":
        owing = [(stayed[-1], stayed[-2])] if len(stayed) >= 2 and stayed[-1] not in frozen else []
        owing += [(seat, places[k - 1]) for k, seat in enumerate(places) if k and seat in forfeited and seat not in frozen]
    elif rules.thui == "last":
        owing = [(stayed[-1], first)] if len(stayed) >= 2 and stayed[-1] not in frozen else []
        owing += [(seat, first) for seat in places[1:] if seat in forfeited and seat not in frozen]
    else:
        owing = [(seat, first) for seat in places[1:] if seat not in frozen] if rules.thui == "winner" else []
    code = "thui-to-above" if rules.thui == "above" else "thui-to-winner"
    due: list[Transfer] = []
    for seat, payee in owing:
        items = itemise(mask_of(result.hands[seat]), rules)
        due += _pay(seat, payee, sum(v for _, v in items) * unit, Reason.of(code, items=held_items(items, unit)))
    return due


def _finish_due(result: RoundResult, rules: RuleSet, unit: int, n: int) -> list[Transfer]:
    """Finishing on a 2: the finisher pays every other player."""
    penalty = rules.amount("finish_with_two_penalty", n) * unit
    return [
        transfer
        for finish in result.finishes
        if finish.with_two
        for other in _after(finish.seat, n)
        for transfer in _pay(finish.seat, other, penalty, Reason.of("finished-on-a-two"))
    ]


def _cap(moments: list[list[Transfer]], balances: tuple[int, ...], n: int) -> list[Transfer]:
    """Apply the balance cap moment by moment (see the module docs)."""
    held = list(balances)
    out: list[Transfer] = []
    for moment in moments:
        amounts = [t.amount for t in moment]
        notes: list[tuple[int, int, int] | None] = [None] * len(moment)
        for payer in sorted({t.payer for t in moment}):
            mine = [i for i, t in enumerate(moment) if t.payer == payer]
            owed = sum(amounts[i] for i in mine)
            if owed <= held[payer]:
                continue
            rank = {seat: k for k, seat in enumerate(_after(payer, n))}
            order = sorted(range(len(mine)), key=lambda k: (rank[moment[mine[k]].payee], k))
            shares = _split(held[payer], [amounts[i] for i in mine], order)
            for i, share in zip(mine, shares, strict=True):
                notes[i] = (amounts[i], held[payer], owed)
                amounts[i] = share
        for t, amount, note in zip(moment, amounts, notes, strict=True):
            if amount:
                if note is not None:  # cut: the reason says from what
                    before, had, due = note
                    why = Reason.of("cut-by-balance", reason=t.reason, amount=before, payer=t.payer, held=had, owed=due)
                    t = attrs.evolve(t, amount=amount, reason=why)
                out.append(t)
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


def unit_for(rules: RuleSet, unit: int) -> int:
    """The unit to settle ``rules`` with: ``unit`` where amounts are money, 1 where they are points.

    Raises :class:`~tienlen.InvalidArgument` (as :func:`settle`) for rules that are no rule set,
    or a ``unit`` that is not a positive whole number, whatever the rules count in."""
    check_rules(rules)
    check_unit(unit, rules, points_at_one=False)
    return 1 if rules.currency == "points" else unit


def settle(
    result: RoundResult,
    rules: RuleSet,
    *,
    unit: int | None = None,
    balances: Sequence[int] | None = None,
) -> Settlement:
    """Settle a finished round under ``rules``: who pays whom, why, and each seat's net.

    ``unit`` is what one unit of the rules is worth in this room: the ``house`` entry (not its
    table stake, which is 4 entries), the ``northern``/``iwin``/``counting`` bet; points profiles
    move no money and take ``unit=1`` (the default). ``balances`` (one per seat) are what each
    player holds before the round; they are used only where the rules cap payments at the balance
    (``iwin``), and are otherwise just checked. Amounts that do not divide evenly, the order of cap and rake,
    and how bombs in a hand are counted are described in the module docs.

    Raises :class:`~tienlen.InvalidArgument` when ``rules`` is not a rule set or ``result`` not a
    result, when ``unit`` is not a positive whole number (or is not 1 for a points profile), when
    ``balances`` are not one non-negative whole number per seat, or when the rules are not played by the result's number of players; and :class:`~tienlen.InvalidRecord` when the result contradicts itself
    (placements that are not every seat once, a seat not at the table, a đền bài seat that is not
    frozen).

    >>> from tienlen import IWIN
    >>> from tienlen.game.events import RoundResult
    >>> two_frozen = RoundResult(players=4, dealer=0, first_round=False, placements=(0, 1, 2, 3),
    ...     frozen=(2, 3), forfeited=(), instant_winners=(), hands=((), (), (), ()), events=())
    >>> for transfer in settle(two_frozen, IWIN, unit=100).transfers:
    ...     print(transfer)
    seat 2 pays seat 0 400: frozen (cóng): 400
    seat 3 pays seat 0 400: frozen (cóng): 400
    seat 1 pays seat 0 100: 2 players frozen end the round: pays 1st
    seat 0 pays the house 45: rake: 5% of 900 won
    """
    worth = 1 if unit is None else unit
    n, checked = _check(result, rules, worth, balances)
    if rules.currency == "points" and rules.scoring == "places":
        return Settlement(currency="points", unit=worth, transfers=(), net=_points(result, rules, n), house=0)
    if result.instant_winners:
        moments = _instant_win(result, rules, worth, n)
    else:
        moments = chop_transfers(result, rules, worth) + [_end(result, rules, worth, n)]
    if rules.cap_at_balance and checked is not None:
        transfers = _cap(moments, checked, n)
    else:
        transfers = [t for moment in moments for t in moment]
    net = [0] * n
    for t in transfers:
        net[t.payer] -= t.amount
        net[t.payee] += t.amount
    if rules.currency == "points":  # card points: the card units are the points, nothing is paid
        return Settlement(currency="points", unit=worth, transfers=(), net=tuple(net), house=0)
    house = 0
    if rules.rake_percent:
        for seat in range(n):
            rake = max(net[seat], 0) * rules.rake_percent // 100
            if rake:
                transfers.append(
                    Transfer(
                        payer=seat,
                        payee=HOUSE_SEAT,
                        amount=rake,
                        reason=Reason.of("rake", percent=rules.rake_percent, won=net[seat]),
                    )
                )
                net[seat] -= rake
                house += rake
    return Settlement(currency=rules.currency, unit=worth, transfers=tuple(transfers), net=tuple(net), house=house)


def reward_net(
    result: RoundResult, rules: RuleSet, *, unit: int = 1, settled: Settlement | None = None
) -> tuple[tuple[float, ...], float]:
    """Each seat's net for a finished round and the house's take, in units of ``unit`` worth of money,
    with the rake kept: what the learning adapters pay as rewards.

    Where the rules take a rake (``iwin``'s 5%), a coarse unit would round it away (5% of 4 bets
    at 1 per bet rounds down to 0), so the round is settled in a room :data:`REWARD_SCALE` (100)
    times finer, ``settle(result, rules, unit=unit * 100)``, and every amount divided by 100:
    4 bets won pay 3.8 and the house 0.2. Without a rake this is :func:`settle`'s ``net`` and
    ``house`` (0) as they are. Either way the seats' nets and the house add up to 0 (to points
    for points profiles, which have no house). ``settled``, when given, is ``settle(result, rules,
    unit=unit)`` already made, so a caller that needs both settles a round without a rake once.

    >>> from tienlen import IWIN
    >>> from tienlen.game.events import RoundResult
    >>> won = RoundResult(players=2, dealer=0, first_round=False, placements=(0, 1), frozen=(),
    ...     forfeited=(), instant_winners=(), hands=((), ()), events=())
    >>> settle(won, IWIN).net, reward_net(won, IWIN)
    ((2, -2), ((1.9, -2.0), 0.1))
    """
    check_rules(rules)
    scale = REWARD_SCALE if rules.rake_percent and rules.currency != "points" else 1
    check_unit(unit, rules)
    money = settled if settled is not None and scale == 1 else settle(result, rules, unit=unit * scale)
    return tuple(v / scale for v in money.net), money.house / scale
