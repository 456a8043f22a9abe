"""Durability in-process, on a real SQLite file: a refused write leaves no trace anyone has seen, the game's end
is written with its last action, and a room whose record is finished is restored as over. The store's refusals
are real: a trigger in the database refuses the write, and a job on the store's writer holds a write in flight."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
from pathlib import Path
from typing import Any

import treachery
from treachery.engine import Decision
from treachery.server import Rooms, Settings, Subscriber
from treachery.server import store as db
from treachery.server.protocol import Act, CreateRoom
from treachery.server.room import Room


def _frames(sub: Subscriber) -> list[Any]:
    out = []
    while not sub.queue.empty():
        item = sub.queue.get_nowait()
        out.append(json.loads(item) if isinstance(item, str) else item)
    return out


def _sql(path: Path, statement: str) -> None:
    with sqlite3.connect(path) as connection:
        connection.execute(statement)


async def _until(check: Any, seconds: float = 10) -> None:
    for _ in range(int(seconds / 0.01)):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("timed out")


async def _started_with_an_actor(store: db.Store) -> tuple[Rooms, Room, Decision, Subscriber, dict[str, Any]]:
    """A started 3-seat Killer room, the first pending decision, its seat's connection (its frames so far read) and
    that seat's view before anything is answered."""
    rooms = Rooms(store, Settings(dev=True))
    room, host = await rooms.create(CreateRoom(game="killer", players=3, seed=11))
    for i in range(3):
        await room.join(f"p{i}", None)
    await room.start(host)
    assert room.game is not None
    decision = room.game.pending()[0]
    actor = Subscriber(decision.seat)
    room.attach(actor)
    before = room.game.view(decision.seat)
    _frames(actor)
    return rooms, room, decision, actor, before


def _refused_and_still_open(frames: list[Any], decision: Decision, before: dict[str, Any]) -> None:
    """The actor heard ``unavailable`` for its act, then a whole state as it was before, the decision still open."""
    error, *rest = frames
    assert (error["code"], error["cid"]) == ("unavailable", "c1")
    (state,) = [f for f in rest if f["type"] == "state"]
    assert state["view_reset"] and state["view"] == json.loads(json.dumps(before))
    assert [d["id"] for d in state["decisions"]] == [decision.id]  # still open: answer it again


def test_an_action_in_flight_is_heard_of_by_nobody_and_a_refused_one_is_corrected(tmp_path: Path) -> None:
    """A spectator connecting while an action's write is in flight must not push that action to anyone; the write
    then fails, the actor gets ``unavailable`` and a whole state of the game as it is (the decision still open)."""
    path = tmp_path / "d.db"
    store = db.Store(f"sqlite:///{path}")
    store.open()

    async def go() -> None:
        rooms, room, decision, actor, before = await _started_with_an_actor(store)
        game = room.game
        _sql(path, "CREATE TRIGGER refuse BEFORE INSERT ON actions BEGIN SELECT RAISE(ABORT, 'refused'); END")
        gate = threading.Event()
        store.submit(lambda _connection: gate.wait(10))  # the writer is busy: the action's write waits behind it
        act = asyncio.create_task(room.submit(actor, Act(type="act", decision=decision.id,
                                                         option=decision.options[0]["id"], cid="c1")))
        await _until(lambda: decision.id not in [d.id for d in room.game.pending()] if room.game else False)
        watcher = Subscriber(None)
        room.attach(watcher)  # connects mid-write: it would broadcast the applied, not yet durable, action
        room.detach(watcher)
        late = Subscriber(None)
        room.attach(late)
        assert _frames(actor) == []  # nothing was heard of the action while it was not durable
        assert [f for f in _frames(late) if f.get("type") == "state"] == []
        gate.set()
        await act
        _refused_and_still_open(_frames(actor), decision, before)
        (seen,) = [f for f in _frames(late) if f["type"] == "state"]
        assert room.game is not None and room.game is not game  # the refused action was undone by a replay
        assert seen["view"] == json.loads(json.dumps(room.game.view(None)))
        assert room.actions == 0 and store.call(db.load_record(room.code))["actions"] == []
        rooms.close()

    try:
        asyncio.run(go())
    finally:
        store.close()


def test_a_refused_write_is_undone_even_when_the_store_cannot_be_read_back(tmp_path: Path) -> None:
    """The store refuses the action and then the read of the record too (as a lease-fenced store refuses both):
    the room still undoes the action from what it holds, and the actor gets ``unavailable`` with the decision
    open, not an exception with the refused action left applied in memory."""
    path = tmp_path / "r.db"
    store = db.Store(f"sqlite:///{path}")
    store.open()

    async def go() -> None:
        rooms, room, decision, actor, before = await _started_with_an_actor(store)
        _sql(path, "ALTER TABLE actions RENAME TO actions_away")  # neither the write nor the read back can be done
        await room.submit(actor, Act(type="act", decision=decision.id, option=decision.options[0]["id"], cid="c1"))
        _refused_and_still_open(_frames(actor), decision, before)
        assert room.game is not None and room.game.record()["actions"] == [] and room.actions == 0
        rooms.close()

    try:
        asyncio.run(go())
    finally:
        store.close()


def test_the_last_action_and_the_end_are_one_write(tmp_path: Path) -> None:
    """The database refuses to mark the room over: then the last action is not stored either, so no record ends a
    game its room says is still playing. Once the database takes it, the bot's retry ends the game."""
    path = tmp_path / "end.db"
    store = db.Store(f"sqlite:///{path}")
    store.open()

    async def go() -> str:
        rooms = Rooms(store, Settings(dev=True))
        room, host = await rooms.create(CreateRoom(game="eat", players=4, seed=3, bots="random"))
        _sql(path, "CREATE TRIGGER refuse_end BEFORE UPDATE OF status ON rooms WHEN NEW.status = 'over' "
                   "BEGIN SELECT RAISE(ABORT, 'refused'); END")
        await room.start(host)
        last = -1
        while room.actions != last:  # the bots play until the end is refused (their retries store nothing)
            last = room.actions
            await asyncio.sleep(0.7)
        found = store.call(db.load_record(room.code))
        assert found is not None and found.pop("status") == "playing"
        assert not treachery.replay_record(found).over  # the stored record did not end the game
        assert room.status == "playing"
        _sql(path, "DROP TRIGGER refuse_end")
        await _until(lambda: room.status == "over")
        rooms.close()
        return room.code

    try:
        code = asyncio.run(go())
        found = store.call(db.load_record(code))
    finally:
        store.close()
    assert found is not None and found.pop("status") == "over"
    assert treachery.replay_record(found).over


def test_a_restored_room_whose_record_is_finished_is_over(tmp_path: Path) -> None:
    """What a crash between two commits used to leave: every action stored, the room still playing."""
    path = tmp_path / "restore.db"
    store = db.Store(f"sqlite:///{path}")
    store.open()

    async def play() -> str:
        rooms = Rooms(store, Settings(dev=True))
        room, host = await rooms.create(CreateRoom(game="eat", players=4, seed=5, bots="random"))
        await room.start(host)
        await _until(lambda: room.status == "over")
        rooms.close()
        return room.code

    async def restart(code: str) -> tuple[str | None, bool]:
        rooms = Rooms(store, Settings(dev=True))
        await rooms.restore()
        room = rooms.get(code)
        rooms.close()
        return (room.status if room else None), bool(room and room.game and room.game.over)

    try:
        code = asyncio.run(play())
        _sql(path, f"UPDATE rooms SET status = 'playing', result = NULL WHERE code = '{code}'")
        status, over = asyncio.run(restart(code))
        found = store.call(db.load_record(code))
        rows = store.call(db.load_rooms())
    finally:
        store.close()
    assert (status, over) == ("over", True)
    assert found is not None and found["status"] == "over"
    assert code not in [row.code for row in rows]  # not restored again at the next start
