"""The Guest's table talk (G-T32, G-Q32, G-H21): the living talk at one table; the eliminated and spectators
talk in the graveyard, which the living cannot read until the game ends."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .rules import Guest


def channels(game: Guest, seat: int | None) -> list[dict[str, Any]]:
    living = seat is not None and game.alive[seat]
    return [
        # G-T32: the public table; the eliminated and spectators may read it but no longer speak there
        {"id": "table", "label": "Table", "read": True, "write": living or (game.over and seat is not None)},
        # G-T32, G-Q32: the eliminated and spectators apart; the living read it only once the game is over (G-H21)
        {"id": "graveyard", "label": "Graveyard", "read": not living or game.over, "write": not living},
    ]
