"""The state of a round and how each action changes it (private: :class:`~tienlen.Round` is its face).

A round is three values: the :class:`Deal` (what stays the same from the deal to the end), the
:data:`State` (the cards, the trick and the history now: the position) and the seat to act. An
action makes a new state from the old one: :func:`after_pass`, :func:`after_play` and
:func:`after_forfeit` unpack the state into locals named after its fields, change what the action
changes, and pack it again; :func:`next_turn` then says who acts next, closing the trick when
nobody can answer it.

The state is a plain tuple, the cheapest value Python makes and unpacks (a named tuple, a subclass,
is made and unpacked without the interpreter's fast paths for tuples: when the engine kept one, a
ply of greedy play or of the learning adapters took 1.6% to 3.7% more instructions). It never leaves the game wing: other wings and
users read the position by name, from :attr:`Round.position <tienlen.Round.position>` (a
:class:`~tienlen.game.position.Position` made from it) or with a
:func:`~tienlen.game.position.position_reader`.

Seats are numbered in play order. A set of seats is kept as bits (seat ``s`` is bit ``s``) where
the engine asks about it every action, so that "who still has to answer" is one expression.
"""

from __future__ import annotations

from typing import Final

import attrs

from tienlen._base.bits import TWOS, card_points
from tienlen._base.cache import BoundedCache
from tienlen._base.fast import fast
from tienlen.game.actions import PASSES, Action, LegalActions, legal_actions_of
from tienlen.game.beating import is_chop
from tienlen.game.cards import cards_of
from tienlen.game.combos import PAIR_RUN, QUAD, Combo
from tienlen.game.events import SHARED_PASSES, Chop, Event, Finished, Forfeited, Froze, InstantWin, Passed, Played, TrickWon
from tienlen.game.instant import pattern_of
from tienlen.game.moves import combo_of, plays_by_kind
from tienlen.game.position import SEATS, Position
from tienlen.variants.rules import RuleSet

__all__ = [
    "ACTIONS",
    "CHAIN",
    "EVENTS",
    "FINISHED",
    "FORFEITED",
    "FROZEN",
    "HANDS",
    "LEADER",
    "MUST",
    "NUMBER",
    "OUT",
    "PASSED",
    "PLAYS",
    "RESPONDED",
    "SEATS",
    "FIELDS",
    "Deal",
    "State",
    "after_forfeit",
    "after_pass",
    "after_play",
    "choppable",
    "deal_masks",
    "den_bai",
    "legal_actions",
    "legal_interrupts",
    "placements",
    "start",
    "turn_order",
]


@attrs.frozen(kw_only=True)
class Deal:
    """What stays the same through one deal, shared by every position of it."""

    rules: RuleSet
    dealt: tuple[int, ...]  # each seat's dealt hand, as a card mask
    dealer: int
    first_round: bool  # the first round of a match (the lowest card leads)
    seed: int | None  # None for hands given by Round.from_hands
    named_leader: int | None  # the seat named to lead the first trick, if any
    instant_winners: tuple[InstantWin, ...]  # who won at once with their dealt hand (then nobody plays)


State = tuple[
    tuple[int, ...],  # hands: the cards each seat holds now, as card masks
    int,  # number: the number of the trick in progress, from 1
    int,  # leader: who led the trick (or is to lead it)
    tuple[tuple[int, Combo], ...],  # plays: (seat, combo) of each play of the trick, in order
    int,  # passed: seats that passed in this trick, as bits
    int,  # responded: seats that passed since the last play, as bits
    tuple[Chop, ...],  # chain: the chops made in this trick
    tuple[int, ...],  # finished: seats that went out, in order
    tuple[int, ...],  # frozen: seats frozen (cóng), in order
    tuple[int, ...],  # forfeited: seats that left the round, in order
    int,  # out: seats finished, frozen or forfeited, as bits (kept so the next seat is one look-up)
    int,  # must: cards the next play must hold (the first lead of a first round), as a mask
    tuple[Event, ...],  # events: everything that has happened, in order
    tuple[Action, ...],  # actions: every action taken, in order
]
"""The cards, the trick in progress and the history, after some actions of a deal: a plain tuple,
the cheapest value to make once per action, with the values of a
:class:`~tienlen.game.position.Position` in its order.

Every reader unpacks it into locals named as in :data:`FIELDS` (one line, cheaper than reading
values by index) or reads one value by its named index (:data:`HANDS` …), and every writer packs
the same names in the same order, so no two values can be swapped (``tests/game/test_round.py``
checks every such line).
"""

FIELDS = Position._fields
"""The names of a :data:`State`'s values, in order: those of the public
:class:`~tienlen.game.position.Position` (declared there once)."""

HANDS: Final = 0
NUMBER: Final = 1
LEADER: Final = 2
PLAYS: Final = 3
PASSED: Final = 4
RESPONDED: Final = 5
CHAIN: Final = 6
FINISHED: Final = 7
FROZEN: Final = 8
FORFEITED: Final = 9
OUT: Final = 10
MUST: Final = 11
EVENTS: Final = 12
ACTIONS: Final = 13
"""Where each value sits in a :data:`State` (the names of :data:`FIELDS` in capitals), for a
reader that wants one or two of them."""


def deal_masks(players: int, seed: int, dealer: int, cards: int) -> tuple[int, ...]:
    """Each seat's hand: shuffle with a Mersenne Twister seeded by ``seed`` using only
    ``getrandbits`` (stable across Python versions and platforms); deal ``cards`` one at a time
    starting left of the dealer."""
    import random  # loaded with the first deal, not with the package

    draw = random.Random(seed).getrandbits
    deck = list(range(52))
    for i, bits in _SHUFFLE_STEPS:
        j = draw(bits)
        while j > i:
            j = draw(bits)
        deck[i], deck[j] = deck[j], deck[i]
    hands = [0] * players
    for k in range(players):  # one card at a time round the table: seat dealer + 1 + k gets cards k, k + players, …
        hands[(dealer + 1 + k) % players] = sum(map((1).__lshift__, deck[k:cards:players]))
    return tuple(hands)


_SHUFFLE_STEPS = tuple((i, (i + 1).bit_length()) for i in range(51, 0, -1))
"""Each step of the shuffle: the place ``i`` filled, and the bits drawn to pick a card at or below it."""


def start(
    rules: RuleSet, hands: tuple[int, ...], *, dealer: int, first_round: bool, leader: int | None, seed: int | None
) -> tuple[Deal, State, int | None]:
    """The deal, the first position and the seat to act (``None`` after an instant win) of a round
    dealt ``hands``; ``leader`` is a seat already checked."""
    dealt = sum(hands)
    lowest = dealt & -dealt
    named_leader = leader
    leader = next(s for s in range(len(hands)) if hands[s] & lowest) if named_leader is None else named_leader
    winners = instant_winners(hands, rules, first_round, dealer)
    deal = Deal(
        rules=rules,
        dealt=hands,
        dealer=dealer,
        first_round=first_round,
        seed=seed,
        named_leader=named_leader,
        instant_winners=winners,
    )
    number, plays, chain, finished, frozen, forfeited, actions = 1, (), (), (), (), (), ()
    passed = responded = out = 0
    events: tuple[Event, ...] = winners
    must = lowest if (first_round and named_leader is None and rules.first_lead_must_include) else 0
    position = (hands, number, leader, plays, passed, responded, chain, finished, frozen, forfeited, out, must, events, actions)
    return deal, position, None if winners else leader


def instant_winners(hands: tuple[int, ...], rules: RuleSet, first_round: bool, dealer: int) -> tuple[InstantWin, ...]:
    """Who wins at once with their dealt hand, in dealing order (left of the dealer first)."""
    if not rules.instant_wins:
        return ()
    winners = []
    for seat in turn_order(dealer, len(hands)):
        pattern = pattern_of(hands[seat], rules, first_round)
        if pattern is not None:
            winners.append(InstantWin(seat=seat, pattern=pattern))
    if rules.instant_win_ties == "nearest_dealer":
        return tuple(winners[:1])
    return tuple(winners)


# ---------------------------------------------------------------------------- what may be done
def legal_actions(deal: Deal, position: State, to_act: int | None) -> LegalActions:
    """The in-turn actions of ``to_act`` (none once the round is over)."""
    if to_act is None:
        return legal_actions_of(0, (), False)
    hands, number, leader, plays, passed, responded, chain, finished, frozen, forfeited, out, must, events, actions = position
    table = plays[-1][1] if plays else None
    groups = plays_by_kind(hands[to_act], table, deal.rules, passed >> to_act & 1 == 1)
    if must:
        groups = [(kind, [mask for mask in masks if mask & must]) for kind, masks in groups]
        groups = [group for group in groups if group[1]]
    return legal_actions_of(to_act, tuple(groups), table is not None)


def legal_interrupts(deal: Deal, position: State, to_act: int | None) -> tuple[Action, ...]:
    """The out-of-turn chops open now to any seat but the one on the table and ``to_act``."""
    hands, number, leader, plays, passed, responded, chain, finished, frozen, forfeited, out, must, events, actions = position
    rules = deal.rules
    if not plays or to_act is None or not rules.interrupt_bombs:
        return ()
    last, table = plays[-1]
    if not choppable(table) or (not table.is_two_group and rules.bomb_rule(table.bomb_class) is None):
        return ()  # bombs only ever chop 2s and bombs
    chops: list[Action] = []
    for seat, hand in enumerate(hands):
        if seat in (last, to_act) or out >> seat & 1:
            continue
        for kind, masks in plays_by_kind(hand, table, rules, False):
            for mask in masks:
                combo = combo_of(kind, mask)
                if combo.bomb_class in rules.interrupt_bombs:
                    chops.append(Action(kind="interrupt", seat=seat, combo=combo))
    return tuple(chops)


def choppable(table: Combo) -> bool:
    """Whether some rules could let a play chop ``table``: it holds 2s or is of a bomb's kind (a
    quick test before the rules' own, :func:`~tienlen.game.beating.is_chop`)."""
    return table.kind is QUAD or table.kind is PAIR_RUN or table.mask & TWOS != 0


# ---------------------------------------------------------------------------- what an action changes
def after_pass(deal: Deal, position: State, actor: int, could_play: bool) -> tuple[State, int | None]:
    """The position and the seat to act after ``actor``, the seat to act, passed (``could_play``:
    whether they held a legal play, which only đền bài rules keep)."""
    hands, number, leader, plays, passed, responded, chain, finished, frozen, forfeited, out, must, events, actions = position
    passed |= 1 << actor
    responded |= 1 << actor
    events += _PASSED[actor, could_play if deal.rules.den_bai else None]
    actions += (PASSES[actor],)
    moved = (hands, number, leader, plays, passed, responded, chain, finished, frozen, forfeited, out, must, events, actions)
    return next_turn(deal, moved, actor, PASSES[actor])


def after_play(
    deal: Deal, position: State, to_act: int | None, seat: int, combo: Combo, action: Action
) -> tuple[State, int | None]:
    """The position and the seat to act after ``seat`` played ``combo`` (the ``action``, in turn
    or out of turn; ``to_act`` was the seat to act)."""
    hands, number, leader, plays, passed, responded, chain, finished, frozen, forfeited, out, must, events, actions = position
    rules = deal.rules
    out_of_turn = action.kind == "interrupt"
    events += (_played(seat, combo, out_of_turn),)
    if plays:
        last, table = plays[-1]
        if choppable(table) and is_chop(combo, table, rules):
            chop = Chop(trick=number, index=len(chain) + 1, chopper=seat, chopped=last, chopped_combo=table, by=combo)
            chain += (chop,)
            events += (chop,)
    held = list(hands)
    held[seat] &= ~combo.mask
    hands = tuple(held)
    if not hands[seat]:
        finished += (seat,)
        out |= 1 << seat
        events += (Finished(seat=seat, place=len(finished), with_two=bool(combo.mask & TWOS)),)
        # Under card-count scoring nobody is frozen, except for đền bài, which needs to know who never played.
        if len(finished) == 1 and (rules.frozen or (rules.den_bai and rules.scoring == "cards")):
            for other in turn_order(seat, len(hands)):
                if other != seat and other not in forfeited and deal.dealt[other] == hands[other]:
                    frozen += (other,)
                    out |= 1 << other
                    events += (Froze(seat=other, cards=cards_of(hands[other])),)
    if out_of_turn:
        passed &= ~(1 << seat)  # an interrupter counts as not having passed; a passed player bombing 2s in turn stays out
    plays += ((seat, combo),)
    responded = 0
    must = 0
    actions += (action,)
    moved = (hands, number, leader, plays, passed, responded, chain, finished, frozen, forfeited, out, must, events, actions)
    return next_turn(deal, moved, to_act, action)


def after_forfeit(deal: Deal, position: State, to_act: int | None, seat: int) -> tuple[State, int | None]:
    """The position and the seat to act after ``seat`` left the round (``to_act`` was the seat to act)."""
    hands, number, leader, plays, passed, responded, chain, finished, frozen, forfeited, out, must, events, actions = position
    forfeited += (seat,)
    out |= 1 << seat
    if must & hands[seat]:
        must = 0  # the first-round lead card leaves with its holder: whoever leads instead leads anything
    action = Action(kind="forfeit", seat=seat)
    events += (Forfeited(seat=seat),)
    actions += (action,)
    moved = (hands, number, leader, plays, passed, responded, chain, finished, frozen, forfeited, out, must, events, actions)
    return next_turn(deal, moved, to_act, action)


def next_turn(deal: Deal, moved: State, to_act: int | None, action: Action) -> tuple[State, int | None]:
    """Who acts after ``action`` made the position ``moved`` (``to_act`` was the seat to act): the
    next seat still to answer the table, or, when nobody can, the trick's winner (or the next seat
    in play) leads a new trick; nobody once the round is over."""
    hands, number, leader, plays, passed, responded, chain, finished, frozen, forfeited, out, must, events, actions = moved
    players = len(hands)
    in_play = _ALL_SEATS[players] & ~out
    if not in_play & (in_play - 1) or (finished and deal.rules.scoring == "cards"):  # at most one seat in play
        if not plays:
            return moved, None
        events += _trick_won(number, plays[-1][0], None)
        over = (hands, number, leader, plays, passed, responded, chain, finished, frozen, forfeited, out, must, events, actions)
        return over, None
    if not plays:  # nobody has led yet; only a forfeit gets here
        if in_play >> leader & 1:
            return moved, leader
        leader = _NEXT[players][leader][in_play]
        led = (hands, number, leader, plays, passed, responded, chain, finished, frozen, forfeited, out, must, events, actions)
        return led, leader
    last, table = plays[-1]
    waiting = in_play & ~responded & ~(1 << last)  # the seats still to answer the table
    if not (deal.rules.bomb_after_pass and table.is_two_group):
        waiting &= ~passed
    if action.kind == "forfeit" and to_act is not None and waiting >> to_act & 1:
        return moved, to_act  # another seat left; the turn stays
    if waiting:
        return moved, _NEXT[players][action.seat][waiting]
    # Nobody can answer: the last player wins the trick and leads, or the next seat still in play.
    leader = last if in_play >> last & 1 else _NEXT[players][last][in_play]
    events += _trick_won(number, last, leader)
    number += 1
    plays, passed, responded, chain = (), 0, 0, ()
    won = (hands, number, leader, plays, passed, responded, chain, finished, frozen, forfeited, out, must, events, actions)
    return won, leader


# ---------------------------------------------------------------------------- results
def placements(deal: Deal, position: State) -> tuple[int, ...]:
    """The seats from first place to last, once the round is over (none after an instant win)."""
    if deal.instant_winners:
        return ()
    hands, number, leader, plays, passed, responded, chain, finished, frozen, forfeited, out, must, events, actions = position
    players = len(hands)
    rest = [s for s in range(players) if s not in finished and s not in frozen and s not in forfeited]
    if deal.rules.scoring == "cards" and finished:
        # Card-count scoring: fewer cards left first, then the lower total card value (3♠ = 1 …
        # 2♥ = 52), then play order after the winner.
        order = turn_order(finished[0], players)
        rest.sort(key=lambda s: (hands[s].bit_count(), card_points(hands[s]), order.index(s)))
    return finished + tuple(rest) + frozen + tuple(reversed(forfeited))


def den_bai(deal: Deal, position: State) -> int | None:
    """The frozen seat who pays for the others (đền bài), if any: only when every other seat is
    frozen, at least three of them, and one of them passed holding a play."""
    hands, number, leader, plays, passed, responded, chain, finished, frozen, forfeited, out, must, events, actions = position
    if not deal.rules.den_bai or len(frozen) < 3 or len(frozen) != len(hands) - 1:
        return None
    for event in events:
        if isinstance(event, Passed) and event.could_play and event.seat in frozen:
            return event.seat
    return None


def turn_order(after: int, players: int) -> list[int]:
    """Seats in play order starting after ``after`` and ending with ``after``."""
    return [(after + k) % players for k in range(1, players + 1)]


# ---------------------------------------------------------------------------- shared values and tables
_PASSED = {key: (event,) for key, event in SHARED_PASSES.items()}
"""The shared one-event histories of a pass (events are immutable, so every round may hold the same)."""

_ALL_SEATS = (0, 1, 3, 7, 15)
"""Every seat of a table of ``n`` players, as bits."""

_NEXT = tuple(
    tuple(
        tuple(next((s for k in range(1, n + 1) if bits >> (s := (after + k) % n) & 1), -1) for bits in range(16))
        for after in range(n)
    )
    for n in range(5)
)
"""``_NEXT[players][after][seats]``: the first of ``seats`` (bits) in play order after ``after``
(``after`` itself last), or -1 when ``seats`` is empty."""


@fast(Played)
def _played(seat: int, combo: Combo, out_of_turn: bool) -> Played:
    """A :class:`Played` event (one per play: the hot path; nothing to check)."""
    raise NotImplementedError  # fast() writes the body


_TRICKS_WON: BoundedCache[tuple[int, int, int | None], tuple[TrickWon]] = BoundedCache(
    "trick-won events", limit=1 << 12, holds="events"
)
"""The shared one-event histories of a trick won, by trick number, winner and next leader (about a
thousand can occur)."""


def _trick_won(number: int, seat: int, next_leader: int | None) -> tuple[TrickWon]:
    """The shared one-event history of a trick won."""
    key = (number, seat, next_leader)
    won = _TRICKS_WON.get(key)
    if won is None:
        won = _TRICKS_WON.put(key, (TrickWon(trick=number, seat=seat, next_leader=next_leader),))
    return won
