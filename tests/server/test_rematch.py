"""Play again, over a real server and real WebSockets: the host's one request opens a new room with the same
people, bots and options; every token carries over (each person's seat token holds their seat there, the host's
token is the new host's), so no frame carries a secret; and a finished room stays reachable (its table, its replay
and where its rematch is) after it leaves memory or the server restarts."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from .conftest import Server, hello, make_room, policy, recv, start


async def _play_to_the_end(ws: Any, seat: int | None) -> list[dict[str, Any]]:
    """Answers this seat's decisions until the state that ends the game; the socket stays open."""
    frames: list[dict[str, Any]] = []
    answered: set[int] = set()
    while True:
        frame = await recv(ws, 30)
        frames.append(frame)
        if frame["type"] != "state":
            continue
        if frame["over"]:
            return frames
        for decision in frame["decisions"]:
            if seat is not None and decision["id"] not in answered:
                answered.add(decision["id"])
                await ws.send(json.dumps({"type": "act", "decision": decision["id"],
                                          "option": policy(seat, decision), "cid": f"{seat}-{decision['id']}"}))


async def _next_of(ws: Any, kind: str) -> dict[str, Any]:
    while (frame := await recv(ws))["type"] != kind:
        pass
    return frame


@pytest.fixture(scope="module")
def rematch_server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    srv = Server(f"sqlite:///{tmp_path_factory.mktemp('rematch') / 'db.sqlite'}",
                 env={"TREACHERY_KEEP_FINISHED": "0.3"}).start()  # finished rooms leave memory at once
    try:
        yield srv
    finally:
        srv.stop()


def test_play_again_seats_the_same_people_with_the_tokens_they_hold(rematch_server: Server) -> None:
    srv = rematch_server
    code, host, tokens = make_room(srv, "killer", 5, 3, bots="heuristic", decision_seconds=90, takeover_seconds=60)
    assert srv.api("POST", f"/api/rooms/{code}/rematch", {"host_token": host})[0] == 409  # not before the end

    async def go() -> tuple[list[list[dict[str, Any]]], list[dict[str, Any]], dict[str, Any]]:
        sockets = [(await hello(srv.ws(code), tokens[s]))[0] for s in range(3)]
        watcher, _ = await hello(srv.ws(code), None)
        start(srv, code, host)
        await asyncio.gather(*(_play_to_the_end(ws, s) for s, ws in enumerate(sockets)),
                             _play_to_the_end(watcher, None))
        await sockets[2].close()  # seat 2 is away when the host asks: it hears once it comes back
        assert srv.api("POST", f"/api/rooms/{code}/rematch", {"host_token": tokens[0]})[0] == 403  # a seat token
        status, made = srv.api("POST", f"/api/rooms/{code}/rematch", {"host_token": host})
        assert status == 201, made
        heard = [[await _next_of(ws, "rematch")] for ws in sockets[:2]]
        spectator = await _next_of(watcher, "rematch")
        back, _ = await hello(srv.ws(code), tokens[2])
        heard.append([await _next_of(back, "rematch")])
        for ws in [*sockets[:2], watcher, back]:
            await ws.close()
        return heard, [spectator], made

    heard, (spectator,), made = asyncio.run(go())
    new = made["room"]
    assert new != code and made["host_token"] == host  # the host's token carries over
    assert spectator == {"type": "rematch", "room": new}  # a spectator learns where
    for seat, (frame,) in enumerate(heard):
        assert frame == {"type": "rematch", "room": new, "seat": seat}  # seats kept; no token is sent

    status, info = srv.api("GET", f"/api/rooms/{new}")
    status_old, old = srv.api("GET", f"/api/rooms/{code}")
    assert status == 200 and info["status"] == "lobby" and old["rematch"] == new and info["rematch"] is None
    assert (info["game"], info["players"], info["options"], info["decision_seconds"]) == (
        old["game"], old["players"], old["options"], old["decision_seconds"])
    assert [s["name"] for s in info["seats"]] == ["player 0", "player 1", "player 2", None, None]
    for seat, token in enumerate(tokens):  # each old token holds its seat in the new room
        assert srv.api("POST", f"/api/rooms/{new}/join", {"name": "x", "token": token})[1]["seat"] == seat
    # asking again gives the same room; the host's token starts it, with the same kind of bots in the empty seats
    again = srv.api("POST", f"/api/rooms/{code}/rematch", {"host_token": host})
    assert again == (201, made)
    start(srv, new, host)
    assert srv.api("GET", f"/api/rooms/{new}")[1]["status"] == "playing"


def test_play_again_shuffled_moves_people_to_other_seats(rematch_server: Server) -> None:
    srv = rematch_server
    moved = False
    for _ in range(6):  # 2 people among 8 seats: both keep theirs about once in 56 shuffles
        code, host, tokens = make_room(srv, "menace", 8, 2)
        start(srv, code, host)

        async def go(code: str = code, tokens: list[str] = tokens, host: str = host) -> tuple[Any, list[Any]]:
            sockets = [(await hello(srv.ws(code), t))[0] for t in tokens]
            await asyncio.gather(*(_play_to_the_end(ws, s) for s, ws in enumerate(sockets)))
            made = srv.api("POST", f"/api/rooms/{code}/rematch", {"host_token": host, "shuffle": True})[1]
            frames = [await _next_of(ws, "rematch") for ws in sockets]
            for ws in sockets:
                await ws.close()
            return made, frames

        made, frames = asyncio.run(go())
        seats = [f["seat"] for f in frames]
        assert len(set(seats)) == 2 and all(0 <= s < 8 for s in seats)
        info = srv.api("GET", f"/api/rooms/{made['room']}")[1]
        assert {info["seats"][s]["name"] for s in seats} == {"player 0", "player 1"}
        assert sum(1 for s in info["seats"] if s["name"]) == 2
        if seats != [0, 1]:
            moved = True
            break
    assert moved


def _settle(srv: Server, code: str) -> None:
    """Waits until the finished room has left memory (the server counts the rooms it holds)."""
    import time

    deadline = time.monotonic() + 10
    while srv.api("GET", "/healthz")[1]["rooms"] and time.monotonic() < deadline:
        time.sleep(0.1)


def test_a_finished_room_is_served_from_the_store_after_it_leaves_memory(tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'db.sqlite'}", env={"TREACHERY_KEEP_FINISHED": "0.2"}).start()
    try:
        code, host, tokens = make_room(srv, "eat", 4, 1)

        async def play() -> dict[str, Any]:
            ws, _ = await hello(srv.ws(code), tokens[0])
            start(srv, code, host)
            frames = await _play_to_the_end(ws, 0)
            await ws.close()
            return frames[-1]

        final = asyncio.run(play())
        _settle(srv, code)
        assert srv.api("GET", "/healthz")[1]["rooms"] == 0

        async def look(token: str | None) -> dict[str, Any]:
            ws, welcome = await hello(srv.ws(code), token)
            assert welcome["type"] == "welcome"
            state = await _next_of(ws, "state")
            await ws.send(json.dumps({"type": "act", "decision": 0, "option": 0, "cid": "late"}))
            refused = await _next_of(ws, "error")
            await ws.close()
            return {"state": state, "refused": refused}

        status, info = srv.api("GET", f"/api/rooms/{code}")  # the room link works: read from the store
        assert status == 200 and info["status"] == "over" and info["seats"][0]["name"] == "player 0"
        seen = asyncio.run(look(tokens[0]))
        assert seen["state"]["over"] and seen["state"]["result"] == final["result"]
        assert seen["refused"]["code"] in ("game_over", "not_your_turn")  # read-only
        assert srv.api("POST", f"/api/rooms/{code}/join", {"name": "late"})[1]["error"] == "already_started"

        srv.kill()
        srv.start()  # a restart restores only unfinished rooms; a finished one is brought back when asked for
        assert srv.api("GET", "/healthz")[1]["rooms"] == 0
        seen = asyncio.run(look(tokens[0]))
        assert seen["state"]["over"] and seen["state"]["seat"] == 0
        assert srv.api("GET", f"/api/rooms/{code}/replay")[0] == 200
        assert srv.api("GET", "/api/rooms/nosuchroom")[0] == 404
    finally:
        srv.stop()


def test_the_rematch_outlives_memory_and_a_restart(tmp_path: Path) -> None:
    """The finished room records its rematch in the store: after it left memory and the server restarted, its link
    still says where the new game is, each person's connection is told their seat there (found by the token they
    carried over), their old token holds that seat without joining, and asking again gives the same room."""
    srv = Server(f"sqlite:///{tmp_path / 'db.sqlite'}", env={"TREACHERY_KEEP_FINISHED": "0.2"}).start()
    try:
        code, host, tokens = make_room(srv, "killer", 4, 3, decision_seconds=90)

        async def play() -> list[dict[str, Any]]:
            sockets = [(await hello(srv.ws(code), t))[0] for t in tokens]
            start(srv, code, host)
            await asyncio.gather(*(_play_to_the_end(ws, s) for s, ws in enumerate(sockets)))
            status, made = srv.api("POST", f"/api/rooms/{code}/rematch", {"host_token": host, "shuffle": True})
            assert status == 201, made
            frames = [await _next_of(ws, "rematch") for ws in sockets]
            for ws in sockets:
                await ws.close()
            return frames

        frames = asyncio.run(play())
        new = frames[0]["room"]
        seats = [f["seat"] for f in frames]
        assert srv.api("POST", f"/api/rooms/{new}/leave", {"token": tokens[2]})[0] == 200  # one gives it up
        _settle(srv, code)
        srv.kill()
        srv.start()

        status, old = srv.api("GET", f"/api/rooms/{code}")
        assert status == 200 and old["status"] == "over" and old["rematch"] == new

        async def come_back(token: str | None) -> tuple[dict[str, Any], dict[str, Any]]:
            ws, _ = await hello(srv.ws(code), token)
            state = await _next_of(ws, "state")
            told = await _next_of(ws, "rematch")
            await ws.close()
            return state, told

        for seat in (0, 1):
            state, told = asyncio.run(come_back(tokens[seat]))
            assert state["over"] and state["seat"] == seat  # the end, as it was
            assert told == {"type": "rematch", "room": new, "seat": seats[seat]}
        assert asyncio.run(come_back(tokens[2]))[1] == {"type": "rematch", "room": new}  # left it: only where
        assert asyncio.run(come_back(None))[1] == {"type": "rematch", "room": new}

        async def land(token: str) -> dict[str, Any]:
            ws, welcome = await hello(srv.ws(new), token)
            await ws.close()
            return welcome

        for seat in (0, 1):  # the token they already hold is their seat in the new room: no join
            welcome = asyncio.run(land(tokens[seat]))
            assert welcome["type"] == "welcome" and welcome["seat"] == seats[seat]
        again = srv.api("POST", f"/api/rooms/{code}/rematch", {"host_token": host})
        assert again == (201, {"room": new, "host_token": host, "invite": f"/r/{new}"})
        start(srv, new, host)
        assert srv.api("GET", f"/api/rooms/{new}")[1]["status"] == "playing"
    finally:
        srv.stop()
