"""`treachery agent --url ... --room ...`: an agent program takes a seat of an online room like any client,
against a real `treachery serve` subprocess, with the server's bots at the other seats."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
pytest.importorskip("websockets")

import treachery  # noqa: E402
from treachery.agent import view_text  # noqa: E402

from ..server.conftest import Server  # noqa: E402

PY = sys.executable
# Saves each text it is given (numbered), reasons privately, answers the first option.
SCRIPTED = """import pathlib, sys, time
text = sys.stdin.read()
folder = pathlib.Path(sys.argv[1])
folder.mkdir(exist_ok=True)
(folder / f"{len(list(folder.iterdir())):04d}.txt").write_text(text)
time.sleep(float(sys.argv[2]))
print("# SECRET-PLAN: the first option, always")
print(1)
"""
SILENT = "import sys, time\nsys.stdin.read()\ntime.sleep(30)\n"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    srv = Server(f"sqlite:///{tmp_path_factory.mktemp('db') / 'agents.db'}").start()
    try:
        yield srv
    finally:
        srv.stop()


def new_room(srv: Server, seed: int, players: int = 5) -> tuple[str, str]:
    status, made = srv.api("POST", "/api/rooms", {"game": "killer", "players": players, "seed": seed})
    assert status == 201, made
    return made["room"], made["host_token"]


def launch(srv: Server, room: str, tmp: Path, agent: str, *extra: str, name: str = "Botty") -> subprocess.Popen[str]:
    return subprocess.Popen([PY, "-m", "treachery.cli", "agent", "--url", srv.http, "--room", room, "--name", name,
                             "--cmd", agent, "--log", str(tmp / "agent.log"), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def seated(srv: Server, room: str, name: str = "Botty", within: float = 30) -> int:
    """Waits until ``name`` holds a seat of the room; returns the seat."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        status, info = srv.api("GET", f"/api/rooms/{room}")
        assert status == 200, info
        for seat in info["seats"]:
            if seat.get("name") == name:
                return int(seat["seat"])
        time.sleep(0.1)
    raise AssertionError(f"{name} never took a seat")


def finish(process: subprocess.Popen[str], within: float = 120) -> tuple[str, str]:
    try:
        out, err = process.communicate(timeout=within)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, err
    return " ".join(out.split()), err


def scripted(tmp: Path, pause: float = 0.0) -> str:
    (tmp / "agent.py").write_text(SCRIPTED)
    return f"{PY} {tmp / 'agent.py'} {tmp / 'texts'} {pause}"


def test_an_agent_plays_a_whole_online_game_on_the_same_text_as_offline(server: Server, tmp_path: Path) -> None:
    room, host = new_room(server, seed=7)
    process = launch(server, room, tmp_path, scripted(tmp_path))
    seat = seated(server, room)
    assert server.api("POST", f"/api/rooms/{room}/start", {"host_token": host})[0] == 200
    out, _ = finish(process)
    assert "0 timeouts, 0 bad answers, 0 failed runs" in out and "Game over" in out
    status, record = server.api("GET", f"/api/rooms/{room}/record")
    assert status == 200
    # Every text the program read equals view_text of the same moment, replayed locally from the record.
    texts = sorted((tmp_path / "texts").iterdir())
    game = treachery.new_game("killer", players=5, seed=7)
    expected = []
    for action in record["actions"]:
        if action[0] == seat and len(action) == 2:
            expected.append(view_text(game, seat))
        if action[2:] == ["timeout"]:
            game.timeout(action[0])
        else:
            game.act(action[0], action[1])
    assert game.over and len(texts) == len(expected) > 3
    assert [t.read_text() for t in texts] == expected
    assert all("1. " in text and "You are seat" in text for text in expected)
    # The private reasoning went to the private log only: never to the server.
    assert "SECRET-PLAN" in (tmp_path / "agent.log").read_text()
    status, replay = server.api("GET", f"/api/rooms/{room}/replay?as=all")
    assert status == 200 and "SECRET-PLAN" not in json.dumps(replay) + json.dumps(record)


def test_a_timeout_sends_the_decisions_default(server: Server, tmp_path: Path) -> None:
    room, host = new_room(server, seed=3, players=4)
    (tmp_path / "silent.py").write_text(SILENT)
    process = launch(server, room, tmp_path, f"{PY} {tmp_path / 'silent.py'}", "--timeout", "0.5")
    seat = seated(server, room)
    assert server.api("POST", f"/api/rooms/{room}/start", {"host_token": host})[0] == 200
    out, _ = finish(process)
    decisions = int(out.split("The agent answered ")[1].split()[0])
    assert decisions > 0 and f"{decisions} timeouts" in out
    record = server.api("GET", f"/api/rooms/{room}/record")[1]
    game = treachery.new_game("killer", players=4, seed=3)
    for action in record["actions"]:  # the agent's every answer is exactly its decision's default
        if action[0] == seat:
            assert action[1] == next(d for d in game.pending() if d.seat == seat).default_id
        game.act(action[0], action[1])
    assert game.over


def test_the_agent_reconnects_through_a_server_restart_and_rejoins_with_its_token(tmp_path: Path) -> None:
    """The server is killed mid-game and restarted on the same database and port: the agent reconnects and
    finishes. Then a second agent process, killed mid-game, is started again with the seat token."""
    srv = Server(f"sqlite:///{tmp_path / 'restart.db'}").start()
    try:
        room, host = new_room(srv, seed=11)
        process = launch(srv, room, tmp_path, scripted(tmp_path, pause=0.3))
        seated(srv, room)
        assert srv.api("POST", f"/api/rooms/{room}/start", {"host_token": host})[0] == 200
        texts = tmp_path / "texts"
        deadline = time.monotonic() + 60
        while not (texts.exists() and len(list(texts.iterdir())) >= 2) and time.monotonic() < deadline:
            time.sleep(0.05)
        srv.kill()
        time.sleep(0.5)
        srv.start()
        out, _ = finish(process)
        assert "Game over" in out and "0 failed runs" in out
        assert int(out.split(" reconnections")[0].split()[-1]) >= 1
        assert srv.api("GET", f"/api/rooms/{room}/record")[0] == 200  # the room's game is over

        room, host = new_room(srv, seed=12)
        first = launch(srv, room, tmp_path, scripted(tmp_path, pause=0.3), name="Crashy")
        seat = seated(srv, room, "Crashy")
        assert first.stdout is not None
        line = first.stdout.readline()
        token = line.split("--token")[1].split()[0]
        assert srv.api("POST", f"/api/rooms/{room}/start", {"host_token": host})[0] == 200
        time.sleep(1.0)
        os.kill(first.pid, signal.SIGKILL)
        first.communicate()
        again = launch(srv, room, tmp_path, scripted(tmp_path), "--token", token, name="Crashy")
        out, _ = finish(again)
        assert f"the agent at P{seat + 1}. Game over" in out
        assert int(out.split("The agent answered ")[1].split()[0]) >= 1  # the game was not over when it crashed
    finally:
        srv.stop()


def test_a_room_that_does_not_exist_is_one_clear_error(server: Server, tmp_path: Path) -> None:
    done = subprocess.run([PY, "-m", "treachery.cli", "agent", "--url", server.http, "--room", "nope",
                           "--cmd", "true", "--log", str(tmp_path / "x.log")], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 1 and done.stderr.count("\n") == 1 and "no_such_room" in done.stderr
    done = subprocess.run([PY, "-m", "treachery.cli", "agent", "--room", "abc", "--cmd", "true"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--url" in done.stderr
