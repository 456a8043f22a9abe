"""The terminal explains the game: the role card, the texts of the cards held or offered, the moves closed now with
why, and the end summary with every seat's role and side."""

from __future__ import annotations

from rich.console import Console

import treachery
from treachery.bots.random_bot import RandomBot
from treachery.terminal import play_in_terminal


def _play(game_name: str, players: int, seed: int) -> str:
    game = treachery.new_game(game_name, players=players, seed=seed)
    console = Console(width=140, record=True, color_system=None)
    bots = [RandomBot(seed + s) for s in range(players)]
    play_in_terminal(console, game, 0, bots, read=lambda _prompt: "")  # Enter: the default every time
    assert game.over
    return console.export_text()


def test_the_terminal_shows_the_role_card_card_texts_and_the_end_summary() -> None:
    shown = _play("menace", 4, 3)
    assert "You are The" in shown and "How you win:" in shown and "What you can do" in shown
    assert "Characters to choose from" in shown and "About these cards" in shown
    assert "Raise Morale (Below Deck card, Good): Oxygen +2." in shown or "Basic Repair (Below Deck card" in shown
    assert "Game over" in shown and ("You won!" in shown or "You lost." in shown)
    for seat in range(4):
        assert f"P{seat + 1} " in shown.split("Game over", 1)[1]  # every seat's row in the end summary


def test_the_terminal_says_why_a_card_cannot_be_played_now() -> None:
    for seed in range(40):
        game = treachery.new_game("killer", players=4, seed=seed)
        decision = game.pending_for(0)
        if decision and game.unavailable(decision[0]):
            break
    shown = _play("killer", 4, seed)
    assert "Not now: " in shown and "2nd card" in shown


def test_the_agent_text_shows_the_role_card_and_the_end_summary() -> None:
    from treachery.agent.text import view_text

    game = treachery.new_game("guest", players=5, seed=2)
    shown = view_text(game, 0)
    assert "== Who you are: " in shown and "How you win: " in shown and "What you can do:" in shown
    rng = __import__("random").Random(2)
    while not game.over:
        decision = rng.choice(game.pending())
        game.act(decision.seat, rng.choice(decision.options))
    shown = view_text(game, 0)
    assert game.result()["summary"] in shown  # type: ignore[index]
    assert all(f"P{s + 1}: " in shown for s in range(5))
