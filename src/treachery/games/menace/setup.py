"""Setup overrides for The Menace Among Us: fix any random part of setup (tests, scenarios, puzzles).

Seats are 0-based. Cards are the keys of cards.toml (``basic-repair``), Agendas ``contagion`` ...
``hero``, Characters ``rotti`` ... ``cass``, Wounds ``flesh-wound`` ... ``punctured-lung``.

- ``leader``: seat of the first Mission Leader (default: random, M-S8).
- ``agendas``: one Agenda key per seat (distinct); default: drawn by the player-count table (M-S12..S23).
- ``characters``: one Character key per seat (distinct); skips Character selection (M-S27..S32).
- ``hands``: ``{seat: [cards]}``: that seat's starting hand, exactly.
- ``decks``: ``{seat: [cards]}``: that seat's whole personal deck after the starting hand, top first.
- ``emma``: the whole EmMA deck, top first.
- ``wounds``: the whole Wound deck, top first.
- ``reveal_order``: ``{round: [cards]}``: the shuffled order of that round's pool, which must hold exactly
  those cards.
- ``start``: begin part-way: ``{"round": r, "oxygen": o, "energy": e, "wounds": {seat: [wounds]},
  "dead": [seats], "exiled": [seats], "carry_replicate": bool, "wound_discard": [wounds]}``.
  Dead seats have their Agendas public; Exiled seats too. Nothing of the start is checked against
  the end conditions until the first event. Two more start keys place the game later in its first round:
  ``"phase": "turns"`` (default) or ``"accusation"``: the round's turns and Resolution are over and the
  discussion (M-T38) is pending, with ``"revealed": [cards]`` the round's revealed cards (what the
  discussion may name, M-H33).
- ``reveal_order`` for a round whose pool does not hold exactly those cards raises SetupOverrideError when that
  round's Resolution comes (a position that quietly fell back to a shuffle would test nothing).

Overrides fix positions, not card conservation: a test may hand a seat any card.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ...engine import GameConfigError
from .cards import AGENDA_KEYS, BDA_KEYS, CHARACTER_KEYS, WOUND_KEYS

KEYS: Final = ("leader", "agendas", "characters", "hands", "decks", "emma", "wounds", "reveal_order", "start")
START_KEYS: Final = ("round", "oxygen", "energy", "wounds", "dead", "exiled", "carry_replicate", "wound_discard",
                     "phase", "revealed")
PHASES: Final = ("turns", "accusation")


@dataclass
class Setup:
    leader: int | None = None
    agendas: list[int] | None = None
    characters: list[int] | None = None
    hands: dict[int, list[int]] = field(default_factory=dict)
    decks: dict[int, list[int]] = field(default_factory=dict)
    emma: list[int] | None = None
    wounds: list[int] | None = None
    reveal_order: dict[int, list[int]] = field(default_factory=dict)
    round: int = 1
    oxygen: int | None = None
    energy: int | None = None
    start_wounds: dict[int, list[int]] = field(default_factory=dict)
    dead: list[int] = field(default_factory=list)
    exiled: list[int] = field(default_factory=list)
    carry_replicate: bool = False
    wound_discard: list[int] = field(default_factory=list)
    phase: str = "turns"
    revealed: list[int] = field(default_factory=list)


def _key(value: Any, keys: tuple[str, ...], what: str) -> int:
    if isinstance(value, str) and value.strip().lower() in keys:
        return keys.index(value.strip().lower())
    raise GameConfigError(f"unknown {what} {value!r}; {what}s are {', '.join(keys)}")


def _keys(value: Any, keys: tuple[str, ...], what: str) -> list[int]:
    if not isinstance(value, list):
        raise GameConfigError(f"setup: a list of {what}s is needed, got {value!r}")
    return [_key(v, keys, what) for v in value]


def _int(value: Any, low: int, high: int, what: str) -> int:
    try:
        number = int(value)
    except (TypeError, ValueError):
        number = low - 1
    if isinstance(value, bool) or isinstance(value, float) or not low <= number <= high:
        raise GameConfigError(f"setup: {what} must be {low}..{high}, got {value!r}")
    return number


def _seat_map(value: Any, players: int, keys: tuple[str, ...], what: str) -> dict[int, list[int]]:
    if not isinstance(value, dict):
        raise GameConfigError(f"setup: {{seat: [{what}s]}} is needed, got {value!r}")
    return {_int(s, 0, players - 1, "seat"): _keys(v, keys, what) for s, v in value.items()}


def _seats(value: Any, players: int) -> list[int]:
    if not isinstance(value, list):
        raise GameConfigError(f"setup: a list of seats is needed, got {value!r}")
    return sorted({_int(s, 0, players - 1, "seat") for s in value})


# The plan of a game started without set-up values: one shared by every such game (and, as every plan, by a game's
# clones), read and never changed.
NO_SETUP: Final = Setup()


def parse_setup(setup: dict[str, Any] | None, players: int) -> Setup:
    plan = Setup()
    if not setup:
        return plan
    unknown = sorted(set(setup) - set(KEYS))
    if unknown:
        raise GameConfigError(f"unknown setup key(s) {unknown} for menace; allowed: {', '.join(KEYS)}")
    if "leader" in setup:
        plan.leader = _int(setup["leader"], 0, players - 1, "leader")
    for name, keys, what in (("agendas", AGENDA_KEYS, "agenda"), ("characters", CHARACTER_KEYS, "character")):
        if name in setup:
            chosen = _keys(setup[name], keys, what)
            if len(chosen) != players or len(set(chosen)) != players:
                raise GameConfigError(f"setup {name}: {players} distinct {what}s are needed, one per seat")
            setattr(plan, name, chosen)
    if "hands" in setup:
        plan.hands = _seat_map(setup["hands"], players, BDA_KEYS, "card")
    if "decks" in setup:
        plan.decks = _seat_map(setup["decks"], players, BDA_KEYS, "card")
    if "emma" in setup:
        plan.emma = _keys(setup["emma"], BDA_KEYS, "card")
    if "wounds" in setup:
        plan.wounds = _keys(setup["wounds"], WOUND_KEYS, "wound")
    if "reveal_order" in setup:
        orders = setup["reveal_order"]
        if isinstance(orders, list):
            orders = {1: orders}
        if not isinstance(orders, dict):
            raise GameConfigError("setup reveal_order: a list or {round: [cards]} is needed")
        plan.reveal_order = {_int(r, 1, 25, "round"): _keys(v, BDA_KEYS, "card") for r, v in orders.items()}
    start = setup.get("start")
    if start is not None:
        if not isinstance(start, dict):
            raise GameConfigError("setup start: a mapping is needed")
        bad = sorted(set(start) - set(START_KEYS))
        if bad:
            raise GameConfigError(f"unknown setup start key(s) {bad}; allowed: {', '.join(START_KEYS)}")
        plan.round = _int(start.get("round", 1), 1, 25, "start round")
        if "oxygen" in start:
            plan.oxygen = _int(start["oxygen"], 1, 15, "start oxygen")
        if "energy" in start:
            plan.energy = _int(start["energy"], 0, 10, "start energy")
        plan.start_wounds = _seat_map(start.get("wounds", {}), players, WOUND_KEYS, "wound")
        plan.dead = _seats(start.get("dead", []), players)
        plan.exiled = _seats(start.get("exiled", []), players)
        plan.carry_replicate = bool(start.get("carry_replicate", False))
        plan.wound_discard = _keys(start.get("wound_discard", []), WOUND_KEYS, "wound")
        phase = start.get("phase", "turns")
        if phase not in PHASES:
            raise GameConfigError(f"setup start phase {phase!r}: phases are {', '.join(PHASES)}")
        plan.phase = phase
        if "revealed" in start:
            if phase != "accusation":
                raise GameConfigError('setup start revealed: only with "phase": "accusation"')
            plan.revealed = _keys(start["revealed"], BDA_KEYS, "card")
        if len(plan.dead) >= players - 1:
            raise GameConfigError("setup start: at least two players must be alive")
    return plan
