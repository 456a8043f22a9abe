"""The Menace Among Us in the terminal: the ship's tracks, the crew table and your hand, from a seat's view."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..engine import Option
from . import seat_name

_CATEGORY_STYLE = {"Good": "green", "Neutral": "yellow", "Bad": "red"}


def _track(label: str, value: int, top: int, mark: int | None, style: str) -> Text:
    text = Text(f"{label:<7}", style="bold")
    for step in range(top + 1):
        cell = "●" if step == value else ("│" if step == mark else "·")
        text.append(cell, style=style if step <= value else "dim")
    text.append(f" {value}")
    return text


def board(view: dict[str, Any], width: int = 80) -> RenderableType:
    oxygen = _track("Oxygen", view["oxygen"], 15, None, "cyan")
    energy = _track("Energy", view["energy"], 10, 7, "magenta")
    energy.append(f"  (can rise to {view['ceiling']} this resolution)", style="dim")
    table = Table(box=box.SIMPLE_HEAD, expand=False)
    for column in ("seat", "character", "agenda", "wounds", "hand", "deck", "face down", ""):
        table.add_column(column)
    for p in view["players"]:
        status = []
        if p["seat"] == view["leader"]:
            status.append("Mission Leader")
        if not p["alive"]:
            status.append("killed")
        if p["exiled"]:
            status.append("Exiled")
        if p["seat"] == view.get("turn"):
            status.append("◀ turn")
        table.add_row(seat_name(p["seat"], "menace"), p["character"] or "—", p["agenda"] or "?",
                      ", ".join(p["wounds"]) or "—", str(p["hand_count"]), str(p["deck_count"]),
                      str(p["face_down"]), " · ".join(status),
                      style="dim" if not p["alive"] else "")
    revealed = Text("Revealed: ")
    for card in view["revealed"]:
        revealed.append(card["card"], style=("strike " if card["cancelled"] else "") +
                        _CATEGORY_STYLE.get(card["category"], ""))
        revealed.append("  ")
    effects = [k for k, v in view["effects"].items() if v not in (-1, False, [], None)]
    footer = Text(f"Round {view['round']} · EmMA tops up to {view['emma_target']} cards · EmMA deck "
                  f"{view['emma_deck']} · Wound deck {view['wound_deck']} · discard {view['discard_pile']}",
                  style="dim")
    parts: list[RenderableType] = [oxygen, energy, table, revealed, footer]
    if effects:
        parts.append(Text("In effect: " + ", ".join(effects), style="cyan"))
    if "coward_side" in view:
        parts.append(Text(f"The Coward sides with the {view['coward_side']}", style="dim"))
    return Panel(Group(*parts), title="ISV-Vigilant", width=min(width, 110))


def hand(view: dict[str, Any]) -> RenderableType | None:
    if "hand" not in view:
        return None
    text = Text(f"{view.get('my_agenda', '?')}: ", style="bold")
    text.append(", ".join(view["hand"]) or "(empty hand)")
    if view.get("my_face_down"):
        text.append("  · face down: " + ", ".join(view["my_face_down"]), style="italic")
    return text


def option_label(view: dict[str, Any], option: Option) -> str:
    return str(option["label"]) if option["label"] else str(option["text"])
