"""Step-by-step replays of finished games over HTTP: as each seat, as a spectator, all revealed; refused before the
end, for an unknown room and for a bad ``as``; and a seat's replay never carries another seat's hidden cards."""

from __future__ import annotations

import asyncio
import gzip
import json
import time
import urllib.request
from typing import Any

import treachery

from .conftest import Server, hello, make_room, recv, start


def _finished_room(server: Server, game: str, players: int, seed: int) -> str:
    """A game played to its end by the server's own bots (nobody took a seat)."""
    code, host, _ = make_room(server, game, players, 0, seed=seed)
    start(server, code, host)
    deadline = time.monotonic() + 60
    while server.api("GET", f"/api/rooms/{code}")[1]["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    return code


def _same(value: Any) -> Any:
    return json.loads(json.dumps(value, default=str))


def _hand_codes(game: treachery.Game, seat: int) -> set[str]:
    """Killer cards in other seats' hands that ``seat`` cannot see now."""
    others = {c for s in range(game.players) if s != seat for c in game.view(s).get("hand", [])}
    return others - set(game.view(seat).get("hand", []))


def test_replays_as_each_seat_as_spectator_and_all_revealed(server: Server) -> None:
    players, seed = 4, 606
    code = _finished_room(server, "killer", players, seed)
    status, record = server.api("GET", f"/api/rooms/{code}/record")
    assert status == 200
    replays = {}
    for who in [*map(str, range(players)), "spectator", "all"]:
        status, body = server.api("GET", f"/api/rooms/{code}/replay?as={who}")
        assert status == 200, body
        replays[who] = body
    assert server.api("GET", f"/api/rooms/{code}/replay")[1] == replays["spectator"]
    request = urllib.request.Request(f"{server.http}/api/rooms/{code}/replay?as=all",
                                     headers={"accept-encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.headers["content-encoding"] == "gzip"
        assert json.loads(gzip.decompress(response.read())) == replays["all"]

    game = treachery.new_game("killer", players, seed)
    positions = {who: 0 for who in replays}
    hidden_seen = 0
    for index in range(len(record["actions"]) + 1):
        if index:
            seat, option = record["actions"][index - 1][:2]
            chosen = next(o for o in game.pending_for(seat)[0].options if o["id"] == option)
            hidden_before = {s: _hand_codes(game, s) for s in range(players)}  # before the action: what it may reveal
            game.act(seat, option)
        for who, replay in replays.items():
            step = replay["steps"][index]
            viewer = int(who) if who.isdigit() else None
            assert step["index"] == index
            assert step["view"] == _same(game.view(viewer))
            if who == "all":
                assert step["views"] == [_same(game.view(s)) for s in range(players)]
                assert [e["text"] for e in step["log"]] == [e[2] for e in game._log[positions[who]:]]
                positions[who] = len(game._log)
            else:
                assert "views" not in step
                log, positions[who] = game.log_since(viewer, positions[who])
                assert step["log"] == _same(log)
            if not index:
                assert step["action"] is None
                continue
            if who == "all" or viewer == seat:
                assert step["action"] == {"seat": seat, "text": chosen["text"], "label": chosen["label"],
                                          "timeout": False}
            else:
                assert step["action"] == {"seat": seat, "text": None, "label": None, "timeout": None}
            if viewer is not None:  # the canary: another hand's cards never ride along in a seat's step
                text = json.dumps(step)
                for marker in hidden_before[viewer] & _hand_codes(game, viewer):
                    hidden_seen += 1  # the view's card reference lists every card by code: not a sighting
                    assert f'"{marker}"' not in text.replace(f'"code": "{marker}"', ""), (who, index, marker)
    assert hidden_seen > 0  # the canary looked at real hidden cards
    assert len(replays["all"]["steps"]) == len(record["actions"]) + 1
    for replay in replays.values():
        assert replay["room"] == code and replay["game"] == "killer" and replay["players"] == players
        assert replay["result"] == _same(game.result()) and replay["names"] == [None] * players
    assert replays["2"]["as"] == 2 and replays["all"]["as"] == "all"


def test_replay_refusals(server: Server) -> None:
    code, host, tokens = make_room(server, "killer", 3, 1, seed=2, setup={"first": 0})
    assert server.api("GET", f"/api/rooms/{code}/replay?as=0")[0] == 409  # not even started
    start(server, code, host)

    async def connected() -> None:  # seat 0 is asked first and never answers: the game cannot end
        ws, _ = await hello(server.ws(code), tokens[0])
        await recv(ws)
        await ws.close()

    asyncio.run(connected())
    status, body = server.api("GET", f"/api/rooms/{code}/replay?as=all")
    assert (status, body["error"]) == (409, "not_over")
    assert server.api("GET", "/api/rooms/nosuchroom/replay")[1]["error"] == "no_such_room"
    assert server.api("GET", "/api/rooms/nosuchroom/replay")[0] == 404
    for bad in ("3", "-1", "x", "ALL", "1.0", "0x1", ""):
        status, body = server.api("GET", f"/api/rooms/{code}/replay?as={bad}")
        assert (status, body["error"]) == (422, "malformed"), bad
