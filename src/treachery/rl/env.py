"""PettingZoo AEC environments over any registered game: a thin adapter with no rules of its own.

Observation: ``{"observation": float32 vector, "action_mask": int8 vector}``. The vector is the game's
encoder applied to ``game.view(seat)`` (through the encoder's ``encode_game``, which may write the same
vector straight from the game, faster), followed by a small block naming the kind of decision pending
for that seat (hashed); the mask has a 1 at every option id of that seat's pending decision (shared,
read-only). Actions
are option ids from the game's fixed catalogue. Rewards come from ``game.result()`` once, at the end
(+1 winner, -1 everyone else). Simultaneous decisions are asked seat after seat: the engine seals
each answer until all are in, so no seat sees another's choice early.
"""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .. import new_game
from ..engine import Decision, Game, IllegalAction, game_class
from .encoders import Encoder, encoder_for
from .rewards import LOSS, seat_rewards

KIND_BUCKETS = 16  # the decision-kind block: one flag "a decision is pending for me" + hashed kinds
DEFAULT_PLAYERS = 5
MASK_MEMO_BYTES = 4 << 20  # masks kept per environment: about 16,000 of the widest game's (thousands of option sets)


def env_name(game_name: str) -> str:
    return f"treachery_{game_name}_v0"


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class TreacheryEnv(AECEnv):  # type: ignore[misc]
    """One game of ``game_name`` as a PettingZoo AEC environment; agents ``player_0`` .. ``player_{n-1}``.

    ``reset(seed=s)`` starts the game with seed ``s`` (the same game as ``treachery play --seed s``);
    ``reset()`` without a seed draws the next seed from the environment's own generator.
    ``reset(options={"setup": {...}})`` fixes parts of setup with the game's ``setup=`` keys.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "name": "treachery_v0", "is_parallelizable": False}

    def __init__(self, game_name: str, players: int | None = None, options: dict[str, Any] | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        cls = game_class(game_name)
        if players is None:
            players = min(max(DEFAULT_PLAYERS, cls.min_players), cls.max_players)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        new_game(game_name, players=players, seed=0, options=options)  # bad players/options fail here, clearly
        self.game_name = game_name
        self.players = players
        self.game_options = dict(options or {})
        self.render_mode = render_mode
        self.metadata = {**TreacheryEnv.metadata, "name": env_name(game_name)}
        self.encoder: Encoder = encoder_for(game_name, players, options)
        self._declares_eliminations = self.encoder.declares_eliminations
        self.actions = cls.action_count()
        self._mask_memo = max(256, MASK_MEMO_BYTES // max(1, self.actions))  # distinct option sets kept
        self.obs_size = self.encoder.size + KIND_BUCKETS
        self.possible_agents = [agent_name(s) for s in range(players)]
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        low = np.full(self.obs_size, self.encoder.low, dtype=np.float32)
        high = np.full(self.obs_size, self.encoder.high, dtype=np.float32)
        low[self.encoder.size:] = 0.0
        high[self.encoder.size:] = 1.0
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(self.actions,), dtype=np.int8),
            }) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.actions) for a in self.possible_agents}
        self._np_random: np.random.Generator | None = None
        self._game: Game | None = None
        self._rewarded = False  # whether the last step gave rewards (most give none)
        self._cache: dict[str, dict[str, np.ndarray]] = {}
        self._kind_slot: dict[str, int] = {}
        self._no_mask = np.zeros(self.actions, dtype=np.int8)
        self._no_mask.flags.writeable = False
        self._masks: dict[tuple[int, ...], np.ndarray] = {}

    # ---- the PettingZoo API ------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game(self) -> Game:
        """The running game (for inspection and tests; an agent should learn from observations only)."""
        if self._game is None:
            raise RuntimeError("call reset() before using the environment")
        return self._game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
            game_seed = int(seed)
        else:
            if self._np_random is None:
                self._np_random, _ = seeding.np_random(None)
            game_seed = int(self._np_random.integers(0, 2**62))
        setup = (options or {}).get("setup")
        self._game = new_game(self.game_name, players=self.players, seed=game_seed, options=self.game_options,
                              setup=setup)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._cache = {}
        self._rewarded = False
        self._advance()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if self._game is None:
            raise RuntimeError("call reset() before using the environment")
        if action is None:
            raise IllegalAction("malformed", f"{agent} must answer its pending decision; None is only for the dead")
        # checked: an action outside the mask raises and changes nothing
        self._game.act(self._seat_of[agent], int(action))
        self._cumulative_rewards[agent] = 0.0
        self._cache = {}
        self._advance()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        cached = self._cache.get(agent)
        if cached is None:
            cached = self._cache[agent] = self._observe(self._seat_of[agent])
        return cached

    def render(self) -> str | None:
        if self.render_mode is None:
            from gymnasium import logger

            logger.warn("render() called without a render_mode; make the env with render_mode='ansi'")
            return None
        from ..agent import view_text

        seat = self._seat_of.get(self.agent_selection) if self.agents else None
        return view_text(self.game, seat)

    def close(self) -> None:
        self._cache = {}

    # ---- internals ---------------------------------------------------------------------------------

    def _pending_for(self, seat: int) -> Decision | None:
        pending = self.game.pending_for(seat)
        return pending[0] if pending else None

    def _observe(self, seat: int) -> dict[str, np.ndarray]:
        game = self.game
        vector = self.encoder.encode_game(game, seat, KIND_BUCKETS)  # the kind block is left zero for us
        mask = self._no_mask
        decision = self._pending_for(seat)
        if decision is not None:
            mask = self._mask(decision.ids)
            at = self.encoder.size
            vector[at] = vector[at + 1 + self._kind(decision.kind)] = 1.0
        return {"observation": vector, "action_mask": mask}

    def _mask(self, ids: tuple[int, ...]) -> np.ndarray:
        """The mask of these option ids, made once and shared read-only (a game offers few distinct sets)."""
        mask = self._masks.get(ids)
        if mask is None:
            if len(self._masks) >= self._mask_memo:
                self._masks.clear()
            ones = bytearray(self.actions)  # set byte by byte: cheaper than numpy's indexing for a few ids
            for option_id in ids:
                ones[option_id] = 1
            mask = np.frombuffer(bytes(ones), dtype=np.int8)  # over immutable bytes: read-only
            self._masks[ids] = mask
        return mask

    def _kind(self, kind: str) -> int:
        slot = self._kind_slot.get(kind)
        if slot is None:
            slot = self._kind_slot[kind] = zlib.crc32(kind.encode()) % (KIND_BUCKETS - 1)
        return slot

    def _advance(self) -> None:
        """After reset or an answer: hand out rewards, terminate the finished or eliminated, pick who acts."""
        game = self._game
        assert game is not None
        rewards = self.rewards
        if self._rewarded:  # rewards last only one step; most steps give none, so nothing to clear or add
            for agent in rewards:
                rewards[agent] = 0.0
            self._rewarded = False
        pending = game.pending()
        if game.over:
            for agent, reward in zip(self.possible_agents, seat_rewards(game.result(), self.players), strict=True):
                if agent in rewards:
                    rewards[agent] = reward
                    self.terminations[agent] = True
                    self._rewarded = True
        elif self._declares_eliminations:
            out = self.encoder.eliminated_seats(game)  # who is out is public
            for agent in self.agents:
                if not self.terminations[agent] and self._seat_of[agent] in out:
                    rewards[agent] = LOSS  # an eliminated seat cannot win (the encoder declares it)
                    self.terminations[agent] = True
                    self._rewarded = True
        if self._rewarded:
            self._accumulate_rewards()
        if pending:
            acting = self.possible_agents[pending[0].seat]
            if self.terminations[acting] or acting not in self.rewards:
                raise RuntimeError(f"{self.game_name}: seat {pending[0].seat} has a decision pending but was "
                                   f"declared eliminated by the {self.encoder.name} encoder")
            self.agent_selection = acting
        else:
            self.agent_selection = self.agents[0]
        if self._rewarded or any(self.terminations.values()):
            self._deads_step_first()


class _OrderEnforcing(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's order-enforcing wrapper, with the same checks, minus its slow paths on every step: the
    inherited ``last()`` reads five attributes through the wrapper's ``__getattr__``, and ``agent_iter`` and
    ``step`` read ``agents`` and ``agent_selection`` through it (together about a tenth of a step)."""

    @property
    def agents(self) -> list[str]:
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        return self.env.agents  # type: ignore[no-any-return]

    @property
    def agent_selection(self) -> str:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.agent_selection  # type: ignore[no-any-return]

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)  # type: ignore[no-any-return]

    def __str__(self) -> str:
        return str(self.env)


def raw_env(game_name: str, players: int | None = None, options: dict[str, Any] | None = None,
            render_mode: str | None = None) -> TreacheryEnv:
    return TreacheryEnv(game_name, players=players, options=options, render_mode=render_mode)


def env(game_name: str, players: int | None = None, options: dict[str, Any] | None = None,
        render_mode: str | None = None) -> AECEnv:
    """The environment wrapped in PettingZoo's order-enforcing wrapper, as PettingZoo's own envs ship."""
    return _OrderEnforcing(raw_env(game_name, players, options, render_mode))
