"""Bots: anything that chooses an option from a seat's view and its pending decision."""

from __future__ import annotations

import importlib

from .base import Bot
from .random_bot import RandomBot

__all__ = ["Bot", "RandomBot", "bot_for", "heuristic_bot_class"]


def heuristic_bot_class(game_name: str) -> type[Bot] | None:
    """The game's own heuristic bot: ``HEURISTIC_BOT`` in ``treachery/games/<game>/bots.py``, if it ships one."""
    module_name = f"treachery.games.{game_name}.bots"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as missing:
        if missing.name in (module_name, f"treachery.games.{game_name}"):
            return None
        raise
    return getattr(module, "HEURISTIC_BOT", None)


def bot_for(game_name: str, kind: str, seed: int) -> Bot:
    """A bot by kind: ``random`` for any game, ``heuristic`` where the game ships one."""
    if kind == "random":
        return RandomBot(seed)
    heuristic = heuristic_bot_class(game_name)
    if kind == "heuristic" and heuristic is not None:
        return heuristic(seed)  # type: ignore[call-arg]
    known = "random, heuristic" if heuristic is not None else "random"
    raise ValueError(f"no {kind!r} bot for {game_name}; bots: {known}")
