"""The bots' shared picking loops choose what their definition says: the highest score, ties broken by the highest
of a draw made for every option in turn."""

from __future__ import annotations

import random
from collections.abc import Callable

from treachery.bots.base import best_option, best_scored
from treachery.engine import Option


def _options(count: int) -> tuple[Option, ...]:
    return tuple({"id": index, "text": f"option {index}"} for index in range(count))  # type: ignore[misc]


def _scored_by(scores: list[float]) -> Callable[[Option], float]:
    return lambda option: scores[option["id"]]


def test_best_option_is_the_max_over_score_then_draw_and_best_scored_picks_the_same() -> None:
    for seed in range(300):
        maker = random.Random(seed)
        options = _options(maker.randint(1, 30))
        scores = [float(maker.randint(0, 3)) for _ in options]  # few values: many ties
        draws = random.Random(seed)
        by_definition = max(zip(scores, (draws.random() for _ in options), options, strict=True),
                            key=lambda entry: (entry[0], entry[1]))[2]
        of = _scored_by(scores)
        assert best_option(options, of, random.Random(seed)) is by_definition
        assert best_scored(options, scores, random.Random(seed)) is by_definition
        after_option, after_scored = random.Random(seed), random.Random(seed)  # and both take one draw per option
        best_option(options, of, after_option)
        best_scored(options, scores, after_scored)
        assert after_option.random() == after_scored.random() == draws.random()
