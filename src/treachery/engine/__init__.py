"""The game-agnostic kernel: decisions, options, the checked act ladder, seeded RNG, logs and records."""

from .decision import Decision, Option
from .errors import GameConfigError, IllegalAction, SetupOverrideError
from .game import TIMEOUT, Game
from .options import CARD_FILE, GameOption
from .registry import add_loader, game_class, games, new_game, register, replay, replay_record
from .rng import Rng

__all__ = [
    "CARD_FILE", "TIMEOUT", "Decision", "Game", "GameConfigError", "GameOption", "IllegalAction", "Option", "Rng",
    "SetupOverrideError",
    "add_loader", "game_class", "games", "new_game", "register", "replay", "replay_record",
]
