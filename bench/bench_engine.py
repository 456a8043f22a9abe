#!/usr/bin/env python3
"""Engine speed bench: random play on one core through act, act_fast, clone+act and view, as ratios to the
shared yardstick measured in the same run; with a current compiled build (``treachery compile``), the compiled
engine and the Python sources side by side. Same as ``treachery bench``; see bench/README.md.

    .venv/bin/python bench/bench_engine.py --seconds 3 [--players 3-10] [--yardstick PATH] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rich.console import Console

from treachery import native
from treachery.sim import parse_player_range
from treachery.sim.bench import DEFAULT_YARDSTICK, run_bench, run_side_by_side
from treachery.terminal import bench_comparison, bench_table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", nargs="?", default="killer")
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per player count")
    parser.add_argument("--players", default=None, help="N or A-B (default: every count the game allows)")
    parser.add_argument("--yardstick", type=Path, default=DEFAULT_YARDSTICK, help="path to the shared yardstick.py")
    parser.add_argument("--json", type=Path, default=None, help="also write the report here")
    parser.add_argument("--this-only", action="store_true",
                        help="only what this process runs, even when a compiled build exists (default: both)")
    args = parser.parse_args()
    try:
        counts = parse_player_range(args.players, args.game) if args.players else None
    except ValueError as error:
        parser.error(str(error))
    console = Console(highlight=False)
    if native.usable_build("engine") is not None and not args.this_only:
        with console.status("benchmarking") as status:
            both = run_side_by_side(args.game, args.seconds, counts, args.yardstick,
                                    on_progress=lambda what: status.update(f"bench: {what}"))
        for kind, side in both["sides"].items():
            table = bench_table(side)
            table.title = f"{table.title} ({kind})"
            console.print(table)
        console.print(bench_comparison(both))
        if args.json:
            args.json.write_text(json.dumps(both, indent=1) + "\n")
        return
    with console.status("benchmarking") as status:
        report = run_bench(args.game, args.seconds, counts, args.yardstick,
                           on_progress=lambda what: status.update(f"bench: {what}"))
    console.print(bench_table(report))
    if report["yardstick_steps_per_s"]:
        console.print(f"yardstick steps/s: {report['yardstick_steps_per_s']:,.0f} (median over player counts)")
    else:
        console.print(f"note: no yardstick at {args.yardstick}: ratios skipped")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
