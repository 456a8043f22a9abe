"""Play again through the page: at the end the host clicks once, and a friend in another browser follows into the
new room by themself, in the same seat, without reloading the page, with the seat token they already held. Coming
back to the finished room's link later shows its end and a link to the new game instead of moving on."""

from __future__ import annotations

from collections.abc import Callable

from .conftest import Tab, create_through_page, join_through_page, play_together


def test_the_host_clicks_play_again_and_a_friend_follows(new_tab: Callable[..., Tab]) -> None:
    ann, bob = new_tab(), new_tab()
    code = create_through_page(ann, "killer", 4, "Ann")
    join_through_page(bob, code, "Bob")
    ann.page.click("#start")
    for tab in (ann, bob):
        tab.page.wait_for_selector("#decision")
        tab.page.evaluate("() => { window.sameDocument = true; }")  # gone if the page loads again
    play_together([ann, bob])
    assert bob.page.locator("#play-again-button").count() == 0  # only the host offers it
    assert "follow" in bob.page.locator("#play-again").inner_text()

    ann.page.click("#play-again-button")
    ann.page.wait_for_url(lambda url: "/r/" in url and not url.rstrip("/").endswith(code))
    new = ann.page.url.rstrip("/").rsplit("/", 1)[-1]
    bob.page.wait_for_url(f"**/r/{new}")
    for tab, name, seat in ((ann, "Ann", 0), (bob, "Bob", 1)):
        mine = tab.page.locator("#lobby-seats li.mine")
        mine.wait_for()
        assert (mine.get_attribute("data-seat"), mine.locator("strong").inner_text()) == (str(seat), name)
        assert tab.page.evaluate("() => window.sameDocument === true")
    assert bob.page.locator("#start").count() == 0
    held = "(room) => JSON.parse(localStorage.getItem(`treachery:room:${room}`)).seats"
    assert bob.page.evaluate(held, new) == bob.page.evaluate(held, code)  # the same token, now in the new room
    ann.page.click("#start")  # the new host token came along: the host starts the new game
    for tab in (ann, bob):
        tab.page.wait_for_selector(".seat.mine")
    # the old room's page still shows its game, for its replay
    old = new_tab().open(f"/r/{code}").page
    old.wait_for_selector("#result")
    # Bob comes back to the old link: its end, and where his next game is (he stays until he follows the link)
    back = bob.context.new_page()
    back.goto(f"{bob.base}/r/{code}")
    back.wait_for_selector("#result #rematch-link")
    assert "new game with you in it" in back.locator("#play-again").inner_text()
    back.wait_for_timeout(1600)  # longer than a live page waits before it follows
    assert back.url.rstrip("/").endswith(code)
    back.click("#rematch-link")
    back.wait_for_url(f"**/r/{new}")
    assert back.locator(".seat.mine").first.get_attribute("data-seat") == "1"
