"""This Game Is Killer in player words: the role card, the card reference and the end summary (see engine/texts)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.texts import declared_texts, last_line_about, who_list

if TYPE_CHECKING:
    from .rules import Killer


def card_texts(game: Killer) -> list[dict[str, str]]:
    from .cards import LOCATIONS

    return [{"name": c.name, "code": c.code, "position": f"{LOCATIONS[c.location]} {c.priority}", "kind": "Crew card",
             "text": f"Position: {LOCATIONS[c.location]}, Priority {c.priority}. Action: {c.text}"}
            for c in game.cards.cards]


def role_card(game: Killer, seat: int, view: dict[str, Any] | None = None) -> dict[str, Any]:
    texts = declared_texts(type(game))
    role = texts["roles"]["crew"]
    me = (view if view is not None else game.view(seat))["players"][seat]
    card: dict[str, Any] = {"title": me["name"], "role": role["name"], "side": texts["sides"]["crew"]["name"],
                            "who": role["who"], "goal": role["goal"], "can": list(role["can"])}
    if me["first_crew_member"]:
        card["can"].append("You hold the First Crew Member marker: you play first, play last in the second pass "
                           "and choose which Hunting Row card reveals the alien.")
    if me["last_on_board_deadline"]:
        card["can"].append(f"You are the last crew member On Board: win by the end of round "
                           f"{me['last_on_board_deadline']} or die.")
    fate = "dead" if not me["alive"] else "frozen" if me["frozen"] else None
    if fate is not None and not game.over:
        card["fate"] = {**texts["fates"][fate],
                        "why": last_line_about(game, seat, ("kill", "dies", "freez", "Cold Storage", "DESTROY"))}
    return card


def end_summary(game: Killer) -> dict[str, Any]:
    result = game._result or {}
    winners = result.get("winners", [])
    reason = str(result.get("reason", ""))
    sentence = declared_texts(type(game))["endings"].get(reason, reason)
    if winners:
        sentence += f" {who_list(winners)} {'wins' if len(winners) == 1 else 'win'}."
    names = game.cards.status_names
    roles = {s: f"{names[game.status[s]]}, " + ("survived" if game.alive[s] else "dead")
             for s in range(game.players)}
    return {"summary": sentence, "roles": roles}


def unavailable(game: Killer, decision: Any) -> list[dict[str, str]]:
    """K-E6, K-T18: the ways to play a card in hand that the rules forbid now, and why."""
    from . import catalogue as opt

    if decision.kind not in ("first_card", "second_card"):
        return []
    hand = game.hands[decision.seat]
    cards = game.cards.cards
    labels = {o["id"]: o["label"] for o in game.catalogue_in_use}
    out = []
    for card in hand:
        other = next((c for c in hand if c != card), None)
        for option_id in (opt.POSITION + card, opt.ACTION + card):
            if option_id in decision.ids:
                continue
            if decision.kind == "second_card":
                why = "Your second card is played the other way round from your first."
            elif option_id >= opt.ACTION:
                why = f"{cards[card].name} may only be played as an Action as your 2nd card."
            elif other is not None:
                why = (f"{cards[other].name} would then have to be your 2nd card, but as an Action it may only be "
                       "your 1st card.")
            else:
                continue
            out.append({"label": labels[option_id], "why": why})
    return out
