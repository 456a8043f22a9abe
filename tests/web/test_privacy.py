"""No page ever shows what its seat may not know: pass-and-play behind a privacy screen, and canary markers.

The Menace is played with a card file in which every Agenda, Below Deck card and Character carries a unique marker
(``ZQa3``). The game's record is then replayed with the engine to learn which markers each seat's own view and log
held before the end; every page's DOM and every frame it received may carry only those (a spectator: only the
public ones), and a privacy screen carries none at all. The card reference (every card's name and text, the same
for every seat and spectator: the rules are public) is checked to be the same for all, then left out of the search."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import treachery
from treachery.games.menace.cards import CARD_FILE

from .conftest import Server, Tab, api, play_together

MARKER = re.compile(r"ZQ[abc]\d+")
SECTIONS = {"[[agenda]]": "a", "[[bda]]": "b", "[[character]]": "c"}


def canary_cards(folder: Path) -> Path:
    """The game's own card file with a unique marker appended to every Agenda, card and Character name."""
    lines, section, counter = [], "", 0
    for line in CARD_FILE.read_text(encoding="utf-8").splitlines():
        if line.startswith("["):
            section = SECTIONS.get(line.strip(), "")
        elif section and line.startswith("name = "):
            counter += 1
            line = line[:-1] + f' ZQ{section}{counter}"'
        lines.append(line)
    path = folder / "canary-cards.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def markers(text: str) -> set[str]:
    return set(MARKER.findall(text))


def allowed_markers(record: dict[str, Any]) -> dict[int | None, set[str]]:
    """For each seat (None: a spectator), the markers its own view and log held at some point before the end."""
    game = treachery.new_game(record["game"], record["players"], record["seed"], record["options"], record["setup"])
    seats: list[int | None] = [*range(record["players"]), None]
    allowed: dict[int | None, set[str]] = {s: set() for s in seats}

    def look() -> None:
        for s in seats:
            allowed[s] |= markers(json.dumps(game.view(s)) + json.dumps(game.log_for(s)))

    look()
    for seat, option, *_ in record["actions"][:-1]:  # the last action ends the game, which reveals everything
        game.act(seat, option)
        look()
    return allowed


def test_pass_and_play_and_canaries(new_tab: Callable[..., Tab], web_server: Server, tmp_path: Path) -> None:
    cards = canary_cards(tmp_path)
    status, made = api(web_server.http, "POST", "/api/rooms", {"game": "menace", "players": 5, "seed": 4321,
                                                              "options": {"card_file": str(cards)}})
    assert status == 201, made
    code = made["room"]
    device, carl, watcher = new_tab(), new_tab(), new_tab()
    page = device.open(f"/r/{code}").page
    for name in ("Ann", "Bob"):  # two players on one device
        page.fill("#join-name", name)
        page.click("#join-form button[type=submit]")
        page.wait_for_selector(f"#lobby-seats li.mine >> text={name}")
    page.wait_for_selector("text=Add another player on this device")
    carl.open(f"/r/{code}").page.fill("#join-name", "Carl")
    carl.page.click("#join-form button[type=submit]")
    carl.page.wait_for_selector("#lobby-seats li.mine")
    watcher.open(f"/r/{code}").page.wait_for_selector("#lobby-seats")
    status, _ = api(web_server.http, "POST", f"/api/rooms/{code}/start", {"host_token": made["host_token"]})
    assert status == 200

    # Menace claims from the chat panel's menu (M-H38): said on the table, read by the spectator too
    carl.page.wait_for_selector("#chat form.claims")
    carl.page.select_option("#chat form.claims select[aria-label=Claim]", "suspect")
    carl.page.click("#chat form.claims button[type=submit]")
    watcher.page.wait_for_selector("#chat .chat-line.claim")

    snapshots: list[tuple[str, int | None, bool, str]] = []  # (who, seat shown, over, everything in the DOM)

    def snapshot(tab: Tab, who: str) -> None:
        # one evaluation, so the seat, the game-over flag and the text all belong to the same moment of the page
        over, seat, text = tab.page.evaluate("""() => {
            const page = document.documentElement.cloneNode(true);
            for (const node of page.querySelectorAll('#card-reference')) node.remove();  // public: every name
            return [document.querySelector('#decision')?.dataset.state === 'over',
                    document.querySelector('.seat.mine')?.dataset.seat ?? null, page.outerHTML]; }""")
        snapshots.append((who, None if seat is None else int(seat), bool(over), text))

    def on_screen(tab: Tab) -> None:
        text = tab.text()
        assert markers(text) == set(), "the privacy screen shows a secret"
        assert tab.page.locator("#private, .seat, #decision").count() == 0, "the table is behind the privacy screen"

    device.on_screen = on_screen
    names = {id(device): "device", id(carl): "carl"}
    play_together([device, carl], on_action=lambda tab: snapshot(tab, names[id(tab)]))
    snapshot(watcher, "watcher")
    assert device.screens >= 2, "the device never passed between its two players"

    status, record = api(web_server.http, "GET", f"/api/rooms/{code}/record")
    assert status == 200
    allowed = allowed_markers(record)
    everything = set().union(*allowed.values())
    assert len(everything) > len(allowed[None]) + 5  # the canaries are there, and most are secret
    checked = 0
    for who, seat, over, text in snapshots:
        if over or (who == "device" and seat is None):
            continue
        expected_seat = {"device": seat, "carl": 2, "watcher": None}[who]
        assert seat == expected_seat, (who, seat)
        leaked = markers(text) - allowed[seat]
        assert not leaked, f"{who} (seat {seat}) shows {sorted(leaked)}"
        checked += 1
    assert checked > 5
    # the card reference is public: the same list for every connection, the spectator's too
    references = [f["cards"] for tab in (device, carl, watcher) for f in tab.frames if "cards" in f]
    assert len(references) >= 3 and all(r == references[0] for r in references)
    # every frame a page received before the end holds only what that connection's seat may know
    for tab, who in ((device, "device"), (carl, "carl"), (watcher, "watcher")):
        for frame in tab.frames:
            if frame.get("over") or frame["type"] == "welcome":
                continue
            seat = frame.get("seat") if frame["type"] == "state" else None
            if frame["type"] == "state":
                leaked = markers(json.dumps({k: v for k, v in frame.items() if k != "cards"})) - allowed[seat]
                assert not leaked, f"{who}: a frame for seat {seat} carries {sorted(leaked)}"
    # the device held two seats: each of its connections was sent only its own seat's state
    assert {f["seat"] for f in device.frames if f["type"] == "state"} == {0, 1}
    assert {f["seat"] for f in carl.frames if f["type"] == "state"} == {2}
    assert {f["seat"] for f in watcher.frames if f["type"] == "state"} == {None}
