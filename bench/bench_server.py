"""Load benchmark for the game server (not a test): N rooms x 6 bot clients over real WebSockets on loopback.

    .venv/bin/python bench/bench_server.py --rooms 50
    .venv/bin/python bench/bench_server.py --rooms 200 --game killer --db sqlite:///tmp/bench.db

Starts ``treachery serve`` in a subprocess on a free 127.0.0.1 port (a fresh SQLite file unless --db), creates the
rooms over HTTP, seats 6 clients in each and plays every game to its end through the protocol. Reports actions/s
and the p50/p99 time from an action being sent to the last frame any seat of that room received because of it
(until the room's next action). ``--think S`` makes each client wait 0.5 S to 1.5 S before answering, as people do;
without it the clients answer at once and the figures are the server's saturation point. ``--ramp S`` starts the rooms
evenly over S seconds rather than all in the same second (whose first round is a burst no server day brings). The
clients run in this one process, on the same 2 cores as the server, unless ``--client-procs K`` spreads them over K
processes.

``--servers N`` (N > 1) starts N processes with ``--redis`` on one PostgreSQL (a fresh scratch database unless
--db): room i is created on process i mod N and seat s of room i connects to process (i + s) mod N, so most seats
are served through another process (acts forwarded, frames relayed over Redis). ``--routing room`` starts them with
``--proxy-routes-rooms`` and sends every call and connection of room i to process i mod N, as a reverse proxy hashing
on the room code does (docs/deploy.md); only its creation goes to another process, (i + 1) mod N, which leaves the
room to the first process its players reach: each room is served where its seats connect, nothing crosses Redis.

    .venv/bin/python bench/bench_server.py --rooms 200 --think 1.0 --servers 2 --client-procs 2
"""

from __future__ import annotations

import argparse
import asyncio
import gc
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

import orjson
import websockets

from treachery.server import GC_THRESHOLDS


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
        while True:
            try:
                raw = await ws.recv(decode=False)  # bytes: orjson reads them without a str made first
            except websockets.ConnectionClosedOK:
                return
            frame = orjson.loads(raw)
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


Rooms = list[tuple[int, str, str, list[str]]]  # (index, code, host token, seat tokens)


async def _play(bases: list[str], rooms: Rooms, timeout: float, think: float, ramp: float = 0.0,
                spread: bool = True) -> dict[str, Any]:
    """Plays ``rooms`` to their end; seat s of room i talks to server (i + s) mod len(bases), or i mod len(bases)
    unless ``spread``. The rooms start evenly over ``ramp`` seconds (0: all at once)."""
    # the clients stand for thousands of separate browsers: one process's garbage collections must not pause them
    # all at once and be counted as the server's latency (the server collects the same way: treachery.server)
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    cpu0 = time.process_time()
    stats = {"actions": 0, "errors": 0}
    clocks = [RoomClock() for _ in rooms]
    ws_bases = [base.replace("http://", "ws://") for base in bases]
    def server(i: int, seat: int) -> str:
        return ws_bases[((i + seat) if spread else i) % len(bases)]

    tasks = [asyncio.ensure_future(_seat(f"{server(i, seat)}/ws/{code}", token, seat, clocks[k], stats, think))
             for k, (i, code, _, tokens) in enumerate(rooms) for seat, token in enumerate(tokens)]
    await asyncio.sleep(1.0)  # everyone connected
    loop = asyncio.get_running_loop()
    began = loop.time()
    for k, (i, code, host, _) in enumerate(rooms):
        await asyncio.sleep(max(0.0, began + k * ramp / len(rooms) - loop.time()))
        await asyncio.to_thread(_api, bases[i % len(bases)], f"/api/rooms/{code}/start", {"host_token": host})
    done, pending = await asyncio.wait(tasks, timeout=timeout)
    for task in pending:
        task.cancel()
    for clock in clocks:
        clock.close()
    return {"actions": stats["actions"], "errors": stats["errors"], "client_cpu": time.process_time() - cpu0,
            "failed_clients": sum(1 for t in done if t.exception() is not None), "unfinished_clients": len(pending),
            "latencies": [x for c in clocks for x in c.latencies]}


def _play_in_process(args: tuple[list[str], Rooms, float, float, float, bool]) -> dict[str, Any]:
    return asyncio.run(_play(*args))


def _run(bases: list[str], rooms: Rooms, timeout: float, think: float, server_pids: list[int],
         client_procs: int, ramp: float = 0.0, spread: bool = True) -> dict[str, Any]:
    t0, cpu0 = time.perf_counter(), sum(_cpu_seconds(pid) for pid in server_pids)
    if client_procs <= 1:
        parts = [asyncio.run(_play(bases, rooms, timeout, think, ramp, spread))]
    else:
        import multiprocessing

        slices = [rooms[k::client_procs] for k in range(client_procs)]
        with multiprocessing.get_context("spawn").Pool(client_procs) as pool:
            parts = pool.map(_play_in_process, [(bases, part, timeout, think, ramp, spread)
                                                   for part in slices if part])
    elapsed = time.perf_counter() - t0 - 1.0  # less the second the clients wait for everyone to connect
    cpu = sum(_cpu_seconds(pid) for pid in server_pids) - cpu0
    actions = sum(p["actions"] for p in parts)
    latencies = sorted(x for p in parts for x in p["latencies"])
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    return {"rooms": len(rooms), "actions": actions, "seconds": elapsed, "actions_per_s": actions / elapsed,
            "p50_ms": q[49] * 1000, "p99_ms": q[98] * 1000,
            "server_cpu_ms_per_action": cpu * 1000 / max(1, actions),
            "client_cpu_ms_per_action": sum(p["client_cpu"] for p in parts) * 1000 / max(1, actions),
            **{key: sum(p[key] for p in parts) for key in ("errors", "failed_clients", "unfinished_clients")}}


# rooms are created from one address: the per-client limits would refuse the bench itself
UNLIMITED = {"TREACHERY_CREATE_RATE": "1000000/minute", "TREACHERY_MAX_CLIENT_LOBBIES": "1000000",
             "TREACHERY_JOIN_RATE": "1000000/minute", "TREACHERY_CONNECT_RATE": "1000000/minute",
             "TREACHERY_INFO_RATE": "1000000/minute", "TREACHERY_MAX_CLIENT_PENDING": "1000000",
             "TREACHERY_MAX_PENDING": "1000000",
             # a one-option decision is otherwise answered only after 1.5 s, however quick the client: that designed
             # pause is the table's pace, not the server's latency
             "TREACHERY_AUTO_ANSWER": "-1"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _scratch_pg(admin: str) -> str:
    import psycopg

    name = f"treachery_bench_{os.getpid()}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return admin.rsplit("/", 1)[0] + "/" + name


def _drop_pg(admin: str, url: str) -> None:
    import psycopg

    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{url.rsplit("/", 1)[1]}" WITH (FORCE)')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--game", default="killer")
    parser.add_argument("--db", default=None, help="database URL, or pg: a fresh PostgreSQL database [default: a "
                                                   "fresh SQLite file; with --servers > 1, pg]")
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--ramp", type=float, default=0.0,
                        help="start the rooms evenly over this many seconds, as a day brings them [0: all at once]")
    parser.add_argument("--think", type=float, default=0.0,
                        help="seconds a client waits before answering [default: 0, answer at once: saturation]")
    parser.add_argument("--port", type=int, default=None, help="bench a server already running on this port")
    parser.add_argument("--server-pid", type=int, default=None, help="with --port: its process, for the CPU time")
    parser.add_argument("--servers", type=int, default=1, help="server processes sharing the rooms (--redis)")
    parser.add_argument("--routing", choices=("spread", "room"), default="spread",
                        help="with --servers > 1: spread a room's seats over the processes (the worst case), or send "
                             "all of a room to one, as a proxy hashing on the room code [default: spread]")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0", help="with --servers > 1")
    parser.add_argument("--pg-admin", default="postgresql://postgres@127.0.0.1:5432/postgres",
                        help="with --servers > 1 and no --db: where to create the scratch database")
    parser.add_argument("--client-procs", type=int, default=1, help="processes running the clients")
    args = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="treachery-bench-")
    scratch = None
    if (args.servers > 1 and args.db is None) or args.db == "pg":  # "pg": a scratch PostgreSQL database
        scratch = args.db = _scratch_pg(args.pg_admin)
    db = args.db or f"sqlite:///{os.path.join(tmp, 'bench.db')}"
    ports = [args.port] if args.port is not None else [_free_port() for _ in range(args.servers)]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    servers: list[subprocess.Popen[bytes]] = []
    if args.port is None:
        extra = ["--redis", args.redis] if args.servers > 1 else []
        if args.servers > 1 and args.routing == "room":
            extra.append("--proxy-routes-rooms")
        for k, port in enumerate(ports):
            with open(os.path.join(tmp, f"server-{k}.log"), "wb") as log:  # what went wrong, if anything did
                servers.append(subprocess.Popen(
                    [sys.executable, "-m", "treachery.cli", "serve", "--port", str(port), "--db", db, *extra],
                    stderr=log, env={**os.environ, **UNLIMITED}))
    try:
        for base in bases:
            for _ in range(600):
                try:
                    urllib.request.urlopen(base + "/healthz", timeout=1)
                    break
                except OSError:
                    time.sleep(0.1)
        rooms: Rooms = []
        for i in range(args.rooms):
            base = bases[i % len(bases)]
            # a proxy sends a creation anywhere: routed by room, to another process than the room's own
            creator = bases[(i + 1) % len(bases)] if args.routing == "room" else base
            made = _api(creator, "/api/rooms", {"game": args.game, "players": 6})
            tokens = [_api(base, f"/api/rooms/{made['room']}/join", {"name": f"p{s}"})["token"] for s in range(6)]
            rooms.append((i, made["room"], made["host_token"], tokens))
        pids = [server.pid for server in servers] or ([args.server_pid] if args.server_pid else [])
        report = _run(bases, rooms, args.timeout, args.think, pids, args.client_procs, args.ramp,
                      args.routing == "spread")
        report.update(think=args.think, ramp=args.ramp, game=args.game,
                      db=db.split(":")[0] if args.port is None else "?",
                      servers=len(bases), routing=args.routing, client_procs=args.client_procs,
                      clients=6 * args.rooms, logs=tmp,
                      load_average=os.getloadavg()[0])
        print(json.dumps(report, indent=1))
    finally:
        for server in servers:
            server.terminate()
        for server in servers:
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
        if scratch is not None:
            _drop_pg(args.pg_admin, scratch)


if __name__ == "__main__":
    main()
