"""The reference table server: rooms of :class:`~table_server.table.Table` over WebSockets.

Run it from the ``examples`` folder (``pip install 'tienlen[examples]'`` first)::

    python -m table_server --port 8765

then open http://127.0.0.1:8765/ to play against three bots, or connect WebSocket clients to
ws://127.0.0.1:8765/ws and speak the protocol of ``docs/howto/game-server.rst``.

Everything a stranger can make the server hold is bounded (:class:`Limits`, listed on the
security page of the docs): connections (in all and per address), rooms (in all and per address),
the time to join, messages per second, the size of a message, the bytes waiting for a client that
does not read, the rounds kept, the time a turn or an idle room may take; a hint is searched once
per position. Seeds come from the operating system's cryptographic randomness, and no file name is
made from client text.

The event loop only reads, checks and writes frames: the searches (the moves of search bots, and
hints) run in a pool of worker processes (``--workers``, by default one per core), at most one at a
time for each room, so a bot thinking in one room does not hold up the others. Ctrl-C or SIGTERM
stops the server and its worker processes.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import multiprocessing
import os
import re
import signal
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path
from socket import SO_SNDBUF, SOL_SOCKET
from typing import Any, TypeVar
from urllib.parse import urlsplit

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from table_server.table import Message, Outbox, ProtocolError, Search, Table, secret_seed, think
from tienlen import PROFILES, RuleSet, TienLenError
from tienlen.errors import LANGUAGES

PAGE = Path(__file__).with_name("index.html")
ROOM_NAME = re.compile(r"[A-Za-z0-9_-]{1,40}")
"""A room's name: 1 to 40 ASCII letters, digits, ``-`` or ``_`` (it is only ever a key; files are named by the server)."""


@dataclass(frozen=True, kw_only=True)
class Limits:
    """Everything the server bounds. The defaults suit a small public server; tests shrink them."""

    message_bytes: int = 4096
    """The longest message a client may send, counted in UTF-8 bytes; a longer one gets an error frame."""
    frame_bytes: int = 1 << 16
    """A frame longer than this closes the connection (1009) before it is read whole."""
    connections: int = 256
    """Open connections at once. When they are all taken, a newcomer from an address holding at
    least two fewer than the address holding the most takes the place of one of that address's
    connections (one with no seat first, then the one whose last message is oldest: closed with
    1013, a seat waits for its token); otherwise the newcomer is closed at once (1013, try again
    later). So no group of addresses can lock a new one out."""
    connections_per_address: int = 16
    """Open connections from one IP address at once; one more is closed at once (1013)."""
    rooms: int = 512
    """Rooms at once. A room is made by the first join that takes a seat in it, and a connection
    holds one seat, so each connection makes at most one room. When they are all open, a join
    from an address that made at least two fewer than the address that made the most closes that
    address's room idle the longest (4002) and makes its own; otherwise it gets an error frame
    (``server-full``)."""
    rooms_per_address: int = 16
    """Rooms made from one IP address that are still open (a room stays open after its people
    leave, until it is idle for :attr:`idle_seconds`); one more gets an error frame
    (``too-many-rooms``). Filling the server takes ``rooms / rooms_per_address`` addresses."""
    join_seconds: float = 30
    """A connection that has not taken a seat this long after connecting is closed (1008)."""
    rate: float = 20
    """Messages per second a connection may send on average ..."""
    burst: int = 40
    """... and at once; a connection that sends faster is closed (1008)."""
    turn_seconds: float = 60
    """A person to act (or offered a chop) who has not answered this long is played for: the chop
    is declined, a turn takes the bundled bot's choice. The time counts from when the turn or the
    offer began: messages that change nothing at the table do not restart it."""
    idle_seconds: float = 600
    """A room where no person has sent anything this long is closed (4001) and forgotten, whatever
    its bots and its turn timer do (so a room whose people left is closed this long after their
    last message)."""
    rounds_kept: int = 20
    """Finished rounds a room keeps in memory (an open money session is played as matches of this many)."""
    send_seconds: float = 10
    """A client that does not read its messages for this long is disconnected."""
    send_buffer_bytes: int = 1 << 16
    """What the server holds for a client that does not read, in bytes, before it waits on that
    client (for at most :attr:`send_seconds`): its own buffer, and the operating system's send
    buffer of the connection (which Linux doubles)."""
    close_seconds: float = 1
    """How long a closing handshake may take (a flooding client is not read, so it cannot answer one)."""
    # ---- bounds against many addresses (issue 49)
    hand_cards: int = 13
    """The most cards a room's rules may deal one hand at its table: rules that deal more (the
    whole deck at 2 or 3 players) are refused at the join (``rules-too-heavy``), because the plays
    open to a hand, and so the work of every move and the size of every view, grow exponentially
    with it (26 cards: thousands of plays, views of megabytes)."""
    search_seconds: float = 1
    """The time budget of each search bot's decision (its level's rollouts, or fewer if time is up first)."""
    hint_seconds: float = 0.5
    """The time budget of a hint's search (then about 50 ms more for the picture of the other seats)."""
    worker_seconds: float = 10
    """A search not back this long after it was handed to a worker process is given up: the worker
    processes are killed and replaced, the bot plays the bundled greedy bot's choice and a hint is
    refused (``hint-failed``)."""
    handshakes: int = 128
    """Connections still in their opening handshake (HTTP requests included), in all. When full, a
    newcomer from an address holding at least two fewer of them than the address holding the most
    takes the place of that address's oldest handshake; otherwise it is dropped."""
    handshakes_per_address: int = 8
    """Connections in their opening handshake from one IP address; one more is dropped at once."""
    handshake_seconds: float = 5
    """How long an opening handshake may take before the connection is dropped."""
    loop_share: float = 0.25
    """The share of the event loop's time the work for one address may take while other addresses
    are active (their people sent something within the last second): the handling of its messages
    and of its rooms' searches' results. Past it, plus :attr:`loop_burst`, its next messages wait
    until the average is back under it. Alone on the server, an address is not held back."""
    loop_burst: float = 0.1
    """Seconds of event-loop work an address may take at once above its share."""


@dataclass(eq=False)
class Room:
    """One room: its table, the address that made it, the connection at each person's seat, and
    its timers."""

    number: int
    table: Table
    address: str
    sockets: dict[int, ServerConnection] = field(default_factory=dict)
    turn: asyncio.TimerHandle | None = None
    turn_for: tuple[int, int, frozenset[int]] | None = None
    """What the turn timer runs for (:meth:`Table.awaited`): a message that changes nothing at
    the table does not restart it."""
    idle: asyncio.TimerHandle | None = None
    active: float = 0.0
    """When a person last sent it something (:func:`time.monotonic`)."""


@dataclass(eq=False)
class Client:
    """One TCP connection the server holds, from its opening handshake on: its address, when it
    came, when it last sent a message, whether its handshake is done and whether it holds a seat."""

    socket: ServerConnection
    address: str
    since: float
    last: float
    open: bool = False
    seated: bool = False
    counted: bool = True
    """Whether it still counts against the bounds (a connection being closed to make room does not)."""


class Lobby:
    """Every room, and who is connected to which seat.

    The searches of the rooms (search bots' moves and hints) run in a pool of ``workers`` worker
    processes (a whole number from 1; by default ``os.cpu_count()``, one per core), started with
    ``spawn`` as searches come; :meth:`close` stops them. Each has a time budget, and they wait
    in one queue per address (the address that made the room), served fairly: a free worker
    takes the next search of the address with the fewest searches running, the one served the
    longest ago among equals, so one address with many rooms does not hold up the others.
    """

    def __init__(
        self,
        *,
        records: Path | None = None,
        limits: Limits | None = None,
        seeds: Callable[[], int] = secret_seed,
        origins: tuple[str, ...] = (),
        workers: int | None = None,
    ) -> None:
        self.rooms: dict[str, Room] = {}
        self.records = records
        self.limits = limits or Limits()
        self.seeds = seeds
        self.origins = origins
        self.workers = workers if workers is not None else os.cpu_count() or 1
        self.connections = 0
        self.addresses: Counter[str] = Counter()
        """Open connections per IP address."""
        self.clients: dict[ServerConnection, Client] = {}
        """Every TCP connection, from its opening handshake on."""
        self.handshakes: Counter[str] = Counter()
        """Connections in their opening handshake per IP address."""
        self.made: Counter[str] = Counter()
        """Open rooms per IP address that made them."""
        self._numbers = itertools.count(1)
        self._pool = self._new_pool()
        self._searches: set[asyncio.Task[None]] = set()
        self._queued: dict[str, deque[tuple[str, Room, Search]]] = {}
        """The searches waiting for a worker, by address."""
        self._running: Counter[str] = Counter()
        """The searches running in the workers, by address."""
        self._served: dict[str, int] = {}
        """When each address with rooms open last had a search handed to a worker (a count of the hand-outs)."""
        self._handed = itertools.count()
        self._credit: dict[str, tuple[float, float]] = {}
        """Each address's event-loop credit in seconds (:attr:`Limits.loop_share`), and when it was counted."""
        self._seen: dict[str, float] = {}
        """When each address with connections open last sent a message."""

    # ------------------------------------------------------------------ connections
    def arrived(self, socket: ServerConnection) -> None:
        """A TCP connection has come (its opening handshake begins): keep it, making room for it
        among the handshakes in progress if they are all taken (:attr:`Limits.handshakes`), or
        drop it at once."""
        address, now = _address(socket), time.monotonic()
        if self.handshakes[address] >= self.limits.handshakes_per_address:
            socket.transport.abort()
            return
        if self.handshakes.total() >= self.limits.handshakes:
            shaking = (c for c in self.clients.values() if not c.open and c.counted)
            evicted = _evictee(shaking, address, key=lambda c: c.since)
            if evicted is None:
                socket.transport.abort()
                return
            self._forget(evicted)
            evicted.socket.transport.abort()
        self.clients[socket] = Client(socket, address, now, now)
        self.handshakes[address] += 1

    def left(self, socket: ServerConnection) -> None:
        """A TCP connection is gone: forget it."""
        client = self.clients.pop(socket, None)
        if client is not None:
            self._forget(client)

    def _forget(self, client: Client) -> None:
        """Stop counting ``client`` against the bounds (once)."""
        if not client.counted:
            return
        client.counted = False
        counter = self.addresses if client.open else self.handshakes
        counter[client.address] -= 1
        if not counter[client.address]:
            del counter[client.address]
            if client.open and client.address not in self.made:
                self._seen.pop(client.address, None)
                self._credit.pop(client.address, None)
        if client.open:
            self.connections -= 1

    async def serve_client(self, socket: ServerConnection) -> None:
        """Read one client's messages until it leaves; its seat waits for it to come back."""
        client = self.clients.get(socket)
        if client is None or not client.counted:  # dropped to make room meanwhile
            socket.transport.abort()
            return
        self._forget(client)  # no longer a handshake
        address = client.address
        if self.addresses[address] >= self.limits.connections_per_address:
            await self._close(socket, 1013, "too many connections from your address; try again later")
            return
        if self.connections >= self.limits.connections:
            evicted = _evictee(
                (c for c in self.clients.values() if c.open and c.counted), address, key=lambda c: (c.seated, c.last)
            )
            if evicted is None:
                await self._close(socket, 1013, "the server is full; try again later")
                return
            self._forget(evicted)
            reason = "the server is full and your address holds the most connections; come back later (with your token)"
            asyncio.get_running_loop().create_task(self._close(evicted.socket, 1013, reason))
        # the operating system's buffer for what the client has not read is bounded too
        connected = socket.transport.get_extra_info("socket")
        if connected is not None:
            connected.setsockopt(SOL_SOCKET, SO_SNDBUF, self.limits.send_buffer_bytes)
        client.open = client.counted = True
        self.connections += 1
        self.addresses[address] += 1
        try:
            await self._read_messages(socket, client)
        finally:
            self._forget(client)

    def close(self) -> None:
        """Stop the worker processes, waiting for the searches they are running (at most one per
        worker; their results are dropped). Call it once the server is closed."""
        self._queued.clear()
        for task in self._searches:
            task.cancel()
        self._pool.shutdown(wait=True, cancel_futures=True)

    def _new_pool(self) -> ProcessPoolExecutor:
        # spawn: the same on every system, and safe whatever threads this process runs
        return ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))

    async def _read_messages(self, socket: ServerConnection, client: Client) -> None:
        limits = self.limits
        seated: tuple[str, int] | None = None
        tokens, last = float(limits.burst), time.monotonic()
        deadline = last + limits.join_seconds
        while True:
            try:
                wait = None if seated is not None else max(deadline - time.monotonic(), 0)
                raw = await asyncio.wait_for(socket.recv(), wait)
            except ConnectionClosed:
                break
            except TimeoutError:
                await self._close(socket, 1008, f"join a room within {limits.join_seconds:g} seconds")
                break
            now = client.last = time.monotonic()
            tokens, last = min(limits.burst, tokens + (now - last) * limits.rate), now
            if tokens < 1:
                await self._close(socket, 1008, f"more than {limits.rate:g} messages a second")
                break
            tokens -= 1
            if seated is not None and (room := self.rooms.get(seated[0])) is not None:
                self._arm_idle(seated[0], room)  # a person's message keeps the room open
            try:
                message = _read(raw, limits.message_bytes)
                if message["type"] == "join":
                    if seated is not None:
                        raise ProtocolError("this connection already has a seat", "already-seated")
                    seated = await self._join(socket, message)
                    client.seated = True
                    continue
                if seated is None:
                    raise ProtocolError('join a room first: {"type": "join", "room": "lobby"}', "join-first")
                await self._take_turn(client.address, now)
                began = time.perf_counter()
                try:
                    await self._handle(seated, message)
                finally:
                    self._charge(client.address, time.perf_counter() - began)
            except ProtocolError as error:
                await self._deliver(socket, error.frame())
        if seated is not None:
            room = self.rooms.get(seated[0])
            if room is not None and room.sockets.get(seated[1]) is socket:
                del room.sockets[seated[1]]

    async def _join(self, socket: ServerConnection, message: Message) -> tuple[str, int]:
        name, token = _join_fields(message)
        room = self.rooms.get(name)
        if room is None:
            if token is not None:
                raise ProtocolError("unknown token: there is no such room (join without a token to make it)", "unknown-room")
            address, most = _address(socket), self.limits.rooms_per_address
            if self.made[address] >= most:
                raise ProtocolError(
                    f"your address has {most:,} rooms open, its limit; come back to one with its token, or wait "
                    f"until one is idle for {self.limits.idle_seconds:g} seconds and closed",
                    "too-many-rooms",
                )
            table = _new_table(message, self.seeds, self.limits.rounds_kept, limits=self.limits)
            if len(self.rooms) >= self.limits.rooms:
                closed = _evictee(self.rooms.values(), address, key=lambda r: r.active)
                if closed is None:
                    raise ProtocolError(
                        f"the server has {self.limits.rooms:,} rooms open, its limit; try again later", "server-full"
                    )
                await self._close_room(
                    next(n for n, r in self.rooms.items() if r is closed),
                    closed,
                    4002,
                    "the server is full and this room's address has made the most rooms: it was idle the longest",
                )
            room = Room(next(self._numbers), table, address)
        seat, _, out = room.table.join(token)  # a room is kept only once a seat in it is taken
        if "lang" in message:  # told right after the welcome
            out[1:1] = room.table.set_lang(seat, message["lang"])
        if name not in self.rooms:
            self.rooms[name] = room
            self.made[room.address] += 1
        self._arm_idle(name, room)
        old = room.sockets.get(seat)
        room.sockets[seat] = socket
        if old is not None and old is not socket:
            await self._close(old, 4000, "the seat was taken over by a reconnecting client")
        await self._send(name, room, out)
        return name, seat

    async def _handle(self, seated: tuple[str, int], message: Message) -> None:
        name, seat = seated
        room = self.rooms.get(name)
        if room is None:
            raise ProtocolError("this room was closed", "room-closed")
        table = room.table
        before = table.played
        if message["type"] == "act":
            out = table.act(seat, message.get("text"))
        elif message["type"] == "next":
            out = table.next_round(seat)
        elif message["type"] == "hint":
            out = table.hint(seat)
        elif message["type"] == "lang":
            out = table.set_lang(seat, message.get("lang"))
        else:
            raise ProtocolError(
                f"unknown message type {_excerpt(message['type'])}; send join, act, hint, next or lang", "unknown-type"
            )
        self._write_records(room, table.played - before)
        await self._send(name, room, out)

    def _write_records(self, room: Room, finished: int) -> None:
        """Write the rounds just finished, each under a name the server makes: room and round numbers."""
        if self.records is None or not finished:
            return
        first = room.table.played - finished + 1
        for index, (record, _) in enumerate(list(room.table.records)[-finished:]):
            path = self.records / f"room{room.number:06d}-round{first + index:06d}.json"
            path.write_text(record, encoding="utf-8")

    # ------------------------------------------------------------------ the event loop's time
    def _charge(self, address: str, seconds: float) -> None:
        """Count ``seconds`` of the event loop's work against ``address``'s credit."""
        now = time.monotonic()
        credit, then = self._credit.get(address, (self.limits.loop_burst, now))
        credit = min(self.limits.loop_burst, credit + (now - then) * self.limits.loop_share)
        self._credit[address] = (credit - seconds, now)

    async def _take_turn(self, address: str, now: float) -> None:
        """Wait until ``address`` is back within its share of the event loop's time, if other
        addresses are active (:attr:`Limits.loop_share`)."""
        self._seen[address] = now
        credit, then = self._credit.get(address, (0.0, now))
        owed = -(credit + (now - then) * self.limits.loop_share)
        if owed > 0 and any(other != address and now - seen < 1 for other, seen in self._seen.items()):
            await asyncio.sleep(owed / self.limits.loop_share)

    # ------------------------------------------------------------------ searches
    def _search(self, name: str, room: Room) -> None:
        """Queue the search the room's table waits on, if it waits on one and has none out, and
        hand queued searches to the free workers."""
        search = room.table.start_search()
        if search is not None:
            self._queued.setdefault(room.address, deque()).append((name, room, search))
        self._dispatch()

    def _dispatch(self) -> None:
        """Hand queued searches to the workers while some are free: each time the next search of
        the address with the fewest running, the one served the longest ago among equals. A search
        whose room was closed, or whose round moved on, is dropped unrun."""
        while self._queued and self._running.total() < self.workers:
            address = min(self._queued, key=lambda a: (self._running[a], self._served.get(a, -1)))
            queue = self._queued[address]
            name, room, search = queue.popleft()
            if not queue:
                del self._queued[address]
            if self.rooms.get(name) is not room or room.table.wanted is not search:
                room.table.searched(search, None)  # no longer wanted: nothing follows
                if self.rooms.get(name) is room and (wanted := room.table.start_search()) is not None:
                    self._queued.setdefault(room.address, deque()).append((name, room, wanted))
                continue
            self._running[address] += 1
            self._served[address] = next(self._handed)
            task = asyncio.get_running_loop().create_task(self._searched(name, room, search))
            self._searches.add(task)
            task.add_done_callback(self._searches.discard)

    def _replace_pool(self, pool: ProcessPoolExecutor, *, kill: bool) -> None:
        """Start a new pool in place of ``pool`` (unless that was done already), killing its
        workers first with ``kill`` (a worker stuck in a search)."""
        if self._pool is not pool:
            return
        self._pool = self._new_pool()
        if kill:
            # ProcessPoolExecutor has no public way to kill its workers before Python 3.14
            for process in list(pool._processes.values()):
                process.kill()
        pool.shutdown(wait=False, cancel_futures=True)

    async def _searched(self, name: str, room: Room, search: Search) -> None:
        """Run ``search`` in a worker process, then give its result to the table (unless the room
        was closed meanwhile) and send what follows. A search not back within
        :attr:`Limits.worker_seconds` is given up, and the workers replaced."""
        pool = self._pool
        try:
            future = asyncio.get_running_loop().run_in_executor(pool, think, search)
            result = await asyncio.wait_for(future, self.limits.worker_seconds)
        except TimeoutError:  # a worker is stuck (stopped, swapping): the table falls back
            self._replace_pool(pool, kill=True)
            result = None
        except Exception as error:  # the table falls back on the greedy bot's choice, or refuses the hint
            if isinstance(error, BrokenProcessPool):  # a worker died (killed, out of memory)
                self._replace_pool(pool, kill=False)
            result = None
        finally:
            self._running[room.address] -= 1
            if not self._running[room.address]:
                del self._running[room.address]
        if self.rooms.get(name) is room:
            began = time.perf_counter()
            before = room.table.played
            out = room.table.searched(search, result)
            self._charge(room.address, time.perf_counter() - began)
            self._write_records(room, room.table.played - before)
            self._search(name, room)  # the worker is free: the next search goes out before the replies
            await self._send(name, room, out)
        else:
            self._dispatch()

    # ------------------------------------------------------------------ sending and timers
    async def _send(self, name: str, room: Room, out: Outbox) -> None:
        """Deliver ``out``, start the search the table now waits on, and (re)start the turn timer."""
        for seat, message in out:
            socket = room.sockets.get(seat)
            if socket is not None:
                await self._deliver(socket, message)
        self._search(name, room)
        self._arm_turn(name, room)

    async def _deliver(self, socket: ServerConnection, message: Message) -> None:
        text = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
        # The client comes back with its token and is sent where the table is; one that does not
        # read is let go, so it cannot hold the room up.
        with contextlib.suppress(ConnectionClosed):
            try:
                await asyncio.wait_for(socket.send(text), self.limits.send_seconds)
            except TimeoutError:
                await self._close(socket, 1008, "messages were not read")

    async def _close(self, socket: ServerConnection, code: int, reason: str) -> None:
        """Close ``socket`` with ``code``; a client that reads nothing cannot even be sent the close
        frame, so after :attr:`Limits.close_seconds` the connection is dropped."""
        try:
            await asyncio.wait_for(socket.close(code, reason), self.limits.close_seconds)
        except TimeoutError:
            socket.transport.abort()

    def _arm_idle(self, name: str, room: Room) -> None:
        """(Re)start the room's idle timer: a person has just sent something."""
        loop = asyncio.get_running_loop()
        room.active = time.monotonic()
        if room.idle is not None:
            room.idle.cancel()
        room.idle = loop.call_later(self.limits.idle_seconds, lambda: loop.create_task(self._close_room(name, room)))

    def _arm_turn(self, name: str, room: Room) -> None:
        """Start the room's turn timer when the table comes to wait on people for something new;
        stop it when it waits on nobody. Messages that change nothing at the table (``lang``, a
        hint, a refused play) leave a running timer alone, so a person cannot hold the room up by
        talking."""
        awaited = room.table.awaited()
        if awaited is not None and awaited == room.turn_for and room.turn is not None:
            return
        if room.turn is not None:
            room.turn.cancel()
        room.turn, room.turn_for = None, awaited
        if awaited is not None:
            loop = asyncio.get_running_loop()
            room.turn = loop.call_later(self.limits.turn_seconds, lambda: loop.create_task(self._time_out(name, room)))

    async def _time_out(self, name: str, room: Room) -> None:
        if self.rooms.get(name) is room:
            before = room.table.played
            out = room.table.time_out()
            self._write_records(room, room.table.played - before)
            await self._send(name, room, out)

    async def _close_room(self, name: str, room: Room, code: int = 4001, reason: str = "the room was idle and is closed") -> None:
        if self.rooms.get(name) is not room:
            return
        del self.rooms[name]
        self.made[room.address] -= 1
        if not self.made[room.address]:
            del self.made[room.address]
            self._served.pop(room.address, None)
            if room.address not in self.addresses:
                self._seen.pop(room.address, None)
                self._credit.pop(room.address, None)
        if room.turn is not None:
            room.turn.cancel()
        for socket in list(room.sockets.values()):
            await self._close(socket, code, reason)

    # ------------------------------------------------------------------ the page
    def page(self, connection: ServerConnection, request: Request) -> Response | None:
        """Serve the HTML page at ``/``; let WebSocket handshakes on ``/ws`` through when they come
        from this server's own page, or from a client that is no browser (no ``Origin``)."""
        if request.path == "/ws":
            origin = request.headers.get("Origin")
            if origin is None or origin in self.origins or _same_origin(origin, request.headers.get("Host")):
                return None
            return connection.respond(HTTPStatus.FORBIDDEN, "this server takes WebSocket connections from its own page only\n")
        if request.path not in ("/", "/index.html"):
            return connection.respond(HTTPStatus.NOT_FOUND, "not found\n")
        response = connection.respond(HTTPStatus.OK, PAGE.read_text(encoding="utf-8"))
        del response.headers["Content-Type"]  # websockets headers hold several values per name
        response.headers["Content-Type"] = "text/html; charset=utf-8"
        return response


def _address(socket: ServerConnection) -> str:
    """The IP address a connection comes from."""
    return str(socket.remote_address[0])


Held = TypeVar("Held", Client, Room)


def _evictee(held: Iterable[Held], address: str, *, key: Callable[[Held], Any]) -> Held | None:
    """What to let go of so that one more from ``address`` may come in when everything is taken:
    the first by ``key`` of what the address holding the most holds, if it holds at least two more
    than ``address`` (then the two cannot take turns putting each other out); else ``None``."""
    by_address: dict[str, list[Held]] = {}
    for each in held:
        by_address.setdefault(each.address, []).append(each)
    most = max(by_address.values(), key=len, default=[])
    if len(most) < len(by_address.get(address, ())) + 2:
        return None
    return min(most, key=key)


def _join_fields(message: Message) -> tuple[str, str | None]:
    """The room and the token of a join, checked (and its language, if it gives one)."""
    if message.get("lang", "en") not in LANGUAGES:
        raise ProtocolError(f"lang must be one of {', '.join(LANGUAGES)}", "bad-lang")
    name = message.get("room", "lobby")
    if not isinstance(name, str) or not ROOM_NAME.fullmatch(name):
        raise ProtocolError("room must be a name of 1 to 40 letters, digits, - or _", "bad-room")
    token = message.get("token")
    if token is not None and not isinstance(token, str):
        raise ProtocolError("token must be the text the welcome message gave", "bad-token")
    return name, token


def _same_origin(origin: str, host: str | None) -> bool:
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and host is not None and parts.netloc == host


def _excerpt(value: object) -> str:
    text = repr(value) if isinstance(value, (str, int, float, bool)) or value is None else type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


class _Duplicate(Exception):
    """A key given twice in a message."""


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        raise _Duplicate
    return found


def _no_constant(word: str) -> Any:
    raise ValueError(word)


def _read(raw: str | bytes, limit: int) -> Message:
    """A client's message: a JSON text frame of at most ``limit`` bytes, an object with a type.
    Strict JSON: a key given twice, ``NaN`` or nesting too deep is refused."""
    if not isinstance(raw, str):
        raise ProtocolError("send messages as text frames of JSON", "not-text")
    size = len(raw.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise ProtocolError(f"the message is {size:,} bytes long; the limit is {limit:,}", "too-long")
    try:
        message = json.loads(raw, object_pairs_hook=_unique, parse_constant=_no_constant)
    except _Duplicate:
        raise ProtocolError("the message gives a key twice", "not-json") from None
    except (ValueError, RecursionError):
        raise ProtocolError("the message is not JSON", "not-json") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("a message is a JSON object with a type: join, act, hint, next or lang", "no-type")
    if not _encodable(message):
        raise ProtocolError(
            "the message holds a lone surrogate (a \\ud800-\\udfff escape not in a pair), which is no character",
            "not-text",
        )
    return message


def _encodable(value: object) -> bool:
    """Whether every text in ``value`` (keys too, at any depth) is valid Unicode: a JSON escape can
    make a lone surrogate, which no reply echoing it could encode. (A loop, not recursion: a
    message may nest as deep as the JSON reader allows.)"""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return False
        elif isinstance(item, dict):
            pending += item.keys()
            pending += item.values()
        elif isinstance(item, list):
            pending += item
    return True


_SURROGATE = re.compile("[\ud800-\udfff]")


def _rules(spec: object) -> RuleSet:
    if not isinstance(spec, str):
        raise ProtocolError("rules is a profile name or the text of a TOML rules file", "bad-rules")
    if spec in PROFILES:
        return PROFILES[spec]
    if "=" not in spec:  # a name, not rules text
        raise ProtocolError(f"rules: no such profile {_excerpt(spec)}; the profiles are {', '.join(PROFILES)}", "bad-rules")
    try:
        return RuleSet.from_toml(spec)
    except TienLenError as error:
        raise ProtocolError.refusal(error, "rules: ") from None


def _new_table(message: Message, seeds: Callable[[], int], kept: int, *, limits: Limits | None = None) -> Table:
    limits = limits or Limits()
    if "seed" in message:
        raise ProtocolError("seed: the server deals from seeds nobody can choose; each round's seed is in its record", "no-seed")
    rules = _rules(message.get("rules", "house"))
    options: dict[str, int] = {"players": 4, "humans": 1, "unit": 1000, "level": 0}
    for key in options:
        value = message.get(key, options[key])
        low = 0 if key == "level" else 1  # level 0: the greedy bots
        if type(value) is not int or not low <= value <= 10**15:
            raise ProtocolError(f"{key} must be a whole number from {low} to 10**15, not {_excerpt(value)}", "bad-option")
        options[key] = value
    players = options["players"]
    if (
        rules.min_players <= players <= rules.max_players
        and (dealt := -(-rules.cards_dealt(players) // players)) > limits.hand_cards
    ):
        raise ProtocolError(
            f"rules: {rules.name} deals {dealt} cards a hand at {players} players; this server deals at most "
            f"{limits.hand_cards} (rules that deal the whole deck at 2 or 3 players are too heavy for it)",
            "rules-too-heavy",
            {"cards": dealt, "players": players, "most": limits.hand_cards},
        )
    try:
        return Table(rules, seeds=seeds, kept=kept, seconds=limits.search_seconds, hint_seconds=limits.hint_seconds, **options)
    except TienLenError as error:
        raise ProtocolError.refusal(error) from None


async def start(lobby: Lobby, host: str = "127.0.0.1", port: int = 0) -> Server:
    """Start serving ``lobby`` (``port=0`` picks a free port: read it from the server's sockets)."""

    class Connection(ServerConnection):
        """A connection the lobby counts from its first byte, opening handshake included."""

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            lobby.arrived(self)

        def connection_lost(self, exc: Exception | None) -> None:
            super().connection_lost(exc)
            lobby.left(self)

    return await serve(
        lobby.serve_client,
        host,
        port,
        create_connection=Connection,
        open_timeout=lobby.limits.handshake_seconds,
        process_request=lobby.page,
        max_size=lobby.limits.frame_bytes,
        max_queue=4,
        write_limit=lobby.limits.send_buffer_bytes,
        close_timeout=lobby.limits.close_seconds,
        compression=None,
    )


async def _main(host: str, port: int, records: Path | None, origins: tuple[str, ...], workers: int | None) -> None:
    lobby = Lobby(records=records, origins=origins, workers=workers)
    try:
        async with await start(lobby, host, port) as server:
            with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
                asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, server.close)  # stop as for Ctrl-C
            port = next(iter(server.sockets)).getsockname()[1]  # the one chosen, for --port 0
            print(f"table server on http://{host}:{port}/ (WebSocket ws://{host}:{port}/ws)", flush=True)
            await server.serve_forever()
    finally:
        lobby.close()


def _workers(text: str) -> int:
    if not text.isascii() or not text.isdigit() or not 1 <= int(text) <= 1024:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of worker processes from 1 to 1024")
    return int(text)


def main() -> None:
    """The command line: ``python -m table_server [--host H] [--port P] [--records DIR] [--origin URL] [--workers N]``."""
    parser = argparse.ArgumentParser(prog="table_server", description="A Tiến Lên table server built on tienlen.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765, help="0 picks a free port")
    parser.add_argument("--records", type=Path, help="write each finished round's record into this folder")
    parser.add_argument(
        "--origin", action="append", default=[], help="another page origin allowed to connect (e.g. https://example.com)"
    )
    parser.add_argument(
        "--workers", type=_workers, help="worker processes for the bots' and hints' searches (default: one per core)"
    )
    args = parser.parse_args()
    if args.records is not None:
        args.records.mkdir(parents=True, exist_ok=True)
    asyncio.run(_main(args.host, args.port, args.records, tuple(args.origin), args.workers))
