"""The FastAPI app: the room API over HTTP and the game protocol over WebSocket (see docs/protocol.md)."""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import gzip
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from pydantic import TypeAdapter, ValidationError
from sqlalchemy import text

from .. import Game, game_class, games
from ..bots.seating import available_kinds, default_kind
from . import metrics
from . import replay as replays
from . import store as db
from .admission import Admission, Refusal
from .cluster.owner import OwnedRooms, Remote
from .limits_http import BodyLimit, client_of
from .protocol import (
    CLOSE_FORBIDDEN_ORIGIN,
    CLOSE_HELLO_TIMEOUT,
    CLOSE_MALFORMED_HELLO,
    CLOSE_NO_SUCH_ROOM,
    CLOSE_TOO_LARGE,
    CLOSE_TOO_MANY,
    CLOSE_UNAUTHENTICATED,
    Act,
    AutoPass,
    Chat,
    Claim,
    ClientActionId,
    ClientMessage,
    CreateRoom,
    Error,
    Hello,
    HostAuth,
    Join,
    Kick,
    Ping,
    PlayAgain,
    Pong,
    Ready,
    SeatAuth,
)
from .rematch import play_again
from .replay_builder import ReplayBuilder
from .room import Room, RoomError, Rooms, Settings, Subscriber, seat_label
from .web import has_renderer, mount_web

if TYPE_CHECKING:
    from .cluster.forward import Forwarder, Op

SEATABLE = ("random", "heuristic", "best")  # the bot kinds a room may seat (CreateRoom.bots)

log = logging.getLogger("treachery.server")
DEFAULT_LEASE = 5.0  # seconds a room's owner holds its lease with --redis, unless TREACHERY_OWNER_LEASE says
_CID = TypeAdapter(ClientActionId)


def create_app(db_url: str, settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    if settings.redis_url and settings.owner_lease <= 0:
        settings = dataclasses.replace(settings, owner_lease=DEFAULT_LEASE)  # --redis: several processes
    # a stopped owner's open transaction holds its lease row: the database ends it so a claim is not held up
    store = db.Store(db_url, stalled_transaction=max(1.0, settings.owner_lease) if settings.owner_lease else None)
    if settings.owner_lease > 0 and not store.engine.dialect.name == "postgresql":
        raise ValueError("several processes share rooms only through PostgreSQL: --redis (or "
                         "TREACHERY_OWNER_LEASE) needs --db postgresql://...; SQLite serves one process")
    rooms = OwnedRooms(store, settings) if settings.owner_lease > 0 else Rooms(store, settings)
    admission = Admission(settings)
    rooms.lobby_closed = admission.lobby_closed
    builder = ReplayBuilder(settings.replay_cache_bytes, settings.replay_queue)

    ops = _room_ops(rooms, admission)
    forwarder: Forwarder | None = None

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        nonlocal forwarder
        await asyncio.to_thread(store.open)  # runs the Alembic migrations
        if settings.redis_url and isinstance(rooms, OwnedRooms):
            from .cluster.forward import Forwarder
            from .cluster.relay import Bus

            bus = Bus(settings.redis_url, rooms.owner, settings.redis_connections)
            await bus.start()
            forwarder = Forwarder(rooms, bus, settings, lambda room, sub: _message_handler(room, sub, settings), ops)
            forwarder.start()
            rooms.forwarding = True
        await rooms.restore()
        rooms.start_sweeping()
        yield
        if forwarder is not None:
            await forwarder.close()
            await forwarder.bus.close()
        rooms.close()
        builder.close()
        await asyncio.to_thread(store.close)

    async def drain() -> None:
        """SIGTERM with several processes: hand every room over and send every connection elsewhere, then stop."""
        if isinstance(rooms, OwnedRooms):
            await rooms.drain()
        if forwarder is not None:
            forwarder.close_relayed()

    app = FastAPI(title="treachery", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.rooms = rooms
    app.state.store = store
    app.state.admission = admission
    app.state.drain = drain
    app.state.draining = lambda: isinstance(rooms, OwnedRooms) and rooms.draining
    app.add_middleware(BodyLimit, limit=settings.max_body)
    # pages, scripts, styles and JSON shrink 3-5x; a response that is already compressed (a replay) passes as it is
    app.add_middleware(GZipMiddleware, minimum_size=512)

    @app.exception_handler(RoomError)
    async def room_error(_request: Request, error: RoomError) -> JSONResponse:
        headers = {"retry-after": str(error.retry_after)} if error.retry_after is not None else None
        metrics.REFUSALS.labels(error.code).inc()
        return JSONResponse({"error": error.code, "message": str(error)}, status_code=error.status, headers=headers)

    async def within_rate(what: str, request: Request) -> None:
        refused = await admission.rate(what, client_of(request))
        if refused is not None:
            raise RoomError(refused.code, refused.message, 429, refused.retry_after)

    @app.exception_handler(RequestValidationError)
    async def bad_body(_request: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse({"error": "malformed", "message": _first_problem(error.errors())}, status_code=422)

    async def where(code: str) -> Room | Remote | None:
        """The room here, or the process that owns it (several processes sharing a Redis), or None."""
        if isinstance(rooms, OwnedRooms):
            found = await rooms.locate(code)
            return found if forwarder is not None or not isinstance(found, Remote) else None
        return await rooms.find(code)

    async def on_room(code: str, name: str, body: dict[str, Any]) -> dict[str, Any]:
        """An HTTP call on a room: run here if the room is here, otherwise by its owner (forward.py)."""
        found = await where(code)
        if found is None:
            raise RoomError("no_such_room", "there is no room with that code", 404)
        if isinstance(found, Remote):
            assert forwarder is not None
            return await forwarder.call(found, name, code, body)
        return await ops[name](found, body)

    @app.get("/healthz")
    async def healthz() -> dict[str, Any]:
        return {"ok": True, "rooms": len(rooms.rooms)}  # the process is alive

    @app.get("/readyz")
    async def readyz() -> JSONResponse:
        """Ready for traffic: the database answers (a proxy sends nothing to a process that would fail)."""
        if app.state.draining():
            return JSONResponse({"ready": False, "why": "stopping: its rooms are handed over"}, status_code=503)
        try:
            await asyncio.wait_for(store.run(lambda connection: connection.execute(text("SELECT 1"))), 5)
        except Exception:
            return JSONResponse({"ready": False, "why": "the database does not answer"}, status_code=503)
        return JSONResponse({"ready": True})

    @app.get("/metrics")
    async def prometheus() -> Response:
        metrics.ROOMS.set(len(rooms.rooms))
        metrics.CONNECTIONS.set(sum(room.connections() for room in rooms.rooms.values()))
        return Response(generate_latest(metrics.REGISTRY), media_type=CONTENT_TYPE_LATEST)

    @app.get("/api/games")
    async def list_games() -> list[dict[str, Any]]:
        """Each game's declared facts and options: the home page builds its form from them."""
        return [_game_facts(game_class(name), settings.dev) for name in games()]

    @app.post("/api/rooms", status_code=201)
    async def create_room(request: Request, body: CreateRoom) -> dict[str, Any]:
        client = client_of(request)
        refused = admission.may_open_lobby(client)
        if refused is not None:
            raise RoomError(refused.code, refused.message, 429)
        await within_rate("create", request)
        room, host_token = await rooms.create(body, client)
        admission.lobby_opened(client, room.code)
        return {"room": room.code, "host_token": host_token, "invite": f"/r/{room.code}", "seats": room.row.players}

    @app.get("/api/rooms/{code}")
    async def room_info(request: Request, code: str) -> dict[str, Any]:
        await within_rate("info", request)
        return await on_room(code, "info", {})

    @app.post("/api/rooms/{code}/join")
    async def join(request: Request, code: str, body: Join) -> dict[str, Any]:
        await within_rate("join", request)
        return await on_room(code, "join", body.model_dump())

    @app.post("/api/rooms/{code}/leave")
    async def leave(code: str, body: SeatAuth) -> dict[str, Any]:
        return await on_room(code, "leave", body.model_dump())

    @app.post("/api/rooms/{code}/kick")
    async def kick(code: str, body: Kick) -> dict[str, Any]:
        return await on_room(code, "kick", body.model_dump())

    @app.post("/api/rooms/{code}/start")
    async def start(code: str, body: HostAuth) -> dict[str, Any]:
        return await on_room(code, "start", body.model_dump())

    @app.post("/api/rooms/{code}/rematch", status_code=201)
    async def rematch(request: Request, code: str, body: PlayAgain) -> dict[str, Any]:
        """The host's "Play again": a new room with the same people, bots and options; see rematch.py."""
        client = client_of(request)
        found = await where(code)
        if found is None:
            raise RoomError("no_such_room", "there is no room with that code", 404)
        fresh = isinstance(found, Remote) or found.rematch is None  # asking again returns the same room: counted once
        if isinstance(found, Room):
            found.check_host(body.host_token)
        if fresh:
            refused = admission.may_open_lobby(client)
            if refused is not None:
                raise RoomError(refused.code, refused.message, 429)
            await within_rate("create", request)
        made = await on_room(code, "rematch", {**body.model_dump(), "client": client})
        if fresh:
            admission.lobby_opened(client, made["room"])
            if isinstance(found, Remote) and isinstance(rooms, OwnedRooms):  # opened by the owner: counted here
                rooms.count_lobby(made["room"], client)
        return made

    @app.get("/api/rooms/{code}/record")
    async def record(code: str) -> dict[str, Any]:
        """The whole record, for replays: only once the game is over (before, the seed would reveal everything)."""
        found = await store.run(db.load_record(code))  # a finished room may have left memory; the store has it
        if found is None:
            raise RoomError("no_such_room", "there is no room with that code", 404)
        if found.pop("status") != "over":
            raise RoomError("not_over", "the record is published when the game is over", 409)
        return found

    @app.get("/api/rooms/{code}/replay")
    async def replay(request: Request, code: str, as_: str = Query("spectator", alias="as", max_length=16)) -> Response:
        """A finished game step by step, as a seat, as a spectator or with everything revealed (docs/protocol.md)."""
        await within_rate("replay", request)
        found = await store.run(db.load_record(code))
        if found is None:
            raise RoomError("no_such_room", "there is no room with that code", 404)
        who = replays.parse_as(as_, found["players"])
        if who is None:
            raise RoomError("malformed", f"as: a seat number from 0 to {found['players'] - 1}, "
                                         f"{replays.SPECTATOR!r} or {replays.ALL!r}", 422)
        if found.pop("status") != "over":
            raise RoomError("not_over", "replays are published when the game is over", 409)
        names = await store.run(db.load_names(code))
        body = await builder.get((code, who), found, names)  # whole views repeat a lot: gzip shrinks them ~20x
        if "gzip" in request.headers.get("accept-encoding", ""):
            return Response(body, media_type="application/json",
                            headers={"content-encoding": "gzip", "vary": "accept-encoding"})
        return Response(gzip.decompress(body), media_type="application/json", headers={"vary": "accept-encoding"})

    @app.websocket("/ws/{code}")
    async def play(websocket: WebSocket, code: str) -> None:
        await websocket.accept()
        if not _origin_ok(websocket, settings):
            await _refuse(websocket, "forbidden_origin", "this origin may not connect", CLOSE_FORBIDDEN_ORIGIN)
            return
        found = await where(code)
        if found is None:
            await _refuse(websocket, "no_such_room", "there is no room with that code", CLOSE_NO_SUCH_ROOM)
            return
        client = client_of(websocket)
        refused = admission.open_pending(client)
        if refused is not None:
            await _refuse(websocket, refused.code, refused.message, CLOSE_TOO_MANY)
            return
        try:
            said = await _hello(websocket, settings)
        finally:
            admission.close_pending(client)
        if said is None:
            return
        if isinstance(found, Remote):  # its owner checks the token and the room's caps
            assert forwarder is not None
            if said.token is None:
                refused = await admission.rate("connect", client) or admission.open_spectator(client, 0)
                if refused is not None:
                    await _refuse(websocket, refused.code, refused.message, CLOSE_TOO_MANY)
                    return
            try:
                await forwarder.relay(websocket, code, found, said.token)
            finally:
                if said.token is None:
                    admission.close_spectator(client)
            return
        room = found
        seat = room.seat_of(said.token) if said.token is not None else None
        if said.token is not None and seat is None:
            await _refuse(websocket, "unauthenticated", "that seat token is not valid in this room",
                          CLOSE_UNAUTHENTICATED)
            return
        if seat is None:  # a spectator: its client's connection rate, then the caps
            refused = await admission.rate("connect", client) or admission.open_spectator(client, len(room.spectators))
        elif len(room.seats[seat].subscribers) >= settings.max_seat_connections:
            refused = Refusal("rate_limited", f"at most {settings.max_seat_connections} connections per seat")
        else:
            refused = None
        if refused is not None:
            await _refuse(websocket, refused.code, refused.message, CLOSE_TOO_MANY)
            return
        try:
            await _play(websocket, room, seat, settings)
        finally:
            if seat is None:
                admission.close_spectator(client)

    mount_web(app)  # the browser client: /, /r/{room}, /replay/{room}, /howto/{game}, /static
    return app


async def _hello(websocket: WebSocket, settings: Settings) -> Hello | None:
    """Waits for the hello: it, or None when the connection was refused (already closed)."""
    try:
        first = await asyncio.wait_for(websocket.receive(), settings.hello_timeout)
    except TimeoutError:
        await _refuse(websocket, "malformed", "say hello first", CLOSE_HELLO_TIMEOUT)
        return None
    text = first.get("text")
    if first.get("type") == "websocket.disconnect":
        return None
    if text is not None and len(text.encode()) > settings.max_message:
        await _refuse(websocket, "too_large", f"messages are limited to {settings.max_message} bytes",
                      CLOSE_TOO_LARGE)
        return None
    try:
        hello = ClientMessage.validate_json(text or "")
    except ValidationError:
        hello = None
    if not isinstance(hello, Hello):
        await _refuse(websocket, "malformed", 'the first message must be {"type": "hello", "token": ...}',
                      CLOSE_MALFORMED_HELLO)
        return None
    return hello


def _room_ops(rooms: Rooms, admission: Admission) -> dict[str, Op]:
    """The HTTP calls on a room, as its owner runs them (here, or for another process: forward.py)."""
    settings = rooms.settings

    async def info(room: Room, _body: dict[str, Any]) -> dict[str, Any]:
        return {"room": room.code, "game": room.row.game, "players": room.row.players, "options": room.row.options,
                "status": room.status, "seats": room._seats_out(), "decision_seconds": room.row.decision_seconds,
                "seat_labels": [seat_label(room.row.game, i) for i in range(room.row.players)],
                "bot_delay": settings.bot_delay, "rematch": room.rematch.code if room.rematch else None}

    async def join(room: Room, body: dict[str, Any]) -> dict[str, Any]:
        asked = Join.model_validate(body)
        seat, token = await room.join(asked.name, asked.token)
        return {"room": room.code, "seat": seat, "token": token, "label": seat_label(room.row.game, seat)}

    async def leave(room: Room, body: dict[str, Any]) -> dict[str, Any]:
        seat = await room.leave(SeatAuth.model_validate(body).token)
        return {"room": room.code, "seat": seat, "left": True}

    async def kick(room: Room, body: dict[str, Any]) -> dict[str, Any]:
        asked = Kick.model_validate(body)
        await room.kick(asked.host_token, asked.seat)
        return {"room": room.code, "seat": asked.seat, "kicked": True}

    async def start(room: Room, body: dict[str, Any]) -> dict[str, Any]:
        await room.start(HostAuth.model_validate(body).host_token)
        return {"room": room.code, "status": room.status}

    async def rematch(room: Room, body: dict[str, Any]) -> dict[str, Any]:
        client = body.pop("client", None)
        asked = PlayAgain.model_validate(body)
        room.check_host(asked.host_token)
        made = await play_again(rooms, room, asked.host_token, asked.shuffle, client)
        # the host's token carries over: it is the new room's host token too
        return {"room": made.code, "host_token": asked.host_token, "invite": f"/r/{made.code}"}

    return {"info": info, "join": join, "leave": leave, "kick": kick, "start": start, "rematch": rematch}


def _message_handler(room: Room, sub: Subscriber, settings: Settings) -> Callable[[str | None], Awaitable[None]]:
    """One forwarded connection's messages, handled on the owner as a local connection's are (its own budget)."""
    budget = _Budget(settings)

    async def handle(text: str | None) -> None:
        try:
            await _handle({"type": "websocket.receive", "text": text, "bytes": None if text is not None else b"?"},
                          room, sub, settings, budget)
        except Exception:
            log.exception("room %s: a forwarded client message raised", room.code)
            sub.send_model(Error(code="internal", message="the server could not handle that message"))
    return handle


async def _play(websocket: WebSocket, room: Room, seat: int | None, settings: Settings) -> None:
    """A connection that said hello: welcome, then its frames out and its messages in until either side closes."""
    sub = Subscriber(seat, settings.queue_limit)
    sub.send(room.welcome(sub))
    room.attach(sub)
    sender = asyncio.create_task(_pump(websocket, sub))
    try:
        await _receive(websocket, room, sub, settings)
    finally:
        room.detach(sub)
        sub.close(1000)
        with contextlib.suppress(asyncio.TimeoutError, Exception):
            await asyncio.wait_for(sender, 2)
        sender.cancel()


async def _receive(websocket: WebSocket, room: Room, sub: Subscriber, settings: Settings) -> None:
    budget = _Budget(settings)
    while not sub.closed:
        try:
            message = await websocket.receive()
        except (WebSocketDisconnect, RuntimeError):
            return
        if message["type"] == "websocket.disconnect":
            return
        try:
            await _handle(message, room, sub, settings, budget)
        except Exception:  # a message the server could not handle harms neither the connection nor the room
            log.exception("room %s: a client message raised", room.code)
            sub.send_model(Error(code="internal", message="the server could not handle that message"))


class _Budget:
    """One connection's message budgets (token buckets): every message, and table talk's own slower one."""

    def __init__(self, settings: Settings) -> None:
        self.tokens, self.stamp, self.strikes = settings.burst, time.monotonic(), 0
        self.chat_tokens, self.chat_stamp = settings.chat_burst, time.monotonic()


async def _handle(message: Any, room: Room, sub: Subscriber, settings: Settings, budget: _Budget) -> None:
    """One client message after hello: size, rate, then what it asks for."""
    text = message.get("text")
    size = len(text.encode()) if text is not None else len(message.get("bytes") or b"")
    if size > settings.max_message:
        sub.send_model(Error(code="too_large", message=f"messages are limited to {settings.max_message} bytes"))
        sub.close(CLOSE_TOO_LARGE)
        return
    now = time.monotonic()
    budget.tokens = min(settings.burst, budget.tokens + (now - budget.stamp) * settings.rate)
    budget.stamp = now
    if budget.tokens < 1:
        budget.strikes += 1
        if budget.strikes >= settings.rate_strikes:
            sub.send_model(Error(code="rate_limited", message="too many messages; closing", cid=_cid_of(text)))
            sub.close(CLOSE_TOO_MANY)
            return
        # with the cid, a client knows which act was dropped and resends it once the budget allows
        sub.send_model(Error(code="rate_limited", message=f"at most {settings.rate:g} messages a second",
                             cid=_cid_of(text)))
        return
    budget.tokens -= 1
    try:
        parsed = ClientMessage.validate_json(text) if text is not None else None
    except ValidationError as error:
        sub.send_model(Error(code="malformed", message=_first_problem(error.errors()), cid=_cid_of(text)))
        return
    if isinstance(parsed, Act):
        with metrics.ACT_SECONDS.time():
            await room.submit(sub, parsed)
    elif isinstance(parsed, Chat | Claim):
        budget.chat_tokens = min(settings.chat_burst,
                                 budget.chat_tokens + (now - budget.chat_stamp) * settings.chat_rate)
        budget.chat_stamp = now
        if budget.chat_tokens < 1:
            sub.send_model(Error(code="rate_limited", message=(
                f"at most {settings.chat_rate:g} chat messages a second (bursts of {settings.chat_burst:g})")))
            return
        if isinstance(parsed, Claim):
            said = await room.claim(sub, dict(parsed.claim))
        elif not parsed.text.strip():
            sub.send_model(Error(code="malformed", message="text: a message must have a visible character"))
            said = False
        else:
            said = await room.say(sub, parsed.channel, parsed.text.strip())
        budget.chat_tokens -= said  # only what was said counts against the budget; a refusal changes nothing
    elif isinstance(parsed, Ready):
        room.set_ready(sub, parsed.ready)
    elif isinstance(parsed, AutoPass):
        room.set_auto_pass(sub, parsed.on)
    elif isinstance(parsed, Ping):
        sub.send_model(Pong())
    elif isinstance(parsed, Hello):
        sub.send_model(Error(code="malformed", message="already said hello on this connection"))
    else:
        sub.send_model(Error(code="malformed", message="send text frames of JSON, not binary"))


async def _pump(websocket: WebSocket, sub: Subscriber) -> None:
    """Sends the subscriber's queued frames in order; an int in the queue closes the socket with that code."""
    try:
        while True:
            item = await sub.queue.get()
            if isinstance(item, int):
                with contextlib.suppress(Exception):
                    await websocket.close(item)
                return
            await websocket.send_text(item)
    except Exception:
        sub.closed = True


async def _refuse(websocket: WebSocket, code: str, message: str, close_code: int) -> None:
    metrics.REFUSALS.labels(code).inc()
    with contextlib.suppress(Exception):
        await websocket.send_text(Error(code=code, message=message).model_dump_json())
        await websocket.close(close_code)


def _origin_ok(websocket: WebSocket, settings: Settings) -> bool:
    """Programs send no Origin; a browser's must be allowed, by default the very host it connects to."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    if settings.allowed_origins is not None:
        return origin in settings.allowed_origins
    return urlsplit(origin).netloc == websocket.headers.get("host")


def _first_problem(errors: Any) -> str:
    try:
        first = list(errors)[0]
        where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("body",))
        return f"{where or 'message'}: {first.get('msg', 'invalid')}"[:200]
    except Exception:
        return "not a valid message"


def _cid_of(text: str | None) -> str | None:
    """The message's cid, so a refusal names the act it refuses; None unless it is a cid the protocol allows."""
    try:
        data = json.loads(text or "")
        cid = data.get("cid") if isinstance(data, dict) else None
        return _CID.validate_python(cid) if cid is not None else None
    except (ValueError, RecursionError):  # pydantic's ValidationError is a ValueError
        return None


def _game_facts(cls: type[Game], dev: bool) -> dict[str, Any]:
    """What a client needs to offer a game: its facts and the options this server lets a host set."""
    return {"id": cls.name, "title": cls.title, "min_players": cls.min_players, "max_players": cls.max_players,
            "decision_seconds": cls.decision_seconds, "renderer": has_renderer(cls.name),
            "bots": [kind for kind in available_kinds(cls.name) if kind in SEATABLE],
            "default_bots": default_kind(cls.name),
            "options": [o.to_dict() for o in cls.declared_options if dev or o.setter == "host"],
            "texts": cls.texts()}  # roles, sides and goals in player words: public like the rules
