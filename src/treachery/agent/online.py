"""Seat an agent program in an online room: the same text and answers as offline, over the server protocol.

The client joins the room (or rejoins with the seat token it holds), reads the seat's ``state`` frames, keeps
the seat's whole view and log from them, and for each of its own decisions runs the program once on the same
text ``view_text`` gives offline (built from the frames: view, own decisions, own log). It answers with an
``act`` carrying a client action id, so a resend after a lost connection is applied once; a timeout, a crash
or a bad answer sends the decision's default. The program's ``#`` reasoning and stderr go to the private log
only: nothing but ``hello`` and ``act`` messages is ever sent.
"""

from __future__ import annotations

import asyncio
import json
import os
import shlex
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from ..engine import game_class
from .runner import ask_program, count_answer, log_answer
from .text import Asked, SeatState, render_json, render_text

MAX_FRAME = 1 << 22
# Close codes after which trying again cannot help (docs/protocol.md).
FINAL_CLOSES = {4401: "the seat token is not valid in this room", 4404: "no such room",
                4409: "the seat was left or kicked", 4403: "this origin may not connect"}


class OnlineError(RuntimeError):
    """The room cannot be played from here: it refused the join or the token, or the server stayed away."""


@dataclass
class OnlineReport:
    """How an online game went for the agent's seat."""

    room: str
    seat: int = -1
    label: str = ""  # the seat as the room's game names it (P1, or "seat 0")
    game: str = ""  # the room's game, once its first state frame arrived
    token: str = ""
    decisions: int = 0
    timeouts: int = 0
    bad_answers: int = 0
    failures: int = 0
    left_to_server: int = 0  # a default the protocol cannot send (timeout-only): the room's clock takes it
    refused: int = 0  # answers the server refused (e.g. stale: the room's clock answered first)
    reconnects: int = 0
    result: dict[str, Any] | None = None
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)

    @property
    def won(self) -> bool:
        return self.seat in (self.result or {}).get("winners", [])


def _post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=15) as response:
            return json.loads(response.read())  # type: ignore[no-any-return]
    except urllib.error.HTTPError as error:
        try:
            refused = json.loads(error.read())
            message = f"{refused.get('error', error.code)}: {refused.get('message', '')}"
        except ValueError:
            message = f"HTTP {error.code}"
        raise OnlineError(f"the server refused to seat the agent ({message})") from None
    except OSError as error:
        raise OnlineError(f"cannot reach {url}: {getattr(error, 'reason', error)}") from None


def join_room(url: str, room: str, name: str, token: str | None = None) -> tuple[int, str, str]:
    """Takes a seat in ``room`` (or the same seat again with ``token``); returns (seat, seat token, seat label)."""
    body: dict[str, Any] = {"name": name}
    if token:
        body["token"] = token
    joined = _post(f"{url.rstrip('/')}/api/rooms/{urllib.parse.quote(room, safe='')}/join", body)
    return int(joined["seat"]), str(joined["token"]), str(joined.get("label") or f"P{int(joined['seat']) + 1}")


def websocket_url(url: str, room: str) -> str:
    parts = urllib.parse.urlsplit(url.rstrip("/"))
    if parts.scheme not in ("http", "https"):
        raise ValueError(f"--url must be http://HOST:PORT or https://..., got {url!r}")
    scheme = "wss" if parts.scheme == "https" else "ws"
    return f"{scheme}://{parts.netloc}{parts.path}/ws/{urllib.parse.quote(room, safe='')}"


class SeatTracker:
    """The seat's whole view and log, patched together from ``state`` frames as docs/protocol.md describes."""

    def __init__(self, game_name: str, players: int, seat: int) -> None:
        self.game_name, self.players, self.seat = game_name, players, seat
        self.title = game_class(game_name).title or game_name
        self.view: dict[str, Any] = {}
        self.log: list[dict[str, Any]] = []
        self.over = False
        self.result: dict[str, Any] | None = None
        self.role_card: dict[str, Any] | None = None

    def apply(self, frame: dict[str, Any]) -> None:
        view = {} if frame["view_reset"] else self.view
        view.update(frame["view"])
        for key in frame["view_removed"]:
            view.pop(key, None)
        self.view = view
        del self.log[frame["log_from"]:]  # a new connection's first frame starts the log again from 0
        self.log.extend(frame["log"])
        self.over, self.result = bool(frame["over"]), frame.get("result")
        if "role_card" in frame:  # who this seat is, in player words: sent first and whenever it changes
            self.role_card = frame["role_card"]

    def state(self, decision: Asked | None) -> SeatState:
        return SeatState(self.game_name, self.title, self.players, self.seat, self.view, self.log, decision,
                         self.over, self.result, list(self.view.get("waiting_for", [])), self.role_card)


class OnlineAgent:
    """One agent program at one seat of an online room (see :func:`play_online`)."""

    def __init__(self, url: str, room: str, name: str, command: str, token: str | None, timeout: float,
                 json_input: bool, log: IO[str], retries: int,
                 on_join: Callable[[str, str], None] | None = None) -> None:
        if not timeout > 0:
            raise ValueError(f"--timeout must be positive seconds, got {timeout}")
        self.argv = shlex.split(command)
        if not self.argv:
            raise ValueError("--cmd is empty: give the agent program to run, e.g. --cmd 'python my_agent.py'")
        self.url, self.room, self.name, self.timeout = url, room, name, timeout
        self.ws_url = websocket_url(url, room)
        self.json_input, self.log, self.retries, self.on_join = json_input, log, retries, on_join
        self.report = OnlineReport(room, token=token or "")
        self.tracker: SeatTracker | None = None
        self.answered: set[int] = set()
        self.unacked: dict[str, Any] | None = None  # the last act sent and not yet acknowledged
        self.failures = 0

    async def run(self) -> OnlineReport:
        import websockets

        started = time.monotonic()
        report = self.report
        report.seat, report.token, report.label = await asyncio.to_thread(
            join_room, self.url, self.room, self.name, report.token or None)
        if self.on_join is not None:
            self.on_join(report.label, report.token)
        self.log.write(f"Room {self.room} at {self.url}: seat {report.seat} as {self.name!r}; command "
                       f"{shlex.join(self.argv)!r}, {self.timeout:g} s per decision. This log is private to the "
                       f"agent's seat.\n")
        while True:
            try:
                async with websockets.connect(self.ws_url, max_size=MAX_FRAME, open_timeout=10) as ws:
                    if await self._session(ws):
                        return self._finish(started)
            except websockets.ConnectionClosed as closed:
                code = closed.rcvd.code if closed.rcvd is not None else None
                if code in FINAL_CLOSES:
                    raise OnlineError(f"the server closed the connection: {FINAL_CLOSES[code]} ({code})") from None
            except (TimeoutError, OSError, websockets.InvalidHandshake):
                pass
            self.failures += 1  # in a row: a welcome starts the count again
            if self.failures > self.retries:
                raise OnlineError(f"lost the connection to {self.ws_url} and could not reconnect "
                                  f"({self.retries} tries)")
            report.reconnects += 1
            await asyncio.sleep(min(0.2 * 2 ** (self.failures - 1), 5.0))

    def _finish(self, started: float) -> OnlineReport:
        report = self.report
        report.result = self.tracker.result if self.tracker else None
        report.seconds = time.monotonic() - started
        result = report.result or {}
        self.log.write(f"Game over ({result.get('reason', '?')}): winners {result.get('winners', [])}; "
                       f"seat {report.seat} {'won' if report.won else 'lost'}.\n")
        self.log.flush()
        return report

    async def _session(self, ws: Any) -> bool:
        """One connection. Returns True when the game is over, False when the connection ended before."""
        await ws.send(json.dumps({"type": "hello", "token": self.report.token}))
        async for raw in ws:
            frame = json.loads(raw)
            kind = frame.get("type")
            if kind == "welcome":
                self.failures = 0
                if self.tracker is None:
                    self.tracker = SeatTracker(frame["game"], frame["players"], self.report.seat)
                    self.report.game = frame["game"]
                if self.unacked is not None:  # lost with the last connection: the same cid is applied at most once
                    await ws.send(json.dumps(self.unacked))
            elif kind == "state" and self.tracker is not None:
                self.tracker.apply(frame)
                if frame["over"]:
                    return True
                for decision in frame["decisions"]:
                    if decision["id"] not in self.answered:
                        await self._answer(ws, Asked.from_frame(decision))
            elif kind == "ack":
                if self.unacked is not None and frame["cid"] == self.unacked["cid"]:
                    self.unacked = None
            elif kind == "error":
                self._refused(frame)
        return False

    async def _answer(self, ws: Any, asked: Asked) -> None:
        assert self.tracker is not None
        self.answered.add(asked.id)
        state = self.tracker.state(asked)
        text = json.dumps(render_json(state)) + "\n" if self.json_input else render_text(state)
        answer = await asyncio.to_thread(ask_program, self.argv, text, asked, self.timeout)
        report = self.report
        count_answer(report, answer, asked.id)
        text = next((o["text"] for o in asked.options if o["id"] == answer.option_id), f"id {answer.option_id}")
        log_answer(self.log, asked.id, asked.kind, self.tracker.view.get("round", "?"), text, answer)
        if answer.option_id not in asked.ids:  # a timeout-only default: only the room's clock can take it
            report.left_to_server += 1
            self.log.write("  this default is taken only by the room's clock; waiting for it\n")
            return
        self.unacked = {"type": "act", "decision": asked.id, "option": answer.option_id,
                        "cid": f"{report.seat}-{asked.id}"}
        await ws.send(json.dumps(self.unacked))

    def _refused(self, frame: dict[str, Any]) -> None:
        self.report.refused += 1
        self.log.write(f"  the server refused: {frame.get('code')}: {frame.get('message')}\n")
        if self.unacked is not None and frame.get("cid") == self.unacked["cid"]:
            self.unacked = None  # stale or not our turn: the room moved on (its clock answered); nothing to resend


def play_online(url: str, room: str, name: str, command: str, token: str | None = None, timeout: float = 5.0,
                json_input: bool = False, log_path: Path | None = None, retries: int = 20,
                on_join: Callable[[str, str], None] | None = None) -> OnlineReport:
    """Joins ``room`` on the server at ``url`` (or rejoins with ``token``) and plays the seat with ``command``
    until the game is over; returns the report. ``on_join(seat label, token)`` is called once seated. Raises
    OnlineError when the room cannot be played and ValueError for a bad URL, timeout or command."""
    log_file = open(log_path, "w", encoding="utf-8") if log_path else open(os.devnull, "w")  # noqa: SIM115
    with log_file as log:
        agent = OnlineAgent(url, room, name, command, token, timeout, json_input, log, retries, on_join)
        return asyncio.run(agent.run())
