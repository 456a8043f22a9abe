"""The determinization contract (Game.determinized), checked the same way for every game that has a sampler.

A sample must (1) look to its seat exactly like the true game: same view, same log, same pending decisions;
(2) depend only on what that seat knows: sampling from a sample gives the very same game as sampling from the
true game with the same seed (a sampler that read a hidden card would tell the two apart); (3) be a real game:
it plays on to a legal end; and (4) leave the true game untouched.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import treachery
from treachery import Game

from .conformance import MAX_DECISIONS, fingerprint


def positions(name: str, players: int, seeds: range, stops: int = 4, options: dict[str, Any] | None = None,
              horizon: int | None = None) -> Iterator[Game]:
    """Positions from seeded random games: ``stops`` random points of each game, the start included, drawn
    within ``horizon`` decisions (by default the length of that random game)."""
    for seed in seeds:
        rng = random.Random(seed)
        game = treachery.new_game(name, players=players, seed=seed, options=dict(options or {}))
        length = horizon if horizon is not None else _length(name, players, seed)
        marks = sorted({0, *(rng.randrange(length) for _ in range(stops - 1))})
        steps = 0
        for mark in marks:
            while steps < mark and not game.over:
                decision = game.pending()[rng.randrange(len(game.pending()))]
                game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
                steps += 1
            if game.over:
                break
            yield game


def _length(name: str, players: int, seed: int) -> int:
    rng = random.Random(seed)
    game = treachery.new_game(name, players=players, seed=seed)
    steps = 0
    while not game.over and steps < MAX_DECISIONS:
        decision = game.pending()[rng.randrange(len(game.pending()))]
        game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
        steps += 1
    return max(steps, 1)


def seen_by(game: Game, seat: int) -> tuple[object, ...]:
    """Everything ``seat`` is shown: its view, its log and its own pending decisions."""
    return game.view(seat), game.log_for(seat), [d.to_dict() for d in game.pending_for(seat)]


def everything(game: Game) -> tuple[object, ...]:
    """What every seat and a spectator are shown, and what each seat is asked: equal for equal games."""
    seats = range(game.players)
    return (tuple(seen_by(game, s) for s in seats), game.view(None), game.log_for(None),
            [d.to_dict() for d in game.pending()])


def check_sampler(game: Game, seat: int, seeds: range, rng: random.Random) -> None:
    before = fingerprint(game)
    shown = seen_by(game, seat)
    draw = game.sampler(seat)  # one position, many seeds: what a search draws from
    for seed in seeds:
        sample = game.determinized(seat, seed)
        assert sample is not game
        assert fingerprint(draw(seed)) == fingerprint(sample), "Game.sampler gave another sample for the same seed"
        assert seen_by(sample, seat) == shown, f"seat {seat} could tell sample {seed} from the true game"
        again = game.determinized(seat, seed)
        assert everything(again) == everything(sample), "the same seed must give the same sample"
        twin_seed = seed + 10_000
        assert everything(sample.determinized(seat, twin_seed)) == everything(game.determinized(seat, twin_seed)), (
            f"seat {seat}: sampling from a look-alike game gave a different sample, so the sampler read something "
            "the seat cannot see")
        _play_to_end(sample, rng)
    assert fingerprint(game) == before, "sampling must leave the true game untouched"


def _play_to_end(game: Game, rng: random.Random) -> None:
    steps = 0
    while not game.over:
        pending = game.pending()
        assert pending, "a sample stopped with nothing pending"
        decision = pending[rng.randrange(len(pending))]
        game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
        steps += 1
        assert steps < MAX_DECISIONS, "a sample did not end"
    assert game.result() is not None


def check_game_sampler(name: str, players: int, seeds: range, samples: int = 3) -> None:
    """The contract above at random positions of random games, for every seat."""
    rng = random.Random(players)
    checked = 0
    for position in positions(name, players, seeds):
        for seat in range(players):
            check_sampler(position, seat, range(samples), rng)
            checked += 1
    assert checked, "no positions were checked"
