"""The act ladder, resends, stale ids, tokens, malformed and oversized messages: each refused with its own code,
and the room unharmed afterwards."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import websockets

from .conftest import Server, hello, make_room, policy, recv, start


async def _next_state(ws: Any) -> dict[str, Any]:
    while True:
        frame = await recv(ws)
        if frame["type"] == "state":
            return frame


async def _expect_close(ws: Any, code: int) -> dict[str, Any] | None:
    last = None
    try:
        while True:
            last = await recv(ws)
    except websockets.ConnectionClosed as closed:
        assert closed.rcvd is not None and closed.rcvd.code == code, closed
    return last


def _room_with_two(server: Server) -> tuple[str, list[str]]:
    """Killer for 3: seats 0 and 1 are test clients, seat 2 a bot; seat 0 is the First Crew Member (setup)."""
    code, host, tokens = make_room(server, "killer", 3, 2, seed=11, setup={"first": 0})
    start(server, code, host)
    return code, tokens


def test_ladder_codes_in_order_and_resend_applied_once(server: Server) -> None:
    code, tokens = _room_with_two(server)

    async def go() -> None:
        ws0, welcome = await hello(server.ws(code), tokens[0])
        assert welcome == {"type": "welcome", "room": code, "game": "killer", "players": 3, "seat": 0}
        ws1, _ = await hello(server.ws(code), tokens[1])
        spectator, _ = await hello(server.ws(code), None)
        s0, s1 = await _next_state(ws0), await _next_state(ws1)
        spec = await _next_state(spectator)
        assert spec["seat"] is None and spec["decisions"] == [] and "hand" not in spec["view"]
        (d,) = s0["decisions"]
        assert s1["decisions"] == []
        assert set(d) == {"id", "seat", "kind", "prompt", "options", "default", "timeout_only", "rules", "deadline",
                          "auto", "unavailable"}
        assert d["seat"] == 0  # Decision.to_dict, the one serialisation, plus the room's deadline and closed moves
        good, bad = d["options"][0]["id"], max(o["id"] for o in d["options"]) + 1

        async def ask(ws: Any, message: Any) -> dict[str, Any]:
            await ws.send(message if isinstance(message, str) else json.dumps(message))
            while True:  # state frames (someone connected, a bot moved) may come in between
                frame = await recv(ws)
                if frame["type"] != "state":
                    return frame

        # malformed: not JSON, wrong shape, wrong types, unknown fields
        for junk in ["{", "[]", '{"type": "act"}', '{"type": "act", "decision": "1", "option": 0, "cid": "x"}',
                     '{"type": "act", "decision": 1, "option": 0, "cid": "x", "extra": 1}', '{"type": "dance"}']:
            reply = await ask(ws0, junk)
            assert reply["type"] == "error" and reply["code"] == "malformed", (junk, reply)
        # unauthenticated: a spectator acting
        reply = await ask(spectator, {"type": "act", "decision": d["id"], "option": good, "cid": "s"})
        assert reply["code"] == "unauthenticated"
        # not your turn: seat 1 has nothing pending (and is told nothing about who has)
        reply = await ask(ws1, {"type": "act", "decision": d["id"], "option": good, "cid": "n"})
        assert reply["code"] == "not_your_turn" and "seat" not in reply["message"]
        # stale, then illegal
        reply = await ask(ws0, {"type": "act", "decision": d["id"] + 100, "option": good, "cid": "a"})
        assert reply["code"] == "stale" and reply["cid"] == "a"
        reply = await ask(ws0, {"type": "act", "decision": d["id"], "option": bad, "cid": "a"})
        assert reply["code"] == "illegal"
        # the good answer, then the same cid again: acknowledged again, applied once
        reply = await ask(ws0, {"type": "act", "decision": d["id"], "option": good, "cid": "a"})
        assert reply == {"type": "ack", "cid": "a", "decision": d["id"], "duplicate": False}
        reply = await ask(ws0, {"type": "act", "decision": d["id"], "option": good, "cid": "a"})
        assert reply == {"type": "ack", "cid": "a", "decision": d["id"], "duplicate": True}
        # a new cid for the answered decision is stale (or not your turn), never applied twice
        reply = await ask(ws0, {"type": "act", "decision": d["id"], "option": good, "cid": "b"})
        assert reply["code"] in ("stale", "not_your_turn")
        # ping still works: the connection and the room are unharmed
        assert await ask(ws0, {"type": "ping"}) == {"type": "pong"}
        for ws in (ws0, ws1, spectator):
            await ws.close()

    asyncio.run(go())


def test_forged_cross_room_and_revoked_tokens_are_refused(server: Server) -> None:
    code_a, host_a, tokens_a = make_room(server, "killer", 3, 2)
    code_b, _, tokens_b = make_room(server, "killer", 3, 1)

    async def refused(code: str, token: str) -> None:
        ws, reply = await hello(server.ws(code), token)
        assert reply["type"] == "error" and reply["code"] == "unauthenticated", reply
        await _expect_close(ws, 4401)

    async def go() -> None:
        await refused(code_a, "x" * 43)  # forged
        await refused(code_a, tokens_b[0])  # another room's seat
        status, _ = server.api("POST", f"/api/rooms/{code_a}/leave", {"token": tokens_a[1]})
        assert status == 200
        await refused(code_a, tokens_a[1])  # a token that no longer holds a seat
        ws = await websockets.connect(server.ws("no-such-room"))  # refused before any hello
        assert (await recv(ws))["code"] == "no_such_room"
        await _expect_close(ws, 4404)
        ws = await websockets.connect(server.ws(code_a))
        await ws.send(json.dumps({"type": "act", "decision": 1, "option": 0, "cid": "x"}))
        assert (await recv(ws))["code"] == "malformed"
        await _expect_close(ws, 4400)
        ws = await websockets.connect(server.ws(code_a), origin="http://evil.example")  # type: ignore[arg-type]
        assert (await recv(ws))["code"] == "forbidden_origin"
        await _expect_close(ws, 4403)
        ws, welcome = await hello(server.ws(code_a), tokens_a[0])  # the real seat still gets in
        assert welcome["seat"] == 0
        await ws.close()

    asyncio.run(go())


def test_oversized_message_closes_that_connection_only(server: Server) -> None:
    code, tokens = _room_with_two(server)

    async def go() -> None:
        ws0, _ = await hello(server.ws(code), tokens[0])
        first = await _next_state(ws0)
        ws1, _ = await hello(server.ws(code), tokens[1])
        await ws1.send(json.dumps({"type": "ping", "pad": "x" * 20000}))
        last = await _expect_close(ws1, 1009)
        assert last is not None and last.get("code") == "too_large"
        d = first["decisions"][0]
        await ws0.send(json.dumps({"type": "act", "decision": d["id"], "option": d["options"][0]["id"], "cid": "k"}))
        while (frame := await recv(ws0))["type"] == "state":
            pass
        assert frame["type"] == "ack"
        await ws0.close()

    asyncio.run(go())


def test_flooding_is_rate_limited_then_closed(server: Server) -> None:
    code, tokens = _room_with_two(server)

    async def go() -> None:
        ws, _ = await hello(server.ws(code), tokens[1])
        for _ in range(200):
            try:
                await ws.send('{"type": "ping"}')
            except websockets.ConnectionClosed:
                break
        codes = []
        try:
            while True:
                frame = await recv(ws)
                codes.append(frame.get("code"))
        except websockets.ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 4429
        assert "rate_limited" in codes

    asyncio.run(go())


def test_reconnect_gets_the_seat_back_with_its_state(server: Server) -> None:
    code, tokens = _room_with_two(server)

    async def go() -> None:
        ws, _ = await hello(server.ws(code), tokens[0])
        before = await _next_state(ws)
        await ws.close()
        ws, welcome = await hello(server.ws(code), tokens[0])
        again = await _next_state(ws)
        assert welcome["seat"] == 0 and again["view_reset"] and again["view"] == before["view"]
        assert again["decisions"] == before["decisions"]
        assert again["log_from"] == 0 and again["log"] == before["log"]
        assert again["role_card"] == before["role_card"] is not None  # a new connection is told who it is again
        await ws.close()

    asyncio.run(go())


def test_lobby_frames_and_a_kicked_seat_is_closed(server: Server) -> None:
    code, host, tokens = make_room(server, "eat", 4, 2)

    async def go() -> None:
        ws0, _ = await hello(server.ws(code), tokens[0])
        ws1, _ = await hello(server.ws(code), tokens[1])
        lobby = await recv(ws1)
        assert lobby["type"] == "lobby" and [s["name"] for s in lobby["seats"]] == ["player 0", "player 1", None, None]
        status, _ = server.api("POST", f"/api/rooms/{code}/kick", {"host_token": host, "seat": 1})
        assert status == 200
        await _expect_close(ws1, 4409)
        while (frame := await recv(ws0))["seats"][1]["name"] is not None:
            pass
        assert frame["type"] == "lobby" and not frame["seats"][1]["connected"]
        start(server, code, host)
        state = await _next_state(ws0)
        assert [s["bot"] for s in state["seats"]] == [False, True, True, True]
        await ws0.close()

    asyncio.run(go())


def test_a_state_frame_carries_the_role_card_first_and_then_only_when_it_changes(server: Server) -> None:
    """The Menace role card lists the Characters to choose from, then (once chosen) the Character's abilities
    (M-S12): seat 0's first frame carries it, a later frame the changed card, and no frame repeats an unchanged one."""
    code, host, tokens = make_room(server, "menace", 4, 4, seed=3)
    start(server, code, host)

    async def go() -> None:
        seats = [(await hello(server.ws(code), token))[0] for token in tokens]
        spectator, _ = await hello(server.ws(code), None)
        assert (await _next_state(spectator))["role_card"] is None
        carried: list[dict[str, Any]] = []  # the role cards seat 0 was sent, in order
        frames = 0
        for _ in range(12):  # the Character choices, then a few turns, each seat answering what it is asked
            if len(carried) >= 2 and frames > len(carried) + 3:  # seen what the assertions below need
                break
            for seat, ws in enumerate(seats):
                while True:
                    try:
                        frame = await recv(ws, timeout=0.3)
                    except TimeoutError:
                        break
                    assert frame["type"] in ("state", "ack", "chat"), frame
                    if frame["type"] != "state":
                        continue
                    if seat == 0:
                        frames += 1
                        if "role_card" in frame:
                            assert not carried or frame["role_card"] != carried[-1], "an unchanged card sent again"
                            carried.append(frame["role_card"])
                        else:
                            assert carried, "the first frame carries the role card"
                    for decision in frame["decisions"]:
                        await ws.send(json.dumps({"type": "act", "decision": decision["id"], "cid": str(decision["id"]),
                                                  "option": policy(seat, decision)}))
        assert "choices" in carried[0] and "choices" not in carried[-1] and carried[-1]["abilities"]
        assert frames > len(carried) + 3  # most frames leave the card out
        for ws in [*seats, spectator]:
            await ws.close()

    asyncio.run(go())
