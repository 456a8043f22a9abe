"""The board as input, through a real page: where a decision's options name board elements (``targets``: a seat, a
Hunting Row slot, a location), a button lies over each of those elements and pressing it, with the mouse or the
keyboard, answers exactly that option; the decision's own buttons stay. Played in Killer (every seat on one
device: Hunting Row slots to look at, scan or reveal, K-E29, K-E71, K-T27; a target, K-E34; a location, K-T12) and
in the Guest (ballots name the player to eject, G-V12) and the Menace (the card of your hand to place face down,
M-T6), with axe finding nothing serious on a table showing them."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from .conftest import Tab, create_through_page

axe_api = pytest.importorskip("axe_playwright_python.sync_playwright")
from .test_access_and_phone import serious  # noqa: E402
from .test_picker import shown  # noqa: E402

DEALS = 4  # a random deal can end before the choice a test needs: deal again, up to this many times


def overlays(tab: Tab) -> dict[str, dict[str, str]]:
    """The page's board buttons: option id -> the element it lies on and its accessible name."""
    found = tab.page.eval_on_selector_all("button.board-pick", """ns => ns.map((n) => [n.dataset.option,
        n.parentElement.dataset.target || '', n.getAttribute('aria-label') || '', n.disabled, n.tabIndex])""")
    return {o: {"on": on, "name": name, "disabled": disabled, "tab": tab_index}
            for o, on, name, disabled, tab_index in found}


def answer_on_board(tab: Tab, d: dict[str, Any], by_keyboard: bool, axe: list[str], shots: Path | None = None) -> str:
    """Checks the board buttons of decision ``d`` and answers it with one of them; returns the kind it named."""
    targets = d["targets"]
    tab.page.wait_for_function("n => document.querySelectorAll('button.board-pick:not([disabled])').length === n",
                               arg=len(targets))
    marked = overlays(tab)
    assert set(marked) == set(targets), "a board button for each target, none for other options"
    labels = {str(o["id"]): o["label"] for o in d["options"]}
    for option, target in targets.items():
        assert marked[option]["on"] == f"{target['kind']}:{target['value']}", (option, target, marked[option])
        assert marked[option]["name"] and marked[option]["tab"] >= 0 and not marked[option]["disabled"]
        flat = tab.page.locator(f'#decision button.option[data-option="{option}"] > span')
        if flat.count():  # the same words as the decision's own button (which stays)
            assert marked[option]["name"] == flat.inner_text()
        elif "parts" not in d:
            raise AssertionError(f"option {option} lost its button in the decision area")
        assert labels[option]
    if not axe:
        axe.extend(serious(tab.page, f"{d['kind']} with board buttons") or ["checked"])
        if shots is not None:  # what a player sees: the board with its buttons, for a person to look at
            tab.page.screenshot(path=str(shots / f"board-{d['kind']}-{d['id']}.png"), full_page=True)
    chosen = sorted(targets, key=int)[(d["id"] * 7919) % len(targets)]
    button = tab.page.locator(f'button.board-pick[data-option="{chosen}"]')
    tab.last = str(d["id"])
    if by_keyboard:
        button.focus()
        tab.page.keyboard.press("Enter")
        focus = tab.page.evaluate("""() => document.querySelector('#privacy-screen') ? 'screen'
            : (document.activeElement.closest('#decision') ? 'decision' : document.activeElement.tagName)""")
        assert focus in ("decision", "screen"), f"after answering on the board the keyboard is on {focus}"
    else:
        button.click()
    deadline = time.monotonic() + 10
    while not any(m.get("type") == "act" and m["decision"] == d["id"] for m in tab.sent):
        assert time.monotonic() < deadline, "the board button sent nothing"
        tab.page.wait_for_timeout(20)
    sent = [m for m in tab.sent if m.get("type") == "act" and m["decision"] == d["id"]]
    assert [m["option"] for m in sent] == [int(chosen)], "exactly the option the board button names is sent"
    return str(targets[chosen]["kind"])


def play_on_the_board(tab: Tab, seconds: float = 150, shots: Path | None = None) -> tuple[Counter[str], list[str]]:
    """Plays the page's game to its end, answering on the board every decision that offers it (by mouse and by
    keyboard in turn), the others with their buttons; returns the kinds answered on the board, and axe's findings
    on the first table that showed board buttons."""
    kinds: Counter[str] = Counter()
    axe: list[str] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        d = shown(tab)
        if d is not None and d.get("targets") and str(d["id"]) != tab.last:
            kinds[answer_on_board(tab, d, by_keyboard=sum(kinds.values()) % 2 == 1, axe=axe, shots=shots)] += 1
            continue
        outcome = tab.step()
        if outcome == "over":
            assert tab.page.locator("button.board-pick").count() == 0, "board buttons after the end"
            return kinds, [a for a in axe if a != "checked"]
        if outcome == "waiting":
            tab.page.wait_for_timeout(40)
    raise AssertionError(f"the game did not end in {seconds} s")


def test_killer_slots_seats_and_locations_answer_from_the_board(new_tab: Any, shots: Path) -> None:
    kinds: Counter[str] = Counter()
    for _ in range(DEALS):
        tab = new_tab()
        create_through_page(tab, "killer", 4, "Ann", others=("Bob", "Cy", "Di"))  # every seat on this device
        tab.page.click("#start")
        tab.page.wait_for_selector("#decision, #privacy-screen")
        got, axe = play_on_the_board(tab, shots=shots)
        assert not axe, axe
        kinds += got
        if kinds["slot"] and kinds["seat"]:
            break
    assert kinds["slot"] > 0, f"no Hunting Row slot was answered on the board in {DEALS} games: {kinds}"
    assert set(kinds) <= {"slot", "seat", "location"}


def test_guest_ballots_answer_from_the_seats(new_tab: Any) -> None:
    kinds: Counter[str] = Counter()
    for _ in range(DEALS):
        tab = new_tab()
        create_through_page(tab, "guest", 5, "Ann")
        tab.page.click("#start")
        tab.page.wait_for_selector("#decision, #privacy-screen")
        got, axe = play_on_the_board(tab, seconds=200)
        assert not axe, axe
        kinds += got
        if kinds["seat"]:
            break
    assert kinds["seat"] > 0 and set(kinds) == {"seat"}, kinds


def test_menace_cards_in_hand_answer_from_the_hand(new_tab: Any) -> None:
    kinds: Counter[str] = Counter()
    for _ in range(DEALS):
        tab = new_tab()
        create_through_page(tab, "menace", 4, "Ann")
        tab.page.click("#start")
        tab.page.wait_for_selector("#decision")
        got, axe = play_on_the_board(tab, seconds=200)
        assert not axe, axe
        kinds += got
        if kinds["card"]:
            break
    assert kinds["card"] > 0 and set(kinds) <= {"card", "seat"}, kinds
