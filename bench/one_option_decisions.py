"""How many of one seat's decisions offer a single option (the room answers those for a person), in 20 six-player
games with random answers per game: ``PYTHONPATH=src python bench/one_option_decisions.py guest eat killer menace``."""

from __future__ import annotations

import random
import sys

from treachery import new_game


def count(game_id: str, games: int = 20, players: int = 6) -> tuple[int, int]:
    total = single = 0
    for seed in range(1, games + 1):
        game = new_game(game_id, players, seed, {}, None)
        rnd = random.Random(seed)
        while not game.over:
            decision = game.pending()[0]
            if decision.seat == 0:
                total += 1
                single += len(decision.options) == 1
            game.act(decision.seat, rnd.choice(decision.options)["id"], decision.id)
    return total, single


if __name__ == "__main__":
    for name in sys.argv[1:] or ["guest", "eat", "killer", "menace"]:
        total, single = count(name)
        print(f"{name}: P1 decisions {total}, one option {single} ({100 * single / total:.0f}%)")
