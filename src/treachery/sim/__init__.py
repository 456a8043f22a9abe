"""Batch simulation: bot games over a process pool, statistics, and the engine speed bench."""

from .runner import (
    BOT_KINDS,
    GameFailed,
    Totals,
    bot_seed,
    final_facts,
    game_seed,
    needs_view,
    parse_player_range,
    play_out,
    resolve_bot_kind,
    run_game,
    seat_bots,
    simulate,
)
from .stats import wilson

__all__ = [
    "BOT_KINDS", "GameFailed", "Totals", "bot_seed", "final_facts", "game_seed", "needs_view", "parse_player_range",
    "play_out", "resolve_bot_kind", "run_game", "seat_bots", "simulate", "wilson",
]
