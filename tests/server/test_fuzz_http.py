"""The HTTP API fuzzed against its own OpenAPI schema (schemathesis): every route, valid and invalid requests, on a
real server; none may answer with a server error. Path codes are random, or a real lobby's, or a finished room's."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable

from .conftest import Server, make_room, start

schemathesis = pytest.importorskip("schemathesis")

EXAMPLES = 15  # per route and mode: 10 routes x 2 modes x 15, about 250 requests in all
ROOMY = {"TREACHERY_CREATE_RATE": "100000/minute", "TREACHERY_MAX_CLIENT_LOBBIES": "100000",
         "TREACHERY_JOIN_RATE": "100000/minute", "TREACHERY_INFO_RATE": "100000/minute",
         "TREACHERY_REPLAY_RATE": "100000/minute"}  # the fuzzer should reach the routes, not the rate limits


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'fuzz.db'}", env=ROOMY).start()
    try:
        yield srv
    finally:
        srv.stop()


def test_no_request_makes_a_server_error(fuzzed: Server) -> None:
    lobby, _, _ = make_room(fuzzed, "killer", 4, 1)
    over, host, _ = make_room(fuzzed, "eat", 4, 0, seed=1, bots="random")
    start(fuzzed, over, host)
    schema = schemathesis.openapi.from_url(fuzzed.http + "/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert {op.path for op in operations} >= {"/api/rooms", "/api/rooms/{code}/join", "/api/rooms/{code}/replay"}
    modes = (schemathesis.GenerationMode.POSITIVE, schemathesis.GenerationMode.NEGATIVE)
    calls = 0
    for operation in operations:
        for mode in modes:
            @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
                      suppress_health_check=list(HealthCheck))
            @given(case=operation.as_strategy(generation_mode=mode), code=st.sampled_from([None, lobby, over]))
            def fuzz(case: object, code: str | None) -> None:
                nonlocal calls
                if code is not None and "code" in (case.path_parameters or {}):  # type: ignore[attr-defined]
                    case.path_parameters["code"] = code  # type: ignore[attr-defined]
                response = case.call(base_url=fuzzed.http)  # type: ignore[attr-defined]
                calls += 1
                assert response.status_code < 500, case.as_curl_command()  # type: ignore[attr-defined]

            try:
                fuzz()
            except Unsatisfiable:  # a route without inputs (healthz, the games list) has no invalid request
                assert mode is schemathesis.GenerationMode.NEGATIVE
    assert calls >= 200
    assert fuzzed.api("GET", "/healthz")[0] == 200
