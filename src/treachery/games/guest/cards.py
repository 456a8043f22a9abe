"""The Guest's cards as data: loaded from cards.toml (or a user's card file) and checked once (G-C*, G-D*)."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

from ...engine import GameConfigError

DEFAULT_FILE: Final = Path(__file__).with_name("cards.toml")

# Card kinds: a hand, the deck and the discard pile hold these small integers (cards of one kind are alike).
VOTE: Final = 0
BLASTER: Final = 1
MISPLACE: Final = 2
LIFE: Final = 3
TRANSPLANT: Final = 4
AMPUTATE: Final = 5
ADRENALINE: Final = 6
INFECTION: Final = 7
MADNESS: Final = 8
BRIBE: Final = 9
IMMUNITY: Final = 10
SUSPICION: Final = 11
RESTRICTION: Final = 12
KINDS: Final = 13
EFFECTS: Final = ("vote", "blaster", "misplace", "life_support", "transplant", "amputate", "adrenaline", "infection",
                  "madness", "bribe", "immunity", "suspicion", "restriction")
PRINTED: Final = {"vote": 12, "blaster": 4, "misplace": 3, "life_support": 2, "transplant": 3, "amputate": 4,
                  "adrenaline": 2}  # G-C5
FIXED_COLOURS: Final = {"vote": "blue", "infection": "red", "madness": "red"}  # never played (G-T30)
PLAYABLE_COLOURS: Final = ("green", "yellow", "grey")
VOTE_ONLY_DEFAULT: Final = frozenset({"bribe", "immunity", "suspicion"})  # G-T16
GREEN: Final = "green"
YELLOW: Final = "yellow"
GREY: Final = "grey"


@dataclass(frozen=True)
class Card:
    kind: int
    effect: str
    name: str
    colour: str
    count: int
    text: str
    vote_only: bool


@dataclass(frozen=True)
class CardSet:
    cards: tuple[Card, ...]  # indexed by kind
    characters: dict[str, dict[str, Any]]
    suspicion_value: int
    restart_limit: int

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(card.name for card in self.cards)


def card_kind(name: object) -> int:
    """A card kind from its effect key or its default name, case-insensitive; spaces and underscores alike."""
    if isinstance(name, str):
        key = name.strip().lower().replace(" ", "_").replace("-", "_")
        aliases = {"blaster_prototype": "blaster", "diplomatic_immunity": "immunity", "lifesupport": "life_support"}
        key = aliases.get(key, key)
        if key in EFFECTS:
            return EFFECTS.index(key)
    raise GameConfigError(f"unknown card {name!r}; cards: {', '.join(EFFECTS)}")


@cache
def load_cards(path: str | None = None) -> CardSet:
    """Reads and checks a card file. Card sets are kept for the life of the process (caches key on them)."""
    file = Path(path) if path else DEFAULT_FILE
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise GameConfigError(f"cannot read card file {file}: {error}") from None
    entries = data.get("card")
    if not isinstance(entries, list):
        raise GameConfigError(f"card file {file} must list [[card]] entries")
    found: dict[int, Card] = {}
    for entry in entries:
        effect = str(entry.get("effect", ""))
        if effect not in EFFECTS or EFFECTS.index(effect) in found:
            raise GameConfigError(f"card file {file}: effect {effect!r} is unknown or repeated; "
                                  f"effects: {', '.join(EFFECTS)}")
        colour = entry.get("colour")
        allowed = (FIXED_COLOURS[effect],) if effect in FIXED_COLOURS else PLAYABLE_COLOURS
        if colour not in allowed:
            raise GameConfigError(f"card file {file}: {effect} must be {' or '.join(allowed)}, got {colour!r}")
        count = entry.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= 40:
            raise GameConfigError(f"card file {file}: {effect} count must be 0..40, got {count!r}")
        vote_only = bool(entry.get("vote_only", effect in VOTE_ONLY_DEFAULT))
        kind = EFFECTS.index(effect)
        found[kind] = Card(kind, effect, str(entry.get("name", effect)), colour, count, str(entry.get("text", "")),
                           vote_only and colour == YELLOW)
    missing = [e for i, e in enumerate(EFFECTS) if i not in found]
    if missing:
        raise GameConfigError(f"card file {file} lacks effect(s) {missing}")
    if found[MADNESS].count > 1:
        raise GameConfigError(f"card file {file}: at most one Madness card (G-Q30)")
    rules = data.get("rules", {})
    suspicion = rules.get("suspicion_value", 1)
    restarts = rules.get("restart_limit", 1)
    for key, value in (("suspicion_value", suspicion), ("restart_limit", restarts)):
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 5:
            raise GameConfigError(f"card file {file}: rules.{key} must be 0..5, got {value!r}")
    characters = data.get("character", {})
    for key in ("human", "guest", "commander"):
        characters.setdefault(key, {"name": key.title(), "text": ""})
    return CardSet(tuple(found[i] for i in range(KINDS)), characters, suspicion, restarts)
