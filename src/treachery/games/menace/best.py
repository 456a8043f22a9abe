"""The Menace bot that reads the table: the heuristic bot's card play, with its social moves taken from its
belief over who holds the Menace Agendas (``beliefs.py``), rebuilt from its view and log at each such move.

- Crew (and a Coward aligned with it): vote to Exile the seat whose Exile is expected to raise Oxygen most
  (M-V28: a Menace +2, a Crew -3, the Coward -2; by the belief), once that gain is clearly positive, call a vote
  when it is large (M-V16), and aim Brawls and last acts at the likeliest Menace.
- Menace (and a Coward aligned with it): after placing a Bad card, claim a category the revealed pool can still
  account for, so the lie fits the table's count (M-H33); vote against the seat whose Exile costs the ship most
  Oxygen (the surest Crew), never for a seat that may be its partner; play every Bad card it holds and no
  Good card.
"""

from __future__ import annotations

import random
from typing import Any

from ...bots.beliefs import Belief, belief_hold
from ...engine import Decision, Option
from ...search.flat import BeliefFlatBot
from .beliefs import belief
from .bots import MenaceBot

VOTE_GAIN = 0.3  # a Crew bot votes to Exile the seat whose Exile is expected to bring this much Oxygen or more...
CALL_GAIN = 1.0  # ...and calls a vote itself when one would bring this much
SABOTAGE = ("airlock-breach", "explosion", "panic", "reactor-leak")
COVER = ("backstab", "brawl")
_SOCIAL = frozenset(("discussion", "vote", "brawl", "last_act", "exile_act"))


class MenaceBeliefBot(MenaceBot):
    reads_log = True
    view_keys = None  # its beliefs read the whole view
    view_keys_by_kind = None

    def __init__(self, seed: int | random.Random) -> None:
        super().__init__(seed)
        self.belief: Belief | None = None

    def hold(self, decision: Decision, players: int) -> float:
        """Its answers show no sooner than this (bots.base.answer_hold): reading the table takes longer for some
        seats and hands than for others."""
        return belief_hold(players)

    def choose(self, view: dict[str, Any], decision: Decision, log: list[dict[str, Any]] | None = None) -> Option:
        self.belief = belief(view, log or []) if decision.kind in _SOCIAL else None
        return super().choose(view, decision)

    def _menace_odds(self, view: dict[str, Any]) -> dict[int, float]:
        """Each other seat still on board: how likely it plays for the Menace side."""
        assert self.belief is not None
        coward_menace = view.get("coward_side") == "menace"
        odds = {}
        for p in view["players"]:
            if p["alive"] and not p["exiled"] and p["seat"] != view["seat"]:
                s = p["seat"]
                odds[s] = self.belief.chance(s, "menace") + (self.belief.chance(s, "coward") if coward_menace else 0)
        return odds

    def _suspicion(self, view: dict[str, Any]) -> dict[int, float]:
        if self.belief is None:
            return super()._suspicion(view)
        return {s: 10 * p + self.rng.random() * 0.01 for s, p in self._menace_odds(view).items()}

    def _exile_gain(self, view: dict[str, Any]) -> dict[int, float]:
        """Per seat still on board, the Oxygen an Exile of it is expected to bring (M-V28: Menace +2, Crew -3,
        the Coward -2), by the belief."""
        assert self.belief is not None
        gain = {}
        for p in view["players"]:
            if p["alive"] and not p["exiled"] and p["seat"] != view["seat"]:
                odds = self.belief.side_odds(p["seat"])
                gain[p["seat"]] = 2 * odds.get("menace", 0) - 3 * odds.get("crew", 0) - 2 * odds.get("coward", 0)
        return gain

    def _vote(self, view: dict[str, Any], by_text: dict[str, Option], side: str) -> Option | None:
        if self.belief is None:
            return super()._vote(view, by_text, side)
        gain = self._exile_gain(view)
        if not gain:
            return by_text.get("abstain")
        if side == "crew":
            target = max(sorted(gain), key=gain.__getitem__)
            return by_text.get(f"vote seat {target}") if gain[target] >= VOTE_GAIN else by_text.get("abstain")
        target = min(sorted(gain), key=gain.__getitem__)
        if gain[target] < -1 and self.rng.random() < 0.6:
            return by_text.get(f"vote seat {target}") or by_text.get("abstain")
        return by_text.get("abstain")

    def _turn(self, view: dict[str, Any], by_text: dict[str, Option], side: str) -> Option | None:
        if side != "menace" or "play a random card" in by_text:
            return super()._turn(view, by_text, side)
        for card in SABOTAGE:  # every Bad card it holds, at once: a Crew that waits for proof gives it time
            option = by_text.get(f"play {card}")
            if option is not None:
                return option
        for card in COVER:  # Neutral cards that do not help the ship, else a draw: never a Good card for nothing
            option = by_text.get(f"play {card}")
            if option is not None:
                return option
        return by_text.get("draw") or super()._turn(view, by_text, side)

    def _talk(self, view: dict[str, Any], by_text: dict[str, Option], side: str) -> Option | None:
        if self.belief is not None and side == "crew" and "call vote" in by_text:
            gain = self._exile_gain(view)
            if gain and max(gain.values()) >= CALL_GAIN:
                return by_text["call vote"]
        round_no = view["round"]
        if side == "menace" and self.placed.get(round_no) == "bad" and round_no not in self.claimed:
            self.claimed.add(round_no)
            return by_text.get(f"claim {_cover(view)}") or by_text.get("no vote")
        return super()._talk(view, by_text, side)


def _cover(view: dict[str, Any]) -> str:
    """The claim a Bad card's owner can hide behind: a category the round's revealed cards hold more of than the
    table has claimed so far (Neutral first, the most common), else Neutral."""
    spare = {"good": 0, "neutral": 0}
    for card in view["revealed"]:
        cat = card["category"].lower()
        if cat in spare:
            spare[cat] += 1
    for claim in view["claims"]:
        if claim["kind"] in spare:
            spare[claim["kind"]] -= 1
    return "neutral" if spare["neutral"] > 0 else "good" if spare["good"] > 0 else "neutral"


BELIEF_BOT = MenaceBeliefBot  # what `--bots belief` seats, and batch commands told no kind


class MenaceLookaheadBot(BeliefFlatBot):
    """The belief bot checked by a flat search over the worlds its belief makes likely
    (``treachery.search.flat.BeliefFlatBot``): its card plays (which card, where), votes, Brawls and last acts are
    searched; its claims and character choice are the belief bot's. Searching the card plays too measured far
    better than the social moves alone at 7 players (docs/bots.md, Search over belief samples)."""

    game_name = "menace"
    guide_class = MenaceBeliefBot
    heuristic = MenaceBot
    search_kinds = frozenset({"turn", "vote", "brawl", "last_act", "exile_act"})
    # The longest searched decision measured (Python path, a loaded 2-core machine, 4 games a count, bench/
    # bench_best.py): 286 ms at 4 players, 278 at 5, 447 at 6, 316 at 7, 408 at 8; held at about 1.6 times that or
    # more.
    hold_seconds = {4: 0.45, 5: 0.5, 6: 0.75, 7: 0.75, 8: 0.75}


LOOKAHEAD_BOT = MenaceLookaheadBot  # what `--bots lookahead` seats
BEST_BOT = MenaceLookaheadBot  # and `best`: above the belief bot on the ladder (docs/bots.md)
