"""Twins for the shared leak checks (tests/game_data.py). Even seeds: two fresh games whose dealt agendas differ
only in the other seats' (the same ones passed round among them), each dealt and logged on its own; odd seeds: a
game after a random opening and a sample of it drawn for the seat (Game.determinized)."""

from __future__ import annotations

import random
from typing import Any

import treachery
from treachery import Game
from treachery.games.menace.cards import AGENDA_KEYS

TWIN_ROUNDS = 0  # a sample redraws the random future (the next deal, the next shuffle): compare at the position


def twins(seat: int, players: int, seed: int) -> tuple[Game, Game]:
    """Even seeds: the agendas as dealt, and passed round among the other seats. Odd seeds: the game after a seeded
    random opening of 0 to 29 decisions, and a sample of it drawn for ``seat``."""
    game = treachery.new_game("menace", players=players, seed=seed)
    if seed % 2 == 0:
        dealt = [AGENDA_KEYS[a] for a in game.agenda]  # type: ignore[attr-defined]
        others = [s for s in range(players) if s != seat]
        passed = list(dealt)
        for i, s in enumerate(others):
            passed[s] = dealt[others[(i + 1) % len(others)]]
        return (treachery.new_game("menace", players=players, seed=seed, setup={"agendas": dealt}),
                treachery.new_game("menace", players=players, seed=seed, setup={"agendas": passed}))
    rng = random.Random(seed)
    for _ in range(seed * 11 % 30):
        if game.over:
            break
        decision = rng.choice(game.pending())
        game.act(decision.seat, rng.choice(decision.ids))
    return game, game.determinized(seat, seed + 1000)


MENACE_A = ["contagion", "butcher", "vengeant", "zealot", "hero"]
MENACE_B = ["contagion", "zealot", "vengeant", "butcher", "hero"]
# (players, setup of twin a, setup of twin b): the twins differ only in facts hidden from most seats.
RL_TWINS: list[tuple[int, dict[str, Any], dict[str, Any]]] = [
    (5, {"agendas": MENACE_A}, {"agendas": MENACE_B}),  # M-H1: Agendas
    (4, {"hands": {1: ["raise-morale", "basic-repair", "airlock-breach"]}},
     {"hands": {1: ["basic-repair", "basic-repair", "raise-morale"]}}),  # M-H7: a hand
]
