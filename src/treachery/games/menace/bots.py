"""Heuristic Menace bots, one per side, playing from their seat's view alone (M-H38: claims by category only).

Crew: keep Oxygen above the danger line, repair otherwise, vote out a seat whose Menace Agenda is revealed,
and in the discussion say truthfully what kind of card it placed this round. Menace: sabotage when the pool
hides it (several cards this round), repair as cover otherwise, never vote for itself, and claim a Neutral
card when it placed a Bad one. The Coward plays with whichever side it is aligned to. A bot remembers what it
placed itself (its own decisions), since the view no longer shows face-down cards once they are revealed.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final

from mypy_extensions import mypyc_attr

from ...bots.base import bot_rng, options_by_text
from ...engine import Decision, Option

GOOD: Final = {"Raise Morale", "Advanced Repair", "Command"}
BAD: Final = {"Panic!", "Airlock Breach", "Reactor Leak", "Explosion"}
_KEY: Final = {"Raise Morale": "raise-morale", "Advanced Repair": "advanced-repair", "Command": "command",
               "Basic Repair": "basic-repair", "Replicate": "replicate", "Backstab": "backstab", "Brawl": "brawl",
               "Panic!": "panic", "Airlock Breach": "airlock-breach", "Reactor Leak": "reactor-leak",
               "Explosion": "explosion"}


CATEGORY: Final = {name: "good" for name in GOOD} | {name: "bad" for name in BAD}  # the rest are Neutral
# an option's text -> the card it plays (keys unique)
_PLAYED: Final = {f"play {key}": name for name, key in _KEY.items()}


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (treachery.native); best bots subclass it
class MenaceBot:
    """Suspects the seats whose Menace Agendas are revealed; claims what it placed, or lies about a Bad card."""

    reads_core: ClassVar[bool] = False  # reads its own view only: views are built without the core (bots.base.ask)
    shares_rng: ClassVar[bool] = True  # takes a search's generator for its seed (search.ismcts.fresh_bot)
    # Characters are chosen as the decision's default, whatever the view says: no view is built for them.
    viewless_kinds: ClassVar[frozenset[str]] = frozenset(("character",))
    # Everything it reads of a view (a subclass that reads more sets its own, or None for the whole view).
    view_keys: ClassVar[frozenset[str] | None] = frozenset(("seat", "round", "oxygen", "energy", "players", "revealed",
                                                  "coward_side", "hand", "my_agenda"))
    # What each kind reads: its side (my_agenda, coward_side), and the seats (most of a view's cost) only where it
    # names one: turns read the hand and the gauges, the discussion the revealed cards, the rest the side alone.
    view_keys_by_kind: ClassVar[dict[str, frozenset[str]] | None] = {
        **dict.fromkeys(("turn", "delegated", "rush"),
                        frozenset(("round", "oxygen", "energy", "hand", "my_agenda", "coward_side"))),
        "discussion": frozenset(("round", "oxygen", "revealed", "my_agenda", "coward_side")),
        **dict.fromkeys(("vote", "brawl", "last_act", "exile_act"), frozenset(("seat", "players", "my_agenda",
                                                                                "coward_side"))),
        **dict.fromkeys(("limit", "scavenge", "cost", "veto", "target", "wound", "reboot", "bloodwork", "heal",
                         "inventory", "plot"), frozenset(("my_agenda", "coward_side"))),
    }

    def __init__(self, seed: int | random.Random) -> None:
        self.rng = bot_rng(seed)
        # round -> what this bot placed first on its turns: "good", "neutral", "bad", "unknown" (at random), "none"
        self.placed: dict[int, str] = {}
        self.claimed: set[int] = set()  # rounds in which it has made its claim

    def choose(self, view: dict[str, Any], decision: Decision) -> Option:
        by_text = options_by_text(decision.options)
        side = self._side(view)
        kind = decision.kind
        pick = None
        if kind in ("turn", "delegated", "rush"):
            pick = self._turn(view, by_text, side)
        elif kind == "discussion":
            pick = self._talk(view, by_text, side)
        elif kind == "vote":
            pick = self._vote(view, by_text, side)
        elif kind in ("limit", "scavenge", "cost"):
            pick = self._throw(view, by_text, side)
        elif kind == "brawl":
            pick = self._target(view, by_text, side, hurt=True)
        elif kind in ("last_act", "exile_act"):
            pick = self._target(view, by_text, side, hurt=True)
        elif kind == "veto":
            pick = by_text.get("let it resolve")
        elif kind == "target":
            pick = by_text.get("back")
        chosen = pick if pick is not None else decision.default
        if kind in ("turn", "delegated", "rush"):
            self._remember(view["round"], chosen["text"])
        return chosen

    def _remember(self, round_no: int, text: str) -> None:
        """What this bot placed first this round, for its claim; a turn without a card counts only until one."""
        so_far = self.placed.get(round_no)
        card = _PLAYED.get(text)
        if card is not None and so_far in (None, "none"):
            self.placed[round_no] = CATEGORY.get(card, "neutral")
        elif text.startswith("play ") and so_far in (None, "none"):  # a random card (Concussion): unknown
            self.placed[round_no] = "unknown"
        elif so_far is None:
            self.placed[round_no] = "none"

    @staticmethod
    def _side(view: dict[str, Any]) -> str:
        mine = view.get("my_agenda")
        if mine in ("The Contagion", "The Butcher"):
            return "menace"
        if mine == "The Coward":
            return view.get("coward_side", "crew")
        return "crew"

    def _turn(self, view: dict[str, Any], by_text: dict[str, Option], side: str) -> Option | None:
        oxygen, energy = view["oxygen"], view["energy"]
        hand = view["hand"]
        def play(name: str) -> Option | None:
            return by_text.get(f"play {_KEY[name]}")
        if "play a random card" in by_text:
            return by_text["play a random card"]
        if side == "menace":
            for name in ("Airlock Breach", "Explosion", "Panic!", "Reactor Leak"):
                if name in hand and play(name) and (oxygen <= 3 or self.rng.random() < 0.6):
                    return play(name)
            for name in ("Basic Repair", "Backstab", "Brawl", "Replicate", "Command"):
                if name in hand and play(name) and oxygen <= 3:
                    return play(name)
        else:
            if oxygen <= 3 and "Raise Morale" in hand and play("Raise Morale"):
                return play("Raise Morale")
            if oxygen > 2:
                for name in ("Advanced Repair", "Basic Repair", "Replicate"):
                    if name in hand and play(name) and energy < 10:
                        return play(name)
            if "Raise Morale" in hand and play("Raise Morale"):
                return play("Raise Morale")
        if "draw" in by_text and len(hand) < 3:
            return by_text["draw"]
        for name in ("Raise Morale", "Command", "Advanced Repair", "Basic Repair"):
            if name in hand and play(name):
                return play(name)
        return by_text.get("draw")

    def _suspicion(self, view: dict[str, Any]) -> dict[int, float]:
        score: dict[int, float] = {}
        for p in view["players"]:
            if p["alive"] and not p["exiled"] and p["seat"] != view.get("seat"):
                score[p["seat"]] = self.rng.random() * 0.1
                if p.get("agenda") in ("The Contagion", "The Butcher"):
                    score[p["seat"]] += 10
        return score

    def _talk(self, view: dict[str, Any], by_text: dict[str, Option], side: str) -> Option | None:
        bad = sum(1 for c in view["revealed"] if c["category"] == "Bad" and not c["cancelled"])
        if side == "crew" and bad >= 2 and view["oxygen"] <= 4 and "call vote" in by_text and self.rng.random() < 0.3:
            return by_text["call vote"]
        round_no = view["round"]
        if round_no not in self.claimed and self.rng.random() < 0.6:
            self.claimed.add(round_no)
            placed = self.placed.get(round_no)
            if placed is None or placed == "unknown":  # a stand-in that did not take this round's turn knows nothing
                return by_text.get("no vote")
            if placed == "none":
                return by_text.get("claim drew") or by_text.get("no vote")
            if placed == "bad" and side == "menace":
                placed = "neutral"  # the lie that fits most pools
            return by_text.get(f"claim {placed}") or by_text.get("no vote")
        return by_text.get("no vote")

    def _vote(self, view: dict[str, Any], by_text: dict[str, Option], side: str) -> Option | None:
        score = self._suspicion(view)
        if side == "crew":
            best = max(score, key=score.__getitem__, default=None)
            if best is not None and score[best] >= 10:
                return by_text.get(f"vote seat {best}")
            return by_text.get("abstain")
        crew = [s for s in score if score[s] < 10]
        if crew and self.rng.random() < 0.5:
            return by_text.get(f"vote seat {self.rng.choice(crew)}")
        return by_text.get("abstain")

    def _throw(self, view: dict[str, Any], by_text: dict[str, Option], side: str) -> Option | None:
        order = (["Raise Morale", "Command", "Advanced Repair"] if side == "menace" else
                 ["Airlock Breach", "Explosion", "Panic!", "Reactor Leak", "Backstab", "Brawl"])
        for name in order:
            option = by_text.get(f"discard {_KEY[name]}")
            if option is not None:
                return option
        return None

    def _target(self, view: dict[str, Any], by_text: dict[str, Option], side: str, hurt: bool) -> Option | None:
        score = self._suspicion(view)
        if side == "crew":
            seats = sorted(score, key=lambda s: -score[s])
        else:
            seats = sorted(score, key=lambda s: score[s])
        for seat in seats:
            option = by_text.get(f"target seat {seat}")
            if option is not None:
                return option
        return None


HEURISTIC_BOT: Final = MenaceBot  # what `--bots heuristic` seats for this game
