"""Players as code: the :class:`Agent` protocol, two bundled bots, and drivers that play rounds.

An agent looks at a :class:`~tienlen.game.views.PlayerView` and returns one of its
``legal_actions``. The bundled bots are seeded and pure: the same view gives the same action.

>>> from tienlen import HOUSE
>>> r = play_round(HOUSE, [GreedyAgent(), RandomAgent(seed=1), GreedyAgent(), RandomAgent(seed=2)], seed=5)
>>> r.is_over, len(r.result.placements)
(True, 4)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Protocol, runtime_checkable

import attrs

from tienlen._base.bits import SPADES, TWOS
from tienlen._base.cache import BoundedCache
from tienlen._base.checks import check_bool, check_int, check_type
from tienlen._base.input import MAX_HAND, MAX_SEED, shown
from tienlen.errors import IllegalPlay, InvalidArgument, InvalidCards
from tienlen.game.actions import Action, LegalActions, play_action
from tienlen.game.cards import to_mask
from tienlen.game.combos import Combo, ComboKind
from tienlen.game.moves import combo_of, legal_masks, longest_lead
from tienlen.game.position import position_reader
from tienlen.game.round import Round
from tienlen.game.views import PlayerView
from tienlen.variants.checks import check_rules
from tienlen.variants.rules import RuleSet

__all__ = [
    "Agent",
    "RandomAgent",
    "GreedyAgent",
    "greedy_choice",
    "greedy_lead",
    "AGENTS",
    "make_agent",
    "play_round",
    "protected_mask",
]


@runtime_checkable
class Agent(Protocol):
    """Anything with ``act(view) -> Action`` choosing one of ``view.legal_actions``."""

    def act(self, view: PlayerView) -> Action:
        """Choose an action for ``view.seat``."""
        ...


_WORD = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15  # 2**64 divided by the golden ratio: the step of SplitMix64


def _mix(x: int) -> int:
    """SplitMix64's finaliser: a 64-bit word whose every bit depends on every bit of ``x``'s low 64."""
    x = (x ^ x >> 30) * 0xBF58476D1CE4E5B9 & _WORD
    x = (x ^ x >> 27) * 0x94D049BB133111EB & _WORD
    return x ^ x >> 31


def _draw_at(seed: int, count: int, *, seat: int, hand: int, events: int, to_act: int | None) -> int:
    """A number from 0 to ``count - 1``, uniform to within ``count / 2**64``, that depends on
    ``seed`` and the position only (the ``seat``, its ``hand`` mask, how many ``events`` the history
    holds, the seat to act): pure integer arithmetic, so the same on every platform and in every process."""
    position = _mix(hand) ^ (events << 8 | seat << 4 | (15 if to_act is None else to_act))
    return (_mix((seed + _GOLDEN * (position + 1)) & _WORD) * count) >> 64


def _draw(seed: int, view: PlayerView, count: int) -> int:
    """:func:`_draw_at` for the position ``view`` shows."""
    return _draw_at(seed, count, seat=view.seat, hand=view.hand_mask, events=len(view.history), to_act=view.to_act)


def _choices(view: PlayerView) -> Sequence[Action]:
    """The view's legal actions, or :class:`~tienlen.IllegalPlay` when there is nothing to choose."""
    check_type(view, PlayerView, "view", "a PlayerView (round.view(seat))")
    if not view.legal_actions:
        now = "the round is over" if view.to_act is None else f"seat {view.to_act} is to act"
        raise IllegalPlay.of("agent-view-has-no-action", seat=view.seat, now=now)
    return view.legal_actions


@attrs.frozen
class RandomAgent:
    """Chooses uniformly among the legal actions (declining most out-of-turn chops).

    ``seed`` is a whole number from 0 to 2**64 - 1.
    """

    seed: int = 0

    def __attrs_post_init__(self) -> None:
        check_int(self.seed, "seed", 0, MAX_SEED)

    def act(self, view: PlayerView) -> Action:
        """A uniformly random legal action, derived from ``seed`` and the view (a cheap integer mix, not a seeded generator)."""
        legal = _choices(view)
        return legal[_draw(self.seed, view, len(legal))]


_FIVES, _THREES, _FOURS = 0x5 * SPADES, 0x3 * SPADES, 0x4 * SPADES  # a nibble pattern in every rank


def protected_mask(hand: int, rules: RuleSet) -> int:
    """The 2s in ``hand`` and every card that is part of a bomb it could play.

    Hands that could hold a bomb are looked at once per rule set and remembered (at most 4,096
    of them, about 0.6 MB; the memory starts again empty when full)."""
    hand = to_mask(hand)
    check_rules(rules)
    if hand.bit_count() > MAX_HAND and hand.bit_count() > rules.most_cards_dealt():  # which is 13 or more
        raise InvalidCards.of(
            "hand-too-large-for-rules", most_cards_dealt=rules.most_cards_dealt(), rules=rules.name, bit_count=hand.bit_count()
        )
    return _protected(hand, rules)


def _protected(hand: int, rules: RuleSet) -> int:
    """:func:`protected_mask` of a hand the rules dealt, without checking the arguments (the greedy choice's hot path)."""
    mask = hand & TWOS
    # Cards per rank, counted in each nibble at once. A bomb needs a rank of four cards, or three
    # ranks in a row of two cards or more (a pair run): only such ranks go to the move generator,
    # and most hands have none.
    pairs = hand - (hand >> 1 & _FIVES)
    counts = (pairs & _THREES) + (pairs >> 2 & _THREES)
    doubled = (counts >> 1 | counts >> 2) & SPADES
    runs = doubled & doubled >> 4 & doubled >> 8  # the lowest rank of three doubled ranks in a row
    ranks = (counts & _FOURS) >> 2 | runs | runs << 4 | runs << 8
    if not ranks:
        return mask
    candidates = hand & ranks * 0xF
    key = (candidates, rules)
    known = _BOMB_CARDS.get(key)
    if known is not None:
        return mask | known
    bombs = 0
    for kind, cards in legal_masks(candidates, None, rules):
        if kind in (ComboKind.QUAD, ComboKind.PAIR_RUN) and rules.bomb_rule(combo_of(kind, cards).bomb_class):
            bombs |= cards  # a quad or a pair run (the only bomb classes) that is a bomb here
    return mask | _BOMB_CARDS.put(key, bombs)


_BOMB_CARDS: BoundedCache[tuple[int, RuleSet], int] = BoundedCache("bomb cards of hands", limit=1 << 12, holds="hands")
"""The bomb cards of the hands ``protected_mask`` sent to the move generator, by hand and rule set
(about 0.6 MB under one rule set when full)."""


_Position = tuple[int, int, Sequence[int], Combo | None, bool, RuleSet, int, bool, bool]
"""What the greedy choice reads, in this order: the position seen from ``seat`` holding ``hand`` (a
card mask), every seat's card ``counts``, the ``table``, whether it is ``my_turn`` and the
``rules``; then the bot's settings as in :class:`GreedyAgent` (``danger``, ``long_leads``,
``keep_combos``). Made once a decision (by :func:`_position`) and unpacked into named locals by
:func:`_greedy_mask`: a plain tuple, because a decision is cheap enough that building a frozen
value for it cost 6% of a greedy round's instructions."""


def _position(
    seat: int,
    hand: int,
    counts: Sequence[int],
    table: Combo | None,
    my_turn: bool,
    rules: RuleSet,
    danger: int,
    long_leads: bool,
    keep_combos: bool,
) -> _Position:
    """A :data:`_Position` from its fields in order."""
    return (seat, hand, counts, table, my_turn, rules, danger, long_leads, keep_combos)


@attrs.frozen
class GreedyAgent:
    """Plays the lowest legal combination that keeps 2s and bombs for later.

    Leading, it sheds the combination with the lowest top card (the longest of those), which is
    its lowest card that is neither a 2 nor part of a bomb, alone, unless the lead owes a card
    (the first lead of a first round owes the lowest) or it holds only such cards. Following,
    it spends a 2 or a bomb only when an opponent is close to going out or its own hand is small,
    and it always takes a chance to chop a 2. ``seed`` is a whole number from 0 to 2**64 - 1;
    ``danger`` (0 to 13) is the hand size it counts as close to going out.

    With ``long_leads=True`` it leads the combination with the most cards among those that keep
    2s and bombs (the lowest of those). With ``keep_combos=True``, following, it plays the
    combination after which its cards other than 2s and bombs take the fewest leads to shed
    (counted by leading the longest combination each time), the lowest of those: usually a card
    that belongs to no combination, rather than one that breaks a pair or a straight. Against
    three plain greedy bots under ``house`` (a bot no better than them takes 25% of first
    places), long leads take about 43%, long leads and kept combinations 51%, and both with
    ``danger=6`` 59% (``make_agent("greedy-plan")``). The plain bot is the library's baseline;
    the search player plans its own seat with these options, and from level 4 on expects the
    others to play so too (see :data:`tienlen.players.search.OWN_POLICIES` and
    :data:`tienlen.players.search.OTHER_POLICIES`).
    """

    seed: int = 0
    danger: int = 3
    long_leads: bool = False
    keep_combos: bool = False

    def __attrs_post_init__(self) -> None:
        check_int(self.seed, "seed", 0, MAX_SEED)
        check_int(self.danger, "danger", 0, MAX_HAND)
        check_bool(self.long_leads, "long_leads")
        check_bool(self.keep_combos, "keep_combos")

    def act(self, view: PlayerView) -> Action:
        """The greedy choice among ``view.legal_actions``."""
        legal = _choices(view)
        at = _position(
            view.seat,
            view.hand_mask,
            view.card_counts,
            view.table,
            view.my_turn,
            view.rules,
            self.danger,
            self.long_leads,
            self.keep_combos,
        )
        return _choose(legal, at)


def greedy_choice(
    legal: Iterable[Action],
    *,
    seat: int,
    hand: int,
    counts: Sequence[int],
    table: Combo | None,
    my_turn: bool,
    rules: RuleSet,
    danger: int = 3,
    long_leads: bool = False,
    keep_combos: bool = False,
) -> Action:
    """:class:`GreedyAgent`'s choice among ``legal`` for ``seat`` holding ``hand`` (a mask), with
    every seat's card ``counts`` and the ``table``; a search player calls it on positions it
    simulates, where no view is built. ``legal`` must hold an action. Given a round's
    :class:`~tienlen.LegalActions`, it decides on their card masks and builds only the action it returns."""
    return _choose(legal, _position(seat, hand, counts, table, my_turn, rules, danger, long_leads, keep_combos))


def _choose(legal: Iterable[Action], at: _Position) -> Action:
    """:func:`greedy_choice` of a position already in one value."""
    play_of: Callable[[int], Action | None]  # the action of a mask (0: the pass)
    if type(legal) is LegalActions:  # decide on its masks, build only the action played
        masks = legal.masks()
        can_decline = bool(masks) and masks[-1] == 0  # the pass comes last, as mask 0
        if can_decline:
            masks.pop()
        play_of = legal.by_mask
    else:
        plays: dict[int, Action] = {}  # mask -> play, in the order of the legal actions
        decline = None  # the first action without cards: the pass
        for action in legal:  # one pass: a lazy sequence builds each action as it goes
            if action.combo is not None:
                plays[action.combo.mask] = action
            elif decline is None:
                decline = action
        masks, can_decline = list(plays), decline is not None

        def play_of(mask: int) -> Action | None:
            return plays.get(mask) if mask else decline

    chosen = play_of(_greedy_mask(masks, can_decline, play_of, at))
    assert chosen is not None
    return chosen


def _greedy_mask(plays: Sequence[int], can_decline: bool, play_of: Callable[[int], Action | None], at: _Position) -> int:
    """The greedy choice on card masks: the mask of the play among ``plays`` (masks, in the order
    of the legal actions), or ``0`` to decline (pass) when ``can_decline``. ``play_of`` gives the
    play of a mask, asked only when a group of 2s is on the table (to find the bombs among them)."""
    # The lowest play is the one of the smallest mask (a lower top card makes a smaller mask
    # whatever the other cards).
    if not plays:
        return 0
    seat, hand, counts, table, my_turn, rules, danger, long_leads, keep_combos = at
    if table is not None and table.is_two_group:
        bomb_rule = rules.bomb_rule
        combos = [(m, play.combo) for m in plays if (play := play_of(m)) is not None]
        chops = [m for m, combo in combos if combo is not None and bomb_rule(combo.bomb_class) is not None]
        if chops:
            return min(chops)
    if not my_turn:
        if not can_decline:  # only a view built by hand offers chops without the pass
            raise IllegalPlay.of("seat-act-view-offers-no", seat=seat)
        return 0
    guarded = _protected(hand, rules)
    cheap = [mask for mask in plays if not mask & guarded]
    if cheap:
        if table is None and long_leads:  # leading: the most cards, then the lowest top card
            return _longest(cheap)
        if table is None:  # leading: the lowest top card, then the most cards, then the first listed
            top = min(map(int.bit_length, cheap))
            return max((mask for mask in cheap if mask.bit_length() == top), key=int.bit_count)
        if keep_combos and len(cheap) > 1:  # following: the fewest leads left to shed, then the lowest
            return _keeping(cheap, hand & ~guarded, rules)
        return min(cheap)
    opponents = [c for s, c in enumerate(counts) if s != seat and c]
    pressed = counts[seat] <= danger or min(opponents, default=99) <= danger
    if not can_decline or pressed:
        return min(plays)
    return 0


def _keeping(plays: Sequence[int], spare: int, rules: RuleSet) -> int:
    """The play among ``plays`` (card masks within ``spare``, the hand's cards other than 2s and
    bombs) after which ``spare`` takes the fewest leads to shed (:func:`_leads_to_shed`), the lowest of those.

    Worked out from the leads that shed ``spare`` itself (:func:`_shedding`), found once: a play
    that none of the first few of them touches leaves each of them the longest lead of what is
    left when its turn comes (it was the longest, the lowest, of more cards), so those leads
    are counted as they are and only the cards left after them are shed anew."""
    leads = _shedding(spare, rules)
    best, fewest = 0, spare.bit_count() + 1  # more leads than any play leaves (each sheds a card at least)
    for mask in plays:
        rest, count = spare & ~mask, 0
        for lead in leads:
            if lead & mask:
                break
            rest &= ~lead
            count += 1
        count += _leads_to_shed(rest, rules)
        if count < fewest or (count == fewest and mask < best):
            best, fewest = mask, count
    return best


def _shedding(hand: int, rules: RuleSet) -> tuple[int, ...]:
    """The leads that shed ``hand`` (a card mask the rules could deal), each the longest lead of
    what is left, the lowest of those (:func:`~tienlen.game.moves.longest_lead`); kept for every
    hand met, and so for every hand left after each of its leads."""
    if not hand:
        return ()
    key = (hand, rules)
    known = _SHED.get(key)
    if known is not None:
        return known
    lead = longest_lead(hand, rules)[1]
    return _SHED.put(key, (lead, *_shedding(hand & ~lead, rules)))


def _leads_to_shed(hand: int, rules: RuleSet) -> int:
    """How many leads shed ``hand`` (a card mask the rules could deal) when each lead is its
    longest combination, the lowest of those (a count a bot with kept combinations minimises)."""
    return len(_shedding(hand, rules))


def _longest(plays: Sequence[int]) -> int:
    """The play (a card mask) with the most cards among ``plays``, the lowest of those."""
    most = max(map(int.bit_count, plays))
    return min(mask for mask in plays if mask.bit_count() == most)


_SHED: BoundedCache[tuple[int, RuleSet], tuple[int, ...]] = BoundedCache("leads to shed hands", limit=1 << 14, holds="hands")
""":func:`_shedding` by hand and rule set (about 3.5 MB when full)."""


def greedy_lead(hand: int, rules: RuleSet) -> int:
    """The card (a one-card mask) a plain :class:`GreedyAgent` leads alone from ``hand`` (a card mask) when
    it may lead any single, that is when no card is owed (the first lead of a first round owes the
    lowest): its lowest card that is neither a 2 nor part of a bomb; ``0`` when it holds no such
    card, and then only :func:`greedy_choice` over every lead says what it plays. Of the plays
    that keep 2s and bombs, that card's single is the only one whose top card is that low (any
    other holds a higher card), so it is the greedy lead, found without listing every lead: the
    engine's bots and the search player's reading of the others' leads use it. Like
    :func:`greedy_choice`, it is for hands the rules dealt and checks nothing.

    >>> from tienlen import HOUSE
    >>> from tienlen.game.cards import format_cards, to_mask
    >>> format_cards(greedy_lead(to_mask("3s 3c 3d 3h 5s 2h"), HOUSE))  # four 3s are a bomb
    '5♠'
    """
    cheap = hand & ~_protected(hand, rules)
    return cheap & -cheap


_IN_TURN = position_reader("hands", "plays", "must")
"""What a greedy bot's in-turn choice reads of the round (its hot path: one call in C)."""


def _long_lead(hand: int, rules: RuleSet) -> tuple[ComboKind, int] | None:
    """What a :class:`GreedyAgent` with long leads leads from ``hand`` when it may lead anything
    (no card owed): the longest lead of its cards other than 2s and bombs, the lowest of those
    (:func:`~tienlen.game.moves.longest_lead`: a combination of those cards is one of the hand's
    leads that keeps them), with its kind; ``None`` when it holds no such card."""
    spare = hand & ~_protected(hand, rules)
    return longest_lead(spare, rules) if spare else None


def _in_turn_choice(agent: Agent, round_: Round, seat: int) -> Action | None:
    """A bundled bot's in-turn choice, made on the round's masks without a view: the very action
    ``agent.act(round_.view(seat))`` returns, built alone (the view and the other actions are
    not). ``None`` for any other agent, or out of turn (where the bot is shown a view)."""
    if round_.to_act != seat:
        return None
    if type(agent) is RandomAgent:
        legal = round_.legal_actions()
        at = _draw_at(agent.seed, len(legal), seat=seat, hand=round_.hand_masks[seat], events=len(round_.events), to_act=seat)
        return legal[at]
    if type(agent) is GreedyAgent:
        hands, plays, must = _IN_TURN(round_)
        table = plays[-1][1] if plays else None
        if table is None and not must and not agent.long_leads:
            low = greedy_lead(hands[seat], round_.rules)
            if low:
                return play_action(seat, ComboKind.SINGLE, low)
        if table is None and not must and agent.long_leads and (lead := _long_lead(hands[seat], round_.rules)):
            return play_action(seat, *lead)
        counts = tuple(map(int.bit_count, hands))
        position = _position(
            seat, hands[seat], counts, table, True, round_.rules, agent.danger, agent.long_leads, agent.keep_combos
        )
        return _choose(round_.legal_actions(), position)
    return None


AGENTS: Mapping[str, Callable[[int], Agent]] = MappingProxyType(
    {
        "random": lambda seed: RandomAgent(seed),
        "greedy": lambda seed: GreedyAgent(seed),
        "greedy-long": lambda seed: GreedyAgent(seed, long_leads=True),
        "greedy-plan": lambda seed: GreedyAgent(seed, danger=6, long_leads=True, keep_combos=True),
    }
)
"""The bundled bots by name; each factory takes a seed."""


def make_agent(name: str, seed: int = 0) -> Agent:
    """A bundled bot by name: ``random``, ``greedy``, ``greedy-long`` (the greedy bot with long
    leads) or ``greedy-plan`` (long leads, kept combinations and ``danger=6``). Raises
    :class:`~tienlen.InvalidArgument` for an unknown name or a seed out of range."""
    check_type(name, str, "name", "a bot name")
    if name not in AGENTS:
        raise InvalidArgument.of("unknown-bot-choose-one", name=shown(name), agents=", ".join(AGENTS))
    return AGENTS[name](seed)


def play_round(
    rules: RuleSet,
    agents: Sequence[Agent],
    *,
    seed: int | None = None,
    first_round: bool = True,
    leader: int | None = None,
    dealer: int = 0,
    start: Round | None = None,
) -> Round:
    """Deal (or continue ``start``) and let ``agents`` (one per seat) play the round out.

    After every action, seats that may chop out of turn are asked in play order; an agent declines
    by returning the ``pass`` action of its view. Raises :class:`IllegalPlay` naming the agent and
    seat when an agent returns an action that is not legal, and
    :class:`~tienlen.InvalidArgument` when ``agents`` is not a sequence of agents or ``start``
    is not a round.

    Every agent is shown a view, except the bundled bots (exactly :class:`GreedyAgent` and
    :class:`RandomAgent`, not subclasses) in turn: they choose on the round's card masks and
    build only the action they play, which is the one their ``act`` would return from the view.
    """
    if isinstance(agents, (str, bytes)) or not isinstance(agents, Sequence) or not all(map(_is_agent, agents)):
        raise InvalidArgument.of("agents-must-sequence-agents-objects", agents=shown(agents))
    if start is not None:
        check_type(start, Round, "start", "a Round or None")
    round_ = (
        start
        if start is not None
        else Round.deal(rules, players=len(agents), seed=seed, first_round=first_round, leader=leader, dealer=dealer)
    )
    if len(agents) != round_.players:
        raise IllegalPlay.of("agents-seats-give-one-agent", agents_count=len(agents), players=round_.players)
    chops = bool(round_.rules.interrupt_bombs)  # only such rules offer chops out of turn
    while True:
        if chops:
            round_ = _offer_interrupts(round_, agents)
        seat = round_.to_act
        if seat is None:
            return round_
        round_ = _ask(round_, agents, seat)


def _is_agent(agent: object) -> bool:
    """Whether ``agent`` is an :class:`Agent` (a bundled bot is one without the protocol's slow check)."""
    return type(agent) is GreedyAgent or type(agent) is RandomAgent or isinstance(agent, Agent)


def _offer_interrupts(round_: Round, agents: Sequence[Agent]) -> Round:
    while True:
        interrupts = round_.legal_interrupts()
        if not interrupts:
            return round_
        offered = sorted({a.seat for a in interrupts}, key=lambda s: (s - (round_.trick.last_seat or 0)) % round_.players)
        for seat in offered:
            after = _ask(round_, agents, seat)
            if after is not round_:
                round_ = after
                break
        else:
            return round_


def _ask(round_: Round, agents: Sequence[Agent], seat: int) -> Round:
    action = _in_turn_choice(agents[seat], round_, seat)
    if action is not None:  # legal and in turn: handed out by the round's own legal actions (or a greedy lead, checked by apply)
        return round_.apply(action)
    view = round_.view(seat)
    action = agents[seat].act(view)
    legal = view.legal_actions
    # An action the round's own legal actions handed out is one of them (no need to look it up).
    if not (isinstance(legal, LegalActions) and legal.handed_out(action)) and action not in legal:
        chose = action if isinstance(action, Action) else shown(action)
        raise IllegalPlay.of("agent-chose-illegal-action", agent=shown(agents[seat]), seat=seat, action=chose)
    if action.kind == "pass" and round_.to_act != seat:
        return round_  # declined an out-of-turn chop
    return round_.apply(action)
