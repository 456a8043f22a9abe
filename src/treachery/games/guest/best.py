"""The Guest bot that reads the table: the heuristic bot's play, with its suspicion of each player replaced by
its belief (``beliefs.py``: who is a Guest, from the whole history it saw, weighed by how each player acted),
so its ballots, Suspicions, Bribes, Blasts and choice of Commander follow the likeliest Guests (as a Human)
or the likeliest Humans (as a Guest: there the belief is added to the heuristic's own reading of past votes,
which measured better than replacing it), rather than the last few votes only."""

from __future__ import annotations

from typing import Any

from ...engine import Decision, Option
from .beliefs import belief
from .bots import GuestBot, _Table

SCALE = 12.0  # suspicion per unit of belief above even odds: a sure Guest scores +6, as an announced one does
GUEST_SCALE = 6.0  # playing the Guests, the belief is added to the heuristic's reading of the votes instead


class GuestBeliefBot(GuestBot):
    reads_log = True

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.log: list[dict[str, Any]] = []

    def choose(self, view: dict[str, Any], decision: Decision, log: list[dict[str, Any]] | None = None) -> Option:
        self.log = log or []
        return super().choose(view, decision)

    def _table(self, view: dict[str, Any]) -> _Table:
        table = super()._table(view)
        held = belief(view, self.log)
        for seat in table.suspicion:
            if seat == table.me:
                continue
            lean = held.chance(seat, "Guests") - 0.5
            if table.acts_guest:  # measured: replacing the Guests' own reading lost a little, adding to it won a little
                table.suspicion[seat] += GUEST_SCALE * lean
            else:
                table.suspicion[seat] = SCALE * lean
        return table


BEST_BOT = GuestBeliefBot  # what `--bots best` seats for this game
