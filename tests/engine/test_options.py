"""Options declared on the game class: checked once by the engine, with one message naming the key and what is
allowed, for every registered game."""

from __future__ import annotations

import pytest

import treachery
from treachery import GameConfigError
from treachery.engine import GameOption
from treachery.engine.options import check_declarations, check_options, dev_only

GAMES = treachery.games()

LEVEL = GameOption("level", "int", 0, "How hard", minimum=0, maximum=5, on_value=2)
SWITCH = GameOption("switch", "bool", False, "A switch")
MODE = GameOption("mode", "choice", "short", "Length", choices=("short", "long"))
PATH = GameOption("cards", "path", None, "A card file", setter="dev")
DECLARED = (SWITCH, LEVEL, MODE, PATH)


def test_values_are_read_as_the_game_reads_them_in_declared_order() -> None:
    given = {"cards": "x.toml", "mode": "long", "level": "on", "switch": "off"}
    checked = check_options("demo", DECLARED, given)
    assert checked == {"switch": False, "level": 2, "mode": "long", "cards": "x.toml"}
    assert list(checked) == ["switch", "level", "mode", "cards"]  # a replayed record is the same bytes
    assert check_options("demo", DECLARED, {"level": "4", "switch": 1}) == {"switch": True, "level": 4}
    assert check_options("demo", DECLARED, {}) == {}


@pytest.mark.parametrize(("given", "message"), [
    ({"nope": 1}, r"unknown option\(s\) \['nope'\] for demo; allowed: switch, level, mode, cards"),
    ({"switch": "maybe"}, r"option 'switch' must be true or false, got 'maybe'"),
    ({"switch": 2.5}, r"option 'switch' must be true or false"),
    ({"level": 9}, r"option 'level' must be a whole number from 0 to 5, or on \(2\) / off \(0\), got 9"),
    ({"level": 1.0}, r"option 'level' must be a whole number"),
    ({"mode": "medium"}, r"option 'mode' must be one of short, long, got 'medium'"),
    ({"cards": 3}, r"option 'cards' must be a file path, got 3"),
])
def test_bad_options_are_refused_with_one_message(given: dict[str, object], message: str) -> None:
    with pytest.raises(GameConfigError, match=message):
        check_options("demo", DECLARED, given)


def test_a_game_with_wrong_declarations_is_refused_when_registered() -> None:
    for wrong in ((SWITCH, SWITCH), (GameOption("n", "int", 0, "No range"),),
                  (GameOption("c", "choice", "a", "No choices"),), (GameOption("b", "bool", "x", "Bad default"),),
                  (GameOption("bad key", "bool", False, "Label"),)):
        with pytest.raises(ValueError):
            check_declarations("demo", wrong)


def test_dev_only_names_the_options_a_host_may_not_set() -> None:
    assert dev_only(DECLARED, {"cards": "x", "switch": True}) == ["cards"]
    assert dev_only(DECLARED, {"switch": True}) == []


@pytest.mark.parametrize("name", GAMES)
def test_every_game_declares_valid_options_and_new_game_checks_them(name: str) -> None:
    cls = treachery.game_class(name)
    players = cls.min_players
    for option in cls.declared_options:
        assert option.label and option.to_dict()["key"] == option.key
        game = treachery.new_game(name, players=players, seed=1, options={option.key: option.default})
        assert game.option(option.key) == option.default
    keys = ", ".join(o.key for o in cls.declared_options) or "none"
    with pytest.raises(GameConfigError, match=f"for {name}; allowed: {keys}"):
        treachery.new_game(name, players=players, options={"no_such_option": 1})
    for option in cls.declared_options:
        if option.type != "path":
            with pytest.raises(GameConfigError, match=f"option '{option.key}' must be"):
                treachery.new_game(name, players=players, options={option.key: [1]})


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_a_guide_page(name: str) -> None:
    guide = treachery.game_class(name).guide()
    assert guide.startswith("# ") and "how to play" in guide.splitlines()[0].lower()
