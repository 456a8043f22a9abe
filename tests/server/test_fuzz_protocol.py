"""The WebSocket protocol as a hypothesis state machine on a real server: three seats and a spectator send acts
(valid, stale, forged, resent, from a spectator), chat, claims, ready, pings and junk, interleaved. The machine
keeps its own copy of the game, applying exactly the acts the server acknowledged; after every step each
connection is alive, its merged view and its decisions are exactly what the engine gives its seat now (so no frame
showed it more, and every refusal changed nothing), and every chat line it got is on a channel it may read."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test
from websockets.sync.client import connect

import treachery

from .conftest import Server, apply_state

PLAYERS, GAME = 3, "killer"
RELAXED = {"TREACHERY_CREATE_RATE": "100000/minute", "TREACHERY_MAX_CLIENT_LOBBIES": "100000",
           "TREACHERY_JOIN_RATE": "100000/minute", "TREACHERY_CONNECT_RATE": "100000/minute",
           "TREACHERY_CHAT_RATE": "1000", "TREACHERY_CHAT_BURST": "1000", "TREACHERY_RATE": "1000",
           "TREACHERY_BURST": "1000"}  # the machine pings every connection after every step


@pytest.fixture(scope="module")
def machine_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path_factory.mktemp('machine') / 'm.db'}", env=RELAXED).start()
    try:
        yield srv
    finally:
        srv.stop()


class Client:
    """One connection and what it has been told: the merged view, its decisions, its readable channels."""

    def __init__(self, url: str, token: str | None) -> None:
        self.stack = contextlib.ExitStack()
        self.ws = self.stack.enter_context(connect(url, max_size=1 << 22, open_timeout=10))
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.view: dict[str, Any] = {}
        self.decisions: list[dict[str, Any]] = []
        self.readable: set[str] = set()
        self.replies: list[dict[str, Any]] = []  # acks and errors since the last step
        self.seen: list[dict[str, Any]] = []

    def settle(self) -> None:
        """Reads until the pong of a fresh ping: everything the server sent before it has arrived."""
        self.ws.send(json.dumps({"type": "ping"}))
        while True:
            try:
                frame = json.loads(self.ws.recv(timeout=10))
            except TimeoutError:
                raise AssertionError(f"no pong; last frames {self.seen[-3:]}") from None
            self.seen.append(frame)
            kind = frame["type"]
            if kind == "pong":
                return
            if kind == "state":
                self.view = apply_state(self.view, frame)
                self.decisions = frame["decisions"]
                self.readable = {c["id"] for c in frame["channels"] if c["read"]}
            elif kind == "lobby":
                self.readable = {c["id"] for c in frame["channels"] if c["read"]}
            elif kind == "chat":
                assert frame["channel"] in self.readable, frame
            elif kind in ("ack", "error"):
                self.replies.append(frame)


def _machine(srv: Server) -> type[RuleBasedStateMachine]:
    class Protocol(RuleBasedStateMachine):
        @initialize(seed=st.integers(0, 10_000))
        def open_room(self, seed: int) -> None:
            _, made = srv.api("POST", "/api/rooms", {"game": GAME, "players": PLAYERS, "seed": seed})
            code = made["room"]
            tokens = [srv.api("POST", f"/api/rooms/{code}/join", {"name": f"p{s}"})[1]["token"]
                      for s in range(PLAYERS)]
            self.clients = [Client(srv.ws(code), token) for token in tokens] + [Client(srv.ws(code), None)]
            assert srv.api("POST", f"/api/rooms/{code}/start", {"host_token": made["host_token"]})[0] == 200
            self.game = treachery.new_game(GAME, PLAYERS, seed, {}, None)
            self.acked: dict[tuple[int, str], int] = {}
            self.cids = 0
            self._settle()

        def teardown(self) -> None:
            for client in getattr(self, "clients", []):
                client.stack.close()

        def _settle(self) -> None:
            for client in self.clients:
                client.settle()

        def _send(self, who: int, message: dict[str, Any] | str) -> list[dict[str, Any]]:
            client = self.clients[who]
            client.replies = []
            client.ws.send(message if isinstance(message, str) else json.dumps(message))
            self._settle()
            return client.replies

        def _cid(self) -> str:
            self.cids += 1
            return f"m{self.cids}"

        # ---- acts ----------------------------------------------------------------------------------

        @rule(seat=st.integers(0, PLAYERS - 1), pick=st.integers(0, 1000))
        def act_legally(self, seat: int, pick: int) -> None:
            mine = self.game.pending_for(seat)
            if not mine or self.game.over:
                return
            decision = mine[0]
            option = decision.options[pick % len(decision.options)]["id"]
            cid = self._cid()
            (reply,) = self._send(seat, {"type": "act", "decision": decision.id, "option": option, "cid": cid})
            assert reply == {"type": "ack", "cid": cid, "decision": decision.id, "duplicate": False}
            self.game.act(seat, option)
            self.acked[(seat, cid)] = decision.id
            self._settle()  # the frames the action caused reach every connection before the check

        @rule(seat=st.integers(0, PLAYERS - 1), decision=st.integers(0, 500), option=st.integers(0, 5000))
        def act_anything(self, seat: int, decision: int, option: int) -> None:
            """Mostly stale or forged: whatever the server says, it applies exactly what the engine would."""
            cid = self._cid()
            (reply,) = self._send(seat, {"type": "act", "decision": decision, "option": option, "cid": cid})
            legal = any(d.id == decision and option in d.ids for d in self.game.pending_for(seat))
            if reply["type"] == "ack":
                assert legal and not self.game.over
                self.game.act(seat, option)
                self.acked[(seat, cid)] = decision
                self._settle()
            else:
                assert not legal and reply["cid"] == cid

        @rule(data=st.data())
        def resend(self, data: st.DataObject) -> None:
            if not self.acked:
                return
            (seat, cid), decision = data.draw(st.sampled_from(sorted(self.acked.items())))
            (reply,) = self._send(seat, {"type": "act", "decision": decision, "option": 0, "cid": cid})
            assert reply == {"type": "ack", "cid": cid, "decision": decision, "duplicate": True}

        @rule(decision=st.integers(0, 50))
        def spectator_acts(self, decision: int) -> None:
            (reply,) = self._send(PLAYERS, {"type": "act", "decision": decision, "option": 0, "cid": self._cid()})
            assert reply["code"] == "unauthenticated"

        # ---- talk, ready, junk ------------------------------------------------------------------------

        @rule(who=st.integers(0, PLAYERS), channel=st.sampled_from(["table", "spectators", "graveyard", "x"]),
              text=st.text(max_size=40))
        def chat(self, who: int, channel: str, text: str) -> None:
            for reply in self._send(who, {"type": "chat", "channel": channel, "text": text}):
                assert reply["code"] in ("malformed", "forbidden_channel"), reply

        @rule(who=st.integers(0, PLAYERS), claim=st.dictionaries(st.sampled_from(["kind", "seat", "card"]),
                                                                  st.one_of(st.text(max_size=8), st.integers())))
        def claim(self, who: int, claim: dict[str, Any]) -> None:
            for reply in self._send(who, {"type": "claim", "claim": claim}):  # said, or refused with its code
                assert reply["code"] in ("malformed", "forbidden_channel"), reply

        @rule(who=st.integers(0, PLAYERS), ready=st.booleans())
        def ready(self, who: int, ready: bool) -> None:
            (reply,) = self._send(who, {"type": "ready", "ready": ready})
            assert reply["code"] == ("unauthenticated" if who == PLAYERS else "already_started")

        @rule(who=st.integers(0, PLAYERS), junk=st.one_of(
            st.text(max_size=60), st.builds(json.dumps, st.recursive(
                st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                max_leaves=12))))
        def junk(self, who: int, junk: str) -> None:
            replies = self._send(who, junk)
            assert all(r["type"] == "error" and r["code"] in ("malformed", "internal") for r in replies), replies
            assert not any(r["code"] == "internal" for r in replies), replies  # nothing unforeseen in the handler

        # ---- what every connection holds ------------------------------------------------------------------

        @invariant()
        def each_connection_holds_exactly_its_seats_view(self) -> None:
            if not hasattr(self, "clients"):
                return
            for seat, client in enumerate(self.clients):
                who = seat if seat < PLAYERS else None
                assert client.view == json.loads(json.dumps(self.game.view(who))), who
                expected = [] if who is None or self.game.over else [d.id for d in self.game.pending_for(who)]
                assert [d["id"] for d in client.decisions] == expected, who

    return Protocol


def test_the_protocol_holds_under_any_interleaving(machine_server: Server) -> None:
    run_state_machine_as_test(_machine(machine_server), settings=settings(
        max_examples=12, stateful_step_count=25, deadline=None, database=None, derandomize=True,
        suppress_health_check=list(HealthCheck)))
