"""Canaries for Menace, Eat and the Guest (the Killer one is in test_games.py): whole games through the protocol,
then every frame a seat was sent is checked against everything the engine ever showed that seat.

Markers: every named card, agenda, character and role of the game's card file gets a unique name (``card_file=``),
and every string the engine shows any seat (card codes, private log lines, a seat's own role) is a marker too.
A marker the engine never showed seat s in the whole game must never reach s, in any state frame, and each
frame's whole view must be one the engine showed s, in order.
"""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

import pytest

import treachery

from .conftest import Player, Server, apply_state, hello, make_room, play_all, start
from .test_games import _check_views_in_order

GAMES = [("menace", 5), ("eat", 5), ("guest", 6)]


def marked_card_file(game: str, where: Path) -> str:
    """The game's own card file with every ``name`` replaced by a unique marker."""
    source = (Path(treachery.__file__).parent / "games" / game / "cards.toml").read_text()
    count = iter(range(100000))
    text = re.sub(r'^name = "[^"]*"', lambda _: f'name = "QZ{game[0].upper()}{next(count):04d}ZQ"', source, flags=re.M)
    path = where / f"{game}-marked.toml"
    path.write_text(text)
    return str(path)


def strings(value: Any, into: set[str]) -> set[str]:
    """Every string value inside ``value`` (keys are the schema, not content)."""
    if isinstance(value, str):
        into.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            strings(item, into)
    elif isinstance(value, list | tuple):
        for item in value:
            strings(item, into)
    return into


class Shown:
    """Everything the engine shows one seat (None: spectators) over a game: its strings, and its views in order."""

    def __init__(self, seat: int | None) -> None:
        self.seat, self.strings, self.views, self.log_position = seat, set[str](), list[str](), 0

    def look(self, game: treachery.Game) -> None:
        view = json.loads(json.dumps(game.view(self.seat), default=str))
        self.views.append(json.dumps(view, sort_keys=True))
        strings(view, self.strings)
        log, self.log_position = game.log_since(self.seat, self.log_position)
        strings(log, self.strings)
        if game.over:  # the end may reveal the whole log (the Guest, G-W13): what log_for shows the seat now
            strings(game.log_for(self.seat), self.strings)
        if self.seat is not None:  # a seat's own decisions, as the engine words them, splits them into parts and
            for decision in game.pending_for(self.seat):  # points them at the board
                strings([decision.to_dict(), game.option_labels(decision), game.option_parts(decision),
                         game.option_targets(decision)], self.strings)


@pytest.mark.parametrize(("game_name", "players"), GAMES)
def test_no_frame_carries_a_marker_the_seat_was_never_shown(server: Server, tmp_path: Path, game_name: str,
                                                           players: int) -> None:
    seed, options = 31 + players, {"card_file": marked_card_file(game_name, tmp_path)}
    code, host, tokens = make_room(server, game_name, players, players, seed=seed, options=options)
    spectator_frames: list[dict[str, Any]] = []

    async def go() -> list[Player]:
        clients = [Player(server.ws(code), tokens[s], s) for s in range(players)]
        task = asyncio.ensure_future(play_all(clients, timeout=120))
        ws, _ = await hello(server.ws(code), None)
        await asyncio.sleep(0.2)
        start(server, code, host)
        done = await task
        while True:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 10))
            spectator_frames.append(frame)
            if frame["type"] == "state" and frame["over"]:
                break
        await ws.close()
        return done

    done = asyncio.run(go())
    status, record = server.api("GET", f"/api/rooms/{code}/record")
    assert status == 200
    game = treachery.new_game(game_name, players, seed, options)
    shown = {s: Shown(s) for s in [*range(players), None]}
    for each in shown.values():
        each.look(game)
    for entry in record["actions"]:
        if len(entry) > 2:  # a timeout
            game.timeout(entry[0])
        else:
            game.act(entry[0], entry[1])
        for each in shown.values():
            each.look(game)
    assert game.over
    seen = {s: each.strings for s, each in shown.items()}
    markers = set().union(*seen.values())
    frames_of: dict[int | None, list[dict[str, Any]]] = {p.seat: p.frames for p in done}
    frames_of[None] = spectator_frames
    for seat, frames in frames_of.items():
        hidden = markers - seen[seat]
        assert hidden, f"seat {seat}: the canary needs markers this seat never sees"
        carried: set[str] = set()
        whole: list[dict[str, Any]] = []
        for frame in frames:
            if frame["type"] == "state":
                strings([frame["view"], frame["log"], frame["decisions"], frame["result"]], carried)
                whole.append(apply_state(whole[-1] if whole else {}, frame))
        assert carried & seen[seat], f"seat {seat} was sent nothing the canary can check"
        assert not carried & hidden, f"seat {seat} was sent {sorted(carried & hidden)[:5]}"
        _check_views_in_order(whole, shown[seat].views, seat)
    if game_name == "menace":  # the card file's markers themselves: each seat's agenda is its own
        agenda = {s: {m for m in seen[s] if m.startswith("QZM")} for s in range(players)}
        assert all(agenda[s] - agenda[t] for s in range(players) for t in range(players) if s != t)
