"""The Redis bus between processes: each process reads one inbox (requests for the rooms it owns) and the frame
channels of its own connections, one channel per connection, read through a single pattern subscription.

Channels:
- ``treachery:inbox:{process}``: what other processes ask of the rooms this process owns (forward.py);
- ``treachery:conn:{process}:{connection}``: the frames for one connection held by ``process``, filtered by the
  owner for that connection's seat alone; also the answer to one forwarded HTTP call.

A publish is awaited before the next one from the same sender, so what one sender publishes to one channel
arrives in order. The pool blocks when it is exhausted (a burst waits for a connection instead of failing).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger("treachery.server.cluster")

PREFIX = "treachery"
FRAMES_SEPARATOR = "\n"  # JSON frames carry no raw newline (control characters are escaped): frames join on it
CLOSE_MARK = "#"  # a line "#1012" in a frame batch: close the connection with that code


def inbox(process: str) -> str:
    return f"{PREFIX}:inbox:{process}"


def conn_channel(process: str, connection: str) -> str:
    return f"{PREFIX}:conn:{process}:{connection}"


def encode_frames(items: list[str | int]) -> str:
    """A batch of queued frames (text) and at most a final close code (int), as one message."""
    return FRAMES_SEPARATOR.join(f"{CLOSE_MARK}{item}" if isinstance(item, int) else item for item in items)


def decode_frames(payload: str) -> list[str | int]:
    return [int(line[1:]) if line.startswith(CLOSE_MARK) else line for line in payload.split(FRAMES_SEPARATOR)]


class Bus:
    """One process's connection to Redis: publish, and hand what arrives to ``on_inbox`` / ``on_conn``."""

    def __init__(self, url: str, process: str, max_connections: int = 64) -> None:
        import redis.asyncio as aioredis  # here: a single process (no --redis) runs without the redis package

        self.process = process
        # Blocking: under load a publish waits up to 10 s for a free connection rather than raising at once
        pool = aioredis.BlockingConnectionPool.from_url(url, max_connections=max_connections, timeout=10,
                                                        decode_responses=True)
        self.redis = aioredis.Redis(connection_pool=pool)
        self.on_inbox: Callable[[str], None] = lambda _payload: None
        self.on_conn: Callable[[str, str], None] = lambda _connection, _payload: None
        self.reader: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()

    async def start(self) -> None:
        await self.redis.ping()  # a wrong URL fails the start-up, not the first forwarded act
        self.reader = asyncio.get_running_loop().create_task(self._read_forever())
        await asyncio.wait_for(self.ready.wait(), 10)

    async def publish(self, channel: str, payload: str) -> int:
        """How many subscribers got it: 0 means the process behind that channel is gone."""
        return int(await self.redis.publish(channel, payload))

    async def _read_forever(self) -> None:
        mine, pattern = inbox(self.process), conn_channel(self.process, "*")
        prefix = pattern[:-1]
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(mine)
                await pubsub.psubscribe(pattern)
                self.ready.set()
                async for message in pubsub.listen():
                    self._dispatch(message, mine, prefix)
            except asyncio.CancelledError:
                raise
            except Exception:  # Redis went away: subscribe again (what was published meanwhile is lost)
                log.exception("the Redis subscription failed; subscribing again")
                await asyncio.sleep(0.5)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    def _dispatch(self, message: dict[str, Any], mine: str, prefix: str) -> None:
        try:
            channel, data = message.get("channel"), message.get("data")
            if not isinstance(channel, str) or not isinstance(data, str):
                return
            if channel == mine:
                self.on_inbox(data)
            elif channel.startswith(prefix):
                self.on_conn(channel[len(prefix):], data)
        except Exception:  # one bad message harms no other
            log.exception("a message from Redis could not be handled")

    async def close(self) -> None:
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(BaseException):
                await self.reader
        with contextlib.suppress(Exception):
            await self.redis.aclose()
            await self.redis.connection_pool.disconnect()
