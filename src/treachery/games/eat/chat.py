"""Who Should We Eat's table talk (W-H21, W-V6, W-V7, W-Q11): one public table for Survivors, Ghosts and the
Fallen alike, locked for everybody but the Leader while a trial's rules are being set."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.game import default_chat_channels

if TYPE_CHECKING:
    from .rules import Eat


def channels(game: Eat, seat: int | None) -> list[dict[str, Any]]:
    found = default_chat_channels(seat, game.over)
    if seat is not None and seat != game.leader and rules_stage(game):
        found[0]["write"] = False  # W-V6, W-V7: only the Leader speaks while he sets the trial's rules
    return found


def rules_stage(game: Eat) -> bool:
    """A trial's rules stage lasts until the Leader opens the discussion (his "rules" decision, W-V8)."""
    return not game.over and any(d.kind == "rules" for d in game.pending())
