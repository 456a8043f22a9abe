"""The 'balanced' option: Oxygen starts higher at the player counts where the Menace side wins too often; without
it every count starts at N, as the rulebook prints (M-S6)."""

from __future__ import annotations

import pytest

import treachery
from treachery.engine import GameConfigError
from treachery.games.menace.rules import BALANCED_OXYGEN


@pytest.mark.parametrize("players", range(4, 9))
def test_M_S6_oxygen_starts_at_N_unless_the_table_chose_the_balanced_start(players: int) -> None:
    plain = treachery.new_game("menace", players, seed=3)
    balanced = treachery.new_game("menace", players, seed=3, options={"balanced": True})
    assert plain.view(None)["oxygen"] == players
    assert balanced.view(None)["oxygen"] == {4: 5, 5: 7, 6: 6, 7: 8, 8: 8}[players]
    assert BALANCED_OXYGEN.get(players, players) == balanced.view(None)["oxygen"]


def test_the_balanced_start_changes_only_oxygen() -> None:
    plain = treachery.new_game("menace", 5, seed=11)
    balanced = treachery.new_game("menace", 5, seed=11, options={"balanced": True})
    for seat in range(5):
        a, b = plain.view(seat), balanced.view(seat)
        a.pop("oxygen"), b.pop("oxygen")
        a.pop("core"), b.pop("core")
        assert a == b
    assert plain.roles() == balanced.roles()


def test_a_setup_oxygen_still_wins_over_the_balanced_start() -> None:
    game = treachery.new_game("menace", 4, seed=1, options={"balanced": True}, setup={"start": {"oxygen": 9}})
    assert game.view(None)["oxygen"] == 9


def test_balanced_is_declared_and_checked_like_every_option() -> None:
    declared = {o.key: o for o in treachery.engine.game_class("menace").declared_options}
    assert declared["balanced"].type == "bool" and declared["balanced"].default is False
    assert "Oxygen" in declared["balanced"].label
    with pytest.raises(GameConfigError, match="'balanced' must be true or false"):
        treachery.new_game("menace", 5, options={"balanced": "maybe"})
