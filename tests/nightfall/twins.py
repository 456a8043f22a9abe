"""Twins for the shared leak checks (tests/game_data.py): the same seed with the Shades moved to other seats that
the seat cannot tell from its own view (a Villager does not know who the Shades are; a Shade knows, so its twins
are the same game)."""

from __future__ import annotations

from typing import Any

import treachery
from treachery import Game

TWIN_ROUNDS = 1  # the night: who picks is hidden, the taken seat the same; the day's vote may reveal a role


def _roles(players: int, seed: int) -> list[str]:
    return treachery.new_game("nightfall", players=players, seed=seed).roles()


def twins(seat: int, players: int, seed: int) -> tuple[Game, Game]:
    roles = _roles(players, seed)
    moved = list(roles)
    if roles[seat] == "villager":
        others = [s for s in range(players) if s != seat]
        moved = ["villager"] * players
        for s in others:
            if roles[s] == "shade":
                moved[others[(others.index(s) + 1) % len(others)]] = "shade"
    return (treachery.new_game("nightfall", players=players, seed=seed, setup={"roles": roles}),
            treachery.new_game("nightfall", players=players, seed=seed, setup={"roles": moved}))


RL_TWINS: list[tuple[int, dict[str, Any], dict[str, Any]]] = [
    (4, {"roles": ["villager", "shade", "villager", "villager"]},
     {"roles": ["villager", "villager", "shade", "villager"]}),  # N-H1: who the Shade is
]
