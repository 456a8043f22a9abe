"""The engine contract for every player count with each variant on (the shared contract runs the default game)."""

from __future__ import annotations

import json
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import treachery
from tests import conformance
from treachery.games.eat.cards import N_SURVIVOR

VARIANTS = [{"follow_the_leader": True}, {"phone_booth": True}, {"dwindling_resources": 2},
            {"follow_the_leader": True, "phone_booth": True, "dwindling_resources": 5}]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "+".join(o))
def test_variants_play_to_the_end_replay_and_clone(options: dict[str, object]) -> None:
    for players in range(4, 11):
        game = treachery.new_game("eat", players=players, seed=players, options=options)
        rng = random.Random(players)
        half = None
        while not game.over:
            if half is None and len(game.record()["actions"]) == 25:
                half = game.clone()
                half_print = conformance.fingerprint(half)
            decision = game.pending()[rng.randrange(len(game.pending()))]
            conformance.check_decision(game, decision)
            game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
        again = treachery.replay_record(json.loads(json.dumps(game.record())))
        assert conformance.fingerprint(again) == conformance.fingerprint(game)
        assert again.result() == game.result()
        if half is not None:
            conformance.random_playout(half.clone(), random.Random(2))
            assert conformance.fingerprint(half) == half_print


def _survivor_cards(game: treachery.Game) -> int:
    g = game
    held = sum(1 for s in range(g.players) for c in g.hands[s] + [g.play[s], g.keep[s], g.haunt[s]]  # type: ignore
               if 0 <= c < N_SURVIVOR)
    return held + sum(len(g.piles[d]) + len(g.discards[d]) for d in range(3))  # type: ignore[attr-defined]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(4, 10), choices=st.randoms(use_true_random=False))
def test_W_C8_W_C16_W_D1_invariants_hold_in_random_play(seed: int, players: int, choices: random.Random) -> None:
    """Cards are conserved, tracks stay in range, pickling round-trips, the end is one result."""
    game = treachery.new_game("eat", players=players, seed=seed)
    while not game.over:
        assert _survivor_cards(game) == 72
        assert -15 <= game.food <= 20 and 0 < game.sanity <= 15 and 0 <= game.build <= 40  # type: ignore
        decision = choices.choice(game.pending())
        game.act(decision.seat, choices.choice(decision.options))
    assert pickle.loads(pickle.dumps(game)).result() == game.result()
    assert _survivor_cards(game) == 72


def test_clone_copies_every_mutable_container() -> None:
    game = treachery.new_game("eat", players=6, seed=9)
    conformance.random_playout(game.clone(), random.Random(1))
    other = game.clone()
    for key, value in game.__getstate__().items():
        if key.startswith("_") or not isinstance(value, list):
            continue
        assert other.__getstate__()[key] is not value, key
        for mine, theirs in zip(value, other.__getstate__()[key], strict=True):
            if isinstance(mine, list):
                assert mine is not theirs, key
