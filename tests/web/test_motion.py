"""Motion fires in play: while a whole game is played through the page, a track that changes slides to its new
value and newly shown cards arrive (the style sheet turns both off under prefers-reduced-motion, tested beside the
seat colours). A watcher installed before the page loads records each motion class as the page adds it."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from .conftest import Tab, create_through_page

RECORD_MOTIONS = """() => {
    window.motions = [];
    new MutationObserver((records) => {
        for (const r of records) {
            for (const name of ['sliding', 'arrive', 'falling']) {
                if (r.target.classList.contains(name) && !(r.oldValue || '').split(' ').includes(name)) {
                    window.motions.push({ name, track: r.target.closest('.track')?.getAttribute('aria-label') || '' });
                }
            }
        }
    }).observe(document, { attributes: true, attributeFilter: ['class'], attributeOldValue: true, subtree: true });
}"""


def _play_to_the_end(tab: Tab, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    while tab.step() != "over":
        assert time.monotonic() < deadline, f"the game did not end in {seconds} s"
        tab.page.wait_for_timeout(40)


@pytest.mark.parametrize(("game", "players", "tracks"), [("menace", 5, ("Oxygen", "Energy")),
                                                          ("eat", 5, ("Food", "Sanity", "Build"))])
def test_a_moving_track_slides_and_new_cards_arrive(new_tab: Callable[..., Tab], game: str, players: int,
                                                    tracks: tuple[str, ...]) -> None:
    tab = new_tab()
    tab.page.add_init_script(f"({RECORD_MOTIONS})()")
    create_through_page(tab, game, players, "Ann")
    tab.page.click("#start")
    _play_to_the_end(tab)
    motions = tab.page.evaluate("() => window.motions")
    slid = {m["track"].split(":")[0] for m in motions if m["name"] == "sliding"}
    assert slid & set(tracks), f"no track slid in a whole game: {motions[:10]}"
    assert any(m["name"] == "arrive" for m in motions), "no card arrived in a whole game"
