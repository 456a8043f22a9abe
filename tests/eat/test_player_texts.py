"""What a player of Who Should We Eat? reads: player words everywhere, the role card and the end summary."""

from __future__ import annotations

import random

import treachery
from tests.player_texts import check_player_texts


def test_W_H26_every_player_text_is_in_player_words() -> None:
    check_player_texts("eat", [4, 7, 10], range(3))


def test_the_role_card_shows_your_side_character_and_personality() -> None:
    g = treachery.new_game("eat", players=5, seed=1)
    me = g.view(0)["players"][0]
    card = g.role_card(0)
    assert card is not None and card["side"] == "Survivors" and "raft" in card["goal"]
    names = [a["name"] for a in card["abilities"]]
    assert names[0] == me["name"] and "Personality" in names[1]


def test_W_W4_W_W11_the_end_says_why_and_every_seats_side() -> None:
    g = treachery.new_game("eat", players=6, seed=3)
    rng = random.Random(3)
    while not g.over:
        d = rng.choice(g.pending())
        g.act(d.seat, rng.choice(d.options))
    result = g.result()
    assert result is not None and result["summary"].endswith(".")
    assert all(result["roles"][s].rsplit(", ", 1)[1] in ("Survivor", "Ghost", "eaten this round") for s in range(6))
