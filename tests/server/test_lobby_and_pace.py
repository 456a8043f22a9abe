"""Game-night habits on the wire: "ready" in the lobby, the bots' pace (``serve --bot-delay``), the server's clock
in state frames (so a page counts down on the server's time), and seats named the way each game's texts name them."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from treachery.cli import app

from .conftest import Server, hello, make_room, recv, start

Frame = dict[str, Any]


async def _until(ws: Any, kind: str, frames: list[Frame] | None = None) -> Frame:
    while True:
        frame = await recv(ws)
        if frames is not None:
            frames.append(frame)
        if frame["type"] == kind:
            return frame


async def _lobby_where(ws: Any, wanted: Any) -> Frame:
    while not wanted(frame := await _until(ws, "lobby")):
        pass
    return frame


def _ready(frame: Frame) -> list[bool]:
    return [s["ready"] for s in frame["seats"]]


def test_ready_is_shown_to_everyone_and_the_host_may_start_anyway(server: Server) -> None:
    status, made = server.api("POST", "/api/rooms", {"game": "killer", "players": 4, "seed": 3})
    assert status == 201
    code, host = made["room"], made["host_token"]
    tokens = [server.api("POST", f"/api/rooms/{code}/join", {"name": n})[1]["token"] for n in ("ann", "bob", "cy")]

    async def go() -> None:
        ann, bob, cy, spec = [(await hello(server.ws(code), t))[0] for t in (*tokens, None)]
        assert _ready(await _until(spec, "lobby")) == [False, False, False, False]
        await ann.send(json.dumps({"type": "ready", "ready": True}))
        for ws in (ann, bob, spec):  # every connection, spectators too, sees who is ready
            await _lobby_where(ws, lambda f: _ready(f) == [True, False, False, False])
        await bob.send(json.dumps({"type": "ready", "ready": True}))
        await bob.send(json.dumps({"type": "ready", "ready": False}))  # changed their mind
        await bob.send(json.dumps({"type": "ready", "ready": True}))
        await _lobby_where(spec, lambda f: _ready(f) == [True, True, False, False])

        await spec.send(json.dumps({"type": "ready", "ready": True}))  # a spectator has no seat to mark
        assert (await _until(spec, "error"))["code"] == "unauthenticated"
        await spec.send(json.dumps({"type": "ready", "ready": "yes"}))  # not a boolean
        assert (await _until(spec, "error"))["code"] == "malformed"
        assert _ready(server.api("GET", f"/api/rooms/{code}")[1]) == [True, True, False, False]  # nothing changed

        await cy.close()
        status, _ = server.api("POST", f"/api/rooms/{code}/leave", {"token": tokens[2]})
        assert status == 200
        await bob.send(json.dumps({"type": "ready", "ready": False}))
        await _lobby_where(spec, lambda f: _ready(f) == [True, False, False, False] and f["seats"][2]["name"] is None)

        start(server, code, host)  # bob is not ready and seat 2 and 3 are empty: the host starts anyway
        state = await _until(bob, "state")
        assert [s["name"] for s in state["seats"]][:2] == ["ann", "bob"]  # unready seats stay with their players
        assert [s["bot"] for s in state["seats"]] == [False, False, True, True]
        await bob.send(json.dumps({"type": "ready", "ready": True}))
        error = await _until(bob, "error")
        assert error["code"] == "already_started"
        for ws in (ann, bob, spec):
            await ws.close()

    asyncio.run(go())


def test_state_frames_carry_the_servers_clock_next_to_the_deadline(server: Server) -> None:
    """A page counts down ``deadline - now`` on the server's clock; both numbers come in the same frame."""
    code, host, tokens = make_room(server, "guest", 5, 1, seed=5, decision_seconds=120)

    async def go() -> None:
        ws, _ = await hello(server.ws(code), tokens[0])
        start(server, code, host)
        frame = await _until(ws, "state")
        while not frame["decisions"]:
            frame = await _until(ws, "state")
        assert isinstance(frame["now"], float)
        left = frame["decisions"][0]["deadline"] - frame["now"]
        assert 0 < left <= 120 + 0.001  # `now` is rounded to the millisecond: a frame sent at once may show 120.0004
        await ws.close()

    asyncio.run(go())


def _play_bots_only(srv: Server, seed: int) -> list[Any]:
    code, host, _ = make_room(srv, "killer", 3, 0, seed=seed)

    async def go() -> None:
        spec, _ = await hello(srv.ws(code), None)
        start(srv, code, host)
        while not (await _until(spec, "state"))["over"]:
            pass
        await spec.close()

    asyncio.run(go())
    status, record = srv.api("GET", f"/api/rooms/{code}/record")
    assert status == 200
    return list(record["actions"])


def test_bot_delay_reaches_the_room_and_changes_no_move(server: Server, tmp_path: Path) -> None:
    """``serve --bot-delay`` is the room's pace; the bots' moves are the same at any pace (the pause comes before
    the bot decides, so it cannot depend on what it decides)."""
    slow = Server(f"sqlite:///{tmp_path / 'slow.db'}", extra=("--bot-delay", "0.02")).start()
    try:
        code, _, _ = make_room(slow, "killer", 3, 0, seed=8)
        assert slow.api("GET", f"/api/rooms/{code}")[1]["bot_delay"] == 0.02
        paced = _play_bots_only(slow, seed=77)
    finally:
        slow.stop()
    code, _, _ = make_room(server, "killer", 3, 0, seed=8)
    assert server.api("GET", f"/api/rooms/{code}")[1]["bot_delay"] == 0.0  # the test servers run at full speed
    assert paced == _play_bots_only(server, seed=77)


@pytest.mark.parametrize("value", ["-1", "61", "soon"])
def test_serve_refuses_a_bad_bot_delay(value: str) -> None:
    result = CliRunner().invoke(app, ["serve", "--bot-delay", value, "--port", "1"])
    assert result.exit_code == 2
    assert "--bot-delay" in result.output


@pytest.mark.parametrize(("game", "labels", "speaker"), [
    ("menace", ["P1", "P2", "P3", "P4"], "ann (P1)"),  # M-S2: seats are 0-based in data only; players read P1
    ("killer", ["P1", "P2", "P3", "P4"], "ann (P1)"),
])
def test_seats_are_named_as_the_games_texts_name_them(server: Server, game: str, labels: list[str],
                                                      speaker: str) -> None:
    status, made = server.api("POST", "/api/rooms", {"game": game, "players": 4})
    assert status == 201
    code = made["room"]
    assert server.api("GET", f"/api/rooms/{code}")[1]["seat_labels"] == labels
    token = server.api("POST", f"/api/rooms/{code}/join", {"name": "ann"})[1]["token"]

    async def go() -> None:
        ws, _ = await hello(server.ws(code), token)
        await ws.send(json.dumps({"type": "chat", "channel": "table", "text": "hi"}))
        assert (await _until(ws, "chat"))["name"] == speaker
        await ws.close()

    asyncio.run(go())
