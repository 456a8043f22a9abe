"""The samplers' multiset steps on plain dicts give what ``Counter``'s own operators and methods give."""

from __future__ import annotations

import random
from collections import Counter

from treachery.engine.multiset import (
    add_into,
    added,
    counted,
    has_positive,
    positive,
    sorted_elements,
    subtract,
    subtract_counts,
    total,
)


def _pools(rng: random.Random) -> Counter[int]:
    return Counter({rng.randrange(40): rng.randint(-2, 4) for _ in range(rng.randint(0, 12))})


def test_the_steps_match_counters_own_methods() -> None:
    rng = random.Random(7)
    for _ in range(300):
        pool = _pools(rng)
        assert sorted_elements(pool) == sorted(pool.elements()) == sorted((+pool).elements())
        assert sorted_elements(dict(pool)) == sorted(pool.elements())
        cards = [rng.randrange(45) for _ in range(rng.randint(0, 8))]
        mine, theirs = dict(pool), Counter(pool)
        subtract(mine, cards)
        theirs.subtract(cards)
        assert mine == dict(theirs)  # zero and negative counts kept alike
        counts = Counter({rng.randrange(45): rng.randint(0, 3) for _ in range(rng.randint(0, 6))})
        subtract_counts(mine, counts)
        theirs.subtract(counts)
        assert mine == dict(theirs)


def test_the_operators_match_counters_own() -> None:
    rng = random.Random(11)
    for _ in range(300):
        first, second = _pools(rng), _pools(rng)
        cards = [rng.randrange(12) for _ in range(rng.randint(0, 15))]
        assert list(counted(cards).items()) == list(Counter(cards).items())  # same counts, same order
        assert list(positive(first).items()) == list((+first).items())
        assert has_positive(first) == bool(+first)
        assert total(first) == sum((+first).values())
        assert list(added(first, second).items()) == list((first + second).items())
        mine, theirs = dict(first), Counter(first)
        add_into(mine, second)
        theirs += second
        assert list(mine.items()) == list(theirs.items())  # and the cards not above zero dropped alike
