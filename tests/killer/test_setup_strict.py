"""Setup overrides for later rounds apply exactly or stop the game with an error naming the key (K-S10, K-S12,
K-T7): a scenario that quietly fell back to chance would test nothing."""

from __future__ import annotations

from typing import Any

import pytest

import treachery
from treachery.engine import SetupOverrideError

ALL_LOCATIONS = ["br", "ga", "ml", "al", "ac", "er", "ch", "sb"]


def _play_into_round_2(setup: dict[str, Any]) -> treachery.Game:
    """Seven players (no Location removed), every decision by its default until round 2's cards are dealt. In this
    line of play round 1 destroys the Airlock (its cards are out of round 2's deck) and the
    Cargo Hold is hunted (out of round 2's Hunting Row)."""
    game = treachery.new_game("killer", players=7, seed=0, setup={"first": 0, **setup})
    for _ in range(3000):
        assert not game.over
        if game.view(None)["round"] >= 2 and any(game.hands):
            return game
        decision = game.pending()[0]
        game.act(decision.seat, decision.default)
    raise AssertionError("round 2 was not reached")


@pytest.mark.rule("K-T7")
def test_K_T7_later_hands_that_cannot_be_dealt_name_the_key() -> None:
    only_missing = r"^setup hands for round 2 do not fit: \['AL1'\] not in the Crew deck$"  # nothing else wrong
    with pytest.raises(SetupOverrideError, match=only_missing):
        _play_into_round_2({"hands": {2: {1: ["AL1", "GA2"]}}})
    with pytest.raises(SetupOverrideError, match=r"setup hands for round 1 .*seats \[0\] are dealt 2 card"):
        treachery.new_game("killer", players=7, seed=3, setup={"hands": {1: {0: ["ER2"]}}}).pending()


@pytest.mark.rule("K-S12")
def test_K_S12_a_later_deck_top_with_a_card_already_out_names_the_key() -> None:
    with pytest.raises(SetupOverrideError, match=r"setup deck for round 2: \['AL1'\] not in the Crew deck"):
        _play_into_round_2({"deck": {2: ["GA1", "AL1"]}})


@pytest.mark.rule("K-S10")
def test_K_S10_a_later_hunting_row_of_other_locations_names_the_key() -> None:
    with pytest.raises(SetupOverrideError, match=r"setup hunting_row for round 2 must hold exactly"):
        _play_into_round_2({"hunting_row": {2: ALL_LOCATIONS}})


def test_overrides_that_fit_apply_exactly_in_later_rounds() -> None:
    row = ["sb", "er", "ac", "ml", "ga", "br"]  # every Location but the destroyed Airlock and the hunted Cargo Hold
    game = _play_into_round_2({"hands": {2: {1: ["ER2", "GA2"]}}, "hunting_row": {2: row}, "deck": {2: ["BR3"]}})
    assert [i for i in range(8) if game.destroyed[i]] == [ALL_LOCATIONS.index("al")]
    assert game.view(None)["round"] == 2 and sorted(game.view(1)["hand"]) == ["ER2", "GA2"]
    assert game.hunting_row == [ALL_LOCATIONS.index(x) for x in row]
    assert "BR3" in [h for seat in range(7) for h in game.view(seat)["hand"]]  # the top card is dealt first


def test_a_barricade_set_up_on_a_destroyed_location_is_refused_saying_why() -> None:
    start = {"round": 2, "destroyed": ["GA"], "ongoing": {0: {"card": "CH1", "location": "GA"}}}
    with pytest.raises(treachery.GameConfigError, match=r"^setup: a Barricade must name a Location in play$"):
        treachery.new_game("killer", players=4, seed=0, setup={"start": start})
