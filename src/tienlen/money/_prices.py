"""What cards are worth in money: the 2s and bombs a player holds at the end (for cóng and thúi)
and what a chopped combination costs. :mod:`tienlen.money.settle` offers :func:`held_value` and
:func:`chop_value` and describes how bombs are counted.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tienlen._base.bits import NIBBLE, TWO, TWOS, pairs_of, rank_mask
from tienlen._base.checks import check_type
from tienlen.game.cards import Card, cards_of, format_cards, to_mask
from tienlen.game.combos import Combo, rank_nibbles
from tienlen.variants.checks import check_rules
from tienlen.variants.rules import RuleSet

__all__ = ["held_items", "held_value", "chop_value", "itemise"]


def _pr_classes(rules: RuleSet) -> int:
    """The longest valued pair-run class (0 when none has a value; every class under a flat price)."""
    if rules.bomb_flat_value:
        return 6  # PR6 is the longest class name; a longer run counts as PR6, at the same price
    return max((pairs_of(name) for name, value in rules.bomb_values if value > 0), default=0)


def _bomb_units(bomb_class: str, rules: RuleSet) -> int:
    longest = _pr_classes(rules)
    if longest and pairs_of(bomb_class) > longest:
        bomb_class = f"PR{longest}"
    return rules.bomb_value(bomb_class)


def itemise(mask: int, rules: RuleSet) -> list[tuple[str, int]]:
    """The 2s and bombs of a hand with their units, in the order of :mod:`tienlen.money.settle`'s docs:
    each a label (a 2's card, ``quad`` and its cards, ``pair run`` and its ranks) and its units
    (:func:`held_items` makes them the parts of a reason's text)."""
    items: list[tuple[str, int]] = []
    quad = rules.bomb_value("quad")
    twos = [(str(card), rules.two_values[card.suit]) for card in cards_of(mask & TWOS) if rules.two_values[card.suit]]
    if mask & TWOS == TWOS and quad > sum(v for _, v in twos):
        items.append((f"quad {format_cards(TWOS)}", quad))  # four 2s are valued once, as the larger
    else:
        items += twos
    nibbles = rank_nibbles(mask)
    free = [nibbles[r] for r in range(TWO)]
    if quad > 0:
        for r in range(TWO):
            if free[r] == NIBBLE:
                items.append((f"quad {format_cards(rank_mask(r))}", quad))
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


def held_value(cards: Iterable[Card] | str | int, rules: RuleSet) -> int:
    """Units the 2s and bombs in ``cards`` are worth under ``rules`` (for cóng and thúi).

    How bombs are counted is described in the docs of :mod:`tienlen.money.settle`. Raises
    :class:`~tienlen.InvalidCards` when a card is repeated.

    >>> from tienlen import HOUSE, IWIN, parse_cards
    >>> held_value(parse_cards("2♥ 2♦ 7♠ 7♣ 7♦ 7♥ 9♠"), HOUSE)
    12
    >>> held_value(parse_cards("3♠ 3♣ 4♠ 4♦ 5♥ 5♣ 2♠"), IWIN)
    3
    """
    check_rules(rules)
    return sum(value for _, value in itemise(to_mask(cards), rules))


def held_items(items: list[tuple[str, int]], unit: int, amount: int | None = None) -> list[dict[str, Any]] | dict[str, Any]:
    """The parts of a cóng or thúi reason's ``items`` (written ``a + b + …``): ``amount`` first where
    given, then each item of :func:`itemise` at ``unit`` a unit, as texts of the catalogue, so that
    each is written in the language the reason is read in (its number, and ``quad`` or ``pair run``);
    ``nothing`` where there are none."""
    parts: list[dict[str, Any]] = [] if amount is None else [{"code": "held-amount", "params": {"value": amount}}]
    for label, units in items:
        kind = next((kind for kind in ("quad", "pair run") if label.startswith(kind + " ")), None)
        if kind is None:  # a 2
            parts.append({"code": "held-two", "params": {"card": label, "value": units * unit}})
        else:
            parts.append(
                {"code": "held-bomb", "params": {"kind": kind, "cards": label.removeprefix(kind + " "), "value": units * unit}}
            )
    return parts or {"code": "held-nothing", "params": {}}


def chop_value(combo: Combo, rules: RuleSet) -> int:
    """Units a chopped combination adds to its chain (its 2s by suit, or its bomb value; four 2s,
    a quad, the larger of the two).

    >>> from tienlen import NORTHERN, IWIN, classify
    >>> chop_value(classify("2♦", NORTHERN), NORTHERN)
    3
    >>> chop_value(classify("8♠ 8♣ 8♦ 8♥", IWIN), IWIN)
    3
    >>> chop_value(classify("2♠ 2♣ 2♦ 2♥", IWIN), IWIN)
    6
    """
    check_type(combo, Combo, "combo", "a Combo")
    check_rules(rules)
    twos = sum(rules.two_values[c.suit] for c in combo.cards if c.rank == TWO)
    # Four 2s played together are a quad: chopped, they cost the larger of the two prices.
    return max(twos, _bomb_units(combo.bomb_class, rules) if combo.bomb_class is not None else 0)
