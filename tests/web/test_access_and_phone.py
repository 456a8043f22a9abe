"""Accessibility and phones, page by page: axe-core (shipped inside axe-playwright-python, so it runs offline) finds
no serious or critical violation on the home page, the lobby, every game's table mid-game and at its end, and the
replay; and at 360 px wide no page is wider than the screen, with the replay's controls kept in reach."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import treachery

from .conftest import Tab, create_through_page, play_together

axe_api = pytest.importorskip("axe_playwright_python.sync_playwright")

PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 900}
GAMES = [(name, min(max(5, treachery.game_class(name).min_players), treachery.game_class(name).max_players))
         for name in ("killer", "eat", "menace", "guest")]
AXE = axe_api.Axe()


def serious(page: Any, where: str) -> list[str]:
    """axe-core's serious and critical violations on the page at rest, one line each (motion off: a card halfway
    through turning over is not what anyone reads)."""
    page.emulate_media(reduced_motion="reduce")
    results = AXE.run(page)
    page.emulate_media(reduced_motion="no-preference")
    return [f"{where}: {v['id']} ({v['impact']}) at {[n['target'] for n in v['nodes']][:3]}"
            for v in results.response["violations"] if v["impact"] in ("serious", "critical")]


def overflow(page: Any, where: str) -> list[str]:
    """At 360 px: how far the page is wider than the screen, if it is (then a sideways scroll appears)."""
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(50)
    wide = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    culprits = page.evaluate("""() => [...document.querySelectorAll('body *')].filter((n) => {
        const r = n.getBoundingClientRect(); return r.width && r.right > window.innerWidth + 1; })
        .slice(0, 4).map((n) => n.tagName + '.' + n.className)""") if wide > 0 else []
    page.set_viewport_size(DESKTOP)
    return [f"{where}: {wide} px wider than 360 ({culprits})"] if wide > 0 else []


def test_home_and_lobby(new_tab: Callable[..., Tab]) -> None:
    tab = new_tab()
    page = tab.open("/").page
    page.wait_for_selector("#create")
    problems = serious(page, "home") + overflow(page, "home")
    create_through_page(tab, "killer", 5, "Ann Longname-Whose-Name-Is-Long")
    page.wait_for_selector("#lobby-seats li.mine")
    problems += serious(page, "lobby") + overflow(page, "lobby")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_each_table_mid_game_and_at_the_end(new_tab: Callable[..., Tab], shots: Path, game: str,
                                            players: int) -> None:
    tab = new_tab()
    code = create_through_page(tab, game, players, "Ann")
    page = tab.page
    page.click("#start")
    page.wait_for_selector("#decision[data-state=ready]")
    problems = serious(page, f"{game} mid-game") + overflow(page, f"{game} mid-game")
    play_together([tab])
    page.locator("#result").wait_for()
    problems += serious(page, f"{game} at the end") + overflow(page, f"{game} at the end")
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(shots / f"{game}-end-360.png"), full_page=True)
    if game == "killer":  # the replay of this game
        page.goto(f"{tab.base}/replay/{code}?step=3")
        page.wait_for_selector("#step-caption")
        page.set_viewport_size(DESKTOP)
        problems += serious(page, "replay") + overflow(page, "replay")
        page.set_viewport_size(PHONE)
        page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
        page.wait_for_timeout(100)
        page.screenshot(path=str(shots / "replay-360-scrolled.png"))
        top = page.evaluate("() => document.querySelector('.replay-bar').getBoundingClientRect().top")
        assert page.evaluate("() => window.scrollY") > 200 and abs(top) < 2, "the replay controls scrolled away"
        page.click("#forward")  # still in reach, and they work
        assert "Step 4 of" in page.locator("#step-caption").inner_text()
    assert not problems, "\n".join(problems)
