"""Pictures and progress: SVG pictures of cards and tables (:mod:`tienlen.show.svg`), charts
(:mod:`tienlen.show.plot`, extra ``plot``) and the progress line of long runs.
"""

__all__: list[str] = []  # the wing offers its modules; import the names from them
