"""Every option a Menace decision can offer, with a stable id and a text form that parses back."""

from __future__ import annotations

from itertools import permutations
from typing import Final

from ...engine import Option
from .cards import ABILITY_KEYS, BDA_KEYS, CHARACTER_KEYS, WOUND_KEYS, CardSet

SEATS: Final = 8
PERMS: Final = [p for n in (1, 2, 3) for p in permutations(range(n))]

_texts: list[tuple[str, str]] = []


def _add(text: str, label: str) -> int:
    _texts.append((text, label))
    return len(_texts) - 1


DRAW: Final = _add("draw", "Draw the top card of your deck")
PASS: Final = _add("pass", "Take no action")
PLAY: Final = len(_texts)
for _k in BDA_KEYS:
    _add(f"play {_k}", "")
PLAY_RANDOM: Final = _add("play a random card", "Place a random card from your hand face down (Concussion)")
USE: Final = len(_texts)
for _k in ABILITY_KEYS:
    _add(f"use {_k}", "")
TARGET: Final = len(_texts)
for _s in range(SEATS):
    _add(f"target seat {_s}", f"Choose P{_s + 1}")
NO_TARGET: Final = _add("no target", "Do not use it")
BACK: Final = _add("back", "Go back")
DONE: Final = _add("done", "Done choosing")
DISCARD: Final = len(_texts)
for _k in BDA_KEYS:
    _add(f"discard {_k}", "")
REVEAL: Final = len(_texts)
for _k in BDA_KEYS:
    _add(f"reveal {_k}", "")
GIVE: Final = len(_texts)
for _k in BDA_KEYS:
    _add(f"give {_k}", "")
REMOVE: Final = len(_texts)
for _k in (*WOUND_KEYS, "blank-wound"):
    _add(f"remove {_k}", "")
VETO_CANCEL: Final = _add("cancel the card", "Veto: cancel this card")
VETO_ALLOW: Final = _add("let it resolve", "Veto: let this card resolve")
CALL_VOTE: Final = _add("call vote", "Take the Voting Pistol: there will be a vote")
NO_VOTE: Final = _add("no vote", "Ready, no vote from me")
CLAIM_GOOD: Final = _add("claim good", "Say: I played a Good card")
CLAIM_NEUTRAL: Final = _add("claim neutral", "Say: I played a Neutral card")
CLAIM_BAD: Final = _add("claim bad", "Say: I played a Bad card")
CLAIM_DREW: Final = _add("claim drew", "Say: I did not play a card")
ACCUSE: Final = len(_texts)  # ACCUSE + seat * 11 + card type
for _s in range(SEATS):
    for _k in BDA_KEYS:
        _add(f"claim seat {_s} played {_k}", "")
SUSPECT: Final = len(_texts)
for _s in range(SEATS):
    _add(f"suspect seat {_s}", f"Say: I suspect P{_s + 1}")
VOTE: Final = len(_texts)
for _s in range(SEATS):
    _add(f"vote seat {_s}", f"Vote to Exile P{_s + 1}")
ABSTAIN: Final = _add("abstain", "Abstain")
FERVOR: Final = len(_texts)
for _s in range(SEATS):
    _add(f"vote seat {_s} with fervor", f"Reveal The Zealot and vote twice for P{_s + 1}")
ABSTAIN_FERVOR: Final = _add("abstain with fervor", "Reveal The Zealot and abstain")
ORDER: Final = len(_texts)
for _p in PERMS:
    _add("order " + " ".join(str(i + 1) for i in _p), "Put the seen EmMA cards back in this order (top first)")
CHARACTER: Final = len(_texts)
for _k in CHARACTER_KEYS:
    _add(f"character {_k}", "")
SIZE: Final = len(_texts)


def build_catalogue(cards: CardSet) -> tuple[Option, ...]:
    """Options with labels from the card content."""
    labels: list[str] = []
    for i, (_text, label) in enumerate(_texts):
        if PLAY <= i < PLAY + 11:
            label = f"Place {cards.bda_names[i - PLAY]} face down"
        elif USE <= i < USE + 32:
            label = f"Use {cards.ability_names[i - USE]}"
        elif DISCARD <= i < DISCARD + 11:
            label = f"Throw away {cards.bda_names[i - DISCARD]}"
        elif REVEAL <= i < REVEAL + 11:
            label = f"Show {cards.bda_names[i - REVEAL]}"
        elif GIVE <= i < GIVE + 11:
            label = f"Hand over {cards.bda_names[i - GIVE]}"
        elif REMOVE <= i < REMOVE + 17:
            label = f"Remove {cards.wound_names[i - REMOVE]}"
        elif ACCUSE <= i < ACCUSE + 88:
            seat, card = divmod(i - ACCUSE, 11)
            label = f"Say: P{seat + 1} played {cards.bda_names[card]}"
        elif CHARACTER <= i < CHARACTER + 16:
            c = i - CHARACTER
            a, b = cards.character_abilities[c]
            label = (f"{cards.character_names[c]}, {cards.character_titles[c]} "
                     f"({cards.ability_names[a]} / {cards.ability_names[b]})")
        labels.append(label)
    return tuple(Option(i, text, labels[i]) for i, (text, _) in enumerate(_texts))
