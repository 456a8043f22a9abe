"""The terminal explains the game: your role card, the texts of the cards you hold or are offered, why a move is not
open now, and the end summary with every seat's role. Built only from what the game declares (engine/texts)."""

from __future__ import annotations

import re
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..engine import Decision, Game


def role_card(card: dict[str, Any] | None) -> RenderableType | None:
    """Who you are, how you and your side win, what you can do (and your fate when you are out)."""
    if not card:
        return None
    lines: list[RenderableType] = []
    if card.get("fate"):
        fate = card["fate"]
        banner = Text(fate["title"], style="bold red")
        if fate.get("why"):
            banner.append(f" — {fate['why']}")
        if fate.get("still"):
            banner.append(f"\n{fate['still']}", style="yellow")
        lines.append(banner)
    if card.get("character"):
        lines.append(Text.assemble(("Character: ", "bold"), card["character"]))
    if card.get("who"):
        lines.append(Text(card["who"]))
    if card.get("goal"):
        lines.append(Text.assemble(("How you win: ", "bold"), card["goal"]))
    if card.get("personal_goal"):
        lines.append(Text.assemble(("Your personal goal: ", "bold"), card["personal_goal"]))
    for title, key in (("Your abilities", "abilities"), ("Characters to choose from", "choices")):
        if card.get(key):
            lines.append(Text(title, style="bold"))
            lines += [Text.assemble("  • ", (item["name"], "bold"), f" — {item['text']}") for item in card[key]]
    if card.get("can"):
        lines.append(Text("What you can do", style="bold"))
        lines += [Text(f"  • {line}") for line in card["can"]]
    side = f" ({card['side']})" if card.get("side") else ""
    return Panel(Group(*lines), title=f"You are {card['title']}{side}", title_align="left", border_style="magenta")


def card_notes(game: Game, texts: list[str], decision: Decision | None = None) -> RenderableType | None:
    """The texts of every card named in ``texts`` (hand, option labels), and the moves not open now with why."""
    cards = {c["name"]: c for c in game.card_texts() if c.get("text")}
    lines: list[RenderableType] = []
    if cards:
        pattern = re.compile("(?<![\\w'])(" + "|".join(re.escape(n) for n in sorted(cards, key=len, reverse=True))
                             + ")(?![\\w'])")
        named: list[str] = []
        for text in texts:
            named += [m for m in pattern.findall(text) if m not in named]
        lines += [Text.assemble((name, "bold"), f" ({cards[name]['kind']}): " if cards[name].get("kind") else ": ",
                                cards[name]["text"]) for name in named]
    if decision is not None:
        for closed in game.unavailable(decision):
            lines.append(Text.assemble(("Not now: ", "bold yellow"), closed["label"], f" — {closed['why']}"))
    return Panel(Group(*lines), title="About these cards", title_align="left", border_style="dim") if lines else None


def end_roles(result: dict[str, Any], seat_name: Any) -> RenderableType | None:
    """Every seat's role and side as the end reveals them, and who won."""
    roles = result.get("roles") or {}
    if not roles:
        return None
    table = Table(show_header=True, header_style="bold", box=None)
    for column in ("seat", "role", "side", "result"):
        table.add_column(column)
    winners = result.get("winners", [])
    for s in sorted(roles, key=int):
        table.add_row(seat_name(int(s)), str(roles[s]), str(result["sides"][s]).capitalize(),
                      Text("won", style="green") if int(s) in winners else Text("lost", style="red"))
    return table
