"""Designed numbers changed for a batch: ``--set key=value``, ``--sweep key=v1,v2`` and ``--cards FILE``.

A key names a number in the game's card data by its path, entries of a ``[[table]]`` by their code, key or
effect (``survivor.F01.count``, ``bda.raise-morale.count``, ``emma.panic``, ``rules.suspicion_value``), or a
start value the game's ``setup`` accepts (``start.target``, ``start.oxygen``). Every problem is a ValueError
naming the key; the game's own card checks then run on the changed data before any game is played.
"""

from __future__ import annotations

import copy
import inspect
import itertools
import json
import sys
import tomllib
from pathlib import Path
from typing import Any

from .. import new_game
from ..engine import GameConfigError, game_class
from .setting import Setting, card_file_for

ENTRY_NAMES = ("code", "key", "effect")  # how a [[table]] entry is named in the games' card files
COUNT_RANGE = (0, 100)  # card counts
NUMBER_RANGE = (-100, 100)  # other designed numbers (track changes may be negative)
START_RANGE = (-100, 500)  # start values: the game's setup checks them further


def default_card_file(game_name: str) -> Path:
    """The card file that ships in the game's package (found from the package, not the rules module: a compiled
    rules module lives in the build, away from the data files)."""
    package = sys.modules[game_class(game_name).__module__.rpartition(".")[0]]
    return Path(inspect.getfile(package)).with_name("cards.toml")


def read_cards(path: Path) -> tuple[str, dict[str, Any]]:
    try:
        text = path.read_text(encoding="utf-8")
        return text, tomllib.loads(text)
    except OSError as error:
        raise ValueError(f"--cards: cannot read {path}: {error.strerror}") from None
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ValueError(f"--cards: {path} is not a TOML card file: {error}") from None


def _entry_name(entry: Any) -> str | None:
    if isinstance(entry, dict):
        for name in ENTRY_NAMES:
            if isinstance(entry.get(name), str):
                return str(entry[name])
    return None


def _leaf(data: dict[str, Any], key: str) -> tuple[Any, str | int]:
    """The container holding ``key``'s value and its index there; ValueError naming what exists instead."""
    node: Any = data
    container: Any = data
    index: Any = None
    parts = key.split(".")
    for depth, part in enumerate(parts):
        here = ".".join(parts[:depth]) or "the card data"
        if isinstance(node, dict):
            if part not in node:
                also = "; or start.NAME for a start value" if depth == 0 else ""
                raise ValueError(f"--set {key}: unknown key {part!r} in {here}; keys: {', '.join(sorted(node))}{also}")
            container, index = node, part
        elif isinstance(node, list) and all(_entry_name(e) for e in node):
            names = [str(_entry_name(e)) for e in node]
            found = [i for i, n in enumerate(names) if n.lower() == part.lower()]
            if not found:
                raise ValueError(f"--set {key}: {here} has no entry {part!r}; entries: {', '.join(names)}")
            container, index = node, found[0]
        else:
            raise ValueError(f"--set {key}: {here} holds no named numbers")
        node = container[index]
    if isinstance(node, (dict, list)):
        raise ValueError(f"--set {key}: names a table, not a number; name one of its fields")
    return container, index


def _typed(key: str, raw: str, like: Any, low: int, high: int) -> Any:
    """``raw`` as the type of ``like`` (the value it replaces), checked against ``low``..``high`` if a number."""
    text = raw.strip()
    if isinstance(like, bool):
        if text.lower() not in ("true", "false"):
            raise ValueError(f"--set {key}: must be true or false, got {raw!r}")
        return text.lower() == "true"
    if isinstance(like, (int, float)):
        try:
            value: int | float = int(text) if isinstance(like, int) else float(text)
        except ValueError:
            kind = "a whole number" if isinstance(like, int) else "a number"
            raise ValueError(f"--set {key}: must be {kind}, got {raw!r}") from None
        if not low <= value <= high:
            raise ValueError(f"--set {key}: {value} is out of range {low}..{high}")
        return value
    return raw


def _split(pair: str, flag: str) -> tuple[str, str]:
    key, sep, value = pair.partition("=")
    if not sep or not key.strip() or not value.strip():
        raise ValueError(f"{flag} takes key=value, got {pair!r}")
    return key.strip(), value.strip()


def apply_override(data: dict[str, Any], start: dict[str, Any], key: str, raw: str) -> Any:
    """Sets ``key`` in the card data (or, for ``start.*``, in the start values); returns the typed value."""
    if key.startswith("start."):
        name = key[len("start."):]
        if not name or "." in name:
            raise ValueError(f"--set {key}: a start value is start.NAME, like start.target")
        start[name] = _typed(key, raw, 0, *START_RANGE)
        return start[name]
    container, index = _leaf(data, key)
    counts = "count" in key.rsplit(".", 1)[-1] or (isinstance(container, dict) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in container.values()) and len(container) > 1)
    low, high = COUNT_RANGE if counts else NUMBER_RANGE
    container[index] = _typed(key, raw, container[index], low, high)
    return container[index]


def to_toml(data: dict[str, Any]) -> str:
    """Card data back to TOML: top-level values, then [tables], then [[arrays of tables]]; nested tables inline."""

    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return repr(v)
        if isinstance(v, str):
            return json.dumps(v, ensure_ascii=False)
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{" + ", ".join(f"{json.dumps(k)} = {value(x)}" for k, x in v.items()) + "}"
        raise TypeError(f"cannot write {type(v).__name__} as TOML")

    def body(table: dict[str, Any]) -> list[str]:
        return [f"{json.dumps(k)} = {value(v)}" for k, v in table.items()]

    tables = {k: v for k, v in data.items() if isinstance(v, dict)}
    arrays = {k: v for k, v in data.items() if isinstance(v, list) and v and all(isinstance(e, dict) for e in v)}
    lines = body({k: v for k, v in data.items() if k not in tables and k not in arrays})
    for name, table in tables.items():
        lines += ["", f"[{json.dumps(name)}]", *body(table)]
    for name, entries in arrays.items():
        for entry in entries:
            lines += ["", f"[[{json.dumps(name)}]]", *body(entry)]
    return "\n".join(lines) + "\n"


def parse_sweeps(sweeps: list[str]) -> list[tuple[str, list[str]]]:
    out: list[tuple[str, list[str]]] = []
    for pair in sweeps:
        key, values = _split(pair, "--sweep")
        items = [v.strip() for v in values.split(",")]
        if any(not v for v in items) or len(items) < 2:
            raise ValueError(f"--sweep {key}: give two or more values, like {key}=1,2,3")
        if key in (k for k, _ in out):
            raise ValueError(f"--sweep {key} is given twice")
        out.append((key, items))
    return out


def build_settings(game_name: str, sets: list[str] | None = None, sweeps: list[str] | None = None,
                   cards: Path | None = None, options: dict[str, Any] | None = None,
                   player_counts: list[int] | None = None) -> list[Setting]:
    """The settings of a batch: one, or one per point of the ``--sweep`` grid; each checked by starting a game
    at every player count asked for (the game's own card and setup checks), so nothing runs on bad data."""
    if cards is not None:
        base_text, base = read_cards(cards)
    elif default_card_file(game_name).is_file():
        base_text, base = read_cards(default_card_file(game_name))
    else:  # a game without a card file: start values and options still apply, card overrides find nothing
        base_text, base = "", {}
    fixed = [_split(pair, "--set") for pair in sets or []]
    grid = parse_sweeps(sweeps or [])
    fixed_keys = [k for k, _ in fixed]
    for key, _ in grid:
        if key in fixed_keys:
            raise ValueError(f"--set and --sweep both give {key}")
    source = cards.name if cards is not None else "default"
    settings = []
    for point in itertools.product(*(values for _, values in grid)) if grid else [()]:
        data, start = copy.deepcopy(base), dict[str, Any]()
        pairs: list[tuple[str, Any]] = []
        for key, raw in [*fixed, *zip((k for k, _ in grid), point, strict=True)]:
            pairs.append((key, apply_override(data, start, key, raw)))
        changed_cards = any(not key.startswith("start.") for key, _ in pairs)
        text = to_toml(data) if changed_cards else (base_text if cards is not None else None)
        tagged = pairs[len(fixed):] if grid else pairs  # a sweep's points differ only in the swept keys
        label = ", ".join(f"{k}={v}" for k, v in tagged) or "default"
        setting = Setting(label, tuple(pairs), dict(options or {}), start, text, source)
        _check(game_name, setting, player_counts or [game_class(game_name).min_players], cards)
        settings.append(setting)
    return settings


def _check(game_name: str, setting: Setting, player_counts: list[int], cards: Path | None) -> None:
    """Starts a game per player count; the game's complaint comes back naming the user's file or the --set."""
    for players in player_counts:
        try:
            new_game(game_name, players, 0, setting.game_options(), setting.game_setup())
        except GameConfigError as error:
            message = str(error)
            if setting.card_text is not None:
                message = message.replace(str(card_file_for(setting.card_text)), str(cards or "cards.toml"))
            given = ", ".join(key for key, _ in setting.overrides)
            message = f"--set {given}: {message}" if given else f"--cards {cards}: {message}" if cards else message
            raise ValueError(message) from None
