"""Players and what measures them: the bundled bots (:mod:`tienlen.players.agents`), the search
player and hints (:mod:`tienlen.players.search`), the exact solver (:mod:`tienlen.players.solve`),
duplicate tournaments (:mod:`tienlen.players.tournament`), rule comparisons
(:mod:`tienlen.players.compare`) and simulations (:mod:`tienlen.players.simulate`).
"""

__all__: list[str] = []  # the wing offers its modules; import the names from them
