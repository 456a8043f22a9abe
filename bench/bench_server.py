"""Load benchmark for the game server (not a test): N rooms x 6 bot clients over real WebSockets on loopback.

    .venv/bin/python bench/bench_server.py --rooms 50
    .venv/bin/python bench/bench_server.py --rooms 200 --game killer --db sqlite:///tmp/bench.db

Starts ``treachery serve`` in a subprocess on a free 127.0.0.1 port (a fresh SQLite file unless --db), creates the
rooms over HTTP, seats 6 clients in each and plays every game to its end through the protocol. Reports actions/s
and the p50/p99 time from an action being sent to the last frame any seat of that room received because of it
(until the room's next action). ``--think S`` makes each client wait 0.5 S to 1.5 S before answering, as people do;
without it the clients answer at once and the figures are the server's saturation point. The clients run in this
one process, on the same 2 cores as the server.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from typing import Any

import websockets


def _api(base: str, path: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


class RoomClock:
    """Attributes frames to the action before them: latency = last frame seen before the room's next action."""

    def __init__(self) -> None:
        self.sent: float | None = None
        self.last: float = 0.0
        self.latencies: list[float] = []

    def action(self) -> None:
        self.close()
        self.sent = time.perf_counter()

    def frame(self) -> None:
        self.last = time.perf_counter()

    def close(self) -> None:
        if self.sent is not None and self.last >= self.sent:
            self.latencies.append(self.last - self.sent)
        self.sent = None


async def _seat(url: str, token: str, seat: int, clock: RoomClock, stats: dict[str, int], think: float) -> None:
    rng = random.Random(f"{url}/{seat}")
    answered: set[int] = set()
    async with websockets.connect(url, max_size=1 << 22, open_timeout=60) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        async for raw in ws:
            frame = json.loads(raw)
            kind = frame["type"]
            if kind == "error":
                stats["errors"] += 1
                continue
            if kind != "state":
                continue
            clock.frame()
            if frame["over"]:
                return
            for decision in frame["decisions"]:
                if decision["id"] in answered:  # a later frame (someone connected, a bot moved) shows it again
                    continue
                answered.add(decision["id"])
                if think:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                options = decision["options"]
                option = options[(decision["id"] * 7919 + seat * 31) % len(options)]["id"]
                clock.action()
                stats["actions"] += 1
                await ws.send(json.dumps({"type": "act", "decision": decision["id"], "option": option,
                                          "cid": f"{seat}-{decision['id']}"}))


def _cpu_seconds(pid: int | None) -> float:
    """User + system CPU time of a process so far (Linux /proc), or NaN: unlike latency, it barely moves with the
    machine's other load."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


async def _run(base: str, ws_base: str, rooms: list[tuple[str, str, list[str]]], timeout: float,
               think: float, server_pid: int | None = None) -> dict[str, Any]:
    stats = {"actions": 0, "errors": 0}
    clocks = [RoomClock() for _ in rooms]
    tasks = [asyncio.ensure_future(_seat(f"{ws_base}/ws/{code}", token, seat, clocks[i], stats, think))
             for i, (code, _, tokens) in enumerate(rooms) for seat, token in enumerate(tokens)]
    await asyncio.sleep(1.0)  # everyone connected
    t0, cpu0 = time.perf_counter(), _cpu_seconds(server_pid)
    await asyncio.to_thread(lambda: [_api(base, f"/api/rooms/{code}/start", {"host_token": host})
                                     for code, host, _ in rooms])
    done, pending = await asyncio.wait(tasks, timeout=timeout)
    elapsed, cpu = time.perf_counter() - t0, _cpu_seconds(server_pid) - cpu0
    for task in pending:
        task.cancel()
    failures = sum(1 for t in done if t.exception() is not None)
    for clock in clocks:
        clock.close()
    latencies = sorted(x for c in clocks for x in c.latencies)
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    return {"rooms": len(rooms), "actions": stats["actions"], "seconds": elapsed,
            "actions_per_s": stats["actions"] / elapsed, "p50_ms": q[49] * 1000, "p99_ms": q[98] * 1000,
            "server_cpu_ms_per_action": cpu * 1000 / max(1, stats["actions"]),
            "errors": stats["errors"], "failed_clients": failures, "unfinished_clients": len(pending)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--game", default="killer")
    parser.add_argument("--db", default=None, help="database URL [default: a fresh SQLite file]")
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds a client waits before answering [default: 0, answer at once: saturation]")
    parser.add_argument("--port", type=int, default=None, help="bench a server already running on this port")
    parser.add_argument("--server-pid", type=int, default=None, help="with --port: its process, for the CPU time")
    args = parser.parse_args()
    port = args.port
    if port is None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
    tmp = tempfile.mkdtemp(prefix="treachery-bench-")
    db = args.db or f"sqlite:///{os.path.join(tmp, 'bench.db')}"
    base, ws_base = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    server = None
    if args.port is None:
        server = subprocess.Popen([sys.executable, "-m", "treachery.cli", "serve", "--port", str(port), "--db", db],
                                  stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(base + "/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        rooms = []
        for _ in range(args.rooms):
            made = _api(base, "/api/rooms", {"game": args.game, "players": 6})
            tokens = [_api(base, f"/api/rooms/{made['room']}/join", {"name": f"p{i}"})["token"] for i in range(6)]
            rooms.append((made["room"], made["host_token"], tokens))
        report = asyncio.run(_run(base, ws_base, rooms, args.timeout, args.think,
                                  server.pid if server is not None else args.server_pid))
        report.update(think=args.think, game=args.game, db=db.split(":")[0] if args.port is None else "?",
                      clients=6 * args.rooms, load_average=os.getloadavg()[0])
        print(json.dumps(report, indent=1))
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()


if __name__ == "__main__":
    main()
