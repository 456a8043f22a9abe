#!/usr/bin/env python3
"""Instructions per heuristic-bot game (or per guided-search iteration, or per game of random play through the
public path) in two trees, each on its own compiled build, counted by callgrind: a before/after figure the machine's
load does not move (the CPU-time and wall-clock benches swing by 10-30 % on a shared machine; a cut of a few per
cent shows only here).

    git archive main src | tar -x -C /tmp/before
    .venv/bin/python bench/ab_instructions.py --baseline /tmp/before/src                  # heuristic games
    .venv/bin/python bench/ab_instructions.py --baseline /tmp/before/src --what search --only menace,eat
    .venv/bin/python bench/ab_instructions.py --baseline /tmp/before/src --what plain --only menace  # random rollouts
    .venv/bin/python bench/ab_instructions.py --baseline /tmp/before/src --what act       # treachery bench's act row
    .venv/bin/python bench/ab_instructions.py --baseline /tmp/before/src --what act --only killer:3,menace:4

The baseline's engine group is built once into ``<baseline>/../prefix`` (a child process whose ``sys.prefix``
points there, so ``treachery.native`` builds and finds it there, never in this venv); this tree uses its usual
build (``treachery compile`` first). Each figure is (instructions of N2 units - those of N1 units) / (N2 - N1),
so imports and warm-up cancel out. Needs valgrind; takes a few minutes per game (callgrind runs ~50x slower).
``--baseline-python`` runs the baseline as Python instead (no build): for a tree from before the engine group
existed, such as #21's starting point 53d0294.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEARCH_ITERATIONS = 30  # per search, as bench_sim.py (not imported: it imports treachery, from no tree in particular)
TABLES = {"killer": 5, "guest": 6, "menace": 5, "eat": 5}  # as bench_sim.py
_CHILD = """
import sys
if sys.argv[1] not in ("-", "python"):  # "-": this venv's build; "python": none (TREACHERY_NATIVE=0)
    sys.prefix = sys.argv[1]
sys.path.insert(0, {bench!r})
if sys.argv[1] != "python":  # (a tree from before treachery.native has none to check)
    from treachery import native
    if sys.argv[2] == "build":
        native.build("engine")
        raise SystemExit
    assert native.usable_build("engine") is not None, "no current compiled build of this tree"
if sys.argv[2] == "act":  # random play: pending() and act() with a uniform choice, as treachery bench's act row
    import random
    from treachery import new_game
    players = int(sys.argv[4])
    choose = random.Random(players).choice
    for seed in range(int(sys.argv[5])):
        game = new_game(sys.argv[3], players=players, seed=seed)
        while not game.over:
            for decision in game.pending():
                game.act(decision.seat, choose(decision.options))
    raise SystemExit
import bench_sim_cpu
if sys.argv[2] == "games":
    bench_sim_cpu.cpu_ms_per_game(sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
else:
    bench_sim_cpu.cpu_ms_per_search_iteration(sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[2] == "search")
"""


def _run(src: Path, prefix: str, *args: str, callgrind: bool = True) -> int:
    """Runs the child on ``src``'s tree; returns the instructions callgrind counted (0 without callgrind)."""
    env = dict(os.environ, PYTHONPATH=str(src))
    if prefix == "python":
        env["TREACHERY_NATIVE"] = "0"
    command = [sys.executable, "-c", _CHILD.format(bench=str(HERE)), prefix, *args]
    if callgrind:
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command]
    done = subprocess.run(command, env=env, capture_output=True, text=True, cwd=src.parent)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} on {src} failed:\n{done.stderr[-3000:]}")
    collected = [line for line in done.stderr.splitlines() if "Collected :" in line]
    return int(collected[-1].split()[-1]) if collected else 0


def per_unit(src: Path, prefix: str, what: str, name: str, players: int, low: int, high: int) -> float:
    """Instructions per game, or per search iteration (a pass is 12 searches of bench_sim's budget)."""
    counts = [_run(src, prefix, what, name, str(players), str(n)) for n in (low, high)]
    units = (high - low) * (12 * SEARCH_ITERATIONS if what in ("search", "plain") else 1)
    return (counts[1] - counts[0]) / units


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", type=Path, required=True, help="the other tree's src/")
    parser.add_argument("--what", choices=("games", "search", "plain", "act"), default="games")
    parser.add_argument("--only", default=",".join(TABLES),
                        help="comma-separated games, each at its usual table or as game:players (killer:3)")
    parser.add_argument("--baseline-python", action="store_true", help="run the baseline as Python (no build)")
    parser.add_argument("--low", type=int, default=10, help="games in the short run (search: 1 pass)")
    parser.add_argument("--high", type=int, default=60, help="games in the long run (search: 3 passes)")
    args = parser.parse_args()
    baseline = args.baseline.resolve()
    prefix = "python" if args.baseline_python else str(baseline.parent / "prefix")
    if not args.baseline_python:
        _run(baseline, prefix, "build", callgrind=False)  # (nothing to do when its build is current)
    low, high = (1, 3) if args.what in ("search", "plain") else (args.low, args.high)  # search: passes
    print("game | n | baseline instructions | this tree | baseline ÷ this")
    for entry in [n for n in args.only.split(",") if n]:
        name, _, count = entry.partition(":")
        players = int(count) if count else TABLES.get(name, 5)
        base = per_unit(baseline, prefix, args.what, name, players, low, high)
        this = per_unit(HERE.parent / "src", "-", args.what, name, players, low, high)
        print(f"{name} | {players} | {base:,.0f} | {this:,.0f} | {base / this:.3f}", flush=True)


if __name__ == "__main__":
    main()
