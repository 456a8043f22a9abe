"""Nightfall's rules (tests/games/nightfall/rules.py), each test citing its rule."""

from __future__ import annotations

import pytest

import treachery
from treachery import GameConfigError

S, V = "shade", "villager"


def new(roles: list[str], **options: object) -> treachery.Game:
    return treachery.new_game("nightfall", players=len(roles), seed=1, options=options, setup={"roles": roles})


def test_N_S1_roles_are_dealt_one_or_two_shades() -> None:
    assert treachery.new_game("nightfall", players=5, seed=3).roles().count(S) == 1
    assert treachery.new_game("nightfall", players=6, seed=3).roles().count(S) == 2
    with pytest.raises(GameConfigError, match="setup 'roles'"):
        new([S, S, V, V])


def test_N_R1_N_H3_the_night_is_sealed_and_takes_the_lowest_seat_picked() -> None:
    game = new([V, S, V, S, V, V])
    assert sorted(d.seat for d in game.pending()) == [1, 3]
    assert game.view(0)["waiting_for"] == []  # N-H3: a Villager is not told who acts at night
    game.act(1, "take 4")
    assert game.view(0) == new([V, S, V, S, V, V]).view(0)  # the first Shade's pick stays sealed
    game.act(3, "take 2")
    assert not game.view(None)["players"][2]["alive"] and game.view(None)["players"][4]["alive"]
    assert game.log_for(0)[-1]["text"] == "Seat 2 was taken in the night: a villager."


def test_N_R2_N_R3_the_day_vote_puts_out_a_clear_leader_and_shows_its_role() -> None:
    game = new([V, S, V, V, V], reveal_roles=False)
    game.act(1, "take 0")
    for seat, vote in ((1, "vote 2"), (2, "vote 1"), (3, "vote 1"), (4, "vote no one")):
        game.act(seat, vote)
    assert game.over and game.result()["winners"] == [0, 2, 3, 4]  # N-W1: no Shade is left
    assert "Seat 1 is voted out." in [e["text"] for e in game.log_for(None)]  # N-R3 off: no role in the line


def test_N_W1_shades_win_when_they_match_the_villagers() -> None:
    game = new([S, V, V, V])
    game.act(0, "take 1")
    for seat in (0, 2, 3):
        game.timeout(seat)  # N-X1: no one
    assert not game.over
    game.act(0, "take 2")
    assert game.over and game.result()["winners"] == [0] and game.result()["reason"] == "shades_outnumber"


def test_N_H2_shades_know_each_other() -> None:
    game = new([S, V, V, S, V, V])
    assert game.view(0)["fellow_shades"] == [3] and "fellow_shades" not in game.view(1)
