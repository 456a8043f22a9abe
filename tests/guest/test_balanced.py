"""The 'balanced' option: one Guest more (G-S3) or fewer Votes (G-S12) where the Humans win most games; both are
printed numbers, so without the option they stay as printed."""

from __future__ import annotations

import pytest

import treachery
from treachery.engine import GameConfigError
from treachery.games.guest.rules import Guest

PRINTED = {5: 2, 6: 2, 7: 2, 8: 3, 9: 3, 10: 3, 11: 4, 12: 4}  # G-S3
BALANCED = {5: 2, 6: 2, 7: 2, 8: 3, 9: 4, 10: 4, 11: 5, 12: 5}
PRINTED_VOTES = {5: 12, 6: 12, 7: 11, 8: 11, 9: 10, 10: 10, 11: 9, 12: 9}  # G-S12
BALANCED_VOTES = {**PRINTED_VOTES, 6: 7, 7: 6, 10: 8}


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


@pytest.mark.rule("G-S12", "G-S13", "G-H4")
@pytest.mark.parametrize("players", range(5, 13))
def test_G_S12_votes_in_the_deck_printed_and_balanced(players: int) -> None:
    plain = treachery.new_game("guest", players, seed=4)
    balanced = treachery.new_game("guest", players, seed=4, options={"balanced": True})
    assert plain.view(None)["start"]["votes"] == PRINTED_VOTES[players]
    assert balanced.view(None)["start"]["votes"] == BALANCED_VOTES[players]
    for game, votes in ((plain, PRINTED_VOTES[players]), (balanced, BALANCED_VOTES[players])):
        assert isinstance(game, Guest) and game.votes_aside == votes  # what goes into the deck after the deal


def test_a_setup_naming_the_characters_must_match_the_balanced_count() -> None:
    with pytest.raises(GameConfigError, match="must hold 4 Guests at 9 players"):  # G-S3 under balanced
        treachery.new_game("guest", 9, options={"balanced": True},
                           setup={"characters": ["human"] * 6 + ["guest"] * 3})
    game = treachery.new_game("guest", 9, options={"balanced": True},
                              setup={"characters": ["human"] * 5 + ["guest"] * 4})
    assert [game.view(seat)["character"] for seat in range(9)].count("Guest") == 4


def test_balanced_is_declared_and_checked_like_every_option() -> None:
    declared = {o.key: o for o in treachery.engine.game_class("guest").declared_options}
    assert declared["balanced"].type == "bool" and declared["balanced"].default is False
    with pytest.raises(GameConfigError, match="'balanced' must be true or false"):
        treachery.new_game("guest", 7, options={"balanced": "maybe"})
