"""Room leases in PostgreSQL: one owner per room at a time, and fenced writes.

A lease row says which process owns a room (``owner``), since which change of owner (``epoch``) and until when
(``expires_at``, on the database's clock so processes' clocks do not matter). The owner renews its leases; another
process may claim a room only once its lease has run out, and claiming adds one to the epoch. Every write the owner
makes for a room runs in a transaction that first locks the lease row (FOR KEY SHARE) and checks owner and epoch: a
process that lost its lease - stalled, partitioned, or simply late - can never append, however late its write
arrives, and a claim waits for a write in flight to commit before it reads the record to restore.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from sqlalchemy import Connection, bindparam, text

from ..store import Store

T = TypeVar("T")

NOW = "extract(epoch from clock_timestamp())"  # the database's clock: the same for every process
NOBODY = ""  # the owner of an open lease: a new room left to the first process its players reach


class Fenced(Exception):
    """A write for a room whose lease this process no longer holds: refused, nothing written."""

    def __init__(self, room: str) -> None:
        super().__init__(f"room {room}: this process no longer holds its lease")
        self.room = room


def create(room: str, owner: str, seconds: float) -> Callable[[Connection], int]:
    """The lease of a new room, held by its creator (epoch 1); run it in the room's insert transaction."""
    def run(connection: Connection) -> int:
        connection.execute(text(f"INSERT INTO leases (room, owner, epoch, expires_at) VALUES (:room, :owner, 1, "
                                f"{NOW} + :seconds)"), {"room": room, "owner": owner, "seconds": seconds})
        return 1
    return run


def create_open(room: str) -> Callable[[Connection], int]:
    """The lease of a new room that its creator leaves to the first process asked for it (a proxy in front sends all
    of a room's calls to one process): held by nobody, so ``claim`` takes it at once, but only when asked
    (``OwnedRooms.locate``): the claim loop, which picks up the rooms of dead owners, leaves it alone."""
    def run(connection: Connection) -> int:
        connection.execute(text(f"INSERT INTO leases (room, owner, epoch, expires_at) VALUES (:room, :nobody, 0, "
                                f"{NOW})"), {"room": room, "nobody": NOBODY})
        return 0
    return run


def expire_unclaimed(idle: float) -> Callable[[Connection], list[str]]:
    """Expires the lobbies left open (``create_open``) that no process claimed within ``idle`` seconds: nobody came,
    so none holds them in memory to expire them as an idle lobby. Their open leases go with them, in one statement,
    so a claim either came first (and the room is not touched) or finds no lease to take."""
    def run(connection: Connection) -> list[str]:
        rows = connection.execute(text(
            "WITH gone AS (DELETE FROM leases l USING rooms r WHERE l.room = r.code AND l.owner = :nobody "
            f"AND r.status = 'lobby' AND l.expires_at < {NOW} - :idle RETURNING l.room) "
            "UPDATE rooms SET status = 'expired' WHERE code IN (SELECT room FROM gone) RETURNING code"),
            {"nobody": NOBODY, "idle": idle}).all()
        return [str(code) for (code,) in rows]
    return run


def claim(room: str, owner: str, seconds: float) -> Callable[[Connection], int | None]:
    """Takes ``room`` if its lease has run out (or it has none): the new epoch, or None if someone holds it.
    A row locked by a write in flight is skipped, not waited for: a stalled writer cannot stall a claim."""
    def run(connection: Connection) -> int | None:
        found = connection.execute(text(
            f"UPDATE leases SET owner = :owner, epoch = epoch + 1, expires_at = {NOW} + :seconds "
            f"WHERE room = (SELECT room FROM leases WHERE room = :room AND expires_at < {NOW} "
            "FOR UPDATE SKIP LOCKED) RETURNING epoch"), {"room": room, "owner": owner, "seconds": seconds}).first()
        if found is not None:
            return int(found[0])
        exists = connection.execute(text("SELECT 1 FROM leases WHERE room = :room"), {"room": room}).first()
        if exists is not None:
            return None
        connection.execute(text(f"INSERT INTO leases (room, owner, epoch, expires_at) VALUES (:room, :owner, 1, "
                                f"{NOW} + :seconds) ON CONFLICT (room) DO NOTHING"),
                           {"room": room, "owner": owner, "seconds": seconds})
        mine = connection.execute(text("SELECT epoch FROM leases WHERE room = :room AND owner = :owner"),
                                  {"room": room, "owner": owner}).first()
        return int(mine[0]) if mine is not None else None
    return run


def expired(limit: int) -> Callable[[Connection], list[str]]:
    """Up to ``limit`` unfinished rooms whose owner's lease has run out: what a process may claim now (an open
    lease, held by nobody yet, waits for the process its players reach)."""
    def run(connection: Connection) -> list[str]:
        rows = connection.execute(text(
            f"SELECT l.room FROM leases l JOIN rooms r ON r.code = l.room WHERE l.expires_at < {NOW} "
            "AND l.owner <> :nobody AND r.status IN ('lobby', 'playing') ORDER BY l.expires_at LIMIT :limit"),
            {"limit": limit, "nobody": NOBODY}).all()
        return [str(room) for (room,) in rows]
    return run


def renew(owner: str, held: dict[str, int], seconds: float) -> Callable[[Connection], dict[str, int]]:
    """Extends the leases of ``held`` that ``owner`` still holds at the epoch it holds them; returns those (the rest
    were lost). Only those: a room this process dropped is not kept alive by it, so another process may claim it."""
    def run(connection: Connection) -> dict[str, int]:
        if not held:
            return {}
        rows = connection.execute(text(
            f"UPDATE leases SET expires_at = {NOW} + :seconds WHERE owner = :owner AND room = ANY(:rooms) "
            "RETURNING room, epoch"), {"owner": owner, "seconds": seconds, "rooms": list(held)}).all()
        return {str(room): int(epoch) for room, epoch in rows if held.get(str(room)) == int(epoch)}
    return run


def release(room: str, owner: str, epoch: int) -> Callable[[Connection], bool]:
    """Gives ``room`` up at once (a draining process): the next claim need not wait for the lease to run out."""
    def run(connection: Connection) -> bool:
        done = connection.execute(text(
            "UPDATE leases SET expires_at = 0 WHERE room = :room AND owner = :owner AND epoch = :epoch"),
            {"room": room, "owner": owner, "epoch": epoch})
        return bool(done.rowcount)
    return run


def fenced(room: str, owner: str, epoch: int, write: Callable[[Connection], T]) -> FencedWrite[T]:
    """``write`` for ``room``, run only if ``owner`` still holds the lease at ``epoch`` (checked in the same
    transaction, the row locked against a claim until it commits); otherwise Fenced and nothing is written."""
    return FencedWrite(room, owner, epoch, write)


# KEY SHARE: a claim's FOR UPDATE waits for it (or skips the row), but the owner's own renewal, a plain UPDATE of the
# expiry, does not; with FOR SHARE a renewal of many rows and a group commit of writes to several rooms locked the
# same rows in different orders and deadlocked under load
_HELD = text("SELECT room, owner, epoch FROM leases WHERE room IN :rooms FOR KEY SHARE").bindparams(
    bindparam("rooms", expanding=True))


class FencedWrite(Generic[T]):
    """A write fenced by a lease. Called alone it checks its own lease row; the store's group commit checks every
    fenced write of a batch with one query instead (:meth:`check_batch`: a guarded write, ``store._guarded``)."""

    def __init__(self, room: str, owner: str, epoch: int, write: Callable[[Connection], T]) -> None:
        self.room, self.owner, self.epoch, self.write = room, owner, epoch, write

    def __call__(self, connection: Connection) -> T:
        if self.check_batch(connection, [self]) != [None]:
            raise Fenced(self.room)
        return self.write(connection)

    def unguarded(self, connection: Connection) -> T:
        return self.write(connection)

    @staticmethod
    def check_batch(connection: Connection, writes: Sequence[FencedWrite[Any]]) -> list[Exception | None]:
        """Per write, None if its owner holds its room's lease at its epoch, else the Fenced to raise; the rows
        stay locked against a claim until the transaction ends."""
        held = {(str(room), str(owner), int(epoch)) for room, owner, epoch in connection.execute(
            _HELD, {"rooms": sorted({w.room for w in writes})}).all()}
        return [None if (w.room, w.owner, w.epoch) in held else Fenced(w.room) for w in writes]


class FencedStore:
    """A room's view of the store for its owner: every write goes through ``fenced`` with the lease it holds.
    It has the store's ``run``, so a Room can be given one in place of the store."""

    def __init__(self, store: Store, room: str, owner: str, epoch: int) -> None:
        self.store, self.room, self.owner, self.epoch = store, room, owner, epoch

    async def run(self, fn: Callable[[Connection], T]) -> T:
        return await self.store.run(fenced(self.room, self.owner, self.epoch, fn))
