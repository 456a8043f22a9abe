"""Observation encoders: a seat's view (a JSON-ready dict) -> a fixed-size float32 vector.

``encoder_for(game)`` returns the game's dedicated encoder when ``treachery.rl.encoders.<game>`` exists
(it defines ``ENCODER``, a class built as ``ENCODER(players)``), else the generic :class:`HashedEncoder`,
so a newly registered game works at once. See docs/research.md, "Adding an encoder".
"""

from __future__ import annotations

import importlib
from typing import Any

from .base import Encoder
from .generic import HashedEncoder

__all__ = ["Encoder", "HashedEncoder", "encoder_for"]


def encoder_for(game_name: str, players: int) -> Encoder:
    module_name = f"{__name__}.{game_name}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as missing:
        if missing.name != module_name:
            raise
        return HashedEncoder()
    factory: Any = module.ENCODER
    encoder = factory(players)
    assert isinstance(encoder, Encoder)
    return encoder
