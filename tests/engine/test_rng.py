"""The engine's seeded random source: reproducible, plain data, uniform enough for games."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest

from treachery.engine import Rng


def test_same_seed_same_stream_and_copies_are_independent() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = a.copy()
    assert a.below(1000) == c.below(1000)
    a.next64()
    assert pickle.loads(pickle.dumps(c)).state == c.state != a.state


def test_shuffle_is_a_permutation_and_every_order_turns_up_evenly() -> None:
    counts: Counter[tuple[int, ...]] = Counter()
    for seed in range(24_000):
        items = [0, 1, 2, 3]
        Rng(seed).shuffle(items)
        counts[tuple(items)] += 1
    assert len(counts) == 24
    assert all(800 < n < 1200 for n in counts.values())  # 1000 expected each; 6 sigma is about 190
    long = list(range(40))
    Rng(3).shuffle(long)
    assert sorted(long) == list(range(40)) and long != list(range(40))


def test_below_covers_its_range_evenly() -> None:
    rng = Rng(9)
    counts = Counter(rng.below(6) for _ in range(60_000))
    assert set(counts) == set(range(6)) and all(9_400 < n < 10_600 for n in counts.values())
    with pytest.raises(ValueError):
        rng.below(0)


def test_a_derived_stream_is_reproducible_and_unlike_its_parent() -> None:
    assert Rng.derived(7, "timeouts").state == Rng.derived(7, "timeouts").state
    assert Rng.derived(7, "timeouts").state != Rng.derived(7, "other").state
    assert Rng.derived(7, "timeouts").state != Rng(7).state


def test_seeds_must_be_integers() -> None:
    with pytest.raises(TypeError):
        Rng("7")  # type: ignore[arg-type]
