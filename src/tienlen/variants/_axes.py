"""The value types a :class:`~tienlen.RuleSet`'s axes are made of: the words an axis may take
(``Literal`` types), the per-player-count amounts, the instant-win patterns, and the bomb and
instant-win rules. :mod:`tienlen.variants.rules` offers every name here; this module only keeps the schema
module short.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal, get_args

import attrs

from tienlen._base.bits import BOMB_CLASS
from tienlen._base.input import shown
from tienlen.errors import InvalidRules
from tienlen.variants._shapes import check_shape

Currency = Literal["chips", "bets", "points"]
"""What amounts are counted in (a rule set's and a settlement's ``currency``); what one unit is
worth in a room is ``unit`` (:func:`tienlen.settle`)."""
ChopPayment = Literal["none", "multiply", "accumulate"]
Thui = Literal["none", "above", "winner", "last"]
InstantWinTies = Literal["share", "nearest_dealer"]
Direction = Literal["clockwise", "counter-clockwise"]
Rounds = Literal["any", "first", "later"]
Scoring = Literal["places", "cards"]
MatchTies = Literal["share", "lower_seat"]
ChopOutVoids = Literal["none", "chopper", "chopped", "both"]
TwoBombsCards = Literal["apart", "whole_runs", "shared"]
InstantWinThuiBy = Literal["every", "last"]
Amount = int | tuple[tuple[int, int], ...]
"""An amount of units: one number for every player count, or ``((players, units), ...)`` per count."""

PER_PLAYERS = (
    "instant_win_payment",
    "frozen_penalty",
    "frozen_end_payment",
    "finish_with_two_penalty",
    "forfeit_penalty",
    "card_price",
    "card_all_multiplier",
)
"""The amount axes that may give a value per player count (a table ``{"2": …, "3": …, "4": …}`` in a rules file)."""

INSTANT_WIN_PATTERNS: Mapping[str, str] = MappingProxyType(
    {
        "dragon": "a straight of one card of every rank from 3 to A",
        "dragon_to_two": "one card of each of the 13 ranks, 3 to 2",
        "four_twos": "all four 2s",
        "six_pairs": "six pairs of any ranks (a quad counts as two pairs)",
        "pr5": "five consecutive pairs",
        "pr6": "six consecutive pairs",
        "pr3_with_three_spades": "3♠ with a pair run of 3-4-5 that holds it",
        "four_threes": "all four 3s",
        "three_triples": "three triples (sám cô) of different ranks (a quad counts as a triple)",
        "four_triples": "four triples of different ranks (a quad counts as a triple)",
        "three_quads": "three quads",
        "five_pairs_and_triple": "five pairs and a triple of a sixth rank (a quad counts as two pairs)",
        "five_consecutive_pairs_and_triple": "five consecutive pairs (no 2) and a triple of another rank",
        "one_colour": "13 cards or more, all black (♠ ♣) or all red (♦ ♥)",
        "three_consecutive_triples": "triples of three consecutive ranks (no 2)",
        "two_bombs": "two bombs or more of the rule set's bomb table, laid down at once (no card in two of them)",
    }
)
"""The instant-win patterns a rule set may list, with what each means. Patterns read the whole
dealt hand; each counts in the rounds its :class:`InstantWinRule` names."""

_OLD_PATTERNS = {  # 0.1 names that carried their restriction in the name
    "first_round_pr3_with_three_spades": "pr3_with_three_spades",
    "first_round_four_threes": "four_threes",
}


def check_bomb_names(names: tuple[str, ...], field: str) -> None:
    for name in names:
        if not isinstance(name, str) or not BOMB_CLASS.fullmatch(name):
            raise InvalidRules.of("bomb-class-use-quad-pr3", field=field, name=shown(name))


@attrs.frozen(kw_only=True)
class BombRule:
    """What one bomb class may chop besides a bomb of its own class with a lower top card.

    ``bomb`` is ``"quad"`` or ``"PR3"`` … ``"PR6"`` (a pair run of that many pairs);
    ``chops_twos`` lists the sizes of 2-group it beats (1 single, 2 pair, 3 triple);
    ``chops_bombs`` lists the other bomb classes it beats.
    """

    bomb: str
    chops_twos: tuple[int, ...] = ()
    chops_bombs: tuple[str, ...] = ()

    def __attrs_post_init__(self) -> None:
        check_bomb_names((self.bomb,), "bombs")
        check_shape(self.chops_bombs, tuple[str, ...], f"bombs.{self.bomb}.chops_bombs", "bomb classes")
        check_bomb_names(self.chops_bombs, f"bombs.{self.bomb}.chops_bombs")
        check_shape(self.chops_twos, tuple[int, ...], f"bombs.{self.bomb}.chops_twos", "numbers")
        if not set(self.chops_twos) <= {1, 2, 3} or len(set(self.chops_twos)) != len(self.chops_twos):
            raise InvalidRules.of("bombs-chops-twos-must-list", bomb_class=self.bomb, chops_twos=list(self.chops_twos))


@attrs.frozen(kw_only=True)
class InstantWinRule:
    """One instant-win pattern of a rule set and the rounds it counts in.

    ``pattern`` is a key of :data:`INSTANT_WIN_PATTERNS`; ``rounds`` is ``"any"``, ``"first"``
    (the first round of a match only) or ``"later"`` (every round but the first).
    """

    pattern: str
    rounds: Rounds = "any"

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.pattern, str) or self.pattern not in INSTANT_WIN_PATTERNS:
            raise InvalidRules.of(
                "instant-wins-pattern-known", pattern=shown(self.pattern), instant_win_patterns=", ".join(INSTANT_WIN_PATTERNS)
            )
        if self.rounds not in get_args(Rounds):
            raise InvalidRules.of("instant-wins-must-any-first", pattern_name=self.pattern, rounds=shown(self.rounds))

    def counts_in(self, first_round: bool) -> bool:
        """Whether the pattern wins in a first round (``first_round=True``) or in a later one."""
        return self.rounds == "any" or (self.rounds == "first") == first_round


class InstantWins(tuple[InstantWinRule, ...]):
    """A rule set's instant wins: a tuple of :class:`InstantWinRule` in which a pattern's name is
    also found, so ``"dragon" in HOUSE.instant_wins`` is ``True`` (whatever rounds it counts in).

    >>> from tienlen import HOUSE, IWIN
    >>> "dragon" in HOUSE.instant_wins, "four_threes" in IWIN.instant_wins, "dragon" in IWIN.instant_wins
    (True, True, False)
    """

    __slots__ = ()

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            return any(rule.pattern == item for rule in self)
        return tuple.__contains__(self, item)


def read_chop_out_voids(value: object) -> object:
    """``true`` and ``false`` (the first form of the axis) stand for ``"chopper"`` and ``"none"``."""
    return {True: "chopper", False: "none"}.get(value, value) if isinstance(value, bool) else value


def read_instant_wins(value: tuple[InstantWinRule | str, ...]) -> tuple[InstantWinRule, ...]:
    """A bare pattern name stands for ``InstantWinRule(pattern=name)``; a 0.1 ``first_round_`` name
    for its pattern limited to the first round. Anything else is left for the type check."""
    if not isinstance(value, tuple):
        return value
    return InstantWins(
        InstantWinRule(pattern=_OLD_PATTERNS.get(v, v), rounds="first" if v in _OLD_PATTERNS else "any")
        if isinstance(v, str)
        else v
        for v in value
    )
