"""Multisets of card ids as plain ``dict[int, int]`` (card -> count), with ``collections.Counter``'s steps the
samplers take, as plain loops.

``Counter`` is written in Python: its constructor, ``+``, ``+=``, unary ``+``, ``elements`` and ``subtract`` run in
the interpreter, and because it defines ``__delitem__`` even ``counter[card] = n`` goes through a Python-level
slot (about a thousand instructions where a dict's store takes a few dozen). These give ``Counter``'s results on
plain dicts; a missing card counts as zero, as in a ``Counter``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


def counted(cards: Iterable[int]) -> dict[int, int]:
    """``Counter(cards)``: how often each card occurs (in order of first occurrence)."""
    pool: dict[int, int] = {}
    for card in cards:
        pool[card] = pool.get(card, 0) + 1
    return pool


def add(pool: dict[int, int], card: int, count: int = 1) -> None:
    """``counter[card] += count``."""
    pool[card] = pool.get(card, 0) + count


def positive(pool: Mapping[int, int]) -> dict[int, int]:
    """``+counter``: the cards whose count is above zero."""
    return {card: count for card, count in pool.items() if count > 0}


def has_positive(pool: Mapping[int, int]) -> bool:
    """``bool(+counter)``: some card's count is above zero."""
    for count in pool.values():
        if count > 0:
            return True
    return False


def total(pool: Mapping[int, int]) -> int:
    """``sum((+counter).values())``: the number of cards, counting only counts above zero."""
    cards = 0
    for count in pool.values():
        if count > 0:
            cards += count
    return cards


def added(first: Mapping[int, int], second: Mapping[int, int]) -> dict[int, int]:
    """``first + second`` for Counters: the sums, keeping only those above zero."""
    out: dict[int, int] = {}
    for card, count in first.items():
        summed = count + second.get(card, 0)
        if summed > 0:
            out[card] = summed
    for card, count in second.items():
        if card not in first and count > 0:
            out[card] = count
    return out


def add_into(pool: dict[int, int], other: Mapping[int, int]) -> None:
    """``pool += other`` for Counters: adds ``other`` in place, then drops the cards not above zero."""
    for card, count in other.items():
        pool[card] = pool.get(card, 0) + count
    for card in [card for card, count in pool.items() if count <= 0]:
        del pool[card]


def sorted_elements(pool: Mapping[int, int]) -> list[int]:
    """``sorted(counter.elements())``: every card as often as its count, if positive, in ascending order."""
    items: list[int] = []
    for card in sorted(pool):
        count = pool[card]
        if count > 0:
            items.extend([card] * count)
    return items


def subtract(pool: dict[int, int], cards: Iterable[int]) -> None:
    """``counter.subtract(cards)``: one fewer of each card named (counts may go below zero)."""
    for card in cards:
        pool[card] = pool.get(card, 0) - 1


def subtract_counts(pool: dict[int, int], counts: Mapping[int, int]) -> None:
    """``counter.subtract(counts)`` for a mapping: ``counts[card]`` fewer of each card."""
    for card, count in counts.items():
        pool[card] = pool.get(card, 0) - count
