"""Search bots that plan over determinizations (``Game.determinized``): ISMCTS."""

from __future__ import annotations

from .bot import DEFAULT_ITERATIONS, DEFAULT_STEPS, ISMCTSBot
from .ismcts import Budget, Policy, SearchResult, bot_policy, bot_rollout, random_rollout, search

__all__ = ["DEFAULT_ITERATIONS", "DEFAULT_STEPS", "Budget", "ISMCTSBot", "Policy", "SearchResult", "bot_policy",
           "bot_rollout", "random_rollout", "search"]
