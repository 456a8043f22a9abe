"""Setup overrides for The Guest: fix any random part of setup (tests, scenarios, puzzles).

Seats are 0-based (P1 is seat 0). Cards are named by effect key or name (``"blaster"``, ``"Life Support"``,
``"immunity"``...); characters are ``"human"`` or ``"guest"``.

- ``characters``: one character per seat. Without ``start`` it must hold the G-S3 number of Guests.
- ``commander``: the seat that receives the Commander office (default: random, or elected, G-S15).
- ``deal``: ``{seat: [3 cards]}``: the setup deal of those seats (others are dealt from the shuffled rest).
- ``deck``: cards on top of the draw deck once setup is done, top first (the rest stays shuffled below).
  Votes named here are among the G-S12 Votes of the game.
- ``start``: skip the setup deal and discard and begin from a position: ``{"hands": {seat: [cards]}``
  (unlisted seats hold nothing), ``"infections": {seat: 1 or 2}``, ``"eliminated": [seats]`` (out earlier,
  side frozen at their character), ``"active": seat`` (whose turn comes first; default the Commander),
  ``"deck": [cards]`` (the exact draw deck, top first; default every remaining card, with the G-S12 Votes,
  shuffled), ``"discard": [cards]`` (the discard pile, bottom first; ``"card:down"`` is face down)}.
- ``transplants``: ``[true|false, ...]``: whether each Transplant that resolves, in order, swaps the two
  Character cards (G-E34); later ones are random again.
- ``misplaces``: ``[{"take": {seat: card}, "deal": {seat: card}}, ...]``: for each Misplace that resolves, in
  order, the card taken from each giver (G-E27) and the card dealt back to each (G-E28). Both maps name exactly
  the givers of that moment, each taken card is in its giver's hand and the dealt cards are the taken ones;
  otherwise SetupOverrideError names the key when that Misplace resolves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ...engine import GameConfigError
from ...engine.setup_values import reject_unknown_keys, seat_map, seat_of
from .cards import card_kind

KEYS: Final = ("characters", "commander", "deal", "deck", "start", "transplants", "misplaces")
START_KEYS: Final = ("hands", "infections", "eliminated", "active", "deck", "discard")
HUMAN: Final = 0
GUEST: Final = 1


@dataclass
class Setup:
    characters: list[int] | None = None
    commander: int | None = None
    deal: dict[int, list[int]] = field(default_factory=dict)
    deck_top: list[int] = field(default_factory=list)
    start: bool = False
    hands: dict[int, list[int]] = field(default_factory=dict)
    infections: dict[int, int] = field(default_factory=dict)
    eliminated: list[int] = field(default_factory=list)
    active: int | None = None
    deck: list[int] | None = None
    discard: list[tuple[int, bool]] = field(default_factory=list)  # (kind, face up)
    transplants: list[bool] = field(default_factory=list)
    misplaces: list[tuple[dict[int, int], dict[int, int]]] = field(default_factory=list)  # (take, deal)


def _cards(value: Any, what: str) -> list[int]:
    if not isinstance(value, list):
        raise GameConfigError(f"setup {what!r} must be a list of cards")
    return [card_kind(v) for v in value]


def parse_setup(raw: dict[str, Any] | None, players: int) -> Setup:
    setup = Setup()
    if not raw:
        return setup
    reject_unknown_keys(raw, KEYS)
    if "characters" in raw:
        chars = raw["characters"]
        if not isinstance(chars, list) or len(chars) != players:
            raise GameConfigError(f"setup 'characters' must list {players} characters ('human' or 'guest')")
        setup.characters = []
        for char in chars:
            key = str(char).strip().lower()
            if key not in ("human", "guest", "h", "g"):
                raise GameConfigError(f"setup 'characters': {char!r} is not 'human' or 'guest'")
            setup.characters.append(GUEST if key[0] == "g" else HUMAN)
    if "commander" in raw:
        setup.commander = seat_of(raw["commander"], players)
    for seat, cards in seat_map(raw.get("deal", {}), players, "deal").items():
        setup.deal[seat] = _cards(cards, "deal")
        if len(setup.deal[seat]) != 3:
            raise GameConfigError("setup 'deal' gives each listed seat exactly 3 cards")
    setup.deck_top = _cards(raw.get("deck", []), "deck")
    transplants = raw.get("transplants", [])
    if not isinstance(transplants, list) or not all(isinstance(t, bool) for t in transplants):
        raise GameConfigError("setup 'transplants' must be a list of true (swap) or false (keep)")
    setup.transplants = list(transplants)
    misplaces = raw.get("misplaces", [])
    if not isinstance(misplaces, list):
        raise GameConfigError("setup 'misplaces' must be a list of {'take': {seat: card}, 'deal': {seat: card}}")
    for entry in misplaces:
        if not isinstance(entry, dict) or set(entry) != {"take", "deal"}:
            raise GameConfigError("setup 'misplaces' entries are {'take': {seat: card}, 'deal': {seat: card}}")
        take, deal = ({s: card_kind(c) for s, c in seat_map(entry[k], players, f"misplaces.{k}").items()}
                      for k in ("take", "deal"))
        if set(take) != set(deal) or sorted(take.values()) != sorted(deal.values()):
            raise GameConfigError("setup 'misplaces': 'deal' must hand the taken cards back to the same seats")
        setup.misplaces.append((take, deal))
    if "start" in raw:
        start = raw["start"]
        if not isinstance(start, dict) or set(start) - set(START_KEYS):
            raise GameConfigError(f"setup 'start' must be a mapping with keys among {', '.join(START_KEYS)}")
        if setup.deal:
            raise GameConfigError("setup 'deal' and 'start' exclude each other: 'start' skips the deal")
        setup.start = True
        setup.hands = {s: _cards(c, "start.hands") for s, c in seat_map(start.get("hands", {}), players,
                                                                           "start.hands").items()}
        for seat, pos in seat_map(start.get("infections", {}), players, "start.infections").items():
            if pos not in (1, 2) or isinstance(pos, bool):
                raise GameConfigError("setup 'start.infections' positions are 1 or 2")
            setup.infections[seat] = pos
        eliminated = start.get("eliminated", [])
        if not isinstance(eliminated, list):
            raise GameConfigError("setup 'start.eliminated' must be a list of seats")
        setup.eliminated = sorted({seat_of(s, players) for s in eliminated})
        if len(setup.eliminated) >= players:
            raise GameConfigError("setup 'start.eliminated' must leave somebody alive")
        if "active" in start:
            setup.active = seat_of(start["active"], players)
        if "deck" in start:
            setup.deck = _cards(start["deck"], "start.deck")
        raw_discard = start.get("discard", [])
        if not isinstance(raw_discard, list):
            raise GameConfigError("setup 'start.discard' must be a list of cards")
        for entry in raw_discard:
            text = str(entry)
            down = text.lower().endswith(":down")
            setup.discard.append((card_kind(text[:-5] if down else text), not down))
        for seat in [*setup.hands, *setup.infections, *([setup.active] if setup.active is not None else [])]:
            if seat in setup.eliminated:
                raise GameConfigError(f"setup 'start': seat {seat} is eliminated and cannot hold cards, an "
                                      "Infection or the turn")
        if setup.commander is not None and setup.commander in setup.eliminated:
            raise GameConfigError("setup: the Commander must be a living player")
    return setup
