"""Twins for the shared leak checks (tests/game_data.py). Even seeds: two fresh games whose round-1 hands differ
only in the other seats' (the same cards passed round among them, K-H1), each dealt and logged on its own; odd
seeds: a game after a random opening and a sample of it drawn for the seat (Game.determinized)."""

from __future__ import annotations

import random
from typing import Any

import treachery
from treachery import Game
from treachery.games.killer.cards import card_code

TWIN_ROUNDS = 0  # the first round's cards are chosen from the differing hands: compare at the position


def _dealt(players: int, seed: int) -> dict[int, list[str]]:
    game = treachery.new_game("killer", players=players, seed=seed)
    return {seat: [card_code(c) for c in game.hands[seat]] for seat in range(players)}  # type: ignore[attr-defined]


def twins(seat: int, players: int, seed: int) -> tuple[Game, Game]:
    if seed % 2 == 0:
        hands = _dealt(players, seed)
        others = [s for s in range(players) if s != seat]
        passed = {**hands, **{s: hands[others[(i + 1) % len(others)]] for i, s in enumerate(others)}}
        return (treachery.new_game("killer", players=players, seed=seed, setup={"hands": {1: hands}}),
                treachery.new_game("killer", players=players, seed=seed, setup={"hands": {1: passed}}))
    game = treachery.new_game("killer", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(seed * 11 % 30):
        if game.over:
            break
        decision = rng.choice(game.pending())
        game.act(decision.seat, rng.choice(decision.ids))
    return game, game.determinized(seat, seed + 1000)


P1, P2, P3, P4 = range(4)
ROW = ["BR", "GA", "ML", "AC", "ER", "CH"]


def killer_hands(p2_hand: list[str], row: list[str] = ROW) -> dict[str, Any]:
    return {"first": P1, "removed": ["AL", "SB"], "hunting_row": row,
            "hands": {1: {P1: ["ML3", "GA1"], P2: p2_hand, P3: ["GA3", "BR1"], P4: ["CH1", "AC2"]}}}


# (players, setup of twin a, setup of twin b): the twins differ only in facts hidden from most seats.
RL_TWINS: list[tuple[int, dict[str, Any], dict[str, Any]]] = [
    (4, killer_hands(["BR2", "CH2"]), killer_hands(["ER1", "CH2"])),  # K-H1: a hand
    (4, killer_hands(["BR2", "CH2"]), killer_hands(["BR2", "CH2"], ["GA", "BR", "ML", "AC", "ER", "CH"])),  # K-H9
]
