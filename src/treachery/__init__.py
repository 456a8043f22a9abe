"""treachery: one rules engine for hidden-role party card games.

    import treachery
    game = treachery.new_game("killer", players=5, seed=7)
    decision = game.pending()[0]
    game.act(decision.seat, decision.options[0])
"""

# The games subpackage is imported first: importing it binds the name ``games`` on this package,
# and the engine's ``games()`` function below must be what that name finally refers to.
from .games import register_all as _register_all  # isort: skip
from .engine import (
    Decision,
    Game,
    GameConfigError,
    IllegalAction,
    Option,
    game_class,
    games,
    new_game,
    replay,
    replay_record,
)

_register_all()

__all__ = [
    "Decision", "Game", "GameConfigError", "IllegalAction", "Option", "game_class", "games", "new_game", "replay",
    "replay_record",
]
