"""OpenSpiel games over every registered game: ``pyspiel.load_game("python_treachery_killer(players=5)")``.

Needs ``open_spiel`` (the ``rl`` extra). Call :func:`register` (or import this module, which registers
every game) before ``pyspiel.load_game``. Each game is:

- **sequential, imperfect information, general sum**, rewards at the end (+1 winner, -1 every other seat);
- **explicit chance at the start**: one chance node picks the deal among ``deals`` equally likely seeds
  (parameter, default 1000): every later shuffle is drawn from that seed, so chance is the deal;
- **simultaneous decisions asked seat after seat**: the engine seals each answer until all are in, so
  a later seat's information state does not show an earlier seat's sealed choice;
- information-state string: the seat's own answers so far, its log, its view and its pending decision;
  observation string: the seat's view and decision as text (:func:`treachery.agent.view_text`); the
  observation tensor is the PettingZoo encoder's vector. Nothing is built from anything but views.

Parameters: ``players`` (default: the game's minimum), ``deals``, ``max_game_length`` (a bound
OpenSpiel asks for; games far longer than any random play have been seen raise an error),
``offset`` (deal ``i`` plays game seed ``offset + i``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np

try:
    import pyspiel
except ModuleNotFoundError as missing:  # pragma: no cover - depends on the installation
    raise ModuleNotFoundError(
        "treachery.rl.openspiel needs open_spiel (the 'rl' extra): pip install -e '.[rl]'"
    ) from missing

from .. import game_class, games, new_game
from ..agent.text import pending_for, view_text
from ..engine import Game
from .encoders import encoder_for
from .rewards import seat_rewards

DEALS = 1000
MAX_GAME_LENGTH = 5000


def short_name(game_name: str) -> str:
    return f"python_treachery_{game_name}"


def _game_type(game_name: str) -> Any:
    cls = game_class(game_name)
    return pyspiel.GameType(
        short_name=short_name(game_name),
        long_name=f"treachery: {cls.title or game_name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": cls.min_players, "deals": DEALS, "max_game_length": MAX_GAME_LENGTH,
                                 "offset": 0},
    )


class TreacheryGame(pyspiel.Game):  # type: ignore[misc]
    """One treachery game as an OpenSpiel game (made by ``pyspiel.load_game``)."""

    game_name = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        cls = game_class(self.game_name)
        params = dict(params or {})
        self.players = int(params.get("players", cls.min_players))
        self.deals = int(params.get("deals", DEALS))
        self.offset = int(params.get("offset", 0))
        self.max_length = int(params.get("max_game_length", MAX_GAME_LENGTH))
        new_game(self.game_name, players=self.players, seed=self.offset)  # a bad player count fails here
        if self.deals < 1:
            raise ValueError(f"deals must be at least 1, got {self.deals}")
        self.encoder = encoder_for(self.game_name, self.players)
        info = pyspiel.GameInfo(
            num_distinct_actions=cls.action_count(),
            max_chance_outcomes=self.deals,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=self.max_length,
        )
        super().__init__(_game_type(self.game_name), info, params)

    def new_initial_state(self) -> TreacheryState:
        return TreacheryState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> TreacheryObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return TreacheryObserver(self, perfect_recall)


@dataclass(frozen=True)
class _Spec:
    """The loaded game's parameters, kept as plain values by each state."""

    game_name: str
    players: int
    deals: int
    offset: int
    max_length: int


class _Table:
    """Holds the running game so that copying a state (OpenSpiel deep-copies a Python state's fields to clone
    it) uses the engine's cheap ``clone()`` instead of copying every object of the game one by one."""

    __slots__ = ("game",)

    def __init__(self, game: Game | None) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        return _Table(self.game.clone() if self.game is not None else None)


class TreacheryState(pyspiel.State):  # type: ignore[misc]
    """Before the deal: a chance node. After it: the running treachery game."""

    def __init__(self, game: TreacheryGame) -> None:
        super().__init__(game)
        self.spec = _Spec(game.game_name, game.players, game.deals, game.offset, game.max_length)
        self.table = _Table(None)
        self.answers: list[list[int]] = [[] for _ in range(game.players)]  # each seat's own answers
        self.length = 0

    @property
    def game(self) -> Game | None:
        """The running treachery game (None before the deal)."""
        return self.table.game

    @game.setter
    def game(self, game: Game | None) -> None:
        self.table = _Table(game)

    def current_player(self) -> int:
        if self.game is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.game.over:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.game.pending()[0].seat

    def _legal_actions(self, player: int) -> list[int]:
        decision = pending_for(self.game, player) if self.game is not None and not self.game.over else None
        if decision is None or decision.seat != self.current_player():
            return []
        return sorted(decision.ids)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.spec.deals
        return [(deal, p) for deal in range(self.spec.deals)]

    def _apply_action(self, action: int) -> None:
        if self.game is None:
            self.game = new_game(self.spec.game_name, players=self.spec.players, seed=self.spec.offset + int(action))
            return
        seat = self.current_player()
        self.game.act(seat, int(action))
        self.answers[seat].append(int(action))
        self.length += 1
        if self.length > self.spec.max_length:
            raise RuntimeError(f"{self.spec.game_name} ran past max_game_length={self.spec.max_length}: "
                               "load the game with a larger max_game_length")

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action} (seed {self.spec.offset + action})"
        return str(game_class(self.spec.game_name).catalogue[action]["text"])

    def is_terminal(self) -> bool:
        return self.game is not None and self.game.over

    def returns(self) -> list[float]:
        if self.game is None:
            return [0.0] * self.spec.players
        return seat_rewards(self.game.result(), self.spec.players)

    def __str__(self) -> str:
        if self.game is None:
            return "before the deal"
        return json.dumps(self.game.view(None), sort_keys=True)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TreacheryState:
        """A state drawn from what ``player_id`` cannot rule out, for OpenSpiel's ISMCTS: the game's own sampler
        (``Game.determinized``) seeded from ``probability_sampler()``. The seat's information-state string is
        the same in the sample; the other seats' own answers are not known to it, so the sample has none."""
        other = TreacheryState(self.get_game())
        other.length = self.length
        other.answers[player_id] = self.answers[player_id][:]
        if self.game is None:
            return other
        seed = int(float(probability_sampler()) * 2**62)
        try:
            other.game = self.game.determinized(player_id, seed)
        except NotImplementedError:
            raise pyspiel.SpielError(f"{self.spec.game_name} has no sampler (Game.determinized): OpenSpiel's "
                                     "ISMCTS cannot search it") from None
        return other

    def __deepcopy__(self, memo: dict[int, Any]) -> TreacheryState:
        other = TreacheryState(self.get_game())
        other.game = self.game.clone() if self.game is not None else None
        other.answers = [a[:] for a in self.answers]
        other.length = self.length
        return other


class TreacheryObserver:
    """OpenSpiel's PyObserver: strings and tensors from the seat's view alone."""

    def __init__(self, game: TreacheryGame, perfect_recall: bool) -> None:
        self.encoder = game.encoder
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TreacheryState, player: int) -> None:
        if state.game is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.encoder.encode_game(state.game, player)

    def string_from(self, state: TreacheryState, player: int) -> str:
        if state.game is None:
            return f"seat {player}; before the deal"
        if not self.perfect_recall:
            return view_text(state.game, player, log_lines=0)
        decision = pending_for(state.game, player)
        return json.dumps({
            "seat": player,
            "my_answers": state.answers[player],
            "log": state.game.log_for(player),
            "view": state.game.view(player),
            "decision": decision.to_dict() if decision is not None else None,
        }, sort_keys=True)


_REGISTERED: set[str] = set()


def register(game_names: list[str] | None = None) -> list[str]:
    """Registers ``python_treachery_<game>`` with pyspiel for each game (all by default); returns the names."""
    names = []
    for game_name in game_names or games():
        if game_name not in _REGISTERED:
            game_type = _game_type(game_name)
            game_cls = type(f"Treachery_{game_name}", (TreacheryGame,), {"game_name": game_name})
            pyspiel.register_game(game_type, game_cls)
            _REGISTERED.add(game_name)
        names.append(short_name(game_name))
    return names


register()
