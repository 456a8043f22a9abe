"""Small helpers for Killer rule tests: build a position with setup=, play moves by their text form."""

from __future__ import annotations

from typing import Any

import treachery
from treachery.games.killer.rules import Killer

P1, P2, P3, P4, P5, P6, P7, P8, P9, P10 = range(10)


def new(players: int = 4, seed: int = 0, first: int = P1, **setup: Any) -> Killer:
    """A game with the First Crew Member fixed (P1 unless told) and any other setup keys given."""
    setup.setdefault("first", first)
    game = treachery.new_game("killer", players=players, seed=seed, setup=setup)
    assert isinstance(game, Killer)
    return game


def play(game: Killer, *moves: tuple[int, str]) -> None:
    """Answers pending decisions in order; each move is (seat, option text), e.g. (P1, "action GA2")."""
    for seat, text in moves:
        pending = {d.seat: d for d in game.pending()}
        assert seat in pending, f"seat {seat} has no decision pending; waiting for {sorted(pending)}: {text!r}"
        game.act(seat, text)


def kinds(game: Killer) -> list[tuple[int, str]]:
    return [(d.seat, d.kind) for d in game.pending()]


def texts(game: Killer, seat: int) -> list[str]:
    """The option texts pending for ``seat``."""
    for decision in game.pending():
        if decision.seat == seat:
            return [o["text"] for o in decision.options]
    raise AssertionError(f"seat {seat} has nothing pending")


def log_texts(game: Killer, seat: int | None = None) -> list[str]:
    return [e["text"] for e in game.log_for(seat)]


def machine(result: dict[str, Any] | None) -> dict[str, Any]:
    """A result's machine part (winners, sides, reason), without its player-facing summary and roles."""
    assert result is not None and result["summary"]  # the sentence is there too, checked in test_player_texts
    return {key: result[key] for key in ("winners", "sides", "reason")}
