"""Decisions and their timeout defaults (G-X*) and the remaining ambiguities settled (G-Q*)."""

from __future__ import annotations

from collections import Counter

from .util import P1, P2, P3, P4, P5, G, H, ballots, kinds, logged, play, settle, start


def test_G_X3_play_step_options_and_timeout() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["blaster", "suspicion"]}, top=["bribe"])
    decision = game.pending()[0]
    assert decision.kind == "play" and decision.seat == P1 and decision.default["text"] == "end play"
    assert [o["text"] for o in decision.options][:2] == ["end play", "play blaster P1"]
    assert not any("suspicion" in o["text"] for o in decision.options)  # vote-only card outside a vote
    game.act(P1, decision.default_id)
    assert kinds(game)[0] == (P1, "priority")  # the end-of-turn window


def test_G_X6_ballot_decision() -> None:
    game = start(5, [H, G, H, G, H], eliminated=[P4], top=["vote"])
    decision = game.pending()[0]
    assert decision.kind == "ballot" and decision.default["text"] == "vote none"
    assert [o["text"] for o in decision.options] == ["vote P2", "vote P3", "vote P5"]
    assert decision.timeout_only  # G-V5: no chosen abstention


def test_G_X7_G_X8_tie_decision_restart_once_random_default() -> None:
    defaults = Counter()
    for seed in range(12):
        game = start(5, [H, G, H, G, H], top=["vote"], seed=seed)
        ballots(game, (P1, P2), (P2, P3), (P3, P2), (P4, P3), (P5, None))
        settle(game)
        decision = game.pending()[0]
        assert decision.kind == "tie" and decision.seat == P1
        assert sorted(o["text"] for o in decision.options) == ["eject P2", "eject P3", "restart"]
        defaults[decision.default["text"]] += 1
    assert set(defaults) == {"eject P2", "eject P3"}  # uniformly random, never "restart"


def test_G_X10_office_default_is_left_and_forced_with_one_other() -> None:
    game = start(5, [H, G, H, G, H], commander=P4, eliminated=[P5], top=["vote"])
    ballots(game, (P4, P1), (P1, P4), (P2, P4), (P3, P4))
    settle(game)
    assert game.pending()[0].default["text"] == "office P1"  # P5 is out: the next living on the left
    game = start(5, [G, H, H, G, H], eliminated=[P2, P3, P5], commander=P4, top=["vote"])
    ballots(game, (P4, P1), (P1, P4))
    settle(game)
    play(game, (P4, "eject P4"))
    assert game.commander == P1 and logged(game, "P4 hands the Commander office to P1")


def test_G_X11_G_X12_draws_and_random_steps_ask_nobody() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["life_support", "misplace", "transplant"], P2: ["bribe"]},
                 top=["bribe", "suspicion", "amputate", "restriction"])
    assert kinds(game) == [(P1, "play")] and len(game.hands[P1]) == 4  # drawn without asking
    for card in ("play life support", "play misplace", "play transplant P2 P3"):
        play(game, (P1, card))
        settle(game)
        assert kinds(game) == [(P1, "play")]


def test_G_Q22_misplace_skips_empty_hands_and_includes_the_player() -> None:
    game = start(5, [H, G, H, G, H], hands={P1: ["misplace", "bribe"], P3: ["suspicion"]}, deck=[], discard=[])
    play(game, (P1, "play misplace"))
    settle(game)
    assert logged(game, "Misplace: you lose", P1) and logged(game, "Misplace: you lose", P3)
    assert not logged(game, "Misplace: you", P2) and [len(h) for h in game.hands] == [1, 0, 1, 0, 0]


def test_G_Q25_yellow_cards_only_in_the_fixed_windows() -> None:
    game = start(5, [H, G, H, G, H], hands={P2: ["amputate"]}, infections={P1: 1}, top=["bribe"])
    assert kinds(game) == [(P1, "priority")]  # turn-start window anchored at the active player
    settle(game)
    assert kinds(game) == [(P1, "play")]  # P2 has no way to act in P1's Play step itself


def test_G_Q26_discard_pile_face_up_and_face_down_parts() -> None:
    game = start(5, [H, G, H, G, H], hands={P3: ["bribe", "restriction"]}, top=["vote"])
    ballots(game, (P1, P3), (P2, P3), (P3, P1), (P4, P3), (P5, P3))
    settle(game)
    view = game.view(P1)
    assert view["discard_face_up"] == ["Vote"] and view["discard_face_down"] == 2


def test_G_Q32_eliminated_players_get_no_new_hidden_information() -> None:
    game = start(5, [H, G, H, G, H], eliminated=[P5], hands={P1: ["bribe"]}, top=["suspicion"])
    view = game.view(P5)
    assert view["hand"] == [] and "character" not in view["players"][P1]
    assert not logged(game, "You draw", P5)
