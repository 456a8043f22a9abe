"""Per-decision time limits (the declared default acts on expiry) and bots standing in for absent players."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

import treachery

from .conftest import Server, hello, make_room, recv, start


async def _until_over(ws: Any, timeout: float = 30) -> list[dict[str, Any]]:
    frames = []
    deadline = time.monotonic() + timeout
    while True:
        frame = await recv(ws, max(0.1, deadline - time.monotonic()))
        frames.append(frame)
        if frame["type"] == "state" and frame["over"]:
            return frames


def test_an_expired_decision_takes_its_declared_default(server: Server) -> None:
    code, host, tokens = make_room(server, "killer", 3, 1, seed=9, setup={"first": 0}, decision_seconds=0.25)

    async def go() -> list[dict[str, Any]]:
        ws, _ = await hello(server.ws(code), tokens[0])
        start(server, code, host)
        frames = await _until_over(ws)  # seat 0 never answers
        await ws.close()
        return frames

    t0 = time.time()
    frames = asyncio.run(go())
    decisions = [d for f in frames if f["type"] == "state" for d in f["decisions"]]
    assert decisions and all(t0 < d["deadline"] < time.time() + 1 for d in decisions)
    _, record = server.api("GET", f"/api/rooms/{code}/record")
    game = treachery.new_game("killer", 3, 9, {}, {"first": 0})
    defaults = 0
    for action in record["actions"]:
        seat, option = action[0], action[1]
        if seat == 0:  # the absent seat: every answer was its timeout default, recorded as such
            assert action[2:] == ["timeout"]
            assert option == next(d for d in game.pending() if d.seat == 0).default["id"]
            defaults += 1
            game.timeout(seat)
        else:
            game.act(seat, option)
    assert defaults >= 1 and game.over


def test_a_bot_stands_in_for_an_absent_player_and_hands_the_seat_back(server: Server) -> None:
    code, host, tokens = make_room(server, "killer", 3, 1, seed=10, setup={"first": 0}, takeover_seconds=0.2)

    async def go() -> None:
        ws, _ = await hello(server.ws(code), tokens[0])
        start(server, code, host)
        while (frame := await recv(ws))["type"] != "state":
            pass
        assert frame["decisions"] and frame["seats"][0] == {"seat": 0, "name": "player 0", "bot": False,
                                                            "connected": True, "ready": False}
        await ws.close()  # gone: after 0.2 s a bot plays seat 0 from its view
        spectator, _ = await hello(server.ws(code), None)
        frames = await _until_over(spectator)
        assert frames[-1]["seats"][0]["bot"] is True and frames[-1]["seats"][0]["connected"] is False
        ws, _ = await hello(server.ws(code), tokens[0])  # back: the seat is the player's again
        while (frame := await recv(ws))["type"] != "state":
            pass
        assert frame["seats"][0]["bot"] is False and frame["over"]
        await ws.close()
        await spectator.close()

    asyncio.run(go())
    _, record = server.api("GET", f"/api/rooms/{code}/record")
    assert json.dumps(record) and any(seat == 0 for seat, _ in record["actions"])
