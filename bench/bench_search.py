#!/usr/bin/env python3
"""ISMCTS speed, as iterations per second per game and as a ratio to the shared yardstick measured in the same
run; and, with --strength, seeded matches that show how strong the ISMCTS bot is. See bench/README.md.

    .venv/bin/python bench/bench_search.py --seconds 3 [--games killer,guest] [--players 5] [--json out.json]
    .venv/bin/python bench/bench_search.py --strength 200 --table-games 60 --iterations 100 [--players 5]
    .venv/bin/python bench/bench_search.py --sides 300 --game guest --iterations 30
    .venv/bin/python bench/bench_search.py --versus 100 --game guest --players 6 --side Guests \
        --kinds random,heuristic,ismcts --workers 2

Speed: for each game with a sampler, the searcher is the seat to decide at positions spread over seeded random
games (decisions with a single option skipped); each search runs a fixed number of iterations, and the rate is
iterations over the time spent, the best of 3 rounds, each round next to a yardstick slice.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bench_sim import _sampler  # (this directory is the script's: first on sys.path)

import treachery
from treachery import Game
from treachery.bots import bot_for, has_sampler
from treachery.search import Budget, search
from treachery.sim.bench import DEFAULT_YARDSTICK, load_yardstick
from treachery.sim.runner import bot_seed, play_out
from treachery.sim.stats import wilson

ITERATIONS_PER_SEARCH = 50


def positions(name: str, players: int, count: int) -> list[Game]:
    """``count`` positions where a seat has a real choice, from seeded random games, spread over each game."""
    found: list[Game] = []
    seed = 0
    while len(found) < count:
        game, rng = treachery.new_game(name, players=players, seed=seed), random.Random(seed)
        step = 0
        while not game.over and len(found) < count:
            decision = game.pending()[0]
            if step % 5 == 0 and len(decision.options) > 1:
                found.append(game.clone())
            game.act_fast(decision.seat, decision.ids[rng.randrange(len(decision.ids))])
            step += 1
        seed += 1
    return found


def search_rate(spots: list[Game], seconds: float) -> float:
    """ISMCTS iterations per second over the positions, cycling through them until ``seconds`` have passed."""
    rng = random.Random(0)
    done, start = 0, time.perf_counter()
    while True:
        for game in spots:
            decision = game.pending()[0]
            seat = decision.seat
            search(seat, decision, _sampler(game, seat),
                   Budget(ITERATIONS_PER_SEARCH), rng)
            done += ITERATIONS_PER_SEARCH
            if time.perf_counter() - start >= seconds:
                return done / (time.perf_counter() - start)


def measure_speed(names: list[str], players: int | None, seconds: float, yardstick_path: Path) -> dict[str, Any]:
    yardstick = load_yardstick(yardstick_path)
    if yardstick is not None:
        yardstick.steps_per_second(0.3)  # warm-up, as the yardstick's own main does
    rows = []
    for name in names:
        cls = treachery.game_class(name)
        count = players if players is not None else max(cls.min_players, min(cls.max_players, 5))
        spots = positions(name, count, 12)
        best_rate, best_yard = 0.0, 0.0
        for _ in range(3):
            best_rate = max(best_rate, search_rate(spots, seconds / 3))
            if yardstick is not None:
                best_yard = max(best_yard, yardstick.steps_per_second(seconds / 6))
        rows.append({"game": name, "players": count, "iterations_per_s": best_rate,
                     "yardstick_steps_per_s": best_yard or None,
                     "ratio": best_rate / best_yard if best_yard else None})
    return {"yardstick_path": str(yardstick_path), "iterations_per_search": ITERATIONS_PER_SEARCH, "rows": rows}


def _rate(wins: int, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{wins / games:.3f} [{low:.3f}, {high:.3f}]"


def _match(name: str, players: int, kinds: list[str], seed: int) -> list[int]:
    game = treachery.new_game(name, players=players, seed=seed)
    play_out(game, [bot_for(name, kinds[s], bot_seed(seed, s)) for s in range(players)])
    return list((game.result() or {}).get("winners", []))


def strength(name: str, players: int, games: int, iterations: int, table_games: int) -> list[dict[str, Any]]:
    """Seeded matches. One seat of a kind among random bots, the seat rotating: that seat's win rate. Then a
    whole table of one kind (``table_games`` each): how often anybody wins (Killer is cooperative: every
    survivor On Board wins together) and a seat's win rate."""
    ismcts = f"ismcts:{iterations}"
    rows = []
    for kind in ("random", "heuristic", ismcts):
        wins = 0
        for index in range(games):
            hero = index % players
            kinds = ["random"] * players
            kinds[hero] = kind
            wins += hero in _match(name, players, kinds, 60_000 + index)
        rows.append({"match": f"one {kind} among random", "games": games, "anybody_wins": "",
                     "seat_wins": _rate(wins, games)})
    for kind in ("random", "heuristic", ismcts):
        anybody = seat_wins = 0
        for index in range(table_games):
            winners = _match(name, players, [kind] * players, 50_000 + index)
            anybody += bool(winners)
            seat_wins += index % players in winners
        rows.append({"match": f"every seat {kind}", "games": table_games,
                     "anybody_wins": _rate(anybody, table_games), "seat_wins": _rate(seat_wins, table_games)})
    return rows


def side_matches(name: str, players: int, games: int, iterations: int) -> list[dict[str, Any]]:
    """Seeded matches by side: every seat random, then one side (as dealt, ``roles()``) searching with ISMCTS and
    the others random. Each row gives every side's win rate (a game may have several winning sides or none)."""
    ismcts = f"ismcts:{iterations}"
    sides = sorted(set(treachery.new_game(name, players=players, seed=0).roles()))
    rows = []
    for searching in [None, *sides]:
        wins = dict.fromkeys(sides, 0)
        for index in range(games):
            seed = 80_000 + index
            game = treachery.new_game(name, players=players, seed=seed)
            kinds = [ismcts if role == searching else "random" for role in game.roles()]
            play_out(game, [bot_for(name, kinds[s], bot_seed(seed, s)) for s in range(players)])
            result = game.result() or {}
            won = {result["sides"][w] for w in result.get("winners", [])}
            for side in sides:
                wins[side] += side in won
        label = f"{searching} {ismcts}, others random" if searching else "every seat random"
        rows.append({"match": label, "games": games, **{side: _rate(wins[side], games) for side in sides}})
    return rows


def _versus_game(job: tuple[str, int, str, str, str, int]) -> bool:
    name, players, side, kind, against, seed = job
    game = treachery.new_game(name, players=players, seed=seed)
    if side == "one":  # a game where every seat is on its own side: one seat, rotating with the seed
        kinds = [kind if s == seed % players else against for s in range(players)]
    else:
        kinds = [kind if role == side else against for role in game.roles()]
    play_out(game, [bot_for(name, kinds[s], bot_seed(seed, s)) for s in range(players)])
    result = game.result() or {}
    if side == "one":
        return seed % players in result.get("winners", [])
    return side in {result["sides"][w] for w in result.get("winners", [])}


def versus(name: str, players: int, side: str, games: int, kinds: list[str], against: str, workers: int,
           seed: int) -> Iterator[dict[str, Any]]:
    """Side ``side`` (a role as dealt, or ``one`` seat) played by each kind in turn, every other seat by
    ``against``; the same seeds for every kind, so only the side's bot differs. Per kind: the side's win rate
    and the seconds per game (wall clock over the games, all workers together)."""
    for kind in kinds:
        jobs = [(name, players, side, kind, against, seed + i) for i in range(games)]
        start = time.perf_counter()
        if workers > 1:
            with multiprocessing.Pool(workers) as pool:
                wins = sum(pool.map(_versus_game, jobs, chunksize=1))
        else:
            wins = sum(map(_versus_game, jobs))
        yield {"side": side, "played_by": kind, "others": against, "games": games,
               "wins": _rate(wins, games), "seconds_per_game": (time.perf_counter() - start) * workers / games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=None, help="comma-separated games (default: every game with a sampler)")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds of searching per game")
    parser.add_argument("--players", type=int, default=None, help="player count (default: 5, or the nearest allowed)")
    parser.add_argument("--yardstick", type=Path, default=DEFAULT_YARDSTICK, help="path to the shared yardstick.py")
    parser.add_argument("--json", type=Path, default=None, help="also write the report here")
    parser.add_argument("--strength", type=int, default=0, metavar="N", help="play N-game strength matches instead")
    parser.add_argument("--table-games", type=int, default=None, help="games of the whole-table matches (default N)")
    parser.add_argument("--iterations", type=int, default=100, help="ISMCTS iterations per decision in matches")
    parser.add_argument("--game", default="killer", help="the game of the strength matches")
    parser.add_argument("--sides", type=int, default=0, metavar="N", help="play N-game matches by side instead")
    parser.add_argument("--versus", type=int, default=0, metavar="N",
                        help="play N games per kind: --side played by each of --kinds, every other seat --against")
    parser.add_argument("--side", default="one", help="the side of --versus matches (a role, or 'one' seat)")
    parser.add_argument("--kinds", default="random,heuristic,ismcts", help="bot kinds of --versus matches")
    parser.add_argument("--against", default="heuristic", help="the bot kind of every other seat in --versus")
    parser.add_argument("--workers", type=int, default=1, help="worker processes of --versus matches")
    parser.add_argument("--seed", type=int, default=90_000, help="first game seed of --versus matches")
    args = parser.parse_args()
    if args.versus:
        players = args.players or 5
        print(f"{args.game}, {players} players, 95% Wilson intervals, seeds {args.seed}+")
        for row in versus(args.game, players, args.side, args.versus, args.kinds.split(","), args.against,
                          args.workers, args.seed):
            print(f"{row['side']:<8} played by {row['played_by']:<12} others {row['others']:<10} {row['games']:>5}"
                  f"  wins {row['wins']}  {row['seconds_per_game']:.2f} s/game", flush=True)
        return
    if args.sides:
        players = args.players or 5
        rows = side_matches(args.game, players, args.sides, args.iterations)
        print(f"{args.game}, {players} players, wins by side, 95% Wilson intervals")
        for row in rows:
            print(f"{row['match']:<36} {row['games']:>5}  " + "  ".join(
                f"{k}: {v}" for k, v in row.items() if k not in ("match", "games")), flush=True)
        if args.json:
            args.json.write_text(json.dumps(rows, indent=1) + "\n")
        return
    if args.strength:
        players = args.players or 5
        rows = strength(args.game, players, args.strength, args.iterations, args.table_games or args.strength)
        print(f"{args.game}, {players} players, ISMCTS {args.iterations} iterations, 95% Wilson intervals")
        print(f"{'match':<32} {'games':>5}  {'anybody wins':<24} {'seat wins':<24}")
        for row in rows:
            print(f"{row['match']:<32} {row['games']:>5}  {row['anybody_wins']:<24} {row['seat_wins']:<24}", flush=True)
        if args.json:
            args.json.write_text(json.dumps(rows, indent=1) + "\n")
        return
    names = args.games.split(",") if args.games else [n for n in treachery.games() if has_sampler(n)]
    missing = [n for n in names if not has_sampler(n)]
    if missing:
        parser.error(f"no sampler yet for {', '.join(missing)}")
    report = measure_speed(names, args.players, args.seconds, args.yardstick)
    print(f"{'game':<8} {'players':>7} {'iterations/s':>13} {'yardstick/s':>12} {'÷ yard':>8}")
    for row in report["rows"]:
        yard = f"{row['yardstick_steps_per_s']:,.0f}" if row["yardstick_steps_per_s"] else "-"
        ratio = f"{row['ratio']:.5f}" if row["ratio"] else "-"
        print(f"{row['game']:<8} {row['players']:>7} {row['iterations_per_s']:>13,.0f} {yard:>12} {ratio:>8}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
