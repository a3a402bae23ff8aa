"""Learning: card and action encodings (:mod:`tienlen.learning.encoding`), the observation codec
(:mod:`tienlen.learning.observation`), the fixed action space (:mod:`tienlen.learning.actionspace`),
a single-agent environment (:mod:`tienlen.learning.env`), many tables at once
(:mod:`tienlen.learning.vector`, extra ``rl``), and the PettingZoo and OpenSpiel adapters
(:mod:`tienlen.learning.pettingzoo`, :mod:`tienlen.learning.openspiel`).
"""

__all__: list[str] = []  # the wing offers its modules; import the names from them
