"""The Guest's public-view core (docs/engine.md): the turn and its step, each player's state and badges, and what
only this seat knows (its character, Madness, hand, looks), read from the view just built."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.core import private_fact, seat_core, view_core

if TYPE_CHECKING:
    from .rules import Guest


def _seat(entry: dict[str, Any], seat_label: Any) -> dict[str, Any]:
    badges = [
        "Commander" if entry["commander"] else None,
        "Playing now" if entry["active"] else None,
        f"{entry['cards_in_hand']} in hand" if entry["cards_in_hand"] else None,
        f"Infection step {entry['infection']}" if entry["infection"] else None,
        f"Announced: {entry['announced']}" if entry["announced"] else None,
        f"Revealed: {entry['revealed']}" if entry["revealed"] else None,
        f"Side: {entry['side']}" if entry.get("side") else None,
    ]
    return seat_core(entry["seat"], entry["alive"], "In the house" if entry["alive"] else "Ejected", badges)


def build_core(game: Guest, seat: int | None, view: dict[str, Any]) -> dict[str, Any]:
    step = view["step"]
    label = f"Turn {view['turn']}" + ("" if step == "over" else f" · {step}")
    private = None
    if seat is not None:
        private = [private_fact("You are", view["character"] + (" (mad)" if view["mad"] else ""), ("character", "mad")),
                   private_fact("Your hand", list(view["hand"]), ("hand", "hand_cards"))]
        if view["looked_at"]:  # G-H5
            private.append(private_fact("Characters you have seen", [
                f"{game.seat_label(look['seat'])}: {look['character']} (turn {look['turn']})"
                for look in view["looked_at"]], ("looked_at",)))
        if "setup_discard" in view:  # G-H13
            private.append(private_fact("Your setup discard", view["setup_discard"], ("setup_discard",)))
    return view_core(view["turn"], label, [_seat(p, game.seat_label) for p in view["players"]], private)
