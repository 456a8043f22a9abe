"""What the Menace's choices point at on the board: the player a card or an ability is used on, and the card of
your hand to place face down, throw away, show or hand over (by its name, as your hand shows it). See
engine/targets.py (two options on one card, or on one player, are left to the buttons)."""

from __future__ import annotations

from typing import Any

from . import catalogue as opt

_PER_CARD = (opt.PLAY, opt.DISCARD, opt.REVEAL, opt.GIVE)  # each + the card's index among the BDA cards


def option_targets(game: Any, decision: Any) -> dict[int, dict[str, str]]:
    names = game.cards.bda_names
    targets: dict[int, dict[str, str]] = {}
    for oid in decision.ids:
        if opt.TARGET <= oid < opt.TARGET + opt.SEATS:
            targets[oid] = {"kind": "seat", "value": str(oid - opt.TARGET)}
        for first in _PER_CARD:
            if first <= oid < first + len(names):
                targets[oid] = {"kind": "card", "value": names[oid - first]}
    return targets
