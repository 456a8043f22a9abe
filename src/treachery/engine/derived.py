"""Data derived once from a long-lived object (a card set, a catalogue) and kept beside it.

A card set or a catalogue is loaded once and kept, so what a view or a bot works out from it (a table of each
card's Priority, say) is worked out once too, keyed by the object's id. The object is kept in the entry, so its id
cannot be taken by another object while the entry lives.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

Owner = TypeVar("Owner")
Value = TypeVar("Value")


def kept_for(cache: dict[int, tuple[Owner, Value]], owner: Owner, derive: Callable[[Owner], Value]) -> Value:
    """``derive(owner)``, worked out on the first call for ``owner`` and kept in ``cache``."""
    known = cache.get(id(owner))
    if known is not None and known[0] is owner:
        return known[1]
    value = derive(owner)
    cache[id(owner)] = (owner, value)
    return value
