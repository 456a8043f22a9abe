"""Rewards from a finished game's result, shared by the PettingZoo and OpenSpiel adapters (no numpy needed)."""

from __future__ import annotations

from typing import Any

WIN, LOSS = 1.0, -1.0


def seat_rewards(result: dict[str, Any] | None, players: int) -> list[float]:
    """+1 for each seat among the winners, -1 for every other seat (it lost), all 0 while there is no result.

    A game whose result names no winners (everyone lost, e.g. Killer's round cap) gives -1 to every seat.
    """
    if result is None:
        return [0.0] * players
    winners = set(result.get("winners", ()))
    return [WIN if seat in winners else LOSS for seat in range(players)]
