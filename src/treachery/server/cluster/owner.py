"""The rooms of one of several processes sharing a PostgreSQL: each room is served by the process holding its
lease (lease.py). This process creates rooms with a lease, renews the leases it holds, claims and restores by
replay the rooms whose lease ran out (their owner died or stalled), drops a room whose lease it lost, and gives
its rooms up when it stops. Clients must reach the owning process: forwarding between processes is not built."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from .. import store as db
from ..room import Room, Rooms, Settings
from . import lease

log = logging.getLogger("treachery.server.cluster")
CLOSE_MOVED = 1012  # WebSocket "service restart": the room moved to another process; reconnect and resend


class OwnedRooms(Rooms):
    def __init__(self, store: db.Store, settings: Settings) -> None:
        super().__init__(store, settings)
        self.owner = secrets.token_hex(8)
        self.seconds = settings.owner_lease
        self.held: dict[str, int] = {}  # room -> the epoch this process holds its lease at
        self.loops: list[asyncio.Task[None]] = []
        # renewals on a thread of their own: never queued behind other work, so a busy process keeps its leases
        self.upkeep = ThreadPoolExecutor(1, thread_name_prefix="treachery-lease")

    def _inserting(self, row: db.RoomRow) -> Callable[[Any], None]:
        insert, hold = db.insert_room(row), lease.create(row.code, self.owner, self.seconds)

        def run(connection: Any) -> None:
            insert(connection)
            hold(connection)
        return run

    def _new_room(self, row: db.RoomRow, epoch: int = 1) -> Room:
        self.held[row.code] = epoch
        return Room(row, lease.FencedStore(self.store, row.code, self.owner, epoch), self.settings)

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
        kept = await self._upkeep(lease.renew(self.owner, dict(self.held), self.seconds))
        for code in [c for c in self.held if c not in kept]:
            self.lost(code)

    async def claim(self) -> None:
        for code in await self._upkeep(lease.expired(50)):
            if code in self.rooms:
                continue
            epoch = await self._upkeep(lease.claim(code, self.owner, self.seconds))
            if epoch is None:
                continue
            rows = await self.store.run(db.load_rooms(codes=[code]))
            await self._restore_rows(rows, {code: epoch})
            log.info("room %s: taken over at epoch %d", code, epoch)

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
        log.warning("room %s: lease lost; its connections are closed", code)
        for sub in list(room.spectators) + [s for seat in room.seats for s in seat.subscribers]:
            sub.close(CLOSE_MOVED)
        room.close()

    def _evict(self, code: str) -> None:
        super()._evict(code)
        if code not in self.rooms:
            self.held.pop(code, None)

    def close(self) -> None:
        for task in self.loops:
            task.cancel()
        super().close()
        for code, epoch in list(self.held.items()):  # a stopping process hands its rooms over at once
            with contextlib.suppress(Exception):
                self._direct(lease.release(code, self.owner, epoch))
        self.upkeep.shutdown(wait=False)
