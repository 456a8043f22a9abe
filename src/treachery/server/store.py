"""The store: rooms, seats and every accepted action, in SQLAlchemy 2 Core over SQLite (default) or PostgreSQL.

A game is its record (game, players, seed, options, setup, actions) plus room metadata; restoring a room is
replaying that record. Writes go through one writer thread that commits whatever is queued in one transaction
(group commit), so an action is durable before it is acknowledged without one fsync per action per room.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    Connection,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    event,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine

from ..engine import TIMEOUT

T = TypeVar("T")

metadata = MetaData()

rooms = Table(
    "rooms", metadata,
    Column("code", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", JSON, nullable=False),
    Column("setup", JSON, nullable=True),
    Column("bots", String(16), nullable=False),
    Column("host_hash", String(64), nullable=False),
    Column("status", String(16), nullable=False),  # lobby | playing | over
    Column("decision_seconds", Float, nullable=True),
    Column("takeover_seconds", Float, nullable=True),
    Column("created_at", Float, nullable=False),
    Column("result", JSON, nullable=True),
    Column("kicked", JSON, nullable=True),  # look-alike keys of names the host kicked (they may not join again)
    Column("rematch", String(32), nullable=True),  # the new room its host opened once this game was over
)

seats = Table(
    "seats", metadata,
    Column("room", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(40), nullable=True),
    Column("token_hash", String(64), nullable=True),  # sha256 of the seat token; the token itself is never stored
    Column("bot", Integer, nullable=False, default=0),  # 1: a bot plays this seat for good (empty or left)
)

actions = Table(
    "actions", metadata,
    Column("room", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),  # position in the game record
    Column("seat", Integer, nullable=False),
    Column("option", Integer, nullable=False),
    Column("decision", Integer, nullable=False),
    Column("cid", String(64), nullable=True),  # the client's action id; None for bots and timeouts
    Column("by", String(8), nullable=False),  # seat | bot | timeout | auto (the room answered a one-option decision)
)


chat = Table(
    "chat", metadata,
    Column("room", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),  # the room's message number
    Column("channel", String(32), nullable=False),
    Column("seat", Integer, nullable=True),  # None: a spectator
    Column("name", String(64), nullable=False),  # the display name (up to 40) and its seat label
    Column("text", String(400), nullable=False),
    Column("at", Float, nullable=False),
    Column("claim", JSON, nullable=True),  # a structured claim from the game's claim menu, when the message is one
)


def engine_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 here; anything else is passed to SQLAlchemy as it is."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


MIGRATION_LOCK = 0x7472_6561_6368  # a PostgreSQL advisory lock key of this project's own ("treach")


def migrate(engine: Engine) -> None:
    """Brings the schema to the newest Alembic revision (run at every server start)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).with_name("migrations")))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":  # several processes starting at once: one migrates, the rest wait
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


@dataclass
class RoomRow:
    code: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    setup: dict[str, Any] | None
    bots: str
    host_hash: str
    status: str
    decision_seconds: float | None
    takeover_seconds: float | None
    created_at: float
    result: dict[str, Any] | None = None
    kicked: list[str] | None = None
    rematch: str | None = None
    seats: list[dict[str, Any]] = field(default_factory=list)
    actions: list[dict[str, Any]] = field(default_factory=list)


class Store:
    """The database behind the rooms. All writes and reads run on one thread; ``run`` awaits one from async code."""

    def __init__(self, url: str, stalled_transaction: float | None = None) -> None:
        self.url = url
        kwargs: dict[str, Any] = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
        elif stalled_transaction is not None:  # PostgreSQL ends a transaction this process left open (stopped)
            ms = int(stalled_transaction * 1000)
            kwargs["connect_args"] = {"options": f"-c idle_in_transaction_session_timeout={ms}"}
        self.engine = create_engine(engine_url(url), **kwargs)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._queue: queue.Queue[tuple[Callable[[Connection], Any], concurrent.futures.Future[Any]] | None] = (
            queue.Queue()
        )
        self._thread: threading.Thread | None = None

    # ---- lifecycle ---------------------------------------------------------------------------------

    def open(self) -> None:
        migrate(self.engine)
        self._thread = threading.Thread(target=self._writer, name="treachery-store", daemon=True)
        self._thread.start()

    def close(self) -> None:
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(timeout=10)
            self._thread = None
        self.engine.dispose()

    # ---- the writer thread -------------------------------------------------------------------------

    def submit(self, fn: Callable[[Connection], T]) -> concurrent.futures.Future[T]:
        future: concurrent.futures.Future[T] = concurrent.futures.Future()
        self._queue.put((fn, future))
        return future

    async def run(self, fn: Callable[[Connection], T]) -> T:
        return await asyncio.wrap_future(self.submit(fn))

    def call(self, fn: Callable[[Connection], T]) -> T:
        """Synchronous: for startup, tests and tools."""
        return self.submit(fn).result(timeout=60)

    def _writer(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            batch = [item]
            while len(batch) < 512:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._queue.put(None)
                    break
                batch.append(more)
            self._commit(batch)

    def _commit(self, batch: list[tuple[Callable[[Connection], Any], concurrent.futures.Future[Any]]]) -> None:
        try:
            with self.engine.begin() as connection:
                refused = _guard(connection, [fn for fn, _ in batch])
                results = [refused[i] if i in refused else _write(fn, connection) for i, (fn, _) in enumerate(batch)]
        except Exception:
            if len(batch) == 1:
                _, future = batch[0]
                import sys

                future.set_exception(sys.exc_info()[1] or RuntimeError("store failure"))
                return
            for one in batch:  # one bad write must not sink the others: retry each in its own transaction
                self._commit([one])
            return
        for i, ((_, future), result) in enumerate(zip(batch, results, strict=True)):
            if i in refused:
                future.set_exception(result)
            else:
                future.set_result(result)


def _guarded(fn: Any) -> bool:
    """A guarded write: one whose condition (a lease, say) is checked for a whole batch at once. It has
    ``check_batch(connection, writes)`` (per write None, or the exception refusing it) and ``unguarded(connection)``
    (the write once its condition holds); called alone it checks its own condition."""
    return callable(getattr(fn, "check_batch", None)) and callable(getattr(fn, "unguarded", None))


def _write(fn: Any, connection: Connection) -> Any:
    """One write of a batch whose guard, if it has one, has passed."""
    return fn.unguarded(connection) if _guarded(fn) else fn(connection)


def _guard(connection: Connection, fns: list[Any]) -> dict[int, Exception]:
    """Checks the guarded writes of a batch, one check per kind of guard; the refused ones by their index."""
    by_check: dict[Any, list[int]] = {}
    for i, fn in enumerate(fns):
        if _guarded(fn):
            by_check.setdefault(type(fn).check_batch, []).append(i)
    refused: dict[int, Exception] = {}
    for check, indexes in by_check.items():
        for i, error in zip(indexes, check(connection, [fns[i] for i in indexes]), strict=True):
            if error is not None:
                refused[i] = error
    return refused


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")  # an acknowledged action survives a crash and a power cut
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


# ---- the operations (each runs inside the writer's transaction) ---------------------------------------


def insert_room(row: RoomRow, seated: Sequence[tuple[int, str, str]] = ()) -> Callable[[Connection], None]:
    """A new room with its empty seats; ``seated``: (seat, name, token hash) of people already in it (a rematch)."""
    def run(connection: Connection) -> None:
        connection.execute(rooms.insert().values(
            code=row.code, game=row.game, players=row.players, seed=row.seed, options=row.options, setup=row.setup,
            bots=row.bots, host_hash=row.host_hash, status=row.status, decision_seconds=row.decision_seconds,
            takeover_seconds=row.takeover_seconds, created_at=row.created_at, result=None,
        ))
        connection.execute(seats.insert(), [
            {"room": row.code, "seat": s, "name": None, "token_hash": None, "bot": 0} for s in range(row.players)
        ])
        for seat, name, digest in seated:
            connection.execute(update(seats).where(seats.c.room == row.code, seats.c.seat == seat).values(
                name=name, token_hash=digest))
    return run


def open_rematch(old: str, row: RoomRow, seated: Sequence[tuple[int, str, str]]) -> Callable[[Connection], None]:
    """The new room of a finished one (``insert_room``) and, in the same transaction, the finished room's pointer
    to it: its link leads there for good."""
    insert = insert_room(row, seated)

    def run(connection: Connection) -> None:
        insert(connection)
        connection.execute(update(rooms).where(rooms.c.code == old).values(rematch=row.code))
    return run


def load_seat_hashes(code: str) -> Callable[[Connection], list[str | None]]:
    """The token hashes of a room's seats, in seat order (None: nobody holds it)."""
    def run(connection: Connection) -> list[str | None]:
        query = select(seats.c.token_hash).where(seats.c.room == code).order_by(seats.c.seat)
        return [digest for (digest,) in connection.execute(query).all()]
    return run


def set_seat(code: str, seat: int, name: str | None, token_hash: str | None, bot: bool) -> Callable[[Connection], None]:
    def run(connection: Connection) -> None:
        connection.execute(update(seats).where(seats.c.room == code, seats.c.seat == seat).values(
            name=name, token_hash=token_hash, bot=int(bot)))
    return run


def set_status(code: str, status: str, result: dict[str, Any] | None = None) -> Callable[[Connection], None]:
    def run(connection: Connection) -> None:
        connection.execute(update(rooms).where(rooms.c.code == code).values(status=status, result=result))
    return run


def kick_seat(code: str, seat: int, kicked: list[str]) -> Callable[[Connection], None]:
    """Frees ``seat`` and keeps the room's kicked names, in one transaction."""
    def run(connection: Connection) -> None:
        connection.execute(update(seats).where(seats.c.room == code, seats.c.seat == seat).values(
            name=None, token_hash=None, bot=0))
        connection.execute(update(rooms).where(rooms.c.code == code).values(kicked=kicked))
    return run


def start_room(code: str, bot_seats: list[int]) -> Callable[[Connection], None]:
    def run(connection: Connection) -> None:
        for seat in bot_seats:
            connection.execute(update(seats).where(seats.c.room == code, seats.c.seat == seat).values(bot=1))
        connection.execute(update(rooms).where(rooms.c.code == code).values(status="playing"))
    return run


_INSERT_ACTION = actions.insert()  # one statement object, so SQLAlchemy compiles it once and caches it


def append_action(code: str, n: int, seat: int, option: int, decision: int, cid: str | None, by: str,
                  result: dict[str, Any] | None = None) -> Callable[[Connection], None]:
    """Records one action; with ``result`` (the action ended the game) the room is marked over in the same
    transaction, so no crash can leave a finished record in a room that still says it is playing."""
    def run(connection: Connection) -> None:
        connection.execute(_INSERT_ACTION, {"room": code, "n": n, "seat": seat, "option": option,
                                            "decision": decision, "cid": cid, "by": by})
        if result is not None:
            connection.execute(update(rooms).where(rooms.c.code == code).values(status="over", result=result))
    return run


def load_rooms(statuses: tuple[str, ...] = ("lobby", "playing"),
               code: str | None = None, codes: list[str] | None = None) -> Callable[[Connection], list[RoomRow]]:
    """Every room in one of ``statuses`` (only ``code``, or only ``codes``, if given), with its seats and its actions
    in record order."""
    def run(connection: Connection) -> list[RoomRow]:
        found: dict[str, RoomRow] = {}
        query = select(rooms).where(rooms.c.status.in_(statuses))
        if code is not None:
            query = query.where(rooms.c.code == code)
        if codes is not None:
            query = query.where(rooms.c.code.in_(codes))
        for r in connection.execute(query).mappings():
            found[r["code"]] = RoomRow(**{k: r[k] for k in r.keys()})
        if not found:
            return []
        held = list(found)
        for s in connection.execute(select(seats).where(seats.c.room.in_(held)).order_by(seats.c.seat)).mappings():
            found[s["room"]].seats.append(dict(s))
        for a in connection.execute(select(actions).where(actions.c.room.in_(held)).order_by(actions.c.n)).mappings():
            found[a["room"]].actions.append(dict(a))
        return list(found.values())
    return run


def load_record(code: str) -> Callable[[Connection], dict[str, Any] | None]:
    def run(connection: Connection) -> dict[str, Any] | None:
        r = connection.execute(select(rooms).where(rooms.c.code == code)).mappings().first()
        if r is None:
            return None
        steps = connection.execute(select(actions.c.seat, actions.c.option, actions.c.by)
                                   .where(actions.c.room == code).order_by(actions.c.n)).all()
        record = [[s, o, TIMEOUT] if by == TIMEOUT else [s, o] for s, o, by in steps]  # the engine's record form
        return {"game": r["game"], "players": r["players"], "seed": r["seed"], "options": r["options"],
                "setup": r["setup"], "actions": record, "status": r["status"]}
    return run


_INSERT_CHAT = chat.insert()


def append_chat(code: str, message: dict[str, Any]) -> Callable[[Connection], None]:
    """``message`` is a chat frame's fields: n, channel, seat, name, text, at, claim."""
    def run(connection: Connection) -> None:
        connection.execute(_INSERT_CHAT, {"room": code, **{k: message.get(k) for k in CHAT_FIELDS}})
    return run


CHAT_FIELDS = ("n", "channel", "seat", "name", "text", "at", "claim")


def load_chat(codes: list[str], keep: int = 100) -> Callable[[Connection], dict[str, list[dict[str, Any]]]]:
    """The last ``keep`` messages of each channel of each room in ``codes``, oldest first, by room."""
    def run(connection: Connection) -> dict[str, list[dict[str, Any]]]:
        found: dict[str, dict[str, list[dict[str, Any]]]] = {}
        for start in range(0, len(codes), 500):
            query = select(chat).where(chat.c.room.in_(codes[start:start + 500])).order_by(chat.c.room, chat.c.n)
            for row in connection.execute(query).mappings():
                per_channel = found.setdefault(row["room"], {}).setdefault(row["channel"], [])
                per_channel.append({k: row[k] for k in CHAT_FIELDS})
                if len(per_channel) > keep:
                    del per_channel[0]
        return {code: sorted((m for ms in channels.values() for m in ms), key=lambda m: int(m["n"]))
                for code, channels in found.items()}
    return run


def load_names(code: str) -> Callable[[Connection], list[str | None]]:
    """The display names of a room's seats, in seat order."""
    def run(connection: Connection) -> list[str | None]:
        query = select(seats.c.name).where(seats.c.room == code).order_by(seats.c.seat)
        return [name for (name,) in connection.execute(query).all()]
    return run
