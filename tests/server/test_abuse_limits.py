"""Limits per client: one client's spectators, rooms, joins, lookups, replays and bodies are capped, and seated
players are always admitted. The server runs with small limits (``TREACHERY_<LIMIT>``); clients are told apart by
the address a trusted proxy forwards (uvicorn trusts X-Forwarded-For from 127.0.0.1), as behind a reverse proxy."""

from __future__ import annotations

import asyncio
import http.client
import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets

from treachery.server.protocol import CLOSE_TOO_MANY

from .conftest import Server, recv, start

LIMITS = {"TREACHERY_MAX_ROOM_SPECTATORS": "3", "TREACHERY_MAX_CLIENT_CONNECTIONS": "4",
          "TREACHERY_MAX_CONNECTIONS": "8", "TREACHERY_CREATE_RATE": "6/minute", "TREACHERY_MAX_CLIENT_LOBBIES": "3",
          "TREACHERY_JOIN_RATE": "4/minute", "TREACHERY_INFO_RATE": "5/minute", "TREACHERY_REPLAY_RATE": "3/minute",
          "TREACHERY_CONNECT_RATE": "6/minute", "TREACHERY_LOBBY_IDLE": "1.5", "TREACHERY_MAX_SEAT_CONNECTIONS": "2"}


@pytest.fixture(scope="module")
def capped(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path_factory.mktemp('caps') / 'caps.db'}", env=LIMITS).start()
    try:
        yield srv
    finally:
        srv.stop()


def call(srv: Server, method: str, path: str, body: Any = None, client: str = "10.0.0.1",
         raw: bytes | None = None) -> tuple[int, Any, dict[str, str]]:
    connection = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=10)
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    connection.request(method, path, body=data, headers={"content-type": "application/json",
                                                         "x-forwarded-for": client})
    response = connection.getresponse()
    payload = response.read()
    connection.close()
    return response.status, json.loads(payload) if payload else None, dict(response.getheaders())


def room_of(srv: Server, client: str, players: int = 3, **extra: Any) -> tuple[str, str]:
    """A Killer room; its empty seats get random bots unless told (cheap: the rooms these tests start play on
    beside the next tests in the same server)."""
    status, made, _ = call(srv, "POST", "/api/rooms", {"game": "killer", "players": players, "bots": "random",
                                                       **extra}, client)
    assert status == 201, made
    return made["room"], made["host_token"]


async def connect(srv: Server, code: str, client: str, token: str | None = None) -> tuple[Any, dict[str, Any]]:
    """Says hello from ``client``; the first frame: welcome, or the refusal (then the close code is checked)."""
    ws = await websockets.connect(srv.ws(code), additional_headers={"x-forwarded-for": client})
    await ws.send(json.dumps({"type": "hello", "token": token}))
    first = await recv(ws)
    if first["type"] == "error":
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await recv(ws)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_TOO_MANY
    return ws, first


def test_seated_players_are_admitted_whatever_spectators_hold(capped: Server) -> None:
    """Finding: 64 spectator hellos filled a room and its seated player was refused; one client filled the server."""
    code, _ = room_of(capped, "10.1.0.1")
    status, joined, _ = call(capped, "POST", f"/api/rooms/{code}/join", {"name": "Bea"}, "10.1.0.2")
    assert status == 200
    token = joined["token"]

    async def go() -> list[str]:
        held = [(await connect(capped, code, "10.1.0.9"))[0] for _ in range(3)]  # the room's 3 spectators
        _, refused = await connect(capped, code, "10.1.0.8")
        ws, welcome = await connect(capped, code, "10.1.0.9", token)  # the player: admitted all the same
        codes = [refused["code"], welcome["type"]]
        for other in held + [ws]:
            await other.close()
        return codes

    assert asyncio.run(go()) == ["rate_limited", "welcome"]


def test_one_client_cannot_fill_the_server_with_spectators(capped: Server) -> None:
    rooms = [room_of(capped, "10.2.0.1")[0] for _ in range(2)]
    other_room, _ = room_of(capped, "10.2.0.2")

    async def go() -> list[str]:
        held = []
        for n in range(4):
            ws, first = await connect(capped, rooms[n % 2], "10.2.0.1")
            assert first["type"] == "welcome"
            held.append(ws)
        _, refused = await connect(capped, rooms[0], "10.2.0.1")  # its own fifth: over its 4
        ws, welcome = await connect(capped, other_room, "10.2.0.3")  # another client: admitted
        for other in held + [ws]:
            await other.close()
        return [refused["code"], welcome["type"]]

    assert asyncio.run(go()) == ["rate_limited", "welcome"]


def test_one_token_opens_few_connections(capped: Server) -> None:
    code, _ = room_of(capped, "10.3.0.1")
    token = call(capped, "POST", f"/api/rooms/{code}/join", {"name": "Cy"}, "10.3.0.1")[1]["token"]

    async def go() -> list[str]:
        held = [await connect(capped, code, "10.3.0.1", token) for _ in range(3)]
        kinds = [first["type"] for _, first in held]
        for ws, _ in held:
            await ws.close()
        return kinds

    assert asyncio.run(go()) == ["welcome", "welcome", "error"]


def test_room_creation_is_rated_and_open_lobbies_capped_per_client(capped: Server) -> None:
    made = [room_of(capped, "10.4.0.1") for _ in range(3)]
    status, refused, _ = call(capped, "POST", "/api/rooms", {"game": "killer", "players": 3}, "10.4.0.1")
    assert (status, refused["error"]) == (429, "too_many_rooms")
    assert call(capped, "POST", "/api/rooms", {"game": "killer", "players": 3}, "10.4.0.2")[0] == 201
    code, host = made[0]
    start(capped, code, host)  # a started room is no longer an open lobby
    made.append(room_of(capped, "10.4.0.1"))
    for code, host in made[1:]:
        start(capped, code, host)
    room_of(capped, "10.4.0.1")
    room_of(capped, "10.4.0.1")  # its sixth room within the minute
    status, refused, headers = call(capped, "POST", "/api/rooms", {"game": "killer", "players": 3}, "10.4.0.1")
    assert (status, refused["error"]) == (429, "rate_limited")
    assert int(headers["retry-after"]) > 0


def test_join_info_and_replay_are_rated_per_client(capped: Server) -> None:
    code, host = room_of(capped, "10.5.0.1", bots="random", seed=3)
    infos = [call(capped, "GET", f"/api/rooms/{code}", client="10.5.0.2")[0] for _ in range(6)]
    assert infos == [200] * 5 + [429]
    joins = [call(capped, "POST", f"/api/rooms/{code}/join", {"name": f"j{n}"}, "10.5.0.3")[0] for n in range(5)]
    assert joins[-1] == 429 and 429 not in joins[:4]
    code, host = room_of(capped, "10.5.0.6", bots="random", seed=3)  # bots only: it ends at once
    start(capped, code, host)
    for attempt in range(50):  # each look from a client of its own: the limit is per client
        if call(capped, "GET", f"/api/rooms/{code}", client=f"10.5.1.{attempt}")[1]["status"] == "over":
            break
        time.sleep(0.1)
    replays = [call(capped, "GET", f"/api/rooms/{code}/replay", client="10.5.0.4")[0] for _ in range(4)]
    assert replays == [200, 200, 200, 429]
    assert call(capped, "GET", f"/api/rooms/{code}", client="10.5.0.5")[0] == 200  # others are not held up


def test_bodies_over_64_kib_are_refused_before_they_are_read(capped: Server) -> None:
    code, _ = room_of(capped, "10.6.0.1")
    big = json.dumps({"name": "x" * (100 << 20)}).encode()  # 100 MiB, as in the finding
    status, answer, _ = call(capped, "POST", f"/api/rooms/{code}/join", raw=big[:70_000], client="10.6.0.2")
    assert (status, answer["error"]) == (413, "too_large")
    connection = http.client.HTTPConnection("127.0.0.1", capped.port, timeout=10)  # no length given: chunks
    connection.putrequest("POST", f"/api/rooms/{code}/join")
    connection.putheader("transfer-encoding", "chunked")
    connection.putheader("content-type", "application/json")
    connection.endheaders()
    try:
        for start_at in range(0, 200_000, 16_384):
            chunk = big[start_at:start_at + 16_384]
            connection.send(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
    except OSError:
        pass  # the server may close on us once it has answered
    response = connection.getresponse()
    assert (response.status, json.loads(response.read())["error"]) == (413, "too_large")
    connection.close()


def test_idle_lobbies_expire_in_memory_and_in_the_store(capped: Server, tmp_path: Path) -> None:
    idle, _ = room_of(capped, "10.7.0.1")
    watched, _ = room_of(capped, "10.7.0.1")

    async def watch() -> None:
        ws, first = await connect(capped, watched, "10.7.0.2")
        assert first["type"] == "welcome"
        await asyncio.sleep(3)
        await ws.close()

    asyncio.run(watch())
    assert call(capped, "GET", f"/api/rooms/{idle}", client="10.7.0.3")[0] == 404
    assert call(capped, "GET", f"/api/rooms/{watched}", client="10.7.0.3")[0] == 200  # watched: still open
    with sqlite3.connect(capped.db.removeprefix("sqlite:///")) as db:
        (status,) = db.execute("SELECT status FROM rooms WHERE code = ?", (idle,)).fetchone()
    assert status == "expired"
