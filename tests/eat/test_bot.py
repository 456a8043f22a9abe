"""The heuristic bot: legal answers from the seat's view alone, whole games, same seed same game."""

from __future__ import annotations

import treachery
from treachery.games.eat.bots import HEURISTIC_BOT, EatBot


def play_out(players: int, seed: int, options: dict[str, object] | None = None) -> treachery.Game:
    game = treachery.new_game("eat", players=players, seed=seed, options=options or {})
    bots = [EatBot(seed * 100 + s) for s in range(players)]
    while not game.over:
        for decision in game.pending():
            choice = bots[decision.seat].choose(game.view(decision.seat), decision)
            assert choice in decision.options
            game.act(decision.seat, choice)
    return game


def test_heuristic_bot_finishes_games_for_every_player_count_and_variant() -> None:
    assert HEURISTIC_BOT is EatBot
    for players in range(4, 11):
        game = play_out(players, players, {"phone_booth": players % 2 == 0, "follow_the_leader": players > 6})
        assert game.result() is not None


def test_heuristic_bot_is_deterministic() -> None:
    assert play_out(6, 3).record() == play_out(6, 3).record()


def test_heuristic_bot_beats_random_choices_for_the_survivors() -> None:
    wins = sum(play_out(5, seed).result()["reason"] == "raft" for seed in range(20))  # type: ignore[index]
    assert wins >= 10
