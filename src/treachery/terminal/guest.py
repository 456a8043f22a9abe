"""The Guest in the terminal: the board, the hand and option labels, from a seat's view alone."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..engine import Option
from . import seat_name

_COLOURS = {"green": "green", "yellow": "yellow", "grey": "bright_black", "red": "red", "blue": "blue"}


def _cards(view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {card["name"]: card for card in view.get("cards", [])}


def _vote_cell(view: dict[str, Any], seat: int) -> Text:
    vote = view.get("vote")
    if not vote:
        return Text("")
    ballot = vote["ballots"][seat]
    counted = vote["counted"][seat]
    if ballot == -2:
        return Text("…", style="dim")
    text = Text("empty" if ballot < 0 else f"→ {seat_name(ballot)}")
    if counted != ballot and counted >= 0:
        text.append(f" (bribed: {seat_name(counted)})", style="yellow")
    return text


def board(view: dict[str, Any], width: int = 80) -> RenderableType:
    """The table as ``view['seat']`` may see it: players, markers, the stack and the vote in progress."""
    me = view.get("seat")
    facts = Table.grid(padding=(0, 2))
    facts.add_column(style="bold", no_wrap=True)
    facts.add_column()
    start = view["start"]
    facts.add_row("At the start", f"{start['guests']} Guests, {start['humans']} Humans, {start['votes']} Votes")
    facts.add_row("Deck", f"{view['deck_size']} cards")
    up = view["discard_face_up"]
    facts.add_row("Discard pile", f"{view['discard_size']} cards ({view['discard_face_down']} face down)"
                  + (f"; top face-up: {up[-1]}" if up else ""))
    if view["stack"]:
        lines = []
        for entry in view["stack"]:
            line = f"{entry['position']}. {seat_name(entry['player'])}: {entry['name']}"
            if "target" in entry:
                line += f" on {seat_name(entry['target'])}"
            if "second" in entry:
                line += f" and {seat_name(entry['second'])}"
            if "new_target" in entry:
                line += f" → now for {seat_name(entry['new_target'])}"
            if "direction" in entry:
                line += f", {entry['direction']}"
            if "target_position" in entry:
                line += f" (stack card {entry['target_position']})"
            lines.append(line)
        facts.add_row("Stack", Text("\n".join(lines), style="yellow"))
    if me is not None:
        who = Text(view["character"], style="bold red" if view["character"] == "Guest" else "bold green")
        if view.get("mad"):
            who.append(" · MAD (you hold Madness)", style="bold magenta")
        facts.add_row("You are", who)
        for look in view.get("looked_at", []):
            facts.add_row("You saw", f"{seat_name(look['seat'])} was {look['character']} (turn {look['turn']})")
    vote = view.get("vote")
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("Seat", no_wrap=True)
    table.add_column("Status")
    table.add_column("Infection", justify="center")
    table.add_column("Cards", justify="right")
    if vote:
        table.add_column("Ballot")
        table.add_column("Votes", justify="right")
    waiting = set(view.get("waiting_for", []))
    for entry in view["players"]:
        seat = entry["seat"]
        who = Text(seat_name(seat), style="bold" if seat == me else "")
        if seat == me:
            who.append(" you", style="bold green")
        if entry["commander"]:
            who.append(" ★", style="magenta")
        if entry["active"]:
            who.append(" ▶", style="cyan")
        if seat in waiting and seat != me:
            who.append(" …", style="dim")
        if not entry["alive"]:
            status = Text(f"out ({entry['revealed']})", style="red")
        elif entry.get("announced"):
            status = Text(f"now {entry['announced']}", style="yellow")
        else:
            status = Text("alive", style="green")
        if "side" in entry:
            status.append(f" · {entry['side']}", style="dim")
        marker = Text(f"● {entry['infection']}", style="bold red") if entry["infection"] else Text("—", style="dim")
        cells: list[RenderableType] = [who, status, marker, str(entry["cards_in_hand"])]
        if vote:
            cells += [_vote_cell(view, seat), str(vote["totals"][seat] or "") if vote["totals"] else ""]
        table.add_row(*cells)
    title = f"The Guest · turn {view['turn']} · {view['step']}"
    if view.get("voting_phase"):
        title += f" · Voting Phases: {view['voting_phase']}"
    legend = Text("★ Commander  ▶ active player  ● Infection position", style="dim")
    return Panel(Group(facts, table, legend), title=title, title_align="left", border_style="blue")


def hand(view: dict[str, Any]) -> RenderableType | None:
    cards_in_hand = view.get("hand")
    if not cards_in_hand:
        return None
    cards = _cards(view)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, title="Your hand", title_justify="left", title_style="bold")
    table.add_column("Card", no_wrap=True)
    table.add_column("Timing", no_wrap=True)
    table.add_column("Effect")
    for name in cards_in_hand:
        card = cards.get(name, {})
        colour = card.get("colour", "")
        timing = {"green": "your turn", "yellow": "any window", "grey": "response", "red": "status"}.get(colour, "")
        if card.get("vote_only"):
            timing += ", votes only"
        table.add_row(Text(name, style="bold " + _COLOURS.get(colour, "")), timing, card.get("text", ""))
    return table


def option_label(view: dict[str, Any], option: Option) -> str:
    """A Restriction option names the stack card it would cancel."""
    text = option["text"]
    if text.startswith("play restriction "):
        index = int(text.split()[-1]) - 1
        stack = view.get("stack", [])
        if index < len(stack):
            entry = stack[index]
            return f"Restriction: cancel {seat_name(entry['player'])}'s {entry['name']}"
    return str(option["label"])
