"""The 'balanced' option: one Guest more where the Humans win most games (G-S3 is a printed number, so its counts
stay the default)."""

from __future__ import annotations

import pytest

import treachery
from treachery.engine import GameConfigError

PRINTED = {5: 2, 6: 2, 7: 2, 8: 3, 9: 3, 10: 3, 11: 4, 12: 4}  # G-S3
BALANCED = {5: 2, 6: 3, 7: 3, 8: 3, 9: 4, 10: 4, 11: 5, 12: 5}


@pytest.mark.rule("G-S3", "G-S4", "G-H4")
@pytest.mark.parametrize("players", range(5, 13))
def test_G_S3_guests_per_count_printed_and_balanced(players: int) -> None:
    plain = treachery.new_game("guest", players, seed=players)
    balanced = treachery.new_game("guest", players, seed=players, options={"balanced": True})
    assert plain.view(None)["start"]["guests"] == PRINTED[players]
    assert balanced.view(None)["start"]["guests"] == BALANCED[players]
    assert balanced.view(None)["start"]["humans"] == players - BALANCED[players]
    dealt = [balanced.view(seat)["character"] for seat in range(players)]  # each seat sees only its own
    assert dealt.count("Guest") == BALANCED[players]


@pytest.mark.rule("G-S12")
@pytest.mark.parametrize("players", range(5, 13))
def test_G_S12_balanced_keeps_the_printed_votes(players: int) -> None:
    plain = treachery.new_game("guest", players, seed=4)
    balanced = treachery.new_game("guest", players, seed=4, options={"balanced": True})
    assert plain.view(None)["start"]["votes"] == balanced.view(None)["start"]["votes"]


def test_a_setup_naming_the_characters_must_match_the_balanced_count() -> None:
    with pytest.raises(GameConfigError, match="must hold 3 Guests at 7 players"):
        treachery.new_game("guest", 7, options={"balanced": True},
                           setup={"characters": ["human"] * 5 + ["guest"] * 2})
    game = treachery.new_game("guest", 7, options={"balanced": True},
                              setup={"characters": ["human"] * 4 + ["guest"] * 3})
    assert [game.view(seat)["character"] for seat in range(7)].count("Guest") == 3


def test_balanced_is_declared_and_checked_like_every_option() -> None:
    declared = {o.key: o for o in treachery.engine.game_class("guest").declared_options}
    assert declared["balanced"].type == "bool" and declared["balanced"].default is False
    with pytest.raises(GameConfigError, match="'balanced' must be true or false"):
        treachery.new_game("guest", 7, options={"balanced": "maybe"})
