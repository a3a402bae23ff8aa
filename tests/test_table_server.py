"""The reference table server in examples/table_server, driven by real WebSocket clients.

The server runs on 127.0.0.1 on a free port. Four clients per table play rounds of every profile,
choosing with the bundled bot and sending its choice as text; each client checks that no message
holds a card it should not see; the stored records replay to the same settlements; a client that
leaves mid-round comes back with its token and plays on; bad messages get an error frame and leave
the table as it was. Hostile clients meet every bound (the section "hostile clients" below):
acting for another seat, guessed tokens, oversized frames, floods, many connections.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import multiprocessing
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest
from extras import skip_reason

pytest.importorskip("websockets", reason=skip_reason("websockets"))

from websockets.asyncio.client import ClientConnection, connect

from tienlen import IWIN, PROFILES, Action, PlayerView, Round, RuleSet, Settlement, settle
from tienlen.game.cards import DECK, format_cards
from tienlen.players.agents import GreedyAgent

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))

import contextlib
import os
import secrets
import socket

from table_server.server import Limits, Lobby, start
from table_server.table import Outbox, Search, Table, secret_seed, think
from websockets.exceptions import ConnectionClosed, InvalidStatus

from tienlen import HOUSE

KEPT = 3  # rounds a room keeps in these tests: few, so that the oldest are soon seen dropped
ROUNDS = KEPT + 2  # past what a table keeps
CARD = re.compile(r"(?:10|[2-9JQKA])[♠♣♦♥]")
T = TypeVar("T")


INDEX = {str(card): card.index for card in DECK}


def cards_in(text: str) -> int:
    """Every card written anywhere in ``text``, as a mask."""
    return sum(1 << INDEX[name] for name in set(CARD.findall(text)))


def mask(cards: str) -> int:
    """The cards of a document's card text ("3♠ 10♥"), as a mask."""
    return sum(1 << INDEX[name] for name in cards.split())


MAX_MESSAGE = Limits().message_bytes


def run(
    test: Callable[[Lobby, int], Awaitable[T]],
    *,
    timeout: float = 600,
    records: Path | None = None,
    limits: Limits | None = None,
) -> T:
    async def main() -> T:
        lobby = Lobby(records=records, limits=limits, seeds=itertools.count(1).__next__)  # no instant win by chance
        try:
            async with await start(lobby, "127.0.0.1", 0) as server:
                port = next(iter(server.sockets)).getsockname()[1]
                return await asyncio.wait_for(test(lobby, port), timeout)
        finally:
            lobby.close()

    return asyncio.run(main())


@asynccontextmanager
async def client(port: int) -> AsyncIterator[ClientConnection]:
    async with connect(f"ws://127.0.0.1:{port}/ws") as socket:
        yield socket


async def receive(socket: ClientConnection) -> tuple[str, dict[str, Any]]:
    raw = await socket.recv()
    assert isinstance(raw, str)
    return raw, json.loads(raw)


async def my_turn(socket: ClientConnection, seat: int) -> dict[str, Any]:
    """The next view message in which ``seat`` is to act."""
    while True:
        _, message = await receive(socket)
        assert message["type"] == "view", message
        if message["view"]["to_act"] == seat:
            return message


async def skip_views(socket: ClientConnection) -> dict[str, Any]:
    """The next message that is not a view."""
    while True:
        _, message = await receive(socket)
        if message["type"] != "view":
            return message


class Player:
    """A client that plays with the bundled greedy bot, sending its choices as text, and checks
    every message for cards it should not see."""

    def __init__(self, socket: ClientConnection, rounds: int) -> None:
        self.socket = socket
        self.rounds = rounds
        self.seat = -1
        self.token = ""
        self.dealt = 0
        self.round = 0
        self.settled = 0

    async def play(self, *, leave_after: int | None = None) -> None:
        """Play until ``rounds`` settlements (or return after ``leave_after`` actions of its own)."""
        acted = 0
        while self.settled < self.rounds:
            raw, message = await receive(self.socket)
            kind = message["type"]
            assert kind not in ("error", "refused"), message
            if kind == "welcome":
                self.seat, self.token = message["seat"], message["token"]
            elif kind == "view":
                assert '"seed"' not in raw, "no seed is shown during play"
                view = message["view"]
                if message["round"] != self.round:
                    self.round, self.dealt = message["round"], mask(view["hand"])
                assert cards_in(raw) & ~(self.dealt | mask(view["played"])) == 0, f"seat {self.seat} was shown {raw}"
                if view["legal_actions"] and ((view["to_act"] == self.seat and not message["waiting"]) or message["offer"]):
                    # The bot reads no history; leaving it out keeps the rounds of every profile quick
                    # (tests/io/test_wire.py reads whole views back at every ply).
                    choice = GreedyAgent(seed=self.seat).act(PlayerView.from_dict(view | {"history": []}))
                    await self.socket.send(json.dumps({"type": "act", "text": str(choice)}))
                    acted += 1
                    if acted == leave_after:
                        return
            elif kind == "settlement":
                record = message.pop("record")  # the whole deal and its seed, now the round is over
                played = mask(" ".join(a.get("cards", "") for a in record["actions"]))
                left = mask(" ".join(message["result"]["hands"]))  # shown when the round ends
                rest = json.dumps(message, ensure_ascii=False)
                assert cards_in(rest) & ~(self.dealt | played | left) == 0
                assert type(record["seed"]) is int and record["hands"][self.seat] == format_cards(self.dealt)
                if self.seat == 0:  # one replay per round is enough
                    assert Round.from_dict(record).is_over  # its seed deals exactly its hands
                self.settled += 1
                if self.settled < self.rounds:
                    await self.socket.send(json.dumps({"type": "next"}))


async def four_players(port: int, room: str, rules: str, rounds: int) -> list[Player]:
    async with client(port) as a, client(port) as b, client(port) as c, client(port) as d:
        players = [Player(s, rounds) for s in (a, b, c, d)]
        for player in players:
            await player.socket.send(json.dumps({"type": "join", "room": room, "rules": rules, "humans": 4}))
        await asyncio.gather(*(p.play() for p in players))
        return players


def replays(lobby: Lobby, room: str) -> int:
    """The number of stored records of the room, after checking each replays to its settlement."""
    table = lobby.rooms[room].table
    for record, stored in table.records:
        round_ = Round.from_json(record)
        assert settle(round_.result, table.rules, unit=table.unit) == Settlement.from_dict(stored)
    return len(table.records)


def play_profile(name: str) -> int:
    """Four clients play ``ROUNDS`` rounds of one profile on a server of their own; returns how
    many stored records replayed to their settlements."""

    async def play(lobby: Lobby, port: int) -> int:
        await four_players(port, name, name, ROUNDS)
        return replays(lobby, name)

    return run(play, limits=Limits(rounds_kept=KEPT, rate=10**6, burst=10**6))  # bots send faster than people


def test_four_clients_play_every_profile() -> None:
    # One server per profile, two at a time: CI has two cores. spawn, as the server's own pool: fork
    # does not exist on Windows and is not macOS's default.
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("spawn")) as pool:
        assert list(pool.map(play_profile, PROFILES)) == [KEPT] * len(PROFILES)  # the last ones


def test_a_client_that_leaves_mid_round_comes_back_with_its_token(tmp_path: Path) -> None:
    async def play(lobby: Lobby, port: int) -> None:
        async with client(port) as socket:
            await socket.send(json.dumps({"type": "join", "room": "back", "rules": "iwin"}))
            player = Player(socket, rounds=1)
            await player.play(leave_after=2)
        table = lobby.rooms["back"].table
        assert table.round is not None and not table.round.is_over, "the client left after the round"
        seat, token = player.seat, player.token
        async with client(port) as socket:
            await socket.send(json.dumps({"type": "join", "room": "back", "token": token}))
            player.socket = socket
            await player.play()  # the welcome, then its view (same hand: the leak check says so)
        assert (player.seat, player.token) == (seat, token)
        assert replays(lobby, "back") == 1

    run(play, records=tmp_path)
    (written,) = tmp_path.iterdir()  # the finished round's record, written by the server
    assert written.name == "room000001-round000001.json" and Round.from_json(written.read_text(encoding="utf-8")).is_over


def test_bad_messages_get_an_error_frame_and_leave_the_table_alone() -> None:
    async def play(lobby: Lobby, port: int) -> None:
        async with client(port) as socket:
            await socket.send("{not json")
            assert (await receive(socket))[1] == {
                "type": "error",
                "reason": "the message is not JSON",
                "code": "not-json",
                "params": {},
            }
            await socket.send(json.dumps({"type": "act", "text": "pass"}))
            assert "join a room first" in (await receive(socket))[1]["reason"]
            await socket.send(json.dumps({"type": "join", "room": "bad", "rules": "poker"}))
            reason = (await receive(socket))[1]["reason"]
            assert reason == "rules: no such profile 'poker'; the profiles are " + ", ".join(PROFILES)
            assert "counting" in reason
            await socket.send(json.dumps({"type": "join", "room": "bad", "rules": "from = 'house'\nstraight_min = ="}))
            assert (await receive(socket))[1]["reason"].startswith("rules: ")
            await socket.send(
                json.dumps(
                    {"type": "join", "room": "bad", "rules": "from = 'house'\nname = 'long-straights'\nstraight_min = 4\n"}
                )
            )
            assert (await receive(socket))[1]["type"] == "welcome"
            message = await my_turn(socket, 0)
            table = lobby.rooms["bad"].table
            assert table.rules.straight_min == 4
            before = table.round
            for junk in (
                "x" * (MAX_MESSAGE + 1),
                json.dumps({"type": "dance"}),
                json.dumps([1, 2]),
                json.dumps({"type": "act", "text": 7}),
            ):
                await socket.send(junk)
                assert (await receive(socket))[1]["type"] == "error"
            await socket.send(json.dumps({"type": "act", "text": "play 3q"}))
            refused = (await receive(socket))[1]
            assert refused["type"] == "refused" and "cannot read '3q'" in refused["reason"]
            await socket.send(json.dumps({"type": "act", "text": "2♠ 2♣ 2♦ 2♥ 3♠"}))
            refused = (await receive(socket))[1]
            assert refused["type"] == "refused" and "is not a combination" in refused["reason"]
            assert table.round is before
            view = PlayerView.from_dict(message["view"])
            await socket.send(json.dumps({"type": "act", "text": str(view.legal_actions[0])}))
            assert (await receive(socket))[1]["type"] == "view"  # the table plays on
            assert table.round is not before
            await socket.send(json.dumps({"type": "join", "room": "other", "token": "nope"}))
            assert "already has a seat" in (await skip_views(socket))["reason"]
        async with client(port) as socket:
            await socket.send(json.dumps({"type": "join", "room": "bad", "token": "nope"}))
            assert "unknown token" in (await receive(socket))[1]["reason"]
            await socket.send(json.dumps({"type": "join", "room": "bad"}))
            assert "the table is full" in (await receive(socket))[1]["reason"]

    run(play)


def test_each_seat_reads_refusals_in_its_own_language_with_their_codes() -> None:
    """A seat that joins with ``"lang": "vi"`` is refused in Vietnamese; every refusal carries the
    library's code and parameters; ``{"type": "lang"}`` switches language mid-round."""

    async def play(lobby: Lobby, port: int) -> None:
        async with client(port) as socket:
            await socket.send(json.dumps({"type": "join", "room": "vi", "lang": "klingon"}))
            assert (await receive(socket))[1]["code"] == "bad-lang"
            await socket.send(json.dumps({"type": "join", "room": "vi", "lang": "vi"}))
            assert (await receive(socket))[1]["type"] == "welcome"
            assert (await receive(socket))[1] == {"type": "lang", "lang": "vi"}
            await my_turn(socket, 0)
            await socket.send(json.dumps({"type": "act", "text": "2♠ 2♣ 2♦ 2♥ 3♠"}))
            refused = (await receive(socket))[1]
            assert refused["type"] == "refused" and "không phải là một bộ" in refused["reason"], refused
            assert refused["code"] == "not-a-combination" and refused["params"]["reason"]["code"] == "mixed-ranks"
            await socket.send(json.dumps({"type": "lang", "lang": "en"}))
            assert (await receive(socket))[1] == {"type": "lang", "lang": "en"}
            await socket.send(json.dumps({"type": "act", "text": "2♠ 2♣ 2♦ 2♥ 3♠"}))
            again = (await receive(socket))[1]
            assert (again["code"], again["params"]) == (refused["code"], refused["params"]) and "is not a combination" in again[
                "reason"
            ]

    run(play)


def test_a_settlement_is_written_again_in_the_language_the_seat_switches_to() -> None:
    """Seed 11 deals seat 1 a dragon, an instant win: the settlement's lines and its instant wins
    are written in the seat's language, and sent again when it switches (not when it sends the
    language it already reads); the next join's catch-up is in the new language too."""
    table = Table(HOUSE, seeds=itertools.chain([11] * 4, itertools.count(20)).__next__)  # three bots' seeds, then the deal's
    _, token, out = table.join(None)
    settled = messages(out, "settlement")[0]
    assert settled["instant_wins"] == ["seat 1 wins at once with dragon"]
    assert settled["lines"][0] == "seat 0 pays seat 1 8,000: instant win: dragon"
    out = table.set_lang(0, "vi")
    assert [m["type"] for _, m in out] == ["lang", "settlement"]
    again = messages(out, "settlement")[0]
    assert again["instant_wins"] == ["ghế 1 tới trắng bằng sảnh rồng"]
    assert again["lines"][0] == "ghế 0 trả ghế 1 8.000: tới trắng: sảnh rồng"
    assert again["lines"][-1].startswith("tổng (chip): ghế 0 -8.000")
    assert {k: v for k, v in again.items() if k not in ("lines", "instant_wins")} == {
        k: v for k, v in settled.items() if k not in ("lines", "instant_wins")
    }
    assert table.set_lang(0, "vi") == [(0, {"type": "lang", "lang": "vi"})]
    assert messages(table.join(token)[2], "settlement")[0]["lines"] == again["lines"]
    table.next_round(0)  # the round in play has no settlement to write again
    assert table.set_lang(0, "en") == [(0, {"type": "lang", "lang": "en"})]


def test_the_page_is_served_beside_the_websocket() -> None:
    async def fetch(lobby: Lobby, port: int) -> str:
        def get() -> str:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/") as response:
                assert response.headers["Content-Type"] == "text/html; charset=utf-8"
                return str(response.read().decode("utf-8"))

        return await asyncio.to_thread(get)

    assert "<title>" in run(fetch)


def chop_position() -> Table:
    """An iwin table of four people where seat 0 is to lead, holding a 2 that seat 2 may chop
    out of turn with a PR4."""
    table = Table(IWIN, humans=4)
    for _ in range(4):
        table.join(None)
    hands = ["2♥ 3♣", "4♠ 5♠", "6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣ 10♦", "J♠ J♣"]
    table.start_round(Round.from_hands(hands, IWIN, leader=0))
    return table


def messages(out: list[tuple[int, dict[str, Any]]], kind: str = "view") -> dict[int, dict[str, Any]]:
    return {seat: message for seat, message in out if message["type"] == kind}


def test_a_chop_is_offered_to_the_seat_that_may_make_it_and_the_seat_to_act_waits() -> None:
    table = chop_position()
    views = messages(table.act(0, "2♥"))
    assert sorted(views) == [0, 1, 2, 3]
    assert [views[s]["offer"] for s in range(4)] == [False, False, True, False]
    assert all(v["waiting"] == [2] for v in views.values())
    offered = PlayerView.from_dict(views[2]["view"])
    assert offered.parse_action("chop 6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣") in offered.legal_actions
    refused = messages(table.act(1, "4♠"), "refused")
    assert refused[1]["reason"] == "wait: seat 2 may chop out of turn first"
    declined = messages(table.act(2, "pass"))  # declining lets play go on: everyone is told
    assert sorted(declined) == [0, 1, 2, 3] and all(v["waiting"] == [] for v in declined.values())
    assert messages(table.act(1, "pass"))[1]["view"]["to_act"] == 2


def test_a_chop_out_of_turn_is_played_by_the_seat_offered_it() -> None:
    table = chop_position()
    table.act(0, "2♥")
    views = messages(table.act(2, "chop 6s 6c 7s 7c 8s 8c 9s 9c"))
    table_combo = views[0]["view"]["table"]
    assert table_combo == {"kind": "pair_run", "cards": "6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣"}
    assert views[0]["view"]["history"][-1] == {
        "event": "chop",
        "trick": 1,
        "index": 1,
        "chopper": 2,
        "chopped": 0,
        "chopped_combo": {"kind": "single", "cards": "2♥"},
        "by": table_combo,
    }


def test_moves_written_in_vietnamese_are_played_at_the_table() -> None:
    table = chop_position()
    assert messages(table.act(0, "heo cơ"))[0]["view"]["table"] == {"kind": "single", "cards": "2♥"}
    chopped = messages(table.act(2, "chặt 6 bích 6 chuồn 7 bich 7 chuon 8 bích 8 nhép 9 BÍCH 9 tép"))
    assert chopped[0]["view"]["table"] == {"kind": "pair_run", "cards": "6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣"}
    to_act = chopped[0]["view"]["to_act"]
    last = messages(table.act(to_act, "bỏ lượt"))[0]["view"]["history"][-1]
    assert (last["event"], last["seat"]) == ("passed", to_act)


def test_the_server_runs_from_the_command_line() -> None:
    """As the game-server how-to says to run it, writing nothing into the checkout."""
    examples = Path(__file__).resolve().parent.parent / "examples"
    howto = (examples.parent / "docs" / "howto" / "game-server.rst").read_text(encoding="utf-8")
    assert "    python -m table_server --port 8765\n" in howto
    before = {p.name for p in examples.iterdir()}
    server = subprocess.Popen(
        [sys.executable, "-m", "table_server", "--port", "0"], cwd=examples, stdout=subprocess.PIPE, text=True, encoding="utf-8"
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        address = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert address, line
        with urllib.request.urlopen(f"http://127.0.0.1:{address.group(1)}/", timeout=30) as response:
            assert b"<title>" in response.read()
    finally:
        server.terminate()
        server.wait(30)
    assert {p.name for p in examples.iterdir()} <= before | {"__pycache__"}


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (read from ``/proc``)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(stat.parent.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes from /proc (Linux)")
def test_the_server_stopped_from_the_command_line_stops_its_workers() -> None:
    """SIGTERM closes the server as Ctrl-C does: the worker processes that search for its bots
    end with it, rather than being left behind."""
    examples = Path(__file__).resolve().parent.parent / "examples"
    command = [sys.executable, "-m", "table_server", "--port", "0", "--workers", "1"]
    left: list[int] = []
    server = subprocess.Popen(command, cwd=examples, stdout=subprocess.PIPE, text=True, encoding="utf-8")
    try:
        assert server.stdout is not None
        address = re.search(r"http://127\.0\.0\.1:(\d+)/", server.stdout.readline())
        assert address

        async def until_searching() -> set[int]:
            async with client_with(int(address.group(1))) as socket:
                await socket.send(json.dumps({"type": "join", "room": "deep", "level": 5}))
                playing = asyncio.create_task(play_along(socket))
                try:
                    while len(found := children(server.pid)) < 2:  # the pool's resource tracker, and a worker
                        await asyncio.sleep(0.05)
                    return found
                finally:
                    playing.cancel()

        workers = asyncio.run(asyncio.wait_for(until_searching(), 60))
        server.terminate()
        stopped = server.wait(60)
        for _ in range(300):
            left = [pid for pid in workers if Path(f"/proc/{pid}").exists()]
            if not left:
                break
            time.sleep(0.1)
    finally:
        server.kill()
        server.wait(60)
        for pid in left:
            os.kill(pid, signal.SIGKILL)  # started by this test's server: not left running
    assert stopped == 0
    assert not left, "worker processes outlived the server"


def test_a_hint_ranks_the_seats_actions_and_search_bots_play_the_round() -> None:
    async def play(lobby: Lobby, port: int) -> None:
        async with client(port) as socket:
            await socket.send(json.dumps({"type": "join", "room": "hinted", "rules": "house", "players": 2, "level": 1}))
            _, welcome = await receive(socket)
            seat = welcome["seat"]
            message = await my_turn(socket, seat)
            await socket.send(json.dumps({"type": "hint"}))
            hinted = await skip_views(socket)
            assert hinted["type"] == "hint" and hinted["hints"]
            round_ = lobby.rooms["hinted"].table.round
            assert round_ is not None
            legal = {str(a) for a in round_.view(seat).legal_actions}
            assert {h["action"] for h in hinted["hints"]} <= legal and all(0 <= h["win"] <= 1 for h in hinted["hints"])
            # and what the search infers of the other seat: how it plays, its chance of holding a 2
            [other] = hinted["seats"]
            assert (
                other["seat"] == 1 - seat and other["plays_like"] in ("greedy", "greedy-plan", None) and 0 <= other["twos"] <= 1
            )
            assert message["view"]["to_act"] == seat
            await socket.send(json.dumps({"type": "act", "text": hinted["hints"][0]["action"]}))
            _, after = await receive(socket)
            assert after["type"] in ("view", "settlement")
        async with client(port) as other:
            await other.send(json.dumps({"type": "join", "room": "bad", "level": 9}))
            _, refused = await receive(other)
            assert refused["type"] == "error" and "level" in refused["reason"]

    run(play, timeout=120)


# ====================================================================== hostile clients

QUICK = Limits(rate=10**6, burst=10**6)  # no rate limit, for the tests of other bounds


def run_quick(
    test: Callable[[Lobby, int], Awaitable[T]],
    *,
    limits: Limits = QUICK,
    records: Path | None = None,
    seeds: Callable[[], int] | None = None,
) -> T:
    """Run ``test`` against a server of its own. Its seeds count up from 1 (so a test does not
    meet a round won at the deal by chance), unless it asks for others."""

    async def main() -> T:
        lobby = Lobby(limits=limits, records=records, seeds=seeds or itertools.count(1).__next__)
        try:
            async with await start(lobby, "127.0.0.1", 0) as server:
                port = next(iter(server.sockets)).getsockname()[1]
                return await asyncio.wait_for(test(lobby, port), 120)
        finally:
            lobby.close()

    return asyncio.run(main())


@asynccontextmanager
async def client_with(port: int, **options: Any) -> AsyncIterator[ClientConnection]:
    async with connect(f"ws://127.0.0.1:{port}/ws", open_timeout=30, **options) as socket:
        yield socket


async def ask(socket: ClientConnection, message: dict[str, Any] | str | bytes) -> dict[str, Any]:
    await socket.send(message if isinstance(message, (str, bytes)) else json.dumps(message))
    return await receive_payload(socket)


async def receive_payload(socket: ClientConnection) -> dict[str, Any]:
    raw = await socket.recv()
    assert isinstance(raw, str)
    found: dict[str, Any] = json.loads(raw)
    return found


async def until(socket: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        message = await receive_payload(socket)
        if message["type"] == kind:
            return message


async def closed_with(socket: ClientConnection) -> int | None:
    """Read until the server closes the connection; its close code."""
    with pytest.raises(ConnectionClosed):
        for _ in range(10_000):
            await socket.recv()
    return socket.close_code


def rss() -> int:
    """This process's resident memory now, in bytes."""
    with open("/proc/self/statm", encoding="ascii") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


async def _my_view(socket: ClientConnection) -> dict[str, Any]:
    while True:
        message = await receive_payload(socket)
        assert message["type"] in ("welcome", "view"), message
        if message["type"] == "view" and message["view"]["to_act"] == 0 and not message["waiting"]:
            return message


# ---------------------------------------------------------------------------- slow readers
SLOW = Limits(send_seconds=1.5, send_buffer_bytes=4096, rate=10**6, burst=10**6)


REFUSED_TEXT = "x" * 3900  # a refused act echoes its text: about 4 KB a reply


async def unread_replies(lobby: Lobby, port: int, pause: float) -> tuple[int, int]:
    """Take a seat, then send 300 acts that are refused without reading a reply for ``pause``
    seconds (the client's queue holds one message, so the replies back up in the server), then
    read them all. The replies read, and the connections the server still holds after the pause.
    The client's socket takes in little (a small receive buffer), so the operating system does not
    read for it what it does not read itself."""
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    raw.setblocking(False)
    await asyncio.get_running_loop().sock_connect(raw, ("127.0.0.1", port))
    async with client_with(port, max_queue=1, sock=raw) as ws:
        await ws.send(json.dumps({"type": "join", "room": "slow"}))
        await until(ws, "view")
        flood = json.dumps({"type": "act", "text": REFUSED_TEXT})
        sending = asyncio.gather(*(ws.send(flood) for _ in range(300)))
        await asyncio.sleep(pause)
        held = lobby.connections
        read = 0
        with contextlib.suppress(ConnectionClosed):
            while read < 300:
                read += (await receive_payload(ws))["type"] == "refused"
        sending.cancel()
        with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
            await sending
        return read, held


# ---------------------------------------------------------------------------- seeds
def test_no_client_learns_a_seed_before_the_round_ends() -> None:
    async def play(lobby: Lobby, port: int) -> list[int]:
        seeds = []
        async with client_with(port) as socket:
            refused = await ask(socket, {"type": "join", "room": "s", "seed": 424242})
            assert refused["reason"].startswith("seed: the server deals from seeds nobody can choose")
            assert "s" not in lobby.rooms
            await socket.send(json.dumps({"type": "join", "room": "s"}))
            for _ in range(2):
                before: list[str] = []
                while True:
                    raw = await socket.recv()
                    assert isinstance(raw, str)
                    message = json.loads(raw)
                    if message["type"] == "settlement":
                        break
                    before.append(raw)
                    if message["type"] == "view" and message["view"]["to_act"] == 0:
                        choice = GreedyAgent().act(PlayerView.from_dict(message["view"]))
                        await socket.send(json.dumps({"type": "act", "text": str(choice)}))
                seed = message["record"]["seed"]
                # Revealed with the record once the round is over: it deals the hands the round had.
                assert Round.from_dict(message["record"]).seed == seed
                assert all('"seed"' not in raw and str(seed) not in raw for raw in before)
                seeds.append(seed)
                await socket.send(json.dumps({"type": "next"}))
        return seeds

    first, second = run_quick(play, seeds=secret_seed)
    assert first != second and second != first + 1  # fresh randomness, not a counter


def test_each_round_is_dealt_from_the_tables_seed_source() -> None:
    drawn = iter(range(100, 200))
    table = Table(HOUSE, seeds=lambda: next(drawn))
    table.join(None)
    assert table.round is not None and table.round.seed == 103  # three bots drew theirs first


# ---------------------------------------------------------------------------- seats and tokens
def test_a_client_cannot_act_for_another_seat() -> None:
    async def play(lobby: Lobby, port: int) -> None:
        async with client_with(port) as zero, client_with(port) as one:
            await zero.send(json.dumps({"type": "join", "room": "two", "humans": 2}))
            await one.send(json.dumps({"type": "join", "room": "two"}))
            assert (await until(one, "welcome"))["seat"] == 1
            await until(one, "view")
            table = lobby.rooms["two"].table
            before = table.round
            assert before is not None and before.to_act in (0, 1), "the bots have played up to a person"
            actor = before.to_act
            intruder = {0: one, 1: zero}[actor]
            legal = str(before.legal_actions()[0]).split(" ", 2)[2]  # the actor's move, without "seat N"
            for text in (f"seat {actor} pass", f"seat {actor} {legal}", legal, "seat ² pass", f"seat {1 - actor} pass"):
                await intruder.send(json.dumps({"type": "act", "text": text}))
                refused = await until(intruder, "refused")
                assert refused["text"] == text, refused
                assert table.round is before

    run_quick(play)


def test_guessed_and_replayed_tokens_take_no_seat() -> None:
    async def play(lobby: Lobby, port: int) -> None:
        async with client_with(port) as owner, client_with(port) as other:
            token = (await ask(owner, {"type": "join", "room": "a"}))["token"]
            for _ in range(300):  # guesses
                guess = secrets.token_urlsafe(16)
                assert (await ask(other, {"type": "join", "room": "a", "token": guess}))["reason"].startswith("unknown token")
            reply = await ask(other, {"type": "join", "room": "b", "token": token})  # replayed in another room
            assert reply["reason"] == "unknown token: there is no such room (join without a token to make it)"
            assert "b" not in lobby.rooms
            await other.send(json.dumps({"type": "join", "room": "b"}))
            assert (await until(other, "welcome"))["seat"] == 0
            await other.send(json.dumps({"type": "join", "room": "a", "token": token}))
            assert (await until(other, "error"))["reason"] == "this connection already has a seat"
        async with client_with(port) as thief:  # the token itself is the seat: a reconnect takes it back
            assert (await ask(thief, {"type": "join", "room": "a", "token": token}))["seat"] == 0

    run_quick(play)


# ---------------------------------------------------------------------------- frames
def test_message_size_is_counted_in_bytes_at_the_boundary_and_past_it() -> None:
    limit = QUICK.message_bytes

    async def play(lobby: Lobby, port: int) -> None:
        async with client_with(port) as socket:
            head = '{"type":"next","pad":"'
            spades = (limit - len(head) - 2) // 3  # ♠ is three bytes in UTF-8
            text = head + "♠" * spades + '"}'
            text = text[:-2] + " " * (limit - len(text.encode())) + '"}'
            assert len(text.encode()) == limit and len(text) < limit / 2
            assert (await ask(socket, text))["reason"].startswith("join a room first")
            over = text[:-2] + ' "}'
            reply = await ask(socket, over)
            assert reply["reason"] == f"the message is {limit + 1:,} bytes long; the limit is {limit:,}"
            assert (await ask(socket, b"{}"))["reason"] == "send messages as text frames of JSON"
            reply = await ask(socket, '{"type":"join","type":"act"}')
            assert reply["reason"] == "the message gives a key twice"
            assert (await ask(socket, '{"type":"join","unit":NaN}'))["reason"] == "the message is not JSON"
            assert (await ask(socket, "[" * 4000))["reason"] == "the message is not JSON"
            frame = QUICK.frame_bytes
            assert "bytes long" in (await ask(socket, " " * frame))["reason"]  # the largest frame read: refused whole
            await socket.send(" " * (frame + 1))
            assert await closed_with(socket) == 1009

    run_quick(play)


def test_a_flood_closes_the_connection_past_the_burst() -> None:
    limits = Limits(rate=1, burst=10)

    async def play(lobby: Lobby, port: int) -> None:
        async with client_with(port) as flooder, client_with(port) as bystander:
            for _ in range(limits.burst):  # at the boundary: each one answered
                assert (await ask(flooder, {"type": "next"}))["type"] == "error"
            await flooder.send(json.dumps({"type": "next"}))
            assert await closed_with(flooder) == 1008
            assert (await ask(bystander, {"type": "join", "room": "calm"}))["type"] == "welcome"
        async with client_with(port) as flooder:
            with contextlib.suppress(ConnectionClosed):
                for _ in range(300):  # without reading the replies
                    await flooder.send(json.dumps({"type": "next"}))
            assert await closed_with(flooder) == 1008

    run_quick(play, limits=limits)


# ---------------------------------------------------------------------------- connections and rooms
def test_two_hundred_connections_play_and_one_more_waits() -> None:
    limits = Limits(
        connections=200,
        connections_per_address=200,
        rooms_per_address=201,
        handshakes=200,
        handshakes_per_address=200,
        rate=10**6,
        burst=10**6,
    )

    async def play(lobby: Lobby, port: int) -> None:
        async def seat(number: int) -> ClientConnection:
            socket = await connect(f"ws://127.0.0.1:{port}/ws", open_timeout=60)
            await socket.send(json.dumps({"type": "join", "room": f"c{number}"}))
            assert (await receive_payload(socket))["type"] == "welcome"
            return socket

        sockets = await asyncio.gather(*(seat(n) for n in range(200)))
        try:
            assert lobby.connections == 200 and len(lobby.rooms) == 200
            async with client_with(port) as late:
                assert await closed_with(late) == 1013
            await sockets[0].close()
            await asyncio.sleep(0.2)
            async with client_with(port) as late:
                assert (await ask(late, {"type": "join", "room": "late"}))["type"] == "welcome"
        finally:
            await asyncio.gather(*(s.close() for s in sockets))

    run_quick(play, limits=limits)


def test_connections_from_one_address_are_bounded_at_the_boundary_and_past_it() -> None:
    limits = Limits(connections_per_address=3, rate=10**6, burst=10**6)

    async def play(lobby: Lobby, port: int) -> None:
        sockets = [await connect(f"ws://127.0.0.1:{port}/ws") for _ in range(3)]
        try:
            for number, socket in enumerate(sockets):  # at the boundary: each takes a seat and makes a room
                assert (await ask(socket, {"type": "join", "room": f"a{number}"}))["type"] == "welcome"
            assert lobby.addresses == {"127.0.0.1": 3} and len(lobby.rooms) == 3
            async with client_with(port) as fourth:  # past it
                assert await closed_with(fourth) == 1013
                assert fourth.close_reason == "too many connections from your address; try again later"
            assert len(lobby.rooms) == 3
            await sockets[0].close()
            await asyncio.sleep(0.2)
            async with client_with(port) as again:
                assert (await ask(again, {"type": "join", "room": "again"}))["type"] == "welcome"
        finally:
            await asyncio.gather(*(s.close() for s in sockets))
        await asyncio.sleep(0.2)
        assert lobby.addresses == {}

    run_quick(play, limits=limits)


def test_one_address_cannot_fill_the_server_with_rooms_and_another_still_joins() -> None:
    """The audit's reproducer: 512 times (connect from one address, make room fill<i>, close) made
    a room each time, until the server was full for everyone. Rooms stay open after their people
    leave, so they are counted per address that made them: at the bound, past it, and from
    another address (127.0.0.2, also this machine)."""
    limits = Limits(rooms=64, rooms_per_address=8, rate=10**6, burst=10**6)

    async def play(lobby: Lobby, port: int) -> None:
        replies = []
        for number in range(512):
            async with client_with(port) as socket:
                replies.append(await ask(socket, {"type": "join", "room": f"fill{number}"}))
        assert [r["type"] for r in replies[:8]] == ["welcome"] * 8  # at the bound
        assert {r["code"] for r in replies[8:]} == {"too-many-rooms"}  # past it, every time
        assert replies[8]["reason"].startswith("your address has 8 rooms open, its limit")
        assert len(lobby.rooms) == 8 and lobby.made == {"127.0.0.1": 8}
        async with client_with(port) as socket:  # its own rooms are still its to come back to
            reply = await ask(socket, {"type": "join", "room": "fill0", "token": replies[0]["token"]})
            assert reply["type"] == "welcome"
        async with client_with(port, local_addr=("127.0.0.2", 0)) as stranger:
            assert (await ask(stranger, {"type": "join", "room": "mine"}))["type"] == "welcome"
        assert lobby.made == {"127.0.0.1": 8, "127.0.0.2": 1}

    run_quick(play, limits=limits)


def test_a_closed_room_no_longer_counts_for_the_address_that_made_it() -> None:
    limits = Limits(rooms_per_address=1, idle_seconds=0.5, turn_seconds=60, rate=10**6, burst=10**6)

    async def play(lobby: Lobby, port: int) -> None:
        async with client_with(port) as socket:
            assert (await ask(socket, {"type": "join", "room": "first"}))["type"] == "welcome"
        async with client_with(port) as socket:
            assert (await ask(socket, {"type": "join", "room": "second"}))["code"] == "too-many-rooms"
            await asyncio.sleep(limits.idle_seconds + 0.3)
            assert not lobby.rooms and not lobby.made
            assert (await ask(socket, {"type": "join", "room": "second"}))["type"] == "welcome"

    run_quick(play, limits=limits)


def test_the_number_of_rooms_is_bounded() -> None:
    limits = Limits(rooms=5, rate=10**6, burst=10**6)

    async def play(lobby: Lobby, port: int) -> None:
        sockets = []
        for number in range(5):
            socket = await connect(f"ws://127.0.0.1:{port}/ws")
            sockets.append(socket)
            assert (await ask(socket, {"type": "join", "room": f"r{number}"}))["type"] == "welcome"
        async with client_with(port) as sixth:
            assert (await ask(sixth, {"type": "join", "room": "r5"}))["reason"].startswith("the server has 5 rooms open")
            assert (await ask(sixth, {"type": "join", "room": "r0"}))["reason"].startswith("the table is full")
        await asyncio.gather(*(s.close() for s in sockets))

    run_quick(play, limits=limits)


def test_ten_thousand_joins_from_one_connection_make_one_room_in_bounded_memory() -> None:
    async def play(lobby: Lobby, port: int) -> None:
        async with client_with(port) as socket:
            start = rss()
            for batch in range(100):
                for number in range(100):
                    token = None if (batch, number) == (0, 0) else f"bogus{number}" if number % 2 else None
                    await socket.send(json.dumps({"type": "join", "room": f"j{batch}-{number}", "token": token}))
                for number in range(100):
                    message = await receive_payload(socket)
                    while message["type"] in ("view", "waiting"):
                        message = await receive_payload(socket)
                    if (batch, number) != (0, 0):
                        assert message["type"] == "error", message
            assert len(lobby.rooms) == 1
            assert rss() - start < 16 << 20

    run_quick(play)


def test_a_room_name_is_never_a_path(tmp_path: Path) -> None:
    records = tmp_path / "records"
    records.mkdir()

    async def play(lobby: Lobby, port: int) -> None:
        async with client_with(port) as socket:
            for name in ("../escaped", "/etc/x", "/", "a\x00b", "a/b", "..", "", "é", "x" * 41, 7):
                reply = await ask(socket, {"type": "join", "room": name})
                assert reply["reason"] == "room must be a name of 1 to 40 letters, digits, - or _", name
            assert not lobby.rooms
            await socket.send(json.dumps({"type": "join", "room": "x" * 40}))
            while (await receive_payload(socket))["type"] != "settlement":
                pass  # nobody acts: the turn timer plays for the person

    run_quick(play, limits=Limits(turn_seconds=0.01, rate=10**6, burst=10**6), records=records)
    assert [p.name for p in tmp_path.rglob("*")] == ["records", "room000001-round000001.json"]


# ---------------------------------------------------------------------------- handler crashes
@pytest.mark.parametrize(
    ("join", "reason"),
    [
        ({"unit": 10**16}, "unit must be a whole number from 1 to 10**15, not 10000000000000000"),
        ({"unit": 0}, "unit must be a whole number from 1 to 10**15, not 0"),
        ({"seed": 2**64}, "seed: the server deals"),
        ({"humans": True}, "humans must be a whole number from 1 to 10**15, not True"),
        ({"players": 5}, "house is played by 2 to 4 players, not 5"),
        ({"humans": 5}, "humans must be from 1 to 4, not 5"),
        ({"rules": ["house"]}, "rules is a profile name or the text of a TOML rules file"),
        ({"rules": "counting "}, "rules: no such profile 'counting '"),
        ({"token": 5}, "token must be the text the welcome message gave"),
    ],
)
def test_bad_numbers_are_refused_and_the_connection_stays(join: dict[str, Any], reason: str) -> None:
    async def play(lobby: Lobby, port: int) -> None:
        async with client_with(port) as socket:
            reply = await ask(socket, {"type": "join", "room": "n"} | join)
            assert reply["type"] == "error" and reply["reason"].startswith(reason), reply
            assert (await ask(socket, {"type": "join", "room": "n", "unit": 10**15}))["type"] == "welcome"

    run_quick(play)


# ---------------------------------------------------------------------------- origins
def test_only_the_servers_own_page_may_connect_from_a_browser() -> None:
    async def play(lobby: Lobby, port: int) -> None:
        for origin in ("http://evil.example", f"http://127.0.0.1:{port + 1}", "null"):
            with pytest.raises(InvalidStatus) as refused:
                async with client_with(port, origin=origin):
                    pass
            assert refused.value.response.status_code == 403
        for allowed in (f"http://127.0.0.1:{port}", "https://tables.example", None):
            async with client_with(port, origin=allowed) as socket:
                assert (await ask(socket, {"type": "next"}))["type"] == "error"

    async def with_origins() -> None:
        lobby = Lobby(origins=("https://tables.example",))
        async with await start(lobby, "127.0.0.1", 0) as server:
            await asyncio.wait_for(play(lobby, next(iter(server.sockets)).getsockname()[1]), 60)

    asyncio.run(with_origins())


# ---------------------------------------------------------------------------- timers
def test_the_turn_timer_plays_for_a_person_who_does_not_answer() -> None:
    async def play(lobby: Lobby, port: int) -> None:
        async with client_with(port) as socket:
            await socket.send(json.dumps({"type": "join", "room": "t"}))
            view = await _my_view(socket)
            choice = GreedyAgent().act(PlayerView.from_dict(view["view"]))
            await socket.send(json.dumps({"type": "act", "text": str(choice)}))  # in time: played as sent
            await _my_view(socket)
            timed_out = await until(socket, "timed_out")  # then nothing: played for after the limit
            assert timed_out["text"].startswith("seat 0 ")

    run_quick(play, limits=Limits(turn_seconds=2, rate=10**6, burst=10**6))


def test_messages_that_change_nothing_do_not_restart_the_turn_timer() -> None:
    """A person to act who keeps sending ``lang`` (or anything the table refuses) is played for
    ``turn_seconds`` after the turn began, not after the last message: talking cannot hold a
    room up."""
    turn = 1.0

    async def play(lobby: Lobby, port: int) -> None:
        async with client_with(port) as socket:
            await socket.send(json.dumps({"type": "join", "room": "talker"}))
            await _my_view(socket)
            began = time.monotonic()

            async def talk() -> None:
                while True:
                    await asyncio.sleep(turn / 5)
                    await socket.send(json.dumps({"type": "lang", "lang": "vi"}))

            talker = asyncio.create_task(talk())
            try:
                await asyncio.wait_for(until(socket, "timed_out"), 10 * turn)
            finally:
                talker.cancel()
            assert time.monotonic() - began < turn + 0.8

    run_quick(play, limits=Limits(turn_seconds=turn, rate=10**6, burst=10**6))


def test_a_chop_offer_left_unanswered_is_declined() -> None:
    table = Table(IWIN, humans=4)
    for _ in range(4):
        table.join(None)
    hands = ["2♥ 3♣", "4♠ 5♠", "6♠ 6♣ 7♠ 7♣ 8♠ 8♣ 9♠ 9♣ 10♦", "J♠ J♣"]
    table.start_round(Round.from_hands(hands, IWIN, leader=0))
    table.act(0, "2♥")
    assert table.offered == {2} and table.waits_on_people()
    out = table.time_out()
    assert not table.offered and all(m["waiting"] == [] for _, m in out if m["type"] == "view")
    assert table.round is not None and table.round.to_act == 1  # seat 1 now waits, for its own timer


def test_an_idle_room_is_closed_and_a_busy_one_is_not() -> None:
    async def play(lobby: Lobby, port: int) -> None:
        async with client_with(port) as busy, client_with(port) as idle:
            await busy.send(json.dumps({"type": "join", "room": "busy"}))
            await idle.send(json.dumps({"type": "join", "room": "idle"}))
            for _ in range(6):  # 0.6 s of messages, each sooner than the limit
                await asyncio.sleep(0.1)
                await busy.send(json.dumps({"type": "next"}))
            assert await closed_with(idle) == 4001
            assert "idle" not in lobby.rooms and "busy" in lobby.rooms

    run_quick(play, limits=Limits(idle_seconds=0.4, turn_seconds=60, rate=10**6, burst=10**6))


def test_a_room_whose_people_left_closes_idle_seconds_after_their_last_message() -> None:
    """The audit's reproducer: with its only person gone, a room lived on while the turn timer
    played for the empty seat, each timed-out turn restarting the idle timer. Only a person's
    message does now."""
    limits = Limits(idle_seconds=1, turn_seconds=0.2, rate=10**6, burst=10**6)

    async def play(lobby: Lobby, port: int) -> None:
        async with client_with(port) as socket:
            await socket.send(json.dumps({"type": "join", "room": "left"}))
            await _my_view(socket)
        left = time.monotonic()  # the join was the last message, sent before this
        table = lobby.rooms["left"].table
        assert table.round is not None
        acted = len(table.round.actions)
        while "left" in lobby.rooms:
            await asyncio.sleep(0.02)
            assert time.monotonic() - left < 10
        assert time.monotonic() - left < limits.idle_seconds + 0.5
        assert table.round is not None and len(table.round.actions) > acted  # the turn timer played meanwhile
        assert not table.round.is_over  # and had more to play: it no longer keeps the room open

    run_quick(play, limits=limits)


def test_a_connection_that_does_not_join_in_time_is_closed() -> None:
    async def play(lobby: Lobby, port: int) -> None:
        async with client_with(port) as late, client_with(port) as prompt:
            assert (await ask(prompt, {"type": "join", "room": "p"}))["type"] == "welcome"
            assert await closed_with(late) == 1008
            await asyncio.sleep(0.1)
            await prompt.send(json.dumps({"type": "next"}))
            assert (await until(prompt, "refused"))["reason"] == "the round is still being played"  # seated: no deadline

    run_quick(play, limits=Limits(join_seconds=0.3, rate=10**6, burst=10**6))


def test_a_client_that_reads_late_but_within_the_bound_gets_every_reply() -> None:
    async def play(lobby: Lobby, port: int) -> None:
        read, held = await unread_replies(lobby, port, pause=0.5)
        assert (read, held) == (300, 1)

    run_quick(play, limits=SLOW)


def test_a_client_that_does_not_read_is_disconnected_past_the_bound() -> None:
    async def play(lobby: Lobby, port: int) -> None:
        read, held = await unread_replies(lobby, port, pause=SLOW.send_seconds + SLOW.close_seconds + 1)
        assert held == 0 and read < 300
        assert "slow" in lobby.rooms  # the seat waits for the client to come back with its token

    run_quick(play, limits=SLOW)


def worked_out(table: Table, out: Outbox, started: list[Search] | None = None) -> Outbox:
    """``out`` and what follows once each search the table starts is worked out here, as the
    server's workers do (each one started is added to ``started``)."""
    while (search := table.start_search()) is not None:
        if started is not None:
            started.append(search)
        out += table.searched(search, think(search))
    return out


def test_a_position_is_searched_once_per_seat_however_often_a_hint_is_asked() -> None:
    table = Table(HOUSE, players=2, level=1, seeds=itertools.count(5).__next__)
    worked_out(table, table.join(None)[2])  # the search bot leads
    round_ = table.round
    assert round_ is not None and round_.to_act == 0
    started: list[Search] = []
    replies = [worked_out(table, table.hint(0), started) for _ in range(50)]
    assert len(started) == 1 and started[0].hint and all(reply == replies[0] for reply in replies)
    assert replies[0][0][1]["hints"]
    worked_out(table, table.act(0, str(round_.legal_actions()[0])))
    worked_out(table, table.hint(0), started)
    assert len(started) == 2  # a new position is searched again


# ---------------------------------------------------------------------------- searches off the event loop
def test_a_table_hands_out_one_search_at_a_time_and_drops_a_result_the_round_has_passed() -> None:
    table = Table(HOUSE, players=2, level=1, seeds=itertools.count(5).__next__)
    table.join(None)
    bot = table.start_search()  # the search bot at seat 1 leads: the round waits on its search
    assert bot is not None and not bot.hint and bot.seat == 1 and table.round is not None and table.round.to_act == 1
    assert table.start_search() is None and not table.waits_on_people()
    assert messages(table.hint(0), "hint")[0]["hints"] == []  # nothing open to seat 0: no search
    assert messages(table.hint(0), "hint")[0]["seats"] == []
    assert table.act(0, "pass")[0][1]["code"] == "not-your-turn"
    views = messages(table.searched(bot, think(bot)))
    round_ = table.round
    assert round_ is not None and round_.to_act == 0 and views[0]["view"]["to_act"] == 0
    assert table.hint(0) == [] and table.wanted is not None
    asked = table.start_search()
    assert asked is not None and asked.hint
    assert messages(table.hint(0), "refused")[0]["code"] == "searching"  # one search per table at a time
    table.act(0, str(round_.legal_actions()[0]))  # seat 0 plays before its hint is ready
    assert table.wanted is not None and table.start_search() is None  # the bot's search waits for the hint's
    assert table.searched(asked, think(asked)) == []  # the hint is for a position that has passed: dropped
    following = table.start_search()
    assert following is not None and following is table.wanted and not following.hint
    assert messages(table.searched(following, think(following)))[0]["type"] == "view"
    assert table.round is not None and table.round.actions[-1] == think(following)  # the bot's move is played


def test_a_failed_search_plays_the_greedy_choice_or_refuses_the_hint() -> None:
    table = Table(HOUSE, players=2, level=1, seeds=itertools.count(5).__next__)
    table.join(None)
    bot = table.start_search()
    assert bot is not None and table.round is not None
    before = table.round
    table.searched(bot, None)
    assert table.round.actions[-1] == GreedyAgent().act(before.view(1))
    table.hint(0)
    asked = table.start_search()
    assert asked is not None
    assert messages(table.searched(asked, None), "refused")[0]["code"] == "hint-failed"


async def play_along(socket: ClientConnection) -> None:
    """Play seat 0 with the greedy bot's choices, round after round, until cancelled."""
    while True:
        message = await receive_payload(socket)
        if message["type"] == "view" and message["view"]["to_act"] == 0 and not message["waiting"]:
            choice = GreedyAgent().act(PlayerView.from_dict(message["view"]))
            await socket.send(json.dumps({"type": "act", "text": str(choice)}))
        elif message["type"] == "settlement":
            await socket.send(json.dumps({"type": "next"}))


async def played_for(table: Table, search: Search) -> Action:
    """The action the table played once ``search``, a bot's turn, was over."""
    assert search.view.to_act == search.seat  # a turn, not a chop weighed out of turn
    while True:
        round_ = table.round
        assert round_ is not None and table.played == search.position[0]
        if table.running is not search and len(round_.actions) > search.position[1]:
            return round_.actions[search.position[1]]
        await asyncio.sleep(0.01)


async def bot_search(lobby: Lobby, room: str) -> Search:
    """The next search a bot of ``room`` starts, seen as it starts."""
    while True:
        table = lobby.rooms[room].table if room in lobby.rooms else None
        if table is not None and table.running is not None and not table.running.hint:
            return table.running
        await asyncio.sleep(0.002)


async def started_workers() -> list[multiprocessing.process.BaseProcess]:
    """The search pool's worker processes, once started: a search may wait its turn in its
    address's queue before a worker starts for it."""
    while not (workers := multiprocessing.active_children()):
        await asyncio.sleep(0.01)
    return workers


def test_a_reply_arrives_while_a_bot_thinks_in_another_room() -> None:
    """The audit's reproducer: level-5 bots in one room (about a second of search a move) held up
    every other client's replies while they thought. Now they think in a worker process."""

    async def play(lobby: Lobby, port: int) -> None:
        async with client_with(port) as deep, client_with(port) as other:
            assert (await ask(other, {"type": "join", "room": "quick"}))["type"] == "welcome"
            await deep.send(json.dumps({"type": "join", "room": "deep", "level": 5, "rules": "house"}))
            playing = asyncio.create_task(play_along(deep))
            try:
                for _ in range(2):  # two moves of the bots
                    search = await bot_search(lobby, "deep")
                    table = lobby.rooms["deep"].table
                    sent = time.monotonic()
                    await other.send(json.dumps({"type": "lang", "lang": "vi"}))
                    assert await until(other, "lang") == {"type": "lang", "lang": "vi"}
                    took = time.monotonic() - sent
                    assert table.running is search, "the reply came only once the bot had thought"
                    assert took < 1, took
                    while table.running is search:
                        await asyncio.sleep(0.01)
            finally:
                playing.cancel()

    run_quick(play)


def test_a_killed_worker_lets_the_room_play_on_with_the_greedy_choice() -> None:
    async def play(lobby: Lobby, port: int) -> None:
        async with client_with(port) as socket:
            await socket.send(json.dumps({"type": "join", "room": "deep", "level": 5}))
            playing = asyncio.create_task(play_along(socket))
            try:
                search = await bot_search(lobby, "deep")
                table = lobby.rooms["deep"].table
                workers = await started_workers()  # the pool's, started for this search
                assert workers
                for worker in workers:
                    assert worker.pid is not None
                    os.kill(worker.pid, signal.SIGKILL)
                assert await played_for(table, search) == GreedyAgent().act(search.view)
                after = await bot_search(lobby, "deep")  # the next search runs in a new pool
                assert await played_for(table, after) in after.view.legal_actions  # searched in time: not always think(after)
            finally:
                playing.cancel()

    run_quick(play)


# ---------------------------------------------------------------------------- what is kept
def test_a_table_keeps_only_its_last_rounds() -> None:
    table = Table(HOUSE, kept=2)
    table.join(None)
    for number in range(3):
        while table.round is not None and not table.round.is_over:
            table.time_out()
        assert table.played == number + 1
        table.next_round(0)
    assert len(table.records) == 2 and table.match.rounds == 2
    assert [Round.from_json(record).is_over for record, _ in table.records] == [True, True]


def test_seats_are_labelled_bot_only_for_bots() -> None:
    table = Table(HOUSE, humans=2)
    (_, welcome), *_ = table.join(None)[2]
    assert welcome["seats"] == ["you", "player", "bot", "bot"]


def test_the_page_offers_every_profile() -> None:
    page = (Path(__file__).resolve().parent.parent / "examples" / "table_server" / "index.html").read_text(encoding="utf-8")
    assert "".join(f"<option>{name}</option>" for name in PROFILES) in page


def test_the_server_searches_in_worker_processes_started_with_spawn() -> None:
    """The pool of a real server, after a hint was searched in it: its workers are spawned (the
    same on every system, and safe whatever threads the server runs), never forked."""

    async def play(lobby: Lobby, port: int) -> str:
        async with client(port) as socket:
            await socket.send(json.dumps({"type": "join", "room": "spawned", "rules": "house", "players": 2, "level": 1}))
            _, welcome = await receive(socket)
            await my_turn(socket, welcome["seat"])
            await socket.send(json.dumps({"type": "hint"}))
            assert (await skip_views(socket))["type"] == "hint"
        pool = lobby._pool
        assert pool._processes, "the hint was not searched in a worker process"
        context = pool._mp_context
        assert context is not None
        return context.get_start_method()

    assert run(play) == "spawn"


# ====================================================================== many addresses (issue 49)
# The fourth audit attacked from several addresses at once. All of 127.0.0.0/8 is this machine on
# Linux, so a client binds to 127.x.y.z to come from an address of its own.


@asynccontextmanager
async def client_from(port: int, address: str, **options: Any) -> AsyncIterator[ClientConnection]:
    async with client_with(port, local_addr=(address, 0), **options) as socket:
        yield socket


def heavy_rules(**changes: Any) -> str:
    """A TOML rule set that makes as many plays as the rules allow: every run and straight the
    axes let a hand make, no instant win (so rounds are played), and ``changes``."""
    mapping = HOUSE.to_mapping() | {"name": "heavy", "straight_two_on_top": True, "triple_run_min": 2, "quad_run_min": 2}
    mapping |= {"longer_straight_beats": True, "instant_wins": {}, "first_lead_must_include": False} | changes
    return RuleSet.from_mapping(mapping).to_toml()


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[int(share * (len(ordered) - 1))]


async def lang_round_trips(socket: ClientConnection, count: int) -> list[float]:
    """``count`` lang messages, each timed to its answer (10 ms apart)."""
    times = []
    for number in range(count):
        lang = ("en", "vi")[number % 2]
        sent = time.monotonic()
        await socket.send(json.dumps({"type": "lang", "lang": lang}))
        while await receive_payload(socket) != {"type": "lang", "lang": lang}:
            pass
        times.append(time.monotonic() - sent)
        await asyncio.sleep(0.01)
    return times


async def play_paced(socket: ClientConnection, received: list[int], rate: float) -> None:
    """Play seat 0 with the greedy bot's choices at ``rate`` messages a second at most, round after
    round, until cancelled, adding up in ``received`` the bytes of each message and the largest."""
    while True:
        raw = await socket.recv()
        assert isinstance(raw, str)
        received[0] += len(raw.encode())
        received[1] = max(received[1], len(raw.encode()))
        message = json.loads(raw)
        if message["type"] == "view" and message["view"]["to_act"] == 0 and not message["waiting"]:
            await asyncio.sleep(1 / rate)
            choice = GreedyAgent().act(PlayerView.from_dict(message["view"]))
            await socket.send(json.dumps({"type": "act", "text": str(choice)}))
        elif message["type"] == "settlement":
            await asyncio.sleep(1 / rate)
            await socket.send(json.dumps({"type": "next"}))


def test_rules_that_deal_more_than_thirteen_cards_a_hand_are_refused_with_the_reason() -> None:
    """The audit's reproducer (D1): a valid 1.7 kB rule set dealing the whole deck to 2 players
    gave 6,088 plays a position and views of up to 3.5 MB, worked out on the event loop."""

    async def play(lobby: Lobby, port: int) -> None:
        async with client_with(port) as socket:
            for players, dealt in ((2, 26), (3, 18)):
                rules = heavy_rules(deal_whole_deck=True, max_players=3)
                refused = await ask(socket, {"type": "join", "room": "deck", "rules": rules, "players": players})
                assert refused["code"] == "rules-too-heavy", refused
                assert refused["params"] == {"cards": dealt, "players": players, "most": 13}
                assert refused["reason"].startswith(f"rules: heavy deals {dealt} cards a hand at {players} players")
            assert not lobby.rooms
            joined = await ask(socket, {"type": "join", "room": "deck", "rules": heavy_rules(), "players": 2})
            assert joined["type"] == "welcome"

    run_quick(play)


def heavy_attack(port: int, seconds: float) -> tuple[int, int]:
    """16 rooms of the heaviest rules allowed, from 127.0.0.2, each played at the default rate
    limit for ``seconds``: the bytes received in all, and the largest message. Run in a process of
    its own, so that the attackers' own work does not slow the server's event loop."""

    async def attack() -> tuple[int, int]:
        attackers = [await connect(f"ws://127.0.0.1:{port}/ws", local_addr=("127.0.0.2", 0)) for _ in range(16)]
        received = [[0, 0] for _ in attackers]
        try:
            for number, socket in enumerate(attackers):
                await socket.send(json.dumps({"type": "join", "room": f"heavy{number}", "rules": heavy_rules()}))
            playing = [asyncio.create_task(play_paced(s, r, Limits().rate)) for s, r in zip(attackers, received, strict=True)]
            await asyncio.sleep(seconds)
            for task in playing:
                task.cancel()
            await asyncio.gather(*playing, return_exceptions=True)
            assert all(task.cancelled() for task in playing), "an attacker was refused or closed"
        finally:
            await asyncio.gather(*(s.close() for s in attackers))
        return sum(r[0] for r in received), max(r[1] for r in received)

    return asyncio.run(attack())


@pytest.mark.slow
def test_sixteen_rooms_of_the_heaviest_rules_allowed_hold_up_no_other_address() -> None:
    """D1: one address plays 16 rooms of the heaviest rule set it may send, as fast as the default
    rate limit lets it; another address's round trips stay within 5 times those of the same run
    before the attack (p95), and under 500 ms; no message is larger than 32 KiB."""

    async def play(lobby: Lobby, port: int) -> tuple[list[float], list[float], tuple[int, int]]:
        async with client_from(port, "127.0.0.3") as other:
            assert (await ask(other, {"type": "join", "room": "calm"}))["type"] == "welcome"
            await lang_round_trips(other, 20)  # warm up
            before = await lang_round_trips(other, 150)
            with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
                attack = asyncio.get_running_loop().run_in_executor(pool, heavy_attack, port, 8.0)
                while len(lobby.rooms) < 17:
                    await asyncio.sleep(0.05)
                await asyncio.sleep(1)
                during = await lang_round_trips(other, 300)
                return before, during, await attack

    before, during, (received, largest) = run_quick(play)  # the attackers keep to the default rate limit themselves
    # the attack played: 16 rooms dealt and played on (about 2.5 MB in 8 s on an idle machine, 0.7 MB when
    # this machine ran the rest of the suite beside it, the address held to its share of the loop)
    assert received > 1 << 18, "the attack played"
    assert largest <= 32 << 10
    base, load = percentile(before, 0.95), percentile(during, 0.95)
    assert load <= 5 * max(base, 0.002), (base, load)  # a floor of 2 ms: the clock's noise on a busy machine
    assert max(during) < 0.5, max(during)


@pytest.mark.slow
def test_another_address_gets_its_hint_while_one_address_keeps_sixteen_level_5_rooms_searching() -> None:
    """The audit's reproducer (D2): 16 rooms of level-5 bots from one address held up everyone
    else's hint for 7 to 23.5 s. Every search now has a time budget, and a free worker takes the
    next search of the address with the fewest running."""

    async def play(lobby: Lobby, port: int) -> None:
        attackers = [await connect(f"ws://127.0.0.1:{port}/ws", local_addr=("127.0.0.2", 0)) for _ in range(16)]
        playing = []
        try:
            for number, socket in enumerate(attackers):
                await socket.send(json.dumps({"type": "join", "room": f"deep{number}", "level": 5}))
                playing.append(asyncio.create_task(play_along(socket)))
            while (
                sum(room.table.played + len(room.table.round.actions) for room in lobby.rooms.values() if room.table.round) < 16
            ):
                await asyncio.sleep(0.1)  # the workers are started and busy: the steady state of the attack
            async with client_from(port, "127.0.0.3") as other:
                await other.send(json.dumps({"type": "join", "room": "asker", "players": 2}))
                waits = []
                for _ in range(3):
                    view = await _my_view(other)
                    assert len(lobby._running) + len(lobby._queued) >= 1  # the attacker's searches are out
                    sent = time.monotonic()
                    hinted = await ask(other, {"type": "hint"})
                    waits.append(time.monotonic() - sent)
                    assert hinted["type"] == "hint" and hinted["hints"], hinted
                    choice = GreedyAgent().act(PlayerView.from_dict(view["view"]))
                    await other.send(json.dumps({"type": "act", "text": str(choice)}))
                assert max(waits) <= 2, waits
            bots = [bot for room in lobby.rooms.values() for bot in room.table.bots.values()]
            assert {getattr(bot, "seconds", None) for bot in bots} == {Limits().search_seconds, None}  # level 0: greedy
        finally:
            for task in playing:
                task.cancel()
            await asyncio.gather(*(s.close() for s in attackers))

    run_quick(play, limits=Limits(rate=10**6, burst=10**6))


def test_searches_are_served_fairly_between_addresses() -> None:
    """A free worker takes the next search of the address with the fewest running: one address
    asks four hints at once, another one just after; with one worker, the other's is second."""

    async def play(lobby: Lobby, port: int) -> list[str]:
        served: list[str] = []
        lobby.workers = 1
        searched = lobby._searched

        async def counted(name: str, room: Any, search: Search) -> None:
            served.append(room.address)
            await searched(name, room, search)

        lobby._searched = counted  # type: ignore[method-assign]
        sockets = [await connect(f"ws://127.0.0.1:{port}/ws", local_addr=(f"127.0.0.{2 + n // 4}", 0)) for n in range(5)]
        try:
            for number, socket in enumerate(sockets):
                await socket.send(json.dumps({"type": "join", "room": f"r{number}", "players": 2}))
                await _my_view(socket)  # the greedy bot has played: seat 0 is to act
            for socket in sockets:
                await socket.send(json.dumps({"type": "hint"}))
            for socket in sockets:
                assert (await until(socket, "hint"))["hints"]
        finally:
            await asyncio.gather(*(s.close() for s in sockets))
        return served

    assert run_quick(play) == ["127.0.0.2", "127.0.0.3", "127.0.0.2", "127.0.0.2", "127.0.0.2"]


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="stops a worker with SIGSTOP (POSIX)")
def test_a_stopped_worker_is_replaced_and_its_room_plays_on() -> None:
    """The audit's reproducer (D4): with its worker stopped (SIGSTOP), a room waited for ever.
    After ``worker_seconds`` the workers are killed and replaced, and the bot plays the greedy choice."""
    limits = Limits(worker_seconds=5, rate=10**6, burst=10**6)
    stopped: list[int] = []

    async def play(lobby: Lobby, port: int) -> None:
        async with client_with(port) as socket:
            await socket.send(json.dumps({"type": "join", "room": "deep", "level": 5}))
            playing = asyncio.create_task(play_along(socket))
            try:
                search = await bot_search(lobby, "deep")
                table, pool = lobby.rooms["deep"].table, lobby._pool
                for worker in await started_workers():
                    assert worker.pid is not None
                    os.kill(worker.pid, signal.SIGSTOP)
                    stopped.append(worker.pid)
                began = time.monotonic()
                assert await played_for(table, search) == GreedyAgent().act(search.view)
                assert limits.worker_seconds - 0.5 < time.monotonic() - began < 15
                assert lobby._pool is not pool
                for _ in range(500):  # the stopped workers were killed, not left stopped
                    if all(process_state(pid) in ("Z", "X", None) for pid in stopped):
                        break
                    await asyncio.sleep(0.01)
                assert all(process_state(pid) in ("Z", "X", None) for pid in stopped)
                after = await bot_search(lobby, "deep")  # the next search runs in the new pool
                assert (await played_for(table, after)) in after.view.legal_actions
            finally:
                playing.cancel()

    try:
        run_quick(play, limits=limits)
    finally:
        for pid in stopped:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)  # started by this test's server: never left stopped


def process_state(pid: int) -> str | None:
    """The state letter of a process (``T`` stopped, ``Z`` a zombie), ``None`` once it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text(encoding="ascii").rsplit(")", 1)[1].split()[0]
    except OSError:
        return None


def test_a_lone_surrogate_in_any_text_is_refused_on_the_same_connection(caplog: pytest.LogCaptureFixture) -> None:
    """The audit's reproducer (D5): ``{"type": "act", "text": "\\ud800"}`` was refused with its
    text echoed, which could not be encoded: the connection dropped and a traceback was logged."""
    lone = "\ud800"
    messages_with_one = [
        {"type": "act", "text": lone},
        {"type": "act", "text": "3♠ " + lone},
        {"type": lone},
        {"type": "join", "room": lone},
        {"type": "join", "room": "x", "token": lone},
        {"type": "join", "room": "x", "lang": lone},
        {"type": "join", "room": "x", "rules": "name = '" + lone + "'"},
        {"type": "lang", "lang": lone},
        {"type": "next", lone: 1},
        {"type": "next", "pad": [[{"deep": lone}]]},
    ]

    async def play(lobby: Lobby, port: int) -> None:
        async with client_with(port) as socket:
            for seated in (False, True):
                if seated:
                    assert (await ask(socket, {"type": "join", "room": "s"}))["type"] == "welcome"
                    await _my_view(socket)
                for message in messages_with_one:
                    reply = await ask(socket, json.dumps(message))  # escaped: \\ud800 in the JSON text
                    assert reply["type"] == "error" and reply["code"] == "not-text", (message, reply)
                    assert "lone surrogate" in reply["reason"]
            await socket.send(json.dumps({"type": "act", "text": "pass"}))
            assert (await receive_payload(socket))["type"] in ("view", "refused")  # the same connection plays on
        assert lobby.connections == 0 or lobby.connections == 1

    with caplog.at_level(logging.WARNING):
        run_quick(play)
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


@pytest.mark.slow
def test_a_new_address_plays_while_sixteen_addresses_hold_every_connection() -> None:
    """The audit's reproducer (D3): 16 addresses of 16 connections each held all 256, and every
    newcomer was closed with 1013. Now a newcomer from an address holding at least two fewer than
    the address holding the most takes the place of that address's idlest connection."""

    async def play(lobby: Lobby, port: int) -> None:
        async def hold(number: int) -> list[ClientConnection]:
            held = []
            for seat in range(16):
                socket = await connect(f"ws://127.0.0.1:{port}/ws", local_addr=(f"127.0.1.{number}", 0), open_timeout=60)
                held.append(socket)
                assert (await ask(socket, {"type": "join", "room": f"h{number}-{seat}"}))["type"] == "welcome"
            return held

        holders = [socket for held in await asyncio.gather(*(hold(n) for n in range(1, 17))) for socket in held]
        try:
            assert lobby.connections == 256 and len(lobby.addresses) == 16
            async with client_from(port, "127.0.1.1") as more:  # an address at its own bound
                assert await closed_with(more) == 1013
            began = time.monotonic()
            async with client_from(port, "127.0.2.1") as newcomer:
                assert (await ask(newcomer, {"type": "join", "room": "new"}))["type"] == "welcome"
                await _my_view(newcomer)  # it plays
                assert time.monotonic() - began < 15
                evicted = [s for s in holders if s.close_code is not None]
                await asyncio.sleep(0.2)
                evicted = [s for s in holders if s.close_code is not None]
                assert len(evicted) == 1 and evicted[0].close_code == 1013
                assert evicted[0].close_reason is not None and "holds the most connections" in evicted[0].close_reason
                assert lobby.connections == 256
                address = evicted[0].local_address[0]
                async with client_from(port, address) as back:  # it holds 15 now: no room is made for it
                    assert await closed_with(back) == 1013
                    assert back.close_reason == "the server is full; try again later"
        finally:
            await asyncio.gather(*(s.close() for s in holders))

    run_quick(play, limits=Limits(rate=10**6, burst=10**6))


def test_a_new_address_makes_a_room_when_other_addresses_hold_every_room() -> None:
    """No group of addresses can lock a new one out of making a room either: when every room is
    open, one from an address that made at least two fewer closes the idlest room of the address
    that made the most (4002)."""
    limits = Limits(rooms=4, rooms_per_address=2, rate=10**6, burst=10**6)

    async def play(lobby: Lobby, port: int) -> None:
        for address in ("127.0.0.2", "127.0.0.3"):
            for number in range(2):
                async with client_from(port, address) as socket:
                    assert (await ask(socket, {"type": "join", "room": f"{address[-1]}-{number}"}))["type"] == "welcome"
        async with client_from(port, "127.0.0.2") as socket:
            assert (await ask(socket, {"type": "join", "room": "2-0"}))["code"] == "table-full"
        assert len(lobby.rooms) == 4
        async with client_from(port, "127.0.0.4") as newcomer:
            assert (await ask(newcomer, {"type": "join", "room": "new"}))["type"] == "welcome"
        assert sorted(lobby.rooms) == ["2-1", "3-0", "3-1", "new"]  # 2-0, made first, idle the longest
        async with client_from(port, "127.0.0.2") as again:  # one room now, against two: it waits
            assert (await ask(again, {"type": "join", "room": "2-2"}))["code"] == "server-full"

    run_quick(play, limits=limits)


async def raw_connection(port: int, address: str) -> socket.socket:
    """A TCP connection from ``address`` that never says anything."""
    raw = socket.socket()
    raw.setblocking(False)
    raw.bind((address, 0))
    await asyncio.get_running_loop().sock_connect(raw, ("127.0.0.1", port))
    return raw


def test_handshakes_in_progress_are_bounded_per_address_and_in_all() -> None:
    """The audit's reproducer (D6): 1,500 opening handshakes held open from 15 addresses counted
    against no bound (21 MiB, another user's p95 from 16 to 135 ms). Now at most 8 per address and
    128 in all are kept (a newcomer from an address holding fewer takes the place of the oldest of
    the address holding the most), each for at most ``handshake_seconds``."""
    limits = Limits(handshake_seconds=2, rate=10**6, burst=10**6)

    async def play(lobby: Lobby, port: int) -> None:
        raws = []
        most = 0
        try:
            for number in range(1, 21):  # 20 addresses, 10 each
                for _ in range(10):
                    raws.append(await raw_connection(port, f"127.0.3.{number}"))
                await asyncio.sleep(0.01)
                most = max(most, lobby.handshakes.total())
                assert max(lobby.handshakes.values()) <= limits.handshakes_per_address
            assert most <= limits.handshakes and lobby.handshakes.total() == limits.handshakes
            began = time.monotonic()
            async with client_from(port, "127.0.4.1") as newcomer:
                assert (await ask(newcomer, {"type": "join", "room": "new"}))["type"] == "welcome"
            assert time.monotonic() - began < 1
            await asyncio.sleep(limits.handshake_seconds + 1)
            assert not lobby.handshakes and not lobby.clients  # each dropped after its time
        finally:
            for raw in raws:
                raw.close()

    run_quick(play, limits=limits)
