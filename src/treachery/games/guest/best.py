"""The Guest bot that reads the table: the heuristic bot's play, with its suspicion of each player replaced by
its belief (``beliefs.py``: who is a Guest, from the whole history it saw, weighed by how each player acted),
so its ballots, Suspicions, Bribes, Blasts and choice of Commander follow the likeliest Guests (as a Human)
or the likeliest Humans (as a Guest: there the belief is added to the heuristic's own reading of past votes,
which measured better than replacing it), rather than the last few votes only.

Playing the Guests it also uses two cards the heuristic Guest keeps: a Blaster Prototype on a player the belief
holds a Human at 3 chances in 4 or more (G-D2: a Human is eliminated; a Guest hit by mistake becomes Human, hence
the high bar), and a Transplant between two other players (G-D5): its player sees both characters (G-H5), and
the table reads a Transplant as a Human's card (``beliefs.py``), so it is cover as well as a look."""

from __future__ import annotations

import random
from typing import Any

from ...bots.beliefs import Belief, belief_hold
from ...engine import Decision, Option
from .beliefs import belief
from .bots import GuestBot, _Table

SCALE = 12.0  # suspicion per unit of belief above even odds: a sure Guest scores +6, as an announced one does
GUEST_SCALE = 6.0  # playing the Guests, the belief is added to the heuristic's reading of the votes instead
SURE_HUMAN = 0.75  # a Guest blasts a player it holds a Human at least this likely
BLAST_VALUE = 3.5  # below the heuristic's 4.0 for an announced Human, above every ordinary play
TRANSPLANT_VALUE = 0.3  # as a Human's Transplant: worth playing when nothing better is at hand


class GuestBeliefBot(GuestBot):
    reads_log = True
    view_keys = None  # its beliefs read the whole view

    def __init__(self, seed: int | random.Random = 0) -> None:
        super().__init__(seed)
        self.log: list[dict[str, Any]] = []
        self.held: Belief | None = None

    def hold(self, decision: Decision, players: int) -> float:
        """Its answers show no sooner than this (bots.base.answer_hold): reading the table takes longer for some
        seats and hands than for others."""
        return belief_hold(players)

    def choose(self, view: dict[str, Any], decision: Decision, log: list[dict[str, Any]] | None = None) -> Option:
        self.log = log or []
        self.held = None
        return super().choose(view, decision)

    def belief_of(self, view: dict[str, Any]) -> Belief:
        """The seat's belief for this decision (computed once per decision)."""
        if self.held is None:
            self.held = belief(view, self.log)
        return self.held

    def _table(self, view: dict[str, Any]) -> _Table:
        table = super()._table(view)
        held = self.belief_of(view)
        for seat in table.suspicion:
            if seat == table.me:
                continue
            lean = held.chance(seat, "Guests") - 0.5
            if table.acts_guest:  # measured: replacing the Guests' own reading lost a little, adding to it won a little
                table.suspicion[seat] += GUEST_SCALE * lean
            else:
                table.suspicion[seat] = SCALE * lean
        return table

    def _play_value(self, t: _Table, option: Option) -> float:
        value = super()._play_value(t, option)
        words = option["text"].split()
        if not t.acts_guest or words[0] != "play" or words[1] not in ("blaster", "transplant"):
            return value
        held = self.belief_of(t.view)
        if words[1] == "blaster":
            seat = int(words[2][1:]) - 1
            if seat == t.me or t.infection.get(seat) or t.known_guest(seat) or t.known_human(seat):
                return value  # the heuristic's own cases: a cure, a self-hit, an announced player
            return BLAST_VALUE if held.chance(seat, "Humans") >= SURE_HUMAN else value
        a, b = int(words[2][1:]) - 1, int(words[3][1:]) - 1
        if t.me in (a, b) or a == b or t.known_guest(a) or t.known_guest(b):
            return value
        # the look tells most about the players the belief is least sure of
        unsure = sum(1.0 - abs(held.chance(s, "Guests") - 0.5) * 2 for s in (a, b))
        return TRANSPLANT_VALUE + 0.01 * unsure


BEST_BOT = GuestBeliefBot  # what `--bots best` seats for this game
BELIEF_BOT = GuestBeliefBot  # and `--bots belief`
