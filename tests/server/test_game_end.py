"""The game's end through the protocol: every client gets its seat's whole log as the rules show it at the end,
which for the Guest is every line of the game, private ones included (G-W13)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import treachery

from .conftest import Player, Server, hello, make_room, play_all, start


def _merged_log(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The log as a client keeps it: each state's entries replace the log from its ``log_from``."""
    log: list[dict[str, Any]] = []
    for frame in frames:
        if frame["type"] == "state":
            log = log[:frame["log_from"]] + frame["log"]
    return log


def test_G_W13_the_guests_revealed_log_reaches_every_client(server: Server) -> None:
    players, seed = 5, 8
    code, host, tokens = make_room(server, "guest", players, players - 1, seed=seed)

    async def go() -> tuple[list[Player], list[dict[str, Any]]]:
        clients = [Player(server.ws(code), tokens[s], s) for s in range(players - 1)]
        task = asyncio.ensure_future(play_all(clients, timeout=120))
        ws, _ = await hello(server.ws(code), None)
        await asyncio.sleep(0.2)
        start(server, code, host)
        done = await task
        watched = []
        while True:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
            watched.append(frame)
            if frame["type"] == "state" and frame["over"]:
                break
        await ws.close()
        return done, watched

    done, watched = asyncio.run(go())
    status, record = server.api("GET", f"/api/rooms/{code}/record")
    assert status == 200
    game = treachery.replay_record(record)
    assert game.over
    private = [e for e in game._log if e[0] is not None]
    assert private, "the game needs private lines for this test to mean anything"
    for seat, frames in [*((p.seat, p.frames) for p in done), (None, watched)]:
        log = _merged_log(frames)
        assert log == json.loads(json.dumps(game.log_for(seat))), seat
        assert sum("only]" in e["text"] for e in log) == len(private)  # every private line, each marked


def test_a_game_that_reveals_nothing_more_ends_with_the_same_log(server: Server) -> None:
    code, host, tokens = make_room(server, "killer", 4, 4, seed=12)

    async def go() -> list[Player]:
        task = asyncio.ensure_future(play_all([Player(server.ws(code), tokens[s], s) for s in range(4)]))
        await asyncio.sleep(0.2)
        start(server, code, host)
        return await task

    done = asyncio.run(go())
    game = treachery.replay_record(server.api("GET", f"/api/rooms/{code}/record")[1])
    for p in done:
        assert _merged_log(p.frames) == json.loads(json.dumps(game.log_for(p.seat)))
