"""Game options declared on the game class: what a table may choose, checked once by the engine for every game.

A game lists its options as ``declared_options``; ``new_game`` checks what it is given against them (an unknown
key, a wrong type or an out-of-range value is refused with one message naming the key and what is allowed), and
every shared layer (the server's ``/api/games``, the home page's form, the command line) reads the same list.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from .errors import GameConfigError

OptionType = Literal["bool", "int", "choice", "path"]
# Who may set an option: any host, or only a server started with --dev (an option that reads the server's own
# disk, like a user's card file, is not for strangers).
Setter = Literal["host", "dev"]
_TRUE = frozenset(("true", "on"))
_FALSE = frozenset(("false", "off"))


@dataclass(frozen=True)
class GameOption:
    """One option a table may set: its key, type, default, allowed values and the label people read."""

    key: str
    type: OptionType
    default: Any
    label: str
    minimum: int | None = None  # int: the smallest value allowed
    maximum: int | None = None  # int: the largest value allowed
    choices: tuple[str, ...] = ()  # choice: the values allowed
    setter: Setter = "host"
    on_value: int | None = None  # int: also a switch, "on" meaning this value and "off" meaning 0

    def allowed(self) -> str:
        """What the option accepts, in words (used in every refusal)."""
        if self.type == "bool":
            return "true or false"
        if self.type == "int":
            switch = f", or on ({self.on_value}) / off (0)" if self.on_value is not None else ""
            return f"a whole number from {self.minimum} to {self.maximum}{switch}"
        if self.type == "choice":
            return "one of " + ", ".join(self.choices)
        return "a file path"

    def describe_default(self) -> str:
        if self.type == "bool":
            return "on" if self.default else "off"
        return "none" if self.default is None else str(self.default)

    def coerce(self, value: Any) -> Any:
        """The value as the game reads it, or GameConfigError naming the key and what is allowed."""
        word = value.strip().lower() if isinstance(value, str) else None
        if self.type == "bool":
            if isinstance(value, bool):
                return value
            if type(value) is int and value in (0, 1):
                return bool(value)
            if word in _TRUE or word in _FALSE:
                return word in _TRUE
        elif self.type == "int":
            if self.on_value is not None and (isinstance(value, bool) or word in ("on", "off", "true", "false")):
                value = self.on_value if value is True or word in ("on", "true") else 0
            elif word is not None and word.isdigit():
                value = int(word)
            if type(value) is int and self.minimum is not None and self.maximum is not None \
                    and self.minimum <= value <= self.maximum:
                return value
        elif self.type == "choice":
            if isinstance(value, str) and value in self.choices:
                return value
        elif value is None or isinstance(value, str) and value:
            return value
        raise GameConfigError(f"option {self.key!r} must be {self.allowed()}, got {value!r}")

    def to_dict(self) -> dict[str, Any]:
        """The declaration as JSON, for clients that build a form from it."""
        entry: dict[str, Any] = {"key": self.key, "type": self.type, "default": self.default, "label": self.label,
                                 "setter": self.setter}
        if self.type == "int":
            entry.update(minimum=self.minimum, maximum=self.maximum, on_value=self.on_value)
        if self.type == "choice":
            entry["choices"] = list(self.choices)
        return entry


def check_declarations(game: str, declared: tuple[GameOption, ...]) -> None:
    """Refuses a game whose declared options are themselves wrong: run once, when the game is registered."""
    keys = [o.key for o in declared]
    if len(set(keys)) != len(keys):
        raise ValueError(f"{game}: option keys must be unique, got {keys}")
    for option in declared:
        if not option.key.isidentifier() or not option.label:
            raise ValueError(f"{game}: option {option.key!r} needs an identifier key and a label")
        if option.type == "int" and (option.minimum is None or option.maximum is None):
            raise ValueError(f"{game}: int option {option.key!r} needs a minimum and a maximum")
        if option.type == "choice" and not option.choices:
            raise ValueError(f"{game}: choice option {option.key!r} needs its choices")
        try:
            option.coerce(option.default)
        except GameConfigError as error:
            raise ValueError(f"{game}: the default of option {option.key!r} is not allowed: {error}") from None


def check_options(game: str, declared: tuple[GameOption, ...], given: dict[str, Any]) -> dict[str, Any]:
    """The options as the game reads them: the given keys, checked and in declared order (so a game replayed from
    its JSON record is the same bytes). Anything unknown or ill-typed is refused, naming what is allowed."""
    known = {o.key: o for o in declared}
    unknown = sorted(set(given) - set(known))
    if unknown:
        allowed = ", ".join(known) or "none (this game has no options)"
        raise GameConfigError(f"unknown option(s) {unknown} for {game}; allowed: {allowed}")
    return {key: option.coerce(given[key]) for key, option in known.items() if key in given}


def dev_only(declared: tuple[GameOption, ...], given: dict[str, Any]) -> list[str]:
    """The given keys that only a server started with --dev accepts."""
    return [o.key for o in declared if o.setter == "dev" and o.key in given]


# A user's own card file (DESIGN: card content is data): a path on the machine that runs the game, so only a
# server started with --dev accepts it from a host. Games that load card files declare this option.
CARD_FILE = GameOption("card_file", "path", None, "Your own card file (TOML, laid out like the shipped one)",
                       setter="dev")
