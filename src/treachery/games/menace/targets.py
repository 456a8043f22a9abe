"""What the Menace's choices point at on the board: the player a card or an ability is used on. See
engine/targets.py."""

from __future__ import annotations

from typing import Any

from . import catalogue as opt


def option_targets(game: Any, decision: Any) -> dict[int, dict[str, str]]:
    return {oid: {"kind": "seat", "value": str(oid - opt.TARGET)} for oid in decision.ids
            if opt.TARGET <= oid < opt.TARGET + opt.SEATS}
