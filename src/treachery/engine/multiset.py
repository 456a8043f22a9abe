"""Multisets of card ids kept as ``collections.Counter``: the two steps the samplers take most, as plain loops.

``Counter.elements`` and ``Counter.subtract`` are written in Python: compiled code calls each through the
interpreter and they loop there. These give the same results from compiled loops.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping


def sorted_elements(pool: Counter[int]) -> list[int]:
    """``sorted(pool.elements())``: every card as often as its count, if positive, in ascending order."""
    items: list[int] = []
    for card in sorted(pool):
        count = pool[card]
        if count > 0:
            items.extend([card] * count)
    return items


def subtract(pool: Counter[int], cards: Iterable[int]) -> None:
    """``pool.subtract(cards)``: one fewer of each card named (counts may go below zero)."""
    for card in cards:
        pool[card] = pool.get(card, 0) - 1


def subtract_counts(pool: Counter[int], counts: Mapping[int, int]) -> None:
    """``pool.subtract(counts)`` for a mapping: ``counts[card]`` fewer of each card."""
    for card, count in counts.items():
        pool[card] = pool.get(card, 0) - count
