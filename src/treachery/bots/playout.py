"""Bots playing a game out: the loop every batch game, transcript and rollout to the end runs through
(compiled with the engine group: at a few microseconds a decision, the loop's own cost shows)."""

from __future__ import annotations

from collections.abc import Iterable

from ..engine import Game
from ..engine.game import among
from .base import Bot, asker
from .seating import needs_view


def play_out(game: Game, bots: list[Bot], fast: bool = True, skip: Iterable[int] = ()) -> int:
    """Lets the bots answer every pending decision (except for seats in ``skip``) until the game ends
    or only skipped seats are waited for. Returns the number of decisions taken.

    ``fast`` uses ``act_fast`` (the option came from the decision just enumerated, and is checked
    against it here); otherwise the checked ``act``.
    """
    askers = [asker(b, needs_view(b)) for b in bots]  # each bot's declarations read once a game
    skipped = set(skip)
    decisions = 0
    while not game.over:
        pending = [d for d in game.pending() if d.seat not in skipped] if skipped else game.pending()
        if not pending:
            break
        for decision in pending:  # simultaneous decisions: each bot answers its own; they resolve together
            seat = decision.seat
            option = askers[seat](game, seat, decision)
            option_id: int = option["id"]
            if fast:
                if not among(decision.ids, option_id):
                    raise ValueError(f"bot in seat {seat} chose {option!r}, not one of {decision!r}")
                game.act_fast(seat, option_id)
            else:
                game.act(seat, option_id)
            decisions += 1
    return decisions
