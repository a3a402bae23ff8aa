"""Argument checks for rule sets and player counts, for any code that takes them from a caller.

Every wing that takes a rule set or a player count checks it with these, so a wrong value is
refused the same way everywhere: with :class:`~tienlen.InvalidArgument` naming the argument, before
any work is done. A bot, a tool or a server of your own may use them at its boundary too.

>>> from tienlen import HOUSE
>>> check_players(HOUSE, 4)
4
>>> rules_or_profile("northern").name
'northern'
"""

from __future__ import annotations

from typing import Any

from tienlen._base.input import is_whole, shown
from tienlen.errors import InvalidArgument
from tienlen.variants.profiles import PROFILES
from tienlen.variants.rules import RuleSet

__all__ = ["check_rules", "rules_or_profile", "check_players"]


def check_rules(rules: Any, name: str = "rules") -> RuleSet:
    """``rules`` when it is a :class:`~tienlen.RuleSet`, else :class:`~tienlen.InvalidArgument`
    naming the argument ``name``."""
    if isinstance(rules, RuleSet):
        return rules
    raise InvalidArgument.of("not-a-rule-set", name=name, rules=shown(rules))


def rules_or_profile(value: Any, name: str = "rules") -> RuleSet:
    """``value`` when it is a :class:`~tienlen.RuleSet`, the profile it names when it is a profile's
    name (the learning adapters take either), else :class:`~tienlen.InvalidArgument` listing the
    profiles."""
    if isinstance(value, str) and value in PROFILES:
        return PROFILES[value]
    if isinstance(value, RuleSet):
        return value
    raise InvalidArgument.of("not-a-rule-set-or-profile", name=name, value=shown(value), profiles=", ".join(PROFILES))


def check_players(rules: RuleSet, players: Any, name: str = "players") -> int:
    """``players`` when it is a player count ``rules`` allows (a whole number from
    ``rules.min_players`` to ``rules.max_players``), else :class:`~tienlen.InvalidArgument`."""
    if is_whole(players, rules.min_players, rules.max_players):
        return players
    low, high = rules.min_players, rules.max_players
    code = "player-count-not-allowed-exact" if low == high else "player-count-not-allowed"
    raise InvalidArgument.of(code, name=name, rules=rules.name, low=low, high=high, players=shown(players))
