"""Killer's public-view core (docs/engine.md): the round, each crew member's state and badges, and the seat's own
hand and looks at the Hunting Row, read from the view that seat was just given."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.core import private_fact, seat_core, view_core
from .cards import card_code

if TYPE_CHECKING:
    from .rules import Killer


_NAMES: dict[int, tuple[object, dict[str, str]]] = {}


def _card_names(game: Killer) -> dict[str, str]:
    """Card code -> name, built once per card set (card sets are loaded once and kept)."""
    found = _NAMES.get(id(game.cards))
    if found is None or found[0] is not game.cards:
        names = {card_code(i): info.name for i, info in enumerate(game.cards.cards)}
        found = _NAMES[id(game.cards)] = (game.cards, names)
    return found[1]


def _seat(entry: dict[str, Any], names: dict[str, str], ended: bool, guess_public: bool) -> dict[str, Any]:
    """The seat as every viewer sees it: its own face-down card and secret guess stay out (K-H6, K-H18)."""
    state = "Dead" if not entry["alive"] else "Frozen" if entry["frozen"] else "On Board"
    position, action, ongoing = entry["position"], entry["action"], entry["ongoing"]
    badges = [
        "First Crew Member" if entry["first_crew_member"] else None,
        f"{entry['cards_in_hand']} in hand" if entry["cards_in_hand"] else None,
        ("Position: face down" if position.get("face_down") and not ended
         else f"Position: {names.get(position['card'], position['card'])} ({position['location']})")
        if position else None,
        f"Action: {action['name']}{' (cancelled)' if action['cancelled'] else ''}" if action else None,
        f"Ongoing: {names.get(ongoing['card'], ongoing['card'])}" if ongoing else None,
        f"Guessed {entry['guess']}" if entry["guess"] and (guess_public or ended) else None,
        f"Last on board until round {entry['last_on_board_deadline']}" if entry["last_on_board_deadline"] else None,
    ]
    return seat_core(entry["seat"], entry["alive"], state, badges)


def build_core(game: Killer, seat: int | None, view: dict[str, Any]) -> dict[str, Any]:
    names = _card_names(game)
    step = view["step"]
    label = f"Round {view['round']} of {view['round_cap']}" + ("" if step == "over" else f" · {step}")
    private = None
    if seat is not None:
        private = [private_fact("Your hand", [f"{names.get(c, c)} ({c})" for c in view["hand"]], ("hand",))]
        looked = [f"slot {e['slot']}: {e['location']}" for e in view["hunting_row"] if e.get("looked_at")]
        if looked:
            private.append(private_fact("Hunting Row cards you looked at", looked))  # K-H11
        mine = view["players"][seat]
        position = mine["position"]
        if position and position.get("face_down") and "card" in position and step != "over":  # K-H6: yours alone
            private.append(private_fact("Your face-down Position",
                                        f"{names.get(position['card'], position['card'])} ({position['location']})"))
        if mine["guess"] and not (game.guess_public or step == "over"):  # K-H18
            private.append(private_fact("Your guess", mine["guess"]))
    seats = [_seat(p, names, step == "over", game.guess_public) for p in view["players"]]
    return view_core(view["round"], label, seats, private)
