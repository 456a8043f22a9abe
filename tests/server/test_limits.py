"""Spectator caps per room and per server, and a client that does not read: refused or closed with their own
codes while the rooms go on. The server runs with small limits set through ``TREACHERY_<LIMIT>``."""

from __future__ import annotations

import asyncio
import json
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
import websockets

from treachery.server.protocol import CLOSE_SLOW_CONSUMER, CLOSE_TOO_MANY

from .conftest import Server, hello, make_room, recv, start

LIMITS = {"TREACHERY_MAX_ROOM_SPECTATORS": "3", "TREACHERY_MAX_CONNECTIONS": "5", "TREACHERY_QUEUE_LIMIT": "16",
          "TREACHERY_SEND_BUFFER": "8192"}


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("limits") / "limits.db"
    srv = Server(f"sqlite:///{path}", env=LIMITS).start()
    try:
        yield srv
    finally:
        srv.stop()


async def _refused(srv: Server, code: str) -> tuple[dict[str, Any], int]:
    ws = await websockets.connect(srv.ws(code))
    await ws.send(json.dumps({"type": "hello"}))
    error = await recv(ws)  # a spectator over a cap: refused after its hello
    with pytest.raises(websockets.ConnectionClosed) as closed:
        await recv(ws)
    assert closed.value.rcvd is not None
    return error, closed.value.rcvd.code


def test_connection_caps_per_room_and_per_server(small: Server) -> None:
    room_a, _, _ = make_room(small, "killer", 3, 0)
    room_b, _, _ = make_room(small, "killer", 3, 0)

    async def go() -> None:
        in_a = [(await hello(small.ws(room_a), None))[0] for _ in range(3)]
        for ws in in_a:
            assert (await recv(ws))["type"] == "lobby"
        error, close = await _refused(small, room_a)  # the room's cap
        assert (error["code"], close) == ("rate_limited", CLOSE_TOO_MANY)
        in_b = [(await hello(small.ws(room_b), None))[0] for _ in range(2)]
        error, close = await _refused(small, room_b)  # the server's cap: 5 in all
        assert (error["code"], close) == ("rate_limited", CLOSE_TOO_MANY)

        await in_a[0].send(json.dumps({"type": "chat", "channel": "spectators", "text": "still here"}))
        for ws in in_a:  # the refusals harmed nobody already connected
            while (frame := await recv(ws))["type"] != "chat":
                pass
            assert frame["text"] == "still here"
        await in_a.pop().close()
        deadline = time.monotonic() + 10
        while True:  # a place is free again once the server has seen the close
            ws = await websockets.connect(small.ws(room_b))
            try:
                await ws.send(json.dumps({"type": "hello"}))
                if (await recv(ws))["type"] == "welcome":
                    in_b.append(ws)
                    break
            except websockets.ConnectionClosed as closed:
                assert closed.rcvd is not None and closed.rcvd.code == CLOSE_TOO_MANY
            assert time.monotonic() < deadline, "the closed connection's place was never freed"
            await asyncio.sleep(0.05)
        for ws in in_a + in_b:
            await ws.close()

    asyncio.run(go())


def test_a_client_that_does_not_read_is_closed_and_the_room_goes_on(small: Server) -> None:
    """A spectator stops reading: once the kernel's buffers and 16 waiting frames are full, the server drops what
    waits for it and closes it with 4430; the game plays on to its end for a spectator that reads."""
    code, host, _ = make_room(small, "guest", 12, 0, seed=4)

    async def go() -> tuple[int, int]:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect(("127.0.0.1", small.port))
        # without compression: deflated frames are so small that the whole game would fit in the buffers
        slow = await websockets.connect(small.ws(code), sock=sock, max_size=1 << 22, compression=None)
        await slow.send(json.dumps({"type": "hello"}))
        reader, _ = await hello(small.ws(code), None)
        start(small, code, host)
        reading = 0
        while True:
            frame = json.loads(await asyncio.wait_for(reader.recv(), 30))
            reading += 1
            if frame["type"] == "state" and frame["over"]:
                break
        slow_frames = 0
        with pytest.raises(websockets.ConnectionClosed) as closed:
            while True:
                json.loads(await asyncio.wait_for(slow.recv(), 10))
                slow_frames += 1
        assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_SLOW_CONSUMER
        await reader.close()
        return reading, slow_frames

    reading, slow_frames = asyncio.run(go())
    assert slow_frames < reading
    assert small.api("GET", f"/api/rooms/{code}")[1]["status"] == "over"


def test_limits_from_the_environment_are_checked() -> None:
    from treachery.server.room import Settings, settings_from_env

    settings = settings_from_env(Settings(), {"TREACHERY_MAX_CONNECTIONS": "7", "TREACHERY_CHAT_RATE": "0.5",
                                              "TREACHERY_DEV": "1", "OTHER": "x"})
    assert (settings.max_connections, settings.chat_rate, settings.dev) == (7, 0.5, False)
    with pytest.raises(ValueError, match="TREACHERY_QUEUE_LIMIT"):
        settings_from_env(Settings(), {"TREACHERY_QUEUE_LIMIT": "lots"})
