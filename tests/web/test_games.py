"""A whole game of each of the four games played through the page: one person and the server's bots."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import Tab, create_through_page, play_together

GAMES = [("killer", 4), ("menace", 5), ("eat", 5), ("guest", 6)]


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
    assert tab.answered > 0
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
