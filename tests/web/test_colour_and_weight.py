"""Seat colours and motion, and the page's weight: each seat's colour marks its seat, its names in the log and its
chat lines; motion is off under prefers-reduced-motion; the first load is compressed, revalidated and small, and
the WebSocket is compressed (permessage-deflate)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .conftest import Tab, create_through_page

FIRST_LOAD_LIMIT = 40_000  # bytes on the wire for a first visit of the home page


def _colour(page: Any, selector: str, prop: str) -> str:
    return str(page.eval_on_selector(selector, f"(n) => getComputedStyle(n).{prop}"))


def test_seats_log_and_chat_carry_the_seat_colour_and_motion_respects_reduced_motion(
        new_tab: Callable[..., Tab]) -> None:
    tab = new_tab()
    create_through_page(tab, "menace", 5, "Ann")
    page = tab.page
    page.click("#start")
    page.wait_for_selector("#decision[data-state=ready]")
    page.fill("#chat input[type=text]", "hello table")
    page.click("#chat button[type=submit]")
    page.wait_for_selector("#chat .chat-who[data-seat='0']")
    for _ in range(60):  # play on until a log line names a seat
        if page.locator("#log .who[data-seat]").count() or tab.step() == "over":
            break
        page.wait_for_timeout(100)
    seat_colours = [_colour(page, f".seat[data-seat='{s}']", "borderLeftColor") for s in range(5)]
    assert len(set(seat_colours)) == 5  # five seats, five colours
    assert _colour(page, "#chat .chat-who[data-seat='0']", "color") == seat_colours[0]
    seat = int(page.eval_on_selector("#log .who[data-seat]", "(n) => n.dataset.seat"))
    assert _colour(page, f"#log .who[data-seat='{seat}']", "color") == seat_colours[seat]

    assert _colour(page, ".track-fill", "transitionDuration") != "0s"
    page.emulate_media(reduced_motion="reduce")
    assert _colour(page, ".track-fill", "transitionDuration") == "0s"
    assert _colour(page, ".seat", "transitionDuration") == "0s"
    page.evaluate("() => document.querySelector('.seat').classList.add('falling')")
    assert _colour(page, ".seat.falling", "animationName") == "none"
    page.emulate_media(reduced_motion="no-preference")
    assert _colour(page, ".seat.falling", "animationName") == "falling"


def test_the_first_load_is_small_compressed_and_revalidated(new_tab: Callable[..., Tab]) -> None:
    tab = new_tab()
    page = tab.page
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    wire: list[float] = []
    extensions: list[str] = []
    cdp.on("Network.loadingFinished", lambda event: wire.append(event["encodedDataLength"]))
    cdp.on("Network.webSocketHandshakeResponseReceived", lambda event: extensions.append(
        {k.lower(): v for k, v in event["response"]["headers"].items()}.get("sec-websocket-extensions", "")))
    responses: list[Any] = []
    page.on("response", lambda response: responses.append(response))
    tab.open("/")
    page.wait_for_selector("#create")
    page.wait_for_load_state("networkidle")
    first = sum(wire)
    assert first <= FIRST_LOAD_LIMIT, f"the first load took {first:.0f} bytes"
    for response in responses:
        headers = response.headers
        if response.url.endswith((".js", ".css")) or "/api/" in response.url:
            if int(headers.get("content-length", "0") or 0) >= 512 or headers.get("transfer-encoding"):
                assert headers.get("content-encoding") == "gzip", response.url
        if "/static/" in response.url:
            assert headers.get("cache-control") == "no-cache" and headers.get("etag"), response.url

    wire.clear()  # a second visit: the files are revalidated (304s), not sent again
    page.reload()
    page.wait_for_selector("#create")
    page.wait_for_load_state("networkidle")
    assert sum(wire) < first / 2, (sum(wire), first)

    page.evaluate("() => { window.sameDocument = true; }")
    page.fill("#name", "Ann")
    page.click("#create button[type=submit]")
    page.wait_for_selector("#start")  # the lobby: the room was made without loading the page again
    assert page.evaluate("() => window.sameDocument === true")
    assert extensions and all("permessage-deflate" in e for e in extensions), extensions
