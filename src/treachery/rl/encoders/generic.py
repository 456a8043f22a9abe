"""The fallback encoder for any game: a fixed-size hashed bag of the view's JSON leaves."""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np

from .base import Encoder

BUCKETS = 2048
SMALL_INT = 32  # integers below this also count as a category (a round number, a seat, a count of cards)


class HashedEncoder(Encoder):
    """Every leaf of the view adds to one of ``buckets`` slots chosen by a stable hash (CRC-32) of its path.

    - a string, bool or None adds 1 to the slot of ``path=value``;
    - a number adds ``x / (1 + |x|)`` to the slot of ``path`` and, when it is a small non-negative
      integer, 1 to the slot of ``path=value``;
    - a list of scalars also adds each item to ``path[]=value`` (the bag, whatever the order).

    Paths keep list indices (``players.3.alive``), so per-seat facts stay apart. Top-level keys in
    ``static_keys`` (the card reference table views repeat unchanged) are skipped. Collisions are
    possible and harmless for learning; a dedicated encoder does better (docs/research.md).
    """

    name = "hashed"
    low = -np.inf
    high = np.inf

    def __init__(self, buckets: int = BUCKETS, static_keys: tuple[str, ...] = ("cards",)) -> None:
        self.size = buckets
        self.static_keys = frozenset(static_keys)
        self._slots: dict[str, int] = {}

    def _slot(self, key: str) -> int:
        slot = self._slots.get(key)
        if slot is None:
            slot = self._slots[key] = zlib.crc32(key.encode()) % self.size
            if len(self._slots) > 200_000:  # a bound on the memo, not on correctness
                self._slots.clear()
        return slot

    def encode(self, view: dict[str, Any]) -> np.ndarray:
        vector = np.zeros(self.size, dtype=np.float32)
        counts: dict[int, float] = {}
        for key, value in view.items():
            if key not in self.static_keys:
                self._leaves(value, str(key), counts)
        for slot, amount in counts.items():
            vector[slot] = amount
        return vector

    def _leaves(self, node: Any, path: str, counts: dict[int, float]) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                self._leaves(value, f"{path}.{key}", counts)
        elif isinstance(node, (list, tuple)):
            for index, value in enumerate(node):
                if not isinstance(value, (dict, list, tuple)):
                    self._add(f"{path}[]", value, counts)
                self._leaves(value, f"{path}.{index}", counts)
        else:
            self._add(path, node, counts)

    def _add(self, path: str, value: Any, counts: dict[int, float]) -> None:
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            slot = self._slot(path)
            counts[slot] = counts.get(slot, 0.0) + float(value) / (1.0 + abs(float(value)))
            if not isinstance(value, int) or not 0 <= value < SMALL_INT:
                return
        slot = self._slot(f"{path}={value}")
        counts[slot] = counts.get(slot, 0.0) + 1.0
