"""Helpers for The Guest's rule tests: exact positions with setup=, moves by their text form."""

from __future__ import annotations

from typing import Any

import treachery
from treachery.games.guest.rules import Guest

P1, P2, P3, P4, P5, P6, P7, P8, P9, P10, P11, P12 = range(12)
H, G = "human", "guest"


def new(players: int = 5, seed: int = 0, **setup: Any) -> Guest:
    game = treachery.new_game("guest", players=players, seed=seed, setup=setup or None)
    assert isinstance(game, Guest)
    return game


def start(players: int = 5, chars: list[str] | None = None, *, commander: int = P1, active: int | None = None,
          hands: dict[int, list[str]] | None = None, infections: dict[int, int] | None = None,
          deck: list[str] | None = None, top: list[str] | None = None, eliminated: list[int] | None = None,
          discard: list[str] | None = None, seed: int = 0, options: dict[str, Any] | None = None,
          **picks: Any) -> Guest:
    """A game begun part-way (setup 'start'): P1 Commander unless told, unlisted hands empty. ``picks`` are
    further setup keys (transplants=, misplaces=)."""
    st: dict[str, Any] = {"hands": hands or {}, "infections": infections or {}, "eliminated": eliminated or []}
    if active is not None:
        st["active"] = active
    if deck is not None:
        st["deck"] = deck
    if discard is not None:
        st["discard"] = discard
    setup: dict[str, Any] = {"commander": commander, "start": st}
    if chars is not None:
        setup["characters"] = chars
    if top is not None:
        setup["deck"] = top
    setup.update(picks)
    game = treachery.new_game("guest", players=players, seed=seed, options=options, setup=setup)
    assert isinstance(game, Guest)
    return game


def pending_for(game: Guest, seat: int) -> Any:
    for decision in game.pending():
        if decision.seat == seat:
            return decision
    raise AssertionError(f"seat {seat} has nothing pending; waiting for {[d.seat for d in game.pending()]}")


def play(game: Guest, *moves: tuple[int, str]) -> None:
    """Answers pending decisions in order; each move is (seat, option text), e.g. (P1, "play blaster P3")."""
    for seat, text in moves:
        pending_for(game, seat)
        game.act(seat, text)


def texts(game: Guest, seat: int) -> list[str]:
    return [o["text"] for o in pending_for(game, seat).options]


def kinds(game: Guest) -> list[tuple[int, str]]:
    return [(d.seat, d.kind) for d in game.pending()]


def passes(game: Guest, count: int) -> list[int]:
    """``count`` priority passes in a row; returns the seats that passed, in order."""
    seats = []
    for _ in range(count):
        (decision,) = game.pending()
        assert decision.kind == "priority", decision
        seats.append(decision.seat)
        game.act(decision.seat, "pass")
    return seats


def settle(game: Guest, limit: int = 500) -> list[int]:
    """Everyone passes every priority decision until something else is pending (or the game ends)."""
    seats = []
    for _ in range(limit):
        pending = game.pending()
        if not pending or pending[0].kind != "priority":
            return seats
        seats.append(pending[0].seat)
        game.act(pending[0].seat, "pass")
    raise AssertionError("settle() did not stop")


def end_turn(game: Guest) -> None:
    """The active player ends the Play step and everyone passes the end-of-turn window (only that window)."""
    (decision,) = game.pending()
    assert decision.kind == "play", decision
    game.act(decision.seat, "end play")
    passes(game, sum(game.alive))


def ballots(game: Guest, *targets: tuple[int, int | None]) -> None:
    for seat, target in targets:
        decision = pending_for(game, seat)
        assert decision.kind == "ballot", decision
        if target is None:
            game.timeout(seat)  # the empty ballot is only what a timeout leaves (G-V5)
        else:
            game.act(seat, f"vote P{target + 1}")


def log_texts(game: Guest, seat: int | None = None) -> list[str]:
    return [e["text"] for e in game.log_for(seat)]


def logged(game: Guest, text: str, seat: int | None = None) -> bool:
    return any(text in e["text"] for e in game.log_for(seat))


def alive(game: Guest) -> list[bool]:
    return [p["alive"] for p in game.view(None)["players"]]


def drive_to_vote(game: Guest) -> None:
    """Ends turns (everyone passing) until a ballot is pending."""
    for _ in range(200):
        kind = game.pending()[0].kind
        if kind == "ballot":
            return
        if kind == "play":
            end_turn(game)
        else:
            settle(game)
    raise AssertionError("no vote came")
