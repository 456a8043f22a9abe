"""The Menace Among Us card content, loaded from cards.toml into plain tuples indexed by position."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from ...engine import GameConfigError

CARD_FILE: Final = Path(__file__).with_name("cards.toml")

# Below Deck Action card types by index (the order of [[bda]] in cards.toml; rules code uses these).
RAISE_MORALE: Final = 0
ADVANCED_REPAIR: Final = 1
COMMAND: Final = 2
BASIC_REPAIR: Final = 3
REPLICATE: Final = 4
BACKSTAB: Final = 5
BRAWL: Final = 6
PANIC: Final = 7
AIRLOCK: Final = 8
REACTOR_LEAK: Final = 9
EXPLOSION: Final = 10
BDA_KEYS: Final = ("raise-morale", "advanced-repair", "command", "basic-repair", "replicate", "backstab", "brawl",
                   "panic", "airlock-breach", "reactor-leak", "explosion")
AGENDA_KEYS: Final = ("contagion", "butcher", "coward", "vengeant", "saint", "resolute", "zealot", "hoarder", "steward",
                      "hero")
CONTAGION: Final = 0
BUTCHER: Final = 1
COWARD: Final = 2
VENGEANT: Final = 3
SAINT: Final = 4
RESOLUTE: Final = 5
ZEALOT: Final = 6
HOARDER: Final = 7
STEWARD: Final = 8
HERO: Final = 9
CHARACTER_KEYS: Final = ("rotti", "andrew", "martella", "malumil", "dax", "sela", "kestrel", "ozzie", "imre", "juno",
                         "hollis", "bettina", "rhee", "mags", "vee", "cass")
ABILITY_KEYS: Final = ("bloodwork", "first-aid", "delegate", "commandeer", "crunch", "moxie", "veto", "laser-pistol",
                       "overclock", "reroute", "cultivate", "greenhouse", "surveillance", "lockdown", "rush",
                       "scavenge", "scan", "analyze", "trace", "reassign", "plot-course", "emergency-protocol",
                       "requisition", "inventory", "target-lock", "suppressing-fire", "hot-meal", "comfort-food",
                       "self-repair", "reboot", "trust-exercise", "de-escalate")
BLOODWORK: Final = 0
FIRST_AID: Final = 1
DELEGATE: Final = 2
COMMANDEER: Final = 3
CRUNCH: Final = 4
MOXIE: Final = 5
VETO: Final = 6
LASER_PISTOL: Final = 7
OVERCLOCK: Final = 8
REROUTE: Final = 9
CULTIVATE: Final = 10
GREENHOUSE: Final = 11
SURVEILLANCE: Final = 12
LOCKDOWN: Final = 13
RUSH: Final = 14
SCAVENGE: Final = 15
SCAN: Final = 16
ANALYZE: Final = 17
TRACE: Final = 18
REASSIGN: Final = 19
PLOT_COURSE: Final = 20
EMERGENCY: Final = 21
REQUISITION: Final = 22
INVENTORY: Final = 23
TARGET_LOCK: Final = 24
SUPPRESSING_FIRE: Final = 25
HOT_MEAL: Final = 26
COMFORT_FOOD: Final = 27
SELF_REPAIR: Final = 28
REBOOT: Final = 29
TRUST: Final = 30
DE_ESCALATE: Final = 31
WOUND_KEYS: Final = ("flesh-wound", "bruised-ribs", "black-eye", "broken-hand", "concussion", "tremors", "shell-shock",
                     "blurred-vision", "sedated", "unconscious", "shock", "adrenaline", "hemorrhage",
                     "electrical-burns", "ruptured-suit", "punctured-lung")
FLESH_WOUND: Final = 0
BRUISED_RIBS: Final = 1
BLACK_EYE: Final = 2
BROKEN_HAND: Final = 3
CONCUSSION: Final = 4
TREMORS: Final = 5
SHELL_SHOCK: Final = 6
BLURRED_VISION: Final = 7
SEDATED: Final = 8
UNCONSCIOUS: Final = 9
SHOCK: Final = 10
ADRENALINE: Final = 11
HEMORRHAGE: Final = 12
ELECTRICAL_BURNS: Final = 13
RUPTURED_SUIT: Final = 14
PUNCTURED_LUNG: Final = 15
BLANK_WOUND: Final = 16  # M-V2: a marker taken when no Wound card is left anywhere
SIDES: Final = ("menace", "menace", "neutral", "crew", "crew", "crew", "crew", "crew", "crew", "crew")


@dataclass(frozen=True)
class CardSet:
    bda_names: tuple[str, ...]
    bda_counts: tuple[int, ...]
    categories: tuple[str, ...]
    oxygen_costs: tuple[int, ...]
    oxygen_effects: tuple[int, ...]  # Raise Morale +2, Airlock Breach -1 (M-D2, M-E28)
    energy_effects: tuple[int, ...]  # Advanced Repair +2, Basic Repair +1, Explosion -2 (M-E9, M-E10, M-E32)
    bda_texts: tuple[str, ...]
    emma: tuple[int, ...]  # counts per type
    agenda_names: tuple[str, ...]
    agenda_sides: tuple[str, ...]
    exile_oxygen: tuple[int, ...]
    killed_oxygen: tuple[int, ...]
    agenda_abilities: tuple[str, ...]
    agenda_goals: tuple[str, ...]
    agenda_cards: tuple[tuple[int, ...], ...]  # counts per type
    ability_names: tuple[str, ...]
    ability_oxygen: tuple[int, ...]
    ability_energy: tuple[int, ...]
    ability_discards: tuple[int, ...]
    ability_texts: tuple[str, ...]
    character_names: tuple[str, ...]
    character_titles: tuple[str, ...]
    character_abilities: tuple[tuple[int, int], ...]
    character_cards: tuple[tuple[int, ...], ...]
    wound_names: tuple[str, ...]
    wound_texts: tuple[str, ...]


def _counts(table: dict[str, Any], where: str) -> tuple[int, ...]:
    counts = [0] * 11
    for key, value in table.items():
        if key not in BDA_KEYS or not isinstance(value, int) or value < 0:
            raise GameConfigError(f"{where}: {key!r} = {value!r} is not a card count; card keys: "
                                  f"{', '.join(BDA_KEYS)}")
        counts[BDA_KEYS.index(key)] = value
    return tuple(counts)


def _rows(data: dict[str, Any], table: str, keys: tuple[str, ...]) -> list[dict[str, Any]]:
    rows = data.get(table)
    if not isinstance(rows, list) or [r.get("key") if isinstance(r, dict) else None for r in rows] != list(keys):
        raise GameConfigError(f"card file: [[{table}]] must list exactly {', '.join(keys)} in that order")
    return rows


def _field(row: dict[str, Any], table: str, name: str, kind: type, default: Any = None) -> Any:
    """One field of a row, checked: errors name the table, the row's key and the field."""
    value = row.get(name, default)
    if value is None:
        raise GameConfigError(f"card file: [[{table}]] {row['key']!r} has no field {name!r}")
    if kind is int and (not isinstance(value, int) or isinstance(value, bool)):
        raise GameConfigError(f"card file: [[{table}]] {row['key']!r} field {name!r} must be a whole number, "
                              f"got {value!r}")
    if kind is str and not isinstance(value, str):
        raise GameConfigError(f"card file: [[{table}]] {row['key']!r} field {name!r} must be text, got {value!r}")
    return value


def _choice(row: dict[str, Any], table: str, name: str, allowed: tuple[str, ...]) -> str:
    value = _field(row, table, name, str)
    if value not in allowed:
        raise GameConfigError(f"card file: [[{table}]] {row['key']!r} field {name!r} must be one of "
                              f"{', '.join(allowed)}, got {value!r}")
    return str(value)


def _abilities(row: dict[str, Any]) -> tuple[int, int]:
    value = row.get("abilities")
    if not isinstance(value, list) or len(value) != 2 or any(a not in ABILITY_KEYS for a in value):
        raise GameConfigError(f"card file: [[character]] {row.get('key')!r} field 'abilities' must name two of "
                              f"{', '.join(ABILITY_KEYS)}, got {value!r}")
    return ABILITY_KEYS.index(value[0]), ABILITY_KEYS.index(value[1])


def _cards(row: dict[str, Any], table: str) -> tuple[int, ...]:
    value = row.get("cards")
    if not isinstance(value, dict):
        raise GameConfigError(f"card file: [[{table}]] {row.get('key')!r} field 'cards' must be a table of counts")
    return _counts(value, f"card file: [[{table}]] {row['key']!r} field 'cards'")


def load_cards(path: str | Path = CARD_FILE) -> CardSet:
    """Reads a card file; a user file must keep every key and order, and may change names, texts and numbers.

    Every problem raises GameConfigError naming the table, the row's key and the field.
    """
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as problem:
        raise GameConfigError(f"card file {str(path)!r} could not be read: {problem}") from None
    bda = _rows(data, "bda", BDA_KEYS)
    agendas = _rows(data, "agenda", AGENDA_KEYS)
    abilities = _rows(data, "ability", ABILITY_KEYS)
    characters = _rows(data, "character", CHARACTER_KEYS)
    wounds = _rows(data, "wound", WOUND_KEYS)
    if not isinstance(data.get("emma"), dict):
        raise GameConfigError("card file: the [emma] table of card counts is missing")
    cards = CardSet(
        bda_names=tuple(_field(r, "bda", "name", str) for r in bda),
        bda_counts=tuple(_field(r, "bda", "count", int) for r in bda),
        categories=tuple(_choice(r, "bda", "category", ("Good", "Neutral", "Bad")) for r in bda),
        oxygen_costs=tuple(_field(r, "bda", "oxygen_cost", int) for r in bda),
        oxygen_effects=tuple(_field(r, "bda", "oxygen_effect", int) for r in bda),
        energy_effects=tuple(_field(r, "bda", "energy_effect", int) for r in bda),
        bda_texts=tuple(_field(r, "bda", "text", str) for r in bda),
        emma=_counts(data["emma"], "card file: [emma]"),
        agenda_names=tuple(_field(r, "agenda", "name", str) for r in agendas),
        agenda_sides=tuple(_choice(r, "agenda", "side", ("menace", "neutral", "crew")) for r in agendas),
        exile_oxygen=tuple(_field(r, "agenda", "exile_oxygen", int) for r in agendas),
        killed_oxygen=tuple(_field(r, "agenda", "killed_oxygen", int) for r in agendas),
        agenda_abilities=tuple(_field(r, "agenda", "ability", str) for r in agendas),
        agenda_goals=tuple(_field(r, "agenda", "individual", str) for r in agendas),
        agenda_cards=tuple(_cards(r, "agenda") for r in agendas),
        ability_names=tuple(_field(r, "ability", "name", str) for r in abilities),
        ability_oxygen=tuple(_field(r, "ability", "oxygen", int, 0) for r in abilities),
        ability_energy=tuple(_field(r, "ability", "energy", int, 0) for r in abilities),
        ability_discards=tuple(_field(r, "ability", "discards", int, 0) for r in abilities),
        ability_texts=tuple(_field(r, "ability", "text", str) for r in abilities),
        character_names=tuple(_field(r, "character", "name", str) for r in characters),
        character_titles=tuple(_field(r, "character", "title", str) for r in characters),
        character_abilities=tuple(_abilities(r) for r in characters),
        character_cards=tuple(_cards(r, "character") for r in characters),
        wound_names=tuple(_field(r, "wound", "name", str) for r in wounds) + ("Blank Wound",),
        wound_texts=tuple(_field(r, "wound", "text", str) for r in wounds) + ("No further effect.",),
    )
    for table, rows, fields in (("bda", bda, ("count", "oxygen_cost")),
                                ("ability", abilities, ("oxygen", "energy", "discards"))):
        for row in rows:
            for name in fields:
                if row.get(name, 0) < 0:
                    raise GameConfigError(f"card file: [[{table}]] {row['key']!r} field {name!r} must not be "
                                          f"negative, got {row[name]!r}")
    if sorted(a for pair in cards.character_abilities for a in pair) != list(range(len(ABILITY_KEYS))):
        raise GameConfigError("card file: [[character]] 'abilities' must use every ability exactly once (M-E33)")
    for kind, counts in [("[emma]", cards.emma),
                         *[(f"[[agenda]] {k!r} field 'cards'", c) for k, c in zip(AGENDA_KEYS, cards.agenda_cards,
                                                                               strict=True)],
                         *[(f"[[character]] {k!r} field 'cards'", c)
                           for k, c in zip(CHARACTER_KEYS, cards.character_cards, strict=True)]]:
        expected = 20 if kind == "[emma]" else 13 if kind.startswith("[[agenda]]") else 7
        if sum(counts) != expected:
            raise GameConfigError(f"card file: {kind} must list {expected} cards, lists {sum(counts)}")
    used = [sum(c[t] for c in (cards.emma, *cards.agenda_cards, *cards.character_cards)) for t in range(11)]
    for t in range(11):
        if used[t] > cards.bda_counts[t]:
            raise GameConfigError(f"card file: [[bda]] {BDA_KEYS[t]!r} field 'count': the card is used {used[t]} "
                                  f"times but only {cards.bda_counts[t]} exist (M-C1)")
    return cards
