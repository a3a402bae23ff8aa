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
(the private ``tienlen.game._state`` holds it and what each action does to it), so an action costs
a few microseconds; :attr:`Round.position` shows it by name, made on first ask. The history is
kept as tuples of shared, immutable events and actions. A round makes its :meth:`~Round.legal_actions`
once and keeps them, and an action object handed out by that very sequence is applied without
being checked again (it is known legal); any other action, equal or not, is checked in full.
The shared trick-won events here (one per trick number, winner and next leader: about a
thousand at most) are one of the library's caches; every one is bounded, and the how-to "Speed
and memory" lists them all with their bounds.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from tienlen._base.checks import check_bool, check_int, check_seat
from tienlen._base.codec import WIRE_VERSION
from tienlen._base.fast import fast, slot_setter
from tienlen._base.input import MAX_RECORD, MAX_SEED, load_json, shown
from tienlen.errors import IllegalPlay, InvalidArgument, InvalidCards, InvalidCombo, InvalidRecord
from tienlen.game import _state
from tienlen.game.actions import PASSES, Action, LegalActions, parse_action, play_action
from tienlen.game.beating import verdict
from tienlen.game.cards import FULL_MASK, Card, Cards, cards_of, format_cards, to_mask
from tienlen.game.combos import Combo, classify
from tienlen.game.events import Event, InstantWin, RoundResult
from tienlen.game.instant import instant_win_pattern
from tienlen.game.position import Position
from tienlen.game.trick import Trick, trick_of
from tienlen.game.views import PlayerView, seat_view
from tienlen.variants.checks import check_players, check_rules
from tienlen.variants.rules import RuleSet

__all__ = ["Trick", "Round", "LegalActions", "instant_win_pattern", "RECORD_VERSION"]

RECORD_VERSION = WIRE_VERSION
"""Version of the JSON round record written by :meth:`Round.to_json <tienlen.Round.to_json>`: the
version of every wire document (one number for every document the library writes)."""


@attrs.frozen(kw_only=True, init=False)
class Round:
    """One deal in play. Build with :meth:`deal` or :meth:`from_hands` (or read one with
    :meth:`from_json`); act with :meth:`play`, :meth:`pass_`, :meth:`interrupt`, :meth:`forfeit`
    or :meth:`apply`, each returning a new round. ``Round(...)`` itself refuses to build one.

    Seats are numbered in play order: seat ``i + 1`` acts after seat ``i``.
    """

    _deal: _state.Deal  # what stays the same through the deal
    _position: _state.State  # the cards, the trick and the history now
    _to_act: int | None  # the seat to act; None once the round is over
    # Values made on first ask (caches of values that never change): the legal actions and the trick.
    _legal: LegalActions | None = attrs.field(default=None, init=False, eq=False, repr=False)
    _trick: Trick | None = attrs.field(default=None, init=False, eq=False, repr=False)

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise InvalidArgument.of("round-constructor")

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
        return self._position[_state.HANDS]

    @property
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` once the round is over."""
        return self._to_act

    @property
    def trick(self) -> Trick:
        """The trick in progress."""
        trick = self._trick
        if trick is None:
            trick = trick_of(self._position)
            _set_trick(self, trick)
        return trick

    @property
    def position(self) -> Position:
        """The whole position by name (:class:`~tienlen.game.position.Position`): every seat's cards,
        hidden ones included, the trick, who is out, the history. Made anew on each ask (one small
        value): keep it while reading it; :func:`~tienlen.game.position.position_reader` reads a few values faster."""
        return _as_position(Position, self._position)

    @property
    def finished(self) -> tuple[int, ...]:
        """The seats that have gone out, in order."""
        return self._position[_state.FINISHED]

    @property
    def frozen(self) -> tuple[int, ...]:
        """The seats frozen (cóng): none of their cards played when the first player went out."""
        return self._position[_state.FROZEN]

    @property
    def forfeited(self) -> tuple[int, ...]:
        """The seats that left the round, in order."""
        return self._position[_state.FORFEITED]

    @property
    def must_include(self) -> int:
        """Cards the next play must hold (the first lead of a first round), as a mask; 0 for none."""
        return self._position[_state.MUST]

    @property
    def events(self) -> tuple[Event, ...]:
        """Everything that has happened, in order."""
        return self._position[_state.EVENTS]

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action taken, in order."""
        return self._position[_state.ACTIONS]

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
            seed = int.from_bytes(os.urandom(8)) >> 1  # 63 random bits (secrets loads hashlib and hmac)
        check_int(seed, "seed", 0, MAX_SEED)
        hands = _state.deal_masks(players, seed, dealer, rules.cards_dealt(players))
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
            raise InvalidCards.of("hands-not-a-sequence")
        check_players(rules, len(hands))
        masks = tuple(to_mask(h) for h in hands)
        check_seat(dealer, len(masks), "dealer")
        seen = 0
        most = -(-rules.cards_dealt(len(masks)) // len(masks))
        for seat, mask in enumerate(masks):
            if not mask or mask.bit_count() > most:
                raise InvalidCards.of("hand-size-out-of-range", seat=seat, most=most, bit_count=mask.bit_count())
            if seen & mask:
                raise InvalidCards.of("card-dealt-twice", cards=format_cards(seen & mask), seat=seat)
            seen |= mask
        return cls._start(rules, masks, dealer=dealer, first_round=first_round, leader=leader, seed=None)

    @classmethod
    def _start(
        cls, rules: RuleSet, hands: tuple[int, ...], *, dealer: int, first_round: bool, leader: int | None, seed: int | None
    ) -> Round:
        if leader is not None:
            check_seat(leader, len(hands), "leader")
        deal, position, to_act = _state.start(rules, hands, dealer=dealer, first_round=first_round, leader=leader, seed=seed)
        return _round(deal, position, to_act)

    def _with_seed(self, seed: int) -> Round:
        """The same round, recording the seed its hands were dealt from."""
        return _round(attrs.evolve(self._deal, seed=seed), self._position, self._to_act)

    def with_hands(self, hands: Sequence[Iterable[Card] | str | int]) -> Round | None:
        """The same round with each seat holding ``hands[seat]`` (card text, cards or a mask) now,
        as if the deal had given it those cards and the ones it has played: the history, the trick
        and the seat to act stay as they are. ``None`` when the hands so dealt would have been won
        at once (an instant win: such a deal is never played on).

        It is for a player who cannot see the other hands: a search player draws the hidden cards
        again and again and plays each draw (a *world*) on (:class:`~tienlen.players.search.SearchAgent`
        does); this makes each world from one round, sharing its history, instead of replaying it.
        The new round's :attr:`seed` is ``None``; a round won at the deal is dealt again.

        Raises :class:`InvalidCards` when ``hands`` is not one hand per seat, a card is in two
        hands, or a seat is not given as many cards as it holds now, none of them played (a frozen
        seat keeps its own, and the seat to lead the card the first lead must hold).
        """
        deal, position = self._deal, self._position
        now, frozen, must = position[_state.HANDS], position[_state.FROZEN], position[_state.MUST]
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence) or len(hands) != len(now):
            raise InvalidCards.of("hands-not-a-sequence")
        masks = tuple(to_mask(hand) for hand in hands)
        played = sum(deal.dealt) & ~sum(now)
        seen = 0
        for seat, (mask, held) in enumerate(zip(masks, now, strict=True)):
            if seen & mask:
                raise InvalidCards.of("card-dealt-twice", cards=format_cards(seen & mask), seat=seat)
            seen |= mask
            kept = held if seat in frozen else must if seat == self._to_act else 0
            if mask & played or mask.bit_count() != held.bit_count() or mask & kept != kept:
                raise InvalidCards.of("hand-does-not-fit-position", seat=seat, cards=format_cards(mask), count=held.bit_count())
        if deal.instant_winners:  # won at the deal, nothing played: deal these hands instead
            deal, position, to_act = _state.start(
                deal.rules, masks, dealer=deal.dealer, first_round=deal.first_round, leader=deal.named_leader, seed=None
            )
            return None if deal.instant_winners else _round(deal, position, to_act)
        dealt = tuple(mask | (old & ~held) for mask, old, held in zip(masks, deal.dealt, now, strict=True))
        if _state.instant_winners(dealt, deal.rules, deal.first_round, deal.dealer):
            return None
        return _round(attrs.evolve(deal, dealt=dealt, seed=None), (masks, *position[1:]), self._to_act)

    # ------------------------------------------------------------------ views
    @property
    def is_over(self) -> bool:
        """Whether the round has ended (nobody is to act)."""
        return self._to_act is None

    @property
    def played_any(self) -> frozenset[int]:
        """The seats that have played at least one card."""
        return frozenset(s for s in range(self.players) if self.hand_masks[s] != self.dealt[s])

    @property
    def players(self) -> int:
        """How many seats are dealt in."""
        return len(self.dealt)

    @property
    def hands(self) -> tuple[Cards, ...]:
        """The cards each seat holds now, ascending."""
        return tuple(cards_of(m) for m in self.hand_masks)

    @property
    def out_of_play(self) -> Cards:
        """The cards nobody was dealt."""
        return cards_of(FULL_MASK & ~sum(self.dealt))

    @property
    def played(self) -> Cards:
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
        legal = _state.legal_actions(self._deal, self._position, self._to_act)
        _set_legal(self, legal)
        return legal

    def legal_interrupts(self) -> tuple[Action, ...]:
        """Out-of-turn chops available now (only where ``rules.interrupt_bombs`` lists a bomb class).

        Any seat other than the one whose play is on the table (and the seat to act, who may play
        it in turn) may interrupt, even after passing.
        """
        return _state.legal_interrupts(self._deal, self._position, self._to_act)

    def parse_action(self, text: str, seat: int | None = None) -> Action:
        """Read an action typed by a person or sent by a client (see :func:`~tienlen.game.actions.parse_action`):
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
        legal actions (see :class:`~tienlen.game.views.PlayerView`). Raises :class:`~tienlen.InvalidArgument` for a bad seat."""
        check_seat(seat, len(self._deal.dealt), "seat")
        to_act = self._to_act
        actions: Sequence[Action]
        if to_act == seat:
            actions = self.legal_actions()  # shared, not copied: the view builds no Action
        else:
            interrupts = tuple(a for a in self.legal_interrupts() if a.seat == seat)
            actions = interrupts + (PASSES[seat],) if interrupts else ()
        return seat_view(self._deal, self._position, to_act, seat, actions)

    @property
    def result(self) -> RoundResult:
        """The finished round's :class:`RoundResult`. Raises :class:`~tienlen.InvalidArgument` (code
        ``round-not-over``) while it is still played: there is nothing to settle yet."""
        if not self.is_over:
            raise InvalidArgument.of("round-not-over", to_act=self.to_act)
        return _result(
            self.players,
            self.dealer,
            self.first_round,
            _state.placements(self._deal, self._position),
            self.frozen,
            self.forfeited,
            self.instant_winners,
            self.hands,
            self.events,
            _state.den_bai(self._deal, self._position),
        )

    # ------------------------------------------------------------------ actions
    def apply(self, action: Action) -> Round:
        """Carry out an :class:`Action` (as listed by :meth:`legal_actions` or :meth:`legal_interrupts`).

        Raises :class:`IllegalPlay` when the action is not allowed now (as :meth:`play`,
        :meth:`pass_`, :meth:`interrupt` or :meth:`forfeit` would), or its kind is unknown.

        An action object handed out by this very round's :meth:`legal_actions` is known legal and
        is carried out without checking it again; any other is checked in full.
        """
        legal = self._legal
        if legal is not None and legal.handed_out(action):  # the hot path: _passed and _played, inlined
            deal = self._deal
            if action.combo is None:
                position, to_act = _state.after_pass(deal, self._position, action.seat, bool(legal._plays))
            else:
                position, to_act = _state.after_play(deal, self._position, self._to_act, action.seat, action.combo, action)
            return _round(deal, position, to_act)
        if not isinstance(action, Action):
            raise IllegalPlay.of("not-an-action", action=shown(action))
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
            raise IllegalPlay.of("first-play-must-hold-3s", actor=actor, cards=format_cards(self.must_include), combo=combo)
        why = verdict(combo, self.trick.table, self.rules, actor in self.trick.passed)
        if why is not None:
            raise IllegalPlay.of("cannot-play", actor=actor, combo=combo, reason={"code": why[0], "params": why[1]})
        return self._played(actor, combo, play_action(actor, combo.kind, combo.mask))

    def pass_(self, *, seat: int | None = None) -> Round:
        """The seat to act passes. Raises :class:`IllegalPlay` when they must lead."""
        actor = self._actor(seat, "pass")
        if self.trick.table is None:
            raise IllegalPlay.of("must-lead", actor=actor)
        return self._passed(actor, self.rules.den_bai and bool(self.legal_actions()._plays))

    def interrupt(self, seat: int, cards: Combo | Iterable[Card] | str | int) -> Round:
        """``seat`` chops out of turn with a bomb the rules let them play at any moment (iwin's PR4).

        Raises :class:`IllegalPlay` when the rules have no such bomb, the seat is not in play, the
        play is theirs already on the table, or the bomb cannot chop the table.
        """
        if self.is_over:
            raise IllegalPlay.of("round-is-over")
        check_seat(seat, self.players, "seat", IllegalPlay)
        if not self.rules.interrupt_bombs:
            raise IllegalPlay.of("no-interrupt-bombs", rules=self.rules.name)
        if not self.is_active(seat):
            raise IllegalPlay.of("seat-out-of-round", seat=seat)
        mask = cards.mask if isinstance(cards, Combo) else self._read(cards, seat)
        combo = self._combo(mask, seat)
        table = self.trick.table
        if combo.bomb_class not in self.rules.interrupt_bombs:
            allowed = ", ".join(self.rules.interrupt_bombs)
            raise IllegalPlay.of("not-an-interrupt-bomb", seat=seat, combo=combo, allowed=allowed)
        if table is None:
            raise IllegalPlay.of("interrupt-on-empty-table", seat=seat)
        if seat == self.trick.last_seat:
            raise IllegalPlay.of("interrupt-own-play", seat=seat, table=table)
        if seat == self.to_act:
            raise IllegalPlay.of("interrupt-in-turn", seat=seat, combo=combo)
        why = verdict(combo, table, self.rules, False)
        if why is not None:
            raise IllegalPlay.of("cannot-interrupt", seat=seat, combo=combo, reason={"code": why[0], "params": why[1]})
        return self._played(seat, combo, Action(kind="interrupt", seat=seat, combo=combo))

    def forfeit(self, seat: int) -> Round:
        """``seat`` leaves the round: they take a last place and stop playing (their cards stay in hand).

        Raises :class:`IllegalPlay` when the round is over, ``seat`` is not a seat of the round, or
        the seat is no longer playing (gone out, frozen or already gone).
        """
        if self.is_over:
            raise IllegalPlay.of("round-is-over")
        check_seat(seat, self.players, "seat", IllegalPlay)
        if not self.is_active(seat):
            raise IllegalPlay.of("forfeit-after-out", seat=seat)
        position, to_act = _state.after_forfeit(self._deal, self._position, self._to_act, seat)
        return _round(self._deal, position, to_act)

    # ------------------------------------------------------------------ internals
    def _actor(self, seat: int | None, verb: str) -> int:
        if self.is_over or self.to_act is None:
            raise IllegalPlay.of("round-is-over-for", verb=verb)
        if seat is not None:
            check_seat(seat, self.players, "seat", IllegalPlay)  # False is no seat, though it equals 0
            if seat != self.to_act:
                raise IllegalPlay.of("not-your-turn", to_act=self.to_act, seat=seat)
        return self.to_act

    def _read(self, cards: Iterable[Card] | str | int, seat: int) -> int:
        try:
            mask = to_mask(cards)
        except InvalidCards as error:
            raise IllegalPlay.of("seat-refused", seat=seat, reason=error) from None
        missing = mask & ~self.hand_masks[seat]
        if missing:
            raise IllegalPlay.of("seat-does-not-hold", seat=seat, cards=format_cards(missing))
        return mask

    def _combo(self, mask: int, seat: int) -> Combo:
        if mask & ~self.hand_masks[seat]:
            raise IllegalPlay.of("seat-does-not-hold", seat=seat, cards=format_cards(mask & ~self.hand_masks[seat]))
        try:
            return classify(mask, self.rules)
        except InvalidCombo as error:
            raise IllegalPlay.of("seat-refused", seat=seat, reason=error) from None

    def _passed(self, actor: int, could_play: bool) -> Round:
        """The round after the seat to act passed (``could_play``: whether they held a legal play)."""
        position, to_act = _state.after_pass(self._deal, self._position, actor, could_play)
        return _round(self._deal, position, to_act)

    def _played(self, seat: int, combo: Combo, action: Action) -> Round:
        """The round after ``seat`` played ``combo`` (the ``action``, in turn or out of turn)."""
        position, to_act = _state.after_play(self._deal, self._position, self._to_act, seat, combo, action)
        return _round(self._deal, position, to_act)

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
        from tienlen.game import records  # the record module sits above the round: loaded on first use

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
        from tienlen.game import records  # the record module sits above the round: loaded on first use

        return records.from_dict(cls, record)

    def to_notation(self) -> str:
        """The round on one line, for logs and tests: setup, the deal, then every action so far.

        ``house p4 d0 first s7 | 3♠4♣… / … | 3:3♠ 0:4♦ 1:. 2!5♠5♣6♦6♥7♠7♣8♠8♣ 3x``: profile
        name, players, dealer, ``first`` or ``later`` round, an explicit leader ``L2`` and the seed
        where there are any; the dealt hands in seat order; then ``seat:cards`` for a play,
        ``seat:.`` for a pass, ``seat!cards`` for an out-of-turn chop and ``seatx`` for a forfeit.
        :meth:`from_notation` reads it back exactly.
        """
        from tienlen.game import records  # the record module sits above the round: loaded on first use

        return records.to_notation(self)

    @classmethod
    def from_notation(cls, text: str, rules: RuleSet | None = None) -> Round:
        """Read :meth:`to_notation`, replaying every action. ``rules`` is needed when the rule set
        is not one of the profiles (its name must match the notation's).

        Raises :class:`InvalidRecord` naming what is malformed or the first action refused.
        """
        if rules is not None:
            check_rules(rules)
        from tienlen.game import records  # the record module sits above the round: loaded on first use

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
        from tienlen.show import svg  # pictures sit above the values they draw: imported when first drawn

        return svg.position(self, reveal=True)


@fast(Round)
def _round(deal: _state.Deal, position: _state.State, to_act: int | None) -> Round:
    """A round from its three values (one per action: the hot path; nothing to check)."""
    raise NotImplementedError  # fast() writes the body


@fast(RoundResult)
def _result(
    players: int,
    dealer: int,
    first_round: bool,
    placements: tuple[int, ...],
    frozen: tuple[int, ...],
    forfeited: tuple[int, ...],
    instant_winners: tuple[InstantWin, ...],
    hands: tuple[tuple[Card, ...], ...],
    events: tuple[Event, ...],
    den_bai: int | None,
) -> RoundResult:
    """A finished round's result from the engine's own values (their types are the engine's: nothing to check)."""
    raise NotImplementedError  # fast() writes the body


_set_legal = slot_setter(Round, "_legal")
_set_trick = slot_setter(Round, "_trick")
_as_position = tuple.__new__  # _as_position(Position, state): one C call (Position's __new__ is Python)
