"""Rooms and seats over HTTP: create, join, double and racing joins, full rooms, kick, leave, start."""

from __future__ import annotations

import hashlib
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import urlsplit

from .conftest import Server


def test_create_join_kick_leave_start(server: Server) -> None:
    status, made = server.api("POST", "/api/rooms", {"game": "eat", "players": 4, "bots": "random"})
    assert status == 201 and len(made["room"]) >= 16 and made["invite"] == f"/r/{made['room']}"
    code, host = made["room"], made["host_token"]
    status, a = server.api("POST", f"/api/rooms/{code}/join", {"name": "Ann"})
    assert status == 200 and a["seat"] == 0 and len(a["token"]) >= 40 and a["label"] == "P1"
    # double join: the same name is refused; the same token gets the same seat back
    assert server.api("POST", f"/api/rooms/{code}/join", {"name": "ann"})[1]["error"] == "name_taken"
    assert server.api("POST", f"/api/rooms/{code}/join", {"name": "Ann", "token": a["token"]})[1]["seat"] == 0
    _, b = server.api("POST", f"/api/rooms/{code}/join", {"name": "Bo"})
    # kick: host only, before the start; the seat is free again and the kicked token is dead
    status, body = server.api("POST", f"/api/rooms/{code}/kick", {"host_token": a["token"], "seat": 1})
    assert status == 403 and body["error"] == "unauthenticated"
    assert server.api("POST", f"/api/rooms/{code}/kick", {"host_token": host, "seat": 1})[0] == 200
    assert server.api("POST", f"/api/rooms/{code}/leave", {"token": b["token"]})[0] == 403
    _, c = server.api("POST", f"/api/rooms/{code}/join", {"name": "Cy"})
    assert c["seat"] == 1
    assert server.api("POST", f"/api/rooms/{code}/leave", {"token": c["token"]})[0] == 200
    status, info = server.api("GET", f"/api/rooms/{code}")
    assert info["status"] == "lobby" and [s["name"] for s in info["seats"]] == ["Ann", None, None, None]
    assert server.api("POST", f"/api/rooms/{code}/start", {"host_token": "nope" * 8})[0] == 403
    assert server.api("POST", f"/api/rooms/{code}/start", {"host_token": host})[0] == 200
    status, info = server.api("GET", f"/api/rooms/{code}")
    assert info["status"] == "playing" and [s["bot"] for s in info["seats"]] == [False, True, True, True]
    assert server.api("POST", f"/api/rooms/{code}/join", {"name": "Late"})[1]["error"] == "already_started"
    assert server.api("POST", f"/api/rooms/{code}/start", {"host_token": host})[1]["error"] == "already_started"
    assert server.api("GET", f"/api/rooms/{code}/record")[1]["error"] == "not_over"  # the seed stays secret
    # leaving during the game hands the seat to a bot for good
    assert server.api("POST", f"/api/rooms/{code}/leave", {"token": a["token"]})[0] == 200
    assert server.api("GET", f"/api/rooms/{code}")[1]["seats"][0]["bot"] is True


def test_racing_joins_fill_each_seat_once_and_full_rooms_refuse(server: Server) -> None:
    _, made = server.api("POST", "/api/rooms", {"game": "killer", "players": 4})
    code = made["room"]
    with ThreadPoolExecutor(12) as pool:
        results = list(pool.map(lambda i: server.api("POST", f"/api/rooms/{code}/join", {"name": f"p{i}"}),
                                range(12)))
    seated = sorted(body["seat"] for status, body in results if status == 200)
    assert seated == [0, 1, 2, 3]
    assert sorted(body["error"] for status, body in results if status != 200) == ["room_full"] * 8


def test_bad_requests_are_refused_with_one_line(server: Server) -> None:
    assert server.api("POST", "/api/rooms", {"game": "chess", "players": 4})[1]["error"] == "malformed"
    status, body = server.api("POST", "/api/rooms", {"game": "killer", "players": 42})
    assert status == 422 and "3 to 10" in body["message"]
    assert server.api("POST", "/api/rooms", {"game": "killer", "players": 4, "nonsense": 1})[0] == 422
    assert server.api("POST", "/api/rooms/nope/join", {"name": "x"})[1]["error"] == "no_such_room"
    assert server.api("GET", "/api/games")[1][0]["id"] == "eat"
    assert server.api("POST", "/api/rooms", {"game": "killer", "players": 4, "bots": "genius"})[0] == 422
    assert server.api("POST", "/api/rooms", {"game": "menace", "players": 5, "bots": "best"})[0] == 201


def test_a_join_names_the_seat_as_the_game_does(server: Server) -> None:
    _, made = server.api("POST", "/api/rooms", {"game": "menace", "players": 5, "bots": "random"})
    _, joined = server.api("POST", f"/api/rooms/{made['room']}/join", {"name": "Mo"})
    assert joined["seat"] == 0 and joined["label"] == "P1"  # M-S2: seat 0 in data, P1 for players as in every game


def test_seat_tokens_are_stored_only_hashed(server: Server) -> None:
    _, made = server.api("POST", "/api/rooms", {"game": "killer", "players": 3})
    _, joined = server.api("POST", f"/api/rooms/{made['room']}/join", {"name": "Hash"})
    path = urlsplit(server.db).path
    with sqlite3.connect(path[1:] if path.startswith("//") else path) as conn:
        dump = "\n".join(conn.iterdump())
    assert joined["token"] not in dump and made["host_token"] not in dump
    assert hashlib.sha256(joined["token"].encode()).hexdigest() in dump


def test_serve_refuses_bad_arguments_with_one_line() -> None:
    import subprocess
    import sys

    for args, wanted in ((["--db", "mysql://x"], "--db must be"), (["--port", "0"], "--port must be")):
        done = subprocess.run([sys.executable, "-m", "treachery.cli", "serve", *args], capture_output=True, text=True,
                              timeout=30)
        assert done.returncode == 2 and done.stderr.strip().startswith("error:") and wanted in done.stderr
        assert len(done.stderr.strip().splitlines()) == 1
