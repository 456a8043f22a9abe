"""Card effects (G-E*)."""

from __future__ import annotations

import pytest

from treachery.games.guest.cards import MADNESS
from treachery.games.guest.setup import GUEST, HUMAN

from .util import (
    P1,
    P2,
    P3,
    P4,
    P5,
    G,
    H,
    ballots,
    end_turn,
    kinds,
    log_texts,
    logged,
    passes,
    play,
    settle,
    start,
    texts,
)


def _vote_window(players: int = 5, hands: dict[int, list[str]] | None = None, chars: list[str] | None = None,
                 **kw):  # type: ignore[no-untyped-def]
    game = start(players, chars or [H, G, H, G, H], hands=hands, top=["vote", "bribe"], **kw)
    for seat in range(players):
        if game.alive[seat]:
            game.timeout(seat)
    return game


def test_G_E1_G_Q8_choose_a_player_includes_yourself_except_bribes_new_target() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["blaster", "transplant"]}, top=["bribe"])
    options = texts(game, P1)
    assert "play blaster P1" in options and "play transplant P1 P2" in options
    game = _vote_window(hands={P1: ["bribe", "suspicion"]})
    options = texts(game, P1)
    assert "play suspicion P1" in options and "play bribe P1 to P2" in options
    assert "play bribe P1 to P1" not in [o["text"] for o in game.catalogue_in_use]


def test_G_E3_G_E52_G_Q31_a_vote_is_never_on_the_stack_and_is_discarded_at_the_end() -> None:
    game = _vote_window(hands={P1: ["restriction"]})
    assert texts(game, P1) == ["pass"]  # nothing on the stack: the Vote cannot be restricted
    settle(game)
    assert game.view(None)["discard_face_up"] == ["Vote"]


def test_G_E4_G_Q23_life_support_stops_at_a_vote() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["life_support"]}, top=["bribe", "vote", "amputate", "amputate"])
    play(game, (P1, "play life support"))
    settle(game)
    assert kinds(game) == [(P1, "ballot")] and game.hands[P1] == [9]
    assert game.deck[-2:] == [5, 5]


def test_G_E7_G_E8_G_Q12_second_infection_window_then_advance() -> None:
    game = start(5, [H, G, H, G, H], infections={P2: 1}, active=P2, top=["infection"], hands={P3: ["amputate"]})
    settle(game)  # turn start: 1 -> 2... with nobody acting
    game = start(5, [H, G, H, G, H], infections={P1: 1}, top=["infection"], hands={P3: ["amputate"]})
    passes(game, 5)  # turn-start window: marker at 2
    assert game.infection[P1] == 2
    assert game.base == 2 and kinds(game) == [(P1, "priority")]  # infection-draw window
    passes(game, 2)
    play(game, (P3, "play amputate P1"))
    settle(game)
    assert game.infection[P1] == 1 and game.infected_turn[P1] == game.turn  # removed in the window: placed at 1
    assert game.character[P1] == HUMAN


def test_G_E9_G_E10_G_E11_G_H9_G_Q9_full_activation_announced_alike() -> None:
    texts_by_char = {}
    for char in (H, G):
        game = start(5, [char, G, H, G, H] if char == H else [G, H, H, G, H], infections={P1: 2}, top=["bribe"])
        settle(game)
        assert game.character[P1] == GUEST and game.infection[P1] == 0
        assert "Infection" in game.view(None)["discard_face_up"]
        texts_by_char[char] = [t for t in log_texts(game) if "Guest" in t]
    assert texts_by_char[H] == texts_by_char[G] == ["P1's Infection reaches position 3: P1 is now a Guest."]


def test_G_E12_only_active_infections_can_be_treated() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["amputate", "adrenaline"]}, top=["bribe"])
    assert texts(game, P1) == ["end play"]


def test_G_E13_infection_touches_nothing_else() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["madness", "bribe"]}, infections={P1: 2}, top=["bribe"])
    settle(game)
    assert game.character[P1] == GUEST and game.mad(P1) and game.commander == P1 and len(game.hands[P1]) == 3


def test_G_E14_full_activation_on_a_mad_player() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["madness"]}, infections={P1: 2}, top=["bribe"])
    settle(game)
    assert game.character[P1] == GUEST and game.view(P1)["mad"]


def test_G_E15_G_V19_eliminated_players_infection_and_hand() -> None:
    game = start(5, [H, G, H, G, H], hands={P3: ["bribe", "madness"]}, infections={P3: 1}, top=["vote"])
    ballots(game, (P1, P3), (P2, P3), (P3, P1), (P4, P3), (P5, P3))
    settle(game)
    view = game.view(None)
    assert view["discard_face_up"] == ["Infection", "Vote"] and view["discard_face_down"] == 2
    assert not any("Madness" in t for t in log_texts(game))  # G-E19, G-H12
    assert game.side[P3] == "Madness"


def test_G_E16_G_E20_G_W9_mad_player_counts_by_character_until_the_end() -> None:
    game = start(5, [H, G, G, H, H], eliminated=[P4], hands={P1: ["madness"]}, top=["vote"])
    ballots(game, (P1, P2), (P2, P5), (P3, P2), (P5, P2))
    settle(game)
    assert not game.over  # living mad Human P1, Guest P3, Human P5: a Human character still lives


def test_G_E17_G_H12_drawn_madness_is_secret() -> None:
    game = start(5, [H, G, H, G, H], top=["madness"])
    assert game.mad(P1) and game.view(P1)["mad"]
    assert not any("Madness" in t for t in log_texts(game)) and "mad" not in game.view(None)["players"][P1]


def test_G_E18_G_Q29_madness_cannot_be_played_but_moves_with_misplace() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["madness", "misplace"], P2: ["bribe"]}, deck=[], discard=[],
                 seed=0)
    assert texts(game, P1) == ["end play", "play misplace"]
    play(game, (P1, "play misplace"))
    settle(game)
    assert sorted(game.hands[P1] + game.hands[P2]) == [MADNESS, 9]
    assert game.mad(P2) == (MADNESS in game.hands[P2]) and game.mad(P1) != game.mad(P2)


@pytest.mark.rule("G-E24", "G-E25", "G-H7", "G-E22", "G-E23")
def test_G_E21_to_G_E26_G_Q7_blaster_priority_chain_public_result() -> None:
    """G-E21, G-E24 (a Guest becomes Human), G-E25 and G-H7 (announced), G-E26 (Madness, hand, office untouched);
    G-E22 and G-E23 with every case in test_G_K9."""
    game = start(5, [H, G, H, G, H], hands={P1: ["blaster"], P2: ["madness", "bribe"]}, commander=P2,
                 top=["bribe"], active=P1)
    play(game, (P1, "play blaster P2"))
    settle(game)
    assert logged(game, "Blaster Prototype hits P2: P2 is now Human.")
    assert game.view(None)["players"][P2]["announced"] == "Human"
    assert game.mad(P2) and game.commander == P2 and len(game.hands[P2]) == 2  # G-E26


def test_G_E27_G_E29_misplace_with_fewer_than_two_givers_changes_nothing() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["misplace", "blaster"]}, deck=[], discard=[])
    play(game, (P1, "play misplace"))
    settle(game)
    assert game.hands[P1] == [1] and logged(game, "Misplace resolved.")
    assert not logged(game, "you lose", P1)


def test_G_E28_G_E30_G_H15_misplace_givers_see_their_swap() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["misplace", "blaster"], P3: ["bribe"], P4: ["suspicion"]},
                 deck=[], discard=[], seed=2)
    play(game, (P1, "play misplace"))
    settle(game)
    for seat in (P1, P3, P4):
        assert logged(game, "Misplace: you lose", seat)
    assert not logged(game, "Misplace: you", P2) and not logged(game, "Misplace: you", P5)


def test_G_E31_G_E32_life_support_draws_three_one_at_a_time() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["life_support"]},
                 top=["bribe", "amputate", "infection", "restriction"])
    play(game, (P1, "play life support"))
    settle(game)
    assert sorted(game.hands[P1]) == [5, 9, 12] and game.infection[P1] == 1
    assert game.view(None)["discard_face_up"] == ["Life Support"]


@pytest.mark.rule("G-E34", "G-E35", "G-E36", "G-E37")
def test_G_E33_to_G_E38_G_H5_G_H6_G_Q21_transplant() -> None:
    """G-E33 look, G-E34 mixed at random, G-E35 two living players, G-E36 the player is not told the result,
    G-E37 each target sees their card, G-E38 only characters move."""
    game = start(5, [H, G, H, H, G], hands={P1: ["transplant", "madness"]}, commander=P2, active=P1,
                 infections={P2: 1}, deck=[], discard=[], seed=1)
    assert "play transplant P2 P2" not in texts(game, P1)  # two different players (G-E35)
    play(game, (P1, "play transplant P1 P2"))
    settle(game)
    assert logged(game, "you look at P1 (Human) and P2 (Guest)", P1)
    assert sum(logged(game, "your character card is handed back", s) for s in range(5)) == 2
    assert game.commander == P2 and game.infection[P2] == 1 and game.mad(P1)  # only characters move
    assert sorted(game.character[:2]) == [HUMAN, GUEST]
    assert game.view(P1)["looked_at"][0] == {"seat": P1, "character": "Human", "turn": 1}


def test_G_E39_amputate() -> None:
    game = start(5, [H, G, H, G, H], hands={P2: ["amputate"]}, infections={P4: 2}, top=["bribe"])
    play(game, (P1, "end play"))
    passes(game, 1)
    play(game, (P2, "play amputate P4"))
    settle(game)
    assert game.infection[P4] == 0


def test_G_E40_G_E41_G_E42_G_Q1_adrenaline_both_ways() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["adrenaline", "adrenaline"]}, infections={P3: 1, P4: 2},
                 top=["bribe"])
    play(game, (P1, "play adrenaline P3 back"))
    settle(game)
    assert game.infection[P3] == 0 and logged(game, "Adrenaline on P3, back")
    play(game, (P1, "play adrenaline P4 forward"))
    settle(game)
    assert game.character[P4] == GUEST and game.infection[P4] == 0


def test_G_E43_G_E44_G_E45_G_Q14_bribe() -> None:
    game = _vote_window(hands={P1: ["bribe"], P2: ["bribe"]})
    play(game, (P1, "play bribe P3 to P4"))  # an empty ballot may be bribed
    passes(game, 1)
    play(game, (P2, "play bribe P3 to P5"))  # in response: resolves first
    settle(game)
    assert game.view(None)["past_votes"][0]["counted"][P3] == P4 and not game.alive[P4]  # the last to resolve counts


def test_G_E46_G_E47_G_Q15_suspicions_add_up() -> None:
    game = _vote_window(hands={P1: ["suspicion"], P2: ["suspicion"]})
    play(game, (P1, "play suspicion P3"))
    passes(game, 5)
    passes(game, 1)
    play(game, (P2, "play suspicion P3"))
    settle(game)
    assert game.view(None)["past_votes"][0]["totals"][P3] == 2 and not game.alive[P3]


def test_G_E48_G_E49_G_Q13_immunity_one_per_round() -> None:
    game = _vote_window(hands={P1: ["immunity"], P2: ["immunity"]})
    play(game, (P1, "play immunity"))
    passes(game, 1)
    assert "play immunity" not in texts(game, P2)
    settle(game)
    assert logged(game, "Nobody is ejected.")


def test_G_E50_G_E51_restriction_cancels_one_card_only() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["amputate", "amputate"], P2: ["restriction"]},
                 infections={P3: 1, P4: 1}, top=["bribe"])
    play(game, (P1, "play amputate P3"))
    play(game, (P1, "play amputate P4"))
    passes(game, 1)
    play(game, (P2, "play restriction 1"))  # the bottom card
    settle(game)
    assert game.infection[P3] == 1 and game.infection[P4] == 0


def test_G_E55_G_E56_G_X9_office_hand_over_only_on_elimination() -> None:
    game = start(5, [H, G, H, G, H], top=["vote"])
    ballots(game, (P1, P2), (P2, P1), (P3, P1), (P4, P1), (P5, P1))
    settle(game)
    assert texts(game, P1) == ["office P2", "office P3", "office P4", "office P5"]
    play(game, (P1, "office P4"))
    assert game.commander == P4 and game.view(None)["players"][P4]["commander"]


def test_G_E58_G_H3_character_revealed_only_on_elimination() -> None:
    game = start(5, [H, G, H, G, H], top=["vote"])
    assert all(p["revealed"] is None for p in game.view(None)["players"])
    ballots(game, (P1, P2), (P2, P1), (P3, P2), (P4, P2), (P5, P2))
    settle(game)
    assert game.view(None)["players"][P2]["revealed"] == "Guest"
    end_turn(game)
