"""What one seat may see of a Who Should We Eat? game (W-H*): built up from public facts plus that seat's own.

Nothing is copied from the state and then trimmed: each field is added because the seat may know it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...engine.derived import kept_for
from .cards import CARD_CODES, DECKS, QUEST_CODES, TRACKS, CardSet
from .rules import GHOST_STATUS, STATUS_NAMES, STEP_NAMES, SURVIVOR, red_number

if TYPE_CHECKING:
    from .rules import Eat

_TABLES: Final[dict[int, tuple[CardSet, dict[str, Any]]]] = {}
_STEP_OF_DECISION: Final = {"skip_draw": "morning", "wild_decks": "morning", "select": "morning",
                            "ghost_target": "afternoon", "quest": "afternoon", "map_order": "afternoon",
                            "dodge": "afternoon", "evening": "evening"}


def _describe_cards(cards: CardSet) -> dict[str, Any]:
    return {
        "survivor": {c.code: {"name": c.name, "deck": TRACKS[c.deck], "keep": c.keep, "text": c.text,
                              "play": [[TRACKS[t], v] for t, v in c.play]} for c in cards.survivor},
        "ghost": {g.code: {"name": g.name, "type": "haunt" if g.haunt else "instant", "text": g.text}
                  for g in cards.ghost},
        "quests": {q.code: {"name": q.name, "permanent": q.permanent, "text": q.text} for q in cards.quests},
        "personalities": {p.code: {"name": p.name, "text": p.text} for p in cards.personalities},
        "characters": {c.code: {"name": c.name, "role": c.role, "meat": c.meat,
                                "draws": dict(zip(("food", "sanity", "build", "wild"), c.draws, strict=True)),
                                "ghost_draws": c.ghost_draws} for c in cards.characters},
    }


def card_table(cards: CardSet) -> dict[str, Any]:
    """Every card description, built once per card set (public content, W-C12)."""
    return kept_for(_TABLES, cards, _describe_cards)


# A card set's Character codes and names (as a Survivor and as a Ghost) and Personality codes by id, read once: a
# card set is a plain (interpreted) object, and a view names every seat's Character.
CardFacts = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]
_CARD_FACTS: Final[dict[int, tuple[CardSet, CardFacts]]] = {}


def _derive_card_facts(cards: CardSet) -> CardFacts:
    """(Character codes, names, Ghost names, Personality codes) of ``cards``."""
    return (tuple(c.code for c in cards.characters), tuple(c.name for c in cards.characters),
            tuple(f"{c.name}'s Ghost" for c in cards.characters), tuple(p.code for p in cards.personalities))


def _player(game: Eat, seat: int, viewer: int | None, ended: bool, facts: CardFacts) -> dict[str, Any]:
    # (each of the seat's fields read once, card facts from tables: this runs for every seat of every view)
    codes, names, ghost_names, personalities = facts
    char = game.character[seat]
    person, status, play, keep = game.personality[seat], game.status[seat], game.play[seat], game.keep[seat]
    haunt = game.haunt[seat]
    entry: dict[str, Any] = {
        "seat": seat,
        "status": STATUS_NAMES[status],  # W-H2
        "leader": seat == game.leader,
        "character": codes[char],  # W-H1
        "name": names[char] if status != GHOST_STATUS else ghost_names[char],
        "meat": game.meat(seat) if status == SURVIVOR else None,
        "personality": personalities[person] if person >= 0 else None,
        "paranoid_used": game.paranoid_used[seat],
        "haunt": CARD_CODES[haunt] if haunt >= 0 else None,  # W-H3
        "quests": [QUEST_CODES[q] for q in game.held[seat]],
        "cards_in_hand": len(game.hands[seat]),
        "has_play": play >= 0,  # W-H11
        "has_keep": keep >= 0,
        "keep_face_up": CARD_CODES[keep] if keep >= 0 and game.keep_up[seat] else None,
        "shielded": game.shielded[seat],
    }
    if viewer == seat or ended:  # W-H9, W-H11, W-H26
        entry["play"] = CARD_CODES[play] if play >= 0 else None
        entry["keep"] = CARD_CODES[keep] if keep >= 0 else None
    return entry


def build_view(game: Eat, viewer: int | None) -> dict[str, Any]:
    ended = game.over
    facts = kept_for(_CARD_FACTS, game.cards, _derive_card_facts)
    asking = game._pending[0].kind if game._pending else ""
    view: dict[str, Any] = {
        "game": "eat",
        "seat": viewer,
        "round": game.round,
        "step": "over" if ended else _STEP_OF_DECISION.get(asking) or STEP_NAMES[game.step],
        "leader": game.leader,
        "food": game.food,
        "sanity": game.sanity,
        "build": game.build,
        "raft_target": game.target,
        "red_number": red_number(game.sanity),
        "variants": {"follow_the_leader": game.follow_the_leader, "phone_booth": game.phone_booth,
                     "dwindling_resources": game.dwindling},
        "quest_selection": [QUEST_CODES[q] for q in game.selection],  # W-H3, oldest first
        "quest_deck_size": len(game.quest_deck),  # W-H5
        "box": list(game.box),  # W-H28
        "box_at_setup": len(game.box_hidden),  # W-H4: only how many
        "ill_wind": QUEST_CODES[game.ill_wind] if game.ill_wind >= 0 else None,
        "cold_nights": game.cold_nights,
        "trial_held": game.trial_held,
        "draw_piles": {DECKS[d].lower(): len(game.piles[d]) for d in range(4)},  # W-H5
        "discard_piles": {DECKS[d].lower(): len(game.discards[d]) for d in range(4)},  # W-H7
        "players": [_player(game, s, viewer, ended, facts) for s in range(game.players)],
        "statuses": [STATUS_NAMES[status] for status in game.status],  # W-H2: each seat's, as in "players"
        "knives_out": list(game.knives),
        "attacks": [{"attacker": a, "target": t, "boar_tusk": bool(k)} for a, t, k in game.attacks],
        "fight": list(game.fight),
        "hidden_from_vote": [s for s in range(game.players) if game.hidden[s]],
        "loud": [s for s in range(game.players) if game.loud[s]],
        "waiting_for": sorted({d.seat for d in game._pending}),  # W-H27: the whole group, sealed answers unseen
        "cards": card_table(game.cards),
    }
    if viewer is not None:
        view["hand"] = [CARD_CODES[c] for c in game.hands[viewer]]  # W-H9
    if ended:  # W-H26
        view["result"] = game.result()
        view["hands"] = {s: [CARD_CODES[c] for c in game.hands[s]] for s in range(game.players)}
        view["quest_deck"] = [QUEST_CODES[q] for q in game.quest_deck[::-1]]
        view["box_at_setup_cards"] = [QUEST_CODES[q] for q in game.box_hidden]
    return view


def build_lean_view(game: Eat, viewer: int | None, keys: frozenset[str] | None = None) -> dict[str, Any]:
    """The keys of ``Eat.lean_view_keys`` (or those of them in ``keys``), each as build_view makes it: no piles,
    quests, votes or waiting list built for a reader that never reads them, and no seats for one that reads only
    their statuses."""
    view: dict[str, Any] = {}
    for key in _LEAN_ORDER:
        if keys is not None and key not in keys:
            continue
        if key == "seat":
            view["seat"] = viewer
        elif key == "leader":
            view["leader"] = game.leader
        elif key == "food":
            view["food"] = game.food
        elif key == "sanity":
            view["sanity"] = game.sanity
        elif key == "build":
            view["build"] = game.build
        elif key == "raft_target":
            view["raft_target"] = game.target
        elif key == "players":
            ended, facts = game.over, kept_for(_CARD_FACTS, game.cards, _derive_card_facts)
            view["players"] = [_player(game, s, viewer, ended, facts) for s in range(game.players)]
        elif key == "statuses":
            view["statuses"] = [STATUS_NAMES[status] for status in game.status]
        else:
            view["cards"] = card_table(game.cards)
    return view


_LEAN_ORDER: Final = ("seat", "leader", "food", "sanity", "build", "raft_target", "players", "statuses", "cards")
