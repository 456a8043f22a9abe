"""Observation encoders: a seat's view (a JSON-ready dict) -> a fixed-size float32 vector.

``encoder_for(game, players, options)`` returns the game's dedicated encoder when
``treachery.rl.encoders.<game>`` exists (it defines ``ENCODER``, a class built as ``ENCODER(game)`` from a
fresh game of the same configuration, read only for its fixed vocabulary: card names, codes), else the
generic :class:`HashedEncoder`, so a newly registered game works at once. See docs/research.md,
"Observation encoders, and adding one". The modules run compiled when ``treachery compile-encoders`` has
built them from these very sources (``COMPILED`` says which; see ``treachery.rl.native``).
"""

from __future__ import annotations

import importlib
from typing import Any

from ... import new_game
from .. import native

COMPILED = native.activate(__path__)  # the mypyc build of these modules, when one matches their sources

from .base import Encoder  # noqa: E402 (after the build is on the search path)
from .generic import HashedEncoder  # noqa: E402

__all__ = ["COMPILED", "Encoder", "HashedEncoder", "encoder_for"]


def encoder_for(game_name: str, players: int, options: dict[str, Any] | None = None) -> Encoder:
    module_name = f"{__name__}.{game_name}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as missing:
        if missing.name != module_name:
            raise
        return HashedEncoder()
    factory: Any = module.ENCODER
    encoder = factory(new_game(game_name, players=players, seed=0, options=options))
    assert isinstance(encoder, Encoder)
    return encoder
