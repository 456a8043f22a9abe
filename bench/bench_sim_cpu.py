#!/usr/bin/env python3
"""Heuristic-bot games per CPU second (``time.process_time``), this tree against a baseline checkout's sources,
in alternating rounds: a before/after measure the machine's load moves far less than wall-clock rates
(bench_sim.py's). Each round plays the same seeded games through ``run_batch`` (one worker, the
``treachery simulate`` path) in a fresh child process per tree. See bench/README.md.

    git archive main src | tar -x -C /tmp/base
    TREACHERY_NATIVE=0 .venv/bin/python bench/bench_sim_cpu.py --baseline /tmp/base/src --games 200 --rounds 3
    TREACHERY_NATIVE=0 .venv/bin/python bench/bench_sim_cpu.py --baseline /tmp/base/src --search 2   # + ISMCTS

``--search`` adds CPU milliseconds per iteration of the default ``ismcts`` bot's guided search (bench_sim.py's
positions and budget); both trees run the same searches, as they play the same games.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

TABLES = {"killer": 5, "guest": 6, "menace": 5, "eat": 5}  # as bench_sim.py
HERE = Path(__file__).resolve().parents[1] / "src"


def cpu_ms_per_game(name: str, players: int, games: int) -> float:
    """CPU milliseconds per game over ``games`` seeded heuristic-bot games, after a few warm-up games."""
    from treachery.sim import BotPlan, Job, run_batch

    run_batch(Job(name, (players,), 3, 10_000, BotPlan("heuristic")), 1)  # imports, the bots' tables
    start = time.process_time()
    run_batch(Job(name, (players,), games, 0, BotPlan("heuristic")), 1)
    return (time.process_time() - start) / games * 1000


def cpu_ms_per_search_iteration(name: str, players: int, passes: int, guided: bool = True) -> float:
    """CPU milliseconds per iteration of the default ``ismcts`` bot's search (guided by the heuristic bot, 30
    iterations a search, as bench_sim.py) over the same 12 positions, ``passes`` times, after one warm-up pass.
    ``guided=False``: the plain search (random rollouts), bench_sim.py's "ismcts" column."""
    import random

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_sim import SEARCH_ITERATIONS, _positions, _sampler

    from treachery.bots import heuristic_bot_class
    from treachery.search import Budget, search
    from treachery.search.ismcts import bot_policy, bot_rollout

    heuristic = heuristic_bot_class(name)
    assert heuristic is not None, f"{name} ships no heuristic bot"
    policy = bot_policy(heuristic)
    extra: dict[str, Any] = {"rollout": bot_rollout(heuristic), "others": policy, "guide": policy, "margin": 1.5}
    if not guided:
        extra = {}
    spots = _positions(name, players, 12)

    def one_pass(seed: int) -> int:
        done = 0
        for game in spots:
            decision = game.pending()[0]
            seat = decision.seat
            found = search(seat, decision, _sampler(game, seat), Budget(SEARCH_ITERATIONS), random.Random(seed),
                           **extra)
            done += found.iterations
        return done

    one_pass(99)
    start, iterations = time.process_time(), 0
    for index in range(passes):
        iterations += one_pass(index)
    return (time.process_time() - start) / iterations * 1000


def _child(src: Path, name: str, players: int, games: int, what: str = "games") -> float:
    env = dict(os.environ, PYTHONPATH=str(src))
    done = subprocess.run([sys.executable, __file__, "--child", name, str(players), str(games), what], env=env,
                          capture_output=True, text=True, check=True)
    return float(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", type=Path, help="another checkout's src/")
    parser.add_argument("--games", type=int, default=200, help="games per round and tree")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", default=",".join(TABLES), help="comma-separated games")
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--search", type=int, default=0, metavar="PASSES",
                        help="also the guided ISMCTS search: PASSES passes over 12 positions per round and tree")
    parser.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        name, players, count, what = args.child
        measure = cpu_ms_per_game if what == "games" else cpu_ms_per_search_iteration
        print(measure(name, int(players), int(count)))
        return
    if args.baseline is None:
        parser.error("--baseline is required")
    rows = []
    print("game | n | base ms/game (best) | this ms/game (best) | base ÷ this (speed-up)", flush=True)
    for name in [n for n in args.only.split(",") if n]:
        players = TABLES.get(name, 5)
        base, this = [], []
        for _ in range(args.rounds):  # alternating, so both trees meet the same load
            base.append(_child(args.baseline, name, players, args.games))
            this.append(_child(HERE, name, players, args.games))
        row = {"game": name, "players": players, "base_ms": min(base), "this_ms": min(this),
               "speedup": min(base) / min(this), "base_rounds": base, "this_rounds": this}
        print(f"{name} | {players} | {row['base_ms']:.2f} | {row['this_ms']:.2f} | {row['speedup']:.2f}", flush=True)
        if args.search:
            base, this = [], []
            for _ in range(args.rounds):
                base.append(_child(args.baseline, name, players, args.search, "search"))
                this.append(_child(HERE, name, players, args.search, "search"))
            row.update(search_base_ms=min(base), search_this_ms=min(this), search_speedup=min(base) / min(this))
            print(f"{name} | {players} | guided ISMCTS ms/iteration: base {min(base):.3f}, this {min(this):.3f}, "
                  f"speed-up {min(base) / min(this):.2f}", flush=True)
        rows.append(row)
    if args.json:
        args.json.write_text(json.dumps({"python": sys.version, "rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
