"""Batch simulation: bot games over a process pool (or Ray), statistics, overrides, the ladder and the bench."""

from .runner import (
    BOT_KINDS,
    BatchResult,
    GameFailed,
    Job,
    Totals,
    bot_seed,
    final_facts,
    game_seed,
    needs_view,
    parse_player_range,
    play_game,
    play_out,
    resolve_bot_kind,
    run_batch,
    run_game,
    seat_bots,
    simulate,
)
from .seating import BotPlan
from .setting import Setting
from .stats import wilson

__all__ = [
    "BOT_KINDS", "BatchResult", "BotPlan", "GameFailed", "Job", "Setting", "Totals", "bot_seed", "final_facts",
    "game_seed", "needs_view", "parse_player_range", "play_game", "play_out", "resolve_bot_kind", "run_batch",
    "run_game", "seat_bots", "simulate", "wilson",
]
