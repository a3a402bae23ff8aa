"""Tiến Lên (Vietnamese "Thirteen") rules as data.

Cards, combinations, tricks and rounds as immutable values; move validation with reasons; and
six rule profiles (five regional variants and card-count scoring) that can be compared, changed
and extended without touching the engine.
"""

from tienlen._version import __version__
from tienlen.actions import Action
from tienlen.agents import Agent, GreedyAgent, RandomAgent, play_round
from tienlen.beating import beats, explain, is_chop
from tienlen.cards import DECK, Card, Rank, Suit, format_cards, parse_cards
from tienlen.combos import Combo, ComboKind, classify
from tienlen.compare import compare, compare_play, compare_round
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
from tienlen.events import (
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
from tienlen.loading import load_rules
from tienlen.match import Match, next_leader
from tienlen.moves import legal_plays
from tienlen.profiles import COUNTING, FACEOFF, HOUSE, IWIN, NORTHERN, PAGAT, PROFILES
from tienlen.round import LegalActions, Round, Trick, instant_win_pattern
from tienlen.rules import AXES, INSTANT_WIN_PATTERNS, BombRule, InstantWinRule, RuleSet
from tienlen.settle import HOUSE_SEAT, Settlement, Transfer, chop_value, held_value, settle
from tienlen.views import PlayerView
from tienlen.wire import WIRE_VERSION, read_document

__all__ = [
    "__version__",
    "AXES",
    "Action",
    "Agent",
    "BombRule",
    "Card",
    "Chop",
    "COUNTING",
    "Combo",
    "ComboKind",
    "DECK",
    "Event",
    "FACEOFF",
    "Finished",
    "Forfeited",
    "Froze",
    "GreedyAgent",
    "HOUSE",
    "HOUSE_SEAT",
    "INSTANT_WIN_PATTERNS",
    "IWIN",
    "IllegalPlay",
    "InstantWin",
    "InstantWinRule",
    "InvalidArgument",
    "InvalidCards",
    "InvalidCombo",
    "InvalidDocument",
    "InvalidRecord",
    "InvalidRules",
    "LegalActions",
    "Match",
    "NORTHERN",
    "PAGAT",
    "PROFILES",
    "Passed",
    "Played",
    "PlayerView",
    "RandomAgent",
    "Rank",
    "Reason",
    "Round",
    "RoundResult",
    "RuleSet",
    "Settlement",
    "Suit",
    "TienLenError",
    "Transfer",
    "Trick",
    "TrickWon",
    "WIRE_VERSION",
    "beats",
    "chop_value",
    "classify",
    "compare",
    "compare_play",
    "compare_round",
    "explain",
    "format_cards",
    "held_value",
    "instant_win_pattern",
    "is_chop",
    "legal_plays",
    "load_rules",
    "next_leader",
    "parse_cards",
    "play_round",
    "read_document",
    "settle",
]
