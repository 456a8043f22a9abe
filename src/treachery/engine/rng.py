"""The game's own seeded random source: SplitMix64 kept as one plain integer.

A single int is trivially cloned, pickled and serialised, so a state that owns its RNG stays plain
data and every shuffle replays from the seed. Ranges use the multiply-shift map of a 64-bit draw,
whose bias (at most n / 2**64) is far below anything a game could show.

Compiled (treachery.native), the state is a native 64-bit field holding the signed number with the
state's bits, and a draw is a few machine instructions: the arithmetic wraps as the C compiler's 64-bit
arithmetic does (Python's extensions are built with -fwrapv), and a shuffle divides its wide number a
group of digits at a time so that most of its arithmetic stays in machine words. As Python, the state is
the unsigned number and the same steps run on unbounded ints masked to 64 bits, which is what the
interpreter does fastest. Both builds give the same stream (tests/engine/test_rng.py pins it to
SplitMix64's published values and to the plain definitions of ``below`` and ``shuffle``); a state passed
to ``Rng()`` is read by its low 64 bits, so either form seeds the same stream.
"""

from __future__ import annotations

import hashlib
import math
import types
from typing import Final

from mypy_extensions import i64

# Final: compiled, each is a constant in the code instead of a module lookup per use
_MASK: Final = (1 << 64) - 1
_TWO64: Final = 1 << 64
_GOLDEN: Final = 0x9E3779B97F4A7C15
_M1: Final = 0xBF58476D1CE4E5B9
_M2: Final = 0x94D049BB133111EB
# The same three constants as signed 64-bit numbers for the native steps, each given as h with 2 * h + 1 = it.
# Compiled, a number beyond 62 bits is a Python object converted to a machine word at every use (a hundred
# instructions each, three a draw); a smaller one is a constant in the C code. (_draw reads the halves into local
# variables first: mypyc folds an expression of Final numbers into one number, the large one again.)
_GOLDEN_HALF: Final[i64] = (0x9E3779B97F4A7C15 - (1 << 64)) // 2
_M1_HALF: Final[i64] = (0xBF58476D1CE4E5B9 - (1 << 64)) // 2
_M2_HALF: Final[i64] = (0x94D049BB133111EB - (1 << 64)) // 2
_SMALL: Final = 1 << 62  # compiled, a smaller int is a machine word, a larger one a Python object


def _words_for(n: int) -> int:
    """64-bit words needed for a shuffle of n items with a bias below 2**-64."""
    return (math.factorial(n).bit_length() + 64 + 63) // 64


def _radix_groups(n: int, limit: int = _SMALL) -> list[tuple[int, int]]:
    """A shuffle of n items reads its swaps as the digits of one wide number in the factorial number system
    (radix n, then n - 1, ... 2). Read a group of consecutive digits at a time, ``(product of their radices,
    how many)``, each product below ``limit``: one division of the wide number per group, the digits then taken
    out of the small remainder."""
    groups: list[tuple[int, int]] = []
    radix = n
    while radix > 1:
        product, count = radix, 1
        while radix - count > 1 and product * (radix - count) < limit:
            product *= radix - count
            count += 1
        groups.append((product, count))
        radix -= count
    return groups


_WORDS: Final = [_words_for(n) if n > 1 else 0 for n in range(128)]  # (tables for decks of up to 127 cards)
_GROUPS: Final = [_radix_groups(n) for n in range(128)]
# Decks of up to 34 cards take at most three draws (192 bits): compiled, their wide number is kept as six 32-bit
# limbs in machine words and divided by groups of radices below 2**31, so no step makes a Python int.
_LIMBS_UP_TO: Final = 34
_GROUPS31: Final = [_radix_groups(n, 1 << 31) for n in range(_LIMBS_UP_TO + 1)]
_COMPILED: Final = not isinstance(_words_for, types.FunctionType)  # mypyc makes functions built-in ones


def _signed(value: int) -> int:
    """The signed 64-bit number with the same low 64 bits as ``value``."""
    value &= _MASK
    return value - _TWO64 if value >> 63 else value


class Rng:
    __slots__ = ("state",)

    state: i64

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an integer, got {seed!r}")
        self.state = _signed(seed) if _COMPILED else seed & _MASK

    @classmethod
    def derived(cls, seed: int, purpose: str) -> Rng:
        """A second stream for ``purpose``, seeded through a one-way hash so it reveals nothing of ``seed``."""
        digest = hashlib.blake2b(f"{purpose}:{seed}".encode(), digest_size=8).digest()
        return Rng(int.from_bytes(digest, "little"))  # (not cls(...): compiled, a call through the type object)

    def _draw(self) -> i64:
        """Compiled only: the next draw as a signed 64-bit number (its bits are SplitMix64's output)."""
        golden: i64 = _GOLDEN_HALF
        m1: i64 = _M1_HALF
        m2: i64 = _M2_HALF
        z: i64 = self.state + (golden * 2 + 1)
        self.state = z
        z = (z ^ ((z >> 30) & 0x3FFFFFFFF)) * (m1 * 2 + 1)  # (a masked arithmetic shift: a logical one)
        z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * (m2 * 2 + 1)
        return z ^ ((z >> 31) & 0x1FFFFFFFF)

    def next64(self) -> int:
        if _COMPILED:
            z = self._draw()
            return int(z) + _TWO64 if z < 0 else int(z)
        state: int = self.state  # (an int here: compiled, this branch is never taken)
        self.state = z2 = (state + _GOLDEN) & _MASK
        z2 = ((z2 ^ (z2 >> 30)) * _M1) & _MASK
        z2 = ((z2 ^ (z2 >> 27)) * _M2) & _MASK
        return z2 ^ (z2 >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if _COMPILED:
            if n < 0x80000000:
                # (draw * n) >> 64 on the draw's two 32-bit halves; no partial sum reaches 2**63
                z = self._draw()
                m: i64 = n
                return int((((z >> 32) & 0xFFFFFFFF) * m + (((z & 0xFFFFFFFF) * m) >> 32)) >> 32)
            return (self.next64() * n) >> 64
        state: int = self.state  # (next64's steps again: as Python, a call costs more than they do)
        self.state = z2 = (state + _GOLDEN) & _MASK
        z2 = ((z2 ^ (z2 >> 30)) * _M1) & _MASK
        z2 = ((z2 ^ (z2 >> 27)) * _M2) & _MASK
        return ((z2 ^ (z2 >> 31)) * n) >> 64

    def choice(self, items: list):  # type: ignore[no-untyped-def]
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place.

        Shuffles sit on the simulation's hot path, so one wide random number (64 spare bits beyond
        log2(n!)) is drawn once and read off digit by digit in the factorial number system: compiled,
        a group of digits per division of the wide number (``_radix_groups``); as Python, a division
        per digit (the interpreter divides a big number about as fast as a small one).
        """
        n = len(items)
        if n < 2:
            return
        if _COMPILED and n <= _LIMBS_UP_TO:
            self._shuffle_in_limbs(items, n)
            return
        small = n < len(_WORDS)
        words = _WORDS[n] if small else _words_for(n)
        wide = 0
        for _ in range(words):
            wide = (wide << 64) | self.next64()
        if not _COMPILED:
            for i in range(n - 1, 0, -1):
                wide, j = divmod(wide, i + 1)
                items[i], items[j] = items[j], items[i]
            return
        i = n - 1
        for product, count in _GROUPS[n] if small else _radix_groups(n):
            low = wide % product
            wide //= product
            for _ in range(count):
                radix = i + 1
                j = low % radix
                low //= radix
                items[i], items[j] = items[j], items[i]
                i -= 1

    def _shuffle_in_limbs(self, items: list, n: int) -> None:  # type: ignore[type-arg]
        """Compiled only: ``shuffle`` for n <= 34, the same wide number (two or three draws, the first the most
        significant) as six 32-bit limbs, divided limb by limb (a remainder below 2**31 shifted by 32 bits stays
        below 2**63)."""
        l0: i64 = 0
        l1: i64 = 0
        l2: i64 = 0
        l3: i64 = 0
        if _WORDS[n] == 3:
            z = self._draw()
            l0, l1 = (z >> 32) & 0xFFFFFFFF, z & 0xFFFFFFFF
            z = self._draw()
            l2, l3 = (z >> 32) & 0xFFFFFFFF, z & 0xFFFFFFFF
        else:  # two draws (n <= 20: 20! needs 62 bits)
            z = self._draw()
            l2, l3 = (z >> 32) & 0xFFFFFFFF, z & 0xFFFFFFFF
        z = self._draw()
        l4: i64 = (z >> 32) & 0xFFFFFFFF
        l5: i64 = z & 0xFFFFFFFF
        i: i64 = n - 1  # (a machine word, as the digits' loop counter below: an untyped ``_`` is boxed each turn)
        for product, count in _GROUPS31[n]:
            d: i64 = product
            c: i64 = l0
            l0, r = c // d, c % d
            c = (r << 32) | l1
            l1, r = c // d, c % d
            c = (r << 32) | l2
            l2, r = c // d, c % d
            c = (r << 32) | l3
            l3, r = c // d, c % d
            c = (r << 32) | l4
            l4, r = c // d, c % d
            c = (r << 32) | l5
            l5, low = c // d, c % d
            for _digit in range(count):
                radix: i64 = i + 1
                j = low % radix
                low //= radix
                items[i], items[j] = items[j], items[i]
                i -= 1

    def __reduce__(self) -> tuple[type[Rng], tuple[int]]:
        return (Rng, (int(self.state),))  # pickles the same compiled (where the class has no __dict__) and as Python

    def copy(self) -> Rng:
        return Rng(int(self.state))  # (compiled, the class cannot be made without __init__)
