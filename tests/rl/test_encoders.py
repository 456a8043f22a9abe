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
