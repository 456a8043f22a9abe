"""Whole games of every registered game played through the protocol by bot clients, against a real server."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

import treachery
from treachery.server.protocol import State

from .conftest import Player, Server, api, apply_state, make_room, play_all, reference, start

LANDED = [(name, min(max(5, treachery.game_class(name).min_players), treachery.game_class(name).max_players))
          for name in treachery.games()]  # every registered game, a fixture game kept with the tests included


@pytest.mark.parametrize(("game", "players"), LANDED)
def test_whole_game_by_bot_clients_matches_the_engine(server: Server, game: str, players: int) -> None:
    humans = 3
    seed = 1000 + players
    code, host, tokens = make_room(server, game, players, humans, seed=seed)
    clients = [Player(server.ws(code), tokens[s], s) for s in range(humans)]

    async def go() -> list[Player]:
        task = asyncio.ensure_future(play_all(clients))
        await asyncio.sleep(0.2)  # everyone connected before the start
        start(server, code, host)
        return await task

    done = asyncio.run(go())
    expected = reference(game, players, seed, humans)
    with_parts = with_targets = 0
    for player in done:
        assert player.final is not None, f"seat {player.seat} never saw the end"
        assert player.final["result"] == json.loads(json.dumps(expected.result()))
        assert player.views[-1] == json.loads(json.dumps(expected.view(player.seat)))
        for frame in player.frames:
            if frame["type"] == "state":
                State.model_validate(frame)
                assert all(d["options"] for d in frame["decisions"])
                for d in frame["decisions"]:  # a combined choice's parts: for its own options, each with parts
                    if "parts" in d:
                        with_parts += 1
                        assert sorted(int(k) for k in d["parts"]) == sorted(o["id"] for o in d["options"])
                        assert any(len(p) > 1 for p in d["parts"].values())
                    if "targets" in d:  # what the board answers: only this seat's own options, one element each
                        with_targets += 1
                        assert {int(k) for k in d["targets"]} <= {o["id"] for o in d["options"]}
                        named = [(t["kind"], t["value"]) for t in d["targets"].values()]
                        assert named and len(set(named)) == len(named)
    # the engine declares parts for these games' combined choices (tests/<game>/test_option_parts.py)
    assert with_parts > 0 or game not in ("eat", "menace")
    # these deals ask their people to pick a seat or a slot (this Eat deal never does: tests/engine/test_targets.py)
    assert with_targets > 0 or game not in ("killer", "menace", "guest")
    status, record = server.api("GET", f"/api/rooms/{code}/record")
    assert status == 200 and record["seed"] == seed
    replayed = treachery.replay_record(record)
    assert replayed.over and replayed.result() == expected.result()


def test_a_seat_sees_only_its_own_decisions_never_who_answered(server: Server) -> None:
    """Menace opens with a simultaneous character choice: each seat is shown its own decision, and after
    answering it is sent nothing until everyone has answered (its next frame is the resolved state)."""
    code, host, tokens = make_room(server, "menace", 4, 4, seed=5)

    async def go() -> list[list[dict[str, Any]]]:
        import websockets

        conns = []
        for s in range(4):
            ws = await websockets.connect(server.ws(code))
            await ws.send(json.dumps({"type": "hello", "token": tokens[s]}))
            conns.append(ws)
        start(server, code, host)
        frames: list[list[dict[str, Any]]] = [[] for _ in range(4)]

        async def until_state(s: int) -> dict[str, Any]:
            while True:
                frame = json.loads(await asyncio.wait_for(conns[s].recv(), 10))
                frames[s].append(frame)
                if frame["type"] == "state":
                    return frame

        firsts = [await until_state(s) for s in range(4)]
        for first in firsts:
            assert len(first["decisions"]) == 1
            assert first["decisions"][0]["seat"] == first["seat"]  # only ever the recipient's own
        # seats 0..2 answer; seat 3 must see no frame at all until it answers too
        for s in range(3):
            d = firsts[s]["decisions"][0]
            await conns[s].send(json.dumps({"type": "act", "decision": d["id"], "option": d["options"][0]["id"],
                                            "cid": f"c{s}"}))
            ack = json.loads(await asyncio.wait_for(conns[s].recv(), 10))
            assert ack["type"] == "ack", ack
            mine = await until_state(s)
            assert mine["decisions"] == []
        with pytest.raises(asyncio.TimeoutError):
            await asyncio.wait_for(conns[3].recv(), 0.5)
        d = firsts[3]["decisions"][0]
        await conns[3].send(json.dumps({"type": "act", "decision": d["id"], "option": d["options"][0]["id"],
                                        "cid": "c3"}))
        for ws in conns:
            await ws.close()
        return frames

    asyncio.run(go())


def _hidden_codes(game: treachery.Game, seat: int) -> set[str]:
    """Card codes in other seats' hands (Killer), which the seat's frames must never carry."""
    codes: set[str] = set()
    for other in range(game.players):
        if other != seat:
            codes.update(game.view(other).get("hand", []))
    return codes - set(game.view(seat).get("hand", []))


def test_killer_canary_no_frame_carries_what_the_seat_may_not_see(server: Server) -> None:
    """Every frame's view is exactly the engine's view for that seat at some point of the game (in order), and the
    first frame carries no card of another hand and no hidden Hunting Row slot's location."""
    players, seed = 5, 4242
    code, host, tokens = make_room(server, "killer", players, players, seed=seed)
    spectator_frames: list[dict[str, Any]] = []

    async def go() -> list[Player]:
        from .conftest import hello

        clients = [Player(server.ws(code), tokens[s], s) for s in range(players)]
        task = asyncio.ensure_future(play_all(clients))
        ws, _ = await hello(server.ws(code), None)
        await asyncio.sleep(0.2)
        start(server, code, host)
        done = await task
        with __import__("contextlib").suppress(asyncio.TimeoutError):
            while True:
                spectator_frames.append(json.loads(await asyncio.wait_for(ws.recv(), 0.5)))
        await ws.close()
        return done

    done = asyncio.run(go())
    status, record = api(server.http, "GET", f"/api/rooms/{code}/record")
    assert status == 200
    game = treachery.new_game("killer", players, seed)
    views: dict[int | None, list[str]] = {s: [] for s in [*range(players), None]}

    def snapshot() -> None:
        for s in views:
            views[s].append(json.dumps(game.view(s), sort_keys=True))

    snapshot()
    first_secrets = {s: _hidden_codes(game, s) for s in range(players)}
    for seat, option in record["actions"]:
        game.act(seat, option)
        snapshot()
    for player in done:
        text = json.dumps(player.views[0])
        for marker in first_secrets[player.seat]:
            assert f'"{marker}"' not in text.replace(f'"code": "{marker}"', ""), (player.seat, marker)
        _check_views_in_order(player.views, views[player.seat], player.seat)
    spectator_views: list[dict[str, Any]] = []
    for frame in spectator_frames:
        if frame["type"] == "state":
            spectator_views.append(apply_state(spectator_views[-1] if spectator_views else {}, frame))
    _check_views_in_order(spectator_views, views[None], None)


def _check_views_in_order(seen: list[dict[str, Any]], allowed: list[str], seat: int | None) -> None:
    at = 0
    for view in seen:
        wanted = json.dumps(view, sort_keys=True)
        while at < len(allowed) and allowed[at] != wanted:
            at += 1
        assert at < len(allowed), f"seat {seat} was sent a view the engine never showed it"
