"""What one seat may see of a game of The Guest (G-H*): built up from public facts plus that seat's own.

Nothing is copied from the state and then trimmed: each field is added because the seat may know it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ...engine.derived import kept_for
from . import catalogue as opt
from .cards import EFFECTS, MADNESS, RESTRICTION, CardSet
from .rules import BASE_NAMES, CHAR_NAMES, DOWN, S_WINDOW, STEP_NAMES

if TYPE_CHECKING:
    from .rules import Guest

_CARD_TABLES: Final[dict[int, tuple[CardSet, tuple[dict[str, Any], ...]]]] = {}
# G-D21 (seconds; a server applies)
TIMERS: Final = {"setup_discard": 45, "elect": 30, "play": 90, "priority": 10, "priority_minimum": 3, "discussion": 120,
                 "discussion_after_restart": 60, "ballot": 30, "tie": 30, "office": 20}


def _describe_cards(cards: CardSet) -> tuple[dict[str, Any], ...]:
    return tuple({"card": c.effect, "name": c.name, "colour": c.colour, "count": c.count, "text": c.text,
                  "vote_only": c.vote_only} for c in cards.cards)


def _card_table(cards: CardSet) -> tuple[dict[str, Any], ...]:
    """The card descriptions, built once per card set."""
    return kept_for(_CARD_TABLES, cards, _describe_cards)


def _stack_entry(game: Guest, index: int, entry: list[int]) -> dict[str, Any]:
    kind, player, a, b, _serial = entry
    shown: dict[str, Any] = {"position": index + 1, "card": EFFECTS[kind], "name": game.names[kind], "player": player}
    if kind == RESTRICTION:
        for position, other in enumerate(game.stack):
            if other[4] == a:
                shown["target_position"] = position + 1
    elif kind == opt.ADRENALINE_KIND:
        shown["target"] = a
        shown["direction"] = "forward" if b == opt.FORWARD else "back"
    elif a >= 0:
        shown["target"] = a
        if b >= 0:
            shown["second" if kind == opt.TRANSPLANT_KIND else "new_target"] = b
    return shown


def _players(game: Guest, viewer: int | None, ended: bool) -> list[dict[str, Any]]:
    players = []
    # (the per-seat lists read once: this loop runs for every seat of every view)
    alive_at, hands, infection, announced, character = (game.alive, game.hands, game.infection, game.announced,
                                                        game.character)
    commander, active = game.commander, game.active
    for seat in range(game.players):
        alive = alive_at[seat]
        entry: dict[str, Any] = {
            "seat": seat,
            "alive": alive,
            "commander": seat == commander,  # G-H2
            "active": seat == active,
            "cards_in_hand": len(hands[seat]),  # G-H10
            "infection": infection[seat] or None,  # G-H8
            "announced": CHAR_NAMES[announced[seat]] if announced[seat] >= 0 else None,  # G-H7, G-H9
            "revealed": None if alive else CHAR_NAMES[character[seat]],  # G-H3
        }
        if seat == viewer or ended:  # G-H1, G-H12
            entry["character"] = CHAR_NAMES[character[seat]]
            entry["mad"] = MADNESS in hands[seat] if alive else game.side[seat] == "Madness"
        if ended:
            entry["side"] = game.current_side(seat)
        players.append(entry)
    return players


def _past_votes(game: Guest) -> list[dict[str, Any]]:
    return [{"voting_phase": vp, "ballots": list(ballots), "counted": list(counted), "totals": list(totals),
             "ejected": ejected, "revealed": CHAR_NAMES[revealed] if revealed >= 0 else None}
            for vp, ballots, counted, totals, ejected, revealed in game.history]


def _vote(game: Guest) -> dict[str, Any] | None:
    if not game.voters:
        return None
    return {  # G-H16: a Voting Phase is on
        "round": game.vote_round,
        "restarted": game.restarts > 0,
        "ballots": list(game.ballots),  # -2 not cast yet, -1 empty
        "counted": list(game.counts_for),
        "suspicions": list(game.suspicions),
        "immunity": game.immunity,
        "totals": list(game.totals),
        "candidates": list(game.candidates),
    }


def _looked_at(game: Guest, viewer: int) -> list[dict[str, Any]]:
    looks = game.looks[viewer]
    return [{"seat": looks[i], "character": CHAR_NAMES[looks[i + 1]], "turn": looks[i + 2]}
            for i in range(0, len(looks), 3)]  # G-H5


def _start(game: Guest) -> dict[str, int]:
    return {"guests": game.guests_at_start, "humans": game.players - game.guests_at_start,
            "votes": game.votes_at_start}  # G-H4, G-W10


def build_view(game: Guest, viewer: int | None) -> dict[str, Any]:
    ended = game.over  # G-W13: the end reveals everything
    names = game.names
    players = _players(game, viewer, ended)
    discard = game.discard
    face_up = [names[k] for k in discard if k < DOWN]
    pending = game._pending
    view: dict[str, Any] = {
        "game": "guest",
        "seat": viewer,
        "round": game.turn,
        "turn": game.turn,
        "step": "over" if ended else (BASE_NAMES[game.base] if game.step == S_WINDOW else STEP_NAMES[game.step]),
        "active": game.active,
        "commander": game.commander,
        "voting_phase": game.vp,
        "start": _start(game),
        "players": players,
        "deck_size": len(game.deck),  # G-C15, G-H17
        "discard_size": len(discard),
        "discard_face_up": face_up,
        "discard_face_down": len(discard) - len(face_up),  # the rest: face-down cards (kind + DOWN)
        "stack": [_stack_entry(game, i, e) for i, e in enumerate(game.stack)],  # G-H14
        "waiting_for": sorted({d.seat for d in pending}),  # a simultaneous group is listed whole
        "vote": _vote(game),
        "past_votes": _past_votes(game),
        "cards": list(_card_table(game.cards)),
        "timers": TIMERS,
    }
    if viewer is not None:
        view["hand"] = [names[k] for k in game.hands[viewer]]  # G-H10
        view["hand_cards"] = [EFFECTS[k] for k in game.hands[viewer]]
        view["character"] = CHAR_NAMES[game.character[viewer]]
        view["mad"] = MADNESS in game.hands[viewer]
        view["looked_at"] = _looked_at(game, viewer)
        if game.setup_discard[viewer] >= 0:
            view["setup_discard"] = names[game.setup_discard[viewer]]  # G-H13
    if ended:
        view["result"] = game.result()
        view["deck"] = [names[k] for k in game.deck[::-1]]
        view["hands"] = {s: [names[k] for k in game.hands[s]] for s in range(game.players)}
    return view


def build_lean_view(game: Guest, viewer: int | None) -> dict[str, Any]:
    """The keys of ``Guest.lean_view_keys``, each as build_view makes it: no discard, deck, card descriptions or
    waiting list built for a reader that never reads them."""
    view: dict[str, Any] = {
        "seat": viewer,
        "start": _start(game),
        "players": _players(game, viewer, game.over),
        "stack": [_stack_entry(game, i, e) for i, e in enumerate(game.stack)],
        "vote": _vote(game),
        "past_votes": _past_votes(game),
    }
    if viewer is not None:
        view["character"] = CHAR_NAMES[game.character[viewer]]
        view["mad"] = MADNESS in game.hands[viewer]
        view["looked_at"] = _looked_at(game, viewer)
    return view
