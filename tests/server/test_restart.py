"""Kill the server mid-game (SIGKILL), start it again on the same database: every unfinished game is restored by
replay, players reconnect with their tokens, and the game ends exactly as it would have without the crash."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from .conftest import Player, Server, apply_state, hello, make_room, play_all, reference, start


async def _settled_view(srv: Server, code: str) -> dict[str, Any]:
    """The spectator view once nothing has moved for half a second."""
    ws, _ = await hello(srv.ws(code), None)
    view: dict[str, Any] = {}
    try:
        while True:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
            if frame["type"] == "state":
                view = apply_state(view, frame)
    except TimeoutError:
        pass
    await ws.close()
    return view


async def _resend(srv: Server, code: str, token: str, acked: dict[str, Any]) -> None:
    """A client that never heard its ack resends after the restart: acknowledged again, not applied again."""
    ws, _ = await hello(srv.ws(code), token)
    await ws.send(json.dumps({"type": "act", "decision": acked["decision"], "option": 0, "cid": acked["cid"]}))
    while (frame := json.loads(await asyncio.wait_for(ws.recv(), 10)))["type"] == "state":
        pass
    assert frame == {"type": "ack", "cid": acked["cid"], "decision": acked["decision"], "duplicate": True}
    await ws.close()


def test_restart_mid_game_goes_on_identically(db_url: str) -> None:
    game, players, humans, seed = "killer", 5, 3, 77
    srv = Server(db_url).start()
    try:
        code, host, tokens = make_room(srv, game, players, humans, seed=seed)
        lobby_code, _, lobby_tokens = make_room(srv, "eat", 4, 1)  # a room still in its lobby survives too
        first = [Player(srv.ws(code), tokens[s], s, stop_after=2) for s in range(humans)]

        async def part_one() -> list[Player]:
            task = asyncio.ensure_future(play_all(first))
            await asyncio.sleep(0.2)
            start(srv, code, host)
            return await task

        asyncio.run(part_one())
        assert all(p.acted == 2 for p in first)
        before = asyncio.run(_settled_view(srv, code))
        srv.kill()
        srv.start()  # same port, same database
        status, info = srv.api("GET", f"/api/rooms/{code}")
        assert status == 200 and info["status"] == "playing"
        assert srv.api("GET", f"/api/rooms/{lobby_code}")[1]["seats"][0]["name"] == "player 0"
        assert srv.api("POST", f"/api/rooms/{lobby_code}/join", {"name": "x", "token": lobby_tokens[0]})[0] == 200
        assert asyncio.run(_settled_view(srv, code)) == before
        acked = next(f for f in first[0].frames if f["type"] == "ack")
        asyncio.run(_resend(srv, code, tokens[0], acked))
        second = [Player(srv.ws(code), tokens[s], s) for s in range(humans)]
        asyncio.run(play_all(second))
        expected = reference(game, players, seed, humans)
        status, record = srv.api("GET", f"/api/rooms/{code}/record")
        assert status == 200
        for p in second:
            assert p.final is not None
            assert p.final["result"] == json.loads(json.dumps(expected.result()))
            assert p.views[-1] == json.loads(json.dumps(expected.view(p.seat)))
        assert len(record["actions"]) == len(expected.record()["actions"])
    finally:
        srv.stop()
