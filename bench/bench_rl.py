#!/usr/bin/env python3
"""PettingZoo speed bench: steps/s of each game's AEC environment with random masked actions, next to
PettingZoo's own classic tic-tac-toe measured in the same run (same loop, interleaved slices). See bench/README.md.

    .venv/bin/python bench/bench_rl.py --seconds 2 [--players 5] [--games killer,guest] [--json out.json]

The encoders run compiled when ``treachery compile-encoders`` has built them (the header says which;
``TREACHERY_NATIVE=0`` measures the Python ones). A step is one ``env.last()`` (the observation: encoder +
mask) plus one ``env.step(action)``, dead-agent steps included, games reset as they end. Each figure is the
best of 3 slices. Time is this process's CPU time (``time.process_time``), so other jobs on a shared machine
disturb the figures less than wall time would; ``--wall`` measures wall time instead.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import numpy as np

import treachery
import treachery.rl


def steps_per_second(env: Any, seconds: float, seed: int, clock: Any = time.process_time) -> float:
    """Random masked play on ``env`` for about ``seconds`` of ``clock``; returns steps per second of it."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    steps = 0
    started = clock()
    deadline = started + seconds
    while True:
        for _agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
            if steps % 64 == 0 and clock() > deadline:
                return steps / (clock() - started)
        seed += 1
        env.reset(seed=seed)


def tictactoe() -> Any:
    from pettingzoo.classic import tictactoe_v3

    return tictactoe_v3.env()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per slice (3 slices per row)")
    parser.add_argument("--players", type=int, default=None, help="players for every game (default: 5, or "
                        "the nearest the game allows)")
    parser.add_argument("--games", default=",".join(treachery.games()), help="comma-separated game names")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    parser.add_argument("--wall", action="store_true", help="measure wall time instead of CPU time")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []
    clock = time.perf_counter if args.wall else time.process_time
    from treachery.rl.encoders import COMPILED

    print(f"encoders: {'compiled (mypyc)' if COMPILED else 'Python'}", flush=True)
    for name in [g.strip() for g in args.games.split(",") if g.strip()]:
        env = treachery.rl.env(name, players=args.players)
        yard_env = tictactoe()
        game_best, yard_best = 0.0, 0.0
        for slice_no in range(3):  # interleaved, so both see the same machine load
            yard_best = max(yard_best, steps_per_second(yard_env, args.seconds, slice_no, clock))
            game_best = max(game_best, steps_per_second(env, args.seconds, slice_no, clock))
        rows.append({"game": name, "players": env.unwrapped.players, "encoder": env.unwrapped.encoder.name,
                     "steps_per_s": round(game_best), "tictactoe_steps_per_s": round(yard_best),
                     "ratio": round(game_best / yard_best, 3)})
        row = rows[-1]
        print(f"{name:8} {row['players']:>2} players  {row['encoder']:7} {row['steps_per_s']:>8,} steps/s   "
              f"tic-tac-toe {row['tictactoe_steps_per_s']:>8,} steps/s   ratio {row['ratio']:.3f}", flush=True)
    if args.json:
        args.json.write_text(json.dumps({"seconds": args.seconds, "clock": "wall" if args.wall else "cpu",
                                         "compiled_encoders": COMPILED, "rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
