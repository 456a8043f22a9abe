"""Per-game test data for the shared suites, kept in each game's own test package (``tests/<game>/twins.py``).

A game's ``twins`` module declares:

- ``twins(seat, players, seed) -> (Game, Game)``: two games that ``seat`` cannot tell apart (they differ only in
  what that seat may not know: other seats' roles and hands, deck orders), used by the generic leak check;
- ``TWIN_ROUNDS``: for how many rounds of answers (every pending decision answered once, alike in both twins)
  the twins stay indistinguishable to that seat; 0: only at the position itself (a twin drawn by a sampler has
  its own random future, so the next deal may differ);
- ``RL_TWINS``: ``[(players, setup_a, setup_b)]``, fixed twin positions for the research-interface leak test.

Nothing here names a game: a new game brings its module and every shared suite picks it up.
"""

from __future__ import annotations

import importlib
from types import ModuleType

import treachery


def twins_module(name: str) -> ModuleType:
    """The game's twins module; a registered game without one fails here, naming what to add."""
    try:
        return importlib.import_module(f"tests.{name}.twins")
    except ModuleNotFoundError as missing:
        if missing.name not in (f"tests.{name}", f"tests.{name}.twins"):
            raise
        raise AssertionError(f"game {name!r} has no tests/{name}/twins.py: the shared suites need its twins "
                             "(see tests/game_data.py)") from None


def registered_games() -> list[str]:
    return treachery.games()
