"""Game-night polish through the page: "ready" in the lobby, a countdown on the server's clock when the device's
clock is wrong, and seats labelled the way the games' texts name them (P1 for seat 0 in every game; M-S2 keeps
seats 0-based in data only)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest

from .conftest import Tab, create_through_page, join_through_page


def test_players_mark_ready_and_the_host_starts_anyway(new_tab: Callable[..., Tab]) -> None:
    ann, bob = new_tab(), new_tab()
    code = create_through_page(ann, "killer", 4, "Ann")
    join_through_page(bob, code, "Bob")
    host = ann.page
    host.wait_for_selector("#lobby-seats li[data-seat='1'] .badge.not-ready")
    assert host.locator("#ready-count").inner_text().startswith("0 of 2 players ready")

    bob.page.click("#lobby-seats li.mine .ready-toggle")
    host.wait_for_selector("#lobby-seats li[data-seat='1'] .badge.ready")  # the host sees who is ready
    assert host.locator("#ready-count").inner_text().startswith("1 of 2 players ready")
    assert "start anyway" in host.locator("#ready-count").inner_text()
    # Bob's own page shows him ready once its frame arrives (it may come after the host's): wait for it.
    bob.page.wait_for_selector("#lobby-seats li.mine .ready-toggle[aria-pressed='true']")
    assert bob.page.locator("#start").count() == 0  # only the host starts

    host.click("#start")  # Ann never said ready; she keeps her seat, and so does Bob
    for tab, name in ((ann, "Ann"), (bob, "Bob")):
        tab.page.wait_for_selector(".seat.mine")
        assert tab.page.locator(".seat.mine .seat-name").inner_text() == name


def test_the_countdown_runs_on_the_servers_clock(new_tab: Callable[..., Tab]) -> None:
    """The device's clock is an hour fast: counting down to the raw deadline would show 0:00 at once."""
    tab = new_tab()
    tab.page.clock.install(time=time.time() + 3600)  # time flows on from there
    create_through_page(tab, "eat", 4, "Ann", timer="180")
    page = tab.page
    page.click("#start")
    page.wait_for_selector("#decision[data-state=ready] .countdown")
    page.wait_for_function("() => / left$/.test(document.querySelector('.countdown').textContent)")
    shown = page.locator(".countdown").inner_text()
    minutes, seconds = map(int, re.match(r"(\d+):(\d\d) left", shown).groups())  # type: ignore[union-attr]
    # 3:00 or a second or two over: the offset is taken when the frame arrives, so a frame slowed on a loaded
    # machine reads the server's clock a little behind (the hour-fast device clock would show 0:00)
    assert 120 < minutes * 60 + seconds <= 182, shown


@pytest.mark.parametrize(("game", "players", "label"), [("menace", 5, "P{}"), ("guest", 5, "P{}")])
def test_seat_labels_follow_the_games_own_texts(new_tab: Callable[..., Tab], game: str, players: int,
                                                label: str) -> None:
    first = 1
    tab = new_tab()
    create_through_page(tab, game, players, "Ann")
    page = tab.page
    lobby = page.locator("#lobby-seats .seat-label").all_inner_texts()
    assert lobby == [label.format(s + first) for s in range(players)]
    page.click("#start")
    page.wait_for_selector("#decision[data-state=ready]")
    badges = dict(page.evaluate("""() => [...document.querySelectorAll('.seat')].map(
        (s) => [Number(s.dataset.seat), s.querySelector('.seat-label').textContent])"""))
    assert badges == {s: label.format(s + first) for s in range(players)}
    # every seat the texts name (log lines, prompts, option buttons) is shown as its player, titled with the label
    # of the badge of that same seat; play on until some name a seat
    named: list[list[object]] = []
    for _ in range(40):
        named = page.evaluate("""() => [...document.querySelectorAll('#log .who, #decision .who')].map(
            (w) => [Number(w.dataset.seat), w.getAttribute('title'), w.textContent])""")
        if named or tab.step() == "over":
            break
        page.wait_for_timeout(100)
    assert named, "no text named a seat"
    names = dict(page.evaluate("""() => [...document.querySelectorAll('.seat')].map(
        (s) => [Number(s.dataset.seat), s.querySelector('.seat-name').textContent])"""))
    for seat, title, text in named:  # a bot's card says "Bot"; texts call it "Bot <label>" to tell bots apart
        assert title.lower() == badges[seat].lower(), (seat, title)  # "Seat 2 picks …" opens a sentence
        assert text == (f"Bot {badges[seat]}" if names[seat] == "Bot" else names[seat]), (seat, text)


def test_the_how_to_play_pages_fit_a_phone(new_tab: Callable[..., Tab]) -> None:
    """Wide rule tables scroll inside themselves; the page itself never scrolls sideways on a phone."""
    tab = new_tab(phone=True)
    for game in ("killer", "menace", "eat", "guest"):
        page = tab.open(f"/howto/{game}").page
        page.wait_for_selector("h1")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, f"/howto/{game} is {width}px wide on a 390px screen"
