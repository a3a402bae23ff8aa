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

from tienlen import _root
from tienlen._version import __version__ as __version__

# Each root name is declared once, in __init__.pyi (what type checkers read); _root reads that table
# to load each name on first use and to make __all__, in the table's order.
__getattr__, __dir__, __all__ = _root.attach(__name__)
