"""Round and turn flow, priority windows and the stack (G-T*)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from treachery import IllegalAction
from treachery.games.guest import catalogue as opt
from treachery.games.guest.cards import DEFAULT_FILE
from treachery.games.guest.rules import Guest
from treachery.games.guest.setup import GUEST

from .util import (
    P1,
    P2,
    P3,
    P4,
    P5,
    P6,
    G,
    H,
    ballots,
    end_turn,
    kinds,
    log_texts,
    logged,
    new,
    passes,
    pending_for,
    play,
    settle,
    start,
    texts,
)


def test_G_T1_G_T5_G_T8_G_T12_turns_until_a_vote() -> None:
    game = start(5, [H, G, H, G, H], top=["bribe", "suspicion", "vote"], hands={P1: ["suspicion"]})
    assert kinds(game) == [(P1, "play")] and len(game.hands[P1]) == 2  # Start, Draw: exactly one card
    end_turn(game)
    assert game.active == P2 and len(game.hands[P2]) == 1
    end_turn(game)
    assert kinds(game) == [(P1, "ballot")]  # P3 drew the Vote: a Voting Phase, P3's turn over


def test_G_T2_G_T3_G_E53_commander_first_then_left_and_after_each_vote() -> None:
    game = start(5, [H, G, H, G, H], commander=P3, top=["bribe", "vote", "bribe"])
    assert game.active == P3
    end_turn(game)
    assert game.active == P4 and kinds(game) == [(P3, "ballot")]
    ballots(game, (P3, None), (P4, None), (P5, None), (P1, None), (P2, None))
    settle(game)
    assert game.active == P3 and kinds(game) == [(P3, "play")]


def test_G_T4_eliminated_skipped_in_turn_ballot_and_priority_order() -> None:
    game = start(6, [H, G, H, G, H, H], eliminated=[P2, P4], top=["bribe", "vote"])
    play(game, (P1, "end play"))
    assert passes(game, 4) == [P1, P3, P5, P6]
    assert game.active == P3  # P3 drew the Vote
    ballot_seats = []
    for _ in range(4):
        decision = game.pending()[0]
        ballot_seats.append(decision.seat)
        game.timeout(decision.seat)
    assert ballot_seats == [P1, P3, P5, P6]


def test_G_T6_G_T7_G_Q11_turn_start_window_only_when_an_advance_is_due() -> None:
    game = start(5, [H, G, H, G, H], infections={P1: 1}, top=["bribe", "bribe", "bribe", "bribe", "bribe", "bribe"])
    assert kinds(game) == [(P1, "priority")]  # placed before this turn: window, then advance
    settle(game)
    assert game.infection[P1] == 2
    end_turn(game)
    assert kinds(game) == [(P2, "play")]  # no advance due: straight to Draw


def test_G_T7_infection_gone_in_the_window_does_not_advance() -> None:
    game = start(5, [H, G, H, G, H], infections={P1: 1}, hands={P2: ["amputate"]}, top=["bribe"])
    passes(game, 1)
    play(game, (P2, "play amputate P1"))
    settle(game)
    assert game.infection[P1] == 0 and not logged(game, "moves to position")


def test_G_T9_G_E2_a_vote_drawn_by_anyone_ends_the_turn() -> None:
    game = start(5, [H, G, H, G, H], active=P2, hands={P2: ["life_support"]}, top=["bribe", "vote"])
    play(game, (P2, "play life support"))
    settle(game)
    assert kinds(game) == [(P1, "ballot")]
    assert logged(game, "P2 draws a Vote and shows it!")


def test_G_T10_G_T11_G_E5_G_E6_drawn_infection_placed_other_cards_secret() -> None:
    game = start(5, [H, G, H, G, H], top=["infection", "restriction"])
    assert game.infection[P1] == 1 and game.hands[P1] == []
    end_turn(game)
    assert logged(game, "You draw Restriction.", P2) and not logged(game, "Restriction", P3)


def test_G_T13_G_T32_no_private_channel_in_the_game() -> None:
    """Talk is outside the rules engine: the catalogue holds no message option, so nothing private passes."""
    assert not any("say" in o["text"] or "message" in o["text"] for o in start(5).catalogue_in_use)


def test_G_T14_green_only_active_in_play_step_with_empty_stack() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["blaster", "amputate"], P2: ["blaster", "misplace"]},
                 infections={P3: 1}, top=["bribe"])
    assert "play blaster P2" in texts(game, P1)
    play(game, (P1, "play amputate P3"))
    assert not any(t.startswith("play blaster") for t in texts(game, P1))  # stack not empty
    passes(game, 1)
    assert texts(game, P2) == ["pass"]  # not their turn: green is out
    settle(game)
    play(game, (P1, "end play"))
    assert not any(t.startswith("play blaster") for t in texts(game, P1))  # end-of-turn window: no green


def test_G_T15_G_T16_yellow_anyone_vote_cards_only_in_vote_window() -> None:
    game = start(5, [H, G, H, G, H], hands={P3: ["suspicion", "adrenaline", "bribe", "immunity"]},
                 infections={P4: 1}, top=["bribe", "vote"])
    play(game, (P1, "end play"))
    passes(game, 2)
    assert [t for t in texts(game, P3) if t.startswith("play")] == ["play adrenaline P4 forward",
                                                                    "play adrenaline P4 back"]
    settle(game)  # P2 draws the Vote
    for seat in (P1, P2, P3, P4, P5):
        game.timeout(seat)
    passes(game, 2)
    options = texts(game, P3)
    assert "play suspicion P1" in options and "play immunity" in options and "play bribe P1 to P2" in options


def test_G_T17_G_E51_grey_only_in_response_on_a_stack_card() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["restriction", "amputate"], P2: ["restriction"]},
                 infections={P3: 1}, top=["bribe"])
    assert not any("restriction" in t for t in texts(game, P1))
    play(game, (P1, "play amputate P3"))
    assert "play restriction 1" in texts(game, P1)
    passes(game, 1)
    play(game, (P2, "play restriction 1"))
    assert "play restriction 2" in texts(game, P1)  # another Restriction is a target too


def test_G_T18_G_T20_G_D27_priority_from_active_leftwards_until_all_pass() -> None:
    game = start(5, [H, G, H, G, H], commander=P1, active=P3, top=["bribe"])
    play(game, (P3, "end play"))
    assert passes(game, 5) == [P3, P4, P5, P1, P2]
    assert game.active == P4


def test_G_T19_G_E54_commander_anchors_vote_windows() -> None:
    game = start(5, [H, G, H, G, H], commander=P2, active=P4, top=["vote"])
    for seat in (P2, P3, P4, P5, P1):
        game.timeout(seat)
    assert passes(game, 5) == [P2, P3, P4, P5, P1]


def test_G_T21_G_T22_G_T23_stack_lifo_and_resume_from_anchor() -> None:
    game = start(5, [H, G, H, G, H], active=P1, infections={P3: 1, P4: 1},
                 hands={P2: ["amputate"], P3: ["amputate"]}, top=["bribe"])
    play(game, (P1, "end play"))
    passes(game, 1)
    play(game, (P2, "play amputate P3"))
    assert kinds(game) == [(P1, "priority")]  # response window from the anchor
    passes(game, 2)
    play(game, (P3, "play amputate P4"))
    passes(game, 5)  # top (P3's on P4) resolves first
    assert game.infection[P4] == 0 and game.infection[P3] == 1
    passes(game, 5)
    assert game.infection[P3] == 0
    assert kinds(game) == [(P1, "play")]  # G-T28: played in the end-of-turn window: the Play step returns


def test_G_T24_paused_life_support_cannot_be_answered() -> None:
    game = start(5, [H, G, H, G, H], infections={P1: 1}, hands={P1: ["life_support"], P2: ["restriction"]},
                 top=["bribe", "bribe", "infection", "bribe", "bribe"])
    settle(game)
    play(game, (P1, "play life support"))
    passes(game, 5)
    assert game.stack == [] and game.base == 2  # infection-draw window, Life Support off the stack
    assert texts(game, P1) == ["pass"]
    passes(game, 1)
    assert texts(game, P2) == ["pass"]  # nothing on the stack to restrict
    passes(game, 4)
    assert game.infection[P1] == 0 and game.character[P1] == GUEST  # 1 -> 2 at start, -> 3 by the second
    assert len(game.hands[P1]) == 3


def test_G_T25_G_T26_needs_a_target_and_fizzles_without_one() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["amputate", "adrenaline"], P2: ["amputate"]}, top=["bribe"])
    assert texts(game, P1) == ["end play"]  # nobody infected: nothing legal
    game = start(5, [H, G, H, G, H], infections={P3: 1}, hands={P1: ["adrenaline"], P2: ["amputate"]},
                 top=["bribe"])
    play(game, (P1, "play adrenaline P3 forward"))
    passes(game, 1)
    play(game, (P2, "play amputate P3"))
    settle(game)
    assert logged(game, "P1's Adrenaline fizzles")


def test_G_T27_played_cards_go_face_up_to_discard() -> None:
    game = start(5, [H, G, H, G, H], infections={P3: 1}, hands={P1: ["amputate"]}, top=["bribe"])
    play(game, (P1, "play amputate P3"))
    settle(game)
    assert game.view(None)["discard_face_up"] == ["Amputate", "Infection"]


def test_G_T28_end_of_turn_window_gives_the_play_step_back() -> None:
    game = start(5, [H, G, H, G, H], infections={P3: 1}, hands={P4: ["amputate"]}, top=["bribe", "bribe"])
    play(game, (P1, "end play"))
    passes(game, 3)
    play(game, (P4, "play amputate P3"))
    passes(game, 5)
    assert kinds(game) == [(P1, "play")]
    end_turn(game)
    assert game.active == P2


def test_G_T29_G_T30_statuses_and_votes_never_played() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["madness"]}, top=["bribe"])
    assert texts(game, P1) == ["end play"]
    assert not any(o["text"].startswith(("play vote", "play infection", "play madness")) for o in game.catalogue_in_use)


def test_G_T31_G_Q19_active_player_eliminated_turn_goes_left() -> None:
    game = start(5, [H, G, H, G, H], active=P3, hands={P3: ["blaster"]}, top=["bribe", "bribe"])
    play(game, (P3, "play blaster P3"))
    settle(game)
    assert not game.alive[P3] and game.active == P4 and kinds(game) == [(P4, "play")]


def test_G_T33_no_hand_limit_and_no_giving() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["bribe"] * 6}, top=["suspicion"])
    assert len(game.hands[P1]) == 7
    assert not any(o["text"].startswith(("give", "trade", "show")) for o in game.catalogue_in_use)


def test_G_T34_G_D23_G_Q24_empty_deck_reshuffles_or_skips() -> None:
    game = start(5, [H, G, H, G, H], deck=[], discard=["vote", "bribe:down"])
    assert logged(game, "shuffled into a new deck of 2 cards")
    game = start(5, [H, G, H, G, H], deck=[], discard=[])
    assert logged(game, "no card is drawn") and kinds(game) == [(P1, "play")]


def test_G_T35_a_vote_with_cards_on_the_stack_discards_them(tmp_path: Path) -> None:
    text = DEFAULT_FILE.read_text(encoding="utf-8").replace(
        'effect = "life_support"\nname = "Life Support"\ncolour = "green"',
        'effect = "life_support"\nname = "Life Support"\ncolour = "yellow"')
    path = tmp_path / "cards.toml"
    path.write_text(text, encoding="utf-8")
    game = start(5, [H, G, H, G, H], hands={P1: ["blaster"], P2: ["life_support"]}, top=["bribe", "vote"],
                 options={"card_file": str(path)})
    play(game, (P1, "play blaster P3"))
    passes(game, 1)
    play(game, (P2, "play life support"))
    passes(game, 5)
    assert kinds(game) == [(P1, "ballot")] and game.stack == [] and game.alive[P3]
    assert "Blaster Prototype" in game.view(None)["discard_face_up"]


def test_G_T36_G_H18_every_living_seat_is_asked_alike() -> None:
    game = start(6, [H, G, H, G, H, H], infections={P3: 1}, hands={P4: ["amputate"]}, top=["bribe"])
    play(game, (P1, "end play"))
    prompts = set()
    for seat in (P1, P2, P3, P4, P5, P6):
        decision = pending_for(game, seat)
        prompts.add((decision.kind, decision.prompt, decision.default["text"]))
        game.act(seat, "pass")
    assert len(prompts) == 1  # holding Amputate or not, every seat got the same question
    assert not any("pass" in t for t in log_texts(game))


def test_illegal_play_is_refused_and_changes_nothing() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["blaster"]}, top=["bribe"])
    with pytest.raises(IllegalAction):
        game.act(P1, "play amputate P3")
    with pytest.raises(IllegalAction):
        game.act(P2, "pass")
    assert kinds(game) == [(P1, "play")] and game.hands[P1] == [1, 9]
    assert opt.PASS == 0 and P6 == 5


def test_a_clone_is_the_same_game_and_plays_on_alone() -> None:
    game = new(6, seed=3)
    rng = random.Random(3)
    for _ in range(40):
        decision = game.pending()[rng.randrange(len(game.pending()))]
        game.act(decision.seat, decision.options[rng.randrange(len(decision.options))])
    twin = game.clone()
    assert isinstance(twin, Guest)
    before = [game.view(seat) for seat in [None, *range(6)]]
    assert [twin.view(seat) for seat in [None, *range(6)]] == before
    assert [d.to_dict() for d in twin.pending()] == [d.to_dict() for d in game.pending()]
    while not twin.over:
        decision = twin.pending()[0]
        twin.act(decision.seat, decision.options[-1])
    assert [game.view(seat) for seat in [None, *range(6)]] == before
