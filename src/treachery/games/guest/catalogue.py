"""The finite, stable catalogue of option ids for The Guest (seats are written P1..P12, as players say them).

Playing a card is one option carrying all its targets (G-X5, G-H24): ``play blaster P3``, ``play transplant
P2 P4``, ``play adrenaline P3 forward``, ``play bribe P4 to P5``, ``play restriction 2`` (the 2nd card from
the bottom of the stack). The other options: ``pass``, ``end play``, ``restart``, ``vote P3``, ``vote none``
(the empty ballot a timeout leaves), ``eject P3``, ``office P3``, ``elect P3``, ``elect none``,
``discard <card>``.
"""

from __future__ import annotations

from typing import Final

from ...engine import Option
from .cards import (
    ADRENALINE,
    AMPUTATE,
    BLASTER,
    BRIBE,
    EFFECTS,
    IMMUNITY,
    KINDS,
    LIFE,
    MISPLACE,
    RESTRICTION,
    SUSPICION,
    TRANSPLANT,
    CardSet,
)

MAX_SEATS: Final = 12
MAX_STACK: Final = 64
PAIRS: Final = tuple((a, b) for a in range(MAX_SEATS) for b in range(a + 1, MAX_SEATS))
BRIBES: Final = tuple((v, t) for v in range(MAX_SEATS) for t in range(MAX_SEATS) if v != t)

PASS: Final = 0
END_PLAY: Final = 1
RESTART: Final = 2
NO_BALLOT: Final = 3
NO_NAME: Final = 4
PLAY_BLASTER: Final = 5
PLAY_MISPLACE: Final = PLAY_BLASTER + MAX_SEATS
PLAY_LIFE: Final = PLAY_MISPLACE + 1
PLAY_TRANSPLANT: Final = PLAY_LIFE + 1
PLAY_AMPUTATE: Final = PLAY_TRANSPLANT + len(PAIRS)
PLAY_ADRENALINE: Final = PLAY_AMPUTATE + MAX_SEATS  # + seat * 2 + (0 forward, 1 back)
PLAY_BRIBE: Final = PLAY_ADRENALINE + 2 * MAX_SEATS
PLAY_SUSPICION: Final = PLAY_BRIBE + len(BRIBES)
PLAY_IMMUNITY: Final = PLAY_SUSPICION + MAX_SEATS
PLAY_RESTRICTION: Final = PLAY_IMMUNITY + 1  # + stack index (0 = bottom)
DISCARD: Final = PLAY_RESTRICTION + MAX_STACK  # + card kind
BALLOT: Final = DISCARD + KINDS
EJECT: Final = BALLOT + MAX_SEATS
OFFICE: Final = EJECT + MAX_SEATS
ELECT: Final = OFFICE + MAX_SEATS
SIZE: Final = ELECT + MAX_SEATS

FORWARD: Final = 0
BACK: Final = 1
ADRENALINE_KIND: Final = ADRENALINE
TRANSPLANT_KIND: Final = TRANSPLANT
_P: Final = tuple(f"P{s + 1}" for s in range(MAX_SEATS))

# option id -> (card kind, first target, second target) for every play option; -1 = no target
PLAYS: Final[dict[int, tuple[int, int, int]]] = {}
for _s in range(MAX_SEATS):
    PLAYS[PLAY_BLASTER + _s] = (BLASTER, _s, -1)
    PLAYS[PLAY_AMPUTATE + _s] = (AMPUTATE, _s, -1)
    PLAYS[PLAY_ADRENALINE + 2 * _s] = (ADRENALINE, _s, FORWARD)
    PLAYS[PLAY_ADRENALINE + 2 * _s + 1] = (ADRENALINE, _s, BACK)
    PLAYS[PLAY_SUSPICION + _s] = (SUSPICION, _s, -1)
PLAYS[PLAY_MISPLACE] = (MISPLACE, -1, -1)
PLAYS[PLAY_LIFE] = (LIFE, -1, -1)
PLAYS[PLAY_IMMUNITY] = (IMMUNITY, -1, -1)
for _i, (_a, _b) in enumerate(PAIRS):
    PLAYS[PLAY_TRANSPLANT + _i] = (TRANSPLANT, _a, _b)
for _i, (_v, _t) in enumerate(BRIBES):
    PLAYS[PLAY_BRIBE + _i] = (BRIBE, _v, _t)
for _i in range(MAX_STACK):
    PLAYS[PLAY_RESTRICTION + _i] = (RESTRICTION, _i, -1)

PAIR_INDEX: Final = {pair: i for i, pair in enumerate(PAIRS)}
BRIBE_INDEX: Final = {pair: i for i, pair in enumerate(BRIBES)}


def build_catalogue(cards: CardSet) -> tuple[Option, ...]:
    name = cards.names
    options = [
        Option(PASS, "pass", "Pass"),
        Option(END_PLAY, "end play", "End my Play step"),
        Option(RESTART, "restart", "Restart the vote"),
        Option(NO_BALLOT, "vote none", "Cast no ballot (what a timeout leaves)"),
        Option(NO_NAME, "elect none", "Name nobody (what a timeout leaves)"),
    ]
    options += [Option(PLAY_BLASTER + s, f"play blaster {_P[s]}", f"{name[BLASTER]} on {_P[s]}")
                for s in range(MAX_SEATS)]
    options.append(Option(PLAY_MISPLACE, "play misplace", name[MISPLACE]))
    options.append(Option(PLAY_LIFE, "play life support", name[LIFE]))
    options += [Option(PLAY_TRANSPLANT + i, f"play transplant {_P[a]} {_P[b]}",
                       f"{name[TRANSPLANT]} on {_P[a]} and {_P[b]}") for i, (a, b) in enumerate(PAIRS)]
    options += [Option(PLAY_AMPUTATE + s, f"play amputate {_P[s]}", f"{name[AMPUTATE]} on {_P[s]}")
                for s in range(MAX_SEATS)]
    for s in range(MAX_SEATS):
        options.append(Option(PLAY_ADRENALINE + 2 * s, f"play adrenaline {_P[s]} forward",
                              f"{name[ADRENALINE]} on {_P[s]}, forward"))
        options.append(Option(PLAY_ADRENALINE + 2 * s + 1, f"play adrenaline {_P[s]} back",
                              f"{name[ADRENALINE]} on {_P[s]}, back"))
    options += [Option(PLAY_BRIBE + i, f"play bribe {_P[v]} to {_P[t]}",
                       f"{name[BRIBE]}: {_P[v]}'s ballot counts for {_P[t]}") for i, (v, t) in enumerate(BRIBES)]
    options += [Option(PLAY_SUSPICION + s, f"play suspicion {_P[s]}", f"{name[SUSPICION]} on {_P[s]}")
                for s in range(MAX_SEATS)]
    options.append(Option(PLAY_IMMUNITY, "play immunity", name[IMMUNITY]))
    options += [Option(PLAY_RESTRICTION + i, f"play restriction {i + 1}",
                       f"{name[RESTRICTION]} on stack card {i + 1} (from the bottom)") for i in range(MAX_STACK)]
    options += [Option(DISCARD + k, f"discard {EFFECTS[k].replace('_', ' ')}", f"Discard {name[k]}")
                for k in range(KINDS)]
    options += [Option(BALLOT + s, f"vote {_P[s]}", f"Vote to eject {_P[s]}") for s in range(MAX_SEATS)]
    options += [Option(EJECT + s, f"eject {_P[s]}", f"Eject {_P[s]}") for s in range(MAX_SEATS)]
    options += [Option(OFFICE + s, f"office {_P[s]}", f"Hand the Commander office to {_P[s]}")
                for s in range(MAX_SEATS)]
    options += [Option(ELECT + s, f"elect {_P[s]}", f"Name {_P[s]} as Commander") for s in range(MAX_SEATS)]
    assert len(options) == SIZE and all(o["id"] == i for i, o in enumerate(options))
    return tuple(options)
