"""Money: settling a round (:func:`~tienlen.settle`), what cards are worth, the
:class:`~tienlen.Settlement` value, and matches of several rounds (:class:`~tienlen.Match`).
"""

__all__: list[str] = []  # the wing offers its modules; import the names from them
