"""A batch or a search holds the cyclic collector back while it runs and leaves its thresholds as they were."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator

import pytest

from treachery.engine.collector import HELD_THRESHOLD, collector_held_back
from treachery.search import Budget, search
from treachery.sim import BotPlan, Job, run_batch


@pytest.fixture
def thresholds() -> Iterator[tuple[int, int, int]]:
    before = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    try:
        yield gc.get_threshold()
    finally:
        gc.set_threshold(*before)


def test_the_threshold_is_raised_within_and_restored_after(thresholds: tuple[int, int, int]) -> None:
    with collector_held_back():
        assert gc.get_threshold() == (HELD_THRESHOLD, 10, 10)
        with collector_held_back():  # nested: no change, and the outer block's value after
            assert gc.get_threshold() == (HELD_THRESHOLD, 10, 10)
        assert gc.get_threshold() == (HELD_THRESHOLD, 10, 10)
    assert gc.get_threshold() == thresholds


def test_the_threshold_is_restored_when_the_block_raises(thresholds: tuple[int, int, int]) -> None:
    with pytest.raises(ZeroDivisionError), collector_held_back():
        _ = 1 / 0
    assert gc.get_threshold() == thresholds


def test_a_collector_switched_off_or_already_higher_is_left_alone(thresholds: tuple[int, int, int]) -> None:
    gc.set_threshold(0, 10, 10)
    with collector_held_back():
        assert gc.get_threshold() == (0, 10, 10)
    gc.set_threshold(HELD_THRESHOLD * 2, 10, 10)
    with collector_held_back():
        assert gc.get_threshold() == (HELD_THRESHOLD * 2, 10, 10)
    assert gc.get_threshold() == (HELD_THRESHOLD * 2, 10, 10)


def test_a_batch_and_a_search_hold_it_back_and_restore_it(thresholds: tuple[int, int, int],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[int, int, int]] = []
    from treachery.sim import runner

    real_play_game = runner.play_game

    def recording_play_game(*args: object, **kwargs: object) -> object:
        seen.append(gc.get_threshold())
        return real_play_game(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(runner, "play_game", recording_play_game)
    result = run_batch(Job("killer", (4,), 2, 3, BotPlan("heuristic")), 1)
    assert len(result.rows) == 2
    assert seen == [(HELD_THRESHOLD, 10, 10)] * 2
    assert gc.get_threshold() == thresholds

    import treachery

    game = treachery.new_game("killer", players=4, seed=3)
    decision = game.pending()[0]
    inside: list[tuple[int, int, int]] = []

    def samples(seed: int) -> object:
        inside.append(gc.get_threshold())
        return game.determinized(decision.seat, seed)

    found = search(decision.seat, decision, samples, Budget(3), random.Random(1))  # type: ignore[arg-type]
    assert found.iterations == 3 and inside == [(HELD_THRESHOLD, 10, 10)] * 3
    assert gc.get_threshold() == thresholds
