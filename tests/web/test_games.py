"""A whole game of every registered game played through the page: one person and the server's bots."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

import treachery

from .conftest import Server, Tab, api, create_through_page, play_together

GAMES = [(name, min(max(5, treachery.game_class(name).min_players), treachery.game_class(name).max_players))
         for name in treachery.games()]  # every registered game, a fixture game kept with the tests included


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_a_whole_game_through_the_page(new_tab: Callable[..., Tab], shots: Path, game: str, players: int) -> None:
    tab = new_tab()
    code = create_through_page(tab, game, players, "Ann")
    page = tab.page
    assert page.locator("#lobby-seats li").count() == players
    page.click("#start")
    page.wait_for_selector("#decision")
    assert page.locator(".seat").count() == players
    assert page.locator(".seat.mine .seat-name").inner_text() == "Ann"
    mid: list[bool] = []

    def look(t: Tab) -> None:
        if t.answered == 2:  # mid-game: the board is drawn and the private area holds the seat's own things
            page.screenshot(path=str(shots / f"{game}-table.png"), full_page=True)
            mid.append(page.locator("#private h2").inner_text() == "Only you see this")

    play_together([tab], on_action=look)
    # the page answered at least once, unless the seat was put out before its first decision (Nightfall's night)
    assert tab.answered > 0 or page.locator(".seat.mine.out").count() == 1
    assert mid == [True] or tab.answered < 2
    result = page.locator("#result")
    result.wait_for()
    assert "Game over" in result.inner_text()
    assert page.locator("#decision").get_attribute("data-state") == "over"
    assert page.title().endswith("— treachery") and "Your turn" not in page.title()
    page.screenshot(path=str(shots / f"{game}-over.png"), full_page=True)
    # every state frame this page received was its own seat's, never another's
    seats = {frame["seat"] for frame in tab.frames if frame["type"] == "state"}
    assert seats == {0}, seats
    assert code


def test_the_home_page_offers_each_games_declared_options(new_tab: Callable[..., Tab], web_server: Server) -> None:
    """The form is built from /api/games: every game's host options appear, and a changed one reaches the room."""
    tab = new_tab()
    page = tab.open("/").page
    for name in treachery.games():
        page.select_option("#game", name)
        declared = [o for o in treachery.game_class(name).declared_options if o.setter == "host"]
        shown = page.eval_on_selector_all("[data-option]", "nodes => nodes.map((n) => n.dataset.option)")
        assert [o.key for o in declared] == [k for k in shown if k != "card_file"], name  # a --dev server adds it
    name, switch = next((n, o) for n in treachery.games() for o in treachery.game_class(n).declared_options
                        if o.type == "bool" and o.setter == "host")
    page.select_option("#game", name)
    page.click(f"[data-option={switch.key}]")
    page.fill("#name", "Ann")
    page.click("#create button[type=submit]")
    page.wait_for_selector("#start")
    code = page.url.rstrip("/").rsplit("/", 1)[-1]
    status, info = api(web_server.http, "GET", f"/api/rooms/{code}")
    assert status == 200 and info["options"] == {switch.key: not switch.default}
