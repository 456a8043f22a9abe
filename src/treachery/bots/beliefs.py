"""What one seat believes about the other seats' hidden roles, from its own view and log alone.

A game that ships ``games/<game>/beliefs.py`` with ``belief(view, log) -> Belief`` gets beliefs: a posterior
over *hypotheses* (one side per seat, named as ``Game.roles()`` names them), made from a uniform prior over
the deals the seat cannot rule out and the likelihood of every public action it saw under an opponent model
(the game's heuristic bot, softened so that no action is ruled impossible by a model that may be wrong).

Nothing here reads a game's state: :func:`beliefs` hands the game module ``game.view(seat)`` and
``game.log_for(seat)``, so two games the seat cannot tell apart give the same belief (tests/test_beliefs.py
checks that with twins drawn by the game's sampler). :func:`belief_sample` draws a determinization from the
belief: several samples from the game's sampler (which deals hidden roles uniformly among what the seat cannot
rule out), one of them picked with odds proportional to the belief's weight for its roles (importance
resampling), so search bots plan over the worlds the table's behaviour makes likely.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from ..engine import Game

CANDIDATES = 8  # sampler draws per belief sample: enough to find the likely worlds among a handful of deals
# Seconds per player a table holds a belief-driven bot's answer (bots.base.answer_hold): reading the table takes
# longer for some seats than others (a Crew seat weighs more deals than a Menace who knows its partners; a card
# choice more than a lone pass), up to 2.3 ms at 8 Menace players and 7.7 ms at 12 Guest players on the Python
# path, 2 ms a player leaves twice that or more.
BELIEF_HOLD_PER_PLAYER = 0.002


def belief_hold(players: int) -> float:
    """The hold of every answer of a bot that reads the table through a belief, one option or many."""
    return BELIEF_HOLD_PER_PLAYER * players


@dataclass(frozen=True)
class Belief:
    """A posterior over hypotheses: each a tuple of one side per seat (the believer's own side included, as it
    knows it), with its probability; the probabilities sum to 1."""

    seat: int
    hypotheses: tuple[tuple[tuple[str, ...], float], ...]

    def side_odds(self, seat: int) -> dict[str, float]:
        """How likely ``seat`` is to be on each side."""
        odds: dict[str, float] = {}
        for roles, p in self.hypotheses:
            odds[roles[seat]] = odds.get(roles[seat], 0.0) + p
        return odds

    def chance(self, seat: int, side: str) -> float:
        """How likely ``seat`` is to be on ``side``."""
        return sum(p for roles, p in self.hypotheses if roles[seat] == side)

    def weight(self, roles: list[str] | tuple[str, ...]) -> float:
        """The belief's probability of exactly these roles (0 for a deal it does not hold possible)."""
        wanted = tuple(roles)
        return sum(p for hyp, p in self.hypotheses if hyp == wanted)

    def to_dict(self) -> dict[str, Any]:
        """Per seat, its chance of each side (rounded to 3 places): the belief as shown for analysis."""
        players = len(self.hypotheses[0][0]) if self.hypotheses else 0
        return {"seat": self.seat,
                "sides": [{side: round(p, 3) for side, p in sorted(self.side_odds(s).items())}
                          for s in range(players)]}


class _BeliefModule(Protocol):
    def belief(self, view: dict[str, Any], log: list[dict[str, Any]]) -> Belief: ...


def _module(game_name: str) -> _BeliefModule | None:
    from . import game_module

    return game_module(game_name, "beliefs")  # type: ignore[return-value]


def has_beliefs(game_name: str) -> bool:
    """Whether the game ships a belief model (``games/<game>/beliefs.py``)."""
    return _module(game_name) is not None


def belief_from(game_name: str, view: dict[str, Any], log: list[dict[str, Any]]) -> Belief | None:
    """The belief a seat holds given its ``view`` and ``log``; None for a game without a belief model."""
    module = _module(game_name)
    return None if module is None else module.belief(view, log)


def beliefs(game: Game, seat: int) -> Belief | None:
    """What ``seat`` believes about every seat's side, from its view and its log only (for analysis and bots)."""
    return belief_from(game.name, game.view(seat), game.log_for(seat))


def belief_sample(game: Game, seat: int, seed: int, belief: Belief | None,
                  candidates: int = CANDIDATES) -> Game:
    """A determinization for ``seat`` drawn from ``belief``: ``candidates`` samples of the game's sampler, one
    kept with odds proportional to the belief's weight of its roles (the sampler deals roles uniformly among
    what the seat cannot rule out, so this weight is the importance weight). Depends only on what the seat
    knows and ``seed``, like the sampler itself; without a belief it is the sampler's own sample."""
    return resample(game.sampler(seat), seed, belief, candidates)


def resample(draw: Callable[[int], Game], seed: int, belief: Belief | None, candidates: int = CANDIDATES) -> Game:
    """:func:`belief_sample` over any sampler ``draw(seed)`` (a search bot's ``samples``)."""
    if belief is None:
        return draw(seed)
    rng = random.Random(seed)
    drawn = [draw(rng.getrandbits(63)) for _ in range(candidates)]
    weights = [belief.weight(sample.roles()) for sample in drawn]
    total = sum(weights)
    if total <= 0:  # the sampler's deals all fall outside the belief's hypotheses: keep the sampler's own draw
        return drawn[0]
    mark = rng.random() * total
    for sample, w in zip(drawn, weights, strict=True):
        mark -= w
        if mark < 0:
            return sample
    return drawn[-1]


def weighted_pool(draw: Callable[[int], Game], belief: Belief | None, size: int) -> Callable[[int], Game]:
    """A sampler for one search: on its first call ``size`` deals of ``draw`` are drawn (from that call's seed) and
    weighed by the belief's weight of their roles; every call then returns a copy of one of them, picked with those
    odds from its own seed (importance resampling from one shared pool). A sampler draw replays the seat's whole
    history and costs more the longer the game; :func:`resample`'s fresh candidates for every world cost a search
    eight draws a world, this costs it ``size`` draws. Without a belief it is ``draw`` itself."""
    if belief is None:
        return draw
    pool: list[Game] = []
    weights: list[float] = []

    def sample(seed: int) -> Game:
        rng = random.Random(seed)
        if not pool:
            pool.extend(draw(rng.getrandbits(63)) for _ in range(size))
            weights.extend(belief.weight(deal.roles()) for deal in pool)
            if sum(weights) <= 0:  # every deal outside the belief's hypotheses: keep them all at even odds
                weights[:] = [1.0] * size
        return rng.choices(pool, weights)[0].clone()
    return sample


def belief_trail(record: dict[str, Any], seat: int) -> list[tuple[int, Belief]]:
    """``seat``'s belief over a recorded game: at the end of each round (as its log numbers rounds) and at the
    end, each with that round's number; for the lab, to show how a bot's reading of the table moved."""
    from ..engine import new_game

    game = new_game(record["game"], record["players"], record["seed"], record.get("options"), record.get("setup"))
    if not has_beliefs(game.name):
        raise ValueError(f"{game.name} has no belief model; games with one: menace, guest")
    trail: list[tuple[int, Belief]] = []
    last_round = None
    for action in record["actions"]:
        log = game.log_for(seat)
        now = log[-1].get("round") if log else None
        if last_round is not None and now != last_round:
            held = beliefs(game, seat)
            assert held is not None
            trail.append((int(last_round), held))
        last_round = now
        if len(action) == 3:
            game.timeout(action[0])
        else:
            game.act(action[0], action[1])
    final = beliefs(game, seat)
    assert final is not None
    trail.append((int(last_round or 0), final))
    return trail
