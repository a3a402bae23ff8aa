"""The reference table server in examples/table_server, driven by real WebSocket clients.

The server runs on 127.0.0.1 on a free port. Four clients per table play rounds of every profile,
choosing with the bundled bot and sending its choice as text; each client checks that no message
holds a card it should not see; the stored records replay to the same settlements; a client that
leaves mid-round comes back with its token and plays on; bad messages get an error frame and leave
the table as it was. Hostile clients (tests/test_table_server_hostile.py) meet every bound.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import multiprocessing
import re
import subprocess
import sys
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

from tienlen import IWIN, PROFILES, GreedyAgent, PlayerView, Round, Settlement, settle
from tienlen.cards import DECK, format_cards

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))

from table_server.server import Limits, Lobby, start
from table_server.table import Table

ROUNDS = Limits().rounds_kept + 5  # past what a table keeps, so the oldest are seen dropped
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
        async with await start(lobby, "127.0.0.1", 0) as server:
            port = next(iter(server.sockets)).getsockname()[1]
            return await asyncio.wait_for(test(lobby, port), timeout)

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
                    # The bot reads no history; leaving it out keeps a hundred rounds per profile quick
                    # (tests/test_wire.py reads whole views back at every ply).
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

    return run(play, limits=Limits(rate=10**6, burst=10**6))  # bots send faster than people


def test_four_clients_play_every_profile() -> None:
    # One server per profile, two at a time: CI has two cores.
    with ProcessPoolExecutor(max_workers=2, mp_context=multiprocessing.get_context("fork")) as pool:
        assert list(pool.map(play_profile, PROFILES)) == [Limits().rounds_kept] * len(PROFILES)  # the last ones


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
            assert (await receive(socket))[1] == {"type": "error", "reason": "the message is not JSON"}
            await socket.send(json.dumps({"type": "act", "text": "pass"}))
            assert "join a room first" in (await receive(socket))[1]["reason"]
            await socket.send(json.dumps({"type": "join", "room": "bad", "rules": "poker"}))
            reason = (await receive(socket))[1]["reason"]
            assert reason == "rules: no such profile 'poker'; the profiles are " + ", ".join(PROFILES)
            assert "counting" in reason
            await socket.send(json.dumps({"type": "join", "room": "bad", "rules": "from = 'house'\nstraight_min = ="}))
            assert (await receive(socket))[1]["reason"].startswith("rules: ")
            await socket.send(json.dumps({"type": "join", "room": "bad", "rules": "from = 'house'\nstraight_min = 4\n"}))
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
            legal = {str(a) for a in lobby.rooms["hinted"].table.round.view(seat).legal_actions}
            assert {h["action"] for h in hinted["hints"]} <= legal and all(0 <= h["win"] <= 1 for h in hinted["hints"])
            assert message["view"]["to_act"] == seat
            await socket.send(json.dumps({"type": "act", "text": hinted["hints"][0]["action"]}))
            _, after = await receive(socket)
            assert after["type"] in ("view", "settlement")
        async with client(port) as other:
            await other.send(json.dumps({"type": "join", "room": "bad", "level": 9}))
            _, refused = await receive(other)
            assert refused["type"] == "error" and "level" in refused["reason"]

    run(play, timeout=120)
