"""What Eat's choices point at on the board: a player to choose, vote for, attack with a knife or a Boar Tusk. See
engine/targets.py (a decision offering two of these on one player leaves that player to the buttons)."""

from __future__ import annotations

from typing import Any

from . import catalogue as opt


def option_targets(game: Any, decision: Any) -> dict[int, dict[str, str]]:
    targets: dict[int, dict[str, str]] = {}
    for first in (opt.SEAT, opt.VOTE, opt.ATTACK, opt.TUSK):
        for oid in decision.ids:
            if first <= oid < first + opt.MAX_SEATS:
                targets[oid] = {"kind": "seat", "value": str(oid - first)}
    return targets
