"""Browser tests of the web client: a real `treachery serve` subprocess and Debian's chromium driven by Playwright.

No browser is downloaded: chromium is launched from /usr/bin/chromium. Screenshots go to a directory under pytest's
temporary path, printed in the test log (they are looked at by people, never compared).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")
playwright_api = pytest.importorskip("playwright.sync_api")

from ..server.conftest import Server, api  # noqa: E402

CHROMIUM = os.environ.get("TREACHERY_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: drives a real chromium against a real server (select with -m browser)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if Path(str(item.fspath)).is_relative_to(here):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    path = tmp_path_factory.mktemp("webdb") / "treachery.db"
    srv = Server(f"sqlite:///{path}").start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="package")  # closed with the web tests: Playwright's sync API holds an event loop meanwhile
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no chromium at {CHROMIUM} (install Debian's chromium package)")
    with playwright_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


SHOTS: list[Path] = []  # the screenshot folder of this run, named in the terminal summary


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("screenshots")
    SHOTS.append(folder)
    return folder


def pytest_terminal_summary(terminalreporter: Any) -> None:
    for folder in SHOTS:
        terminalreporter.write_line(f"web client screenshots: {folder}")


class Tab:
    """One browser context (one person's browser) with a page, every WebSocket frame it received, and its errors."""

    def __init__(self, browser: Any, base: str, phone: bool = False) -> None:
        size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
        self.context = browser.new_context(viewport=size)
        self.context.set_default_timeout(15_000)
        self.page = self.context.new_page()
        self.base = base
        self.frames: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []  # every WebSocket message the page sent
        self.errors: list[str] = []
        self.last: str | None = None  # the last decision this tab answered
        self.answered = 0
        self.picked = 0  # decisions answered through the picker of their parts
        self.widest = 0  # the most buttons one decision showed at once: flat options, or the parts of one group
        self.screens = 0  # privacy screens passed (pass-and-play)
        self.on_screen: Callable[[Tab], None] | None = None
        self.page.on("websocket", self._watch)
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", self._console)

    def _console(self, message: Any) -> None:
        """Console errors count as page errors (a refused script or style, a renderer that threw), except a
        WebSocket that could not connect, which is expected while a server restarts."""
        if message.type == "error" and "WebSocket" not in message.text:
            self.errors.append(message.text)

    def _watch(self, ws: Any) -> None:
        def received(payload: Any) -> None:
            if isinstance(payload, str):
                self.frames.append(json.loads(payload))

        def sent(payload: Any) -> None:
            if isinstance(payload, str):
                self.sent.append(json.loads(payload))

        ws.on("framereceived", received)
        ws.on("framesent", sent)

    def open(self, path: str) -> Tab:
        self.page.goto(self.base + path)
        return self

    def text(self) -> str:
        """Everything the page shows or holds in its DOM: text, attribute values and form values."""
        return str(self.page.evaluate("""() => {
            const parts = [document.documentElement.outerHTML];
            for (const el of document.querySelectorAll('input, textarea, select')) parts.push(el.value);
            return parts.join('\\n');
        }"""))

    def step(self) -> str:
        """Answers the page's pending decision if it shows a new one: ``acted``, ``waiting`` or ``over``.

        The option is a fixed function of the decision id; every other answer is given with the number keys (keyboard
        play), the rest by clicking the button."""
        state, decision = self.page.evaluate("""() => {
            if (document.querySelector('#privacy-screen #reveal')) return ['screen', ''];
            const box = document.querySelector('#decision');
            return box ? [box.dataset.state || '', box.dataset.decision || ''] : ['', ''];
        }""")
        if state == "screen":  # pass-and-play: the next player takes the device
            if self.on_screen is not None:
                self.on_screen(self)
            self.screens += 1
            self.page.click("#privacy-screen #reveal")
            return "acted"
        if state == "over":
            return "over"
        if state != "ready" or decision == self.last:
            return "waiting"
        if self.page.locator("#decision .picker").count():
            self.pick(decision)
            return "acted"
        # this decision's buttons only: a number key pressed once the next decision is shown would answer that one
        buttons = self.page.locator(f'#decision[data-decision="{decision}"] button.option')
        count = buttons.count()
        if not count:
            return "waiting"  # another decision came meanwhile
        self.widest = max(self.widest, count)
        index = (int(decision) * 7919) % count
        self.last = decision
        self.answered += 1
        if self.answered % 2 and index < 9:
            buttons.nth(index).press(str(index + 1))  # focused first: the key goes out while this decision is shown
        else:
            buttons.nth(index).click()
        return "acted"

    def pick(self, decision: str) -> None:
        """Answers a decision shown as a picker of its parts: a part per step (a fixed function of the decision id
        and the step), by number key or by click alike, until the choice is complete and sent."""
        self.last = decision
        self.answered += 1
        self.picked += 1
        for step in range(12):
            if self.page.evaluate("() => (document.querySelector('#decision') || {dataset: {}}).dataset.decision"
                                  ) != decision:
                return  # answered, and the next decision is already shown
            parts = self.page.locator(f'#decision[data-decision="{decision}"] .picker-step button.part:not([disabled])')
            count = parts.count()
            if not count:
                return  # sent
            self.widest = max(self.widest, self.page.evaluate(
                "() => Math.max(...[...document.querySelectorAll('#decision .picker-step')]"
                ".map((f) => f.querySelectorAll('button.part').length))"))
            index = (int(decision) * 7919 + step * 31) % count
            try:
                if (self.answered + step) % 2 and index < 9:  # a number key, pressed while this decision is shown
                    parts.nth(index).press(str(index + 1), timeout=3000)
                else:
                    parts.nth(index).click(timeout=3000)
            except playwright_api.TimeoutError:
                continue  # the picker moved on between counting its parts and the click: look again
        raise AssertionError(f"decision {decision}: the picker did not complete in 12 steps")

    def close(self) -> None:
        self.context.close()


def play_together(tabs: list[Tab], seconds: float = 90, on_action: Callable[[Tab], None] | None = None) -> None:
    """Plays every tab's decisions through its page until each page shows the game over."""
    deadline = time.monotonic() + seconds
    done: set[int] = set()
    while len(done) < len(tabs):
        assert time.monotonic() < deadline, f"the game did not end in {seconds} s"
        acted = False
        for i, tab in enumerate(tabs):
            if i in done:
                continue
            outcome = tab.step()
            if outcome == "over":
                done.add(i)
            elif outcome == "acted":
                acted = True
                if on_action is not None:
                    on_action(tab)
        if not acted:
            tabs[0].page.wait_for_timeout(40)



@pytest.fixture
def new_tab(browser: Any, web_server: Server) -> Iterator[Callable[..., Tab]]:
    """Opens browser contexts (one per person); on teardown checks no page had a script error, and closes them."""
    opened: list[Tab] = []

    def new(phone: bool = False) -> Tab:
        tab = Tab(browser, web_server.http, phone)
        opened.append(tab)
        return tab

    try:
        yield new
    finally:
        errors = [error for tab in opened for error in tab.errors]
        for tab in opened:
            tab.close()
        assert not errors, f"page errors: {errors}"


def create_through_page(tab: Tab, game: str, players: int, name: str, others: tuple[str, ...] = (),
                        timer: str = "") -> str:
    """Creates a room with the home page's form; returns the room code (the page is then in the lobby)."""
    page = tab.open("/").page
    page.select_option("#game", game)
    page.fill("#players", str(players))
    page.fill("#name", name)
    if others:
        page.fill("#local-names", "\n".join(others))
    page.select_option("#timer", timer)
    page.click("#create button[type=submit]")
    page.wait_for_selector("#start")
    return page.url.rstrip("/").rsplit("/", 1)[-1]


def join_through_page(tab: Tab, code: str, name: str) -> None:
    page = tab.open(f"/r/{code}").page
    page.fill("#join-name", name)
    page.click("#join-form button[type=submit]")
    page.wait_for_selector("#lobby-seats li.mine")


__all__ = ["Server", "Tab", "api", "create_through_page", "join_through_page"]
