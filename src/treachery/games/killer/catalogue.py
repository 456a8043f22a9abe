"""The finite, stable catalogue of option ids for This Game Is Killer.

ids 0-23 play card c as a Position, 24-47 play card c as an Action, 48-57 choose a seat,
58-65 choose a location, 66-73 choose a Hunting Row slot, 74 none/done, 75 keep, 76 end.
"""

from __future__ import annotations

from typing import Final

from ...engine import Option
from .cards import LOCATION_CODES, LOCATIONS, CardSet

# Final: the rules compiled read these as constants, not as a module's attributes
POSITION: Final = 0
ACTION: Final = 24
SEAT: Final = 48
LOCATION: Final = 58
SLOT: Final = 66
NONE: Final = 74
KEEP: Final = 75
END: Final = 76
SIZE: Final = 77
MAX_SEATS: Final = 10
MAX_SLOTS: Final = 8


def build_catalogue(cards: CardSet) -> tuple[Option, ...]:
    options: list[Option] = []
    for card in cards.cards:
        where = f"{LOCATIONS[card.location]} {card.priority}"
        options.append(Option(POSITION + card.id, f"position {card.code}", f"Position: {where} ({card.code})"))
    for card in cards.cards:
        options.append(Option(ACTION + card.id, f"action {card.code}", f"Action: {card.name} ({card.code})"))
    for seat in range(MAX_SEATS):
        options.append(Option(SEAT + seat, f"seat {seat}", f"P{seat + 1}"))
    for index, name in enumerate(LOCATIONS):
        options.append(Option(LOCATION + index, f"location {LOCATION_CODES[index].lower()}", name))
    for slot in range(MAX_SLOTS):
        options.append(Option(SLOT + slot, f"slot {slot + 1}", f"Hunting Row slot {slot + 1}"))
    options.append(Option(NONE, "none", "No / done"))
    options.append(Option(KEEP, "keep", "Keep it running"))
    options.append(Option(END, "end", "End it now"))
    assert len(options) == SIZE
    return tuple(options)
