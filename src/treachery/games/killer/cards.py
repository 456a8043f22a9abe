"""Crew cards and locations as data: loaded from cards.toml (or a user's card file), checked once."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Final

from ...engine import GameConfigError

LOCATIONS: Final = ("Bridge", "Galley", "Med Lab", "Airlock", "Access Corridor", "Engine Room", "Cargo Hold",
                    "Shuttle Bay")
LOCATION_CODES: Final = ("BR", "GA", "ML", "AL", "AC", "ER", "CH", "SB")
BRIDGE: Final = 0
GALLEY: Final = 1
MED_LAB: Final = 2
AIRLOCK: Final = 3
ACCESS_CORRIDOR: Final = 4
ENGINE_ROOM: Final = 5
CARGO_HOLD: Final = 6
SHUTTLE_BAY: Final = 7
KEYWORDS: Final = frozenset({"first", "second", "lob", "destroy", "ongoing", "warning"})
DEFAULT_FILE: Final = Path(__file__).with_name("cards.toml")


@dataclass(frozen=True)
class Card:
    """A Crew card. Its id is ``location * 3 + priority - 1``, so BR1 = 0 and SB3 = 23."""

    id: int
    code: str
    location: int
    priority: int
    name: str
    colour: str
    keywords: frozenset[str]
    text: str

    @property
    def black(self) -> bool:
        return self.colour == "black"

    def short(self) -> str:
        return f"{self.name} ({self.code})"


@dataclass(frozen=True)
class CardSet:
    cards: tuple[Card, ...]
    status_names: tuple[str, ...]
    short_names: tuple[str, ...] = field(init=False)  # "Name (CODE)" by card id
    last_on_board: frozenset[int] = field(init=False)  # ids of the cards that carry LAST ON BOARD
    position_texts: tuple[str, ...] = field(init=False)  # log text after "P3" when a card goes down as Position
    action_texts: tuple[str, ...] = field(init=False)  # ... and as an Action

    def __post_init__(self) -> None:
        def fix(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        fix("short_names", tuple(card.short() for card in self.cards))
        fix("last_on_board", frozenset(c.id for c in self.cards if "lob" in c.keywords))
        fix("position_texts", tuple(f" takes Position {LOCATIONS[c.location]} {c.priority} ({c.code})."
                                    for c in self.cards))
        fix("action_texts", tuple(f" plays {c.short()} as an Action." for c in self.cards))

    def by_code(self, code: str) -> Card:
        for card in self.cards:
            if card.code == code.upper():
                return card
        raise KeyError(code)


# Card id -> code ("GA3"): three cards a Location, in Location order; views name many cards per decision.
CARD_CODES: Final = tuple(f"{code}{number}" for code in LOCATION_CODES for number in (1, 2, 3))


def card_code(card_id: int) -> str:
    return CARD_CODES[card_id]


def location_index(name: object) -> int:
    """A location from its name or two-letter code, case-insensitive."""
    if isinstance(name, str):
        key = name.strip().lower()
        for index, (full, code) in enumerate(zip(LOCATIONS, LOCATION_CODES, strict=True)):
            if key in (full.lower(), code.lower()):
                return index
    raise GameConfigError(f"unknown location {name!r}; locations: {', '.join(LOCATIONS)}")


@cache
def load_cards(path: str | None = None) -> CardSet:
    """Reads and checks a card file; every effect code must appear exactly once.

    Card sets are kept for the life of the process, so caches keyed by a card set's id stay valid.
    """
    file = Path(path) if path else DEFAULT_FILE
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise GameConfigError(f"cannot read card file {file}: {error}") from None
    entries = data.get("card")
    if not isinstance(entries, list) or len(entries) != 24:
        raise GameConfigError(f"card file {file} must list exactly 24 [[card]] entries")
    cards: dict[int, Card] = {}
    for entry in entries:
        code = str(entry.get("code", "")).upper()
        valid = {card_code(i): i for i in range(24)}
        if code not in valid or valid[code] in cards:
            raise GameConfigError(f"card file {file}: code {code!r} is unknown or repeated")
        keywords = frozenset(entry.get("keywords", []))
        if not keywords <= KEYWORDS or entry.get("colour") not in ("black", "red"):
            raise GameConfigError(f"card file {file}: card {code} has bad keywords or colour")
        card_id = valid[code]
        cards[card_id] = Card(
            card_id, code, card_id // 3, card_id % 3 + 1, str(entry.get("name", code)), entry["colour"], keywords,
            str(entry.get("text", "")),
        )
    names = tuple(data.get("status", [{}])[0].get("names", [])) if data.get("status") else ()
    if len(names) < 10:
        names = tuple(f"Crew member {i + 1}" for i in range(10))
    return CardSet(tuple(cards[i] for i in range(24)), names)
