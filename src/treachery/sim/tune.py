"""Searching one designed number for a target win rate: integer bisection over a batch per value.

A side's win rate moves one way as a number such as a starting track value or a card count rises, so the value
that brings it nearest a target can be found by bisection: both ends first (they must bracket the target, or the
nearer end is the answer), then the middle of the bracket, keeping the half that still brackets it. Every value is
played on the same deals (game ``i`` has the same seed in every setting), so neighbouring values differ by the
number, not by luck. Each step is one ordinary batch, so a result is reproduced by ``treachery simulate --set``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .overrides import build_settings
from .runner import Job, run_batch
from .seating import BotPlan


@dataclass(frozen=True)
class Trial:
    """One value tried: the side's win rate there with its 95% interval, and the games' mean length."""

    value: int
    rate: float
    ci95: tuple[float, float]
    mean_rounds: float


@dataclass
class Tuning:
    """Every value tried, in the order tried, and the chosen one (nearest the target; the lower value on a tie)."""

    key: str
    side: str
    target: float
    players: int
    trials: list[Trial] = field(default_factory=list)
    bracketed: bool = False

    @property
    def best(self) -> Trial:
        return min(self.trials, key=lambda t: (abs(t.rate - self.target), t.value))


def tune(game: str, players: int, key: str, low: int, high: int, side: str, target: float, games: int, seed: int,
         bots: BotPlan, workers: int = 1, sets: list[str] | None = None, options: dict[str, Any] | None = None,
         on_trial: Callable[[Trial], None] | None = None) -> Tuning:
    """The value of ``key`` in ``low..high`` whose batch brings ``side``'s win rate nearest ``target``.

    ``sets`` are further ``--set KEY=VALUE`` changes held fixed; every value is checked by the game before any
    batch runs (a value the game refuses raises ValueError naming it)."""
    if not low < high:
        raise ValueError(f"the range must have low < high, got {low}..{high}")
    if not 0.0 < target < 1.0:
        raise ValueError(f"the target win rate must be between 0 and 1, got {target}")
    fixed = list(sets or [])
    if any(s.partition("=")[0].strip() == key for s in fixed):
        raise ValueError(f"--set already gives {key}")
    tuning = Tuning(key, side, target, players)
    seen: dict[int, Trial] = {}

    def measure(value: int) -> Trial:
        if value in seen:
            return seen[value]
        [setting] = build_settings(game, [*fixed, f"{key}={value}"], None, None, options, [players])
        totals = run_batch(Job(game, (players,), games, seed, bots, (setting,)), workers).totals()[setting.label]
        summary = totals[players].summary()
        if side not in summary["sides"]:
            raise ValueError(f"{game} at {players} players deals no side {side!r}; "
                             f"its sides: {', '.join(summary['sides'])}")
        stats = summary["sides"][side]
        trial = Trial(value, stats["win_rate"], (stats["win_ci95"][0], stats["win_ci95"][1]), summary["mean_rounds"])
        seen[value] = trial
        tuning.trials.append(trial)
        if on_trial is not None:
            on_trial(trial)
        return trial

    below = measure(low).rate - target
    above = measure(high).rate - target
    if below * above > 0:  # both ends on one side of the target: the nearer end is as close as the range gets
        return tuning
    tuning.bracketed = True
    while high - low > 1:
        middle = (low + high) // 2
        here = measure(middle).rate - target
        if here == 0:
            break
        if (here > 0) == (below > 0):
            low, below = middle, here
        else:
            high = middle
    return tuning
