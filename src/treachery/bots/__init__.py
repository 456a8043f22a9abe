"""Bots: anything that chooses an option from a seat's view and its pending decision."""

from .base import Bot
from .random_bot import RandomBot

__all__ = ["Bot", "RandomBot", "bot_for"]


def bot_for(game_name: str, kind: str, seed: int) -> Bot:
    """A bot by kind: ``random`` for any game, ``heuristic`` where the game ships one."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic" and game_name == "killer":
        from ..games.killer.bots import KillerBot

        return KillerBot(seed)
    known = "random, heuristic" if game_name == "killer" else "random"
    raise ValueError(f"no {kind!r} bot for {game_name}; bots: {known}")
