"""This Game Is Killer in the terminal: the board, the hand and slot labels, from a seat's view alone."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..engine import Option
from . import seat_name

# ---- the board ------------------------------------------------------------------------------------


def _killer_cards(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {card["code"]: card for card in view.get("cards", [])}


def _killer_position(entry: dict[str, Any], cards: dict[str, dict[str, Any]]) -> Text:
    position = entry.get("position")
    if position is None:
        return Text("—", style="dim")
    if position.get("face_down") and "card" not in position:
        return Text("face down", style="italic")
    code = position["card"]
    printed = cards.get(code, {}).get("location", "?")
    text = Text(f"{printed} {position['priority']} ", style="bold")
    text.append(f"({code})", style="dim")
    if position.get("location") and position["location"] != printed:
        text.append(f" → now {position['location']}", style="yellow")
    if position.get("face_down"):
        text.append(" face down", style="italic")
    return text


def _killer_action(entry: dict[str, Any]) -> Text:
    text = Text()
    action = entry.get("action")
    if action is not None:
        text.append(f"{action['name']} ", style="strike" if action.get("cancelled") else "")
        text.append(f"({action['card']})", style="dim")
        if "target" in action:
            text.append(f" → {seat_name(action['target'])}")
        if "location" in action:
            text.append(f" → {action['location']}")
        if action.get("cancelled"):
            text.append(" cancelled", style="red")
    ongoing = entry.get("ongoing")
    if ongoing is not None and action is not None and ongoing["card"] == action["card"]:
        text.append(" · ongoing", style="cyan")
    elif ongoing is not None:
        if text:
            text.append("\n")
        text.append(f"ongoing {ongoing['card']}", style="cyan")
        if ongoing.get("location"):
            text.append(f" at {ongoing['location']}", style="cyan")
        text.append(f" since round {ongoing['since_round']}", style="dim")
    if entry.get("discarded"):
        if text:
            text.append("\n")
        text.append(f"discarded {entry['discarded']}", style="dim")
    return text if text else Text("—", style="dim")


def _killer_status(entry: dict[str, Any]) -> Text:
    if not entry["alive"]:
        return Text("dead", style="bold red")
    if entry["frozen"]:
        text = Text("Frozen", style="bold cyan")
        if entry.get("guess"):
            text.append(f"\nguessed {entry['guess']}", style="cyan")
        return text
    text = Text("On Board", style="green")
    if entry.get("last_on_board_deadline"):
        text.append(f"\nalone: win by end of round {entry['last_on_board_deadline']}", style="yellow")
    return text


def board(view: dict[str, Any], width: int = 80) -> RenderableType:
    """The public board of a Killer game as ``view['seat']`` may see it (crew names only when wide)."""
    me = view.get("seat")
    cards = _killer_cards(view)

    facts = Table.grid(padding=(0, 2))
    facts.add_column(style="bold", no_wrap=True)
    facts.add_column()
    row = Table.grid(padding=(0, 2))
    slots: list[RenderableType] = []
    for slot in view["hunting_row"]:
        cell = Text(f"{slot['slot']} ", style="bold")
        if slot.get("face_up"):
            cell.append(slot["location"], style="bold yellow")
            cell.append(" (face up)", style="dim")
        elif "location" in slot:
            cell.append(slot["location"], style="magenta")
            cell.append(" (peeked)" if slot.get("looked_at") else "", style="dim")
        else:
            cell.append("?", style="dim")
        row.add_column()
        slots.append(cell)
    row.add_row(*slots)
    facts.add_row("Hunting Row", row)
    facts.add_row("Hiding places", ", ".join(view["hunting_row_locations"]) or "none")
    if view.get("alien_location"):
        facts.add_row("Alien", Text(f"in the {view['alien_location']}!", style="bold red"))
    facts.add_row("Hunted before", ", ".join(view["previously_hunted"]) or "none")
    facts.add_row("Destroyed", Text(", ".join(view["destroyed"]) or "none", style="red" if view["destroyed"] else ""))
    facts.add_row("Crew deck", f"{view['deck_size']} cards")
    if view.get("blackout"):
        facts.add_row("Blackout", Text("Positions played now go face down.", style="yellow"))
    if view.get("short_round"):
        facts.add_row("Short round", Text("one card each, played as a Position; no Actions.", style="yellow"))

    wide = width >= 110
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("Seat", no_wrap=True)
    if wide:
        table.add_column("Crew member", no_wrap=True)
    table.add_column("Status")
    table.add_column("Position")
    table.add_column("Action", ratio=1)
    table.add_column("Cards", justify="right")
    waiting = set(view.get("waiting_for", []))
    for entry in view["players"]:
        seat = entry["seat"]
        who = Text(seat_name(seat), style="bold" if seat == me else "")
        if seat == me:
            who.append(" you", style="bold green")
        if entry.get("first_crew_member"):
            who.append(" ★", style="yellow")
        if seat in waiting and seat != me:
            who.append(" …", style="dim")
        cells: list[RenderableType] = [who]
        if wide:
            cells.append(Text(entry["name"], style="dim"))
        cells += [_killer_status(entry), _killer_position(entry, cards), _killer_action(entry),
                  str(entry["cards_in_hand"])]
        table.add_row(*cells)

    title = f"This Game Is Killer · round {view['round']} of {view.get('round_cap', 20)} · {view['step']}"
    legend = Text("★ First Crew Member" + ("   … also deciding" if waiting - {me} else ""), style="dim")
    return Panel(Group(facts, table, legend), title=title, title_align="left", border_style="blue")


def hand(view: dict[str, Any]) -> RenderableType | None:
    hand = view.get("hand")
    if not hand:
        return None
    cards = _killer_cards(view)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title="Your hand", title_justify="left",
                  title_style="bold")
    table.add_column("Card", no_wrap=True)
    table.add_column("as a Position", no_wrap=True)
    table.add_column("as an Action")
    for code in hand:
        card = cards.get(code, {})
        action = Text(card.get("name", "?"), style="bold " + ("red" if card.get("colour") == "red" else ""))
        keywords = [k.upper() for k in card.get("keywords", []) if k != "warning"]
        if "warning" in card.get("keywords", []):
            keywords.append("⚠")
        if keywords:
            action.append(f"  [{' '.join(keywords)}]", style="dim")
        action.append(f"\n{card.get('text', '')}")
        table.add_row(Text(code, style="bold"), f"{card.get('location', '?')} {card.get('priority', '?')}", action)
    return table


def option_label(view: dict[str, Any], option: Option) -> str:
    """A Hunting Row slot option names the Location in it when this seat can see it (looked or face up)."""
    text = option["text"]
    if text.startswith("slot "):
        number = int(text.split()[1])
        for slot in view.get("hunting_row", []):
            if slot["slot"] == number and "location" in slot:
                return f"{option['label']} ({slot['location']})"
    return str(option["label"])


