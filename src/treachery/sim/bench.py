"""Engine speed on one core, reported as ratios to the shared yardstick measured in the same run.

Per player count, random play (a uniform choice among each decision's options, no views) through:
the checked public path ``pending()`` + ``act()``; the simulation path ``pending()`` + ``act_fast()``;
``clone()`` before every ``act()`` (what a tree search pays); and ``view(seat)`` alone (what every
bot that reads its view pays per decision). Machines here are noisy: compare ratios, not raw rates.
"""

from __future__ import annotations

import importlib.util
import json
import os
import platform
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

from .. import new_game
from ..engine import game_class

REPO_ROOT = Path(__file__).resolve().parents[3]
DEFAULT_YARDSTICK = REPO_ROOT.parent / "shared" / "bench" / "yardstick.py"


def load_yardstick(path: Path) -> ModuleType | None:
    """The yardstick module at ``path`` (it must define ``steps_per_second(seconds)``), or None if missing."""
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location("treachery_yardstick", path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module if hasattr(module, "steps_per_second") else None


def _run(seconds: float, step: Callable[[Any, random.Random], Any], name: str, players: int) -> tuple[int, int, float]:
    """Plays whole games (seeds 0, 1, ...) until ``seconds`` have passed; each call of ``step`` takes
    every pending decision once and returns the game to continue with. Returns (decisions, games, elapsed)."""
    rng = random.Random(players)
    decisions = games = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        game = new_game(name, players=players, seed=games)
        while not game.over:
            game, taken = step(game, rng)
            decisions += taken
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            return decisions, games, now - start


def _act(game: Any, rng: random.Random) -> tuple[Any, int]:
    pending = game.pending()
    for decision in pending:
        game.act(decision.seat, rng.choice(decision.options))
    return game, len(pending)


def _act_fast(game: Any, rng: random.Random) -> tuple[Any, int]:
    pending = game.pending()
    for decision in pending:
        game.act_fast(decision.seat, rng.choice(decision.ids))
    return game, len(pending)


def _clone_act(game: Any, rng: random.Random) -> tuple[Any, int]:
    pending = game.pending()
    for decision in pending:
        game = game.clone()
        game.act(decision.seat, rng.choice(decision.options))
    return game, len(pending)


def _views(name: str, players: int, seconds: float) -> float:
    """view(seat) calls per second for the deciding seat, timed on their own during random games."""
    rng = random.Random(players)
    views, spent, seed = 0, 0.0, 0
    clock = time.perf_counter
    deadline = clock() + seconds
    while clock() < deadline:
        game = new_game(name, players=players, seed=seed)
        seed += 1
        while not game.over:
            for decision in game.pending():
                t0 = clock()
                game.view(decision.seat)
                spent += clock() - t0
                views += 1
                game.act_fast(decision.seat, rng.choice(decision.ids))
    return views / spent if spent else 0.0


def measure(name: str, players: int, seconds: float, yardstick: ModuleType | None = None,
            rounds: int = 3) -> dict[str, Any]:
    """One player count. ``seconds`` is split into ``rounds`` rounds of short slices, one per path (and one
    for the yardstick, so each row is compared with a yardstick measured next to it in time); each rate is
    the best of its slices, which is what a noisy shared machine can still measure steadily."""
    parts = 5 if yardstick is not None else 4
    share = seconds / (rounds * parts)
    best: dict[str, float] = {}

    def keep(key: str, value: float) -> None:
        best[key] = max(best.get(key, 0.0), value)

    for _ in range(rounds):
        if yardstick is not None:
            keep("yardstick_steps_per_s", yardstick.steps_per_second(share))
        decisions, games, elapsed = _run(share, _act, name, players)
        keep("act_decisions_per_s", decisions / elapsed)
        keep("act_games_per_s", games / elapsed)
        keep("decisions_per_game", decisions / games)
        decisions, games, elapsed = _run(share, _act_fast, name, players)
        keep("fast_decisions_per_s", decisions / elapsed)
        keep("fast_games_per_s", games / elapsed)
        decisions, _, elapsed = _run(share, _clone_act, name, players)
        keep("clone_decisions_per_s", decisions / elapsed)
        keep("views_per_s", _views(name, players, share))
    return {"players": players, **best}


def run_bench(
    name: str,
    seconds: float = 3.0,
    players: list[int] | None = None,
    yardstick: Path | None = DEFAULT_YARDSTICK,
    on_progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """The whole bench: every player count, each with its own yardstick slices (``seconds`` per count).

    ``yardstick_steps_per_s`` in the report is the median of the rows' yardstick rates.
    """
    cls = game_class(name)
    counts = players or list(range(cls.min_players, cls.max_players + 1))
    module = load_yardstick(yardstick) if yardstick is not None else None
    report: dict[str, Any] = {
        "game": name, "seconds": seconds, "python": platform.python_version(), "machine": platform.machine(),
        "yardstick_path": str(yardstick) if yardstick else None, "yardstick_steps_per_s": None, "rows": [],
    }
    say = on_progress or (lambda _: None)
    if module is not None:
        module.steps_per_second(0.3)  # warm-up, as the yardstick's own main does
    _run(0.2, _act, name, counts[0])
    for n in counts:
        say(f"{n} players")
        report["rows"].append(measure(name, n, seconds, module))
    if module is not None:
        rates = sorted(row["yardstick_steps_per_s"] for row in report["rows"])
        middle = len(rates) // 2
        report["yardstick_steps_per_s"] = rates[middle] if len(rates) % 2 else (rates[middle - 1] + rates[middle]) / 2
    return report


def engine_kind() -> str:
    """"compiled" when this process runs the compiled engine and games (``treachery compile``), else "python"."""
    from .. import native

    return "compiled" if native.usable_build("engine") is not None and native.compiled("engine") else "python"


def _measure_in_child(name: str, players: int, seconds: float, yardstick: Path | None, compiled: bool,
                      ) -> dict[str, Any]:
    """One player count measured by a fresh interpreter with the compiled build on or off (TREACHERY_NATIVE)."""
    env = {**os.environ, "TREACHERY_NATIVE": "1" if compiled else "0"}
    command = [sys.executable, "-m", "treachery.sim.bench", name, str(players), str(seconds), str(yardstick or "")]
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"the bench's child process failed:\n{done.stderr[-2000:]}")
    row: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return row


def run_side_by_side(
    name: str = "killer",
    seconds: float = 3.0,
    players: list[int] | None = None,
    yardstick: Path | None = DEFAULT_YARDSTICK,
    on_progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """The bench twice per player count, the compiled engine and games then the Python sources, each in its own
    process with its own yardstick slices, one right after the other: ``report["sides"]`` holds a report per
    engine ("compiled", "python"), rows in the same order."""
    cls = game_class(name)
    counts = players or list(range(cls.min_players, cls.max_players + 1))
    say = on_progress or (lambda _: None)
    sides: dict[str, dict[str, Any]] = {}
    for kind in ("compiled", "python"):
        sides[kind] = {"game": name, "seconds": seconds, "python": platform.python_version(), "engine": kind,
                       "machine": platform.machine(), "yardstick_path": str(yardstick) if yardstick else None,
                       "yardstick_steps_per_s": None, "rows": []}
    for n in counts:
        for kind in ("compiled", "python"):
            say(f"{n} players, {kind}")
            row = _measure_in_child(name, n, seconds, yardstick, kind == "compiled")
            if row.pop("engine") != kind:
                raise RuntimeError(f"the {kind} bench ran the other engine: is the compiled build current?")
            sides[kind]["rows"].append(row)
    for side in sides.values():
        rates = sorted(r["yardstick_steps_per_s"] for r in side["rows"] if r.get("yardstick_steps_per_s"))
        if rates:
            middle = len(rates) // 2
            side["yardstick_steps_per_s"] = rates[middle] if len(rates) % 2 else (rates[middle - 1] + rates[middle]) / 2
    return {"game": name, "seconds": seconds, "sides": sides}


def _child_main(argv: list[str]) -> None:
    name, players, seconds, path = argv[0], int(argv[1]), float(argv[2]), argv[3]
    module = load_yardstick(Path(path)) if path else None
    if module is not None:
        module.steps_per_second(0.3)
    _run(0.2, _act, name, players)
    print(json.dumps({**measure(name, players, seconds, module), "engine": engine_kind()}))


if __name__ == "__main__":
    _child_main(sys.argv[1:])
