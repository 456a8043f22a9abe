"""Setup overrides for This Game Is Killer: fix any random part of setup (tests, scenarios, puzzles).

Seats are 0-based (P1 is seat 0). Locations are names or two-letter codes; cards are codes.

- ``first``: seat of the First Crew Member (default: random, K-S13).
- ``removed``: the 2 Locations removed at setup with 3-5 players (default: random, K-S5).
- ``hunting_row``: Location order of the Hunting Row, slot 1 first; a list for the first round,
  or ``{round: list}`` for any round (applied when that round's row is laid out).
- ``deck``: cards on top of the Crew deck, top first; a list for the first round or ``{round: list}``.
  The rest of the deck stays shuffled below them. Cards are dealt one at a time clockwise from the
  First Crew Member, twice round.
- ``hands``: ``{round: {seat: [card, card]}}``: those seats are dealt exactly those cards that round
  (first listed = first dealt); everyone else is dealt from the shuffled rest.
- ``start``: begin part-way through a game: ``{"round": r, "dead": [seats], "frozen": [seats],
  "hunted": [locations], "destroyed": [locations],
  "countdown": {seat: deadline round}, "ongoing": {seat: {"card": "AC3"|"CH1", "location": loc}}}``.

An override for a later round that no longer fits the game when that round comes (a card already out, a row
of other Locations, a hand for a seat not On Board or of the wrong size) raises SetupOverrideError naming the
key and the round: a position that quietly fell back to chance would test nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ...engine import GameConfigError
from ...engine.setup_values import reject_unknown_keys, seat_of
from .cards import card_code, location_index

KEYS: Final = ("first", "removed", "hunting_row", "deck", "hands", "start")
START_KEYS: Final = ("round", "dead", "frozen", "hunted", "destroyed", "countdown", "ongoing")


@dataclass
class Setup:
    first: int | None = None
    removed: list[int] | None = None
    hunting_rows: dict[int, list[int]] = field(default_factory=dict)
    decks: dict[int, list[int]] = field(default_factory=dict)
    hands: dict[int, dict[int, list[int]]] = field(default_factory=dict)
    start_round: int = 1
    dead: list[int] = field(default_factory=list)
    frozen: list[int] = field(default_factory=list)
    hunted: list[int] = field(default_factory=list)
    destroyed: list[int] = field(default_factory=list)
    countdown: dict[int, int] = field(default_factory=dict)
    ongoing: dict[int, tuple[int, int]] = field(default_factory=dict)


def _card(code: Any) -> int:
    if isinstance(code, str):
        for card_id in range(24):
            if card_code(card_id) == code.strip().upper():
                return card_id
    raise GameConfigError(f"unknown card {code!r}; cards are BR1..SB3")


def _round(value: Any) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        number = 0
    if isinstance(value, bool) or not 1 <= number <= 20:
        raise GameConfigError(f"round must be 1..20, got {value!r}")
    return number


def _by_round(value: Any, first_round: int, what: str) -> dict[int, Any]:
    if isinstance(value, list):
        return {first_round: value}
    if isinstance(value, dict):
        return {_round(k): v for k, v in value.items()}
    raise GameConfigError(f"setup {what!r} must be a list or a mapping of round to list")


def _locations(value: Any, what: str) -> list[int]:
    if not isinstance(value, list):
        raise GameConfigError(f"setup {what!r} must be a list of locations")
    found = [location_index(v) for v in value]
    if len(set(found)) != len(found):
        raise GameConfigError(f"setup {what!r} repeats a location")
    return found


def _cards(value: Any, what: str) -> list[int]:
    if not isinstance(value, list):
        raise GameConfigError(f"setup {what!r} must be a list of card codes")
    found = [_card(v) for v in value]
    if len(set(found)) != len(found):
        raise GameConfigError(f"setup {what!r} repeats a card")
    return found


# The plan of a game started without set-up values: one shared by every such game (and, as every plan, by a game's
# clones), read and never changed.
NO_SETUP: Final = Setup()


def parse_setup(raw: dict[str, Any] | None, players: int) -> Setup:
    setup = Setup()
    if not raw:
        return setup
    reject_unknown_keys(raw, KEYS)
    start = raw.get("start") or {}
    if not isinstance(start, dict) or set(start) - set(START_KEYS):
        raise GameConfigError(f"setup 'start' must be a mapping with keys among {', '.join(START_KEYS)}")
    setup.start_round = _round(start.get("round", 1))
    if "first" in raw:
        setup.first = seat_of(raw["first"], players)
    if "removed" in raw:
        setup.removed = _locations(raw["removed"], "removed")
        if players >= 6 or len(setup.removed) != 2:
            raise GameConfigError("setup 'removed' names exactly 2 locations, and only with 3-5 players")
    setup.hunting_rows = {
        r: _locations(v, "hunting_row") for r, v in _by_round(raw.get("hunting_row", {}), setup.start_round,
                                                               "hunting_row").items()
    }
    setup.decks = {r: _cards(v, "deck") for r, v in _by_round(raw.get("deck", {}), setup.start_round, "deck").items()}
    hands = raw.get("hands", {})
    if not isinstance(hands, dict):
        raise GameConfigError("setup 'hands' must map round to {seat: [cards]}")
    for rnd, per_seat in hands.items():
        if not isinstance(per_seat, dict):
            raise GameConfigError("setup 'hands' must map round to {seat: [cards]}")
        dealt = {seat_of(s, players): _cards(c, "hands") for s, c in per_seat.items()}
        every = [c for cs in dealt.values() for c in cs]
        if len(set(every)) != len(every) or any(len(cs) not in (1, 2) for cs in dealt.values()):
            raise GameConfigError("setup 'hands' gives each seat 1 or 2 cards, no card twice")
        setup.hands[_round(rnd)] = dealt
    setup.dead = sorted({seat_of(s, players) for s in start.get("dead", [])})
    setup.frozen = sorted({seat_of(s, players) for s in start.get("frozen", [])})
    if set(setup.dead) & set(setup.frozen):
        raise GameConfigError("setup 'start': a seat cannot be both dead and frozen")
    setup.hunted = _locations(start.get("hunted", []), "start.hunted")
    setup.destroyed = _locations(start.get("destroyed", []), "start.destroyed")
    if set(setup.hunted) & set(setup.destroyed):
        raise GameConfigError("setup 'start': a location cannot be both hunted and destroyed")
    countdown = start.get("countdown", {})
    if not isinstance(countdown, dict):
        raise GameConfigError("setup 'start.countdown' must map seat to deadline round")
    setup.countdown = {seat_of(s, players): _round(r) for s, r in countdown.items()}
    ongoing = start.get("ongoing", {})
    if not isinstance(ongoing, dict):
        raise GameConfigError("setup 'start.ongoing' must map seat to {card, location}")
    for seat, entry in ongoing.items():
        if not isinstance(entry, dict) or _card(entry.get("card")) not in (_card("AC3"), _card("CH1")):
            raise GameConfigError("setup 'start.ongoing' entries are {'card': 'AC3' or 'CH1', 'location': ...}")
        where = location_index(entry["location"]) if entry.get("card", "").upper() == "CH1" else -1
        setup.ongoing[seat_of(seat, players)] = (_card(entry["card"]), where)
    return setup
