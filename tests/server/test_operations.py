"""Operations endpoints on a real server: /healthz (alive), /readyz (the database answers), /metrics."""

from __future__ import annotations

import time
import urllib.error
import urllib.request

import psycopg
import pytest

from .conftest import Server, make_room, pg_available, scratch_pg, start


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def _sample(text: str, name: str) -> float:
    return sum(float(line.split()[-1]) for line in text.splitlines() if line.startswith(name + " ")
               or line.startswith(name + "{"))


def test_metrics_count_rooms_actions_and_refusals(server: Server) -> None:
    before = _get(server.http + "/metrics")[1]
    code, host, _ = make_room(server, "killer", 6, 0)
    start(server, code, host)  # six bots play the game through at once
    assert server.api("POST", "/api/rooms/nosuchroom/join", {"name": "x"})[0] == 404
    for _ in range(100):  # the bots move after the start's answer: wait for their first durable action
        status, after = _get(server.http + "/metrics")
        if _sample(after, "treachery_actions_total") > _sample(before, "treachery_actions_total"):
            break
        time.sleep(0.1)
    assert status == 200
    assert _sample(after, "treachery_rooms") >= 1
    assert _sample(after, "treachery_actions_total") > _sample(before, "treachery_actions_total")
    refused = 'treachery_refusals_total{code="no_such_room"}'
    assert _sample(after, refused.split("{")[0]) > _sample(before, refused.split("{")[0])
    assert "treachery_act_seconds_bucket" in after and "treachery_connections" in after


@pytest.mark.skipif(not pg_available(), reason="no PostgreSQL on 127.0.0.1:5432")
def test_readyz_says_when_the_database_is_gone() -> None:
    with scratch_pg() as url:
        srv = Server(url).start()
        try:
            assert _get(srv.http + "/readyz")[0] == 200
            name = url.rsplit("/", 1)[1]
            with psycopg.connect("host=127.0.0.1 port=5432 user=postgres dbname=postgres", autocommit=True) as c:
                c.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
            status, body = _get(srv.http + "/readyz")
            assert status == 503 and "database" in body
            assert _get(srv.http + "/healthz")[0] == 200  # alive all the same: a proxy waits, it does not restart
        finally:
            srv.stop()
