"""The ``treachery`` command, run for real through Typer's CliRunner."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import treachery
from treachery.cli import app
from treachery.sim.bench import DEFAULT_YARDSTICK

runner = CliRunner()


def flat(text: str) -> str:
    """Output with Rich's line wrapping undone."""
    return " ".join(text.split())


def test_no_arguments_shows_help() -> None:
    result = runner.invoke(app, [])
    assert result.exit_code == 0
    for command in ("play", "replay", "simulate", "bench"):
        assert command in result.output


def test_simulate_prints_a_table_and_json_the_same_for_any_worker_count(tmp_path: Path) -> None:
    outputs = []
    for workers in (1, 2):
        out = tmp_path / f"w{workers}.json"
        result = runner.invoke(app, ["simulate", "killer", "--players", "4-5", "--games", "100", "--seed", "3",
                                     "--workers", str(workers), "--bots", "random", "--json", str(out)])
        assert result.exit_code == 0, result.output
        assert "crew win" in result.output and "Wilson" in result.output
        outputs.append(json.loads(out.read_text()))
    assert outputs[0] == outputs[1]
    results = outputs[0]["results"]
    assert set(results) == {"4", "5"} and results["4"]["games"] == 100
    crew = results["5"]["sides"]["crew"]
    low, high = crew["win_ci95"]
    assert low <= crew["win_rate"] <= high


def test_simulate_single_player_count() -> None:
    result = runner.invoke(app, ["simulate", "--players", "7", "--games", "20", "--workers", "1", "--bots", "random"])
    assert result.exit_code == 0, result.output
    assert "20 games per player count" in result.output


def test_bots_only_prints_the_whole_game() -> None:
    result = runner.invoke(app, ["play", "--bots-only", "--seed", "5", "--bots", "random"])
    assert result.exit_code == 0, result.output
    game = treachery.new_game("killer", players=5, seed=5)
    assert "Round 1 begins." in result.output and "Winners:" in result.output and "Reason:" in result.output
    assert "You are dealt" not in result.output  # the public log only
    assert game.title in result.output


def test_record_then_replay(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    played = runner.invoke(app, ["play", "--bots-only", "--players", "6", "--seed", "21", "--bots", "random",
                                 "--record", str(record)])
    assert played.exit_code == 0, played.output
    data = json.loads(record.read_text())
    assert data["game"] == "killer" and data["players"] == 6 and data["seed"] == 21 and data["actions"]
    replayed = runner.invoke(app, ["replay", str(record)])
    assert replayed.exit_code == 0, replayed.output
    last_public = treachery.replay_record(data).log_for(None)[-2]["text"]  # "Game over (...)"
    assert last_public.split(":")[0] in replayed.output
    as_p2 = runner.invoke(app, ["replay", str(record), "--seat", "1", "--rules"])
    assert as_p2.exit_code == 0 and "You are dealt" in as_p2.output and "K-T1" in as_p2.output


def test_play_with_typed_choices_until_the_game_ends(tmp_path: Path) -> None:
    record = tmp_path / "mine.json"
    typed = "x\n99\n\n" + "2\n1\n" * 200  # bad input is asked again; Enter takes the default
    result = runner.invoke(app, ["play", "killer", "--players", "4", "--seat", "1", "--seed", "8", "--bots",
                                 "random", "--record", str(record)], input=typed)
    assert result.exit_code == 0, result.output
    assert "'x' is not a choice" in result.output and "'99' is not a choice" in result.output
    assert "Your hand" in result.output and "Hunting Row" in result.output and "Choose 1-" in result.output
    assert "Game over" in result.output and ("You won!" in result.output or "You lost." in result.output)
    game = treachery.replay_record(json.loads(record.read_text()))
    assert game.over


def test_play_defaults_alone_work_and_q_quits_cleanly() -> None:
    result = runner.invoke(app, ["play"], input="q\n")
    assert result.exit_code == 0, result.output
    assert "you are P1" in result.output and "You left the game" in result.output


def test_play_stops_with_an_error_when_input_ends() -> None:
    result = runner.invoke(app, ["play", "--seed", "2", "--bots", "random"], input="")
    assert result.exit_code == 1
    assert "input ended" in result.output


def test_quitting_still_writes_a_replayable_record(tmp_path: Path) -> None:
    record = tmp_path / "partial.json"
    result = runner.invoke(app, ["play", "--seed", "4", "--bots", "random", "--record", str(record)],
                           input="1\nq\n")
    assert result.exit_code == 0, result.output
    game = treachery.replay_record(json.loads(record.read_text()))
    assert not game.over
    replayed = runner.invoke(app, ["replay", str(record)])
    assert replayed.exit_code == 0 and "unfinished" in replayed.output


def _bad_files(tmp_path: Path) -> dict[str, Path]:
    files = {"not_json": "{nope", "not_record": "[1, 2]", "lacks": '{"game": "killer"}',
             "illegal": '{"game": "killer", "players": 5, "seed": 1, "actions": [[0, 999]]}',
             "unknown_game": '{"game": "chess", "players": 2, "seed": 1, "actions": []}'}
    paths = {}
    for name, text in files.items():
        paths[name] = tmp_path / f"{name}.json"
        paths[name].write_text(text)
    return paths


ERRORS = [
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "--players", "2"], "killer takes 3 to 10 players"),
    (["play", "--players", "11"], "killer takes 3 to 10 players"),
    (["play", "--players", "abc"], "--players"),
    (["play", "--seat", "5"], "--seat must be 0 to 4"),
    (["play", "--bots", "genius"], "no 'genius' bot"),
    (["play", "--frobnicate"], "No such option"),
    (["simulate", "chess"], "unknown game"),
    (["simulate", "--players", "2-5"], "out of range"),
    (["simulate", "--players", "6-4"], "backwards"),
    (["simulate", "--players", "lots"], "N or A-B"),
    (["simulate", "--games", "0"], "at least 1"),
    (["simulate", "--workers", "0"], "at least 1"),
    (["simulate", "--bots", "genius"], "no 'genius' bot"),
    (["bench", "--seconds", "0"], "--seconds must be positive"),
    (["bench", "--players", "1-2"], "out of range"),
    (["replay", "missing.json"], "cannot read"),
    (["replay", "not_json"], "is not JSON"),
    (["replay", "not_record"], "is not a game record"),
    (["replay", "lacks"], "lacks 'players'"),
    (["replay", "illegal"], "outside killer's catalogue"),
    (["replay", "unknown_game"], "unknown game 'chess'"),
    (["replay", "lacks_seat"], "--seat must be 0 to 4"),
    (["dance"], "No such command"),
]


@pytest.mark.parametrize(("args", "says"), ERRORS, ids=[" ".join(a) for a, _ in ERRORS])
def test_errors_exit_non_zero_with_one_line(args: list[str], says: str, tmp_path: Path) -> None:
    paths = _bad_files(tmp_path)
    if args[0] == "replay":
        if args[1] == "lacks_seat":
            good = tmp_path / "good.json"
            good.write_text(json.dumps(treachery.new_game("killer", players=5, seed=1).record()))
            args = ["replay", str(good), "--seat", "5"]
        else:
            args = ["replay", str(paths.get(args[1], tmp_path / args[1]))]
    result = runner.invoke(app, args)
    assert result.exit_code != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("error: ") and says in lines[0]
    assert "Traceback" not in result.output


def test_bench_without_a_yardstick_notes_the_skipped_ratios(tmp_path: Path) -> None:
    result = runner.invoke(app, ["bench", "--seconds", "0.2", "--players", "3", "--engine", "this",
                                 "--yardstick", str(tmp_path / "none.py")])
    assert result.exit_code == 0, result.output
    assert "act dec/s" in result.output and "ratios skipped" in flat(result.output)


@pytest.mark.skipif(not DEFAULT_YARDSTICK.is_file(), reason="shared yardstick not present")
def test_bench_with_the_yardstick_prints_ratios(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    result = runner.invoke(app, ["bench", "--seconds", "0.1", "--players", "5", "--engine", "this", "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "yardstick steps/s" in result.output and "÷ yard" in result.output
    assert json.loads(out.read_text())["yardstick_steps_per_s"] > 0


def test_game_options_pass_through_and_bad_ones_are_one_line_errors(tmp_path: Path) -> None:
    from treachery.games.killer.cards import DEFAULT_FILE

    cards = tmp_path / "cards.toml"
    cards.write_text(DEFAULT_FILE.read_text().replace('name = "Gas Leak"', 'name = "Kitchen Fire"'))
    record = tmp_path / "game.json"
    done = runner.invoke(app, ["play", "killer", "--bots-only", "--players", "3", "--seed", "4",
                               "--option", f"card_file={cards}", "--record", str(record)])
    assert done.exit_code == 0, done.output
    assert json.loads(record.read_text())["options"] == {"card_file": str(cards)}
    for command in (["play", "killer", "--bots-only", "-o", "colour=7"],
                    ["simulate", "killer", "-p", "4", "-n", "5", "-o", "colour=7"],
                    ["play", "killer", "--bots-only", "-o", "no-equals-sign"]):
        failed = runner.invoke(app, command)
        assert failed.exit_code != 0
        assert failed.output.strip().count("\n") == 0 and ("colour" in failed.output or "key=value" in failed.output)
    for command in (["simulate", "menace", "-p", "4", "-n", "2", "-o", "advanced=maybe"],
                    ["play", "eat", "--bots-only", "-o", "dwindling_resources=9"]):  # checked against the declaration
        failed = runner.invoke(app, command)
        assert failed.exit_code == 2 and failed.output.strip().startswith("error: --option: option '")
        assert failed.output.strip().count("\n") == 0 and "must be" in failed.output


def test_simulate_marks_a_side_not_dealt_at_a_player_count_instead_of_a_zero_rate() -> None:
    """The Coward is dealt only at 7 and 8 players (M-S20): at 6 its columns say "—", at 7 they hold a rate."""
    result = runner.invoke(app, ["simulate", "menace", "--players", "6-7", "--games", "20", "--workers", "1",
                                 "--bots", "random"], terminal_width=250)
    assert result.exit_code == 0, result.output
    rows: dict[str, str] = {}
    for line in result.output.splitlines():  # the first table's rows: players, games, then a rate per side
        if line.strip()[:1] in ("6", "7"):
            rows.setdefault(line.split()[0], line)
    assert "—" in rows["6"] and "—" not in rows["7"]


def test_seats_are_named_as_each_games_own_texts_name_them() -> None:
    """Every game's texts say P1 for seat 0 (Menace too: M-S2 keeps seats 0-based in data only)."""
    menace = runner.invoke(app, ["play", "menace", "--bots-only", "--seed", "7", "--bots", "belief"])
    assert menace.exit_code == 0
    winners = next(line for line in menace.output.splitlines() if line.startswith("Winners:"))
    assert winners.startswith("Winners: P") and "seat " not in winners
    killer = runner.invoke(app, ["play", "killer", "--bots-only", "--seed", "7"])
    winners = next(line for line in killer.output.splitlines() if line.startswith("Winners:"))
    assert winners.startswith("Winners: P") and "seat " not in winners
