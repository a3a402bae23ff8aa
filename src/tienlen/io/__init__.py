"""Documents for other programs: the wire format (:mod:`tienlen.io.wire`) and its JSON Schemas."""

__all__: list[str] = []  # the wing offers its modules; import the names from them
