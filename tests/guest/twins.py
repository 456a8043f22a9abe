"""Twins for the shared leak checks (tests/game_data.py). Even seeds: two fresh games whose dealt characters differ
only in the other seats' (the same ones passed round among them), each dealt and logged on its own; odd seeds: a
game after a random opening and a sample of it drawn for the seat (Game.determinized)."""

from __future__ import annotations

import random
from typing import Any

import treachery
from treachery import Game

TWIN_ROUNDS = 0  # a sample redraws the random future (the next deal, the next shuffle): compare at the position


def twins(seat: int, players: int, seed: int) -> tuple[Game, Game]:
    """Even seeds: the characters as dealt, and passed round among the other seats. Odd seeds: the game after a seeded
    random opening of 0 to 29 decisions, and a sample of it drawn for ``seat``."""
    game = treachery.new_game("guest", players=players, seed=seed)
    if seed % 2 == 0:
        dealt = [("human", "guest")[c] for c in game.character]  # type: ignore[attr-defined]
        others = [s for s in range(players) if s != seat]
        passed = list(dealt)
        for i, s in enumerate(others):
            passed[s] = dealt[others[(i + 1) % len(others)]]
        return (treachery.new_game("guest", players=players, seed=seed, setup={"characters": dealt}),
                treachery.new_game("guest", players=players, seed=seed, setup={"characters": passed}))
    rng = random.Random(seed)
    for _ in range(seed * 11 % 30):
        if game.over:
            break
        decision = rng.choice(game.pending())
        game.act(decision.seat, rng.choice(decision.ids))
    return game, game.determinized(seat, seed + 1000)


H, G = "human", "guest"
# (players, setup of twin a, setup of twin b): the twins differ only in facts hidden from most seats.
RL_TWINS: list[tuple[int, dict[str, Any], dict[str, Any]]] = [
    (5, {"characters": [H, G, H, G, H]}, {"characters": [H, H, G, G, H]}),  # G-H1: characters
    (6, {"deal": {2: ["bribe", "suspicion", "amputate"]}},
     {"deal": {2: ["restriction", "immunity", "adrenaline"]}}),  # G-H10: a hand
]
