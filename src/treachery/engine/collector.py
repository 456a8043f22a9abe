"""The cyclic garbage collector, held back while a loop plays many games.

A game's objects (views, decisions, log entries) die by reference counting; yet at CPython's default first threshold
of 700 new container objects the collector walks every young object a few times per decision (3-5 % of a
heuristic-bot game's instructions; held back, the game takes 1-3 % fewer). A batch of games and a search raise that
threshold while they run and put it back after; the collector still runs, every ``HELD_THRESHOLD`` new objects, so
any cycles are freed as before.

Held back, though, any cyclic garbage waits until it has left the processor's caches, and walking it then is slow:
while Killer's bot and the search tree made cycles, that walk was a third of a large Killer batch's wall time. So
the games, bots, samplers and search make none (``tests/engine/test_no_cycles.py``).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

HELD_THRESHOLD: Final = 100_000


@contextmanager
def collector_held_back(threshold: int = HELD_THRESHOLD) -> Iterator[None]:
    """Within the block, the collector's first threshold is at least ``threshold``; a collector switched off (0)
    stays off, and the thresholds are as they were once the block ends, however it ends."""
    first, second, third = gc.get_threshold()
    if first == 0 or first >= threshold:
        yield
        return
    gc.set_threshold(threshold, second, third)
    try:
        yield
    finally:
        gc.set_threshold(first, second, third)
