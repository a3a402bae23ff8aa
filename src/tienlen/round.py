"""The round engine: dealing, turns, tricks, chops, instant wins, frozen players and records.

A :class:`Round` is an immutable value. Every action returns a new round and leaves the old one
as it was, so a bot can search ahead without copying anything.

>>> from tienlen import HOUSE, Round
>>> r = Round.deal(HOUSE, players=4, seed=7)
>>> r.to_act, len(r.legal_actions()) > 0
(3, True)
>>> r2 = r.play(r.legal_actions()[0].combo)
>>> r.trick.table is None, r2.trick.table is not None
(True, True)

Speed and memory. Each action builds one new :class:`Round`: what stays the same through the
deal (rules, hands dealt, dealer, seed) is one shared value, and the position is one plain tuple
(seats that passed or are out as bits), so an action costs a few microseconds. The history is
kept as tuples of shared, immutable events and actions. A round makes its :meth:`~Round.legal_actions`
once and keeps them, and an action object handed out by that very sequence is applied without
being checked again (it is known legal); any other action, equal or not, is checked in full.
The shared trick-won events here (one per trick number, winner and next leader: about a
thousand at most) are one of the library's caches; every one is bounded, and the how-to "Speed
and memory" lists them all with their bounds.
"""

from __future__ import annotations

import json
import random
import secrets
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from tienlen._bits import TWOS, card_points
from tienlen._checks import check_bool, check_int, check_players, check_rules, check_seat
from tienlen._codec import WIRE_VERSION, WireValue
from tienlen._input import MAX_RECORD, MAX_SEED, load_json, shown
from tienlen.actions import PASSES, Action, LegalActions, legal_actions_of, parse_action, play_action
from tienlen.beating import explain, is_chop
from tienlen.cards import FULL_MASK, Card, cards_of, format_cards, to_mask
from tienlen.combos import Combo, ComboKind, classify
from tienlen.errors import (
    IllegalPlay,
    InvalidCards,
    InvalidCombo,
    InvalidRecord,
)
from tienlen.events import (
    SHARED_PASSES,
    Chop,
    Event,
    Finished,
    Forfeited,
    Froze,
    InstantWin,
    Passed,
    Played,
    RoundResult,
    TrickWon,
)
from tienlen.instant import instant_win_pattern, pattern_of
from tienlen.moves import combo_of, plays_by_kind
from tienlen.rules import RuleSet
from tienlen.views import PlayerView, public_events

__all__ = ["Trick", "Round", "LegalActions", "instant_win_pattern", "RECORD_VERSION"]

RECORD_VERSION = WIRE_VERSION
"""Version of the JSON round record written by :meth:`Round.to_json <tienlen.Round.to_json>`: the
version of every wire document (one number for every document the library writes)."""


@attrs.frozen(kw_only=True)
class Trick(WireValue):
    """The trick in progress: from a lead until the table clears.

    ``plays`` are ``(seat, combo)`` in order; ``passed`` are the seats that passed in this trick;
    ``responded`` the seats that passed since the last play; ``chain`` the chops made in it.
    """

    number: int
    leader: int
    plays: tuple[tuple[int, Combo], ...] = ()
    passed: frozenset[int] = frozenset()
    responded: frozenset[int] = frozenset()
    chain: tuple[Chop, ...] = ()

    @property
    def table(self) -> Combo | None:
        """The combination to beat, or ``None`` when the trick has not been led."""
        return self.plays[-1][1] if self.plays else None

    @property
    def last_seat(self) -> int | None:
        """Who made the play on the table."""
        return self.plays[-1][0] if self.plays else None

    def _repr_svg_(self) -> str:
        from tienlen import svg  # pictures sit above the values they draw: imported when first drawn

        return svg.trick(self)


def _deal_masks(players: int, seed: int, dealer: int, cards: int) -> tuple[tuple[int, ...], int]:
    """Shuffle with a Mersenne Twister seeded by ``seed`` using only ``getrandbits`` (stable across
    Python versions and platforms); deal ``cards`` one at a time starting left of the dealer."""
    rng = random.Random(seed)
    deck = list(range(52))
    for i in range(51, 0, -1):
        bits = (i + 1).bit_length()
        j = rng.getrandbits(bits)
        while j > i:
            j = rng.getrandbits(bits)
        deck[i], deck[j] = deck[j], deck[i]
    hands = [0] * players
    for k in range(cards):
        hands[(dealer + 1 + k) % players] |= 1 << deck[k]
    return tuple(hands), FULL_MASK & ~sum(hands)


@attrs.frozen(kw_only=True)
class _Deal:
    """What stays the same through one deal, shared by every position of it."""

    rules: RuleSet
    dealt: tuple[int, ...]
    dealer: int
    first_round: bool
    seed: int | None
    named_leader: int | None
    instant_winners: tuple[InstantWin, ...]


_State = tuple[
    tuple[int, ...],  # 0 hand masks
    int | None,  # 1 seat to act
    int,  # 2 trick number
    int,  # 3 trick leader
    tuple[tuple[int, Combo], ...],  # 4 trick plays
    int,  # 5 seats that passed in the trick, as bits
    int,  # 6 seats that passed since the last play, as bits
    tuple[Chop, ...],  # 7 the trick's chop chain
    tuple[int, ...],  # 8 finished
    tuple[int, ...],  # 9 frozen
    tuple[int, ...],  # 10 forfeited
    int,  # 11 seats out of play (finished, frozen or forfeited) as bits: kept, not derived, so the next seat is one lookup
    int,  # 12 cards the next play must include
    tuple[Event, ...],  # 13 events
    tuple[Action, ...],  # 14 actions
]
"""One position of a deal, as a plain tuple: one cheap value per action."""


@attrs.frozen(kw_only=True)
class Round:
    """One deal in play. Build with :meth:`deal` or :meth:`from_hands`; act with :meth:`play`,
    :meth:`pass_`, :meth:`interrupt`, :meth:`forfeit` or :meth:`apply`, each returning a new round.

    Seats are numbered in play order: seat ``i + 1`` acts after seat ``i``.
    """

    _deal: _Deal
    _state: _State
    # Values made on first ask (caches of values that never change): the legal actions and the trick.
    _legal: LegalActions | None = attrs.field(default=None, init=False, eq=False, repr=False)
    _trick: Trick | None = attrs.field(default=None, init=False, eq=False, repr=False)

    @property
    def rules(self) -> RuleSet:
        """The rules of the round."""
        return self._deal.rules

    @property
    def dealt(self) -> tuple[int, ...]:
        """Each seat's dealt hand, as a card mask."""
        return self._deal.dealt

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._deal.dealer

    @property
    def first_round(self) -> bool:
        """Whether this is the first round of a match (the lowest card leads)."""
        return self._deal.first_round

    @property
    def seed(self) -> int | None:
        """The seed of the deal (``None`` for hands given by :meth:`from_hands`)."""
        return self._deal.seed

    @property
    def named_leader(self) -> int | None:
        """The seat named to lead the first trick, if any."""
        return self._deal.named_leader

    @property
    def instant_winners(self) -> tuple[InstantWin, ...]:
        """Who won at once with their dealt hand (the round then has no play)."""
        return self._deal.instant_winners

    @property
    def hand_masks(self) -> tuple[int, ...]:
        """The cards each seat holds now, as card masks."""
        return self._state[0]

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` once the round is over."""
        return self._state[1]

    @property
    def trick(self) -> Trick:
        """The trick in progress."""
        trick = self._trick
        if trick is None:
            s = self._state
            trick = Trick(number=s[2], leader=s[3], plays=s[4], passed=_SEATS[s[5]], responded=_SEATS[s[6]], chain=s[7])
            _setattr(self, "_trick", trick)
        return trick

    @property
    def finished(self) -> tuple[int, ...]:
        """The seats that have gone out, in order."""
        return self._state[8]

    @property
    def frozen(self) -> tuple[int, ...]:
        """The seats frozen (cóng): none of their cards played when the first player went out."""
        return self._state[9]

    @property
    def forfeited(self) -> tuple[int, ...]:
        """The seats that left the round, in order."""
        return self._state[10]

    @property
    def must_include(self) -> int:
        """Cards the next play must hold (the first lead of a first round), as a mask; 0 for none."""
        return self._state[12]

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that has happened, in order."""
        return self._state[13]

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action taken, in order."""
        return self._state[14]

    # ------------------------------------------------------------------ construction
    @classmethod
    def deal(
        cls,
        rules: RuleSet,
        players: int = 4,
        seed: int | None = None,
        first_round: bool = True,
        leader: int | None = None,
        dealer: int = 0,
    ) -> Round:
        """Shuffle and deal 13 cards to each player (the whole deck where ``rules.deal_whole_deck``)
        with a private RNG seeded by ``seed``.

        The same seed gives the same deal on every platform; with ``seed=None`` a fresh seed is
        drawn and kept in ``Round.seed``. Seeds are whole numbers from 0 to 2**64 - 1.

        Raises :class:`~tienlen.InvalidArgument` for ``rules`` that are no rule set, a player
        count the rules do not allow, a bad ``leader`` or ``dealer``, a seed out of range or a
        ``first_round`` that is not a bool.
        """
        check_rules(rules)
        check_players(rules, players)
        check_seat(dealer, players, "dealer")
        check_bool(first_round, "first_round")
        if seed is None:
            seed = secrets.randbits(63)
        check_int(seed, "seed", 0, MAX_SEED)
        hands, _ = _deal_masks(players, seed, dealer, rules.cards_dealt(players))
        return cls._start(rules, hands, dealer=dealer, first_round=first_round, leader=leader, seed=seed)

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Iterable[Card] | str | int],
        rules: RuleSet,
        *,
        first_round: bool = True,
        leader: int | None = None,
        dealer: int = 0,
    ) -> Round:
        """A round from given hands (card text, cards or masks), one per seat; the rest of the deck
        is out of play. Hands of fewer than 13 cards are allowed for puzzles and tests; where
        ``rules.deal_whole_deck``, a hand may hold as many cards as that deal gives (26 at 2 players,
        18 at 3).

        Raises :class:`InvalidCards` for unreadable, repeated or shared cards or an empty hand,
        and :class:`~tienlen.InvalidArgument` for a player count the rules do not allow or a bad
        ``leader`` or ``dealer``.
        """
        check_rules(rules)
        check_bool(first_round, "first_round")
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise InvalidCards("give one hand per seat, e.g. ['3♠ 4♠ …', '5♦ …']")
        check_players(rules, len(hands))
        masks = tuple(to_mask(h) for h in hands)
        check_seat(dealer, len(masks), "dealer")
        seen = 0
        most = -(-rules.cards_dealt(len(masks)) // len(masks))
        for seat, mask in enumerate(masks):
            if not mask or mask.bit_count() > most:
                raise InvalidCards(f"seat {seat} must hold from 1 to {most} cards, not {mask.bit_count()}")
            if seen & mask:
                raise InvalidCards(f"{format_cards(seen & mask)} dealt to more than one seat (seat {seat} again)")
            seen |= mask
        return cls._start(rules, masks, dealer=dealer, first_round=first_round, leader=leader, seed=None)

    @classmethod
    def _start(
        cls, rules: RuleSet, hands: tuple[int, ...], *, dealer: int, first_round: bool, leader: int | None, seed: int | None
    ) -> Round:
        players = len(hands)
        if leader is not None:
            check_seat(leader, players, "leader")
        dealt = sum(hands)
        lowest = dealt & -dealt
        lowest_holder = next(s for s in range(players) if hands[s] & lowest)
        start = lowest_holder if leader is None else leader
        must = lowest if (first_round and leader is None and rules.first_lead_must_include) else 0
        winners = _instant_winners(hands, rules, first_round, dealer)
        deal = _Deal(
            rules=rules,
            dealt=hands,
            dealer=dealer,
            first_round=first_round,
            seed=seed,
            named_leader=leader,
            instant_winners=winners,
        )
        to_act = None if winners else start
        return cls(deal=deal, state=(hands, to_act, 1, start, (), 0, 0, (), (), (), (), 0, must, winners, ()))

    def _with_seed(self, seed: int) -> Round:
        """The same round, recording the seed its hands were dealt from."""
        return attrs.evolve(self, deal=attrs.evolve(self._deal, seed=seed))

    # ------------------------------------------------------------------ views
    @property
    def is_over(self) -> bool:
        """Whether the round has ended (nobody is to act)."""
        return self._state[1] is None

    @property
    def played_any(self) -> frozenset[int]:
        """The seats that have played at least one card."""
        return frozenset(s for s in range(self.players) if self.hand_masks[s] != self.dealt[s])

    @property
    def players(self) -> int:
        """How many seats are dealt in."""
        return len(self.dealt)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat holds now, ascending."""
        return tuple(cards_of(m) for m in self.hand_masks)

    @property
    def out_of_play(self) -> tuple[Card, ...]:
        """The cards nobody was dealt."""
        return cards_of(FULL_MASK & ~sum(self.dealt))

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played so far."""
        return cards_of(sum(self.dealt) & ~sum(self.hand_masks))

    def is_active(self, seat: int) -> bool:
        """Whether ``seat`` still takes turns (holds cards, not frozen, not forfeited, round not over)."""
        check_seat(seat, self.players, "seat")
        return not self.is_over and self.hand_masks[seat] != 0 and seat not in self.frozen and seat not in self.forfeited

    def legal_actions(self) -> LegalActions:
        """Every action the seat to act may take in turn: each legal play (in
        :func:`~tienlen.legal_plays` order), then ``pass`` unless leading.

        A lazy sequence (:class:`LegalActions`): it counts, indexes and answers ``in`` without
        building an :class:`Action` per play. Out-of-turn chops are listed by
        :meth:`legal_interrupts`. Empty once the round is over.
        """
        legal = self._legal
        if legal is not None:
            return legal
        s = self._state
        seat = s[1]
        if seat is None:
            legal = legal_actions_of(0, (), False)
        else:
            plays = s[4]
            table = plays[-1][1] if plays else None
            groups = plays_by_kind(s[0][seat], table, self._deal.rules, s[5] >> seat & 1 == 1)
            must = s[12]
            if must:
                groups = [(k, [m for m in masks if m & must]) for k, masks in groups]
                groups = [group for group in groups if group[1]]
            legal = legal_actions_of(seat, tuple(groups), table is not None)
        _setattr(self, "_legal", legal)
        return legal

    def legal_interrupts(self) -> tuple[Action, ...]:
        """Out-of-turn chops available now (only where ``rules.interrupt_bombs`` lists a bomb class).

        Any seat other than the one whose play is on the table (and the seat to act, who may play
        it in turn) may interrupt, even after passing.
        """
        s = self._state
        rules = self._deal.rules
        plays = s[4]
        if not plays or s[1] is None or not rules.interrupt_bombs:
            return ()
        last, table = plays[-1]
        if not _choppable(table) or (not table.is_two_group and rules.bomb_rule(table.bomb_class) is None):
            return ()  # bombs only ever chop 2s and bombs
        out: list[Action] = []
        for seat, hand in enumerate(s[0]):
            if seat == last or seat == s[1] or s[11] >> seat & 1:  # on the table, in turn, or out of play
                continue
            for kind, masks in plays_by_kind(hand, table, rules, False):
                for mask in masks:
                    combo = combo_of(kind, mask)
                    if combo.bomb_class in rules.interrupt_bombs:
                        out.append(Action(kind="interrupt", seat=seat, combo=combo))
        return tuple(out)

    def parse_action(self, text: str, seat: int | None = None) -> Action:
        """Read an action typed by a person or sent by a client (see :func:`~tienlen.actions.parse_action`):
        ``pass``, ``3♠ 4♠ 5♠``, ``play 3s 4s 5s``, ``chop 6♠6♣6♦6♥``, ``seat 2 pass`` … A play or a
        pass is for ``seat``, else the seat named in the text, else the seat to act. The action is
        read, not applied: :meth:`apply` says whether it is legal now.

        >>> from tienlen import HOUSE
        >>> r = Round.deal(HOUSE, seed=7)
        >>> r.parse_action(str(r.legal_actions()[0])) == r.legal_actions()[0]
        True
        """
        if seat is not None:
            check_seat(seat, self.players, "seat")
        return parse_action(text, self.rules, seat=seat, to_act=self.to_act)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see: its own hand, card counts, the table, the public history and its
        legal actions (see :class:`~tienlen.views.PlayerView`). Raises :class:`~tienlen.InvalidArgument` for a bad seat."""
        s = self._state
        hands = s[0]
        check_seat(seat, len(hands), "seat")
        to_act = s[1]
        actions: Sequence[Action]
        if to_act == seat:
            actions = self.legal_actions()  # shared, not copied: the view builds no Action
        else:
            interrupts = tuple(a for a in self.legal_interrupts() if a.seat == seat)
            actions = interrupts + (PASSES[seat],) if interrupts else ()
        deal = self._deal
        rules = deal.rules
        plays = s[4]
        table_seat, table = plays[-1] if plays else (None, None)
        events = s[13]
        return PlayerView(
            rules=rules,
            seat=seat,
            players=len(hands),
            hand_mask=hands[seat],
            card_counts=tuple(map(int.bit_count, hands)),
            to_act=to_act,
            table=table,
            table_seat=table_seat,
            leader=s[3],
            trick_number=s[2],
            passed=_SEATS[s[5]],
            finished=s[8],
            frozen=s[9],
            forfeited=s[10],
            played_mask=sum(deal.dealt) & ~sum(hands),
            # Only these events hide anything (see public_events).
            history=public_events(events, seat) if rules.den_bai or s[9] else events,
            legal_actions=actions,
            is_over=to_act is None,
        )

    @property
    def result(self) -> RoundResult:
        """The finished round's :class:`RoundResult`. Raises :class:`IllegalPlay` while it is still played."""
        if not self.is_over:
            raise IllegalPlay(f"the round is still being played (seat {self.to_act} to act); there is no result yet")
        return RoundResult(
            players=self.players,
            dealer=self.dealer,
            first_round=self.first_round,
            placements=self._placements(),
            frozen=self.frozen,
            forfeited=self.forfeited,
            instant_winners=self.instant_winners,
            hands=self.hands,
            events=self.events,
            den_bai=self._den_bai(),
        )

    def _placements(self) -> tuple[int, ...]:
        if self.instant_winners:
            return ()
        rest = [s for s in range(self.players) if s not in self.finished and s not in self.frozen and s not in self.forfeited]
        if self.rules.scoring == "cards" and self.finished:
            # Card-count scoring: fewer cards left first, then the lower total card value (3♠ = 1 …
            # 2♥ = 52), then play order after the winner.
            order = _turn_order(self.finished[0], self.players)
            rest.sort(key=lambda s: (self.hand_masks[s].bit_count(), card_points(self.hand_masks[s]), order.index(s)))
        return self.finished + tuple(rest) + self.frozen + tuple(reversed(self.forfeited))

    def _den_bai(self) -> int | None:
        # Đền bài is the three-frozen case only: at 2 or 3 players each frozen player pays their own.
        if not self.rules.den_bai or len(self.frozen) < 3 or len(self.frozen) != self.players - 1:
            return None
        for event in self.events:
            if isinstance(event, Passed) and event.could_play and event.seat in self.frozen:
                return event.seat
        return None

    # ------------------------------------------------------------------ actions
    def apply(self, action: Action) -> Round:
        """Carry out an :class:`Action` (as listed by :meth:`legal_actions` or :meth:`legal_interrupts`).

        Raises :class:`IllegalPlay` when the action is not allowed now (as :meth:`play`,
        :meth:`pass_`, :meth:`interrupt` or :meth:`forfeit` would), or its kind is unknown.

        An action object handed out by this very round's :meth:`legal_actions` is known legal and
        is carried out without checking it again; any other is checked in full.
        """
        legal = self._legal
        if legal is not None and legal.handed_out(action):
            if action.combo is None:
                return self._passed(action.seat, bool(legal._plays))
            return self._after_play(action.seat, action.combo, action)
        if not isinstance(action, Action):
            raise IllegalPlay(f"{shown(action)} is not an Action; use play(cards) or pass_() for plain input")
        if action.kind == "play":
            return self.play(action.mask, seat=action.seat)
        if action.kind == "pass":
            return self.pass_(seat=action.seat)
        if action.kind == "interrupt":
            return self.interrupt(action.seat, action.mask)
        return self.forfeit(action.seat)  # an Action checks its kind when it is made

    def play(self, cards: Combo | Iterable[Card] | str | int, *, seat: int | None = None) -> Round:
        """The seat to act plays ``cards``. Raises :class:`IllegalPlay` saying why when it may not
        (not their turn, cards not in hand, not a combination, cannot beat the table …)."""
        actor = self._actor(seat, "play")
        mask = cards.mask if isinstance(cards, Combo) else self._read(cards, actor)
        combo = self._combo(mask, actor)
        if self.must_include and not mask & self.must_include:
            raise IllegalPlay(
                f"seat {actor} must open the round with {format_cards(self.must_include)}; {combo} does not hold it"
            )
        reason = explain(combo, self.trick.table, self.rules, passed=actor in self.trick.passed)
        if reason is not None:
            raise IllegalPlay(f"seat {actor} cannot play {combo}: {reason}")
        return self._after_play(actor, combo, play_action(actor, combo.kind, combo.mask))

    def pass_(self, *, seat: int | None = None) -> Round:
        """The seat to act passes. Raises :class:`IllegalPlay` when they must lead."""
        actor = self._actor(seat, "pass")
        if self.trick.table is None:
            raise IllegalPlay(f"seat {actor} must lead and may not pass; play any combination")
        return self._passed(actor, self.rules.den_bai and bool(self.legal_actions()._plays))

    def interrupt(self, seat: int, cards: Combo | Iterable[Card] | str | int) -> Round:
        """``seat`` chops out of turn with a bomb the rules let them play at any moment (iwin's PR4).

        Raises :class:`IllegalPlay` when the rules have no such bomb, the seat is not in play, the
        play is theirs already on the table, or the bomb cannot chop the table.
        """
        if self.is_over:
            raise IllegalPlay("the round is over; no more actions")
        check_seat(seat, self.players, "seat", IllegalPlay)
        if not self.rules.interrupt_bombs:
            raise IllegalPlay(f"{self.rules.name} has no bombs that may be played out of turn")
        if not self.is_active(seat):
            raise IllegalPlay(f"seat {seat} is out of this round and cannot play")
        mask = cards.mask if isinstance(cards, Combo) else self._read(cards, seat)
        combo = self._combo(mask, seat)
        table = self.trick.table
        if combo.bomb_class not in self.rules.interrupt_bombs:
            allowed = ", ".join(self.rules.interrupt_bombs)
            raise IllegalPlay(f"seat {seat} cannot play {combo} out of turn: only {allowed} may be played out of turn")
        if table is None:
            raise IllegalPlay(f"seat {seat} cannot interrupt: the table is empty")
        if seat == self.trick.last_seat:
            raise IllegalPlay(f"seat {seat} cannot interrupt their own play {table}")
        if seat == self.to_act:
            raise IllegalPlay(f"it is seat {seat}'s turn: play {combo} in turn rather than out of turn")
        reason = explain(combo, table, self.rules)
        if reason is not None:
            raise IllegalPlay(f"seat {seat} cannot interrupt with {combo}: {reason}")
        return self._after_play(seat, combo, Action(kind="interrupt", seat=seat, combo=combo))

    def forfeit(self, seat: int) -> Round:
        """``seat`` leaves the round: they take a last place and stop playing (their cards stay in hand).

        Raises :class:`IllegalPlay` when the round is over, ``seat`` is not a seat of the round, or
        the seat is no longer playing (gone out, frozen or already gone).
        """
        if self.is_over:
            raise IllegalPlay("the round is over; no more actions")
        check_seat(seat, self.players, "seat", IllegalPlay)
        if not self.is_active(seat):
            raise IllegalPlay(f"seat {seat} is no longer playing this round and cannot forfeit")
        # The first-round lead card leaves with its holder: whoever leads instead leads anything.
        s = self._state
        must = 0 if s[12] & s[0][seat] else s[12]
        return self._advance(
            s[0], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], s[10] + (seat,), s[11] | 1 << seat, must,
            (Forfeited(seat=seat),), Action(kind="forfeit", seat=seat), seat,
        )  # fmt: skip

    # ------------------------------------------------------------------ internals
    def _actor(self, seat: int | None, verb: str) -> int:
        if self.is_over or self.to_act is None:
            raise IllegalPlay(f"the round is over; nobody can {verb}")
        if seat is not None and seat != self.to_act:
            check_seat(seat, self.players, "seat", IllegalPlay)
            raise IllegalPlay(f"it is seat {self.to_act}'s turn, not seat {seat}'s")
        return self.to_act

    def _read(self, cards: Iterable[Card] | str | int, seat: int) -> int:
        try:
            mask = to_mask(cards)
        except InvalidCards as error:
            raise IllegalPlay(f"seat {seat}: {error}") from None
        missing = mask & ~self.hand_masks[seat]
        if missing:
            raise IllegalPlay(f"seat {seat} does not hold {format_cards(missing)}")
        return mask

    def _combo(self, mask: int, seat: int) -> Combo:
        if mask & ~self.hand_masks[seat]:
            raise IllegalPlay(f"seat {seat} does not hold {format_cards(mask & ~self.hand_masks[seat])}")
        try:
            return classify(mask, self.rules)
        except InvalidCombo as error:
            raise IllegalPlay(f"seat {seat}: {error}") from None

    def _passed(self, actor: int, could_play: bool) -> Round:
        """The round after the seat to act passed (``could_play``: whether they held a legal play)."""
        s = self._state
        bit = 1 << actor
        event = _PASSED[actor, could_play if self._deal.rules.den_bai else None]
        return self._advance(
            s[0], s[2], s[3], s[4], s[5] | bit, s[6] | bit, s[7], s[8], s[9], s[10], s[11], s[12], event, PASSES[actor], actor
        )  # fmt: skip

    def _after_play(self, seat: int, combo: Combo, action: Action) -> Round:
        """The round after ``seat`` played ``combo`` (the ``action``, in turn or out of turn)."""
        s = self._state
        deal = self._deal
        rules = deal.rules
        out_of_turn = action.kind == "interrupt"
        plays = s[4]
        events: tuple[Event, ...] = (_played(seat, combo, out_of_turn),)
        chain = s[7]
        if plays:
            last, table = plays[-1]
            if _choppable(table) and is_chop(combo, table, rules):
                chop = Chop(trick=s[2], index=len(chain) + 1, chopper=seat, chopped=last, chopped_combo=table, by=combo)
                chain += (chop,)
                events += (chop,)
        hands = list(s[0])
        hands[seat] &= ~combo.mask
        finished, frozen, gone = s[8], s[9], s[11]
        if not hands[seat]:
            finished += (seat,)
            gone |= 1 << seat
            events += (Finished(seat=seat, place=len(finished), with_two=bool(combo.mask & TWOS)),)
            # Under card-count scoring nobody is frozen, except for đền bài, which needs to know who never played.
            if len(finished) == 1 and (rules.frozen or (rules.den_bai and rules.scoring == "cards")):
                for other in _turn_order(seat, len(hands)):
                    if other != seat and other not in s[10] and deal.dealt[other] == hands[other]:
                        frozen += (other,)
                        gone |= 1 << other
                        events += (Froze(seat=other, cards=cards_of(hands[other])),)
        # An interrupter counts as not having passed; a passed player bombing 2s in turn stays out.
        passed = s[5] & ~(1 << seat) if out_of_turn else s[5]
        return self._advance(
            tuple(hands), s[2], s[3], plays + ((seat, combo),), passed, 0, chain, finished, frozen, s[10], gone, 0,
            events, action, seat,
        )  # fmt: skip

    def _advance(
        self,
        hands: tuple[int, ...],
        number: int,
        leader: int,
        plays: tuple[tuple[int, Combo], ...],
        passed: int,
        responded: int,
        chain: tuple[Chop, ...],
        finished: tuple[int, ...],
        frozen: tuple[int, ...],
        forfeited: tuple[int, ...],
        gone: int,
        must_include: int,
        events: tuple[Event, ...],
        action: Action,
        after: int,
    ) -> Round:
        """The round after ``after`` took ``action`` (with these ``events``, and the trick, hands and
        seats out as given): the next seat still to answer the table acts, or the trick's winner
        (or the next seat in play) leads a new trick, or nobody when the round ends."""
        deal = self._deal
        players = len(hands)
        active = _ALL_SEATS[players] & ~gone
        to_act: int | None
        if not active & (active - 1) or (finished and deal.rules.scoring == "cards"):  # at most one seat in play
            to_act = None
            if plays:
                events += _trick_won(number, plays[-1][0], None)
        elif not plays:  # nobody has led yet; only a forfeit gets here
            to_act = leader = leader if active >> leader & 1 else _NEXT[players][leader][active]
        else:
            last, table = plays[-1]
            pending = active & ~responded & ~(1 << last)  # the seats still to answer the table
            if not (deal.rules.bomb_after_pass and table.is_two_group):
                pending &= ~passed
            to_act = self._state[1]
            if action.kind == "forfeit" and to_act is not None and pending >> to_act & 1:
                pass  # another seat left; the turn stays
            elif pending:
                to_act = _NEXT[players][after][pending]
            else:
                # Nobody can answer: the last player wins the trick and leads, or the next seat still in play.
                to_act = last if active >> last & 1 else _NEXT[players][last][active]
                events += _trick_won(number, last, to_act)
                number, leader, plays, passed, responded, chain = number + 1, to_act, (), 0, 0, ()
        s = self._state
        # The new position, made without attrs' __init__ (one per action: the hot path).
        r: Round = _new(Round)
        _setattr(r, "_deal", deal)
        _setattr(r, "_state", (
            hands, to_act, number, leader, plays, passed, responded, chain, finished, frozen, forfeited, gone, must_include,
            s[13] + events, s[14] + (action,),
        ))  # fmt: skip
        _setattr(r, "_legal", None)
        _setattr(r, "_trick", None)
        return r

    # ------------------------------------------------------------------ records
    def to_json(self, *, view_of: int | None = None) -> str:
        """The round as a versioned JSON record: :meth:`to_dict` as text."""
        return json.dumps(self.to_dict(view_of=view_of), ensure_ascii=False)

    def to_dict(self, *, view_of: int | None = None) -> dict[str, Any]:
        """The round as a versioned record: rules, deal and every action so far.

        With ``view_of=seat`` it is the record redacted for that seat, which a server may send to
        that player during play: the other hands are ``null`` (``hand_sizes`` gives every hand's
        size), and there is no seed, so no other hand and no undealt card can be worked out. A
        redacted record cannot be replayed. Raises :class:`IllegalPlay` for a bad seat.
        """
        if view_of is not None:
            check_seat(view_of, self.players, "view_of")
        from tienlen import records  # the record module sits above the round: loaded on first use

        return records.to_dict(self, view_of)

    @classmethod
    def from_json(cls, text: str) -> Round:
        """Read a record written by :meth:`to_json`, replaying every action through the rules.

        Raises :class:`InvalidRecord` naming the first action that the rules refuse (index, seat,
        cards, reason), or what is malformed in the record: text that is not JSON or is longer
        than 1,048,576 characters, a key given twice, a field this version does not have.
        """
        return cls.from_dict(load_json(text, "the record", MAX_RECORD, InvalidRecord))

    @classmethod
    def from_dict(cls, record: Any) -> Round:
        """Read a record written by :meth:`to_dict`, replaying every action (see :meth:`from_json`).

        Raises :class:`InvalidRecord` as :meth:`from_json` does, and for a redacted record.
        """
        from tienlen import records  # the record module sits above the round: loaded on first use

        return records.from_dict(cls, record)

    def to_notation(self) -> str:
        """The round on one line, for logs and tests: setup, the deal, then every action so far.

        ``house p4 d0 first s7 | 3♠4♣… / … | 3:3♠ 0:4♦ 1:. 2!5♠5♣6♦6♥7♠7♣8♠8♣ 3x``: profile
        name, players, dealer, ``first`` or ``later`` round, an explicit leader ``L2`` and the seed
        where there are any; the dealt hands in seat order; then ``seat:cards`` for a play,
        ``seat:.`` for a pass, ``seat!cards`` for an out-of-turn chop and ``seatx`` for a forfeit.
        :meth:`from_notation` reads it back exactly.
        """
        from tienlen import records  # the record module sits above the round: loaded on first use

        return records.to_notation(self)

    @classmethod
    def from_notation(cls, text: str, rules: RuleSet | None = None) -> Round:
        """Read :meth:`to_notation`, replaying every action. ``rules`` is needed when the rule set
        is not one of the profiles (its name must match the notation's).

        Raises :class:`InvalidRecord` naming what is malformed or the first action refused.
        """
        if rules is not None:
            check_rules(rules)
        from tienlen import records  # the record module sits above the round: loaded on first use

        return records.from_notation(cls, text, rules)

    def __str__(self) -> str:
        """A one-line position for logs: rules, hands, table, passes, whose turn."""
        hands = " | ".join(
            f"{s}{'*' if s == self.to_act else ''}:{format_cards(m).replace(' ', '') or '-'}"
            for s, m in enumerate(self.hand_masks)
        )
        table = "-" if self.trick.table is None else f"{self.trick.table} by {self.trick.last_seat}"
        passed = ",".join(map(str, sorted(self.trick.passed))) or "-"
        state = "over" if self.is_over else f"trick {self.trick.number}"
        return f"{self.rules.name} {state} | {hands} | table {table} | passed {passed}"

    def __repr__(self) -> str:
        """A short summary (``str()`` is the position, :meth:`to_json` the whole record)."""
        counts = "/".join(str(m.bit_count()) for m in self.hand_masks)
        state = "over" if self.is_over else f"trick {self.trick.number}, seat {self.to_act} to act"
        return f"<Round {self.rules.name}: {self.players} players, {state}, cards left {counts}, {len(self.actions)} actions>"

    def _repr_svg_(self) -> str:
        from tienlen import svg  # pictures sit above the values they draw: imported when first drawn

        return svg.position(self, reveal=True)


_PASSED = {key: (event,) for key, event in SHARED_PASSES.items()}
"""The shared one-event histories of a pass (events are immutable, so every round may hold the same)."""


_new = object.__new__
_setattr = object.__setattr__
_SEATS = tuple(frozenset(s for s in range(4) if bits >> s & 1) for bits in range(16))
"""The seats of each 4-bit set of seats."""


def _choppable(table: Combo) -> bool:
    """Whether some rules could let a play chop ``table``: it holds 2s or is of a bomb's kind (a
    quick test before the rules' own, :func:`~tienlen.beating.is_chop`)."""
    return table.kind is ComboKind.QUAD or table.kind is ComboKind.PAIR_RUN or table.mask & TWOS != 0


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
_set_seat = vars(Played)["seat"].__set__
_set_combo = vars(Played)["combo"].__set__
_set_out_of_turn = vars(Played)["out_of_turn"].__set__


def _played(seat: int, combo: Combo, out_of_turn: bool) -> Played:
    """A :class:`Played` event made by filling its slots, at about a third of the cost of attrs'
    ``__init__`` (one per play: the hot path; nothing to check)."""
    event: Played = _new(Played)
    _set_seat(event, seat)
    _set_combo(event, combo)
    _set_out_of_turn(event, out_of_turn)
    return event


_TRICKS_WON: dict[tuple[int, int, int | None], tuple[TrickWon]] = {}


def _trick_won(number: int, seat: int, next_leader: int | None) -> tuple[TrickWon]:
    """The shared one-event history of a trick won (a few thousand at most: one per trick number
    and pair of seats)."""
    key = (number, seat, next_leader)
    won = _TRICKS_WON.get(key)
    if won is None:
        won = _TRICKS_WON[key] = (TrickWon(trick=number, seat=seat, next_leader=next_leader),)
    return won


def _turn_order(after: int, players: int) -> list[int]:
    """Seats in play order starting after ``after`` and ending with ``after``."""
    return [(after + k) % players for k in range(1, players + 1)]


def _instant_winners(hands: tuple[int, ...], rules: RuleSet, first_round: bool, dealer: int) -> tuple[InstantWin, ...]:
    if not rules.instant_wins:
        return ()
    order = _turn_order(dealer, len(hands))  # dealing order: left of the dealer first, dealer last
    winners = []
    for seat in order:
        pattern = pattern_of(hands[seat], rules, first_round)
        if pattern is not None:
            winners.append(InstantWin(seat=seat, pattern=pattern))
    if rules.instant_win_ties == "nearest_dealer":
        return tuple(winners[:1])
    return tuple(winners)
