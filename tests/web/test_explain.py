"""The table explains the game, through the page, for each of the four games: the role card (shown from the first
decision, kept open across updates), card texts on hover and keyboard focus (hand, options, log), rule references
behind a switch, the banner when you are out, and the end summary with every seat's role. The page text never
shows a bare card code. Screenshots at the first decision, mid-game and the end, on a desktop and on a phone."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import treachery

from .conftest import Server, Tab, api, create_through_page, join_through_page, play_together

GAMES = [("killer", 4), ("menace", 5), ("eat", 5), ("guest", 5)]
# Where a seat is seldom out in a short game, a setup begins with the person's seat already out (test server: --dev):
# an Exiled crewmember still plays (M-V31); a Ghost still plays against the living (W-T3).
OUT_AT_START = {"menace": {"start": {"exiled": [0]}}, "eat": {"start": {"round": 2, "ghosts": [0]}}}
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def _codes(game: str) -> dict[str, tuple[str, ...]]:
    """Every card code of the game with the names it may follow in brackets ("Galley 1 (GA1)")."""
    sample = treachery.new_game(game, players=treachery.game_class(game).min_players, seed=0)
    return {e["code"]: tuple(e[k] for k in ("name", "position") if e.get(k)) for e in sample.card_texts()
            if e.get("code")}


def _bare_codes(text: str, codes: dict[str, tuple[str, ...]], players: int) -> list[str]:
    found = []
    for match in re.finditer(r"\b[A-Z]{1,2}\d{1,2}\b", text):
        code = match.group(0)
        if code not in codes or code[0] == "P" and code[1:].isdigit() and int(code[1:]) <= players:
            continue
        if not any(text[:match.start()].endswith(f"{name} (") for name in codes[code]):
            found.append(code)
    return found


def _shoot(tab: Tab, shots: Path, name: str) -> None:
    page = tab.page
    page.screenshot(path=str(shots / f"{name}-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(shots / f"{name}-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_table_explains_the_game(new_tab: Callable[..., Tab], shots: Path, game: str, players: int) -> None:
    tab = new_tab()
    create_through_page(tab, game, players, "Ann")
    page = tab.page
    page.click("#start")
    page.wait_for_selector("#decision[data-state=ready]")
    codes = _codes(game)

    # the role card, from the first decision: who you are, how you win, what you can do
    role = page.locator("#role-card")
    role.wait_for()
    assert role.get_attribute("open") is not None
    text = role.inner_text()
    assert "You are" in text and "How you win" in text and "What you can do" in text
    # the card reference is there for every game, with texts
    assert page.locator("#card-reference li").count() > 5
    # an option that names a card explains it on keyboard focus (and on hover: the button's title)
    named = page.locator("#decision button.option[aria-describedby=option-help]")
    if named.count():
        named.first.focus()
        assert page.locator("#option-help").inner_text().strip()
        assert ":" in (named.first.get_attribute("title") or "")
    # a card in hand shows its text on keyboard focus
    held = page.locator("#private .hand .cardref")
    if held.count():
        held.first.focus()
        assert held.first.locator(".tip").is_visible()
    # rule IDs are hidden until asked for
    assert not page.locator("#log .rules").first.is_visible() if page.locator("#log .rules").count() else True
    _shoot(tab, shots, f"{game}-first")

    seen = {"fate": "", "log_tip": False, "mid": False, "closed_kept": None}

    def look(t: Tab) -> None:
        if t.answered == 3 and not seen["mid"]:
            seen["mid"] = True
            _shoot(t, shots, f"{game}-mid")
            # the role card stays open across updates; closed by the player, it stays closed
            seen["closed_kept"] = page.locator("#role-card").get_attribute("open") is not None
        fate = page.locator("#fate")
        if fate.count() and not seen["fate"]:
            try:
                seen["fate"] = fate.inner_text(timeout=2000)
            except PlaywrightTimeout:  # the banner gave way to the end summary between the count and the read
                return
            _shoot(t, shots, f"{game}-fate")
        ref = page.locator("#log .cardref")
        if not seen["log_tip"] and ref.count():
            ref.last.focus()
            try:  # shown on focus; a busy machine may draw it a moment later
                ref.last.locator(".tip").wait_for(state="visible", timeout=2000)
                seen["log_tip"] = True
            except PlaywrightTimeout:
                pass  # the log moved on meanwhile: tried again at the next answer

    play_together([tab], on_action=look, seconds=150)
    assert seen["closed_kept"] in (True, None)  # None: the game ended before a third answer
    if seen["fate"]:  # out before the end: the banner says what happened and what is left to do
        fates = treachery.game_class(game).texts()["fates"].values()
        assert any(f["title"] in seen["fate"] and f["still"] in seen["fate"] for f in fates), seen["fate"]
    result = page.locator("#result")
    result.wait_for()
    summary = result.inner_text()
    assert "Game over" in summary and ("You won!" in summary or "You lost." in summary)
    assert summary.count("(P") >= players  # every seat, named, with its role beside it
    rows = page.locator("#result .end-roles tbody tr")
    assert rows.count() == players and all(rows.nth(i).locator("td").nth(1).inner_text().strip() not in ("", "—")
                                           for i in range(players))
    # the switch shows the rule references that every log line keeps
    page.check("#show-rules")
    assert page.locator("#log .rules").first.is_visible()
    page.uncheck("#show-rules")
    _shoot(tab, shots, f"{game}-end")
    shown = page.evaluate("() => document.body.innerText")
    assert not _bare_codes(shown, codes, players), _bare_codes(shown, codes, players)
    assert "(s)" not in shown and not re.search(r"\b[Ss]eat \d", shown)
    if not seen["log_tip"] and game != "guest" and page.locator("#log .cardref").count():
        ref = page.locator("#log .cardref").last  # the log stands still now: focus a card it names
        ref.focus()
        ref.locator(".tip").wait_for(state="visible", timeout=5000)
        seen["log_tip"] = True
    assert seen["log_tip"] or game == "guest"  # the Guest's log names cards less often


def test_the_role_card_stays_closed_when_the_player_closes_it(new_tab: Callable[..., Tab]) -> None:
    tab = new_tab()
    create_through_page(tab, "killer", 4, "Ann")
    page = tab.page
    page.click("#start")
    page.wait_for_selector("#role-card[open]")
    page.click("#role-card summary")
    assert page.locator("#role-card").get_attribute("open") is None
    answered = 0
    while answered < 3 and tab.step() != "over":
        answered = tab.answered
        page.wait_for_timeout(50)
    assert page.locator("#role-card").get_attribute("open") is None


@pytest.fixture(scope="module")
def roomy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of its own for the seeded rooms below (several per game), its room-creation limit raised."""
    path = tmp_path_factory.mktemp("fatedb") / "treachery.db"
    srv = Server(f"sqlite:///{path}", env={"TREACHERY_CREATE_RATE": "100000/minute",
                                           "TREACHERY_MAX_CLIENT_LOBBIES": "100000"}).start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_your_fate_is_shown_with_what_you_can_still_do(browser: Any, roomy_server: Server, shots: Path,
                                                      game: str, players: int) -> None:
    """Killed, ejected, exiled or eaten: a banner says so, why, and what is left to do. Seeded rooms (the test server
    runs with --dev) make each game the same every time; a few seeds are tried until the person's seat is out."""
    web_server = roomy_server
    for seed in range(1, 9):
        status, made = api(web_server.http, "POST", "/api/rooms", {"game": game, "players": players, "seed": seed,
                                                                   "setup": OUT_AT_START.get(game)})
        assert status == 201, made
        tab = Tab(browser, web_server.http)
        join_through_page(tab, made["room"], "Ann")
        assert api(web_server.http, "POST", f"/api/rooms/{made['room']}/start",
                   {"host_token": made["host_token"]})[0] == 200
        page = tab.page
        page.wait_for_selector("#decision[data-state]")
        # kept as soon as it is drawn: with bots answering at once the game may end (and the banner give way to
        # the result) right after your seat is out, between two looks of this loop on a busy machine
        page.evaluate("""() => {
            window.fateSeen = null;
            const look = () => {
                const f = document.querySelector('#fate');
                if (f && !window.fateSeen) {
                    window.fateSeen = [f.innerText, (f.querySelector('.fate-still') || {}).innerText || ''];
                }
            };
            look();
            new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true });
        }""")
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            seen = page.evaluate("() => window.fateSeen")
            if seen:
                banner, still = seen
                _shoot(tab, shots, f"{game}-fate")
                assert any(word in banner for word in ("dead", "killed", "Exiled", "off the ship", "eaten"))
                assert still.strip()  # what you can still do
                assert not tab.errors, tab.errors
                tab.close()
                return
            if tab.step() == "over":
                if page.evaluate("() => window.fateSeen"):
                    continue  # out at the very end: the banner was drawn, read it above
                break
            page.wait_for_timeout(30)
        tab.close()
    pytest.fail(f"in no seeded {game} game was the person's seat out before the end")
