"""The worked examples of the specification (G-K1..G-K29), one test each (variants inside)."""

from __future__ import annotations

from collections import Counter

import pytest

from treachery.games.guest.cards import EFFECTS, load_cards
from treachery.games.guest.setup import GUEST, HUMAN

from .util import (
    P1,
    P2,
    P3,
    P4,
    P5,
    P6,
    P7,
    P8,
    P9,
    P12,
    G,
    H,
    alive,
    ballots,
    end_turn,
    kinds,
    logged,
    new,
    passes,
    play,
    settle,
    start,
    texts,
)

NO_STATUS_DEAL6 = {0: ["suspicion", "suspicion", "bribe"], 1: ["bribe"] * 3, 2: ["bribe", "bribe", "restriction"],
                   3: ["restriction", "immunity", "immunity"], 4: ["immunity", "amputate", "amputate"],
                   5: ["amputate", "amputate", "adrenaline"]}


def _discard_defaults(game) -> None:  # type: ignore[no-untyped-def]
    for decision in game.pending():
        game.act(decision.seat, decision.default_id)


def test_G_K1_six_player_setup() -> None:
    game = new(6, seed=3, deal=NO_STATUS_DEAL6)
    assert [d.kind for d in game.pending()] == ["setup_discard"] * 6
    assert game.view(None)["deck_size"] == 30
    _discard_defaults(game)
    view = game.view(None)
    assert game.character.count(GUEST) == 2 and game.character.count(HUMAN) == 4
    assert logged(game, "12 Votes are shuffled into the deck: 42 cards.")  # before the Commander's first draw
    assert view["deck_size"] + sum(p["cards_in_hand"] for p in view["players"]) - 12 + view["discard_size"] - 6 \
        == 42 - 12 + 12 or view["deck_size"] == 41
    assert view["discard_face_down"] == 6
    assert sorted(p["cards_in_hand"] for p in view["players"] if not p["commander"]) == [2] * 5


@pytest.mark.parametrize("players,guests,votes,deck", [
    (5, 2, 12, 45), (6, 2, 12, 42), (7, 2, 11, 38), (8, 3, 11, 35), (9, 3, 10, 31), (10, 3, 10, 28),
    (11, 4, 9, 24), (12, 4, 9, 21)])
def test_G_K2_setup_numbers_at_every_count(players: int, guests: int, votes: int, deck: int) -> None:
    game = new(players, seed=players)
    _discard_defaults(game)
    view = game.view(None)
    assert game.character.count(GUEST) == guests and game.character.count(HUMAN) == players - guests
    assert view["start"] == {"guests": guests, "humans": players - guests, "votes": votes}
    assert view["discard_face_down"] == players
    assert logged(game, f"{votes} Votes are shuffled into the deck: {deck} cards.")


def test_G_K3_a_plain_vote_and_the_commanders_next_turn() -> None:
    game = start(5, [H, G, G, H, H], active=P4, top=["vote", "bribe"])
    assert kinds(game) == [(P1, "ballot")]
    assert logged(game, "P4 draws a Vote") and not logged(game, "P4 ends their Play step")
    ballots(game, (P1, P3), (P2, P1), (P3, P1), (P4, P3), (P5, P3))
    settle(game)
    assert logged(game, "Totals: P3 3, P1 2.")
    assert alive(game) == [True, True, False, True, True]
    assert game.view(None)["players"][P3]["revealed"] == "Guest"
    assert game.view(None)["discard_face_up"] == ["Vote"]
    assert not game.over
    assert kinds(game) == [(P1, "play")] and game.view(None)["active"] == P1


def test_G_K4_tie_settled_by_the_commander() -> None:
    game = start(6, [H, G, H, G, H, H], active=P1, top=["vote"])
    ballots(game, (P1, P4), (P2, P4), (P3, P5), (P4, P5), (P5, P4), (P6, P5))
    settle(game)
    assert texts(game, P1) == ["restart", "eject P4", "eject P5"] or sorted(texts(game, P1)) == [
        "eject P4", "eject P5", "restart"]
    play(game, (P1, "eject P5"))
    assert alive(game)[P5] is False and game.view(None)["players"][P5]["revealed"] == "Human"


def test_G_K5_restart_voids_modifiers_and_only_once() -> None:
    game = start(6, [H, G, H, G, H, H], active=P1, top=["vote"], hands={P5: ["suspicion"]}, seed=4)
    ballots(game, (P1, P2), (P2, P4), (P3, P2), (P4, P2), (P5, P4), (P6, P3))
    assert passes(game, 4) == [P1, P2, P3, P4]
    play(game, (P5, "play suspicion P4"))
    settle(game)
    assert game.totals[P2] == 3 and game.totals[P4] == 3
    play(game, (P1, "restart"))
    ballots(game, (P1, P2), (P2, P4), (P3, P4), (P4, P2), (P5, P4), (P6, P2))
    settle(game)
    assert game.totals[P2] == 3 and game.totals[P4] == 3  # the Suspicion adds nothing now (G-V15)
    assert "Suspicion" in game.view(None)["discard_face_up"]
    assert "restart" not in texts(game, P1)
    decision = game.pending()[0]
    game.act(P1, decision.default_id)  # timeout: a seeded random candidate
    out = [s for s in (P2, P4) if not game.alive[s]]
    assert len(out) == 1


def _k6(players: int, moves: list[tuple[int, int | None]], hands: dict[int, list[str]]):  # type: ignore[no-untyped-def]
    chars = [H] * players
    chars[1] = G
    game = start(players, chars, active=P1, top=["vote", "bribe"], hands=hands)
    ballots(game, *moves)
    return game


def test_G_K6_immunity_hands_the_ejection_to_a_tied_runner_up() -> None:
    game = _k6(8, [(P1, P2), (P2, P6), (P3, P2), (P4, P2), (P5, P6), (P6, P7), (P7, P2), (P8, P7)],
               {P2: ["immunity"]})
    passes(game, 1)
    play(game, (P2, "play immunity"))
    settle(game)
    assert sorted(texts(game, P1)) == ["eject P6", "eject P7", "restart"]
    play(game, (P1, "eject P7"))
    assert game.alive[P2] and not game.alive[P7]


def test_G_K7_immunity_edge_cases() -> None:
    # (a) two leaders spared, a single runner-up ejected without a tie decision
    game = _k6(7, [(P1, P2), (P2, P4), (P3, P2), (P4, P2), (P5, P4), (P6, P4), (P7, P5)], {P1: ["immunity"]})
    play(game, (P1, "play immunity"))
    settle(game)
    assert not game.alive[P5] and game.alive[P2] and game.alive[P4]
    # (b) everybody on one player, nobody else voted for: nobody is ejected
    game = _k6(8, [(P1, P3), (P2, P3), (P3, None), (P4, P3), (P5, P3), (P6, P3), (P7, P3), (P8, P3)],
               {P1: ["immunity"]})
    play(game, (P1, "play immunity"))
    settle(game)
    assert all(game.alive) and logged(game, "Nobody is ejected.")
    assert "Vote" in game.view(None)["discard_face_up"] and kinds(game) == [(P1, "play")]
    # (c) a second Diplomatic Immunity is not legal once one has resolved
    game = _k6(7, [(P1, P2), (P2, P4), (P3, P2), (P4, P2), (P5, P4), (P6, P4), (P7, P5)],
               {P1: ["immunity", "immunity"]})
    assert "play immunity" in texts(game, P1)
    play(game, (P1, "play immunity"))
    assert "play immunity" not in texts(game, P1)  # on the stack
    settle(game)


def test_G_K8_bribe_suspicion_and_restriction_in_the_vote_window() -> None:
    game = start(7, [H, G, H, G, H, H, H], active=P1, top=["vote"],
                 hands={P3: ["bribe"], P5: ["suspicion"], P6: ["restriction"]})
    ballots(game, (P1, P5), (P2, P3), (P3, P5), (P4, P3), (P5, P3), (P6, P5), (P7, P2))
    assert passes(game, 2) == [P1, P2]
    play(game, (P3, "play bribe P4 to P5"))
    assert len(settle(game)) == 14  # the response window, then the vote window resumed from P1 ...
    # settle() stops only at a non-priority decision, so replay the scenario with explicit passes instead
    game = start(7, [H, G, H, G, H, H, H], active=P1, top=["vote"],
                 hands={P3: ["bribe"], P5: ["suspicion"], P6: ["restriction"]})
    ballots(game, (P1, P5), (P2, P3), (P3, P5), (P4, P3), (P5, P3), (P6, P5), (P7, P2))
    passes(game, 2)
    play(game, (P3, "play bribe P4 to P5"))
    passes(game, 7)
    assert game.counts_for[P4] == P5
    assert passes(game, 4) == [P1, P2, P3, P4]
    play(game, (P5, "play suspicion P3"))
    assert passes(game, 5) == [P1, P2, P3, P4, P5]
    play(game, (P6, "play restriction 1"))
    passes(game, 7)  # the Restriction resolves: Suspicion cancelled
    assert game.stack == []
    passes(game, 7)  # the vote window closes
    assert game.totals[P5] == 4 and game.totals[P3] == 2 and game.totals[P2] == 1
    assert not game.alive[P5]
    assert game.view(None)["discard_face_up"][:4] == ["Bribe", "Restriction", "Suspicion", "Vote"]


@pytest.mark.rule("G-E22", "G-E23", "G-E24")
@pytest.mark.parametrize("target,alive_after,char_after,infection_after", [
    (P3, True, HUMAN, 0), (P4, False, HUMAN, 0), (P2, True, HUMAN, 0), (P5, True, GUEST, 0)])
def test_G_K9_blasters_three_cases(target: int, alive_after: bool, char_after: int, infection_after: int) -> None:
    """G-E22 (Infection first), G-E23 (a Human dies), G-E24 (a Guest turns Human)."""
    game = start(6, [H, G, H, H, G, H], active=P1, infections={P3: 1, P5: 2}, hands={P1: ["blaster"]},
                 top=["bribe"])
    play(game, (P1, f"play blaster P{target + 1}"))
    settle(game)
    assert game.alive[target] is alive_after
    assert game.character[target] == char_after
    assert game.infection[target] == infection_after
    if target == P2:
        assert logged(game, "P2 is now Human")
    if target == P4:
        assert game.view(None)["players"][P4]["revealed"] == "Human"


def _k10(amputate: bool):  # type: ignore[no-untyped-def]
    # draws: P3 the Infection, four fillers, P3 a Bribe, four fillers, P3 a Suspicion (vote-only cards: no plays)
    deck = ["infection"] + ["bribe"] * 4 + ["bribe"] + ["immunity"] * 3 + ["bribe"] + ["suspicion", "suspicion"]
    game = start(5, [H, G, H, G, H], active=P3, deck=deck, hands={P2: ["amputate"]})
    assert game.infection[P3] == 1 and game.view(None)["players"][P3]["infection"] == 1
    end_turn(game)
    for _ in range(4):
        end_turn(game)
    assert passes(game, 5) == [P3, P4, P5, P1, P2]  # the turn-start window
    assert game.infection[P3] == 2
    end_turn(game)
    for _ in range(4):
        end_turn(game)
    assert passes(game, 4) == [P3, P4, P5, P1]
    if amputate:
        play(game, (P2, "play amputate P3"))
        passes(game, 5)
    else:
        passes(game, 1)
    return game


def test_G_K10_infection_progression_and_a_last_moment_amputate() -> None:
    game = _k10(True)
    assert passes(game, 5) == [P3, P4, P5, P1, P2]  # the turn-start window again, now with nothing to advance
    assert game.infection[P3] == 0 and game.character[P3] == HUMAN
    assert kinds(game) == [(P3, "play")] and game.view(P3)["hand"] == ["Bribe", "Suspicion"]
    game = _k10(False)
    assert game.character[P3] == GUEST and logged(game, "P3 is now a Guest")
    assert game.infection[P3] == 0 and "Infection" in game.view(None)["discard_face_up"]


def test_G_K11_second_infection_inside_life_support_on_a_guest() -> None:
    game = start(5, [H, G, H, H, G], active=P2, infections={P2: 1}, hands={P2: ["life_support"]},
                 top=["bribe", "infection", "amputate", "infection"])
    settle(game)  # turn-start window: the marker moves to 2
    assert game.infection[P2] == 2
    play(game, (P2, "play life support"))
    passes(game, 5)  # nobody responds; draw 1 opens the infection-draw window
    assert logged(game, "P2 draws an Infection")
    assert game.step == 5 and game.base == 2 and game.view(None)["step"] == "infection-draw window"
    passes(game, 5)
    assert game.character[P2] == GUEST and logged(game, "P2's Infection reaches position 3: P2 is now a Guest.")
    assert game.infection[P2] == 1  # draw 3 placed a new one at 1
    assert "Amputate" in game.view(P2)["hand"] and logged(game, "You draw Amputate.", P2)
    assert not logged(game, "Amputate", None)
    assert game.view(None)["discard_face_up"].count("Infection") == 2
    assert game.view(None)["discard_face_up"][-1] == "Life Support"


def _k12(restrict: bool):  # type: ignore[no-untyped-def]
    game = start(5, [H, G, H, H, G], active=P2, infections={P4: 2}, top=["suspicion"],
                 hands={P2: ["adrenaline", "restriction"], P5: ["amputate"]})
    play(game, (P2, "play adrenaline P4 forward"))
    assert passes(game, 3) == [P2, P3, P4]
    play(game, (P5, "play amputate P4"))
    if restrict:
        play(game, (P2, "play restriction 2"))
    passes(game, 5)
    passes(game, 5)
    return game


def test_G_K12_adrenaline_race() -> None:
    game = _k12(True)
    assert game.character[P4] == GUEST and logged(game, "P4 is now a Guest")
    assert game.view(None)["discard_face_up"] == ["Restriction", "Amputate", "Adrenaline", "Infection"]
    game = _k12(False)
    assert game.character[P4] == HUMAN and game.infection[P4] == 0
    assert logged(game, "Adrenaline fizzles")


def test_G_K13_counter_war_saves_a_cure() -> None:
    game = start(5, [H, G, H, H, G], active=P1, infections={P3: 2}, top=["bribe"],
                 hands={P1: ["blaster"], P2: ["restriction"], P4: ["restriction"]})
    play(game, (P1, "play blaster P3"))
    passes(game, 1)
    play(game, (P2, "play restriction 1"))
    passes(game, 3)
    play(game, (P4, "play restriction 2"))
    passes(game, 5)
    assert logged(game, "P4's Restriction cancels P2's Restriction")
    passes(game, 5)
    assert game.infection[P3] == 0 and game.alive[P3] and logged(game, "Infection removed")


def test_G_K14_madness_wins_as_the_last_one_alive() -> None:
    game = start(5, [H, H, G, H, G], hands={P2: ["madness"]}, deck=["vote"] * 4)
    ballots(game, (P1, P3), (P2, P1), (P3, P1), (P4, P1), (P5, P1))
    settle(game)
    play(game, (P1, "office P2"))
    assert game.commander == P2
    ballots(game, (P2, P4), (P3, P4), (P4, P3), (P5, P4))
    settle(game)
    assert not game.over
    ballots(game, (P2, P3), (P3, P2), (P5, P3))
    settle(game)
    ballots(game, (P2, P5), (P5, P2))
    settle(game)
    play(game, (P2, "eject P5"))
    assert game.over and game.result()["winners"] == [P2] and game.result()["reason"] == "madness"


def test_G_K15_madness_fails_when_the_other_side_falls_first() -> None:
    game = start(6, [H, H, G, H, G, H], hands={P2: ["madness"]}, deck=["vote"] * 2)
    ballots(game, (P1, P3), (P2, P3), (P3, P1), (P4, P3), (P5, P1), (P6, P3))
    settle(game)
    ballots(game, (P1, P5), (P2, P5), (P4, P5), (P5, P1), (P6, P5))
    settle(game)
    result = game.result()
    assert result["reason"] == "humans" and result["winners"] == [P1, P4, P6]
    assert result["sides"][P2] == "Madness"


def test_G_K16_no_end_check_mid_turn_and_an_infection_revives_the_guests() -> None:
    game = start(5, [H, G, G, H, H], eliminated=[P3], infections={P4: 2}, hands={P1: ["blaster"]},
                 deck=["bribe", "bribe", "vote"])
    play(game, (P1, "play blaster P2"))
    settle(game)
    assert logged(game, "P2 is now Human") and not game.over  # all living Human, no end check (G-W3)
    end_turn(game)
    end_turn(game)  # P2's turn
    assert passes(game, 4) == [P4, P5, P1, P2]
    assert game.character[P4] == GUEST
    ballots(game, (P1, P4), (P2, P4), (P4, P1), (P5, P4))
    settle(game)
    result = game.result()
    assert result["reason"] == "humans" and result["winners"] == [P1, P2, P5]


def test_G_K17_one_player_left_after_a_blaster_ends_the_game_at_once() -> None:
    game = start(5, [H, G, H, G, H], eliminated=[P3, P4, P5], hands={P1: ["blaster", "blaster"]}, top=["bribe"])
    play(game, (P1, "play blaster P2"))
    settle(game)
    assert game.character[P2] == HUMAN and not game.over
    play(game, (P1, "play blaster P2"))
    settle(game)
    result = game.result()
    assert game.over and result["reason"] == "humans" and result["winners"] == [P1, P2, P3, P5]


@pytest.mark.parametrize("timeout", [False, True])
def test_G_K18_commander_ejected_office_first_reveal_second(timeout: bool) -> None:
    game = start(6, [G, H, H, G, H, H], top=["vote", "bribe"])
    ballots(game, (P1, P2), (P2, P1), (P3, P1), (P4, P1), (P5, P1), (P6, P1))
    settle(game)
    assert kinds(game) == [(P1, "office")]
    assert game.view(None)["players"][P1]["revealed"] is None  # not yet
    decision = game.pending()[0]
    assert decision.default["text"] == "office P2"
    game.act(P1, decision.default_id if timeout else "office P3")
    new_cmdr = P2 if timeout else P3
    assert game.commander == new_cmdr
    texts_ = [e["text"] for e in game.log_for(None)]
    hand_over = next(i for i, t in enumerate(texts_) if "hands the Commander office" in t)
    reveal = next(i for i, t in enumerate(texts_) if "P1 shows their character: Guest" in t)
    assert hand_over < reveal and not game.over
    assert kinds(game) == [(new_cmdr, "play")]


def test_G_K19_active_commander_dies_in_their_own_turn() -> None:
    game = start(5, [H, G, H, G, H], commander=P3, hands={P3: ["blaster", "bribe"]}, top=["suspicion", "bribe"])
    play(game, (P3, "play blaster P3"))
    settle(game)
    play(game, (P3, "office P5"))
    assert not game.alive[P3] and game.commander == P5
    assert game.view(None)["discard_face_down"] == 2
    assert kinds(game) == [(P4, "play")] and not game.over


def test_G_K20_life_support_cut_short_by_a_vote() -> None:
    game = start(5, [H, G, H, G, H], active=P3, hands={P3: ["life_support"]},
                 top=["bribe", "suspicion", "vote", "blaster"])
    play(game, (P3, "play life support"))
    settle(game)
    assert "Suspicion" in game.view(P3)["hand"] and game.deck[-1] == load_cards().cards[0].kind + 1  # Blaster
    assert kinds(game) == [(P1, "ballot")]
    assert game.view(None)["discard_face_up"] == ["Life Support"]
    ballots(game, (P1, None), (P2, None), (P3, None), (P4, None), (P5, None))
    settle(game)
    assert kinds(game) == [(P1, "play")]  # the Commander plays next and drew the Blaster
    assert "Blaster Prototype" in game.view(P1)["hand"]


def test_G_K21_the_deck_runs_out_mid_effect() -> None:
    counts = {c.effect: c.count for c in load_cards().cards}
    counts["vote"] = 9
    hands = {P5: ["life_support", "amputate", "restriction"], P9: ["bribe", "bribe"], P12: ["immunity", "immunity"]}
    deck = ["suspicion", "bribe"]
    used = Counter(c for cards in hands.values() for c in cards) + Counter(deck)
    rest = Counter(counts) - used
    discard = [f"{card}:down" if card != "vote" else card for card in sorted(rest.elements())]
    assert len(discard) == 48 and 2 + len(discard) + 7 == 57
    chars = [H] * 12
    chars[P9] = G
    game = start(12, chars, commander=P5, eliminated=[s for s in range(12) if s not in (P5, P9, P12)],
                 hands=hands, deck=deck, discard=discard)
    play(game, (P5, "play life support"))
    settle(game)
    assert logged(game, "shuffled into a new deck of 48 cards")
    assert "Bribe" in game.view(P5)["hand"]
    # (the spec counts 49: here P5's own Draw step took one card first, so 48 were left to reshuffle)
    assert 3 in game.discard  # Life Support went to the new discard pile after the reshuffle, face up
    votes = Counter(game.deck)[0] + Counter(game.discard)[0] + (1 if game.voters else 0)
    assert votes == 9  # every Vote is back in circulation
    assert len(game.deck) in (46, 47)  # two more draws, or one when it was a Vote


def test_G_K22_misplace_moves_madness_silently() -> None:
    hands = {P1: ["misplace", "blaster", "bribe"], P2: ["madness"], P4: ["suspicion", "amputate", "transplant"],
             P5: ["restriction"]}
    found = False
    for seed in range(60):
        game = start(5, [H, G, H, G, H], hands=hands, deck=[], discard=[], seed=seed)
        before = Counter(k for s in range(5) for k in game.hands[s]) - Counter([2])
        play(game, (P1, "play misplace"))
        settle(game)
        assert [len(h) for h in game.hands] == [2, 1, 0, 3, 1]
        assert Counter(k for s in range(5) for k in game.hands[s]) == before
        public = [e["text"] for e in game.log_for(None)]
        assert public[-1] == "Misplace resolved." and not any("Madness" in t for t in public)
        if game.mad(P4):
            found = True
            assert not game.mad(P2) and game.view(P4)["mad"] and not game.view(P2)["mad"]
    assert found


@pytest.mark.parametrize("swap", [True, False])
def test_G_K23_transplant_knowledge(swap: bool) -> None:
    for seed in range(40):
        game = start(5, [H, G, H, H, G], hands={P1: ["transplant"]}, infections={P2: 1}, deck=[], discard=[],
                     seed=seed)
        play(game, (P1, "play transplant P2 P4"))
        settle(game)
        if (game.character[P2] == HUMAN) == swap:
            break
    assert logged(game, "you look at P2 (Guest) and P4 (Human)", P1)
    mine = "Human" if swap else "Guest"
    theirs = "Guest" if swap else "Human"
    assert logged(game, f"you are {mine}.", P2) and logged(game, f"you are {theirs}.", P4)
    assert not logged(game, "you are", P1) and not logged(game, "you look", P2)
    assert game.infection[P2] == 1
    assert [t for t in (e["text"] for e in game.log_for(None)) if "Transplant" in t] == [
        "P1 plays Transplant on P2 and P4.", "Transplant resolved on P2 and P4: the cards were mixed."]


def test_G_K24_eliminated_players_win_by_their_frozen_side() -> None:
    game = start(6, [H, H, G, H, G, H], infections={P2: 2}, hands={P1: ["blaster"]},
                 deck=["bribe", "vote", "vote", "bribe", "vote"])
    end_turn(game)
    settle(game)  # P2's turn-start window: P2 becomes a Guest
    assert game.character[P2] == GUEST
    ballots(game, (P1, P2), (P2, P1), (P3, P2), (P4, P2), (P5, P1), (P6, P2))
    settle(game)
    assert game.view(None)["players"][P2]["revealed"] == "Guest"
    ballots(game, (P1, P6), (P3, P6), (P4, P6), (P5, P6), (P6, P1))
    settle(game)
    play(game, (P1, "play blaster P5"))
    settle(game)
    end_turn(game)
    ballots(game, (P1, P3), (P3, P1), (P4, P3), (P5, P3))
    settle(game)
    result = game.result()
    assert result["winners"] == [P1, P4, P5, P6] and result["reason"] == "humans"


@pytest.mark.parametrize("suspicion", [True, False])
def test_G_K25_final_duel_of_two(suspicion: bool) -> None:
    game = start(5, [G, H, G, H, H], eliminated=[P2, P3, P5], active=P4,
                 hands={P4: ["suspicion"] if suspicion else []}, top=["vote"])
    assert texts(game, P1) == ["vote P4"]  # one legal choice; the empty ballot only on timeout (G-V5)
    ballots(game, (P1, P4), (P4, P1))
    passes(game, 1)
    if suspicion:
        play(game, (P4, "play suspicion P1"))
        settle(game)
        result = game.result()
        assert result["reason"] == "humans" and logged(game, "P1 hands the Commander office to P4")
        return
    passes(game, 1)
    assert sorted(texts(game, P1)) == ["eject P1", "eject P4", "restart"]
    play(game, (P1, "restart"))
    ballots(game, (P1, P4), (P4, P1))
    settle(game)
    assert sorted(texts(game, P1)) == ["eject P1", "eject P4"]
    play(game, (P1, "eject P4"))
    assert game.result()["reason"] == "guests"


def test_G_K26_status_cards_kept_at_setup() -> None:
    deal = {P1: ["suspicion", "suspicion", "immunity"], P2: ["infection"] * 3, P3: ["bribe"] * 3,
            P4: ["madness", "blaster", "bribe"], P5: ["restriction", "restriction", "immunity"]}
    game = new(5, deal=deal, commander=P1, deck=["bribe"])
    play(game, (P2, "discard infection"), (P4, "discard bribe"))
    for decision in game.pending():
        game.act(decision.seat, decision.default_id)
    view = game.view(None)
    assert view["players"][P2]["infection"] == 2 and view["players"][P2]["cards_in_hand"] == 0
    assert view["discard_face_up"] == ["Infection"] and view["discard_face_down"] == 5
    assert game.view(P4)["mad"] and "mad" not in view["players"][P4]
    end_turn(game)
    assert kinds(game) == [(P2, "priority")]  # the turn-start window
    settle(game)
    assert game.character[P2] == GUEST


def test_G_K27_every_ballot_times_out() -> None:
    for suspicion in (False, True):
        game = start(5, [H, G, H, G, H], hands={P1: ["suspicion"]}, top=["vote", "bribe"])
        for _ in range(5):
            game.timeout(game.pending()[0].seat)
        if suspicion:
            play(game, (P1, "play suspicion P3"))
        settle(game)
        if suspicion:
            assert not game.alive[P3]
        else:
            assert all(game.alive) and logged(game, "Nobody is ejected.")
            assert kinds(game) == [(P1, "play")]


def test_G_K28_the_commander_draws_the_vote() -> None:
    game = start(5, [H, G, H, G, H], top=["vote", "bribe"])
    assert kinds(game) == [(P1, "ballot")]
    ballots(game, (P1, None), (P2, None), (P3, None), (P4, None), (P5, None))
    settle(game)
    assert kinds(game) == [(P1, "play")] and game.turn == 2
    assert not any(t.startswith("P2's turn") for t in (e["text"] for e in game.log_for(None)))


def test_G_K29_a_mad_guest_wins_by_blaster() -> None:
    game = start(5, [H, H, G, H, H], commander=P3, eliminated=[P1, P2, P4], hands={P3: ["madness", "blaster"]},
                 top=["bribe"])
    play(game, (P3, "play blaster P5"))
    settle(game)
    result = game.result()
    assert game.over and result["winners"] == [P3] and result["reason"] == "madness"
    assert game.view(None)["players"][P5]["revealed"] == "Human"


def test_scenarios_use_only_known_cards() -> None:
    assert EFFECTS[0] == "vote" and P7 == 6 and P8 == 7
