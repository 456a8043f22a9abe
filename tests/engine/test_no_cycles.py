"""Bot games and searches leave no cyclic garbage: what they make is freed by reference counting as it goes.

Cyclic garbage waits for the cyclic collector, which a batch of games holds back (engine/collector.py): by then
it has left the processor's caches, and walking it cost a third of a large Killer batch's wall time while the
bots' nested functions and the search tree's parent links made cycles (bench/README.md, eighth round). Compiled,
a function's nested functions share one environment object that holds any of them another calls, a cycle the
Python path makes only for a nested function that calls itself, so this matters most on the compiled build (the whole
suite runs on it in CI).
"""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

import treachery
from treachery.bots import heuristic_bot_class
from treachery.search import Budget, search
from treachery.search.ismcts import bot_policy, bot_rollout
from treachery.sim import play_game

from ..play_digest import shipped_games

TABLES = {"killer": 5, "guest": 6, "menace": 5, "eat": 5}


@contextmanager
def _collector_off() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _unreachable_after(work: Callable[[], object]) -> int:
    """How many objects only the cyclic collector could free once ``work`` (run once before, for any lazily built
    tables) has run again."""
    work()
    with _collector_off():
        work()
        return gc.collect()


def _position(name: str) -> treachery.Game:
    game = treachery.new_game(name, players=TABLES.get(name, 5), seed=3)
    rng = random.Random(3)
    for _ in range(12):  # a few decisions in, so samples have a history to replay
        decision = game.pending()[0]
        game.act_fast(decision.seat, decision.ids[rng.randrange(len(decision.ids))])
    return game


@pytest.mark.parametrize("name", shipped_games())
def test_heuristic_bot_games_leave_no_cycles(name: str) -> None:
    players = TABLES.get(name, 5)
    assert _unreachable_after(lambda: [play_game(name, players, seed, "heuristic") for seed in range(4)]) == 0


@pytest.mark.parametrize("name", shipped_games())
@pytest.mark.parametrize("guided", [False, True], ids=["plain", "guided"])
def test_searches_leave_no_cycles(name: str, guided: bool) -> None:
    game = _position(name)
    heuristic = heuristic_bot_class(name)
    assert heuristic is not None
    policy = bot_policy(heuristic)
    extra = {"rollout": bot_rollout(heuristic), "others": policy, "guide": policy, "margin": 1.5} if guided else {}

    def run() -> None:
        decision = game.pending()[0]
        search(decision.seat, decision, game.sampler(decision.seat), Budget(30), random.Random(0), **extra)

    assert _unreachable_after(run) == 0
