"""The observation encoders: an encoder's fast path (straight from the game) gives exactly the vector of its
view path at every step, for every seat and the spectator, at the smallest, a middle and the largest table;
eliminations likewise."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo", reason="the encoder tests need the rl extra: pip install -e '.[rl]'")

import numpy as np

import treachery
from treachery.rl.encoders import Encoder, encoder_for

from .util import GAMES, player_counts

FAST = [g for g in GAMES if type(encoder_for(g, treachery.game_class(g).min_players)).encode_game
        is not Encoder.encode_game]


def test_killer_has_the_fast_path() -> None:
    assert "killer" in FAST


@pytest.mark.parametrize("game_name", FAST)
def test_the_fast_path_equals_the_view_path_everywhere(game_name: str) -> None:
    states = 0
    for players in player_counts(game_name):
        encoder = encoder_for(game_name, players)
        rng = random.Random(players)
        for seed in range(5):
            game = treachery.new_game(game_name, players=players, seed=seed)
            for _ in range(400):  # decisions: enough to meet every step of a game, votes and reveals included
                for seat in (None, *range(players)):
                    view = game.view(seat)
                    assert np.array_equal(encoder.encode_game(game, seat), encoder.encode(view)), (players, seed, seat)
                    states += 1
                public = game.view(None)
                assert encoder.eliminated_seats(game) == {s for s in range(players) if encoder.eliminated(public, s)}
                if game.over:
                    break
                decision = game.pending()[0]
                game.act(decision.seat, rng.choice(decision.options)["id"])
    assert states > 1000


def test_menace_observations_carry_the_last_discussions_claims() -> None:
    """M-H33: the claims are public, so every seat's vector holds them, claimant by claimant."""
    from treachery.rl.encoders.menace import CLAIM_KINDS

    encoder = encoder_for("menace", 5)
    rng = random.Random(33)
    found = 0
    for seed in range(10):
        game = treachery.new_game("menace", players=5, seed=seed)
        while not game.over and found < 20:
            claims = game.view(None)["claims"]
            for claim in claims:
                at = encoder._claims + claim["seat"] * encoder._per_claim  # type: ignore[attr-defined]
                for seat in (None, *range(5)):
                    vector = encoder.encode_game(game, seat)
                    assert vector[at + CLAIM_KINDS[claim["kind"]]] == 1.0
                    if claim["named"] is not None:
                        assert vector[at + CLAIM_KINDS.size + claim["named"]] == 1.0
                found += 1
            decision = rng.choice(game.pending())
            game.act(decision.seat, rng.choice(decision.ids))
    assert found >= 20
