#!/usr/bin/env python3
"""Heuristic-bot games per CPU second (``time.process_time``), this tree against a baseline checkout's sources,
in alternating rounds: a before/after measure the machine's load moves far less than wall-clock rates
(bench_sim.py's). Each round plays the same seeded games through ``run_batch`` (one worker, the
``treachery simulate`` path) in a fresh child process per tree. See bench/README.md.

    git archive main src | tar -x -C /tmp/base
    TREACHERY_NATIVE=0 .venv/bin/python bench/bench_sim_cpu.py --baseline /tmp/base/src --games 200 --rounds 3
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

TABLES = {"killer": 5, "guest": 6, "menace": 5, "eat": 5}  # as bench_sim.py
HERE = Path(__file__).resolve().parents[1] / "src"


def cpu_ms_per_game(name: str, players: int, games: int) -> float:
    """CPU milliseconds per game over ``games`` seeded heuristic-bot games, after a few warm-up games."""
    from treachery.sim import BotPlan, Job, run_batch

    run_batch(Job(name, (players,), 3, 10_000, BotPlan("heuristic")), 1)  # imports, the bots' tables
    start = time.process_time()
    run_batch(Job(name, (players,), games, 0, BotPlan("heuristic")), 1)
    return (time.process_time() - start) / games * 1000


def _child(src: Path, name: str, players: int, games: int) -> float:
    env = dict(os.environ, PYTHONPATH=str(src))
    done = subprocess.run([sys.executable, __file__, "--child", name, str(players), str(games)], env=env,
                          capture_output=True, text=True, check=True)
    return float(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", type=Path, help="another checkout's src/")
    parser.add_argument("--games", type=int, default=200, help="games per round and tree")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", default=",".join(TABLES), help="comma-separated games")
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        name, players, games = args.child
        print(cpu_ms_per_game(name, int(players), int(games)))
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
        rows.append(row)
        print(f"{name} | {players} | {row['base_ms']:.2f} | {row['this_ms']:.2f} | {row['speedup']:.2f}", flush=True)
    if args.json:
        args.json.write_text(json.dumps({"python": sys.version, "rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
