"""The terminal renderer draws any view of The Guest from the view alone."""

from __future__ import annotations

import random

from rich.console import Console

import treachery
from treachery.terminal import guest as render

from .util import P1, P2, P3, G, H, ballots, play, start


def _text(renderable: object) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_board_hand_and_labels_during_a_vote_and_a_stack() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["suspicion", "restriction"], P2: ["bribe"]}, infections={P3: 1},
                 top=["vote"])
    ballots(game, (P1, P3), (P2, P3), (P3, P1), (3, P3), (4, None))
    play(game, (P1, "play suspicion P2"))
    view = game.view(P1)
    board = _text(render.board(view, 120))
    assert "Suspicion on P2" in board and "→ P3" in board and "● 1" in board and "You are" in board
    assert "Restriction" in _text(render.hand(view))
    restriction = next(o for o in game.pending()[0].options if o["text"] == "play restriction 1")
    assert render.option_label(view, restriction) == "Restriction: cancel P1's Suspicion"


def test_renders_whole_random_games() -> None:
    for players in (5, 12):
        game = treachery.new_game("guest", players=players, seed=players)
        rng = random.Random(players)
        while not game.over:
            decision = game.pending()[0]
            if rng.random() < 0.05:
                _text(render.board(game.view(decision.seat), 100))
                _text(render.hand(game.view(decision.seat)) or "")
            game.act(decision.seat, rng.choice(decision.options))
        assert "over" in _text(render.board(game.view(None), 100))
