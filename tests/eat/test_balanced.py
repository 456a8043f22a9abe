"""The 'balanced' option: less Food (W-S2) and Sanity (W-S3) at the start, a raft target of 6N up to 40 (W-D5),
Food-deck cards that give 1 Food less (W-D23-W-D32) and Stashes of at most 1 (W-D8). Without it every number is
the printed or shipped one."""

from __future__ import annotations

import pytest

import treachery
from treachery.engine import GameConfigError

from .util import A, B, C, D, answer, kinds, open_trial, scenario

# players: (Food, Sanity, raft target) under balanced
BALANCED_START = {4: (0, 4, 24), 5: (0, 4, 30), 6: (-1, 4, 36), 7: (-1, 4, 40), 8: (-1, 4, 40), 9: (-1, 4, 40),
                  10: (-3, 4, 40)}


def _start(game: treachery.engine.Game) -> tuple[int, int, int]:
    view = game.view(None)
    return view["food"], view["sanity"], view["raft_target"]


@pytest.mark.rule("W-S2", "W-S3", "W-S4", "W-D5")
@pytest.mark.parametrize("players", range(4, 11))
def test_W_S2_W_S3_W_D5_the_start_per_player_count(players: int) -> None:
    plain = treachery.new_game("eat", players, seed=5)
    balanced = treachery.new_game("eat", players, seed=5, options={"balanced": True})
    assert _start(plain) == (players - 1, 8, 3 * players + 2)
    assert _start(balanced) == BALANCED_START[players]


@pytest.mark.rule("W-D5", "W-V56")
def test_W_D5_a_balanced_target_still_drops_by_two_per_death() -> None:
    g = scenario(6, options={"balanced": True}, ghosts=[D])
    assert g.view(None)["raft_target"] == 36 - 2


@pytest.mark.rule("W-E17", "W-V40", "W-D8", "W-D27")
def test_W_D8_a_balanced_stash_gives_1_food_and_no_longer_ends_the_trial() -> None:
    position = {"round": 5, "phase": "trial", "food": -2, "sanity": 6, "build": 16, "target": 14, "keep": {B: "F05"}}
    plain = scenario(4, **position)  # type: ignore[arg-type]
    balanced = scenario(4, options={"balanced": True}, **position)  # type: ignore[arg-type]
    for g in (plain, balanced):
        open_trial(g)
        answer(g, "poll", {B: "reveal keep"})
    assert plain.food == 0 and plain.round == 6  # Stash 2: Food back to 0, the trial is over (W-V40)
    assert balanced.food == -1 and balanced.round == 5 and not balanced.over  # Stash 1: still hungry


@pytest.mark.rule("W-E1", "W-D23", "W-D24", "W-D25", "W-D27")
def test_W_D23_balanced_food_cards_give_one_food_less() -> None:
    position = {"round": 2, "phase": "afternoon", "food": 3, "sanity": 8, "build": 5,
                "quests": {"selection": ["QU01", "QU09", "QU14"]}, "play": {A: "F01", B: "F02", C: "F03", D: "F05"}}
    games = [scenario(4, pers={A: "P12", B: "P14", C: "P07", D: "P04"}, options=options, **position)  # type: ignore[arg-type]
             for options in ({}, {"balanced": True})]
    for g in games:
        answer(g, "quest", default="quest qu01")
        while kinds(g) and kinds(g)[0][1] != "evening":
            answer(g, kinds(g)[0][1])
    plain, balanced = games
    assert plain.food - balanced.food == 4  # four Food cards, each 1 Food less
    assert plain.sanity == balanced.sanity and plain.build == balanced.build  # F05's Sanity -1 is unchanged


def test_balanced_card_texts_say_the_balanced_numbers() -> None:
    plain = treachery.new_game("eat", 5, seed=1).view(None)["cards"]["survivor"]
    balanced = treachery.new_game("eat", 5, seed=1, options={"balanced": True}).view(None)["cards"]["survivor"]
    assert plain["F05"]["text"].startswith("Play: Food +3, Sanity -1. Keep: Stash 2:")
    assert balanced["F05"]["text"].startswith("Play: Food +2, Sanity -1. Keep: Stash 1:")
    assert balanced["F05"]["text"].endswith("for Food +1.") and balanced["F05"]["play"] == [["food", 2], ["sanity", -1]]
    assert balanced["F06"]["text"].startswith("Play: Sanity +1. Keep: Ration")  # Food +1 - 1 = nothing to say
    assert balanced["F09"]["text"] == "Play: nothing. Keep: Stash 1: in a trial's discussion, reveal and discard it " \
                                      "for Food +1."
    assert balanced["S01"] == plain["S01"]  # other decks keep their numbers


def test_balanced_is_declared_and_checked_like_every_option() -> None:
    declared = {o.key: o for o in treachery.engine.game_class("eat").declared_options}
    assert declared["balanced"].type == "bool" and declared["balanced"].default is False
    with pytest.raises(GameConfigError, match="'balanced' must be true or false"):
        treachery.new_game("eat", 5, options={"balanced": "maybe"})
