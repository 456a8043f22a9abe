"""What the environment's fast paths must keep: every observation is its own array (the encoders write into
fresh float32 buffers handed to numpy uncopied), the decision block is written in place exactly as before,
rewards last one step, and the thinner order-enforcing wrapper still refuses use before reset."""

from __future__ import annotations

import random
import zlib

import pytest

pytest.importorskip("pettingzoo", reason="the PettingZoo tests need the rl extra: pip install -e '.[rl]'")

import numpy as np
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

import treachery.rl
from treachery.rl.env import KIND_BUCKETS

from .util import GAMES


def _decision_block(env: treachery.rl.TreacheryEnv, seat: int) -> np.ndarray:
    """The decision block written independently of the environment: "a decision is pending for me" plus
    the decision's kind hashed into one of the other entries."""
    block = np.zeros(KIND_BUCKETS, dtype=np.float32)
    decision = next((d for d in env.game.pending() if d.seat == seat), None)
    if decision is not None:
        block[0] = block[1 + zlib.crc32(decision.kind.encode()) % (KIND_BUCKETS - 1)] = 1.0
    return block


@pytest.mark.parametrize("game_name", GAMES)
def test_observations_are_fresh_arrays_equal_to_the_view_path(game_name: str) -> None:
    env = treachery.rl.env(game_name)
    raw = env.unwrapped
    rng = random.Random(3)
    earlier: list[np.ndarray] = []
    for seed in range(40):  # two games, or as many as make 50 observations: a short game must meet it too
        if seed >= 2 and len(earlier) > 50:
            break
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            seat = int(agent.split("_")[1])
            vector = obs["observation"]
            expected = np.concatenate((raw.encoder.encode(raw.game.view(seat)), _decision_block(raw, seat)))
            assert vector.dtype == np.float32 and vector.flags.writeable
            assert np.array_equal(vector, expected)
            assert not any(np.shares_memory(vector, other) for other in earlier[-3:])
            vector[:] = 7.0  # a learner may scribble on what it was given: later observations must not see it
            earlier.append(vector)
            if terminated or truncated:
                env.step(None)
            else:
                env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
    assert len(earlier) > 50


@pytest.mark.parametrize("game_name", GAMES)
def test_rewards_are_paid_on_one_step_only(game_name: str) -> None:
    """``rewards`` is non-zero only on the step that ends the game or eliminates a seat, and only for the
    agents that step terminated."""
    env = treachery.rl.env(game_name).unwrapped
    rng = random.Random(4)
    paid = 0
    for seed in range(3):
        env.reset(seed=seed)
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent]:
                env.step(None)
                continue
            was_terminated = {a for a in env.agents if env.terminations[a]}
            env.step(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]).tolist()))
            newly = {a for a in env.agents if env.terminations[a]} - was_terminated
            nonzero = {a for a, r in env.rewards.items() if r}
            assert nonzero <= newly
            paid += len(nonzero)
    assert paid > 0


def test_the_order_enforcing_wrapper_still_refuses_use_before_reset() -> None:
    env = treachery.rl.env("killer")
    assert isinstance(env, OrderEnforcingWrapper)
    for name in ("agents", "agent_selection", "rewards", "terminations"):
        with pytest.raises(AttributeError, match="before reset"):
            getattr(env, name)
    with pytest.raises(AttributeError, match="before reset"):
        env.last()
    env.reset(seed=2)
    raw = env.unwrapped
    assert env.agents is raw.agents and env.agent_selection == raw.agent_selection
    obs, reward, terminated, truncated, info = env.last()
    assert obs is raw.observe(raw.agent_selection) and (reward, terminated, truncated) == (0.0, False, False)
    assert str(env) == "treachery_killer_v0"
