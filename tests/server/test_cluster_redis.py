"""Several real ``treachery serve --redis`` processes on one real PostgreSQL (a fresh database per test) and the real
Redis: any process serves any room. Clients of one room are spread over the processes; what reaches a process that
does not own the room goes to its owner over Redis and the owner's frames, filtered for each seat, come back.
Failover (kill -9) and drain (SIGTERM) move a room mid-game: the clients reconnect to any process and resend their
unanswered act with the same cid; nothing acknowledged is lost and nothing is applied twice."""

from __future__ import annotations

import asyncio
import json
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import psycopg
import pytest

import treachery

from .conftest import Server, apply_state, hello, make_room, pg_available, policy, scratch_pg
from .test_canary import Shown, marked_card_file, strings
from .test_games import _check_views_in_order

pytest.importorskip("redis")
websockets = pytest.importorskip("websockets")

REDIS = "redis://127.0.0.1:6379/0"


def _redis_available() -> bool:
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=1):
            return True
    except OSError:
        return False


pytestmark = pytest.mark.skipif(not (pg_available() and _redis_available()),
                                reason="no PostgreSQL on 127.0.0.1:5432 or no Redis on 127.0.0.1:6379")
LEASE = {"TREACHERY_OWNER_LEASE": "3"}  # long enough that a loaded machine renews in time


def _servers(pg: str, n: int) -> list[Server]:
    """``n`` processes started at once on a fresh database: one runs the migrations while the others wait."""
    servers = [Server(pg, extra=("--redis", REDIS), env=LEASE) for _ in range(n)]
    try:
        with ThreadPoolExecutor(n) as pool:
            list(pool.map(Server.start, servers))
    except Exception:
        for s in servers:
            s.stop()
        raise
    return servers


def _rows(url: str, sql: str, *args: object) -> list[tuple[Any, ...]]:
    with psycopg.connect(url) as conn:
        return list(conn.execute(sql, args).fetchall())  # type: ignore[arg-type]


def _metric(srv: Server, name: str) -> float:
    """The sum of a metric's samples on one process's /metrics (0 when it has none yet)."""
    text = urllib.request.urlopen(srv.http + "/metrics", timeout=10).read().decode()
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
               if line.startswith(name) and not line.startswith("#"))


def _call(srv: Server, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
    """An HTTP call as a client makes it: a 503 (the room is moving between processes) is tried again."""
    for _ in range(20):
        status, answer = srv.api(method, path, body)
        if status != 503:
            break
        time.sleep(0.5)
    return status, answer


@pytest.fixture
def pg() -> Iterator[str]:
    with scratch_pg() as url:
        yield url


@pytest.fixture(scope="module")
def pair() -> Iterator[tuple[str, list[Server]]]:
    """Two processes on a fresh database, shared by the tests that leave them running (the drain test, last,
    stops the first one)."""
    with scratch_pg() as url:
        servers = _servers(url, 2)
        try:
            yield url, servers
        finally:
            for s in servers:
                s.stop()


class Client:
    """One seat (or a spectator) that plays through the protocol and survives a moving room: when its connection
    closes it reconnects to the next process in ``urls`` and answers whatever is pending again, with the same cid
    (``policy`` and the decision id make both), so an answer lost in flight is given once and only once."""

    def __init__(self, urls: list[str], token: str | None, seat: int | None) -> None:
        self.urls, self.token, self.seat = urls, token, seat
        self.frames: list[dict[str, Any]] = []
        self.views: list[dict[str, Any]] = []
        self.acked: set[str] = set()
        self.closes: list[int | None] = []  # close codes of connections that ended before the game did
        self.final: dict[str, Any] | None = None
        self.hold = asyncio.Event()  # set: answer nothing new (the test moves the room meanwhile)

    async def run(self, timeout: float = 120) -> Client:
        await asyncio.wait_for(self._run(), timeout)
        return self

    async def _run(self) -> None:
        turn = 0
        while self.final is None:
            url = self.urls[turn % len(self.urls)]
            turn += 1
            try:
                ws, welcome = await hello(url, self.token)
            except (OSError, websockets.ConnectionClosed, TimeoutError) as error:
                self.closes.append(getattr(getattr(error, "rcvd", None), "code", None))
                await asyncio.sleep(0.2)
                continue
            try:
                if welcome["type"] != "welcome":  # e.g. the owner was gone: refused with a reason, then closed
                    raise AssertionError(f"seat {self.seat}: {welcome}")
                assert welcome["seat"] == self.seat, welcome
                await self._play(ws)
            except websockets.ConnectionClosed:
                pass
            finally:
                await ws.close()
            if self.final is None:
                self.closes.append(ws.close_code)
                await asyncio.sleep(0.2)

    async def _play(self, ws: Any) -> None:
        sent: set[int] = set()  # on this connection; a new one answers what is pending again (same cid)
        self.views.append({})  # a new connection starts from a whole view
        async for raw in ws:
            frame = json.loads(raw)
            self.frames.append(frame)
            if frame["type"] == "ack":
                self.acked.add(frame["cid"])
            if frame["type"] == "error":
                if frame["code"] == "unavailable":  # the room moved while the act was in flight: try again
                    return
                raise AssertionError(f"seat {self.seat}: {frame}")
            if frame["type"] != "state":
                continue
            self.views.append(apply_state(self.views[-1], frame))
            if frame["over"]:
                self.final = frame
                return
            if self.hold.is_set():
                continue
            for decision in frame["decisions"]:
                if decision["id"] not in sent:
                    sent.add(decision["id"])
                    await ws.send(json.dumps({"type": "act", "decision": decision["id"],
                                              "option": policy(self.seat or 0, decision),
                                              "cid": f"{self.seat}-{decision['id']}"}))

    def held(self, on: bool) -> None:
        if on:
            self.hold.set()
        else:
            self.hold.clear()


def _nothing_lost_nothing_twice(pg: str, code: str, clients: list[Client]) -> None:
    rows = _rows(pg, "SELECT n, cid FROM actions WHERE room = %s ORDER BY n", code)
    assert [n for n, _ in rows] == list(range(len(rows)))
    cids = [cid for _, cid in rows if cid is not None]
    assert len(cids) == len(set(cids)), "an answer was applied twice"
    acked = set().union(*(c.acked for c in clients))
    assert acked <= set(cids), f"acknowledged but not in the record: {sorted(acked - set(cids))[:5]}"


async def _when(what: Any, bound: float = 60) -> None:
    deadline = time.monotonic() + bound
    while not await asyncio.to_thread(what):
        assert time.monotonic() < deadline, "not within the bound"
        await asyncio.sleep(0.05)


def test_redis_is_refused_with_sqlite(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "treachery.cli", "serve", "--port", "1", "--db",
                           f"sqlite:///{tmp_path}/x.db", "--redis", REDIS], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode != 0 and "postgresql" in done.stderr and "SQLite" in done.stderr, done.stderr


def test_two_processes_play_a_whole_game_and_no_frame_leaks_across_them(pair: tuple[str, list[Server]],
                                                                     tmp_path: Path) -> None:
    """Eat, 5 seats: the room lives on a; seats 1 and 3 and a spectator are connected to b, which joins and
    starts it too (HTTP calls forwarded). Every frame of every seat is checked against what the engine ever showed
    that seat (the canary of test_canary.py): the owner filters for each seat, and nothing else reaches it."""
    pg, (a, b) = pair
    game_name, players, seed = "eat", 5, 36
    options = {"card_file": marked_card_file(game_name, tmp_path)}
    status, made = a.api("POST", "/api/rooms", {"game": game_name, "players": players, "seed": seed,
                                                 "options": options})
    assert status == 201, made
    code = made["room"]
    tokens = []
    for i in range(players):
        status, joined = _call(b if i % 2 else a, "POST", f"/api/rooms/{code}/join", {"name": f"p{i}"})
        assert status == 200 and joined["seat"] == i, joined
        tokens.append(joined["token"])
    status, info = _call(b, "GET", f"/api/rooms/{code}")
    assert status == 200 and [s["name"] for s in info["seats"]] == [f"p{i}" for i in range(players)]

    async def go() -> tuple[list[Client], Client]:
        clients = [Client([(b if s % 2 else a).ws(code)], tokens[s], s) for s in range(players)]
        watcher = Client([b.ws(code)], None, None)
        tasks = [asyncio.ensure_future(c.run()) for c in [*clients, watcher]]
        await asyncio.sleep(0.3)
        status, started = await asyncio.to_thread(_call, b, "POST", f"/api/rooms/{code}/start",
                                                  {"host_token": made["host_token"]})
        assert status == 200, started
        await asyncio.gather(*tasks)
        return clients, watcher

    clients, watcher = asyncio.run(go())
    assert all(c.final is not None for c in clients) and watcher.final is not None
    assert _metric(b, "treachery_forwarded_total") > 0  # b's seats really went through Redis
    _nothing_lost_nothing_twice(pg, code, clients)

    status, record = b.api("GET", f"/api/rooms/{code}/record")
    assert status == 200
    game = treachery.new_game(game_name, players, seed, options)
    shown = {s: Shown(s) for s in [*range(players), None]}
    for each in shown.values():
        each.look(game)
    for entry in record["actions"]:
        game.timeout(entry[0]) if len(entry) > 2 else game.act(entry[0], entry[1])
        for each in shown.values():
            each.look(game)
    seen = {s: each.strings for s, each in shown.items()}
    markers = set().union(*seen.values())
    for client in [*clients, watcher]:
        hidden = markers - seen[client.seat]
        carried: set[str] = set()
        for frame in client.frames:
            if frame["type"] == "state":
                strings([frame["view"], frame["log"], frame["decisions"], frame["result"]], carried)
        assert hidden and carried & seen[client.seat], f"seat {client.seat}: nothing the canary can check"
        assert not carried & hidden, f"seat {client.seat} was sent {sorted(carried & hidden)[:5]}"
        _check_views_in_order([v for v in client.views if v], shown[client.seat].views, client.seat)


def test_an_act_sent_to_a_non_owner_is_answered_by_the_owner(pair: tuple[str, list[Server]]) -> None:
    pg, (a, b) = pair
    code, host, tokens = make_room(a, "killer", 6, 1, seed=1)
    status, _ = _call(b, "POST", f"/api/rooms/{code}/start", {"host_token": "not-the-hosts"})
    assert status == 403  # the owner's refusal, forwarded as it is

    async def act_through_b() -> list[dict[str, Any]]:
        ws, welcome = await hello(b.ws(code), tokens[0])
        assert welcome == {"type": "welcome", "room": code, "game": "killer", "players": 6, "seat": 0}
        await asyncio.to_thread(_call, b, "POST", f"/api/rooms/{code}/start", {"host_token": host})
        frames: list[dict[str, Any]] = []
        decision = None
        while decision is None:
            frames.append(json.loads(await asyncio.wait_for(ws.recv(), 30)))
            if frames[-1]["type"] == "state" and frames[-1]["decisions"]:
                decision = frames[-1]["decisions"][0]
        await ws.send(json.dumps({"type": "act", "decision": decision["id"], "option": 999, "cid": "bad"}))
        await ws.send(json.dumps({"type": "act", "decision": decision["id"],
                                  "option": policy(0, decision), "cid": "good"}))
        while not [f for f in frames if f["type"] == "ack"]:
            frames.append(json.loads(await asyncio.wait_for(ws.recv(), 30)))
        await ws.close()
        return frames

    frames = asyncio.run(act_through_b())
    errors = [f for f in frames if f["type"] == "error"]
    assert [(e["code"], e["cid"]) for e in errors] == [("illegal", "bad")]  # refused, nothing changed
    assert [f["cid"] for f in frames if f["type"] == "ack"] == ["good"]
    assert _rows(pg, "SELECT cid FROM actions WHERE room = %s AND cid IS NOT NULL", code) == [("good",)]
    assert _metric(b, 'treachery_forwarded_total{kind="message"}') >= 2  # both acts went through Redis
    status, _ = b.api("GET", "/api/rooms/no-such-room")
    assert status == 404


def test_frames_batched_for_a_relay_that_says_so_and_one_channel_per_connection_otherwise(
        pair: tuple[str, list[Server]]) -> None:
    """A relay of this version says "batched" in its open and gets its connections' frames in one message per
    round, each connection's under its id; one that does not (the previous version, during a rolling upgrade)
    gets them on each connection's own channel, as before. Both relays are played here by hand over Redis."""
    import redis.asyncio as aioredis

    from treachery.server.cluster.relay import conn_channel, decode_batches, decode_frames, frames_channel, inbox

    pg, (a, _b) = pair
    code, _host, tokens = make_room(a, "killer", 6, 2, seed=3)
    owner = _rows(pg, "SELECT owner FROM leases WHERE room = %s", code)[0][0]

    async def first_frames(batched: bool) -> list[str | int]:
        client = aioredis.Redis.from_url(REDIS, decode_responses=True)
        pubsub = client.pubsub(ignore_subscribe_messages=True)
        relay, connection = f"test-relay-{batched}", "0123456789abcdef"
        channel = frames_channel(relay) if batched else conn_channel(relay, connection)
        await pubsub.subscribe(channel)
        open_ = {"op": "open", "conn": connection, "from": relay, "room": code, "token": tokens[int(batched)]}
        assert await client.publish(inbox(owner), json.dumps({**open_, "batched": True} if batched else open_)) == 1
        message, deadline = None, time.monotonic() + 30
        while message is None:  # None also for the subscription's own confirmation
            assert time.monotonic() < deadline, f"nothing on {channel}"
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1)
        await client.publish(inbox(owner), json.dumps({"op": "close", "conn": connection}))
        await pubsub.aclose()
        await client.aclose()
        if not batched:
            return decode_frames(message["data"])
        [(to, items)] = list(decode_batches(message["data"]))
        assert to == connection
        return items

    for batched in (False, True):
        items = asyncio.run(first_frames(batched))
        welcome = json.loads(str(items[0]))
        assert welcome["type"] == "welcome" and welcome["seat"] == int(batched), welcome


def _move_mid_game(pg: str, servers: list[Server], how: str) -> tuple[list[Client], str]:
    """Killer with 6 people (it waits for them: it cannot end while they hold); the room is created on the first
    process and the seats are spread over all of them. After 8 actions the clients hold, the first process is
    killed (-9) or stopped (SIGTERM), and they play on through the others."""
    owner, others = servers[0], servers[1:]
    code, host, tokens = make_room(owner, "killer", 6, 6, seed=1)

    async def go() -> list[Client]:
        clients = [Client([servers[s % len(servers)].ws(code)] + [o.ws(code) for o in others], tokens[s], s)
                   for s in range(6)]
        tasks = [asyncio.ensure_future(c.run()) for c in clients]
        await asyncio.sleep(0.3)
        await asyncio.to_thread(_call, owner, "POST", f"/api/rooms/{code}/start", {"host_token": host})
        await _when(lambda: _rows(pg, "SELECT count(*) FROM actions WHERE room = %s", code)[0][0] >= 8)
        for client in clients:
            client.held(True)
        assert owner.proc is not None
        if how == "kill":
            await asyncio.to_thread(owner.kill)
        else:
            owner.proc.send_signal(signal.SIGTERM)
            await asyncio.to_thread(owner.proc.wait, 30)  # uvicorn ends by the signal it caught: -15 or 0
            assert owner.proc.stderr is not None
            handed = re.search(rb"draining: (\d+) rooms handed over", owner.proc.stderr.read())
            assert handed is not None and int(handed.group(1)) >= 1  # this room among them
        for client in clients:
            client.held(False)
        await asyncio.gather(*tasks)
        return clients

    clients = asyncio.run(go())
    assert all(c.final is not None for c in clients)
    _nothing_lost_nothing_twice(pg, code, clients)
    assert _rows(pg, "SELECT status FROM rooms WHERE code = %s", code) == [("over",)]
    return clients, code


def test_kill_9_of_the_owner_mid_game_three_processes(pg: str) -> None:
    servers = _servers(pg, 3)
    try:
        clients, code = _move_mid_game(pg, servers, "kill")
        (epoch,), = _rows(pg, "SELECT epoch FROM leases WHERE room = %s", code)
        assert epoch >= 2  # another process claimed the room
        assert sum(_metric(s, 'treachery_lease_moves_total{how="claimed"}') for s in servers[1:]) >= 1
    finally:
        for s in servers:
            s.stop()


def test_sigterm_drains_the_owner_mid_game(pair: tuple[str, list[Server]]) -> None:
    pg, servers = pair
    clients, code = _move_mid_game(pg, servers, "term")
    assert any(1012 in c.closes for c in clients)  # told to reconnect (service restart), not cut off
    assert _metric(servers[1], 'treachery_lease_moves_total{how="claimed"}') >= 1
