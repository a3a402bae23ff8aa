"""Rule sets: :class:`~tienlen.RuleSet` and the types of its axes, the schema checker, the bundled
profiles, and loading rule sets from TOML or JSON.

* :mod:`tienlen.variants.rules`: the :class:`~tienlen.RuleSet` value and its axes
* :mod:`tienlen.variants.profiles`: the six bundled profiles
* :mod:`tienlen.variants.loading`: rule sets from files, TOML and JSON
"""

__all__: list[str] = []  # the wing offers its modules; import the names from them
