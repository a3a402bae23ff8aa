"""Round trips of one client while search bots play in other rooms of the reference table server.

Starts the real server (``python -m table_server --port 0`` from a checkout's ``examples`` folder,
in a process of its own), opens ``--rooms`` rooms whose three bots are search players of
``--level`` (a client in each plays seat 0 with the greedy bot's choices as soon as it is to act,
and asks for the next round after each settlement), and meanwhile a client in a room of its own
sends a ``lang`` message every ``--interval`` seconds and times each answer. Prints the median,
90th percentile and maximum round trip, and how much the bots played meanwhile.

With ``--baseline S`` the measuring client first times its round trips for ``S`` seconds before
the other rooms open (the same run's baseline). With ``--heavy`` the rooms play the heaviest rule
set the server accepts (13 cards a hand, every run and straight the axes allow) with greedy bots,
each client acting at ``--pace`` messages a second (the server's default rate limit is 20). With
``--hints N`` the measuring client asks a hint at each of its turns, N times, and times each. The
rooms' clients connect from ``--attacker`` (default 127.0.0.2) and the measuring one from
``--measurer`` (127.0.0.3): two addresses, both this machine on Linux.

    python benchmarks/bench_server.py                      # 2 rooms of level-5 bots, 60 s
    python benchmarks/bench_server.py --seconds 20 --workers 1
    python benchmarks/bench_server.py --rooms 16 --heavy --baseline 10 --seconds 20
    python benchmarks/bench_server.py --rooms 16 --level 5 --hints 10 --seconds 0
    python benchmarks/bench_server.py --tree ../other-checkout   # that checkout's server and library

``--workers`` is passed to the server only when given (a server from before issue 40 has no such
option, and thinks for its bots on its event loop). Needs the ``examples`` extra (websockets).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

from websockets.asyncio.client import ClientConnection, connect

from tienlen import HOUSE, PlayerView, RuleSet
from tienlen.players.agents import GreedyAgent

HEAVY = {"name": "heavy", "straight_two_on_top": True, "triple_run_min": 2, "quad_run_min": 2}
HEAVY |= {"longer_straight_beats": True, "instant_wins": {}, "first_lead_must_include": False}
"""The heaviest rules the server takes (as ``tests/test_table_server.py`` makes them): house with these changes."""


def heavy_rules() -> str:
    return RuleSet.from_mapping(HOUSE.to_mapping() | HEAVY).to_toml()


async def play(socket: ClientConnection, played: list[int], pace: float | None = None) -> None:
    """Play seat 0 with the greedy bot's choices until cancelled (waiting ``1 / pace`` seconds
    before each message), counting the views received (one per action at the table) in
    ``played[0]`` and the bytes received in ``played[1]``."""
    while True:
        raw = await socket.recv()
        played[1] += len(raw)
        message = json.loads(raw)
        if message["type"] == "view":
            played[0] += 1
            view = message["view"]
            if view["to_act"] == 0 and not message["waiting"] and view["legal_actions"]:
                choice = GreedyAgent().act(PlayerView.from_dict(view | {"history": []}))
                if pace:
                    await asyncio.sleep(1 / pace)
                await socket.send(json.dumps({"type": "act", "text": str(choice)}))
        elif message["type"] == "settlement":
            if pace:
                await asyncio.sleep(1 / pace)
            await socket.send(json.dumps({"type": "next"}))


async def hints(socket: ClientConnection, count: int) -> list[float]:
    """Ask a hint at each of seat 0's turns, ``count`` times, each timed to its answer."""
    times: list[float] = []
    while len(times) < count:
        message = json.loads(await socket.recv())
        if message["type"] == "settlement":
            await socket.send(json.dumps({"type": "next"}))
        if message["type"] != "view" or message["view"]["to_act"] != 0 or message["waiting"]:
            continue
        sent = time.perf_counter()
        await socket.send(json.dumps({"type": "hint"}))
        while (answer := json.loads(await socket.recv()))["type"] != "hint":
            assert answer["type"] not in ("error", "refused"), answer
        times.append(time.perf_counter() - sent)
        choice = GreedyAgent().act(PlayerView.from_dict(message["view"] | {"history": []}))
        await socket.send(json.dumps({"type": "act", "text": str(choice)}))
    return times


async def round_trips(socket: ClientConnection, seconds: float, interval: float) -> list[float]:
    """Send ``lang`` messages for ``seconds`` (one every ``interval``), each timed to its answer."""
    times: list[float] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        lang = "vi" if len(times) % 2 else "en"
        sent = time.perf_counter()
        await socket.send(json.dumps({"type": "lang", "lang": lang}))
        while json.loads(await socket.recv()) != {"type": "lang", "lang": lang}:
            pass  # its own room's messages
        times.append(time.perf_counter() - sent)
        await asyncio.sleep(interval)
    return times


async def bench(port: int, args: argparse.Namespace) -> tuple[list[float], list[float], list[float], list[int]]:
    """The baseline round trips, those with the rooms playing, the hints' waits, and what the rooms played."""
    uri = f"ws://127.0.0.1:{port}/ws"
    played = [0, 0]
    async with connect(uri, local_addr=(args.measurer, 0)) as measure:
        await measure.send(json.dumps({"type": "join", "room": "measure", "players": 2}))
        baseline = await round_trips(measure, args.baseline, args.interval) if args.baseline else []
        players = [await connect(uri, open_timeout=60, local_addr=(args.attacker, 0)) for _ in range(args.rooms)]
        join: dict[str, object] = {"rules": heavy_rules()} if args.heavy else {"level": args.level}
        try:
            for number, socket in enumerate(players):
                await socket.send(json.dumps({"type": "join", "room": f"bots{number}"} | join))
            tasks = [asyncio.create_task(play(socket, played, args.pace if args.heavy else None)) for socket in players]
            await asyncio.sleep(args.warm)
            times = await round_trips(measure, args.seconds, args.interval) if args.seconds else []
            waits = await hints(measure, args.hints) if args.hints else []
            for task in tasks:
                task.cancel()
        finally:
            for socket in players:
                await socket.close()
    return baseline, times, waits, played


def summary(times: list[float]) -> str:
    ms = sorted(t * 1000 for t in times)
    return (
        f"{len(ms)}, median {statistics.median(ms):.1f} ms, 90th percentile {ms[int(0.9 * (len(ms) - 1))]:.1f} ms, "
        f"95th percentile {ms[int(0.95 * (len(ms) - 1))]:.1f} ms, max {ms[-1]:.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent, help="the checkout to run")
    parser.add_argument("--rooms", type=int, default=2, help="rooms of search bots (default 2)")
    parser.add_argument("--level", type=int, default=5, help="their level (default 5)")
    parser.add_argument("--seconds", type=float, default=60, help="how long to measure (default 60)")
    parser.add_argument("--interval", type=float, default=0.1, help="seconds between two lang messages (default 0.1)")
    parser.add_argument("--workers", type=int, help="the server's worker processes (default: the server's own)")
    parser.add_argument("--baseline", type=float, default=0, help="seconds of round trips before the rooms open (default 0)")
    parser.add_argument("--heavy", action="store_true", help="the rooms play the heaviest rules allowed, with greedy bots")
    parser.add_argument(
        "--pace", type=float, default=20, help="with --heavy, messages a second of each room's client (default 20)"
    )
    parser.add_argument("--hints", type=int, default=0, help="hints the measuring client asks, timed (default 0)")
    parser.add_argument("--warm", type=float, default=2, help="seconds the rooms play before measuring (default 2)")
    parser.add_argument("--attacker", default="127.0.0.2", help="the address the rooms' clients connect from")
    parser.add_argument("--measurer", default="127.0.0.3", help="the address the measuring client connects from")
    args = parser.parse_args()
    tree = args.tree.resolve()
    command = [sys.executable, "-m", "table_server", "--port", "0"]
    if args.workers is not None:
        command += ["--workers", str(args.workers)]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(tree / "src"), str(tree / "examples")]))
    server = subprocess.Popen(command, cwd=tree / "examples", env=env, stdout=subprocess.PIPE, text=True, encoding="utf-8")
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if found is None:
            raise SystemExit(f"the server did not start: {line!r}")
        load = os.getloadavg()[0]
        began = time.monotonic()
        baseline, times, waits, played = asyncio.run(bench(int(found.group(1)), args))
        took = time.monotonic() - began - args.baseline
        rss = _rss(server.pid)
    finally:
        server.terminate()
        server.wait(60)
    print(f"server: {' '.join(command[1:])} (tree {tree}); Python {platform.python_version()}, {os.cpu_count()} cores")
    rooms = "of the heaviest rules allowed" if args.heavy else f"of level-{args.level} bots"
    print(
        f"{args.rooms} rooms {rooms} from {args.attacker}: {played[0]} actions seen, {played[1]:,} bytes received in {took:.0f} s"
    )
    print(f"load average (1 min) at the start {load:.2f}, at the end {os.getloadavg()[0]:.2f}; server RSS at the end {rss}")
    if baseline:
        print(f"lang round trips before the rooms opened: {summary(baseline)}")
    if times:
        print(f"lang round trips from {args.measurer}: {summary(times)}")
    if waits:
        print(f"hints from {args.measurer}: {summary(waits)}")


def _rss(pid: int) -> str:
    """A process's resident memory (Linux), or ``?``."""
    try:
        fields = Path(f"/proc/{pid}/status").read_text(encoding="ascii").split("VmRSS:")[1].split()
    except (OSError, IndexError):
        return "?"
    return f"{int(fields[0]) / 1024:.0f} MiB"


if __name__ == "__main__":
    main()
