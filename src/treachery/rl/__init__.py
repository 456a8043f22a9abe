"""Research interfaces: PettingZoo environments (and OpenSpiel games) over every registered game.

Needs the ``rl`` extra (``pip install -e '.[rl]'``)::

    from treachery.rl import treachery_killer_v0
    env = treachery_killer_v0.env(players=5)
    # or, for any game by name:
    import treachery.rl
    env = treachery.rl.env("killer", players=5)

``treachery_<game>_v0`` exists for every name in ``treachery.games()``.
"""

from __future__ import annotations

import types
from typing import Any

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ModuleNotFoundError as missing:  # pragma: no cover - depends on the installation
    raise ModuleNotFoundError(
        f"treachery.rl needs the 'rl' extra ({missing.name} is not installed): pip install -e '.[rl]'"
    ) from missing

from .. import games
from .env import TreacheryEnv, env, env_name, raw_env

__all__ = ["TreacheryEnv", "env", "env_name", "env_names", "raw_env"]


def env_names() -> list[str]:
    """``['treachery_eat_v0', 'treachery_guest_v0', ...]``: one per registered game."""
    return [env_name(g) for g in games()]


def _env_module(game_name: str) -> types.ModuleType:
    module = types.ModuleType(f"{__name__}.{env_name(game_name)}",
                              f"PettingZoo environment for {game_name}: env(players=..., options=..., render_mode=...)")

    def env_(players: int | None = None, options: dict[str, Any] | None = None,
             render_mode: str | None = None) -> Any:
        return env(game_name, players=players, options=options, render_mode=render_mode)

    def raw_env_(players: int | None = None, options: dict[str, Any] | None = None,
                 render_mode: str | None = None) -> TreacheryEnv:
        return raw_env(game_name, players=players, options=options, render_mode=render_mode)

    module.env = env_  # type: ignore[attr-defined]
    module.raw_env = raw_env_  # type: ignore[attr-defined]
    return module


def __getattr__(name: str) -> types.ModuleType:
    """``treachery_<game>_v0`` for any registered game, built on first use."""
    for game_name in games():
        if name == env_name(game_name):
            module = _env_module(game_name)
            globals()[name] = module
            return module
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}; environments: {', '.join(env_names())}")
