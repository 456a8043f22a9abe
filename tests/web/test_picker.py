"""Structured choices through a real page: a decision whose options are combinations is asked as a picker of their
parts (Eat: the card to Play, then the card to Keep; the Menace's discussion: the vote or what to say, then about
whom and which card; the Guest: a card, then its targets). Each step narrows to the options that fit the parts
chosen, Back undoes a step, the keyboard reaches every part, nothing is sent before the choice is complete and then
exactly one option id is; no decision shows more than a dozen buttons at once, and axe finds nothing serious on a
picker mid-choice, on a desktop or a 360 px phone."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import treachery

from .conftest import Tab, create_through_page, play_together

axe_api = pytest.importorskip("axe_playwright_python.sync_playwright")
from .test_access_and_phone import DESKTOP, PHONE, overflow, serious  # noqa: E402

MOST = 12
DEALS = 4  # a random deal can end before the choice a test needs: deal again, up to this many times

Part = tuple[str, str]


def shown(tab: Tab) -> dict[str, Any] | None:
    """The decision the page shows ready to answer, as the server sent it (with its parts), else None."""
    state, decision = tab.page.evaluate("""() => { const b = document.querySelector('#decision');
        return b ? [b.dataset.state || '', b.dataset.decision || ''] : ['', '']; }""")
    if state != "ready":
        return None
    for frame in reversed(tab.frames):
        if frame["type"] == "state":
            for d in frame["decisions"]:
                if str(d["id"]) == decision:
                    return d
    return None


def play_until(tab: Tab, wanted: Callable[[dict[str, Any]], bool], seconds: float = 150) -> dict[str, Any] | None:
    """Plays the page's decisions (pickers included) until it shows a decision with parts that ``wanted`` accepts;
    None if the game ended first."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        d = shown(tab)
        if d is not None and "parts" in d and str(d["id"]) != tab.last and wanted(d):
            return d
        outcome = tab.step()
        if outcome == "over":
            return None
        if outcome == "waiting":
            tab.page.wait_for_timeout(40)
    raise AssertionError(f"no wanted decision and no end in {seconds} s")


def steps_of(d: dict[str, Any], chosen: tuple[Part, ...]) -> list[tuple[str, str, str]]:
    """What the picker should offer after ``chosen``: (group, value, label) of the next parts, in option order."""
    out: list[tuple[str, str, str]] = []
    for option in d["options"]:
        parts = d["parts"][str(option["id"])]
        key = tuple((p["group"], p["value"]) for p in parts)
        if key[:len(chosen)] == chosen and len(key) > len(chosen):
            nxt = parts[len(chosen)]
            if (nxt["group"], nxt["value"], nxt["label"]) not in out:
                out.append((nxt["group"], nxt["value"], nxt["label"]))
    return out


def on_page(page: Any) -> list[tuple[str, str]]:
    """The parts the picker's step shows: (group, value) of each button."""
    return [tuple(x) for x in page.eval_on_selector_all(
        "#decision .picker-step button.part", "ns => ns.map((n) => [n.dataset.group, n.dataset.value])")]


def check_step(page: Any, d: dict[str, Any], chosen: tuple[Part, ...]) -> list[tuple[str, str, str]]:
    """The page offers exactly the next parts of the options that fit ``chosen``, no flat buttons, none sent yet."""
    expected = steps_of(d, chosen)
    assert on_page(page) == [(g, v) for g, v, _ in expected]
    assert page.locator("#decision button.option").count() == 0
    picked = page.eval_on_selector_all("#decision .picked-part", "ns => ns.length")
    assert picked == len(chosen)
    return expected


def default_part(d: dict[str, Any], chosen: tuple[Part, ...] = ()) -> Part:
    """Where the keyboard starts a step: on the decision's default answer's part (what the timer would take) while
    the parts chosen so far fit it, else on the step's first part."""
    parts = [(p["group"], p["value"]) for p in d["parts"][str(d["default"])]]
    if tuple(parts[:len(chosen)]) == chosen and len(parts) > len(chosen):
        return parts[len(chosen)]
    return steps_of(d, chosen)[0][:2]


def part_button(page: Any, group: str, value: str) -> Any:
    return page.locator(f'#decision .picker-step button.part[data-group="{group}"][data-value="{value}"]')


def acts(tab: Tab) -> list[dict[str, Any]]:
    return [m for m in tab.sent if m.get("type") == "act"]


def sent_parts(tab: Tab, d: dict[str, Any]) -> tuple[Part, ...]:
    """The parts of the one option the page sent for ``d``."""
    mine = [m for m in acts(tab) if m["decision"] == d["id"]]
    assert len(mine) == 1, f"decision {d['id']} was answered {len(mine)} times"
    return tuple((p["group"], p["value"]) for p in d["parts"][str(mine[0]["option"])])


def focused_part(page: Any) -> tuple[str, str] | None:
    got = page.evaluate("""() => { const a = document.activeElement;
        return a && a.matches('#decision .picker-step button.part') ? [a.dataset.group, a.dataset.value] : null; }""")
    return tuple(got) if got else None


def start(tab: Tab, game: str, players: int) -> None:
    create_through_page(tab, game, players, "Ann")
    tab.page.click("#start")


def finish(tab: Tab) -> None:
    """Plays the game to its end through the page; no decision of it showed more than a dozen buttons at once."""
    play_together([tab], seconds=150)
    assert 0 < tab.widest <= MOST, f"a decision showed {tab.widest} buttons at once"


def three_cards(d: dict[str, Any]) -> bool:
    return d["kind"] == "select" and len(steps_of(d, ())) >= 3


def look(page: Any, shots: Path, name: str) -> list[str]:
    """Screenshots of the picker as it stands (desktop, 390 and 360 px) and what axe and the phone check find."""
    problems = serious(page, name)
    page.locator("#decision").screenshot(path=str(shots / f"{name}-desktop.png"))
    problems += overflow(page, name)
    for width in (390, 360):
        page.set_viewport_size({"width": width, "height": PHONE["height"]})
        page.wait_for_timeout(50)
        page.locator("#decision").scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"{name}-{width}.png"))
    page.set_viewport_size(DESKTOP)
    return problems


def test_eat_play_and_keep_with_the_mouse(new_tab: Callable[..., Tab], shots: Path) -> None:
    for _ in range(DEALS):
        tab = new_tab()
        start(tab, "eat", 5)
        d = play_until(tab, three_cards)
        if d is None:
            continue
        page = tab.page
        before = len(acts(tab))
        plays = check_step(page, d, ())
        assert {g for g, _, _ in plays} == {"Play"}
        problems = look(page, shots, "picker-eat-play")
        first, second = plays[0], plays[1]
        part_button(page, first[0], first[1]).click()  # step 1: the card to Play
        keeps = check_step(page, d, ((first[0], first[1]),))
        assert {g for g, _, _ in keeps} == {"Keep"}
        assert first[2] in page.inner_text("#decision .picked")
        assert len(acts(tab)) == before, "a part was sent before the choice was complete"
        problems += look(page, shots, "picker-eat-keep")
        page.click("#decision .picker .back")  # Back: step 1 again, the keyboard on the card undone
        check_step(page, d, ())
        assert focused_part(page) == (first[0], first[1])
        part_button(page, second[0], second[1]).click()
        keeps = check_step(page, d, ((second[0], second[1]),))
        last = keeps[-1]
        part_button(page, last[0], last[1]).click()  # step 2 completes the choice: sent at once
        page.wait_for_function(f"() => document.querySelector('#decision').dataset.decision !== '{d['id']}'"
                               " || document.querySelector('#decision').dataset.state !== 'ready'")
        assert sent_parts(tab, d) == ((second[0], second[1]), (last[0], last[1]))
        assert not problems, "\n".join(problems)
        finish(tab)
        assert tab.picked >= 1
        return
    pytest.fail(f"{DEALS} deals ended before a Play/Keep choice of three cards")


def test_eat_play_and_keep_with_the_keyboard_only(new_tab: Callable[..., Tab]) -> None:
    for _ in range(DEALS):
        tab = new_tab()
        start(tab, "eat", 5)
        d = play_until(tab, three_cards)
        if d is None:
            continue
        page = tab.page
        plays = check_step(page, d, ())
        # a new decision takes the keyboard: on its default answer's part of the first step
        page.wait_for_function("() => document.activeElement.matches('#decision .picker-step button.part')")
        assert focused_part(page) == default_part(d)
        page.keyboard.press("Home")
        assert focused_part(page) == plays[0][:2]
        page.keyboard.press("ArrowRight")
        assert focused_part(page) == plays[1][:2]
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowLeft")  # round to the last
        assert focused_part(page) == plays[-1][:2]
        page.keyboard.press("Home")
        page.keyboard.press("Tab")  # Tab walks the parts too
        assert focused_part(page) == plays[1][:2]
        page.keyboard.press("Enter")  # step 1: the second card to Play
        keeps = check_step(page, d, (plays[1][:2],))
        assert focused_part(page) == default_part(d, (plays[1][:2],))  # the keyboard moved on to step 2
        page.keyboard.press("Escape")  # undo the step
        check_step(page, d, ())
        assert focused_part(page) == plays[1][:2]
        page.keyboard.press(" ")  # Space presses too
        check_step(page, d, (plays[1][:2],))
        page.keyboard.press("2")  # a number key picks within the step: the second card to Keep
        page.wait_for_function(f"() => document.querySelector('#decision').dataset.decision !== '{d['id']}'"
                               " || document.querySelector('#decision').dataset.state !== 'ready'")
        assert sent_parts(tab, d) == (plays[1][:2], keeps[1][:2])
        assert page.evaluate("() => document.querySelector('#decision').contains(document.activeElement)")
        finish(tab)
        return
    pytest.fail(f"{DEALS} deals ended before a Play/Keep choice of three cards")


def test_the_menace_discussion_as_the_vote_or_what_to_say(new_tab: Callable[..., Tab], shots: Path) -> None:
    for _ in range(DEALS):
        tab = new_tab()
        start(tab, "menace", 5)
        d = play_until(tab, lambda d: d["kind"] == "discussion")
        if d is None:
            continue
        page = tab.page
        first = check_step(page, d, ())
        assert len(first) <= 5 and {g for g, _, _ in first} <= {"Vote", "Say"}
        legends = page.eval_on_selector_all("#decision .picker-step legend", "ns => ns.map((n) => n.textContent)")
        assert legends == list(dict.fromkeys(g for g, _, _ in first))
        # the keyboard starts on the default (being ready), so Enter never calls a vote by accident
        page.wait_for_function("() => document.activeElement.matches('#decision .picker-step button.part')")
        assert focused_part(page) == default_part(d)
        assert page.evaluate("() => document.activeElement.textContent").endswith("Ready, no vote from me")
        problems = look(page, shots, "picker-menace-first")
        part_button(page, "Say", "played").click()
        seats = check_step(page, d, (("Say", "played"),))
        who = seats[-1]
        part_button(page, who[0], who[1]).click()
        cards = check_step(page, d, (("Say", "played"), who[:2]))
        problems += look(page, shots, "picker-menace-card")
        card = cards[0]
        part_button(page, card[0], card[1]).click()
        page.wait_for_function(f"() => document.querySelector('#decision').dataset.decision !== '{d['id']}'"
                               " || document.querySelector('#decision').dataset.state !== 'ready'")
        assert sent_parts(tab, d) == (("Say", "played"), who[:2], card[:2])
        assert not problems, "\n".join(problems)
        finish(tab)
        return
    pytest.fail(f"{DEALS} deals ended before a discussion")


def _targeted(d: dict[str, Any]) -> bool:
    return any(len(p) > 1 and p[0]["group"] == "Play a card" for p in d["parts"].values())


def test_a_guest_card_then_its_target(new_tab: Callable[..., Tab], shots: Path) -> None:
    for _ in range(DEALS):
        tab = new_tab()
        start(tab, "guest", 5)
        d = play_until(tab, _targeted)
        if d is None:
            continue
        page = tab.page
        first = check_step(page, d, ())
        assert any(g == "Without a card" for g, _, _ in first)  # Pass or ending the Play step stands beside the cards
        problems = look(page, shots, "picker-guest-card")
        card = next(p for p in first if p[0] == "Play a card"
                    and any(len(parts) > 1 and (parts[0]["group"], parts[0]["value"]) == p[:2]
                            for parts in d["parts"].values()))
        part_button(page, card[0], card[1]).click()
        chosen: tuple[Part, ...] = (card[:2],)
        check_step(page, d, chosen)
        problems += look(page, shots, "picker-guest-target")
        while True:
            offered = check_step(page, d, chosen)
            pick = offered[len(offered) // 2]
            chosen += (pick[:2],)
            part_button(page, pick[0], pick[1]).click()
            if any(tuple((p["group"], p["value"]) for p in parts) == chosen for parts in d["parts"].values()):
                break
        page.wait_for_function(f"() => document.querySelector('#decision').dataset.decision !== '{d['id']}'"
                               " || document.querySelector('#decision').dataset.state !== 'ready'")
        assert sent_parts(tab, d) == chosen
        assert not problems, "\n".join(problems)
        finish(tab)
        return
    pytest.fail(f"{DEALS} deals ended before a card with a target could be played")


WALK_JS = """async (decisions) => {
    const { Picker } = await import('/static/picker.js');
    const problems = [];
    let widest = 0;
    for (const d of decisions) {
        for (const option of d.options) {
            let answered = null;
            const picker = new Picker(d);
            picker.hooks = { onAct: (id) => { answered = id; }, names: (t) => t, explain: () => {} };
            picker.update(d, false);
            for (const part of d.parts[String(option.id)]) {
                for (const f of picker.element.querySelectorAll('.picker-step')) {
                    widest = Math.max(widest, f.querySelectorAll('button.part').length);
                }
                const button = [...picker.element.querySelectorAll('.picker-step button.part')]
                    .find((b) => b.dataset.group === part.group && b.dataset.value === part.value);
                if (!button) {
                    problems.push(`${d.kind} ${option.id}: no button for ${part.group} ${part.value}`);
                    break;
                }
                button.click();
            }
            if (answered !== option.id) problems.push(`${d.kind} ${option.id}: answered ${answered}`);
        }
    }
    return { problems, widest };
}"""


def _combined_choices(name: str, players: int, seeds: range, most: int = 40) -> list[dict[str, Any]]:
    """Decisions with parts met in random games, as the server sends them (options and parts), each kind of
    choice once per distinct set of options."""
    out: dict[str, dict[str, Any]] = {}
    for seed in seeds:
        game = treachery.new_game(name, players=players, seed=seed)
        rng = random.Random(seed)
        while not game.over and len(out) < most:
            for decision in game.pending():
                parts = game.option_parts(decision)
                if parts:
                    out.setdefault(repr(decision.ids), {**decision.to_dict(),
                                                        "parts": {str(k): v for k, v in parts.items()}})
            decision = rng.choice(game.pending())
            game.act(decision.seat, rng.choice(decision.options))
    return list(out.values())


def test_the_pages_picker_reaches_every_option_of_combined_choices(new_tab: Callable[..., Tab]) -> None:
    """The page's own picker (static/picker.js), walked to every option of combined choices from random games of
    each game at its largest table: each option's parts are offered step by step and answer that option."""
    page = new_tab().open("/").page
    page.wait_for_selector("#create")
    walked = 0
    for name, players in (("eat", 10), ("menace", 8), ("guest", 12)):
        decisions = _combined_choices(name, players, range(3))
        assert decisions, f"no combined choice in three games of {name}"
        got = page.evaluate(WALK_JS, decisions)
        assert not got["problems"], got["problems"][:5]
        assert got["widest"] <= MOST
        walked += sum(len(d["options"]) for d in decisions)
    assert walked > 500
