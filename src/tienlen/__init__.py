"""Tiến Lên (Vietnamese "Thirteen") rules as data.

Cards, combinations, tricks and rounds as immutable values; move validation with reasons; and
six rule profiles (five regional variants and card-count scoring) that can be compared, changed
and extended without touching the engine.

The root holds the core, in reading order: cards and combinations, rule sets and profiles, the
round, events, money, errors. The rest lives in wings a program imports on purpose:
:mod:`tienlen.players` (bots, search, solver, tournaments, comparisons, simulations),
:mod:`tienlen.learning` (encodings and environments), :mod:`tienlen.io` (the wire format) and
:mod:`tienlen.show` (pictures and charts); the core's own modules are in :mod:`tienlen.variants`,
:mod:`tienlen.game` and :mod:`tienlen.money`.
"""

import importlib as _importlib
import sys as _sys
from typing import TYPE_CHECKING

from tienlen import _moved
from tienlen._version import __version__

if TYPE_CHECKING:  # for type checkers; at run time each name loads on first use, from _CORE
    from tienlen.errors import (
        IllegalPlay,
        InvalidArgument,
        InvalidCards,
        InvalidCombo,
        InvalidDocument,
        InvalidRecord,
        InvalidRules,
        Reason,
        TienLenError,
    )
    from tienlen.game.actions import Action
    from tienlen.game.beating import beats, explain, is_chop
    from tienlen.game.cards import DECK, Card, Rank, Suit, format_cards, parse_cards
    from tienlen.game.combos import Combo, ComboKind, classify
    from tienlen.game.events import Chop, Event, Finished, Forfeited, Froze, InstantWin, Passed, Played, RoundResult, TrickWon
    from tienlen.game.moves import legal_plays
    from tienlen.game.round import LegalActions, Round, Trick, instant_win_pattern
    from tienlen.game.views import PlayerView
    from tienlen.money.match import Match, next_leader
    from tienlen.money.settle import HOUSE_SEAT, Settlement, Transfer, chop_value, held_value, settle
    from tienlen.players.compare import compare
    from tienlen.variants.loading import load_rules
    from tienlen.variants.profiles import COUNTING, FACEOFF, HOUSE, IWIN, NORTHERN, PAGAT, PROFILES
    from tienlen.variants.rules import AXES, INSTANT_WIN_PATTERNS, BombRule, InstantWinRule, RuleSet

__all__ = [
    "__version__",
    # cards and combinations
    "Card",
    "Rank",
    "Suit",
    "DECK",
    "parse_cards",
    "format_cards",
    "Combo",
    "ComboKind",
    "classify",
    "beats",
    "explain",
    "is_chop",
    "legal_plays",
    # rule sets and profiles
    "RuleSet",
    "AXES",
    "BombRule",
    "InstantWinRule",
    "INSTANT_WIN_PATTERNS",
    "HOUSE",
    "FACEOFF",
    "NORTHERN",
    "IWIN",
    "PAGAT",
    "COUNTING",
    "PROFILES",
    "load_rules",
    "compare",
    # the round
    "Round",
    "Trick",
    "LegalActions",
    "Action",
    "PlayerView",
    "instant_win_pattern",
    # events
    "Event",
    "Played",
    "Passed",
    "Chop",
    "TrickWon",
    "Finished",
    "Forfeited",
    "Froze",
    "InstantWin",
    "RoundResult",
    # money
    "settle",
    "Settlement",
    "Transfer",
    "HOUSE_SEAT",
    "held_value",
    "chop_value",
    "Match",
    "next_leader",
    # errors
    "TienLenError",
    "InvalidCards",
    "InvalidCombo",
    "IllegalPlay",
    "InvalidRules",
    "InvalidRecord",
    "InvalidArgument",
    "InvalidDocument",
    "Reason",
]


_CORE = {
    "tienlen.errors": "TienLenError InvalidCards InvalidCombo IllegalPlay InvalidRules InvalidRecord InvalidArgument InvalidDocument Reason",
    "tienlen.game.cards": "Card Rank Suit DECK parse_cards format_cards",
    "tienlen.game.combos": "Combo ComboKind classify",
    "tienlen.game.beating": "beats explain is_chop",
    "tienlen.game.moves": "legal_plays",
    "tienlen.variants.rules": "RuleSet AXES BombRule InstantWinRule INSTANT_WIN_PATTERNS",
    "tienlen.variants.profiles": "HOUSE FACEOFF NORTHERN IWIN PAGAT COUNTING PROFILES",
    "tienlen.variants.loading": "load_rules",
    "tienlen.players.compare": "compare",
    "tienlen.game.round": "Round Trick LegalActions instant_win_pattern",
    "tienlen.game.actions": "Action",
    "tienlen.game.views": "PlayerView",
    "tienlen.game.events": "Event Played Passed Chop TrickWon Finished Forfeited Froze InstantWin RoundResult",
    "tienlen.money.settle": "settle Settlement Transfer HOUSE_SEAT held_value chop_value",
    "tienlen.money.match": "Match next_leader",
}
"""The module each root name comes from. ``import tienlen`` loads none of them: a name loads its
module (and what that module needs) the first time it is used, so a program pays for the parts it
uses, and ``import tienlen.variants`` does not build the whole engine."""

_HOMES = {name: module for module, names in _CORE.items() for name in names.split()}
_PACKAGES = frozenset({"errors", "variants", "game", "money", "io", "players", "learning", "show"})


if not TYPE_CHECKING:  # a type checker sees the names above, and flags a misspelt or moved one

    def __getattr__(name):
        """A root name of ``_CORE`` or a wing (``tienlen.players``), loaded on first use and kept;
        else a 0.2.0 name or module path that moved to a wing, with a :class:`DeprecationWarning`."""
        home = _HOMES.get(name)
        if home is not None:
            value = getattr(_importlib.import_module(home), name)
        elif name in _PACKAGES:
            value = _importlib.import_module(f"{__name__}.{name}")
        else:
            return _moved.root_name(name)
        globals()[name] = value
        return value

    def __dir__():
        return sorted(set(globals()) | set(__all__) | _PACKAGES)


_moved.install(_sys.modules[__name__])
