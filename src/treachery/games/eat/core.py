"""Who Should We Eat?'s public-view core (docs/engine.md): the round and its part of the day, each castaway's
status and badges, and the seat's own hand and chosen Play and Keep cards, read from the view just built."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.core import private_fact, seat_core, view_core

if TYPE_CHECKING:
    from .rules import Eat


_NAMES: dict[int, tuple[object, dict[str, str]]] = {}


def _names(view: dict[str, Any]) -> dict[str, str]:
    """Code -> name for every card of the view's card table, built once per table (tables are built once per
    card set and shared)."""
    cards = view["cards"]
    found = _NAMES.get(id(cards))
    if found is None or found[0] is not cards:
        found = _NAMES[id(cards)] = (cards, {code: entry["name"] for table in ("survivor", "ghost", "quests",
                                                                              "personalities", "characters")
                                             for code, entry in cards[table].items()})
    return found[1]


def _seat(entry: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    status = entry["status"]
    badges = [
        "Leader" if entry["leader"] else None,
        names.get(entry["character"], entry["character"]),
        f"{entry['meat']} meat" if entry["meat"] is not None else None,
        f"Personality: {names.get(entry['personality'], entry['personality'])}" if entry["personality"] else None,
        f"Haunt: {names.get(entry['haunt'], entry['haunt'])}" if entry["haunt"] else None,
        f"Quests: {', '.join(names.get(q, q) for q in entry['quests'])}" if entry["quests"] else None,
        f"{entry['cards_in_hand']} in hand" if entry["cards_in_hand"] else None,
        "Has chosen a Play card" if entry["has_play"] else None,
        f"Keep face up: {names.get(entry['keep_face_up'], entry['keep_face_up'])}" if entry["keep_face_up"]
        else "Has a Keep card" if entry["has_keep"] else None,
        "Shielded" if entry["shielded"] else None,
    ]
    return seat_core(entry["seat"], status == "survivor", status.capitalize(), badges)


def build_core(game: Eat, seat: int | None, view: dict[str, Any]) -> dict[str, Any]:
    names = _names(view)
    step = view["step"]
    label = f"Round {view['round']}" + ("" if step == "over" else f" · {step}")
    private = None
    if seat is not None:
        mine = view["players"][seat]
        private = [private_fact("Your hand", [f"{names.get(c, c)} ({c})" for c in view["hand"]], ("hand",))]
        for key, label_of in (("play", "Your Play card"), ("keep", "Your Keep card")):  # W-H9, W-H11
            if mine.get(key):
                private.append(private_fact(label_of, f"{names.get(mine[key], mine[key])} ({mine[key]})"))
    return view_core(view["round"], label, [_seat(p, names) for p in view["players"]], private)
