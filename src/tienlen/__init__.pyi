"""The root's names, each written once: what a type checker sees, and the table ``import tienlen``
reads at run time (``tienlen._root``) to load each name on first use and to build ``__all__``, in
this order. Each comment opens a group of the API reference; a new root name is one more
``NAME as NAME`` here, in its group."""

# ruff: noqa: I001  (the order is the reading order of __all__ and the docs, not the alphabet)

from tienlen._version import __version__ as __version__

# cards and combinations
from tienlen.game.cards import (
    Card as Card,
    Rank as Rank,
    Suit as Suit,
    DECK as DECK,
    parse_cards as parse_cards,
    format_cards as format_cards,
)
from tienlen.game.combos import Combo as Combo, ComboKind as ComboKind, classify as classify
from tienlen.game.beating import beats as beats, explain as explain, is_chop as is_chop
from tienlen.game.moves import legal_plays as legal_plays

# rule sets and profiles
from tienlen.variants.rules import (
    RuleSet as RuleSet,
    AXES as AXES,
    BombRule as BombRule,
    InstantWinRule as InstantWinRule,
    INSTANT_WIN_PATTERNS as INSTANT_WIN_PATTERNS,
)
from tienlen.variants.profiles import (
    HOUSE as HOUSE,
    FACEOFF as FACEOFF,
    NORTHERN as NORTHERN,
    IWIN as IWIN,
    PAGAT as PAGAT,
    COUNTING as COUNTING,
    PROFILES as PROFILES,
)
from tienlen.variants.loading import load_rules as load_rules
from tienlen.players.compare import compare as compare

# the round
from tienlen.game.round import (
    Round as Round,
    Trick as Trick,
    LegalActions as LegalActions,
    instant_win_pattern as instant_win_pattern,
)
from tienlen.game.actions import Action as Action
from tienlen.game.views import PlayerView as PlayerView

# events
from tienlen.game.events import (
    Event as Event,
    Played as Played,
    Passed as Passed,
    Chop as Chop,
    TrickWon as TrickWon,
    Finished as Finished,
    Forfeited as Forfeited,
    Froze as Froze,
    InstantWin as InstantWin,
    RoundResult as RoundResult,
)

# money
from tienlen.money.settle import (
    settle as settle,
    Settlement as Settlement,
    Transfer as Transfer,
    HOUSE_SEAT as HOUSE_SEAT,
    held_value as held_value,
    chop_value as chop_value,
)
from tienlen.money.match import Match as Match, next_leader as next_leader

# errors
from tienlen.errors import (
    TienLenError as TienLenError,
    InvalidCards as InvalidCards,
    InvalidCombo as InvalidCombo,
    IllegalPlay as IllegalPlay,
    InvalidRules as InvalidRules,
    InvalidRecord as InvalidRecord,
    InvalidArgument as InvalidArgument,
    InvalidDocument as InvalidDocument,
    Reason as Reason,
)

__all__: list[str]
