"""Bots: anything that chooses an option from a seat's view and its pending decision."""

from __future__ import annotations

import importlib
import sys

from .. import native as _native

_native.activate(__path__, __name__)  # the mypyc build of the bot protocol's helpers (engine group), if current

from ..engine import Game, game_class  # noqa: E402 (after the build is on the search path)
from .base import Bot  # noqa: E402
from .random_bot import RandomBot  # noqa: E402

__all__ = ["Bot", "RandomBot", "belief_bot_class", "best_bot_class", "bot_for", "bot_kinds", "game_module",
           "has_sampler", "heuristic_bot_class", "lookahead_bot_class"]


def game_module(game_name: str, module: str) -> object | None:
    """The module ``module`` beside the game's rules (``bots``, ``best``, ``beliefs``), if the game ships one."""
    package = game_class(game_name).__module__.rpartition(".")[0]
    module_name = f"{package}.{module}"
    loaded = sys.modules.get(module_name)
    if loaded is not None:  # the import machinery's own lookup costs more than a game's bot seating
        return loaded
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as missing:
        if missing.name in (module_name, package):
            return None
        raise


def heuristic_bot_class(game_name: str) -> type[Bot] | None:
    """The game's own heuristic bot: ``HEURISTIC_BOT`` in the ``bots`` module beside its rules, if it ships one."""
    return getattr(game_module(game_name, "bots"), "HEURISTIC_BOT", None)


def best_bot_class(game_name: str) -> type[Bot] | None:
    """The strongest bot measured for the game (docs/bots.md, Ladder): ``BEST_BOT`` in the ``best`` module beside
    its rules where the game ships one, else its heuristic bot."""
    return getattr(game_module(game_name, "best"), "BEST_BOT", None) or heuristic_bot_class(game_name)


def belief_bot_class(game_name: str) -> type[Bot] | None:
    """The game's belief bot (``BELIEF_BOT`` in its ``best`` module: the heuristic with its social moves read from
    a belief over who is who, ``treachery.bots.beliefs``), where it ships one. It answers in milliseconds, so batch
    commands seat it where ``best`` is a search."""
    return getattr(game_module(game_name, "best"), "BELIEF_BOT", None)


def lookahead_bot_class(game_name: str) -> type[Bot] | None:
    """The game's flat-search bot (``LOOKAHEAD_BOT`` in its ``best`` module: the heuristic checked by a search over
    sampled worlds, ``treachery.search.flat``), where it ships one."""
    return getattr(game_module(game_name, "best"), "LOOKAHEAD_BOT", None)


def has_sampler(game_name: str) -> bool:
    """Whether the game overrides ``Game.determinized``, which search bots plan over."""
    return game_class(game_name).determinized is not Game.determinized


def bot_kinds(game_name: str) -> list[str]:
    """The bot kinds ``bot_for`` makes for this game: random, heuristic and best where the game ships a
    heuristic bot, belief and lookahead where it ships those, and ismcts where it has a sampler (``ismcts:N`` for
    exactly N iterations per decision)."""
    kinds = ["random"]
    if heuristic_bot_class(game_name) is not None:
        kinds += ["heuristic", "best"]
    if belief_bot_class(game_name) is not None:
        kinds.append("belief")
    if lookahead_bot_class(game_name) is not None:
        kinds.append("lookahead")
    if has_sampler(game_name):
        kinds.append("ismcts")
    return kinds


def bot_for(game_name: str, kind: str, seed: int) -> Bot:
    """A bot by kind: ``random`` for any game, ``heuristic`` and ``best`` where the game ships a heuristic bot,
    ``belief`` and ``lookahead`` where it ships those, ``ismcts`` (the default
    budget) or ``ismcts:N`` (N iterations per decision) where the game has a sampler."""
    if kind == "random":
        return RandomBot(seed)
    heuristic = heuristic_bot_class(game_name)
    if kind == "heuristic" and heuristic is not None:
        return heuristic(seed)  # type: ignore[call-arg]
    best = best_bot_class(game_name) if kind == "best" else None
    if best is not None:
        return best(seed)  # type: ignore[call-arg]
    belief = belief_bot_class(game_name) if kind == "belief" else None
    if belief is not None:
        return belief(seed)  # type: ignore[call-arg]
    lookahead = lookahead_bot_class(game_name) if kind == "lookahead" else None
    if lookahead is not None:
        return lookahead(seed)  # type: ignore[call-arg]
    name, _, budget = kind.partition(":")
    if name == "ismcts" and has_sampler(game_name):
        from ..search.bot import guided_bot

        if not budget:
            return guided_bot(seed, heuristic)
        if budget.isdigit() and int(budget) >= 1:
            return guided_bot(seed, heuristic, int(budget))
        raise ValueError(f"bad ISMCTS budget in {kind!r}: write ismcts:N with N a whole number of iterations >= 1")
    raise ValueError(f"no {kind!r} bot for {game_name}; bots: {', '.join(bot_kinds(game_name))}")
