"""The store on SQLite and (when it answers on 127.0.0.1:5432) PostgreSQL: migrations, rooms, seats, actions."""

from __future__ import annotations

import time

import pytest
from sqlalchemy.exc import IntegrityError

import treachery
from treachery.server import store as db


def _row(code: str) -> db.RoomRow:
    return db.RoomRow(code=code, game="killer", players=3, seed=2**61 + 5, options={"a": [1, 2]}, setup=None,
                      bots="heuristic", host_hash="h" * 64, status="lobby", decision_seconds=None,
                      takeover_seconds=2.5, created_at=time.time())


def test_store_round_trip_and_restore_by_replay(db_url: str) -> None:
    store = db.Store(db_url)
    store.open()
    try:
        store.call(db.insert_room(_row("r1")))
        store.call(db.insert_room(_row("r2")))
        store.call(db.set_seat("r1", 0, "Ann", "t" * 64, False))
        store.call(db.start_room("r1", [1, 2]))
        game = treachery.new_game("killer", 3, 2**61 + 5, {}, None)
        futures = []
        n = 0
        while not game.over and n < 12:  # many writes queued at once: committed together, in order
            d = game.pending()[0]
            option = d.options[0]["id"]
            futures.append(store.submit(db.append_action("r1", n, d.seat, option, d.id, f"c{n}", "seat")))
            game.act(d.seat, option)
            n += 1
        for future in futures:
            future.result(10)
        with pytest.raises(IntegrityError):  # one action per (seat, cid)
            store.call(db.append_action("r1", n, game.record()["actions"][0][0], 0, 999, "c0", "seat"))
        store.call(db.set_status("r2", "over", {"winners": [1]}))
    finally:
        store.close()
    again = db.Store(db_url)
    again.open()  # migrations are idempotent
    try:
        (row,) = again.call(db.load_rooms())
        assert row.code == "r1" and row.status == "playing" and row.seed == 2**61 + 5
        assert [s["bot"] for s in row.seats] == [0, 1, 1] and row.seats[0]["name"] == "Ann"
        assert [a["n"] for a in row.actions] == list(range(n)) and row.actions[0]["cid"] == "c0"
        record = again.call(db.load_record("r1"))
        assert record is not None and record["actions"] == [list(a) for a in game.record()["actions"]]
        assert again.call(db.load_record("nope")) is None
    finally:
        again.close()


def test_engine_url_uses_psycopg_for_postgresql() -> None:
    assert db.engine_url("postgresql://u@h/d") == "postgresql+psycopg://u@h/d"
    assert db.engine_url("sqlite:///x.db") == "sqlite:///x.db"
