"""Voting Phases (G-V*), the end of the game (G-W*) and the designed vote and end procedures (G-D22..D26)."""

from __future__ import annotations

import pytest

from treachery import IllegalAction
from treachery.games.guest import rules
from treachery.games.guest.setup import GUEST, HUMAN

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
    passes,
    play,
    settle,
    start,
    texts,
)


def test_G_V1_G_V2_G_V4_every_living_player_votes_commander_first() -> None:
    game = start(6, [H, G, H, G, H, H], commander=P4, eliminated=[P6], top=["vote"])
    order = []
    while game.pending()[0].kind == "ballot":
        decision = game.pending()[0]
        order.append(decision.seat)
        game.timeout(decision.seat)
    assert order == [P4, P5, P1, P2, P3]  # Guests too; P6 is out


def test_G_V3_G_X13_G_D21_discussion_is_a_timer_not_a_decision() -> None:
    game = start(5, [H, G, H, G, H], top=["vote"])
    assert kinds(game) == [(P1, "ballot")]  # no discussion decision in between
    timers = game.view(P2)["timers"]
    assert timers["discussion"] == 120 and timers["discussion_after_restart"] == 60
    assert timers == {"setup_discard": 45, "elect": 30, "play": 90, "priority": 10, "priority_minimum": 3,
                      "discussion": 120, "discussion_after_restart": 60, "ballot": 30, "tie": 30, "office": 20}


def test_G_V5_G_Q17_G_H16_G_H23_open_ballots_no_self_vote_empty_on_timeout() -> None:
    game = start(5, [H, G, H, G, H], top=["vote"])
    decision = game.pending()[0]
    assert [o["text"] for o in decision.options] == ["vote P2", "vote P3", "vote P4", "vote P5"]
    assert decision.timeout_only  # G-V5: abstaining is not an option
    assert decision.default["text"] == "vote none"
    game.act(P1, "vote P3")
    assert logged(game, "P1 votes for P3.") and game.view(P4)["vote"]["ballots"][P1] == P3
    with pytest.raises(IllegalAction):  # G-V5: the empty ballot cannot be chosen...
        game.act(P2, decision.default_id)
    game.timeout(P2)  # ...only left by a timeout
    assert logged(game, "P2 casts no ballot (empty).") and game.view(None)["vote"]["ballots"][P2] == -1


def test_G_V6_G_V7_G_D25_vote_window_then_tally() -> None:
    game = start(5, [H, G, H, G, H], hands={P2: ["suspicion"]}, top=["vote"])
    ballots(game, (P1, P3), (P2, P4), (P3, P4), (P4, P3), (P5, P3))
    assert game.base == rules.B_VOTE and kinds(game) == [(P1, "priority")]
    passes(game, 1)
    play(game, (P2, "play suspicion P4"))
    passes(game, 5)
    assert game.suspicions[P4] == 1
    passes(game, 5)
    assert logged(game, "Totals: P3 3, P4 3.")
    assert sorted(texts(game, P1)) == ["eject P3", "eject P4", "restart"]


def test_G_V8_top_total_zero_nobody_ejected() -> None:
    game = start(5, [H, G, H, G, H], top=["vote", "bribe"])
    ballots(game, *[(s, None) for s in range(5)])
    settle(game)
    assert all(game.alive) and logged(game, "Nobody is ejected.")


def test_G_V9_G_V11_G_V17_single_leader_ejected_and_revealed() -> None:
    game = start(5, [H, G, H, G, H], top=["vote", "bribe"])
    ballots(game, (P1, P2), (P2, P1), (P3, P2), (P4, P5), (P5, P2))
    settle(game)
    assert not game.alive[P2] and logged(game, "P2 shows their character: Guest.")


def test_G_V10_immunity_spares_every_leader() -> None:
    game = start(6, [H, G, H, G, H, H], hands={P1: ["immunity"]}, top=["vote", "bribe"])
    ballots(game, (P1, P2), (P2, P3), (P3, P2), (P4, P3), (P5, P4), (P6, P5))
    play(game, (P1, "play immunity"))
    settle(game)
    assert sorted(texts(game, P1)) == ["eject P4", "eject P5", "restart"]


def test_G_V12_G_V13_G_Q18_tied_commander_may_name_themselves() -> None:
    game = start(5, [H, G, H, G, H], top=["vote", "bribe"])
    ballots(game, (P1, P2), (P2, P1), (P3, P1), (P4, P2), (P5, None))
    settle(game)
    assert "eject P1" in texts(game, P1)
    play(game, (P1, "eject P1"), (P1, "office P3"))
    assert not game.alive[P1] and game.commander == P3


def test_G_V14_G_V15_G_V16_G_Q16_G_D22_restart_once_and_its_procedure() -> None:
    game = start(5, [H, G, H, G, H], hands={P5: ["amputate", "suspicion"]}, infections={P3: 1}, top=["vote"])
    ballots(game, (P1, P2), (P2, P1), (P3, P1), (P4, P2), (P5, None))
    passes(game, 4)
    play(game, (P5, "play amputate P3"))
    settle(game)
    play(game, (P1, "restart"))
    assert game.view(None)["vote"]["ballots"] == [-2] * 5 and game.view(None)["vote"]["restarted"]
    assert game.infection[P3] == 0  # Amputate is not undone
    assert kinds(game) == [(P1, "ballot")]
    ballots(game, (P1, P2), (P2, P1), (P3, P1), (P4, P2), (P5, None))
    settle(game)
    assert sorted(texts(game, P1)) == ["eject P1", "eject P2"]


def test_G_V18_G_V21_G_V22_elimination_order_then_vote_discarded_and_end_check() -> None:
    game = start(5, [H, G, H, G, H], top=["vote", "bribe"])
    ballots(game, (P1, P3), (P2, P1), (P3, P1), (P4, P1), (P5, P1))
    settle(game)
    play(game, (P1, "office P5"))
    log = log_texts(game)
    order = [next(i for i, t in enumerate(log) if key in t) for key in
             ("hands the Commander office", "P1 shows their character", "Voting Phase 1 is over")]
    assert order == sorted(order)
    assert game.view(None)["discard_face_up"] == ["Vote"] and kinds(game) == [(P5, "play")]


def test_G_V23_G_X4_timeouts_never_eliminate_or_lose_a_turn() -> None:
    game = start(5, [H, G, H, G, H], hands={P2: ["amputate"]}, infections={P3: 1}, top=["bribe", "bribe"])
    for _ in range(12):
        decision = game.pending()[0]
        game.act(decision.seat, decision.default_id)
    assert all(game.alive) and game.active == P3 and game.infection[P3] == 1


def test_G_W1_end_check_after_a_vote_without_ejection() -> None:
    game = start(5, [H, G, H, H, H], eliminated=[P3], hands={P1: ["blaster"]}, top=["bribe", "vote"])
    play(game, (P1, "play blaster P2"))
    settle(game)
    assert game.character[P2] == HUMAN and not game.over  # G-W3
    end_turn(game)
    ballots(game, *[(s, None) for s in (P1, P2, P4, P5)])
    settle(game)
    assert game.over and game.result()["reason"] == "humans"


def test_G_W2_G_W3_G_Q6_one_left_ends_at_once_but_one_side_left_does_not() -> None:
    game = start(5, [H, G, H, G, H], eliminated=[P3, P5], hands={P1: ["blaster"] * 3}, top=["bribe"])
    play(game, (P1, "play blaster P4"))
    settle(game)
    assert not game.over  # only Humans alive after P4 turned: play goes on
    play(game, (P1, "play blaster P4"))
    settle(game)
    assert not game.over and not game.alive[P4]  # two left
    play(game, (P1, "play blaster P2"))
    settle(game)
    assert not game.over


def test_G_W4_G_D26_G_Q4_end_check_order_madness_first() -> None:
    game = start(5, [H, G, H, G, H], eliminated=[P3, P4, P5], hands={P1: ["madness"]}, top=["vote"])
    ballots(game, (P1, P2), (P2, P1), )
    settle(game)
    play(game, (P1, "eject P2"))
    assert game.result()["reason"] == "madness" and game.result()["winners"] == [P1]


def test_G_W5_G_W6_G_W7_G_Q27_winners_include_eliminated_frozen_sides() -> None:
    game = start(6, [H, G, H, G, H, H], eliminated=[P6], hands={P5: ["madness"], P3: ["madness"] * 0},
                 top=["vote", "vote"])
    ballots(game, (P1, P2), (P2, P1), (P3, P2), (P4, P2), (P5, P2))
    settle(game)
    ballots(game, (P1, P4), (P3, P4), (P4, P1), (P5, P4))
    settle(game)
    result = game.result()
    assert result["reason"] == "humans" and result["winners"] == [P1, P3, P6]
    assert result["sides"][P5] == "Madness" and P5 not in result["winners"]  # a living mad player loses


def test_G_W8_madness_wins_alone() -> None:
    game = start(5, [G, H, H, G, H], eliminated=[P2, P3, P5], hands={P1: ["madness", "blaster", "blaster"]},
                 top=["bribe"])
    play(game, (P1, "play blaster P4"))
    settle(game)
    assert game.character[P4] == HUMAN and not game.over
    play(game, (P1, "play blaster P4"))
    settle(game)
    assert game.result()["winners"] == [P1] and game.result()["sides"][P4] == "Humans"


def test_G_W10_G_Q5_start_counts_are_public() -> None:
    game = start(8, [H, G, H, G, H, H, G, H], top=["bribe"])
    assert game.view(None)["start"] == {"guests": 3, "humans": 5, "votes": 11}


def test_G_W11_G_D24_stalemate_after_ten_quiet_votes() -> None:
    game = start(5, [H, G, H, G, H], deck=["vote"] * 10)
    for _ in range(10):
        ballots(game, *[((P1 + i) % 5, None) for i in range(5)])
        settle(game)
    assert game.over and game.result()["winners"] == [] and game.result()["reason"] == "stalemate"


def test_G_W11_turn_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules, "TURN_CAP", 3)
    game = start(5, [H, G, H, G, H], top=["bribe", "bribe", "bribe", "bribe"])
    for _ in range(3):
        end_turn(game)
    assert game.over and game.result()["reason"] == "stalemate"


def test_G_W12_nobody_alive_nobody_wins() -> None:
    game = start(5, [H, G, H, G, H], top=["bribe"])
    game.alive = [False] * 5
    game.side = ["Humans"] * 5
    assert game._end_check(("G-W12",)) and game.result()["winners"] == []


def test_G_W13_everything_revealed_at_the_end() -> None:
    game = start(5, [H, G, H, G, H], eliminated=[P3, P4, P5],
                 hands={P1: ["blaster", "blaster", "madness"], P2: ["bribe"]}, top=["bribe"])
    play(game, (P1, "play blaster P2"))
    settle(game)
    play(game, (P1, "play blaster P2"))
    settle(game)
    assert game.over
    view = game.view(P2)
    assert sorted(view["hands"][P1]) == ["Bribe", "Madness"]
    assert all("character" in p for p in view["players"])
    assert any("Everything is revealed" in t for t in log_texts(game))
    assert game.character[P2] in (HUMAN, GUEST)
    assert P6 == 5


def test_G_W13_G_H22_the_complete_log_is_released_at_the_end() -> None:
    game = start(5, [H, G, H, G, H], eliminated=[P3, P4, P5], hands={P1: ["blaster", "blaster"]}, top=["bribe"])
    assert not logged(game, "You draw Bribe.", P2)
    play(game, (P1, "play blaster P2"))
    settle(game)
    play(game, (P1, "play blaster P2"))
    settle(game)
    assert game.over and logged(game, "[P1 only] You draw Bribe.", P2) and logged(game, "[P1 only]", None)
