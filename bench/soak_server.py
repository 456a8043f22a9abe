"""Kill -9 soak (not a test): the server is killed again and again mid-game and must lose nothing.

    PYTHONPATH=src .venv/bin/python bench/soak_server.py --store sqlite --kills 200
    PYTHONPATH=src .venv/bin/python bench/soak_server.py --store postgresql --kills 200 --json pg.json

Starts ``treachery serve`` on 127.0.0.1 (a fresh SQLite file, or a scratch PostgreSQL database on 127.0.0.1:5432
that is dropped afterwards) and keeps ``--rooms`` Killer rooms going, each with two scripted players and two
server bots. A player answers its decisions after a short random pause with a cid of its own; when the
connection drops it reconnects with backoff and resends the act it never heard acknowledged, with the same cid.
Meanwhile the server is SIGKILLed ``--kills`` times: at a random moment, or (one kill in three) right after a
player sent an act, before its ack can arrive. After each kill it is started again on the same database; the
time from start to answering is the restart time. A finished room is replaced by a new one.

Reported: kills, games, finished games, acknowledged actions, and the faults, each of which must be 0:
``lost`` (an acknowledged cid missing from the stored record), ``duplicates`` (a cid stored twice, or acknowledged
as new twice), ``mismatches`` (a finished game whose stored record does not replay to the stored result, or to the
result its players were shown), ``stuck`` (a room that does not finish within ``--settle`` seconds once the kills
stop, or whose record is finished while the room is not).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any

import websockets
from sqlalchemy import create_engine, select

import treachery
from treachery.server import store as db


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _call(base: str, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


class Server:
    """The server process, killed and restarted on one port and one database."""

    def __init__(self, url: str) -> None:
        self.url, self.port = url, _free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.restarts: list[float] = []
        self.up = asyncio.Event()

    def start(self) -> float:
        began = time.monotonic()
        env = {**os.environ, "TREACHERY_CREATE_RATE": "100000/minute", "TREACHERY_MAX_CLIENT_LOBBIES": "100000",
               "TREACHERY_JOIN_RATE": "100000/minute", "TREACHERY_INFO_RATE": "100000/minute"}
        self.proc = subprocess.Popen([sys.executable, "-m", "treachery.cli", "serve", "--port", str(self.port),
                                      "--db", self.url, "--dev", "--bot-delay", "0.05"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError("the server exited on its own")
            try:
                urllib.request.urlopen(self.base + "/healthz", timeout=1).read()
                break
            except OSError:
                time.sleep(0.02)
            if time.monotonic() - began > 180:  # a loaded machine can take a minute to start Python
                raise RuntimeError("the server did not come up in 180 s")
        seconds = time.monotonic() - began
        self.up.set()
        return seconds

    def kill(self) -> None:
        self.up.clear()
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)


@dataclass
class Tally:
    acked: dict[tuple[str, str], int] = field(default_factory=dict)  # (room, cid) -> decision, acked as new
    duplicates: int = 0  # a cid acknowledged as new twice
    resent_acks: int = 0  # resends answered duplicate=True (as they should be)
    ended_by_record: int = 0  # players who missed the end and read it from /record after a restart
    results: dict[str, Any] = field(default_factory=dict)  # room -> the result its players were shown
    kill_after_act: asyncio.Event = field(default_factory=asyncio.Event)


def policy(seat: int, decision: dict[str, Any]) -> int:
    options = decision["options"]
    return int(options[(decision["id"] * 7919 + seat * 31) % len(options)]["id"])


async def player(srv: Server, code: str, token: str, seat: int, tally: Tally, rng: random.Random,
                 after_act: float) -> None:
    """Plays one seat to the game's end through any number of server deaths."""
    pending: dict[str, Any] | None = None  # the act sent and not yet acknowledged
    decisions: list[dict[str, Any]] = []  # the seat's decisions in the last state frame
    backoff = 0.05

    async def answer(ws: Any) -> None:
        """Acts on the last state's decision once nothing is waiting for an answer (the state may have come before
        the reply to a resend, so this runs after every reply too)."""
        nonlocal pending
        if pending is not None or not decisions:
            return
        await asyncio.sleep(rng.uniform(0.0, 0.15))
        decision = decisions[0]
        pending = {"type": "act", "decision": decision["id"], "option": policy(seat, decision),
                   "cid": f"{seat}-{decision['id']}-{secrets.token_hex(3)}"}
        await ws.send(json.dumps(pending))
        if rng.random() < after_act:
            tally.kill_after_act.set()

    while True:
        await srv.up.wait()
        try:
            async with websockets.connect(f"ws://127.0.0.1:{srv.port}/ws/{code}", open_timeout=5,
                                          max_size=1 << 22) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token}))
                if pending is not None:
                    await ws.send(json.dumps(pending))  # resend: the same cid, applied at most once
                backoff = 0.05
                async for raw in ws:
                    frame = json.loads(raw)
                    if frame["type"] == "ack":
                        key = (code, frame["cid"])
                        if frame["duplicate"]:
                            tally.resent_acks += 1
                        elif key in tally.acked:
                            tally.duplicates += 1
                        tally.acked[key] = frame["decision"]
                        if pending is not None and pending["cid"] == frame["cid"]:
                            pending = None
                            decisions = [d for d in decisions if d["id"] != frame["decision"]]
                            await answer(ws)
                    elif frame["type"] == "error" and pending is not None and frame.get("cid") == pending["cid"]:
                        pending = None  # refused (stale after a bot's or timeout's move): nothing was applied
                        await answer(ws)
                    elif frame["type"] == "state":
                        if frame["over"]:
                            tally.results[code] = frame["result"]
                            return
                        decisions = frame["decisions"]
                        await answer(ws)
        except websockets.ConnectionClosed as closed:
            if closed.rcvd is not None and closed.rcvd.code == 4404:
                # a finished room is not restored after a restart: a player who missed the end reads it from the
                # published record instead (the room is over in the store, or it would have been restored)
                status, record = await asyncio.to_thread(_call, srv.base, "GET", f"/api/rooms/{code}/record")
                if status == 200:
                    tally.results[code] = json.loads(json.dumps(treachery.replay_record(record).result()))
                    tally.ended_by_record += 1
                    return
            await asyncio.sleep(backoff)
            backoff = min(1.0, backoff * 2)
        except (TimeoutError, OSError, websockets.InvalidHandshake):
            await asyncio.sleep(backoff)
            backoff = min(1.0, backoff * 2)


async def soak(url: str, rooms: int, kills: int, seed: int, settle: float, minutes: float) -> dict[str, Any]:
    rng = random.Random(seed)
    srv = Server(url)
    srv.restarts.append(await asyncio.to_thread(srv.start))
    tally = Tally()
    games: list[str] = []
    tasks: dict[str, asyncio.Task[None]] = {}

    async def new_room() -> None:
        while True:
            await srv.up.wait()
            try:
                status, made = await asyncio.to_thread(_call, srv.base, "POST", "/api/rooms", {
                    "game": "killer", "players": 4, "seed": rng.randrange(1 << 30), "bots": "random"})
                if status != 201:
                    raise OSError(status)
                code = made["room"]
                tokens = [(await asyncio.to_thread(_call, srv.base, "POST", f"/api/rooms/{code}/join",
                                                   {"name": f"p{s}"}))[1]["token"] for s in range(2)]
                if (await asyncio.to_thread(_call, srv.base, "POST", f"/api/rooms/{code}/start",
                                            {"host_token": made["host_token"]}))[0] != 200:
                    raise OSError("start")
                break
            except (OSError, KeyError, TypeError):
                await asyncio.sleep(0.2)  # the server died under us; a half-made room simply stays a lobby
        games.append(code)
        seats = [player(srv, code, tokens[s], s, tally, random.Random(rng.random()), 0.05) for s in range(2)]
        tasks[code] = asyncio.ensure_future(asyncio.gather(*seats))

    for _ in range(rooms):
        await new_room()
    done_kills = 0
    stop_at = time.monotonic() + minutes * 60  # a bound in time: the kills stop there, the audit still runs
    while done_kills < kills and time.monotonic() < stop_at:
        tally.kill_after_act.clear()
        if rng.random() < 1 / 3:  # right after an act was sent, before its ack
            try:
                await asyncio.wait_for(tally.kill_after_act.wait(), 10)
            except TimeoutError:
                pass
        else:
            await asyncio.sleep(rng.uniform(0.2, 1.2))
        srv.kill()
        done_kills += 1
        srv.restarts.append(await asyncio.to_thread(srv.start))
        for code in [c for c, t in tasks.items() if t.done()]:  # keep the rooms going
            del tasks[code]
            await new_room()
        print(f"\r{done_kills}/{kills} kills, {len(games)} games, {len(tally.acked)} acks", end="", file=sys.stderr)
    print(file=sys.stderr)
    _, pending = await asyncio.wait(tasks.values(), timeout=settle)  # no more kills: every game must end
    for task in pending:
        task.cancel()
    stuck_unfinished = len(pending)
    report = await asyncio.to_thread(_audit, srv, url, games, tally)
    srv.stop()
    report.update(kills=done_kills, kill_minutes=minutes,
                  games=len(games), acknowledged=len(tally.acked), duplicates_acked=tally.duplicates,
                  resends_answered_duplicate=tally.resent_acks, stuck=report["stuck"] + stuck_unfinished,
                  players_ended_by_record=tally.ended_by_record,
                  restart_median_s=round(statistics.median(srv.restarts[1:] or srv.restarts), 2),
                  restart_max_s=round(max(srv.restarts[1:] or srv.restarts), 2))
    report["duplicates"] += tally.duplicates
    return report


def _audit(srv: Server, url: str, games: list[str], tally: Tally) -> dict[str, Any]:
    """Compares what the players were told with what the store holds."""
    engine = create_engine(db.engine_url(url))
    mismatches = stuck = finished = 0
    with engine.connect() as connection:
        stored: dict[tuple[str, str], int] = {}
        for room, cid in connection.execute(select(db.actions.c.room, db.actions.c.cid)
                                            .where(db.actions.c.room.in_(games), db.actions.c.cid.is_not(None))):
            stored[(room, cid)] = stored.get((room, cid), 0) + 1
        statuses = dict(connection.execute(select(db.rooms.c.code, db.rooms.c.status)
                                           .where(db.rooms.c.code.in_(games))).all())
        results = dict(connection.execute(select(db.rooms.c.code, db.rooms.c.result)
                                          .where(db.rooms.c.code.in_(games))).all())
    engine.dispose()
    lost = sum(1 for key in tally.acked if key not in stored)
    duplicates = sum(1 for n in stored.values() if n > 1)
    store = db.Store(url)  # only its engine: the server that owns the rooms has stopped
    for code in games:
        game = treachery.replay_record(_record(store, code))
        if statuses.get(code) == "over":
            finished += 1
            shown = tally.results.get(code)
            expected = json.loads(json.dumps(game.result()))
            if not game.over or results.get(code) != expected or (shown is not None and shown != expected):
                mismatches += 1
        elif game.over:
            stuck += 1  # a finished record in a room that does not say so
    store.engine.dispose()
    return {"finished": finished, "lost": lost, "duplicates": duplicates, "mismatches": mismatches, "stuck": stuck}


def _record(store: db.Store, code: str) -> dict[str, Any]:
    with store.engine.connect() as connection:
        found = db.load_record(code)(connection)
    assert found is not None
    found.pop("status")
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--store", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--rooms", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--settle", type=float, default=120.0, help="seconds for every game to end after the kills")
    parser.add_argument("--minutes", type=float, default=60.0, help="stop killing after this long, kills or not")
    parser.add_argument("--json", help="write the report here too")
    args = parser.parse_args()
    if args.store == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            report = asyncio.run(soak(f"sqlite:///{tmp}/soak.db", args.rooms, args.kills, args.seed, args.settle,
                                      args.minutes))
    else:
        import psycopg

        name = f"treachery_soak_{secrets.token_hex(4)}"
        admin = "host=127.0.0.1 port=5432 user=postgres dbname=postgres"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        try:
            report = asyncio.run(soak(f"postgresql://postgres@127.0.0.1:5432/{name}", args.rooms, args.kills,
                                      args.seed, args.settle, args.minutes))
        finally:
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    report = {"store": args.store, **report}
    print(json.dumps(report, indent=1))
    if args.json:
        with open(args.json, "w") as out:
            json.dump(report, out, indent=1)


if __name__ == "__main__":
    main()
