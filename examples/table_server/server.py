"""The reference table server: rooms of :class:`~table_server.table.Table` over WebSockets.

Run it from the ``examples`` folder (``pip install 'tienlen[examples]'`` first)::

    python -m table_server --port 8765

then open http://127.0.0.1:8765/ to play against three bots, or connect WebSocket clients to
ws://127.0.0.1:8765/ws and speak the protocol of ``docs/howto/game-server.rst``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
from collections.abc import Awaitable
from http import HTTPStatus
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from table_server.table import Message, Outbox, ProtocolError, Table
from tienlen import PROFILES, RuleSet, TienLenError, load_rules

PAGE = Path(__file__).with_name("index.html")
MAX_MESSAGE = 4096
"""The longest message a client may send, in bytes; a longer one gets an error frame."""


class Lobby:
    """Every room's table, and who is connected to which seat. Rooms are made by their first join."""

    def __init__(self, *, records: Path | None = None, seed: int = 0) -> None:
        self.tables: dict[str, Table] = {}
        self.sockets: dict[tuple[str, int], ServerConnection] = {}
        self.records = records
        self.seed = seed

    async def serve_client(self, socket: ServerConnection) -> None:
        """Read one client's messages until it leaves; its seat waits for it to come back."""
        seated: tuple[str, int] | None = None
        async for raw in socket:
            try:
                message = _read(raw)
                if message["type"] == "join":
                    if seated is not None:
                        raise ProtocolError("this connection already has a seat")
                    seated = await self._join(socket, message)
                    continue
                if seated is None:
                    raise ProtocolError('join a room first: {"type": "join", "room": "lobby"}')
                await self._handle(seated, message)
            except ProtocolError as error:
                await socket.send(json.dumps({"type": "error", "reason": str(error)}, ensure_ascii=False))
        if seated is not None and self.sockets.get(seated) is socket:
            del self.sockets[seated]

    async def _join(self, socket: ServerConnection, message: Message) -> tuple[str, int]:
        room = message.get("room", "lobby")
        if not isinstance(room, str) or not room or len(room) > 40:
            raise ProtocolError("room must be a name of 1 to 40 characters")
        table = self.tables.get(room)
        if table is None:
            table = self.tables[room] = _new_table(message, self.seed)
        token = message.get("token")
        if token is not None and not isinstance(token, str):
            raise ProtocolError("token must be the text the welcome message gave")
        seat, _, out = table.join(token)
        old = self.sockets.get((room, seat))
        self.sockets[(room, seat)] = socket
        if old is not None and old is not socket:
            await old.close(4000, "the seat was taken over by a reconnecting client")
        await self._send(room, out)
        return room, seat

    async def _handle(self, seated: tuple[str, int], message: Message) -> None:
        room, seat = seated
        table = self.tables[room]
        before = len(table.records)
        if message["type"] == "act":
            out = table.act(seat, message.get("text"))
        elif message["type"] == "next":
            out = table.next_round(seat)
        elif message["type"] == "hint":
            out = table.hint(seat)
        else:
            raise ProtocolError(f"unknown message type {message['type']!r}; send join, act, hint or next")
        if self.records is not None:
            for index in range(before, len(table.records)):
                self.records.joinpath(f"{room}-{index + 1:04d}.json").write_text(table.records[index][0], encoding="utf-8")
        await self._send(room, out)

    async def _send(self, room: str, out: Outbox) -> None:
        for seat, message in out:
            socket = self.sockets.get((room, seat))
            if socket is not None:
                with contextlib.suppress(ConnectionClosed):  # the client comes back with its token and is sent where the table is
                    await socket.send(json.dumps(message, ensure_ascii=False, separators=(",", ":")))

    def page(self, connection: ServerConnection, request: Request) -> Response | None:
        """Serve the HTML page at ``/``; let WebSocket handshakes on ``/ws`` through."""
        if request.path == "/ws":
            return None
        if request.path not in ("/", "/index.html"):
            return connection.respond(HTTPStatus.NOT_FOUND, "not found\n")
        response = connection.respond(HTTPStatus.OK, PAGE.read_text(encoding="utf-8"))
        del response.headers["Content-Type"]  # websockets headers hold several values per name
        response.headers["Content-Type"] = "text/html; charset=utf-8"
        return response


def _read(raw: str | bytes) -> Message:
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError(f"the message is {len(raw)} bytes long; the limit is {MAX_MESSAGE}")
    try:
        message = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("the message is not JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("a message is a JSON object with a type: join, act, hint or next")
    return message


def _new_table(message: Message, seed: int) -> Table:
    spec = message.get("rules", "house")
    try:
        if isinstance(spec, str) and spec in PROFILES:
            rules = load_rules(spec)
        elif isinstance(spec, str):
            rules = RuleSet.from_toml(spec)
        else:
            raise ProtocolError("rules is a profile name or the text of a TOML rules file")
    except TienLenError as error:
        raise ProtocolError(f"rules: {error}") from None
    options: dict[str, Any] = {"players": 4, "humans": 1, "unit": 1000, "seed": seed, "level": 0}
    for key in options:
        value = message.get(key, options[key])
        if type(value) is not int or value < 0:
            raise ProtocolError(f"{key} must be a whole number, not {value!r}")
        options[key] = value
    return Table(rules, **options)


def start(lobby: Lobby, host: str = "127.0.0.1", port: int = 0) -> Awaitable[Server]:
    """Start serving ``lobby`` (``port=0`` picks a free port: read it from the server's sockets)."""
    return serve(lobby.serve_client, host, port, process_request=lobby.page, max_size=1 << 16, compression=None)


async def _main(host: str, port: int, records: Path | None) -> None:
    async with await start(Lobby(records=records), host, port) as server:
        port = next(iter(server.sockets)).getsockname()[1]  # the one chosen, for --port 0
        print(f"table server on http://{host}:{port}/ (WebSocket ws://{host}:{port}/ws)", flush=True)
        await server.serve_forever()


def main() -> None:
    """The command line: ``python -m table_server [--host H] [--port P] [--records DIR]``."""
    parser = argparse.ArgumentParser(prog="table_server", description="A Tiến Lên table server built on tienlen.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765, help="0 picks a free port")
    parser.add_argument("--records", type=Path, help="write each finished round's record into this folder")
    args = parser.parse_args()
    if args.records is not None:
        args.records.mkdir(parents=True, exist_ok=True)
    asyncio.run(_main(args.host, args.port, args.records))
