"""A one-option decision is answered for its player (a response window only when the player asked for that), and
nobody else can tell: twin rooms on one seed, every seat a real WebSocket client, P1 leaving its one-option
decisions to the room in one and answering every decision by hand in the other. Every other seat and a spectator
must be sent the same frames in the same order (all but the server's clock stamp, ``now``), and no answer may take
effect sooner than an automatic one would."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from .conftest import Server, hello, make_room, policy, start

AUTO = 0.1  # seconds before the room answers; short, so two whole games fit in a few seconds
GAME, PLAYERS = "guest", 5


@pytest.fixture(scope="module")
def auto_server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    path: Path = tmp_path_factory.mktemp("autodb") / "treachery.db"
    srv = Server(f"sqlite:///{path}", env={"TREACHERY_AUTO_ANSWER": str(AUTO)}).start()
    try:
        yield srv
    finally:
        srv.stop()


class Client:
    """One connection: every frame it was sent (pongs aside), its latest decisions, and a ping barrier."""

    def __init__(self, ws: Any, seat: int | None) -> None:
        self.ws, self.seat = ws, seat
        self.frames: list[dict[str, Any]] = []
        self.decisions: list[dict[str, Any]] = []
        self.over = False
        self.pongs = 0
        self.acks: set[str] = set()
        self.changed = asyncio.Event()
        self.reader = asyncio.get_running_loop().create_task(self.read())

    async def read(self) -> None:
        async for text in self.ws:
            frame = json.loads(text)
            if frame["type"] == "pong":
                self.pongs += 1
            else:
                self.frames.append(frame)
            if frame["type"] == "state":
                self.decisions, self.over = frame["decisions"], frame["over"]
            if frame["type"] == "ack":
                self.acks.add(frame["cid"])
            assert frame["type"] != "error", frame
            self.changed.set()

    async def until(self, check: Any) -> None:
        async with asyncio.timeout(10):
            while not check():
                self.changed.clear()
                await self.changed.wait()

    async def barrier(self) -> None:
        """Every frame the server queued for this connection before now has arrived."""
        wanted = self.pongs + 1
        await self.ws.send(json.dumps({"type": "ping"}))
        await self.until(lambda: self.pongs >= wanted)


async def play_room(srv: Server, auto: bool) -> tuple[list[Client], int]:
    """Plays one room to its end; returns its clients (P1 first, the spectator last) and how many of P1's decisions
    the room answered for it."""
    code, host, tokens = make_room(srv, GAME, PLAYERS, PLAYERS, seed=7)
    clients = []
    for seat, token in [*enumerate(tokens), (None, None)]:
        ws, _ = await hello(srv.ws(code), token)
        clients.append(Client(ws, seat))
        for client in clients:
            await client.barrier()
    if auto:  # P1 asks for its response windows too to be passed for it
        await clients[0].ws.send(json.dumps({"type": "auto_pass", "on": True}))
        await clients[0].barrier()
    start(srv, code, host)
    answered_for_p1 = 0
    while True:
        for client in clients:
            await client.barrier()
        if clients[0].over:
            break
        seat, decision = next((c.seat, c.decisions[0]) for c in clients if c.decisions)
        client = clients[seat]
        if seat == 0 and auto and decision["auto"] is not None:
            await client.until(lambda c=client, d=decision: all(x["id"] != d["id"] for x in c.decisions))
            answered_for_p1 += 1
        else:
            cid = f"d{decision['id']}"  # the client's own words, alike in both rooms
            await client.ws.send(json.dumps({"type": "act", "decision": decision["id"],
                                             "option": policy(seat, decision), "cid": cid}))
            await client.until(lambda c=client, cid=cid: cid in c.acks)
    for client in clients:  # every reader stops before anyone leaves: a leaving seat changes the others' frames
        client.reader.cancel()
    for client in clients:
        await client.ws.close()
    return clients, answered_for_p1


def without_clock(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The frames without what is a room's own clock or code: the server time, and the moment a seat's own
    one-option decision will be answered (kept only as whether it will be)."""
    def decision(d: dict[str, Any]) -> dict[str, Any]:
        return {**d, "auto": d["auto"] is not None} if "auto" in d else d

    def frame(f: dict[str, Any]) -> dict[str, Any]:
        kept = {k: v for k, v in f.items() if k not in ("now", "room")}
        if isinstance(kept.get("decisions"), list):
            kept["decisions"] = [decision(d) for d in kept["decisions"]]
        return kept
    return [frame(f) for f in frames]


def test_others_are_sent_the_same_frames_whether_a_seat_answered_itself_or_was_answered_for(
        auto_server: Server) -> None:
    async def go() -> tuple[tuple[list[Client], int], tuple[list[Client], int]]:
        return await asyncio.gather(play_room(auto_server, auto=True), play_room(auto_server, auto=False))

    (auto_clients, answered_for), (hand_clients, none_for) = asyncio.run(go())
    assert none_for == 0
    assert answered_for >= 10, f"only {answered_for} of P1's decisions were answered for it"
    auto_p1 = [d for f in auto_clients[0].frames if f["type"] == "state" for d in f["decisions"]]
    assert any(d["kind"] == "priority" and d["auto"] is not None for d in auto_p1), "no response window passed for P1"
    for auto_client, hand_client in zip(auto_clients[1:], hand_clients[1:], strict=True):
        assert auto_client.frames[-1]["over"] and hand_client.frames[-1]["over"]
        assert without_clock(auto_client.frames) == without_clock(hand_client.frames), \
            f"seat {auto_client.seat} was sent different frames"
    # P1 itself was told which answers would be given for it (a window only where it asked)
    hand_p1 = [d for f in hand_clients[0].frames if f["type"] == "state" for d in f["decisions"]]
    assert all(d["auto"] is None for d in hand_p1 if d["kind"] == "priority")
    assert all(d["auto"] is not None for d in hand_p1 if d["kind"] != "priority" and len(d["options"]) == 1
               and not d["timeout_only"]), "a one-option decision is answered for a player anyway"
    assert all(d["auto"] is None for d in auto_p1 if len(d["options"]) > 1)


def test_no_answer_takes_effect_sooner_than_an_automatic_one(auto_server: Server) -> None:
    """A quick answer waits for the moment the room would have answered, so being quick and being answered for
    look alike: the state after P1's answer is stamped at least AUTO after the state that showed the decision."""
    clients, _ = asyncio.run(play_room(auto_server, auto=False))
    spectator = [f for f in clients[-1].frames if f["type"] == "state"]
    p1 = [f for f in clients[0].frames if f["type"] == "state"]
    gaps = []
    for before, after in zip(p1, p1[1:], strict=False):
        shown = {d["id"] for d in before["decisions"]}
        if shown and not shown & {d["id"] for d in after["decisions"]}:
            gaps.append(after["now"] - before["now"])
    assert len(gaps) >= 10 and spectator
    assert min(gaps) >= AUTO - 0.01, f"an answer applied {min(gaps):.3f} s after its decision was shown"
