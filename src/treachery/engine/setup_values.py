"""Checks shared by every game's ``setup=`` parser: seats and key names, refused with one clear error."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .errors import GameConfigError


def seat_of(value: Any, players: int) -> int:
    """A 0-based seat given as an int or a digit string (JSON object keys are strings)."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise GameConfigError(f"seat must be 0..{players - 1}, got {value!r}")
    return value


def seat_map(value: Any, players: int, what: str) -> dict[int, Any]:
    """``{seat: anything}`` with every seat checked."""
    if not isinstance(value, dict):
        raise GameConfigError(f"setup {what!r} must map seat to a value")
    return {seat_of(k, players): v for k, v in value.items()}


def reject_unknown_keys(raw: dict[str, Any], allowed: Iterable[str], what: str = "setup key") -> None:
    allowed = tuple(allowed)
    unknown = sorted(set(raw) - set(allowed))
    if unknown:
        raise GameConfigError(f"unknown {what}(s) {unknown}; allowed: {', '.join(allowed)}")
