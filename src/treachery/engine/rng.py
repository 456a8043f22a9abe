"""The game's own seeded random source: SplitMix64 kept as one plain integer.

A single int is trivially cloned, pickled and serialised, so a state that owns its RNG stays plain
data and every shuffle replays from the seed. Ranges use the multiply-shift map of a 64-bit draw,
whose bias (at most n / 2**64) is far below anything a game could show.
"""

from __future__ import annotations

import hashlib
import math

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_M1 = 0xBF58476D1CE4E5B9
_M2 = 0x94D049BB133111EB


def _words_for(n: int) -> int:
    """64-bit words needed for a shuffle of n items with a bias below 2**-64."""
    return (math.factorial(n).bit_length() + 64 + 63) // 64


_WORDS = [_words_for(n) if n > 1 else 0 for n in range(64)]


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an integer, got {seed!r}")
        self.state = seed & _MASK

    @classmethod
    def derived(cls, seed: int, purpose: str) -> Rng:
        """A second stream for ``purpose``, seeded through a one-way hash so it reveals nothing of ``seed``."""
        digest = hashlib.blake2b(f"{purpose}:{seed}".encode(), digest_size=8).digest()
        return cls(int.from_bytes(digest, "little"))

    def next64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def choice(self, items: list):  # type: ignore[no-untyped-def]
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place.

        Shuffles sit on the simulation's hot path, so one wide random number (64 spare bits beyond
        log2(n!)) is drawn once and read off digit by digit in the factorial number system.
        """
        n = len(items)
        if n < 2:
            return
        words = _WORDS[n] if n < len(_WORDS) else _words_for(n)
        wide = 0
        for _ in range(words):
            wide = (wide << 64) | self.next64()
        for i in range(n - 1, 0, -1):
            wide, j = divmod(wide, i + 1)
            items[i], items[j] = items[j], items[i]

    def __reduce__(self) -> tuple[type[Rng], tuple[int]]:
        return (Rng, (self.state,))  # pickles the same compiled (where the class has no __dict__) and as Python

    def copy(self) -> Rng:
        return Rng(self.state)  # (the state is already 64-bit; compiled, the class cannot be made without __init__)
