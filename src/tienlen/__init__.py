"""Tiến Lên (Vietnamese "Thirteen") rules as data.

Cards, combinations, tricks and rounds as immutable values; move validation with reasons; and
five regional rule profiles that can be compared, changed and extended without touching the engine.
"""

from tienlen._version import __version__
from tienlen.beating import beats, explain, is_chop
from tienlen.cards import DECK, Card, Rank, Suit, format_cards, parse_cards
from tienlen.combos import Combo, ComboKind, classify
from tienlen.events import (
    Action,
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
from tienlen.errors import IllegalPlay, InvalidCards, InvalidCombo, InvalidRecord, InvalidRules, TienLenError
from tienlen.moves import legal_plays
from tienlen.profiles import FACEOFF, HOUSE, IWIN, NORTHERN, PAGAT, PROFILES
from tienlen.round import Round, Trick, instant_win_pattern
from tienlen.rules import AXES, INSTANT_WIN_PATTERNS, BombRule, RuleSet

__all__ = [
    "__version__",
    "AXES",
    "Action",
    "BombRule",
    "Card",
    "Chop",
    "Combo",
    "ComboKind",
    "DECK",
    "Event",
    "FACEOFF",
    "Finished",
    "Forfeited",
    "Froze",
    "HOUSE",
    "INSTANT_WIN_PATTERNS",
    "IWIN",
    "IllegalPlay",
    "InstantWin",
    "InvalidCards",
    "InvalidCombo",
    "InvalidRecord",
    "InvalidRules",
    "NORTHERN",
    "PAGAT",
    "PROFILES",
    "Passed",
    "Played",
    "Rank",
    "Round",
    "RoundResult",
    "RuleSet",
    "Suit",
    "TienLenError",
    "Trick",
    "TrickWon",
    "beats",
    "classify",
    "explain",
    "format_cards",
    "instant_win_pattern",
    "is_chop",
    "legal_plays",
    "parse_cards",
]
