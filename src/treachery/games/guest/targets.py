"""What the Guest's choices point at on the board: the player a ballot names, whom to eject, to nominate or to
elect. A card's plays are left to the picker (one player is the target of several cards). See engine/targets.py."""

from __future__ import annotations

from typing import Any

from . import catalogue as opt


def option_targets(game: Any, decision: Any) -> dict[int, dict[str, str]]:
    targets: dict[int, dict[str, str]] = {}
    for first in (opt.BALLOT, opt.EJECT, opt.OFFICE, opt.ELECT):
        for oid in decision.ids:
            if first <= oid < first + opt.MAX_SEATS:
                targets[oid] = {"kind": "seat", "value": str(oid - first)}
    return targets
