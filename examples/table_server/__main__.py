"""``python -m table_server``: run the reference table server."""

from table_server.server import main

main()
