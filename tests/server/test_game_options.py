"""Declared options over the server: /api/games lists them, and options only a --dev server accepts are refused
elsewhere with one line naming them."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import treachery
from treachery.server import Rooms, Settings
from treachery.server import store as db
from treachery.server.protocol import CreateRoom
from treachery.server.room import RoomError

from .conftest import Server


def test_api_games_serves_each_games_declared_options(server: Server) -> None:
    status, listed = server.api("GET", "/api/games")
    assert status == 200 and [g["id"] for g in listed] == treachery.games()
    for entry in listed:
        declared = treachery.game_class(entry["id"]).declared_options
        assert entry["options"] == [o.to_dict() for o in declared]  # this test server runs with --dev


def test_a_host_may_not_set_a_dev_option_and_bad_options_are_refused(tmp_path: Path) -> None:
    store = db.Store(f"sqlite:///{tmp_path / 'r.db'}")
    store.open()

    async def go() -> None:
        rooms = Rooms(store, Settings(dev=False))
        for name in treachery.games():
            cls = treachery.game_class(name)
            players = cls.min_players
            for option in cls.declared_options:
                if option.setter == "dev":
                    with pytest.raises(RoomError, match=f"option {option.key} is accepted only by a server started "
                                                        "with --dev") as refused:
                        await rooms.create(CreateRoom(game=name, players=players, options={option.key: "x.toml"}))
                    assert refused.value.status == 403
            with pytest.raises(RoomError, match="unknown option") as refused:
                await rooms.create(CreateRoom(game=name, players=players, options={"nope": True}))
            assert refused.value.status == 422
        assert rooms.rooms == {}  # nothing was created
        rooms.close()

    try:
        asyncio.run(go())
    finally:
        store.close()
