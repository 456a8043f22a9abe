"""Friends at one table through their browsers: the invite, the lobby, a spectator, a refresh mid-game, chat,
the replay viewer, the how-to-play pages and a phone-sized screen."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from .conftest import Server, Tab, api, create_through_page, join_through_page, play_together


def test_friends_a_spectator_a_refresh_chat_and_the_replay(new_tab: Callable[..., Tab], web_server: Server,
                                                           shots: Path) -> None:
    ann, bob, watcher = new_tab(), new_tab(), new_tab()
    code = create_through_page(ann, "killer", 5, "Ann")
    assert ann.page.input_value("#invite").endswith(f"/r/{code}")
    bob.open("/").page.fill("#code", ann.page.input_value("#invite"))  # the invite link, pasted on the home page
    bob.page.click("#join button[type=submit]")
    bob.page.fill("#join-name", "Bob")
    bob.page.click("#join-form button[type=submit]")
    bob.page.wait_for_selector("#lobby-seats li.mine")
    watcher.open(f"/r/{code}").page.wait_for_selector("#lobby-seats")
    ann.page.wait_for_selector("#lobby-seats li[data-seat='1'] >> text=Bob")  # the lobby updates live
    assert watcher.page.locator("#start").count() == 0  # only the host starts
    bob.page.fill("#chat input", "ready when you are")  # talk in the lobby, on the table channel
    bob.page.click("#chat button[type=submit]")
    ann.page.wait_for_selector("#chat .chat-lines >> text=ready when you are")
    # every line names its seat, so look-alike names cannot pass for one another
    assert ann.page.locator("#chat .chat-line", has_text="ready when you are").inner_text() == \
        "Bob (P2): ready when you are"
    ann.page.screenshot(path=str(shots / "lobby.png"), full_page=True)
    ann.page.click("#start")
    for tab in (ann, bob, watcher):
        tab.page.wait_for_selector("#decision")
    # whoever the game waits for sees "your turn" in the window title; the others do not
    turns = 0
    for _ in range(150):  # the bots before them may think a moment (Killer's best bot searches its first card)
        turns = sum(tab.page.title().startswith("● Your turn") for tab in (ann, bob))
        if turns:
            break
        ann.page.wait_for_timeout(100)
    assert turns  # and then it is one of theirs
    for tab in (ann, bob):  # the title says it exactly when the decision is ready
        tab.page.wait_for_function("""() => {
            const state = document.querySelector('#decision')?.dataset.state;
            return (state === 'ready') === document.title.startsWith('● Your turn') && state !== 'sending';
        }""")
    assert not watcher.page.title().startswith("●")
    assert bob.page.locator(".seat.mine .seat-name").inner_text() == "Bob"
    assert watcher.page.locator(".seat.mine").count() == 0
    assert watcher.page.locator("#private h2").inner_text() == "Watching"

    # table talk: Ann says something, Bob and the spectator read it
    ann.page.fill("#chat input", "good luck, crew")
    ann.page.click("#chat button[type=submit]")
    for tab in (bob, watcher):
        tab.page.wait_for_selector("#chat .chat-lines >> text=good luck, crew")

    refreshed: list[int] = []

    def refresh_once(tab: Tab) -> None:
        # right after answering (the ack may still be on its way): reload; the seat and the action must survive
        if tab is ann and not refreshed:
            refreshed.append(tab.answered)
            tab.page.reload()
            tab.page.wait_for_selector("#decision")
            assert tab.page.locator(".seat.mine .seat-name").inner_text() == "Ann"

    play_together([ann, bob], on_action=refresh_once)
    assert refreshed, "Ann never had a decision to answer"
    watcher.page.wait_for_selector("#result")
    for name, tab in (("friends-ann", ann), ("friends-watcher", watcher)):
        tab.page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
    welcomes = [f["seat"] for f in ann.frames if f["type"] == "welcome"]
    assert welcomes == [0, 0], welcomes  # reconnected to the same seat after the refresh
    errors = [f for tab in (ann, bob) for f in tab.frames if f["type"] == "error" and f.get("code") != "stale"]
    assert not errors, errors
    status, record = api(web_server.http, "GET", f"/api/rooms/{code}/record")
    assert status == 200
    assert sum(1 for a in record["actions"] if a[0] == 0) == ann.answered  # each answer applied exactly once
    assert sum(1 for a in record["actions"] if a[0] == 1) == bob.answered

    # the replay viewer: step through as a spectator, then with everything revealed
    page = ann.open(f"/replay/{code}").page
    page.wait_for_selector("#step-caption")
    assert "Step 0 of" in page.inner_text("#step-caption")
    page.click("#forward")
    page.click("#forward")
    assert "Step 2 of" in page.inner_text("#step-caption")
    page.keyboard.press("ArrowLeft")
    assert "Step 1 of" in page.inner_text("#step-caption")
    page.click("#last")
    page.wait_for_selector("#result >> text=Game over")
    assert page.locator("#revealed").is_hidden()
    page.select_option("#eyes", "all")
    page.wait_for_selector("#revealed .secret")
    assert page.locator("#revealed .secret").count() == 5
    page.screenshot(path=str(shots / "replay-all.png"), full_page=True)


def test_the_page_reconnects_by_itself_after_a_server_restart(new_tab: Callable[..., Tab], tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path / 'restart.db'}").start()
    try:
        tab = new_tab()
        tab.base = srv.http
        create_through_page(tab, "eat", 4, "Ann")
        tab.page.click("#start")
        tab.page.wait_for_selector("#decision[data-state=ready]")
        tab.step()
        srv.kill()
        tab.page.wait_for_selector(".status.reconnecting")
        srv.start()  # the same port and database: the game is restored by replay
        tab.page.wait_for_selector(".status.connected", state="attached", timeout=20_000)
        welcomes = [i for i, f in enumerate(tab.frames) if f["type"] == "welcome"]
        assert [tab.frames[i]["seat"] for i in welcomes] == [0, 0]  # back in the same seat, nobody reloaded
        while not any(f["type"] == "ack" for f in tab.frames[welcomes[-1]:]):  # and the game goes on from the page
            assert tab.step() != "over"
            tab.page.wait_for_timeout(50)
    finally:
        srv.stop()


def test_an_unacknowledged_action_is_resent_with_its_cid_and_applied_once(new_tab: Callable[..., Tab],
                                                                           web_server: Server) -> None:
    # every seat is a person, and the three others stay idle: Ann's first decision cannot move under her
    status, made = api(web_server.http, "POST", "/api/rooms", {"game": "menace", "players": 4})
    assert status == 201
    code = made["room"]
    tab = new_tab()
    join_through_page(tab, code, "Ann")
    for name in ("Bea", "Cy", "Dot"):
        assert api(web_server.http, "POST", f"/api/rooms/{code}/join", {"name": name})[0] == 200
    assert api(web_server.http, "POST", f"/api/rooms/{code}/start", {"host_token": made["host_token"]})[0] == 200
    page = tab.page
    decision = page.locator("#decision[data-state=ready]")
    decision.wait_for()
    decision_id = int(str(decision.get_attribute("data-decision")))
    option = int(str(page.locator("#decision button.option").first.get_attribute("data-option")))
    act = json.dumps({"type": "act", "decision": decision_id, "option": option, "cid": "sent-before-a-crash"})
    remember = f"() => localStorage.setItem('treachery:pending:{code}:0', {json.dumps(act)})"
    settled = f"() => localStorage.getItem('treachery:pending:{code}:0') === null"
    acks_here = "() => window.treacheryRoom.connections.get(0).acks.filter((a) => a.cid === 'sent-before-a-crash')"
    page.evaluate(remember)  # as if the page had sent it and lost the connection before the ack
    page.reload()
    page.wait_for_function(settled)
    assert page.evaluate(acks_here) == [{"cid": "sent-before-a-crash", "duplicate": False}]  # resent and applied
    page.wait_for_selector("#decision[data-state=idle]")  # Ann's part is done; the others have not answered
    page.evaluate(remember)  # the ack was lost too: the page sends it again after the next reconnect
    page.reload()
    page.wait_for_function(settled)
    assert page.evaluate(acks_here) == [{"cid": "sent-before-a-crash", "duplicate": True}]  # and not applied again
    assert not [f for f in tab.frames if f["type"] == "error"]


def test_how_to_play_pages_from_the_table(new_tab: Callable[..., Tab], web_server: Server) -> None:
    tab = new_tab()
    page = tab.open("/howto/menace").page
    assert "how to play" in page.inner_text("h1").lower()
    assert page.locator("table").count() > 0  # the guide's tables are rendered as tables
    status, body = api(web_server.http, "GET", "/howto/chess")
    assert status == 404 and body["error"] == "no_such_game"


def test_a_phone_sized_screen(new_tab: Callable[..., Tab], shots: Path) -> None:
    phone = new_tab(phone=True)
    create_through_page(phone, "eat", 4, "Pia", timer="180")
    phone.page.click("#start")
    phone.page.wait_for_selector("#decision[data-state=ready]")
    page = phone.page
    # a timed room shows the time left on the decision, and the chime can be turned on (it is off by default)
    page.wait_for_function("() => /^[0-9]:[0-9]{2} left$/.test(document.querySelector('.countdown')?.textContent)")
    assert page.get_attribute("#sound", "aria-pressed") == "false"
    page.click("#sound")
    assert page.get_attribute("#sound", "aria-pressed") == "true"
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px screen"
    decision = page.locator("#decision").bounding_box()
    table = page.locator(".felt").bounding_box()
    assert decision is not None and table is not None and decision["y"] < table["y"]  # your move first
    page.screenshot(path=str(shots / "phone-eat.png"), full_page=True)


def test_menace_shows_the_last_discussions_claims(new_tab: Callable[..., Tab], web_server: Server) -> None:
    """M-H33: claims are public table talk; the board lists the last discussion's, worded as in the log. Seeded
    rooms (the test server runs with --dev) make each game the same every time; a game over before anyone claims
    anything shows nothing to check, so a few seeds are tried."""
    shown: list[list[str]] = []
    for seed in range(1, 5):
        status, made = api(web_server.http, "POST", "/api/rooms", {"game": "menace", "players": 5, "seed": seed})
        assert status == 201, made
        tab = new_tab()
        join_through_page(tab, made["room"], "Ann")
        assert api(web_server.http, "POST", f"/api/rooms/{made['room']}/start",
                   {"host_token": made["host_token"]})[0] == 200
        page = tab.page
        page.wait_for_selector("#decision")

        def look(t: Tab) -> None:
            items = t.page.locator(".claims-said li")
            if not shown and items.count():
                shown.append([items.nth(i).inner_text() for i in range(items.count())])

        play_together([tab], on_action=look)
        if shown:
            break
    assert shown, "no claim was made in a whole game, on any of the seeds"
    log = page.locator("#log").inner_text()
    for line in shown[0]:
        assert " says: " in line and line in log  # worded as the log words it, players' names and all
