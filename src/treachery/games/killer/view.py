"""What one seat may see of a Killer game (K-H*): built up from public facts plus that seat's own.

Nothing is copied from the state and then trimmed: each field is added because the seat may know it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...engine.derived import kept_for
from .cards import CARD_CODES, LOCATIONS, CardSet, card_code
from .rules import AC2, AL2, CH1, CH2, ER1, GA1, ML3, SB1, STEP_NAMES

if TYPE_CHECKING:
    from .rules import Killer

_SEAT_CHOICES: Final = frozenset((GA1, ML3, ER1))  # Actions whose public choice is a crew member
_LOCATION_CHOICES: Final = frozenset((AL2, AC2, CH1, CH2, SB1))  # ... or a Location
_BARRICADE: Final = CH1
_CARD_TABLES: Final[dict[int, tuple[CardSet, tuple[dict[str, Any], ...]]]] = {}


# The flow moves on to its next step before asking these, so the view names the step they belong to.
_STEP_OF_DECISION: Final = {"keep_ongoing": "round start", "tracker_scan": "round start", "thaw_guess": "deal",
                            "reveal": "reveal"}


def _describe_cards(cards: CardSet) -> tuple[dict[str, Any], ...]:
    return tuple(
        {"code": info.code, "name": info.name, "location": LOCATIONS[info.location], "priority": info.priority,
         "colour": info.colour, "keywords": sorted(info.keywords), "text": info.text}
        for info in cards.cards
    )


def _card_table(cards: CardSet) -> tuple[dict[str, Any], ...]:
    """The 24 card descriptions, built once per card set."""
    return kept_for(_CARD_TABLES, cards, _describe_cards)


# A card set's Priorities and names by card id, read once: a card set is a plain (interpreted) object, and a view
# reads a card's Priority or name for most seats.
CardFacts = tuple[tuple[int, ...], tuple[str, ...], tuple[str, ...]]
_CARD_FACTS: Final[dict[int, tuple[CardSet, CardFacts]]] = {}


def _derive_card_facts(cards: CardSet) -> CardFacts:
    """(Priority by card id, name by card id, status names) of ``cards``."""
    return (tuple(info.priority for info in cards.cards), tuple(info.name for info in cards.cards),
            tuple(cards.status_names))


def is_shared_card(entry: dict[str, Any]) -> bool:
    """Whether ``entry`` is the first of a card set's shared descriptions (a lean view's cards, never copied): a
    reader may key what it derives from them on that object."""
    return any(table[0] is entry for _, table in _CARD_TABLES.values())


# Every seat's entry starts as a copy of this one (its keys in view order): compiled, copying a dict of twelve keys
# and setting their values costs about half of building the dict from twelve pairs, and this runs for every seat of
# every view.
_PLAYER_ENTRY: Final[dict[str, Any]] = {"seat": 0, "name": "", "alive": True, "frozen": False, "on_board": True,
                                        "last_on_board_deadline": None, "first_crew_member": False,
                                        "cards_in_hand": 0, "position": None, "action": None, "ongoing": None,
                                        "guess": None}


def _player(game: Killer, seat: int, viewer: int | None, ended: bool, facts: CardFacts) -> dict[str, Any]:
    # (each of the seat's fields read once, card codes and facts from tables)
    mine = viewer == seat
    alive, frozen, face_down = game.alive[seat], game.frozen[seat], game.face_down[seat]
    priorities, names, status_names = facts
    entry = _PLAYER_ENTRY.copy()
    entry["seat"] = seat
    entry["name"] = status_names[game.status[seat]]  # K-S4, K-D27
    entry["alive"] = alive  # K-H16
    entry["frozen"] = frozen  # K-H17
    entry["on_board"] = alive and not frozen
    entry["last_on_board_deadline"] = game.deadline[seat] or None  # K-H17
    entry["first_crew_member"] = seat == game.first
    entry["cards_in_hand"] = len(game.hands[seat])  # K-H26
    card = game.position[seat]
    if card >= 0:
        if face_down and not mine and not ended:  # K-H6
            entry["position"] = {"face_down": True}
        else:
            entry["position"] = {"card": CARD_CODES[card], "face_down": face_down,
                                 "location": LOCATIONS[game.location[seat]],
                                 "priority": priorities[card]}
    act = game.action[seat]
    if act >= 0:  # K-H5: Actions are played face up, with their public choices
        action: dict[str, Any] = {"card": CARD_CODES[act], "name": names[act],
                                  "cancelled": game.darted[seat]}
        chosen = game.choice[seat]
        if chosen >= 0 and act in _SEAT_CHOICES and (mine or ended or not face_down):  # K-H6
            action["target"] = chosen
        elif chosen >= 0 and act in _LOCATION_CHOICES:
            action["location"] = LOCATIONS[chosen]
        entry["action"] = action
    held = game.ongoing[seat]
    if held >= 0:  # K-H20
        named = LOCATIONS[game.barricade] if held == _BARRICADE and game.barricade >= 0 else None
        entry["ongoing"] = {"card": CARD_CODES[held], "since_round": game.ongoing_since[seat], "location": named}
    guess = game.guess[seat]
    if guess >= 0 and frozen and (mine or game.guess_public or ended):  # K-H18
        entry["guess"] = LOCATIONS[guess]
    discarded = game.discard[seat]
    if discarded >= 0:
        entry["discarded"] = CARD_CODES[discarded] if mine or ended else "face down"  # K-H19
    return entry


def _hunting_row(game: Killer, viewer: int | None, ended: bool) -> list[dict[str, Any]]:
    row = []
    looked = dict(game.looks[viewer]) if viewer is not None else {}
    for slot, loc in enumerate(game.hunting_row):
        shown = ended or game.scanned[slot]  # K-H9, K-H12
        entry: dict[str, Any] = {"slot": slot + 1, "face_up": game.scanned[slot]}
        if shown:
            entry["location"] = LOCATIONS[loc]
        elif slot in looked:  # K-H11
            entry["location"] = LOCATIONS[looked[slot]]
            entry["looked_at"] = True
        row.append(entry)
    return row


def build_view(game: Killer, viewer: int | None) -> dict[str, Any]:
    ended = game.over  # K-W12: the end reveals everything
    facts = kept_for(_CARD_FACTS, game.cards, _derive_card_facts)
    asking = game._pending[0].kind if game._pending else ""
    view: dict[str, Any] = {
        "game": "killer",
        "seat": viewer,
        "round": game.round,
        "round_cap": 20,
        "step": "over" if ended else _STEP_OF_DECISION.get(asking) or STEP_NAMES[game.step],
        "short_round": game.short,
        "first_crew_member": game.first,
        "players": [_player(game, s, viewer, ended, facts) for s in range(game.players)],
        "hunting_row": _hunting_row(game, viewer, ended),
        "hunting_row_locations": sorted(LOCATIONS[loc] for loc in game.hunting_row),  # K-H10
        "alien_location": LOCATIONS[game.alien] if game.alien >= 0 else None,  # K-H13
        "previously_hunted": [LOCATIONS[loc] for loc in game.hunted],  # K-H15
        "destroyed": [LOCATIONS[loc] for loc in range(8) if game.destroyed[loc]],
        "removed_at_setup": [LOCATIONS[loc] for loc in game.removed_at_setup],
        "removed_cards": sorted([CARD_CODES[c] for c in game.out]),  # K-H4
        "deck_size": len(game.deck),
        "blackout": game._blackout_active(),
        "waiting_for": sorted({d.seat for d in game._pending}),  # sealed answers stay unseen: whole group listed
        "cards": [{**entry, "keywords": list(entry["keywords"])} for entry in _card_table(game.cards)],
    }
    if viewer is not None:
        view["hand"] = [CARD_CODES[c] for c in game.hands[viewer]]  # K-H1
    if ended:
        view["result"] = game.result()
        view["deck"] = [card_code(c) for c in reversed(game.deck)]
        view["hands"] = {s: [card_code(c) for c in game.hands[s]] for s in range(game.players)}
    return view


def build_lean_view(game: Killer, viewer: int | None) -> dict[str, Any]:
    """The keys of ``Killer.lean_view_keys``, each as build_view makes it. Its ``cards`` are the card set's own
    descriptions, shared, not copied (24 dicts a view): a keyed view is for a reader that reads it and never
    changes it (a bot's ``view_keys``)."""
    ended = game.over
    facts = kept_for(_CARD_FACTS, game.cards, _derive_card_facts)
    view: dict[str, Any] = {
        "seat": viewer,
        "round": game.round,
        "first_crew_member": game.first,
        "players": [_player(game, s, viewer, ended, facts) for s in range(game.players)],
        "hunting_row": _hunting_row(game, viewer, ended),
        "hunting_row_locations": sorted(LOCATIONS[loc] for loc in game.hunting_row),
        "previously_hunted": [LOCATIONS[loc] for loc in game.hunted],
        "destroyed": [LOCATIONS[loc] for loc in range(8) if game.destroyed[loc]],
        "removed_cards": sorted([CARD_CODES[c] for c in game.out]),
        "cards": list(_card_table(game.cards)),
    }
    if viewer is not None:
        view["hand"] = [CARD_CODES[c] for c in game.hands[viewer]]
    return view
