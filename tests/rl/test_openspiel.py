"""OpenSpiel: every registered game loads in pyspiel and passes OpenSpiel's own random-simulation test."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open_spiel is not installed: pip install -e '.[rl]' to run the OpenSpiel tests")

import treachery  # noqa: E402
from treachery.rl import openspiel  # noqa: E402

from .util import GAMES  # noqa: E402


@pytest.mark.parametrize("game_name", GAMES)
def test_openspiel_random_sim_test(game_name: str) -> None:
    openspiel.register()
    cls = treachery.game_class(game_name)
    counts = [cls.min_players, cls.max_players] if game_name == "killer" else [cls.min_players]
    for players in counts:
        game = pyspiel.load_game(f"{openspiel.short_name(game_name)}(players={players},deals=50)")
        assert game.num_players() == players and game.num_distinct_actions() == cls.action_count()
        sims = 2 if game_name == "killer" and players == cls.min_players else 1
        pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


def test_chance_is_the_deal_and_returns_come_from_the_result() -> None:
    openspiel.register(["killer"])
    game = pyspiel.load_game("python_treachery_killer(players=5,offset=100)")
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1000
    state.apply_action(7)  # deal 7 = game seed 107
    assert state.game.seed == 107
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    winners = state.game.result()["winners"]
    assert state.returns() == [1.0 if s in winners else -1.0 for s in range(5)]


def test_bad_player_count_is_refused() -> None:
    openspiel.register(["killer"])
    with pytest.raises(Exception, match="killer takes 3 to 10 players"):
        pyspiel.load_game("python_treachery_killer(players=2)")


def test_resampling_keeps_the_seats_information_state_for_ismcts() -> None:
    """OpenSpiel's ISMCTS searches over ``resample_from_infostate``: our game's sampler (Game.determinized). The
    sample gives the searching seat the same information-state string and legal actions; hidden cards vary."""
    openspiel.register(["killer"])
    game = pyspiel.load_game("python_treachery_killer(players=4)")
    state = game.new_initial_state()
    state.apply_action(3)
    for _ in range(6):
        state.apply_action(state.legal_actions()[-1])
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = set()
    for _ in range(8):
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert sample.legal_actions() == state.legal_actions() and sample.current_player() == player
        worlds.add(str(sample.game.view(None)) + str([sample.game.view(s) for s in range(4) if s != player]))
    assert len(worlds) > 1  # what the seat cannot see is drawn anew
