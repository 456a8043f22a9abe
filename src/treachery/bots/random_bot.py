"""A bot that picks uniformly among the legal options, from its own seeded generator."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ..engine import Decision, Option


class RandomBot:
    needs_view: ClassVar[bool] = False  # it never reads the view, so a simulation may skip building one

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], decision: Decision) -> Option:
        options = decision.options
        return options[self.rng.randrange(len(options))]
