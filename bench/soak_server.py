"""Kill -9 soak (not a test): the server is killed again and again mid-game and must lose nothing.

    PYTHONPATH=src .venv/bin/python bench/soak_server.py --store sqlite --kills 200
    PYTHONPATH=src .venv/bin/python bench/soak_server.py --store postgresql --kills 200 --json pg.json
    PYTHONPATH=src .venv/bin/python bench/soak_server.py --store postgresql --servers 3 \
        --redis redis://127.0.0.1:6379/0 --kills 50 --json cluster.json

Starts ``treachery serve`` on 127.0.0.1 (a fresh SQLite file, or a scratch PostgreSQL database on 127.0.0.1:5432
that is dropped afterwards) and keeps ``--rooms`` Killer rooms going, each with two scripted players and two
server bots. A player answers its decisions after a short random pause with a cid of its own; when the
connection drops it reconnects with backoff and resends the act it never heard acknowledged, with the same cid.
Meanwhile the server is SIGKILLed ``--kills`` times: at a random moment, or (one kill in three) right after a
player sent an act, before its ack can arrive. After each kill it is started again on the same database; the
time from start to answering is the restart time. A finished room is replaced by a new one.

With ``--servers N`` (N > 1: PostgreSQL and ``--redis``) N processes share the rooms: each room is owned by one
process through a lease of ``--lease`` seconds, and what reaches another process is forwarded through Redis.
Rooms are created, joined and started through random processes; a player connects to a random live process and
picks one at random again on every reconnect. Each kill SIGKILLs one process, a random one or (the kills right
after an act) the owner of that act's room, and starts it again on its port while the others take its rooms
over once their leases run out. The failover time of a kill runs from the SIGKILL until every unfinished room the
killed process owned has another owner. ``--proxy-routes-rooms`` starts them so (a new room is left open and the
first process asked for it claims it; the players still pick processes at random, so most calls are forwarded).

Reported: kills, games, finished games, acknowledged actions, and the faults, each of which must be 0:
``lost`` (an acknowledged cid missing from the stored record), ``duplicates`` (a cid stored twice, or acknowledged
as new twice), ``mismatches`` (a finished game whose stored record does not replay to the stored result, or to the
result its players were shown), ``stuck`` (a room that does not finish within ``--settle`` seconds once the kills
stop, or whose record is finished while the room is not); with several processes also ``not_taken_over`` (a
killed owner's room nobody claimed within ``TAKEOVER_BOUND`` seconds).
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
from sqlalchemy import Engine, create_engine, select, text

import treachery
from treachery.server import store as db

TAKEOVER_BOUND = 120.0  # seconds after a kill by which another process must have claimed each of its rooms


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
    """One server process, killed and restarted on one port and one database."""

    def __init__(self, url: str, redis: str = "", lease: float = 0.0, routes_rooms: bool = False) -> None:
        self.url, self.redis, self.lease, self.port = url, redis, lease, _free_port()
        self.routes_rooms = routes_rooms
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.restarts: list[float] = []  # seconds each start took, the first one included
        self.up = False  # answering; set by ``start`` on a worker thread, read by the clients' event loop
        self.owner: str | None = None  # its name in the room leases (several processes), learned by ``probe``

    def start(self) -> float:
        began = time.monotonic()
        env = {**os.environ, "TREACHERY_CREATE_RATE": "100000/minute", "TREACHERY_MAX_CLIENT_LOBBIES": "100000",
               "TREACHERY_JOIN_RATE": "100000/minute", "TREACHERY_INFO_RATE": "100000/minute"}
        shared: list[str] = []
        if self.redis:
            env["TREACHERY_OWNER_LEASE"] = str(self.lease)
            shared = ["--redis", self.redis, *(["--proxy-routes-rooms"] if self.routes_rooms else [])]
        self.proc = subprocess.Popen([sys.executable, "-m", "treachery.cli", "serve", "--port", str(self.port),
                                      "--db", self.url, "--dev", "--bot-delay", "0.05", *shared],
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
        self.restarts.append(seconds)
        self.up = True
        return seconds

    def probe(self, engine: Engine) -> None:
        """Learns the process's name in the leases from a lobby it creates and then asks about (a new room's lease
        is its creator's, or with --proxy-routes-rooms the first asker's), so a kill can aim at the owner of a room.
        The lobby is left as it is."""
        self.owner = None
        status, made = _call(self.base, "POST", "/api/rooms", {"game": "killer", "players": 4})
        if status == 201 and _call(self.base, "GET", f"/api/rooms/{made['room']}")[0] == 200:
            with engine.connect() as connection:
                self.owner = connection.execute(text("SELECT owner FROM leases WHERE room = :room"),
                                                {"room": made["room"]}).scalar()

    def kill(self) -> None:
        self.up = False
        assert self.proc is not None
        self.proc.kill()
        self.proc.wait(10)

    def stop(self) -> None:
        self.up = False
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()  # with several processes: hands its rooms over first
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


class Pool:
    """The server processes; a client goes to any live one."""

    def __init__(self, servers: list[Server]) -> None:
        self.servers = servers

    def live(self) -> list[Server]:
        return [s for s in self.servers if s.up]

    async def pick(self, rng: random.Random) -> Server:
        while not (live := self.live()):
            await asyncio.sleep(0.02)
        return live[0] if len(live) == 1 else rng.choice(live)


@dataclass
class Tally:
    acked: dict[tuple[str, str], int] = field(default_factory=dict)  # (room, cid) -> decision, acked as new
    duplicates: int = 0  # a cid acknowledged as new twice
    resent_acks: int = 0  # resends answered duplicate=True (as they should be)
    ended_by_record: int = 0  # players who missed the end and read it from /record after a restart
    results: dict[str, Any] = field(default_factory=dict)  # room -> the result its players were shown
    kill_after_act: asyncio.Event = field(default_factory=asyncio.Event)
    acted_in: str = ""  # the room of the act that set kill_after_act


def policy(seat: int, decision: dict[str, Any]) -> int:
    options = decision["options"]
    return int(options[(decision["id"] * 7919 + seat * 31) % len(options)]["id"])


async def player(pool: Pool, code: str, token: str, seat: int, tally: Tally, rng: random.Random,
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
            tally.acted_in = code
            tally.kill_after_act.set()

    while True:
        srv = await pool.pick(rng)  # with several processes, any of them: not necessarily the last one
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


async def _room_call(pool: Pool, rng: random.Random, method: str, path: str,
                     body: dict[str, Any]) -> tuple[int, Any]:
    """An HTTP call through a random live process. A 503 (the room is moving between processes) or a process
    dying under the call is tried again; the caller checks the answer, since a call may have taken effect."""
    status, answer = 0, None
    for _ in range(20):
        srv = await pool.pick(rng)
        try:
            status, answer = await asyncio.to_thread(_call, srv.base, method, path, body)
        except (OSError, ValueError):  # ValueError: a body cut short by the kill
            status, answer = 0, None
        if status not in (0, 503):
            break
        await asyncio.sleep(0.25)
    return status, answer


async def _make_room(pool: Pool, rng: random.Random) -> tuple[str, list[str]]:
    """A started room with two seated players: its code and their tokens. A room left half-made by a kill simply
    stays a lobby, and another is made."""
    while True:
        status, made = await _room_call(pool, rng, "POST", "/api/rooms", {
            "game": "killer", "players": 4, "seed": rng.randrange(1 << 30), "bots": "random"})
        if status != 201:
            await asyncio.sleep(0.2)
            continue
        code = made["room"]
        tokens = []
        for seat in range(2):
            status, joined = await _room_call(pool, rng, "POST", f"/api/rooms/{code}/join", {"name": f"p{seat}"})
            if status != 200 or joined.get("seat") != seat:  # a join answered after a kill may be a second one
                break
            tokens.append(joined["token"])
        if len(tokens) < 2:
            continue
        status, started = await _room_call(pool, rng, "POST", f"/api/rooms/{code}/start",
                                           {"host_token": made["host_token"]})
        if status == 200 or (status == 409 and started.get("error") == "already_started"):  # a retried start
            return code, tokens


def _rooms_held(engine: Engine, owner: str, codes: list[str]) -> list[str]:
    """The unfinished rooms among ``codes`` whose lease names ``owner``."""
    with engine.connect() as connection:
        return list(connection.execute(text(
            "SELECT l.room FROM leases l JOIN rooms r ON r.code = l.room WHERE l.owner = :owner "
            "AND l.room = ANY(:codes) AND r.status IN ('lobby', 'playing')"),
            {"owner": owner, "codes": codes}).scalars())


def _owner_of(engine: Engine, code: str) -> str | None:
    with engine.connect() as connection:
        return connection.execute(text("SELECT owner FROM leases WHERE room = :room"), {"room": code}).scalar()


def _taken_over(engine: Engine, owner: str, codes: list[str], killed_at: float) -> float | None:
    """Seconds from the kill until no unfinished room of ``codes`` is still ``owner``'s; None past the bound."""
    while time.monotonic() - killed_at < TAKEOVER_BOUND:
        if not _rooms_held(engine, owner, codes):
            return time.monotonic() - killed_at
        time.sleep(0.05)
    return None


async def soak(url: str, rooms: int, kills: int, seed: int, settle: float, minutes: float,
               servers: int = 1, redis: str = "", lease: float = 2.0, routes_rooms: bool = False) -> dict[str, Any]:
    rng = random.Random(seed)
    pool = Pool([Server(url, redis, lease, routes_rooms) for _ in range(servers)])
    cluster = servers > 1
    engine = create_engine(db.engine_url(url)) if cluster else None
    # all at once on a fresh database: one runs the migrations while the others wait for its lock
    await asyncio.gather(*(asyncio.to_thread(s.start) for s in pool.servers))
    if engine is not None:
        await asyncio.gather(*(asyncio.to_thread(s.probe, engine) for s in pool.servers))
    tally = Tally()
    games: list[str] = []
    tasks: dict[str, asyncio.Future[list[None]]] = {}  # room -> its players
    failovers: list[asyncio.Future[float | None]] = []
    owner_kills = 0  # kills aimed at the owner of a room a player had just sent an act to
    loads: list[float] = []

    async def new_room() -> None:
        code, tokens = await _make_room(pool, rng)
        games.append(code)
        seats = [player(pool, code, tokens[s], s, tally, random.Random(rng.random()), 0.05) for s in range(2)]
        tasks[code] = asyncio.gather(*seats)

    for _ in range(rooms):
        await new_room()
    done_kills = 0
    stop_at = time.monotonic() + minutes * 60  # a bound in time: the kills stop there, the audit still runs
    while done_kills < kills and time.monotonic() < stop_at:
        tally.kill_after_act.clear()
        acted_in = ""
        if rng.random() < 1 / 3:  # right after an act was sent, before its ack
            try:
                await asyncio.wait_for(tally.kill_after_act.wait(), 10)
                acted_in = tally.acted_in
            except TimeoutError:
                pass
        else:
            await asyncio.sleep(rng.uniform(0.2, 1.2))
        victim = rng.choice(pool.servers) if cluster else pool.servers[0]
        if engine is not None and acted_in:
            # looked up on the event loop on purpose: the ack waits behind it, so the kill still comes first
            owner = _owner_of(engine, acted_in)
            victim = next((s for s in pool.servers if s.owner is not None and s.owner == owner), victim)
            owner_kills += victim.owner == owner
        killed_at = time.monotonic()
        victim.kill()
        done_kills += 1
        loads.append(os.getloadavg()[0])
        if engine is not None and victim.owner is not None:
            held = await asyncio.to_thread(_rooms_held, engine, victim.owner, list(tasks))
            if held:
                failovers.append(asyncio.ensure_future(
                    asyncio.to_thread(_taken_over, engine, victim.owner, held, killed_at)))
        await asyncio.to_thread(victim.start)
        if engine is not None:
            await asyncio.to_thread(victim.probe, engine)
        for code in [c for c, t in tasks.items() if t.done()]:  # keep the rooms going
            del tasks[code]
            await new_room()
        print(f"\r{done_kills}/{kills} kills, {len(games)} games, {len(tally.acked)} acks", end="", file=sys.stderr)
    print(file=sys.stderr)
    _, pending = await asyncio.wait(tasks.values(), timeout=settle)  # no more kills: every game must end
    for task in pending:
        task.cancel()
    stuck_unfinished = len(pending)
    report = await asyncio.to_thread(_audit, url, games, tally)
    for srv in pool.servers:
        srv.stop()
    restarts = [seconds for srv in pool.servers for seconds in srv.restarts[1:]] or pool.servers[0].restarts
    report.update(kills=done_kills, kill_minutes=minutes,
                  games=len(games), acknowledged=len(tally.acked), duplicates_acked=tally.duplicates,
                  resends_answered_duplicate=tally.resent_acks, stuck=report["stuck"] + stuck_unfinished,
                  players_ended_by_record=tally.ended_by_record,
                  restart_median_s=round(statistics.median(restarts), 2), restart_max_s=round(max(restarts), 2),
                  load_average_median=round(statistics.median(loads or [os.getloadavg()[0]]), 1),
                  load_average_max=round(max(loads or [os.getloadavg()[0]]), 1))
    report["duplicates"] += tally.duplicates
    if engine is not None:
        seconds = await asyncio.gather(*failovers)
        taken = [s for s in seconds if s is not None]
        report.update(servers=servers, lease_s=lease, kills_of_the_owner_after_an_act=owner_kills,
                      kills_of_an_owner=len(seconds), not_taken_over=len(seconds) - len(taken),
                      failover_median_s=round(statistics.median(taken), 2) if taken else None,
                      failover_max_s=round(max(taken), 2) if taken else None)
        engine.dispose()
    return report


def _audit(url: str, games: list[str], tally: Tally) -> dict[str, Any]:
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
    store = db.Store(url)  # only its engine, to read the records back
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


def _redis_keys(url: str) -> set[str]:
    """The keys of this project's prefix in the Redis database: the run must leave none of its own behind."""
    import redis

    client = redis.Redis.from_url(url, decode_responses=True, socket_timeout=5)
    try:
        client.ping()
        return set(client.scan_iter("treachery:*"))
    finally:
        client.close()


def _forget_redis_keys(url: str, keys: set[str]) -> None:
    import redis

    client = redis.Redis.from_url(url, socket_timeout=5)
    try:
        client.delete(*keys)
    finally:
        client.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--store", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--rooms", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--settle", type=float, default=120.0, help="seconds for every game to end after the kills")
    parser.add_argument("--minutes", type=float, default=60.0, help="stop killing after this long, kills or not")
    parser.add_argument("--servers", type=int, default=1, help="processes sharing the rooms (more than 1: "
                        "--store postgresql and --redis)")
    parser.add_argument("--redis", default="", help="redis://HOST:PORT/DB the processes forward through")
    parser.add_argument("--lease", type=float, default=2.0, help="seconds of a room lease with several processes "
                        "(TREACHERY_OWNER_LEASE)")
    parser.add_argument("--proxy-routes-rooms", action="store_true",
                        help="with --servers N: start them with --proxy-routes-rooms (a new room is claimed by the "
                             "first process asked for it; the players still pick processes at random)")
    parser.add_argument("--json", help="write the report here too")
    args = parser.parse_args()
    if args.servers < 1:
        parser.error("--servers must be at least 1")
    if args.servers > 1 and (args.store != "postgresql" or not args.redis):
        parser.error("several processes share rooms only through PostgreSQL and Redis: "
                     "--servers N needs --store postgresql and --redis redis://HOST:PORT/DB")
    if args.servers == 1 and args.redis:
        parser.error("--redis is for several processes: add --servers N (N > 1)")
    keys_before: set[str] = set()
    if args.redis:
        try:
            keys_before = _redis_keys(args.redis)
        except Exception as error:
            parser.error(f"Redis at {args.redis} does not answer: {error}")
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
                                      args.seed, args.settle, args.minutes, args.servers, args.redis, args.lease,
                                      args.proxy_routes_rooms))
        finally:
            with psycopg.connect(admin, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    if args.redis:  # the processes talk over channels, which keep nothing; any key they made is counted and removed
        left = _redis_keys(args.redis) - keys_before
        if left:
            _forget_redis_keys(args.redis, left)
        report["redis_keys_left"] = len(left)
    report = {"store": args.store, **report}
    print(json.dumps(report, indent=1))
    if args.json:
        with open(args.json, "w") as out:
            json.dump(report, out, indent=1)


if __name__ == "__main__":
    main()
