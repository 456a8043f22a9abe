"""What a Guest player reads: player words everywhere, the role card and the end summary."""

from __future__ import annotations

import random

import treachery
from tests.guest.util import P1, P2, G, H, start
from tests.player_texts import check_player_texts


def test_every_player_text_is_in_player_words() -> None:
    check_player_texts("guest", [5, 8, 12], range(3))


def test_G_S2_the_role_card_shows_your_own_character_and_madness() -> None:
    g = start(5, [G, H, H, G, H], hands={P2: ["madness"]})
    guest = g.role_card(P1)
    assert guest is not None and guest["title"] == "Guest" and guest["side"] == "Guests"
    assert "Human" in guest["goal"] and "Commander" in " ".join(guest["can"])  # P1 holds the office here
    mad = g.role_card(P2)
    assert mad is not None and mad["side"] == "Madness" and "last player alive" in mad["goal"]


def test_G_W5_the_end_says_why_and_every_seats_character() -> None:
    g = treachery.new_game("guest", players=6, seed=4)
    rng = random.Random(4)
    while not g.over:
        d = rng.choice(g.pending())
        g.act(d.seat, rng.choice(d.options))
    result = g.result()
    assert result is not None and result["summary"].endswith(".")
    assert all(result["roles"][s].split(",")[0] in ("Human", "Guest") for s in range(6))


def test_G_V19_an_eliminated_player_is_told_what_is_left() -> None:
    g = treachery.new_game("guest", players=5, seed=4)
    rng = random.Random(4)
    while not g.over and all(g.alive):
        d = rng.choice(g.pending())
        g.act(d.seat, rng.choice(d.options))
    out = g.alive.index(False)
    card = g.role_card(out)
    assert card is not None and card["fate"]["title"] == "You are off the ship"
    assert "Graveyard" in card["fate"]["still"] and f"P{out + 1}" in card["fate"]["why"]


def test_G_E50_a_restriction_option_names_the_card_it_would_cancel() -> None:
    from tests.guest.util import ballots, play

    game = start(5, [H, G, H, G, H], hands={P1: ["suspicion", "restriction"], P2: ["restriction"]}, top=["vote"])
    ballots(game, (P1, 2), (P2, 2), (2, P1), (3, 2), (4, None))
    play(game, (P1, "play suspicion P2"))
    decision = next(d for d in game.pending() if any(o["text"] == "play restriction 1" for o in d.options))
    restriction = next(o["id"] for o in decision.options if o["text"] == "play restriction 1")
    assert game.option_labels(decision)[restriction] == "Restriction: cancel P1's Suspicion"
