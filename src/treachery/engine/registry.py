"""Which games exist, how to start one, and how to replay a record."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .errors import GameConfigError
from .game import TIMEOUT, Game
from .options import check_declarations, check_options

_GAMES: dict[str, type[Game]] = {}
_LOADERS: dict[str, Callable[[], object]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: validates a game's declared facts once and makes it playable by name."""
    if not cls.name or cls.name in _GAMES:
        raise ValueError(f"game name {cls.name!r} is missing or taken")
    if not 1 <= cls.min_players <= cls.max_players:
        raise ValueError(f"{cls.name}: bad player range {cls.min_players}..{cls.max_players}")
    for index, option in enumerate(cls.catalogue):
        if option["id"] != index:
            raise ValueError(f"{cls.name}: catalogue entry {index} has id {option['id']}")
    texts = [o["text"] for o in cls.catalogue]
    if len(set(texts)) != len(texts):
        raise ValueError(f"{cls.name}: option texts must be unique")
    check_declarations(cls.name, cls.declared_options)
    _GAMES[cls.name] = cls
    return cls


def add_loader(name: str, loader: Callable[[], object]) -> None:
    """Registers a game lazily: ``loader`` imports the game's package on first use."""
    _LOADERS[name] = loader


def is_known(name: str) -> bool:
    """Whether ``name`` is registered or has a loader (loaded or not)."""
    return name in _GAMES or name in _LOADERS


def games() -> list[str]:
    return sorted(set(_GAMES) | set(_LOADERS))


def game_class(name: Any) -> type[Game]:
    if not isinstance(name, str) or name not in _GAMES and name not in _LOADERS:
        raise GameConfigError(f"unknown game {name!r}; known games: {', '.join(games())}")
    if name not in _GAMES:
        _LOADERS[name]()
    return _GAMES[name]


def new_game(
    name: str,
    players: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    setup: dict[str, Any] | None = None,
) -> Game:
    if type(name) is str and type(players) is int and type(seed) is int and options is None and setup is None:
        # The usual call (a simulation's, a bench's): the same checks, answered by the types alone.
        cls = _GAMES.get(name) or game_class(name)
        if cls.min_players <= players <= cls.max_players:
            return cls(players, seed, {}, None)  # type: ignore[call-arg]
    cls = game_class(name)
    if not isinstance(players, int) or isinstance(players, bool) or not cls.min_players <= players <= cls.max_players:
        raise GameConfigError(
            f"{name} takes {cls.min_players} to {cls.max_players} players, got {players!r}"
        )
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise GameConfigError(f"seed must be an integer, got {seed!r}")
    if options is not None and not isinstance(options, dict):
        raise GameConfigError(f"options must be a mapping, got {type(options).__name__}")
    if setup is not None and not isinstance(setup, dict):
        raise GameConfigError(f"setup must be a mapping, got {type(setup).__name__}")
    checked = check_options(name, cls.declared_options, options or {})
    return cls(players, seed, checked, setup)  # type: ignore[call-arg]


def replay(
    name: str,
    players: int,
    seed: int,
    options: dict[str, Any] | None,
    setup: dict[str, Any] | None,
    actions: Iterable[Any],
) -> Game:
    """Rebuilds a game from its record: the same game, bit for bit.

    Each action is ``[seat, option_id]``, or ``[seat, option_id, "timeout"]`` for a default a timeout gave.
    """
    game = new_game(name, players, seed, options, setup)
    for step, action in enumerate(actions):
        if not isinstance(action, (list, tuple)) or len(action) not in (2, 3) or (
                len(action) == 3 and action[2] != TIMEOUT):
            raise GameConfigError(f"action {step} must be [seat, option_id] or [seat, option_id, \"timeout\"], "
                                  f"got {action!r}")
        if len(action) == 3:
            pending = game.pending_for(action[0]) if isinstance(action[0], int) else []
            if not pending or pending[0].default_id != action[1]:
                raise GameConfigError(f"action {step}: {action[1]!r} is not the timeout default of seat {action[0]}")
            game.timeout(action[0])
        else:
            game.act(action[0], action[1])
    return game


def replay_record(record: dict[str, Any]) -> Game:
    """``replay`` from a record dict as written by ``Game.record()``."""
    try:
        return replay(
            record["game"], record["players"], record["seed"], record.get("options"), record.get("setup"),
            record["actions"],
        )
    except KeyError as missing:
        raise GameConfigError(f"game record lacks {missing}") from None
