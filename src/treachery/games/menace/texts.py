"""The Menace Among Us in player words: the role card, the card reference and the end summary (see engine/texts)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...engine.texts import declared_texts, last_line_about, who_list

if TYPE_CHECKING:
    from .rules import Menace


def _cost(cards: Any, a: int) -> str:
    parts = [f"{n} {what}" for n, what in ((cards.ability_oxygen[a], "Oxygen"), (cards.ability_energy[a], "Energy"))
             if n]
    if cards.ability_discards[a]:
        parts.append(f"throw away {cards.ability_discards[a]} card" + ("s" if cards.ability_discards[a] > 1 else ""))
    return ", ".join(parts) or "free"


def _character_text(cards: Any, c: int) -> str:
    return " ".join(f"{cards.ability_names[a]} ({_cost(cards, a)}): {cards.ability_texts[a]}"
                    for a in cards.character_abilities[c])


def card_texts(game: Menace) -> list[dict[str, str]]:
    cards = game.cards
    out = [{"name": name, "kind": f"Below Deck card, {cat}", "text": text}
           for name, cat, text in zip(cards.bda_names, cards.categories, cards.bda_texts, strict=True)]
    out += [{"name": name, "kind": "Above Deck ability", "text": f"Cost: {_cost(cards, a)}. {text}"}
            for a, (name, text) in enumerate(zip(cards.ability_names, cards.ability_texts, strict=True))]
    out += [{"name": name, "kind": f"Character, {cards.character_titles[c]}", "text": _character_text(cards, c)}
            for c, name in enumerate(cards.character_names)]
    out += [{"name": name, "kind": "Wound", "text": text}
            for name, text in zip(cards.wound_names, cards.wound_texts, strict=True)]
    out += [{"name": name, "kind": f"Agenda ({side} side)",
             "text": cards.agenda_abilities[a] + (f" Personal goal: {cards.agenda_goals[a]}"
                                                  if cards.agenda_goals[a] else "")}
            for a, (name, side) in enumerate(zip(cards.agenda_names, cards.agenda_sides, strict=True))]
    return out


def role_card(game: Menace, seat: int, view: dict[str, Any] | None = None) -> dict[str, Any]:
    texts = declared_texts(type(game))
    cards = game.cards
    view = view if view is not None else game.view(seat)
    agenda = cards.agenda_names.index(view["my_agenda"])
    side = cards.agenda_sides[agenda]
    me = view["players"][seat]
    card: dict[str, Any] = {
        "title": view["my_agenda"], "role": "Agenda", "side": texts["sides"][side]["name"],
        "who": texts["roles"]["agenda"]["who"], "goal": texts["sides"][side]["goal"],
        "can": list(texts["roles"]["agenda"]["can"]),
        "abilities": [{"name": f"{view['my_agenda']} (Agenda)", "text": cards.agenda_abilities[agenda]}],
    }
    if view["mode"] == "advanced" and cards.agenda_goals[agenda]:
        card["personal_goal"] = cards.agenda_goals[agenda]
        card["goal"] += " " + texts["roles"]["agenda"]["advanced"]
    if me["character"]:
        c = cards.character_names.index(me["character"])
        card["character"] = f"{me['character']}, {cards.character_titles[c]}"
        card["abilities"] += [{"name": cards.ability_names[a], "text": f"Cost: {_cost(cards, a)}. "
                               f"{cards.ability_texts[a]}"} for a in cards.character_abilities[c]]
    elif view["dealt"]:
        card["choices"] = [{"name": f"{name}, {cards.character_titles[cards.character_names.index(name)]}",
                            "text": _character_text(cards, cards.character_names.index(name))}
                           for name in view["dealt"]]
    fate = "killed" if not me["alive"] else "exiled" if me["exiled"] else None
    if fate is not None and not game.over:
        card["fate"] = {**texts["fates"][fate], "why": last_line_about(game, seat, ("killed", "Exiled"))}
    return card


def end_summary(game: Menace) -> dict[str, Any]:
    result = game._result or {}
    reason = str(result.get("reason", "")).split(" (", 1)[0]
    sentence = declared_texts(type(game))["endings"].get(reason, reason)
    winners = result.get("winners", [])
    sentence += f" {who_list(winners)} {'wins' if len(winners) == 1 else 'win'}." if winners else " Nobody wins."
    cards = game.cards
    roles = {}
    for s in range(game.players):
        side = result["sides"][s]
        fate = "killed" if not game.alive[s] else "Exiled" if game.exiled[s] else "alive"
        side_name = "Coward" if side == "coward" else side.capitalize()
        roles[s] = f"{cards.agenda_names[game.agenda[s]]} ({side_name}), {fate}"
    return {"summary": sentence, "roles": roles}


def unavailable(game: Menace, decision: Any) -> list[dict[str, str]]:
    """M-T14, M-T15, M-T17, M-E106, M-E109: your Character's abilities you cannot use on this turn, and why."""
    from . import catalogue as opt
    from .cards import SEDATED, TREMORS

    seat = decision.seat
    character = game.character[seat]
    if decision.kind != "turn" or character < 0:
        return []
    cards = game.cards
    labels = {o["id"]: o["label"] for o in game.catalogue_in_use}
    out = []
    tremors = TREMORS in game.wounds[seat]
    for ability in cards.character_abilities[character]:
        option_id = opt.USE + ability
        if option_id in decision.ids:
            continue
        oxygen = cards.ability_oxygen[ability] + tremors
        energy, discards = cards.ability_energy[ability], cards.ability_discards[ability]
        if game.exiled[seat]:
            why = "Exiled players cannot use Above Deck abilities."
        elif SEDATED in game.wounds[seat]:
            why = f"{cards.wound_names[SEDATED]}: no Above Deck abilities."
        elif game.used[ability]:
            why = "Already used this round."
        elif game.oxygen < oxygen:
            why = f"It costs {oxygen} Oxygen" + (" (Tremors adds 1)" if tremors else "") + f"; Oxygen is {game.oxygen}."
        elif game.energy < energy:
            why = f"It costs {energy} Energy; Energy is {game.energy}."
        elif len(game.hands[seat]) < discards:
            why = f"It needs {discards} card{'s' if discards > 1 else ''} in your hand to throw away."
        else:
            why = "Nobody it could be used on right now."
        out.append({"label": labels[option_id], "why": why})
    return out


def option_parts(game: Menace, decision: Any) -> dict[int, list[dict[str, str]]]:
    """The discussion (M-T39, M-H33): ready or call a vote, else what to say (what you played, whom you suspect, what
    someone else played: who, then which card), one step at a time. Built from the options alone."""
    from . import catalogue as opt
    from .cards import BDA_KEYS

    if decision.kind == "vote" and len(decision.options) > 12:
        return _fervent_vote(decision)
    if decision.kind != "discussion":
        return {}
    names = game.cards.bda_names
    say = {"mine": "What I played…", "suspect": "Whom I suspect…", "played": "What someone played…"}
    mine = {opt.CLAIM_GOOD: ("good", "A Good card"), opt.CLAIM_NEUTRAL: ("neutral", "A Neutral card"),
            opt.CLAIM_BAD: ("bad", "A Bad card"), opt.CLAIM_DREW: ("drew", "No card: I drew")}
    parts: dict[int, list[dict[str, str]]] = {}
    for option in decision.options:
        oid = option["id"]
        if oid in mine:
            value, label = mine[oid]
            parts[oid] = [{"group": "Say", "value": "mine", "label": say["mine"]},
                          {"group": "I played", "value": value, "label": label}]
        elif opt.SUSPECT <= oid < opt.SUSPECT + opt.SEATS:
            seat = f"P{oid - opt.SUSPECT + 1}"
            parts[oid] = [{"group": "Say", "value": "suspect", "label": say["suspect"]},
                          {"group": "I suspect", "value": seat, "label": seat}]
        elif opt.ACCUSE <= oid < opt.ACCUSE + opt.SEATS * len(BDA_KEYS):
            who, card = divmod(oid - opt.ACCUSE, len(BDA_KEYS))
            seat = f"P{who + 1}"
            parts[oid] = [{"group": "Say", "value": "played", "label": say["played"]},
                          {"group": "Who played", "value": seat, "label": seat},
                          {"group": "Which card", "value": BDA_KEYS[card], "label": names[card]}]
        else:
            parts[oid] = [{"group": "Vote", "value": option["text"], "label": option["label"]}]
    return parts


def _fervent_vote(decision: Any) -> dict[int, list[dict[str, str]]]:
    """A vote The Zealot called (M-E95, M-X17): whom to vote for (or abstain), then whether with fervor."""
    from . import catalogue as opt

    parts: dict[int, list[dict[str, str]]] = {}
    for option in decision.options:
        oid = option["id"]
        fervor = opt.FERVOR <= oid < opt.FERVOR + opt.SEATS or oid == opt.ABSTAIN_FERVOR
        if oid in (opt.ABSTAIN, opt.ABSTAIN_FERVOR):
            first = {"group": "Vote", "value": "abstain", "label": "Abstain"}
        else:
            seat = f"P{(oid - (opt.FERVOR if fervor else opt.VOTE)) + 1}"
            first = {"group": "Vote", "value": seat, "label": f"Exile {seat}"}
        parts[oid] = [first, {"group": "How", "value": "fervor" if fervor else "plain",
                              "label": "Reveal The Zealot: " + ("abstain" if first["value"] == "abstain" else
                                                                "vote twice") if fervor else "Just my vote"}]
    return parts
