"""`treachery play` asks a long list of combinations (Eat's Play/Keep of a big hand, the Menace's discussion) one
part at a time: a short numbered list per step, ``b`` goes back, Enter at the first step takes the default; the
game still receives one option."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from rich.console import Console

import treachery
from treachery.bots.random_bot import RandomBot
from treachery.terminal import PICK_OVER, Quit, play_in_terminal, read_parts


def _big_select() -> tuple[treachery.Game, Any]:
    for seed in range(40):
        game = treachery.new_game("eat", players=6, seed=seed)
        rng = random.Random(seed)
        while not game.over:
            for decision in game.pending():
                if decision.kind == "select" and len(decision.options) > PICK_OVER:
                    return game, decision
            decision = rng.choice(game.pending())
            game.act(decision.seat, rng.choice(decision.options))
    raise AssertionError("no Play/Keep choice of five cards in 40 games")


def _typed(*answers: str) -> Any:
    it: Iterator[str] = iter(answers)
    return lambda _prompt: next(it)


def test_W_X3_a_big_play_keep_choice_is_two_short_lists_with_back() -> None:
    game, decision = _big_select()
    parts = game.option_parts(decision)
    console = Console(width=120, record=True, color_system=None)
    option = read_parts(console, decision, parts, _typed("x", "2", "b", "1", "99", "3"))
    shown = console.export_text()
    assert "'x' is not a choice" in shown and "'99' is not a choice" in shown and "So far: Play" in shown
    plays = list(dict.fromkeys(parts[o["id"]][0]["value"] for o in decision.options))
    keeps = list(dict.fromkeys(parts[o["id"]][1]["value"] for o in decision.options
                               if parts[o["id"]][0]["value"] == plays[0]))
    assert [p["value"] for p in parts[option["id"]]] == [plays[0], keeps[2]]
    assert shown.count("Choose 1-") == 6  # one prompt per answer typed
    assert read_parts(console, decision, parts, _typed("")) == decision.default
    try:
        read_parts(console, decision, parts, _typed("1", "q"))
    except Quit:
        pass
    else:
        raise AssertionError("q did not quit")


def test_a_whole_eat_game_in_the_terminal_with_parts() -> None:
    for seed in range(6):
        game = treachery.new_game("eat", players=6, seed=seed)
        console = Console(width=140, record=True, color_system=None)
        bots = [RandomBot(seed + s) for s in range(6)]
        play_in_terminal(console, game, 0, bots, read=lambda _prompt: "1")  # the first part of every step
        assert game.over
        if "So far: Play" in console.export_text():
            return
    raise AssertionError("six games without a Play/Keep choice big enough for parts")
