"""No leak through the research interfaces, for every game: twin games that differ only in hidden facts (a hand,
a character, an Agenda, a deck order) are played side by side with the same random moves; whenever a seat is
given exactly the same thing by the engine in both (its view, its log, its own pending decisions), its
observation vector, action mask, text and JSON document are identical too. Seats that may know the
difference (its owner) do see it, so the twins really differ. With OpenSpiel installed, its information-state
and observation strings and tensor are checked the same way.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="the PettingZoo tests need the rl extra: pip install -e '.[rl]'")

import numpy as np

import treachery.rl
from treachery.agent import view_json, view_text
from treachery.engine import Game
from treachery.rl.env import TreacheryEnv

from ..game_data import twins_module
from .util import GAMES

# (game, players, setup of twin a, setup of twin b), from each game's own tests/<game>/twins.py
TWINS: list[tuple[str, int, dict[str, Any], dict[str, Any]]] = [
    (name, *twin) for name in GAMES for twin in twins_module(name).RL_TWINS]


def _env(game_name: str, players: int, setup: dict[str, Any], seed: int) -> TreacheryEnv:
    env = treachery.rl.env(game_name, players=players).unwrapped
    env.reset(seed=seed, options={"setup": setup})
    return env


def engine_gives(game: Game, seat: int) -> Any:
    """Everything the engine gives ``seat``: its view, its log and its own pending decisions."""
    return game.view(seat), game.log_for(seat), [d.to_dict() for d in game.pending() if d.seat == seat]


def interfaces_give(env: TreacheryEnv, seat: int) -> tuple[bytes, bytes, str, str]:
    """Everything the research interfaces give ``seat``: observation, mask, text and JSON document."""
    observation = env.observe(f"player_{seat}")
    return (observation["observation"].tobytes(), observation["action_mask"].tobytes(),
            view_text(env.game, seat), json.dumps(view_json(env.game, seat), sort_keys=True))


def walk_twins(a: TreacheryEnv, b: TreacheryEnv, seed: int, steps: int = 250) -> tuple[int, int]:
    """Plays the same random moves in both; a seat whose options differ between the twins takes each twin's
    default. Returns (seat-steps where the engine gave a seat the same in both, seat-steps where it did not)."""
    rng = random.Random(seed)
    same = different = 0
    for _ in range(steps):
        if not a.agents or not b.agents:
            break  # one twin ended: what follows is no longer comparable
        if a.agent_selection != b.agent_selection:  # who acts is the hidden difference: each its first legal option
            for env in (a, b):
                agent = env.agent_selection
                env.step(None if env.terminations[agent] else int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
            continue
        for seat in range(a.players):
            if engine_gives(a.game, seat) == engine_gives(b.game, seat):
                assert interfaces_give(a, seat) == interfaces_give(b, seat), f"seat {seat} tells the twins apart"
                same += 1
            else:
                different += 1
        agent = a.agent_selection
        if a.terminations[agent] or b.terminations[agent]:
            for env in (a, b):
                env.step(None if env.terminations[agent] else int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
            continue
        mask_a, mask_b = a.observe(agent)["action_mask"], b.observe(agent)["action_mask"]
        if np.array_equal(mask_a, mask_b):
            choice = int(rng.choice(np.flatnonzero(mask_a)))
            a.step(choice)
            b.step(choice)
        else:  # the seat that holds the hidden difference: each twin takes its own default
            for env in (a, b):
                seat = int(agent.split("_")[1])
                env.step(next(d for d in env.game.pending() if d.seat == seat).default_id)
    return same, different


@pytest.mark.parametrize(("game_name", "players", "setup_a", "setup_b"), TWINS,
                         ids=[f"{t[0]}-{i}" for i, t in enumerate(TWINS)])
def test_what_a_seat_is_given_depends_only_on_what_it_may_know(game_name: str, players: int,
                                                                setup_a: dict[str, Any],
                                                                setup_b: dict[str, Any]) -> None:
    same = different = 0
    for seed in (11, 12, 13):
        a, b = _env(game_name, players, setup_a, seed), _env(game_name, players, setup_b, seed)
        assert a.game.record()["setup"] != b.game.record()["setup"]
        found = walk_twins(a, b, seed)
        same, different = same + found[0], different + found[1]
    assert same >= 4 * players  # the comparison did happen, many times
    if setup_a.get("hunting_row") == setup_b.get("hunting_row"):
        assert different > 0  # the seat that holds the difference was shown it


def test_every_game_has_twins() -> None:
    assert {t[0] for t in TWINS} == set(GAMES)  # each game's tests/<game>/twins.py lists at least one


def test_the_text_and_mask_of_a_seat_that_may_know_differ() -> None:
    """K-H1: the seat whose hand differs sees it in its observation and its text."""
    from tests.killer.twins import P2, killer_hands

    a, b = _env("killer", 4, killer_hands(["BR2", "CH2"]), 11), _env("killer", 4, killer_hands(["ER1", "CH2"]), 11)
    given_a, given_b = interfaces_give(a, P2), interfaces_give(b, P2)
    assert given_a[0] != given_b[0] and given_a[2] != given_b[2]


@pytest.mark.parametrize(("game_name", "players", "setup_a", "setup_b"), TWINS,
                         ids=[f"{t[0]}-{i}" for i, t in enumerate(TWINS)])
def test_openspiel_strings_and_tensors_do_not_leak(game_name: str, players: int, setup_a: dict[str, Any],
                                                   setup_b: dict[str, Any]) -> None:
    """The same twins through OpenSpiel: information-state string, observation string and tensor, after the
    same first random moves, for every seat the engine gives the same in both."""
    pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (the rl extra)")
    from treachery.rl import openspiel

    openspiel.register([game_name])
    game = pyspiel.load_game(f"{openspiel.short_name(game_name)}(players={players})")
    info = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    obs = game.make_py_observer()
    a, b = _env(game_name, players, setup_a, 11), _env(game_name, players, setup_b, 11)
    walk_twins(a, b, 11, steps=2)
    states = []
    for env in (a, b):
        state = game.new_initial_state()
        state.apply_action(0)
        state.game = env.game
        states.append(state)

    def given(state: Any, seat: int) -> tuple[str, str, bytes]:
        obs.set_from(state, seat)
        return info.string_from(state, seat), obs.string_from(state, seat), obs.tensor.tobytes()

    compared = 0
    for seat in range(players):
        if engine_gives(a.game, seat) == engine_gives(b.game, seat):
            assert given(states[0], seat) == given(states[1], seat), f"seat {seat} tells the twins apart"
            compared += 1
    assert compared > 0
