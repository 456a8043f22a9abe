"""Small wording helpers the games' rules call while they play (compiled with them: a call from compiled rules into an
interpreted module goes through Python)."""

from __future__ import annotations


def plural(count: int, word: str, many: str | None = None) -> str:
    """``plural(1, "card")`` -> "1 card", ``plural(2, "card")`` -> "2 cards": no "(s)" in a player's text."""
    return f"{count} {word if count == 1 else many or word + 's'}"
