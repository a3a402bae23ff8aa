"""The game itself: cards, combinations, beating, move generation, instant wins, events, actions,
the round and its state, player views and round records.

* :mod:`tienlen.game.cards`, :mod:`tienlen.game.combos`, :mod:`tienlen.game.beating`,
  :mod:`tienlen.game.moves`: cards, combinations and what beats what
* :mod:`tienlen.game.round`, :mod:`tienlen.game.trick`, :mod:`tienlen.game.actions`,
  :mod:`tienlen.game.events`, :mod:`tienlen.game.instant`: a round in play
* :mod:`tienlen.game.views`, :mod:`tienlen.game.records`: what a seat sees, and records
"""

__all__: list[str] = []  # the wing offers its modules; import the names from them
