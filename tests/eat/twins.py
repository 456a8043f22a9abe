"""Twins for the shared leak checks (tests/game_data.py): a game and a sample of it drawn for one seat
(Game.determinized), which differs from it in everything that seat may not know."""

from __future__ import annotations

import random
from typing import Any

import treachery
from treachery import Game

TWIN_ROUNDS = 0  # a sample redraws the random future (the next deal, the next shuffle): compare at the position


def twins(seat: int, players: int, seed: int) -> tuple[Game, Game]:
    """The game after a seeded random opening of 0 to 29 decisions, and a sample of it drawn for ``seat``."""
    game = treachery.new_game("eat", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(seed * 11 % 30):
        if game.over:
            break
        decision = rng.choice(game.pending())
        game.act(decision.seat, rng.choice(decision.ids))
    return game, game.determinized(seat, seed + 1000)


# (players, setup of twin a, setup of twin b): the twins differ only in facts hidden from most seats.
RL_TWINS: list[tuple[int, dict[str, Any], dict[str, Any]]] = [
    (5, {"decks": {"food": ["F01", "F05", "F06", "F02"], "sanity": ["S01", "S02"]}},
     {"decks": {"food": ["F01", "F08", "F10", "F02"], "sanity": ["S02", "S01"]}}),  # W-H9: hands
]
