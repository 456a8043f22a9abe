#!/usr/bin/env python3
"""Simulation speed per game: heuristic-bot games/s on 1 and 2 workers, and ISMCTS iterations/s (plain search
with random rollouts, and the default ``ismcts`` bot's search guided by the heuristic bot), each as a ratio to
the shared yardstick measured in the same run. See bench/README.md.

    .venv/bin/python bench/bench_sim.py --seconds 2                       # every game at its usual table
    .venv/bin/python bench/bench_sim.py --games killer,menace --players 5
    .venv/bin/python bench/bench_sim.py --seconds 2 --baseline /path/to/other/src   # before/after, one run
    .venv/bin/python bench/bench_sim.py --seconds 2 --baseline /path/to/other/src --python-too   # + this tree as Python
    .venv/bin/python bench/bench_sim.py --json out.json

``--baseline SRC`` measures the same rows again with another checkout's sources (``SRC`` is its ``src``
directory, put first on PYTHONPATH of a child process), game by game alternating with this tree, so both are
measured on the same machine within the same minutes; ``÷ base`` is this tree's ratio over the baseline's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import treachery
from treachery.search import Budget, search
from treachery.sim import BotPlan, Job, run_batch
from treachery.sim.bench import DEFAULT_YARDSTICK, load_yardstick

TABLES = {"killer": 5, "guest": 6, "menace": 5, "eat": 5}  # the table sizes the simulation figures were taken at
SEARCH_ITERATIONS = 30  # per search, as the default ismcts bot


def _sampler(game: Any, seat: int) -> Any:
    """The game's sampler for this position (``Game.sampler``, which a search bot uses), or, in a tree from before
    it, the plain ``determinized`` per seed."""
    draw = getattr(game, "sampler", None)
    return draw(seat) if draw is not None else (lambda seed: game.determinized(seat, seed))


def _native() -> str:
    try:
        from treachery import native  # type: ignore[attr-defined,unused-ignore]
    except ImportError:  # a checkout from before compiled builds of the engine
        return "python"
    return "compiled" if native.usable_build("engine") and native.compiled("engine") else "python"


def games_per_second(name: str, players: int, workers: int, seconds: float, first: int = 0) -> float:
    """Heuristic-bot games per wall second through ``run_batch`` (the ``treachery simulate`` path). One worker:
    batches of a few games until ``seconds`` pass. Two workers: one batch sized to about ``seconds`` from a short
    one-worker probe, so the pool's start-up is paid once, as in a real sweep."""
    plan = BotPlan("heuristic")
    if workers == 1:
        done, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            run_batch(Job(name, (players,), 5, first + done, plan), 1)
            done += 5
        return done / (time.perf_counter() - start)
    probe = games_per_second(name, players, 1, min(0.5, seconds / 4), first)
    count = max(2 * workers, int(probe * workers * seconds * 0.8))
    start = time.perf_counter()
    run_batch(Job(name, (players,), count, first, plan), workers)
    return count / (time.perf_counter() - start)


def _positions(name: str, players: int, count: int) -> list[Any]:
    """Positions where a seat has a real choice, spread over seeded random games (as bench_search.py)."""
    found: list[Any] = []
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


def search_rate(name: str, spots: list[Any], seconds: float, guided: bool) -> float:
    """ISMCTS iterations per second over the positions, cycling through them until ``seconds`` pass. Guided:
    the search of the default ``ismcts`` bot (heuristic rollouts, other seats and default answer)."""
    from treachery.bots import heuristic_bot_class
    from treachery.search.ismcts import bot_policy, bot_rollout

    rng = random.Random(0)
    extra: dict[str, Any] = {}
    heuristic = heuristic_bot_class(name)
    if guided and heuristic is not None:
        policy = bot_policy(heuristic)
        extra = {"rollout": bot_rollout(heuristic), "others": policy, "guide": policy, "margin": 1.5}
    done, start = 0, time.perf_counter()
    while True:
        for game in spots:
            decision = game.pending()[0]
            seat = decision.seat
            found = search(seat, decision, _sampler(game, seat),
                           Budget(SEARCH_ITERATIONS), rng, **extra)
            done += found.iterations
            if time.perf_counter() - start >= seconds:
                return done / (time.perf_counter() - start)


def measure(name: str, players: int, seconds: float, yardstick_path: Path, rounds: int = 2) -> dict[str, Any]:
    """One game: each rate is the best of ``rounds`` slices, each slice next to a yardstick slice; the ratio
    divides the best rate by the best yardstick slice."""
    yardstick = load_yardstick(yardstick_path)
    if yardstick is not None:
        yardstick.steps_per_second(0.2)
    spots = _positions(name, players, 12)
    share = seconds / rounds
    best: dict[str, float] = {}

    def keep(key: str, value: float) -> None:
        best[key] = max(best.get(key, 0.0), value)

    games_per_second(name, players, 1, 0.2)  # warm-up: imports, the bots' tables
    for index in range(rounds):
        if yardstick is not None:
            keep("yardstick_steps_per_s", yardstick.steps_per_second(share / 3))
        keep("games_per_s_1", games_per_second(name, players, 1, share, first=1000 * index))
        keep("games_per_s_2", games_per_second(name, players, 2, share, first=1000 * index))
        keep("ismcts_iterations_per_s", search_rate(name, spots, share / 2, guided=False))
        keep("guided_iterations_per_s", search_rate(name, spots, share / 2, guided=True))
    row: dict[str, Any] = {"game": name, "players": players, "engine": _native(), **best}
    yard = best.get("yardstick_steps_per_s")
    for key in ("games_per_s_1", "games_per_s_2", "ismcts_iterations_per_s", "guided_iterations_per_s"):
        row[key + "_ratio"] = best[key] / yard if yard else None
    return row


def _child(name: str, players: int, seconds: float, yardstick: Path, src: Path, native: str = "1") -> dict[str, Any]:
    """The same row measured with the sources under ``src`` (a child process with ``src`` first on its path);
    ``native`` "0" turns the compiled build off there."""
    env = dict(os.environ, PYTHONPATH=str(src), TREACHERY_NATIVE=native)
    done = subprocess.run(
        [sys.executable, __file__, "--games", name, "--players", str(players), "--seconds", str(seconds),
         "--yardstick", str(yardstick), "--row-json"], env=env, capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


COLUMNS = (("games/s 1w", "games_per_s_1", ",.0f"), ("÷ yard", "games_per_s_1_ratio", ".6f"),
           ("games/s 2w", "games_per_s_2", ",.0f"), ("÷ yard", "games_per_s_2_ratio", ".6f"),
           ("ismcts it/s", "ismcts_iterations_per_s", ",.0f"), ("÷ yard", "ismcts_iterations_per_s_ratio", ".5f"),
           ("guided it/s", "guided_iterations_per_s", ",.0f"), ("÷ yard", "guided_iterations_per_s_ratio", ".5f"),
           ("yard/s", "yardstick_steps_per_s", ",.0f"))


def print_rows(rows: list[dict[str, Any]]) -> None:
    head = ["game", "n", "tree"] + [c[0] for c in COLUMNS]
    print(" | ".join(head))
    for row in rows:
        cells = [row["game"], str(row["players"]), row.get("tree", "this") + f" ({row['engine']})"]
        cells += [format(row[key], spec) if row.get(key) is not None else "-" for _, key, spec in COLUMNS]
        print(" | ".join(cells), flush=True)
        base = row.get("baseline")
        if base:
            gains = []
            for _, key, _spec in COLUMNS:
                if key.endswith("_ratio") and row.get(key) and base.get(key):
                    gains.append(f"{key.replace('_per_s_ratio', '')} ÷ base {row[key] / base[key]:.2f}")
            print("   " + ", ".join(gains), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(TABLES), help="comma-separated games")
    parser.add_argument("--players", type=int, default=None, help="one table size for every game")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per game and tree")
    parser.add_argument("--yardstick", type=Path, default=DEFAULT_YARDSTICK)
    parser.add_argument("--baseline", type=Path, default=None, help="another checkout's src/, measured alongside")
    parser.add_argument("--python-too", action="store_true",
                        help="also measure this tree's Python sources (TREACHERY_NATIVE=0) next to the compiled build")
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument("--row-json", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    names = [n for n in args.games.split(",") if n]
    rows = []
    for name in names:
        players = args.players or TABLES.get(name, 5)
        # the baseline runs compiled only if this process may (TREACHERY_NATIVE=0 measures both trees as Python)
        base = (_child(name, players, args.seconds, args.yardstick, args.baseline,
                       native=os.environ.get("TREACHERY_NATIVE", "1")) if args.baseline else None)
        if args.row_json:
            print(json.dumps(measure(name, players, args.seconds, args.yardstick)))
            return
        python = None
        if args.python_too:
            python = _child(name, players, args.seconds, args.yardstick, Path(__file__).resolve().parents[1] / "src",
                            native="0")
            python["tree"] = "this"
        row = measure(name, players, args.seconds, args.yardstick)
        if base is not None:
            base["tree"] = "baseline"
            print_rows([base])
            if python is not None:
                python["baseline"] = base
                row["python"] = python
            row["baseline"] = base
        if python is not None:
            print_rows([python])
        rows.append(row)
        print_rows([row])
    if load_yardstick(args.yardstick) is None:
        print(f"note: no yardstick at {args.yardstick}: ratios skipped")
    if args.json:
        args.json.write_text(json.dumps({"python": sys.version, "rows": rows}, indent=1) + "\n")


if __name__ == "__main__":
    main()
