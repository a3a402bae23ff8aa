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

import sys
from typing import TYPE_CHECKING, Any

from tienlen import _moved
from tienlen._version import __version__
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
from tienlen.money.settle import HOUSE_SEAT, Settlement, Transfer, chop_value, held_value, settle
from tienlen.variants.loading import load_rules
from tienlen.variants.profiles import COUNTING, FACEOFF, HOUSE, IWIN, NORTHERN, PAGAT, PROFILES
from tienlen.variants.rules import AXES, INSTANT_WIN_PATTERNS, BombRule, InstantWinRule, RuleSet

if TYPE_CHECKING:  # loaded on first use (PEP 562): see tienlen._moved.LAZY_NAMES
    from tienlen.money.match import Match, next_leader
    from tienlen.players.compare import compare

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


def __getattr__(name: str) -> Any:
    """The root names that load on first use (``Match``, ``next_leader``, ``compare``), and the
    0.2.0 names and module paths that moved to a wing, with a :class:`DeprecationWarning`."""
    return _moved.root_name(name)


_moved.install(sys.modules[__name__])
