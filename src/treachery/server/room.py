"""Rooms: one game, its seats and their connections, run in-process behind a small interface.

A ``Room`` is what a transport talks to: ``submit`` an action for a seat, ``attach`` a subscriber for a seat (or
None: a spectator). Everything sent to a subscriber is built for its seat alone, at the last hop: its view, its
own pending decisions, its own log. A subscriber is sent a frame only when what it may see has changed, so the
timing of frames says nothing about secret answers. Keeping the room behind this interface is what lets a
remote owner serve it later (a new transport, not a rewrite).
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import logging
import pickle
import secrets
import time
from collections import deque
from collections.abc import Callable, Coroutine, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import orjson

from .. import GameConfigError, game_class, new_game, replay
from ..bots import Bot
from ..bots.base import answer_hold, ask_steps, recall
from ..bots.seating import needs_view, resolve_bot_kind, seat_bots
from ..engine import TIMEOUT, Decision, Game
from ..engine.game import default_chat_channels
from ..engine.options import dev_only
from . import metrics, names
from . import store as db
from .protocol import CLOSE_KICKED, CLOSE_SLOW_CONSUMER, NAME_LENGTH, Act, CreateRoom, Error

if TYPE_CHECKING:
    from .rematch import Rematch

CHAT_KEEP = 100  # messages of each channel kept in memory, and sent to a connection that may newly read them


@dataclass
class Settings:
    """Server limits and switches; the defaults are what ``treachery serve`` runs with."""

    dev: bool = False  # accept seed and setup when creating a room (tests only: a known seed reveals every card)
    max_message: int = 8192  # bytes in one client message
    rate: float = 20.0  # client messages per second per connection, sustained ...
    burst: float = 40.0  # ... with bursts up to this many
    rate_strikes: int = 20  # refusals for rate before the connection is closed
    hello_timeout: float = 10.0
    # Connections. Seated players are always admitted (up to max_seat_connections each); the caps are on others.
    max_connections: int = 5000  # spectators on the whole server
    max_room_spectators: int = 64  # spectators of one room
    max_client_connections: int = 64  # spectators from one client (network address)
    max_seat_connections: int = 8  # connections holding one seat's token at once
    max_pending: int = 1000  # connections that have not said hello yet, on the whole server ...
    max_client_pending: int = 32  # ... and from one client
    connect_rate: str = "120/minute"  # spectator connections a client may open (``limits`` notation)
    # HTTP, per client
    create_rate: str = "30/minute"  # rooms created
    max_client_lobbies: int = 20  # rooms a client created that are still in their lobby
    join_rate: str = "60/minute"
    info_rate: str = "600/minute"  # GET /api/rooms/{room}: a lobby page polls it
    replay_rate: str = "60/minute"
    max_body: int = 65536  # bytes of an HTTP request body
    lobby_idle: float = 6 * 3600.0  # seconds a lobby with nobody connected and no join lives (memory and store)
    replay_cache_bytes: int = 64 << 20  # built replays kept (gzipped), newest used first
    replay_queue: int = 8  # replay builds waiting for the builder process; more are refused, rate_limited
    owner_lease: float = 0.0  # >0: several processes share a PostgreSQL; a room's owner holds it this many seconds
    limits_storage: str = "async+memory://"  # where the rates are counted; async+redis://host:6379 to share them
    redis_url: str = ""  # several processes serve any room: what reaches a non-owner goes to the owner via Redis
    # several processes behind a proxy that sends all of a room's calls to one of them (docs/deploy.md): a new room is
    # left to the first process asked for it, so it is served where its players are and nothing crosses Redis
    proxy_routes_rooms: bool = False
    redis_connections: int = 64  # the Redis pool's size; a publish waits for a free connection beyond it
    allowed_origins: tuple[str, ...] | None = None  # None: a browser Origin must match the Host it connects to
    bot_delay: float = 0.0  # seconds before a bot's (or stand-in's) move shows, so people can follow the table
    # Seconds after which a person's one-option decision is answered for them (a response window only when the seat
    # asked for it). No answer a person gives takes effect sooner, so an automatic answer looks, to everyone else,
    # like any quick one. Negative: off (every answer by hand, at once).
    auto_answer: float = 1.5
    queue_limit: int = 256  # frames waiting for a slow client before it is dropped
    send_buffer: int = 0  # bytes of kernel send buffer per connection [0: the system's default]
    ws_deflate: bool = True  # permessage-deflate on WebSocket frames (views repeat their keys: far fewer bytes)
    keep_finished: float = 600.0  # seconds a finished room stays in memory once nobody is connected (then: store)
    chat_rate: float = 1.0  # chat messages per second per connection, sustained ...
    chat_burst: float = 5.0  # ... with bursts up to this many


def settings_from_env(settings: Settings, environ: Mapping[str, str]) -> Settings:
    """``settings`` with any limit overridden by ``TREACHERY_<NAME>`` (e.g. ``TREACHERY_MAX_ROOM_CONNECTIONS=8``)."""
    changes: dict[str, Any] = {}
    for name, value in vars(settings).items():
        raw = environ.get(f"TREACHERY_{name.upper()}")
        if raw is not None and isinstance(value, str):
            changes[name] = raw
        elif raw is not None and isinstance(value, int | float) and not isinstance(value, bool):
            try:
                changes[name] = type(value)(raw)
            except ValueError:
                raise ValueError(f"TREACHERY_{name.upper()} must be a number, got {raw!r}") from None
    return dataclasses.replace(settings, **changes)


class RoomError(Exception):
    """A refused room operation: ``code`` for programs (HTTP status via ``status``), message for people."""

    def __init__(self, code: str, message: str, status: int = 409, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.status = status
        self.retry_after = retry_after  # seconds, for a refusal over a rate (HTTP Retry-After)


def json_bytes(value: Any) -> bytes:
    """``value`` as JSON: orjson, several times quicker than ``json`` on the views every action sends."""
    return orjson.dumps(value, default=str, option=orjson.OPT_NON_STR_KEYS)


def frame_text(frame: dict[str, Any]) -> str:
    return json_bytes(frame).decode()


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Subscriber:
    """One connection's end of a room: a queue of outgoing text frames and what it was last sent."""

    def __init__(self, seat: int | None, limit: int = 256) -> None:
        self.seat = seat
        self.queue: asyncio.Queue[str | int] = asyncio.Queue()  # text frames; an int closes with that code
        self.limit = limit
        self.last_body: str | None = None  # the last lobby frame
        # the last state this subscriber was sent, to diff against: each view key and the decisions as JSON (bytes hold
        # no references: thousands of connections' views kept as objects made each full garbage collection long)
        self.last_view: dict[str, bytes] | None = None
        self.last_decisions: bytes | None = None
        self.last_seats: list[dict[str, Any]] | None = None
        self.log_sent = 0  # entries of this seat's log sent
        self.log_pos = 0  # the game's log position those entries reach (``Game.log_since``)
        self.last_channels: list[dict[str, Any]] | None = None
        self.last_role_card: dict[str, Any] | None = None  # the role card last sent (a frame carries it when changed)
        self.readable: set[str] = set()  # channels whose messages this connection has been sent
        self.whole_log_sent = False  # the game's end was sent with this seat's whole log (see Room._broadcast)
        self.closed = False

    def send(self, text: str, backlog: bool = False) -> None:
        """Queues a frame; ``backlog``: recent chat sent in one go, which does not count as reading slowly."""
        if self.closed:
            return
        if self.queue.qsize() >= self.limit and not backlog:  # it does not read: drop what waits, close when it can
            while not self.queue.empty():
                self.queue.get_nowait()
            self.close(CLOSE_SLOW_CONSUMER)
            return
        self.queue.put_nowait(text)

    def send_model(self, message: Any) -> None:
        self.send(message.model_dump_json())

    def close(self, code: int) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(code)


@dataclass
class Seat:
    name: str | None = None
    token_hash: str | None = None
    bot: bool = False  # a bot plays this seat for good
    away_bot: bool = False  # a bot stands in while the player is away
    ready: bool = False  # the player said they are ready to start (lobby only; not stored: a restart clears it)
    auto_pass: bool = False  # pass response windows for this player when passing is all they can do (not stored)
    subscribers: set[Subscriber] = field(default_factory=set)
    away_timer: asyncio.TimerHandle | None = None


class Room:
    def __init__(self, row: db.RoomRow, store: Any, settings: Settings) -> None:  # db.Store or a fenced one
        self.code = row.code
        self.row = row
        self.store = store
        self.settings = settings
        self.status = row.status
        self.seats = [Seat() for _ in range(row.players)]
        self.game: Game | None = None
        self.actions = 0
        self.cids: list[dict[str, int]] = [{} for _ in range(row.players)]  # seat -> cid -> decision answered
        self.bots: list[Bot] = seat_bots(row.game, row.bots, row.players, row.seed)
        self.lock = asyncio.Lock()
        self.spectators: set[Subscriber] = set()
        self.deadlines: dict[int, float] = {}
        self.timers: dict[int, asyncio.TimerHandle] = {}
        self.shown: dict[int, float] = {}  # pending decision id -> when it was first pending (loop time)
        self.autos: dict[int, tuple[float, asyncio.TimerHandle]] = {}  # decision id -> (Unix time, its auto answer)
        self.held: set[int] = set()  # decisions whose answer by hand waits for the earliest moment it may apply
        self.drive_task: asyncio.Task[None] | None = None
        self.tasks: set[asyncio.Task[Any]] = set()
        self.on_over: Callable[[Room], None] | None = None
        self.chat: dict[str, deque[dict[str, Any]]] = {}  # channel -> its last messages
        self.chat_n = 0  # the next message's number
        self.kicked: set[str] = set()  # look-alike keys of the names the host kicked: they may not join again
        self.touched = time.monotonic()  # the last join, leave, connect or disconnect: idle lobbies expire
        self.creator: str | None = None  # the client that created the room (its open lobbies are counted)
        self.on_start: Callable[[Room], None] | None = None
        # an action is applied in memory but not yet durable: nobody may hear of it (every path that writes an
        # action broadcasts once the write has settled, whichever way)
        self.writing = False
        self.rematch: Rematch | None = None  # the new room its host opened once this game was over (rematch.py)
        self.thinking: Decision | None = None  # the decision a bot of this room is thinking over, if any

    # ---- restore --------------------------------------------------------------------------------

    def restore(self, row: db.RoomRow) -> None:
        """Rebuilds the room from its stored seats and record: the game by replay, the bots by replaying their
        own choices (so a bot that remembers decides after a restart exactly as it would have without one)."""
        self.kicked = set(row.kicked or ())
        for s in row.seats:
            seat = self.seats[s["seat"]]
            seat.name, seat.token_hash, seat.bot = s["name"], s["token_hash"], bool(s["bot"])
        if self.status == "lobby":
            return
        steps = row.actions
        if not any(a["by"] == "bot" for a in steps):
            self.game = replay(row.game, row.players, row.seed, row.options, row.setup,
                               [[a["seat"], a["option"], TIMEOUT] if a["by"] == TIMEOUT else [a["seat"], a["option"]]
                                for a in steps])
        else:
            game = new_game(row.game, row.players, row.seed, row.options, row.setup)
            for a in steps:
                if a["by"] == "bot":
                    decision = next(d for d in game.pending() if d.seat == a["seat"])
                    bot = self.bots[a["seat"]]
                    recall(bot, game, a["seat"], decision, a["option"], needs_view(bot))
                if a["by"] == TIMEOUT:
                    game.timeout(a["seat"])
                else:
                    game.act(a["seat"], a["option"])
            self.game = game
        for a in steps:
            if a["cid"] is not None:
                self.cids[a["seat"]][a["cid"]] = a["decision"]
        self.actions = len(steps)

    @property
    def finished_unmarked(self) -> bool:
        """The record ends the game but the room still says playing (a server before one-transaction ends)."""
        return self.status == "playing" and self.game is not None and self.game.over

    def restore_chat(self, messages: list[dict[str, Any]]) -> None:
        for message in messages:
            self._keep({"type": "chat", **message})

    def resume(self) -> None:
        """After a restore: timers, stand-ins for seats nobody is connected to yet, and bots."""
        if self.status == "playing":
            for index in range(len(self.seats)):
                self._seat_left(index)
            self._after_change()

    # ---- the seats ------------------------------------------------------------------------------

    def seat_of(self, token: str) -> int | None:
        wanted = token_hash(token)
        for index, seat in enumerate(self.seats):
            if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, wanted):
                return index
        return None

    def check_host(self, host_token: str) -> None:
        if not secrets.compare_digest(self.row.host_hash, token_hash(host_token)):
            raise RoomError("unauthenticated", "that is not this room's host token", 403)

    async def join(self, name: str, token: str | None) -> tuple[int, str]:
        name = names.normalise(name)
        if not name:
            raise RoomError("malformed", "a display name must have a visible character", 422)
        if len(name) > NAME_LENGTH:
            raise RoomError("malformed", f"a display name has at most {NAME_LENGTH} characters", 422)
        key = names.look_alike_key(name)
        async with self.lock:
            if token is not None:
                seat = self.seat_of(token)
                if seat is None:
                    raise RoomError("unauthenticated", "that seat token is not valid in this room", 403)
                return seat, token  # joining again with the token held: the same seat
            if self.status != "lobby":
                raise RoomError("already_started", "this room's game has already started")
            if key in self.kicked:
                raise RoomError("kicked", "the host removed that name from this room", 403)
            if any(s.name is not None and names.look_alike_key(s.name) == key for s in self.seats):
                raise RoomError("name_taken", f"someone in this room already has a name that looks like {name!r}")
            free = next((i for i, s in enumerate(self.seats) if s.token_hash is None), None)
            if free is None:
                raise RoomError("room_full", f"all {len(self.seats)} seats are taken")
            self.touched = time.monotonic()
            token = secrets.token_urlsafe(32)
            digest = token_hash(token)
            await self.store.run(db.set_seat(self.code, free, name, digest, False))
            self.seats[free].name, self.seats[free].token_hash = name, digest
        self._broadcast()
        return free, token

    async def leave(self, token: str) -> int:
        async with self.lock:
            seat = self.seat_of(token)
            if seat is None:
                raise RoomError("unauthenticated", "that seat token is not valid in this room", 403)
            await self._vacate(seat)
        self._after_change()
        return seat

    async def kick(self, host_token: str, seat: int) -> None:
        self.check_host(host_token)
        async with self.lock:
            if self.status != "lobby":
                raise RoomError("already_started", "players can be removed only before the game starts")
            if not 0 <= seat < len(self.seats) or self.seats[seat].token_hash is None:
                raise RoomError("no_such_seat", f"nobody sits in seat {seat}", 404)
            kicked = sorted(self.kicked | {names.look_alike_key(self.seats[seat].name or "")})
            await self.store.run(db.kick_seat(self.code, seat, kicked))  # the name is kept for the room's life
            self.kicked = set(kicked)
            self._clear_seat(seat)
        self._broadcast()

    async def _vacate(self, index: int) -> None:
        """Before the start the seat is free again; after it a bot plays it for good. Its token stops working."""
        seat = self.seats[index]
        playing = self.status != "lobby"
        await self.store.run(db.set_seat(self.code, index, seat.name if playing else None, None, playing))
        self._clear_seat(index)

    def _clear_seat(self, index: int) -> None:
        seat = self.seats[index]
        playing = self.status != "lobby"
        seat.token_hash = None
        seat.ready = False
        if playing:
            seat.bot = True
        else:
            seat.name = None
        for sub in list(seat.subscribers):
            sub.close(CLOSE_KICKED)
        seat.subscribers.clear()

    def set_ready(self, sub: Subscriber, ready: bool) -> None:
        """A seated player marks themself ready or not, before the start; the host may start either way."""
        if sub.seat is None:
            sub.send_model(Error(code="unauthenticated", message="spectators have no seat to mark ready"))
            return
        if self.status != "lobby":
            sub.send_model(Error(code="already_started", message="ready is for the lobby; the game has started"))
            return
        self.seats[sub.seat].ready = ready
        self._broadcast()

    async def start(self, host_token: str) -> None:
        self.check_host(host_token)
        async with self.lock:
            if self.status != "lobby":
                raise RoomError("already_started", "this room's game has already started")
            row = self.row
            empty = [i for i, s in enumerate(self.seats) if s.token_hash is None]
            game = new_game(row.game, row.players, row.seed, row.options, row.setup)
            await self.store.run(db.start_room(self.code, empty))
            for i in empty:
                self.seats[i].bot = True
            self.game = game
            self.status = "playing"
            if self.on_start is not None:
                self.on_start(self)
            for index, seat in enumerate(self.seats):
                if not seat.subscribers:
                    self._seat_left(index)
        self._after_change()

    # ---- subscribers ----------------------------------------------------------------------------

    def connections(self) -> int:
        return len(self.spectators) + sum(len(s.subscribers) for s in self.seats)

    def attach(self, sub: Subscriber) -> None:
        self.touched = time.monotonic()
        if sub.seat is None:
            self.spectators.add(sub)
        else:
            seat = self.seats[sub.seat]
            seat.subscribers.add(sub)
            if seat.away_timer is not None:
                seat.away_timer.cancel()
                seat.away_timer = None
            seat.away_bot = False  # the player takes the seat back from its stand-in
        self._broadcast()
        if self.rematch is not None:  # someone back after the host opened a new game: where it is, and their seat
            sub.send(self.rematch.frame(sub.seat))

    def detach(self, sub: Subscriber) -> None:
        self.touched = time.monotonic()
        if sub.seat is None:
            self.spectators.discard(sub)
        else:
            self.seats[sub.seat].subscribers.discard(sub)
            self._seat_left(sub.seat)
        self._broadcast()

    def _seat_left(self, index: int) -> None:
        seat = self.seats[index]
        after = self.row.takeover_seconds
        if (after is None or seat.bot or seat.subscribers or seat.token_hash is None or self.status != "playing"
                or seat.away_timer is not None):
            return
        seat.away_timer = asyncio.get_running_loop().call_later(after, self._take_over, index)

    def _take_over(self, index: int) -> None:
        seat = self.seats[index]
        seat.away_timer = None
        if not seat.subscribers and self.status == "playing":
            seat.away_bot = True
            self._after_change()

    def _bot_plays(self, seat: int) -> bool:
        return self.seats[seat].bot or self.seats[seat].away_bot

    def set_auto_pass(self, sub: Subscriber, on: bool) -> None:
        """A seated player asks (or stops asking) to have response windows passed for them when passing is all they
        can do. It changes only when their own answers are given, never what anyone is sent."""
        if sub.seat is None:
            sub.send_model(Error(code="unauthenticated", message="spectators have no decisions to pass"))
            return
        self.seats[sub.seat].auto_pass = on
        if self.game is not None and not self.game.over:
            self._set_autos()
            self._broadcast()  # the seat's own decision now says whether it will be answered for it

    # ---- acting ---------------------------------------------------------------------------------

    async def submit(self, sub: Subscriber, act: Act) -> None:
        """The act ladder after authentication: resend -> a decision pending for this seat -> current decision id ->
        legal option -> apply -> durable -> ack -> views. Each refusal is sent to ``sub`` alone and changes nothing;
        its message speaks only of the seat's own decisions."""
        from .protocol import Ack

        seat = sub.seat
        if seat is None:
            sub.send_model(Error(code="unauthenticated", message="spectators cannot act", cid=act.cid))
            return
        wait = self._hold(act.decision)
        if wait > 0:  # too soon: an automatic answer would come now, so a quick one waits for the same moment
            self.held.add(act.decision)
            try:
                await asyncio.sleep(wait)
            finally:
                self.held.discard(act.decision)
        async with self.lock:
            game = self.game
            if game is None:
                sub.send_model(Error(code="not_started", message="the game has not started yet", cid=act.cid))
                return
            answered = self.cids[seat].get(act.cid)
            if answered is not None:
                sub.send_model(Ack(cid=act.cid, decision=answered, duplicate=True))
                return
            if game.over:
                sub.send_model(Error(code="game_over", message="the game is over", cid=act.cid))
                return
            mine = [d for d in game.pending() if d.seat == seat]
            if not mine or self.seats[seat].bot:
                sub.send_model(Error(code="not_your_turn", message="no decision is pending for you", cid=act.cid))
                return
            decision = mine[0]
            if act.decision != decision.id:
                sub.send_model(Error(code="stale", cid=act.cid, message=(
                    f"decision {act.decision} is not pending for you; your pending decision is {decision.id}")))
                return
            if act.option not in decision.ids:
                allowed = ", ".join(f"{o['id']} ({o['text']})" for o in decision.options)
                sub.send_model(Error(code="illegal", cid=act.cid, message=(
                    f"option {act.option} is not one of decision {decision.id}'s; allowed: {allowed}")))
                return
            try:
                await self._apply(seat, decision, act.option, act.cid, "seat")
            except _Unavailable:
                sub.send_model(Error(code="unavailable", cid=act.cid,
                                     message="the action could not be stored; nothing was applied, try again"))
                sub.last_view = None  # the next state is whole: the game as it is, without the refused action
                self._broadcast()
                return
            sub.send_model(Ack(cid=act.cid, decision=decision.id))
        self._after_change()

    async def _apply(self, seat: int, decision: Decision, option: int, cid: str | None, by: str) -> None:
        """Applies a checked answer and makes it durable before anyone hears of it (call with the lock held)."""
        game = self.game
        assert game is not None
        if by == TIMEOUT:  # the rules' default, which may be one no seat could choose (a timeout-only default)
            game.timeout(seat, decision_id=decision.id)
        else:
            game.act(seat, option, decision_id=decision.id)
        result = _json_safe(game.result()) if game.over else None
        self.writing = True  # until the write settles, a connect or leave broadcasts nothing (see _broadcast)
        try:
            await self.store.run(db.append_action(self.code, self.actions, seat, option, decision.id, cid, by,
                                                  result))
        except Exception as error:  # the store refused: undo by replaying what is durable
            try:
                try:
                    record = await self.store.run(db.load_record(self.code))
                except Exception:  # unreadable too (a fenced store refuses reads): durable is all but this act
                    record = game.record()
                    record["actions"] = record["actions"][:-1]
                if record is not None:
                    self.game = self._replay_record(record)
                    self.actions = len(record["actions"])
            finally:
                self.writing = False
            raise _Unavailable() from error
        self.writing = False
        self.actions += 1
        metrics.ACTIONS.inc()
        if cid is not None:
            self.cids[seat][cid] = decision.id
        if game.over:
            self.status = "over"
            if self.on_over is not None:
                self.on_over(self)

    def _replay_record(self, record: dict[str, Any]) -> Game:
        return replay(record["game"], record["players"], record["seed"], record["options"], record["setup"],
                      record["actions"])

    async def _bot_choice(self, game: Game, seat: int, decision: Decision) -> int:
        """The bot's answer. A bot that searches lets the event loop serve other rooms between bits of its
        search (the room's lock is held, so this game does not change meanwhile)."""
        bot = self.bots[seat]
        steps = ask_steps(bot, game, seat, decision, needs_view(bot))
        self.thinking = decision
        try:
            while True:
                try:
                    next(steps)
                except StopIteration as done:
                    return int(done.value["id"])
                await asyncio.sleep(0)
        finally:
            self.thinking = None

    def _after_change(self) -> None:
        self._set_timers()
        self._broadcast()
        game = self.game
        if game is not None and not game.over and any(self._bot_plays(d.seat) for d in game.pending()):
            if self.drive_task is None or self.drive_task.done():
                self.drive_task = asyncio.get_running_loop().create_task(self._drive())

    async def _drive(self) -> None:
        """Bots answer their seats' decisions, each durable before the next. No answer shows before ``bot_delay``
        has passed, the same pause whatever they decide, so people can follow the table; every bot decision pending
        at the start is answered, so a simultaneous choice costs one pause, not one per bot. A searching bot thinks
        during the pause, and its answer shows no sooner than its hold (:meth:`_bot_answer`)."""
        loop = asyncio.get_running_loop()
        while True:
            shown = loop.time() + self.settings.bot_delay  # no answer of this batch shows sooner
            async with self.lock:
                game = self.game
                todo = [] if game is None or game.over else [d for d in game.pending() if self._bot_plays(d.seat)]
            if not todo:
                return
            failed = False
            for decision in todo:
                if answer_hold(self.bots[decision.seat], decision, len(self.seats)) <= 0:
                    await asyncio.sleep(shown - loop.time())  # the pause (over already for all but the first)
                if not await self._bot_answer(decision, shown):
                    failed = True
                    break
            if failed:
                self._broadcast()  # whatever was owed while the write was in flight, as the game now is
                await asyncio.sleep(0.5)
                continue
            self._set_timers()
            self._broadcast()

    def _bot_still_answers(self, game: Game, decision: Decision) -> bool:
        return (self.game is game and not game.over and self._bot_plays(decision.seat)
                and any(d.id == decision.id for d in game.pending()))

    async def _bot_answer(self, decision: Decision, shown: float) -> bool:
        """A bot answers ``decision`` if it is still pending and still the bot's (the player may be back, or an
        earlier answer of the batch made it moot). A bot whose thinking time depends on its seat's secrets has its
        answer held until a fixed time after it was asked (:func:`answer_hold`), and not before ``shown``, the room
        free for everyone else meanwhile; an answer the game moves past during the hold is dropped, and the bot
        forgets it. False when the store could not take the answer."""
        loop = asyncio.get_running_loop()
        async with self.lock:
            game = self.game
            if game is None or not self._bot_still_answers(game, decision):
                return True
            seat = decision.seat
            bot = self.bots[seat]
            asked = loop.time()
            hold = answer_hold(bot, decision, game.players)
            before = pickle.dumps(bot) if hold > 0 else b""  # the bot as it was, should its answer be dropped
            option = await self._bot_choice(game, seat, decision)
            if hold <= 0:
                return await self._bot_apply(game, decision, option)
        await asyncio.sleep(max(asked + hold, shown) - loop.time())
        async with self.lock:
            if self.bots[seat] is bot and not self._bot_still_answers(game, decision):
                self.bots[seat] = pickle.loads(before)
            applied = await self._bot_apply(game, decision, option)
            self._broadcast()  # at a time that tells nothing, so each held answer shows as it lands
            return applied

    async def _bot_apply(self, game: Game, decision: Decision, option: int) -> bool:
        if not self._bot_still_answers(game, decision):
            return True
        try:
            await self._apply(decision.seat, decision, option, None, "bot")
        except _Unavailable:
            return False
        return True

    # ---- timers ---------------------------------------------------------------------------------

    def _hold(self, decision_id: int) -> float:
        """Seconds an answer to ``decision_id`` waits before it may apply: until the moment the room would answer
        a one-option decision by itself, whatever this decision's options are."""
        delay = self.settings.auto_answer
        shown = self.shown.get(decision_id)
        if delay < 0 or shown is None:
            return 0.0
        return shown + delay - asyncio.get_running_loop().time()

    def _answers_itself(self, game: Game, decision: Decision) -> bool:
        """The room answers this decision for its seat: a person's, with one option only that the seat may choose,
        and not a response window unless the seat asked for those to be passed."""
        if (self.settings.auto_answer < 0 or len(decision.options) != 1 or decision.timeout_only
                or self._bot_plays(decision.seat)):
            return False
        return decision.kind not in game.response_kinds or self.seats[decision.seat].auto_pass

    def _set_autos(self) -> None:
        """Notes when each pending decision was first pending, and schedules the automatic answers."""
        game = self.game
        if game is None:
            return
        pending = {d.id: d for d in game.pending()} if not game.over else {}
        for gone in [i for i in self.shown if i not in pending]:
            del self.shown[gone]
        for gone in [i for i in self.autos if i not in pending or not self._answers_itself(game, pending[i])]:
            self.autos.pop(gone)[1].cancel()
        if self.settings.auto_answer < 0:
            return
        loop = asyncio.get_running_loop()
        for decision_id, decision in pending.items():
            shown = self.shown.setdefault(decision_id, loop.time())
            if decision_id not in self.autos and self._answers_itself(game, decision):
                at = shown + self.settings.auto_answer
                handle = loop.call_at(at, self._auto, decision_id)
                self.autos[decision_id] = (time.time() + at - loop.time(), handle)

    def _auto(self, decision_id: int) -> None:
        self._spawn(self._answer_for_seat(decision_id))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Runs a timer's work as a task the room keeps until it ends (closing the room cancels what is left)."""
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _answer_for_seat(self, decision_id: int) -> None:
        async with self.lock:
            self.autos.pop(decision_id, None)
            game = self.game
            if game is None or game.over or decision_id in self.held:  # the player's own answer comes now
                return
            decision = next((d for d in game.pending() if d.id == decision_id), None)
            if decision is None or not self._answers_itself(game, decision):
                return
            try:
                await self._apply(decision.seat, decision, decision.options[0]["id"], None, "auto")
            except _Unavailable:
                self._broadcast()
                return
        self._after_change()

    def _set_timers(self) -> None:
        self._set_autos()
        seconds = self.row.decision_seconds
        game = self.game
        if seconds is None or game is None:
            return
        pending = {d.id: d for d in game.pending()}
        for gone in [i for i in self.timers if i not in pending]:
            self.timers.pop(gone).cancel()
            self.deadlines.pop(gone, None)
        loop = asyncio.get_running_loop()
        for decision_id in pending:
            if decision_id not in self.timers:
                self.deadlines[decision_id] = time.time() + seconds
                self.timers[decision_id] = loop.call_later(seconds, self._expire, decision_id)

    def _expire(self, decision_id: int) -> None:
        self._spawn(self._take_default(decision_id))

    async def _take_default(self, decision_id: int) -> None:
        async with self.lock:
            self.timers.pop(decision_id, None)
            game = self.game
            if game is None or game.over:
                return
            decision = next((d for d in game.pending() if d.id == decision_id), None)
            if decision is None:
                return
            try:
                await self._apply(decision.seat, decision, decision.default["id"], None, "timeout")
            except _Unavailable:
                self._broadcast()
                return
        self._after_change()

    # ---- frames ---------------------------------------------------------------------------------

    def _seats_out(self) -> list[dict[str, Any]]:
        return [{"seat": i, "name": s.name, "bot": s.bot or s.away_bot, "connected": bool(s.subscribers),
                 "ready": s.ready} for i, s in enumerate(self.seats)]

    def _decisions_for(self, game: Game, seat: int | None) -> list[dict[str, Any]]:
        if seat is None or game.over:
            return []
        # what cannot be taken now and why; options worded for this moment where the game says so; where the
        # options are combinations, their parts for a picker, and what on the board answers which option (this
        # seat's own decision: only it receives them)
        return [{**d.to_dict(), "options": _worded(game, d), "deadline": self.deadlines.get(d.id),
                 "auto": self.autos[d.id][0] if d.id in self.autos else None,
                 "unavailable": game.unavailable(d), **_parts(game, d), **_targets(game, d)}
                for d in game.pending_for(seat)]

    def channels_for(self, seat: int | None) -> list[dict[str, Any]]:
        """The table-talk channels ``seat`` may use now: the game's rules, or before the start the lobby's table."""
        return self.game.chat_channels(seat) if self.game is not None else default_chat_channels(seat)

    def _broadcast(self) -> None:
        """Sends each subscriber what its seat may see now, if that changed since its last frame."""
        if self.writing:  # an action is not durable yet: nobody hears of it (nor of anything else) until it is
            return
        subs = list(self.spectators) + [sub for seat in self.seats for sub in seat.subscribers]
        if not subs:
            return
        game = self.game
        seats = self._seats_out()
        if game is None:
            bodies: dict[bool, tuple[str, list[dict[str, Any]]]] = {}
            for sub in subs:
                key = sub.seat is None
                if key not in bodies:
                    channels = self.channels_for(sub.seat)
                    bodies[key] = (json.dumps({"type": "lobby", "room": self.code, "game": self.row.game,
                                               "players": self.row.players, "options": self.row.options,
                                               "seats": seats, "channels": channels}, default=str), channels)
                body, channels = bodies[key]
                if body != sub.last_body:
                    sub.last_body = body
                    sub.send(body)
                    self._sync_channels(sub, channels)
            return
        parts: dict[int | None, tuple[dict[str, Any], dict[str, bytes], bytes, list[dict[str, Any]]]] = {}
        logs: dict[tuple[int | None, int], tuple[list[dict[str, Any]], int]] = {}
        result = game.result() if game.over else None
        role_cards: dict[int | None, dict[str, Any] | None] = {}  # who this seat is, in player words
        for sub in subs:
            if sub.seat not in parts:
                view = game.view(sub.seat)
                parts[sub.seat] = (view, {k: json_bytes(v) for k, v in view.items()},
                                   json_bytes(self._decisions_for(game, sub.seat)), self.channels_for(sub.seat))
            view, encoded, decisions, channels = parts[sub.seat]
            ending = game.over and not sub.whole_log_sent
            where = (sub.seat, -1 if ending else sub.log_pos)
            if where not in logs:  # only the events since this connection's last frame, never the whole log again
                # ... except at the end, where a game may reveal lines that were private (the Guest, G-W13): the
                # seat's whole log as the rules now show it, from the start
                logs[where] = ((game.log_for(sub.seat), len(game._log)) if ending
                               else game.log_since(sub.seat, sub.log_pos))
            log, position = logs[where]
            if ending:
                sub.log_sent, sub.whole_log_sent = 0, True
            last = sub.last_view
            # a diff between two views already filtered for this seat: the top-level keys that changed
            if last is None:
                patch, removed = {k: orjson.Fragment(v) for k, v in encoded.items()}, []
            else:
                patch = {k: orjson.Fragment(v) for k, v in encoded.items() if last.get(k) != v}
                removed = [k for k in last if k not in encoded] if len(last) != len(encoded) or patch else []
                if (not patch and not removed and not log and decisions == sub.last_decisions
                        and seats == sub.last_seats and channels == sub.last_channels):
                    sub.log_pos = position
                    continue
            frame = {"type": "state", "room": self.code, "seat": sub.seat, "view": patch, "view_reset": last is None,
                     **({"claim_menu": game.claim_menu()} if last is None else {}),
                     "view_removed": removed, "decisions": orjson.Fragment(decisions), "log_from": sub.log_sent,
                     "log": log, "seats": seats, "over": game.over, "result": result, "channels": channels,
                     "now": round(time.time(), 3)}  # the server's clock: deadlines are on it, not the client's
            if sub.seat not in role_cards:  # from the view just built, not a second one; only for a frame sent
                role_cards[sub.seat] = game.role_card(sub.seat, view) if sub.seat is not None else None
            card = role_cards[sub.seat]
            if last is None or card != sub.last_role_card:  # a card changes seldom: sent when it does
                frame["role_card"] = sub.last_role_card = card
            if last is None:  # the card reference, once per connection: the game's card set does not change
                frame["cards"] = game.card_texts()
            sub.last_view, sub.last_decisions, sub.last_seats = encoded, decisions, seats
            sub.log_sent, sub.log_pos = sub.log_sent + len(log), position
            sub.send(frame_text(frame))
            self._sync_channels(sub, channels)

    def _sync_channels(self, sub: Subscriber, channels: list[dict[str, Any]]) -> None:
        """After a frame that tells ``sub`` its channels: the recent messages of every channel it may newly read."""
        sub.last_channels = channels
        readable = {c["id"] for c in channels if c["read"]}
        gained = readable - sub.readable
        sub.readable = readable
        if gained:
            backlog = sorted((m for c in gained for m in self.chat.get(c, ())), key=lambda m: int(m["n"]))
            for message in backlog[-CHAT_KEEP:]:
                sub.send(_chat_frame(message), backlog=True)

    # ---- table talk -----------------------------------------------------------------------------

    async def say(self, sub: Subscriber, channel: str, text: str, claim: dict[str, Any] | None = None) -> bool:
        """Checks that ``sub`` may write on ``channel`` now, stores the message, then sends it to every connection
        that may read that channel (and to nobody else). A refusal changes nothing. True: said."""
        async with self.lock:
            allowed = {c["id"]: c["write"] for c in self.channels_for(sub.seat)}
            if not allowed.get(channel, False):
                sub.send_model(Error(code="forbidden_channel", message=(
                    f"you may not write on {channel!r} now; you may write on: "
                    + (", ".join(c for c, w in allowed.items() if w) or "no channel"))))
                return False
            message: dict[str, Any] = {"type": "chat", "channel": channel, "seat": sub.seat,
                                       "name": self._speaker(sub.seat), "text": text, "at": round(time.time(), 3),
                                       "n": self.chat_n}
            if claim is not None:
                message["claim"] = claim
            try:
                await self.store.run(db.append_chat(self.code, message))
            except Exception:
                sub.send_model(Error(code="unavailable", message="the message could not be stored; try again"))
                return False
            self._keep(message)
            frame = _chat_frame(message)
            readers: dict[int | None, bool] = {}
            for other in list(self.spectators) + [s for seat in self.seats for s in seat.subscribers]:
                if other.seat not in readers:  # the rules now, not what the connection was last told
                    readers[other.seat] = any(c["id"] == channel and c["read"] for c in self.channels_for(other.seat))
                if readers[other.seat]:
                    other.send(frame)
        return True

    async def claim(self, sub: Subscriber, claim: dict[str, Any]) -> bool:
        """A structured claim from the game's claim menu: checked by the game, said on the table in its words."""
        game = self.game
        if sub.seat is None:
            sub.send_model(Error(code="forbidden_channel", message="spectators make no claims"))
            return False
        if game is None:
            sub.send_model(Error(code="not_started", message="claims are made once the game has started"))
            return False
        try:
            text = game.claim_text(sub.seat, claim, self._speaker)
        except ValueError as error:
            sub.send_model(Error(code="malformed", message=f"claim: {error}"))
            return False
        return await self.say(sub, "table", text, claim)

    def _speaker(self, seat: int | None) -> str:
        if seat is None:
            return "Spectator"
        return f"{self.seats[seat].name or 'Bot'} ({seat_label(self.row.game, seat)})"

    def _keep(self, message: dict[str, Any]) -> None:
        self.chat.setdefault(message["channel"], deque(maxlen=CHAT_KEEP)).append(message)
        self.chat_n = max(self.chat_n, int(message["n"]) + 1)

    def welcome(self, sub: Subscriber) -> str:
        return json.dumps({"type": "welcome", "room": self.code, "game": self.row.game, "players": self.row.players,
                           "seat": sub.seat})

    def close(self) -> None:
        for handle in self.timers.values():
            handle.cancel()
        self.timers.clear()
        for _, auto in self.autos.values():
            auto.cancel()
        self.autos.clear()
        for seat in self.seats:
            if seat.away_timer is not None:
                seat.away_timer.cancel()
        if self.drive_task is not None:
            self.drive_task.cancel()
        for task in list(self.tasks):
            task.cancel()


class _Unavailable(Exception):
    pass




def _worded(game: Game, decision: Any) -> list[dict[str, Any]]:
    """The decision's options, each labelled as this moment words it (game.option_labels) or by the catalogue."""
    labels = game.option_labels(decision)
    return [{**o, "label": labels[o["id"]]} if o["id"] in labels else dict(o) for o in decision.options]


def _parts(game: Game, decision: Any) -> dict[str, Any]:
    """``{"parts": {option_id: [{"group", "value", "label"}, ...]}}`` when the game splits this decision's options
    into parts (game.option_parts), else nothing: a flat decision's frame stays as it was."""
    parts = game.option_parts(decision)
    return {"parts": parts} if parts else {}


def _targets(game: Game, decision: Any) -> dict[str, Any]:
    """``{"targets": {option_id: {"kind", "value"}}}`` when some options name a board element a click can answer
    with (game.option_targets), else nothing: the frame stays small."""
    targets = game.option_targets(decision)
    return {"targets": targets} if targets else {}


def seat_label(game: str, seat: int) -> str:
    """How ``game``'s own texts name ``seat``, so the page and the chat name seats the way its log does."""
    return game_class(game).seat_label(seat)


def _chat_frame(message: dict[str, Any]) -> str:
    if message.get("claim") is None:
        message = {k: v for k, v in message.items() if k != "claim"}
    return json.dumps({"type": "chat", **message})


def _json_safe(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


class Rooms:
    """Every room this process owns: created here or restored from the store at start-up."""

    def __init__(self, store: db.Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.rooms: dict[str, Room] = {}
        # a lobby started or expired: its code and the client that opened it (admission counts open lobbies)
        self.lobby_closed: Callable[[str, str | None], None] | None = None
        self.sweeper: asyncio.Task[None] | None = None
        self.loading: dict[str, asyncio.Future[Room | None]] = {}  # finished rooms being brought back from the store

    def get(self, code: str) -> Room | None:
        return self.rooms.get(code)

    def adopt(self, room: Room) -> None:
        room.on_over = self._finished
        room.on_start = self._started
        self.rooms[room.code] = room

    def _started(self, room: Room) -> None:
        if self.lobby_closed is not None:
            self.lobby_closed(room.code, room.creator)

    # ---- idle lobbies -------------------------------------------------------------------------------

    def start_sweeping(self) -> None:
        """Expires idle lobbies every so often (a lobby nobody joined or watched for ``lobby_idle`` seconds)."""
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        every = max(0.05, min(60.0, self.settings.lobby_idle / 4))
        while True:
            await asyncio.sleep(every)
            try:
                await self.sweep()
            except Exception:  # the store refused: the lobbies stay, and the next sweep tries again
                logging.getLogger("treachery.server").exception("expiring idle lobbies failed")

    async def sweep(self) -> int:
        """Expires the idle lobbies now, in the store and in memory; returns how many."""
        cutoff = time.monotonic() - self.settings.lobby_idle
        idle = [room for room in self.rooms.values()
                if room.status == "lobby" and room.touched < cutoff and not room.connections()]
        for room in idle:
            async with room.lock:
                if room.status != "lobby" or room.connections() or room.touched >= cutoff:
                    continue
                await self.store.run(db.set_status(room.code, "expired"))
                room.status = "expired"
            room.close()
            self.rooms.pop(room.code, None)
            if self.lobby_closed is not None:
                self.lobby_closed(room.code, room.creator)
        return len(idle)

    async def create(self, request: CreateRoom, creator: str | None = None) -> tuple[Room, str]:
        if (request.seed is not None or request.setup is not None) and not self.settings.dev:
            raise RoomError("forbidden", "seed and setup are accepted only by a server started with --dev", 403)
        try:
            cls = game_class(request.game)
            restricted = dev_only(cls.declared_options, request.options)
            if restricted and not self.settings.dev:  # e.g. a path on the server's own disk
                raise RoomError("forbidden", f"option {', '.join(restricted)} is accepted only by a server started "
                                             "with --dev", 403)
            seed = request.seed if request.seed is not None else secrets.randbits(62)
            new_game(request.game, request.players, seed, request.options, request.setup)  # refuse bad input now
            bots = resolve_bot_kind(request.game, request.bots)
        except (GameConfigError, ValueError) as error:
            raise RoomError("malformed", str(error), 422) from None
        seconds = cls.decision_seconds if request.decision_seconds == "rules" else request.decision_seconds
        host_token = secrets.token_urlsafe(32)
        row = db.RoomRow(
            code=secrets.token_urlsafe(12), game=request.game, players=request.players, seed=seed,
            options=_json_safe(request.options), setup=_json_safe(request.setup) if request.setup else None,
            bots=bots, host_hash=token_hash(host_token), status="lobby",
            decision_seconds=float(seconds) if seconds is not None else None,
            takeover_seconds=request.takeover_seconds, created_at=time.time())
        await self.store.run(self._inserting(row))
        room = self._new_room(row)
        room.creator = creator
        self._place_new(room)
        return room, host_token

    async def find(self, code: str) -> Room | None:
        """The room in memory, or a finished one brought back from the store (read-only: its game is over) after it
        left memory or the server restarted; it leaves memory again like any finished room."""
        room = self.rooms.get(code)
        if room is not None:
            return room
        loading = self.loading.get(code)
        if loading is None:
            loading = self.loading[code] = asyncio.ensure_future(self._load_finished(code))
            loading.add_done_callback(lambda _: self.loading.pop(code, None))
        return await asyncio.shield(loading)

    async def _load_finished(self, code: str) -> Room | None:
        rows = await self.store.run(db.load_rooms(("over",), code=code))
        if not rows or code in self.rooms:
            return self.rooms.get(code)
        chats = await self.store.run(db.load_chat([code], CHAT_KEEP))
        room = Room(rows[0], self.store, self.settings)
        room.restore(rows[0])
        room.restore_chat(chats.get(code, []))
        from .rematch import recall  # (rematch.py builds on this module)

        await recall(self, room)
        if code in self.rooms:  # brought back meanwhile
            return self.rooms[code]
        self.adopt(room)
        self._finished(room)
        return room

    def _finished(self, room: Room) -> None:
        asyncio.get_running_loop().call_later(self.settings.keep_finished, self._evict, room.code)

    def _evict(self, code: str) -> None:
        """A finished room leaves memory once nobody watches it; its record stays in the store."""
        room = self.rooms.get(code)
        if room is None:
            return
        if room.connections():
            asyncio.get_running_loop().call_later(self.settings.keep_finished, self._evict, code)
            return
        room.close()
        del self.rooms[code]

    def _inserting(self, row: db.RoomRow) -> Callable[[Any], None]:
        """The write that stores a new room (several processes add its lease to the same transaction)."""
        return db.insert_room(row)

    def _holding(self, code: str) -> Callable[[Any], Any] | None:
        """The write that makes this process the holder of a new room, run with its insert (several processes: its
        lease); None for a single process."""
        return None

    def _new_room(self, row: db.RoomRow, epoch: int = 1) -> Room:
        """A room on this process (several processes give it a store whose writes its lease fences)."""
        return Room(row, self.store, self.settings)

    def _place_new(self, room: Room) -> None:
        """A room just created or opened as a rematch, its rows stored: served here from now on (several processes
        behind a proxy that routes by room leave it to the process its players reach instead)."""
        self.adopt(room)

    async def restore(self) -> int:
        """Restores every unfinished room from the store; returns how many."""
        rows = await self.store.run(db.load_rooms())
        await self._restore_rows(rows, {})
        return len(rows)

    async def _restore_rows(self, rows: list[db.RoomRow], epochs: dict[str, int]) -> None:
        chats = await self.store.run(db.load_chat([row.code for row in rows], CHAT_KEEP)) if rows else {}
        restored = []
        for row in rows:
            room = self._new_room(row, epochs.get(row.code, 1))
            room.restore(row)
            room.restore_chat(chats.get(row.code, []))
            if room.finished_unmarked:  # its last action ended the game, but the end was never written
                assert room.game is not None
                await room.store.run(db.set_status(row.code, "over", _json_safe(room.game.result())))
                room.status = "over"
                self._finished(room)
            self.adopt(room)
            restored.append(room)
        for room in restored:
            room.resume()

    def close(self) -> None:
        if self.sweeper is not None:
            self.sweeper.cancel()
        for room in self.rooms.values():
            room.close()
