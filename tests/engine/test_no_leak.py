"""The generic leak check, for every registered game: twin games that a seat cannot tell apart (each game's
``tests/<game>/twins.py`` makes them by changing only what that seat may not know) are played side by side, every
seat answering alike in both, and for the declared number of rounds the seat must be given exactly the same by the
engine in both: its view, its log, its own pending decisions and their refusals. A view or a log line that says
anything of another seat's hidden cards or role makes the twins differ to that seat, and fails here.

The twins need not ask the same seats: in a game with a sealed night action, who acts is the hidden fact itself,
so decisions are paired across the twins by kind and answered alike, and the comparison runs until an answer
cannot be matched (the seat holding the difference chose among different options).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import treachery
from treachery import Game
from treachery.engine import Decision

from ..game_data import registered_games, twins_module

GAMES = registered_games()
SEEDS = (1, 2, 3, 4)


def seat_is_given(game: Game, seat: int) -> Any:
    """Everything the engine gives ``seat``: its view, its log, its own pending decisions, their parts (the
    picker's steps, ``Game.option_parts``) and what on the board answers them (``Game.option_targets``)."""
    pending = game.pending_for(seat)
    return (game.view(seat), game.log_for(seat), [d.to_dict() for d in pending],
            [game.option_parts(d) for d in pending], [game.option_targets(d) for d in pending])


def play_round(a: Game, b: Game, rng: random.Random) -> bool:
    """Answers every decision pending now in each twin. Decisions are paired across the twins by kind, in seat
    order (the seat asked may differ: it can be the hidden fact), and a pair takes the same answer, by its text.
    Returns whether every answer was matched so: if not (a seat holding the difference chose among different
    options), the rules may now show the difference to everybody, and the comparison ends."""
    matched = True
    pending_a, pending_b = sorted(a.pending(), key=_order), sorted(b.pending(), key=_order)
    answers_b: dict[int, int] = {}
    unpaired_b = list(pending_b)
    answers_a: dict[int, int] = {}
    for decision in pending_a:
        option = decision.options[rng.randrange(len(decision.options))]
        answers_a[decision.seat] = option["id"]
        twin = next((d for d in unpaired_b if d.kind == decision.kind), None)
        if twin is None:
            matched = False
            continue
        unpaired_b.remove(twin)
        same = next((o for o in twin.options if o["text"] == option["text"]), None)
        matched = matched and same is not None
        answers_b[twin.seat] = (same or twin.options[rng.randrange(len(twin.options))])["id"]
    for decision in unpaired_b:
        matched = False
        answers_b[decision.seat] = decision.options[rng.randrange(len(decision.options))]["id"]
    for game, answers in ((a, answers_a), (b, answers_b)):
        for seat in sorted(answers):
            game.act(seat, answers[seat])
    return matched


def _order(decision: Decision) -> tuple[str, int]:
    return decision.kind, decision.seat


def check_twins(a: Game, b: Game, seat: int, rounds: int, seed: int) -> bool:
    """Plays the twins on; asserts ``seat`` is given the same in both at every step while the answers match. True
    if some other seat was given something different: the twins really differ."""
    rng = random.Random(seed)
    differ = False
    for step in range(rounds + 1):
        assert seat_is_given(a, seat) == seat_is_given(b, seat), (
            f"{a.name}: seat {seat} tells its twins apart after {step} round(s) of answers (seed {seed})")
        differ = differ or any(seat_is_given(a, s) != seat_is_given(b, s) for s in range(a.players) if s != seat)
        if a.over or b.over or step == rounds or not play_round(a, b, rng):
            break
    return differ


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_cannot_tell_its_twins_apart(name: str) -> None:
    data = twins_module(name)
    cls = treachery.game_class(name)
    differed = compared = 0
    for players in sorted({cls.min_players, cls.max_players}):
        for seat in range(players):
            for seed in SEEDS:
                a, b = data.twins(seat, players, seed)
                assert (a.players, a.name) == (b.players, b.name) == (players, name)
                differed += check_twins(a, b, seat, data.TWIN_ROUNDS, seed)
                compared += 1
    assert data.TWIN_ROUNDS >= 0
    assert differed >= compared // 2, "the twins hardly ever differ: they test nothing"
