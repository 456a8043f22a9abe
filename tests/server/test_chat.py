"""Table talk over the wire: who reads and writes which channel in each game, channels that change with a death or
a trial's rules stage, Menace's structured claims, refusals, the chat rate limit and chat across a restart.

"Never reaches" is checked with a sentinel: a later message on a channel the recipient reads. Frames to one
connection keep their order, so anything sent to it before the sentinel has arrived by the time the sentinel does.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from .conftest import Server, hello, make_room, recv, start

Frame = dict[str, Any]


class Conn:
    """One WebSocket client that keeps every frame it was sent."""

    def __init__(self, ws: Any, seat: int | None) -> None:
        self.ws, self.seat = ws, seat
        self.frames: list[Frame] = []
        self.answered: set[int] = set()

    @classmethod
    async def open(cls, srv: Server, code: str, token: str | None) -> Conn:
        ws, welcome = await hello(srv.ws(code), token)
        return cls(ws, welcome["seat"])

    async def until(self, wanted: Callable[[Frame], bool], timeout: float = 10) -> Frame:
        while True:
            frame = await recv(self.ws, timeout)
            self.frames.append(frame)
            if wanted(frame):
                return frame

    async def send(self, message: Frame) -> None:
        await self.ws.send(json.dumps(message))

    async def say(self, channel: str, text: str) -> None:
        await self.send({"type": "chat", "channel": channel, "text": text})

    async def refused(self, message: Frame) -> Frame:
        await self.send(message)
        return await self.until(lambda f: f["type"] == "error")

    async def heard(self, text: str) -> Frame:
        return await self.until(lambda f: f["type"] == "chat" and f["text"] == text)

    def texts(self) -> list[str]:
        return [f["text"] for f in self.frames if f["type"] == "chat"]

    def channels(self) -> dict[str, tuple[bool, bool]]:
        """The channels of the latest state or lobby frame: id -> (read, write)."""
        last = next(f for f in reversed(self.frames) if f["type"] in ("state", "lobby"))
        return {c["id"]: (c["read"], c["write"]) for c in last["channels"]}

    async def act(self, choose: Callable[[Frame], bool]) -> None:
        """Answers this seat's next pending decision with the first option ``choose`` accepts."""
        def pending(frame: Frame) -> bool:
            return frame["type"] == "state" and any(d["id"] not in self.answered for d in frame["decisions"])

        latest = next((f for f in reversed(self.frames) if f["type"] == "state"), None)
        frame = latest if latest is not None and pending(latest) else await self.until(pending)
        decision = frame["decisions"][0]
        option = next(o for o in decision["options"] if choose(o))
        self.answered.add(decision["id"])
        await self.send({"type": "act", "decision": decision["id"], "option": option["id"],
                         "cid": f"c{decision['id']}"})
        await self.until(lambda f: f["type"] == "ack")

    async def close(self) -> None:
        await self.ws.close()


def _is(kind: str) -> Callable[[Frame], bool]:
    return lambda f: f["type"] == kind


def test_killer_table_and_spectators_from_the_lobby_on_with_refusals_and_rate_limit(server: Server) -> None:
    """K-H3: every seat talks at the table; spectators read it and talk among themselves. The lobby's table is
    open before the start and its messages stay for the game."""
    code, host, tokens = make_room(server, "killer", 3, 2, seed=21)

    async def go() -> None:
        ann, bob, spec = [await Conn.open(server, code, t) for t in (tokens[0], tokens[1], None)]
        for conn in (ann, bob, spec):
            await conn.until(_is("lobby"))
        assert ann.channels() == {"table": (True, True), "spectators": (False, False)}
        assert spec.channels() == {"table": (True, False), "spectators": (True, True)}

        await ann.say("table", "  hello lobby  ")
        heard = [await c.heard("hello lobby") for c in (ann, bob, spec)]
        assert heard[0] == heard[1] == heard[2]
        assert {k: v for k, v in heard[0].items() if k != "at"} == {
            "type": "chat", "channel": "table", "seat": 0, "name": "player 0 (P1)", "text": "hello lobby", "n": 0}

        error = await spec.refused({"type": "chat", "channel": "table", "text": "may I?"})
        assert error["code"] == "forbidden_channel"
        await spec.say("spectators", "between us watchers")
        assert (await spec.heard("between us watchers"))["seat"] is None

        for bad in ({"type": "chat", "channel": "table", "text": ""},
                    {"type": "chat", "channel": "table", "text": "x" * 301},
                    {"type": "chat", "channel": "table", "text": "   "},
                    {"type": "chat", "text": "no channel"},
                    {"type": "chat", "channel": "table", "text": "hi", "seat": 1},
                    {"type": "claim", "claim": {}}, {"type": "claim", "claim": {"kind": "x" * 65}},
                    {"type": "claim", "claim": {"kind": ["a"]}}):
            assert (await ann.refused(bad))["code"] == "malformed", bad
        assert (await ann.refused({"type": "chat", "channel": "graveyard", "text": "hi"}))["code"] == \
            "forbidden_channel"

        start(server, code, host)
        first = await ann.until(_is("state"))
        assert first["claim_menu"] == []  # this game declares no structured claims: the server refuses them
        error = await ann.refused({"type": "claim", "claim": {"kind": "suspect", "seat": 1}})
        assert error["code"] == "malformed" and "no structured claims" in error["message"]
        await bob.say("table", "sentinel 1")
        for conn in (ann, bob, spec):
            assert (await conn.heard("sentinel 1"))["n"] == 2  # nothing refused took a number
        for conn in (ann, bob):
            assert "between us watchers" not in conn.texts()
            assert conn.channels() == {"table": (True, True), "spectators": (False, False)}
        assert all(f["type"] != "chat" or f["text"] in ("hello lobby", "sentinel 1")
                   for f in ann.frames + bob.frames)

        late = await Conn.open(server, code, tokens[1])  # a second connection for Bob: the recent messages
        await late.until(_is("state"))
        await late.heard("sentinel 1")
        assert late.texts() == ["hello lobby", "sentinel 1"]
        spec2 = await Conn.open(server, code, None)
        await spec2.heard("sentinel 1")
        assert spec2.texts() == ["hello lobby", "between us watchers", "sentinel 1"]

        for i in range(6):  # chat's own budget: bursts of 5
            await late.say("table", f"burst {i}")
        error = await late.until(_is("error"))
        assert error["code"] == "rate_limited"
        await ann.heard("burst 4")
        assert [t for t in ann.texts() if t.startswith("burst")] == [f"burst {i}" for i in range(5)]
        for conn in (ann, bob, spec, late, spec2):
            await conn.close()

    asyncio.run(go())


def test_guest_the_eliminated_talk_in_the_graveyard_which_the_living_never_hear(server: Server) -> None:
    """G-T32, G-Q32: seat 1 is eliminated by a Blaster; its channels change at once, it is sent the graveyard's
    recent messages, and nothing said in the graveyard reaches a living seat."""
    setup = {"start": {"hands": {0: ["blaster"]}, "active": 0}}
    code, host, tokens = make_room(server, "guest", 5, 5, seed=3, setup=setup)

    async def go() -> None:
        seats = [await Conn.open(server, code, t) for t in tokens]
        spec = await Conn.open(server, code, None)
        start(server, code, host)
        for conn in [*seats, spec]:
            await conn.until(_is("state"))
        assert seats[1].channels() == {"table": (True, True), "graveyard": (False, False)}
        assert spec.channels() == {"table": (True, False), "graveyard": (True, True)}
        await spec.say("graveyard", "watching from the graveyard")
        await spec.heard("watching from the graveyard")
        assert (await seats[2].refused({"type": "chat", "channel": "graveyard", "text": "hello?"}))["code"] == \
            "forbidden_channel"

        await seats[0].act(lambda o: o["text"] == "play blaster P2")
        for s in range(5):  # every seat passes its priority window; the Blaster then eliminates seat 1
            await seats[s].act(lambda o: o["text"] == "pass")
        await seats[1].until(lambda f: f["type"] == "state" and {c["id"]: c["write"] for c in f["channels"]}
                             == {"table": False, "graveyard": True})
        assert seats[1].channels() == {"table": (True, False), "graveyard": (True, True)}
        await seats[1].heard("watching from the graveyard")  # the channel's recent messages, once readable

        await seats[1].say("graveyard", "I was human, believe me")
        await spec.heard("I was human, believe me")
        assert (await seats[1].refused({"type": "chat", "channel": "table", "text": "psst"}))["code"] == \
            "forbidden_channel"
        await seats[0].say("table", "sentinel")
        for s in (0, 2, 3, 4):
            await seats[s].heard("sentinel")
            assert seats[s].channels()["graveyard"] == (False, False)
            assert "I was human, believe me" not in seats[s].texts()
            assert "watching from the graveyard" not in seats[s].texts()
            assert "psst" not in seats[s].texts()
        await seats[1].heard("sentinel")  # the eliminated still read the table

        again = await Conn.open(server, code, tokens[2])  # a living seat reconnecting: only the table's messages
        await again.heard("sentinel")
        assert again.texts() == ["sentinel"]
        for conn in [*seats, spec, again]:
            await conn.close()

    asyncio.run(go())


def test_eat_only_the_leader_talks_while_he_sets_a_trials_rules(server: Server) -> None:
    """W-V6, W-V7, W-Q11, W-H21: a trial starts in its rules stage; the table opens to all when the Leader opens
    the discussion."""
    setup = {"leader": 0, "start": {"round": 2, "phase": "trial", "food": -1}}
    code, host, tokens = make_room(server, "eat", 5, 5, seed=3, setup=setup)

    async def go() -> None:
        seats = [await Conn.open(server, code, t) for t in tokens]
        start(server, code, host)
        for conn in seats:
            await conn.until(_is("state"))
        assert seats[0].channels()["table"] == (True, True)
        assert seats[1].channels()["table"] == (True, False)
        assert (await seats[1].refused({"type": "chat", "channel": "table", "text": "objection"}))["code"] == \
            "forbidden_channel"
        await seats[0].say("table", "each defends himself in turn")
        for conn in seats:
            await conn.heard("each defends himself in turn")
        await seats[0].act(lambda o: True)  # bang the Conch: the discussion is open
        await seats[1].until(lambda f: f["type"] == "state" and f["channels"][0]["write"])
        await seats[1].say("table", "now I may speak")
        for conn in seats:
            await conn.heard("now I may speak")
            assert "objection" not in conn.texts()
        for conn in seats:
            await conn.close()

    asyncio.run(go())


def test_menace_structured_claims(server: Server) -> None:
    """M-H33, M-H34, M-H38: the claim menu, rendered by the server; one's own cards only by category."""
    code, host, tokens = make_room(server, "menace", 4, 2, seed=8)

    async def go() -> None:
        ann, bob = [await Conn.open(server, code, t) for t in tokens]
        spec = await Conn.open(server, code, None)
        suspect = {"type": "claim", "claim": {"kind": "suspect", "seat": 1}}
        assert (await ann.refused(suspect))["code"] == "not_started"
        start(server, code, host)
        menu = (await ann.until(_is("state")))["claim_menu"]  # the game's claim menu, with its first view
        assert [k["kind"] for k in menu] == ["drew", "played", "accuse", "suspect"]
        assert ["airlock-breach", "Airlock breach"] in menu[2]["fields"][1]["choices"]
        await ann.send(suspect)
        frame = await bob.heard("I suspect player 1 (P2).")
        assert frame["claim"] == {"kind": "suspect", "seat": 1} and frame["seat"] == 0
        await spec.heard("I suspect player 1 (P2).")
        await bob.send({"type": "claim", "claim": {"kind": "accuse", "seat": 0, "card": "airlock-breach"}})
        await ann.heard("player 0 (P1) played Airlock Breach.")
        await bob.send({"type": "claim", "claim": {"kind": "played", "category": "neutral"}})
        assert (await ann.heard("I played a Neutral card."))["claim"] == {"kind": "played", "category": "neutral"}
        await ann.send({"type": "claim", "claim": {"kind": "drew", "category": "bad"}})
        await bob.heard("I drew a Bad card.")
        for bad in ({"kind": "accuse", "seat": 0, "card": "airlock-breach"},  # naming one's own card (M-H34)
                    {"kind": "suspect", "seat": 0},
                    {"kind": "accuse", "seat": 1, "card": "the-captains-log"},
                    {"kind": "suspect", "seat": 4},
                    {"kind": "played", "category": "awful"},
                    {"kind": "played", "card": "explosion"},
                    {"kind": "confess"}):
            assert (await ann.refused({"type": "claim", "claim": bad}))["code"] == "malformed", bad
        assert (await spec.refused(suspect))["code"] == "forbidden_channel"
        await bob.say("table", "sentinel")
        await ann.heard("sentinel")
        assert [f.get("claim") is not None for f in ann.frames if f["type"] == "chat"] == [True] * 4 + [False]
        assert "claim" not in ann.frames[-1]  # a plain message carries no claim field
        for conn in (ann, bob, spec):
            await conn.close()

    asyncio.run(go())


def test_chat_survives_a_restart(db_url: str) -> None:
    srv = Server(db_url).start()
    try:
        code, host, tokens = make_room(srv, "killer", 3, 1, seed=5)

        async def before() -> None:
            ann, spec = await Conn.open(srv, code, tokens[0]), await Conn.open(srv, code, None)
            await ann.say("table", "said before the crash")
            await spec.say("spectators", "watchers before the crash")
            await ann.heard("said before the crash")
            await spec.heard("watchers before the crash")
            await ann.close()
            await spec.close()

        asyncio.run(before())
        srv.kill()
        srv.start()
        start(srv, code, host)

        async def after() -> None:
            ann = await Conn.open(srv, code, tokens[0])
            first = await ann.heard("said before the crash")
            assert first["n"] == 0 and first["seat"] == 0
            await ann.say("table", "and after it")
            assert (await ann.heard("and after it"))["n"] == 2  # numbering goes on
            assert ann.texts() == ["said before the crash", "and after it"]
            spec = await Conn.open(srv, code, None)
            await spec.heard("and after it")
            assert spec.texts() == ["said before the crash", "watchers before the crash", "and after it"]
            await ann.close()
            await spec.close()

        asyncio.run(after())
    finally:
        srv.stop()
