"""A game's player guide: the ``guide.md`` its package ships, or a page written from what the game declares."""

from __future__ import annotations

import sys
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .game import Game

GUIDE_FILE = "guide.md"


def shipped_guide(cls: type[Game]) -> str | None:
    """The guide in the game's own package (beside its rules), or None when the package has none."""
    package = cls.__module__.rpartition(".")[0] or cls.__module__
    if package not in sys.modules:
        return None
    try:
        found = resources.files(package) / GUIDE_FILE
    except (ModuleNotFoundError, TypeError):
        return None
    return found.read_text(encoding="utf-8") if found.is_file() else None


def guide_markdown(cls: type[Game]) -> str:
    """The player guide as Markdown: the shipped one, else a short page from the game's declared facts."""
    shipped = shipped_guide(cls)
    if shipped is not None:
        return shipped
    title = cls.title or cls.name
    lines = [f"# {title} — how to play", "",
             f"**{cls.min_players}–{cls.max_players} players.** This game has no written guide yet; here is what it "
             "declares about itself. Every choice you may make is offered as a button with its own words, and the "
             "log says what happened and which rule made it so.", ""]
    if cls.decision_seconds:
        lines += [f"Each decision has {cls.decision_seconds} seconds by the rules' own clock.", ""]
    declared = getattr(cls, "declared_options", ())
    if declared:
        lines += ["## Options", "", "| option | what it does | default |", "|---|---|---|"]
        lines += [f"| `{o.key}` | {o.label} | {o.describe_default()} |" for o in declared]
        lines.append("")
    return "\n".join(lines)
