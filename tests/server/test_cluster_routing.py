"""Several processes behind a proxy that sends all of a room's calls to one of them (``--proxy-routes-rooms``,
docs/deploy.md): the process that creates a room does not keep it; the first process asked for it claims it, so
the room is served where its players are and nothing goes through Redis. The real PostgreSQL and Redis, a fresh
database per test."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import Server, hello, pg_available, recv, scratch_pg
from .test_cluster_redis import LEASE, REDIS, Client, _metric, _nothing_lost_nothing_twice, _redis_available, _rows

pytestmark = pytest.mark.skipif(not (pg_available() and _redis_available()),
                                reason="no PostgreSQL on 127.0.0.1:5432 or no Redis on 127.0.0.1:6379")


def _pair(url: str, **env: str) -> list[Server]:
    servers = [Server(url, extra=("--redis", REDIS, "--proxy-routes-rooms"), env={**LEASE, **env}) for _ in range(2)]
    try:
        servers[0].start()  # runs the migrations; the second waits for none
        servers[1].start()
    except Exception:
        for s in servers:
            s.stop()
        raise
    return servers


@pytest.fixture
def routed() -> Iterator[tuple[str, list[Server]]]:
    with scratch_pg() as url:
        servers = _pair(url)
        try:
            yield url, servers
        finally:
            for s in servers:
                s.stop()


def test_a_new_room_is_served_by_the_process_its_players_reach(routed: tuple[str, list[Server]]) -> None:
    pg, (a, b) = routed
    status, made = a.api("POST", "/api/rooms", {"game": "killer", "players": 6, "seed": 3})
    assert status == 201, made
    code = made["room"]
    assert _rows(pg, "SELECT owner, epoch FROM leases WHERE room = %s", code) == [("", 0)]  # left open, by nobody
    time.sleep(1.6)  # the claim loops (twice a second, both processes) pick up dead owners' rooms, not open ones
    assert _rows(pg, "SELECT owner, epoch FROM leases WHERE room = %s", code) == [("", 0)]
    assert a.api("GET", "/healthz")[1]["rooms"] == 0

    tokens = []
    for i in range(3):  # everything of the room through b, as a proxy hashing on its code sends it
        status, joined = b.api("POST", f"/api/rooms/{code}/join", {"name": f"player {i}"})
        assert status == 200 and joined["seat"] == i, joined
        tokens.append(joined["token"])
    assert _rows(pg, "SELECT epoch FROM leases WHERE room = %s AND owner <> ''", code) == [(1,)]
    assert b.api("GET", "/healthz")[1]["rooms"] == 1 and a.api("GET", "/healthz")[1]["rooms"] == 0
    status, body = b.api("POST", f"/api/rooms/{code}/start", {"host_token": made["host_token"]})
    assert status == 200, body

    async def play() -> list[Client]:
        return list(await asyncio.gather(*(Client([b.ws(code)], token, seat).run() for seat, token in
                                           enumerate(tokens))))

    clients = asyncio.run(play())
    assert all(c.final is not None and c.final["over"] for c in clients)
    assert not any(c.closes for c in clients)  # never moved
    _nothing_lost_nothing_twice(pg, code, clients)
    assert _metric(b, 'treachery_lease_moves_total{how="first"}') == 1
    assert _metric(b, 'treachery_lease_moves_total{how="claimed"}') == 0  # nobody owned it before b
    for s in (a, b):  # nothing crossed Redis: every call and connection of the room reached its owner
        assert _metric(s, "treachery_forwarded_total") == 0
        assert _metric(s, "treachery_relayed_connections") == 0

    # the rematch has a code of its own, which the proxy may send to another process: it is left open too
    status, again = b.api("POST", f"/api/rooms/{code}/rematch", {"host_token": made["host_token"]})
    assert status == 201, again
    assert _rows(pg, "SELECT owner, epoch FROM leases WHERE room = %s", again["room"]) == [("", 0)]
    status, info = a.api("GET", f"/api/rooms/{again['room']}")
    assert status == 200 and [s["name"] for s in info["seats"]][:3] == ["player 0", "player 1", "player 2"], info
    assert a.api("GET", "/healthz")[1]["rooms"] == 1  # a serves it: it was asked first
    assert _metric(a, 'treachery_lease_moves_total{how="first"}') == 1


def test_a_room_reached_through_another_process_is_still_forwarded(routed: tuple[str, list[Server]]) -> None:
    """Routing by room is what the proxy does; a call that arrives elsewhere (a proxy reloading its list of
    processes) still reaches the owner."""
    _, (a, b) = routed
    status, made = a.api("POST", "/api/rooms", {"game": "killer", "players": 4, "seed": 5})
    assert status == 201, made
    code = made["room"]
    status, first = b.api("POST", f"/api/rooms/{code}/join", {"name": "first"})  # b is asked first: b serves it
    assert status == 200, first
    status, second = a.api("POST", f"/api/rooms/{code}/join", {"name": "second"})  # forwarded to b
    assert status == 200 and second["seat"] == 1, second
    assert _metric(a, 'treachery_forwarded_total{kind="call"}') == 1
    status, info = a.api("GET", f"/api/rooms/{code}")
    assert status == 200 and [s["name"] for s in info["seats"]][:2] == ["first", "second"], info


@pytest.fixture
def routed_short_lobbies() -> Iterator[tuple[str, list[Server]]]:
    with scratch_pg() as url:
        servers = _pair(url, TREACHERY_LOBBY_IDLE="2", TREACHERY_MAX_CLIENT_LOBBIES="1")
        try:
            yield url, servers
        finally:
            for s in servers:
                s.stop()


def _until(what: object, bound: float = 20) -> None:
    deadline = time.monotonic() + bound
    while not what():  # type: ignore[operator]
        assert time.monotonic() < deadline, "not within the bound"
        time.sleep(0.1)


def test_a_lobby_nobody_claims_expires_and_the_creators_count_lets_go(
        routed_short_lobbies: tuple[str, list[Server]]) -> None:
    """No process holds a room nobody asked for, so none would expire it as an idle lobby: the store's sweep does.
    Its creator counted it among its client's open lobbies (at most one here) until then."""
    pg, (a, b) = routed_short_lobbies
    status, made = a.api("POST", "/api/rooms", {"game": "eat", "players": 4})
    assert status == 201, made
    status, refused = a.api("POST", "/api/rooms", {"game": "eat", "players": 4})
    assert status == 429 and refused["error"] == "too_many_rooms", refused  # the open lobby counts on its creator
    _until(lambda: _rows(pg, "SELECT status FROM rooms WHERE code = %s", made["room"]) == [("expired",)])
    assert _rows(pg, "SELECT count(*) FROM leases WHERE room = %s", made["room"]) == [(0,)]
    assert b.api("GET", f"/api/rooms/{made['room']}")[0] == 404
    _until(lambda: a.api("POST", "/api/rooms", {"game": "eat", "players": 4})[0] == 201)


def test_a_left_lobby_that_starts_elsewhere_no_longer_counts_on_its_creator(
        routed_short_lobbies: tuple[str, list[Server]]) -> None:
    _, (a, b) = routed_short_lobbies
    status, made = a.api("POST", "/api/rooms", {"game": "eat", "players": 4})
    assert status == 201, made
    status, _ = b.api("POST", f"/api/rooms/{made['room']}/join", {"name": "host"})
    assert status == 200
    status, body = b.api("POST", f"/api/rooms/{made['room']}/start", {"host_token": made["host_token"]})
    assert status == 200, body
    _until(lambda: a.api("POST", "/api/rooms", {"game": "eat", "players": 4})[0] == 201)


def test_a_rematch_asked_through_another_process_is_opened_by_the_owner_and_its_players_told() -> None:
    """Without routing by room: a finished room stays with its owner while anyone watches it, so the host's "Play
    again" that reaches another process is forwarded there, and the players connected to the owner are told of the
    new room (a read-only copy read back elsewhere would open a second rematch nobody connected hears of). The
    process the host asked through counts the new lobby for its client (at most one here) until it starts."""
    with scratch_pg() as url:
        servers = [Server(url, extra=("--redis", REDIS), env={**LEASE, "TREACHERY_LOBBY_IDLE": "2",
                                                               "TREACHERY_MAX_CLIENT_LOBBIES": "1"}) for _ in range(2)]
        try:
            for s in servers:
                s.start()
            a, b = servers
            status, made = a.api("POST", "/api/rooms", {"game": "killer", "players": 4, "seed": 2})
            assert status == 201, made
            code = made["room"]
            status, joined = a.api("POST", f"/api/rooms/{code}/join", {"name": "host"})
            assert status == 200, joined
            status, body = a.api("POST", f"/api/rooms/{code}/start", {"host_token": made["host_token"]})
            assert status == 200, body
            client = asyncio.run(Client([a.ws(code)], joined["token"], 0).run())
            assert client.final is not None and client.final["over"]

            async def rematch_heard_at_a() -> tuple[dict[str, Any], dict[str, Any]]:
                ws, welcome = await hello(a.ws(code), joined["token"])  # the seat, still at the table on a
                assert welcome["type"] == "welcome", welcome
                status, again = await asyncio.to_thread(b.api, "POST", f"/api/rooms/{code}/rematch",
                                                        {"host_token": made["host_token"]})
                assert status == 201, again
                while (frame := await recv(ws))["type"] != "rematch":
                    pass
                await ws.close()
                return again, frame

            again, told = asyncio.run(rematch_heard_at_a())
            assert told == {"type": "rematch", "room": again["room"], "seat": 0}
            assert _metric(b, 'treachery_forwarded_total{kind="call"}') == 1  # opened by a, the owner
            assert b.api("GET", "/healthz")[1]["rooms"] == 0
            status, refused = b.api("POST", "/api/rooms", {"game": "eat", "players": 4})
            assert status == 429 and refused["error"] == "too_many_rooms", refused  # counted on b
            status, body = b.api("POST", f"/api/rooms/{again['room']}/start", {"host_token": made["host_token"]})
            assert status == 200, body
            _until(lambda: b.api("POST", "/api/rooms", {"game": "eat", "players": 4})[0] == 201)
        finally:
            for s in servers:
                s.stop()


def test_proxy_routes_rooms_needs_several_processes(tmp_path: object) -> None:
    srv = Server(f"sqlite:///{tmp_path}/one.db", extra=("--proxy-routes-rooms",))
    with pytest.raises(RuntimeError, match="--proxy-routes-rooms is for several processes"):
        srv.start()
