"""Hypothesis strategies for cards, combinations, positions and rounds, for the tests of programs
that embed :mod:`tienlen` (and for its own).

This module needs `hypothesis <https://hypothesis.readthedocs.io>`_, which is not a dependency of
the library: install the ``hypothesis`` extra (``pip install 'tienlen[hypothesis]'``; the ``test``
extra includes it) and import it from tests only (``from tienlen import strategies as tls``).
The package itself never imports it.

Every strategy builds its values constructively, so nothing is filtered away and shrinking is
quick: combinations are built from rank and suit choices that respect the rule set's axes, and
rounds are dealt from a drawn seed and played forward by drawn legal actions; rule sets draw every
axis from values that cannot contradict each other.

>>> from hypothesis import given
>>> from tienlen import NORTHERN, ComboKind
>>> @given(combos(NORTHERN, ComboKind.STRAIGHT))
... def test_northern_straights_are_one_suit(combo):
...     assert len({card.suit for card in combo.cards}) == 1
>>> test_northern_straights_are_one_suit()
"""

from __future__ import annotations

from typing import Any, get_args

import attrs

from tienlen._base.bits import BLACK_SUITS, RED_SUITS, TWO, rank_mask
from tienlen._base.extras import requires
from tienlen.errors import InvalidArgument
from tienlen.game.actions import Action
from tienlen.game.cards import DECK, FULL_MASK, Card, cards_of
from tienlen.game.combos import Combo, ComboKind, classify
from tienlen.game.round import Round
from tienlen.variants.checks import check_players
from tienlen.variants.profiles import PROFILES
from tienlen.variants.rules import (
    INSTANT_WIN_PATTERNS,
    Amount,
    BombRule,
    ChopOutVoids,
    ChopPayment,
    Currency,
    Direction,
    InstantWinRule,
    InstantWinThuiBy,
    InstantWinTies,
    MatchTies,
    Rounds,
    RuleSet,
    Scoring,
    Thui,
    TwoBombsCards,
)

with requires("hypothesis", __name__):
    from hypothesis import strategies as st

__all__ = ["cards", "masks", "card_sets", "hands", "combos", "positions", "rounds", "rule_sets"]

_ALL_PAIRS = (0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100)
_TRIPLES = (0b0111, 0b1011, 0b1101, 0b1110)
Position = tuple[tuple[Card, ...], Combo | None]
"""A hand (ascending cards) and the combination on the table (``None`` when leading)."""


def cards() -> st.SearchStrategy[Card]:
    """Any one of the 52 cards (shrinking towards 3♠)."""
    return st.sampled_from(DECK)


def masks(min_size: int = 0, max_size: int = 52, *, within: int = FULL_MASK) -> st.SearchStrategy[int]:
    """Card masks (52-bit ints) of ``min_size`` to ``max_size`` cards, all taken from ``within``.

    Raises :class:`~tienlen.InvalidArgument` at once when the sizes are no range or ``within`` holds
    fewer than ``min_size`` cards.
    """
    pool = [i for i in range(52) if within >> i & 1]
    if not 0 <= min_size <= max_size:
        raise InvalidArgument.of("masks-sizes-are-range-card", min_size=min_size, max_size=max_size)
    if min_size > len(pool):
        raise InvalidArgument.of("masks-cannot-draw-cards-from", min_size=min_size, pool_count=len(pool))
    if not pool:
        return st.just(0)
    return st.lists(st.sampled_from(pool), min_size=min_size, max_size=min(max_size, len(pool)), unique=True).map(
        lambda indices: sum(1 << i for i in indices)
    )


def card_sets(min_size: int = 0, max_size: int = 52) -> st.SearchStrategy[tuple[Card, ...]]:
    """Sets of distinct cards, as ascending tuples of :class:`~tienlen.Card`."""
    return masks(min_size, max_size).map(cards_of)


def hands(size: int = 13) -> st.SearchStrategy[tuple[Card, ...]]:
    """Hands of exactly ``size`` distinct cards (13 by default), ascending."""
    return card_sets(size, size)


def _pair_nibbles(rank: int, rules: RuleSet) -> tuple[int, ...]:
    """The suit choices that make a pair of ``rank`` under ``rules`` (the colour rule and its 2s exception)."""
    if rules.pair_same_colour and not (rank == TWO and rules.twos_ignore_suit):
        return (BLACK_SUITS, RED_SUITS)
    return _ALL_PAIRS


def _kinds(rules: RuleSet) -> list[ComboKind]:
    played = {
        ComboKind.PAIR_RUN: rules.pair_runs,
        ComboKind.TRIPLE_RUN: rules.triple_run_min,
        ComboKind.QUAD_RUN: rules.quad_run_min,
    }
    return [k for k in ComboKind if played.get(k, True)]


@st.composite
def _combo(draw: st.DrawFn, rules: RuleSet, kind: ComboKind) -> Combo:
    if kind is ComboKind.SINGLE:
        mask = draw(cards()).mask
    elif kind is ComboKind.PAIR:
        rank = draw(st.integers(0, 12))
        mask = draw(st.sampled_from(_pair_nibbles(rank, rules))) << (4 * rank)
    elif kind is ComboKind.TRIPLE:
        rank = draw(st.integers(0, 12))
        mask = draw(st.sampled_from(_TRIPLES)) << (4 * rank)
    elif kind is ComboKind.QUAD:
        mask = rank_mask(draw(st.integers(0, TWO)))
    elif kind is ComboKind.STRAIGHT:
        top_limit = TWO if rules.straight_two_on_top else TWO - 1
        length = draw(st.integers(rules.straight_min, top_limit + 1))
        low = draw(st.integers(0, top_limit + 1 - length))
        if rules.straight_same_suit:
            suit = draw(st.integers(0, 3))
            suits = [suit] * length
        else:
            suits = draw(st.lists(st.integers(0, 3), min_size=length, max_size=length))
        mask = sum(1 << (4 * (low + i) + s) for i, s in enumerate(suits))
    elif kind is ComboKind.PAIR_RUN:
        length = draw(st.integers(rules.pair_run_min, TWO))
        low = draw(st.integers(0, TWO - length))
        mask = sum(draw(st.sampled_from(_pair_nibbles(low + i, rules))) << (4 * (low + i)) for i in range(length))
    else:  # a triple run or a quad run, of no 2
        length = draw(st.integers(rules.triple_run_min if kind is ComboKind.TRIPLE_RUN else rules.quad_run_min, TWO))
        low = draw(st.integers(0, TWO - length))
        sets = _TRIPLES if kind is ComboKind.TRIPLE_RUN else (15,)
        mask = sum(draw(st.sampled_from(sets)) << (4 * (low + i)) for i in range(length))
    return classify(mask, rules)


def combos(rules: RuleSet, kind: ComboKind | None = None) -> st.SearchStrategy[Combo]:
    """Valid combinations under ``rules``, of one ``kind`` or of any kind the rules have.

    Built from rank and suit choices that follow the rule set's axes: one-colour pairs where
    ``pair_same_colour`` (2s excepted where ``twos_ignore_suit``), one-suit straights where
    ``straight_same_suit``, straights topped by a 2 where ``straight_two_on_top``, pair runs only
    where ``pair_runs`` and from ``pair_run_min`` pairs, triple and quad runs only where
    ``triple_run_min`` and ``quad_run_min`` are set. Raises :class:`~tienlen.InvalidArgument` when
    ``kind`` is not a combination under ``rules`` (pair runs in ``northern``).
    """
    if kind is not None:
        if kind not in _kinds(rules):
            raise InvalidArgument.of("has-no-pair-runs-are", rules=rules.name, kind=kind.label)
        return _combo(rules, kind)
    return st.one_of([_combo(rules, k) for k in _kinds(rules)])


@st.composite
def _position(draw: st.DrawFn, rules: RuleSet, leading: bool | None) -> Position:
    lead = draw(st.booleans()) if leading is None else leading
    table = None if lead else draw(combos(rules))
    free = FULL_MASK & ~(table.mask if table is not None else 0)
    # Seed the hand with a few whole combinations (so it holds pairs, runs and bombs), then fill it.
    hand = 0
    for combo in draw(st.lists(combos(rules), max_size=3)):
        if not combo.mask & ~free and not combo.mask & hand and (hand | combo.mask).bit_count() <= 13:
            hand |= combo.mask
    # a long run on the table (48 cards for a quad run of 12 ranks) may leave fewer than 13 cards
    size = draw(st.integers(max(1, hand.bit_count()), min(13, hand.bit_count() + (free & ~hand).bit_count())))
    hand |= draw(masks(size - hand.bit_count(), size - hand.bit_count(), within=free & ~hand))
    return cards_of(hand), table


def positions(rules: RuleSet, *, leading: bool | None = None) -> st.SearchStrategy[Position]:
    """A hand of 1 to 13 cards and the combination on the table (``None`` when the hand leads).

    The table is a valid combination under ``rules`` made of cards not in the hand. Hands are
    seeded with whole combinations so that pairs, runs and bombs are common. ``leading`` fixes
    whether the table is empty (``True``) or not (``False``); by default both come up.
    """
    return _position(rules, leading)


@st.composite
def _round(draw: st.DrawFn, rules: RuleSet, players: int | None, forfeits: bool, max_actions: int, start: Round | None) -> Round:
    if start is not None:
        round_ = start
    else:
        count = draw(st.integers(rules.min_players, rules.max_players)) if players is None else players
        round_ = Round.deal(
            rules,
            players=count,
            seed=draw(st.integers(0, 2**32 - 1)),
            first_round=draw(st.booleans()),
            dealer=draw(st.integers(0, count - 1)),
        )
    steps = draw(st.integers(0, max_actions))
    for _ in range(steps):
        if round_.is_over:
            break
        options: list[Action] = list(round_.legal_actions()) + list(round_.legal_interrupts())
        if forfeits:
            options += [Action(kind="forfeit", seat=s) for s in range(round_.players) if round_.is_active(s)]
        if not options:  # pragma: no cover - the engine always offers the seat to act something
            break
        round_ = round_.apply(options[draw(st.integers(0, len(options) - 1))])
    return round_


def rounds(
    rules: RuleSet,
    players: int | None = None,
    *,
    forfeits: bool = False,
    max_actions: int = 150,
    start: Round | None = None,
) -> st.SearchStrategy[Round]:
    """A :class:`~tienlen.Round` dealt under ``rules`` and played to a random point.

    The player count (any the rules allow, unless ``players`` is given), the seed, the dealer and
    whether it is the first round are drawn; then up to ``max_actions`` actions are drawn uniformly
    from the in-turn legal actions and the out-of-turn chops open to any seat (and, with
    ``forfeits=True``, a seat leaving). Many rounds end before the drawn number of actions, so
    finished rounds (instant wins included) come up too. ``start`` plays on from a given round
    (under ``rules``) instead of dealing one, e.g. from a puzzle built with
    :meth:`~tienlen.Round.from_hands`.

    Raises :class:`~tienlen.InvalidArgument` at once when ``players`` is a count the rules do not
    allow, or ``start`` is a round of other rules or another player count.
    """
    if players is not None:
        check_players(rules, players)
    if start is not None and (start.rules != rules or (players is not None and start.players != players)):
        raise InvalidArgument.of("rounds-start-round-played-under", rules=start.rules.name, players=start.players)
    return _round(rules, players, forfeits, max_actions, start)


def _choice(draw: st.DrawFn, literal: Any) -> Any:
    return draw(st.sampled_from(get_args(literal)))


def _subset(draw: st.DrawFn, items: list[Any]) -> tuple[Any, ...]:
    return tuple(draw(st.lists(st.sampled_from(items), unique=True))) if items else ()


def _amount(players: range, low: int = 0) -> st.SearchStrategy[Amount]:
    """An amount axis: one number from ``low`` up, or one per player count."""
    per_count: st.SearchStrategy[Amount] = st.tuples(*(st.tuples(st.just(n), st.integers(low, 8)) for n in players))
    return st.integers(low, 8) | per_count


@st.composite
def _rule_set(draw: st.DrawFn) -> RuleSet:
    flag = st.booleans()
    low = draw(st.integers(2, 4))
    high = draw(st.integers(low, 4))
    counts = range(low, high + 1)
    pair_runs = draw(flag)
    pair_run_min = draw(st.integers(3, 6))
    classes = _subset(draw, ["quad"] + [f"PR{k}" for k in range(pair_run_min, 7) if pair_runs])
    bombs = tuple(
        BombRule(bomb=name, chops_twos=_subset(draw, [1, 2, 3]), chops_bombs=_subset(draw, list(classes))) for name in classes
    )
    follow_suit = draw(flag)
    currency = _choice(draw, Currency)
    chop_payment = _choice(draw, ChopPayment)
    scoring = _choice(draw, Scoring)
    frozen = scoring == "places" and draw(flag)
    placement = []
    for n in counts:
        payers = draw(st.lists(st.integers(1, n), max_size=n))
        pays = tuple(
            (payer, draw(st.sampled_from([p for p in range(1, n + 1) if p != payer])), draw(st.integers(0, 6)))
            for payer in payers
        )
        placement.append((n, pays))
    instant = draw(
        st.lists(
            st.tuples(st.sampled_from(list(INSTANT_WIN_PATTERNS)), st.sampled_from(get_args(Rounds))),
            unique_by=lambda w: w[0],
            max_size=4,
        )
    )
    thui_on_instant = bool(instant) and draw(flag)
    flat = draw(st.none() | st.integers(0, 4))
    axes: dict[str, Any] = dict(
        name="drawn",
        min_players=low,
        max_players=high,
        direction=_choice(draw, Direction),
        first_lead_must_include=draw(flag),
        pair_same_colour=draw(flag),
        straight_min=draw(st.integers(3, 13)),
        straight_same_suit=draw(flag),
        straight_two_on_top=draw(flag),
        pair_runs=pair_runs,
        pair_run_min=pair_run_min,
        triple_run_min=draw(st.sampled_from((0, 0, 2, 3))),
        quad_run_min=draw(st.sampled_from((0, 0, 2, 3))),
        deal_whole_deck=(whole := low < 4 and draw(flag)),
        deal_evenly=whole and draw(flag),
        follow_suit=follow_suit,
        twos_ignore_suit=draw(flag),
        bombs=bombs,
        higher_two_chops=draw(flag),
        bomb_after_pass=draw(flag),
        interrupt_bombs=_subset(draw, list(classes)),
        same_class_chops=draw(flag),
        longer_straight_beats=not follow_suit and draw(flag),
        lead_pair_run_bombs=not pair_runs or draw(flag),
        instant_wins=tuple(InstantWinRule(pattern=p, rounds=r) for p, r in instant),
        instant_win_ties=_choice(draw, InstantWinTies),
        frozen=frozen,
        den_bai=(frozen or scoring == "cards") and high == 4 and draw(flag),
        currency=currency,
        placement=tuple(placement),
        place_points=tuple((n, tuple(draw(st.lists(st.integers(-3, 3), min_size=n, max_size=n)))) for n in counts),
        two_values=tuple(draw(st.lists(st.integers(0, 4), min_size=4, max_size=4))),
        bomb_values=() if flat is not None else tuple((name, draw(st.integers(0, 4))) for name in classes),
        bomb_flat_value=flat,
        chop_payment=chop_payment,
        chop_stacked_twos=chop_payment != "none" and draw(flag),
        instant_win_payment=draw(_amount(counts)),
        instant_win_points=(draw(st.integers(0, 3)), draw(st.integers(-1, 1))),
        instant_win_thui=thui_on_instant,
        instant_win_thui_by=_choice(draw, InstantWinThuiBy) if thui_on_instant else "every",
        frozen_penalty=draw(_amount(counts)),
        frozen_end_payment=draw(_amount(counts)),
        thui=_choice(draw, Thui),
        finish_with_two_penalty=draw(_amount(counts)),
        forfeit_penalty=draw(st.none() | _amount(counts)),
        two_bombs_cards=_choice(draw, TwoBombsCards),
        chop_out_voids=_choice(draw, ChopOutVoids) if chop_payment != "none" else "none",
        scoring=scoring,
        card_price=draw(_amount(counts, low=1)),
        card_two_multiplier=draw(st.integers(1, 3)),
        card_all_multiplier=draw(_amount(counts, low=1)),
        rake_percent=draw(st.sampled_from([0, 0, 5, 10])),
        cap_at_balance=draw(flag),
        match_rounds=draw(st.none() | st.integers(1, 32)),
        match_ties=_choice(draw, MatchTies),
    )
    # Start from one of the first five profiles, so that an axis this strategy does not know yet
    # keeps a valid value (their defaults leave every other axis as it is).
    return attrs.evolve(PROFILES[draw(st.sampled_from(["house", "faceoff", "northern", "iwin", "pagat"]))], **axes)


def rule_sets() -> st.SearchStrategy[RuleSet]:
    """Valid :class:`~tienlen.RuleSet` values with every axis drawn: player counts, combinations,
    bomb tables, the following and chop switches, instant-win patterns and their rounds, frozen
    players, and every money and points axis. Axes that depend on each other are drawn together
    (bomb names from the pair runs that exist, payments for each player count, ``den_bai`` only
    with ``frozen`` or card-count scoring), so no value is filtered away.

    >>> from hypothesis import given
    >>> @given(rule_sets())
    ... def test_drawn_rules_read_back(rules):
    ...     assert RuleSet.from_mapping(rules.to_mapping() | {"forfeit_penalty": rules.forfeit_penalty,
    ...                                                       "match_rounds": rules.match_rounds}) == rules
    >>> test_drawn_rules_read_back()
    """
    return _rule_set()
