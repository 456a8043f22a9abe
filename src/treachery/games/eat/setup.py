"""Setup overrides for Who Should We Eat?: fix any random part of setup (tests, scenarios, puzzles).

Seats are 0-based (P1 is seat 0). Cards, Quests, Personalities and Characters are given by code
(``"F03"``, ``"GH06"``, ``"QU11"``, ``"P14"``, ``"CH06"``).

- ``leader``: seat of the first Leader (default: random, W-S11).
- ``characters``: one Character code per seat (default: dealt at random, W-S8).
- ``personalities``: one Personality code per seat (default: dealt at random, W-S8).
- ``quests``: ``{"box": [...], "selection": [...], "deck": [...]}``: the Quests removed to the Box at setup,
  the face-up selection (oldest first) and the Quest deck (top first). Unnamed Quests are dealt at
  random into whatever part is not given in full.
- ``decks``: ``{"food"|"sanity"|"build"|"ghost": [codes]}``: cards on top of that draw pile, top first;
  the rest of the deck stays shuffled below them.
- ``piles``: ``{"food"|...: {"draw": [codes], "discard": [codes]}}``: that deck's draw and discard piles
  exactly (top first); the deck's other cards are set aside for the whole game (a test position).
- ``straws``: seats, in order, that lose the next trial Draw Straws events (knife fights and tie-breaks;
  scripted W-V46 draws). An entry that is not drawing when its draw comes raises SetupOverrideError.
- ``quest_straws``: the same for the Quest draws (W-E46), a script of its own, so a Quest drawn on the way
  never uses up an entry meant for a trial.
- ``start``: begin part-way through a game: ``{"round": r,
  "phase": "morning"|"afternoon"|"evening"|"trial"|"vote",
  "food", "sanity", "build", "target", "ghosts": [seats], "fallen": [seats], "keep": {seat: code},
  "play": {seat: code}, "hands": {seat: [codes]}, "haunts": {seat: code}, "held": {seat: [quest codes]},
  "paranoid_used": [seats], "cold_nights": n, "ill_wind": quest code}``. The target defaults to the
  W-D5 value minus 2 per Ghost or Fallen player. A Morning start with round > 1 begins at step a. A "vote"
  start begins a trial whose discussion is already over: the window before the vote (W-V28) is open.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ...engine import GameConfigError
from ...engine.setup_values import reject_unknown_keys, seat_of
from .cards import CHARACTER_CODES, PERSONALITY_CODES, QUEST_CODES, card_type, code_index

KEYS: Final = ("leader", "characters", "personalities", "quests", "decks", "piles", "straws", "quest_straws", "start")
START_KEYS: Final = ("round", "phase", "food", "sanity", "build", "target", "ghosts", "fallen", "keep", "play", "hands",
                     "haunts", "held", "paranoid_used", "cold_nights", "ill_wind")
PHASES: Final = ("morning", "afternoon", "evening", "trial", "vote")
DECK_NAMES: Final = ("food", "sanity", "build", "ghost")


@dataclass
class Setup:
    leader: int | None = None
    characters: list[int] | None = None
    personalities: list[int] | None = None
    quest_box: list[int] | None = None
    quest_selection: list[int] | None = None
    quest_deck: list[int] | None = None
    decks: dict[int, list[int]] = field(default_factory=dict)
    piles: dict[int, tuple[list[int], list[int]]] = field(default_factory=dict)
    straws: list[int] = field(default_factory=list)
    quest_straws: list[int] = field(default_factory=list)
    start: dict[str, Any] = field(default_factory=dict)


def _int(value: Any, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise GameConfigError(f"setup {what} must be an integer {low}..{high}, got {value!r}")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise GameConfigError(f"setup {what!r} must be a list")
    return value


def _deck(name: Any) -> int:
    if name not in DECK_NAMES:
        raise GameConfigError(f"unknown deck {name!r}; decks: {', '.join(DECK_NAMES)}")
    return DECK_NAMES.index(name)


def _seat_map(value: Any, players: int, what: str) -> dict[int, Any]:
    if not isinstance(value, dict):
        raise GameConfigError(f"setup 'start.{what}' must map seat to value")
    return {seat_of(k, players): v for k, v in value.items()}


# The plan of a game started without set-up values: one shared by every such game (and, as every plan, by a game's
# clones), read and never changed.
NO_SETUP: Final = Setup()


def parse_setup(raw: dict[str, Any] | None, players: int) -> Setup:
    setup = Setup()
    if not raw:
        return setup
    reject_unknown_keys(raw, KEYS)
    if "leader" in raw:
        setup.leader = seat_of(raw["leader"], players)
    for key, codes, what in (("characters", CHARACTER_CODES, "character"),
                             ("personalities", PERSONALITY_CODES, "personality")):
        if key in raw:
            found = [code_index(c, codes, what) for c in _list(raw[key], key)]
            if len(found) != players or len(set(found)) != players:
                raise GameConfigError(f"setup {key!r} must name {players} different {what}s, one per seat")
            setattr(setup, key, found)
    if "quests" in raw:
        quests = raw["quests"]
        if not isinstance(quests, dict) or set(quests) - {"box", "selection", "deck"}:
            raise GameConfigError("setup 'quests' must be a mapping with keys among box, selection, deck")
        named: list[int] = []
        for part in ("box", "selection", "deck"):
            if part in quests:
                found = [code_index(c, QUEST_CODES, "quest") for c in _list(quests[part], f"quests.{part}")]
                named += found
                setattr(setup, f"quest_{part}", found)
        if len(set(named)) != len(named):
            raise GameConfigError("setup 'quests' names a Quest twice")
        if setup.quest_selection is not None and len(setup.quest_selection) > 3:
            raise GameConfigError("setup 'quests.selection' holds at most 3 Quests")
    for key in ("decks", "piles"):
        value = raw.get(key, {})
        if not isinstance(value, dict):
            raise GameConfigError(f"setup {key!r} must map a deck name to cards")
        for name, cards in value.items():
            deck = _deck(name)
            if key == "decks":
                setup.decks[deck] = [card_type(c) for c in _list(cards, f"decks.{name}")]
            else:
                if not isinstance(cards, dict) or set(cards) - {"draw", "discard"}:
                    raise GameConfigError("setup 'piles' entries are {'draw': [...], 'discard': [...]}")
                setup.piles[deck] = ([card_type(c) for c in _list(cards.get("draw", []), "piles.draw")],
                                     [card_type(c) for c in _list(cards.get("discard", []), "piles.discard")])
    setup.straws = [seat_of(s, players) for s in _list(raw.get("straws", []), "straws")]
    setup.quest_straws = [seat_of(s, players) for s in _list(raw.get("quest_straws", []), "quest_straws")]
    start = raw.get("start") or {}
    if not isinstance(start, dict) or set(start) - set(START_KEYS):
        raise GameConfigError(f"setup 'start' must be a mapping with keys among {', '.join(START_KEYS)}")
    parsed: dict[str, Any] = {}
    parsed["round"] = _int(start.get("round", 1), "start.round", 1, 30)
    phase = start.get("phase", "morning")
    if phase not in PHASES:
        raise GameConfigError(f"setup 'start.phase' must be one of {', '.join(PHASES)}")
    parsed["phase"] = phase
    for key, low, high in (("food", -15, 20), ("sanity", 1, 15), ("build", 0, 40), ("target", 0, 40),
                           ("cold_nights", 0, 10)):
        if key in start:
            parsed[key] = _int(start[key], f"start.{key}", low, high)
    for key in ("ghosts", "fallen", "paranoid_used"):
        parsed[key] = sorted({seat_of(s, players) for s in _list(start.get(key, []), f"start.{key}")})
    if set(parsed["ghosts"]) & set(parsed["fallen"]):
        raise GameConfigError("setup 'start': a seat cannot be both a Ghost and Fallen")
    for key in ("keep", "play", "haunts"):
        parsed[key] = {s: card_type(c) for s, c in _seat_map(start.get(key, {}), players, key).items()}
    parsed["hands"] = {s: [card_type(c) for c in _list(cs, "start.hands")]
                       for s, cs in _seat_map(start.get("hands", {}), players, "hands").items()}
    parsed["held"] = {s: [code_index(q, QUEST_CODES, "quest") for q in _list(qs, "start.held")]
                      for s, qs in _seat_map(start.get("held", {}), players, "held").items()}
    if "ill_wind" in start:
        parsed["ill_wind"] = code_index(start["ill_wind"], QUEST_CODES, "quest")
    setup.start = parsed
    return setup
