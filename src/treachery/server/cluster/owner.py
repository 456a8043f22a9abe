"""The rooms of one of several processes sharing a PostgreSQL: each room is served by the process holding its
lease (lease.py). This process creates rooms with a lease, renews the leases it holds, claims and restores by
replay the rooms whose lease ran out (their owner died or stalled), drops a room whose lease it lost, and hands
its rooms over when it stops. ``locate`` says where a room is served: here, or by which other process (to which
forward.py sends what comes here for it, when the processes share a Redis).

Behind a proxy that sends all of a room's calls to one process (``Settings.proxy_routes_rooms``) the creator does not
keep a new room: its lease is left open (``lease.create_open``) and the first process asked for the room claims it,
so each room is served by the process its players reach and nothing is forwarded. The creator still counts the room
among its client's open lobbies until it starts or expires (``sweep`` reads that back from the store), as a process
does for a rematch it asked another owner to open.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from sqlalchemy import text

from .. import metrics
from .. import store as db
from ..room import Room, Rooms, Settings
from . import lease

log = logging.getLogger("treachery.server.cluster")
LOCATE_WAIT = 5.0  # seconds a client's lookup waits for a room in play that is between owners
CLOSE_MOVED = 1012  # WebSocket "service restart": the room is served elsewhere now; reconnect and resend


@dataclass(frozen=True)
class Remote:
    """A room another process owns: that process's id, read from the room's lease."""

    owner: str


class OwnedRooms(Rooms):
    def __init__(self, store: db.Store, settings: Settings) -> None:
        super().__init__(store, settings)
        self.owner = secrets.token_hex(8)
        self.seconds = settings.owner_lease
        self.held: dict[str, int] = {}  # room -> the epoch this process holds its lease at
        self.loops: list[asyncio.Task[None]] = []
        self.draining = False  # SIGTERM: handing the rooms over; claims nothing more
        # renewals on a thread of their own: never queued behind look-ups, so a busy process keeps its leases
        self.upkeep = ThreadPoolExecutor(1, thread_name_prefix="treachery-lease")
        self.claiming = asyncio.Lock()  # one claim and restore at a time: a room is never restored twice here
        # lobbies counted here for the client that opened them but served elsewhere (left open, or a rematch opened
        # by another owner): room -> that client, until the store says the room started or expired
        self.counted: dict[str, str] = {}
        self.forwarding = False  # what reaches this process for another's room goes there (forward.py, Redis)

    def _holding(self, code: str) -> Callable[[Any], Any] | None:
        if self.settings.proxy_routes_rooms:
            return lease.create_open(code)
        return lease.create(code, self.owner, self.seconds)

    def _inserting(self, row: db.RoomRow) -> Callable[[Any], None]:
        insert, hold = db.insert_room(row), self._holding(row.code)
        assert hold is not None

        def run(connection: Any) -> None:
            insert(connection)
            hold(connection)
        return run

    def _new_room(self, row: db.RoomRow, epoch: int = 1) -> Room:
        self.held[row.code] = epoch
        return Room(row, lease.FencedStore(self.store, row.code, self.owner, epoch), self.settings)

    def _place_new(self, room: Room) -> None:
        if not self.settings.proxy_routes_rooms:
            super()._place_new(room)
            return
        self.held.pop(room.code, None)  # its lease is open: whichever process its players reach claims it
        room.close()
        if room.creator is not None:
            self.count_lobby(room.code, room.creator)

    def count_lobby(self, code: str, client: str) -> None:
        """``client`` opened lobby ``code`` through this process, which does not serve it: ``sweep`` lets go of it
        here once it has started or expired, wherever it is served."""
        self.counted[code] = client

    async def sweep(self) -> int:
        """Idle lobbies held here expire as on one process; lobbies left open that nobody claimed expire too, and the
        lobbies counted here but served elsewhere stop counting once they started or expired."""
        expired = await super().sweep()
        if self.settings.proxy_routes_rooms:
            expired += len(await self._upkeep(lease.expire_unclaimed(self.settings.lobby_idle)))
        if self.counted:
            for code in await self._upkeep(_no_longer_lobbies(list(self.counted))):
                client = self.counted.pop(code)
                if self.lobby_closed is not None:
                    self.lobby_closed(code, client)
        return expired

    async def restore(self) -> int:
        """Nothing at once: the rooms whose lease runs out are claimed as it does (the claim loop)."""
        loop = asyncio.get_running_loop()
        self.loops = [loop.create_task(self._every(self.seconds / 3, self.renew)),
                      loop.create_task(self._every(min(0.5, self.seconds / 4), self.claim))]
        return 0

    async def _every(self, seconds: float, step: Callable[[], Any]) -> None:
        while True:
            try:
                await step()
            except Exception:  # the store did not answer: try again; a lease that runs out meanwhile is lost
                log.exception("lease upkeep failed")
            await asyncio.sleep(seconds)

    async def renew(self) -> None:
        asked = dict(self.held)
        kept = await self._upkeep(lease.renew(self.owner, asked, self.seconds))
        # only what was asked about: a room claimed while the renewal was in flight was not in it, and is not lost
        for code, epoch in asked.items():
            if kept.get(code) != epoch and self.held.get(code) == epoch:
                self.lost(code)

    async def claim(self) -> None:
        for code in await self._upkeep(lease.expired(50)):
            if self.draining:
                return
            await self.claim_one(code)

    async def claim_one(self, code: str) -> Room | None:
        """Claims ``code`` if its lease ran out and restores it by replay: the room, if this process holds it."""
        async with self.claiming:
            if code in self.rooms or self.draining:
                return self.rooms.get(code)
            epoch = await self._upkeep(lease.claim(code, self.owner, self.seconds))
            if epoch is None:
                return None
            rows = await self.store.run(db.load_rooms(codes=[code]))
            await self._restore_rows(rows, {code: epoch})
            if epoch == 1:  # an open lease (a new room left to the process its players reach): no owner before
                metrics.LEASE_MOVES.labels("first").inc()
                log.debug("room %s: served here, the first process asked for it", code)
            else:
                metrics.LEASE_MOVES.labels("claimed").inc()
                log.info("room %s: taken over at epoch %d", code, epoch)
            return self.rooms.get(code)

    async def locate(self, code: str) -> Room | Remote | None:
        """Where ``code`` is served: this process's room (a lapsed lease is claimed now, so a client that
        reconnects after its owner died need not wait for the claim loop), the process owning it, or None. A room in
        play whose lease is changing hands right now (released by a draining owner, claimed by another) is looked
        up again for up to ``LOCATE_WAIT`` seconds rather than called missing."""
        deadline = asyncio.get_running_loop().time() + LOCATE_WAIT
        while True:
            room = self.rooms.get(code)
            if room is not None:
                return room
            found = await asyncio.to_thread(self._direct, _where(code))
            if found is None:
                return None
            status, owner, lapsed = found
            if status == "over" and self.forwarding and not lapsed and owner not in (None, lease.NOBODY, self.owner):
                # its owner keeps it, and its players' connections, until nobody watches: a rematch is opened there,
                # where they are told of it
                return Remote(owner)
            if status not in ("lobby", "playing"):
                return await self.find(code)  # over: any process reads it back (read-only); expired: None
            if owner == self.owner:  # being restored here right now
                async with self.claiming:
                    room = self.rooms.get(code)
            elif owner is None or lapsed:
                room = await self.claim_one(code)
            else:
                return Remote(owner)
            if room is not None:
                return room
            if asyncio.get_running_loop().time() >= deadline:
                return None
            await asyncio.sleep(0.1)  # another process is claiming it, or this one let it go: look again

    async def _upkeep(self, fn: Callable[[Any], Any]) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.upkeep, self._direct, fn)

    def _direct(self, fn: Callable[[Any], Any]) -> Any:
        """Lease upkeep on its own connection, not queued behind the room writes."""
        with self.store.engine.begin() as connection:
            return fn(connection)

    def lost(self, code: str) -> None:
        """Another process holds this room now: its connections here are closed so they reconnect there."""
        self.held.pop(code, None)
        room = self.rooms.pop(code, None)
        if room is None:
            return
        metrics.LEASE_MOVES.labels("lost").inc()
        log.warning("room %s: lease lost; its connections are closed", code)
        for sub in list(room.spectators) + [s for seat in room.seats for s in seat.subscribers]:
            sub.close(CLOSE_MOVED)
        room.close()

    def _evict(self, code: str) -> None:
        super()._evict(code)
        epoch = self.held.get(code)
        if code not in self.rooms and epoch is not None:
            del self.held[code]  # a finished room nobody watches: any process may read it back from now on
            asyncio.get_running_loop().run_in_executor(self.upkeep, self._release_quietly, code, epoch)

    def _release_quietly(self, code: str, epoch: int) -> None:
        with contextlib.suppress(Exception):  # not released: it runs out in a lease's time all the same
            self._direct(lease.release(code, self.owner, epoch))

    async def drain(self) -> int:
        """SIGTERM: claims nothing more and hands every room over at once (its lease released, its connections
        closed with 1012 so they reconnect and the room's next owner serves them); returns how many."""
        self.draining = True
        for task in self.loops:
            task.cancel()
        handed = 0
        for code, epoch in list(self.held.items()):
            room = self.rooms.get(code)
            if room is None:
                continue
            async with room.lock:  # no write in flight: the next owner replays everything that was acknowledged
                with contextlib.suppress(Exception):
                    await asyncio.to_thread(self._direct, lease.release(code, self.owner, epoch))
                self.held.pop(code, None)
                self.rooms.pop(code, None)
                for sub in list(room.spectators) + [s for seat in room.seats for s in seat.subscribers]:
                    sub.close(CLOSE_MOVED)
                room.close()
            metrics.LEASE_MOVES.labels("released").inc()
            handed += 1
        log.info("draining: %d rooms handed over", handed)
        return handed

    def close(self) -> None:
        for task in self.loops:
            task.cancel()
        super().close()
        for code, epoch in list(self.held.items()):  # a stopping process hands its rooms over at once
            with contextlib.suppress(Exception):
                self._direct(lease.release(code, self.owner, epoch))
        self.upkeep.shutdown(wait=False)


def _no_longer_lobbies(codes: list[str]) -> Callable[[Any], list[str]]:
    """Which of ``codes`` have started, expired or gone."""
    def run(connection: Any) -> list[str]:
        lobbies = {str(code) for (code,) in connection.execute(text(
            "SELECT code FROM rooms WHERE status = 'lobby' AND code = ANY(:codes)"), {"codes": codes}).all()}
        return [code for code in codes if code not in lobbies]
    return run


def _where(code: str) -> Callable[[Any], tuple[str, str | None, bool] | None]:
    """A room's status, its lease's owner, and whether that lease has run out (None: no such room)."""
    def run(connection: Any) -> tuple[str, str | None, bool] | None:
        row = connection.execute(text(
            f"SELECT r.status, l.owner, coalesce(l.expires_at < {lease.NOW}, true) FROM rooms r "
            "LEFT JOIN leases l ON l.room = r.code WHERE r.code = :code"), {"code": code}).first()
        return None if row is None else (str(row[0]), row[1], bool(row[2]))
    return run
