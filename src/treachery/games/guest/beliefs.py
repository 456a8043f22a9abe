"""Who a seat believes is a Guest, from its view and log alone.

Hypotheses are the character vectors now (one Human or Guest per seat). They are followed through the seat's
log the way the sampler follows them (``sampler.py``): every deal with the public number of Guests (G-S3, G-H4),
then each event in order, a full activation makes a Guest (G-H9), a Blaster hit shows what its target was
(G-H7), a Transplant mixes two cards at even odds (G-E34) after the seat's own look (G-H5, G-H6), an
elimination shows the character (G-H3); and at the end what is public now and the seat's own card. On top of
that, each public action is weighed by how likely the heuristic bot (softened) plays it with the actor's
character at that moment, as measured over heuristic games: Humans cure (Amputate about four times as often
per player as Guests) and transplant (some ten times as often), Guests block with Restriction a little more, and
a ballot goes to the other side a little more often than to one's own.

Simplifications: the seat's own starting card is not in its log, so every start is allowed (its card now is);
a mad player is weighed as its character, though it plays the other side for a while (G-W9).
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import Any

from ...bots.beliefs import Belief
from .cards import AMPUTATE, RESTRICTION, TRANSPLANT
from .rules import GUEST, HUMAN, SIDES
from .sampler import _patterns

Vector = tuple[int, ...]

# How much likelier a Guest plays each card than a Human (per action, from heuristic games), softened.
GUEST_PLAYS = {AMPUTATE: 0.3, TRANSPLANT: 0.15, RESTRICTION: 1.4}
SAME_SIDE_BALLOT = 0.85  # a ballot for one's own side, against 1 for a ballot across (ballots lean to the other side)
_PLAYS = re.compile(r"^P(\d+) plays (.+?)(?: on |\.|:)")
_BALLOT = re.compile(r"^P(\d+) votes for P(\d+)\.$")
_CHAR = {"Human": HUMAN, "Guest": GUEST}


def belief(view: dict[str, Any], log: list[dict[str, Any]]) -> Belief:
    me = int(view["seat"])
    players = view["players"]
    n = len(players)
    names = tuple(card["name"] for card in view["cards"])
    layer: dict[Vector, float] = {}
    for chosen in combinations(range(n), int(view["start"]["guests"])):
        layer[tuple(GUEST if s in chosen else HUMAN for s in range(n))] = 1.0
    for step in _steps(log, me, names):
        layer = _advance(layer, step)
    for p in players:  # the public state now (G-H3, G-H7, G-H9) and the seat's own card
        seat = p["seat"]
        known = view["character"] if seat == me else p["revealed"] or p["announced"]
        if known in _CHAR:
            layer = _advance(layer, ("see", seat, _CHAR[known]))
    total = sum(layer.values())
    if total <= 0:  # nothing fits (a log this model misreads): every vector with the seat's own card, alike
        mine = _CHAR[view["character"]]
        layer = {v: 1.0 for v in _all_vectors(n) if v[me] == mine}
        total = float(len(layer))
    return Belief(me, tuple((tuple(SIDES[c] for c in v), w / total) for v, w in sorted(layer.items())))


def _all_vectors(n: int) -> list[Vector]:
    return [tuple((bits >> s) & 1 for s in range(n)) for bits in range(1 << n)]


def _steps(log: list[dict[str, Any]], me: int, names: tuple[str, ...]) -> list[tuple[Any, ...]]:
    activated, hit_out, hit_human, shows, looked, handed, mixed = _patterns(names)
    by_name = {name: card for card, name in enumerate(names)}
    steps: list[tuple[Any, ...]] = []
    own_after_mix: int | None = None
    for entry in log:
        text = entry["text"]
        if found := _BALLOT.match(text):
            steps.append(("ballot", int(found[1]) - 1, int(found[2]) - 1))
        elif found := _PLAYS.match(text):
            card = by_name.get(found[2])
            if card in GUEST_PLAYS:
                steps.append(("play", int(found[1]) - 1, card))
        elif found := activated.match(text):
            steps.append(("set", int(found[1]) - 1, GUEST))
        elif found := hit_out.match(text):
            steps.append(("see", int(found[1]) - 1, HUMAN))
        elif found := hit_human.match(text):
            steps += [("see", int(found[1]) - 1, GUEST), ("set", int(found[1]) - 1, HUMAN)]
        elif found := shows.match(text):
            steps.append(("see", int(found[1]) - 1, _CHAR[found[2]]))
        elif found := looked.match(text):
            steps += [("see", int(found[1]) - 1, _CHAR[found[2]]), ("see", int(found[3]) - 1, _CHAR[found[4]])]
        elif found := handed.match(text):  # the public mix line follows: the seat's card is known after it
            own_after_mix = _CHAR[found[1]]
        elif found := mixed.match(text):
            steps.append(("mix", int(found[1]) - 1, int(found[2]) - 1))
            if own_after_mix is not None:
                steps.append(("see", me, own_after_mix))
                own_after_mix = None
    return steps


def _advance(layer: dict[Vector, float], step: tuple[Any, ...]) -> dict[Vector, float]:
    kind, a, b = step
    nxt: dict[Vector, float] = {}
    for v, w in layer.items():
        if kind == "see":
            if v[a] == b:
                nxt[v] = nxt.get(v, 0.0) + w
        elif kind == "set":
            after = v[:a] + (b,) + v[a + 1:]
            nxt[after] = nxt.get(after, 0.0) + w
        elif kind == "mix":
            swapped = list(v)
            swapped[a], swapped[b] = swapped[b], swapped[a]
            nxt[v] = nxt.get(v, 0.0) + w * 0.5
            after = tuple(swapped)
            nxt[after] = nxt.get(after, 0.0) + w * 0.5
        elif kind == "play":
            nxt[v] = w * (GUEST_PLAYS[b] if v[a] == GUEST else 1.0)
        else:  # ballot
            nxt[v] = w * (SAME_SIDE_BALLOT if v[a] == v[b] else 1.0)
    return nxt
