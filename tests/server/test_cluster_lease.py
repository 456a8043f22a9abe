"""Room leases on the real PostgreSQL: one owner at a time, claims only after expiry, and fenced writes."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator

import pytest

from treachery.server import store as db
from treachery.server.cluster import lease
from treachery.server.room import token_hash

from .conftest import pg_available, scratch_pg

pytestmark = pytest.mark.skipif(not pg_available(), reason="no PostgreSQL on 127.0.0.1:5432")


@pytest.fixture(scope="module")
def store() -> Iterator[db.Store]:
    with scratch_pg() as url:
        s = db.Store(url)
        s.open()  # the migrations, 0004's leases table included
        try:
            yield s
        finally:
            s.close()


def _room(store: db.Store, owner: str, seconds: float) -> str:
    code = f"r{time.monotonic_ns()}"
    row = db.RoomRow(code=code, game="killer", players=6, seed=1, options={}, setup=None, bots="random",
                     host_hash=token_hash("h"), status="playing", decision_seconds=None, takeover_seconds=None,
                     created_at=time.time())
    insert = db.insert_room(row)
    store.call(lambda c: (insert(c), lease.create(code, owner, seconds)(c))[1])
    return code


def _actions(store: db.Store, code: str) -> list[tuple[int, str | None]]:
    from sqlalchemy import select
    return [tuple(r) for r in store.call(lambda c: c.execute(  # type: ignore[misc]
        select(db.actions.c.n, db.actions.c.cid).where(db.actions.c.room == code).order_by(db.actions.c.n)).all())]


def test_a_held_lease_cannot_be_claimed(store: db.Store) -> None:
    code = _room(store, "A", 60)
    assert store.call(lease.claim(code, "B", 60)) is None
    assert store.call(lease.renew("A", {code: 1}, 60)) == {code: 1}


def test_a_lost_lease_fences_the_old_owner(store: db.Store) -> None:
    code = _room(store, "A", 0)  # run out at once: as if A had stopped renewing
    old = lease.FencedStore(store, code, "A", 1)
    asyncio.run(old.run(db.append_action(code, 0, 0, 1, 1, "a-1", "seat")))  # nobody claimed it yet: A may write
    assert store.call(lease.claim(code, "B", 60)) == 2
    with pytest.raises(lease.Fenced):  # A comes back from a stall and writes: refused, nothing written
        asyncio.run(old.run(db.append_action(code, 1, 0, 2, 2, "a-2", "seat")))
    assert store.call(lease.renew("A", {code: 1}, 60)) == {}  # ... and A learns it lost the room
    new = lease.FencedStore(store, code, "B", 2)
    asyncio.run(new.run(db.append_action(code, 1, 1, 3, 2, "b-2", "seat")))
    assert _actions(store, code) == [(0, "a-1"), (1, "b-2")]


def test_a_claim_skips_a_lease_locked_by_a_write_in_flight(store: db.Store) -> None:
    """A writer that stalls mid-transaction holds the lease row; a claim passes it by instead of waiting on it,
    and succeeds once the writer's transaction has ended."""
    code = _room(store, "A", 0)
    with store.engine.connect() as writer:
        writer.begin()
        lease.fenced(code, "A", 1, lambda c: None)(writer)  # the row is locked FOR SHARE, not committed
        assert store.call(lease.claim(code, "B", 60)) is None
        writer.rollback()
    assert store.call(lease.claim(code, "B", 60)) == 2
    assert code not in store.call(lease.expired(1000))


def test_release_lets_the_next_claim_in_at_once(store: db.Store) -> None:
    code = _room(store, "A", 60)
    assert store.call(lease.release(code, "B", 1)) is False  # only the holder may release
    assert store.call(lease.release(code, "A", 1)) is True
    assert code in store.call(lease.expired(1000))
    assert store.call(lease.claim(code, "B", 60)) == 2


def test_renewal_keeps_only_the_rooms_the_process_still_holds(store: db.Store) -> None:
    """A process renews the rooms it holds in memory, not every lease in its name: a room it dropped (e.g. one it
    believed lost while a claim of it was in flight) runs out, and another process can claim it."""
    dropped, kept = _room(store, "A", 0.2), _room(store, "A", 60)
    time.sleep(0.3)  # ``dropped`` has run out
    assert store.call(lease.renew("A", {kept: 1}, 60)) == {kept: 1}
    assert store.call(lease.claim(dropped, "B", 60)) == 2  # not kept alive by A's renewal
    assert store.call(lease.renew("A", {}, 60)) == {}


def test_a_group_commit_checks_every_lease_in_one_query_and_refuses_only_the_fenced_writes(store: db.Store) -> None:
    """Writes queued together commit together: their leases are checked with one query (not one a write); a write
    whose lease is lost is refused with Fenced and the others of its batch are written."""
    from sqlalchemy import event

    held, lost = _room(store, "A", 60), _room(store, "A", 0)
    assert store.call(lease.claim(lost, "B", 60)) == 2  # A lost this one
    checks: list[str] = []

    def count(_conn: object, _cursor: object, statement: str, *_: object) -> None:
        if "FROM leases" in statement:
            checks.append(statement)

    gate = threading.Event()
    store.submit(lambda _connection: gate.wait(10))  # the writer is busy: the next writes queue up behind it
    event.listen(store.engine, "before_cursor_execute", count)
    try:
        writes = [store.submit(lease.fenced(code, "A", 1, db.append_action(code, n, 0, 1, 1, f"{code}-{n}", "seat")))
                  for code, n in ((held, 0), (lost, 0), (held, 1))]
        gate.set()
        assert writes[0].result(10) is None and writes[2].result(10) is None
        with pytest.raises(lease.Fenced):
            writes[1].result(10)
    finally:
        event.remove(store.engine, "before_cursor_execute", count)
    assert len(checks) == 1  # one lease check for the whole batch
    assert _actions(store, held) == [(0, f"{held}-0"), (1, f"{held}-1")] and _actions(store, lost) == []


def test_a_room_between_owners_is_looked_up_again_not_called_missing(store: db.Store,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A client reconnecting while a draining owner hands its room over (the lease released, the claim by another
    process not yet in) is sent to the new owner once it holds the room, not told the room does not exist; with no
    owner in sight for ``LOCATE_WAIT`` the lookup gives up."""
    from treachery.server.cluster import owner as cluster
    from treachery.server.room import Settings

    monkeypatch.setattr(cluster, "LOCATE_WAIT", 1.0)
    moving, abandoned = _room(store, "draining", 30), _room(store, "draining", 30)
    for code in (moving, abandoned):
        assert store.call(lease.release(code, "draining", 1))

    async def look() -> tuple[object, float, object]:
        here = cluster.OwnedRooms(store, Settings(owner_lease=30))
        here.draining = True  # claims nothing itself, as a process that is handing its rooms over
        try:
            began = time.monotonic()
            lookup = asyncio.ensure_future(here.locate(moving))
            await asyncio.sleep(0.3)
            assert not lookup.done()  # still looking, not "no such room"
            assert await asyncio.to_thread(store.call, lease.claim(moving, "taker", 30)) == 2
            found = await lookup
            waited = time.monotonic() - began
            return found, waited, await here.locate(abandoned)
        finally:
            here.upkeep.shutdown()

    found, waited, gone = asyncio.run(look())
    assert found == cluster.Remote("taker") and waited >= 0.3
    assert gone is None
