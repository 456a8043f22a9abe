"""What abuse costs the players (not a test): a seated player's ping and the server's memory while one client
spams rooms, replays or connections, each against a fresh ``treachery serve`` on 127.0.0.1, bounded in time.

    PYTHONPATH=src .venv/bin/python bench/bench_abuse.py --seconds 15
    PYTHONPATH=src .venv/bin/python bench/bench_abuse.py --only replays --json out.json

Scenarios (each on its own server and SQLite file):

- ``rooms``: 4 workers create rooms over HTTP as fast as the server answers.
- ``replays``: 10 finished games (bots only) are made first; then 4 workers cycle through their 60 (room, ``as``)
  pairs, which defeats any small cache of built replays.
- ``connect``: 8 workers open a spectator connection to the player's room, say hello, and close, over and over.
- ``connect_lobbies``: the same after ``--lobbies`` rooms were created (what a connection costs when the server
  holds many rooms; run it with limits raised through ``--env`` so that every connection is admitted, e.g.
  ``--env TREACHERY_CREATE_RATE=1000000/minute --env TREACHERY_MAX_CLIENT_LOBBIES=1000000
  --env TREACHERY_CONNECT_RATE=1000000/minute``).

Meanwhile a seated player of another room sends a ``ping`` every 50 ms and times each ``pong``. Reports per
scenario: requests the spammer had answered (accepted / refused), the ping's median, p99 and max in ms, and the
server's resident memory (VmRSS) before and at the end. The clients run in this process, on the same cores.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from typing import Any

import websockets


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _call(base: str, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw[:1] in (b"{", b"[") else None
    except urllib.error.HTTPError as error:
        return error.code, None


def _rss_mib(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


class Server:
    def __init__(self, db: str, env: dict[str, str]) -> None:
        self.port = _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "treachery.cli", "serve", "--port", str(self.port), "--db", db, "--dev",
             "--bot-delay", "0"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env={**os.environ, **env})
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.base + "/healthz", timeout=1).read()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("server did not come up")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


async def _pinger(url: str, token: str, stop: asyncio.Event, rtts: list[float]) -> None:
    async with websockets.connect(url, max_size=1 << 24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        while not stop.is_set():
            sent = time.perf_counter()
            await ws.send(json.dumps({"type": "ping"}))
            while True:
                frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
                if frame["type"] == "pong":
                    break
            rtts.append((time.perf_counter() - sent) * 1000)
            await asyncio.sleep(0.05)


async def _spam_rooms(srv: Server, stop: asyncio.Event, counts: dict[str, int]) -> None:
    while not stop.is_set():
        status, _ = await asyncio.to_thread(_call, srv.base, "POST", "/api/rooms", {"game": "killer", "players": 5})
        counts["ok" if status == 201 else "refused"] += 1


async def _spam_replays(srv: Server, pairs: list[str], offset: int, stop: asyncio.Event,
                        counts: dict[str, int]) -> None:
    i = offset
    while not stop.is_set():
        status, _ = await asyncio.to_thread(_call, srv.base, "GET", pairs[i % len(pairs)])
        counts["ok" if status == 200 else "refused"] += 1
        i += 4


async def _spam_connects(url: str, stop: asyncio.Event, counts: dict[str, int]) -> None:
    while not stop.is_set():
        try:
            async with websockets.connect(url, open_timeout=30) as ws:
                await ws.send(json.dumps({"type": "hello"}))
                frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
                counts["ok" if frame["type"] == "welcome" else "refused"] += 1
        except (websockets.ConnectionClosed, OSError, TimeoutError):
            counts["refused"] += 1


async def _finished_rooms(srv: Server, n: int) -> list[str]:
    codes = []
    for seed in range(n):
        _, made = _call(srv.base, "POST", "/api/rooms", {"game": "eat", "players": 4, "bots": "random", "seed": seed})
        _call(srv.base, "POST", f"/api/rooms/{made['room']}/start", {"host_token": made["host_token"]})
        codes.append(made["room"])
    for code in codes:
        while _call(srv.base, "GET", f"/api/rooms/{code}")[1]["status"] != "over":
            await asyncio.sleep(0.05)
    return codes


async def _lobbies(srv: Server, n: int) -> None:
    async def some(k: int) -> None:
        for _ in range(k):
            await asyncio.to_thread(_call, srv.base, "POST", "/api/rooms", {"game": "killer", "players": 5})

    await asyncio.gather(*(some(n // 8) for _ in range(8)))


async def scenario(name: str, seconds: float, env: dict[str, str], lobbies: int = 0) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        srv = Server(f"sqlite:///{tmp}/abuse.db", env)
        try:
            status, made = _call(srv.base, "POST", "/api/rooms", {"game": "killer", "players": 3})
            _, joined = _call(srv.base, "POST", f"/api/rooms/{made['room']}/join", {"name": "victim"})
            ws_url = f"ws://127.0.0.1:{srv.port}/ws/{made['room']}"
            pairs: list[str] = []
            if name == "connect_lobbies":
                await _lobbies(srv, lobbies)
            if name == "replays":
                for code in await _finished_rooms(srv, 10):
                    pairs += [f"/api/rooms/{code}/replay?as={who}" for who in ("spectator", "all", 0, 1, 2, 3)]
            rss_before = _rss_mib(srv.proc.pid)
            stop = asyncio.Event()
            rtts: list[float] = []
            counts = {"ok": 0, "refused": 0}
            pinger = asyncio.create_task(_pinger(ws_url, joined["token"], stop, rtts))
            if name == "rooms":
                workers = [_spam_rooms(srv, stop, counts) for _ in range(4)]
            elif name == "replays":
                workers = [_spam_replays(srv, pairs, k, stop, counts) for k in range(4)]
            else:
                workers = [_spam_connects(ws_url, stop, counts) for _ in range(8)]
            spam = asyncio.gather(*workers)
            await asyncio.sleep(seconds)
            stop.set()
            await spam
            await pinger
            rss_after = _rss_mib(srv.proc.pid)
        finally:
            srv.stop()
    ordered = sorted(rtts)
    return {"scenario": name, "accepted": counts["ok"], "refused": counts["refused"], "pings": len(rtts),
            "ping_median_ms": round(statistics.median(ordered), 1),
            "ping_p99_ms": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 1),
            "ping_max_ms": round(ordered[-1], 1), "rss_before_mib": round(rss_before, 1),
            "rss_after_mib": round(rss_after, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=15.0, help="spam time per scenario")
    parser.add_argument("--only", choices=["rooms", "replays", "connect", "connect_lobbies"], action="append")
    parser.add_argument("--lobbies", type=int, default=4000, help="rooms made first for connect_lobbies")
    parser.add_argument("--env", action="append", default=[], help="TREACHERY_<LIMIT>=VALUE for the server")
    parser.add_argument("--json", help="write the results here too")
    args = parser.parse_args()
    env = dict(item.split("=", 1) for item in args.env)
    names = args.only or ["rooms", "replays", "connect"]
    results = [asyncio.run(scenario(name, args.seconds, env, args.lobbies)) for name in names]
    print(f"{'scenario':<15} {'accepted':>8} {'refused':>8} {'pings':>6} {'median ms':>9} {'p99 ms':>7} {'max ms':>7} "
          f"{'RSS MiB before → after':>23}")
    for r in results:
        print(f"{r['scenario']:<15} {r['accepted']:>8} {r['refused']:>8} {r['pings']:>6} {r['ping_median_ms']:>9} "
              f"{r['ping_p99_ms']:>7} {r['ping_max_ms']:>7} {r['rss_before_mib']:>11} → {r['rss_after_mib']}")
    if args.json:
        with open(args.json, "w") as out:
            json.dump(results, out, indent=1)


if __name__ == "__main__":
    main()
