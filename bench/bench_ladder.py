"""The ladder of docs/bots.md in one command: for every side of every game at two player counts, `best`,
heuristic and random each play the side against a heuristic table on the same seeds (Killer and Who Should We
Eat?, where each seat plays for itself: one rotating seat), with 95% Wilson intervals and the paired difference
of best - heuristic and heuristic - random with its 95% interval. Prints the Markdown table of docs/bots.md.

    nice -n 10 .venv/bin/python bench/bench_ladder.py --games 400 --workers 2          # the whole table
    .venv/bin/python bench/bench_ladder.py --games 40 --only menace:5                  # one game, one count
    nice -n 10 .venv/bin/python bench/bench_ladder.py --games 400 --balanced           # option balanced=true
    nice -n 10 .venv/bin/python bench/bench_ladder.py --games 400 --versus best        # against the best bots
    .venv/bin/python bench/bench_ladder.py --only menace:7 --side coward --option advanced=true --kinds belief,heuristic

``--balanced`` starts every game of a game that declares the ``balanced`` option with it (the measured fix for
a lopsided printed game, docs/balance.md), so a side's result is not pinned near a ceiling where no bot can
show a difference; a game without it (Killer) plays as printed.
"""

from __future__ import annotations

import argparse
import sys
import time

from treachery import new_game
from treachery.cli import parse_options
from treachery.engine import game_class
from treachery.sim.ladder import run_versus

COUNTS = {"menace": (5, 7), "guest": (6, 8), "killer": (5, 8), "eat": (5, 7)}
KINDS = ["best", "heuristic", "random"]


def sides(game: str, players: int) -> list[str]:
    return sorted({role for seed in range(8) for role in new_game(game, players, seed).roles()})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per row (the same seeds for every kind)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", action="append", help="game:players to run (repeatable); default: all")
    parser.add_argument("--balanced", action="store_true", help="option balanced=true where a game declares it")
    parser.add_argument("--versus", default="heuristic", help="the kind at every other seat (default: heuristic)")
    parser.add_argument("--kinds", default=",".join(KINDS),
                        help="kinds that play the side, comma-separated, each minus the next (default: %(default)s)")
    parser.add_argument("--side", action="append", help="only this side (repeatable); default: every side")
    parser.add_argument("--option", action="append", default=[], help="KEY=VALUE game option for every game")
    args = parser.parse_args()
    kinds = args.kinds.split(",")
    wanted = [tuple(o.split(":")) for o in args.only] if args.only else [
        (g, str(p)) for g, counts in COUNTS.items() for p in counts]
    print("| game | players | side | played by | games | side wins [95%] | difference [95%] | s/game |")
    print("|---|---:|---|---|---:|---|---|---:|")
    for game, players_text in wanted:
        players = int(players_text)
        started = time.perf_counter()
        balanced = args.balanced and any(o.key == "balanced" for o in game_class(game).declared_options)
        options = {**({"balanced": True} if balanced else {}), **parse_options(args.option, game)}
        rows = run_versus(game, [players], args.games, args.seed, kinds, sides(game, players), args.versus,
                          args.workers, on_start=lambda what: print(f"  {what}", file=sys.stderr, flush=True),
                          options=options or None, only=args.side)
        per_game = (time.perf_counter() - started) * args.workers / (args.games * len(kinds) * max(
            1, len({r["side"] for r in rows})))
        diffs = {(r["side"], r["side_bots"].split(" - ")[0]): r for r in rows if "difference" in r}
        for r in rows:
            if "difference" in r:
                continue
            d = diffs.get((r["side"], r["side_bots"]))
            low, high = r["win_ci95"]
            diff = (f"{r['side_bots']} - {d['side_bots'].split(' - ')[1]}: {d['difference']:+.3f} "
                    f"[{d['difference_ci95'][0]:+.3f}, {d['difference_ci95'][1]:+.3f}]") if d else ""
            print(f"| {game} | {players} | {r['side']} | {r['side_bots']} | {r['games']} | "
                  f"{r['win_rate']:.3f} [{low:.3f}, {high:.3f}] | {diff} | {per_game:.2f} |", flush=True)


if __name__ == "__main__":
    main()
