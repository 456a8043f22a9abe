"""Helpers for Menace rule tests: exact positions with setup=, moves by their text form."""

from __future__ import annotations

from typing import Any

import treachery
from treachery.games.menace.rules import Menace

AGENDAS = {
    4: ["contagion", "vengeant", "saint", "resolute"],
    5: ["contagion", "butcher", "vengeant", "zealot", "hero"],
    6: ["contagion", "butcher", "saint", "vengeant", "zealot", "hero"],
    7: ["contagion", "butcher", "coward", "saint", "vengeant", "zealot", "hero"],
    8: ["contagion", "butcher", "coward", "saint", "vengeant", "zealot", "hero", "resolute"],
}
CHARACTERS = ["dax", "sela", "imre", "juno", "bettina", "rhee", "mags", "cass"]
HAND = ["basic-repair", "raise-morale", "advanced-repair"]


def game(players: int = 5, *, leader: int = 0, agendas: dict[int, str] | list[str] | None = None,
         characters: dict[int, str] | None = None, hands: dict[int, list[str]] | None = None,
         decks: dict[int, list[str]] | None = None, emma: list[str] | None = None,
         wounds: list[str] | None = None, order: Any = None, start: dict[str, Any] | None = None,
         advanced: bool = False, seed: int = 0, **options: Any) -> Menace:
    """A position: fixed Agendas/Characters (overridable per seat), 3-card hands of Basic Repair, Raise Morale,
    Advanced Repair, decks of 10 Basic Repair, an EmMA deck of Basic Repair and a benign Wound deck."""
    ag = list(AGENDAS[players])
    if isinstance(agendas, list):
        ag = agendas
    elif agendas:
        for seat, name in agendas.items():
            if name in ag:
                ag[ag.index(name)] = ag[seat]
            ag[seat] = name
    ch = CHARACTERS[:players]
    for seat, name in (characters or {}).items():
        if name in ch:
            ch[ch.index(name)] = ch[seat]
        ch[seat] = name
    setup: dict[str, Any] = {
        "leader": leader, "agendas": ag, "characters": ch,
        "hands": {s: list(HAND) for s in range(players)},
        "decks": {s: ["basic-repair"] * 10 for s in range(players)},
        "emma": emma if emma is not None else ["basic-repair"] * 20,
        "wounds": wounds if wounds is not None else ["flesh-wound", "bruised-ribs", "black-eye"],
    }
    setup["hands"].update(hands or {})
    setup["decks"].update(decks or {})
    if order is not None:
        setup["reveal_order"] = order
    if start is not None:
        setup["start"] = start
    options = dict(options)
    if advanced:
        options["advanced"] = True
    g = treachery.new_game("menace", players=players, seed=seed, options=options, setup=setup)
    assert isinstance(g, Menace)
    return g


def act(g: Menace, *moves: tuple[int, str]) -> None:
    for seat, text in moves:
        pending = {d.seat: d for d in g.pending()}
        assert seat in pending, f"seat {seat} has nothing pending (waiting for {sorted(pending)}): {text!r}"
        g.act(seat, text)


def texts(g: Menace, seat: int) -> list[str]:
    for d in g.pending():
        if d.seat == seat:
            return [o["text"] for o in d.options]
    raise AssertionError(f"seat {seat} has nothing pending; pending: {[(d.seat, d.kind) for d in g.pending()]}")


def kinds(g: Menace) -> list[tuple[int, str]]:
    return [(d.seat, d.kind) for d in g.pending()]


def decision(g: Menace, seat: int) -> Any:
    for d in g.pending():
        if d.seat == seat:
            return d
    raise AssertionError(f"seat {seat} has nothing pending")


def log(g: Menace, seat: int | None = None) -> list[str]:
    return [e["text"] for e in g.log_for(seat)]


def round_of(g: Menace, moves: dict[int, str]) -> None:
    """Every living seat's turn from the Mission Leader: moves[seat] (default 'draw')."""
    while True:
        pending = g.pending()
        while pending and pending[0].kind == "limit" and not moves.get(-1):
            for d in list(pending):
                g.act(d.seat, d.default)
            pending = g.pending()
        if len(pending) != 1 or pending[0].kind != "turn":
            return
        seat = pending[0].seat
        g.act(seat, moves.get(seat, "draw"))


def no_talk(g: Menace, call: int | None = None) -> None:
    """Answers the discussion: everybody ready, or ``call`` takes the pistol."""
    for d in list(g.pending()):
        assert d.kind == "discussion", kinds(g)
        g.act(d.seat, "call vote" if d.seat == call else "no vote")


def vote(g: Menace, votes: dict[int, str]) -> None:
    for d in list(g.pending()):
        assert d.kind == "vote", kinds(g)
        g.act(d.seat, votes.get(d.seat, "abstain"))
