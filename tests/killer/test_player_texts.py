"""What a Killer player reads: player words everywhere, the role card and the end summary (the table explains)."""

from __future__ import annotations

import random

import treachery
from tests.player_texts import check_player_texts


def test_every_player_text_is_in_player_words() -> None:
    check_player_texts("killer", [3, 5, 8], range(4))


def test_the_role_card_says_who_you_are_how_you_win_and_what_you_can_do() -> None:
    g = treachery.new_game("killer", players=4, seed=3)
    card = g.role_card(1)
    assert card is not None
    assert card["title"] == g.view(1)["players"][1]["name"] and card["side"] == "Crew"
    assert "LAST ON BOARD" in card["goal"] and any("Position" in line for line in card["can"])
    assert "fate" not in card


def test_K_W2_K_W7_the_end_says_why_in_a_sentence_and_every_seats_role() -> None:
    g = treachery.new_game("killer", players=4, seed=3)
    rng = random.Random(1)
    while not g.over:
        d = g.pending()[0]
        g.act(d.seat, rng.choice(d.options))
    result = g.result()
    assert result is not None and result["reason"] in ("tragic defeat", "alien destroyed", "flamethrower",
                                                       "last on board", "round cap")
    assert result["summary"].endswith(".") and "_" not in result["summary"]
    assert sorted(result["roles"]) == [0, 1, 2, 3]
    assert all(g.view(None)["players"][s]["name"] in result["roles"][s] for s in range(4))


def test_a_dead_crew_member_is_told_so_why_and_what_is_left() -> None:
    g = treachery.new_game("killer", players=4, seed=3)
    rng = random.Random(1)
    while not g.over and all(g.view(None)["players"][s]["alive"] for s in range(4)):
        d = g.pending()[0]
        g.act(d.seat, rng.choice(d.options))
    dead = [s for s in range(4) if not g.view(None)["players"][s]["alive"]]
    assert dead and not g.over
    fate = g.role_card(dead[0])["fate"]  # type: ignore[index]
    assert fate["title"] == "You are dead" and "watch" in fate["still"]
    assert fate["why"] and f"P{dead[0] + 1}" in fate["why"]


def test_K_E6_a_card_that_cannot_be_played_a_way_now_says_why() -> None:
    """K-E6: Ship's Computer (BR1) may be an Action only as the 2nd card; with Blackout (ER2), a 1st-card Action, a
    Position of Ship's Computer would leave Blackout as the 2nd card: the table says so rather than hiding it."""
    from .util import P1, new

    game = new(4, removed=["AL", "SB"], hunting_row=["BR", "GA", "ML", "AC", "ER", "CH"],
               hands={1: {P1: ["BR1", "ER2"]}})
    decision = game.pending_for(P1)[0]
    closed = {c["label"]: c["why"] for c in game.unavailable(decision)}
    assert [o["text"] for o in decision.options if o["text"] in ("action BR1", "position BR1")] == []
    assert "2nd card" in closed["Action: Ship's Computer (BR1)"]
    assert "Blackout" in closed["Position: Bridge 1 (BR1)"] and "1st card" in closed["Position: Bridge 1 (BR1)"]
