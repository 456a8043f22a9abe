#!/usr/bin/env python3
"""Worker scaling of ``treachery simulate``: the same batch on one worker process and on two, wall clock.

Each round runs the job once on one worker (in this process, as ``--workers 1`` does) and once on a pool of
two worker processes, alternating so both see the same machine load; the ratio of the best times is
reported, and the rows are checked to be identical. A forkserver pool pays its start-up once per batch,
included in the timing (as a user pays it). The CPU seconds the games took are counted too (in each worker):
on a machine shared with other jobs, "cores obtained" (CPU seconds / wall seconds) says how much of the two
cores the batch actually got, and "games per CPU second" whether splitting the work cost anything. See
bench/README.md.

    .venv/bin/python bench/bench_lab_workers.py --game menace --players 5-6 --games 1500 --rounds 3
"""

from __future__ import annotations

import argparse
import os
import time

from treachery.sim import parse_player_range, runner
from treachery.sim.runner import Job, run_batch
from treachery.sim.seating import BotPlan, default_kind

_chunk = runner.run_chunk


def timed_chunk(job: Job, *unit: int) -> list[dict[str, object]]:
    """run_chunk, with the CPU seconds it took riding on its first row (removed again before comparing)."""
    start = time.process_time()
    rows = _chunk(job, *unit)
    rows[0]["_cpu"] = time.process_time() - start
    return rows


def timed_run(job: Job, workers: int) -> tuple[float, float, list[dict[str, object]]]:
    """(wall seconds, CPU seconds of the games, rows)."""
    runner.run_chunk = timed_chunk  # type: ignore[assignment]  # the pool pickles it by name from this module
    try:
        start = time.perf_counter()
        rows = run_batch(job, workers).rows
        wall = time.perf_counter() - start
    finally:
        runner.run_chunk = _chunk
    cpu = sum(float(row.pop("_cpu", 0.0)) for row in rows)  # type: ignore[arg-type]
    return wall, cpu, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="menace")
    parser.add_argument("--players", default="5-6")
    parser.add_argument("--games", type=int, default=1500, help="games per player count")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--bots", default=None, help="bot kind [default: heuristic where the game has one]")
    args = parser.parse_args()
    counts = parse_player_range(args.players, args.game)
    job = Job(args.game, tuple(counts), args.games, 1, BotPlan(args.bots or default_kind(args.game)))
    best: dict[int, tuple[float, float]] = {}
    rows: dict[int, list[dict[str, object]]] = {}
    for _ in range(args.rounds):
        for workers in (1, 2):
            wall, cpu, rows[workers] = timed_run(job, workers)
            if workers not in best or wall < best[workers][0]:
                best[workers] = (wall, cpu)
    assert rows[1] == rows[2], "one worker and two gave different rows"
    games = len(rows[1])
    load = os.getloadavg()
    print(f"{args.game}, players {args.players}, {games} games, {job.bots.label} bots, best of {args.rounds}; "
          f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}, {os.cpu_count()} CPUs")
    for workers, (wall, cpu) in sorted(best.items()):
        print(f"  {workers} worker{'s' if workers > 1 else ' '}: {wall:6.2f} s  {games / wall:7.1f} games/s  "
              f"cores obtained {cpu / wall:4.2f}  {games / cpu:7.1f} games per CPU second")
    print(f"  speed-up, two workers over one: {best[1][0] / best[2][0]:.2f}x")


if __name__ == "__main__":
    main()
