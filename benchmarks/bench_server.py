"""Round trips of one client while search bots play in other rooms of the reference table server.

Starts the real server (``python -m table_server --port 0`` from a checkout's ``examples`` folder,
in a process of its own), opens ``--rooms`` rooms whose three bots are search players of
``--level`` (a client in each plays seat 0 with the greedy bot's choices as soon as it is to act,
and asks for the next round after each settlement), and meanwhile a client in a room of its own
sends a ``lang`` message every ``--interval`` seconds and times each answer. Prints the median,
90th percentile and maximum round trip, and how much the bots played meanwhile.

    python benchmarks/bench_server.py                      # 2 rooms of level-5 bots, 60 s
    python benchmarks/bench_server.py --seconds 20 --workers 1
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

from tienlen import PlayerView
from tienlen.players.agents import GreedyAgent


async def play(socket: ClientConnection, played: list[int]) -> None:
    """Play seat 0 with the greedy bot's choices until cancelled, counting the views received
    (one per action at the table) in ``played[0]``."""
    while True:
        message = json.loads(await socket.recv())
        if message["type"] == "view":
            played[0] += 1
            view = message["view"]
            if view["to_act"] == 0 and not message["waiting"] and view["legal_actions"]:
                choice = GreedyAgent().act(PlayerView.from_dict(view | {"history": []}))
                await socket.send(json.dumps({"type": "act", "text": str(choice)}))
        elif message["type"] == "settlement":
            await socket.send(json.dumps({"type": "next"}))


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


async def bench(port: int, rooms: int, level: int, seconds: float, interval: float) -> tuple[list[float], int]:
    uri = f"ws://127.0.0.1:{port}/ws"
    played = [0]
    async with connect(uri) as measure:
        await measure.send(json.dumps({"type": "join", "room": "measure"}))
        players = [await connect(uri, open_timeout=60) for _ in range(rooms)]
        try:
            for number, socket in enumerate(players):
                await socket.send(json.dumps({"type": "join", "room": f"bots{number}", "level": level}))
            tasks = [asyncio.create_task(play(socket, played)) for socket in players]
            times = await round_trips(measure, seconds, interval)
            for task in tasks:
                task.cancel()
        finally:
            for socket in players:
                await socket.close()
    return times, played[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parent.parent, help="the checkout to run")
    parser.add_argument("--rooms", type=int, default=2, help="rooms of search bots (default 2)")
    parser.add_argument("--level", type=int, default=5, help="their level (default 5)")
    parser.add_argument("--seconds", type=float, default=60, help="how long to measure (default 60)")
    parser.add_argument("--interval", type=float, default=0.1, help="seconds between two lang messages (default 0.1)")
    parser.add_argument("--workers", type=int, help="the server's worker processes (default: the server's own)")
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
        times, played = asyncio.run(bench(int(found.group(1)), args.rooms, args.level, args.seconds, args.interval))
    finally:
        server.terminate()
        server.wait(60)
    ms = sorted(t * 1000 for t in times)
    print(f"server: {' '.join(command[1:])} (tree {tree}); Python {platform.python_version()}, {os.cpu_count()} cores")
    print(f"{args.rooms} rooms of level-{args.level} bots: {played} actions seen in {args.seconds:g} s")
    print(f"load average (1 min) at the start {load:.2f}, at the end {os.getloadavg()[0]:.2f}")
    print(
        f"lang round trips: {len(ms)}, median {statistics.median(ms):.1f} ms, "
        f"90th percentile {ms[int(0.9 * (len(ms) - 1))]:.1f} ms, max {ms[-1]:.1f} ms"
    )


if __name__ == "__main__":
    main()
