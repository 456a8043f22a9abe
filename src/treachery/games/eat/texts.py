"""Who Should We Eat? in player words: the role card, the card reference and the end summary (see engine/texts)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.texts import declared_texts, last_line_about, who_list

if TYPE_CHECKING:
    from .rules import Eat

_DECKS = ("Food", "Sanity", "Build")


def card_texts(game: Eat) -> list[dict[str, str]]:
    cards = game.cards
    out = [{"name": c.name, "code": c.code, "kind": f"{_DECKS[c.deck]} card", "text": c.text} for c in cards.survivor]
    out += [{"name": c.name, "code": c.code, "kind": "Ghost card", "text": c.text} for c in cards.ghost]
    out += [{"name": q.name, "code": q.code, "kind": "Quest", "text": q.text} for q in cards.quests]
    out += [{"name": p.name, "code": p.code, "kind": "Personality", "text": p.text} for p in cards.personalities]
    out += [{"name": c.name, "code": c.code, "kind": f"Character, {c.role}",
             "text": _character_text(c)} for c in cards.characters]
    return out


def _character_text(c: Any) -> str:
    food, sanity, build, wild = c.draws
    decks = ((food, "Food"), (sanity, "Sanity"), (build, "Build"), (wild, "from any deck"))
    draws = [f"{n} {deck}" for n, deck in decks if n]
    return (f"Worth {c.meat} meat. As a Survivor, draws {', '.join(draws) or 'nothing'} each Morning; "
            f"as a Ghost, {c.ghost_draws} Ghost cards.")


def role_card(game: Eat, seat: int, view: dict[str, Any] | None = None) -> dict[str, Any]:
    texts = declared_texts(type(game))
    view = view if view is not None else game.view(seat)
    me = view["players"][seat]
    status = me["status"]
    role = texts["roles"]["ghost" if status == "ghost" else "survivor"]
    cards = game.cards
    card: dict[str, Any] = {"title": me["name"], "role": status.capitalize(), "side": texts["sides"][status]["name"],
                            "who": role["who"], "goal": texts["sides"][status]["goal"], "can": list(role["can"])}
    character = next((c for c in cards.characters if c.code == me["character"]), None)
    abilities = []
    if character is not None:
        card["character"] = f"{character.name}, {character.role}"
        abilities.append({"name": character.name, "text": _character_text(character)})
    personality = next((p for p in cards.personalities if p.code == me.get("personality")), None)
    if personality is not None:
        abilities.append({"name": f"{personality.name} (your Personality)", "text": personality.text})
    card["abilities"] = abilities
    if me["leader"]:
        card["can"].append("You hold the Conch: you are the Leader. You pick the Quest, hold the straws and run "
                           "every trial.")
    if status in ("fallen", "ghost") and not game.over:  # out of the living, never out of the game
        card["fate"] = {**texts["fates"][status], "why": last_line_about(game, seat, ("eaten", "dies", "killed"))}
    return card


def end_summary(game: Eat) -> dict[str, Any]:
    result = game._result or {}
    reason = str(result.get("reason", ""))
    sentence = declared_texts(type(game))["endings"].get(reason, reason)
    winners = result.get("winners", [])
    sentence += f" {who_list(winners)} {'wins' if len(winners) == 1 else 'win'}." if winners else " Nobody wins."
    words = {"survivor": "Survivor", "ghost": "Ghost", "fallen": "eaten this round"}
    names = {c.code: c.name for c in game.cards.characters}
    view = game.view(None)
    roles = {s: f"{names.get(p['character'], p['name'])}, {words[result['sides'][s]]}"
             for s, p in enumerate(view["players"])}
    return {"summary": sentence, "roles": roles}


_MOST_BUTTONS = 12  # a decision with more options than this is asked as a picker when its options are combinations


def option_parts(game: Eat, decision: Any) -> dict[int, list[dict[str, str]]]:
    """The secret Play/Keep choice (W-T20) as the card to Play, then the card to Keep, from the seat's own hand;
    many free draws (W-X1) as how many from Food, then how the rest split; a crowded discussion (W-V10) as what
    to do, then whom to attack. Built from the options alone."""
    from . import catalogue as opt
    from .cards import CARD_CODES

    parts: dict[int, list[dict[str, str]]] = {}
    if decision.kind == "select":
        if any(o["id"] >= opt.PLAY_ONLY for o in decision.options):
            return {}  # W-T22: a single card, to Play or to Keep: two buttons, as they were
        for option in decision.options:
            play, keep = opt.selection_of(option["id"])
            parts[option["id"]] = [{"group": "Play", "value": CARD_CODES[play], "label": game.cards.name(play)},
                                   {"group": "Keep", "value": CARD_CODES[keep], "label": game.cards.name(keep)}]
    elif decision.kind == "wild_decks" and len(decision.options) > _MOST_BUTTONS:
        for option in decision.options:  # W-X1: how many free draws from Food, then how the rest split
            food, sanity, build = opt.SPLITS[option["id"] - opt.SPLIT]
            total = food + sanity + build
            parts[option["id"]] = [{"group": "Food draws", "value": str(food),
                                    "label": f"{food} (all of them)" if food == total else str(food)}]
            if food < total:
                parts[option["id"]].append({"group": "Then", "value": str(sanity),
                                            "label": f"Sanity {sanity}, Build {build}"})
    elif decision.kind == "poll" and len(decision.options) > _MOST_BUTTONS:
        for option in decision.options:
            oid = option["id"]
            if opt.ATTACK <= oid < opt.ATTACK + opt.MAX_SEATS or opt.TUSK <= oid < opt.TUSK + opt.MAX_SEATS:
                knife = oid < opt.TUSK
                target = oid - (opt.ATTACK if knife else opt.TUSK)
                parts[oid] = [{"group": "Attack", "value": "knife" if knife else "tusk",
                               "label": "Reveal your Knife and attack…" if knife else "Attack with the Boar Tusk…"},
                              {"group": "Whom", "value": f"P{target + 1}", "label": f"P{target + 1}"}]
            else:
                parts[oid] = [{"group": "Or", "value": option["text"], "label": option["label"]}]
    return parts
