"""The ISMCTS bot: plans over samples of what its seat cannot see, never over the game itself."""

from __future__ import annotations

import random
from typing import Any

from ..engine import Decision, Option
from .ismcts import Budget, Policy, Rollout, Samples, bot_policy, bot_rollout, search

DEFAULT_ITERATIONS = 30
DEFAULT_STEPS = 3000  # simulated decisions per search: keeps searches in long games (Menace, The Guest) to seconds
DEFAULT_MARGIN = 1.5  # standard errors by which the search must beat the heuristic's answer to override it


class ISMCTSBot:
    """Chooses by :func:`treachery.search.ismcts.search`; deterministic for a seed with a count budget.

    A search bot (``searches = True``): :func:`treachery.bots.base.ask` calls it with ``samples``, which
    draws complete games consistent with the seat's view. It never reads the view itself.
    """

    searches = True
    needs_view = False

    def __init__(self, seed: int, budget: Budget | None = None, exploration: float = 0.7,
                 rollout: Rollout | None = None, others: Policy | None = None,
                 guide: Policy | None = None, margin: float = 0.0) -> None:
        self.budget = budget or Budget(DEFAULT_ITERATIONS, DEFAULT_STEPS)
        self.exploration = exploration
        self.rollout = rollout
        self.others = others
        self.guide = guide
        self.margin = margin
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], decision: Decision, samples: Samples | None = None) -> Option:
        if samples is None:
            raise TypeError("ISMCTSBot plans over samples: ask it through treachery.bots.base.ask")
        if len(decision.options) == 1:
            return decision.options[0]
        found = search(decision.seat, decision, samples, self.budget, self.rng, self.exploration, self.rollout,
                       self.others, self.guide, self.margin)
        return next(o for o in decision.options if o["id"] == found.option_id)


def guided_bot(seed: int, heuristic: Any | None, iterations: int | None = None) -> ISMCTSBot:
    """The ``ismcts`` kind: where the game ships a heuristic bot, it plays every rollout, answers for the other
    seats inside the tree and names the default answer the search must beat by ``DEFAULT_MARGIN`` (see
    docs/bots.md, Strength, for the measurements behind this). ``iterations`` set: exactly that many per
    decision, no step cap; else the default budget. Without a heuristic: random rollouts, a plain search."""
    budget = Budget(iterations) if iterations is not None else Budget(DEFAULT_ITERATIONS, DEFAULT_STEPS)
    if heuristic is None:
        return ISMCTSBot(seed, budget)
    policy = bot_policy(heuristic)
    return ISMCTSBot(seed, budget, rollout=bot_rollout(heuristic), others=policy, guide=policy,
                     margin=DEFAULT_MARGIN)
