"""The Room interface in-process, no network: what a remote owner would serve (submit, subscribe)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import treachery
from treachery.server import Rooms, Settings, Subscriber
from treachery.server import store as db
from treachery.server.protocol import Act, CreateRoom


def test_bot_room_plays_out_then_leaves_memory_and_keeps_its_record(tmp_path: Path) -> None:
    store = db.Store(f"sqlite:///{tmp_path / 'r.db'}")
    store.open()

    async def go() -> str:
        rooms = Rooms(store, Settings(dev=True, keep_finished=0.05))
        room, host = await rooms.create(CreateRoom(game="eat", players=4, seed=3, bots="random"))
        watcher = Subscriber(None)
        room.attach(watcher)
        await room.start(host)
        for _ in range(400):
            if room.status == "over":
                break
            await asyncio.sleep(0.01)
        assert room.status == "over"
        await room.submit(watcher, Act(type="act", decision=1, option=0, cid="x"))
        frames = []
        while not watcher.queue.empty():
            item = watcher.queue.get_nowait()
            frames.append(json.loads(item) if isinstance(item, str) else item)
        assert frames[-1] == {"type": "error", "code": "unauthenticated", "message": "spectators cannot act",
                              "cid": "x"}
        assert any(f.get("over") for f in frames if isinstance(f, dict))
        room.detach(watcher)
        await asyncio.sleep(0.2)
        assert rooms.get(room.code) is None  # finished and unwatched: out of memory
        rooms.close()
        return room.code

    try:
        code = asyncio.run(go())
        record = store.call(db.load_record(code))
    finally:
        store.close()
    assert record is not None and record.pop("status") == "over"
    assert treachery.replay_record(record).over
