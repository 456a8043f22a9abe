"""Whole bot games: one for a transcript, many seeds over a process pool for statistics.

Seeds are derived, never drawn: game ``i`` of a run with ``--seed S`` uses :func:`game_seed` (S, i), and
the bot in seat ``s`` of a game with seed ``g`` uses :func:`bot_seed` (g, s). So every game of a batch
can be replayed on its own (``treachery play --bots-only --seed g``), and the totals do not depend on
how the seeds were split into chunks or over how many worker processes.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from .. import new_game
from ..bots import Bot, bot_for
from ..bots.base import ask
from ..engine import Game, GameConfigError, game_class

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
BOT_KINDS = ("random", "heuristic")


def _mix(z: int) -> int:
    """SplitMix64's output function (the engine's Rng uses the same one)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch run with ``seed``: the index-th number of a SplitMix64 stream.

    Computed directly from (seed, index), so any chunk of a batch knows its seeds without the others.
    """
    return _mix((seed + (index + 1) * _GOLDEN) & _MASK)


def bot_seed(seed: int, seat: int) -> int:
    """The seed of the bot in ``seat`` in a game whose seed is ``seed``."""
    return _mix((seed ^ ((seat + 1) * _GOLDEN)) & _MASK)


class GameFailed(RuntimeError):
    """A bot game raised: the message says which game, and how to replay it alone."""


def heuristic_available(game_name: str) -> bool:
    try:
        bot_for(game_name, "heuristic", 0)
    except (ValueError, ImportError):
        return False
    return True


def resolve_bot_kind(game_name: str, kind: str | None) -> str:
    """The bot kind to seat: ``kind`` if given and available; by default heuristic where the game has one.

    Raises ValueError naming what is allowed for an unknown or unavailable kind.
    """
    game_class(game_name)  # unknown game: GameConfigError first
    available = ["random"] + (["heuristic"] if heuristic_available(game_name) else [])
    if kind is None:
        return available[-1]
    if kind not in available:
        raise ValueError(f"no {kind!r} bot for {game_name}; available: {', '.join(available)}")
    return kind


def seat_bots(game_name: str, kind: str, players: int, seed: int) -> list[Bot]:
    """One bot per seat (a bot may remember things within its game), each from its own derived seed."""
    return [bot_for(game_name, kind, bot_seed(seed, seat)) for seat in range(players)]


def needs_view(bot: Bot) -> bool:
    """Whether ``bot`` reads the view it is given. A bot says it does not with ``needs_view = False``
    (RandomBot picks from the options alone); anything else gets its seat's view, the safe default."""
    return bool(getattr(bot, "needs_view", True))


def choose(game: Game, bots: list[Bot], wants_view: list[bool], seat: int, decision: Any) -> Any:
    """The option ``seat``'s bot picks, having seen only its own view and the decision."""
    return ask(bots[seat], game, seat, decision, wants_view[seat])


def play_out(game: Game, bots: list[Bot], fast: bool = True, skip: Iterable[int] = ()) -> int:
    """Lets the bots answer every pending decision (except for seats in ``skip``) until the game ends
    or only skipped seats are waited for. Returns the number of decisions taken.

    ``fast`` uses ``act_fast`` (the option came from the decision just enumerated, and is checked
    against it here); otherwise the checked ``act``.
    """
    wants_view = [needs_view(b) for b in bots]
    skipped = set(skip)
    decisions = 0
    while not game.over:
        pending = [d for d in game.pending() if d.seat not in skipped]
        if not pending:
            break
        for decision in pending:  # simultaneous decisions: each bot answers its own; they resolve together
            seat = decision.seat
            option = choose(game, bots, wants_view, seat, decision)
            option_id = option["id"]
            if fast:
                if option_id not in decision.ids:
                    raise ValueError(f"bot in seat {seat} chose {option!r}, not one of {decision!r}")
                game.act_fast(seat, option_id)
            else:
                game.act(seat, option_id)
            decisions += 1
    return decisions


def final_facts(game: Game) -> tuple[int, int]:
    """(rounds played, players not alive) from the public view: the round it ended in, and the dead."""
    public = game.view(None)
    deaths = sum(1 for p in public.get("players", []) if not p.get("alive", True))
    return int(public.get("round", 0)), deaths


@dataclass
class Totals:
    """Sums over finished games of one player count; every field is an integer, so totals add up the
    same in any order (which is why results do not depend on the number of workers)."""

    games: int = 0
    side_wins: dict[str, int] = field(default_factory=dict)  # games in which some member of the side won
    winners: int = 0
    rounds: int = 0
    deaths: int = 0  # players not alive at the end
    decisions: int = 0
    reasons: dict[str, int] = field(default_factory=dict)

    def add_game(self, game: Game, decisions: int) -> None:
        result = game.result() or {}
        rounds, deaths = final_facts(game)
        self.games += 1
        winners = result.get("winners", [])
        sides = result.get("sides", {})
        for side in sorted({sides[w] for w in winners if w in sides}):
            self.side_wins[side] = self.side_wins.get(side, 0) + 1
        for side in set(sides.values()):
            self.side_wins.setdefault(side, 0)
        self.winners += len(winners)
        self.rounds += rounds
        self.deaths += deaths
        self.decisions += decisions
        reason = str(result.get("reason", "?"))
        self.reasons[reason] = self.reasons.get(reason, 0) + 1

    def merge(self, other: Totals) -> None:
        self.games += other.games
        for side, count in other.side_wins.items():
            self.side_wins[side] = self.side_wins.get(side, 0) + count
        self.winners += other.winners
        self.rounds += other.rounds
        self.deaths += other.deaths
        self.decisions += other.decisions
        for reason, count in other.reasons.items():
            self.reasons[reason] = self.reasons.get(reason, 0) + count

    def summary(self) -> dict[str, Any]:
        """Rates and means for reports (the JSON output and the table)."""
        from .stats import wilson

        n = self.games or 1
        sides = {}
        for side in sorted(self.side_wins):
            wins = self.side_wins[side]
            sides[side] = {"win_rate": wins / n, "win_ci95": list(wilson(wins, self.games))}
        return {
            "games": self.games,
            "sides": sides,
            "mean_winners": self.winners / n,
            "mean_rounds": self.rounds / n,
            "mean_deaths": self.deaths / n,
            "mean_decisions": self.decisions / n,
            "reasons": {r: self.reasons[r] for r in sorted(self.reasons, key=lambda r: (-self.reasons[r], r))},
        }


def run_game(game_name: str, players: int, seed: int, kind: str, fast: bool = True,
             options: dict[str, Any] | None = None) -> tuple[Game, int]:
    """One whole bot game: the finished game and how many decisions it took."""
    game = new_game(game_name, players=players, seed=seed, options=options)
    bots = seat_bots(game_name, kind, players, seed)
    decisions = play_out(game, bots, fast=fast)
    return game, decisions


def run_chunk(game_name: str, players: int, seed: int, start: int, count: int, kind: str,
              options: dict[str, Any] | None = None) -> Totals:
    """Games ``start`` .. ``start + count - 1`` of a batch: a pure function of its arguments."""
    totals = Totals()
    for index in range(start, start + count):
        this_seed = game_seed(seed, index)
        try:
            game, decisions = run_game(game_name, players, this_seed, kind, options=options)
            totals.add_game(game, decisions)
        except Exception as error:  # name the game so the failure can be replayed on its own
            raise GameFailed(
                f"{game_name} game {index} of the batch failed with {type(error).__name__}: {error}; reproduce with: "
                f"treachery play {game_name} --bots-only --players {players} --seed {this_seed} --bots {kind}"
            ) from error
    return totals


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


def chunks(player_counts: list[int], games: int, size: int) -> list[tuple[int, int, int]]:
    """(players, start, count) work units, in a fixed order."""
    return [(n, start, min(size, games - start)) for n in player_counts for start in range(0, games, size)]


def simulate(
    game_name: str,
    player_counts: list[int],
    games: int,
    seed: int,
    workers: int = 1,
    kind: str = "random",
    on_progress: Callable[[int], None] | None = None,
    chunk_size: int | None = None,
    options: dict[str, Any] | None = None,
) -> dict[int, Totals]:
    """``games`` bot games per player count, split into chunks over ``workers`` processes.

    The result is the same for the same (game, counts, games, seed, kind) whatever ``workers`` and
    ``chunk_size`` are. With one worker everything runs in this process. ``on_progress`` is called with
    the number of games just finished.
    """
    if games < 1:
        raise ValueError(f"--games must be at least 1, got {games}")
    if workers < 1:
        raise ValueError(f"--workers must be at least 1, got {workers}")
    if chunk_size is None:  # small enough to balance and to move the progress bar, big enough to be cheap
        chunk_size = max(1, min(500, -(-games // (workers * 8))))
    work = chunks(player_counts, games, chunk_size)
    totals = {n: Totals() for n in player_counts}
    if workers == 1:
        for n, start, count in work:
            totals[n].merge(run_chunk(game_name, n, seed, start, count, kind, options))
            if on_progress:
                on_progress(count)
        return totals
    # forkserver, not fork: the caller may be running threads (a progress bar), and forking a process
    # while another thread holds a lock (stdout's, say) can deadlock the child.
    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(max_workers=min(workers, len(work)), mp_context=context) as pool:
        futures: dict[Future[Totals], tuple[int, int]] = {
            pool.submit(run_chunk, game_name, n, seed, start, count, kind, options): (n, count)
            for n, start, count in work
        }
        waiting = set(futures)
        try:
            while waiting:
                done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
                for future in done:
                    n, count = futures[future]
                    totals[n].merge(future.result())
                    if on_progress:
                        on_progress(count)
        except BaseException:  # a failed game, or Ctrl-C: drop the queued chunks rather than run them first
            pool.shutdown(wait=False, cancel_futures=True)
            raise
    return totals
