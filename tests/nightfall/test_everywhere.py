"""Nightfall plays everywhere without an edit outside its two folders: the commands list it, the terminal shows it
from its view core, the lab simulates it, and its how-to page is written from its declared facts."""

from __future__ import annotations

from typer.testing import CliRunner

import treachery
from treachery.cli import app

runner = CliRunner()


def test_the_commands_play_and_simulate_it() -> None:
    assert "nightfall" in treachery.games()
    done = runner.invoke(app, ["play", "nightfall", "--bots-only", "--players", "5", "--seed", "3"])
    assert done.exit_code == 0, done.output
    assert "was taken in the night" in done.output and "Winners:" in done.output
    done = runner.invoke(app, ["simulate", "nightfall", "-p", "6", "-n", "40", "--seed", "1"])
    assert done.exit_code == 0, done.output
    assert "shade" in done.output and "villager" in done.output
    refused = runner.invoke(app, ["play", "nightfall", "--bots-only", "-o", "reveal_roles=maybe"])
    assert refused.exit_code == 2 and "option 'reveal_roles' must be true or false" in refused.output


def test_a_seat_playing_in_the_terminal_sees_the_generic_board_and_its_secret() -> None:
    done = runner.invoke(app, ["play", "nightfall", "--players", "4", "--seed", "2"], input="\n" * 40)
    assert "Night 1" in done.output and "Only you see this" in done.output and "You are a:" in done.output


def test_its_guide_is_written_from_its_declared_facts() -> None:
    guide = treachery.game_class("nightfall").guide()
    assert guide.startswith("# Nightfall — how to play") and "4–8 players" in guide
    assert "`reveal_roles` | Show a player's role when they are out | on" in guide
