"""The samplers' multiset steps give what ``Counter``'s own methods give."""

from __future__ import annotations

import random
from collections import Counter

from treachery.engine.multiset import sorted_elements, subtract, subtract_counts


def test_the_steps_match_counters_own_methods() -> None:
    rng = random.Random(7)
    for _ in range(300):
        pool = Counter({rng.randrange(40): rng.randint(-2, 4) for _ in range(rng.randint(0, 12))})
        assert sorted_elements(pool) == sorted(pool.elements()) == sorted((+pool).elements())
        cards = [rng.randrange(45) for _ in range(rng.randint(0, 8))]
        mine, theirs = Counter(pool), Counter(pool)
        subtract(mine, cards)
        theirs.subtract(cards)
        assert mine == theirs and dict(mine) == dict(theirs)  # zero and negative counts kept alike
        counts = Counter({rng.randrange(45): rng.randint(0, 3) for _ in range(rng.randint(0, 6))})
        subtract_counts(mine, counts)
        theirs.subtract(counts)
        assert dict(mine) == dict(theirs)
