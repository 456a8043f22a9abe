"""The Redis bus between processes: each process reads one inbox (requests for the rooms it owns) and the frame
channels of its own connections, one channel per connection, read through a single pattern subscription.

Channels:
- ``treachery:inbox:{process}``: what other processes ask of the rooms this process owns (forward.py);
- ``treachery:frames:{process}``: frames for connections held by ``process``, several connections in one message
  (``encode_batches``), each connection's frames built by the owner for that connection's seat alone;
- ``treachery:conn:{process}:{connection}``: the frames for one connection held by ``process`` (what an owner sends
  a relay that did not say it reads batches: a process of the previous version, during a rolling upgrade), a
  refusal of one connection, or the answer to one forwarded HTTP call.

Publishes go out in the order they were made (``Bus.publish``), so what one sender publishes to one channel
arrives in order. The pool blocks when it is exhausted (a burst waits for a connection instead of failing).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterator
from typing import Any

log = logging.getLogger("treachery.server.cluster")

PREFIX = "treachery"
FRAMES_SEPARATOR = "\n"  # JSON frames carry no raw newline (control characters are escaped): frames join on it
CLOSE_MARK = "#"  # a line "#1012" in a frame batch: close the connection with that code
CONNECTION_MARK = "@"  # a line "@{connection}" in a batch of several connections: the lines after it are its own


def inbox(process: str) -> str:
    return f"{PREFIX}:inbox:{process}"


def conn_channel(process: str, connection: str) -> str:
    return f"{PREFIX}:conn:{process}:{connection}"


def frames_channel(process: str) -> str:
    return f"{PREFIX}:frames:{process}"


def encode_frames(items: list[str | int]) -> str:
    """A batch of queued frames (text) and at most a final close code (int), as one message."""
    return FRAMES_SEPARATOR.join(f"{CLOSE_MARK}{item}" if isinstance(item, int) else item for item in items)


def decode_frames(payload: str) -> list[str | int]:
    return [int(line[1:]) if line.startswith(CLOSE_MARK) else line for line in payload.split(FRAMES_SEPARATOR)]


def encode_batches(batches: list[tuple[str, list[str | int]]]) -> str:
    """The queued frames of several connections of one process, as one message: for each connection a line
    "@{connection}", then its batch as ``encode_frames`` writes it (a frame is a JSON object: it starts with "{")."""
    return FRAMES_SEPARATOR.join(f"{CONNECTION_MARK}{connection}{FRAMES_SEPARATOR}{encode_frames(items)}"
                                 for connection, items in batches)


def decode_batches(payload: str) -> Iterator[tuple[str, list[str | int]]]:
    connection: str | None = None
    items: list[str | int] = []
    for line in payload.split(FRAMES_SEPARATOR):
        if line.startswith(CONNECTION_MARK):
            if connection is not None:
                yield connection, items
            connection, items = line[1:], []
        else:
            items.append(int(line[1:]) if line.startswith(CLOSE_MARK) else line)
    if connection is not None:
        yield connection, items


class Bus:
    """One process's connection to Redis: publish, and hand what arrives to ``on_inbox`` / ``on_frames`` /
    ``on_conn``."""

    def __init__(self, url: str, process: str, max_connections: int = 64) -> None:
        import redis.asyncio as aioredis  # here: a single process (no --redis) runs without the redis package

        self.process = process
        # Blocking: under load a publish waits up to 10 s for a free connection rather than raising at once
        pool = aioredis.BlockingConnectionPool.from_url(url, max_connections=max_connections, timeout=10,
                                                        decode_responses=True)
        self.redis = aioredis.Redis(connection_pool=pool)
        self.on_inbox: Callable[[str], None] = lambda _payload: None
        self.on_frames: Callable[[str], None] = lambda _payload: None
        self.on_conn: Callable[[str, str], None] = lambda _connection, _payload: None
        self.reader: asyncio.Task[None] | None = None
        self.outgoing: list[tuple[str, str, asyncio.Future[int]]] = []  # publishes not sent yet, in order
        self.sender: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()

    async def start(self) -> None:
        await self.redis.ping()  # a wrong URL fails the start-up, not the first forwarded act
        self.reader = asyncio.get_running_loop().create_task(self._read_forever())
        await asyncio.wait_for(self.ready.wait(), 10)

    async def publish(self, channel: str, payload: str) -> int:
        """How many subscribers got it: 0 means the process behind that channel is gone.

        The publishes made while others are in flight go out together, in the order they were made, in one
        pipeline: one connection taken from the pool and one round trip for all of them (taking a pool connection
        costs the client more CPU than the command itself)."""
        heard: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.outgoing.append((channel, payload, heard))
        if self.sender is None:
            self.sender = asyncio.get_running_loop().create_task(self._send_outgoing())
        return await heard

    async def _send_outgoing(self) -> None:
        try:
            while self.outgoing:
                batch, self.outgoing = self.outgoing, []
                try:
                    if len(batch) == 1:
                        counts = [await self.redis.publish(batch[0][0], batch[0][1])]
                    else:
                        pipe = self.redis.pipeline(transaction=False)
                        for channel, payload, _ in batch:
                            pipe.publish(channel, payload)
                        counts = await pipe.execute()
                except Exception as error:  # each of these publishers hears of it
                    for _, _, heard in batch:
                        if not heard.done():
                            heard.set_exception(error)
                    continue
                except BaseException:  # cancelled: the bus is closing; nothing waits for an answer that never comes
                    for _, _, heard in batch + self.outgoing:
                        if not heard.done():
                            heard.set_exception(ConnectionError("the Redis bus is closing"))
                    self.outgoing = []
                    raise
                for (_, _, heard), count in zip(batch, counts, strict=True):
                    if not heard.done():  # not if that publisher was cancelled meanwhile
                        heard.set_result(int(count))
        finally:
            self.sender = None

    async def _read_forever(self) -> None:
        mine, frames, pattern = inbox(self.process), frames_channel(self.process), conn_channel(self.process, "*")
        prefix = pattern[:-1]
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(mine, frames)
                await pubsub.psubscribe(pattern)
                self.ready.set()
                async for message in pubsub.listen():
                    self._dispatch(message, mine, frames, prefix)
            except asyncio.CancelledError:
                raise
            except Exception:  # Redis went away: subscribe again (what was published meanwhile is lost)
                log.exception("the Redis subscription failed; subscribing again")
                await asyncio.sleep(0.5)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    def _dispatch(self, message: dict[str, Any], mine: str, frames: str, prefix: str) -> None:
        try:
            channel, data = message.get("channel"), message.get("data")
            if not isinstance(channel, str) or not isinstance(data, str):
                return
            if channel == frames:
                self.on_frames(data)
            elif channel == mine:
                self.on_inbox(data)
            elif channel.startswith(prefix):
                self.on_conn(channel[len(prefix):], data)
        except Exception:  # one bad message harms no other
            log.exception("a message from Redis could not be handled")

    async def close(self) -> None:
        if self.sender is not None:
            self.sender.cancel()
        if self.reader is not None:
            self.reader.cancel()
            with contextlib.suppress(BaseException):
                await self.reader
        with contextlib.suppress(Exception):
            await self.redis.aclose()
            await self.redis.connection_pool.disconnect()
