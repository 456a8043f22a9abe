"""The Guest in player words: the role card, the card reference and the end summary (see engine/texts)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.texts import declared_texts, last_line_about, who_list
from .setup import GUEST

if TYPE_CHECKING:
    from .rules import Guest

_TIMING = {"green": "your own Play step", "yellow": "any window", "grey": "only in answer to another card",
           "blue": "shown when drawn", "red": "a Status card"}


def card_texts(game: Guest) -> list[dict[str, str]]:
    out = [{"name": c.name, "kind": f"{c.colour.capitalize()} card ({_TIMING.get(c.colour, c.colour)})",
            "text": c.text} for c in game.cards.cards]
    out += [{"name": str(entry["name"]), "kind": "Character", "text": str(entry["text"])}
            for entry in game.cards.characters.values()]
    return out


def role_card(game: Guest, seat: int, view: dict[str, Any] | None = None) -> dict[str, Any]:
    texts = declared_texts(type(game))
    view = view if view is not None else game.view(seat)
    me = view["players"][seat]
    guest = view["character"] == game.cards.characters["guest"]["name"]
    role = texts["roles"]["guest" if guest else "human"]
    side = "Guests" if guest else "Humans"
    card: dict[str, Any] = {"title": view["character"], "role": "Character", "side": texts["sides"][side]["name"],
                            "who": role["who"], "goal": role["goal"], "can": list(texts["roles"]["all"]["can"])}
    # your own side: Madness while you hold it, and as fixed when you left the ship (G-W6)
    if view["mad"] or game.current_side(seat) == "Madness":
        card["side"] = texts["sides"]["Madness"]["name"]
        card["who"] += " " + texts["roles"]["all"]["mad"]
        card["goal"] = texts["sides"]["Madness"]["goal"]
    if me["commander"]:
        card["can"].append(texts["roles"]["all"]["commander"])
    if me["infection"]:
        card["can"].append(texts["roles"]["all"]["infected"] + f" Yours is at step {me['infection']}.")
    if not me["alive"] and not game.over:
        card["fate"] = {**texts["fates"]["out"], "why": last_line_about(game, seat, ("eject", "eliminat", "dies"))}
    return card


def end_summary(game: Guest) -> dict[str, Any]:
    result = game._result or {}
    reason = str(result.get("reason", ""))
    sentence = declared_texts(type(game))["endings"].get(reason, reason)
    winners = result.get("winners", [])
    if winners:
        sentence += f" {who_list(winners)} {'wins' if len(winners) == 1 else 'win'}."
    names = game.cards.characters
    roles = {s: (names["guest" if game.character[s] == GUEST else "human"]["name"]
                 + (", mad" if result["sides"][s] == "Madness" else "") + ("" if game.alive[s] else ", off the ship"))
             for s in range(game.players)}
    return {"summary": sentence, "roles": roles}


def option_labels(game: Guest, decision: Any) -> dict[int, str]:
    """G-E50: a Restriction option names the stack card it would cancel (the stack is public)."""
    stack = game.view(decision.seat).get("stack", [])
    labels = {}
    for option in decision.options:
        text = option["text"]
        if text.startswith("play restriction "):
            index = int(text.split()[-1]) - 1
            if index < len(stack):
                entry = stack[index]
                labels[option["id"]] = f"Restriction: cancel P{entry['player'] + 1}'s {entry['name']}"
    return labels


def option_parts(game: Guest, decision: Any) -> dict[int, list[dict[str, str]]]:
    """A card, then its targets (G-X5, G-H24): the card to play, then on whom (a Bribe: whose ballot, then for
    whom; a Transplant: the two players; an Adrenaline: the player, then which way; a Restriction: the stack card
    it cancels). Pass and "End my Play step" stand beside the cards. Built from the options and the public stack."""
    from . import catalogue as opt
    from .cards import ADRENALINE, BRIBE, EFFECTS, RESTRICTION, TRANSPLANT

    if not any(o["id"] in opt.PLAYS for o in decision.options):
        return {}
    names = game.cards.names
    stack = game.view(decision.seat).get("stack", [])
    parts: dict[int, list[dict[str, str]]] = {}
    for option in decision.options:
        oid = option["id"]
        if oid not in opt.PLAYS:
            parts[oid] = [{"group": "Without a card", "value": option["text"], "label": option["label"]}]
            continue
        kind, first, second = opt.PLAYS[oid]
        steps = [{"group": "Play a card", "value": EFFECTS[kind], "label": names[kind]}]
        if kind == RESTRICTION:
            entry = stack[first] if first < len(stack) else None
            label = f"P{entry['player'] + 1}'s {entry['name']}" if entry else f"Stack card {first + 1}"
            steps.append({"group": "Cancel", "value": str(first + 1), "label": label})
        elif kind == BRIBE:
            steps += [{"group": "Whose ballot", "value": f"P{first + 1}", "label": f"P{first + 1}"},
                      {"group": "Counts for", "value": f"P{second + 1}", "label": f"P{second + 1}"}]
        elif kind == TRANSPLANT:
            steps += [{"group": "First player", "value": f"P{first + 1}", "label": f"P{first + 1}"},
                      {"group": "Second player", "value": f"P{second + 1}", "label": f"P{second + 1}"}]
        elif kind == ADRENALINE:
            way = "forward" if second == opt.FORWARD else "back"
            steps += [{"group": "On whom", "value": f"P{first + 1}", "label": f"P{first + 1}"},
                      {"group": "Which way", "value": way, "label": way.capitalize()}]
        elif first >= 0:
            steps.append({"group": "On whom", "value": f"P{first + 1}", "label": f"P{first + 1}"})
        parts[oid] = steps
    return parts
