"""Who Should We Eat? card content as data: loaded from cards.toml (or a user's card file), checked once.

Survivor cards are types 0-30 (F01-F10, S01-S10, B01-B11) and Ghost cards types 31-50 (GI01-GI10,
GH01-GH10); a physical card is just its type, so piles and hands are lists of small ints.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Final

from ...engine import GameConfigError

FOOD: Final = 0
SANITY: Final = 1
BUILD: Final = 2
GHOST: Final = 3
TRACKS: Final = ("food", "sanity", "build")
DECKS: Final = ("Food", "Sanity", "Build", "Ghost")
SURVIVOR_CODES: Final = tuple([f"F{i:02d}" for i in range(1, 11)] + [f"S{i:02d}" for i in range(1, 11)]
                              + [f"B{i:02d}" for i in range(1, 12)])
GHOST_CODES: Final = tuple([f"GI{i:02d}" for i in range(1, 11)] + [f"GH{i:02d}" for i in range(1, 11)])
CARD_CODES: Final = SURVIVOR_CODES + GHOST_CODES
# Written as numbers (tests/eat/test_designed_content.py checks them against the codes): the compiled rules then read
# them as constants, where a computed one is a dictionary lookup at every read.
N_SURVIVOR: Final = 31  # len(SURVIVOR_CODES)
N_TYPES: Final = 51  # len(CARD_CODES)
QUEST_CODES: Final = tuple(f"QU{i:02d}" for i in range(1, 16))
PERSONALITY_CODES: Final = tuple(f"P{i:02d}" for i in range(1, 17))
CHARACTER_CODES: Final = tuple(f"CH{i:02d}" for i in range(1, 13))
KEEP_KEYWORDS: Final = ("stash", "forage", "knife", "last_will", "ration", "shield", "hide", "loud", "ward", "calm",
                        "dodge")
GHOST_EFFECTS: Final = ("spoil", "whispers", "termites", "poltergeist", "sight", "snatch", "cursed_map", "ill_wind",
                        "cold_night", "possession", "gnawing", "terrors", "timber", "butterfingers", "clouded",
                        "marked", "rotten", "vengeful", "clumsy", "cursed_luck")
QUEST_EFFECTS: Final = ("calloused", "salvager", "well_fed", "cave_fever", "gravedigger", "sprained", "firekeeper",
                        "boar_tusk", "dysentery", "foreman", "navigator", "monkey", "stolen_goods", "sunstroke",
                        "medium")
PERSONALITY_EFFECTS: Final = ("glutton", "ascetic", "pacifist", "brawler", "forager", "optimist", "handyman",
                              "charismatic", "wallflower", "paranoid", "born_leader", "scavenger", "butcher", "skeptic",
                              "survivalist", "martyr")
DEFAULT_FILE: Final = Path(__file__).with_name("cards.toml")


@dataclass(frozen=True)
class SurvivorCard:
    type: int
    code: str
    name: str
    deck: int  # FOOD, SANITY or BUILD
    count: int
    play: tuple[tuple[int, int], ...]  # (track, change) in printed order
    keep: str
    value: int  # Stash n / Calm n
    forage: int  # Forage deck (0-2), 3 = any deck, -1 = not a Forage card
    will: tuple[int, int] | None  # Last Will (track, change)
    text: str


@dataclass(frozen=True)
class GhostCard:
    type: int
    code: str
    name: str
    count: int
    haunt: bool
    effect: str
    text: str


@dataclass(frozen=True)
class Quest:
    id: int
    code: str
    name: str
    play: tuple[tuple[int, int], ...]
    effect: str
    permanent: str
    text: str


@dataclass(frozen=True)
class Personality:
    id: int
    code: str
    name: str
    effect: str
    text: str


@dataclass(frozen=True)
class Character:
    id: int
    code: str
    name: str
    role: str
    meat: int
    draws: tuple[int, int, int, int]  # food, sanity, build, wild
    ghost_draws: int


_SHORT: Final[dict[int, tuple[str, ...]]] = {}  # "Name (CODE)" per card set, built once


@dataclass(frozen=True)
class CardSet:
    survivor: tuple[SurvivorCard, ...]
    ghost: tuple[GhostCard, ...]
    quests: tuple[Quest, ...]
    personalities: tuple[Personality, ...]
    characters: tuple[Character, ...]
    # each deck's cards, listed when first asked (every game lists all four at its setup); not a field that
    # compares, and a card set made from this one by dataclasses.replace starts with none
    _decks: dict[int, tuple[int, ...]] = field(default_factory=dict, init=False, compare=False, repr=False)

    def name(self, card: int) -> str:
        if card < N_SURVIVOR:
            return self.survivor[card].name
        return self.ghost[card - N_SURVIVOR].name

    def short_names(self) -> tuple[str, ...]:
        """"Name (CODE)" for every card type, built once per card set."""
        names = _SHORT.get(id(self))
        if names is None:
            names = _SHORT[id(self)] = tuple(f"{self.name(c)} ({CARD_CODES[c]})" for c in range(N_TYPES))
        return names

    def short(self, card: int) -> str:
        return self.short_names()[card]

    def deck_of(self, card: int) -> int:
        return self.survivor[card].deck if card < N_SURVIVOR else GHOST

    def deck_cards(self, deck: int) -> list[int]:
        """Every physical card of one deck, in type order (then shuffled by the game): a new list."""
        cards = self._decks.get(deck)
        if cards is None:
            if deck == GHOST:
                cards = tuple(g.type for g in self.ghost for _ in range(g.count))
            else:
                cards = tuple(s.type for s in self.survivor if s.deck == deck for _ in range(s.count))
            self._decks[deck] = cards
        return list(cards)


def _track(name: Any, file: Path) -> int:
    if name not in TRACKS:
        raise GameConfigError(f"card file {file}: track {name!r} is not one of {', '.join(TRACKS)}")
    return TRACKS.index(name)


def _changes(raw: Any, file: Path) -> tuple[tuple[int, int], ...]:
    if not isinstance(raw, list):
        raise GameConfigError(f"card file {file}: 'play' must be a list of [track, change]")
    out = []
    for entry in raw:
        if not isinstance(entry, list) or len(entry) != 2 or not isinstance(entry[1], int):
            raise GameConfigError(f"card file {file}: bad play change {entry!r}")
        out.append((_track(entry[0], file), entry[1]))
    return tuple(out)


def _by_code(entries: Any, codes: tuple[str, ...], what: str, file: Path) -> list[dict[str, Any]]:
    if not isinstance(entries, list):
        raise GameConfigError(f"card file {file}: missing [[{what}]] entries")
    found: dict[str, dict[str, Any]] = {}
    for entry in entries:
        code = str(entry.get("code", "")).upper()
        if code not in codes or code in found:
            raise GameConfigError(f"card file {file}: {what} code {code!r} is unknown or repeated")
        found[code] = entry
    if len(found) != len(codes):
        raise GameConfigError(f"card file {file}: needs every {what} code {codes[0]}..{codes[-1]}")
    return [found[c] for c in codes]


@cache
def load_cards(path: str | None = None) -> CardSet:
    """Reads and checks a card file (W-C12). Card sets live for the process, so caches keyed by id stay valid."""
    file = Path(path) if path else DEFAULT_FILE
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise GameConfigError(f"cannot read card file {file}: {error}") from None
    survivors = []
    for index, e in enumerate(_by_code(data.get("survivor"), SURVIVOR_CODES, "survivor", file)):
        keep = e.get("keep")
        if keep not in KEEP_KEYWORDS:
            raise GameConfigError(f"card file {file}: keep {keep!r} is not one of {', '.join(KEEP_KEYWORDS)}")
        forage = -1
        if keep == "forage":
            where = e.get("deck_of_keep")
            forage = 3 if where == "any" else _track(where, file)
        will = None
        if keep == "last_will":
            raw = e.get("will")
            if not isinstance(raw, list) or len(raw) != 2:
                raise GameConfigError(f"card file {file}: {e['code']} needs will = [track, change]")
            will = (_track(raw[0], file), int(raw[1]))
        deck = _track(e.get("deck"), file)
        if deck != "FSB".index(e["code"][0]):
            wanted = TRACKS["FSB".index(e["code"][0])]
            raise GameConfigError(f"card file {file}: {e['code']} must belong to the {wanted} deck")
        survivors.append(SurvivorCard(index, e["code"], str(e.get("name", e["code"])), deck, int(e.get("count", 1)),
                                      _changes(e.get("play", []), file), keep, int(e.get("value", 0)), forage, will,
                                      str(e.get("text", ""))))
    ghosts = []
    for index, e in enumerate(_by_code(data.get("ghost"), GHOST_CODES, "ghost", file)):
        if e.get("effect") != GHOST_EFFECTS[index]:
            raise GameConfigError(f"card file {file}: {e['code']} must keep effect {GHOST_EFFECTS[index]!r}")
        ghosts.append(GhostCard(N_SURVIVOR + index, e["code"], str(e.get("name", e["code"])), int(e.get("count", 1)),
                                e.get("type") == "haunt", e["effect"], str(e.get("text", ""))))
    quests = []
    for index, e in enumerate(_by_code(data.get("quest"), QUEST_CODES, "quest", file)):
        if e.get("effect") != QUEST_EFFECTS[index]:
            raise GameConfigError(f"card file {file}: {e['code']} must keep effect {QUEST_EFFECTS[index]!r}")
        quests.append(Quest(index, e["code"], str(e.get("name", e["code"])), _changes(e.get("play", []), file),
                            e["effect"], str(e.get("permanent", "")), str(e.get("text", ""))))
    people = []
    for index, e in enumerate(_by_code(data.get("personality"), PERSONALITY_CODES, "personality", file)):
        if e.get("effect") != PERSONALITY_EFFECTS[index]:
            raise GameConfigError(f"card file {file}: {e['code']} must keep effect {PERSONALITY_EFFECTS[index]!r}")
        people.append(Personality(index, e["code"], str(e.get("name", e["code"])), e["effect"], str(e.get("text", ""))))
    chars = []
    for index, e in enumerate(_by_code(data.get("character"), CHARACTER_CODES, "character", file)):
        d = e.get("draws", {})
        chars.append(Character(index, e["code"], str(e.get("name", e["code"])), str(e.get("role", "")),
                               int(e.get("meat", 0)),
                               (int(d.get("food", 0)), int(d.get("sanity", 0)), int(d.get("build", 0)),
                                int(d.get("wild", 0))), int(e.get("ghost_draws", 3))))
    return CardSet(tuple(survivors), tuple(ghosts), tuple(quests), tuple(people), tuple(chars))


def card_type(code: Any) -> int:
    if isinstance(code, str) and code.strip().upper() in CARD_CODES:
        return CARD_CODES.index(code.strip().upper())
    raise GameConfigError(f"unknown card {code!r}; cards are F01..F10, S01..S10, B01..B11, GI01..GI10, GH01..GH10")


def code_index(code: Any, codes: tuple[str, ...], what: str) -> int:
    if isinstance(code, str) and code.strip().upper() in codes:
        return codes.index(code.strip().upper())
    raise GameConfigError(f"unknown {what} {code!r}; {what}s are {codes[0]}..{codes[-1]}")
