"""A real server on 127.0.0.1 in a subprocess, real HTTP and WebSocket clients, and PostgreSQL when it answers."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
websockets = pytest.importorskip("websockets")

from treachery.server.room import Settings  # noqa: E402  (after the skips: it needs the server extra)

RATE_LIMIT = int(Settings().rate)  # a test client keeps to the server's default message rate

PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


# Every test talks from 127.0.0.1, so the per-client rates would count the whole suite as one client and refuse it
# as the suite gets faster. Test servers lift them; the tests of those limits set their own (``env`` wins).
SUITE_AS_MANY_CLIENTS = {
    "TREACHERY_CREATE_RATE": "100000/minute", "TREACHERY_MAX_CLIENT_LOBBIES": "100000",
    "TREACHERY_JOIN_RATE": "100000/minute", "TREACHERY_INFO_RATE": "100000/minute",
    "TREACHERY_REPLAY_RATE": "100000/minute", "TREACHERY_CONNECT_RATE": "100000/minute",
}


class Server:
    """``treachery serve`` in a subprocess, bounded in time and always stopped."""

    def __init__(self, db: str, port: int | None = None, extra: tuple[str, ...] = (),
                 env: dict[str, str] | None = None) -> None:
        self.db = db
        self.port = port or free_port()
        self.extra = extra
        # one-option decisions wait for the player like any other unless a test turns automatic answers on
        self.env = {**os.environ, **SUITE_AS_MANY_CLIENTS, "TREACHERY_AUTO_ANSWER": "-1",
                    **(env or {})}  # TREACHERY_<LIMIT> overrides a limit
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws(self, code: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{code}"

    def start(self) -> Server:
        # bots move at once (tests want speed); a --bot-delay in ``extra`` comes later and wins
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "treachery.cli", "serve", "--port", str(self.port), "--db", self.db, "--dev",
             "--bot-delay", "0", *self.extra], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=self.env)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.proc.stderr.read().decode() if self.proc.stderr else ''}")
            try:
                urllib.request.urlopen(self.http + "/healthz", timeout=1).read()
                return self
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError("server did not come up in 30 s")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, what a crash looks like."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(8)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        if self.proc is not None and self.proc.stderr is not None:
            self.proc.stderr.close()

    def api(self, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
        return api(self.http, method, path, body)


def api(base: str, method: str, path: str, body: dict[str, Any] | None = None) -> tuple[int, Any]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("db") / "treachery.db"
    srv = Server(f"sqlite:///{path}").start()
    try:
        yield srv
    finally:
        srv.stop()


def pg_available() -> bool:
    with contextlib.suppress(Exception):
        with socket.create_connection(("127.0.0.1", 5432), timeout=1):
            import psycopg

            with psycopg.connect("host=127.0.0.1 port=5432 user=postgres dbname=postgres", connect_timeout=2):
                return True
    return False


@contextlib.contextmanager
def scratch_pg() -> Iterator[str]:
    import psycopg

    name = f"treachery_test_{secrets.token_hex(4)}"
    with psycopg.connect("host=127.0.0.1 port=5432 user=postgres dbname=postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql://postgres@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect("host=127.0.0.1 port=5432 user=postgres dbname=postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh database: a SQLite file, and a scratch PostgreSQL database when one answers on 127.0.0.1:5432."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'store.db'}"
        return
    if os.environ.get("TREACHERY_NO_PG") or not pg_available():
        pytest.skip("no PostgreSQL on 127.0.0.1:5432")
    with scratch_pg() as url:
        yield url


# ---- rooms and clients ---------------------------------------------------------------------------------


def make_room(srv: Server, game: str, players: int, humans: int, **extra: Any) -> tuple[str, str, list[str]]:
    """Creates a room, seats ``humans`` players and starts it; returns (code, host token, seat tokens)."""
    status, made = srv.api("POST", "/api/rooms", {"game": game, "players": players, **extra})
    assert status == 201, made
    tokens = []
    for i in range(humans):
        status, joined = srv.api("POST", f"/api/rooms/{made['room']}/join", {"name": f"player {i}"})
        assert status == 200 and joined["seat"] == i, joined
        tokens.append(joined["token"])
    return made["room"], made["host_token"], tokens


def start(srv: Server, code: str, host_token: str) -> None:
    status, body = srv.api("POST", f"/api/rooms/{code}/start", {"host_token": host_token})
    assert status == 200, body


def policy(seat: int, decision: dict[str, Any]) -> int:
    """A deterministic test player: the same decision always gets the same answer."""
    options = decision["options"]
    return int(options[(decision["id"] * 7919 + seat * 31) % len(options)]["id"])


async def recv(ws: Any, timeout: float = 10) -> dict[str, Any]:
    return json.loads(await asyncio.wait_for(ws.recv(), timeout))  # type: ignore[no-any-return]


async def hello(url: str, token: str | None) -> tuple[Any, dict[str, Any]]:
    ws = await websockets.connect(url, max_size=1 << 22, open_timeout=10)
    await ws.send(json.dumps({"type": "hello", "token": token}))
    welcome = await recv(ws)
    return ws, welcome


def apply_state(view: dict[str, Any], frame: dict[str, Any]) -> dict[str, Any]:
    """The whole view after a state frame: a reset replaces it, otherwise the changed keys are patched in."""
    whole = {} if frame["view_reset"] else dict(view)
    whole.update(frame["view"])
    for key in frame["view_removed"]:
        whole.pop(key, None)
    return whole


class Player:
    """A bot client for one seat: answers its own decisions through the protocol and keeps every frame."""

    def __init__(self, url: str, token: str, seat: int, stop_after: int | None = None) -> None:
        self.url, self.token, self.seat, self.stop_after = url, token, seat, stop_after
        self.frames: list[dict[str, Any]] = []
        self.views: list[dict[str, Any]] = []  # the whole view after each state frame
        self.acted = 0
        self.sent: set[int] = set()  # decisions answered
        self.recent: deque[float] = deque(maxlen=RATE_LIMIT)  # when the last messages were sent
        self.final: dict[str, Any] | None = None

    async def _keep_to_the_rate_limit(self) -> None:
        """A well-behaved client: at most RATE_LIMIT messages in any second (the server's default limit). The
        Guest asks every seat in every response window, so instant answers would otherwise outrun it."""
        if len(self.recent) == RATE_LIMIT:
            wait = self.recent[0] + 1.0 - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
        self.recent.append(time.monotonic())

    async def run(self, timeout: float = 60) -> Player:
        await asyncio.wait_for(self._run(), timeout)
        return self

    async def _run(self) -> None:
        ws, welcome = await hello(self.url, self.token)
        assert welcome["type"] == "welcome" and welcome["seat"] == self.seat, welcome
        try:
            async for raw in ws:
                frame = json.loads(raw)
                self.frames.append(frame)
                if frame["type"] == "error":
                    raise AssertionError(f"seat {self.seat}: {frame}")
                if frame["type"] != "state":
                    continue
                self.views.append(apply_state(self.views[-1] if self.views else {}, frame))
                if frame["over"]:
                    self.final = frame
                    return
                if self.stop_after is not None and self.acted >= self.stop_after:
                    return
                for decision in frame["decisions"]:
                    if decision["id"] in self.sent:  # still pending in a later frame: answered once is enough
                        continue
                    self.sent.add(decision["id"])
                    self.acted += 1
                    await self._keep_to_the_rate_limit()
                    await ws.send(json.dumps({"type": "act", "decision": decision["id"],
                                              "option": policy(self.seat, decision),
                                              "cid": f"{self.seat}-{decision['id']}"}))
        finally:
            await ws.close()


async def play_all(players: list[Player], timeout: float = 60) -> list[Player]:
    return list(await asyncio.gather(*(p.run(timeout) for p in players)))


def reference(game: str, players: int, seed: int, humans: int, setup: dict[str, Any] | None = None,
              options: dict[str, Any] | None = None) -> Any:
    """The same game played locally: ``policy`` at the human seats, the server's own bots at the others."""
    import treachery
    from treachery.bots.base import ask
    from treachery.sim import needs_view, resolve_bot_kind, seat_bots

    g = treachery.new_game(game, players, seed, options or {}, setup)
    bots = seat_bots(game, resolve_bot_kind(game, None), players, seed)
    while not g.over:
        d = g.pending()[0]
        if d.seat < humans:
            g.act(d.seat, policy(d.seat, d.to_dict()))
        else:
            g.act(d.seat, ask(bots[d.seat], g, d.seat, d, needs_view(bots[d.seat]))["id"])  # as the room asks
    return g
