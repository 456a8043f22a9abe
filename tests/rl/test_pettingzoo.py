"""The PettingZoo environments: PettingZoo's own api_test and seed_test on every game, masks, rewards, seats."""

from __future__ import annotations

import random
import warnings

import pytest

pytest.importorskip("pettingzoo", reason="the PettingZoo tests need the rl extra: pip install -e '.[rl]'")

import numpy as np
from pettingzoo.test import api_test, seed_test

import treachery
import treachery.rl
from treachery.agent import view_text
from treachery.rl.encoders import HashedEncoder, encoder_for
from treachery.rl.env import KIND_BUCKETS, TreacheryEnv
from treachery.rl.rewards import seat_rewards

from .util import GAMES, player_counts

CASES = [(g, n) for g in GAMES for n in player_counts(g)]
# PettingZoo's checker suggests a Box observation; like its own classic games we give a Dict with the mask.
EXPECTED = ("Observation is not a NumPy array", "Observation space for each agent probably should be")


def _unexpected(caught: list[warnings.WarningMessage]) -> list[str]:
    return [str(w.message) for w in caught if not str(w.message).startswith(EXPECTED)]


@pytest.mark.parametrize(("game_name", "players"), CASES)
def test_pettingzoo_api_test_and_seed_test(game_name: str, players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(treachery.rl.env(game_name, players=players), num_cycles=60)
        seed_test(lambda: treachery.rl.env(game_name, players=players), num_cycles=60)
    assert _unexpected(caught) == []


@pytest.mark.parametrize("game_name", GAMES)
def test_versioned_module_names(game_name: str) -> None:
    module = getattr(treachery.rl, f"treachery_{game_name}_v0")
    env = module.env(players=treachery.game_class(game_name).min_players, render_mode="ansi")
    assert str(env) == f"treachery_{game_name}_v0" and env.metadata["name"] == str(env)
    assert f"treachery_{game_name}_v0" in treachery.rl.env_names()
    assert isinstance(module.raw_env(), TreacheryEnv)


def test_bad_arguments_are_refused_clearly() -> None:
    with pytest.raises(treachery.GameConfigError, match="killer takes 3 to 10 players"):
        treachery.rl.env("killer", players=11)
    with pytest.raises(treachery.GameConfigError, match="unknown game"):
        treachery.rl.env("chess")
    with pytest.raises(ValueError, match="render_mode"):
        treachery.rl.env("killer", render_mode="human")
    with pytest.raises(AttributeError, match="environments: "):
        treachery.rl.treachery_chess_v0  # noqa: B018


def _play_random(env: TreacheryEnv, rng: random.Random, check: bool = True) -> dict[str, float]:
    """Plays one game with uniformly random masked actions; returns each agent's total reward.

    With ``check``, every step also checks the observation and mask against the engine's contract."""
    totals = {a: 0.0 for a in env.possible_agents}
    encoder = env.encoder
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        seat = int(agent.split("_")[1])
        mask = obs["action_mask"]
        if check:
            decision = next(d for d in env.game.pending() if d.seat == seat)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(decision.ids)  # mask == legal option ids
            vector = obs["observation"]
            assert vector.dtype == np.float32 and vector.shape == (encoder.size + KIND_BUCKETS,)
            assert np.array_equal(vector[:encoder.size], encoder.encode(env.game.view(seat)))
            assert env.observation_space(agent).contains(obs)
        env.step(rng.choice(np.flatnonzero(mask).tolist()))
    return totals


@pytest.mark.parametrize("game_name", GAMES)
def test_masks_observations_and_rewards_over_whole_games(game_name: str) -> None:
    """The mask is exactly the pending decision's option ids; the observation is the encoder applied to the
    seat's view; each agent's total reward is +1 if it won and -1 if not, paid once."""
    env = treachery.rl.env(game_name).unwrapped
    rng = random.Random(5)
    for seed in range(3):
        env.reset(seed=seed)
        totals = _play_random(env, rng)
        assert env.agents == []
        result = env.game.result()
        expected = seat_rewards(result, env.players)
        assert [totals[a] for a in env.possible_agents] == expected
        assert env.game.record()["seed"] == seed  # reset(seed=s) is the game with seed s


def test_killer_dead_crew_leave_at_once_with_a_loss_and_never_act_or_win() -> None:
    """PettingZoo's dead-agent rule: a crew member who dies is terminated at once (reward -1), stepped
    with None and removed; the encoder's claim that the dead never act again nor win is checked here."""
    rng = random.Random(1)
    removed_early = 0
    for players in (5, 8, 10):
        env = treachery.rl.env("killer", players=players).unwrapped
        for seed in range(12):
            env.reset(seed=seed)
            gone: dict[str, float] = {}
            for agent in env.agent_iter():
                _, reward, terminated, _, _ = env.last()
                if terminated:
                    if not env.game.over:
                        seat = int(agent.split("_")[1])
                        assert not env.game.view(None)["players"][seat]["alive"]
                        removed_early += 1
                    gone[agent] = env._cumulative_rewards[agent]
                    env.step(None)
                    assert agent not in env.agents
                    continue
                env.step(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]).tolist()))
            winners = env.game.result()["winners"]
            for agent, total in gone.items():
                seat = int(agent.split("_")[1])
                assert total == (1.0 if seat in winners else -1.0)
    assert removed_early > 0


@pytest.mark.parametrize("game_name", GAMES)
def test_simultaneous_decisions_are_asked_seat_after_seat_and_stay_sealed(game_name: str) -> None:
    """While a simultaneous group is open, answering it changes no other seat's observation."""
    env = treachery.rl.env(game_name, players=treachery.game_class(game_name).max_players).unwrapped
    rng = random.Random(2)
    groups = 0
    for seed in range(6):
        env.reset(seed=seed)
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent]:
                env.step(None)
                continue
            pending = env.game.pending()
            others = [f"player_{d.seat}" for d in pending if f"player_{d.seat}" != agent]
            before = {a: env.observe(a)["observation"].copy() for a in others}
            env.step(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]).tolist()))
            if others and len(env.game.pending()) == len(pending) - 1:
                groups += 1
                assert env.agent_selection in others  # the next seat of the same group is asked next
                for other in others:
                    assert np.array_equal(env.observe(other)["observation"], before[other])
        if groups >= 3:
            break
    if game_name != "killer":  # Killer's only simultaneous decision is rare (keep_ongoing)
        assert groups > 0


def test_render_ansi_is_the_seats_text_view() -> None:
    env = treachery.rl.env("killer", players=4, render_mode="ansi")
    env.reset(seed=3)
    seat = int(env.agent_selection.split("_")[1])
    text = env.render()
    assert text == view_text(env.unwrapped.game, seat) and "1. " in text
    env.close()


def test_reset_without_a_seed_continues_the_envs_own_stream() -> None:
    a, b = treachery.rl.env("killer").unwrapped, treachery.rl.env("killer").unwrapped
    a.reset(seed=9)
    b.reset(seed=9)
    a.reset()
    b.reset()
    assert a.game.seed == b.game.seed != 9


def test_an_action_outside_the_mask_is_refused_and_changes_nothing() -> None:
    env = treachery.rl.env("killer").unwrapped
    env.reset(seed=4)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    record = env.game.record()
    with pytest.raises(treachery.IllegalAction):
        env.step(illegal)
    assert env.game.record() == record and env.agent_selection == agent


def test_each_dedicated_encoder_has_a_documented_layout_and_other_games_get_the_generic_one() -> None:
    """A dedicated encoder is optional (docs/research.md): a game without ``rl/encoders/<game>.py`` is encoded by
    the hashed fallback."""
    import importlib.util

    for game_name in GAMES:
        encoder = encoder_for(game_name, treachery.game_class(game_name).min_players)
        if importlib.util.find_spec(f"treachery.rl.encoders.{game_name}") is None:
            assert isinstance(encoder, HashedEncoder)
            continue
        assert encoder.name == game_name and encoder.size > 0
        layout = getattr(encoder, "layout", None)
        if layout is not None:  # the layout's blocks tile the vector exactly
            assert sum(size for _, _, size in layout.blocks) == layout.size == encoder.size
            assert len(layout.describe().splitlines()) == len(layout.blocks)


def test_the_hashed_fallback_encodes_any_view() -> None:
    """A game without a dedicated encoder gets the hashed bag of its view's leaves: fixed size, stable."""
    game = treachery.new_game("guest", players=5, seed=1)
    encoder = HashedEncoder()
    first = encoder.encode(game.view(0))
    assert first.shape == (encoder.size,) and first.any()
    assert np.array_equal(first, HashedEncoder().encode(game.view(0)))
    assert not np.array_equal(first, encoder.encode(game.view(1)))


def test_kept_masks_are_bounded_and_stay_right() -> None:
    """The environment keeps the masks of the option sets it met, up to a bound in bytes; past it, it starts over,
    and every mask it hands out is still exactly its set, read-only."""
    env = treachery.rl.env("eat", players=5).unwrapped
    assert env._mask_memo * env.actions <= 4 << 20 or env._mask_memo == 256
    env._mask_memo = 2
    sets = [(1, 5), (2, 7, 9), (3,), (1, 5)]
    for ids in sets:
        mask = env._mask(ids)
        assert list(np.flatnonzero(mask)) == list(ids) and not mask.flags.writeable
        assert len(env._masks) <= 2
