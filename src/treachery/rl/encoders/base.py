"""The encoder protocol every observation encoder follows."""

from __future__ import annotations

from typing import Any

import numpy as np


class Encoder:
    """Turns one seat's view into a fixed-size float32 vector; holds no rules and reads nothing but the view.

    ``size`` is the vector length and ``low``/``high`` its bounds (the observation Box). ``eliminated`` may
    say, from any seat's view (so from public facts only), that a seat has left the game for good: it takes
    no further decision and cannot be among the winners. Such a seat is terminated at once with the
    loser's reward (PettingZoo's dead-agent rule). The default is that nobody is eliminated: every seat
    stays in until the end, which is always correct, only less informative. A game whose eliminated seats
    may still win keeps that default.
    """

    name = "base"
    size: int = 0
    low: float = -np.inf
    high: float = np.inf

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        raise NotImplementedError

    def eliminated(self, view: dict[str, Any], seat: int) -> bool:
        return False

    @property
    def declares_eliminations(self) -> bool:
        return type(self).eliminated is not Encoder.eliminated
