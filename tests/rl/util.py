"""Shared helpers for the research-interface tests."""

from __future__ import annotations

import treachery


# Player counts to check each game at: the smallest, a middle one and the largest table.
def player_counts(game_name: str) -> list[int]:
    cls = treachery.game_class(game_name)
    middle = (cls.min_players + cls.max_players) // 2
    return sorted({cls.min_players, middle, cls.max_players})


GAMES = treachery.games()
