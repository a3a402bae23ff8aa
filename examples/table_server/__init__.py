"""A reference Tiến Lên table server built on :mod:`tienlen` and ``websockets``.

``table`` holds the game side (seats, bots, rounds, the messages for each seat) and no network
code; ``server`` carries those messages over WebSockets and serves ``index.html``, a page on which
a person plays against three bots. Start it with ``python -m table_server`` from ``examples``.
"""
