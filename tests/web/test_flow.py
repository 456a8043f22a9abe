"""The table flows, through a real page: a new decision comes into view with the keyboard on its default choice, the
keyboard stays in the decision area after an answer, the log stays where a reader scrolled it, a "your turn" pill
brings a decision back that arrived while the player read the log, panels keep their state and scroll while bots
move, and a one-option decision is shown as taken for the player and then taken by the room."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Server, Tab, api, create_through_page, join_through_page


@pytest.fixture(scope="module")
def flow_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Bots take a moment (so updates arrive while the player looks around); one-option decisions answer
    themselves after a second."""
    path: Path = tmp_path_factory.mktemp("flowdb") / "treachery.db"
    srv = Server(f"sqlite:///{path}", extra=("--bot-delay", "0.25"), env={"TREACHERY_AUTO_ANSWER": "1"}).start()
    try:
        yield srv
    finally:
        srv.stop()


def _decision(page: Any) -> str:
    return str(page.evaluate("() => { const b = document.querySelector('#decision'); "
                             "return b && b.dataset.state === 'ready' ? b.dataset.decision : ''; }"))


def _next_decision(page: Any, after: str) -> str:
    page.wait_for_function("(after) => { const b = document.querySelector('#decision');"
                           " return b && ((b.dataset.state === 'ready' && b.dataset.decision !== after)"
                           " || b.dataset.state === 'over'); }", arg=after, timeout=30_000)
    return _decision(page)


FOCUS_IN_DECISION = "() => document.querySelector('#decision').contains(document.activeElement)"
DECISION_IN_VIEW = """() => { const r = document.querySelector('#decision').getBoundingClientRect();
    return r.top < innerHeight && r.bottom > 0; }"""


def _focus_scenario(page: Any) -> bool:
    """One deal of the focus checks, from the game's start; False when the deal's game ended before three answers by
    key and one taken for the player (a deal can end in a few moves), so the caller deals again."""
    page.wait_for_selector("#decision[data-state=ready]")
    # the first decision: in view, its default choice (the timer's answer, when it is one of the buttons) under the
    # keyboard
    assert page.evaluate(DECISION_IN_VIEW)
    assert page.evaluate("() => document.activeElement.matches('#decision button.option')")
    assert page.evaluate("""() => document.activeElement.matches('#decision button.option.default')
        || !document.querySelector('#decision button.option.default')""")
    # panels: reference opened and scrolled, role card closed, table facts toggled
    page.click("#card-reference summary")
    page.evaluate("() => { document.querySelector('#card-reference ul').scrollTop = 120; }")
    page.click("#role-card summary")
    facts_before = page.evaluate("() => { const f = document.querySelector('#table-facts'); return f && f.open; }")
    if facts_before is not None:
        page.click("#table-facts summary")
    answered, auto_seen, auto_taken = 0, 0, 0
    current = _decision(page)
    while answered < 6 and current:
        auto = page.locator("#auto-note").count() > 0
        if auto:  # shown as taken for the player, then taken without a key pressed
            auto_seen += 1
            assert "only choice" in page.inner_text("#auto-note")
            current = _next_decision(page, current)
            auto_taken += 1
            continue
        page.focus("#decision button.option")
        page.keyboard.press("Enter")
        answered += 1
        page.wait_for_function(FOCUS_IN_DECISION)  # the keyboard stays in the decision area
        current = _next_decision(page, current)
        if current:
            assert page.evaluate(FOCUS_IN_DECISION)
    assert auto_seen == auto_taken  # every decision shown as taken for the player was taken
    if answered < 3 or auto_seen < 1:
        return False
    # the panels kept what the player made of them while the bots moved
    assert page.locator("#card-reference").get_attribute("open") is not None
    assert page.evaluate("() => document.querySelector('#card-reference ul').scrollTop") >= 100
    assert page.locator("#role-card").get_attribute("open") is None
    if facts_before is not None:
        assert page.evaluate("() => document.querySelector('#table-facts').open") == (not facts_before)
    return True


def _started(browser: Any, server: Server, seed: int, phone: bool = False) -> Tab:
    """A four-player Killer room dealt from a known seed (the test server runs with --dev), joined by the page's player
    and started; the bots in the other seats are seeded from the room and the player always takes the first choice,
    so a deal plays the same every time on any machine."""
    status, made = api(server.http, "POST", "/api/rooms", {"game": "killer", "players": 4, "seed": seed})
    assert status == 201, made
    tab = Tab(browser, server.http, phone=phone)
    try:
        join_through_page(tab, made["room"], "Ann")
        assert api(server.http, "POST", f"/api/rooms/{made['room']}/start",
                   {"host_token": made["host_token"]})[0] == 200
    except BaseException:
        tab.close()
        raise
    return tab


def test_focus_scroll_pill_panels_and_answers_taken_for_you(browser: Any, flow_server: Server) -> None:
    """Killer's second card is a one-option decision; seeded deals make the run the same on any machine."""
    played = False
    for seed in range(1, 9):
        tab = _started(browser, flow_server, seed)
        try:
            played = _focus_scenario(tab.page)
        finally:
            tab.close()
        if played:
            break
    assert played, "no seeded deal lasted for three answers by key and one taken for the player"


def _reader_scenario(page: Any) -> bool:
    """Plays until the log overflows, then reads it while a decision comes; False when the deal's game ends first
    (a random deal can end in a few moves), so the caller deals again."""
    current = _next_decision(page, "")
    scrollable = "() => { const l = document.querySelector('#log'); return l.scrollHeight > l.clientHeight + 40; }"
    while current and not page.evaluate(scrollable):  # play on until the log has more than it shows
        page.keyboard.press("1")
        current = _next_decision(page, current)
    if not current:
        return False
    # the reader: keyboard in the log, the log scrolled back, the page scrolled down to it
    page.evaluate("""() => { const log = document.querySelector('#log'); log.tabIndex = 0; log.focus();
        log.scrollTop = 0; window.scrollTo(0, document.body.scrollHeight); }""")
    lines = page.locator("#log li").count()
    page.evaluate("() => document.querySelector('#decision button.option').click()")  # answered without focus
    current = _next_decision(page, current)
    if not current:
        return False
    assert page.locator("#log li").count() > lines
    assert page.evaluate("() => document.querySelector('#log').scrollTop") == 0  # no jump while reading
    assert not page.evaluate(FOCUS_IN_DECISION)  # the keyboard stayed with the reader
    assert not page.evaluate(DECISION_IN_VIEW)  # the page did not move either ...
    page.wait_for_selector("#turn-pill:not([hidden])")  # ... the pill says a decision waits
    page.click("#turn-pill")
    page.wait_for_function(DECISION_IN_VIEW)
    page.wait_for_function(FOCUS_IN_DECISION)
    return True


def test_a_reader_of_the_log_is_left_alone_and_the_pill_brings_the_decision(browser: Any,
                                                                          flow_server: Server) -> None:
    played = False
    for seed in range(1, 9):
        tab = _started(browser, flow_server, seed, phone=True)
        try:
            played = _reader_scenario(tab.page)
        finally:
            tab.close()
        if played:
            break
    assert played, "no seeded deal lasted long enough to read the log mid-game"


KEYBOARD_GAMES = [("killer", 4), ("menace", 5), ("eat", 5), ("guest", 5)]


@pytest.mark.parametrize(("game", "players"), KEYBOARD_GAMES)
def test_a_whole_game_with_the_keyboard_only(new_tab: Any, game: str, players: int) -> None:
    """Start and play to the end pressing keys only: Tab to the Start button, then for each decision the keyboard is
    already on its default choice; Tab and Shift+Tab move along the choices and Enter answers."""
    tab = new_tab()
    create_through_page(tab, game, players, "Ann")
    page = tab.page
    for _ in range(40):
        if page.evaluate("() => document.activeElement && document.activeElement.id === 'start'"):
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    current, answered = "", 0
    while True:
        current = _next_decision(page, current)
        if not current:
            break
        took = "() => document.activeElement.matches('#decision button.option, #decision button.part')"
        assert page.evaluate(took), "a new decision did not take the keyboard"
        for step in range(12):  # a flat decision: one Enter; a picker of parts: one Enter per step
            if _decision(page) != current:
                break
            at, count = page.evaluate("""() => { const all = [...document.querySelectorAll(
                '#decision button.option, #decision .picker-step button.part')];
                return [all.indexOf(document.activeElement), all.length]; }""")
            wanted = (int(current) * 7919 + step) % count
            # from where the keyboard starts (the default answer), Tab or Shift+Tab along the choices to the wanted one
            for _ in range(abs(wanted - max(at, 0))):
                page.keyboard.press("Tab" if wanted > at else "Shift+Tab")
            page.keyboard.press("Enter")
        answered += 1
    assert answered > 0  # a random deal can end after a few answers (the one-option ones are taken)
    page.wait_for_selector("#result:not([hidden])")
