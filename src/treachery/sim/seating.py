"""Bot seating lives in ``treachery.bots.seating``; these names stay importable from here."""

from ..bots.seating import BotPlan, available_kinds, check_kind, default_kind, parse_bot_plan, resolve_bot_kind

__all__ = ["BotPlan", "available_kinds", "check_kind", "default_kind", "parse_bot_plan", "resolve_bot_kind"]
