"""Whole bot games: one for a transcript, many over a process pool (or Ray) for statistics.

A batch (:class:`Job`) is a game, player counts, a number of games, a batch seed, which bot kind sits where
(:class:`BotPlan`) and one or more settings (:class:`Setting`: options, start values, card data); it is cut
into work units of consecutive games that any process on any machine plays to the same rows.

Seeds are derived, never drawn: game ``i`` of a run with ``--seed S`` uses :func:`game_seed` (S, i), and
the bot in seat ``s`` of a game with seed ``g`` uses :func:`bot_seed` (g, s). So every game of a batch
can be replayed on its own (``treachery play --bots-only --seed g``), and the totals do not depend on
how the seeds were split into chunks or over how many worker processes.
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from .. import new_game
from ..bots.playout import play_out  # noqa: F401 (importable from here as before)
from ..bots.seating import (  # noqa: F401 (bot_seed, resolve_bot_kind, seat_bots: importable from here as before)
    GOLDEN,
    MASK,
    BotPlan,
    bot_seed,
    choose,
    mix,
    needs_view,
    resolve_bot_kind,
    seat_bots,
)
from ..engine import Game, GameConfigError, game_class
from ..engine.collector import collector_held_back
from ..engine.core import final_facts
from .setting import Setting

BOT_KINDS = ("random", "heuristic", "best")


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch run with ``seed``: the index-th number of a SplitMix64 stream.

    Computed directly from (seed, index), so any chunk of a batch knows its seeds without the others.
    """
    return mix((seed + (index + 1) * GOLDEN) & MASK)


class GameFailed(RuntimeError):
    """A bot game raised: the message says which game, and how to replay it alone."""


def game_row(game: Game, decisions: int, roles: list[str], kinds: list[str]) -> dict[str, Any]:
    """What a batch keeps of one finished game (one Parquet row): plain ints, strings and lists."""
    outcome = game.outcome()  # (not result(): its deep copy and texts cost more than the rest of the row)
    winners, sides, reason = outcome if outcome is not None else ([], {}, "?")
    rounds, deaths = final_facts(game)
    winners.sort()
    return {
        "seed": game.seed, "players": game.players, "bots": list(kinds), "roles": list(roles),
        "sides": [str(sides.get(seat, "")) for seat in range(game.players)], "winners": winners,
        "winning_sides": sorted({str(sides[w]) for w in winners if w in sides}),
        "decisions": decisions, "rounds": rounds, "deaths": deaths, "reason": str(reason),
        "events": game.event_counts(),
    }


def _count(table: dict[str, int], key: str, by: int = 1) -> None:
    table[key] = table.get(key, 0) + by


@dataclass
class Totals:
    """Sums over finished games of one player count; every field is an integer, so totals add up the
    same in any order (which is why results do not depend on the number of workers)."""

    games: int = 0
    side_wins: dict[str, int] = field(default_factory=dict)  # games in which some member of the side won
    winners: int = 0
    rounds: int = 0
    deaths: int = 0  # seats out of the game at the end (the view core says which)
    decisions: int = 0
    reasons: dict[str, int] = field(default_factory=dict)
    role_seats: dict[str, int] = field(default_factory=dict)  # seats dealt each role (side at setup)
    role_wins: dict[str, int] = field(default_factory=dict)  # ... of which won
    round_counts: dict[int, int] = field(default_factory=dict)  # games that ended in round r
    events: dict[str, int] = field(default_factory=dict)  # occurrences of each key event (Game.key_events)
    event_games: dict[str, int] = field(default_factory=dict)  # ... games with at least one

    def add_game(self, game: Game, decisions: int, roles: list[str] | None = None) -> None:
        """Counts a finished game; ``roles`` as read at setup (by default read now, which a role change during
        the game, a role that changes during play, would make differ)."""
        roles = roles if roles is not None else game.roles()
        self.add_row(game_row(game, decisions, roles, [""] * game.players))

    def add_row(self, row: dict[str, Any]) -> None:
        self.games += 1
        for side in row["winning_sides"]:
            _count(self.side_wins, side)
        for side in row["sides"]:
            self.side_wins.setdefault(side, 0)
        self.winners += len(row["winners"])
        self.rounds += row["rounds"]
        self.deaths += row["deaths"]
        self.decisions += row["decisions"]
        _count(self.reasons, row["reason"])
        for seat, role in enumerate(row["roles"]):
            _count(self.role_seats, role)
            _count(self.role_wins, role, int(seat in row["winners"]))
        self.round_counts[row["rounds"]] = self.round_counts.get(row["rounds"], 0) + 1
        for label, times in row.get("events", {}).items():
            _count(self.events, label, times)
            _count(self.event_games, label, int(times > 0))

    def merge(self, other: Totals) -> None:
        self.games += other.games
        for side, count in other.side_wins.items():
            _count(self.side_wins, side, count)
        self.winners += other.winners
        self.rounds += other.rounds
        self.deaths += other.deaths
        self.decisions += other.decisions
        for reason, count in other.reasons.items():
            _count(self.reasons, reason, count)
        for role, count in other.role_seats.items():
            _count(self.role_seats, role, count)
            _count(self.role_wins, role, other.role_wins.get(role, 0))
        for rounds, count in other.round_counts.items():
            self.round_counts[rounds] = self.round_counts.get(rounds, 0) + count
        for label, times in other.events.items():
            _count(self.events, label, times)
            _count(self.event_games, label, other.event_games.get(label, 0))

    def summary(self) -> dict[str, Any]:
        """Rates and means for reports (the JSON output and the table). A role's rate is per seat dealt it
        (seats of one game are not independent, so its interval is a guide, not a test)."""
        from .stats import wilson

        n = self.games or 1
        sides = {}
        for side in sorted(self.side_wins):
            wins = self.side_wins[side]
            sides[side] = {"win_rate": wins / n, "win_ci95": list(wilson(wins, self.games))}
        roles = {}
        for role in sorted(self.role_seats):
            seats, wins = self.role_seats[role], self.role_wins.get(role, 0)
            roles[role] = {"seats": seats, "win_rate": wins / seats, "win_ci95": list(wilson(wins, seats))}
        return {
            "games": self.games,
            "sides": sides,
            "roles": roles,
            "mean_winners": self.winners / n,
            "mean_rounds": self.rounds / n,
            "mean_deaths": self.deaths / n,
            "mean_decisions": self.decisions / n,
            "reasons": {r: self.reasons[r] for r in sorted(self.reasons, key=lambda r: (-self.reasons[r], r))},
            "rounds": {str(r): self.round_counts[r] for r in sorted(self.round_counts)},
            "events": {label: {"per_game": self.events[label] / n, "share": self.event_games[label] / n,
                               "share_ci95": list(wilson(self.event_games[label], self.games))}
                       for label in self.events},
        }


def run_game(game_name: str, players: int, seed: int, kind: str | BotPlan, fast: bool = True,
             options: dict[str, Any] | None = None, setup: dict[str, Any] | None = None) -> tuple[Game, int]:
    """One whole bot game: the finished game and how many decisions it took."""
    game, decisions, _, _ = play_game(game_name, players, seed, kind, fast, options, setup)
    return game, decisions


def play_game(game_name: str, players: int, seed: int, kind: str | BotPlan, fast: bool = True,
              options: dict[str, Any] | None = None, setup: dict[str, Any] | None = None,
              ) -> tuple[Game, int, list[str], list[str]]:
    """One whole bot game: the finished game, its decisions, the roles as dealt and the bot kind per seat."""
    game = new_game(game_name, players=players, seed=seed, options=options, setup=setup)
    roles = game.roles()
    plan = BotPlan(kind) if isinstance(kind, str) else kind
    kinds = plan.kinds(roles, seed)
    decisions = play_out(game, seat_bots(game_name, kinds, players, seed), fast=fast)
    return game, decisions, roles, kinds


@dataclass(frozen=True)
class Job:
    """A whole batch: ``games`` games per player count and setting, game ``i`` seeded ``game_seed(seed, i)`` in
    every setting (so settings are compared on the same deals)."""

    game: str
    player_counts: tuple[int, ...]
    games: int
    seed: int
    bots: BotPlan
    settings: tuple[Setting, ...] = (Setting(),)

    def work(self, chunk_size: int) -> list[tuple[int, int, int, int]]:
        """(setting index, players, start, count) units, in a fixed order."""
        return [(s, n, start, min(chunk_size, self.games - start)) for s in range(len(self.settings))
                for n in self.player_counts for start in range(0, self.games, chunk_size)]


def run_chunk(job: Job, setting_index: int, players: int, start: int, count: int) -> list[dict[str, Any]]:
    """Rows for games ``start`` .. ``start + count - 1`` of one setting and player count: a pure function of its
    arguments, so any process on any machine computes the same rows."""
    setting = job.settings[setting_index]
    options, setup = setting.game_options(), setting.game_setup()
    rows = []
    with collector_held_back():
        for index in range(start, start + count):
            this_seed = game_seed(job.seed, index)
            try:
                game, decisions, roles, kinds = play_game(job.game, players, this_seed, job.bots, True, options,
                                                          setup)
            except Exception as error:  # name the game so the failure can be replayed on its own
                where = "" if setting.label == "default" else f" (setting {setting.label})"
                raise GameFailed(
                    f"{job.game} game {index} of the batch{where} failed with {type(error).__name__}: {error}; "
                    f"reproduce with: treachery play {job.game} --bots-only --players {players} --seed {this_seed} "
                    f"--bots {job.bots.default}"
                ) from error
            row = game_row(game, decisions, roles, kinds)
            row.update(setting=setting.label, index=index)
            rows.append(row)
    return rows


def parse_player_range(text: str, game_name: str) -> list[int]:
    """``"5"`` or ``"3-10"`` -> player counts, checked against the game's range (GameConfigError if not)."""
    cls = game_class(game_name)
    allowed = f"{game_name} takes {cls.min_players} to {cls.max_players} players"
    parts = text.strip().split("-")
    try:
        if len(parts) == 1:
            low = high = int(parts[0])
        elif len(parts) == 2:
            low, high = int(parts[0]), int(parts[1])
        else:
            raise ValueError
    except ValueError:
        raise GameConfigError(f"--players must be N or A-B (like 5 or 3-10), got {text!r}; {allowed}") from None
    if low > high:
        raise GameConfigError(f"--players range {text!r} runs backwards; write A-B with A <= B; {allowed}")
    if low < cls.min_players or high > cls.max_players:
        raise GameConfigError(f"--players {text!r} is out of range: {allowed}")
    return list(range(low, high + 1))


def default_chunk_size(games: int, workers: int) -> int:
    """Small enough to balance and to move the progress bar, big enough to be cheap."""
    return max(1, min(500, -(-games // (workers * 8))))


@dataclass
class BatchResult:
    """Every game's row, in (setting, player count, game index) order whatever ran them, and the totals."""

    job: Job
    rows: list[dict[str, Any]]

    def totals(self) -> dict[str, dict[int, Totals]]:
        """Totals per setting label, then per player count."""
        out: dict[str, dict[int, Totals]] = {s.label: {n: Totals() for n in self.job.player_counts}
                                            for s in self.job.settings}
        for row in self.rows:
            out[row["setting"]][row["players"]].add_row(row)
        return out


def run_batch(job: Job, workers: int = 1, on_progress: Callable[[int], None] | None = None,
              chunk_size: int | None = None, ray_address: str | None = None) -> BatchResult:
    """Plays the whole job on this process (``workers`` 1), a process pool, or a Ray cluster (``ray_address``:
    "auto", an address, or "local" for a private local instance). The rows are the same in every case."""
    if job.games < 1:
        raise ValueError(f"--games must be at least 1, got {job.games}")
    if workers < 1:
        raise ValueError(f"--workers must be at least 1, got {workers}")
    work = job.work(chunk_size or default_chunk_size(job.games, workers))
    if ray_address is not None:
        from ..lab.ray_backend import run_on_ray

        parts = run_on_ray(job, work, ray_address, run_chunk, on_progress,
                           num_cpus=workers if ray_address == "local" else None)
    elif workers == 1:
        parts = []
        for unit in work:
            parts.append(run_chunk(job, *unit))
            if on_progress:
                on_progress(unit[3])
    else:
        parts = _run_on_pool(job, work, workers, on_progress)
    return BatchResult(job, [row for part in parts for row in part])


def _run_on_pool(job: Job, work: list[tuple[int, int, int, int]], workers: int,
                 on_progress: Callable[[int], None] | None) -> list[list[dict[str, Any]]]:
    # forkserver, not fork: the caller may be running threads (a progress bar), and forking a process
    # while another thread holds a lock (stdout's, say) can deadlock the child.
    context = multiprocessing.get_context("forkserver")
    parts: list[list[dict[str, Any]]] = [[] for _ in work]
    items = [(job, position, unit) for position, unit in enumerate(work)]
    # The pool's exit terminates its workers: a failed game, Ctrl-C or a SIGTERM (made an interrupt below)
    # stops every chunk at once instead of waiting for the running ones or leaving them to run on unowned.
    with _terminate_as_interrupt(), context.Pool(processes=min(workers, len(work))) as pool:
        for position, rows in pool.imap_unordered(_run_item, items):
            parts[position] = rows
            if on_progress:
                on_progress(work[position][3])
    return parts


def _run_item(item: tuple[Job, int, tuple[int, int, int, int]]) -> tuple[int, list[dict[str, Any]]]:
    job, position, unit = item
    return position, run_chunk(job, *unit)


@contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """While a pool runs: SIGTERM raises KeyboardInterrupt in the main thread, so the pool is cleaned up as for
    Ctrl-C (by default SIGTERM ends the process at once and its workers run on)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        raise KeyboardInterrupt(f"signal {signum}")

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def simulate(
    game_name: str,
    player_counts: list[int],
    games: int,
    seed: int,
    workers: int = 1,
    kind: str | BotPlan = "random",
    on_progress: Callable[[int], None] | None = None,
    chunk_size: int | None = None,
    options: dict[str, Any] | None = None,
) -> dict[int, Totals]:
    """``games`` bot games per player count, split into chunks over ``workers`` processes.

    The result is the same for the same (game, counts, games, seed, kind) whatever ``workers`` and
    ``chunk_size`` are. With one worker everything runs in this process. ``on_progress`` is called with
    the number of games just finished.
    """
    plan = BotPlan(kind) if isinstance(kind, str) else kind
    job = Job(game_name, tuple(player_counts), games, seed, plan, (Setting(options=dict(options or {})),))
    return run_batch(job, workers, on_progress, chunk_size).totals()["default"]
