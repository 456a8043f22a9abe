"""--set / --sweep / --cards: keys checked and named, values typed and bounded, the game's own checks run, and
the changed numbers reach the game (in this process and in workers)."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import treachery
from treachery.sim.overrides import build_settings, default_card_file, read_cards, to_toml
from treachery.sim.runner import Job, run_batch
from treachery.sim.seating import BotPlan
from treachery.sim.setting import Setting, card_file_for


@pytest.mark.parametrize("game", ["eat", "guest", "killer", "menace"])
def test_card_data_written_back_loads_as_the_same_cards(game: str) -> None:
    text, data = read_cards(default_card_file(game))
    again = to_toml(data)
    assert tomllib.loads(again) == data
    default = treachery.new_game(game, treachery.engine.game_class(game).min_players, 5)
    rebuilt = treachery.new_game(game, default.players, 5, options={"card_file": str(card_file_for(again))})
    assert rebuilt.cards == default.cards  # type: ignore[attr-defined]
    assert rebuilt.view(0) == default.view(0)


@pytest.mark.parametrize(("sets", "says"), [
    (["nothing.here=1"], "--set nothing.here: unknown key 'nothing' in the card data; keys: ability, agenda, bda, "
                         "character, emma, wound; or start.NAME for a start value"),
    (["bda.raise-morale.colour=1"], "unknown key 'colour' in bda.raise-morale"),
    (["bda.no-such-card.count=1"], "bda has no entry 'no-such-card'; entries: raise-morale, "),
    (["bda.raise-morale.count=lots"], "--set bda.raise-morale.count: must be a whole number, got 'lots'"),
    (["bda.raise-morale.count=-3"], "--set bda.raise-morale.count: -3 is out of range 0..100"),
    (["bda.raise-morale.count=101"], "out of range 0..100"),
    (["bda.raise-morale=4"], "names a table, not a number"),
    (["bda.raise-morale.category=Great"], "--set bda.raise-morale.category: card file: [[bda]] 'raise-morale' "
                                          "field 'category' must be one of Good, Neutral, Bad"),
    (["start.oxygen=x"], "--set start.oxygen: must be a whole number"),
    (["start.fuel=3"], "--set start.fuel: "),
    (["count"], "--set takes key=value, got 'count'"),
])
def test_bad_overrides_name_the_field(sets: list[str], says: str) -> None:
    with pytest.raises(ValueError) as error:
        build_settings("menace", sets, [], None, None, [5])
    assert says in str(error.value)


def test_bad_sweeps_are_refused() -> None:
    with pytest.raises(ValueError, match="two or more values"):
        build_settings("eat", [], ["start.target=20"], None, None, [5])
    with pytest.raises(ValueError, match="both give start.target"):
        build_settings("eat", ["start.target=3"], ["start.target=20,30"], None, None, [5])


def test_a_sweep_is_a_grid_of_settings_each_tagged() -> None:
    settings = build_settings("eat", ["start.sanity=6"], ["start.target=20,30", "survivor.F01.count=2,4"], None,
                              None, [5])
    assert [s.label for s in settings] == [
        "start.target=20, survivor.F01.count=2", "start.target=20, survivor.F01.count=4",
        "start.target=30, survivor.F01.count=2", "start.target=30, survivor.F01.count=4"]
    game = treachery.new_game("eat", 5, 1, settings[3].game_options(), settings[3].game_setup())
    assert game.target == 30 and game.sanity == 6  # type: ignore[attr-defined]
    assert game.cards.survivor[0].count == 4  # type: ignore[attr-defined]


def test_user_card_file_is_checked_with_errors_naming_the_field(tmp_path: Path) -> None:
    text, _ = read_cards(default_card_file("menace"))
    bad = tmp_path / "mine.toml"
    bad.write_text(text.replace("oxygen_cost = 1", "oxygen_cost = \"one\"", 1))
    with pytest.raises(ValueError, match=r"--cards .*mine.toml: .*'advanced-repair' field 'oxygen_cost' must be a "
                                         r"whole number"):
        build_settings("menace", [], [], bad, None, [5])
    with pytest.raises(ValueError, match="is not a TOML card file"):
        (tmp_path / "junk.toml").write_text("[[bda]\n")
        build_settings("menace", [], [], tmp_path / "junk.toml", None, [5])
    with pytest.raises(ValueError, match="cannot read"):
        build_settings("menace", [], [], tmp_path / "missing.toml", None, [5])


def _rows(settings: list[Setting], workers: int, games: int = 24) -> list[dict]:  # type: ignore[type-arg]
    job = Job("menace", (5,), games, 11, BotPlan("heuristic"), tuple(settings))
    return run_batch(job, workers, chunk_size=5).rows


def test_a_changed_number_changes_the_games_the_same_way_in_every_worker() -> None:
    default = build_settings("menace", [], [], None, None, [5])
    fewer = build_settings("menace", ["bda.raise-morale.oxygen_effect=0"], [], None, None, [5])
    assert fewer[0].card_text is not None and "card_file" in fewer[0].game_options()
    plain, changed = _rows(default, 1), _rows(fewer, 1)
    assert changed == _rows(fewer, 2)  # the card data travelled to the worker processes as text
    assert [r["seed"] for r in plain] == [r["seed"] for r in changed]  # the same deals...
    assert [r["reason"] for r in plain] != [r["reason"] for r in changed]  # ...played out differently
    # Raise Morale no longer adds Oxygen (M-D2): the Menace's Oxygen win comes at least as often.
    menace_wins = [sum("menace" in r["winning_sides"] for r in rows) for rows in (plain, changed)]
    assert menace_wins[1] >= menace_wins[0]


def test_a_start_value_reaches_the_game() -> None:
    low, high = build_settings("menace", [], ["start.oxygen=1,15"], None, None, [5])
    short, long = _rows([low], 1), _rows([high], 1)
    assert sum(r["rounds"] for r in short) < sum(r["rounds"] for r in long)


def test_the_same_cards_from_a_file_or_from_set_play_the_same_games(tmp_path: Path) -> None:
    text, data = read_cards(default_card_file("menace"))
    data["bda"][0]["oxygen_effect"] = 3
    mine = tmp_path / "mine.toml"
    mine.write_text(to_toml(data))
    from_file = build_settings("menace", [], [], mine, None, [5])
    from_set = build_settings("menace", ["bda.raise-morale.oxygen_effect=3"], [], None, None, [5])
    assert from_file[0].card_source == "mine.toml"
    games = [[{k: v for k, v in r.items() if k != "setting"} for r in _rows(s, 1, 12)] for s in (from_file, from_set)]
    assert games[0] == games[1]
    assert from_set[0].label == "bda.raise-morale.oxygen_effect=3" and from_file[0].label == "default"
