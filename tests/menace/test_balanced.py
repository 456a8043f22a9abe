"""The 'balanced' option: Oxygen starts higher at every count (M-S6 is a printed number, so N stays the default)
and Raise Morale gives +2 (M-D2 / M-E8) instead of the shipped +3."""

from __future__ import annotations

import pytest

import treachery
from treachery.engine import GameConfigError
from treachery.games.menace.cards import RAISE_MORALE

from .kit import game, round_of

RM, AB, EX, AR = "raise-morale", "airlock-breach", "explosion", "advanced-repair"


@pytest.mark.rule("M-S6")
@pytest.mark.parametrize(("players", "oxygen"), [(4, 7), (5, 9), (6, 8), (7, 9), (8, 9)])
def test_M_S6_oxygen_starts_at_N_unless_the_table_chose_balanced(players: int, oxygen: int) -> None:
    plain = treachery.new_game("menace", players, seed=3)
    balanced = treachery.new_game("menace", players, seed=3, options={"balanced": True})
    assert plain.view(None)["oxygen"] == players
    assert balanced.view(None)["oxygen"] == oxygen


@pytest.mark.rule("M-E8", "M-D2")
def test_M_E8_raise_morale_gives_3_and_2_under_balanced() -> None:
    hands = {0: [RM, RM], 1: [AB, RM], 2: [EX, RM], 3: [AR, RM]}
    plain = game(4, start={"oxygen": 6, "energy": 4}, hands=hands, order=[RM, AB, EX, AR])
    balanced = game(4, start={"oxygen": 6, "energy": 4}, hands=hands, order=[RM, AB, EX, AR], balanced=True)
    for g in (plain, balanced):
        round_of(g, {0: f"play {RM}", 1: f"play {AB}", 2: f"play {EX}", 3: f"play {AR}"})
    # Raise Morale +3 (shipped) or +2 (balanced), Airlock Breach -1, Advanced Repair's cost -1
    assert (plain.oxygen, plain.energy) == (7, 4)
    assert (balanced.oxygen, balanced.energy) == (6, 4)


def test_the_card_reference_says_what_raise_morale_gives() -> None:
    plain, balanced = game(5), game(5, balanced=True)
    assert plain.cards.bda_texts[RAISE_MORALE].startswith("Oxygen +3.")
    assert balanced.cards.bda_texts[RAISE_MORALE].startswith("Oxygen +2.")
    assert balanced.cards.bda_texts[1:] == plain.cards.bda_texts[1:]
    assert balanced.cards.oxygen_effects[1:] == plain.cards.oxygen_effects[1:]


def test_balanced_changes_only_oxygen_at_the_start() -> None:
    plain = treachery.new_game("menace", 5, seed=11)
    balanced = treachery.new_game("menace", 5, seed=11, options={"balanced": True})
    for seat in range(5):
        a, b = plain.view(seat), balanced.view(seat)
        a.pop("oxygen"), b.pop("oxygen")
        a.pop("core"), b.pop("core")
        assert a == b
    assert plain.roles() == balanced.roles()


def test_a_setup_oxygen_still_wins_over_the_balanced_start() -> None:
    game_ = treachery.new_game("menace", 4, seed=1, options={"balanced": True}, setup={"start": {"oxygen": 9}})
    assert game_.view(None)["oxygen"] == 9


def test_balanced_is_declared_and_checked_like_every_option() -> None:
    declared = {o.key: o for o in treachery.engine.game_class("menace").declared_options}
    assert declared["balanced"].type == "bool" and declared["balanced"].default is False
    assert "Oxygen" in declared["balanced"].label and "Raise Morale" in declared["balanced"].label
    with pytest.raises(GameConfigError, match="'balanced' must be true or false"):
        treachery.new_game("menace", 5, options={"balanced": "maybe"})
