"""The bot protocol: a bot sees exactly what a person in its seat would (K-H24), never the state."""

from __future__ import annotations

from typing import Any, Protocol

from ..engine import Decision, Option


class Bot(Protocol):
    """A bot may set a class attribute ``needs_view = False`` when it never reads the view."""

    def choose(self, view: dict[str, Any], decision: Decision) -> Option:
        """One of ``decision.options``, chosen from ``view`` (that seat's view) alone."""
        ...
