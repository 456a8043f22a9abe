"""Search bots that plan over determinizations (``Game.determinized``): ISMCTS."""

from __future__ import annotations

from .. import native as _native

_native.activate(__path__, __name__)  # the mypyc build of the search (treachery.native's engine group), if current

from .bot import DEFAULT_ITERATIONS, DEFAULT_STEPS, ISMCTSBot  # noqa: E402 (after the build is on the search path)
from .ismcts import Budget, Policy, SearchResult, bot_policy, bot_rollout, random_rollout, search  # noqa: E402

__all__ = ["DEFAULT_ITERATIONS", "DEFAULT_STEPS", "Budget", "ISMCTSBot", "Policy", "SearchResult", "bot_policy",
           "bot_rollout", "random_rollout", "search"]
