"""Helpers for the K-C/K-S/K-T/K-E/K-V/K-W rule tests: exact positions and short move sequences."""

from __future__ import annotations

from typing import Any

from treachery.games.killer.cards import LOCATION_CODES, LOCATIONS, location_index
from treachery.games.killer.rules import Killer

from .util import P1, new

CODES = [c.lower() for c in LOCATION_CODES]  # br ga ml al ac er ch sb


def game(
    players: int = 4,
    deal: dict[int, list[str]] | None = None,
    *,
    removed: list[str] | None = None,
    row: list[str] | None = None,
    first: int = P1,
    seed: int = 0,
    start: dict[str, Any] | None = None,
    **setup: Any,
) -> Killer:
    """A game with fixed removal (Med Lab, Access Corridor by default with 3-5 players), a fixed Hunting Row
    (in-play Locations in HUD order unless ``row`` is given) and ``deal`` = {seat: [cards]} for the first round."""
    if players <= 5 and removed is None:
        removed = ["ml", "ac"]
    if removed is not None:
        setup["removed"] = removed
    start = dict(start or {})
    if start:
        setup["start"] = start
    gone = {location_index(x) for x in (removed or []) + start.get("destroyed", []) + start.get("hunted", [])}
    if row is None:
        row = [c for i, c in enumerate(CODES) if i not in gone]
    rnd = start.get("round", 1)
    setup.setdefault("hunting_row", {rnd: row})
    if deal:
        hands = setup.setdefault("hands", {})
        hands[rnd] = deal
    g = new(players, seed=seed, first=first, **setup)
    return g


def slot_of(g: Killer, where: str) -> int:
    """The 1-based Hunting Row slot that holds ``where`` (engine state: tests know the fixed order)."""
    return g.hunting_row.index(location_index(where)) + 1


def reveal(g: Killer, where: str) -> int:
    """Answers the pending reveal with the slot holding ``where``; returns the seat that chose."""
    (decision,) = [d for d in g.pending() if d.kind == "reveal"]
    g.act(decision.seat, f"slot {slot_of(g, where)}")
    return decision.seat


def player(g: Killer, seat: int, viewer: int | None = None) -> dict[str, Any]:
    return g.view(viewer)["players"][seat]


def alive(g: Killer) -> list[bool]:
    return [p["alive"] for p in g.view(None)["players"]]






def name(code: str) -> str:
    return LOCATIONS[location_index(code)]



def auto(g: Killer, until: str | None = None, limit: int = 200) -> list[tuple[int, str]]:
    """Answers every pending decision with its default until one of kind ``until`` is pending (or the game
    ends); returns the (seat, kind) of each answered decision, in order."""
    done: list[tuple[int, str]] = []
    for _ in range(limit):
        pending = g.pending()
        if not pending or (until is not None and pending[0].kind == until):
            return done
        for decision in pending:
            done.append((decision.seat, decision.kind))
            g.act(decision.seat, decision.default_id)
    raise AssertionError("auto() did not stop")


# The K-K2 deal and round (4 players, Med Lab and Access Corridor removed): nobody moves, P2 (GA3) and P1 (GA1)
# share the Galley, P3 is alone at the Bridge, P4 alone at the Engine Room.
K2_DEAL = {0: ["GA1", "BR3"], 1: ["GA3", "CH2"], 2: ["BR2", "AL1"], 3: ["ER1", "SB1"]}
K2_MOVES = (
    (0, "position GA1"), (1, "position GA3"), (2, "position BR2"), (3, "position ER1"),
    (3, "action SB1"), (2, "action AL1"), (1, "action CH2"), (0, "action BR3"),
)


def log_count(g: Killer, text: str, seat: int | None = None) -> int:
    return sum(text in e["text"] for e in g.log_for(seat))
