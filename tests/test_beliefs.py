"""Beliefs over hidden roles: read from the seat's view and log only, so twins the seat cannot tell apart give the
same belief; the evidence moves them the right way; determinizations drawn from them keep the sampler contract."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import treachery
from treachery import Game
from treachery.bots import bot_for
from treachery.bots.base import ask
from treachery.bots.beliefs import Belief, belief_from, belief_sample, beliefs, has_beliefs

from .sampler_checks import everything, seen_by

BELIEF_GAMES = [name for name in ("menace", "guest") if has_beliefs(name)]


def _heuristic_positions(name: str, players: int, seeds: range, every: int) -> Iterator[Game]:
    """Positions of games the heuristic bots play, every ``every`` decisions: their actions carry evidence."""
    for seed in seeds:
        game = treachery.new_game(name, players=players, seed=seed)
        bots = [bot_for(name, "heuristic", seed * 100 + s) for s in range(players)]
        steps = 0
        while not game.over:
            decision = game.pending()[0]
            game.act(decision.seat, ask(bots[decision.seat], game, decision.seat, decision))
            steps += 1
            if steps % every == 0 and not game.over:
                yield game


@pytest.mark.parametrize("name,players", [(n, p) for n in BELIEF_GAMES for p in (5, 7)])
def test_twins_the_seat_cannot_tell_apart_hold_the_same_belief(name: str, players: int) -> None:
    """M-H1..H3, G-H1: a twin drawn by the sampler differs in hidden roles but shows the seat the same view and log,
    and the belief is the same; the belief is a distribution that gives the seat its own side for sure."""
    hidden_differed = 0
    for game in _heuristic_positions(name, players, range(3), every=25):
        roles = game.roles()
        for seat in range(players):
            mine = beliefs(game, seat)
            assert isinstance(mine, Belief)
            assert abs(sum(p for _, p in mine.hypotheses) - 1) < 1e-9
            assert mine.chance(seat, roles[seat]) == pytest.approx(1.0)
            for twin_seed in range(2):
                twin = game.determinized(seat, twin_seed)
                hidden_differed += twin.roles() != roles
                assert beliefs(twin, seat) == mine, f"seat {seat}: the belief read something the seat cannot see"
    assert hidden_differed, "no twin differed in a hidden role: the test compared nothing"


@pytest.mark.parametrize("name", BELIEF_GAMES)
def test_beliefs_put_more_weight_on_the_true_roles_than_the_prior(name: str) -> None:
    """Against heuristic play the evidence points the right way: the true side of the other seats gets more
    probability than the uniform deal would give it, on average over many positions."""
    believed = prior = 0.0
    for game in _heuristic_positions(name, 5, range(6), every=20):
        roles = game.roles()
        for seat in range(5):
            uniform = beliefs_without_evidence(game, seat)
            held = beliefs(game, seat)
            assert held is not None
            for other in range(5):
                if other != seat:
                    believed += held.chance(other, roles[other])
                    prior += uniform.chance(other, roles[other])
    assert believed > prior * 1.05


def beliefs_without_evidence(game: Game, seat: int) -> Belief:
    """The same seat's belief from its view alone (an empty log): the prior over what it cannot rule out."""
    held = belief_from(game.name, game.view(seat), [])
    assert held is not None
    return held


@pytest.mark.parametrize("name", BELIEF_GAMES)
def test_a_belief_sample_looks_like_the_true_game_and_depends_only_on_what_the_seat_knows(name: str) -> None:
    """The sampler contract (tests/sampler_checks.py) holds for samples drawn from a belief: same view, log and
    pending decisions for the seat; the same seed gives the same sample; a look-alike twin gives the same one."""
    rng = random.Random(3)
    checked = 0
    for game in _heuristic_positions(name, 5, range(2), every=30):
        seat = rng.randrange(5)
        held = beliefs(game, seat)
        sample = belief_sample(game, seat, 11, held)
        assert seen_by(sample, seat) == seen_by(game, seat)
        assert everything(belief_sample(game, seat, 11, held)) == everything(sample)
        twin = game.determinized(seat, 99)
        assert everything(belief_sample(twin, seat, 11, beliefs(twin, seat))) == everything(sample)
        checked += 1
    assert checked


def test_a_search_over_belief_worlds_draws_the_worlds_the_belief_weighs() -> None:
    """``resample`` keeps, among the sampler's candidate deals, one with odds by the belief's weight of its roles:
    a belief sure of one candidate's roles gets that candidate; ``weighted_pool`` does the same from one pool of
    deals drawn once, a copy each time; and Menace's `lookahead` plans the worlds of a searched decision over
    such a pool (``pool`` draws of the sampler a decision, however many worlds)."""
    from treachery.bots.beliefs import CANDIDATES, resample, weighted_pool
    from treachery.games.menace.best import MenaceLookaheadBot

    game = treachery.new_game("menace", 5, 0)  # a game where a vote is called
    bots = [bot_for("menace", "heuristic", s) for s in range(5)]
    while not any(d.kind == "vote" and len(d.options) > 1 for d in game.pending()):
        decision = game.pending()[0]
        game.act(decision.seat, ask(bots[decision.seat], game, decision.seat, decision))
    decision = next(d for d in game.pending() if d.kind == "vote" and len(d.options) > 1)
    seat = decision.seat
    rng = random.Random(9)
    candidates = [game.determinized(seat, rng.getrandbits(63)) for _ in range(CANDIDATES)]
    sure = Belief(seat, ((tuple(candidates[5].roles()), 1.0),))
    assert len({tuple(c.roles()) for c in candidates}) > 1  # the candidates differ, so the pick means something
    picked = resample(lambda s: game.determinized(seat, s), 9, sure)
    assert picked.roles() == candidates[5].roles()

    pooled = weighted_pool(lambda s: game.determinized(seat, s), sure, CANDIDATES)
    first = pooled(9)  # the pool is drawn from the first call's seed, as resample draws its candidates
    assert first.roles() == candidates[5].roles()
    first.act(seat, next(d for d in first.pending() if d.seat == seat).ids[0])  # a copy: the pool is untouched
    again = pooled(9)
    assert again is not first and again.roles() == candidates[5].roles()
    assert any(d.seat == seat for d in again.pending())  # the seat's vote, answered in the first copy only
    assert all(pooled(seed).roles() == candidates[5].roles() for seed in range(20))

    draws: list[int] = []

    def counting(seed: int) -> Game:
        draws.append(seed)
        return game.determinized(seat, seed)

    class Small(MenaceLookaheadBot):
        worlds = 3
        min_worlds = 2
        rollouts = 12

    bot = Small(1)
    option = bot.choose(game.view(seat), decision, counting, game.log_for(seat))
    assert option in decision.options
    assert len(draws) == Small.pool  # the worlds are resampled from one pool of deals
