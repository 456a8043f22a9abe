"""The engine's seeded random source: reproducible, plain data, uniform enough for games."""

from __future__ import annotations

import math
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


def test_the_stream_is_splitmix64() -> None:
    """SplitMix64's published first outputs for seed 1234567 (the build in use: compiled or Python)."""
    rng = Rng(1234567)
    assert [rng.next64() for _ in range(5)] == [6457827717110365317, 3203168211198807973, 9817491932198370423,
                                                4593380528125082431, 16408922859458223821]
    assert Rng(-1).next64() == Rng((1 << 64) - 1).next64()  # a seed counts by its low 64 bits


def _reference_shuffle(draws: Rng, n: int) -> list[int]:
    """Fisher-Yates read off one wide number a digit per division: what ``shuffle`` does a group at a time."""
    words = (math.factorial(n).bit_length() + 127) // 64
    wide = 0
    for _ in range(words):
        wide = (wide << 64) | draws.next64()
    items = list(range(n))
    for i in range(n - 1, 0, -1):
        wide, j = divmod(wide, i + 1)
        items[i], items[j] = items[j], items[i]
    return items


@pytest.mark.parametrize("seed", [0, 1, 7, 2**63 - 1, 2**63, 2**64 - 1, 987654321987654321])
def test_below_and_shuffle_are_the_plain_definitions(seed: int) -> None:
    """``below`` is (draw * n) >> 64 and ``shuffle`` the reference above, for bounds and sizes either side of
    the compiled build's fast paths (2**31; 20, 34 and 64 items)."""
    rng, twin = Rng(seed), Rng(seed)
    for n in (1, 2, 3, 6, 1000, 2**31 - 1, 2**31, 2**40, 10**30):
        assert rng.below(n) == (twin.next64() * n) >> 64
    for n in range(2, 71):
        items = list(range(n))
        rng.shuffle(items)
        assert items == _reference_shuffle(twin, n)
    assert rng.state == twin.state and Rng(rng.state).next64() == twin.next64()
