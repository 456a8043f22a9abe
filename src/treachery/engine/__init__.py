"""The game-agnostic kernel: decisions, options, the checked act ladder, seeded RNG, logs and records."""

from .. import native as _native

COMPILED = _native.activate(__path__, __name__)  # the mypyc build of the kernel, when one matches its sources

from .decision import Decision, Option  # noqa: E402 (after the build is on the search path)
from .errors import GameConfigError, IllegalAction, SetupOverrideError  # noqa: E402
from .game import TIMEOUT, Game  # noqa: E402
from .options import CARD_FILE, GameOption  # noqa: E402
from .registry import add_loader, game_class, games, new_game, register, replay, replay_record  # noqa: E402
from .rng import Rng  # noqa: E402

__all__ = [
    "CARD_FILE", "TIMEOUT", "Decision", "Game", "GameConfigError", "GameOption", "IllegalAction", "Option", "Rng",
    "SetupOverrideError",
    "add_loader", "game_class", "games", "new_game", "register", "replay", "replay_record",
]
