"""Time per decision of the `best` bot at each game's largest table, on one core (CPU time of the bot's
process, so other jobs on a shared machine do not count): every seat is played by `best`, and each
decision with more than one option is timed from the view and log it is handed to the option it returns.

    nice -n 10 .venv/bin/python bench/bench_best.py --games 5
    nice -n 10 .venv/bin/python bench/bench_best.py --games 1 --kind lookahead --game killer --game eat
    TREACHERY_NATIVE=0 PYTHONPATH=src nice -n 10 .venv/bin/python bench/bench_best.py --games 2 --game killer \
        --players 4 --players 6 --players 8 --players 10      # per table size: what a searching bot's hold is set from
"""

from __future__ import annotations

import argparse
import statistics
import time

from treachery import game_class, new_game
from treachery.bots import bot_for
from treachery.bots.base import ask
from treachery.sim.runner import bot_seed


def measure(game_name: str, players: int, games: int, kind: str = "best") -> list[float]:
    """CPU seconds of each decision with more than one option, over ``games`` games with ``kind`` at every seat."""
    spent: list[float] = []
    for seed in range(games):
        game = new_game(game_name, players, seed)
        bots = [bot_for(game_name, kind, bot_seed(seed, s)) for s in range(players)]
        while not game.over:
            decision = game.pending()[0]
            started = time.process_time()
            option = ask(bots[decision.seat], game, decision.seat, decision)
            if len(decision.options) > 1:
                spent.append(time.process_time() - started)
            game.act(decision.seat, option)
    return spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--game", action="append", help="a game (repeatable); default: all four")
    parser.add_argument("--kind", default="best", help="the bot kind timed (lookahead: Killer and Eat)")
    parser.add_argument("--players", type=int, action="append", help="a table size (repeatable); default: the largest")
    args = parser.parse_args()
    print("| game | players | decisions timed | mean ms | p95 ms | max ms |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in args.game or ["killer", "menace", "guest", "eat"]:
        for players in args.players or [game_class(name).max_players]:
            spent = sorted(measure(name, players, args.games, args.kind))
            p95 = spent[int(0.95 * (len(spent) - 1))]
            print(f"| {name} | {players} | {len(spent)} | {1000 * statistics.fmean(spent):.1f} | {1000 * p95:.1f} | "
                  f"{1000 * spent[-1]:.1f} |", flush=True)


if __name__ == "__main__":
    main()
