"""A browser whose act is dropped as ``rate_limited`` sends it again, with the same cid, until it is applied."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import Server, Tab, api, join_through_page


@pytest.fixture
def slow_server(tmp_path: Any) -> Iterator[Server]:
    # half a message a second, bursts of 2: two chat lines spend the budget, the act that follows is dropped
    srv = Server(f"sqlite:///{tmp_path / 'slow.db'}", env={"TREACHERY_RATE": "0.5", "TREACHERY_BURST": "2"}).start()
    try:
        yield srv
    finally:
        srv.stop()


def test_an_act_dropped_for_rate_is_resent_with_its_cid(browser: Any, slow_server: Server) -> None:
    status, made = api(slow_server.http, "POST", "/api/rooms", {"game": "killer", "players": 3, "seed": 4})
    assert status == 201
    tab = Tab(browser, slow_server.http)
    try:
        join_through_page(tab, made["room"], "Ann")
        assert api(slow_server.http, "POST", f"/api/rooms/{made['room']}/start",
                   {"host_token": made["host_token"]})[0] == 200
        page = tab.page
        page.wait_for_selector("#decision[data-state='ready']", timeout=20_000)
        for line in ("one", "two"):
            page.fill("#chat input", line)
            page.click("#chat button[type=submit]")
        page.locator("#decision button.option").first.click()
        limited = None
        for _ in range(100):  # up to 20 s
            limited = next((f for f in tab.frames if f.get("code") == "rate_limited" and f.get("cid")), None)
            acked = limited and any(f["type"] == "ack" and f["cid"] == limited["cid"] for f in tab.frames)
            if acked:
                break
            page.wait_for_timeout(200)
        assert limited is not None, "the act was not dropped: the test did not spend the budget"
        acks = [f for f in tab.frames if f["type"] == "ack" and f["cid"] == limited["cid"]]
        assert [a["duplicate"] for a in acks] == [False], tab.frames[-5:]  # resent until applied, applied once
        assert not tab.errors, tab.errors
    finally:
        tab.close()
