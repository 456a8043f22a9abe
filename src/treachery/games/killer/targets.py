"""What Killer's choices point at on the board: a seat to target (K-E34), a location (K-T12, K-X11) and a Hunting
Row slot to look at, scan or reveal (K-E29, K-E71, K-T27). See engine/targets.py."""

from __future__ import annotations

from typing import Any

from . import catalogue as opt
from .cards import LOCATIONS


def option_targets(game: Any, decision: Any) -> dict[int, dict[str, str]]:
    targets: dict[int, dict[str, str]] = {}
    for oid in decision.ids:
        if opt.SEAT <= oid < opt.LOCATION:
            targets[oid] = {"kind": "seat", "value": str(oid - opt.SEAT)}
        elif opt.LOCATION <= oid < opt.SLOT:
            targets[oid] = {"kind": "location", "value": LOCATIONS[oid - opt.LOCATION]}
        elif opt.SLOT <= oid < opt.NONE:
            targets[oid] = {"kind": "slot", "value": str(oid - opt.SLOT + 1)}  # the view numbers slots from 1
    return targets
