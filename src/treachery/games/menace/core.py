"""The Menace Among Us's public-view core (docs/engine.md): the round, each crew member's state and badges, and
what only this seat knows (its Agenda, hand, face-down cards, deck, usable abilities, Agendas seen), read from the
view just built."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.core import private_fact, seat_core, view_core

if TYPE_CHECKING:
    from .rules import Menace


def _seat(game: Menace, entry: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    seat = entry["seat"]
    wounds = len(entry["wounds"])
    public_agenda = entry["agenda"] if game.revealed[seat] or view["over"] else None  # M-H1: shown once revealed
    badges = [
        entry["character"],
        "Leader" if view["leader"] == seat else None,
        "Taking a turn" if view["turn"] == seat else None,
        f"{wounds} wound{'s' if wounds > 1 else ''}" if wounds else None,
        f"{entry['hand_count']} in hand" if entry["hand_count"] else None,
        f"{entry['face_down']} face down" if entry["face_down"] else None,
        f"Agenda: {public_agenda}" if public_agenda else None,
    ]
    state = "Dead" if not entry["alive"] else "Exiled" if entry["exiled"] else "Aboard"
    return seat_core(seat, entry["alive"] and not entry["exiled"], state, badges)


def build_core(game: Menace, seat: int | None, view: dict[str, Any]) -> dict[str, Any]:
    private = None
    if seat is not None:
        private = [private_fact("Your Agenda", view["my_agenda"], ("my_agenda",)),
                   private_fact("Your hand", view["hand"], ("hand",)),
                   private_fact("Your face-down cards this round", view["my_face_down"], ("my_face_down",)),
                   private_fact("Your deck", view["deck_list"], ("deck_list",)),
                   private_fact("Characters you were dealt", view["dealt"], ("dealt",)),
                   private_fact("Abilities you may use now", view["usable"], ("usable",))]
        if view["seen_agendas"]:
            private.append(private_fact("Agendas you have seen", [
                f"{game.seat_label(int(other))}: {agenda}" for other, agenda in view["seen_agendas"].items()],
                ("seen_agendas",)))
    players = [_seat(game, p, view) for p in view["players"]]
    return view_core(view["round"], f"Round {view['round']}" + (" · over" if view["over"] else ""), players, private)
