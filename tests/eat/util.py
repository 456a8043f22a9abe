"""Helpers for Who Should We Eat? rule tests: exact positions with setup=, moves by their text form."""

from __future__ import annotations

from typing import Any

import treachery
from treachery.games.eat.rules import Eat

A, B, C, D, E, F, G, H = range(8)
DEFAULT_PERSONALITIES = ["P05", "P06", "P07", "P12", "P14", "P04", "P15", "P08", "P09", "P13", "P02", "P03"]
CHARACTERS = [f"CH{i:02d}" for i in range(1, 13)]


def scenario(players: int, *, chars: dict[int, str] | None = None, pers: dict[int, str] | None = None,
             leader: int = A, options: dict[str, Any] | None = None, seed: int = 0, **start: Any) -> Eat:
    """A position as the spec's scenarios give it (W-K conventions): unnamed Personalities are the first
    unused of P05, P06, P07, P12, P14, P04, P15 in seat order (Ghosts and Fallen hold none), unnamed
    Characters the first unused ones. ``start`` keys go to setup['start']; setup keys may be passed as
    quests=, decks=, piles=, straws=, quest_straws=."""
    chars = dict(chars or {})
    pers = dict(pers or {})
    setup: dict[str, Any] = {"leader": leader}
    for key in ("quests", "decks", "piles", "straws", "quest_straws"):
        if key in start:
            setup[key] = start.pop(key)
    dead = set(start.get("ghosts", [])) | set(start.get("fallen", []))
    free_chars = [c for c in CHARACTERS if c not in chars.values()]
    free_pers = [p for p in DEFAULT_PERSONALITIES + [f"P{i:02d}" for i in range(1, 17)] if p not in pers.values()]
    free_pers = list(dict.fromkeys(free_pers))
    living = [s for s in range(players) if s not in dead and s not in pers]
    for seat in living:
        pers[seat] = free_pers.pop(0)
    for seat in range(players):  # Ghosts hold no Personality; give them the leftovers (discarded at setup)
        if seat not in pers:
            pers[seat] = free_pers.pop()
    setup["characters"] = [chars.get(s) or free_chars.pop(0) for s in range(players)]
    setup["personalities"] = [pers[s] for s in range(players)]
    if start:
        setup["start"] = start
    game = treachery.new_game("eat", players=players, seed=seed, options=options or {}, setup=setup)
    assert isinstance(game, Eat)
    return game


def pending(game: Eat) -> dict[int, Any]:
    return {d.seat: d for d in game.pending()}


def kinds(game: Eat) -> list[tuple[int, str]]:
    return [(d.seat, d.kind) for d in game.pending()]


def texts(game: Eat, seat: int) -> list[str]:
    for decision in game.pending():
        if decision.seat == seat:
            return [o["text"] for o in decision.options]
    raise AssertionError(f"seat {seat} has nothing pending; waiting for {kinds(game)}")


def act(game: Eat, seat: int, text: str) -> None:
    assert seat in pending(game), f"seat {seat} has nothing pending; waiting for {kinds(game)}: {text!r}"
    game.act(seat, text)


def answer(game: Eat, kind: str, moves: dict[int, str] | None = None, default: str = "pass") -> None:
    """Answers every pending decision of ``kind``: the moves given, ``default`` (or the decision's default
    when ``default`` is None) for everyone else."""
    moves = moves or {}
    decisions = game.pending()
    assert decisions and all(d.kind == kind for d in decisions), f"expected {kind}, pending {kinds(game)}"
    for d in decisions:
        if d.seat in moves:
            game.act(d.seat, moves[d.seat])
        elif default is None:
            game.act(d.seat, d.default_id)
        else:
            game.act(d.seat, default)


def auto(game: Eat, until: str | None = None, limit: int = 500) -> list[tuple[int, str]]:
    """Answers pending decisions with their defaults until one of kind ``until`` is pending or the game ends."""
    done: list[tuple[int, str]] = []
    for _ in range(limit):
        decisions = game.pending()
        if not decisions or (until is not None and decisions[0].kind == until):
            return done
        for d in decisions:
            done.append((d.seat, d.kind))
            game.act(d.seat, d.default_id)
    raise AssertionError("auto() did not stop")


def open_trial(game: Eat) -> None:
    answer(game, "rules", default="open discussion")


def vote(game: Eat, votes: dict[int, int]) -> None:
    """Discussion: everybody passes; vote window: pass; then the given votes (voter -> target)."""
    answer(game, "poll")
    answer(game, "vote_window")
    answer(game, "vote", {v: f"vote seat {t}" for v, t in votes.items()})


def log(game: Eat, seat: int | None = None) -> list[str]:
    return [e["text"] for e in game.log_for(seat)]


def has(game: Eat, text: str, seat: int | None = None) -> bool:
    return any(text in line for line in log(game, seat))


def player(game: Eat, seat: int, viewer: int | None = None) -> dict[str, Any]:
    return game.view(viewer)["players"][seat]


def dead(game: Eat, seat: int) -> bool:
    """Fallen, or already a Ghost if the flow ran on into the next Morning."""
    return game.view(None)["players"][seat]["status"] != "survivor"
