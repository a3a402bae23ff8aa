"""Tiến Lên (Vietnamese "Thirteen") rules as data.

Cards, combinations, tricks and rounds as immutable values; move validation with reasons; and
five regional rule profiles that can be compared, changed and extended without touching the engine.
"""

from tienlen._version import __version__
from tienlen.beating import beats, explain, is_chop
from tienlen.cards import DECK, Card, Rank, Suit, format_cards, parse_cards
from tienlen.combos import Combo, ComboKind, classify
from tienlen.errors import IllegalPlay, InvalidCards, InvalidCombo, InvalidRecord, InvalidRules, TienLenError
from tienlen.moves import legal_plays
from tienlen.profiles import FACEOFF, HOUSE, IWIN, NORTHERN, PAGAT, PROFILES
from tienlen.rules import AXES, BombRule, RuleSet

__all__ = [
    "__version__",
    "AXES",
    "BombRule",
    "Card",
    "Combo",
    "ComboKind",
    "DECK",
    "FACEOFF",
    "HOUSE",
    "IWIN",
    "IllegalPlay",
    "InvalidCards",
    "InvalidCombo",
    "InvalidRecord",
    "InvalidRules",
    "NORTHERN",
    "PAGAT",
    "PROFILES",
    "Rank",
    "RuleSet",
    "Suit",
    "TienLenError",
    "beats",
    "classify",
    "explain",
    "format_cards",
    "is_chop",
    "legal_plays",
    "parse_cards",
]
