"""Who Should We Eat? in the terminal: the tracks, the castaways, the hand, from a seat's view alone."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..engine import Option
from . import seat_name

_STATUS_STYLE = {"survivor": "green", "fallen": "red", "ghost": "magenta"}


def _card_name(view: dict[str, Any], code: str | None) -> str:
    if not code:
        return "-"
    cards = view["cards"]
    for family in ("survivor", "ghost", "quests", "personalities"):
        if code in cards[family]:
            return f"{cards[family][code]['name']} ({code})"
    return code


def board(view: dict[str, Any], width: int = 80) -> RenderableType:
    """The tracks, the Quest selection and every player's public facts."""
    me = view.get("seat")
    facts = Table.grid(padding=(0, 2))
    facts.add_column(style="bold", no_wrap=True)
    facts.add_column()
    food = Text(str(view["food"]), style="bold red" if view["food"] < 0 else "bold")
    facts.add_row("Food", food)
    facts.add_row("Sanity", Text(f"{view['sanity']}  (a death now costs {view['red_number']})",
                                 style="bold yellow" if view["sanity"] <= 3 else ""))
    facts.add_row("Raft", f"{view['build']} built of {view['raft_target']} needed")
    facts.add_row("Quests", ", ".join(_card_name(view, q) for q in view["quest_selection"]) or "none")
    facts.add_row("Quest deck", f"{view['quest_deck_size']} left")
    piles = view["draw_piles"]
    facts.add_row("Draw piles", f"Food {piles['food']} · Sanity {piles['sanity']} · Build {piles['build']} · "
                                f"Ghost {piles['ghost']}")
    if view.get("ill_wind"):
        facts.add_row("Ill Wind", _card_name(view, view["ill_wind"]))
    if view.get("cold_nights"):
        facts.add_row("Cold Night", f"Sanity falls {view['cold_nights']} more tonight")
    wide = width >= 110
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("Seat", no_wrap=True)
    table.add_column("Character", no_wrap=not wide)
    table.add_column("Status")
    table.add_column("Personality")
    table.add_column("Haunt / Quests", ratio=1)
    table.add_column("Slots", no_wrap=True)
    waiting = set(view.get("waiting_for", []))
    for entry in view["players"]:
        seat = entry["seat"]
        who = Text(seat_name(seat), style="bold" if seat == me else "")
        if seat == me:
            who.append(" you", style="bold green")
        if entry["leader"]:
            who.append(" 🐚", style="yellow")
        if seat in waiting and seat != me:
            who.append(" …", style="dim")
        name = entry["name"] + (f", meat {entry['meat']}" if entry.get("meat") is not None else "")
        extra = []
        if entry.get("haunt"):
            extra.append(_card_name(view, entry["haunt"]))
        extra += [_card_name(view, q) for q in entry["quests"]]
        slots = ("P" if entry["has_play"] else "·") + ("K" if entry["has_keep"] else "·")
        if entry.get("keep_face_up"):
            slots += f" {_card_name(view, entry['keep_face_up'])} face up"
        person = _card_name(view, entry["personality"]) if entry["personality"] else "-"
        if entry.get("paranoid_used"):
            person += " (used)"
        table.add_row(who, name, Text(entry["status"], style=_STATUS_STYLE[entry["status"]]), person,
                      ", ".join(extra) or "-", slots)
    title = f"Who Should We Eat? · round {view['round']} · {view['step']}"
    legend = Text("🐚 Leader   P/K: a Play / Keep card face down" + ("   … deciding" if waiting - {me} else ""),
                  style="dim")
    return Panel(Group(facts, table, legend), title=title, title_align="left", border_style="blue")


def hand(view: dict[str, Any]) -> RenderableType | None:
    me = view.get("seat")
    if me is None:
        return None
    codes = list(view.get("hand") or [])
    mine = view["players"][me]
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title="Your cards", title_justify="left", title_style="bold")
    table.add_column("Where", no_wrap=True)
    table.add_column("Card", no_wrap=True)
    table.add_column("Text")
    rows = [("hand", c) for c in codes] + [("Play slot", mine.get("play")), ("Keep slot", mine.get("keep"))]
    shown = False
    for where, code in rows:
        if not code:
            continue
        shown = True
        cards = view["cards"]
        info = cards["survivor"].get(code) or cards["ghost"].get(code) or {}
        table.add_row(where, _card_name(view, code), info.get("text", ""))
    return table if shown else None


def option_label(view: dict[str, Any], option: Option) -> str:
    return str(option["label"])
