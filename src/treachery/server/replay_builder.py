"""Replays are built off the event loop, in one worker process, one at a time, and kept in a cache bounded in bytes.

A long game's replay takes the better part of a second of CPU to build. Built in the server's own process (even
on a thread, which shares the interpreter lock) it slows every room; built here, it costs the rooms nothing but a
core's share. Each (room, viewer) is built once however many ask at the same time; finished games never change,
so a built replay is kept until the cache needs room. When more builds are waiting than ``queue`` allows, a new
one is refused (``rate_limited``) rather than queued without end.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from . import replay as replays
from .room import RoomError

Key = tuple[str, int | str]


class ReplayBuilder:
    def __init__(self, cache_bytes: int, queue: int) -> None:
        self.cache_bytes, self.queue = cache_bytes, queue
        self.cache: OrderedDict[Key, bytes] = OrderedDict()
        self.size = 0
        self.building: dict[Key, asyncio.Future[bytes]] = {}
        self.pool: ProcessPoolExecutor | None = None

    async def get(self, key: Key, record: dict[str, Any], names: list[str | None]) -> bytes:
        """The gzipped replay of ``key`` = (room, viewer), built from ``record`` unless it is cached."""
        if key in self.cache:
            self.cache.move_to_end(key)
            return self.cache[key]
        if key not in self.building:
            if len(self.building) >= self.queue:
                raise RoomError("rate_limited", "the server is building many replays; try again in a few seconds",
                                429, retry_after=5)
            if self.pool is None:  # spawn: a fresh interpreter, not a fork of one running an event loop and threads
                self.pool = ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
            future = asyncio.get_running_loop().run_in_executor(self.pool, replays.gzipped, key[0], record, names,
                                                                key[1])
            self.building[key] = future
            future.add_done_callback(lambda done: self._built(key, done))
        return await asyncio.shield(self.building[key])

    def _built(self, key: Key, done: asyncio.Future[bytes]) -> None:
        self.building.pop(key, None)
        if done.cancelled() or done.exception() is not None:
            return
        body = done.result()
        if len(body) > self.cache_bytes:
            return
        self.cache[key] = body
        self.size += len(body)
        while self.size > self.cache_bytes:
            _, dropped = self.cache.popitem(last=False)
            self.size -= len(dropped)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            self.pool = None
