"""Who a seat believes holds the Menace Agendas (and the Coward), from its view and log alone.

Hypotheses: every way to give the in-play Agendas of another side (The Contagion, The Butcher, The Coward) that
the seat has not seen to the seats whose Agenda it has not seen (M-H1..H3), each equally likely before play.
Each is weighed by how likely the public actions were under it, with the heuristic bot as opponent model,
softened (measured over heuristic games: a Crew seat places a Bad card about 1 time in 500, a Menace seat
about 2 times in 3; claims are truthful except a Menace's about a Bad card, which it calls Neutral):

- **Each resolution** (M-T25..T33): the revealed cards' categories must be what the seats that placed this
  round (public) and EmMA's cards (public count) gave; the chance of that split is summed over every way to
  split it, each placing seat by its side, with its claim in the discussion (M-H33) fitting or not the
  category it gave. The seat's own card and what Surveillance showed it (M-E63) are known.
- **Each vote** (M-V22: public): a Crew seat votes for a seat of the other side far more often than for one
  of its own, a Menace seat the other way round.

The Coward plays for the side it is aligned with (M-H5, public), so its likelihoods are that side's.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from typing import Any

from ...bots.beliefs import Belief
from .bots import CATEGORY
from .sampler import _MINE, _PLACE, _RESOLUTION, _REVEALED, _SURVEIL, _seat

MENACE_AGENDAS = ("The Contagion", "The Butcher")
COWARD = "The Coward"

# Category of the card a seat places first in a round, by how it plays (good, neutral, bad).
PLACES = {"crew": (0.49, 0.49, 0.02), "menace": (0.15, 0.22, 0.63)}
EMMA = (0.40, 0.35, 0.25)  # EmMA's cards, as measured in heuristic games
LIE = 0.03  # a Crew seat's claim that does not match its card (a mistake, a stand-in, a bot unlike ours)
BAD_AS = {"neutral": 0.85, "good": 0.10, "none": 0.05}  # what a Menace claims after placing a Bad card
# P(vote for a seat of the other side), P(vote for one of its own side); the rest abstain
VOTES = {"crew": (0.30, 0.04), "menace": (0.30, 0.06)}
_CATS = ("good", "neutral", "bad")
_SAYS = re.compile(r'^P(\d+) says: "(.*)"$')  # the log names seats P1… (seat 0 is P1)
_VOTED = re.compile(r"P(\d+) → P(\d+)")


def belief(view: dict[str, Any], log: list[dict[str, Any]]) -> Belief:
    me = int(view["seat"])
    players = view["players"]
    known: dict[int, str] = {p["seat"]: p["agenda"] for p in players if p.get("agenda")}
    known[me] = view["my_agenda"]
    known.update({int(s): a for s, a in view.get("seen_agendas", {}).items()})
    coward_side = view.get("coward_side", "crew")
    unseen = [a for a in view["agendas_in_play"] if (a in MENACE_AGENDAS or a == COWARD) and a not in known.values()]
    open_seats = [s for s in range(len(players)) if s not in known]
    events = _events(log, me)
    deals: dict[tuple[str, ...], int] = {}  # each side vector, with how many Agenda deals give it
    for seats in itertools.permutations(open_seats, len(unseen)):
        agenda = dict(known) | dict(zip(seats, unseen, strict=True))
        roles = tuple(_role(agenda.get(s)) for s in range(len(players)))
        deals[roles] = deals.get(roles, 0) + 1
    cache: dict[tuple[Any, ...], float] = {}
    merged: dict[tuple[str, ...], float] = {}
    for roles, count in deals.items():
        plays = tuple(coward_side if r == "coward" else r for r in roles)
        merged[roles] = count * _likelihood(plays, events, cache)
    total = sum(merged.values())
    if total <= 0:  # the model rules out every deal (play far from it): fall back to the uniform prior
        merged = dict.fromkeys(merged, 1.0)
        total = float(len(merged))
    return Belief(me, tuple((roles, w / total) for roles, w in sorted(merged.items())))


def _role(agenda: str | None) -> str:
    if agenda in MENACE_AGENDAS:
        return "menace"
    return "coward" if agenda == COWARD else "crew"


class _Round:
    __slots__ = ("placers", "emma", "revealed", "claims", "known", "votes", "played", "involved")

    def __init__(self) -> None:
        self.placers: list[int] = []
        self.emma = 0
        self.played = -1
        self.revealed: Counter[str] = Counter()
        self.claims: dict[int, str] = {}
        self.known: dict[int, str] = {}  # seat -> category of its card this round, seen (own card, Surveillance)
        self.votes: list[tuple[int, int]] = []
        self.involved: tuple[int, ...] = ()  # the seats whose sides the resolution's chance depends on


def _events(log: list[dict[str, Any]], me: int) -> list[_Round]:
    rounds: dict[int, _Round] = {}
    for entry in log:
        text = entry["text"]
        r = rounds.setdefault(int(entry["round"]), _Round())
        if m := _PLACE.match(text):
            r.placers.append(_seat(m.group(1)))
        elif m := _MINE.match(text):
            r.known.setdefault(me, CATEGORY.get(m.group(1), "neutral"))
        elif m := _RESOLUTION.match(text):
            r.played, r.emma = int(m.group(1)), int(m.group(2)) + int(m.group(3) or 0)
        elif m := _REVEALED.match(text):
            r.revealed[CATEGORY.get(m.group(1), "neutral")] += 1
        elif m := _SURVEIL.match(text):
            r.known[_seat(m.group(1))] = CATEGORY.get(m.group(2), "neutral")
        elif m := _SAYS.match(text):
            r.claims.setdefault(_seat(m.group(1)), _claim(m.group(2)))
        elif text.startswith("Votes: "):
            r.votes.extend((_seat(a), _seat(b)) for a, b in _VOTED.findall(text))
    for r in rounds.values():
        r.involved = tuple(sorted(set(r.placers) | set(r.claims)))
    return list(rounds.values())


def _claim(said: str) -> str:
    if "did not play" in said:
        return "none"
    for cat in _CATS:
        if cat in said.lower():
            return cat
    return "?"


def _likelihood(plays: tuple[str, ...], rounds: list[_Round], cache: dict[tuple[Any, ...], float]) -> float:
    """The chance of every round's public actions if the seats play the sides ``plays``; a round's resolution
    depends only on the sides of the seats that placed or claimed in it, hence the ``cache``."""
    w = 1.0
    for index, r in enumerate(rounds):
        key = (index, *(plays[s] for s in r.involved))
        found = cache.get(key)
        if found is None:
            found = cache[key] = _resolution(plays, r)
        w *= found
        for voter, target in r.votes:
            other, own = VOTES[plays[voter]]
            w *= own if plays[target] == plays[voter] else other
    return w


def _resolution(plays: tuple[str, ...], r: _Round) -> float:
    """The chance that this round's placers and EmMA gave the revealed categories, with the claims made."""
    if r.played < 0 or r.played != len(r.placers) or sum(r.revealed.values()) != r.played + r.emma:
        return 1.0  # a round this model does not follow (cards hidden or cancelled before the reveal): no evidence
    need = [r.revealed[c] for c in _CATS]
    items: list[tuple[float, float, float]] = []
    first: set[int] = set()
    for seat in r.placers:
        claim, seen = (r.claims.get(seat), r.known.get(seat)) if seat not in first else (None, None)
        first.add(seat)
        items.append((_card(plays[seat], "good", claim, seen), _card(plays[seat], "neutral", claim, seen),
                      _card(plays[seat], "bad", claim, seen)))
    lies = 1.0
    for seat, claim in r.claims.items():  # a seat that placed nothing and says it did lies in public
        if seat not in first and claim in _CATS:
            lies *= LIE if plays[seat] == "crew" else 0.3
    return lies * _split(need, items, r.emma)


def _card(side: str, cat: str, claim: str | None, seen: str | None) -> float:
    if seen is not None and seen != cat:
        return 0.0
    p = PLACES[side][_CATS.index(cat)]
    if claim is None or claim == "?":
        return p
    if side == "menace" and cat == "bad":
        return p * BAD_AS.get(claim, 0.0)
    return p * ((1 - LIE) if claim == cat else LIE / 3)


def _split(need: list[int], items: list[tuple[float, float, float]], emma: int) -> float:
    """Sum over every way to give each placer (and each EmMA card) one category so that the counts come out as
    ``need``: the product of their chances."""
    states: dict[tuple[int, int, int], float] = {(0, 0, 0): 1.0}
    for chances in items + [EMMA] * emma:
        nxt: dict[tuple[int, int, int], float] = {}
        for (g, n, b), w in states.items():
            for i, p in enumerate(chances):
                if p <= 0:
                    continue
                key = (g + (i == 0), n + (i == 1), b + (i == 2))
                if key[0] > need[0] or key[1] > need[1] or key[2] > need[2]:
                    continue
                nxt[key] = nxt.get(key, 0.0) + w * p
        states = nxt
    return states.get((need[0], need[1], need[2]), 0.0)
