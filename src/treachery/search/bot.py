"""The ISMCTS bot: plans over samples of what its seat cannot see, never over the game itself."""

from __future__ import annotations

import random
from typing import Any

from ..engine import Decision, Option
from .ismcts import Budget, Rollout, Samples, search

DEFAULT_ITERATIONS = 200
DEFAULT_STEPS = 4000  # simulated decisions per search: ~170 iterations in Killer, ~30 in The Guest's longer games


class ISMCTSBot:
    """Chooses by :func:`treachery.search.ismcts.search`; deterministic for a seed with a count budget.

    A search bot (``searches = True``): :func:`treachery.bots.base.ask` calls it with ``samples``, which
    draws complete games consistent with the seat's view. It never reads the view itself.
    """

    searches = True
    needs_view = False

    def __init__(self, seed: int, budget: Budget | None = None, exploration: float = 0.7,
                 rollout: Rollout | None = None) -> None:
        self.budget = budget or Budget(DEFAULT_ITERATIONS, DEFAULT_STEPS)
        self.exploration = exploration
        self.rollout = rollout
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], decision: Decision, samples: Samples | None = None) -> Option:
        if samples is None:
            raise TypeError("ISMCTSBot plans over samples: ask it through treachery.bots.base.ask")
        if len(decision.options) == 1:
            return decision.options[0]
        found = search(decision.seat, decision, samples, self.budget, self.rng, self.exploration, self.rollout)
        return next(o for o in decision.options if o["id"] == found.option_id)
