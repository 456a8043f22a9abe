"""A searching bot (Killer's and Eat's `best`) thinks for up to a few hundred milliseconds a decision: the room lets
the event loop serve everyone else between the bits of its search, and plays the moves the same bots play
anywhere else."""

from __future__ import annotations

import asyncio
from pathlib import Path

import treachery
from treachery.bots.base import ask
from treachery.server import Rooms, Settings
from treachery.server import store as db
from treachery.server.protocol import CreateRoom
from treachery.sim import resolve_bot_kind, seat_bots


def test_a_searching_bot_lets_the_event_loop_run_while_it_thinks_and_plays_as_it_would_anywhere(
        tmp_path: Path) -> None:
    async def scenario() -> tuple[int, list[list[int]]]:
        store = db.Store(f"sqlite:///{tmp_path / 'r.db'}")
        store.open()
        rooms = Rooms(store, Settings(dev=True))
        room, host = await rooms.create(CreateRoom(game="killer", players=4, seed=5))
        assert room.row.bots == "best"
        await room.start(host)  # nobody joined: bots in every seat
        ticks_while_thinking = 0
        while room.actions < 12:  # two rounds or so: two searched first cards a round at least
            await asyncio.sleep(0.001)  # another coroutine on the same loop: it runs while a bot thinks
            ticks_while_thinking += room.thinking is not None
        assert room.game is not None
        actions = [[a[0], a[1]] for a in room.game.record()["actions"]]
        rooms.close()
        store.close()
        return ticks_while_thinking, actions

    ticks, actions = asyncio.run(asyncio.wait_for(scenario(), 120))
    assert ticks > 0  # the loop ran while a bot was deciding, not only between decisions
    game = treachery.new_game("killer", 4, 5)
    bots = seat_bots("killer", resolve_bot_kind("killer", None), 4, 5)
    while len(game.record()["actions"]) < len(actions):
        decision = game.pending()[0]
        game.act(decision.seat, ask(bots[decision.seat], game, decision.seat, decision)["id"])
    assert [[a[0], a[1]] for a in game.record()["actions"]] == actions
