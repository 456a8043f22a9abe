"""What a game tells its players in their own words: roles, sides, card texts and why the game ended.

A game declares these in its own package: ``texts.toml`` (who each role is, how each side wins, what you can do)
and, optionally, a ``texts.py`` module with functions that read a running game:

- ``card_texts(game)``: every card and ability of this game's card set, ``[{"name", "kind", "text"}]``;
- ``role_card(game, seat)``: what that seat knows of itself, ``{"title", "side", "goal", "can", ...}``; it may
  take a third argument, ``view``: the seat's whole view when the caller has it built already (the server builds
  one for every frame), so the card need not build another;
- ``end_summary(game)``: ``{"summary": sentence, "roles": {seat: role as revealed at the end}}``;
- ``option_labels(game, decision)``: ``{option_id: label}`` where this decision's moment words an option better than
  its catalogue label (a Restriction names the card it would cancel);
- ``option_parts(game, decision)``: ``{option_id: [part, ...]}`` where a decision's options are combinations (a
  card to Play and one to Keep, a card and its target): each option as its ordered parts, each part
  ``{"group", "value", "label"}`` (the step's name, the value chosen and its player-facing label), so a table can
  offer a picker of parts instead of one button per combination. Every option of such a decision has parts, and
  the parts tell the options apart (no option's parts are the beginning of another's). Built only from the options
  and what the deciding seat knows;
- ``unavailable(game, decision)``: the moves a player might look for in that decision but may not take now, each
  ``{"label", "why"}`` (a card that may only be your 2nd card, a cost not met).

The rules are public knowledge, so the declared texts are too (the server serves them with the game list). A role
card only ever holds what that seat's own view already holds: it is built from the seat's own knowledge.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import tomllib
from importlib import resources
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game


def _package(cls: type) -> str:
    return cls.__module__.rsplit(".", 1)[0]


def declared_texts(cls: type) -> dict[str, Any]:
    """The game's ``texts.toml`` as data (empty when the game declares none)."""
    return _declared(_package(cls))


def texts_module(cls: type) -> ModuleType | None:
    """The game's optional ``texts.py`` module, or None."""
    return _module(_package(cls))


@functools.cache
def _declared(package: str) -> dict[str, Any]:
    try:
        source = resources.files(package).joinpath("texts.toml")
        if not source.is_file():
            return {}
        return tomllib.loads(source.read_text(encoding="utf-8"))
    except (ModuleNotFoundError, TypeError):
        return {}


@functools.cache
def _module(package: str) -> ModuleType | None:
    try:
        return importlib.import_module(package + ".texts")
    except ModuleNotFoundError as missing:
        if missing.name == package + ".texts":
            return None
        raise


def card_texts(game: Game) -> list[dict[str, str]]:
    module = texts_module(type(game))
    if module is None or not hasattr(module, "card_texts"):
        return []
    return list(module.card_texts(game))


def role_card(game: Game, seat: int, view: dict[str, Any] | None = None) -> dict[str, Any] | None:
    module = texts_module(type(game))
    if module is None or not hasattr(module, "role_card"):
        return None
    build = module.role_card
    card: dict[str, Any] | None = (build(game, seat, view) if view is not None and _takes_view(build)
                                   else build(game, seat))
    return card


@functools.cache
def _takes_view(build: Any) -> bool:
    """Whether a game's ``role_card`` takes the seat's view (a third parameter) or builds its own."""
    return len(inspect.signature(build).parameters) >= 3


def option_labels(game: Game, decision: Any) -> dict[int, str]:
    module = texts_module(type(game))
    if module is None or not hasattr(module, "option_labels"):
        return {}
    return dict(module.option_labels(game, decision))


def option_parts(game: Game, decision: Any) -> dict[int, list[dict[str, str]]]:
    module = texts_module(type(game))
    if module is None or not hasattr(module, "option_parts"):
        return {}
    parts = {int(k): [dict(p) for p in v] for k, v in module.option_parts(game, decision).items()}
    if not any(len(p) > 1 for p in parts.values()):
        return {}  # no option is a combination: the decision is a flat list
    return parts


def unavailable(game: Game, decision: Any) -> list[dict[str, str]]:
    module = texts_module(type(game))
    if module is None or not hasattr(module, "unavailable"):
        return []
    return list(module.unavailable(game, decision))


def end_summary(game: Game) -> dict[str, Any]:
    module = texts_module(type(game))
    if module is None or not hasattr(module, "end_summary"):
        return {}
    summary: dict[str, Any] = module.end_summary(game)
    return summary


# ---- helpers the games' texts modules share --------------------------------------------------------------------

def seat_word(seat: int) -> str:
    """A seat as every game's texts name it: P1 for seat 0."""
    return f"P{seat + 1}"


def who_list(seats: list[int]) -> str:
    """``[0, 2, 3]`` -> "P1, P3 and P4"; empty -> "nobody"."""
    words = [seat_word(s) for s in seats]
    if not words:
        return "nobody"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def last_line_about(game: Game, seat: int, words: tuple[str, ...]) -> str | None:
    """The latest line of ``seat``'s own log that names it together with one of ``words``: why its fate changed."""
    label = seat_word(seat)
    for entry in reversed(game.log_for(seat)):
        text = entry["text"]
        if (label + " " in text or label + "'" in text or text.startswith("You ")) and any(w in text for w in words):
            return str(text)
    return None
