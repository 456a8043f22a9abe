"""Any process serves any room: what reaches a process that does not own the room goes to its owner over Redis.

On the process holding a client's connection (the relay): the client's hello and every message it sends go to the
owner's inbox in order; the frames come back tagged with this connection's id and are written to the socket as
they are. The relay never sees a room: it cannot filter, and has nothing to leak.

On the owner: a forwarded connection is a ``RemoteSubscriber`` attached to the room like a local one. The room
builds each frame for that subscriber's seat, exactly as for a local connection. The frames queued for the
connections one relay holds go to it in one message, each connection's frames under that connection's id, and the
relay queues them on that connection alone (a relay that did not say ``"batched"`` in its open, a process of the
previous version, gets each connection's frames on that connection's own channel). So Redis never carries a frame
to a connection of another seat.

A relay closes its connections with 1012 (reconnect) when the owner is gone (nobody reads its inbox) or the room's
lease moved; the client reconnects to any process and resends its unanswered act with the same cid.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from sqlalchemy import text

from .. import metrics
from ..protocol import CLOSE_SLOW_CONSUMER, CLOSE_TOO_MANY, CLOSE_UNAUTHENTICATED, Error
from ..room import Room, RoomError, Settings, Subscriber
from .lease import NOW
from .owner import CLOSE_MOVED, OwnedRooms, Remote
from .relay import (
    Bus,
    conn_channel,
    decode_batches,
    decode_frames,
    encode_batches,
    encode_frames,
    frames_channel,
    inbox,
)

if TYPE_CHECKING:
    from fastapi import WebSocket

log = logging.getLogger("treachery.server.cluster")
CALL_SECONDS = 15.0  # a forwarded HTTP call unanswered by then: the owner is taken as gone

Op = Callable[[Room, dict[str, Any]], Awaitable[dict[str, Any]]]  # an HTTP call on a room, run by its owner
Handler = Callable[[Room, Subscriber], Callable[[str | None], Awaitable[None]]]  # a connection's message handler


class RemoteSubscriber(Subscriber):
    """On the owner: a connection held by another process; whatever it queues wakes the owner's frame sender."""

    def __init__(self, seat: int | None, limit: int, queued: Callable[[], None]) -> None:
        super().__init__(seat, limit)
        self.queued = queued

    def send(self, text: str, backlog: bool = False) -> None:
        super().send(text, backlog)
        self.queued()

    def close(self, code: int) -> None:
        super().close(code)
        self.queued()


@dataclass
class _Served:
    """On the owner: one forwarded connection, its messages handled one after another as they came."""

    sub: RemoteSubscriber
    room: Room
    relay: str  # the process holding the connection
    batched: bool  # that process reads the frames of several connections in one message (frames_channel)
    inbound: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    tasks: list[asyncio.Task[None]] = field(default_factory=list)
    attached: bool = False


@dataclass
class _Relayed:
    """On the relay: one client connection whose room another process owns."""

    room: str
    owner: str
    frames: asyncio.Queue[str | int] = field(default_factory=asyncio.Queue)


class Forwarder:
    def __init__(self, rooms: OwnedRooms, bus: Bus, settings: Settings, handler: Handler,
                 ops: dict[str, Op]) -> None:
        self.rooms, self.bus, self.settings, self.handler, self.ops = rooms, bus, settings, handler, ops
        self.served: dict[str, _Served] = {}  # connection id -> a connection this owner serves for a relay
        self.relayed: dict[str, _Relayed] = {}  # connection id -> a connection here, served by another owner
        self.calls: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.unsent: dict[str, _Served] = {}  # connection id -> a served connection with frames queued
        self.sender: asyncio.Task[None] | None = None
        self.tasks: set[asyncio.Task[Any]] = set()
        self.watcher: asyncio.Task[None] | None = None
        bus.on_inbox, bus.on_frames, bus.on_conn = self._on_inbox, self._on_frames, self._on_conn

    def start(self) -> None:
        self.watcher = asyncio.get_running_loop().create_task(self._watch_leases())

    def _spawn(self, work: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # ---- the relay: a client here, its room elsewhere ---------------------------------------------------

    async def relay(self, websocket: WebSocket, code: str, remote: Remote, token: str | None) -> None:
        """Carries one connection that said hello to the room's owner until either side closes."""
        from starlette.websockets import WebSocketDisconnect

        connection = secrets.token_hex(8)
        relayed = self.relayed[connection] = _Relayed(code, remote.owner)
        metrics.RELAYED.inc()
        pump = asyncio.get_running_loop().create_task(self._pump_to_client(websocket, relayed))
        try:
            if not await self._to_owner(relayed, {"op": "open", "conn": connection, "from": self.bus.process,
                                                  "room": code, "token": token, "batched": True}):
                return
            while not pump.done():
                try:
                    message = await websocket.receive()
                except (WebSocketDisconnect, RuntimeError):
                    return
                if message["type"] == "websocket.disconnect":
                    return
                said = message.get("text")
                if said is not None and len(said) > self.settings.max_message:
                    said = said[:self.settings.max_message + 1]  # the owner refuses it as too large all the same
                metrics.FORWARDED.labels("message").inc()
                if not await self._to_owner(relayed, {"op": "msg", "conn": connection, "text": said}):
                    return
        finally:
            self.relayed.pop(connection, None)
            relayed.frames.put_nowait(1000)  # the pump ends now (a close already queued goes first)
            metrics.RELAYED.dec()
            with contextlib.suppress(Exception):
                await self.bus.publish(inbox(remote.owner), json.dumps({"op": "close", "conn": connection}))
            with contextlib.suppress(asyncio.TimeoutError, Exception):
                await asyncio.wait_for(asyncio.shield(pump), 2)
            pump.cancel()

    async def _to_owner(self, relayed: _Relayed, message: dict[str, Any]) -> bool:
        """Publishes to the owner's inbox; False (and the client told to reconnect) when nobody reads it."""
        try:
            heard = await self.bus.publish(inbox(relayed.owner), json.dumps(message))
        except Exception:
            log.exception("room %s: forwarding to its owner failed", relayed.room)
            heard = 0
        if not heard:
            relayed.frames.put_nowait(CLOSE_MOVED)
        return bool(heard)

    async def _pump_to_client(self, websocket: WebSocket, relayed: _Relayed) -> None:
        try:
            while True:
                item = await relayed.frames.get()
                if isinstance(item, int):
                    with contextlib.suppress(Exception):
                        await websocket.close(item)
                    return
                await websocket.send_text(item)
        except Exception:
            return

    def _on_frames(self, payload: str) -> None:
        for connection, items in decode_batches(payload):
            self._to_client(connection, items)

    def _on_conn(self, connection: str, payload: str) -> None:
        if connection.startswith("call-"):
            waiting = self.calls.pop(connection[5:], None)
            if waiting is not None and not waiting.done():
                waiting.set_result(json.loads(payload))
            return
        self._to_client(connection, decode_frames(payload))

    def _to_client(self, connection: str, items: list[str | int]) -> None:
        relayed = self.relayed.get(connection)
        if relayed is None:
            return
        for item in items:
            if relayed.frames.qsize() >= self.settings.queue_limit and not isinstance(item, int):
                item = CLOSE_SLOW_CONSUMER  # the client does not read: closed here, as the owner would
            relayed.frames.put_nowait(item)
            if isinstance(item, int):
                return

    async def call(self, remote: Remote, name: str, code: str, body: dict[str, Any]) -> dict[str, Any]:
        """An HTTP call on a room, run by its owner: its answer, or the owner's refusal raised here."""
        ident = secrets.token_hex(8)
        answer = self.calls[ident] = asyncio.get_running_loop().create_future()
        metrics.FORWARDED.labels("call").inc()
        try:
            heard = await self.bus.publish(inbox(remote.owner), json.dumps(
                {"op": "call", "id": ident, "from": self.bus.process, "name": name, "room": code, "body": body}))
            if not heard:
                raise _Moved()
            got = await asyncio.wait_for(answer, CALL_SECONDS)
        except (TimeoutError, _Moved):
            raise RoomError("unavailable", "the room is moving to another server process; try again in a moment",
                            503, 1) from None
        finally:
            self.calls.pop(ident, None)
        if "moved" in got:
            raise RoomError("unavailable", "the room is moving to another server process; try again in a moment",
                            503, 1)
        if "error" in got:
            raise RoomError(got["error"], got["message"], got["status"], got.get("retry_after"))
        return dict(got["ok"])

    async def _watch_leases(self) -> None:
        """Closes (1012) the relayed connections whose owner lost or let lapse the room's lease: they reconnect."""
        every = max(0.25, min(1.0, self.rooms.seconds / 3))
        while True:
            await asyncio.sleep(every)
            codes = sorted({r.room for r in self.relayed.values()})
            if not codes:
                continue
            try:
                rows = await asyncio.to_thread(self.rooms._direct, _current_owners(codes))
            except Exception:
                log.exception("checking the owners of relayed rooms failed")
                continue
            asked = set(codes)
            for relayed in list(self.relayed.values()):
                # only rooms asked about: a connection relayed while the query ran is not in its answer (at a burst
                # of connections this closed whole rooms' relayed seats whose lease was fine)
                if relayed.room in asked and rows.get(relayed.room) != relayed.owner:
                    relayed.frames.put_nowait(CLOSE_MOVED)

    # ---- the owner: connections and calls that came through Redis ------------------------------------

    def _on_inbox(self, payload: str) -> None:
        message = json.loads(payload)
        op = message.get("op")
        if op == "msg":
            served = self.served.get(message["conn"])
            if served is not None:
                served.inbound.put_nowait(message.get("text"))
        elif op == "open":
            self._open(message)
        elif op == "close":
            served = self.served.get(message["conn"])
            if served is not None:
                served.inbound.put_nowait(None)
        elif op == "call":
            self._spawn(self._answer_call(message))

    def _open(self, message: dict[str, Any]) -> None:
        channel = conn_channel(message["from"], message["conn"])
        room = self.rooms.rooms.get(message["room"])
        if room is None or self.rooms.draining:  # not here (any more): the client reconnects and finds the owner
            self._spawn(self.bus.publish(channel, encode_frames([CLOSE_MOVED])))
            return
        token = message.get("token")
        seat = room.seat_of(token) if isinstance(token, str) else None
        refusal: tuple[str, str, int] | None = None
        if isinstance(token, str) and seat is None:
            refusal = ("unauthenticated", "that seat token is not valid in this room", CLOSE_UNAUTHENTICATED)
        elif seat is None and len(room.spectators) >= self.settings.max_room_spectators:
            refusal = ("rate_limited", f"this room has its {self.settings.max_room_spectators} spectators",
                       CLOSE_TOO_MANY)
        elif seat is not None and len(room.seats[seat].subscribers) >= self.settings.max_seat_connections:
            refusal = ("rate_limited", f"at most {self.settings.max_seat_connections} connections per seat",
                       CLOSE_TOO_MANY)
        if refusal is not None:
            metrics.REFUSALS.labels(refusal[0]).inc()
            frame = Error(code=refusal[0], message=refusal[1]).model_dump_json()
            self._spawn(self.bus.publish(channel, encode_frames([frame, refusal[2]])))
            return
        connection = message["conn"]
        served = _Served(RemoteSubscriber(seat, self.settings.queue_limit, lambda: self._queued(connection, served)),
                         room, message["from"], message.get("batched") is True)
        self.served[connection] = served
        served.sub.send(room.welcome(served.sub))
        room.attach(served.sub)
        served.attached = True
        served.tasks = [asyncio.get_running_loop().create_task(self._handle_messages(connection, served))]

    def _queued(self, connection: str, served: _Served) -> None:
        self.unsent[connection] = served
        if self.sender is None:
            self.sender = asyncio.get_running_loop().create_task(self._send_frames())

    async def _send_frames(self) -> None:
        """The frames queued for served connections, each connection's in order: one message per relaying process
        for all its connections' frames queued meanwhile (one per connection to a relay that reads no batches)."""
        try:
            while self.unsent:
                ready, self.unsent = self.unsent, {}
                messages: dict[str, list[tuple[str, _Served, list[str | int]]]] = {}  # channel -> its connections
                for connection, served in ready.items():
                    items = _take_queued(served.sub.queue)
                    if items:
                        channel = (frames_channel(served.relay) if served.batched
                                   else conn_channel(served.relay, connection))
                        messages.setdefault(channel, []).append((connection, served, items))
                heard = await asyncio.gather(*(self.bus.publish(channel, _encode(channel, batch))
                                               for channel, batch in messages.items()), return_exceptions=True)
                for (channel, batch), count in zip(messages.items(), heard, strict=True):
                    if isinstance(count, BaseException):
                        log.error("publishing frames to %s failed: %r", channel, count)
                    for connection, served, items in batch:
                        if isinstance(count, BaseException) or not count or isinstance(items[-1], int):
                            self._end(connection, served)  # the relay is gone, or the connection closes
        finally:
            self.sender = None

    async def _handle_messages(self, connection: str, served: _Served) -> None:
        handle = self.handler(served.room, served.sub)
        try:
            while not served.sub.closed:
                said = await served.inbound.get()
                if said is None:
                    return
                await handle(said)
        finally:
            self._end(connection, served)

    def _end(self, connection: str, served: _Served) -> None:
        if self.served.get(connection) is not served:
            return
        del self.served[connection]
        if served.attached:
            served.room.detach(served.sub)
        served.sub.close(1000)  # the publisher sends what is queued, then the close, and ends
        served.inbound.put_nowait(None)  # the handler ends after the message it is handling (never cut mid-write)

    async def _answer_call(self, message: dict[str, Any]) -> None:
        channel = conn_channel(message["from"], f"call-{message['id']}")
        room = self.rooms.rooms.get(message["room"])
        op = self.ops.get(message.get("name", ""))
        answer: dict[str, Any]
        if room is None or op is None or self.rooms.draining:
            answer = {"moved": True}
        else:
            try:
                answer = {"ok": await op(room, message.get("body") or {})}
            except RoomError as error:
                answer = {"error": error.code, "message": str(error), "status": error.status,
                          "retry_after": error.retry_after}
        await self.bus.publish(channel, json.dumps(answer, default=str))

    # ---- stopping --------------------------------------------------------------------------------------

    def close_relayed(self) -> int:
        """A draining process: every relayed connection is told to reconnect (elsewhere)."""
        for relayed in self.relayed.values():
            relayed.frames.put_nowait(CLOSE_MOVED)
        return len(self.relayed)

    async def close(self) -> None:
        for task in [*self.tasks, *(t for s in self.served.values() for t in s.tasks)]:
            task.cancel()
        if self.sender is not None:
            self.sender.cancel()
        if self.watcher is not None:
            self.watcher.cancel()


class _Moved(Exception):
    pass


def _take_queued(queue: asyncio.Queue[str | int]) -> list[str | int]:
    """What waits in a subscriber's queue, up to and including a close."""
    items: list[str | int] = []
    while not queue.empty() and not (items and isinstance(items[-1], int)):
        items.append(queue.get_nowait())
    return items


def _encode(channel: str, batch: list[tuple[str, _Served, list[str | int]]]) -> str:
    if batch[0][1].batched:
        return encode_batches([(connection, items) for connection, _, items in batch])
    return encode_frames(batch[0][2])  # a connection's own channel: its frames alone


def _current_owners(codes: list[str]) -> Callable[[Any], dict[str, str]]:
    """Each room's owner while its lease runs (a lapsed lease has none)."""
    def run(connection: Any) -> dict[str, str]:
        rows = connection.execute(text(f"SELECT room, owner FROM leases WHERE room = ANY(:codes) "
                                       f"AND expires_at >= {NOW}"), {"codes": codes}).all()
        return {str(room): str(owner) for room, owner in rows if owner is not None}
    return run
